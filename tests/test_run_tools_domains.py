"""`emailbench run --tools domains` against a loopback model: each episode is sent only its
scenario's domains' tools, run.json records the mode, and re-grading replays it so."""

from __future__ import annotations

import json
from pathlib import Path

from emailbench_gym.agents.reference import ReferenceAgent
from emailbench_gym.cli import main
from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.replay import regrade_records
from emailbench_gym.runfolder import CONFIG, RESULTS
from emailbench_gym.runner import play_episode, read_records
from emailbench_gym.scenarios import load_scenario
from emailbench_gym.tools import domain_profile, load_profile
from tests.fakellm import FakeLLM, Reply, Request, chat_text, chat_tool_calls

#: calendar + todo (no folder tool) and folders + messages (folders_list offered).
SCENARIOS = ("OB-K102", "OB-N507")


def _scenario_of(request: Request) -> str:
    asked = next(m["content"] for m in request.body["messages"] if m["role"] == "user")
    return next(sid for sid in SCENARIOS if load_scenario(sid).query == asked)


def _model(request: Request) -> Reply:
    """Calls folders_list once (outside OB-K102's domains), then answers."""
    if request.body["messages"][-1]["role"] == "tool":
        return chat_text("Done.")
    return chat_tool_calls([("folders_list", {})])


def test_run_tools_domains_sends_each_episode_its_domains_tools(tmp_path: Path) -> None:
    out = tmp_path / "run"
    with FakeLLM(_model) as server:
        args = ["run", "--model", "openai:fake", "--base-url", server.openai_base_url,
                "--scenarios", ",".join(SCENARIOS), "--out", str(out), "--quiet",
                "--concurrency", "1", "--tools", "domains"]  # fmt: skip
        assert main(args) == 0
        requests = list(server.requests)
    adapter = load_profile("adapter")
    for request in requests:
        scenario = load_scenario(_scenario_of(request))
        offered = {t["function"]["name"] for t in request.body["tools"]}
        assert offered == set(domain_profile(adapter, tuple(scenario.domains)).tools)
        assert offered < set(adapter.tools)
    assert {_scenario_of(r) for r in requests} == set(SCENARIOS)
    assert json.loads((out / CONFIG).read_text())["tools"] == "domains"

    records = {r["id"]: r for r in read_records(out / RESULTS)}
    (k102_call,) = records["OB-K102"]["trajectory"][0]["calls"]
    assert k102_call["is_error"] and "not available" in k102_call["content"]
    (n507_call,) = records["OB-N507"]["trajectory"][0]["calls"]
    assert not n507_call["is_error"]
    # A re-grade replays each episode with the tools it was offered...
    regraded = regrade_records(list(records.values()), "adapter", None, tools_mode="domains")
    assert [r["status"] for r in regraded] == ["ok", "ok"]
    # ...which the whole profile would not reproduce (folders_list would have run).
    mismatched = regrade_records([records["OB-K102"]], "adapter", None)
    assert mismatched[0]["status"] == "error" and "another result" in mismatched[0]["error"]

    # The folder keeps its mode: a resume with the whole profile is refused, naming --tools.
    assert main([*args[:-2], "--tools", "profile"]) == 2
    assert main(["run", "--config", str(out / CONFIG), "--base-url", "http://127.0.0.1:9"]) == 0


def test_the_reference_agent_plays_what_the_narrowed_tools_allow() -> None:
    """Under adapter + domains OB-H338's adapter solution (it reads contacts, outside its
    messages domain) does not fit: the agent says so instead of playing refused calls."""
    env = EmailBenchEnv(scenarios=["OB-H338", "OB-K102"], profile="adapter", tools="domains")
    unfit = play_episode(ReferenceAgent(), env, "OB-H338")
    assert unfit["calls"] == 0 and not unfit["passed"]
    assert "adapter+domains profile" in unfit["final_answer"]
    fit = play_episode(ReferenceAgent(), env, "OB-K102")
    assert fit["passed"] and fit["failed_calls"] == 0
    whole = EmailBenchEnv(scenarios=["OB-H338"], profile="adapter")
    assert play_episode(ReferenceAgent(), whole, "OB-H338")["passed"]
