"""Garbage-collector pauses while episodes are played and graded (issue 11).

Run: `PYTHONPATH=. python benchmarks/gc_pauses.py [--rounds 3] [--freeze load|pass]
[--no-context-freeze] [--runs N]`. Every scenario's reference episode is played and graded
`--rounds` times in one process (as a long run does), and each collection's pause is timed
with `gc.callbacks`. Prints, per generation, the number of collections, the median and the
longest pause, and how many took 50 ms or more; how many full (generation 2) collections landed
inside a grade; the median and slowest grade (wall ms, the pause of a collection included);
and the process's RSS after each round (a leak would grow it round after round). The
collections a freeze forces (`gc.collect()` before `gc.freeze()`) are counted apart, as
`forced`.

By default the product's own policy runs: `gc.freeze()` as each scenario's grading context is
built (`grading.context.freeze_long_lived`). `--no-context-freeze` turns it off (the baseline).
`--freeze load` runs `gc.collect(); gc.freeze()` once the scenarios and the corpus are loaded,
`--freeze pass` once more after the first round (every scenario's grading context built).
`--runs N` instead runs the runner itself (`runner.run`, the reference agent, every scenario)
N times in this process, each into a new folder, with the same figures per run.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from emailbench_gym.episode import Episode
from emailbench_gym.grading import context
from emailbench_gym.scenarios import load_all, resolve_refs


class Pauses:
    """Every collection's pause by generation, the forced ones apart."""

    def __init__(self) -> None:
        self.by_generation: dict[str, list[float]] = defaultdict(list)
        self._started = 0.0
        self._forcing = False
        self.grading = False  # set while a grade runs
        self.in_grades = 0  # full collections that landed inside a grade
        self._collect = gc.collect

    def __enter__(self) -> Pauses:
        def forced(*args: int) -> int:
            self._forcing = True
            try:
                return self._collect(*args)
            finally:
                self._forcing = False

        gc.collect = forced  # the runner's and this script's gc.collect() calls
        gc.callbacks.append(self._timer)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._timer)
        gc.collect = self._collect

    def _timer(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        name = "forced" if self._forcing else f"gen {info['generation']}"
        if name == "gen 2" and self.grading:
            self.in_grades += 1
        self.by_generation[name].append(time.perf_counter() - self._started)

    def report(self) -> None:
        for name in sorted(self.by_generation):
            times = self.by_generation[name]
            print(
                f"  {name:>6}: {len(times):5} collections, median "
                f"{statistics.median(times) * 1e3:.2f} ms, longest {max(times) * 1e3:.1f} ms, "
                f">= 50 ms: {sum(t >= 0.05 for t in times)}, total {sum(times):.2f} s"
            )
        print(f"  full collections inside a grade: {self.in_grades}")


def rounds(count: int, mode: str | None) -> None:
    scenarios = load_all()
    Episode(scenarios[0])  # loads the corpus
    if mode in ("load", "pass"):
        gc.collect()
        gc.freeze()
    rss: list[float] = []
    grades: list[float] = []
    begin = time.perf_counter()
    with Pauses() as pauses:
        for round_ in range(count):
            for scenario in scenarios:
                episode = Episode(scenario)
                results: list = []
                for call in scenario.solution.calls:
                    result, _ = episode.call(call.name, resolve_refs(call.arguments, results))
                    results.append(result)
                pauses.grading = True
                start = time.perf_counter()
                episode.grade(scenario.solution.answer or "")
                grades.append(time.perf_counter() - start)
                pauses.grading = False
            rss.append(_rss_mb())
            if round_ == 0 and mode == "pass":
                gc.collect()
                gc.freeze()
    print(
        f"{len(scenarios)} scenarios x {count} rounds in {time.perf_counter() - begin:.1f} s "
        f"(freeze: {mode or 'none'}; {gc.get_freeze_count():,} objects frozen)"
    )
    pauses.report()
    print(
        f"  grades: median {statistics.median(grades) * 1e3:.1f} ms, "
        f"slowest {max(grades) * 1e3:.1f} ms"
    )
    print("  RSS after each round: " + ", ".join(f"{r:,.0f} MB" for r in rss))


def runs(count: int) -> None:
    from emailbench_gym.agents.base import make_agent_factory
    from emailbench_gym.runner import run
    from emailbench_gym.scenarios import scenario_ids

    ids = scenario_ids()
    play: Callable[[Path], object] = lambda out: run(  # noqa: E731
        make_agent_factory("reference"), ids, out, profile="full", progress=False
    )
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(count):
            begin = time.perf_counter()
            with Pauses() as pauses:
                play(Path(tmp) / f"run-{index}")
            print(
                f"run {index + 1}: {len(ids)} episodes in {time.perf_counter() - begin:.1f} s, "
                f"RSS {_rss_mb():,.0f} MB, {gc.get_freeze_count():,} objects frozen"
            )
            pauses.report()


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--freeze", choices=["load", "pass"])
    parser.add_argument(
        "--no-context-freeze", action="store_true", help="no gc.freeze() as contexts are built"
    )
    parser.add_argument("--runs", type=int, help="runner runs of the whole suite instead")
    args = parser.parse_args()
    if args.no_context_freeze:
        context.freeze_long_lived = lambda: None
    if args.runs:
        runs(args.runs)
    else:
        rounds(args.rounds, args.freeze)


if __name__ == "__main__":
    main()
