"""Worst-case grades paired between checkouts in one run (issue 11).

Run: `python benchmarks/grading_paired.py --tree BASELINE --tree OTHER [...] [--rounds 5]
[--shape NAME ...] IDS...`. Each tree gets one long-lived worker process (its package first on
PYTHONPATH) that plays the reference episode of each scenario in IDS, adds the largest sent
body and signature, and builds the answers of `grading_worst.py`'s shapes at the size cap
(`grading_worst.shapes`, the same in every tree since the first wave of issue 11). Each round
asks every worker to grade every (scenario, shape) once, with a distinct answer (a fresh
suffix: no analysis is reused), the order of the trees alternating from round to round, so
two trees' grades are taken back to back under the same machine load. A grade is timed in
CPU time of the worker (the pause of a collection landing in it included).
Printed per shape: each tree's median ms and the median (min-max) over rounds and scenarios
of each pair's ratio to the first tree; then each tree's slowest single grade and how many
grades took over 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

_WORKER = r"""
import json, sys, time
from benchmarks.grading_worst import _play, shapes
from emailbench_gym.api.limits import SIGNATURE_CHARS, WRITTEN_CHARS
from emailbench_gym.grading.claims.analysis import MAX_ANSWER_CHARS
from emailbench_gym.scenarios import load_scenario
from emailbench_gym.validation import kitchen_sink_answer

ids, wanted = json.loads(sys.argv[1]), json.loads(sys.argv[2])
episodes, texts = {}, {}
for sid in ids:
    scenario = load_scenario(sid)
    episode = episodes[sid] = _play(scenario)
    reference = scenario.solution.answer or ""
    episode.grade(reference)
    names = sorted(set(kitchen_sink_answer(episode).splitlines())) or ["Nothing"]
    built = shapes(reference, names)
    episode.call("messages_send", {"subject": "Long note", "body": built["one-line"](WRITTEN_CHARS),
                                   "toRecipients": [episode.initial.me.mail]})
    episode.call("settings_setSignature", {"signature": built["names"](SIGNATURE_CHARS)})
    for shape, build in built.items():
        if not wanted or shape in wanted:
            texts[sid, shape] = build(MAX_ANSWER_CHARS)[: MAX_ANSWER_CHARS - 8]
print("ready " + json.dumps(sorted(shape for _, shape in texts)), flush=True)
for line in sys.stdin:
    sid, shape, n = json.loads(line)
    answer = texts[sid, shape] + f" {n:>7}"
    start = time.process_time()
    episodes[sid].grade(answer)
    print(json.dumps(time.process_time() - start), flush=True)
"""


class Worker:
    def __init__(self, tree: Path, ids: list[str], shapes: list[str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _WORKER, json.dumps(ids), json.dumps(shapes)],
            cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        line = self.process.stdout.readline()
        if not line.startswith("ready "):
            raise SystemExit(f"the worker in {tree} did not start")
        self.shapes = list(dict.fromkeys(json.loads(line[6:])))

    def grade(self, sid: str, shape: str, n: int) -> float:
        self.process.stdin.write(json.dumps([sid, shape, n]) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tree", action="append", type=Path, required=True, help="baseline first")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--shape", action="append", default=[], help="only these shapes")
    parser.add_argument("ids", nargs="+")
    args = parser.parse_args()
    trees = [t.resolve() for t in args.tree]
    workers = [Worker(tree, args.ids, args.shape) for tree in trees]
    shapes = workers[0].shapes
    seconds: dict[tuple[int, str], list[float]] = {}
    try:
        for round_ in range(args.rounds):
            order = list(range(len(workers)))[:: -1 if round_ % 2 else 1]
            for sid in args.ids:
                for shape in shapes:
                    for index in order:
                        found = workers[index].grade(sid, shape, round_)
                        seconds.setdefault((index, shape), []).append(found)
    finally:
        for worker in workers:
            worker.close()
    print(f"{len(args.ids)} scenarios x {args.rounds} rounds, CPU ms; baseline {trees[0]}")
    header = " | ".join(f"{t.name} ms" for t in trees)
    ratios = " | ".join(f"{t.name} / {trees[0].name}" for t in trees[1:])
    print(f"| shape | {header} | {ratios} |")
    print("|---|" + "---:|" * (2 * len(trees) - 1))
    for shape in shapes:
        cells = [f"{statistics.median(seconds[i, shape]) * 1e3:.1f}" for i in range(len(trees))]
        for index in range(1, len(trees)):
            paired = [
                b / a for a, b in zip(seconds[0, shape], seconds[index, shape], strict=True) if a
            ]
            cells.append(f"{statistics.median(paired):.2f}x ({min(paired):.2f}-{max(paired):.2f})")
        print(f"| {shape} | " + " | ".join(cells) + " |")
    for index, tree in enumerate(trees):
        every = [t for shape in shapes for t in seconds[index, shape]]
        print(
            f"{tree.name}: slowest single grade {max(every) * 1e3:.1f} ms, "
            f"{sum(t > 0.05 for t in every)} of {len(every)} grades over 50 ms"
        )


if __name__ == "__main__":
    main()
