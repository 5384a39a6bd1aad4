"""Rollout throughput (issue 14): episodes/s by concurrency, client CPU per request, Ray scaling.

Against `benchmarks/loopback_model.py` (a separate process answering after `--latency`,
200 ms by default; episodes of `--turns` model turns, the last a final answer), with the
openai SDK agent of `make_agent_factory` (Chat Completions, the fast path when aiohttp is
installed) through `runner.run` into a fresh run folder each time:

1. episodes/s at each `--concurrency`, beside the ideal rate (concurrency / (turns x
   latency)) and its ratio; client CPU per model request (this process's CPU time over the
   run, less the run's fixed cost, / requests: the runner, agents, env steps, grading and
   record writing, everything the client spends per episode) and the client-bound rate it
   implies (1 / CPU per request, per core).
2. the baseline, measured in the same run: CPU per request of the SDK's typed
   `chat.completions.create()` with the same tools and a 3-turn history (the old path).
3. Ray (`--ray`): episodes/s with 1 and 2 worker processes on a local cluster, and the
   per-episode overhead of going through Ray: (wall on 1 Ray worker - wall in-process) /
   episodes, for the offline reference agent (no model), after the cluster has started.

Each figure is the median over `--repeats` runs. The machine is shared: the load average
is printed, and a busy machine lowers episodes/s (other processes take the cores) far
more than CPU per request.

    PYTHONPATH=. python benchmarks/rollouts.py [--repeats 3] [--concurrency 1,32,128,1000] [--ray]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.loopback_model import LoopbackModel  # noqa: E402
from emailbench_gym.agents import make_agent_factory  # noqa: E402
from emailbench_gym.runner import run  # noqa: E402
from emailbench_gym.scenarios import scenario_ids  # noqa: E402
from emailbench_gym.tools import tool_specs  # noqa: E402

#: The client CPU bound the issue asks for: 1,000 requests/s per core.
TARGET_CPU = 0.001
#: Throughput within this share of the ideal until the client CPU is the bound.
TARGET_SHARE = 0.8


def timed_run(factory: Any, scenario: str, episodes: int, concurrency: int, **kw: Any) -> dict:
    """One run into a fresh folder: wall seconds, CPU seconds, the summary.

    `episode_cpu` is the CPU of the run minus that of rerunning the finished folder (which
    plays nothing: loading, run.json, reading the records back, the summary), so the
    per-run fixed cost does not count against the requests of a short run.
    """
    out = tempfile.mkdtemp(prefix="emailbench-rollouts-")
    options = {"repeats": episodes, "concurrency": concurrency, "progress": False, **kw}
    cpu, began = time.process_time(), time.perf_counter()
    summary = run(factory, [scenario], out, **options)
    wall, cpu = time.perf_counter() - began, time.process_time() - cpu
    if summary["errors"] or summary["episodes"] != episodes:
        raise RuntimeError(f"run failed: {summary}")
    fixed = time.process_time()
    run(factory, [scenario], out, **options)
    fixed = time.process_time() - fixed
    return {"wall": wall, "cpu": cpu, "episode_cpu": max(cpu - fixed, 0.0), "summary": summary}


def throughput(args: argparse.Namespace, scenario: str) -> tuple[list[float], float]:
    """Section 1; returns the CPU per request of each concurrency and the ideal of the last."""
    print(f"\n1. episodes/s against a {args.latency * 1000:.0f} ms loopback server, "
          f"{args.turns} model turns per episode (medians of {args.repeats})")  # fmt: skip
    header = (f"{'concurrency':>11}  {'episodes':>8}  {'episodes/s':>10}  {'ideal':>8}  "
              f"{'share':>6}  {'CPU/request':>11}  {'client bound (req/s/core)':>25}")  # fmt: skip
    print(header)
    cpus = []
    with LoopbackModel(args.latency, args.turns) as server:
        factory = make_agent_factory("openai:bench", base_url=server.openai_base_url)
        timed_run(factory, scenario, 4, 4)  # warm up: imports, the tool encoding
        for concurrency in args.concurrency:
            episodes = max(args.min_episodes, args.slots * concurrency)
            rates, per_request = [], []
            for _ in range(args.repeats):
                result = timed_run(factory, scenario, episodes, concurrency)
                rates.append(episodes / result["wall"])
                per_request.append(result["episode_cpu"] / (episodes * args.turns))
            rate, cpu = statistics.median(rates), statistics.median(per_request)
            ideal = concurrency / (args.turns * args.latency)
            cpus.append(cpu)
            print(f"{concurrency:>11}  {episodes:>8}  {rate:>10.1f}  {ideal:>8.1f}  "
                  f"{rate / ideal:>6.0%}  {cpu * 1000:>8.3f} ms  {1 / cpu:>25,.0f}")  # fmt: skip
    return cpus, ideal


def sdk_baseline(args: argparse.Namespace) -> float:
    """Section 2: CPU per request of the SDK's typed create() (the runner's old request path)."""
    import openai

    tools = tool_specs("adapter", "openai_chat")
    history = [
        {"role": "system", "content": "You are an email assistant."},
        {"role": "user", "content": "List my folders."},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_0",
                    "type": "function",
                    "function": {"name": "folders_list", "arguments": "{}"},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_0", "content": "Inbox, Archive, Sent Items"},
    ]
    samples = []
    with LoopbackModel(0.0, args.turns) as server:
        client = openai.OpenAI(base_url=server.openai_base_url, api_key="bench")
        client.chat.completions.create(model="bench", messages=history, tools=tools)
        for _ in range(args.repeats):
            cpu = time.process_time()
            for _ in range(args.baseline_requests):
                client.chat.completions.create(model="bench", messages=history, tools=tools)
            samples.append((time.process_time() - cpu) / args.baseline_requests)
    return statistics.median(samples)


def ray_scaling(args: argparse.Namespace, scenario: str) -> None:
    """Section 3: Ray with 1 and 2 workers, and the per-episode overhead."""
    import ray

    began = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             _node_ip_address="127.0.0.1")  # fmt: skip
    started = time.perf_counter() - began
    address = ray.get_runtime_context().gcs_address
    try:
        print(f"\n3. Ray on a local cluster of this machine (2 CPUs; started in {started:.1f} s, "
              f"not counted below; medians of {args.repeats})")  # fmt: skip
        episodes = args.ray_concurrency * args.slots
        with LoopbackModel(args.latency, args.turns) as server:
            factory = make_agent_factory("openai:bench", base_url=server.openai_base_url)
            rates = {}
            for label, options in (
                ("in-process", {}),
                ("Ray, 1 worker", {"ray": address, "ray_workers": 1}),
                ("Ray, 2 workers", {"ray": address, "ray_workers": 2}),
            ):
                walls = [
                    timed_run(factory, scenario, episodes, args.ray_concurrency, **options)["wall"]
                    for _ in range(args.repeats)
                ]
                rates[label] = episodes / statistics.median(walls)
            ideal = args.ray_concurrency / (args.turns * args.latency)
            for label, rate in rates.items():
                workers = 2 if "2" in label else 1
                print(f"  {label:<15} {episodes} episodes, {args.ray_concurrency} in flight per "
                      f"process: {rate:7.1f} episodes/s (ideal {ideal * workers:.0f}; "
                      f"{rate / rates['in-process']:.2f}x in-process)")  # fmt: skip
        reference = make_agent_factory("reference")
        count = args.overhead_episodes
        local = [timed_run(reference, scenario, count, 1, profile="full")["wall"]
                 for _ in range(args.repeats)]  # fmt: skip
        remote = [timed_run(reference, scenario, count, 1, profile="full", ray=address,
                            ray_workers=1)["wall"] for _ in range(args.repeats)]  # fmt: skip
        overhead = (statistics.median(remote) - statistics.median(local)) / count
        print(f"  per-episode overhead of Ray (reference agent, {count} episodes, one at a time): "
              f"{overhead * 1000:.2f} ms (in-process {statistics.median(local) / count * 1000:.2f} "
              f"ms per episode; on 1 Ray worker {statistics.median(remote) / count * 1000:.2f} ms)")  # fmt: skip
    finally:
        ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--concurrency", default="1,32,128,1000",
                        type=lambda text: [int(c) for c in text.split(",")])  # fmt: skip
    parser.add_argument("--latency", type=float, default=0.2, help="model latency, seconds")
    parser.add_argument("--turns", type=int, default=3, help="model turns per episode")
    parser.add_argument("--slots", type=int, default=2, help="episodes per concurrency slot")
    parser.add_argument("--min-episodes", type=int, default=10)
    parser.add_argument("--baseline-requests", type=int, default=100)
    parser.add_argument("--ray", action="store_true", help="also measure Ray (the ray extra)")
    parser.add_argument("--ray-concurrency", type=int, default=128)
    parser.add_argument("--overhead-episodes", type=int, default=100)
    args = parser.parse_args()

    scenario = scenario_ids()[0]
    try:
        import aiohttp  # noqa: F401

        path = "fast path (aiohttp)"
    except ImportError:
        path = "SDK async client only (no aiohttp)"
    print(f"scenario {scenario}; request path: {path}; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")  # fmt: skip
    cpus, _ = throughput(args, scenario)
    baseline = sdk_baseline(args)
    best = min(cpus)
    print(f"\n2. client CPU per request: {best * 1000:.3f} ms at best, "
          f"{max(cpus) * 1000:.3f} ms at worst; baseline in this run, the SDK's typed "
          f"create() (old path): {baseline * 1000:.3f} ms per request, before any env step "
          f"or record; ratio {max(cpus) / baseline:.2f}x")  # fmt: skip
    verdict = "PASS" if max(cpus) <= TARGET_CPU else "MISS"
    print(f"   target <= {TARGET_CPU * 1000:.0f} ms per request (>= 1,000 requests/s per core) "
          f"at every concurrency: {verdict}")  # fmt: skip
    print(f"   throughput target: >= {TARGET_SHARE:.0%} of ideal until the client CPU is the "
          f"bound ({1 / max(cpus):,.0f} requests/s per core here)")  # fmt: skip
    if args.ray:
        ray_scaling(args, scenario)
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
