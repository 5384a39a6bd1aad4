"""Workspace figures (issue 2): reset vs deepcopy, reset on a 100k-message corpus, point reads,
search, and the cost of `import emailbench_gym`.

Run: `PYTHONPATH=. python benchmarks/workspace.py`. Each figure prints with its target and
PASS/MISS; ratios are to `copy.deepcopy(ws.snapshot().model_dump())` measured in the same run.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.common import deepcopy_baseline, median_seconds, report
from emailbench_gym import Workspace, load_corpus
from emailbench_gym.corpus import compile_corpus
from emailbench_gym.paths import data_dir

BIG = 100_000
CHANGES = 10


def dirty(ws: Workspace, changes: int = CHANGES) -> None:
    """A typical episode's worth of writes: new folders and moved, read, flagged messages."""
    folder = ws.call("folders_create", displayName="Bench")["id"]
    messages = ws.mailbox.all("messages")
    for index in range(changes):
        ws.call("messages_move", id=messages[index % len(messages)].id, destinationId=folder)


def big_corpus(root: Path, size: int) -> Path:
    """The shipped corpus with messages.json replicated up to `size` messages (fresh ids)."""
    target = root / "corpus"
    shutil.copytree(data_dir("corpus"), target)
    messages = json.loads((target / "messages.json").read_text(encoding="utf-8"))
    grown = list(messages)
    copy_index = 0
    while len(grown) < size:
        copy_index += 1
        for message in messages:
            if len(grown) == size:
                break
            grown.append({**message, "id": f"{message['id']}-c{copy_index}"})
    (target / "messages.json").write_text(json.dumps(grown), encoding="utf-8")
    return target


def timed_reset(ws: Workspace, changes: int) -> float:
    return median_seconds(ws.reset, setup=lambda: dirty(ws, changes), repeat=5, number=40)


def import_time(runs: int = 5) -> tuple[float, list[str]]:
    """Median seconds of `import emailbench_gym` in a fresh interpreter, and LLM SDKs it pulled in."""
    code = (
        "import time, sys, json; t = time.perf_counter(); import emailbench_gym; "
        "d = time.perf_counter() - t; "
        "print(json.dumps([d, sorted({m.split('.')[0] for m in sys.modules} & {'openai', 'anthropic'})]))"
    )
    times, sdks = [], set()
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        seconds, loaded = json.loads(out.stdout)
        times.append(seconds)
        sdks.update(loaded)
    return statistics.median(times), sorted(sdks)


def main() -> bool:
    baseline = deepcopy_baseline()
    print(f"baseline: deepcopy of the snapshot dict  {baseline * 1e6:,.1f} us")
    ws = Workspace()
    results = [
        report("Workspace.reset (after 10 changes)", timed_reset(ws, CHANGES), 0.01, baseline),
        report(
            "messages_get",
            median_seconds(lambda: ws.call("messages_get", id="msg-017"), number=2000),
            20e-6,
        ),
        report(
            "messages_search 'Raptor' (whole corpus)",
            median_seconds(lambda: ws.call("messages_search", query="Raptor"), number=1000),
            100e-6,
        ),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        corpus = load_corpus(compile_corpus(big_corpus(Path(tmp), BIG), Path(tmp) / "big.sqlite"))
        big = Workspace(corpus)
        assert len(big.mailbox.all("messages")) == BIG
        small_reset = timed_reset(ws, CHANGES)
        big_reset = timed_reset(big, CHANGES)
        results.append(
            report(
                f"reset on {BIG:,} messages vs on 65", big_reset, 2.0, small_reset, "65-msg reset"
            )
        )
        results.append(
            report(
                "reset with 100 changes / with 10 (grows with changes)",
                timed_reset(big, 100),
                20.0,
                big_reset,
                "10-change reset",
            )
        )
    seconds, sdks = import_time()
    results.append(report("import emailbench_gym (fresh process)", seconds, 0.3))
    print(
        f"LLM SDKs imported by `import emailbench_gym`: {sdks or 'none'}  {'PASS' if not sdks else 'MISS'}"
    )
    results.append(not sdks)
    return all(results)


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
