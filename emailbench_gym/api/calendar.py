"""calendar operations (being written)."""
