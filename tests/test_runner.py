"""The runner: records, resume after a kill, errors retried, concurrency, keys, the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from emailbench_gym.agents.base import make_agent_factory
from emailbench_gym.cli import main
from emailbench_gym.runner import RESULTS, SUMMARY, read_records, run, select_scenarios, summarize
from emailbench_gym.scenarios import scenario_ids
from tests import runner_support
from tests.fakellm import FakeLLM, Reply, Request, chat_text, chat_tool_calls, error

PUBLISHED = ("OB-N520", "OB-H312", "OB-H307")
RECORD_KEYS = {
    "id", "model", "agent", "suite_hash", "repeat", "status", "error", "category", "difficulty",
    "domains", "retained", "passed", "score", "static_score", "rubric_score", "calls", "failed_calls",
    "iterations", "terminated", "truncated", "latency", "grading_time", "tokens", "final_answer",
    "trajectory", "grade",
}  # fmt: skip


@pytest.fixture
def ids(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    return runner_support.install(monkeypatch, tmp_path)


def folder_model(request: Request) -> Reply:
    """A stateless scripted model: create the folder the task names, then say so."""
    messages = request.body["messages"]
    folder = re.search(r"named (\w+)", messages[1]["content"]).group(1)
    if any(m["role"] == "tool" for m in messages):
        return chat_text(f"Created {folder}.")
    return chat_tool_calls([("folders_create", {"displayName": folder, "parentFolderId": None})])


def chat_factory(server: FakeLLM, **options: Any):
    return make_agent_factory("openai:fake", base_url=server.openai_base_url, **options)


def pairs(records: list[dict[str, Any]]) -> list[tuple[str, int]]:
    return sorted((r["id"], r["repeat"]) for r in records)


@pytest.mark.parametrize("scenario_id", PUBLISHED)
def test_reference_agent_passes_published_scenarios(scenario_id: str, tmp_path: Path) -> None:
    if scenario_id not in scenario_ids():
        pytest.skip(f"{scenario_id} is not authored yet")
    summary = run(make_agent_factory("reference"), [scenario_id], tmp_path, profile="full")
    record = read_records(tmp_path / RESULTS)[0]
    assert record["status"] == "ok", record["error"]
    assert record["passed"], [i for i in record["grade"]["items"] if i["outcome"] == "failed"]
    assert summary["passed"] == 1


def test_records_follow_the_contract(ids: list[str], tmp_path: Path) -> None:
    with FakeLLM(folder_model) as server:
        summary = run(chat_factory(server), ids, tmp_path, repeats=2, concurrency=4)
    records = read_records(tmp_path / RESULTS)
    assert pairs(records) == [(i, k) for i in sorted(ids) for k in (0, 1)]
    for record in records:
        assert set(record) == RECORD_KEYS
        assert record["model"] == "openai:fake" and record["agent"] == "openai_chat"
        assert record["status"] == "ok" and record["passed"]
        assert record["grade"]["passed"] and record["tokens"] == {"input": 22, "output": 14}
        turn = record["trajectory"][0]
        assert set(turn) == {"iteration", "text", "latency", "tokens", "calls"}
        assert set(turn["calls"][0]) == {
            "id",
            "name",
            "arguments",
            "rejected",
            "is_error",
            "content",
        }
    assert json.loads((tmp_path / SUMMARY).read_text()) == summary
    assert summary["episodes"] == 4 and summary["pass_rate"] == 100.0
    assert summary["retained_pass_rate"] == 100.0 and summary["removed_pass_rate"] == 100.0
    assert summary["llm"] is None and summary["errors"] == 0 and summary["judge_errors"] == 0


def test_resume_after_a_kill_loses_and_duplicates_nothing(ids: list[str], tmp_path: Path) -> None:
    class Killed(Exception):
        pass

    def kill_after_two(record: dict[str, Any]) -> None:
        if len(read_records(tmp_path / RESULTS)) == 2:
            raise Killed

    factory = make_agent_factory("reference")
    with pytest.raises(Killed):
        run(factory, ids, tmp_path, repeats=3, profile="full", on_record=kill_after_two)
    path = tmp_path / RESULTS
    first_lines = path.read_text().splitlines()
    assert 2 <= len(first_lines) < 6
    with path.open("a") as handle:  # a write cut short by the kill
        handle.write('{"id": "OB-Z901", "model": "refer')
    summary = run(factory, ids, tmp_path, repeats=3, profile="full")
    records = read_records(path)
    assert pairs(records) == [(i, k) for i in sorted(ids) for k in range(3)]
    assert path.read_text().splitlines()[:2] == first_lines[:2]  # earlier episodes kept as is
    assert summary["episodes"] == 6 and summary["passed"] == 6
    run(factory, ids, tmp_path, repeats=3, profile="full")  # nothing left to do
    assert len(read_records(path)) == 6


def test_errors_are_not_fails_and_a_rerun_retries_them(ids: list[str], tmp_path: Path) -> None:
    def half_broken(request: Request) -> Reply:
        if "Archive2001" in request.body["messages"][1]["content"]:
            return Reply(status=500, body=error(500).body)
        return folder_model(request)

    with FakeLLM(half_broken) as server:
        summary = run(chat_factory(server, max_retries=0), ids, tmp_path)
    assert summary["errors"] == 1 and summary["episodes"] == 1 and summary["pass_rate"] == 100.0
    broken = [r for r in read_records(tmp_path / RESULTS) if r["status"] == "error"]
    assert broken[0]["id"] == runner_support.SYNTHETIC_ID_2 and "500" in broken[0]["error"]
    with FakeLLM(folder_model) as server:
        summary = run(chat_factory(server), ids, tmp_path)
        assert len(server.requests) == 2  # only the errored episode ran again
    records = read_records(tmp_path / RESULTS)
    assert pairs(records) == [(i, 0) for i in sorted(ids)]
    assert all(r["status"] == "ok" for r in records)
    assert summary["errors"] == 0 and summary["passed"] == 2


def test_no_api_key_in_any_output_file(
    ids: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = "sk-test-DoNotWriteMe-0123456789"
    monkeypatch.setenv("OPENAI_API_KEY", key)

    def leaky(request: Request) -> Reply:  # a model that even repeats the key back
        reply = folder_model(request)
        if reply.body["choices"][0]["message"].get("content"):
            return chat_text(f"Created. Your key is {key}")
        return reply

    with FakeLLM(leaky) as server:
        run(chat_factory(server), ids, tmp_path / "out")
    assert all(r.headers["authorization"] == f"Bearer {key}" for r in server.requests)
    files = [p for p in (tmp_path / "out").rglob("*") if p.is_file()]
    assert {p.name for p in files} == {RESULTS, SUMMARY, "run.json", "run.lock"}
    assert all(key not in p.read_text() for p in files)
    assert "[redacted]" in (tmp_path / "out" / RESULTS).read_text()


def test_a_folder_holds_one_model(ids: list[str], tmp_path: Path) -> None:
    run(make_agent_factory("reference"), ids[:1], tmp_path, profile="full")
    with pytest.raises(ValueError, match='the folder has "reference", this run asks for "random"'):
        run(make_agent_factory("random"), ids[:1], tmp_path, profile="full")


def test_summary_matches_hand_computed_values() -> None:
    def rec(**kw: Any) -> dict[str, Any]:
        base = {"model": "m", "status": "ok", "retained": True, "passed": False, "score": 0.0,
                "static_score": None, "rubric_score": None, "calls": 0, "failed_calls": 0,
                "latency": 1.0, "grade": {"judge": "openai:j"}}  # fmt: skip
        return {**base, **kw}

    records = [
        rec(passed=True, score=1.0, static_score=1.0, rubric_score=1.0, calls=4, latency=2.0),
        rec(static_score=0.5, rubric_score=0.5, calls=2, failed_calls=1, latency=4.0),
        rec(retained=False, passed=True, score=0.75, rubric_score=0.75, calls=3),
        rec(retained=False),
        rec(status="error", passed=False),
        rec(status="judge_error", passed=False, score=0.5, static_score=1.0),
    ]
    records = [{**r, "id": f"OB-Z{n:03d}", "repeat": 0} for n, r in enumerate(records)]
    summary = summarize(records)
    assert summary["judge_errors"] == 1  # played, not graded: neither a pass nor a fail
    assert summary["episodes"] == 4 and summary["passed"] == 2 and summary["errors"] == 1
    assert summary["pass_rate"] == 50.0
    assert summary["retained_pass_rate"] == 50.0 and summary["removed_pass_rate"] == 50.0
    assert summary["static"] == 0.75  # (1.0 + 0.5) / 2: nulls left out
    assert summary["llm"] == pytest.approx(2.25 / 4)  # null counts as 0 with a judge
    assert summary["calls"] == 9 / 4 and summary["call_ok"] == pytest.approx(800 / 9)
    assert summary["clean"] == 50.0  # 1st and 3rd: calls and no failure
    assert summary["latency"] == 2.0
    unjudged = [{**r, "grade": {"judge": None}} for r in records]
    assert summarize(unjudged)["llm"] is None


def test_select_scenarios(ids: list[str]) -> None:
    z1, z2 = ids
    assert select_scenarios(z1) == [z1]
    assert {z1, z2} <= set(select_scenarios("folders"))
    assert select_scenarios(f"{z1},{z2},retained") == [z1]
    assert select_scenarios(f"{z1},{z2},removed,d1") == [z2]
    assert select_scenarios(None) == scenario_ids()
    with pytest.raises(ValueError, match="not a scenario id"):
        select_scenarios("OB-X000")
    with pytest.raises(ValueError, match="selects no scenario"):
        select_scenarios(f"{z1},D3")


def test_cli_reference_run_prints_the_table3_row(
    ids: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ref"
    code = main(["run", "--agent", "reference", "--scenarios", ",".join(ids), "--out", str(out)])
    printed = capsys.readouterr().out
    assert code == 0
    header, row = printed.splitlines()[:2]
    assert header.split() == ["Model", "Pass", "Full", "Ret.", "Rem.", "Static", "LLM", "Calls", "Call", "ok", "Clean", "Latency"]  # fmt: skip
    assert row.split()[:8] == ["reference", "2/2", "100.0", "100.0", "100.0", "1.000", "-", "2.00"]
    assert "profile full" in printed
    assert json.loads((out / SUMMARY).read_text())["passed"] == 2


def test_cli_model_run(ids: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with FakeLLM(folder_model) as server:
        code = main(
            ["run", "--model", "openai:fake", "--base-url", server.openai_base_url,
             "--scenarios", ids[0], "--repeats", "2", "--out", str(tmp_path), "--quiet"]
        )  # fmt: skip
    assert code == 0
    assert "openai:fake  2/2" in capsys.readouterr().out
    assert main(["run", "--agent", "random", "--scenarios", "nonsense"]) == 2
