"""Shared helpers for the benchmark scripts: medians, the deepcopy baseline, PASS/MISS lines,
and running a measurement in another checkout's fresh process (`run_in_tree`)."""

from __future__ import annotations

import copy
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any


def median_seconds(
    func: Callable[[], object],
    *,
    repeat: int = 7,
    number: int = 200,
    setup: Callable[[], object] | None = None,
) -> float:
    """Median seconds per call of `func` over `repeat` rounds of `number` calls.

    With `setup`, each call is timed on its own after an untimed `setup()` (for state a
    call consumes, such as a finished episode), and the median is over every call.
    """
    if setup is None:
        rounds = []
        for _ in range(repeat):
            start = time.perf_counter()
            for _ in range(number):
                func()
            rounds.append((time.perf_counter() - start) / number)
        return statistics.median(rounds)
    samples = []
    for _ in range(repeat * number):
        setup()
        start = time.perf_counter()
        func()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def deepcopy_baseline(repeat: int = 7, number: int = 20) -> float:
    """Median seconds of `copy.deepcopy(ws.snapshot().model_dump())`: the reference cost."""
    from emailbench_gym import Workspace  # here: run_in_tree's callers import no package

    data = Workspace().snapshot().model_dump()
    return median_seconds(lambda: copy.deepcopy(data), repeat=repeat, number=number)


def run_in_tree(
    tree: Path, argv: Sequence[str], extra_path: Sequence[Path] = (), what: str = ""
) -> Any:
    """Run `python *argv` in a fresh process with `tree`'s package first on PYTHONPATH (then
    `extra_path`), in `tree`, and return the JSON value its last line of output prints.

    Stops the benchmark (SystemExit with the tail of stderr) if the process fails, so a figure
    from a broken tree is never compared. The way scale.py and scale_suite.py measure one
    checkout against another in the same run.
    """
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(p) for p in (tree, *extra_path))}
    done = subprocess.run(
        [sys.executable, *argv], cwd=tree, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"{what or 'measuring'} in {tree} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def report(
    name: str,
    seconds: float,
    target: float,
    baseline: float | None = None,
    of: str = "deepcopy",
) -> bool:
    """Print one figure with its target and PASS/MISS.

    With `baseline` (named `of`), `target` is a ratio to it (0.01 = 1%) and the ratio is
    what counts; without, `target` is in seconds.
    """
    if baseline is None:
        ok = seconds <= target
        print(f"{name:<48} {_us(seconds):>12}  target <= {_us(target):>10}  {_verdict(ok)}")
    else:
        ratio = seconds / baseline
        ok = ratio <= target
        print(
            f"{name:<48} {_us(seconds):>12}  {ratio:7.2%} of {of}"
            f"  target <= {target:.0%}  {_verdict(ok)}"
        )
    return ok


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:,.1f} us" if seconds < 0.1 else f"{seconds:,.3f} s"


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"
