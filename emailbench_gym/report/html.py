"""The HTML report: one self-contained page (no network, a few lines of script).

In order: the runs' metadata, tokens and cost; the warnings; the paper's tables; the
figures; the scenario x run grid (filterable by category and outcome, each cell a link
to its episode); then each scenario's episodes, collapsed, with the failed checks'
expected and found and the trajectory. Each trajectory is on the page once, in its
episode; long tool results are cut at `episodes.RESULT_CHARS` (the record has them).
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence

from emailbench_gym.report.cost import PriceTable
from emailbench_gym.report.episodes import (
    NOT_RUN,
    PROBLEM_FIELDS,
    ScenarioRow,
    categories,
    cell_text,
    checks,
    outcome,
    scenario_query,
    scenario_rows,
    score_text,
    show,
)
from emailbench_gym.report.render import PLOTS_MISSING, report_warnings, run_facts, text_rows
from emailbench_gym.report.runs import Record, Run
from emailbench_gym.report.tables import Table

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; padding: 0 1em;
       color: #222; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; vertical-align: top; }
th { background: #f3f3f3; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
p.note { color: #555; font-size: 0.9em; max-width: 60em; }
figure { margin: 1em 0; }
figure img { max-width: 100%; height: auto; }
.warn { background: #fff4d6; border-left: 4px solid #e0a800; padding: 0.5em 1em; margin: 0.5em 0; }
.pass { background: #e3f6e3; } .fail { background: #fbe3e3; }
.error, .judge_error { background: #fff1c7; } .none { color: #999; }
td.cell a { color: inherit; text-decoration: none; display: block; }
details { margin: 0.2em 0; } details > summary { cursor: pointer; }
details.scenario { border-top: 1px solid #ddd; padding: 0.3em 0; }
details.episode { margin-left: 1.5em; } details.trajectory { margin-left: 1em; }
pre { white-space: pre-wrap; word-break: break-word; background: #f7f7f7; padding: 0.4em;
      margin: 0.2em 0; font-size: 0.85em; max-height: 20em; overflow: auto; }
.grid { overflow-x: auto; } .filters { margin: 0.5em 0; } .filters label { margin-right: 1em; }
.facts td { overflow-wrap: anywhere; }
.facts td:first-child { font-weight: bold; white-space: nowrap; overflow-wrap: normal; } .call-error { color: #b00; }
"""

# Filters hide grid rows and scenario sections; following a cell's link opens its episode.
_SCRIPT = """
function applyFilters() {
  const cat = document.getElementById('f-cat').value;
  const out = document.getElementById('f-out').value;
  let shown = 0;
  document.querySelectorAll('[data-cat]').forEach(el => {
    const ok = (!cat || el.dataset.cat === cat) && (!out || el.dataset[out] === '1');
    el.hidden = !ok;
    if (ok && el.tagName === 'TR') shown++;
  });
  document.getElementById('f-count').textContent = shown + ' scenarios shown';
}
function openTarget() {
  const el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (!el) return;
  for (let e = el; e; e = e.parentElement) if (e.tagName === 'DETAILS') e.open = true;
  el.scrollIntoView();
}
addEventListener('hashchange', openTarget);
addEventListener('DOMContentLoaded', () => { applyFilters(); openTarget(); });
"""


_NAV = (
    '<p class="nav"><a href="#runs">Runs</a> · <a href="#tables">Tables</a> · '
    '<a href="#figures">Figures</a> · <a href="#scenarios">Scenarios</a> · '
    '<a href="#episodes">Episodes</a></p>'
)


def _e(text: object) -> str:
    """Text content escaped (quotes stay as they are: JSON values stay readable and short)."""
    return html.escape(str(text), quote=False)


def _attr(text: object) -> str:
    """An attribute value escaped."""
    return html.escape(str(text))


def _table(table: Table) -> str:
    head = "".join(f"<th>{_e(c.name)}</th>" for c in table.columns)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td{'' if c.kind == 'text' else ' class=n'}>{_e(cell)}</td>"
            for c, cell in zip(table.columns, cells, strict=True)
        )
        + "</tr>"
        for cells in text_rows(table)
    )
    note = f'<p class="note">{_e(table.note)}</p>' if table.note else ""
    return f"<h2>{_e(table.title)}</h2><table><tr>{head}</tr>{body}</table>{note}"


