"""`emailbench list`, `show`, `validate` and `schema`: the scenario suite from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from emailbench_gym.errors import ScenarioError, ToolError


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, default=str))


def _listed(args: argparse.Namespace) -> list[Any]:
    """The scenarios of `args.split` (default: the 206) of the asked category and difficulty.

    A generated split's tasks are filtered by their family's labels first, so only the
    matching ones are made.
    """
    from emailbench_gym.scenarios import load_all

    def wanted(category: str, difficulty: str) -> bool:
        return args.category in (None, category) and args.difficulty in (None, difficulty)

    if args.split in (None, "test"):
        return [s for s in load_all() if wanted(s.category, s.difficulty)]
    from emailbench_gym.families.serve import labels, load_task, resolve_split

    return [load_task(i) for i in resolve_split(args.split) if wanted(*labels(i)[:2])]


def cmd_list(args: argparse.Namespace) -> int:
    from emailbench_gym.scenarios import CATEGORIES
    from emailbench_gym.tools import load_profile, profile_names

    profiles = [load_profile(name) for name in profile_names()]
    if args.category and args.category not in CATEGORIES:
        print(
            f"unknown category {args.category!r}; accepted: {', '.join(CATEGORIES)}",
            file=sys.stderr,
        )
        return 2
    if args.completable and args.completable not in profile_names():
        print(
            f"unknown tool profile {args.completable!r}; accepted: {', '.join(profile_names())}",
            file=sys.stderr,
        )
        return 2
    try:
        listed = _listed(args)
    except ValueError as exc:  # an unknown split
        print(exc, file=sys.stderr)
        return 2
    rows = [
        {
            "id": s.id,
            "query": s.query,
            "category": s.category,
            "difficulty": s.difficulty,
            "domains": list(s.domains),
            "requirements": len(s.requirements),
            "static": len(s.assertions),
            "rubrics": len(s.rubrics),
            "static_types": sorted({a.type for a in s.assertions}),
            "retained": s.retained,
            "completable": {p.name: s.solution_for(p) is not None for p in profiles},
        }
        for s in listed
    ]
    if args.completable:
        rows = [row for row in rows if row["completable"][args.completable]]
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
    except ScenarioError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.json:
        _print_json(scenario.model_dump(mode="json", exclude_none=True))
        return 0
    print(describe(scenario))
    return 0


def describe(scenario: Any) -> str:
    """A scenario for a person: the request, its requirements with the checks covering each."""
    from emailbench_gym.corpus import load_corpus
    from emailbench_gym.grading.context import ScenarioContext

    lines = [
        f"{scenario.id}  {scenario.category}  {scenario.difficulty}  domains: "
        f"{', '.join(scenario.domains)}{'  (retained)' if scenario.retained else ''}",
        "",
        scenario.query,
        "",
        "Requirements and the checks that cover them:",
    ]
    checks = list(scenario.assertions)
    for requirement in scenario.requirements:
        lines.append(f"  {requirement.id}  {requirement.text}")
        covering = [c for c in checks if requirement.id in c.covers]
        for check in covering:
            lines.append(f"        [{check.type}] {check.id}: {check.description}")
        lines.extend(
            f"        [rubric] {r.criterion}"
            for r in scenario.rubrics
            if requirement.id in r.covers
        )
        if not covering:
            lines.append("        (no static check: uncovered)")
    loose = [c for c in checks if not c.covers]
    if loose:
        lines.append("  Checks covering no requirement:")
        lines.extend(f"        [{c.type}] {c.id}: {c.description}" for c in loose)
    try:
        corpus = scenario.corpus() or load_corpus()
        footprint = ScenarioContext.of(scenario, corpus).footprint.summary()
        lines += ["", f"Footprint (from the reference solution): {json.dumps(footprint)}"]
    except (ToolError, ScenarioError) as exc:
        lines += ["", f"Footprint: the reference solution does not run: {exc}"]
    for check in checks:
        for room in getattr(check, "latitude", []):
            lines.append(f"  latitude {room.collection}: {room.reason}")
    from emailbench_gym.tools import load_profile, profile_names

    completable = [n for n in profile_names() if scenario.solution_for(load_profile(n))]
    lines += [
        "",
        f"Completable with profiles: {', '.join(completable) or 'none'} "
        "(a reference solution uses only their tools)",
        f"Rubrics: {len(scenario.rubrics)}; calibration answers: {len(scenario.calibration)}; "
        f"equivalent mutants declared: {len(scenario.equivalent_mutants)}",
        f"Reference: {len(scenario.solution.calls)} calls; answer: {scenario.solution.answer}",
    ]
    return "\n".join(lines)


def scenario_sources(names: list[str]) -> list[tuple[str, str, Any]]:
    """What `validate` was given, as (label, file, loader): ids (the suite's, generated tasks,
    `split:NAME`) and paths (scenario files, or folders such as `emailbench generate`'s)."""
    import re
    from pathlib import Path

    from emailbench_gym.catalog import scenario_paths
    from emailbench_gym.families.serve import SPLIT_PREFIX, expand
    from emailbench_gym.scenarios import (
        CATEGORIES,
        GENERATED_ID,
        load_scenario,
        parse_scenario_file,
        scenario_ids,
    )

    known = set(scenario_ids())
    sources: list[tuple[str, str, Any]] = []
    for name in names or sorted(known):
        path = Path(name)
        if path.suffix == ".json" or path.is_dir():
            if not path.exists():
                raise ValueError(f"no such scenario file or folder: {name}")
            root = path / "scenarios" if (path / "scenarios").is_dir() else path
            files = [path] if path.is_file() else sorted(root.glob("*/*.json"))
            files = [f for f in files if f.parent.name in CATEGORIES or path.is_file()]
            if not files:
                raise ValueError(f"{name}: no scenario files (<category>/<id>.json) in it")
            sources.extend((str(f), str(f), lambda f=f: parse_scenario_file(f)) for f in files)
        elif name.startswith(SPLIT_PREFIX):
            for sid in expand([name]):
                where = str(scenario_paths().get(sid, ""))
                sources.append((sid, where, lambda sid=sid: load_scenario(sid)))
        elif name in known or re.fullmatch(GENERATED_ID, name):
            where = str(scenario_paths().get(name, ""))
            sources.append((name, where, lambda name=name: load_scenario(name)))
        else:
            raise ValueError(f"unknown scenario ids: {name}")
    return sources


def cmd_validate(args: argparse.Namespace) -> int:
    from emailbench_gym.validation import validate

    try:
        sources = scenario_sources(args.ids)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    rows: list[dict[str, Any]] = []
    for label, path, load in sources:
        try:
            rows.append({"file": path, **validate(load()).model_dump()})
        except (ScenarioError, KeyError, ValueError) as exc:
            rows.append({"id": label, "file": path, "valid": False, "problems": [str(exc)]})
    bad = [r for r in rows if not r["valid"]]
    if args.json:
        _print_json(rows)
        return 1 if bad else 0
    for row in rows:
        if "reference_passed" not in row:
            print(f"{row['id']:<8} FAIL {row['problems'][0]}")
            continue
        calibration = row["calibration"]
        print(
            f"{row['id']:<8} {'ok' if row['valid'] else 'FAIL':<4} reference "
            f"{row['reference_static_score']:.2f}  do-nothing {row['null_static_score']:.2f}"
            f"  calibration {calibration['accepted']}/{calibration['total']}"
        )
        for problem in row["problems"]:
            print(f"    {row['file']}: {problem}")
    uncovered = sum(len(r.get("uncovered_requirements", [])) for r in rows)
    accepted = sum(r["calibration"]["accepted"] for r in rows if "calibration" in r)
    total = sum(r["calibration"]["total"] for r in rows if "calibration" in r)
    print(
        f"{len(rows) - len(bad)}/{len(rows)} scenarios valid; uncovered requirements: "
        f"{uncovered}; calibration answers accepted: {accepted}/{total}"
    )
    return 1 if bad else 0


def cmd_schema(args: argparse.Namespace) -> int:
    from emailbench_gym.scenarios import Scenario

    _print_json(Scenario.model_json_schema())
    return 0


def register(sub: Any) -> None:
    """Register list, show, validate and schema on the CLI's subparsers."""
    p = sub.add_parser("list", help="list scenarios")
    p.add_argument("--json", action="store_true", help="one JSON object per scenario")
    p.add_argument("--category", help="only this category's scenarios")
    p.add_argument("--difficulty", choices=["D1", "D2", "D3"], help="only this difficulty")
    p.add_argument(
        "--split",
        help="list this split instead of the 206 (test): train, dev and heldout are generated "
        "tasks, made as they are listed (a few seconds per hundred)",
    )
    p.add_argument(
        "--completable",
        metavar="PROFILE",
        help="only scenarios a reference solution proves completable with this tool profile",
    )
    p.set_defaults(func=cmd_list)
    p = sub.add_parser(
        "show", help="a scenario's request, its requirements and the checks covering each"
    )
    p.add_argument("id")
    p.add_argument("--json", action="store_true", help="the scenario file's data instead")
    p.set_defaults(func=cmd_show)
    p = sub.add_parser(
        "validate",
        help="prove scenarios both ways: the reference passes, doing nothing fails, calibration "
        "answers pass, every requirement is covered",
    )
    p.add_argument(
        "ids",
        nargs="*",
        help="scenario ids, generated task ids, split:NAME, or scenario files and folders "
        "(such as emailbench generate's output); default: the suite",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_validate)
    p = sub.add_parser("schema", help="print a JSON Schema")
    p.add_argument("what", choices=["scenario"])
    p.set_defaults(func=cmd_schema)
