"""Scenario files: `scenarios/<category>/<ID>.json`, one pydantic model, data only.

A scenario holds the user's request, its labels (category, difficulty, declared
domains, retained), optional clock override and setup calls, the static
assertions, the LLM rubrics and a reference solution; a generated task also names
the world it runs on (`world`: seed, size and content hash, and where its files are). Nothing in a file is
executed: solution arguments may only *refer* to earlier results with strings
like `"$0.id"` (field `id` of call 0's result) or `"$2[*].id"` (the `id` of every
item of call 2's list result). A list tool's result is a page (`{items, total,
nextSkip}`): `[*]` and `[N]` on a page mean its items, so `"$2[*].id"` is the id of
every item on that page.
"""

from __future__ import annotations

import functools
import json
import re
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, PrivateAttr, ValidationError, field_validator, model_validator

from emailbench_gym.catalog import duplicate_paths, scenario_ids, scenario_paths
from emailbench_gym.errors import ScenarioError
from emailbench_gym.grading.checks import ANSWER_TYPES, Assertion
from emailbench_gym.grading.query import Strict

if TYPE_CHECKING:
    from emailbench_gym.corpus import Corpus
    from emailbench_gym.tools import Profile

Category = Literal[
    "messages-read",
    "orchestration",
    "cross-domain",
    "messages-write",
    "multi-domain",
    "calendar-read",
    "calendar-write",
    "contacts",
    "filters",
    "boards",
    "todo",
    "meeting-prep",
    "inbox-cleanup",
    "folders",
    "calendar-triage",
    "settings",
]
CATEGORIES: tuple[str, ...] = Category.__args__  # type: ignore[attr-defined]
Domain = Literal[
    "messages", "calendar", "contacts", "todo", "folders", "filters", "settings", "boards"
]
DOMAINS: tuple[str, ...] = Domain.__args__  # type: ignore[attr-defined]


class ToolCall(Strict):
    """One reference tool call; string arguments may refer to earlier results (`$0.id`)."""

    name: str
    arguments: dict[str, Any] = {}


class Solution(Strict):
    """The reference trajectory: calls in order, then the final answer."""

    calls: list[ToolCall] = []
    answer: str


class Rubric(Strict):
    """A criterion for the LLM judge."""

    criterion: str = Field(min_length=10)
    critical: bool = True
    covers: list[str] = Field([], description="Ids of the requirements this rubric judges.")


class Requirement(Strict):
    """One thing the query asks for: a step, a fact to report, a constraint to respect."""

    id: str = Field(pattern=r"^R\d{1,2}$", description="R1, R2, ...")
    text: str = Field(min_length=5)


class EquivalentMutant(Strict):
    """An audit mutant that is not actually wrong for this scenario, and why."""

    id: str = Field(description="The mutant's id as `emailbench audit` reports it.")
    reason: str = Field(min_length=10)


class CalibrationAnswer(Strict):
    """A correct final answer (and, for write tasks, trajectory) written by an honest solver."""

    answer: str
    style: str = Field("", description="terse, briefing, ruled-out, format, report, ...")
    source: str = Field("", description="Who wrote it (a solver's name).")
    calls: list[ToolCall] | None = Field(
        None, description="The solver's own tool calls, when the task changes the mailbox."
    )


#: Ids of generated tasks (emailbench_gym.families): split, world index, family, seed.
#: Check types of the first wave that no longer exist (scenario files using them are rejected).
REMOVED_CHECK_TYPES = frozenset({"return-contains", "return-excludes"})
GENERATED_ID = r"(?:train|dev|heldout)-w\d{3,}-[a-z][a-z0-9-]*[a-z]-s\d+"


class WorldLink(Strict):
    """The generated world a task runs on: rebuilt from its seed, or read from `path`."""

    seed: int = Field(ge=0)
    size: int = Field(ge=1)
    content_hash: str = Field(
        pattern=r"^[0-9a-f]{64}$", description="`World.content_hash()` of the world it needs."
    )
    path: str | None = Field(
        None, description="Folder of the world's files, relative to the scenario file."
    )


