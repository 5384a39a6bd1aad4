"""`emailbench validate` rejects broken scenario files, naming the file, the field and the rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from emailbench_gym.errors import ScenarioError
from emailbench_gym.scenarios import parse_scenario_file
from emailbench_gym.validation import validate
from tests.grading_support import STATE_CALLS

BASE = {
    "id": "OB-Z901",
    "query": "Move msg-001 into a new Projects/Raptor folder and flag msg-002 complete.",
    "category": "folders",
    "difficulty": "D1",
    "domains": ["folders"],
    "retained": True,
    "requirements": [{"id": "R1", "text": "Move msg-001 into Projects/Raptor."}],
    "assertions": [
        {
            "id": "moved",
            "covers": ["R1"],
            "type": "moved-message",
            "message_ids": ["msg-001"],
            "folder": "Projects/Raptor",
        }
    ],
    "rubrics": [{"criterion": "The work was done as asked."}],
    "solution": {"calls": STATE_CALLS, "answer": "Done: msg-001 is in Projects/Raptor."},
}


def write(tmp_path: Path, **changes) -> Path:
    path = tmp_path / "folders" / "OB-Z901.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**BASE, **changes}))
    return path


def test_a_consistent_scenario_is_valid(tmp_path):
    report = validate(parse_scenario_file(write(tmp_path)))
    assert report.valid, report.problems
    assert report.uncovered_requirements == [] and report.null_reward == 0.0


def test_a_requirement_that_names_no_check_is_reported(tmp_path):
    requirements = [*BASE["requirements"], {"id": "R2", "text": "Flag msg-002 as complete."}]
    report = validate(parse_scenario_file(write(tmp_path, requirements=requirements)))
    assert not report.valid and report.uncovered_requirements == ["R2"]
    assert any(p.startswith("requirements: R2 names no check") for p in report.problems)


def test_a_check_naming_an_unknown_requirement_is_rejected_with_file_and_field(tmp_path):
    checks = [{**BASE["assertions"][0], "covers": ["R9"]}]
    path = write(tmp_path, assertions=checks)
    with pytest.raises(ScenarioError, match=r"OB-Z901\.json.*unknown requirements \['R9'\]"):
        parse_scenario_file(path)


@pytest.mark.parametrize("removed", ["return-contains", "return-excludes"])
def test_a_removed_word_check_is_rejected_with_file_field_and_rule(tmp_path, capsys, removed):
    from emailbench_gym.cli import main

    word_check = {"id": "says-raptor", "type": removed, "values": ["Raptor"]}
    path = write(tmp_path, assertions=[*BASE["assertions"], word_check])
    with pytest.raises(ScenarioError, match=r"OB-Z901\.json: field 'assertions': .*\[1\]"):
        parse_scenario_file(path)
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}: field 'assertions'" in out
    assert f"assertions[1] (says-raptor) has type '{removed}'" in out
    assert "answer-items, answer-values or answer-text" in out


def test_a_latitude_without_a_reason_is_rejected(tmp_path):
    footprint = {
        "id": "footprint",
        "type": "footprint",
        "latitude": [{"collection": "messages", "fields": ["isRead"]}],
    }
    path = write(tmp_path, assertions=[*BASE["assertions"], footprint])
    with pytest.raises(
        ScenarioError, match=r"OB-Z901\.json: field 'assertions\.1\.footprint\.latitude\.0\.reason'"
    ):
        parse_scenario_file(path)


def test_an_answer_spec_that_cannot_match_its_own_reference_answer_is_reported(tmp_path):
    claim = {
        "id": "says-ferc",
        "covers": ["R1"],
        "type": "answer-items",
        "kind": "folder",
        "members": ["folder-archive"],
    }
    report = validate(parse_scenario_file(write(tmp_path, assertions=[*BASE["assertions"], claim])))
    assert not report.valid
    assert any(
        p.startswith("assertions[1] (says-ferc)") and "fails on the reference" in p
        for p in report.problems
    )


def test_calibration_answers_are_counted_and_failures_named(tmp_path):
    calibration = [
        {"answer": "Moved it into Projects/Raptor.", "style": "terse", "source": "t"},
        {"answer": "Done.", "style": "terse", "source": "t", "calls": []},
    ]
    report = validate(parse_scenario_file(write(tmp_path, calibration=calibration)))
    assert (report.calibration.accepted, report.calibration.total) == (1, 2)
    assert any(p.startswith("calibration[1] (terse, t) fails") for p in report.problems)


def test_completability_per_profile_is_reported_and_profile_solutions_are_proven(tmp_path):
    report = validate(parse_scenario_file(write(tmp_path)))
    assert report.completable == {"adapter": True, "full": True}
    board_call = {"name": "boards_list", "arguments": {}}
    outside = {"calls": [*STATE_CALLS, board_call], "answer": "Done."}
    report = validate(parse_scenario_file(write(tmp_path, profile_solutions={"adapter": outside})))
    assert "profile_solutions.adapter: uses tools or parameters outside the adapter profile" in (
        report.problems
    )
    wrong = {"calls": STATE_CALLS[:2], "answer": "Done."}  # the message is never moved
    report = validate(parse_scenario_file(write(tmp_path, profile_solutions={"adapter": wrong})))
    assert any(p.startswith("profile_solutions.adapter fails: ") for p in report.problems)
