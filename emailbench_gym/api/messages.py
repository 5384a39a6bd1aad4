"""messages operations (being written)."""
