"""The OpenEnv server, driven by OpenEnv's own clients over a loopback WebSocket: reset with a
scenario and seed, the tools as MCP, step with a tool call or a final answer, state, and
concurrent sessions that each have their own episode; and `emailbench serve` itself."""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("openenv.core")

from openenv.core.generic_client import GenericEnvClient
from openenv.core.mcp_client import MCPToolClient

from emailbench_gym.integrations.openenv_env import build_app
from emailbench_gym.scenarios import load_scenario, resolve_refs
from emailbench_gym.tools import load_profile
from tests.integration_helpers import (
    ROOT,
    SCENARIO,
    cli_command,
    free_port,
    parse_result,
    subprocess_env,
)


@contextlib.contextmanager
def serving(**options: Any) -> Iterator[str]:
    """The OpenEnv app on a loopback port in this process; yields its base URL."""
    import uvicorn

    port = free_port()
    config = uvicorn.Config(build_app(**options), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            raise AssertionError("the OpenEnv server did not start")
        threading.Event().wait(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_openenv_mcp_client_solves_a_scenario() -> None:
    solution = load_scenario(SCENARIO).solution

    async def run(url: str) -> dict[str, Any]:
        async with MCPToolClient(base_url=url) as env:
            reset = await env.reset(scenario_id=SCENARIO, seed=0)
            assert reset.observation.metadata == {} and not reset.done
            tools = {t.name for t in await env.list_tools()}
            assert tools == set(load_profile("adapter").tools) | {"submit_answer"}
            with pytest.raises(RuntimeError, match="not_found"):
                await env.call_tool("folders_get", id="folder-404")  # the env's error, via MCP
            results: list[Any] = []
            for step in solution.calls:
                text = await env.call_tool(step.name, **resolve_refs(step.arguments, results))
                results.append(parse_result(str(text)))
            from openenv.core.env_server.mcp_types import CallToolAction

            final = await env.step(
                CallToolAction(tool_name="submit_answer", arguments={"answer": solution.answer})
            )
            state = await env.state()
            return {"done": final.done, "reward": final.reward, "steps": state.step_count}

    with serving() as url:
        outcome = asyncio.run(run(url))
    assert outcome == {
        "done": True,
        "reward": 1.0,
        "steps": 3 + len(solution.calls),
    }  # + list, bad call, submit


def test_openenv_sessions_are_isolated() -> None:
    """Two concurrent sessions (OpenEnv's generic client, raw MCP actions), each its own episode."""

    def call(name: str, **arguments: Any) -> dict[str, Any]:
        return {"type": "call_tool", "tool_name": name, "arguments": arguments}

    async def one(url: str, name: str, ready: asyncio.Barrier) -> dict[str, Any]:
        async with GenericEnvClient(base_url=url) as env:
            reset = await env.reset(scenario_id=SCENARIO)
            assert "Raptor" in reset.observation["content"]
            assert "submit_answer" in reset.observation["system_prompt"]
            made = await env.step(call("folders_create", displayName=name, parentFolderId=None))
            assert made.observation["error"] is None and made.reward == 0.0
            await ready.wait()
            listed = await env.step(call("folders_list"))
            text = listed.observation["result"]["content"][0]["text"]
            names = {f["displayName"] for f in parse_result(text)["items"]}
            bad = await env.step(call("no_such_tool"))
            final = await env.step(call("submit_answer", answer="Done."))
            state = await env.state()
            return {
                "mine": name in names,
                "theirs": bool(names & ({"A", "B"} - {name})),
                "bad": bad.observation["error"] is not None,
                "done": final.done,
                "reward": final.reward,
                "graded": "passed" in final.observation["result"]["content"][0]["text"],
                "state": (state["scenario_id"], state["done"]),
            }

    async def run(url: str) -> list[dict[str, Any]]:
        ready = asyncio.Barrier(2)
        return await asyncio.gather(one(url, "A", ready), one(url, "B", ready))

    with serving(max_sessions=4) as url:
        outcomes = asyncio.run(run(url))
    for outcome in outcomes:
        assert outcome["mine"] and not outcome["theirs"] and outcome["bad"]
        assert outcome["done"] and 0.0 <= outcome["reward"] < 1.0 and outcome["graded"]
        assert outcome["state"] == (SCENARIO, True)


def test_openenv_reset_draws_by_seed_and_refuses_unknown_scenarios() -> None:
    async def run(url: str) -> tuple[str, str, str]:
        async with GenericEnvClient(base_url=url) as env:
            first = (await env.reset(seed=3)).observation["scenario_id"]
            again = (await env.reset(seed=3)).observation["scenario_id"]
            with pytest.raises(RuntimeError) as refused:
                await env.reset(scenario_id="OB-Z999")
            return first, again, str(refused.value)

    pool = ["OB-N520", "OB-H312", "OB-T102"]
    with serving(scenarios=pool) as url:
        first, again, message = asyncio.run(run(url))
    assert first == again and first in pool
    assert "OB-Z999" in message or "FACTORY" in message or "error" in message.lower()


DEPLOY = ROOT / "deploy" / "openenv"


@pytest.mark.parametrize("layout", ["emailbench serve", "deploy/openenv/server/app.py"])
def test_the_server_commands_serve_the_env(layout: str) -> None:
    """`emailbench serve`, and OpenEnv's multi-mode layout run as `python -m server.app`."""
    port = free_port()
    if layout == "emailbench serve":
        command, cwd = cli_command("serve", "--port", str(port), "--scenarios", SCENARIO), ROOT
        environ = subprocess_env()
    else:
        command = [sys.executable, "-m", "server.app", "--port", str(port)]
        cwd, environ = DEPLOY, {**subprocess_env(), "EMAILBENCH_SCENARIOS": SCENARIO}
    server = subprocess.Popen(
        command,
        env=environ,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        banner = server.stderr.readline()  # type: ignore[union-attr]
        assert f"http://127.0.0.1:{port}" in banner, banner

        async def run() -> dict[str, Any]:
            for _ in range(600):
                with contextlib.suppress(ConnectionError, OSError):
                    async with GenericEnvClient(base_url=f"http://127.0.0.1:{port}") as env:
                        reset = await env.reset()
                        return reset.observation
                await asyncio.sleep(0.1)
            raise AssertionError("emailbench serve did not answer")

        observation = asyncio.run(run())
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert observation["scenario_id"] == SCENARIO and json.dumps(observation)


def test_openenv_validate_accepts_the_deploy_layout() -> None:
    """OpenEnv's own `openenv validate` on deploy/openenv (pyproject, uv.lock, server/app.py)."""
    result = subprocess.run(
        [sys.executable, "-m", "openenv.cli", "validate", str(DEPLOY), "--json"],
        env=subprocess_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = json.loads(result.stdout[result.stdout.index("{") :])
    assert result.returncode == 0 and report["passed"], report["issues"] or result.stderr[-2000:]


def test_trl_openenv_example_replays_a_reference_to_reward_one() -> None:
    """examples/trl_openenv.py --dry-run: TRL's environment_factory over OpenEnv's client."""
    pytest.importorskip("transformers")
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "trl_openenv.py"), "--dry-run"],
        env=subprocess_env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report == {**report, "rows": 1, "tools": 47, "reference_reward": 1.0}