class Scenario(Strict):
    """One EmailBench task (see the module docstring for the format)."""

    id: str = Field(
        pattern=rf"^(?:OB-[A-Z]\d{{3}}|{GENERATED_ID})$",
        description="Scenario id, e.g. OB-N520; generated tasks: train-w017-unread-from-sender-s2.",
    )
    query: str = Field(min_length=10, description="The user's request, verbatim.")
    category: Category
    difficulty: Literal["D1", "D2", "D3"]
    domains: list[Domain] = Field(min_length=1, description="Declared API domains.")
    retained: bool = Field(description="In the paper's 152-scenario retained subset.")
    now: datetime | None = Field(None, description="Clock override for this scenario.")
    setup: list[ToolCall] = Field([], description="API calls applied at every reset.")
    requirements: list[Requirement] = Field(
        [], description="What the query asks for; every one must be covered by a static check."
    )
    assertions: list[Assertion] = Field(min_length=1)
    rubrics: list[Rubric] = Field(min_length=1)
    aliases: dict[str, list[str]] = Field(
        {},
        description="More names of entities answers may use: {'event:evt-015': ['the kickoff']}.",
    )
    equivalent_mutants: list[EquivalentMutant] = []
    notes: str = Field(
        "",
        description="Ambiguities resolved, and any change to the paper's query, with the reason.",
    )
    calibration: list[CalibrationAnswer] = Field(
        [], description="Correct answers by honest solvers; every one must pass."
    )
    solution: Solution
    profile_solutions: dict[str, Solution] = Field(
        {},
        description="Reference solutions restricted to one tool profile ('adapter': the paper's 46 "
        "tools), proving the scenario can be completed there when `solution` needs other tools.",
    )
    world: WorldLink | None = Field(
        None, description="The generated world the task runs on; none: the shipped persona."
    )
    _grading_contexts: dict[int, Any] = PrivateAttr(default_factory=dict)
    _corpus: Any = PrivateAttr(None)
    _source: Path | None = PrivateAttr(None)

    @model_validator(mode="before")
    @classmethod
    def _complete_checks(cls, data: Any) -> Any:
        """Give unnamed checks positional ids and add the footprint check when it is missing."""
        if not isinstance(data, dict) or not isinstance(data.get("assertions"), list):
            return data
        checks = []
        for index, check in enumerate(data["assertions"], 1):
            if isinstance(check, dict) and not check.get("id"):
                check = {**check, "id": f"{check.get('type', 'check')}-{index}"}
            checks.append(check)
        if not any(isinstance(c, dict) and c.get("type") == "footprint" for c in checks):
            checks.append({"type": "footprint", "id": "footprint", "description": FOOTPRINT_TEXT})
        return {**data, "assertions": checks}

    @field_validator("assertions", mode="before")
    @classmethod
    def _no_removed_checks(cls, value: Any) -> Any:
        """The first wave's word checks are gone: say what replaces them, not just "no such tag"."""
        for index, check in enumerate(value if isinstance(value, list) else []):
            kind = check.get("type") if isinstance(check, dict) else None
            if kind in REMOVED_CHECK_TYPES:
                raise ValueError(
                    f"assertions[{index}] ({check.get('id')}) has type {kind!r}, a word check "
                    "that was removed: state what the answer asserts with answer-items, "
                    "answer-values or answer-text claims (docs/scenarios.md)"
                )
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        ids = [a.id for a in self.assertions]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise ValueError(f"assertion ids must be unique; repeated: {repeated}")
        requirement_ids = [r.id for r in self.requirements]
        if len(set(requirement_ids)) != len(requirement_ids):
            raise ValueError("requirement ids must be unique")
        known = set(requirement_ids)
        for item in [*self.assertions, *self.rubrics]:
            unknown = sorted(set(item.covers) - known)
            if unknown:
                name = getattr(item, "id", None) or "a rubric"
                raise ValueError(
                    f"{name} covers unknown requirements {unknown}; the requirements are {sorted(known)}"
                )
        for ref in self.aliases:
            _kind, sep, key = ref.partition(":")
            if not sep or not key:
                raise ValueError(
                    f"alias key {ref!r} must look like 'kind:key', e.g. 'event:evt-015'"
                )
        return self

    @staticmethod
    def fits(solution: Solution, profile: Profile) -> bool:
        """Whether every call of `solution` uses only tools and parameters `profile` offers."""
        from emailbench_gym.tools import restrict_arguments

        return all(
            call.name in profile.allowed
            and restrict_arguments(profile, call.name, call.arguments) is None
            for call in solution.calls
        )

    def solution_for(self, profile: Profile) -> Solution | None:
        """A reference solution that `profile` can play (the main one, or the profile's own).

        A narrowed profile (`tools="domains"`) may play its base profile's solution when that
        fits the narrower tool set too.
        """
        own = self.profile_solutions.get(profile.name) or self.profile_solutions.get(
            profile.base or ""
        )
        for solution in (self.solution, own):
            if solution is not None and self.fits(solution, profile):
                return solution
        return None

    def uncovered_requirements(self) -> list[str]:
        """Requirements that no static check covers (a rubric alone does not count)."""
        covered = {r for a in self.assertions for r in a.covers}
        return [r.id for r in self.requirements if r.id not in covered]

    @field_validator("domains")
    @classmethod
    def _unique_domains(cls, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            raise ValueError("domains must not repeat")
        return value

    @property
    def answer_graded(self) -> bool:
        return any(a.type in ANSWER_TYPES for a in self.assertions)

    def corpus(self) -> Corpus | None:
        """The corpus the task runs on: its world's (built or read once), or None (shipped)."""
        if self._corpus is None and self.world is not None:
            from emailbench_gym.families.worlds import linked_corpus

            self._corpus = linked_corpus(self.world, self._source)
        return self._corpus


FOOTPRINT_TEXT = "Nothing outside the task's footprint changed and no unexpected message was sent."

_REF = re.compile(r"^\$(\d+)((?:\[\*\]|\.[A-Za-z_]\w*|\[\d+\])*)$")


def resolve_refs(value: Any, results: list[Any]) -> Any:
    """Replace `$N.path` strings in reference-call arguments by values from earlier results."""
    if isinstance(value, dict):
        return {k: resolve_refs(v, results) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve_refs(v, results) for v in value]
    if not isinstance(value, str) or not value.startswith("$"):
        return value
    match = _REF.match(value)
    if not match:
        return value
    index = int(match.group(1))
    if index >= len(results):
        raise ScenarioError(f"reference {value!r} points past the {len(results)} earlier calls")
    return _follow(
        results[index], re.findall(r"\[\*\]|\.[A-Za-z_]\w*|\[\d+\]", match.group(2)), value
    )


def _follow(current: Any, steps: list[str], ref: str) -> Any:
    for position, step in enumerate(steps):
        if step.startswith("[") and isinstance(current, dict) and "items" in current:
            current = current["items"]  # a page: index its items
        if step == "[*]":
            return [_follow(item, steps[position + 1 :], ref) for item in current or []]
        try:
            current = current[int(step[1:-1])] if step.startswith("[") else current[step[1:]]
        except (KeyError, IndexError, TypeError):
            raise ScenarioError(f"reference {ref!r}: no {step!r} in the earlier result") from None
    return current


def _explain(path: Path, exc: ValidationError) -> ScenarioError:
    problems = []
    for err in exc.errors(include_url=False)[:5]:
        where = ".".join(str(p) for p in err["loc"]) or "(file)"
        problems.append(f"field '{where}': {err['msg']}")
    return ScenarioError(f"{path}: " + "; ".join(problems))


#: Deepest nesting a scenario file may have (real ones use under 12 levels).
MAX_DEPTH = 64


def _too_deep(raw: Any) -> str | None:
    """The JSON path where `raw` nests deeper than MAX_DEPTH, if it does (iterative walk)."""
    stack: list[tuple[Any, str, int]] = [(raw, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            return where or "(file)"
        if isinstance(value, dict):
            stack.extend(
                (v, f"{where}.{k}" if where else str(k), depth + 1) for k, v in value.items()
            )
        elif isinstance(value, list):
            stack.extend((v, f"{where}.{i}", depth + 1) for i, v in enumerate(value))
    return None


def _bad_regex(raw: Any, where: str = "") -> ScenarioError | None:
    """The first `"op": "regex"` condition whose value does not compile, named by its path."""
    if isinstance(raw, dict):
        if raw.get("op") == "regex" and isinstance(raw.get("value"), str):
            try:
                re.compile(raw["value"])
            except (re.error, RecursionError, OverflowError) as exc:
                return ScenarioError(
                    f"field '{where}.value': {raw['value'][:80]!r} is not a valid regular "
                    f"expression ({exc}); write a Python `re` pattern"
                )
        items = raw.items()
    elif isinstance(raw, list):
        items = enumerate(raw)
    else:
        return None
    for key, value in items:
        found = _bad_regex(value, f"{where}.{key}" if where else str(key))
        if found is not None:
            return found
    return None


def _read_json(path: Path) -> Any:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(
            f"{path}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
            "scenario files are UTF-8 JSON"
        ) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"{path}: invalid JSON at line {exc.lineno}: {exc.msg}") from None
    except RecursionError:
        raise ScenarioError(
            f"{path}: nested too deeply to read; a scenario file nests at most {MAX_DEPTH} levels"
        ) from None


def parse_scenario_file(path: Path) -> Scenario:
    """Load one scenario file; a malformed one raises ScenarioError with file, field and rule.

    Rules checked before the model: UTF-8 text, valid JSON, at most MAX_DEPTH levels of
    nesting, every `regex` condition a valid pattern; then the Scenario model's own.
    """
    raw = _read_json(path)
    deep = _too_deep(raw)
    if deep is not None:
        raise ScenarioError(
            f"{path}: field '{deep}' nests deeper than {MAX_DEPTH} levels; scenario files "
            f"nest at most {MAX_DEPTH} levels"
        )
    bad = _bad_regex(raw)
    if bad is not None:
        raise ScenarioError(f"{path}: {bad}")
    try:
        scenario = Scenario.model_validate(raw)
    except ValidationError as exc:
        raise _explain(path, exc) from None
    except (re.error, RecursionError, TypeError, ValueError) as exc:  # a validator gave up
        raise ScenarioError(f"{path}: {type(exc).__name__}: {exc}") from None
    if path.stem != scenario.id or path.parent.name != scenario.category:
        raise ScenarioError(
            f"{path}: a scenario lives at scenarios/<category>/<id>.json; "
            f"expected scenarios/{scenario.category}/{scenario.id}.json"
        )
    scenario._source = path.resolve()
    if scenario.world is not None:
        try:
            scenario.corpus()
        except (OSError, ValueError) as exc:
            raise ScenarioError(f"{path}: field 'world': {exc}") from None
    return scenario


def load_scenario(scenario_id: str) -> Scenario:
    """The scenario with this id: a shipped one (parsed once per process) or a generated task."""
    if isinstance(scenario_id, str) and re.fullmatch(GENERATED_ID, scenario_id):
        from emailbench_gym.families.serve import load_task

        return load_task(scenario_id)
    return _load_shipped(scenario_id)


@functools.cache
def _load_shipped(scenario_id: str) -> Scenario:
    path = scenario_paths().get(scenario_id)
    if path is None:
        raise KeyError(
            f"unknown scenario {scenario_id!r}; `emailbench list` shows the {len(scenario_paths())} ids"
        )
    copies = duplicate_paths().get(scenario_id)
    if copies:
        raise ScenarioError(
            f"scenario id {scenario_id} is defined by {len(copies)} files: "
            f"{', '.join(map(str, copies))}; ids must be unique: rename or remove all but one"
        )
    return parse_scenario_file(path)


#: Clearing the parse cache of shipped files (tests rewrite them) keeps its old name.
load_scenario.cache_clear = _load_shipped.cache_clear  # type: ignore[attr-defined]


def load_all() -> list[Scenario]:
    return [load_scenario(i) for i in scenario_ids()]
