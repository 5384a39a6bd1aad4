"""Model agents against the loopback LLM server, driven by the real openai / anthropic SDKs.

Every test plays a real episode of the synthetic scenario "create the Projects folder"
through `EmailBenchEnv` and checks both the record and what went over the wire.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from emailbench_gym.agents.anthropic import AnthropicAgent, anthropic_client
from emailbench_gym.agents.base import make_agent_factory
from emailbench_gym.agents.openai import OpenAIAgent, openai_client
from emailbench_gym.agents.random import RandomAgent
from emailbench_gym.agents.reference import ReferenceAgent, plan_turns
from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.runner import play_episode
from emailbench_gym.scenarios import ToolCall
from tests import runner_support
from tests.fakellm import (
    FakeLLM,
    Reply,
    chat_text,
    chat_tool_calls,
    error,
    messages_text,
    messages_tool_use,
    responses_text,
    responses_tool_calls,
    sequence,
)

CREATE = ("folders_create", {"displayName": "Projects", "parentFolderId": None})
LIST = ("folders_list", {"parentFolderId": None})
FAST_RETRY = {"retry-after-ms": "5"}  # the SDKs honour it, so retry tests stay fast

#: Per API: (tool-call reply, final-text reply).
REPLIES = {
    "chat": (chat_tool_calls, chat_text),
    "responses": (responses_tool_calls, responses_text),
    "messages": (messages_tool_use, messages_text),
}


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path) -> EmailBenchEnv:
    runner_support.install(monkeypatch, tmp_path)
    return EmailBenchEnv(scenarios=[runner_support.SYNTHETIC_ID])


def make_agent(api: str, server: FakeLLM, **options: Any):
    """An agent for `api` pointed at the loopback server."""
    retries = options.pop("max_retries", 0)
    timeout = options.pop("timeout", 10.0)
    if api == "messages":
        client = anthropic_client(server.anthropic_base_url, max_retries=retries, timeout=timeout)
        return AnthropicAgent("fake-model", client=client)
    client = openai_client(server.openai_base_url, max_retries=retries, timeout=timeout)
    return OpenAIAgent("fake-model", api=api, client=client)


def tool_results(request_body: dict[str, Any], api: str) -> list[dict[str, Any]]:
    """The tool results the agent sent back, as (id, content) dicts."""
    if api == "chat":
        return [
            {"id": m["tool_call_id"], "content": m["content"]}
            for m in request_body["messages"]
            if m["role"] == "tool"
        ]
    if api == "responses":
        return [
            {"id": i["call_id"], "content": i["output"]}
            for i in request_body["input"]
            if i.get("type") == "function_call_output"
        ]
    return [
        {"id": b["tool_use_id"], "content": b["content"], "is_error": b.get("is_error")}
        for m in request_body["messages"]
        if isinstance(m["content"], list)
        for b in m["content"]
        if b.get("type") == "tool_result"
    ]


@pytest.mark.parametrize("api", ["chat", "responses", "messages"])
def test_multi_turn_tool_loop(env: EmailBenchEnv, api: str) -> None:
    calls, text = REPLIES[api]
    responder = sequence(calls([CREATE]), calls([LIST]), text("I created the Projects folder."))
    with FakeLLM(responder) as server:
        record = play_episode(make_agent(api, server), env, runner_support.SYNTHETIC_ID)
    assert record["status"] == "ok" and record["passed"] is True
    assert (record["iterations"], record["calls"], record["failed_calls"]) == (3, 2, 0)
    assert record["terminated"] and not record["truncated"]
    assert record["final_answer"] == "I created the Projects folder."
    assert record["tokens"] == {"input": 33, "output": 21}
    assert [c["name"] for t in record["trajectory"] for c in t["calls"]] == [
        "folders_create",
        "folders_list",
    ]
    assert all(t["latency"] > 0 for t in record["trajectory"])
    first, second, third = (r.body for r in server.requests)
    assert {r.api for r in server.requests} == {"messages" if api == "messages" else api}
    # system prompt, task and tools as the env defines them
    if api == "chat":
        assert first["messages"][0]["role"] == "system"
        assert "Dana Whitfield" in first["messages"][0]["content"]
        assert len(first["tools"]) == 46 and first["tools"][0]["type"] == "function"
    elif api == "responses":
        assert "Dana Whitfield" in first["instructions"]
        assert first["tools"][0]["type"] == "function" and "parameters" in first["tools"][0]
    else:
        assert "Dana Whitfield" in first["system"]
        assert "input_schema" in first["tools"][0]
    # each later request carries the history and the results by call id
    assert tool_results(first, api) == []
    sent = tool_results(second, api)
    assert len(sent) == 1 and json.loads(sent[0]["content"])["id"] == "folder-5001"
    assert sent[0]["id"] in {"call_0", "toolu_0"}
    assert len(tool_results(third, api)) == 2


@pytest.mark.parametrize("api", ["chat", "responses", "messages"])
def test_parallel_tool_calls_are_one_step(env: EmailBenchEnv, api: str) -> None:
    calls, text = REPLIES[api]
    second = ("folders_get", {"id": "inbox"})
    with FakeLLM(sequence(calls([CREATE, second]), text("Projects exists."))) as server:
        record = play_episode(make_agent(api, server), env, runner_support.SYNTHETIC_ID)
    assert record["passed"] and record["iterations"] == 2 and record["calls"] == 2
    first_turn = record["trajectory"][0]["calls"]
    assert [c["name"] for c in first_turn] == ["folders_create", "folders_get"]
    results = tool_results(server.requests[1].body, api)
    assert [r["id"] for r in results] == [c["id"] for c in first_turn]
    assert [json.loads(r["content"])["displayName"] for r in results] == ["Projects", "Inbox"]


@pytest.mark.parametrize("api", ["chat", "responses"])
def test_malformed_arguments_go_back_as_an_error(env: EmailBenchEnv, api: str) -> None:
    calls, text = REPLIES[api]
    bad = ("folders_create", '{"displayName": "Projects"')  # cut-off JSON
    responder = sequence(calls([bad]), calls([CREATE]), text("Projects created."))
    with FakeLLM(responder) as server:
        record = play_episode(make_agent(api, server), env, runner_support.SYNTHETIC_ID)
    assert record["status"] == "ok" and record["passed"]
    assert (record["calls"], record["failed_calls"], record["iterations"]) == (2, 1, 3)
    failed = record["trajectory"][0]["calls"][0]
    assert failed["is_error"] and failed["arguments"] is None
    assert "not valid JSON" in tool_results(server.requests[1].body, api)[0]["content"]


def test_anthropic_tool_errors_are_flagged(env: EmailBenchEnv) -> None:
    unknown = ("folders_explode", {"id": "folder-1"})
    responder = sequence(
        messages_tool_use([unknown]), messages_tool_use([CREATE]), messages_text("Done: Projects.")
    )
    with FakeLLM(responder) as server:
        record = play_episode(make_agent("messages", server), env, runner_support.SYNTHETIC_ID)
    assert record["passed"] and record["failed_calls"] == 1
    assert tool_results(server.requests[1].body, "messages")[0]["is_error"] is True


@pytest.mark.parametrize("api", ["chat", "responses", "messages"])
def test_429_and_500_are_retried(env: EmailBenchEnv, api: str) -> None:
    calls, text = REPLIES[api]
    flaky = [Reply(status=s, body=error(s).body, headers=FAST_RETRY) for s in (429, 500)]
    with FakeLLM(sequence(*flaky, calls([CREATE]), text("Projects created."))) as server:
        agent = make_agent(api, server, max_retries=2)
        record = play_episode(agent, env, runner_support.SYNTHETIC_ID)
    assert record["status"] == "ok" and record["passed"]
    assert len(server.requests) == 4  # two failures, then two turns


@pytest.mark.parametrize("api", ["chat", "messages"])
def test_errors_beyond_retries_end_the_episode_as_error(env: EmailBenchEnv, api: str) -> None:
    failing = Reply(status=503, body=error(503).body, headers=FAST_RETRY)
    with FakeLLM(sequence(failing)) as server:
        record = play_episode(
            make_agent(api, server, max_retries=1), env, runner_support.SYNTHETIC_ID
        )
    assert record["status"] == "error" and "503" in record["error"]
    assert record["passed"] is False and record["grade"] is None
    assert len(server.requests) == 2


def test_timeout_is_retried_then_reported(env: EmailBenchEnv) -> None:
    slow = Reply(body=chat_text("late").body, delay=1.0)
    responder = sequence(slow, chat_tool_calls([CREATE]), chat_text("Projects created."))
    with FakeLLM(responder) as server:
        agent = make_agent("chat", server, max_retries=1, timeout=0.2)
        record = play_episode(agent, env, runner_support.SYNTHETIC_ID)
    assert record["status"] == "ok" and record["passed"]
    with FakeLLM(sequence(slow)) as server:
        agent = make_agent("chat", server, max_retries=0, timeout=0.2)
        record = play_episode(agent, env, runner_support.SYNTHETIC_ID)
    assert record["status"] == "error" and "Timeout" in record["error"]


def test_factory_specs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with FakeLLM(sequence(chat_text("hi"))) as server:
        agent = make_agent_factory("openai-responses:m", base_url=server.openai_base_url)(None)
        assert (agent.model, agent.kind, agent.api) == (
            "openai-responses:m",
            "openai_responses",
            "responses",
        )
        agent = make_agent_factory("openai:m", base_url=server.openai_base_url)(None)
        assert (agent.model, agent.kind) == ("openai:m", "openai_chat")
        agent = make_agent_factory("anthropic:c", base_url=server.anthropic_base_url)(None)
        assert (agent.model, agent.kind) == ("anthropic:c", "anthropic")
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent_factory("mistral:x")
    with pytest.raises(ValueError, match="set OPENAI_API_KEY"):
        make_agent_factory("openai:m")
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(ValueError, match="set ANTHROPIC_API_KEY"):
        make_agent_factory("anthropic:c")


def test_reference_agent_replays_the_solution(env: EmailBenchEnv) -> None:
    record = play_episode(ReferenceAgent(), env, runner_support.SYNTHETIC_ID)
    assert record["passed"] and record["iterations"] == 3
    # `$0.id` was resolved from the first result, as a model would read it
    assert record["trajectory"][1]["calls"][0]["arguments"] == {"id": "folder-5001"}


def test_reference_agent_says_when_the_profile_cannot_complete_the_task() -> None:
    board_env = EmailBenchEnv(scenarios=["OB-B101"], profile="adapter")
    record = play_episode(ReferenceAgent(), board_env, "OB-B101")
    assert record["calls"] == 0 and not record["passed"]
    assert "cannot be completed with the tools of the adapter profile" in record["final_answer"]


def test_reference_plan_packs_independent_calls_when_the_budget_is_short() -> None:
    calls = [
        ToolCall(name="a"),
        ToolCall(name="b"),
        ToolCall(name="c", arguments={"id": "$1.id"}),
        ToolCall(name="d", arguments={"ids": ["$0.id", "$2[*].id"]}),
    ]
    assert plan_turns(calls, 4) == [[0], [1], [2], [3]]
    assert plan_turns(calls, 3) == [[0, 1], [2], [3]]


def test_random_agent_is_seeded(env: EmailBenchEnv) -> None:
    def calls(seed: int) -> list[Any]:
        record = play_episode(RandomAgent(env, seed=seed), env, runner_support.SYNTHETIC_ID)
        assert record["status"] == "ok"
        return [c["arguments"] for t in record["trajectory"] for c in t["calls"]]

    assert calls(3) == calls(3)
    assert any(calls(3) != calls(s) for s in range(4, 8))
