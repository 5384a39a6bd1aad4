"""The two evaluation utilities: not tools for agents, but how graders and harnesses see state."""

from __future__ import annotations

from emailbench_gym.api.models import APISnapshot
from emailbench_gym.api.registry import operation
from emailbench_gym.mailbox import Mailbox


@operation("evaluation", "evaluation")
def snapshot(mb: Mailbox) -> APISnapshot:
    """Return every collection of the workspace as typed models."""
    return mb.snapshot().model()


@operation("evaluation", "evaluation")
def reset(mb: Mailbox) -> None:
    """Restore the pristine corpus and restart created-id counters at 5001."""
    mb.reset()
