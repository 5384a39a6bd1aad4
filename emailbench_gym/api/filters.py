"""filters operations (being written)."""
