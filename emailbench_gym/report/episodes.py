"""The per-scenario view: a scenario x run grid of outcomes, and each episode's checks and calls.

Shared by the HTML report (`report.render`) and the terminal (`report.terminal`,
`emailbench view`): both show the same rows, outcomes and checks, in their own format.
A check is the grading's `ItemResult` (read from the record's `grade` with the `Grade`
model), so expected and found are what the grader compared.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from emailbench_gym.grading.grade import Grade, ItemResult
from emailbench_gym.report.runs import Record, Run

Outcome = Literal["pass", "fail", "error", "judge_error"]

#: Record fields that say what went wrong with an episode: the provider or agent error of an
#: unfinished one, and why its trajectory could not be written (`runfolder.dump_record`).
PROBLEM_FIELDS = ("error", "trace_error")

#: A grid cell of a run that has no episode of the scenario.
NOT_RUN = "not run"

#: Characters of a tool result or a value shown before it is cut (the record has it whole).
RESULT_CHARS = 1500


def outcome(record: Record) -> Outcome:
    """pass / fail for a graded episode, else its status (error, judge_error)."""
    status = record.get("status", "ok")
    if status != "ok":
        return status  # type: ignore[no-any-return]
    return "pass" if record.get("passed") else "fail"


@dataclass(frozen=True)
class ScenarioRow:
    """One scenario: its labels and, per run, its episodes (one per repeat, none if not run)."""

    id: str
    category: str
    difficulty: str
    cells: tuple[tuple[Record, ...], ...]


def scenario_rows(runs: Sequence[Run]) -> list[ScenarioRow]:
    """Every scenario any run has an episode of (whatever its status), in id order."""
    by_run: list[dict[str, list[Record]]] = []
    labels: dict[str, Record] = {}
    for run in runs:
        episodes: dict[str, list[Record]] = {}
        for record in run.episodes or run.records:
            episodes.setdefault(record["id"], []).append(record)
            labels.setdefault(record["id"], record)
        by_run.append(episodes)
    return [
        ScenarioRow(
            scenario_id,
            str(labels[scenario_id].get("category") or "?"),
            str(labels[scenario_id].get("difficulty") or "?"),
            tuple(
                tuple(sorted(e.get(scenario_id, []), key=lambda r: r.get("repeat", 0)))
                for e in by_run
            ),
        )
        for scenario_id in sorted(labels)
    ]


def categories(rows: Sequence[ScenarioRow]) -> list[str]:
    return sorted({row.category for row in rows})


def checks(record: Record) -> list[ItemResult]:
    """The episode's graded items, failed (and judge errors) first, then the rest in order."""
    grade = record.get("grade")
    if not grade:
        return []
    items = Grade.model_validate(grade).items
    failed = [i for i in items if i.outcome in ("failed", "judge_error")]
    return failed + [i for i in items if i.outcome not in ("failed", "judge_error")]


def failed_checks(record: Record) -> list[ItemResult]:
    return [i for i in checks(record) if i.outcome in ("failed", "judge_error")]


def show(value: Any, limit: int = RESULT_CHARS) -> str:
    """A value as readable text (JSON for structures), cut at `limit` characters with a note."""
    if value is None:
        return ""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    if len(text) <= limit:
        return text
    return f"{text[:limit]} [... {len(text) - limit} more characters in results.jsonl]"


def score_text(record: Record) -> str:
    """The episode's outcome and score for a grid cell ("pass 1.00", "error")."""
    result = outcome(record)
    if result in ("pass", "fail"):
        return f"{result} {float(record.get('score') or 0.0):.2f}"
    return result


def cell_text(episodes: Sequence[Record], separator: str = " ") -> str:
    """A grid cell as text: each repeat's outcome and score, or "not run" for none."""
    return separator.join(map(score_text, episodes)) or NOT_RUN


@functools.cache
def scenario_query(scenario_id: str) -> str | None:
    """The scenario's user request, or None for a scenario this install lacks."""
    from emailbench_gym.errors import ScenarioError
    from emailbench_gym.scenarios import load_scenario

    try:
        return load_scenario(scenario_id).query
    except (KeyError, ValueError, ScenarioError):
        return None
