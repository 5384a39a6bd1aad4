"""`emailbench report`: the paper's tables and figures, run metadata and cost, per-scenario view."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def cmd_report(args: argparse.Namespace) -> int:
    from emailbench_gym.report.cost import PriceError, load_prices
    from emailbench_gym.report.render import (
        PLOTS_MISSING,
        figures_of,
        render_markdown,
        report_json,
        report_warnings,
    )
    from emailbench_gym.report.runs import RunLoadError, label_runs, read_run
    from emailbench_gym.report.tables import build_report

    try:
        loaded = [read_run(d) for d in args.dirs]
        prices = load_prices(args.prices)
    except (RunLoadError, PriceError) as exc:
        print(f"emailbench report: {exc}", file=sys.stderr)
        return 2
    runs = label_runs(loaded, [Path(d).name for d in args.dirs])
    for warning in report_warnings(runs):
        print(f"warning: {warning}", file=sys.stderr)
    tables = build_report(runs)
    figures = figures_of(runs) if args.plots or args.format == "html" else None
    if args.plots:
        if figures is None:
            print(PLOTS_MISSING, file=sys.stderr)
            return 2
        Path(args.plots).mkdir(parents=True, exist_ok=True)
        for stem, (_caption, png) in figures.items():
            (Path(args.plots) / f"{stem}.png").write_bytes(png)
    if args.format == "json":
        text = json.dumps(report_json(runs, tables, prices), indent=2) + "\n"
    elif args.format == "html":
        from emailbench_gym.report.html import render_html

        text = render_html(runs, tables, figures, prices)
    else:
        text = render_markdown(tables, runs, prices)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def register(sub: Any) -> None:
    """Register `emailbench report` on the CLI's subparsers."""
    p = sub.add_parser(
        "report",
        help="tables and figures of the paper, run metadata and cost, per-scenario view",
        description="Compare run folders: every run's metadata (version, commit, suite hash, "
        "profile, judge, sampling, dates), tokens and estimated cost, a warning when they "
        "cover different scenarios, and the paper's tables; --format html adds the figures, "
        "a scenario x run grid and every episode's checks and trajectory (collapsed).",
    )
    p.add_argument("dirs", nargs="+", metavar="DIR", help="run directories (with results.jsonl)")
    p.add_argument("--format", choices=["md", "json", "html"], default="md")
    p.add_argument("--out", metavar="FILE", help="write the report here instead of stdout")
    p.add_argument("--plots", metavar="DIR", help="also write the figures as PNG files here")
    p.add_argument(
        "--prices",
        metavar="FILE",
        help='a price table (TOML: [prices."provider:model"] input/output in US dollars per '
        "million tokens) whose entries replace or add to the package's",
    )
    p.set_defaults(func=cmd_report)
