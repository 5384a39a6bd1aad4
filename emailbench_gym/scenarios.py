"""Scenario files: `scenarios/<category>/<ID>.json`, one pydantic model, data only.

A scenario holds the user's request, its labels (category, difficulty, declared
domains, retained), optional clock override and setup calls, the static
assertions, the LLM rubrics and a reference solution. Nothing in a file is
executed: solution arguments may only *refer* to earlier results with strings
like `"$0.id"` (field `id` of call 0's result) or `"$2[*].id"` (the `id` of every
item of call 2's list result).
"""

from __future__ import annotations

import functools
import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator

from emailbench_gym.catalog import scenario_ids, scenario_paths
from emailbench_gym.errors import ScenarioError
from emailbench_gym.grading.assertions import ANSWER_TYPES, Assertion
from emailbench_gym.grading.query import Strict

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


class Scenario(Strict):
    """One EmailBench task (see the module docstring for the format)."""

    id: str = Field(pattern=r"^OB-[A-Z]\d{3}$", description="Scenario id, e.g. OB-N520.")
    query: str = Field(min_length=10, description="The user's request, verbatim.")
    category: Category
    difficulty: Literal["D1", "D2", "D3"]
    domains: list[Domain] = Field(min_length=1, description="Declared API domains.")
    retained: bool = Field(description="In the paper's 152-scenario retained subset.")
    now: datetime | None = Field(None, description="Clock override for this scenario.")
    setup: list[ToolCall] = Field([], description="API calls applied at every reset.")
    assertions: list[Assertion] = Field(min_length=1)
    rubrics: list[Rubric] = Field(min_length=1)
    solution: Solution

    @field_validator("domains")
    @classmethod
    def _unique_domains(cls, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            raise ValueError("domains must not repeat")
        return value

    @property
    def answer_graded(self) -> bool:
        return any(a.type in ANSWER_TYPES for a in self.assertions)


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


def parse_scenario_file(path: Path) -> Scenario:
    """Load one scenario file; a malformed one raises ScenarioError with file, field and rule."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"{path}: invalid JSON at line {exc.lineno}: {exc.msg}") from None
    try:
        scenario = Scenario.model_validate(raw)
    except ValidationError as exc:
        raise _explain(path, exc) from None
    if path.stem != scenario.id or path.parent.name != scenario.category:
        raise ScenarioError(
            f"{path}: a scenario lives at scenarios/<category>/<id>.json; "
            f"expected scenarios/{scenario.category}/{scenario.id}.json"
        )
    return scenario


@functools.cache
def load_scenario(scenario_id: str) -> Scenario:
    """The scenario with this id (parsed once per process)."""
    path = scenario_paths().get(scenario_id)
    if path is None:
        raise KeyError(
            f"unknown scenario {scenario_id!r}; `emailbench list` shows the {len(scenario_paths())} ids"
        )
    return parse_scenario_file(path)


def load_all() -> list[Scenario]:
    return [load_scenario(i) for i in scenario_ids()]
