"""`emailbench report` as Markdown or JSON, and what every format shows before the tables.

Every format starts with the runs' metadata (version, commit, suite hash, profile, judge,
sampling, dates, tokens and estimated cost) and the warnings (runs over different
scenarios, torn lines) and ends with the scenario x run grid (outcome and score of every
episode); the HTML page (`report.html`) adds the figures and each episode's checks and
trajectory.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from emailbench_gym.report.cost import PriceTable, estimate, usage_rows
from emailbench_gym.report.episodes import cell_text, outcome, scenario_rows
from emailbench_gym.report.runs import Run, coverage_warning, metadata_rows, settings_warning
from emailbench_gym.report.tables import Frac, Kind, Table

PLOTS_MISSING = "Plots need matplotlib (pip install 'emailbench-gym[plots]')."


def format_cell(value: Any, kind: Kind) -> str:
    """One cell as text: percentages with one decimal, scores with three, means with two."""
    if isinstance(value, Frac):
        if kind == "frac":
            return f"{value.k}/{value.n}"
        rate = "N/A" if value.pct is None else f"{value.pct:.1f}"
        return rate if kind == "rate" else f"{value.k}/{value.n} ({rate})"
    if value is None:
        return "N/A"
    if kind == "pct":
        return f"{value:.1f}"
    if kind == "score":
        return f"{value:.3f}"
    if kind == "num":
        return f"{value:.2f}"
    return str(value)


def text_rows(table: Table) -> list[list[str]]:
    return [
        [format_cell(value, column.kind) for value, column in zip(row, table.columns, strict=True)]
        for row in table.rows
    ]


def _md_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"


def report_warnings(runs: Sequence[Run]) -> list[str]:
    """What a reader must know before comparing: different scenario sets or grading settings,
    and what reading each folder noticed (a torn line, mixed suite hashes)."""
    warnings = [w for w in (coverage_warning(runs), settings_warning(runs)) if w]
    return warnings + [f"{run.label}: {warning}" for run in runs for warning in run.warnings]


def run_facts(runs: Sequence[Run], prices: PriceTable) -> list[tuple[str, list[str]]]:
    """Each metadata field with its value in every run ("unknown" where a run lacks it)."""
    columns = [
        dict(metadata_rows(run.meta) + usage_rows(run.meta, prices)) if run.meta else {}
        for run in runs
    ]
    names = list(dict.fromkeys(name for column in columns for name in column))
    return [("Folder", [run.path or "-" for run in runs])] + [
        (name, [column.get(name, "unknown") for column in columns]) for name in names
    ]


def render_markdown(
    tables: Sequence[Table], runs: Sequence[Run] = (), prices: PriceTable | None = None
) -> str:
    """The runs' metadata and warnings, then every table as a GitHub-flavoured Markdown table."""
    parts = []
    if runs and prices is not None:
        facts = run_facts(runs, prices)
        lines = [
            "## Runs",
            "",
            _md_row(["", *(run.label for run in runs)]),
            "|---|" + "---|" * len(runs),
            *(_md_row([name, *values]) for name, values in facts),
        ]
        lines += [f"\n**Warning:** {w}" for w in report_warnings(runs)]
        parts.append("\n".join(lines))
    for table in tables:
        lines = [
            f"## {table.title}",
            "",
            _md_row([c.name for c in table.columns]),
            "|" + "|".join("---" if c.kind == "text" else "--:" for c in table.columns) + "|",
        ]
        lines += [_md_row(cells) for cells in text_rows(table)]
        if table.note:
            lines += ["", table.note]
        parts.append("\n".join(lines))
    if runs:
        parts.append(scenario_grid_markdown(runs))
    return "\n\n".join(parts) + "\n"


def scenario_grid_markdown(runs: Sequence[Run]) -> str:
    """The scenario x run grid: per run, the outcome and score of each repeat, as the HTML
    grid has them."""
    rows = scenario_rows(runs)
    lines = [
        "## Scenarios",
        "",
        "Outcome and score of every episode (repeats in order, separated by `/`); "
        f"`emailbench view RUN ID` shows an episode's checks and trajectory. {len(rows)} "
        "scenarios.",
        "",
        _md_row(["Scenario", "Category", "Level", *(run.label for run in runs)]),
        "|---|---|---|" + "---|" * len(runs),
    ]
    lines += [
        _md_row(
            [
                row.id,
                row.category,
                row.difficulty,
                *(cell_text(cell, " / ") for cell in row.cells),
            ]
        )
        for row in rows
    ]
    return "\n".join(lines)


def _json_value(value: Any) -> Any:
    return {"k": value.k, "n": value.n, "pct": value.pct} if isinstance(value, Frac) else value


def report_json(
    runs: Sequence[Run], tables: Sequence[Table], prices: PriceTable | None = None
) -> dict[str, Any]:
    """The runs (metadata, tokens, cost), warnings, every table (rows as {column: raw
    value}; a k/n cell is {k, n, pct}) and each scenario's outcome per run and repeat."""
    return {
        "runs": [
            {
                "label": run.label,
                "folder": run.path,
                "episodes": len(run.records),
                "errors": run.errors,
                "judge_errors": run.judge_errors,
                "meta": run.meta.model_dump(mode="json") if run.meta else None,
                "cost": (
                    estimate(run.meta, prices).model_dump()
                    if run.meta and prices is not None
                    else None
                ),
            }
            for run in runs
        ],
        "warnings": report_warnings(runs),
        "scenarios": [
            {
                "id": row.id,
                "category": row.category,
                "difficulty": row.difficulty,
                "runs": [
                    [
                        {
                            "repeat": r.get("repeat", 0),
                            "outcome": outcome(r),
                            "score": r.get("score"),
                        }
                        for r in cell
                    ]
                    for cell in row.cells
                ],
            }
            for row in scenario_rows(runs)
        ],
        "tables": {
            table.key: {
                "title": table.title,
                "note": table.note,
                "columns": [c.name for c in table.columns],
                "rows": [
                    {c.name: _json_value(v) for c, v in zip(table.columns, row, strict=True)}
                    for row in table.rows
                ],
            }
            for table in tables
        },
    }


def figures_of(runs: Sequence[Run]) -> dict[str, tuple[str, bytes]] | None:
    """Every figure, or None without matplotlib (the page then says how to get them)."""
    from emailbench_gym.report.plots import draw_figures, plots_available

    return draw_figures(runs) if plots_available() else None
