"""Run folders: judge_error episodes, regrade, configuration, one writer, clean failures."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import types
from pathlib import Path
from typing import Any

import pytest

from emailbench_gym.agents.base import make_agent_factory
from emailbench_gym.cli import main
from emailbench_gym.grading.judge import Verdict
from emailbench_gym.runfolder import CONFIG, RecordWriter, RunFolder, RunFolderError
from emailbench_gym.runner import (
    RESULTS,
    RunInterrupted,
    read_records,
    regrade_run,
    run,
    table3_row,
)
from tests import runner_support
from tests.fakellm import FakeLLM, Reply, Request, chat_text, chat_tool_calls, error
from tests.test_runner import chat_factory, folder_model, pairs

VERDICT = chat_text(json.dumps({"score": 1, "reason": "confirmed"}))
REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def ids(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    return runner_support.install(monkeypatch, tmp_path)


@pytest.fixture(autouse=True)
def _cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("EMAILBENCH_CACHE", str(tmp_path / "cache"))


def judge_spec(server: FakeLLM) -> dict[str, Any]:
    from emailbench_gym.grading.judge import make_judge

    return {
        "judge": make_judge(
            "openai:judge",
            base_url=server.openai_base_url,
            api_key="k",
            max_attempts=2,
            sleep=lambda s: None,
        )
    }


class Outage:
    """A judge server that answers `down` for every real verdict request while `down` is set."""

    def __init__(self, down: Reply | None) -> None:
        self.down = down

    def __call__(self, request: Request) -> Reply:
        prompt = request.body["messages"][-1]["content"]
        if self.down is not None and "RUBRIC CRITERION" in prompt:
            return self.down
        return VERDICT


def test_a_judge_outage_is_never_a_model_failure_and_a_rerun_grades_it(ids, tmp_path):
    out = tmp_path / "out"
    outage = Outage(error(503))
    with FakeLLM(folder_model) as model, FakeLLM(outage) as judge_server:
        summary = run(chat_factory(model), ids, out, **judge_spec(judge_server))
        records = read_records(out / RESULTS)
        assert [r["status"] for r in records] == ["judge_error", "judge_error"]
        assert all(not r["passed"] and "HTTP 503" in r["error"] for r in records)
        assert summary["episodes"] == 0 and summary["judge_errors"] == 2
        assert summary["errors"] == 0 and summary["pass_rate"] is None
        assert "2 episode(s) not graded" in table3_row(summary)
        played = len(model.requests)
        outage.down = None  # the judge is back
        summary = run(chat_factory(model), ids, out, **judge_spec(judge_server))
        assert len(model.requests) == played  # graded from the traces: no model call
    records = read_records(out / RESULTS)
    assert pairs(records) == [(i, 0) for i in sorted(ids)]  # superseded lines compacted away
    assert all(r["status"] == "ok" and r["passed"] for r in records)
    assert summary["episodes"] == 2 and summary["passed"] == 2 and summary["judge_errors"] == 0


def test_regrade_adds_a_judge_to_an_old_run_without_calling_the_model(ids, tmp_path, capsys):
    out = tmp_path / "out"
    with FakeLLM(folder_model) as model:
        run(chat_factory(model), ids, out)
    before = read_records(out / RESULTS)
    assert all(r["grade"]["judge"] is None for r in before)
    with FakeLLM(lambda r: VERDICT) as judge_server:
        code = main(
            ["regrade", str(out), "--judge", "openai:judge",
             "--judge-base-url", judge_server.openai_base_url]
        )  # fmt: skip
    assert code == 0
    assert "regraded 2 episodes: 2 graded" in capsys.readouterr().out
    after = read_records(out / RESULTS)
    assert [r["rubric_score"] for r in after] == [1.0, 1.0]
    assert [r["trajectory"] for r in after] == [r["trajectory"] for r in before]
    config = json.loads((out / CONFIG).read_text())
    assert config["judge"] == "openai:judge"
    with FakeLLM(folder_model) as model, FakeLLM(lambda r: VERDICT) as judge_server:
        run(chat_factory(model), ids, out, **judge_spec(judge_server))  # the folder's judge now
        assert model.requests == []


def test_regrade_turns_a_trace_that_no_longer_replays_into_an_error(ids, tmp_path):
    out = tmp_path / "out"
    run(make_agent_factory("reference"), ids, out, profile="full")
    records = read_records(out / RESULTS)
    records[0]["trajectory"][0]["calls"][0]["content"] = '{"id": "folder-9999"}'
    (out / RESULTS).write_text("".join(json.dumps(r) + "\n" for r in records))
    summary = regrade_run(out, None)
    assert summary["regraded"] == {"ok": 1, "judge_error": 0, "error": 1}
    broken = read_records(out / RESULTS)[0]
    assert broken["status"] == "error" and "replayed call #1 folders_create" in broken["error"]
    summary = run(make_agent_factory("reference"), ids, out, profile="full")  # plays it again
    assert summary["episodes"] == 2 and summary["errors"] == 0


def test_agent_latency_excludes_grading(ids, tmp_path, monkeypatch):
    clock = {"now": 0.0}

    def perf_counter() -> float:
        clock["now"] += 1.0
        return clock["now"]

    class SlowJudge:
        name = "custom:slow"

        def judge(self, criterion: str, evidence: Any) -> Verdict:
            clock["now"] += 1000.0  # grading takes "1000 s"
            return Verdict(1.0, "ok")

    import emailbench_gym.runner as runner

    monkeypatch.setattr(runner, "time", types.SimpleNamespace(perf_counter=perf_counter))
    # one episode at a time: the fake clock is shared, so another episode's grading running
    # in a parallel thread would land inside this one's latency
    run(
        make_agent_factory("reference"),
        ids,
        tmp_path,
        profile="full",
        judge=SlowJudge(),
        concurrency=1,
    )
    for record in read_records(tmp_path / RESULTS):
        assert record["grading_time"] >= 1000 > record["latency"] > 0


def test_model_text_with_lone_surrogates_and_controls_is_written_and_resumes(ids, tmp_path):
    def odd(request: Request) -> Reply:
        reply = folder_model(request)
        if reply.body["choices"][0]["message"].get("content"):
            return chat_text("Created \ud800 Projects\x00\x1b[2J.")
        return chat_tool_calls([("folders_create", {"displayName": "Pro\udfffjects"})])

    with FakeLLM(odd) as model:
        run(chat_factory(model), ids, tmp_path)
        raw = (tmp_path / RESULTS).read_bytes().decode("utf-8")  # valid UTF-8 throughout
        records = read_records(tmp_path / RESULTS)
        assert [r["status"] for r in records] == ["ok", "ok"]
        assert records[0]["final_answer"] == "Created \ufffd Projects[2J."
        assert "\ufffd" in raw
        run(chat_factory(model), ids, tmp_path)  # the resume reads it back
    assert len(read_records(tmp_path / RESULTS)) == 2


def test_the_writer_writes_anything(tmp_path):
    writer = RecordWriter(tmp_path / RESULTS)
    deep: Any = "x"
    for _ in range(5000):
        deep = [deep]
    writer.write({"id": "a", "n": 10**5000, "s": "\ud800", "k": {"\udc00": float("nan")}})
    writer.write({"id": "b", "trajectory": deep})
    writer.close()
    records = read_records(tmp_path / RESULTS)
    assert [r["id"] for r in records] == ["a", "b"]
    assert "trajectory could not be written" in records[1]["trace_error"]


def test_a_second_runner_on_the_same_folder_is_refused(ids, tmp_path):
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys; from emailbench_gym.runfolder import RunFolder; "
         f"f = RunFolder({str(tmp_path)!r}); f.acquire(); print('held', flush=True); "
         "sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=REPO,
    )  # fmt: skip
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(RunFolderError, match="another emailbench process is writing"):
            run(make_agent_factory("reference"), ids, tmp_path, profile="full")
        assert not (tmp_path / RESULTS).exists()
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    run(make_agent_factory("reference"), ids, tmp_path, profile="full")  # free again
    with RunFolder(tmp_path), pytest.raises(RunFolderError):  # and in one process too
        run(make_agent_factory("reference"), ids, tmp_path, profile="full")


@pytest.mark.parametrize(
    ("change", "hint"),
    [({"profile": "adapter"}, "--profile"), ({"repeats": 2}, "--repeats"),
     ({"scenarios": 1}, "--scenarios"), ({"judge": "custom"}, "emailbench regrade")],
)  # fmt: skip
def test_a_resume_with_another_configuration_is_refused(ids, tmp_path, change, hint):
    options: dict[str, Any] = {"profile": "full"}
    run(make_agent_factory("reference"), ids, tmp_path, **options)

    class Custom:
        name = "custom:judge"

        def judge(self, criterion: str, evidence: Any) -> Verdict:
            return Verdict(1.0, "ok")

    scenario_ids = ids[: change.pop("scenarios")] if "scenarios" in change else ids
    if change.pop("judge", None):
        change["judge"] = Custom()
    with pytest.raises(RunFolderError) as exc:
        run(make_agent_factory("reference"), scenario_ids, tmp_path, **{**options, **change})
    message = str(exc.value)
    assert hint in message and "another --out" in message
    assert len(read_records(tmp_path / RESULTS)) == 2  # nothing was touched


def test_a_judge_without_key_or_endpoint_fails_at_start_up(ids, tmp_path, monkeypatch, capsys):
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    out = tmp_path / "out"
    args = ["run", "--agent", "reference", "--scenarios", ids[0], "--out", str(out)]
    assert main([*args, "--judge", "openai:gpt-4o-mini"]) == 2
    assert "needs an API key: set OPENAI_API_KEY" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize("status", [401, 403, 404])
def test_a_refused_judge_fails_before_the_first_episode(ids, tmp_path, capsys, status):
    out = tmp_path / "out"
    with FakeLLM(lambda r: error(status)) as judge_server:
        code = main(
            ["run", "--agent", "reference", "--scenarios", ids[0], "--out", str(out),
             "--judge", "openai:judge", "--judge-base-url", judge_server.openai_base_url]
        )  # fmt: skip
        assert len(judge_server.requests) == 1
    assert code == 2
    assert f"cannot be used: HTTP {status}" in capsys.readouterr().err
    assert read_records(out / RESULTS) == []


def test_a_bad_scenario_is_reported_and_skipped(ids, tmp_path, monkeypatch, capsys):
    from emailbench_gym import catalog, scenarios

    bad = tmp_path / "scenarios" / "folders" / "OB-Z903.json"
    bad.write_bytes(b'{"id": "OB-Z903", "query": "caf\xe9"}')
    index = {**catalog.scenario_paths(), "OB-Z903": bad}
    monkeypatch.setattr(catalog, "scenario_paths", lambda: index)
    monkeypatch.setattr(scenarios, "scenario_paths", lambda: index)
    out = tmp_path / "out"
    code = main(
        ["run", "--agent", "reference", "--scenarios", ",".join([*ids, "OB-Z903"]),
         "--out", str(out)]
    )  # fmt: skip
    captured = capsys.readouterr()
    assert code == 0
    assert "skipped OB-Z903:" in captured.err and "not UTF-8" in captured.err
    assert "1 scenario(s) skipped" in captured.out
    assert sorted(r["id"] for r in read_records(out / RESULTS)) == sorted(ids)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["skipped"][0]["id"] == "OB-Z903" and summary["episodes"] == 2


def test_an_unwritable_out_is_a_clean_message(ids, tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    code = main(["run", "--agent", "reference", "--scenarios", ids[0], "--out", str(blocker / "x")])
    err = capsys.readouterr().err
    assert code == 1 and "cannot write to" in err and "rerun the same command" in err


def test_a_full_disk_is_a_clean_message_and_keeps_what_was_saved(
    ids, tmp_path, capsys, monkeypatch
):
    real = RecordWriter.write
    calls = {"n": 0}

    def write(self: RecordWriter, record: dict[str, Any]) -> None:
        calls["n"] += 1
        if calls["n"] > 1:
            raise OSError(28, "No space left on device", str(self.path))
        real(self, record)

    monkeypatch.setattr(RecordWriter, "write", write)
    out = tmp_path / "out"
    args = ["run", "--agent", "reference", "--scenarios", ",".join(ids), "--out", str(out)]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "No space left on device" in err and "1 episodes saved" in err
    monkeypatch.setattr(RecordWriter, "write", real)
    assert main(args) == 0  # space is back: the run resumes
    assert pairs(read_records(out / RESULTS)) == [(i, 0) for i in sorted(ids)]


def test_ctrl_c_saves_every_finished_episode_and_a_rerun_resumes(ids, tmp_path):
    def interrupt(record: dict[str, Any]) -> None:
        raise KeyboardInterrupt

    factory = make_agent_factory("reference")
    with pytest.raises(RunInterrupted) as stop:
        run(factory, ids, tmp_path, repeats=3, profile="full", on_record=interrupt)
    assert stop.value.saved == 1 and "rerun the same command to resume" in str(stop.value)
    assert stop.value.summary["episodes"] == 1
    summary = run(factory, ids, tmp_path, repeats=3, profile="full")
    assert summary["episodes"] == 6
    assert pairs(read_records(tmp_path / RESULTS)) == [
        (i, k) for i in sorted(ids) for k in range(3)
    ]


def _cli(*args: str, **kw: Any) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "emailbench_gym.cli", *args],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kw,
    )


# Ctrl-C as a terminal gives it: a harness that starts pytest in the background (bash ignores
# SIGINT in background jobs of a script) passes the ignored SIGINT on to the child, and Python,
# like any program started with SIGINT ignored, then never sees it; the run finished (rc 0) or
# waited on its held model calls.
_WITH_CTRL_C = (
    "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "sys.argv[0] = 'emailbench'; runpy.run_module('emailbench_gym.cli', run_name='__main__')"
)


def test_ctrl_c_on_the_command_line_prints_a_summary_and_no_traceback(tmp_path):
    """The signal lands while the run is provably in progress: the model answers its first
    request and holds every later one until the signal is sent."""
    out = tmp_path / "out"
    release = threading.Event()
    answered = threading.Lock()

    def held_model(request: Request) -> Reply:
        if not answered.acquire(blocking=False):  # every request after the first waits
            release.wait(timeout=120)
        return chat_text("Done.")

    with FakeLLM(held_model) as server:
        args = ("run", "--model", "openai:fake", "--base-url", server.openai_base_url,
                "--scenarios", "folders", "--out", str(out))  # fmt: skip
        process = subprocess.Popen(
            [sys.executable, "-c", _WITH_CTRL_C, *args],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            while not (out / RESULTS).exists() or not (out / RESULTS).read_text().count("\n"):
                assert process.poll() is None, process.communicate()
                time.sleep(0.05)
            assert process.poll() is None  # the other episodes wait on the model
            process.send_signal(signal.SIGINT)
        finally:
            release.set()  # the held calls end: the run stops on the signal, not a model timeout
        stdout, stderr = process.communicate(timeout=120)
        assert process.returncode == 130, stderr
        assert "Traceback" not in stderr
        assert "episodes saved in" in stderr and "rerun the same command to resume" in stderr
        assert stdout.startswith("Model")  # the Table 3 row of what was saved
        saved = read_records(out / RESULTS)
        process = _cli(*args)
        process.communicate(timeout=600)
    assert process.returncode == 0
    records = read_records(out / RESULTS)
    assert len(saved) < len(records)
    assert len(records) == len({(r["id"], r["repeat"]) for r in records})


def test_a_closed_pipe_ends_quietly():
    process = _cli("list", "--json")
    assert process.stdout.readline()
    process.stdout.close()
    process.wait(timeout=60)
    stderr = process.stderr.read()
    assert "Traceback" not in stderr and "BrokenPipeError" not in stderr
    assert process.returncode in (0, 141)


def test_kill_9_and_resume_loses_duplicates_and_tears_nothing(tmp_path):
    out = tmp_path / "out"
    args = ("run", "--agent", "reference", "--scenarios", "folders", "--repeats", "6",
            "--out", str(out), "--quiet")  # fmt: skip
    for _ in range(3):
        process = _cli(*args)
        while not (out / RESULTS).exists() or not (out / RESULTS).stat().st_size:
            if process.poll() is not None:
                break
            time.sleep(0.02)
        os.kill(process.pid, signal.SIGKILL)
        process.communicate()
    process = _cli(*args)
    process.communicate(timeout=600)
    assert process.returncode == 0
    lines = (out / RESULTS).read_text().splitlines()
    records = [json.loads(line) for line in lines]  # no torn line left
    keys = [(r["id"], r["repeat"]) for r in records]
    assert len(keys) == len(set(keys))
    assert {k for _i, k in keys} == set(range(6))


def test_results_are_stamped_and_a_resume_against_another_suite_is_refused(
    ids, tmp_path, monkeypatch
):
    from emailbench_gym import __version__, runner
    from emailbench_gym.catalog import suite_hash

    run(make_agent_factory("reference"), ids, tmp_path, profile="full")
    here = suite_hash()
    config = json.loads((tmp_path / CONFIG).read_text())
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert config["suite_hash"] == here and config["emailbench_version"] == __version__
    assert config["started"].endswith("+00:00")
    assert summary["run"]["suite_hash"] == here and summary["run"]["finished"]
    assert {r["suite_hash"] for r in read_records(tmp_path / RESULTS)} == {here}

    other = {"emailbench_version": "9.9", "suite_hash": "0" * 64}
    monkeypatch.setattr(runner, "stamp", lambda: other)
    with pytest.raises(RunFolderError) as exc:
        run(make_agent_factory("reference"), ids, tmp_path, profile="full")
    message = str(exc.value)
    assert here in message and "0" * 64 in message and "suite_hash" in message
    assert f"install that started it ({__version__})" in message and "another --out" in message
    assert len(read_records(tmp_path / RESULTS)) == 2
