"""`emailbench view`: a run in the terminal, as a summary table or one scenario's episodes.

Rendered with rich (plain text when stdout is not a terminal); the rows, outcomes and
checks are `report.episodes`', the same as the HTML report's.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from emailbench_gym.report.cost import PriceTable, usage_rows
from emailbench_gym.report.episodes import (
    PROBLEM_FIELDS,
    RESULT_CHARS,
    checks,
    failed_checks,
    outcome,
    scenario_query,
    scenario_rows,
    score_text,
    show,
)
from emailbench_gym.report.runs import Record, Run, metadata_rows

STYLES = {"pass": "green", "fail": "red", "error": "yellow", "judge_error": "yellow"}


def _facts(run: Run, prices: PriceTable) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    rows = [("Folder", run.path), *metadata_rows(run.meta), *usage_rows(run.meta, prices)]
    for name, value in rows if run.meta else [("Folder", run.path)]:
        table.add_row(name, value)
    return table


def run_summary(
    run: Run,
    prices: PriceTable,
    category: str | None = None,
    failed_only: bool = False,
) -> RenderableType:
    """The run's metadata and a table of its scenarios (outcome per repeat, calls, checks)."""
    graded = len(run.records)
    passed = sum(bool(r["passed"]) for r in run.records)
    rate = f"{100 * passed / graded:.1f}%" if graded else "N/A"
    head = Text(
        f"{run.label}: {passed}/{graded} passed ({rate}); {run.errors} error, "
        f"{run.judge_errors} judge_error",
        style="bold",
    )
    table = Table(show_edge=False, pad_edge=False)
    for name, justify in (("Scenario", "left"), ("Category", "left"), ("Level", "left"),
                          ("Outcome", "left"), ("Calls", "right"), ("Iter", "right"),
                          ("Tokens in/out", "right"), ("Failed checks", "left")):  # fmt: skip
        table.add_column(name, justify=justify, overflow="fold", no_wrap=name != "Failed checks")  # type: ignore[arg-type]
    shown = 0
    for row in scenario_rows([run]):
        episodes = row.cells[0]
        if category is not None and row.category != category:
            continue
        if failed_only and all(outcome(r) == "pass" for r in episodes):
            continue
        shown += 1
        table.add_row(
            row.id,
            row.category,
            row.difficulty,
            Text(" ".join(score_text(r) for r in episodes), style=_style(episodes)),
            " ".join(str(r.get("calls", 0)) for r in episodes),
            " ".join(str(r.get("iterations", 0)) for r in episodes),
            " ".join(_tokens(r) for r in episodes),
            "; ".join(", ".join(i.id or i.type for i in failed_checks(r)) for r in episodes),
        )
    parts: list[RenderableType] = [head, _facts(run, prices)]
    parts += [Text(f"warning: {w}", style="yellow") for w in run.warnings]
    if shown:
        parts.append(table)
    else:
        parts.append(Text("No scenario matches the filters.", style="yellow"))
    parts.append(Text(f"emailbench view {run.path} ID: one scenario's checks and trajectory"))
    return Group(*parts)


def _style(episodes: Sequence[Record]) -> str:
    outcomes = {outcome(r) for r in episodes}
    return STYLES[outcomes.pop()] if len(outcomes) == 1 else "magenta"


def _tokens(record: Record) -> str:
    tokens = record.get("tokens") or {}
    return f"{tokens.get('input', 0)}/{tokens.get('output', 0)}"


def episode_view(record: Record, full: bool = False) -> RenderableType:
    """One episode: outcome and scores, every check (failed first, with expected and found),
    each turn's text and tool calls with arguments and results, and the final answer."""
    limit = 10**9 if full else RESULT_CHARS
    result = outcome(record)
    parts: list[RenderableType] = [
        Text(
            f"{record['id']} repeat {record.get('repeat', 0)}: {result}, score "
            f"{float(record.get('score') or 0):.3f} (static {_num(record.get('static_score'))}, "
            f"rubric {_num(record.get('rubric_score'))}); {record.get('calls', 0)} calls, "
            f"{record.get('iterations', 0)} iterations, tokens {_tokens(record)}",
            style=f"bold {STYLES[result]}",
        )
    ]
    for key in PROBLEM_FIELDS:
        if record.get(key):
            parts.append(Text(f"{key}: {record[key]}", style="yellow"))
    items = checks(record)
    if items:
        parts.append(Text("Checks", style="bold"))
    for item in items:
        failed = item.outcome in ("failed", "judge_error")
        critical = ", critical" if item.critical else ""
        parts.append(
            Text(
                f"  {item.outcome.upper() if failed else item.outcome} {item.id or '-'} "
                f"({item.type}{critical})",
                style="bold red"
                if failed
                else STYLES["pass" if item.outcome == "passed" else "error"],
            )
        )
        parts.append(Text(f"    {item.description}" + (f" [{item.reason}]" if item.reason else "")))
        if failed:
            parts.append(Text(f"    expected: {show(item.expected, limit)}"))
            parts.append(Text(f"    found:    {show(item.found, limit)}"))
    parts.append(Text("Trajectory", style="bold"))
    for turn in record.get("trajectory") or []:
        tokens = turn.get("tokens") or {}
        parts.append(
            Text(
                f"turn {turn.get('iteration')}: tokens {tokens.get('input', 0)}/"
                f"{tokens.get('output', 0)}",
                style="cyan",
            )
        )
        if turn.get("text"):
            parts.append(Text(f"  {show(turn['text'], limit)}"))
        for call in turn.get("calls") or []:
            mark = " (error)" if call.get("is_error") else ""
            parts.append(
                Text(f"  -> {call.get('name')}({show(call.get('arguments'), limit)}){mark}")
            )
            if call.get("rejected"):
                parts.append(Text(f"     rejected: {call['rejected']}", style="yellow"))
            parts.append(
                Text(
                    f"     {show(call.get('content'), limit)}",
                    style="red" if call.get("is_error") else "dim",
                )
            )
    parts.append(Text("Final answer", style="bold"))
    parts.append(Text(record.get("final_answer") or "(none)"))
    return Group(*parts)


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def scenario_view(run: Run, scenario_id: str, full: bool = False) -> RenderableType:
    """Every repeat of one scenario in the run, with the scenario's request."""
    episodes = sorted(
        (r for r in run.episodes if r["id"] == scenario_id), key=lambda r: r.get("repeat", 0)
    )
    query = scenario_query(scenario_id)
    head = Text(f"{scenario_id} in {run.label}", style="bold")
    parts: list[RenderableType] = [head]
    if episodes:
        labels = episodes[0]
        parts.append(
            Text(
                f"{labels.get('category')} · {labels.get('difficulty')} · "
                f"{', '.join(labels.get('domains') or [])}"
            )
        )
    if query:
        parts.append(Text(f"Request: {query}"))
    parts += [episode_view(r, full) for r in episodes]
    return Group(*parts)


def print_view(renderable: RenderableType, console: Console | None = None) -> None:
    (console or Console(highlight=False, markup=False)).print(renderable)
