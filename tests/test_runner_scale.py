"""The runner at scale: async episodes on one event loop, pre-encoded requests, the fast path.

Every test drives the real openai / anthropic SDK clients (through `make_agent_factory`)
against the loopback server of tests/fakellm.py.
"""

from __future__ import annotations

import asyncio
import json
import pickle
import re
import threading
from pathlib import Path
from typing import Any

import pytest

from emailbench_gym.agents import wire
from emailbench_gym.agents.base import make_agent_factory
from emailbench_gym.runner import RESULTS, read_records, run
from emailbench_gym.tools import load_profile, tool_specs
from tests import runner_support
from tests.fakellm import (
    FakeLLM,
    Reply,
    Request,
    chat_text,
    chat_tool_calls,
    error,
    messages_text,
    messages_tool_use,
    responses_text,
    responses_tool_calls,
    sequence,
)

FAST_RETRY = {"retry-after-ms": "5"}


@pytest.fixture
def ids(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    return runner_support.install(monkeypatch, tmp_path)


def task_of(request: Request) -> str:
    """The task text of a request, whatever the API."""
    body = request.body
    history = body.get("messages") or body.get("input")
    first = next(m for m in history if m.get("role") == "user")
    return first["content"]


def folder_model(api: str):
    """A stateless model that creates the folder the task names, then says so, in `api`."""
    calls, text = {
        "chat": (chat_tool_calls, chat_text),
        "responses": (responses_tool_calls, responses_text),
        "messages": (messages_tool_use, messages_text),
    }[api]
    marker = {"chat": '"role": "tool"', "responses": "function_call_output", "messages": "tool_result"}[api]  # fmt: skip

    def respond(request: Request) -> Reply:
        folder = re.search(r"named (\w+)", task_of(request)).group(1)
        if marker in json.dumps(request.body):
            return text(f"Created {folder}.")
        return calls([("folders_create", {"displayName": folder, "parentFolderId": None})])

    return respond


SPECS = {"chat": "openai:fake", "responses": "openai-responses:fake", "messages": "anthropic:fake"}


def factory(api: str, server: FakeLLM, **options: Any):
    url = server.anthropic_base_url if api == "messages" else server.openai_base_url
    return make_agent_factory(SPECS[api], base_url=url, **options)


@pytest.mark.parametrize("api", ["chat", "responses", "messages"])
def test_async_runner_plays_every_api_with_the_real_sdks(
    ids: list[str], tmp_path: Path, api: str
) -> None:
    with FakeLLM(folder_model(api)) as server:
        summary = run(factory(api, server), ids, tmp_path, repeats=3, concurrency=6)
    records = read_records(tmp_path / RESULTS)
    assert summary["episodes"] == 6 and summary["passed"] == 6 and summary["errors"] == 0
    assert all(r["iterations"] == 2 and r["tokens"]["input"] == 22 for r in records)
    assert len(server.requests) == 12
    first = server.requests[0]
    # the request carries the profile's tools, as the SDK's typed create() would send them
    fmt = {"chat": "openai_chat", "responses": "openai_responses", "messages": "anthropic"}[api]
    assert first.body["tools"] == tool_specs(load_profile("adapter"), fmt)
    assert first.body["model"] == "fake"
    assert first.headers["content-type"] == "application/json"
    if api == "messages":
        # the credential header the SDK states (x-api-key or a bearer token, by SDK version)
        assert first.headers.get("x-api-key") or first.headers.get("authorization")
        assert first.headers["anthropic-version"]
        assert first.body["system"] and first.body["max_tokens"] == 4096
    else:
        assert first.headers["authorization"].startswith("Bearer ")


def test_a_base_url_with_credentials_takes_the_sdks_path(ids: list[str], tmp_path: Path) -> None:
    """aiohttp refuses credentials in the URL beside an Authorization header: no fast path."""
    with FakeLLM(folder_model("chat")) as server:
        url = server.openai_base_url.replace("http://", "http://me:pw-123@")
        made = make_agent_factory("openai:fake", base_url=url)
        summary = run(made, ids[:1], tmp_path / "creds")
        assert summary["passed"] == 1 and summary["errors"] == 0

        async def paths() -> tuple[Any, Any]:
            plain = wire.fast_path(factory("chat", server).client(), 5.0)
            if plain is not None:
                await plain.close()
            return wire.fast_path(made.client(), 5.0), plain

        with_credentials, plain = asyncio.run(paths())
        assert with_credentials is None and plain is not None


@pytest.mark.parametrize("api", ["chat", "messages"])
def test_a_failed_first_attempt_goes_to_the_sdk_which_retries_it(
    ids: list[str], tmp_path: Path, api: str
) -> None:
    flaky = Reply(status=429, body=error(429).body, headers=FAST_RETRY)
    model = folder_model(api)
    with FakeLLM(sequence(flaky, flaky, model)) as server:
        summary = run(factory(api, server, max_retries=1), ids[:1], tmp_path)
    assert summary["passed"] == 1 and summary["errors"] == 0
    # the fast attempt (429), the SDK's attempt (429), the SDK's retry (ok), the second turn
    assert len(server.requests) == 4


def test_an_error_beyond_the_sdks_retries_is_an_error_record(ids: list[str], tmp_path: Path):
    failing = Reply(status=503, body=error(503).body, headers=FAST_RETRY)
    with FakeLLM(sequence(failing)) as server:
        summary = run(factory("chat", server, max_retries=1), ids[:1], tmp_path)
    record = read_records(tmp_path / RESULTS)[0]
    assert summary["errors"] == 1 and record["status"] == "error" and "503" in record["error"]
    assert len(server.requests) == 3  # the fast attempt, then the SDK's attempt and retry


@pytest.mark.parametrize(
    "body",
    [
        b"<html>busy</html>",
        b'["not", "an", "object"]',
        b'{"choices": "many"}',
        b'{"choices": [{"message": {"content": 5}}]}',
        b'{"choices": []}',
    ],
)
def test_an_answer_that_is_not_the_api_is_an_error_record(
    ids: list[str], tmp_path: Path, body: bytes
) -> None:
    with FakeLLM(lambda request: Reply(raw=body)) as server:
        summary = run(factory("chat", server, max_retries=0), ids[:1], tmp_path)
    record = read_records(tmp_path / RESULTS)[0]
    assert summary["errors"] == 1 and record["status"] == "error", record
    assert record["error"].startswith("AgentError")


def test_the_runner_holds_a_thousand_episodes_in_flight(ids: list[str], tmp_path: Path) -> None:
    """Every first request waits until 1,000 are open at once: the run only passes if the
    runner really has 1,000 episodes in flight (a smaller pool would break the barrier)."""
    episodes = 1000
    barrier = threading.Barrier(episodes, timeout=120)
    model = folder_model("chat")

    def respond(request: Request) -> Reply:
        if not any(m["role"] == "tool" for m in request.body["messages"]):
            try:
                barrier.wait()
            except threading.BrokenBarrierError:
                return Reply(status=400, body=error(400, "fewer than 1,000 in flight").body)
        return model(request)

    with FakeLLM(respond) as server:
        summary = run(
            factory("chat", server, max_retries=0),
            ids[:1],
            tmp_path,
            repeats=episodes,
            concurrency=episodes,
        )
    assert summary["errors"] == 0 and summary["passed"] == episodes
    assert len(read_records(tmp_path / RESULTS)) == episodes
    assert len(server.requests) == 2 * episodes


def test_tool_schemas_are_encoded_once_per_tool_set() -> None:
    from emailbench_gym.env import EmailBenchEnv

    wire._tools_by_key.cache_clear()
    env = EmailBenchEnv()
    _, info = env.reset()
    first = wire.encoded_tools(info["tools"], "openai_chat")
    for _ in range(5):
        env.reset()
        assert wire.encoded_tools(info["tools"], "openai_chat") is first
    assert wire._tools_by_key.cache_info().misses == 1
    assert json.loads(first) == tool_specs(env.profile, "openai_chat")


def test_agent_factories_pickle_without_their_clients() -> None:
    made = make_agent_factory("openai:m", base_url="http://127.0.0.1:9/v1", max_retries=3)
    made.client()
    copy = pickle.loads(pickle.dumps(made))
    assert copy.spec == "openai:m"
    assert copy.client_options == {"max_retries": 3, "timeout": 120.0, "headers": {}}
    assert copy._client is None and copy.client().max_retries == 3
    offline = pickle.loads(pickle.dumps(make_agent_factory("random", seed=4)))
    assert offline.spec == "random" and offline.seed == 4
