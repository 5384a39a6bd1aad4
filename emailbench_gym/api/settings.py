"""settings operations (being written)."""
