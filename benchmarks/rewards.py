"""Reward baselines (issue 10): what doing nothing, a random agent and the reference earn.

Run: `PYTHONPATH=. python benchmarks/rewards.py [--seeds 3]`. Every scenario is played
through the env with each reward mode; prints the mean and max reward per agent.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from emailbench_gym.agents.random import RandomAgent
from emailbench_gym.agents.reference import ReferenceAgent
from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.grading.reward import REWARD_MODES, reward_of
from emailbench_gym.scenarios import scenario_ids


def play(env: EmailBenchEnv, agent, scenario_id: str, repeat: int = 0):
    observation, info = env.reset(options={"scenario_id": scenario_id})
    agent.start(observation, {**info, "repeat": repeat})
    while True:
        observation, _reward, terminated, truncated, step = env.step(agent.act(observation))
        if terminated or truncated:
            return step["grade"]


def main() -> bool:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    ids = scenario_ids()
    env = EmailBenchEnv(scenarios=ids, profile="full")
    grades: dict[str, list] = {"do-nothing": [], "random": [], "reference": []}
    for sid in ids:
        env.reset(options={"scenario_id": sid})
        grades["do-nothing"].append(env.step({"final_answer": ""})[4]["grade"])
        grades["reference"].append(play(env, ReferenceAgent(), sid))
        for seed in range(args.seeds):
            grades["random"].append(play(env, RandomAgent(env, seed=seed), sid, seed))
    ok = True
    for agent, found in grades.items():
        parts = []
        for mode in REWARD_MODES:
            values = [reward_of(g, mode) for g in found]
            parts.append(f"{mode} mean {statistics.fmean(values):.3f} max {max(values):.2f}")
        print(f"{agent:<11} ({len(found)} episodes): " + "; ".join(parts))
    nothing = statistics.fmean(reward_of(g, "progress") for g in grades["do-nothing"])
    random = statistics.fmean(reward_of(g, "progress") for g in grades["random"])
    ok = nothing <= 0.01 and random <= 0.05
    print(f"progress: do-nothing {nothing:.3f} (target <= 0.01), random {random:.3f} (<= 0.05)")
    return ok


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
