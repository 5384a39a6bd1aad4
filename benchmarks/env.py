"""Env figures (issue 4): reset, a point read through step, the graded final step, gym.make.

Run: `PYTHONPATH=. python benchmarks/env.py`. Ratios are to `copy.deepcopy` of the
snapshot's dict (`ws.snapshot().model_dump()`) measured in the same run.
"""

from __future__ import annotations

import sys

import gymnasium as gym

import emailbench_gym  # noqa: F401  (registers the envs)
from benchmarks.common import deepcopy_baseline, median_seconds, report
from emailbench_gym.env import EmailBenchEnv

ENV_ID = "EmailBench-OB-N520"
KEYWORDS = ("Raptor", "Dynegy", "FERC")
READ = {"name": "messages_get", "arguments": {"id": "msg-017"}, "id": "call_0"}
ANSWER = {"final_answer": "Created Projects/Raptor, Dynegy, FERC and moved 6, 8 and 8 emails."}


def solve(env: EmailBenchEnv) -> None:
    """Reset and do OB-N520's work (not its final answer), through the workspace for speed."""
    env.reset()
    episode = env._episode
    assert episode is not None
    projects, _ = episode.call("folders_create", {"displayName": "Projects"})
    for keyword in KEYWORDS:
        folder, _ = episode.call(
            "folders_create", {"displayName": keyword, "parentFolderId": projects["id"]}
        )
        found, _ = episode.call("messages_search", {"query": keyword, "top": 50})
        episode.call(
            "messages_batchMove",
            {"messageIds": [m["id"] for m in found["items"]], "destinationId": folder["id"]},
        )


def main() -> bool:
    baseline = deepcopy_baseline()
    print(f"baseline: deepcopy of the snapshot dict  {baseline * 1e6:,.1f} us")
    env = gym.make(ENV_ID, max_turns=10**9)
    env.reset(seed=0)
    env.step(READ)  # the passive checker runs on the first reset and step only
    unwrapped: EmailBenchEnv = env.unwrapped  # type: ignore[assignment]
    results = [
        report("env.reset()", median_seconds(env.reset, number=200), 0.01, baseline),
        report(
            "point read through env.step (messages_get)",
            median_seconds(lambda: env.step(READ), number=1000),
            0.04,
            baseline,
        ),
    ]
    env.reset()
    final = median_seconds(
        lambda: env.step(ANSWER), setup=lambda: solve(unwrapped), repeat=5, number=40
    )
    results.append(report("final step with static grading (solved N520)", final, 0.15, baseline))
    gym.make(ENV_ID)
    results.append(
        report(
            "gym.make after the first", median_seconds(lambda: gym.make(ENV_ID), number=50), 100e-6
        )
    )
    return all(results)


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
