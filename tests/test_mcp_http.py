"""MCP over Streamable HTTP with the official SDK client: one episode per session, sessions isolated,
a slow judge in one session never blocks another, the session limits, and the suite mode."""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")

from mcp import Client

from emailbench_gym.catalog import suite_hash
from emailbench_gym.integrations.mcp.episodes import EpisodeRegistry, Suite
from emailbench_gym.integrations.mcp.http import http_app
from emailbench_gym.integrations.mcp.server import (
    Service,
    build_server,
    single_service,
    suite_service,
)
from emailbench_gym.integrations.session import ToolSession
from emailbench_gym.runfolder import RunFolderError
from emailbench_gym.scenarios import load_scenario, resolve_refs
from emailbench_gym.submission import check_submission
from tests.fakellm import FakeLLM, Reply, Request, chat_text
from tests.integration_helpers import ROOT, SCENARIO, cli_command, free_port, parse_result
from tests.integration_helpers import subprocess_env as base_env

LIMITS = {"max_sessions": 32, "idle_timeout": 600.0}


@contextlib.contextmanager
def serving(service: Service) -> Iterator[str]:
    """Serve `service` over HTTP on a loopback port in this process; yields the /mcp URL."""
    import uvicorn

    port = free_port()
    app = http_app(build_server(service), service.registry, host="127.0.0.1")
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            raise AssertionError("the MCP HTTP server did not start")
        threading.Event().wait(0.01)
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def messages(exc: BaseException) -> str:
    """Every message in an exception and the groups and causes it wraps (the client's task groups)."""
    parts = [str(exc)]
    for inner in getattr(exc, "exceptions", ()):
        parts.append(messages(inner))
    if exc.__cause__ is not None:
        parts.append(messages(exc.__cause__))
    return " | ".join(parts)


def text(result: Any) -> str:
    return result.content[0].text


async def folder_names(client: Client) -> set[str]:
    listed = await client.call_tool("folders_list", {})
    return {f["displayName"] for f in parse_result(text(listed))["items"]}


def test_twenty_concurrent_sessions_each_have_their_own_episode() -> None:
    service = single_service(SCENARIO, profile="adapter", max_calls=50, judge=None, **LIMITS)
    with serving(service) as url:
        baseline = asyncio.run(_baseline(url))

        async def one(index: int, submitted: asyncio.Event, ready: asyncio.Barrier) -> dict:
            async with Client(url) as client:
                name = f"Session {index}"
                created = await client.call_tool(
                    "folders_create", {"displayName": name, "parentFolderId": None}
                )
                assert not created.is_error, text(created)
                await ready.wait()  # every session has written before anyone looks
                seen = await folder_names(client) - baseline
                if index == 0:
                    graded = await client.call_tool("submit_answer", {"answer": "done"})
                    assert not graded.is_error
                    submitted.set()
                    after = await client.call_tool("folders_list", {})
                    return {"seen": seen, "open_after_submit": not after.is_error}
                await submitted.wait()  # one session's submit_answer ends only its episode
                after = await client.call_tool("folders_list", {})
                return {"seen": seen, "open_after_submit": not after.is_error}

        async def run() -> list[dict]:
            submitted, ready = asyncio.Event(), asyncio.Barrier(20)
            return await asyncio.gather(*(one(i, submitted, ready) for i in range(20)))

        outcomes = asyncio.run(run())
    # 0 cross-session effects: each session sees its own folder and nobody else's
    assert [o["seen"] for o in outcomes] == [{f"Session {i}"} for i in range(20)]
    assert [o["open_after_submit"] for o in outcomes] == [False] + [True] * 19
    assert len(service.registry) == 0  # every client closed its session (DELETE)


async def _baseline(url: str) -> set[str]:
    async with Client(url) as client:
        return await folder_names(client)


