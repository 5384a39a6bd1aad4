"""Tool calls on the shipped corpus, paired between checkouts in one run (issue 12).

Run: `python benchmarks/paired.py BASELINE_TREE OTHER_TREE [...] [--rounds 40] [--number 200]
[--figure NAME ...] [--after-reset]`. Each tree gets one long-lived worker process (its
package first on PYTHONPATH, a `Workspace` over the shipped corpus, every figure warmed once).
Each round asks every worker for every figure in turn, the order of the trees alternating from
round to round, so two trees' measurements of one figure are taken back to back under the same
machine load. A measurement is `--number` calls timed together (CPU time of the worker: the
steadier clock on a shared machine), per call. With `--after-reset` each figure is also timed
as an episode's first call: each call of the measurement follows an untimed
`Workspace.reset()` (what `env.reset()` does to the workspace, without a scenario's setup
calls), so it finds the per-episode caches empty; those rows are named `... after reset`.
Printed per figure: each tree's median microseconds and the median (min-max) over rounds of
each round's own ratio to the first tree.

Figures are `Workspace.call`s whose arguments every tree since the first wave accepts.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

#: name -> (method, arguments)
FIGURES: dict[str, tuple[str, dict]] = {
    "messages_search 'Raptor'": ("messages_search", {"query": "Raptor"}),
    "messages_search 'collateral'": ("messages_search", {"query": "collateral"}),
    "messages_search 'credit exposure'": ("messages_search", {"query": "credit exposure"}),
    "messages_search 'enron' (every message)": ("messages_search", {"query": "enron"}),
    "messages_search 'zzz' (nothing)": ("messages_search", {"query": "zzz"}),
    "messages_list top 25": ("messages_list", {}),
    "messages_get": ("messages_get", {"id": "msg-017"}),
    "messages_list top 100": ("messages_list", {"top": 100}),
    "messages_list unread": ("messages_list", {"filter": "isRead eq false"}),
    "calendar_listEvents": ("calendar_listEvents", {}),
    "calendar_searchEvents 'Raptor'": ("calendar_searchEvents", {"query": "Raptor"}),
    "todo_listTasks": ("todo_listTasks", {}),
    "todo_searchTasks 'review'": ("todo_searchTasks", {"query": "review"}),
    "contacts_list": ("contacts_list", {}),
    "contacts_search 'enron'": ("contacts_search", {"query": "enron"}),
    "boards_listTasks": ("boards_listTasks", {"boardId": "board-001"}),
    "boards_searchTasks 'review'": ("boards_searchTasks", {"query": "review"}),
    "identity_listUsers": ("identity_listUsers", {}),
    "folders_list": ("folders_list", {}),
}

_WORKER = r"""
import json, sys, time
from emailbench_gym.workspace import Workspace

figures = json.loads(sys.argv[1])
number = int(sys.argv[2])
ws = Workspace()
calls = {}
for name, (method, arguments) in figures.items():
    calls[name] = (lambda m=method, a=arguments: ws.call(m, **a))
    calls[name]()  # warm: caches, compiled filters, the search index
print("ready", flush=True)
for line in sys.stdin:
    name, after_reset = json.loads(line)
    call = calls[name]
    if after_reset:
        spent = 0.0
        for _ in range(number):
            ws.reset()
            start = time.process_time()
            call()
            spent += time.process_time() - start
    else:
        start = time.process_time()
        for _ in range(number):
            call()
        spent = time.process_time() - start
    print(json.dumps(spent / number), flush=True)
"""

#: The suffix of a figure's name when it is timed as an episode's first call.
AFTER_RESET = " after reset"


class Worker:
    def __init__(self, tree: Path, figures: dict, number: int) -> None:
        self.tree = tree
        self.process = subprocess.Popen(
            [sys.executable, "-c", _WORKER, json.dumps(figures), str(number)],
            cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        if self.process.stdout.readline().strip() != "ready":
            raise SystemExit(f"the worker in {tree} did not start")

    def measure(self, figure: str) -> float:
        """Seconds per call of `figure` (a name in FIGURES, perhaps ending in AFTER_RESET)."""
        name = figure.removesuffix(AFTER_RESET)
        self.process.stdin.write(json.dumps([name, name != figure]) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("trees", nargs="+", type=Path, help="the baseline first")
    parser.add_argument("--rounds", type=int, default=int(os.environ.get("ROUNDS", 40)))
    parser.add_argument("--number", type=int, default=200, help="calls per measurement")
    parser.add_argument("--figure", action="append", help="only these figures (by name)")
    parser.add_argument(
        "--after-reset", action="store_true", help="also time each figure right after a reset"
    )
    args = parser.parse_args()
    figures = {n: f for n, f in FIGURES.items() if not args.figure or n in args.figure}
    trees = [t.resolve() for t in args.trees]
    workers = [Worker(tree, figures, args.number) for tree in trees]
    rows = [*figures, *(f + AFTER_RESET for f in figures if args.after_reset)]
    seconds: dict[tuple[int, str], list[float]] = {}
    try:
        for round_ in range(args.rounds):
            order = list(range(len(workers)))
            if round_ % 2:
                order.reverse()
            for figure in rows:
                for index in order:
                    found = workers[index].measure(figure)
                    seconds.setdefault((index, figure), []).append(found)
    finally:
        for worker in workers:
            worker.close()
    print(
        f"{args.rounds} rounds, {args.number} calls per measurement, CPU time; baseline {trees[0]}"
    )
    header = " | ".join(f"{t.name} us" for t in trees)
    ratios = " | ".join(f"{t.name} / {trees[0].name}" for t in trees[1:])
    print(f"| figure | {header} | {ratios} |")
    print("|---|" + "---:|" * (2 * len(trees) - 1))
    for figure in rows:
        cells = [f"{statistics.median(seconds[i, figure]) * 1e6:.1f}" for i in range(len(trees))]
        for index in range(1, len(trees)):
            paired = [
                b / a
                for a, b in zip(seconds[0, figure], seconds[index, figure], strict=True)
                if a > 0
            ]
            cells.append(f"{statistics.median(paired):.2f}x ({min(paired):.2f}-{max(paired):.2f})")
        print(f"| {figure} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
