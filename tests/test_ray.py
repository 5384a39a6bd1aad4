"""`emailbench run --ray`: episodes on env actors of a local Ray cluster, one writer, resumable.

Every cluster is started by the tests on 127.0.0.1: one for the module (`ray.init` here,
reached by address, from this process and from the CLI), and one by the CLI's bare
`--ray`, which starts its own for the run and stops it after. The model is the loopback
server, driven by the real openai SDK inside the Ray workers.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import ray  # the test extra installs it: these tests run in CI, never skip

from emailbench_gym.actions import parse_turn
from emailbench_gym.agents.base import make_agent_factory
from emailbench_gym.ray_pool import start_local_cluster
from emailbench_gym.runner import RESULTS, SUMMARY, read_records, run
from emailbench_gym.scenarios import scenario_ids
from tests.fakellm import FakeLLM, Reply, Request, chat_text, chat_tool_calls

REPO = Path(__file__).resolve().parent.parent
#: Fields that differ between two plays of the same episode (wall times).
TIMING = {"latency", "grading_time"}


def folder_model(request: Request) -> Reply:
    """Create the folder the scenario's query names (if any), then answer."""
    messages = request.body["messages"]
    if any(m["role"] == "tool" for m in messages):
        return chat_text("Done.")
    match = re.search(r"named (\w+)", messages[1]["content"])
    name = match.group(1) if match else "Projects"
    return chat_tool_calls([("folders_create", {"displayName": name, "parentFolderId": None})])


def comparable(record: dict[str, Any]) -> dict[str, Any]:
    """A record without its wall times (at every depth)."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in TIMING}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip(record)


def by_episode(path: Path) -> dict[tuple[str, int], dict[str, Any]]:
    return {(r["id"], r["repeat"]): comparable(r) for r in read_records(path / RESULTS)}


SCENARIOS = scenario_ids()[:3]


@pytest.fixture(scope="module")
def cluster() -> Any:
    """A local Ray cluster on 127.0.0.1 (loopback only) with two CPUs; yields its address."""
    address = start_local_cluster(num_cpus=2)
    assert address.startswith("127.0.0.1:")
    try:
        yield address
    finally:
        ray.shutdown()


def test_a_ray_run_gives_the_local_results_and_resumes(cluster: str, tmp_path: Path) -> None:
    class Killed(Exception):
        pass

    def kill_after_two(record: dict[str, Any]) -> None:
        if len(read_records(tmp_path / "ray" / RESULTS)) == 2:
            raise Killed

    with FakeLLM(folder_model) as server:
        factory = make_agent_factory("openai:fake", base_url=server.openai_base_url)
        local = run(factory, SCENARIOS, tmp_path / "local", repeats=2, concurrency=4)
        with pytest.raises(Killed):  # the driver dies after two records: a resume goes on
            run(factory, SCENARIOS, tmp_path / "ray", repeats=2, concurrency=2, ray=cluster,
                ray_workers=2, on_record=kill_after_two)  # fmt: skip
        assert len(read_records(tmp_path / "ray" / RESULTS)) == 2
        distributed = run(
            factory, SCENARIOS, tmp_path / "ray", repeats=2, concurrency=2, ray=cluster,
            ray_workers=2,
        )  # fmt: skip
    assert local["episodes"] == distributed["episodes"] == 2 * len(SCENARIOS)
    for key, value in local.items():  # the means add the same floats in another order
        if key not in ("latency", "run"):
            assert distributed[key] == pytest.approx(value), key
    same_config = ("model", "profile", "max_turns", "repeats", "request", "suite_hash")
    assert {k: distributed["run"][k] for k in same_config} == {
        k: local["run"][k] for k in same_config
    }  # the run metadata too, but for the folders' start and finish times
    assert by_episode(tmp_path / "ray") == by_episode(tmp_path / "local")
    assert len(read_records(tmp_path / "ray" / RESULTS)) == 2 * len(SCENARIOS)  # no duplicate


def test_the_cli_runs_on_ray_and_a_rerun_on_a_cluster_has_nothing_left(
    cluster: str, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    args = [sys.executable, "-m", "emailbench_gym.cli", "run", "--agent", "reference",
            "--scenarios", ",".join(SCENARIOS), "--repeats", "2", "--out", str(out), "--quiet",
            "--ray-workers", "2", "--ray"]  # fmt: skip
    done = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Model")
    records = read_records(out / RESULTS)
    assert sorted((r["id"], r["repeat"]) for r in records) == sorted(
        (s, k) for s in SCENARIOS for k in range(2)
    )
    assert all(r["status"] == "ok" and r["passed"] for r in records)
    assert (out / SUMMARY).exists()
    again = subprocess.run([*args, cluster], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    assert len(read_records(out / RESULTS)) == len(records)


def test_ray_workers_without_ray_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="--ray-workers needs --ray"):
        run(make_agent_factory("reference"), SCENARIOS, tmp_path, ray_workers=2)


def test_the_ray_rollouts_example_reuses_its_env_actors(cluster: str, tmp_path: Path) -> None:
    """examples/ray_rollouts.py on the test's cluster: the reference policy, then a model."""
    out = tmp_path / "rollouts.jsonl"
    example = [sys.executable, str(REPO / "examples" / "ray_rollouts.py"), "--address", cluster,
               "--envs", "2", "--episodes", "5", "--scenarios", ",".join(SCENARIOS)]  # fmt: skip
    done = subprocess.run([*example, "--out", str(out)], cwd=REPO, capture_output=True,
                          text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr
    episodes = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(e["scenario_id"] for e in episodes) == sorted([*SCENARIOS, *SCENARIOS[:2]])
    assert all(e["passed"] and e["return"] == 1.0 for e in episodes)  # the expert's demos
    assert len({e["actor_pid"] for e in episodes}) == 2  # 5 episodes on 2 long-lived actors
    assert all(e["steps"][0]["observation"]["kind"] for e in episodes)
    with FakeLLM(folder_model) as server:
        model = [*example, "--policy", "openai:fake", "--base-url", server.openai_base_url,
                 "--profile", "adapter", "--out", str(out)]  # fmt: skip
        done = subprocess.run(model, cwd=REPO, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        assert len(server.requests) == 2 * 5  # a tool call, then the answer, per episode
    episodes = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(episodes) == 5 and all(len(e["steps"]) == 2 for e in episodes)
    for episode in episodes:  # the model's turns as the env read them: a call, then the answer
        first, last = (parse_turn(step["action"]) for step in episode["steps"])
        assert [c.name for c in first.calls] == ["folders_create"] and last.final_answer == "Done."


def test_a_ray_pool_is_reused_batch_after_batch(cluster: str) -> None:
    from emailbench_gym.env_worker import WorkerSpec
    from emailbench_gym.ray_pool import RayPool
    from emailbench_gym.tools import load_profile

    records: list[dict[str, Any]] = []
    spec = WorkerSpec.of(agent_factory=make_agent_factory("reference"), scenarios=SCENARIOS,
                         tools=load_profile("full"), judge=None, max_turns=None,
                         per_worker=2)  # fmt: skip
    with RayPool(spec, workers=2) as pool:
        for batch in range(2):  # the second batch on the actors the first one started
            pool.play([("play", sid, batch) for sid in SCENARIOS], records.append)
    assert sorted((r["id"], r["repeat"]) for r in records) == sorted(
        (sid, k) for sid in SCENARIOS for k in range(2)
    )
    assert all(r["status"] == "ok" and r["passed"] for r in records)
