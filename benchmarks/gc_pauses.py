"""Garbage-collector pauses while episodes are played and graded (issue 11).

Run: `PYTHONPATH=. python benchmarks/gc_pauses.py [--rounds 3] [--freeze load|pass|runner]
[--runs N]`. Every scenario's reference episode is played and graded `--rounds` times in one
process (as a long run does), and each collection's pause is timed with `gc.callbacks`.
Prints, per generation, the number of collections, the median and the longest pause, and how
many took 50 ms or more, and the process's RSS after each round (a leak would grow it round
after round). The collections a freeze forces (`gc.collect()` before `gc.freeze()`) are
counted apart, as `forced`.

`--freeze load` runs `gc.collect(); gc.freeze()` once the scenarios and the corpus are loaded,
`--freeze pass` once more after the first round (every scenario's grading context built), and
`--freeze runner` applies the runner's own policy (`runner.LongLivedFreezer`: once, after the
first episode). `--runs N` instead runs the runner
itself (`runner.run`, the reference agent, every scenario) N times in this process, each into a
new folder, with the same figures per run.
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
from emailbench_gym.scenarios import load_all, resolve_refs


class Pauses:
    """Every collection's pause by generation, the forced ones apart."""

    def __init__(self) -> None:
        self.by_generation: dict[str, list[float]] = defaultdict(list)
        self._started = 0.0
        self._forcing = False
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
        self.by_generation[name].append(time.perf_counter() - self._started)

    def report(self) -> None:
        for name in sorted(self.by_generation):
            times = self.by_generation[name]
            print(
                f"  {name:>6}: {len(times):5} collections, median "
                f"{statistics.median(times) * 1e3:.2f} ms, longest {max(times) * 1e3:.1f} ms, "
                f">= 50 ms: {sum(t >= 0.05 for t in times)}, total {sum(times):.2f} s"
            )


def rounds(count: int, mode: str | None) -> None:
    scenarios = load_all()
    Episode(scenarios[0])  # loads the corpus
    freezer = None
    if mode == "runner":
        from emailbench_gym.runner import LongLivedFreezer

        freezer = LongLivedFreezer()
    if mode in ("load", "pass"):
        gc.collect()
        gc.freeze()
    rss: list[float] = []
    begin = time.perf_counter()
    with Pauses() as pauses:
        for round_ in range(count):
            for scenario in scenarios:
                episode = Episode(scenario)
                results: list = []
                for call in scenario.solution.calls:
                    result, _ = episode.call(call.name, resolve_refs(call.arguments, results))
                    results.append(result)
                episode.grade(scenario.solution.answer or "")
                if freezer is not None:
                    freezer.played()  # as the runner does after each saved record
            rss.append(_rss_mb())
            if round_ == 0 and mode == "pass":
                gc.collect()
                gc.freeze()
    print(
        f"{len(scenarios)} scenarios x {count} rounds in {time.perf_counter() - begin:.1f} s "
        f"(freeze: {mode or 'none'}; {gc.get_freeze_count():,} objects frozen)"
    )
    pauses.report()
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
    parser.add_argument("--freeze", choices=["load", "pass", "runner"])
    parser.add_argument("--runs", type=int, help="runner runs of the whole suite instead")
    args = parser.parse_args()
    if args.runs:
        runs(args.runs)
    else:
        rounds(args.rounds, args.freeze)


if __name__ == "__main__":
    main()