def _facts(runs: Sequence[Run], prices: PriceTable) -> str:
    head = "".join(f"<th>{_e(run.label)}</th>" for run in runs)
    rows = "".join(
        f"<tr><td>{_e(name)}</td>" + "".join(f"<td>{_e(v)}</td>" for v in values) + "</tr>"
        for name, values in run_facts(runs, prices)
    )
    return (
        '<h2 id="runs">Runs</h2><div class="grid"><table class="facts">'
        f"<tr><th></th>{head}</tr>{rows}</table></div>"
    )


def _episode_id(run_index: int, record: Record) -> str:
    return f"e{run_index}-{record['id']}-{record.get('repeat', 0)}"


def _cell(run_index: int, episodes: Sequence[Record]) -> str:
    if not episodes:
        return f'<td class="cell none">{NOT_RUN}</td>'
    kinds = {outcome(r) for r in episodes}
    css = kinds.pop() if len(kinds) == 1 else "error"
    links = " ".join(
        f'<a href="#{_attr(_episode_id(run_index, r))}">{_e(score_text(r))}</a>' for r in episodes
    )
    return f'<td class="cell {css}">{links}</td>'


def _row_flags(row: ScenarioRow) -> str:
    outcomes = [outcome(r) for cell in row.cells for r in cell]
    per_run = [frozenset(outcome(r) for r in cell) for cell in row.cells]
    failed = any(o != "pass" for o in outcomes) or not all(row.cells)
    differs = len(set(per_run)) > 1
    return f'data-cat="{_attr(row.category)}" data-failed="{int(failed)}" data-differs="{int(differs)}"'


def _grid(runs: Sequence[Run], rows: Sequence[ScenarioRow]) -> str:
    options = "".join(f'<option value="{_attr(c)}">{_e(c)}</option>' for c in categories(rows))
    filters = (
        '<div class="filters"><label>Category <select id="f-cat" onchange="applyFilters()">'
        f'<option value="">all</option>{options}</select></label>'
        '<label>Show <select id="f-out" onchange="applyFilters()">'
        '<option value="">every scenario</option>'
        '<option value="failed">not passed in every episode</option>'
        '<option value="differs">outcome differs between runs</option></select></label>'
        f'<span id="f-count">{len(rows)} scenarios</span></div>'
    )
    head = "<tr><th>Scenario</th><th>Category</th><th>Level</th>" + "".join(
        f"<th>{_e(run.label)}</th>" for run in runs
    )
    body = "".join(
        f'<tr {_row_flags(row)}><td><a href="#s-{_attr(row.id)}">{_e(row.id)}</a></td>'
        f"<td>{_e(row.category)}</td><td>{_e(row.difficulty)}</td>"
        + "".join(_cell(i, cell) for i, cell in enumerate(row.cells))
        + "</tr>"
        for row in rows
    )
    return (
        '<h2 id="scenarios">Scenarios</h2><p class="note">Outcome and score of every episode '
        "(one per repeat); a cell links to its checks and trajectory below.</p>"
        f'{filters}<div class="grid"><table>{head}</tr>{body}</table></div>'
    )


def _checks(record: Record) -> str:
    items = checks(record)
    if not items:
        return '<p class="note">No grade (the episode did not finish).</p>'
    rows = []
    for item in items:
        failed = item.outcome in ("failed", "judge_error")
        css = "fail" if failed else ("pass" if item.outcome == "passed" else "none")
        expected = f"<pre>{_e(show(item.expected))}</pre>" if failed else ""
        found = f"<pre>{_e(show(item.found))}</pre>" if failed else ""
        reason = f" <i>({_e(item.reason)})</i>" if item.reason else ""
        rows.append(
            f'<tr class="{css}"><td>{_e(item.outcome)}</td><td>{_e(item.id or "-")}<br>'
            f"<small>{_e(item.type)}{', critical' if item.critical else ''}</small></td>"
            f"<td>{_e(item.description)}{reason}</td><td>{expected}</td><td>{found}</td></tr>"
        )
    return (
        "<table><tr><th>Outcome</th><th>Check</th><th>Description</th><th>Expected</th>"
        f"<th>Found</th></tr>{''.join(rows)}</table>"
    )


