"""Garbage-collector pauses while episodes are played and graded (issue 11).

Run: `PYTHONPATH=. python benchmarks/gc_pauses.py [--rounds 3] [--freeze]`. Every scenario's
reference episode is played and graded `--rounds` times in one process (as a long run does),
and each collection's pause is timed with `gc.callbacks`. Prints, per generation, the number
of collections, the median and the longest pause, and how many took 50 ms or more. With
`--freeze`, `gc.freeze()` runs once the scenarios and the corpus are loaded, so the collector
never walks the objects every episode shares.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections import defaultdict

from emailbench_gym.episode import Episode
from emailbench_gym.scenarios import load_all, resolve_refs


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--freeze", action="store_true")
    args = parser.parse_args()
    scenarios = load_all()
    Episode(scenarios[0])  # loads the corpus
    if args.freeze:
        gc.freeze()
    pauses: dict[int, list[float]] = defaultdict(list)
    started: dict[str, float] = {}

    def timer(phase: str, info: dict) -> None:
        if phase == "start":
            started["t"] = time.perf_counter()
        else:
            pauses[info["generation"]].append(time.perf_counter() - started["t"])

    gc.callbacks.append(timer)
    begin = time.perf_counter()
    for _ in range(args.rounds):
        for scenario in scenarios:
            episode = Episode(scenario)
            results: list = []
            for call in scenario.solution.calls:
                result, _ = episode.call(call.name, resolve_refs(call.arguments, results))
                results.append(result)
            episode.grade(scenario.solution.answer or "")
    gc.callbacks.remove(timer)
    wall = time.perf_counter() - begin
    print(
        f"{len(scenarios)} scenarios x {args.rounds} rounds in {wall:.1f} s "
        f"({'frozen after load' if args.freeze else 'no freeze'}; "
        f"{gc.get_freeze_count():,} objects frozen)"
    )
    for generation in sorted(pauses):
        times = pauses[generation]
        print(
            f"gen {generation}: {len(times):5} collections, median {statistics.median(times) * 1e3:.2f} ms, "
            f"longest {max(times) * 1e3:.1f} ms, >= 50 ms: {sum(t >= 0.05 for t in times)}, "
            f"total {sum(times):.2f} s"
        )


if __name__ == "__main__":
    main()
