"""MCP over HTTP: session isolation and the cost of a slow judge in another session (issue 11).

Starts `emailbench mcp --transport http --judge openai:fake-judge` as a subprocess whose
judge is a loopback Chat Completions server (tests/fakellm.py) answering after `--judge-delay`
seconds (6 by default), then, with the official MCP SDK client:

1. 20 concurrent sessions each create a folder named after themselves, wait until all have
   written, list the folders, and one of them submits: cross-session effects = folders seen
   that another session created, plus sessions whose episode the submit ended. Target 0.
2. Session B times a trivial call (`identity_getMe`) 30 times alone (the baseline), then 30
   times while session A's `submit_answer` waits on the slow judge. Added latency = median
   during the judge call - median alone; target < 100 ms.

    PYTHONPATH=. python benchmarks/mcp_sessions.py [--judge-delay 6]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mcp import Client  # noqa: E402

from tests.fakellm import FakeLLM, Reply, Request, chat_text  # noqa: E402
from tests.integration_helpers import free_port  # noqa: E402

SCENARIO = "OB-N520"
SESSIONS = 20
SAMPLES = 30


async def isolation(url: str) -> int:
    """Cross-session effects among SESSIONS concurrent sessions (see the module docstring)."""
    ready, submitted = asyncio.Barrier(SESSIONS), asyncio.Event()

    async def names(client: Client) -> set[str]:
        listed = json.loads((await client.call_tool("folders_list", {})).content[0].text)
        items = listed["items"] if isinstance(listed, dict) else listed
        return {f["displayName"] for f in items}

    async def one(index: int) -> int:
        async with Client(url) as client:
            await client.call_tool(
                "folders_create", {"displayName": f"Session {index}", "parentFolderId": None}
            )
            await ready.wait()
            others = {n for n in await names(client) if n.startswith("Session ")} - {
                f"Session {index}"
            }
            if index == 0:
                await client.call_tool("submit_answer", {"answer": "done"})
                submitted.set()
                return len(others)
            await submitted.wait()
            ended = (await client.call_tool("folders_list", {})).is_error
            return len(others) + int(ended)

    return sum(await asyncio.gather(*(one(i) for i in range(SESSIONS))))


async def judge_interference(
    url: str, judging: asyncio.Event | None = None
) -> tuple[float, float, float]:
    """(median alone, median during A's judge call, max during it), seconds per trivial call."""

    async def timed(client: Client) -> float:
        start = time.perf_counter()
        result = await client.call_tool("identity_getMe", {})
        assert not result.is_error
        return time.perf_counter() - start

    async with Client(url) as a, Client(url) as b:
        alone = [await timed(b) for _ in range(SAMPLES)]
        submit = asyncio.create_task(a.call_tool("submit_answer", {"answer": "x"}))
        await asyncio.sleep(0.5)  # A's request is now waiting on the judge
        during = []
        for _ in range(SAMPLES):
            during.append(await timed(b))
        assert not submit.done(), "the judge answered before the samples were taken"
        await submit
    return statistics.median(alone), statistics.median(during), max(during)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judge-delay", type=float, default=6.0)
    args = parser.parse_args()

    def judge(request: Request) -> Reply:
        reply = chat_text(json.dumps({"score": 1, "reason": "ok"}))
        reply.delay = args.judge_delay
        return reply

    with FakeLLM(judge) as llm, tempfile.TemporaryDirectory() as cache:
        port = free_port()
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "OPENAI_BASE_URL": llm.openai_base_url,
            "OPENAI_API_KEY": "test",
            "EMAILBENCH_CACHE": cache,
        }
        command = [sys.executable, "-m", "emailbench_gym.cli", "mcp", "--scenario", SCENARIO]
        command += ["--transport", "http", "--port", str(port), "--judge", "openai:fake-judge"]
        command += ["--max-calls", "500"]  # B makes 2 x SAMPLES calls in one episode
        server = subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL, cwd=ROOT)
        url = f"http://127.0.0.1:{port}/mcp"
        try:
            asyncio.run(_wait(url))
            effects = asyncio.run(isolation(url))
            t0 = time.perf_counter()
            alone, during, worst = asyncio.run(judge_interference(url))
            wall = time.perf_counter() - t0
        finally:
            server.terminate()
            server.wait(timeout=10)
    added = during - alone
    print(f"{SESSIONS} concurrent sessions: {effects} cross-session effects (target 0)")
    print(
        f"trivial call in session B: {1000 * alone:.2f} ms median alone, {1000 * during:.2f} ms "
        f"median during A's {args.judge_delay:g} s judge call (max {1000 * worst:.2f} ms); "
        f"added {1000 * added:.2f} ms (target < 100 ms) "
        f"{'PASS' if added < 0.1 and effects == 0 else 'MISS'}; phase took {wall:.1f} s"
    )


async def _wait(url: str) -> None:
    for _ in range(400):
        try:
            async with Client(url) as client:
                await client.call_tool("identity_getMe", {})
                return
        except Exception:
            await asyncio.sleep(0.05)
    raise SystemExit(f"no MCP server at {url}")


if __name__ == "__main__":
    main()
