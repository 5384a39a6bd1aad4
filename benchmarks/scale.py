"""Scale figures (issue 14): the state layer at 65, 1k, 10k and 100k messages, side by side.

For each size a corpus of the shipped persona is grown with generated filler
(`emailbench_gym.corpus_scale`, seed 0) and measured in a fresh process: the cold corpus
load (seconds and RSS), then medians of reset, point reads and writes through `env.step`,
search (warm and right after a write), filtered and sorted lists, counts, snapshots and
static grading of a finished OB-W105 episode. Every row prints its median at each size
and the ratio to the 65-message median measured in the same run.

    PYTHONPATH=. python benchmarks/scale.py [--sizes 65,1000,10000,100000] [--tree DIR ...]
        [--repeat N | --paired ROUNDS] [--clock wall|cpu] [--cache DIR]

Each tree compiles its own copy of a corpus once (in `--cache DIR`, reused across runs); a
copy of another layout, or whose stored entity universe is missing or was stored by another
version of the grading reader, is compiled again, so a grade never builds the universe.

`--tree DIR` (repeatable) measures another checkout of the package with the same corpora
in the same run (e.g. `--tree /work/main --tree .` prints before and after side by side).
`--paired ROUNDS` is the mode for a loaded machine: each round measures every tree once, in
alternating order, and each figure's ratio to the first tree is the median of the rounds' own
ratios (each taken between runs minutes apart at most), not a ratio of medians.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SIZES = (65, 1_000, 10_000, 100_000)
SEED = 0
#: The message every point read and write touches (a shipped one, so it exists at every size).
TARGET = "msg-017"
ROUND_SECONDS = 0.05
COMPILED = "corpus.sqlite"
CLOCK_VARIABLE = "EMAILBENCH_BENCH_CLOCK"
#: Up to this size the JSON load is measured too (beyond, it takes minutes and says little).
JSON_SIZES = 10_000


def clock() -> float:
    """The benchmark clock: wall time, or this process's CPU time with `--clock cpu` (steadier
    on a machine other processes keep busy; everything measured here runs in this thread)."""
    return time.process_time() if os.environ.get(CLOCK_VARIABLE) == "cpu" else time.perf_counter()


def median_time(
    func: Callable[[], object], setup: Callable[[], object] | None = None, budget: float = 1.0
) -> float:
    """Median seconds per call; calls are batched into rounds of about ROUND_SECONDS.

    With `setup`, every call is timed alone after an untimed `setup()`. The number of
    rounds shrinks for slow calls so a row stays near `budget` seconds (at least 3 samples).
    """
    if setup is not None:
        samples = []
        deadline = clock() + budget
        while len(samples) < 3 or (clock() < deadline and len(samples) < 200):
            setup()
            start = clock()
            func()
            samples.append(clock() - start)
        return statistics.median(samples)
    start = clock()
    func()
    first = clock() - start
    number = max(1, int(ROUND_SECONDS / max(first, 1e-7)))
    rounds = max(3, min(15, int(budget / max(first * number, 1e-7))))
    times = []
    for _ in range(rounds):
        start = clock()
        for _ in range(number):
            func()
        times.append((clock() - start) / number)
    return statistics.median(times)


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# --- the worker: one size, one tree, one fresh process ---------------------------------------


def worker(corpus_dir: str) -> dict[str, float]:
    """Every figure for the corpus in `corpus_dir`, measured in this (fresh) process."""
    start = clock()
    import emailbench_gym

    imported = clock() - start
    import gymnasium as gym

    from emailbench_gym import corpus as corpus_module
    from emailbench_gym.workspace import Workspace

    gym.register_envs(emailbench_gym)
    figures: dict[str, float] = {"import emailbench_gym (fresh process), s": imported}
    compiled = Path(corpus_dir) / COMPILED
    source: Any = compiled if compiled.exists() else corpus_dir
    rss_before = _rss_mb()
    start = clock()
    corpus = corpus_module.load_corpus(source)
    ws = Workspace(corpus)
    figures["load the corpus (cold), s"] = clock() - start
    figures["RSS after load, MB"] = _rss_mb()
    figures["RSS added by the load, MB"] = _rss_mb() - rss_before

    def call(name: str, **arguments: Any) -> Any:
        return ws.call(name, **arguments)

    toggle = [False]

    def write() -> None:
        toggle[0] = not toggle[0]
        call("messages_markRead", messageIds=[TARGET], isRead=toggle[0])

    figures["messages_get"] = median_time(lambda: call("messages_get", id=TARGET))
    figures["messages_search 'Raptor' (warm)"] = median_time(
        lambda: call("messages_search", query="Raptor")
    )
    figures["messages_search 'collateral' (warm, many hits)"] = median_time(
        lambda: call("messages_search", query="collateral")
    )
    figures["messages_search right after a write"] = median_time(
        lambda: call("messages_search", query="Raptor"), setup=write
    )
    figures["messages_list top 25, no filter"] = median_time(lambda: call("messages_list"))
    figures["messages_list top 25, isRead eq false"] = median_time(
        lambda: call("messages_list", filter="isRead eq false")
    )
    figures["messages_list top 25, orderBy subject"] = median_time(
        lambda: call("messages_list", orderBy="subject")
    )
    figures["messages_list a filed folder, from eq, after a write"] = median_time(
        lambda: call(  # filler is filed by year (corpus_scale); one of its correspondents
            "messages_list",
            folderId="folder-filed-2000" if len(corpus.collections["messages"]) > 65 else "inbox",
            filter="from/emailAddress/address eq 'brenda.burke@pge.com'",
        ),
        setup=write,
    )
    figures["messages_count right after a write"] = median_time(
        lambda: call("messages_count", filter="isRead eq false"), setup=write
    )
    figures["Workspace.snapshot() after a write"] = median_time(ws.snapshot, setup=write)
    figures.update(layer_figures(ws))

    def episode_of_changes() -> None:
        folder = call("folders_create", displayName="Bench")["id"]
        for index in range(10):
            call("messages_move", id=f"msg-{index + 1:03d}", destinationId=folder)

    figures["Workspace.reset after 10 changes"] = median_time(ws.reset, setup=episode_of_changes)

    env = gym.make("EmailBench-OB-N520", max_turns=10**9).unwrapped
    env._workspace = Workspace(corpus)  # the env on this corpus (no public knob for it yet)
    env._episode = None
    env.reset(seed=0)
    read = {"name": "messages_get", "arguments": {"id": TARGET}, "id": "call_0"}
    flag = {"name": "messages_markRead", "arguments": {"messageIds": [TARGET]}, "id": "call_1"}
    figures["env.step point read (messages_get)"] = median_time(lambda: env.step(read))
    figures["env.step write (messages_markRead)"] = median_time(lambda: env.step(flag))

    def dirty_env() -> None:
        env.step({"name": "folders_create", "arguments": {"displayName": "Bench"}, "id": "call_2"})
        env.step(flag)

    figures["env.reset after an episode"] = median_time(env.reset, setup=dirty_env)

    figures.update(grading_figures(corpus, everything=len(corpus.collections["messages"]) <= 100))
    return figures


#: Scenarios graded at every size: mail writes, inbox cleanup (moves, counts, collateral
#: over every message), a rule filing mail, folders with setup, calendar, settings.
GRADED = ("OB-W105", "OB-I104", "OB-F106", "OB-N508", "OB-E103", "OB-S103")


def grading_figures(corpus: Any, everything: bool) -> dict[str, float]:
    """Static grading of reference end states: the first grade of a scenario (which derives
    its context: setup, reference, start-state counts, entity universe) once, then the
    median grade of an episode; with `everything`, the median and the slowest over the suite."""
    from emailbench_gym.episode import Episode
    from emailbench_gym.scenarios import load_scenario, scenario_ids
    from emailbench_gym.workspace import Workspace

    figures: dict[str, float] = {}

    def graded(scenario_id: str, budget: float) -> tuple[float, float]:
        episode = Episode(load_scenario(scenario_id), Workspace(corpus))
        _, answer = episode.replay_reference()
        start = clock()
        episode.grade(answer)
        first = clock() - start
        return first, median_time(lambda: episode.grade(answer), budget=budget)

    for scenario_id in GRADED:
        first, then = graded(scenario_id, budget=1.0)
        figures[f"static grading {scenario_id}: first grade (derives the scenario), s"] = first
        figures[f"static grading {scenario_id}: an episode"] = then
    if everything:
        per_episode = [graded(i, budget=0.2)[1] for i in scenario_ids()]
        figures["static grading, every scenario: median episode"] = statistics.median(per_episode)
        figures["static grading, every scenario: slowest episode"] = max(per_episode)
    return figures


def layer_figures(ws: Any) -> dict[str, float]:
    """The state layer alone, new and old way, in this process: a page of 25 selected by the
    corpus database vs by Python over every message held in memory (the old path: filter,
    stable sort newest first, OData sort), and search by FTS5 vs a substring scan over every
    message's words (the old module-wide index, warm). Trees without the database skip it."""
    mailbox = ws.mailbox
    if not hasattr(mailbox, "messages"):
        return {}
    from emailbench_gym.api.models import Message
    from emailbench_gym.api.odata import compile_filter, compile_order_by
    from emailbench_gym.store.search import indexed_words, words

    everything = list(mailbox.iter("messages"))  # what the old `Mailbox.all` kept in memory

    def newest_first() -> list[Any]:  # the old list path sorted on every call
        return sorted(everything, key=lambda m: m.receivedDateTime, reverse=True)

    texts = [(m, indexed_words(m)) for m in newest_first()]
    unread = compile_filter("isRead eq false", Message)
    by_subject = compile_order_by("subject", Message)

    def old_search(query: str) -> list[Any]:
        needles = [f"\n{t}" for t in words(query)]
        return [m for m, text in texts if all(n in text for n in needles)][:25]

    pairs = {
        "page of 25, no filter": (
            lambda: mailbox.messages.select(limit=25),
            lambda: newest_first()[:25],
        ),
        "page of 25, isRead eq false, and its total": (
            lambda: (
                mailbox.messages.select(filter="isRead eq false", limit=25),
                mailbox.messages.count(filter="isRead eq false"),
            ),
            lambda: (
                [m for m in newest_first() if unread(m)][:25],
                len(list(filter(unread, everything))),
            ),
        ),
        "page of 25, orderBy subject": (
            lambda: mailbox.messages.select(order_by="subject", limit=25),
            lambda: by_subject(newest_first())[:25],
        ),
        "search 'collateral', first 25": (
            lambda: mailbox.messages.search(["collateral"], 25),
            lambda: old_search("collateral"),
        ),
    }
    out: dict[str, float] = {}
    for name, (new_way, old_way) in pairs.items():
        out[f"layer: {name} (database)"] = median_time(new_way)
        out[f"layer: {name} (old: Python over all)"] = median_time(old_way, budget=2.0)
    return out


