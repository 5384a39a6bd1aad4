"""RL-style rollouts on Ray: a pool of env actors steps in parallel, the policy runs in the driver.

    python examples/ray_rollouts.py --envs 4 --episodes 16 --out rollouts.jsonl   # local cluster
    python examples/ray_rollouts.py --address HEAD:6379 --envs 64 --episodes 1000
    python examples/ray_rollouts.py --policy openai:MODEL --base-url http://127.0.0.1:8000/v1

Each env actor is a Ray actor (its own worker process, anywhere in the cluster) holding one
`EmailBenchEnv` for the whole run: when its episode ends it is reset with the next scenario,
so actors are started once, not per episode. The driver is the learner's side: one asyncio
task per actor asks the policy for the next action and awaits the actor's `step` (Ray object
refs are awaitable), so every env steps in parallel and a model policy has one request in
flight per env. Policies: `reference` (each scenario's reference solution: expert
demonstrations; use `--profile full`, whose tools every solution has) or `PROVIDER:MODEL`
behind `--base-url` (the package's own model agent, one per env: any OpenAI-compatible
server, e.g. vLLM serving the policy being trained).

Without `--address` a cluster is started on 127.0.0.1 for the run. Each output line is one
finished episode: its scenario, the (observation, action, reward) steps, the return and
the grade's pass flag, as `rl_rollouts.py` writes them, and the pid of the actor that played
it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Iterator
from typing import Any

from emailbench_gym.agents import make_agent_factory
from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.ray_pool import start_local_cluster
from emailbench_gym.scenarios import scenario_ids


class EnvActor:
    """One env in its own Ray worker process: `reset(scenario_id)` and `step(action)`."""

    def __init__(self, profile: str) -> None:
        self.env = EmailBenchEnv(profile=profile)

    def reset(self, scenario_id: str) -> tuple[dict, dict]:
        return self.env.reset(options={"scenario_id": scenario_id})

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        observation, reward, terminated, truncated, info = self.env.step(action)
        return observation, float(reward), terminated, truncated, info

    def pid(self) -> int:
        """The actor's worker process (the same for every episode it plays)."""
        return os.getpid()


async def rollouts(
    actor: Any, pid: int, tasks: Iterator[str], policy: Any, out: list[dict]
) -> None:
    """Play episodes on one env actor until `tasks` runs out (the tasks are shared)."""
    for scenario_id in tasks:
        observation, info = await actor.reset.remote(scenario_id)
        agent = policy(None)
        agent.start(observation, info)
        steps: list[dict[str, Any]] = []
        done = False
        while not done:
            action = await agent.aact(observation)
            step = await actor.step.remote(action)
            steps.append({"observation": observation, "action": action, "reward": step[1]})
            observation, _reward, terminated, truncated, info = step
            done = terminated or truncated
        out.append(
            {
                "scenario_id": scenario_id,
                "steps": steps,
                "return": sum(s["reward"] for s in steps),
                "passed": bool(info["grade"].passed),
                "truncated": bool(truncated),
                "actor_pid": pid,
            }
        )


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", help="a running Ray cluster (default: start one locally)")
    parser.add_argument("--envs", type=int, default=2, help="env actors (worker processes)")
    parser.add_argument("--episodes", type=int, default=4, help="finished episodes to collect")
    parser.add_argument("--scenarios", help="comma-separated ids (default: the whole suite)")
    parser.add_argument("--policy", default="reference", help="reference or PROVIDER:MODEL")
    parser.add_argument("--base-url", help="the model server of a PROVIDER:MODEL policy")
    parser.add_argument("--profile", default="full", help="tool profile: adapter or full")
    parser.add_argument("--out", default="-", help="JSONL file ('-' for stdout)")
    args = parser.parse_args(argv)

    ids = args.scenarios.split(",") if args.scenarios else scenario_ids()
    policy = make_agent_factory(args.policy, base_url=args.base_url)
    if args.address is None:
        start_local_cluster()  # on 127.0.0.1 only; it imports ray (after its loopback setting)
    import ray

    if not ray.is_initialized():
        ray.init(address=args.address, include_dashboard=False, log_to_driver=False)
    try:
        cpus = ray.cluster_resources().get("CPU", 1)
        actor_class = ray.remote(EnvActor).options(num_cpus=min(1.0, cpus / args.envs))
        actors = [actor_class.remote(args.profile) for _ in range(args.envs)]
        pids = ray.get([actor.pid.remote() for actor in actors])  # every actor is up
        tasks = (ids[k % len(ids)] for k in range(args.episodes))

        async def collect() -> list[dict]:
            finished: list[dict] = []
            await asyncio.gather(
                *(
                    rollouts(a, pid, tasks, policy, finished)
                    for a, pid in zip(actors, pids, strict=True)
                )
            )
            aclose = getattr(policy, "aclose", None)
            if aclose is not None:
                await aclose()
            return finished

        finished = asyncio.run(collect())
    finally:
        ray.shutdown()

    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")  # noqa: SIM115
    for episode in finished:
        out.write(json.dumps(episode, default=str) + "\n")
    if out is not sys.stdout:
        out.close()
    return finished


if __name__ == "__main__":
    main()
