"""Grading figure (issue 4): static grading of a finished OB-N520 episode.

Run: `PYTHONPATH=. python benchmarks/grading.py`. Grading reads the initial and final
snapshots, checks every static assertion and skips the rubric (no judge).
"""

from __future__ import annotations

import sys

from benchmarks.common import deepcopy_baseline, median_seconds, report
from benchmarks.env import ANSWER, solve
from emailbench_gym.env import EmailBenchEnv


def main() -> bool:
    baseline = deepcopy_baseline()
    print(f"baseline: deepcopy of the snapshot dict  {baseline * 1e6:,.1f} us")
    env = EmailBenchEnv("OB-N520")
    solve(env)
    episode = env._episode
    assert episode is not None
    grade = episode.grade(ANSWER["final_answer"])
    assert grade.static_score == 1.0, grade
    seconds = median_seconds(lambda: episode.grade(ANSWER["final_answer"]), number=200)
    ok = report("static grading of a finished episode", seconds, 200e-6)
    print(f"  (that is {seconds / baseline:.2%} of deepcopy)")
    return ok


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
