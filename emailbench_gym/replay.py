"""Re-grade stored episodes without calling the model: replay the trace, then grade.

A record's trajectory holds every tool call as the env ran it (name, arguments, the
reason it was rejected before running, if any, and the result the model saw). The
env is deterministic, so replaying those calls through a fresh `Episode` rebuilds the
final state exactly; each replayed result is compared with the stored one, and a
difference (the scenario, corpus or package changed since the run) turns the record
into an `error`, which the next `emailbench run` plays again. The rebuilt episode is
then graded with the judge asked for: the way to add a judge to an old run, or to
grade the `judge_error` episodes of a judge outage.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from emailbench_gym.env import format_result
from emailbench_gym.episode import Episode
from emailbench_gym.grading.grade import Grade
from emailbench_gym.grading.judge import Judge
from emailbench_gym.scenarios import load_scenario
from emailbench_gym.tools import Profile, load_profile, restrict_arguments


class ReplayError(RuntimeError):
    """A stored trajectory cannot be replayed to the state it recorded."""


def replay(record: dict[str, Any], profile: Profile) -> Episode:
    """A fresh episode of the record's scenario with every stored call run again, checked."""
    if not isinstance(record.get("trajectory"), list):
        raise ReplayError("the record has no trajectory to replay")
    episode = Episode(load_scenario(record["id"]))
    profile = profile.for_domains(episode.scenario.domains)  # the tools the episode offered
    number = 0
    for turn in record["trajectory"]:
        for call in turn.get("calls") or []:
            number += 1
            name, arguments = call.get("name"), call.get("arguments")
            if "rejected" not in call:
                raise ReplayError(
                    "the trace predates replayable traces (no 'rejected' field); rerun the episode"
                )
            rejected = call["rejected"]
            if rejected is None and isinstance(arguments, dict):
                rejected = restrict_arguments(profile, name, arguments)
            result, is_error = episode.call(name, arguments, profile.allowed, rejected)
            if is_error != call.get("is_error") or format_result(result) != call.get("content"):
                raise ReplayError(
                    f"replayed call #{number} {name} gave another result than the stored one "
                    "(the scenario, corpus or package changed since the run); rerun the episode"
                )
    return episode


def grade_fields(grade: Grade) -> dict[str, Any]:
    """The record fields that come from a grade (status among them; `grade` the model)."""
    judge_failed = any(item.outcome == "judge_error" for item in grade.items)
    return {
        "status": "judge_error" if judge_failed else "ok",
        "error": _judge_errors(grade) if judge_failed else None,
        "passed": grade.passed if not judge_failed else False,
        "score": grade.score,
        "static_score": grade.static_score,
        "rubric_score": grade.rubric_score,
        "grade": grade,
    }


def _judge_errors(grade: Grade) -> str:
    reasons = sorted({i.reason for i in grade.items if i.outcome == "judge_error"})
    return "judge_error: " + " | ".join(reasons)


def regrade_record(record: dict[str, Any], profile: Profile, judge: Judge | None) -> dict[str, Any]:
    """The record re-graded from its replayed trajectory (status error if it cannot be)."""
    began = time.perf_counter()
    try:
        episode = replay(record, profile)
        grade = episode.grade(record.get("final_answer") or "", judge)
    except Exception as exc:  # a changed scenario, an old trace: the episode must be played again
        return {**record, "status": "error", "error": f"regrade: {type(exc).__name__}: {exc}"}
    fields = {**grade_fields(grade), "grade": grade.model_dump(mode="json")}
    return {**record, **fields, "grading_time": time.perf_counter() - began}


def regrade_records(
    records: list[dict[str, Any]],
    profile: str,
    judge: Judge | None,
    *,
    tools_mode: str = "profile",
    concurrency: int = 4,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Re-grade every record that has a finished trajectory (status ok or judge_error).

    `tools_mode` is the run's (run.json `tools`): with "domains" each episode offered only
    its scenario's domains' tools, and is replayed so."""
    tools = load_profile(profile).with_tools_mode(tools_mode)
    todo = [r for r in records if r.get("status") in ("ok", "judge_error")]
    done: list[dict[str, Any]] = []
    with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
        for record in pool.map(lambda r: regrade_record(r, tools, judge), todo):
            done.append(record)
            if on_record is not None:
                on_record(record)
    return done
