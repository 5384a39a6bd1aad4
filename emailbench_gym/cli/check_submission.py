"""`emailbench check-submission DIR`: validate a run folder as a submission (docs/submission.md)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def cmd_check_submission(args: argparse.Namespace) -> int:
    from emailbench_gym.catalog import suite_hash
    from emailbench_gym.submission import check_submission

    problems = check_submission(args.dir, suite=None if args.any_suite else suite_hash())
    if problems:
        for problem in problems:
            print(f"{args.dir}: {problem}", file=sys.stderr)
        print(f"{len(problems)} problem(s): not a valid submission", file=sys.stderr)
        return 1
    print(f"{args.dir}: a valid submission")
    return 0


def register(sub: Any) -> None:
    """Register `emailbench check-submission` on the CLI's subparsers."""
    p = sub.add_parser(
        "check-submission",
        help="validate a run folder as a submission (schema, coverage, suite hash, summary)",
        description="Check that a folder written by emailbench run is a complete submission: "
        "run.json and every results.jsonl record match the schema, every episode run.json "
        "asks for has exactly one graded record, every suite hash is this install's, and "
        "summary.json agrees with the records. Prints each problem; exit 1 if any.",
    )
    p.add_argument("dir", metavar="DIR", help="the --out folder of an emailbench run")
    p.add_argument(
        "--any-suite",
        action="store_true",
        help="do not require the suite hash of this install (still one hash throughout)",
    )
    p.set_defaults(func=cmd_check_submission)
