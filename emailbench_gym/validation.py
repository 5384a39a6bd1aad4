"""`emailbench validate`: prove each scenario both ways, and check that its file keeps its rules.

A scenario is valid when its reference solution passes, an empty episode fails and
earns no progress reward, an answer that names everything fails (for scenarios graded
on the answer), every honest solver's calibration answer passes, every requirement is
covered by a static check, and its setup and reset run. Each problem names the field
and the rule it breaks.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from emailbench_gym.episode import Episode
from emailbench_gym.errors import ScenarioError, ToolError
from emailbench_gym.grading.grade import Grade
from emailbench_gym.grading.reward import progress
from emailbench_gym.scenarios import Scenario, load_scenario, resolve_refs
from emailbench_gym.tools import load_profile, profile_names


class CalibrationSummary(BaseModel):
    accepted: int
    total: int


class ValidationReport(BaseModel):
    """What `emailbench validate --json` prints for one scenario."""

    id: str
    valid: bool
    reference_passed: bool
    reference_static_score: float
    null_passed: bool
    null_static_score: float
    null_reward: float
    kitchen_sink_passed: bool | None
    uncovered_requirements: list[str]
    calibration: CalibrationSummary
    completable: dict[str, bool] = {}
    problems: list[str]
    failures: list[dict[str, Any]] = []


def kitchen_sink_answer(episode: Episode) -> str:
    """An answer naming every entity of the workspace: it must never pass an answer check."""
    return episode.context.kitchen_sink


def _failing(grade: Grade, scenario: Scenario) -> list[str]:
    """Failed static checks, each named by its field in the file: assertions[3] ('senders')."""
    index = {a.id: n for n, a in enumerate(scenario.assertions)}
    return [
        f"assertions[{index.get(i.id, '?')}] ({i.id}): {i.found}"
        for i in grade.failures()
        if i.kind == "static"
    ]


def _replay(episode: Episode, calls: list[Any]) -> None:
    results: list[Any] = []
    for index, call in enumerate(calls):
        result, is_error = episode.call(call.name, resolve_refs(call.arguments, results))
        if is_error:
            raise ToolError("replay_failed", f"call #{index} {call.name} failed: {result}")
        results.append(result)


def validate(scenario: Scenario) -> ValidationReport:
    """Prove one scenario both ways (see the module docstring)."""
    problems: list[str] = []
    try:
        episode = Episode(scenario)
        episode.reset()
    except (ToolError, ScenarioError) as exc:
        return ValidationReport(
            id=scenario.id,
            valid=False,
            reference_passed=False,
            reference_static_score=0.0,
            null_passed=False,
            null_static_score=0.0,
            null_reward=0.0,
            kitchen_sink_passed=None,
            uncovered_requirements=scenario.uncovered_requirements(),
            calibration=CalibrationSummary(accepted=0, total=len(scenario.calibration)),
            problems=[f"setup: the scenario cannot be reset: {exc}"],
        )
    reference: Grade | None = None
    failures: list[dict[str, Any]] = []
    sink: bool | None = None
    # Calibration answers made with the reference's own calls are graded on the reference's
    # end state while the episode holds it: replaying the same calls after a reset rebuilds
    # exactly that state, so the grade is the same and the replays are saved.
    on_reference: dict[int, Grade] = {}
    try:
        _results, answer = episode.replay_reference()
        reference = episode.grade(answer)
        for index, sample in enumerate(scenario.calibration):
            if sample.calls is None:
                on_reference[index] = episode.grade(sample.answer)
        if not reference.passed:
            failures = [i.model_dump(exclude={"kind"}) for i in reference.failures()]
            problems.extend(
                f"{line} fails on the reference solution and answer (a check must accept its "
                "own reference)"
                for line in _failing(reference, scenario)
            )
        if scenario.answer_graded:
            sink = episode.grade(kitchen_sink_answer(episode)).passed
            if sink:
                problems.append("answer checks: an answer naming every entity passes them")
    except (ToolError, ScenarioError) as exc:
        problems.append(f"solution: {exc}")
    episode.reset()
    null = episode.grade("")
    if null.passed:
        problems.append("assertions: an episode that does nothing passes")
    null_reward = progress(null)
    if null_reward > 0:
        problems.append(f"assertions: doing nothing earns progress reward {null_reward:.2f}")
    uncovered = scenario.uncovered_requirements()
    if not scenario.requirements:
        problems.append("requirements: the scenario lists none")
    problems.extend(
        f"requirements: {r} names no check (no static check covers it; a rubric alone does not)"
        for r in uncovered
    )
    accepted = 0
    for index, sample in enumerate(scenario.calibration):
        grade = on_reference.get(index)
        if grade is None:
            episode.reset()
            try:
                _replay(
                    episode, sample.calls if sample.calls is not None else scenario.solution.calls
                )
            except (ToolError, ScenarioError) as exc:
                problems.append(f"calibration[{index}] ({sample.source or '?'}): {exc}")
                continue
            grade = episode.grade(sample.answer)
        if grade.passed:
            accepted += 1
        else:
            problems.append(
                f"calibration[{index}] ({sample.style or '?'}, {sample.source or '?'}) fails: "
                + "; ".join(_failing(grade, scenario))
            )
    completable: dict[str, bool] = {}
    for name in profile_names():
        profile = load_profile(name)
        completable[name] = scenario.solution_for(profile) is not None
        alternative = scenario.profile_solutions.get(name)
        if alternative is None:
            continue
        if not scenario.fits(alternative, profile):
            problems.append(
                f"profile_solutions.{name}: uses tools or parameters outside the {name} profile"
            )
            continue
        episode.reset()
        try:
            _replay(episode, alternative.calls)
        except (ToolError, ScenarioError) as exc:
            problems.append(f"profile_solutions.{name}: {exc}")
            continue
        grade = episode.grade(alternative.answer)
        if not grade.passed:
            problems.append(
                f"profile_solutions.{name} fails: " + "; ".join(_failing(grade, scenario))
            )
    episode.reset()
    return ValidationReport(
        id=scenario.id,
        valid=not problems,
        reference_passed=bool(reference and reference.passed),
        reference_static_score=reference.static_score or 0.0 if reference else 0.0,
        null_passed=null.passed,
        null_static_score=null.static_score or 0.0,
        null_reward=null_reward,
        kitchen_sink_passed=sink,
        uncovered_requirements=uncovered,
        calibration=CalibrationSummary(accepted=accepted, total=len(scenario.calibration)),
        completable=completable,
        problems=problems,
        failures=failures,
    )


def validate_scenario(scenario_id: str) -> ValidationReport:
    return validate(load_scenario(scenario_id))
