"""The paper's result tables, recomputed from run records (`OUT/results.jsonl`).

One pure function per table: it takes the runs (each a label and its finished episode
records, read by `report.runs`) and returns a `Table` of raw values; rendering (Markdown,
JSON, HTML, plots) lives in `report.render` and `report.plots`.

Episodes with status "error" (a provider failure the runner will retry) or
"judge_error" (played, but the judge gave no verdict: a rerun or `emailbench regrade`
grades it) are neither passes nor fails: they are left out of every table and counted
apart in `Run.errors` and `Run.judge_errors`, which every table's note states.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from math import comb
from typing import Any, Literal, NamedTuple

from emailbench_gym.report.runs import Record, Run

#: How a column's values are rendered: plain text or integer, a percentage (one
#: decimal), a score in [0, 1] (".309"), a mean (two decimals), a `Frac` as "k/n",
#: a `Frac` as its percentage, or a `Frac` as "k/n (pct)".
Kind = Literal["text", "int", "pct", "score", "num", "frac", "rate", "frac_rate"]

#: Iteration budgets of Table 22 and the iteration buckets of Table 26.
K_BUDGETS = (1, 2, 3, 5, 7, 10, 15)
ITERATION_BUCKETS = (("1", 0, 1), ("2", 2, 2), ("3-4", 3, 4), ("5-7", 5, 7), ("8+", 8, math.inf))
WILSON_Z = 1.959963984540054  # two-sided 95%


class Frac(NamedTuple):
    """k out of n (passes out of episodes)."""

    k: int
    n: int

    @property
    def pct(self) -> float | None:
        return 100 * self.k / self.n if self.n else None


@dataclass(frozen=True)
class Column:
    name: str
    kind: Kind = "text"


@dataclass(frozen=True)
class Table:
    """A titled grid of raw values; `None` renders as "N/A"."""

    key: str
    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Any, ...], ...]
    note: str = ""


def per_run(
    key: str,
    title: str,
    columns: Sequence[Column],
    row: Callable[[Run], tuple[Any, ...]],
    runs: Sequence[Run],
    note: str = "",
) -> Table:
    """A table of one row per run: its label under "Run", then `row(run)` under `columns`."""
    return Table(
        key,
        title,
        (Column("Run"), *columns),
        tuple((run.label, *row(run)) for run in runs),
        note,
    )


# --- per-episode helpers -------------------------------------------------------------------


def calls_of(record: Record) -> list[dict[str, Any]]:
    """Every tool call of an episode in order (parallel calls of a turn in their given order)."""
    return [call for turn in record.get("trajectory") or [] for call in turn.get("calls") or []]


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _pct(k: int, n: int) -> float | None:
    return 100 * k / n if n else None


def _passes(records: Sequence[Record]) -> Frac:
    return Frac(sum(bool(r["passed"]) for r in records), len(records))


def _clean(record: Record) -> bool:
    return record["calls"] > 0 and record["failed_calls"] == 0


def _same_arguments(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def wilson_interval(k: int, n: int, z: float = WILSON_Z) -> tuple[float, float]:
    """Two-sided Wilson score interval for k successes out of n, as fractions."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denominator = 1 + z * z / n
    center = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # At 0 and n successes a bound is exactly 0 or 1 (rounding would put it a hair inside).
    low = 0.0 if k == 0 else max(0.0, center - half)
    high = 1.0 if k == n else min(1.0, center + half)
    return low, high


def pass_hat_k(records: Sequence[Record], k: int) -> float | None:
    """pass^k: the chance that k repeats drawn from a scenario's repeats all pass, averaged
    over the scenarios with at least k repeats (C(c, k) / C(n, k) per scenario)."""
    by_id: dict[str, list[bool]] = {}
    for record in records:
        by_id.setdefault(record["id"], []).append(bool(record["passed"]))
    chances = [comb(sum(p), k) / comb(len(p), k) for p in by_id.values() if len(p) >= k]
    return _mean(chances)


def completed_pass_rate(records: Sequence[Record], k: int) -> float | None:
    """Percent of episodes that passed and had finished by iteration k."""
    return _pct(sum(r["passed"] and r["iterations"] <= k for r in records), len(records))


def pass_set(records: Sequence[Record]) -> set[str]:
    """Scenario ids passed in every recorded repeat."""
    outcomes: dict[str, bool] = {}
    for record in records:
        outcomes[record["id"]] = outcomes.get(record["id"], True) and bool(record["passed"])
    return {i for i, passed in outcomes.items() if passed}


