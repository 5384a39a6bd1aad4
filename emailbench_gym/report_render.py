"""`emailbench report`: the tables of `report` as Markdown, JSON or one self-contained HTML page."""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from typing import Any

from emailbench_gym.report import Frac, Kind, Run, Table

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


def _text_rows(table: Table) -> list[list[str]]:
    return [
        [format_cell(value, column.kind) for value, column in zip(row, table.columns, strict=True)]
        for row in table.rows
    ]


def _md_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"


def render_markdown(tables: Sequence[Table]) -> str:
    """Every table as a GitHub-flavoured Markdown table under a heading."""
    parts = []
    for table in tables:
        lines = [
            f"## {table.title}",
            "",
            _md_row([c.name for c in table.columns]),
            "|" + "|".join("---" if c.kind == "text" else "--:" for c in table.columns) + "|",
        ]
        lines += [_md_row(cells) for cells in _text_rows(table)]
        if table.note:
            lines += ["", table.note]
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


def _json_value(value: Any) -> Any:
    return {"k": value.k, "n": value.n, "pct": value.pct} if isinstance(value, Frac) else value


def report_json(runs: Sequence[Run], tables: Sequence[Table]) -> dict[str, Any]:
    """The runs and every table, rows as {column: raw value}; a k/n cell is {k, n, pct}."""
    return {
        "runs": [
            {
                "label": run.label,
                "episodes": len(run.records),
                "errors": run.errors,
                "judge_errors": run.judge_errors,
            }
            for run in runs
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


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
th { background: #f3f3f3; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
p.note { color: #555; font-size: 0.9em; max-width: 60em; }
figure { margin: 1em 0; }
"""


def _html_table(table: Table) -> str:
    head = "".join(f"<th>{html.escape(c.name)}</th>" for c in table.columns)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td{'' if c.kind == 'text' else ' class=n'}>{html.escape(cell)}</td>"
            for c, cell in zip(table.columns, cells, strict=True)
        )
        + "</tr>"
        for cells in _text_rows(table)
    )
    note = f'<p class="note">{html.escape(table.note)}</p>' if table.note else ""
    return f"<h2>{html.escape(table.title)}</h2><table><tr>{head}</tr>{body}</table>{note}"


def render_html(
    runs: Sequence[Run], tables: Sequence[Table], figures: dict[str, tuple[str, bytes]] | None
) -> str:
    """One self-contained page: the tables, then the figures as inline PNGs (or a notice)."""
    labels = ", ".join(html.escape(run.label) for run in runs)
    if figures is None:
        plots = f"<p>{html.escape(PLOTS_MISSING)}</p>"
    else:
        plots = "".join(
            f'<figure><img alt="{html.escape(caption)}" '
            f'src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}">'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>"
            for caption, png in figures.values()
        )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>EmailBench report: {labels}</title><style>{_STYLE}</style></head><body>"
        f"<h1>EmailBench report</h1><p>Runs: {labels}</p>"
        + "".join(_html_table(t) for t in tables)
        + f"<h2>Figures</h2>{plots}</body></html>\n"
    )


def figures_of(runs: Sequence[Run]) -> dict[str, tuple[str, bytes]] | None:
    from emailbench_gym.report_plots import draw_figures, plots_available

    return draw_figures(runs) if plots_available() else None
