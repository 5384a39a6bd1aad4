"""Episodes on a Ray cluster: a pool of env actors, records written by the one driver.

A `RayPool` starts `workers` actors (one process each, anywhere in the cluster); each is an
`env_worker.EnvWorker` (its agent factory, its judge and a pool of envs) playing up to
`per_worker` episodes at once on its own event loop, exactly as the local runner does
(`runner.aplay_episode`). The driver (the `emailbench run` process) keeps the run
folder: its lock, run.json and results.jsonl; every record comes back to it and is
written as it arrives, so a Ray run is resumable like a local one, and killing the
driver loses only the episodes in flight. `play_on_ray` is one pool for one run; a
caller playing batch after batch (an RL loop, a benchmark) keeps the pool. Needs the
`ray` extra.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from typing import Any

from emailbench_gym.env_worker import EnvWorker, WorkerSpec

#: Ray turns a node address of 127.0.0.1 into the machine's network address (and its servers
#: then listen on every interface) unless this is "0" when ray is imported: then the node is
#: 127.0.0.1 and every server of the cluster listens on loopback only.
LOOPBACK_ONLY = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


def start_local_cluster(**options: Any) -> str:
    """Start a Ray cluster on this machine, reachable on 127.0.0.1 only; its GCS address.

    Call it before anything imports ray in this process (or set RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0
    yourself); a cluster that would listen beyond loopback is stopped and refused.
    """
    os.environ.setdefault(LOOPBACK_ONLY, "0")  # read by ray at import; inherited by its servers
    import ray

    ray.init(include_dashboard=False, log_to_driver=False, _node_ip_address="127.0.0.1", **options)
    address = ray.get_runtime_context().gcs_address
    if not address.startswith("127.0.0.1:"):
        ray.shutdown()
        raise RuntimeError(
            f"the local Ray cluster came up on {address}, not on loopback only: ray was "
            f"imported before {LOOPBACK_ONLY}=0 was set; set it in the environment"
        )
    return address


class RayPool:
    """`workers` env actors on a Ray cluster, started once and reused by every `play`.

    `address` None joins the cluster this process already has (`ray.init` done), or else
    starts a local one on 127.0.0.1 (stopped by `close`); otherwise a running cluster's
    address (`ray start --head`) or "auto". `workers` defaults to the cluster's CPUs.
    An RL loop or a benchmark keeps one pool across batches, so the actors' start (a
    worker process each, importing the package and the SDKs) is paid once.
    """

    def __init__(
        self, spec: WorkerSpec, *, workers: int | None, address: str | None = None
    ) -> None:
        if address is None:
            os.environ.setdefault(LOOPBACK_ONLY, "0")  # before ray is imported: see above
        try:
            import ray
        except ImportError:
            raise ValueError("--ray needs Ray: pip install 'emailbench-gym[ray]'") from None
        self.ray, self.per_worker = ray, spec.per_worker
        self.started = not ray.is_initialized()
        if self.started and address is None:
            start_local_cluster()
        elif self.started:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        self.actors: list[Any] = []
        try:
            count = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
            actor_class = ray.remote(num_cpus=1, max_concurrency=spec.per_worker)(EnvWorker)
            self.actors = [actor_class.remote(spec) for _ in range(count)]
        except BaseException:
            self.close()
            raise

    def play(
        self, jobs: list[tuple[str, Any, int]], save: Callable[[dict[str, Any]], None]
    ) -> None:
        """Play (or re-grade) every job, up to `per_worker` per actor at once; `save` each
        record here as it comes back. An exception (in `save`, in a worker) propagates;
        the caller closes the pool (its episodes in flight are abandoned)."""
        ray, actors = self.ray, self.actors
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

        for _ in range(self.per_worker):
            for index in range(len(actors)):
                submit(index)
        while pending:
            ray.wait(list(pending), num_returns=1)  # block until one is done, then take all done
            ready, _ = ray.wait(list(pending), num_returns=len(pending), timeout=0)
            for ref in ready:
                index = pending.pop(ref)
                save(ray.get(ref))
                submit(index)

    def close(self, *, graceful: bool = False) -> None:
        """Stop the actors (after closing their clients when `graceful`), and a cluster we started."""
        ray = self.ray
        if graceful and self.actors:
            with contextlib.suppress(Exception):
                ray.get([actor.close.remote() for actor in self.actors], timeout=60)
        for actor in self.actors:
            with contextlib.suppress(Exception):
                ray.kill(actor)
        self.actors = []
        if self.started:
            ray.shutdown()
            self.started = False

    def __enter__(self) -> RayPool:
        return self

    def __exit__(self, kind: Any, *exc: Any) -> None:
        self.close(graceful=kind is None)


def play_on_ray(
    jobs: list[tuple[str, Any, int]],
    spec: WorkerSpec,
    *,
    address: str | None,
    workers: int | None,
    save: Callable[[dict[str, Any]], None],
) -> None:
    """Play (or re-grade) every job on a `RayPool` made for this run; `save` each record here.

    The first exception (a full disk, a broken worker) stops the run: the actors are
    killed, their episodes in flight abandoned.
    """
    with RayPool(spec, workers=workers, address=address) as pool:
        pool.play(jobs, save)