def _trajectory(record: Record) -> str:
    turns = record.get("trajectory") or []
    items = []
    for turn in turns:
        tokens = turn.get("tokens") or {}
        parts = [
            f"<li>Turn {_e(turn.get('iteration'))} <small>(tokens {tokens.get('input', 0)} in, "
            f"{tokens.get('output', 0)} out)</small>"
        ]
        if turn.get("text"):
            parts.append(f"<pre>{_e(show(turn['text']))}</pre>")
        for call in turn.get("calls") or []:
            error = call.get("is_error")
            mark = ' <span class="call-error">(error)</span>' if error else ""
            parts.append(
                f"<div><code>{_e(call.get('name'))}</code>{mark}"
                f"<pre>{_e(show(call.get('arguments')))}</pre>"
                + (f"<div>rejected: {_e(call['rejected'])}</div>" if call.get("rejected") else "")
                + f"<pre>{_e(show(call.get('content')))}</pre></div>"
            )
        items.append("".join(parts) + "</li>")
    calls = sum(len(t.get("calls") or []) for t in turns)
    return (
        f'<details class="trajectory"><summary>Trajectory: {_count(len(turns), "turn")}, '
        f"{_count(calls, 'tool call')}</summary><ol>{''.join(items)}</ol></details>"
    )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _episode(run_index: int, run: Run, record: Record) -> str:
    tokens = record.get("tokens") or {}
    summary = (
        f"{_e(run.label)}, repeat {record.get('repeat', 0)}: <b>{_e(score_text(record))}</b> "
        f"· {_count(record.get('calls', 0), 'call')} · "
        f"{_count(record.get('iterations', 0), 'iteration')} · "
        f"tokens {tokens.get('input', 0)} in / {tokens.get('output', 0)} out"
    )
    error = "".join(
        f'<p class="warn">{_e(record[key])}</p>' for key in PROBLEM_FIELDS if record.get(key)
    )
    answer = _e(record.get("final_answer") or "(none)")
    return (
        f'<details class="episode" id="{_attr(_episode_id(run_index, record))}">'
        f'<summary class="{outcome(record)}">{summary}</summary>'
        f"{error}{_checks(record)}{_trajectory(record)}"
        f"<p><b>Final answer</b></p><pre>{answer}</pre></details>"
    )


def _scenarios(runs: Sequence[Run], rows: Sequence[ScenarioRow]) -> str:
    sections = []
    for row in rows:
        outcomes = " · ".join(map(cell_text, row.cells))
        query = scenario_query(row.id)
        request = f"<p><b>Request:</b> {_e(query)}</p>" if query else ""
        episodes = "".join(
            _episode(i, runs[i], record) for i, cell in enumerate(row.cells) for record in cell
        )
        sections.append(
            f'<details class="scenario" id="s-{_attr(row.id)}" {_row_flags(row)}><summary>'
            f"<b>{_e(row.id)}</b> {_e(row.category)} {_e(row.difficulty)}: {_e(outcomes)}"
            f"</summary>{request}{episodes}</details>"
        )
    return '<h2 id="episodes">Episodes</h2>' + "".join(sections)


def render_html(
    runs: Sequence[Run],
    tables: Sequence[Table],
    figures: dict[str, tuple[str, bytes]] | None,
    prices: PriceTable,
) -> str:
    """The whole report as one page."""
    labels = ", ".join(_e(run.label) for run in runs)
    warnings = "".join(f'<p class="warn">{_e(w)}</p>' for w in report_warnings(runs))
    if figures is None:
        plots = f"<p>{_e(PLOTS_MISSING)}</p>"
    else:
        plots = "".join(
            f'<figure><img alt="{_attr(caption)}" '
            f'src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}">'
            f"<figcaption>{_e(caption)}</figcaption></figure>"
            for caption, png in figures.values()
        )
    rows = scenario_rows(runs)
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>EmailBench report: {labels}</title><style>{_STYLE}</style>"
        f"<script>{_SCRIPT}</script></head><body>"
        f"<h1>EmailBench report</h1><p>Runs: {labels}</p>{_NAV}{warnings}"
        + _facts(runs, prices)
        + '<div id="tables"></div>'
        + "".join(_table(t) for t in tables)
        + f'<h2 id="figures">Figures</h2>{plots}'
        + _grid(runs, rows)
        + _scenarios(runs, rows)
        + "</body></html>\n"
    )
