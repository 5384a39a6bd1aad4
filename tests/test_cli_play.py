"""`emailbench play`: a person's turns are read from stdin, bad lines are explained, the grade shown."""

from __future__ import annotations

import io

import pytest

from emailbench_gym.cli import main


def play(monkeypatch: pytest.MonkeyPatch, capsys, lines: list[str], *args: str) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code = main(["play", *args])
    return code, capsys.readouterr().out


def test_a_played_episode_is_graded_with_every_check(monkeypatch, capsys) -> None:
    code, out = play(
        monkeypatch,
        capsys,
        [
            "help messages_search",
            'messages_search {"query": "Raptor restructuring model"',  # broken JSON
            'messages_search ["Raptor"]',  # not an object
            "messages_nope {}",
            'messages_search {"query": "Raptor restructuring model v3"}',
            "answer Marcus attached Raptor_restructuring_model_v3.xls to his 10 Oct email.",
        ],
        "OB-H301",
        "--profile",
        "full",
    )
    assert code == 0
    assert "Task (OB-H301)" in out and "query: Words to look for" in out
    assert "The arguments are not JSON" in out and "must be a JSON object, got list" in out
    assert "error: " in out  # the unknown tool, as the env reports it
    assert '"msg-032"' in out
    assert "Score 1.00: passed." in out and "PASS    footprint" in out


def test_a_wrong_answer_shows_what_was_expected_and_found(monkeypatch, capsys) -> None:
    code, out = play(
        monkeypatch, capsys, ["answer It is Q3_PnL_attribution_Americas.xls."], "OB-H301"
    )
    assert code == 0 and "failed." in out and "FAIL" in out and "expected" in out


def test_input_ending_without_an_answer_grades_an_empty_one(monkeypatch, capsys) -> None:
    code, out = play(monkeypatch, capsys, [], "OB-N520")
    assert code == 0 and "graded with an empty one" in out and "failed." in out


def test_quit_and_an_unknown_scenario(monkeypatch, capsys) -> None:
    code, out = play(monkeypatch, capsys, ["quit"], "OB-N520")
    assert code == 0 and "Stopped without grading." in out
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "OB-ZZ999"]) == 2
    assert "unknown scenario" in capsys.readouterr().err
