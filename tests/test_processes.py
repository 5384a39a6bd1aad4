"""`emailbench run --processes N`: episodes on local worker processes, one writer, resumable.

The worker processes are spawned by the run (a `multiprocessing` pool); the model is the
loopback server, driven by the real openai SDK inside them.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from emailbench_gym.agents.base import make_agent_factory
from emailbench_gym.runner import RESULTS, read_records, run
from tests.fakellm import FakeLLM, Reply, Request
from tests.test_ray import REPO, SCENARIOS, by_episode, folder_model


class Killed(Exception):
    pass


def test_a_multiprocess_run_gives_the_local_results_and_resumes(tmp_path: Path) -> None:
    def kill_after_two(record: dict[str, Any]) -> None:
        if len(read_records(tmp_path / "mp" / RESULTS)) == 2:
            raise Killed

    # On the resume, the first 4 requests are answered only once 4 are open at once: the
    # 4 episodes left are in flight together only if both processes play 2 each.
    gate, armed, seen = threading.Barrier(4, timeout=300), threading.Event(), itertools.count()

    def model(request: Request) -> Reply:
        if armed.is_set() and next(seen) < 4:
            gate.wait()
        return folder_model(request)

    with FakeLLM(model) as server:
        factory = make_agent_factory("openai:fake", base_url=server.openai_base_url)
        local = run(factory, SCENARIOS, tmp_path / "local", repeats=2, concurrency=4)
        with pytest.raises(Killed):  # the writer dies after two records: a resume goes on
            run(factory, SCENARIOS, tmp_path / "mp", repeats=2, concurrency=2, processes=2,
                on_record=kill_after_two)  # fmt: skip
        assert len(read_records(tmp_path / "mp" / RESULTS)) == 2
        armed.set()
        played = run(factory, SCENARIOS, tmp_path / "mp", repeats=2, concurrency=2, processes=2)
    assert not gate.broken
    assert played["episodes"] == local["episodes"] == 2 * len(SCENARIOS)
    assert played["pass_rate"] == local["pass_rate"]
    assert by_episode(tmp_path / "mp") == by_episode(tmp_path / "local")
    assert len(read_records(tmp_path / "mp" / RESULTS)) == 2 * len(SCENARIOS)  # no duplicate


def test_the_cli_runs_on_processes_and_a_rerun_has_nothing_left(tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = [sys.executable, "-m", "emailbench_gym.cli", "run", "--agent", "reference",
            "--scenarios", ",".join(SCENARIOS), "--repeats", "2", "--out", str(out), "--quiet",
            "--processes", "2"]  # fmt: skip
    done = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    records = read_records(out / RESULTS)
    assert sorted((r["id"], r["repeat"]) for r in records) == sorted(
        (s, k) for s in SCENARIOS for k in range(2)
    )
    assert all(r["status"] == "ok" and r["passed"] for r in records)
    again = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    assert len(read_records(out / RESULTS)) == len(records)


def test_processes_are_refused_with_ray_or_below_one(tmp_path: Path) -> None:
    reference = make_agent_factory("reference")
    with pytest.raises(ValueError, match="--processes and --ray"):
        run(reference, SCENARIOS, tmp_path, processes=2, ray="local")
    with pytest.raises(ValueError, match="--processes 0: accepted 1 or more"):
        run(reference, SCENARIOS, tmp_path, processes=0)


def test_a_process_pool_is_reused_batch_after_batch() -> None:
    from emailbench_gym.env_worker import WorkerSpec
    from emailbench_gym.processes import ProcessPool
    from emailbench_gym.tools import load_profile

    records: list[dict[str, Any]] = []
    spec = WorkerSpec.of(agent_factory=make_agent_factory("reference"), scenarios=SCENARIOS,
                         tools=load_profile("full"), judge=None, max_turns=None,
                         per_worker=2)  # fmt: skip
    with ProcessPool(spec, processes=2) as pool:
        for batch in range(2):
            jobs = [("play", sid, batch) for sid in SCENARIOS]
            assert pool.play(jobs, records.append) > 0  # the workers' CPU seconds
    assert sorted((r["id"], r["repeat"]) for r in records) == sorted(
        (sid, k) for sid in SCENARIOS for k in range(2)
    )
    assert all(r["status"] == "ok" and r["passed"] for r in records)