def json_step(corpus_dir: str) -> dict[str, float]:
    """Load the corpus from its JSON files in a fresh process (how the shipped one loads)."""
    from emailbench_gym.corpus import load_corpus

    start = clock()
    load_corpus(corpus_dir)
    return {"load from the JSON files (cold), s": clock() - start}


def compile_step(corpus_dir: str) -> dict[str, float]:
    """Compile the corpus once (in its own process, so the load is measured cold and alone),
    for trees whose corpora load from a compiled file; nothing for the others."""
    from emailbench_gym import corpus as corpus_module

    compile_corpus = getattr(corpus_module, "compile_corpus", None)
    compiled = Path(corpus_dir) / COMPILED
    if compile_corpus is None:
        return {}
    if compiled.exists():
        try:  # a file of this tree's format and reader is reused; another is compiled again
            if not _stale_universe(corpus_module.load_corpus(compiled)):
                return {}
        except corpus_module.CorpusError:
            pass
        compiled.unlink()
    start = clock()
    compile_corpus(corpus_dir, compiled)
    return {"compile the corpus (once, not per process), s": clock() - start}


def _stale_universe(corpus: Any) -> bool:
    """Whether a compiled file's stored entity universe is missing or another reader's (its
    key: `grading.claims.stored.reader_key`), so grading would build it again, for seconds
    at 100k: such a file is compiled again. Trees that store no universe never are."""
    try:
        from emailbench_gym.grading.claims import stored
    except ImportError:
        return False
    key = stored.reader_key()
    found = corpus.store.derived(stored.UNIVERSE)
    return key is not None and (found is None or found[0] != key)


