"""Episodes on a Ray cluster: a pool of env actors, records written by the one driver.

`play_on_ray(jobs, ...)` starts `workers` actors (one process each, anywhere in the
cluster); each owns its agent factory, its judge and a pool of envs, and plays up to
`per_worker` episodes at once on its own event loop, exactly as the local runner does
(`runner.aplay_episode`). The driver (the `emailbench run` process) keeps the run
folder: its lock, run.json and results.jsonl; every record comes back to it and is
written as it arrives, so a Ray run is resumable like a local one, and killing the
driver loses only the episodes in flight. Needs the `ray` extra.

`address` None starts a local cluster on 127.0.0.1 for this run (and stops it after);
otherwise it is the address of a running cluster (`ray start --head`), or "auto".
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from emailbench_gym.agents.base import AgentFactory
from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.grading.judge import Judge, make_judge
from emailbench_gym.replay import regrade_record
from emailbench_gym.tools import Profile


class EnvWorker:
    """A Ray actor's body: plays episodes and re-grades records, up to `per_worker` at once."""

    def __init__(
        self,
        agent_factory: AgentFactory,
        scenarios: Sequence[str],
        tools: Profile,
        judge: Any,
        max_turns: int | None,
        per_worker: int,
    ) -> None:
        self.agent_factory = agent_factory
        self.scenarios = list(scenarios)
        self.tools = tools
        self.judge = _rebuild_judge(judge)
        self.max_turns = max_turns
        self.threads = ThreadPoolExecutor(min(per_worker, 32), thread_name_prefix="emailbench")
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


def play_on_ray(
    jobs: list[tuple[str, Any, int]],
    *,
    address: str | None,
    workers: int | None,
    per_worker: int,
    agent_factory: AgentFactory,
    scenarios: Sequence[str],
    tools: Profile,
    judge: Judge | None,
    max_turns: int | None,
    save: Callable[[dict[str, Any]], None],
) -> None:
    """Play (or re-grade) every job on Ray actors; `save` each record in the driver.

    `workers` defaults to the cluster's CPUs. The first exception (a full disk, a broken
    worker) stops the run: the actors are killed, their episodes in flight abandoned.
    """
    try:
        import ray
    except ImportError:
        raise ValueError("--ray needs Ray: pip install 'emailbench-gym[ray]'") from None
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is None:
            options["_node_ip_address"] = "127.0.0.1"  # a local cluster, on loopback only
        ray.init(address=address, **options)
    actors: list[Any] = []
    try:
        count = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        actor_class = ray.remote(num_cpus=1, max_concurrency=per_worker)(EnvWorker)
        spec = judge_spec(judge)
        actors = [
            actor_class.remote(agent_factory, scenarios, tools, spec, max_turns, per_worker)
            for _ in range(count)
        ]
        queue = iter(jobs)
        pending: dict[Any, int] = {}

        def submit(index: int) -> None:
            job = next(queue, None)
            if job is None:
                return
            kind, item, repeat = job
            actor = actors[index]
            ref = actor.grade.remote(item) if kind == "grade" else actor.play.remote(item, repeat)
            pending[ref] = index

        for _ in range(per_worker):
            for index in range(count):
                submit(index)
        while pending:
            ray.wait(list(pending), num_returns=1)  # block until one is done, then take all done
            ready, _ = ray.wait(list(pending), num_returns=len(pending), timeout=0)
            for ref in ready:
                index = pending.pop(ref)
                save(ray.get(ref))
                submit(index)
        ray.get([actor.close.remote() for actor in actors], timeout=60)
    finally:
        for actor in actors:
            with contextlib.suppress(Exception):
                ray.kill(actor)
        if started:
            ray.shutdown()