def repeats_of(records: Sequence[Record]) -> int:
    """The smallest number of repeats any scenario of the run has (1 for a plain run)."""
    counts: dict[str, int] = {}
    for record in records:
        counts[record["id"]] = counts.get(record["id"], 0) + 1
    return min(counts.values(), default=0)


# --- tables --------------------------------------------------------------------------------


def table_results(runs: Sequence[Run]) -> Table:
    """Table 3 / 17: the headline row per run (definitions in the Table 3 caption)."""

    def row(run: Run) -> tuple[Any, ...]:
        records = run.records
        passes = _passes(records)
        retained = [r for r in records if r.get("retained", True)]
        removed = [r for r in records if not r.get("retained", True)]
        static = [r["static_score"] for r in records if r.get("static_score") is not None]
        judged = any(
            r.get("rubric_score") is not None or (r.get("grade") or {}).get("judge")
            for r in records
        )
        llm = _mean([r.get("rubric_score") or 0.0 for r in records]) if judged else None
        calls = sum(r["calls"] for r in records)
        failed = sum(r["failed_calls"] for r in records)
        return (
            passes,
            passes.pct,
            _passes(retained).pct,
            _passes(removed).pct,
            _mean(static),
            llm,
            _mean([r["score"] for r in records]),
            _mean([r["calls"] for r in records]),
            _pct(calls - failed, calls),
            _pct(sum(_clean(r) for r in records), len(records)),
            _mean([r["latency"] for r in records]),
        )

    return per_run(
        "results",
        "Table 3 / 17: results per run",
        (
            Column("Pass", "frac"),
            Column("Full %", "pct"),
            Column("Ret. %", "pct"),
            Column("Rem. %", "pct"),
            Column("Static", "score"),
            Column("LLM", "score"),
            Column("Score", "score"),
            Column("Calls", "num"),
            Column("Call ok %", "pct"),
            Column("Clean %", "pct"),
            Column("Latency", "num"),
        ),
        row,
        runs,
        "Full, Ret., Rem.: pass % over all, retained and removed scenarios. Static: mean over "
        "episodes with static checks. LLM: mean rubric score over all episodes (N/A without a "
        "judge). Calls and Latency (s): means per episode. Call ok: successful calls over all "
        "calls. Clean: episodes with at least one call and no failed call.",
    )


def _by_group(
    key: str,
    title: str,
    label: str,
    runs: Sequence[Run],
    group: Callable[[Record], Any],
    largest_first: bool = False,
) -> Table:
    """Pass rate per group, one column per run (N/A where a run has no such episode).

    With the same n in every run (the usual case: one suite), an `n` column and rates;
    otherwise each cell shows k/n and the rate. Groups come in their natural order, or
    largest first (ties by name) as in Table 2.
    """
    counts = [_group_passes(run.records, group) for run in runs]
    groups = {g for c in counts for g in c}
    sizes = {g: [c[g].n if g in c else 0 for c in counts] for g in groups}
    uniform = all(len(set(n)) == 1 for n in sizes.values())
    rows = tuple(
        (str(g), *((sizes[g][0],) if uniform else ()), *(c.get(g) for c in counts))
        for g in sorted(groups, key=lambda g: (-max(sizes[g]), g) if largest_first else g)
    )
    kind: Kind = "rate" if uniform else "frac_rate"
    columns = (
        Column(label),
        *((Column("n", "int"),) if uniform else ()),
        *(Column(run.label, kind) for run in runs),
    )
    return Table(key, title, columns, rows, "Pass rates (percent).")


def _group_passes(records: Sequence[Record], group: Callable[[Record], Any]) -> dict[Any, Frac]:
    out: dict[Any, Frac] = {}
    for record in records:
        g = group(record)
        k, n = out.get(g, Frac(0, 0))
        out[g] = Frac(k + bool(record["passed"]), n + 1)
    return out


def table_by_category(runs: Sequence[Run]) -> Table:
    """Tables 18 / 33: pass rate per category."""
    return _by_group(
        "category",
        "Tables 18 / 33: pass rate by category",
        "Category",
        runs,
        lambda r: r.get("category", "?"),
        largest_first=True,
    )


