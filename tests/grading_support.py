"""Build throwaway scenarios and grade episodes of them (for the grading tests)."""

from __future__ import annotations

from typing import Any

from emailbench_gym.episode import Episode
from emailbench_gym.grading.grade import Grade
from emailbench_gym.scenarios import Scenario

STATE_CALLS: list[dict[str, Any]] = [
    {"name": "folders_create", "arguments": {"displayName": "Projects"}},
    {"name": "folders_create", "arguments": {"displayName": "Raptor", "parentFolderId": "$0.id"}},
    {"name": "messages_move", "arguments": {"id": "msg-001", "destinationId": "$1.id"}},
    {"name": "messages_flag", "arguments": {"id": "msg-002", "flagStatus": "complete"}},
    {
        "name": "messages_send",
        "arguments": {
            "subject": "Raptor exposure summary",
            "body": "Sally, the Raptor hedges are underwater by $500M.",
            "toRecipients": ["sally.beck@enron.com"],
        },
    },
]


def make_scenario(
    assertions: list[dict[str, Any]],
    calls: list[dict[str, Any]] | None = None,
    answer: str = "Done.",
    **extra: Any,
) -> Scenario:
    """A scenario whose reference solution is `calls` (default: STATE_CALLS)."""
    return Scenario.model_validate(
        {
            "id": "OB-Z901",
            "query": "A scenario written for a test.",
            "category": "folders",
            "difficulty": "D1",
            "domains": ["folders"],
            "retained": True,
            "assertions": assertions,
            "rubrics": [{"criterion": "The work was done as asked."}],
            "solution": {"calls": STATE_CALLS if calls is None else calls, "answer": answer},
            **extra,
        }
    )


def play(scenario: Scenario, calls: list[dict[str, Any]] | None = None, answer: str = "") -> Grade:
    """Grade an episode of `scenario` that makes `calls` ($N refs allowed) and answers `answer`."""
    from emailbench_gym.scenarios import resolve_refs

    episode = Episode(scenario)
    results: list[Any] = []
    for call in scenario.solution.model_dump()["calls"] if calls is None else calls:
        result, is_error = episode.call(call["name"], resolve_refs(call["arguments"], results))
        assert not is_error, result
        results.append(result)
    return episode.grade(answer)


def outcome(grade: Grade, check_id: str) -> bool:
    """Whether the check with this id passed."""
    item = next(i for i in grade.items if i.id == check_id)
    return item.outcome == "passed"


def passes(
    spec: dict[str, Any], calls: list[dict[str, Any]] | None = None, answer: str = ""
) -> bool:
    """Whether one check (id "c") passes on the STATE_CALLS episode (or `calls`) with `answer`."""
    scenario = make_scenario([{**spec, "id": "c"}])
    return outcome(play(scenario, calls if calls is not None else STATE_CALLS, answer), "c")
