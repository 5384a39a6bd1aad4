"""`emailbench report`: the paper's tables and figures from run directories."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from emailbench_gym.report import build_report, label_runs, read_run
from emailbench_gym.report_render import (
    PLOTS_MISSING,
    figures_of,
    render_html,
    render_markdown,
    report_json,
)


def cmd_report(args: argparse.Namespace) -> int:
    try:
        loaded = [read_run(d) for d in args.dirs]
    except FileNotFoundError as exc:
        print(exc, file=sys.stderr)
        return 2
    runs = label_runs(loaded, [Path(d).name for d in args.dirs])
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
        text = json.dumps(report_json(runs, tables), indent=2) + "\n"
    elif args.format == "html":
        text = render_html(runs, tables, figures)
    else:
        text = render_markdown(tables)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def register(sub: Any) -> None:
    """Register `emailbench report` on the CLI's subparsers."""
    p = sub.add_parser("report", help="tables and figures of the paper from run directories")
    p.add_argument("dirs", nargs="+", metavar="DIR", help="run directories (with results.jsonl)")
    p.add_argument("--format", choices=["md", "json", "html"], default="md")
    p.add_argument("--out", metavar="FILE", help="write the report here instead of stdout")
    p.add_argument("--plots", metavar="DIR", help="also write the figures as PNG files here")
    p.set_defaults(func=cmd_report)