# --- the driver ------------------------------------------------------------------------------


def corpus_for(size: int, cache: Path) -> Path:
    """The grown corpus folder for `size` (generated once per cache folder)."""
    from emailbench_gym.corpus_scale import write_scaled_corpus

    folder = cache / f"scale-{size}-seed{SEED}"
    if not (folder / "messages.json").exists():
        write_scaled_corpus(folder, size, SEED)
    return folder


def run_worker(tree: Path, folder: Path, size: int) -> dict[str, float]:
    """Compile (if that tree compiles corpora), then measure, each in a fresh process."""
    sys.path.insert(0, str(ROOT))  # the driver's helpers (a worker may run an older tree's)
    from benchmarks.common import run_in_tree

    figures: dict[str, float] = {}
    modes = ("--json", "--compile", "--worker") if size <= JSON_SIZES else ("--compile", "--worker")
    for mode in modes:
        argv = [str(Path(__file__).resolve()), mode, str(folder)]
        figures.update(run_in_tree(tree, argv, [ROOT], what=f"{mode} for {folder}"))
    return figures


def _fmt(name: str, value: float) -> str:
    if name.endswith("MB"):
        return f"{value:,.0f} MB"
    if name.endswith(", s") or value >= 0.1:
        return f"{value:,.3f} s"
    if value >= 1e-3:
        return f"{value * 1e3:,.2f} ms"
    return f"{value * 1e6:,.1f} us"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--tree", action="append", type=Path, help="package checkout to measure")
    parser.add_argument("--cache", type=Path, help="folder for the generated corpora")
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs per tree, interleaved; medians are kept"
    )
    parser.add_argument(
        "--paired",
        type=int,
        metavar="ROUNDS",
        help="ROUNDS rounds, each measuring every tree once in alternating order (ABBA...); "
        "the side-by-side ratios are medians of each round's own ratio to the first tree",
    )
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall", help="what to time")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--compile", help=argparse.SUPPRESS)
    parser.add_argument("--json", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(json_step(args.json)))
        return
    if args.worker:
        print(json.dumps(worker(args.worker)))
        return
    if args.compile:
        print(json.dumps(compile_step(args.compile)))
        return
    os.environ[CLOCK_VARIABLE] = args.clock  # the workers inherit it
    sizes = [int(s) for s in args.sizes.split(",")]
    trees = [t.resolve() for t in (args.tree or [ROOT])]
    rounds = args.paired or args.repeat
    with tempfile.TemporaryDirectory() as tmp:
        cache = args.cache or Path(tmp)
        cache.mkdir(parents=True, exist_ok=True)
        runs: dict[tuple[Path, int], list[dict[str, float]]] = {}
        for size in sizes:
            folder = corpus_for(size, cache)
            for round_ in range(rounds):
                # paired: the order alternates, so neither tree is always measured first
                order = trees[::-1] if args.paired and round_ % 2 else trees
                for tree in order:
                    # each tree gets its own copy, so one tree's compiled file is not another's
                    tag = hashlib.sha256(str(tree).encode()).hexdigest()[:12]
                    copy = cache / f"{folder.name}-{tag}"
                    if not copy.exists():
                        subprocess.run(["cp", "-r", str(folder), str(copy)], check=True)
                    runs.setdefault((tree, size), []).append(run_worker(tree, copy, size))
                    print(f"measured {size:,} messages with {tree}", file=sys.stderr)
    results = {
        key: {
            name: statistics.median(r[name] for r in found if name in r)
            for name in dict.fromkeys(n for r in found for n in r)
        }
        for key, found in runs.items()
    }
    names = list(dict.fromkeys(n for r in results.values() for n in r))
    for tree in trees:
        print(f"\n## {tree}\n")
        header = " | ".join(f"{s:,} msgs" for s in sizes)
        print(f"| figure (median) | {header} | ratio {sizes[-1]:,} / {sizes[0]:,} |")
        print("|---|" + "---:|" * (len(sizes) + 1))
        for name in names:
            values = [results[tree, s].get(name) for s in sizes]
            cells = " | ".join("-" if v is None else _fmt(name, v) for v in values)
            first, last = values[0], values[-1]
            ratio = f"{last / first:,.1f}x" if first and last else "-"
            print(f"| {name} | {cells} | {ratio} |")
    if len(trees) > 1 and args.paired:

        def paired(tree: Path, name: str, size: int) -> str:
            pairs = zip(runs[trees[0], size], runs[tree, size], strict=True)
            ratios = [b[name] / a[name] for a, b in pairs if a.get(name) and b.get(name)]
            if not ratios:
                return "-"
            return f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"

        title = f"paired: each tree / the first, median (min-max) of {rounds} rounds"
        _print_ratios(title, trees, names, sizes, paired)
    elif len(trees) > 1:

        def side_by_side(tree: Path, name: str, size: int) -> str:
            a, b = results[trees[0], size].get(name), results[tree, size].get(name)
            return f"{b / a:.2f}x" if a and b else "-"

        _print_ratios(
            "side by side: each tree / the first, same run", trees, names, sizes, side_by_side
        )


def _print_ratios(
    title: str,
    trees: list[Path],
    names: list[str],
    sizes: list[int],
    cell: Callable[[Path, str, int], str],
) -> None:
    """One markdown table of every later tree against the first: a row per (figure, tree)."""
    print(f"\n## {title}\n")
    print("| figure | " + " | ".join(f"{s:,} msgs" for s in sizes) + " |")
    print("|---|" + "---:|" * len(sizes))
    for tree in trees[1:]:
        for name in names:
            cells = " | ".join(cell(tree, name, s) for s in sizes)
            print(f"| {name} ({tree.name}) | {cells} |")


if __name__ == "__main__":
    main()
