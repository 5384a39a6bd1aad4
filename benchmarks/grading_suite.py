"""Static grading of a finished episode over the whole suite, side by side with other trees.

Run: `PYTHONPATH=. python benchmarks/grading_suite.py [--tree OTHER_CHECKOUT ...] [--rounds 3] [--fresh]`.
Each tree (this one first) is measured in its own fresh process: every scenario's reference
episode is played and graded once (building the scenario's grading context), then graded
`--number` more times with its reference answer; a scenario's figure is the median CPU time of
those grades. Trees are measured in turn, `--rounds` times, and each scenario keeps its median
over the rounds, so every tree sees the same machine load. Prints min / median / max over the
suite per tree, the slowest scenarios, and the ratios of each tree to the first. With
`--fresh` every grade reads a new answer text (the reference answer plus zero-width spaces,
which the claim reader drops), so nothing read for an earlier grade is reused: what an RL loop
that grades a new answer each episode sees.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

_MEASURE = """
import json, statistics, sys, time
from emailbench_gym.episode import Episode
from emailbench_gym.scenarios import load_all, resolve_refs

number, fresh = int(sys.argv[1]), sys.argv[2] == "fresh"
out = {}
for scenario in load_all():
    episode = Episode(scenario)
    results = []
    for call in scenario.solution.calls:
        result, _ = episode.call(call.name, resolve_refs(call.arguments, results))
        results.append(result)
    answer = scenario.solution.answer or ""
    episode.grade(answer)
    times = []
    for n in range(number):
        # --fresh: a distinct text per grade (zero-width spaces, dropped when it is normalised)
        graded = answer + "\u200b" * (n + 1) if fresh else answer
        start = time.process_time()
        episode.grade(graded)
        times.append(time.process_time() - start)
    out[scenario.id] = statistics.median(times)
print(json.dumps(out))
"""


def measure(tree: Path, number: int, fresh: bool) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(number), "fresh" if fresh else "same"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tree", action="append", default=[], help="another checkout to measure")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--number", type=int, default=21, help="grades per scenario per round")
    parser.add_argument(
        "--fresh", action="store_true", help="a new answer text per grade: nothing read is reused"
    )
    args = parser.parse_args()
    trees = [Path(".").resolve(), *(Path(t).resolve() for t in args.tree)]
    rounds: dict[Path, list[dict[str, float]]] = {t: [] for t in trees}
    started = time.time()
    for _ in range(args.rounds):
        for tree in trees:
            rounds[tree].append(measure(tree, args.number, args.fresh))
    figures: dict[Path, dict[str, float]] = {}
    for tree, found in rounds.items():
        common = set.intersection(*(set(r) for r in found))
        figures[tree] = {sid: statistics.median(r[sid] for r in found) for sid in common}
    print(
        f"static grading of a finished episode (reference end state and answer"
        f"{', a new answer text per grade' if args.fresh else ''}), CPU us, "
        f"median of {args.number} grades x {args.rounds} rounds ({time.time() - started:.0f} s)"
    )
    first = figures[trees[0]]
    for tree, by_id in figures.items():
        values = sorted(by_id.values())
        slowest = sorted(by_id, key=by_id.get, reverse=True)[:3]
        print(
            f"{tree}: {len(values)} scenarios, min {values[0] * 1e6:.0f} us, "
            f"median {statistics.median(values) * 1e6:.0f} us, max {values[-1] * 1e6:.0f} us; "
            f"slowest {', '.join(f'{s} {by_id[s] * 1e6:.0f} us' for s in slowest)}"
        )
        if tree != trees[0]:
            shared = sorted(set(by_id) & set(first))
            ratios = [first[s] / by_id[s] for s in shared]
            worst = max(shared, key=lambda s: first[s] / by_id[s])
            print(
                f"  {trees[0].name} / {tree.name} per scenario: median "
                f"{statistics.median(ratios):.2f}x, min {min(ratios):.2f}x, max {max(ratios):.2f}x "
                f"({worst}: {first[worst] * 1e6:.0f} vs {by_id[worst] * 1e6:.0f} us) "
                f"(median of medians {statistics.median(first[s] for s in shared) * 1e6:.0f} vs "
                f"{statistics.median(by_id[s] for s in shared) * 1e6:.0f} us)"
            )


if __name__ == "__main__":
    main()
