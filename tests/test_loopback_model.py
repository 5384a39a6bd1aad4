"""The rollout benchmarks' loopback model (`benchmarks/loopback_model.py`): each API's episode,
played by the real SDK agents through `make_agent_factory`, goes as the benchmarks assume."""

from __future__ import annotations

import pytest

from benchmarks.loopback_model import ANSWER, LoopbackModel
from emailbench_gym.agents.base import make_agent_factory
from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.runner import play_episode
from tests import runner_support


@pytest.mark.parametrize("spec", ["openai:bench", "openai-responses:bench", "anthropic:bench"])
def test_each_api_plays_the_scripted_episode(
    spec: str, monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    runner_support.install(monkeypatch, tmp_path)
    env = EmailBenchEnv(scenarios=[runner_support.SYNTHETIC_ID])
    with LoopbackModel(latency=0.0, turns=3) as server:
        base = server.anthropic_base_url if spec.startswith("anthropic") else server.openai_base_url
        agent = make_agent_factory(spec, base_url=base, max_retries=0, timeout=10.0)(env)
        record = play_episode(agent, env, runner_support.SYNTHETIC_ID)
    assert record["status"] == "ok", record.get("error")
    assert (record["iterations"], record["calls"], record["failed_calls"]) == (3, 2, 0)
    assert [c["name"] for t in record["trajectory"] for c in t["calls"]] == ["folders_list"] * 2
    assert record["final_answer"] == ANSWER
    assert record["tokens"] == {"input": 33, "output": 21}
    assert server.requests == 3
