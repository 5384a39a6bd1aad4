"""An OpenEnv server (the container, `emailbench serve`, `server`) driven by OpenEnv's own client.

Against a running server at `--url` (nothing is started here), with `openenv-core`'s
`MCPToolClient` over its WebSocket:

1. `/health` and `/schema` answer;
2. one episode of each `--scenarios` id plays its reference solution for the server's tool
   profile (`--profile`, default adapter): reset with the scenario and a seed, the tools listed over MCP, every solution call, then `submit_answer` with the
   reference answer: the reward must be 1.0 and `state` must count every step;
3. `--sessions` concurrent sessions each play the first scenario the same way, at once;

and prints the time of each part (wall seconds: the client waits on the server) and the
median and 90th-percentile latency of one tool call.

    docker run -d --network host emailbench-env server --host 127.0.0.1 --port 8765
    PYTHONPATH=. python benchmarks/openenv_client.py --url http://127.0.0.1:8765
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from emailbench_gym.scenarios import load_scenario, resolve_refs  # noqa: E402
from emailbench_gym.tools import load_profile  # noqa: E402


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.loads(response.read())


async def play(url: str, scenario_id: str, profile: str, latencies: list[float]) -> dict[str, Any]:
    """One episode of the scenario's reference solution with the server's tool profile."""
    from openenv.core.env_server.mcp_types import CallToolAction
    from openenv.core.mcp_client import MCPToolClient

    solution = load_scenario(scenario_id).solution_for(load_profile(profile))
    if solution is None:
        raise SystemExit(f"{scenario_id} has no reference solution with the {profile} tools")
    async with MCPToolClient(base_url=url) as env:
        await env.reset(scenario_id=scenario_id, seed=0)
        tools = await env.list_tools()
        results: list[Any] = []
        for step in solution.calls:
            began = time.perf_counter()
            text = await env.call_tool(step.name, **resolve_refs(step.arguments, results))
            latencies.append(time.perf_counter() - began)
            results.append(json.loads(str(text)))
        final = await env.step(
            CallToolAction(tool_name="submit_answer", arguments={"answer": solution.answer})
        )
        state = await env.state()
    return {
        "scenario": scenario_id,
        "reward": final.reward,
        "done": final.done,
        "steps": state.step_count,
        "calls": len(solution.calls),
        "tools": len(tools),
    }


async def main_async(args: argparse.Namespace) -> int:
    health = get_json(f"{args.url}/health")
    schema = get_json(f"{args.url}/schema")
    print(f"/health: {health}; /schema: {', '.join(sorted(schema))}")
    latencies: list[float] = []
    failures = 0
    began = time.perf_counter()
    for scenario_id in args.scenarios.split(","):
        one = await play(args.url, scenario_id, args.profile, latencies)
        failures += one["reward"] != 1.0 or not one["done"]
        print(
            f"{one['scenario']}: reward {one['reward']}, done {one['done']}, {one['steps']} "
            f"steps (tool list, {one['calls']} solution calls, submit), {one['tools']} MCP tools"
        )
    print(f"sequential episodes: {time.perf_counter() - began:.2f} s")
    first = args.scenarios.split(",")[0]
    began = time.perf_counter()
    together = await asyncio.gather(
        *(play(args.url, first, args.profile, latencies) for _ in range(args.sessions))
    )
    wall = time.perf_counter() - began
    rewards = [one["reward"] for one in together]
    failures += sum(r != 1.0 for r in rewards)
    print(f"{args.sessions} concurrent sessions of {first}: rewards {sorted(set(rewards))}, "
          f"{wall:.2f} s")  # fmt: skip
    cuts = statistics.quantiles(latencies, n=10) if len(latencies) > 1 else latencies * 9
    print(
        f"tool call latency over {len(latencies)} calls: median "
        f"{statistics.median(latencies) * 1000:.1f} ms, p90 {cuts[-1] * 1000:.1f} ms"
    )
    print("PASS" if not failures else f"MISS: {failures} episodes without reward 1.0")
    return 1 if failures else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--scenarios", default="OB-N520,OB-H307,OB-M102,OB-E101,OB-G101")
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument(
        "--profile", default="adapter", help="the server's tool profile (EMAILBENCH_PROFILE)"
    )
    sys.exit(asyncio.run(main_async(parser.parse_args())))


if __name__ == "__main__":
    main()
