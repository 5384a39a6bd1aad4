"""todo operations (being written)."""
