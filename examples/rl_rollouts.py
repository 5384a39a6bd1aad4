"""Batched rollouts over `EmailBench-Suite` with a Gymnasium vector env, saved as JSONL for a trainer.

    python examples/rl_rollouts.py --num-envs 4 --episodes 8 --out rollouts.jsonl
    python examples/rl_rollouts.py --policy random --mode async --episodes 16
    python examples/rl_rollouts.py --profile full --episodes 200 --out demos.jsonl

Each output line is one finished episode: its scenario, the (observation, action,
reward) steps, the return and the grade's pass flag. Policies: `reference`
replays each scenario's reference solution one call per turn, resolving `$N`
references from the observed results (expert demonstrations; use `--profile full`,
since the paper's 46-tool adapter lacks some tools, e.g. boards); `random` samples the
action space for a few turns, then answers.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

import gymnasium as gym

import emailbench_gym  # noqa: F401  (registers EmailBench-Suite)
from emailbench_gym.errors import ScenarioError
from emailbench_gym.scenarios import load_scenario, resolve_refs


class ReferencePolicy:
    """Replays one scenario's reference calls, feeding each call the earlier results."""

    def __init__(self, scenario_id: str) -> None:
        self.solution = load_scenario(scenario_id).solution
        self.results: list[Any] = []

    def act(self, observation: dict, rng: random.Random) -> Any:
        for result in observation["results"]:
            self.results.append(json.loads(result["content"]))  # refs read a page's items
        step = len(self.results)
        if step == len(self.solution.calls):
            return {"final_answer": self.solution.answer}
        call = self.solution.calls[step]
        try:
            return {"name": call.name, "arguments": resolve_refs(call.arguments, self.results)}
        except ScenarioError:  # an earlier call failed, so its result has no ids to follow
            return {"final_answer": self.solution.answer}


def _parsed(content: str) -> Any:
    """A result's data (a list tool's page: its items); None for text that is not JSON."""
    try:
        data = json.loads(content)
    except json.JSONDecodeError:
        return None
    return data["items"] if isinstance(data, dict) and "items" in data else data


class RandomPolicy:
    """Samples the action space for a few turns, then gives a final answer."""

    def __init__(self, space: gym.Space, turns: int) -> None:
        self.space, self.turns = space, turns

    def act(self, observation: dict, rng: random.Random) -> Any:
        self.turns -= 1
        return self.space.sample() if self.turns > 0 else {"final_answer": "Done."}


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--num-envs", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=4, help="finished episodes to collect")
    parser.add_argument("--mode", choices=["sync", "async"], default="sync")
    parser.add_argument("--policy", choices=["reference", "random"], default="reference")
    parser.add_argument("--profile", default="adapter", help="tool profile: adapter or full")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="-", help="JSONL file ('-' for stdout)")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)

    envs = gym.make_vec(
        "EmailBench-Suite",
        args.num_envs,
        vectorization_mode=args.mode,
        profile=args.profile,
    )
    envs.single_action_space.seed(args.seed)

    def policy(scenario_id: str) -> Any:
        if args.policy == "reference":
            return ReferencePolicy(scenario_id)
        return RandomPolicy(envs.single_action_space, rng.randint(1, 4))

    observations, info = envs.reset(seed=args.seed)
    policies = [policy(info["scenario_id"][i]) for i in range(args.num_envs)]
    trajectories: list[dict] = [
        {"scenario_id": info["scenario_id"][i], "steps": []} for i in range(args.num_envs)
    ]
    finished: list[dict] = []
    while len(finished) < args.episodes:
        actions = [policies[i].act(observations[i], rng) for i in range(args.num_envs)]
        next_observations, rewards, terminated, truncated, info = envs.step(actions)
        for i in range(args.num_envs):
            trajectory = trajectories[i]
            trajectory["steps"].append(
                {"observation": observations[i], "action": actions[i], "reward": float(rewards[i])}
            )
            if terminated[i] or truncated[i]:
                trajectory["return"] = sum(s["reward"] for s in trajectory["steps"])
                trajectory["passed"] = bool(info["grade"][i].passed)
                trajectory["truncated"] = bool(truncated[i])
                finished.append(trajectory)
                # The next step resets this env (autoreset "next step"); its action is ignored.
                policies[i] = _Resetting()
                trajectories[i] = {"scenario_id": None, "steps": []}
            elif isinstance(policies[i], _Resetting):
                scenario_id = info["scenario_id"][i]
                policies[i] = policy(scenario_id)
                trajectories[i] = {"scenario_id": scenario_id, "steps": []}
        observations = next_observations
    envs.close()

    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")  # noqa: SIM115
    for trajectory in finished[: args.episodes]:
        out.write(json.dumps(trajectory, default=str) + "\n")
    if out is not sys.stdout:
        out.close()
    return finished[: args.episodes]


class _Resetting:
    """Stands in for a policy during the autoreset step (whose action the env ignores)."""

    def act(self, observation: dict, rng: random.Random) -> Any:
        return {"final_answer": ""}


if __name__ == "__main__":
    main()