def test_a_slow_judge_in_one_session_does_not_block_another(tmp_path: Path, monkeypatch) -> None:
    """Session A's judge call hangs until released; session B's calls complete meanwhile."""
    monkeypatch.setenv("EMAILBENCH_CACHE", str(tmp_path))
    judging, release = threading.Event(), threading.Event()

    def judge(request: Request) -> Reply:
        judging.set()
        assert release.wait(timeout=60), "the test never released the judge"
        return chat_text(json.dumps({"score": 1, "reason": "ok"}))

    with FakeLLM(judge) as llm:
        from emailbench_gym.grading.judge import OpenAIJudge

        slow = OpenAIJudge("fake-judge", base_url=llm.openai_base_url, api_key="test")
        service = single_service(SCENARIO, profile="adapter", max_calls=50, judge=slow, **LIMITS)
        with serving(service) as url:

            async def run() -> tuple[list[bool], bool, dict]:
                async with Client(url) as a, Client(url) as b:
                    submit = asyncio.create_task(a.call_tool("submit_answer", {"answer": "x"}))
                    while not judging.is_set():  # A is now inside its judge call
                        await asyncio.sleep(0.01)
                    results = [
                        not (await b.call_tool("folders_list", {})).is_error for _ in range(5)
                    ]
                    still_judging = not submit.done()
                    release.set()
                    grade = json.loads(text(await submit))
                    return results, still_judging, grade

            results, still_judging, grade = asyncio.run(run())
    assert results == [True] * 5 and still_judging
    assert grade["rubric_score"] == 1.0  # A's grade did use the judge


def test_session_limit_refuses_new_sessions_until_one_closes() -> None:
    limits = {"max_sessions": 2, "idle_timeout": 600.0}
    service = single_service(SCENARIO, profile="adapter", max_calls=50, judge=None, **limits)
    with serving(service) as url:

        async def run() -> tuple[str, bool]:
            async with Client(url) as first, Client(url) as second:
                assert not (await first.call_tool("folders_list", {})).is_error
                assert not (await second.call_tool("folders_list", {})).is_error
                with pytest.raises(Exception) as refused:
                    async with Client(url) as third:
                        await third.call_tool("folders_list", {})
            async with Client(url) as again:  # both closed: room again
                return messages(refused.value), not (
                    await again.call_tool("folders_list", {})
                ).is_error

        message, reopened = asyncio.run(run())
    assert "Too many open sessions" in message and reopened


def test_idle_sessions_are_closed_and_their_id_refused() -> None:
    clock = [0.0]
    service = single_service(SCENARIO, profile="adapter", max_calls=50, judge=None, **LIMITS)
    service.registry.clock = lambda: clock[0]
    with serving(service) as url:

        async def run() -> str:
            async with Client(url) as client:
                assert not (await client.call_tool("folders_list", {})).is_error
                clock[0] += 601.0
                assert len(service.registry.reap()) == 1
                with pytest.raises(Exception) as refused:
                    await client.call_tool("folders_list", {})
                return messages(refused.value)

        with contextlib.suppress(Exception):  # the client's own close fails on the dead session
            message = asyncio.run(run())
    assert "Session not found" in message or "closed" in message
    assert len(service.registry) == 0


def test_registry_never_reaps_a_session_with_a_call_in_flight() -> None:
    clock = [0.0]
    registry = EpisodeRegistry(lambda: ToolSession(SCENARIO), idle_timeout=10, max_sessions=1)
    registry.clock = lambda: clock[0]
    slot = registry.open("abc")
    assert slot is not None and registry.open("other") is None and not registry.reserve()
    with registry.busy(slot):
        clock[0] = 100.0
        assert registry.reap() == []
    clock[0] = 105.0
    assert registry.reap() == []  # the call ended at t=100: idle for 5 s only
    clock[0] = 111.0
    assert registry.reap() == ["abc"] and registry.reserve()
    with pytest.raises(ValueError, match="max_sessions"):
        EpisodeRegistry(lambda: ToolSession(SCENARIO), max_sessions=0)


# --- suite mode -----------------------------------------------------------------------------


