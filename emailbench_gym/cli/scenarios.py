"""`emailbench list`, `show`, `validate` and `schema`: the scenario suite from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from emailbench_gym.errors import ScenarioError, ToolError


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, default=str))


def cmd_list(args: argparse.Namespace) -> int:
    from emailbench_gym.scenarios import load_all

    rows = [
        {
            "id": s.id,
            "query": s.query,
            "category": s.category,
            "difficulty": s.difficulty,
            "domains": list(s.domains),
            "static": len(s.assertions),
            "rubrics": len(s.rubrics),
            "static_types": sorted({a.type for a in s.assertions}),
            "retained": s.retained,
        }
        for s in load_all()
    ]
    if args.json:
        _print_json(rows)
        return 0
    for row in rows:
        print(f"{row['id']:<8} {row['category']:<16} {row['difficulty']} {row['query'][:90]}")
    print(f"{len(rows)} scenarios")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from emailbench_gym.scenarios import load_scenario

    try:
        scenario = load_scenario(args.id)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    _print_json(scenario.model_dump(mode="json", exclude_none=True))
    return 0


def validate_scenario(scenario_id: str) -> dict[str, Any]:
    """Replay the reference solution and a do-nothing episode through the static graders."""
    from emailbench_gym.episode import Episode
    from emailbench_gym.scenarios import load_scenario

    episode = Episode(load_scenario(scenario_id))
    error = None
    try:
        _results, answer = episode.replay_reference()
        reference = episode.grade(answer)
    except (ToolError, ScenarioError) as exc:
        error, reference = str(exc), None
    episode.reset()
    null = episode.grade("")
    row: dict[str, Any] = {
        "id": scenario_id,
        "reference_passed": bool(reference and reference.passed),
        "reference_static_score": reference.static_score if reference else 0.0,
        "null_passed": null.passed,
        "null_static_score": null.static_score,
    }
    if error:
        row["error"] = error
    elif reference and not reference.passed:
        row["failures"] = [i.model_dump(exclude={"kind"}) for i in reference.failures()]
    return row


def cmd_validate(args: argparse.Namespace) -> int:
    from emailbench_gym.scenarios import scenario_ids

    ids = args.ids or scenario_ids()
    unknown = sorted(set(ids) - set(scenario_ids()))
    if unknown:
        print(f"unknown scenario ids: {', '.join(unknown)}", file=sys.stderr)
        return 2
    rows = [validate_scenario(i) for i in ids]
    bad = [r for r in rows if not r["reference_passed"] or r["null_passed"]]
    if args.json:
        _print_json(rows)
    else:
        for row in rows:
            status = "FAIL" if row in bad else "ok"
            print(
                f"{row['id']:<8} {status:<4} reference {row['reference_static_score']:.2f}"
                f"  do-nothing {row['null_static_score']:.2f}"
                + (f"  {row.get('error', '')}" if row.get("error") else "")
            )
            for failure in row.get("failures", []):
                print(
                    f"    failed {failure['type']}: {failure['description']} expected={failure['expected']!r} found={failure['found']!r}"
                )
        print(f"{len(rows) - len(bad)}/{len(rows)} scenarios valid")
    return 1 if bad else 0


def cmd_schema(args: argparse.Namespace) -> int:
    from emailbench_gym.scenarios import Scenario

    _print_json(Scenario.model_json_schema())
    return 0


def register(sub: Any) -> None:
    """Register list, show, validate and schema on the CLI's subparsers."""
    p = sub.add_parser("list", help="list scenarios")
    p.add_argument("--json", action="store_true", help="one JSON object per scenario")
    p.set_defaults(func=cmd_list)
    p = sub.add_parser("show", help="print one scenario")
    p.add_argument("id")
    p.set_defaults(func=cmd_show)
    p = sub.add_parser(
        "validate", help="replay reference solutions and do-nothing runs through the static graders"
    )
    p.add_argument("ids", nargs="*", help="scenario ids (default: all)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_validate)
    p = sub.add_parser("schema", help="print a JSON Schema")
    p.add_argument("what", choices=["scenario"])
    p.set_defaults(func=cmd_schema)
