"""World-generator figures (issue 13, part 1): build time and memory at 65, 1,000 and 10,000
messages, and how little two worlds (or a world and the shipped persona) read alike.

Run: `PYTHONPATH=. python benchmarks/worlds.py` (`--quick` skips the 10,000-message world).
Times are medians over repeated builds of the same world; the baseline, measured in the
same run, is reading that world back from its JSON files with `load_corpus` (parse and
validate, no generation), so the ratio is what generating costs over loading.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
import tracemalloc
from itertools import pairwise
from pathlib import Path

from emailbench_gym.corpus import load_corpus
from emailbench_gym.worlds import build_world
from emailbench_gym.worlds.diversity import (
    distinct_subject_ratio,
    ngram_overlap,
    ngrams,
    subject_overlap,
)

SIZES = (65, 1_000, 10_000)
REPEATS = {65: 9, 1_000: 5, 10_000: 3}
SEED = 20_240


def median_of(func, repeat: int, setup=None) -> tuple[float, float]:
    """Median (wall, CPU) seconds of `func(setup())` (setup untimed) over `repeat` runs.

    CPU time is the steadier figure on a shared machine; wall time is what a user waits.
    """
    wall, cpu = [], []
    for _ in range(repeat):
        argument = setup() if setup else None
        gc.collect()
        start, start_cpu = time.perf_counter(), time.process_time()
        func(argument)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall), statistics.median(cpu)


def build_figures(size: int) -> None:
    repeat = REPEATS[size]
    build = median_of(lambda _: build_world(SEED, size), repeat)
    world = build_world(SEED, size)
    with tempfile.TemporaryDirectory() as tmp:
        folder = world.write(Path(tmp) / "world")
        on_disk = sum(p.stat().st_size for p in folder.iterdir())
        copies = iter(range(repeat))

        def fresh_copy() -> Path:  # load_corpus caches per path: a new path each run
            return world.write(Path(tmp) / f"copy-{next(copies)}")

        load = median_of(load_corpus, repeat, setup=fresh_copy)
    gc.collect()
    tracemalloc.start()
    build_world(SEED, size)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"build_world(size={size:>6,})  median wall {build[0]:7.3f} s, CPU {build[1]:7.3f} s"
        f" ({repeat} runs) | load_corpus of its files: CPU {load[1]:7.3f} s"
        f" (build/load {build[1] / load[1]:4.2f}x) | peak traced memory {peak / 2**20:6.1f} MiB"
        f" | files {on_disk / 2**20:5.1f} MiB"
    )


def diversity_figures(size: int, worlds: int) -> None:
    built = [build_world(seed, size) for seed in range(worlds)]
    pairs = list(pairwise(built))
    same_industry = [
        (a, b)
        for i, a in enumerate(built)
        for b in built[i + 1 :]
        if a.facts.industry == b.facts.industry
    ]
    shipped = ngrams(load_corpus(), 8)
    subjects = [subject_overlap(a.corpus, b.corpus) for a, b in pairs]
    five = [ngram_overlap(a.corpus, b.corpus, 5) for a, b in pairs]
    eight = [ngram_overlap(a.corpus, b.corpus, 8) for a, b in pairs]
    same_five = [ngram_overlap(a.corpus, b.corpus, 5) for a, b in same_industry]
    same_subjects = [subject_overlap(a.corpus, b.corpus) for a, b in same_industry]
    distinct = [distinct_subject_ratio(w.corpus) for w in built]
    with_shipped = max(len(ngrams(w.corpus, 8) & shipped) for w in built)
    print(
        f"diversity at size {size:,} over seeds 0..{worlds - 1} ({len(pairs)} consecutive pairs, {len(same_industry)} same-industry pairs):"
    )
    print(
        f"  subject-line Jaccard      median {statistics.median(subjects):.4f}  max {max(subjects):.4f}"
    )
    print(f"  body 5-gram Jaccard       median {statistics.median(five):.4f}  max {max(five):.4f}")
    print(
        f"  body 8-gram Jaccard       median {statistics.median(eight):.4f}  max {max(eight):.4f}"
    )
    if same_industry:
        print(
            f"  same industry: subjects   median {statistics.median(same_subjects):.4f}; 5-grams median {statistics.median(same_five):.4f}"
        )
    print(
        f"  distinct subjects/thread  median {statistics.median(distinct):.3f}  min {min(distinct):.3f}"
    )
    print(f"  8-grams shared with the shipped corpus: max {with_shipped} per world")
    print(
        f"  industries {len({w.facts.industry for w in built})}, cities {len({w.facts.city for w in built})}, time zones {len({w.facts.time_zone for w in built})}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="skip the 10,000-message world")
    args = parser.parse_args()
    for size in SIZES:
        if args.quick and size > 1_000:
            continue
        build_figures(size)
    diversity_figures(65, 20)
    diversity_figures(1_000, 6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
