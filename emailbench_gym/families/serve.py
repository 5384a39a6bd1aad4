"""Serving generated tasks: a split's verified task ids, and any task by id, made on demand.

`split_task_ids("train")` lists the tasks the split's manifest pins (verified when the
manifest was built); `load_task(id)` makes one again from its family, world and seed
(a few milliseconds once its world is built; worlds and tasks are kept per process),
and refuses a task whose content no longer matches the manifest's hash, so what is
served is always what was verified. `load_scenario` in scenarios.py routes generated
ids here, so the env, the runner, `emailbench validate` and every integration take
them like the suite's ids.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from emailbench_gym.families.base import FAMILIES
from emailbench_gym.families.generate import TaskKey, generate, task_hash
from emailbench_gym.families.splits import HASH_CHARS, SPLIT_NAMES, load_manifest
from emailbench_gym.families.worlds import built_world
from emailbench_gym.scenarios import Scenario
from emailbench_gym.worlds import world_ref

#: Tasks kept per process (each keeps its grading context once graded).
TASKS_KEPT = 256
#: `--scenarios split:NAME` and `scenarios="split:NAME"` name a whole split.
SPLIT_PREFIX = "split:"


@functools.cache
def split_task_ids(split: str) -> tuple[str, ...]:
    """The verified task ids of a generated split, in manifest order."""
    return tuple(load_manifest(split).task_ids())


@functools.cache
def _digests(split: str) -> dict[str, str]:
    return load_manifest(split).digests()


@functools.lru_cache(maxsize=TASKS_KEPT)
def load_task(task_id: str) -> Scenario:
    """The generated task with this id (made from its family, world and seed)."""
    key = TaskKey.parse(task_id)
    ref = world_ref(key.split, key.world)
    scenario = generate(key, built_world(ref.seed, ref.size)).scenario
    try:
        pinned = _digests(key.split).get(task_id)
    except FileNotFoundError:
        pinned = None
    if pinned is not None and task_hash(scenario)[:HASH_CHARS] != pinned:
        raise ValueError(
            f"task {task_id} no longer matches its split manifest (hash "
            f"{task_hash(scenario)[:HASH_CHARS]} != {pinned}): the family changed; rebuild "
            "the manifests (python benchmarks/families.py manifests)"
        )
    return scenario


def labels(task_id: str) -> tuple[str, str, tuple[str, ...]]:
    """(category, difficulty, domains) of a task, from its family (nothing is generated)."""
    family = FAMILIES[TaskKey.parse(task_id).family]
    return family.category, family.difficulty, family.domains


def resolve_split(name: str) -> list[str]:
    """A split's scenario ids: `test` is the 206-scenario suite, others their manifests."""
    if name == "test":
        from emailbench_gym.catalog import scenario_ids

        return scenario_ids()
    if name not in SPLIT_NAMES:
        raise ValueError(f"unknown split {name!r}; splits: test, {', '.join(SPLIT_NAMES)}")
    return list(split_task_ids(name))


def expand(ids: Sequence[str]) -> list[str]:
    """Ids with every `split:NAME` replaced by that split's ids (order kept, no repeats)."""
    out: list[str] = []
    for item in ids:
        if item.startswith(SPLIT_PREFIX):
            out.extend(resolve_split(item[len(SPLIT_PREFIX) :]))
        else:
            out.append(item)
    return list(dict.fromkeys(out))
