"""contacts operations (being written)."""
