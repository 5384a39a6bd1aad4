"""Task splits: which verified tasks make up train, dev and heldout, pinned by manifests.

Each split mirrors the 206-scenario suite cell by cell: for every (category,
difficulty, declared domain count) the suite has `n` scenarios, a split holds
`n * TASKS_PER_SCENARIO[split]` tasks of families from that cell (falling back to the
category and difficulty, then the category, where no family has that domain count),
so the category mix is the suite's: train 50 per scenario by default (10,300 tasks over
128 worlds; the shipped manifest was built with 10, see docs/families.md), dev 3 (618
over 10 other worlds), heldout 1 (206 over 24 held-out worlds). Candidates come in a fixed order (a family's i-th
candidate is world `(i + offset) % worlds` with seed `i // worlds`); a candidate the
family cannot make on that world is skipped, one that fails verification is dropped
(and counted against its family), and the first `n` that pass fill the cell (so a smaller build is a prefix of a larger).
`emailbench_gym/families/manifests/<split>.json` records the result: every task id
with its content hash, the attempts and drops per family, and one hash for the split.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from emailbench_gym.families.base import FAMILIES, FAMILIES_VERSION, Family, NotApplicable
from emailbench_gym.families.generate import TaskKey, generate, task_hash
from emailbench_gym.families.verify import MUTANTS_PER_TASK, verify
from emailbench_gym.families.worlds import built_world
from emailbench_gym.worlds import GENERATOR, world_ref
from emailbench_gym.worlds.splits import split as world_split

MANIFESTS = Path(__file__).resolve().parent / "manifests"
#: Generated splits; `test` is the paper's 206 scenarios over the shipped persona.
SPLIT_NAMES: tuple[str, ...] = ("train", "dev", "heldout")
TASKS_PER_SCENARIO: dict[str, int] = {"train": 50, "dev": 3, "heldout": 1}
Cell = tuple[str, str, int]  # category, difficulty, declared domain count

#: The 206-scenario suite by (category, difficulty, declared domains): tests keep it in step.
SUITE_CELLS: dict[Cell, int] = {
    ("boards", "D1", 1): 1,
    ("boards", "D2", 1): 6,
    ("boards", "D3", 1): 3,
    ("calendar-read", "D1", 1): 2,
    ("calendar-read", "D2", 1): 7,
    ("calendar-read", "D2", 2): 1,
    ("calendar-read", "D3", 1): 2,
    ("calendar-triage", "D2", 1): 4,
    ("calendar-triage", "D2", 2): 1,
    ("calendar-triage", "D3", 1): 3,
    ("calendar-write", "D1", 1): 2,
    ("calendar-write", "D2", 1): 7,
    ("calendar-write", "D3", 1): 1,
    ("calendar-write", "D3", 2): 2,
    ("contacts", "D1", 1): 2,
    ("contacts", "D2", 1): 6,
    ("contacts", "D2", 2): 2,
    ("contacts", "D3", 1): 1,
    ("contacts", "D3", 2): 1,
    ("cross-domain", "D2", 2): 7,
    ("cross-domain", "D2", 3): 1,
    ("cross-domain", "D3", 2): 1,
    ("cross-domain", "D3", 3): 4,
    ("cross-domain", "D3", 4): 2,
    ("filters", "D1", 1): 1,
    ("filters", "D2", 1): 5,
    ("filters", "D2", 2): 2,
    ("filters", "D3", 2): 2,
    ("folders", "D1", 1): 1,
    ("folders", "D2", 1): 1,
    ("folders", "D2", 2): 3,
    ("folders", "D3", 1): 1,
    ("folders", "D3", 2): 3,
    ("inbox-cleanup", "D2", 2): 4,
    ("inbox-cleanup", "D3", 2): 5,
    ("meeting-prep", "D2", 2): 3,
    ("meeting-prep", "D3", 3): 6,
    ("messages-read", "D1", 1): 5,
    ("messages-read", "D2", 1): 24,
    ("messages-read", "D2", 2): 2,
    ("messages-read", "D3", 1): 8,
    ("messages-write", "D1", 1): 2,
    ("messages-write", "D2", 1): 8,
    ("messages-write", "D2", 2): 2,
    ("messages-write", "D3", 1): 3,
    ("multi-domain", "D2", 2): 4,
    ("multi-domain", "D2", 3): 3,
    ("multi-domain", "D3", 3): 3,
    ("multi-domain", "D3", 4): 2,
    ("orchestration", "D2", 2): 6,
    ("orchestration", "D3", 2): 1,
    ("orchestration", "D3", 3): 7,
    ("orchestration", "D3", 4): 3,
    ("settings", "D2", 1): 6,
    ("settings", "D3", 1): 2,
    ("todo", "D1", 1): 1,
    ("todo", "D2", 1): 5,
    ("todo", "D2", 2): 1,
    ("todo", "D3", 1): 2,
}


def _stable(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def cell_families(cell: Cell) -> list[Family]:
    """The families that fill a cell: exact labels, else same category and level, else category."""
    category, difficulty, _domains = cell
    for match in (
        lambda f: (f.category, f.difficulty, len(f.domains)) == cell,
        lambda f: (f.category, f.difficulty) == (category, difficulty),
        lambda f: f.category == category,
    ):
        found = sorted((f for f in FAMILIES.values() if match(f)), key=lambda f: f.id)
        if found:
            return found
    return []


def worlds_of(split: str) -> int:
    return world_split(split).count


def candidates(split: str, cell: Cell) -> Iterator[TaskKey]:
    """A cell's candidate tasks, in their fixed order (see the module docstring)."""
    families = cell_families(cell)
    if not families:
        return
    n = worlds_of(split)
    i = 0
    while True:
        for family in families:
            offset = _stable(f"{split}/{family.id}") % n
            yield TaskKey(split, (i + offset) % n, family.id, i // n)
        i += 1


@dataclass
class Attempt:
    key: TaskKey
    outcome: str  # served, dropped, not-applicable, duplicate (of a served task: not verified)
    digest: str = ""
    problem: str = ""


def attempt(
    key: TaskKey, mutants: int = MUTANTS_PER_TASK, taken: frozenset[str] = frozenset()
) -> Attempt:
    """Make and verify one candidate (a repeat of a task in `taken`, by hash, is not verified)."""
    ref = world_ref(key.split, key.world)
    try:
        task = generate(key, built_world(ref.seed, ref.size))
    except NotApplicable as exc:
        return Attempt(key, "not-applicable", problem=str(exc))
    digest = task_hash(task.scenario)
    if digest in taken:
        return Attempt(key, "duplicate", digest)
    verdict = verify(task.scenario, mutants=mutants)
    if not verdict.passed:
        return Attempt(key, "dropped", digest, verdict.problems[0] if verdict.problems else "")
    return Attempt(key, "served", digest)


class FamilyAttempts(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tried: int = 0
    not_applicable: int = 0
    repeats: int = 0  # the same task as one already served (another seed), not verified again
    dropped: int = 0  # made, but failed verification
    passed: int = 0  # made and verified
    served: int = 0  # verified and chosen (the cell was not full yet, not a repeat)

    @property
    def drop_rate(self) -> float:
        made = self.passed + self.dropped
        return self.dropped / made if made else 0.0


class TaskManifest(BaseModel):
    """A split's tasks: ids with content hashes, how they were chosen, one hash for all."""

    model_config = ConfigDict(extra="forbid")

    split: str
    families_version: str
    family_versions: dict[str, int] = {}  # families past version 1 (base.Family.version)
    world_generator: str
    package_version: str
    tasks_per_scenario: int
    mutants_per_task: int
    count: int
    sha256: str
    tasks: dict[str, list[str]]  # family -> ["017:2:<hash prefix>", ...] (world:seed:hash)
    attempts: dict[str, FamilyAttempts]
    shortfall: dict[str, int] = {}  # cell -> tasks missing (no family could fill it)
    dropped: list[list[str]] = []  # [task id, first problem], for the drop figures

    def task_ids(self) -> list[str]:
        return [
            TaskKey(self.split, int(world), family, int(seed)).id
            for family, entries in sorted(self.tasks.items())
            for world, seed, _digest in (e.split(":") for e in entries)
        ]

    def digests(self) -> dict[str, str]:
        return {
            TaskKey(self.split, int(world), family, int(seed)).id: digest
            for family, entries in self.tasks.items()
            for world, seed, digest in (e.split(":") for e in entries)
        }

    def text(self) -> str:
        return json.dumps(self.model_dump(mode="json"), indent=1) + "\n"


def split_hash(tasks: dict[str, list[str]]) -> str:
    return hashlib.sha256(json.dumps(tasks, sort_keys=True).encode()).hexdigest()


HASH_CHARS = 16


def build_manifest(
    split: str,
    per_scenario: int | None = None,
    cells: list[Cell] | None = None,
    mutants: int = MUTANTS_PER_TASK,
    run: Callable[[list[tuple[TaskKey, frozenset[str]]]], list[Attempt]] | None = None,
    progress: Callable[[str], None] | None = None,
    checkpoint: Callable[[TaskManifest], None] | None = None,
) -> TaskManifest:
    """Fill every cell of a split with verified tasks (see the module docstring).

    `run` verifies a batch of candidates, each with the hashes of the tasks already served
    from its family and world (a repeat under another seed is not verified again); default:
    one after another; the benchmark script passes a process pool. Results never depend on
    how batches are run or sized: a cell takes the first passing tasks in candidate order.
    `checkpoint` receives the manifest of the cells done so far after each cell (a long build
    stopped early still leaves the manifest of its first cells, the rest recorded as short).
    """
    order = list(cells or sorted(SUITE_CELLS))
    k = per_scenario or TASKS_PER_SCENARIO[split]
    run = run or (lambda batch: [attempt(key, mutants, taken) for key, taken in batch])
    attempts: dict[str, FamilyAttempts] = defaultdict(FamilyAttempts)
    chosen: dict[str, list[str]] = defaultdict(list)
    shortfall: dict[str, int] = {}
    dropped: list[list[str]] = []
    seen_keys: set[str] = set()
    seen_tasks: set[str] = set()
    served_from: dict[tuple[str, int], set[str]] = defaultdict(set)  # (family, world) -> hashes
    for done, cell in enumerate(order, 1):
        target = SUITE_CELLS[cell] * k
        stream = candidates(split, cell)
        served = 0
        budget = 6 * target + 12  # candidates tried before the cell is declared short
        while served < target and budget > 0:
            batch = []
            for key in stream:
                if key.id in seen_keys:
                    continue
                seen_keys.add(key.id)
                batch.append(key)
                # a little more than is missing: most candidates pass, and each costs a verify
                if len(batch) >= min(budget, max(4, (target - served) * 5 // 4 + 2)):
                    break
            if not batch:
                break
            budget -= len(batch)
            jobs = [(key, frozenset(served_from[(key.family, key.world)])) for key in batch]
            for result in run(jobs):
                stats = attempts[result.key.family]
                stats.tried += 1
                if result.outcome == "not-applicable":
                    stats.not_applicable += 1
                    continue
                if result.outcome == "duplicate":
                    stats.repeats += 1
                    continue
                if result.outcome == "dropped":
                    stats.dropped += 1
                    dropped.append([result.key.id, result.problem[:300]])
                    continue
                stats.passed += 1
                if served >= target or result.digest in seen_tasks:
                    continue  # the cell is full, or the same task again under another seed
                seen_tasks.add(result.digest)
                served_from[(result.key.family, result.key.world)].add(result.digest)
                stats.served += 1
                served += 1
                chosen[result.key.family].append(
                    f"{result.key.world:03d}:{result.key.seed}:{result.digest[:HASH_CHARS]}"
                )
        if served < target:
            shortfall["/".join(map(str, cell))] = target - served
        if progress:
            progress(f"{split} {'/'.join(map(str, cell))}: {served}/{target}")
        if checkpoint:
            rest = {"/".join(map(str, c)): SUITE_CELLS[c] * k for c in order[done:]}
            checkpoint(
                _manifest(split, k, mutants, chosen, attempts, {**shortfall, **rest}, dropped)
            )
    return _manifest(split, k, mutants, chosen, attempts, shortfall, dropped)


def _manifest(
    split: str,
    k: int,
    mutants: int,
    chosen: dict[str, list[str]],
    attempts: dict[str, FamilyAttempts],
    shortfall: dict[str, int],
    dropped: list[list[str]],
) -> TaskManifest:
    from emailbench_gym import __version__

    tasks = {family: sorted(entries) for family, entries in sorted(chosen.items())}
    return TaskManifest(
        split=split,
        families_version=FAMILIES_VERSION,
        family_versions=family_versions(tasks),
        world_generator=GENERATOR,
        package_version=__version__,
        tasks_per_scenario=k,
        mutants_per_task=mutants,
        count=sum(len(v) for v in tasks.values()),
        sha256=split_hash(tasks),
        tasks=tasks,
        attempts=dict(sorted((f, a.model_copy()) for f, a in attempts.items())),
        shortfall=dict(shortfall),
        dropped=list(dropped),
    )


def family_versions(tasks: dict[str, list[str]]) -> dict[str, int]:
    """The versions of the families a manifest's tasks come from, those past version 1."""
    return {f: FAMILIES[f].version for f in sorted(tasks) if FAMILIES[f].version != 1}


def manifest_path(split: str) -> Path:
    return MANIFESTS / f"{split}.json"


def load_manifest(split: str) -> TaskManifest:
    """The shipped task manifest of a split."""
    if split not in SPLIT_NAMES:
        hint = " (test is the 206 paper scenarios)" if split == "test" else ""
        raise ValueError(
            f"unknown split {split!r}{hint}; generated splits: {', '.join(SPLIT_NAMES)}"
        )
    path = manifest_path(split)
    if not path.is_file():
        raise FileNotFoundError(
            f"no task manifest for split {split!r} at {path}; build it with "
            "`python benchmarks/families.py manifests`"
        )
    return TaskManifest.model_validate_json(path.read_text(encoding="utf-8"))


def check_manifest(manifest: TaskManifest, ids: list[str] | None = None) -> list[str]:
    """Problems found regenerating the manifest's tasks (all, or `ids`): hashes must match."""
    problems = []
    if manifest.families_version != FAMILIES_VERSION:
        problems.append(
            f"manifest is for families/{manifest.families_version}, this package has "
            f"families/{FAMILIES_VERSION}"
        )
    current = family_versions({f: e for f, e in manifest.tasks.items() if f in FAMILIES})
    if manifest.family_versions != current:
        problems.append(
            f"manifest has family versions {manifest.family_versions or 'all 1'}, this package "
            f"has {current or 'all 1'}"
        )
    if split_hash(manifest.tasks) != manifest.sha256:
        problems.append("the split hash does not match its task entries")
    digests = manifest.digests()
    for task_id in ids if ids is not None else list(digests):
        key = TaskKey.parse(task_id)
        ref = world_ref(key.split, key.world)
        try:
            task = generate(key, built_world(ref.seed, ref.size))
        except NotApplicable as exc:
            problems.append(f"{task_id}: no longer made ({exc})")
            continue
        actual = task_hash(task.scenario)[:HASH_CHARS]
        if actual != digests.get(task_id):
            problems.append(f"{task_id}: hash {actual} != manifest {digests.get(task_id)}")
    return problems
