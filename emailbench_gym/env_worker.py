"""The body of one episode worker (a Ray actor, or a local worker process).

An `EnvWorker` owns its agent factory, its judge and a pool of envs, and plays episodes
(or re-grades records) on its event loop, up to `per_worker` at once, exactly as the
local runner does (`runner.aplay_episode`). It is built in the worker's own process from
a `WorkerSpec`, the one picklable description both pools send: the agent factory pickles
without its clients, and an SDK judge travels as its name and base URL (`judge_spec`) and
is rebuilt there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from emailbench_gym.agents.base import AgentFactory
from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.grading.judge import Judge, make_judge
from emailbench_gym.replay import regrade_record
from emailbench_gym.tools import Profile


@dataclass(frozen=True)
class WorkerSpec:
    """What every episode worker (a local worker process, a Ray actor) is built from,
    in picklable form: `WorkerSpec.of(...)` sends an SDK judge as its `judge_spec`."""

    agent_factory: AgentFactory
    scenarios: tuple[str, ...]
    tools: Profile
    judge: Any
    max_turns: int | None
    per_worker: int

    @classmethod
    def of(
        cls,
        *,
        agent_factory: AgentFactory,
        scenarios: Sequence[str],
        tools: Profile,
        judge: Judge | None,
        max_turns: int | None,
        per_worker: int,
    ) -> WorkerSpec:
        return cls(agent_factory, tuple(scenarios), tools, judge_spec(judge), max_turns, per_worker)


class EnvWorker:
    """A worker's body: plays episodes and re-grades records, up to `per_worker` at once."""

    def __init__(self, spec: WorkerSpec) -> None:
        self.agent_factory = spec.agent_factory
        self.scenarios = list(spec.scenarios)
        self.tools = spec.tools
        self.judge = _rebuild_judge(spec.judge)
        self.max_turns = spec.max_turns
        self.threads = ThreadPoolExecutor(min(spec.per_worker, 32), thread_name_prefix="emailbench")
        self.envs: list[EmailBenchEnv] = []  # envs not in use: one per episode in flight

    async def play(self, scenario_id: str, repeat: int) -> dict[str, Any]:
        from emailbench_gym.runner import aplay_episode

        env = self.envs.pop() if self.envs else self._env()
        try:
            steps = self.threads if self.judge is not None else None
            agent = self.agent_factory(env)
            return await aplay_episode(agent, env, scenario_id, repeat, steps)
        finally:
            self.envs.append(env)

    async def grade(self, record: dict[str, Any]) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.threads, regrade_record, record, self.tools, self.judge
        )

    async def close(self) -> None:
        aclose = getattr(self.agent_factory, "aclose", None)
        if aclose is not None:
            await aclose()
        self.threads.shutdown(wait=False, cancel_futures=True)

    def _env(self) -> EmailBenchEnv:
        return EmailBenchEnv(
            scenarios=self.scenarios, profile=self.tools, judge=self.judge, max_turns=self.max_turns
        )


def judge_spec(judge: Judge | None) -> Any:
    """What to send a worker: an SDK judge as (name, base URL), rebuilt there; else as is."""
    name, url = getattr(judge, "name", None), getattr(judge, "base_url", None)
    if judge is not None and isinstance(name, str) and isinstance(url, str):
        return ("judge", name, url)
    return judge


def _rebuild_judge(spec: Any) -> Judge | None:
    if isinstance(spec, tuple) and spec and spec[0] == "judge":
        return make_judge(spec[1], base_url=spec[2])
    return spec
