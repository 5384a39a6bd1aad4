"""`TaskBuilder`: what a family writes a task with, over one world and one seed.

A family (families/base.py) receives a builder and, in order:

1. picks what to ask about from the world, with `t.rng` (seeded by family, world and seed)
   and read calls (`t.read`, never recorded);
2. phrases the request with `t.ask(templates, **slots)`: one of several templates, each
   with `[a|b]` alternatives and slots that take one of several forms (a full name or a
   first name, "tomorrow" or a date), so no two tasks need read alike;
3. computes the reference solution through the API on that world: `t.call` runs and
   records a call (later calls may use `result.ref("id")` for what it created), `t.setup`
   a call applied at every reset before the task starts;
4. lists the requirements (`t.require`) and the checks covering each (`t.check` and its
   shorthands), any footprint latitude with its reason, and the answer: a `Report`
   (families/answers.py) rendered as the reference answer and as differently worded
   calibration answers, or a plain `t.answer(text)` for tasks graded on the state.

`finish(task_id)` turns it into a `Scenario` (the suite's own model) linked to the world.
"""

from __future__ import annotations

import json
import pickle
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from emailbench_gym.api import METHODS
from emailbench_gym.api.common import local_now
from emailbench_gym.families.base import FAMILIES_VERSION, Family, NotApplicable
from emailbench_gym.scenarios import Scenario, resolve_refs
from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.text import render

if TYPE_CHECKING:
    from emailbench_gym.families.answers import Report
    from emailbench_gym.worlds import World

#: Most items a list tool returns in one page.
PAGE = 100
#: Read results of each world's pristine state (pickled), by world: see `TaskBuilder.read`.
_READS: dict[int, tuple[weakref.ref, dict[str, bytes]]] = {}


def _pristine_reads(world: World) -> dict[str, bytes]:
    key = id(world)
    found = _READS.get(key)
    if found is None or found[0]() is not world:
        found = _READS[key] = (weakref.ref(world, lambda _ref: _READS.pop(key, None)), {})
    return found[1]


@dataclass(frozen=True)
class Ref:
    """A reference to an earlier recorded call's result: `$3.id` in the file, its value here."""

    text: str
    value: Any


class Result(dict):
    """A recorded call's (dict) result, which knows its position for `$N` references."""

    index: int = -1
    results: list[Any] = []

    def ref(self, path: str = "id") -> Ref:
        text = f"${self.index}{path if path.startswith('[') else '.' + path}"
        return Ref(text, resolve_refs(text, self.results))


