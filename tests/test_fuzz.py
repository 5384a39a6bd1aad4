"""A small run of the fuzzer (`benchmarks/fuzz.py`): the big run is the same code, longer.

`PYTHONPATH=. python benchmarks/fuzz.py --calls 200000` is the figure in the notes; here a
fixed seed and 3,000 calls keep the suite fast while covering every check.
"""

from __future__ import annotations

from benchmarks.fuzz import run


def test_fuzzed_calls_raise_nothing_and_never_half_apply() -> None:
    report = run(3_000, seed=11)
    assert report.violations == 0, "\n".join(report.problems)
    assert report.workspace_calls == 1_500 and report.env_calls >= 1_500
    assert report.outcomes["ok"] > 300 and report.outcomes["tool_error"] > 300
    assert report.outcomes["env_ok"] > 100 and report.resets > 50
