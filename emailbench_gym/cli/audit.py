"""`emailbench audit`: try to pass every scenario with wrong work; report what survives."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def cmd_audit(args: argparse.Namespace) -> int:
    import re

    from emailbench_gym.audit import audit
    from emailbench_gym.families.serve import expand
    from emailbench_gym.scenarios import GENERATED_ID, scenario_ids

    ids = expand(args.ids) if args.ids else scenario_ids()
    unknown = sorted(
        set(ids) - set(scenario_ids()) - {i for i in ids if re.fullmatch(GENERATED_ID, i)}
    )
    if unknown:
        print(f"unknown scenario ids: {', '.join(unknown)}", file=sys.stderr)
        return 2
    report = audit(ids, jobs=args.jobs, calibration=args.calibration)
    if args.json:
        data = report.model_dump(
            include={"mutants", "survivors", "equivalent", "seconds", "operators"}
        )
        print(json.dumps(data, indent=2))
    else:
        for survivor in report.survivors:
            print(f"SURVIVED {survivor.id}: {survivor.description}")
        share = len(report.equivalent) / report.mutants if report.mutants else 0.0
        print(
            f"{report.mutants} mutants over {report.scenarios} scenarios in {report.seconds:.1f} s: "
            f"{len(report.survivors)} survivors, {len(report.equivalent)} declared equivalent "
            f"({share:.2%})"
        )
    return 1 if report.survivors else 0


def register(sub: Any) -> None:
    """Register `emailbench audit` on the CLI's subparsers."""
    p = sub.add_parser(
        "audit",
        help="mutation-test the graders: wrong trajectories built from each reference must fail",
    )
    p.add_argument(
        "ids", nargs="*", help="scenario ids, generated task ids or split:NAME (default: the suite)"
    )
    p.add_argument("--json", action="store_true", help='{"mutants", "survivors", "equivalent"}')
    p.add_argument("--jobs", type=int, default=None, help="processes (default: one per core)")
    p.add_argument(
        "--calibration",
        action="store_true",
        help="mutate each scenario's calibration answers (not the reference answer)",
    )
    p.set_defaults(func=cmd_audit)
