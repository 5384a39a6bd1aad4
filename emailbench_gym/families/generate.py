"""Making one task: a family, a world and a seed in; a `Scenario` over that world out.

A task's id says where it comes from: `train-w017-unread-from-sender-s2` is family
`unread-from-sender` with seed 2 on world 17 of the train split, so any process can
make it again (same package version, same task, byte for byte: `task_hash`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from emailbench_gym.families.base import FAMILIES, Family
from emailbench_gym.families.builder import TaskBuilder, capitalised
from emailbench_gym.scenarios import GENERATED_ID, Scenario
from emailbench_gym.worlds import World
from emailbench_gym.worlds.text import renderings

_PARTS = re.compile(r"^(train|dev|heldout)-w(\d{3,})-([a-z][a-z0-9-]*[a-z])-s(\d+)$")
assert _PARTS.pattern.count("(") >= 4 and GENERATED_ID


@dataclass(frozen=True)
class TaskKey:
    """Where a generated task comes from."""

    split: str
    world: int
    family: str
    seed: int

    @property
    def id(self) -> str:
        return f"{self.split}-w{self.world:03d}-{self.family}-s{self.seed}"

    @classmethod
    def parse(cls, task_id: str) -> TaskKey:
        match = _PARTS.match(task_id)
        if not match:
            raise ValueError(
                f"{task_id!r} is not a generated task id (split-wNNN-family-sN, "
                "e.g. train-w017-unread-from-sender-s2)"
            )
        split, world, family_id, seed = match.groups()
        if family_id not in FAMILIES:
            raise ValueError(f"task {task_id!r}: unknown family {family_id!r}")
        return cls(split, int(world), family_id, int(seed))


@dataclass(frozen=True)
class GeneratedTask:
    """A task and what made it (the template index feeds the diversity figures; the templates
    and slot forms it was drawn from, the contamination checks)."""

    scenario: Scenario
    family: Family
    key: TaskKey
    template: int
    templates: tuple[str, ...] = ()
    slots: Mapping[str, str | Sequence[str]] = field(default_factory=dict)

    def phrasings(self) -> Iterator[str]:
        """Every request this task's templates could have rendered, with its slots' forms."""
        for template in self.templates:
            yield from map(capitalised, renderings(template, self.slots))


def generate(key: TaskKey, world: World) -> GeneratedTask:
    """The task of `key` over `world` (raises NotApplicable when the family has none there)."""
    family = FAMILIES[key.family]
    builder = TaskBuilder(family, world, key.seed)
    family.build(builder)
    return GeneratedTask(
        builder.finish(key.id), family, key, builder.template, builder.templates, builder.slots
    )


def task_hash(scenario: Scenario) -> str:
    """sha256 of the task's content: equal hashes mean the same task. Canonical JSON (sorted
    keys, fields at their defaults left out), so a new optional field or a reordering of a
    model's fields (main's profile_solutions; sent-message's fields moving into a shared
    base) changes no task's hash."""
    content = scenario.model_dump(mode="json", exclude_defaults=True)
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()
