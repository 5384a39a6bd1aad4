"""`emailbench regrade RUN_DIR`: grade a run's stored episodes again, without calling the model."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def cmd_regrade(args: argparse.Namespace) -> int:
    from emailbench_gym.runner import regrade_run, table3_row

    options: dict[str, Any] = {"concurrency": args.concurrency}
    if args.judge is not None:
        options.update(judge=args.judge, judge_base_url=args.judge_base_url)
    try:
        summary = regrade_run(args.dir, **options)
    except ValueError as exc:
        print(f"emailbench regrade: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(
            f"emailbench regrade: cannot write to {exc.filename or args.dir}: "
            f"{exc.strerror or exc}; the folder is unchanged",
            file=sys.stderr,
        )
        return 1
    counts = summary["regraded"]
    print(table3_row(summary))
    print(
        f"regraded {sum(counts.values())} episodes: {counts['ok']} graded, "
        f"{counts['judge_error']} judge_error, {counts['error']} to play again (trace no "
        "longer replays)"
    )
    return 0


def register(sub: Any) -> None:
    """Register `emailbench regrade` on the CLI's subparsers."""
    p = sub.add_parser(
        "regrade",
        help="grade a run folder's episodes again from their traces (no model calls)",
        description="Replay every finished episode's stored tool calls through a fresh "
        "episode, check each result against the trace, and grade it again: with the "
        "folder's judge (e.g. after a judge outage left judge_error episodes) or with "
        "--judge (to add or change the judge of an old run; the folder keeps the new one). "
        "Verdicts are cached, so unchanged episodes cost no judge call.",
    )
    p.add_argument("dir", metavar="RUN_DIR", help="a folder written by emailbench run")
    p.add_argument("--judge", help="none or provider:name (default: the folder's judge)")
    p.add_argument("--judge-base-url", help="base URL for an OpenAI-compatible judge")
    p.add_argument("--concurrency", type=int, default=4, help="episodes graded in parallel")
    p.set_defaults(func=cmd_regrade)
