"""boards operations (being written)."""
