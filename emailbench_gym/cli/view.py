"""`emailbench view RUN [SCENARIO_ID]`: a run folder in the terminal.

Without an id: the run's metadata (version, commit, suite hash, profile, judge, sampling,
dates), tokens and estimated cost, and one row per scenario. With an id: that scenario's
episodes, each with its checks (failed ones with expected and found) and trajectory.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def cmd_view(args: argparse.Namespace) -> int:
    from emailbench_gym.report.cost import PriceError, load_prices
    from emailbench_gym.report.runs import RunLoadError, read_run
    from emailbench_gym.report.terminal import print_view, run_summary, scenario_view

    try:
        run = read_run(args.run)
        prices = load_prices(args.prices)
    except (RunLoadError, PriceError) as exc:
        print(f"emailbench view: {exc}", file=sys.stderr)
        return 2
    if args.scenario is None:
        categories = sorted({r.get("category") or "?" for r in run.episodes})
        if args.category is not None and args.category not in categories:
            print(
                f"emailbench view: no episode of category {args.category!r} in {args.run}; "
                f"its categories: {', '.join(categories)}",
                file=sys.stderr,
            )
            return 2
        print_view(run_summary(run, prices, args.category, args.failed))
        return 0
    ids = sorted({r["id"] for r in run.episodes})
    if args.scenario not in ids:
        near = [i for i in ids if args.scenario.lower() in i.lower()][:10] or ids[:10]
        print(
            f"emailbench view: {args.run} has no episode of {args.scenario}; "
            f"it has {len(ids)} scenarios, e.g. {', '.join(near)}",
            file=sys.stderr,
        )
        return 2
    print_view(scenario_view(run, args.scenario, full=args.full))
    return 0


def register(sub: Any) -> None:
    """Register `emailbench view` on the CLI's subparsers."""
    p = sub.add_parser(
        "view",
        help="a run folder in the terminal: scenario table, or one episode's checks and calls",
        description="Show a run folder (written by emailbench run or the MCP suite mode). "
        "Without SCENARIO_ID: the run's metadata, tokens and estimated cost, and one row per "
        "scenario (outcome and score per repeat, calls, failed checks). With it: every "
        "repeat of that scenario, its checks (failed ones first, with expected and found), "
        "each turn's tool calls with arguments and results, and the final answer.",
    )
    p.add_argument("run", metavar="RUN", help="a run folder (the --out of emailbench run)")
    p.add_argument("scenario", metavar="SCENARIO_ID", nargs="?", help="one scenario's episodes")
    p.add_argument("--category", help="only this category's scenarios (summary table)")
    p.add_argument("--failed", action="store_true", help="only scenarios not passed every time")
    p.add_argument(
        "--full", action="store_true", help="tool results and values uncut (default: cut)"
    )
    p.add_argument(
        "--prices",
        metavar="FILE",
        help="a price table (TOML, US dollars per million tokens) over the package's",
    )
    p.set_defaults(func=cmd_view)
