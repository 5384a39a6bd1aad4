"""The families, one module per group of related kinds of work (importing registers them)."""

from emailbench_gym.families.catalog import (  # noqa: F401
    boards,
    calendar_read,
    calendar_triage,
    calendar_write,
    contacts,
    folders,
    meeting_prep,
    messages_read,
    messages_write,
    orchestration,
    rules,
    settings,
    todo,
)
