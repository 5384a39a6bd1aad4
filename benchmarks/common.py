"""Shared timing helpers for the benchmark scripts: medians, the deepcopy baseline, PASS/MISS lines."""

from __future__ import annotations

import copy
import statistics
import time
from collections.abc import Callable

from emailbench_gym import Workspace


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
    data = Workspace().snapshot().model_dump()
    return median_seconds(lambda: copy.deepcopy(data), repeat=repeat, number=number)


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
