"""A seeded random agent: a few `action_space.sample()` turns, then a final answer.

A baseline and a fuzzer: sampled calls are usually plausible and sometimes wrong on
purpose. Each episode's draws depend only on the seed, scenario id and repeat, so a
run is reproducible at any concurrency.
"""

from __future__ import annotations

import zlib
from typing import Any

import gymnasium as gym
import numpy as np

from emailbench_gym.agents.base import TimedAgent


class RandomAgent(TimedAgent):
    """Samples 1 to `max_calls` tool-call turns from the env's action space, then answers."""

    def __init__(self, env: gym.Env, seed: int = 0, max_calls: int = 4) -> None:
        super().__init__(model="random", kind="random")
        self.space = env.action_space
        self.seed = seed
        self.max_calls = max_calls
        self._left = 0

    def start(self, observation: dict[str, Any], info: dict[str, Any]) -> None:
        key = f"{self.seed}:{info['scenario_id']}:{info.get('repeat', 0)}".encode()
        episode_seed = zlib.crc32(key)
        self.space.seed(episode_seed)
        self._left = int(np.random.default_rng(episode_seed).integers(1, self.max_calls + 1))

    def turn(self, observation: dict[str, Any]) -> Any:
        if self._left <= 0:
            self.last_turn.text = "Done."
            return {"final_answer": "Done."}
        self._left -= 1
        return self.space.sample()  # now and then a sampled final answer ends the episode early
