"""Every scenario over a grown corpus (issue 14): does its reference pass, and what grading costs.

Run: `PYTHONPATH=. python benchmarks/scale_suite.py CORPUS [--tree OTHER_CHECKOUT ...]
[--number 5] [--slowest 12] [--by episode|first] [IDS...]`, where CORPUS is a corpus folder or compiled file (e.g.
one written by `emailbench_gym.corpus_scale.write_scaled_corpus` and compiled with
`corpus.compile_corpus`). Each tree (this one first) is measured in its own fresh process:
every scenario's reference solution is played on a workspace over CORPUS and graded once
(which derives the scenario's grading context over that corpus), then `--number` more times
(CPU time, median). Prints, per tree, how many references fail there (and which, with the
first failing check), the median and slowest grades, and each tree's ratio to the first.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.common import run_in_tree

_MEASURE = """
import json, statistics, sys, time
from emailbench_gym.corpus import load_corpus
from emailbench_gym.episode import Episode
from emailbench_gym.scenarios import load_all
from emailbench_gym.workspace import Workspace

corpus_path, number, wanted = sys.argv[1], int(sys.argv[2]), set(sys.argv[3:])
corpus = load_corpus(corpus_path)
workspace = Workspace(corpus)
out = {}
for scenario in load_all():
    if wanted and scenario.id not in wanted:
        continue
    episode = Episode(scenario, workspace)
    try:
        _, answer = episode.replay_reference()
    except Exception as exc:  # a reference call that fails over this corpus
        out[scenario.id] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
        continue
    start = time.process_time()
    grade = episode.grade(answer)
    first = time.process_time() - start
    times = []
    for _ in range(number):
        start = time.process_time()
        episode.grade(answer)
        times.append(time.process_time() - start)
    failed = [r for r in grade.failures() if r.kind == "static"]
    out[scenario.id] = {
        "passed": not failed,
        "first": first,
        "episode": statistics.median(times),
        "failed": [f"{r.id}: {str(r.found)[:160]}" for r in failed][:2],
    }
print(json.dumps(out))
"""


def measure(tree: Path, corpus: str, number: int, ids: list[str]) -> dict[str, dict]:
    return run_in_tree(tree, ["-c", _MEASURE, corpus, str(number), *ids])


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", help="corpus folder or compiled corpus file")
    parser.add_argument("ids", nargs="*", help="only these scenarios")
    parser.add_argument("--tree", action="append", default=[], help="another checkout to measure")
    parser.add_argument("--number", type=int, default=5, help="grades per scenario after the first")
    parser.add_argument("--slowest", type=int, default=12, help="slowest scenarios to list")
    parser.add_argument(
        "--by", choices=["episode", "first"], default="episode", help="which grade ranks them"
    )
    args = parser.parse_args()
    corpus = str(Path(args.corpus).resolve())
    trees = [Path(".").resolve(), *(Path(t).resolve() for t in args.tree)]
    results = {tree: measure(tree, corpus, args.number, args.ids) for tree in trees}
    print(f"every scenario over {corpus}; CPU time, median of {args.number} grades after the first")
    for tree, by_id in results.items():
        graded = {s: r for s, r in by_id.items() if "error" not in r}
        errors = {s: r["error"] for s, r in by_id.items() if "error" in r}
        failing = sorted(s for s, r in graded.items() if not r["passed"])
        times = sorted(r["episode"] for r in graded.values())
        print(f"\n## {tree}\n")
        print(
            f"{len(by_id)} scenarios: {len(failing) + len(errors)} references fail "
            f"({len(errors)} with a failing call, {len(failing)} graded failed)"
        )
        for sid in sorted(errors):
            print(f"  {sid}: {errors[sid]}")
        for sid in failing:
            print(f"  {sid}: {'; '.join(graded[sid]['failed'])}")
        if times:
            print(
                f"grading an episode: median {_ms(statistics.median(times))}, "
                f"slowest {_ms(times[-1])}; first grade: median "
                f"{_ms(statistics.median(r['first'] for r in graded.values()))}, slowest "
                f"{_ms(max(r['first'] for r in graded.values()))} "
                f"({max(graded, key=lambda s: graded[s]['first'])})"
            )
        ranked = sorted(graded, key=lambda s: graded[s][args.by], reverse=True)
        for sid in ranked[: args.slowest]:
            row = graded[sid]
            print(f"  {sid}: {_ms(row['episode'])} (first {_ms(row['first'])})")
    first = results[trees[0]]
    for tree in trees[1:]:
        shared = [
            s for s in first if "episode" in first[s] and "episode" in results[tree].get(s, {})
        ]
        if not shared:
            continue
        ratios = {s: results[tree][s]["episode"] / first[s]["episode"] for s in shared}
        print(
            f"\n{tree.name} / {trees[0].name} per scenario: median "
            f"{statistics.median(ratios.values()):.2f}x, min {min(ratios.values()):.2f}x, "
            f"max {max(ratios.values()):.2f}x"
        )


if __name__ == "__main__":
    main()
