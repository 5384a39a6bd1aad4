"""A random agent: the plain Gymnasium loop, with `action_space.sample()` as the policy.

Random tool calls (some deliberately malformed) never crash the env: bad ones come back
as error results. Run: `python examples/random_agent.py [ENV_ID] [EPISODES]`.
"""

from __future__ import annotations

import sys

import gymnasium as gym

import emailbench_gym  # noqa: F401  (registers the EmailBench-* envs)


def main(env_id: str = "EmailBench-Suite", episodes: int = 3, seed: int = 0) -> None:
    env = gym.make(env_id, max_turns=8)
    env.action_space.seed(seed)
    for episode in range(episodes):
        observation, info = env.reset(seed=seed + episode)
        print(f"episode {episode}: {info['scenario_id']} ({len(info['tools'])} tools)")
        terminated = truncated = False
        while not (terminated or truncated):
            action = env.action_space.sample()
            observation, reward, terminated, truncated, info = env.step(action)
            for result in observation["results"]:
                status = "error" if result["is_error"] else "ok"
                print(f"  {result['name']}: {status}")
        grade = info["grade"]
        ending = "terminated" if terminated else "truncated"
        print(f"  {ending} after {info['turn']} turns: reward {reward:.2f}, passed {grade.passed}")
    env.close()


if __name__ == "__main__":
    main(*sys.argv[1:2], *(int(a) for a in sys.argv[2:3]))