def table_by_difficulty(runs: Sequence[Run]) -> Table:
    """Tables 19 / 38: pass rate per assigned difficulty."""
    return _by_group(
        "difficulty",
        "Tables 19 / 38: pass rate by difficulty",
        "Level",
        runs,
        lambda r: r.get("difficulty", "?"),
    )


def table_by_domain_count(runs: Sequence[Run]) -> Table:
    """Table 20: pass rate per declared domain count."""
    return _by_group(
        "domains",
        "Table 20: pass rate by declared domain count",
        "Domains",
        runs,
        lambda r: len(r.get("domains") or []),
    )


def table_wilson(runs: Sequence[Run]) -> Table:
    """Figure 5: pass rates with two-sided 95% Wilson score intervals."""

    def row(run: Run) -> tuple[Any, ...]:
        passes = _passes(run.records)
        low, high = wilson_interval(*passes)
        return passes, passes.pct, 100 * low, 100 * high

    return per_run(
        "wilson",
        "Figure 5: pass rate with 95% Wilson interval",
        (
            Column("Pass", "frac"),
            Column("Rate %", "pct"),
            Column("Low %", "pct"),
            Column("High %", "pct"),
        ),
        row,
        runs,
        "Intervals describe scenario sampling, not repeated-run or judge variability.",
    )


def table_jaccard(runs: Sequence[Run]) -> Table:
    """Table 21: Jaccard similarity of the runs' pass sets (N/A on the diagonal)."""
    sets = [pass_set(run.records) for run in runs]

    def jaccard(a: set[str], b: set[str]) -> float | None:
        union = a | b
        return len(a & b) / len(union) if union else None

    rows = tuple(
        (run.label, *(None if i == j else jaccard(sets[i], sets[j]) for j in range(len(runs))))
        for i, run in enumerate(runs)
    )
    return Table(
        "jaccard",
        "Table 21: Jaccard similarity of pass sets",
        (Column("Run"), *(Column(run.label, "score") for run in runs)),
        rows,
        "A scenario is in a run's pass set when it passed in every repeat.",
    )


def table_completion_by_iteration(runs: Sequence[Run]) -> Table:
    """Table 22 (Figure 2): percent of all episodes that passed within K iterations."""
    return per_run(
        "completion",
        "Table 22: completed passes by iteration K (% of all episodes)",
        tuple(Column(str(k), "pct") for k in K_BUDGETS),
        lambda run: tuple(completed_pass_rate(run.records, k) for k in K_BUDGETS),
        runs,
        "Retrospective: passing trajectories that had finished by iteration K; not a rerun "
        "under a smaller budget.",
    )


def table_partition(runs: Sequence[Run]) -> Table:
    """Table 23: 1-iteration passes, later passes, failures with and without calls."""

    def row(run: Run) -> tuple[Any, ...]:
        records = run.records
        return (
            sum(r["passed"] and r["iterations"] <= 1 for r in records),
            sum(r["passed"] and r["iterations"] > 1 for r in records),
            sum(not r["passed"] and r["calls"] > 0 for r in records),
            sum(not r["passed"] and r["calls"] == 0 for r in records),
        )

    return per_run(
        "partition",
        "Table 23: trajectory partition",
        (
            Column("1-pass", "int"),
            Column("Later pass", "int"),
            Column("Fail/calls", "int"),
            Column("Fail/no calls", "int"),
        ),
        row,
        runs,
        "The four counts sum to the run's episodes.",
    )


def has_repeated_call(record: Record) -> bool:
    """Two adjacent calls to the same tool with different arguments."""
    calls = calls_of(record)
    return any(
        a["name"] == b["name"] and not _same_arguments(a.get("arguments"), b.get("arguments"))
        for a, b in pairwise(calls)
    )


def table_repeated_calls(runs: Sequence[Run]) -> Table:
    """Table 24: failed trajectories with calls that repeat a tool with new arguments."""

    def row(run: Run) -> tuple[Any, ...]:
        failed = [r for r in run.records if not r["passed"] and r["calls"] > 0]
        repeated = sum(has_repeated_call(r) for r in failed)
        return len(failed), repeated, _pct(repeated, len(failed))

    return per_run(
        "repeated",
        "Table 24: failed trajectories with adjacent same-tool calls (different arguments)",
        (
            Column("Fail/calls", "int"),
            Column("Repeated", "int"),
            Column("%", "pct"),
        ),
        row,
        runs,
        "A repetition measure, not an error-recovery rate.",
    )


