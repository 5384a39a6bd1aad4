"""What a task family is: a parameterised kind of task, registered under a stable id.

A family is a function that, given a `TaskBuilder` over one world and seed, phrases the
user's request, computes the reference solution through the API on that world, and
states the requirements and the checks that cover them (families/builder.py). It
raises `NotApplicable` when the world lacks what the task needs (no unread mail from
anyone, no clash): the caller tries another seed or world. Families live in
`families/catalog/`, one module per group of related families.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from emailbench_gym.scenarios import CATEGORIES, DOMAINS

if TYPE_CHECKING:
    from emailbench_gym.families.builder import TaskBuilder

#: Bump when every family's output changes (it seeds every task's draws); when one family's
#: output changes, bump that family's `version` instead (task manifests pin hashes and record
#: both, so only that family's tasks need verifying and choosing again).
FAMILIES_VERSION = "1"

#: The kinds of work of the 206 scenarios; every one has families (tests check it).
WORK_KINDS: tuple[str, ...] = (
    "triage",
    "folder routing",
    "sender statistics",
    "message lookup",
    "meeting prep",
    "scheduling around conflicts",
    "rsvp tidying",
    "calendar lookup",
    "calendar changes",
    "rules",
    "settings",
    "contacts",
    "to-dos",
    "boards",
    "outgoing mail",
    "multi-step orchestration",
)


class NotApplicable(Exception):
    """The world has nothing this family can ask about for this seed (try another)."""


@dataclass(frozen=True)
class Family:
    """One parameterised kind of task, with the labels every task it makes carries."""

    id: str
    category: str
    difficulty: str
    domains: tuple[str, ...]
    work: str
    build: Callable[[TaskBuilder], None]
    module: str
    version: int = 1

    @property
    def group(self) -> str:
        """The catalog module it lives in (`messages_read`, `boards`, ...)."""
        return self.module.rsplit(".", 1)[-1]


FAMILIES: dict[str, Family] = {}


def family(
    category: str, difficulty: str, domains: list[str], work: str, version: int = 1
) -> Callable[[Callable[[TaskBuilder], None]], Callable[[TaskBuilder], None]]:
    """Register the decorated builder as a family named after it (`unread_from` -> `unread-from`).

    `version` goes up whenever the family's tasks change for the same world and seed."""
    if category not in CATEGORIES:
        raise ValueError(f"unknown category {category!r}")
    if difficulty not in ("D1", "D2", "D3"):
        raise ValueError(f"unknown difficulty {difficulty!r}")
    unknown = sorted(set(domains) - set(DOMAINS))
    if unknown or not domains or len(set(domains)) != len(domains):
        raise ValueError(f"domains must be distinct API domains, got {domains!r}")
    if work not in WORK_KINDS:
        raise ValueError(f"unknown kind of work {work!r}; known: {', '.join(WORK_KINDS)}")

    def register(build: Callable[[TaskBuilder], None]) -> Callable[[TaskBuilder], None]:
        family_id = build.__name__.replace("_", "-")
        if family_id in FAMILIES:
            raise ValueError(f"family {family_id!r} is defined twice")
        FAMILIES[family_id] = Family(
            family_id, category, difficulty, tuple(domains), work, build, build.__module__, version
        )
        return build

    return register
