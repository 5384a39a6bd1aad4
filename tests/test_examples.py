"""Every integration example runs offline: models are the loopback server in tests/fakellm.py."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from emailbench_gym.scenarios import load_scenario, resolve_refs
from tests.fakellm import (
    FakeLLM,
    Reply,
    Request,
    chat_text,
    chat_tool_calls,
    messages_text,
    messages_tool_use,
)
from tests.integration_helpers import ROOT, SCENARIO, parse_result, subprocess_env


def run_example(name: str, *args: str, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / name), *args],
        env={**subprocess_env(), **(env or {})},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def reference_model(
    scenario_id: str,
    tool_results: Callable[[dict[str, Any]], list[str]],
    call: Callable[[str, dict[str, Any]], Reply],
    answer: Callable[[str], Reply],
) -> Callable[[Request], Reply]:
    """A scripted model: the scenario's next reference call given the tool results so far."""
    solution = load_scenario(scenario_id).solution

    def respond(request: Request) -> Reply:
        results = [parse_result(text) for text in tool_results(request.body)]
        if len(results) == len(solution.calls):
            return answer(solution.answer)
        step = solution.calls[len(results)]
        return call(step.name, resolve_refs(step.arguments, results))

    return respond


def _chat_results(body: dict[str, Any]) -> list[str]:
    return [m["content"] for m in body["messages"] if m["role"] == "tool"]


def _anthropic_results(body: dict[str, Any]) -> list[str]:
    return [
        block["content"]
        for message in body["messages"]
        if message["role"] == "user" and isinstance(message["content"], list)
        for block in message["content"]
        if block.get("type") == "tool_result"
    ]


def test_openai_agent_example_solves_the_scenario() -> None:
    scenario = SCENARIO
    model = reference_model(
        scenario, _chat_results, lambda n, a: chat_tool_calls([(n, a)]), chat_text
    )
    with FakeLLM(model) as server:
        out = run_example(
            "openai_agent.py", "--scenario", scenario, "--base-url", server.openai_base_url
        )
        first = server.requests[0].body
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["score"] == 1.0 and summary["passed"] is True
    assert first["messages"][0]["role"] == "system" and len(first["tools"]) == 46
    assert first["tools"][0]["function"]["strict"] is True


def test_anthropic_agent_example_solves_the_scenario() -> None:
    scenario = SCENARIO
    model = reference_model(
        scenario, _anthropic_results, lambda n, a: messages_tool_use([(n, a)]), messages_text
    )
    with FakeLLM(model) as server:
        out = run_example(
            "anthropic_agent.py",
            "--scenario",
            scenario,
            "--base-url",
            server.anthropic_base_url,
        )
        first = server.requests[0].body
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["score"] == 1.0 and summary["passed"] is True
    assert "system" in first and "input_schema" in first["tools"][0]


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_rl_rollouts_example_writes_trainer_ready_jsonl(mode: str, tmp_path: Any) -> None:
    out = tmp_path / "rollouts.jsonl"
    run_example(
        "rl_rollouts.py", "--num-envs", "2", "--episodes", "3", "--mode", mode, "--out", str(out)
    )
    episodes = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(episodes) == 3
    for episode in episodes:
        steps = episode["steps"]
        assert steps[0]["observation"]["kind"] == "task"
        assert all({"observation", "action", "reward"} <= set(s) for s in steps)
        assert episode["return"] == steps[-1]["reward"]
        assert "final_answer" in steps[-1]["action"] or episode["truncated"]
    # the reference policy solves what it replays (every episode here when only OB-N520 exists)
    solved = [e for e in episodes if e["scenario_id"] == "OB-N520"]
    assert all(e["passed"] and e["return"] == 1.0 for e in solved)


def test_rl_rollouts_random_policy() -> None:
    out = run_example("rl_rollouts.py", "--policy", "random", "--episodes", "2")
    episodes = [json.loads(line) for line in out.splitlines()]
    assert len(episodes) == 2 and all(e["steps"] for e in episodes)


def test_trl_grpo_example_dry_run() -> None:
    pytest.importorskip("transformers")
    scenario = SCENARIO
    out = run_example("trl_grpo.py", "--dry-run", "--scenarios", scenario)
    report = json.loads(out.strip().splitlines()[-1])
    assert report["rows"] == 1 and report["tools"] == 47
    assert 0.0 <= report["reward_before_any_call"] < 1.0


def test_mcp_client_example() -> None:
    pytest.importorskip("mcp")
    scenario = SCENARIO
    out = run_example("mcp_client.py", "--scenario", scenario)
    assert "folders_get -> ERROR" in out
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["scenario"] == scenario and summary["passed"] is False