def table_by_outcome(runs: Sequence[Run]) -> Table:
    """Table 25: mean calls and iterations of passing and failing episodes."""

    def row(run: Run) -> tuple[Any, ...]:
        passed = [r for r in run.records if r["passed"]]
        failed = [r for r in run.records if not r["passed"]]
        return (
            _mean([r["calls"] for r in passed]),
            _mean([r["calls"] for r in failed]),
            _mean([r["iterations"] for r in passed]),
            _mean([r["iterations"] for r in failed]),
        )

    return per_run(
        "outcome",
        "Table 25: calls and iterations by outcome",
        (
            Column("Calls/pass", "num"),
            Column("Calls/fail", "num"),
            Column("Iter/pass", "num"),
            Column("Iter/fail", "num"),
        ),
        row,
        runs,
    )


def table_iteration_buckets(runs: Sequence[Run]) -> Table:
    """Table 26: passes / episodes per iteration bucket."""

    def row(run: Run) -> tuple[Any, ...]:
        return tuple(
            _passes([r for r in run.records if low <= r["iterations"] <= high])
            for _, low, high in ITERATION_BUCKETS
        )

    return per_run(
        "buckets",
        "Table 26: passes / episodes by iteration bucket",
        tuple(Column(name, "frac") for name, _, _ in ITERATION_BUCKETS),
        row,
        runs,
    )


def _answered(record: Record) -> bool:
    return not record.get("truncated") and bool((record.get("final_answer") or "").strip())


def table_indicators(runs: Sequence[Run]) -> Table:
    """Table 27: Engage, Clean, Answer and Pass as percent of episodes."""

    def row(run: Run) -> tuple[Any, ...]:
        records, n = run.records, len(run.records)
        return (
            _pct(sum(r["calls"] > 0 for r in records), n),
            _pct(sum(_clean(r) for r in records), n),
            _pct(sum(_answered(r) for r in records), n),
            _passes(records).pct,
        )

    return per_run(
        "indicators",
        "Table 27: indicators (% of episodes)",
        (
            Column("Engage", "pct"),
            Column("Clean", "pct"),
            Column("Answer", "pct"),
            Column("Pass", "pct"),
        ),
        row,
        runs,
        "Engage: at least one call. Clean: and no failed call. Answer: a non-empty final answer "
        "before the iteration budget ran out.",
    )


def table_tool_calls(runs: Sequence[Run]) -> Table:
    """Table 28: call count, success rate, first-call success rate and failures."""

    def row(run: Run) -> tuple[Any, ...]:
        calls = sum(r["calls"] for r in run.records)
        failed = sum(r["failed_calls"] for r in run.records)
        firsts = [c[0] for c in map(calls_of, run.records) if c]
        first_ok = sum(not c.get("is_error") for c in firsts)
        return calls, _pct(calls - failed, calls), _pct(first_ok, len(firsts)), failed

    return per_run(
        "tool_calls",
        "Table 28: tool-call statistics",
        (
            Column("Calls", "int"),
            Column("Success %", "pct"),
            Column("First %", "pct"),
            Column("Failures", "int"),
        ),
        row,
        runs,
        "First %: trajectories with at least one call whose first call succeeded.",
    )


def table_after_failure(runs: Sequence[Run]) -> Table:
    """Table 29: what the call right after a failed call did."""

    def row(run: Run) -> tuple[Any, ...]:
        failures = nexts = ok = same = 0
        for calls in map(calls_of, run.records):
            for i, call in enumerate(calls):
                if not call.get("is_error"):
                    continue
                failures += 1
                if i + 1 < len(calls):
                    nexts += 1
                    ok += not calls[i + 1].get("is_error")
                    same += calls[i + 1]["name"] == call["name"]
        return failures, nexts, _pct(ok, nexts), _pct(same, nexts)

    return per_run(
        "after_failure",
        "Table 29: next call after a failure",
        (
            Column("Failures", "int"),
            Column("Next calls", "int"),
            Column("Success %", "pct"),
            Column("Same %", "pct"),
        ),
        row,
        runs,
        "Denominators leave out failures with no following call. Same: the next call uses the "
        "same tool.",
    )