def _resolved(value: Any) -> Any:
    if isinstance(value, Ref):
        return value.value
    if isinstance(value, dict):
        return {k: _resolved(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_resolved(v) for v in value]
    return value


def _recorded(value: Any) -> Any:
    if isinstance(value, Ref):
        return value.text
    if isinstance(value, dict):
        return {k: _recorded(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_recorded(v) for v in value]
    return value


def capitalised(request: str) -> str:
    """A request as the user writes it: its first letter upper case."""
    return request[:1].upper() + request[1:]


class TaskBuilder:
    """One task of one family over one world, as it is being written (module docstring)."""

    def __init__(self, family: Family, world: World, seed: int) -> None:
        self.family = family
        self.world = world
        self.facts = world.facts
        self.seed = seed
        self.rng = Rng(f"emailbench-families/{FAMILIES_VERSION}/{family.id}/{world.seed}/{seed}")
        self.ws = world.workspace()
        self.now: datetime = local_now(self.ws.mailbox)
        self.me: dict[str, Any] = self.ws.call("identity_getMe")
        self.query = ""
        self.template = -1
        self.templates: tuple[str, ...] = ()
        self.slots: dict[str, str | Sequence[str]] = {}
        self._setup: list[dict[str, Any]] = []
        self._calls: list[dict[str, Any]] = []
        self._results: list[Any] = []
        self._requirements: list[dict[str, str]] = []
        self._checks: list[dict[str, Any]] = []
        self._latitude: list[dict[str, Any]] = []
        self._footprint: dict[str, Any] | None = None
        self._answer: str | None = None
        self._calibration: list[dict[str, Any]] = []
        self._aliases: dict[str, list[str]] = {}
        self._equivalent: list[dict[str, str]] = []
        self._notes: list[str] = []
        self.cache: dict[str, Any] = {}  # what lookups (families/lookup.py) read once per task

    # --- choosing ---------------------------------------------------------------------------

    def pick(self, items: Sequence[Any], why: str = "nothing to ask about") -> Any:
        """One item, drawn by the task's seed; NotApplicable when there is none."""
        if not items:
            raise NotApplicable(why)
        return self.rng.choice(list(items))

    def sample(self, items: Sequence[Any], k: int, why: str = "too few items") -> list[Any]:
        if len(items) < k:
            raise NotApplicable(why)
        return self.rng.sample(list(items), k)

    def require_that(self, condition: bool, why: str) -> None:
        """NotApplicable unless the world has what the task needs."""
        if not condition:
            raise NotApplicable(why)

    # --- the API ----------------------------------------------------------------------------

    def read(self, name: str, /, **arguments: Any) -> Any:
        """Run a read call for the family's own analysis (not part of the reference).

        Before any setup or reference call the workspace is the world's pristine state,
        which every task of the world reads alike: such reads are answered once per world
        (each caller gets its own copy)."""
        if METHODS[name].kind != "read":
            raise ValueError(f"t.read runs read calls only; {name} writes (use t.call)")
        resolved = _resolved(arguments)
        if self._setup or self._calls:
            return self.ws.call(name, **resolved)
        reads = _pristine_reads(self.world)
        key = name + json.dumps(resolved, sort_keys=True, default=str)
        found = reads.get(key)
        if found is None:
            found = reads[key] = pickle.dumps(self.ws.call(name, **resolved))
        return pickle.loads(found)

    def read_all(self, name: str, /, **arguments: Any) -> list[dict[str, Any]]:
        """Every item of a paged list (read calls, not recorded)."""
        items: list[dict[str, Any]] = []
        skip: int | None = 0
        while skip is not None:
            extra = {"skip": skip} if skip else {}
            page = self.read(name, **arguments, **extra)
            items.extend(page["items"])
            skip = page["nextSkip"]
        return items

    def setup(self, name: str, /, **arguments: Any) -> Any:
        """A call applied at every reset, before the task starts (only before any `call`)."""
        if self._calls:
            raise ValueError("setup calls come before the reference's calls")
        result = self.ws.call(name, **_resolved(arguments))
        self._setup.append({"name": name, "arguments": _recorded(arguments)})
        return result

    def call(self, name: str, /, **arguments: Any) -> Any:
        """Run one reference call and record it; a dict result can be referred to later.

        Arguments given as None are left out (the API's defaults apply)."""
        arguments = {k: v for k, v in arguments.items() if v is not None}
        result = self.ws.call(name, **_resolved(arguments))
        self._calls.append({"name": name, "arguments": _recorded(arguments)})
        self._results.append(result)
        if isinstance(result, dict):
            wrapped = Result(result)
            wrapped.index = len(self._results) - 1
            wrapped.results = self._results
            return wrapped
        return result

    def call_all(self, name: str, /, **arguments: Any) -> list[dict[str, Any]]:
        """Every item of a paged list, each page a recorded call (`top` 100)."""
        items: list[dict[str, Any]] = []
        skip: int | None = 0
        while skip is not None:
            extra = {"skip": skip} if skip else {}
            page = self.call(name, **{"top": PAGE, **arguments}, **extra)
            items.extend(page["items"])
            skip = page["nextSkip"]
        return items

    # --- the request ------------------------------------------------------------------------

    def ask(self, templates: Sequence[str], **slots: str | Sequence[str]) -> str:
        """The request: one template, with each slot given one of its forms."""
        self.template = self.rng.below(len(templates))
        self.templates, self.slots = tuple(templates), dict(slots)
        chosen = {
            name: value if isinstance(value, str) else self.rng.choice(list(value))
            for name, value in slots.items()
        }
        self.query = capitalised(render(templates[self.template], self.rng, chosen))
        return self.query

    def require(self, text: str) -> str:
        """One thing the request asks for; returns its id (R1, R2, ...)."""
        rid = f"R{len(self._requirements) + 1}"
        self._requirements.append({"id": rid, "text": text})
        return rid

    # --- checks -----------------------------------------------------------------------------

    def check(self, covers: str | list[str], check_id: str, check_type: str, **fields: Any) -> None:
        """A static check of `check_type` covering requirement(s), with the check's own fields."""
        self._checks.append(
            {
                "id": check_id,
                "type": check_type,
                "covers": [covers] if isinstance(covers, str) else list(covers),
                **{k: v for k, v in fields.items() if v is not None},
            }
        )

    def items(self, covers: str, check_id: str, kind: str, members: list[str], **kw: Any) -> None:
        self.check(covers, check_id, "answer-items", kind=kind, members=members, **kw)

    def values(self, covers: str, check_id: str, values: list[dict[str, Any]], **kw: Any) -> None:
        self.check(covers, check_id, "answer-values", values=values, **kw)

    def says(self, covers: str, check_id: str, statements: list[Any], **kw: Any) -> None:
        self.check(covers, check_id, "answer-text", statements=statements, **kw)

    def latitude(self, collection: str, reason: str, **fields: Any) -> None:
        """Room another correct solution needs beyond the reference's footprint."""
        self._latitude.append({"collection": collection, "reason": reason, **fields})

    def may_mark_read(self) -> None:
        """Reading a message may mark it read (for requests that do not forbid it)."""
        self.latitude(
            "messages",
            "Opening a message to read it may mark it read; the request does not forbid it.",
            fields=["isRead"],
            only_read=True,
        )

    def footprint(self, covers: str | None = None, description: str = "") -> None:
        """The collateral-damage check, covering the "change nothing else" requirement."""
        self._footprint = {
            "id": "footprint",
            "type": "footprint",
            "covers": [covers] if covers else [],
            "description": description or "Nothing outside the task's footprint changed.",
        }

    def alias(self, ref: str, names: list[str]) -> None:
        self._aliases.setdefault(ref, []).extend(names)

    def equivalent(self, mutant: str, reason: str) -> None:
        self._equivalent.append({"id": mutant, "reason": reason})

    def note(self, text: str) -> None:
        self._notes.append(text)

    # --- the answer -------------------------------------------------------------------------

    def answer(self, text: str) -> None:
        """The reference's final answer (for tasks graded on what they change)."""
        self._answer = text

    def calibrate(self, answer: str, style: str, calls: list[dict[str, Any]] | None = None) -> None:
        """Another correct final answer (and, for write tasks, another correct trajectory)."""
        sample: dict[str, Any] = {"answer": answer, "style": style, "source": "families"}
        if calls is not None:
            sample["calls"] = [
                {"name": c["name"], "arguments": _recorded(c["arguments"])} for c in calls
            ]
        self._calibration.append(sample)

    def report(self, report: Report) -> None:
        """The answer as a report: the reference in one style, calibration in the others."""
        styles = report.render_all(self.rng.fork("answers"))
        (_, reference), *others = styles
        self._answer = reference
        for style, text in others:
            self.calibrate(text, style)

    # --- the scenario -----------------------------------------------------------------------

    def finish(self, task_id: str) -> Scenario:
        """The task as a `Scenario` over the world (it resets the builder's workspace)."""
        from emailbench_gym.families.worlds import world_link

        if not self.query or not self._requirements or self._answer is None:
            raise ValueError(f"{self.family.id}: a task needs a query, requirements and an answer")
        footprint = dict(self._footprint or self.footprint_default())
        if self._latitude:
            footprint["latitude"] = self._latitude
        requirements = " ".join(f"({r['id']}) {r['text']}" for r in self._requirements)
        data: dict[str, Any] = {
            "id": task_id,
            "category": self.family.category,
            "difficulty": self.family.difficulty,
            "domains": list(self.family.domains),
            "retained": False,
            "query": self.query,
            "setup": self._setup,
            "requirements": self._requirements,
            "assertions": [*self._checks, footprint],
            "rubrics": [
                {
                    "criterion": f"The agent did what the request asks: {requirements}",
                    "covers": [r["id"] for r in self._requirements],
                }
            ],
            "aliases": self._aliases,
            "equivalent_mutants": self._equivalent,
            "notes": " ".join(
                [f"Generated by family {self.family.id} (seed {self.seed}).", *self._notes]
            ),
            "calibration": self._calibration,
            "solution": {"calls": self._calls, "answer": self._answer},
            "world": world_link(self.world).model_dump(exclude_none=True),
        }
        scenario = Scenario.model_validate(data)
        scenario._corpus = self.world.corpus
        self.ws.reset()
        return scenario

    def footprint_default(self) -> Mapping[str, Any]:
        self.footprint()
        assert self._footprint is not None
        return self._footprint
