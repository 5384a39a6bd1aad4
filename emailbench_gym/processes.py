"""Episodes on local worker processes, without Ray: one process per core, one writer.

A `ProcessPool` is a `multiprocessing` pool of N worker processes (spawned, so nothing of
this process's threads or loop is inherited). Each process is an `EnvWorker`, the same
body a Ray actor has: it takes jobs from one shared queue and plays up to `per_worker`
episodes at once on its own event loop; every record comes back through a second queue
to this process, which writes it as it arrives (`play_on_processes` is one pool for one
run; a caller playing batch after batch keeps the pool). So the
run folder keeps one writer (its lock, run.json, results.jsonl), a run is resumable as a
local one, and killing this process loses only the episodes in flight: the workers stop
taking jobs once their parent is gone.

For one machine this is what `--ray` does without Ray's cluster start (seconds to tens
of seconds) and with no extra dependency; `--ray` spreads over several machines.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import queue
import signal
import time
from collections.abc import Callable
from typing import Any

from emailbench_gym.env_worker import EnvWorker, WorkerSpec

#: Seconds between checks of the workers' health while no record arrives.
POLL = 0.5

# One worker process's state, set by the pool's initializer: the shared queues and its
# EnvWorker (kept for the life of the pool, so batch after batch reuses its envs and clients).
_jobs: Any = None
_records: Any = None
_stop: Any = None
_worker: EnvWorker | None = None


def _attach(jobs: Any, records: Any, stop: Any, spec: WorkerSpec) -> None:
    """Pool initializer: keep the queues, build the EnvWorker, and leave Ctrl-C to the parent."""
    global _jobs, _records, _stop, _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _jobs, _records, _stop = jobs, records, stop
    _worker = EnvWorker(spec)


def _serve(per_worker: int, parent: int) -> tuple[int, float]:
    """Play jobs from the shared queue, `per_worker` at once, until each lane's end marker;
    the episodes played and the CPU seconds this process spent on them."""
    worker = _worker
    assert worker is not None
    played, cpu = 0, time.process_time()

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
            aclose = getattr(worker.agent_factory, "aclose", None)
            if aclose is not None:
                await aclose()  # this loop's clients: the next batch runs on a new loop

    asyncio.run(main())
    return played, time.process_time() - cpu


class ProcessPool:
    """`processes` local worker processes, started once and reused by every `play`.

    Each is an `EnvWorker` built from `spec`, like a Ray actor.
    """

    def __init__(self, spec: WorkerSpec, *, processes: int) -> None:
        self.processes, self.per_worker = processes, spec.per_worker
        context = multiprocessing.get_context("spawn")
        self.jobs, self.records, self.stop = context.Queue(), context.Queue(), context.Event()
        self.pool = context.Pool(
            processes, initializer=_attach, initargs=(self.jobs, self.records, self.stop, spec)
        )

    def play(
        self, jobs: list[tuple[str, Any, int]], save: Callable[[dict[str, Any]], None]
    ) -> float:
        """Play (or re-grade) every job; `save` each record here as it comes back. Returns
        the CPU seconds the workers spent (the benchmarks add it to this process's).

        An exception (in `save`, in a worker) propagates; the caller closes the pool (the
        episodes in flight are abandoned: a rerun plays them again).
        """
        if not jobs:
            return 0.0
        for job in jobs:
            self.jobs.put(job)
        for _ in range(self.processes * self.per_worker):
            self.jobs.put(None)
        results = [
            self.pool.apply_async(_serve, (self.per_worker, os.getpid()))
            for _ in range(self.processes)
        ]
        received = 0
        while received < len(jobs):
            try:
                record = self.records.get(timeout=POLL)
            except queue.Empty:
                for result in results:
                    if result.ready() and not result.successful():
                        result.get()  # re-raise the worker's exception here
                if all(r.ready() for r in results) and sum(r.get()[0] for r in results) <= received:
                    raise RuntimeError(
                        f"the worker processes ended with {len(jobs) - received} episode(s) "
                        "not played"
                    ) from None
                continue
            save(record)
            received += 1
        return sum(result.get()[1] for result in results)  # every lane took its end marker

    def close(self) -> None:
        """Stop the workers at once (episodes in flight are abandoned)."""
        self.stop.set()
        self.pool.terminate()
        self.pool.join()
        for channel in (self.jobs, self.records):
            channel.cancel_join_thread()
            channel.close()

    def __enter__(self) -> ProcessPool:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def play_on_processes(
    jobs: list[tuple[str, Any, int]],
    spec: WorkerSpec,
    *,
    processes: int,
    save: Callable[[dict[str, Any]], None],
) -> None:
    """Play (or re-grade) every job on a `ProcessPool` made for this run; `save` each record here.

    The first exception (a full disk in `save`, a worker that crashed) or Ctrl-C stops the
    run: the workers are terminated and their episodes in flight abandoned.
    """
    if not jobs:
        return
    with ProcessPool(spec, processes=processes) as pool:
        pool.play(jobs, save)