def table_iterations(runs: Sequence[Run]) -> Table:
    """Table 40: distribution of iterations per episode (population standard deviation)."""

    def row(run: Run) -> tuple[Any, ...]:
        its = [r["iterations"] for r in run.records]
        if not its:
            return None, None, None, None, 0, 0, 0
        return (
            statistics.fmean(its),
            statistics.median(its),
            statistics.pstdev(its),
            max(its),
            sum(i == 1 for i in its),
            sum(i >= 10 for i in its),
            sum(i >= 15 for i in its),
        )

    return per_run(
        "iterations",
        "Table 40: iteration distribution",
        (
            Column("Mean", "num"),
            Column("Median", "num"),
            Column("SD", "num"),
            Column("Max", "int"),
            Column("=1", "int"),
            Column(">=10", "int"),
            Column(">=15", "int"),
        ),
        row,
        runs,
    )


def table_pass_hat_k(runs: Sequence[Run]) -> Table:
    """pass^k for k = 1..repeats, per run (N/A beyond a run's repeats)."""
    top = max((repeats_of(run.records) for run in runs), default=1)

    def row(run: Run) -> tuple[Any, ...]:
        r = repeats_of(run.records)
        return r, *(pass_hat_k(run.records, k) if k <= r else None for k in range(1, top + 1))

    return per_run(
        "pass_hat_k",
        "pass^k over repeats",
        (
            Column("Repeats", "int"),
            *(Column(f"pass^{k}", "score") for k in range(1, top + 1)),
        ),
        row,
        runs,
        "The probability that k repeats of a scenario all pass, averaged over scenarios.",
    )


def table_completable(runs: Sequence[Run]) -> Table:
    """Scenarios of the runs that a reference solution proves completable, per tool profile.

    A scenario that cannot be completed with a profile's tools fails under it whatever the
    model does: read each run's pass rate against its profile's column.
    """
    from emailbench_gym.scenarios import load_scenario
    from emailbench_gym.tools import load_profile, profile_names

    profiles = [load_profile(name) for name in profile_names()]
    counts: dict[str, list[int]] = {}
    for scenario_id in sorted({r["id"] for run in runs for r in run.records}):
        try:
            scenario = load_scenario(scenario_id)
        except (KeyError, ValueError):  # a record of a scenario this install lacks
            continue
        row = counts.setdefault(scenario.category, [0] * (len(profiles) + 1))
        row[0] += 1
        for index, profile in enumerate(profiles, 1):
            row[index] += scenario.solution_for(profile) is not None
    return Table(
        "completable",
        "Completable scenarios per tool profile, by category",
        (
            Column("Category"),
            Column("n", "int"),
            *(Column(profile.name, "frac_rate") for profile in profiles),
        ),
        tuple(
            (category, row[0], *(Frac(k, row[0]) for k in row[1:]))
            for category, row in sorted(counts.items(), key=lambda item: (-item[1][0], item[0]))
        ),
        "Proven by a reference solution that uses only the profile's tools.",
    )


#: Every table, in report order.
TABLES: tuple[Callable[[Sequence[Run]], Table], ...] = (
    table_results,
    table_by_category,
    table_by_difficulty,
    table_by_domain_count,
    table_wilson,
    table_jaccard,
    table_completion_by_iteration,
    table_partition,
    table_repeated_calls,
    table_by_outcome,
    table_iteration_buckets,
    table_indicators,
    table_tool_calls,
    table_after_failure,
    table_iterations,
    table_completable,
)


def build_report(runs: Sequence[Run]) -> list[Table]:
    """All tables for these runs; pass^k only when some run repeats its scenarios."""
    tables = [make(runs) for make in TABLES]
    if any(repeats_of(run.records) > 1 for run in runs):
        tables.append(table_pass_hat_k(runs))
    left_out = ungraded_note(runs)
    if left_out:
        tables = [replace(t, note=f"{t.note} {left_out}".strip()) for t in tables]
    return tables


def ungraded_note(runs: Sequence[Run]) -> str:
    """What every table leaves out: episodes with status error or judge_error, per run."""
    parts = [
        f"{run.label}: {run.errors} error, {run.judge_errors} judge_error"
        for run in runs
        if run.errors or run.judge_errors
    ]
    if not parts:
        return ""
    return (
        "Not graded, so left out (neither passes nor fails): "
        + "; ".join(parts)
        + ". A rerun plays errors again; a rerun or `emailbench regrade` grades judge errors."
    )
