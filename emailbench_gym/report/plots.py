"""PNG figures for the report (paper Figures 2, 3, 5, 6 and 7); needs the "plots" extra.

Each figure function returns a `matplotlib.figure.Figure` (no pyplot, no global state),
`WIDTH` wide so it fits the page, with rate axes fixed at 0-100% (all-zero data draws no
negative axis); `draw_figures` turns them into PNG bytes. matplotlib is imported only when
a figure is drawn.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

from emailbench_gym.report.runs import Run
from emailbench_gym.report.tables import (
    Frac,
    Table,
    completed_pass_rate,
    table_by_category,
    table_by_domain_count,
    table_results,
    table_wilson,
)

MAX_ITERATIONS = 15
#: Every figure is this wide (inches at 100 dpi: 640 px), so each fits the report's page.
WIDTH = 6.4


def plots_available() -> bool:
    """Whether matplotlib is installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _new_figure(width: float = WIDTH, height: float = 4.0) -> tuple[Any, Any]:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=100, layout="constrained")
    return figure, figure.add_subplot()


def png(figure: Any) -> bytes:
    """The figure as PNG bytes."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


def figure_completion(runs: Sequence[Run]) -> Any:
    """Figure 2: percent of episodes passed and finished by each iteration."""
    figure, ax = _new_figure()
    ks = range(1, MAX_ITERATIONS + 1)
    for run in runs:
        ax.plot(
            ks,
            [completed_pass_rate(run.records, k) or 0.0 for k in ks],
            marker="o",
            label=run.label,
        )
    ax.set(
        xlabel="Iteration K",
        ylabel="Completed passes (% of episodes)",
        title="Completion by iteration",
        xlim=(0.5, MAX_ITERATIONS + 0.5),
        ylim=(0, 100),  # a rate: 0% and 100% sit on the frame, never a negative axis
    )
    for line in ax.get_lines():
        line.set_clip_on(False)  # markers at 0% and 100% drawn whole
    ax.set_xticks(list(ks))
    ax.legend(fontsize="small")
    return figure


def figure_latency(runs: Sequence[Run]) -> Any:
    """Figure 3: mean episode latency against pass rate, one point per run."""
    figure, ax = _new_figure()
    table = table_results(runs)
    columns = [c.name for c in table.columns]
    for row in table.rows:
        cell = dict(zip(columns, row, strict=True))
        x, y = cell["Latency"] or 0.0, cell["Full %"] or 0.0
        ax.scatter(x, y)
        ax.annotate(row[0], (x, y), textcoords="offset points", xytext=(4, 4), fontsize="small")
    latencies = [cell[columns.index("Latency")] or 0.0 for cell in table.rows]
    ax.set(
        xlabel="Mean latency (s)",
        ylabel="Pass rate (%)",
        title="Latency vs pass rate",
        xlim=(0, 1.25 * max(latencies, default=0.0) or 1.0),  # latency is never negative
        ylim=(0, 100),
    )
    for points in ax.collections:
        points.set_clip_on(False)
    return figure


def figure_wilson(runs: Sequence[Run]) -> Any:
    """Figure 5: pass rate per run with its 95% Wilson interval."""
    rows = table_wilson(runs).rows
    figure, ax = _new_figure(height=1.5 + 0.5 * len(rows))
    labels = [row[0] for row in rows]
    rates = [row[2] or 0.0 for row in rows]
    errors = [  # never negative: at 0% or 100% one side of the bar is empty
        [max(0.0, rate - row[3]) for rate, row in zip(rates, rows, strict=True)],
        [max(0.0, row[4] - rate) for rate, row in zip(rates, rows, strict=True)],
    ]
    ax.errorbar(rates, range(len(rows)), xerr=errors, fmt="o", capsize=4, clip_on=False)
    ax.set_yticks(range(len(rows)), labels)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set(
        xlabel="Pass rate (%) with 95% Wilson interval",
        title="Pass rate intervals",
        xlim=(0, 100),
    )
    return figure


def _grouped_bars(table: Table, ylabel: str, title: str) -> Any:
    """Horizontal bars per group (rows) and run (the table's Frac columns).

    Groups run down the page, so the figure keeps the page's width however many
    categories and runs there are; it grows in height instead.
    """
    run_columns = [i for i, c in enumerate(table.columns) if c.kind in ("rate", "frac_rate")]
    groups = [str(row[0]) for row in table.rows]
    runs = max(1, len(run_columns))
    figure, ax = _new_figure(height=1.6 + 0.16 * max(1, len(groups)) * runs + 0.2 * runs)
    height = 0.8 / runs
    for offset, i in enumerate(run_columns):
        values = [(row[i].pct if isinstance(row[i], Frac) else None) or 0.0 for row in table.rows]
        positions = [g + offset * height for g in range(len(groups))]
        ax.barh(positions, values, height, label=table.columns[i].name)
    ax.set_yticks([g + height * (runs - 1) / 2 for g in range(len(groups))], groups)
    ax.set_ylim(len(groups) - 0.5 + height * (runs - 1) / 2, -0.5)
    ax.tick_params(axis="y", labelsize="small")
    ax.set(xlabel="Pass rate (%)", ylabel=ylabel, title=title, xlim=(0, 100))
    figure.legend(fontsize="small", loc="outside upper center", ncols=min(runs, 3))
    return figure


def figure_categories(runs: Sequence[Run]) -> Any:
    """Figure 6: pass rate per category."""
    return _grouped_bars(table_by_category(runs), "Category", "Pass rate by category")


def figure_domains(runs: Sequence[Run]) -> Any:
    """Figure 7: pass rate per declared domain count."""
    return _grouped_bars(
        table_by_domain_count(runs), "Declared domains", "Pass rate by domain count"
    )


#: File stem and drawing function of every figure, in report order.
FIGURES: tuple[tuple[str, str, Callable[[Sequence[Run]], Any]], ...] = (
    ("figure2_completion", "Figure 2: completion by iteration", figure_completion),
    ("figure3_latency", "Figure 3: latency vs pass rate", figure_latency),
    ("figure5_wilson", "Figure 5: Wilson 95% intervals", figure_wilson),
    ("figure6_categories", "Figure 6: pass rate by category", figure_categories),
    ("figure7_domains", "Figure 7: pass rate by domain count", figure_domains),
)


def draw_figures(runs: Sequence[Run]) -> dict[str, tuple[str, bytes]]:
    """Every figure as {file stem: (caption, PNG bytes)}; raises ImportError without matplotlib."""
    return {stem: (caption, png(draw(runs))) for stem, caption, draw in FIGURES}
