"""identity operations (being written)."""
