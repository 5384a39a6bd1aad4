"""Submissions: a run folder validated by `emailbench check-submission`, each problem named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from emailbench_gym.agents.base import make_agent_factory
from emailbench_gym.catalog import suite_hash
from emailbench_gym.cli import main
from emailbench_gym.runfolder import CONFIG, RESULTS, SUMMARY
from emailbench_gym.runner import run
from emailbench_gym.submission import check_submission
from tests import runner_support


@pytest.fixture
def folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    ids = runner_support.install(monkeypatch, tmp_path)
    out = tmp_path / "run"
    run(make_agent_factory("reference"), ids, out, repeats=2, profile="full")
    return out


def lines(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / RESULTS).read_text().splitlines()]


def write_lines(folder: Path, records: list[dict]) -> None:
    (folder / RESULTS).write_text("".join(json.dumps(r) + "\n" for r in records))


def test_a_finished_run_is_a_valid_submission(folder, capsys):
    assert check_submission(folder, suite=suite_hash()) == []
    assert main(["check-submission", str(folder)]) == 0
    assert "a valid submission" in capsys.readouterr().out


def test_each_problem_is_named_with_file_line_and_field(folder, capsys):
    records = lines(folder)
    records[1]["score"] = 2.0  # out of range
    records[2]["suite_hash"] = "f" * 64
    del records[3]["tokens"]
    records.append(dict(records[0]))  # a duplicate episode
    write_lines(folder, records)
    problems = check_submission(folder, suite=suite_hash())
    text = "\n".join(problems)
    assert f"{RESULTS} line 2: score: Input should be less than or equal to 1" in text
    assert f"{RESULTS} line 3: suite_hash {'f' * 64} differs from {CONFIG}'s" in text
    assert f"{RESULTS} line 4: tokens: Field required" in text
    assert f"{RESULTS} line 5: a second record of {records[0]['id']} repeat" in text
    assert "2 of 4 episodes asked for by run.json have no record" in text  # lines 2, 4 invalid
    assert main(["check-submission", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "not a valid submission" in err and "tokens: Field required" in err


def test_missing_episodes_unfinished_ones_and_a_stale_summary_are_reported(folder):
    records = lines(folder)
    records[0]["status"] = "error"
    write_lines(folder, records[:3])
    summary = json.loads((folder / SUMMARY).read_text())
    problems = check_submission(folder, suite=suite_hash())
    text = "\n".join(problems)
    assert "is error, not graded" in text
    assert "1 of 4 episodes asked for by run.json have no record" in text
    assert f"{SUMMARY}: episodes is {summary['episodes']}, the records give 2" in text


def test_another_suite_is_refused_unless_any_suite_is_asked(folder, capsys):
    problems = check_submission(folder, suite="0" * 64)
    assert len(problems) == 1 and f"is not this install's {'0' * 64}" in problems[0]
    assert check_submission(folder, suite=None) == []
    assert main(["check-submission", str(folder), "--any-suite"]) == 0


def test_a_folder_that_is_not_a_run_is_explained(tmp_path):
    assert "not a folder" in check_submission(tmp_path / "nowhere")[0]
    problems = check_submission(tmp_path)
    assert any(p.startswith(f"{CONFIG}: missing") for p in problems)
    assert any(p.startswith(f"{RESULTS}: missing") for p in problems)
    (tmp_path / CONFIG).write_text("{not json")
    (tmp_path / RESULTS).write_text("[1]\nnope\n")
    problems = check_submission(tmp_path)
    text = "\n".join(problems)
    assert f"{CONFIG}: not readable JSON" in text
    assert f"{RESULTS} line 1: (the whole object): Input should be" in text
    assert f"{RESULTS} line 2: not JSON" in text
