"""Runner benchmarks: overhead per model turn, and the reference agent over the suite.

1. A Chat Completions agent plays 10-turn episodes against the loopback server
   (tests/fakellm.py) answering instantly. Runner overhead per turn = (episode wall
   time - time inside the model requests, SDK and HTTP included) / turns: the env
   step, action parsing, trajectory and record writing. Target < 5 ms (median).
2. `emailbench run --agent reference` over the whole shipped suite, end to end in a
   fresh process (imports included); target < 10 s for 206 scenarios. With fewer
   scenarios authored, the 206 figure is extrapolated from the per-episode time.

    PYTHONPATH=. python benchmarks/runner_overhead.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from emailbench_gym.agents import make_agent_factory  # noqa: E402
from emailbench_gym.runner import RESULTS, read_records, run  # noqa: E402
from emailbench_gym.scenarios import scenario_ids  # noqa: E402
from tests.fakellm import FakeLLM, Request, chat_text, chat_tool_calls  # noqa: E402

TURNS = 10
SUITE = 206


def instant_model(request: Request):
    """Nine read turns (one folders_list call each), then a final answer."""
    done = sum(m["role"] == "tool" for m in request.body["messages"])
    if done >= TURNS - 1:
        return chat_text("Done.")
    return chat_tool_calls([("folders_list", {"parentFolderId": None})])


def overhead(repeats: int, episodes: int) -> tuple[float, float]:
    """Median runner overhead and median model-request time per turn, in ms."""
    scenario = scenario_ids()[0]
    overheads, requests = [], []
    with FakeLLM(instant_model) as server:
        factory = make_agent_factory("openai:bench", base_url=server.openai_base_url)
        run(factory, [scenario], tempfile.mkdtemp(), progress=False)  # warm up
        for _ in range(repeats):
            out = tempfile.mkdtemp()
            run(factory, [scenario], out, repeats=episodes, concurrency=1, progress=False)
            for record in read_records(Path(out) / RESULTS):
                model = sum(t["latency"] for t in record["trajectory"])
                turns = record["iterations"]
                assert turns == TURNS, record["error"]
                overheads.append((record["latency"] - model) / turns * 1000)
                requests.append(model / turns * 1000)
    return statistics.median(overheads), statistics.median(requests)


def reference_suite() -> tuple[int, float, float]:
    """Scenarios run, end-to-end seconds, and in-process seconds per episode."""
    with tempfile.TemporaryDirectory() as out:
        began = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "emailbench_gym.cli", "run", "--agent", "reference",
             "--out", out, "--quiet"],
            cwd=ROOT, check=True, capture_output=True, env={"PYTHONPATH": str(ROOT), "PATH": ""},
        )  # fmt: skip
        wall = time.perf_counter() - began
        records = read_records(Path(out) / RESULTS)
    per_episode = statistics.median(r["latency"] for r in records)
    return len(records), wall, per_episode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--episodes", type=int, default=4, help="episodes per repeat")
    args = parser.parse_args()

    per_turn, request = overhead(args.repeats, args.episodes)
    verdict = "PASS" if per_turn < 5 else "MISS"
    print(f"runner overhead per model turn: {per_turn:.2f} ms (target < 5 ms) {verdict}")
    print(f"  model request per turn (SDK + loopback HTTP, for scale): {request:.2f} ms")

    count, wall, per_episode = reference_suite()
    projected = wall + (SUITE - count) * per_episode
    verdict = "PASS" if projected < 10 else "MISS"
    print(f"reference agent, {count} scenarios end to end: {wall:.2f} s")
    print(f"  median episode {per_episode * 1000:.1f} ms; projected for {SUITE}: {projected:.2f} s "
          f"(target < 10 s) {verdict}")  # fmt: skip


if __name__ == "__main__":
    main()
