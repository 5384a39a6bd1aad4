"""Scoring as in the paper (Table 17), with every item explained, plus what the RL reward needs.

static score = fraction of static checks passed; rubric score = mean rubric score;
score = mean of the two when both exist, else the one present; passed = score >= 0.5
and every critical item passed. Without a judge, rubrics are `skipped`: they neither
count in the score nor block a pass (documented fallback to the static part). A judge
failure is `judge_error`: score 0, and a failure if the rubric is critical. Each item
also records the requirements it covers and whether an empty episode already passes
it (`vacuous`), which the progress reward (reward.py) needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel

from emailbench_gym.api.models import APISnapshot
from emailbench_gym.grading.checks.base import EpisodeView
from emailbench_gym.grading.context import ScenarioContext
from emailbench_gym.grading.evidence import Evidence, build_evidence
from emailbench_gym.grading.judge import Judge, JudgeError
from emailbench_gym.mailbox import Changes
from emailbench_gym.redact import redact

Outcome = Literal["passed", "failed", "skipped", "judge_error"]


class ItemResult(BaseModel):
    """One graded item: a static check or a rubric."""

    kind: Literal["static", "rubric"]
    type: str
    id: str = ""
    description: str
    critical: bool
    outcome: Outcome
    score: float | None
    expected: Any = None
    found: Any = None
    reason: str = ""
    covers: list[str] = []
    vacuous: bool = False


class Grade(BaseModel):
    """The grade of one episode."""

    score: float
    passed: bool
    static_score: float | None
    rubric_score: float | None
    items: list[ItemResult]
    judge: str | None = None

    def failures(self) -> list[ItemResult]:
        return [i for i in self.items if i.outcome in ("failed", "judge_error")]


def grade_episode(
    context: ScenarioContext,
    final: APISnapshot,
    changes: Changes,
    answer: str,
    calls: Sequence[dict[str, Any]] = (),
    judge: Judge | None = None,
) -> Grade:
    """Grade one finished episode of the context's scenario."""
    scenario = context.scenario
    episode = EpisodeView(context.initial, final, changes, answer or "", calls, context)
    vacuous = context.vacuous
    items: list[ItemResult] = []
    for assertion in scenario.assertions:
        outcome = assertion.check(episode)
        items.append(
            ItemResult(
                kind="static",
                type=assertion.type,
                id=assertion.id,
                description=assertion.description,
                critical=assertion.critical,
                outcome="passed" if outcome.passed else "failed",
                score=1.0 if outcome.passed else 0.0,
                expected=_jsonable(outcome.expected),
                found=_jsonable(outcome.found),
                covers=list(assertion.covers),
                vacuous=assertion.id in vacuous,
            )
        )
    if scenario.rubrics:
        evidence = (
            build_evidence(scenario.query, answer, calls, context.initial, final) if judge else None
        )
        for rubric in scenario.rubrics:
            items.append(_judge_rubric(rubric, judge, evidence))
    return score_items(items, judge.name if judge else None)


def _judge_rubric(rubric: Any, judge: Judge | None, evidence: Evidence | None) -> ItemResult:
    base = {
        "kind": "rubric",
        "type": "llm-rubric",
        "description": rubric.criterion,
        "critical": rubric.critical,
        "covers": list(rubric.covers),
    }
    if judge is None or evidence is None:
        return ItemResult(**base, outcome="skipped", score=None, reason="no judge configured")
    try:
        verdict = judge.judge(rubric.criterion, evidence)
    except JudgeError as exc:
        return ItemResult(**base, outcome="judge_error", score=0.0, reason=str(exc))
    except Exception as exc:  # a custom judge object that raises anything: still judge_error
        reason = redact(f"{getattr(judge, 'name', 'judge')}: {type(exc).__name__}: {exc}")
        return ItemResult(**base, outcome="judge_error", score=0.0, reason=reason)
    return ItemResult(
        **base,
        outcome="passed" if verdict.score >= 0.5 else "failed",
        score=verdict.score,
        reason=verdict.reason,
    )


def score_items(items: list[ItemResult], judge: str | None = None) -> Grade:
    static = [i.score for i in items if i.kind == "static" and i.score is not None]
    rubric = [i.score for i in items if i.kind == "rubric" and i.score is not None]
    static_score = sum(static) / len(static) if static else None
    rubric_score = sum(rubric) / len(rubric) if rubric else None
    parts = [s for s in (static_score, rubric_score) if s is not None]
    score = sum(parts) / len(parts) if parts else 0.0
    critical_ok = all(i.outcome in ("passed", "skipped") for i in items if i.critical)
    return Grade(
        score=score,
        passed=bool(parts) and score >= 0.5 and critical_ok,
        static_score=static_score,
        rubric_score=rubric_score,
        items=items,
        judge=judge,
    )


def _jsonable(value: Any) -> Any:
    """Plain JSON data: containers recurse, anything unusual (datetimes, models) becomes text."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, list) and all(type(v) is str for v in value):
        return list(value)  # a copy: a kept outcome's list is never shared with a grade
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)
