"""The scenario suite: every scenario proven solvable and not gameable; the paper's distributions pinned."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from emailbench_gym.episode import Episode
from emailbench_gym.grading import ASSERTION_TYPES
from emailbench_gym.scenarios import load_all, scenario_ids
from emailbench_gym.validation import kitchen_sink_answer, validate_scenario

SCENARIOS = load_all()


@pytest.fixture(scope="module")
def validation():
    return {row.id: row for row in (validate_scenario(s.id) for s in SCENARIOS)}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_reference_passes_and_doing_nothing_fails(scenario, validation):
    row = validation[scenario.id]
    assert row.reference_passed, row.problems
    assert not row.null_passed and row.null_reward == 0.0, row.problems


ANSWER_GRADED = [s for s in SCENARIOS if s.answer_graded]


@pytest.mark.parametrize("scenario", ANSWER_GRADED, ids=lambda s: s.id)
def test_kitchen_sink_answer_fails(scenario):
    episode = Episode(scenario)
    episode.replay_reference()  # even with the right state changes, the answer must not game it
    grade = episode.grade(kitchen_sink_answer(episode))
    assert not grade.passed, [i.description for i in grade.items if i.outcome == "passed"]


def test_ids_are_unique_and_every_scenario_has_static_checks_and_a_rubric():
    assert len(set(scenario_ids())) == len(SCENARIOS)
    assert all(s.assertions and s.rubrics for s in SCENARIOS)
    queries = [" ".join(s.query.lower().split()) for s in SCENARIOS]
    assert len(set(queries)) == len(queries)


def test_published_scenarios_are_verbatim():
    by_id = {s.id: s for s in SCENARIOS}
    assert by_id["OB-H312"].query.startswith(
        "For each person who emailed me, calculate what percentage"
    )
    assert (by_id["OB-N520"].category, by_id["OB-N520"].difficulty) == ("folders", "D3")
    assert (by_id["OB-H307"].category, by_id["OB-H307"].difficulty) == ("inbox-cleanup", "D3")
    assert len(by_id["OB-H307"].assertions) >= 6 and len(by_id["OB-N520"].assertions) >= 5


def test_distribution_matches_the_paper():
    categories = Counter(s.category for s in SCENARIOS)
    assert categories == {
        "messages-read": 39,
        "orchestration": 17,
        "cross-domain": 15,
        "messages-write": 15,
        "multi-domain": 12,
        "calendar-read": 12,
        "calendar-write": 12,
        "contacts": 12,
        "filters": 10,
        "boards": 10,
        "todo": 9,
        "meeting-prep": 9,
        "inbox-cleanup": 9,
        "folders": 9,
        "calendar-triage": 8,
        "settings": 8,
    }
    assert Counter(s.difficulty for s in SCENARIOS) == {"D1": 17, "D2": 121, "D3": 68}
    assert Counter(len(s.domains) for s in SCENARIOS) == {1: 122, 2: 53, 3: 24, 4: 7}
    assert Counter(s.retained for s in SCENARIOS) == {True: 152, False: 54}
    assert sum(len(s.assertions) for s in SCENARIOS) >= 258
    assert sum(len(s.rubrics) for s in SCENARIOS) >= 211
    assert {a.type for s in SCENARIOS for a in s.assertions} <= set(ASSERTION_TYPES)


def test_reference_agent_passes_every_scenario_through_the_env(tmp_path):
    """The README's main job: every reference solution also passes as seen through the env."""
    from emailbench_gym.cli import main

    assert main(["run", "--agent", "reference", "--out", str(tmp_path), "--quiet"]) == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["episodes"] == len(SCENARIOS) and summary["passed"] == len(SCENARIOS)
