"""`emailbench play ID`: a person plays one scenario in the terminal, as an agent would.

Each line is one turn: `TOOL {json arguments}` calls a tool, `answer TEXT` gives the final
answer (the episode is graded and every check shown), `tools` lists the tools, `help TOOL`
shows one tool's parameters, `quit` stops without grading.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

HELP = (
    'Type `TOOL {json arguments}` to call a tool (e.g. messages_list {"top": 5}), '
    "`answer TEXT` to finish, `tools`, `help TOOL`, or `quit`."
)


def _tool_help(spec: dict[str, Any]) -> str:
    params = spec.get("parameters", {}).get("properties", {})
    lines = [f"{spec['name']}: {spec.get('description', '')}"]
    lines += [f"  {name}: {p.get('description', '')}" for name, p in params.items()]
    return "\n".join(lines)


def _parse_call(line: str) -> tuple[str, dict[str, Any]] | str:
    """`TOOL {json}` as (name, arguments), or what is wrong with the line."""
    name, _, rest = line.partition(" ")
    rest = rest.strip()
    if not rest:
        return name, {}
    try:
        arguments = json.loads(rest)
    except json.JSONDecodeError as exc:
        return (
            f"The arguments are not JSON ({exc.msg} at column {exc.colno + len(name) + 1}). {HELP}"
        )
    if not isinstance(arguments, dict):
        return f"The arguments must be a JSON object, got {type(arguments).__name__}. {HELP}"
    return name, arguments


def _show_grade(info: dict[str, Any]) -> None:
    grade = info["grade"]
    print(f"\nScore {grade.score:.2f}: {'passed' if grade.passed else 'failed'}.")
    for item in grade.items:
        mark = {"passed": "PASS", "failed": "FAIL"}.get(item.outcome, item.outcome.upper())
        print(f"  {mark:<7} {item.id or item.type}: {item.description}")
        if item.outcome == "failed":
            print(f"          expected {json.dumps(item.expected, default=str)[:300]}")
            print(f"          found    {json.dumps(item.found, default=str)[:300]}")


def cmd_play(args: argparse.Namespace) -> int:
    from emailbench_gym.env import EmailBenchEnv

    try:
        env = EmailBenchEnv(args.id, profile=args.profile, max_turns=args.max_turns)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    observation, info = env.reset()
    specs = {spec["name"]: spec for spec in info["tools"]}
    print(info["system_prompt"], f"\nTask ({info['scenario_id']}): {observation['content']}")
    if not info["completable"]:
        print(f"Note: no reference solution completes this task with the {args.profile} profile.")
    print(f"\n{HELP}")
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        word = line.split(" ", 1)[0]
        if word == "quit":
            print("Stopped without grading.")
            return 0
        if word == "tools":
            print(", ".join(sorted(specs)))
            continue
        if word == "help":
            name = line[4:].strip()
            print(_tool_help(specs[name]) if name in specs else f"Unknown tool {name!r}. {HELP}")
            continue
        if word == "answer":
            action: Any = {"final_answer": line[6:].strip()}
        else:
            parsed = _parse_call(line)
            if isinstance(parsed, str):
                print(parsed)
                continue
            action = {"name": parsed[0], "arguments": parsed[1]}
        observation, _reward, terminated, truncated, step_info = env.step(action)
        for result in observation["results"]:
            print(("error: " if result["is_error"] else "") + result["content"])
        if terminated or truncated:
            print(observation["content"])
            _show_grade(step_info)
            return 0
    print("\nInput ended without an answer; graded with an empty one.")
    _show_grade({"grade": env.grade("")})
    return 0


def register(sub: Any) -> None:
    """Register `play` on the CLI's subparsers."""
    p = sub.add_parser(
        "play", help="play one scenario yourself in the terminal, then see its grade"
    )
    p.add_argument("id", help="scenario id, e.g. OB-N520")
    p.add_argument("--profile", default="adapter", help="tool profile: adapter (46) or full (119)")
    p.add_argument(
        "--max-turns", type=int, default=None, help="turn budget (default: the profile's)"
    )
    p.set_defaults(func=cmd_play)
