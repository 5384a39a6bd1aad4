"""Episodes on local worker processes, without Ray: one process per core, one writer.

`play_on_processes(jobs, processes=N, ...)` starts a `multiprocessing` pool of N worker
processes (spawned, so nothing of this process's threads or loop is inherited). Each
process is an `EnvWorker`, the same body a Ray actor has: it takes jobs from one shared
queue and plays up to `per_worker` episodes at once on its own event loop; every record
comes back through a second queue to this process, which writes it as it arrives. So the
run folder keeps one writer (its lock, run.json, results.jsonl), a run is resumable as a
local one, and killing this process loses only the episodes in flight: the workers stop
taking jobs once their parent is gone.

For one machine this is what `--ray` does without Ray's cluster start (seconds to tens
of seconds) and with no extra dependency; `--ray` spreads over several machines.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import queue
import signal
from collections.abc import Callable, Sequence
from typing import Any

from emailbench_gym.agents.base import AgentFactory
from emailbench_gym.env_worker import EnvWorker, judge_spec
from emailbench_gym.grading.judge import Judge
from emailbench_gym.tools import Profile

#: Seconds between checks of the workers' health while no record arrives.
POLL = 0.5

_jobs: Any = None
_records: Any = None
_stop: Any = None


def _attach(jobs: Any, records: Any, stop: Any) -> None:
    """Pool initializer: keep the queues, and leave Ctrl-C to the parent (it stops us)."""
    global _jobs, _records, _stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _jobs, _records, _stop = jobs, records, stop


def _serve(worker_args: tuple[Any, ...], per_worker: int, parent: int) -> int:
    """One worker process: play jobs from the shared queue until its end marker; the count."""
    worker = EnvWorker(*worker_args)
    played = 0

    async def lane() -> None:
        nonlocal played
        while not _stop.is_set() and os.getppid() == parent:
            job = _jobs.get()
            if job is None:  # one end marker per lane
                return
            kind, item, repeat = job
            if kind == "grade":
                record = await worker.grade(item)
            else:
                record = await worker.play(item, repeat)
            _records.put(record)
            played += 1

    async def main() -> None:
        try:
            await asyncio.gather(*(lane() for _ in range(per_worker)))
        finally:
            await worker.close()

    asyncio.run(main())
    return played


def play_on_processes(
    jobs: list[tuple[str, Any, int]],
    *,
    processes: int,
    per_worker: int,
    agent_factory: AgentFactory,
    scenarios: Sequence[str],
    tools: Profile,
    judge: Judge | None,
    max_turns: int | None,
    save: Callable[[dict[str, Any]], None],
) -> None:
    """Play (or re-grade) every job on `processes` local workers; `save` each record here.

    The first exception (a full disk in `save`, a worker that crashed) or Ctrl-C stops the
    run: the workers are terminated and their episodes in flight abandoned (a rerun plays
    them again).
    """
    if not jobs:
        return
    context = multiprocessing.get_context("spawn")
    job_queue, record_queue, stop = context.Queue(), context.Queue(), context.Event()
    for job in jobs:
        job_queue.put(job)
    for _ in range(processes * per_worker):
        job_queue.put(None)
    worker_args = (agent_factory, scenarios, tools, judge_spec(judge), max_turns, per_worker)
    pool = context.Pool(processes, initializer=_attach, initargs=(job_queue, record_queue, stop))
    try:
        results = [
            pool.apply_async(_serve, (worker_args, per_worker, os.getpid()))
            for _ in range(processes)
        ]
        pool.close()
        received = 0
        while received < len(jobs):
            try:
                record = record_queue.get(timeout=POLL)
            except queue.Empty:
                for result in results:
                    if result.ready() and not result.successful():
                        result.get()  # re-raise the worker's exception here
                if all(r.ready() for r in results) and sum(r.get() for r in results) <= received:
                    raise RuntimeError(
                        f"the worker processes ended with {len(jobs) - received} episode(s) "
                        "not played"
                    ) from None
                continue
            save(record)
            received += 1
        pool.join()
    finally:
        stop.set()
        pool.terminate()
        with contextlib.suppress(Exception):
            job_queue.cancel_join_thread()
            record_queue.cancel_join_thread()