async def _solve_next(client: Client) -> dict | None:
    started = await client.call_tool("next_task", {})
    assert not started.is_error, text(started)
    data = started.structured_content
    if data["done"]:
        return None
    scenario = load_scenario(data["scenario_id"])
    prompt = await client.get_prompt("task")
    assert scenario.query in prompt.messages[0].content.text
    early = await client.call_tool("next_task", {})
    assert early.is_error and "submit_answer" in text(early)
    parsed: list[Any] = []
    for step in scenario.solution.calls:
        result = await client.call_tool(step.name, resolve_refs(step.arguments, parsed))
        assert not result.is_error, text(result)
        parsed.append(parse_result(text(result)))
    graded = await client.call_tool("submit_answer", {"answer": scenario.solution.answer})
    return json.loads(text(graded))


def test_suite_mode_records_grades_server_side_and_resumes(tmp_path: Path) -> None:
    ids = ["OB-N520", "OB-H312", "OB-T102"]
    out = tmp_path / "run"

    def service(scenarios: list[str]) -> Service:
        suite = Suite(scenarios, out, label="mcp-test", profile="adapter", max_calls=50)
        return suite_service(suite, profile="adapter", max_calls=50, judge=None, **LIMITS)

    first = service(ids)
    with pytest.raises(RunFolderError, match="another emailbench process is writing"):
        service(ids)  # one server writes a folder at a time
    with serving(first) as url:

        async def run_two() -> list[dict]:
            async with Client(url) as client:
                before = await client.call_tool("folders_list", {})
                assert before.is_error and "next_task" in text(before)
                grades = [await _solve_next(client), await _solve_next(client)]
            async with Client(url) as quitter:  # takes the third task and leaves without submitting
                started = await quitter.call_tool("next_task", {})
                assert started.structured_content["scenario_id"] == ids[2]
            return grades

        grades = asyncio.run(run_two())
    first.suite.close()
    assert [g["scenario_id"] for g in grades] == ids[:2]
    assert all(g["passed"] and g["recorded"].endswith("results.jsonl") for g in grades)

    with pytest.raises(RunFolderError, match=r'model .*the folder has "mcp-test"'):
        Suite(ids, out, label="another-agent", profile="adapter", max_calls=50)
    second = service(ids)  # a restarted server: the two graded are done, the abandoned one is not
    assert second.suite.progress() == {"graded": 2, "remaining": 1, "total": 3}
    with serving(second) as url:

        async def finish() -> tuple[dict | None, dict | None]:
            async with Client(url) as client:
                return await _solve_next(client), await _solve_next(client)

        last, done = asyncio.run(finish())
    second.suite.close()
    assert last is not None and last["scenario_id"] == ids[2] and done is None

    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [r["id"] for r in records] == ids and all(r["passed"] for r in records)
    assert records[0]["calls"] == len(load_scenario(ids[0]).solution.calls)
    report = subprocess.run(
        cli_command("report", str(out), "--format", "json"),
        env=base_env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert report.returncode == 0, report.stderr
    reported = json.loads(report.stdout)["runs"][0]
    assert (reported["label"], reported["meta"]["agent"], reported["meta"]["source"]) == (
        "mcp-test", "mcp", "run.json",
    )  # fmt: skip
    assert reported["cost"]["usd"] is None  # the server sees no tokens: no cost is made up
    # The finished suite is a complete submission: run.json, every record, summary.json.
    assert check_submission(out, suite=suite_hash()) == []
    config = json.loads((out / "run.json").read_text())
    assert (config["model"], config["max_turns"], config["scenarios"]) == (
        "mcp-test",
        50,
        sorted(ids),
    )


def test_mcp_cli_prints_the_url_and_logs_requests() -> None:
    port = free_port()
    server = subprocess.Popen(
        cli_command("mcp", "--scenario", SCENARIO, "--transport", "http", "--port", str(port)),
        env=base_env(),
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        banner = server.stderr.readline()  # type: ignore[union-attr]
        assert f"http://127.0.0.1:{port}/mcp" in banner and "up to 128 sessions" in banner

        async def run() -> None:
            for _ in range(200):
                with contextlib.suppress(Exception):
                    async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                        await client.call_tool("folders_list", {})
                        return
                await asyncio.sleep(0.05)

        asyncio.run(run())
    finally:
        server.terminate()
        log = server.communicate(timeout=10)[1]
    assert "session opened" in log and "tools/call folders_list -> ok" in log
