"""`emailbench mcp`: serve one scenario, or a suite for an external agent, over MCP."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def cmd_mcp(args: argparse.Namespace) -> int:
    from emailbench_gym.integrations.source import resolve_scenarios

    if (args.scenario is None) == (args.suite is None):
        print("give --scenario ID (one episode per session) or --suite [IDS...]", file=sys.stderr)
        return 2
    try:
        ids = resolve_scenarios([args.scenario] if args.scenario else args.suite or None)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.suite is not None and args.out is None:
        print("--suite needs --out DIR, the run folder for results.jsonl", file=sys.stderr)
        return 2
    from emailbench_gym.integrations.mcp import serve
    from emailbench_gym.runfolder import RunFolderError

    try:
        serve(
            args.scenario,
            suite=ids if args.suite is not None else None,
            out_dir=args.out,
            label=args.label,
            profile=args.profile,
            tools=args.tools,
            transport=args.transport,
            host=args.host,
            port=args.port,
            max_calls=args.max_calls,
            judge=args.judge,
            max_sessions=args.max_sessions,
            idle_timeout=args.idle_timeout,
            quiet=args.quiet,
        )
    except RunFolderError as exc:  # the folder is in use, or was started as another suite
        print(f"emailbench mcp: {exc}", file=sys.stderr)
        return 2
    return 0


def register(sub: Any) -> None:
    """Register `emailbench mcp` on the CLI's subparsers (imports nothing heavy)."""
    from emailbench_gym.integrations.mcp.limits import DEFAULT_IDLE_TIMEOUT, DEFAULT_MAX_SESSIONS

    p = sub.add_parser(
        "mcp",
        help="serve a scenario (or a suite, for external agents) over MCP",
        description="Serve EmailBench over the Model Context Protocol (needs the 'mcp' extra). "
        "With --scenario every MCP session gets its own episode of that scenario; with --suite "
        "sessions take tasks with next_task and each grade is written to --out/results.jsonl "
        "(read by `emailbench report`; a restart resumes). The task is the resource "
        "emailbench://task and the prompt 'task'; submit_answer ends an episode.",
    )
    p.add_argument("--scenario", help="scenario id, e.g. OB-N520")
    p.add_argument(
        "--suite",
        nargs="*",
        metavar="ID",
        help="serve these scenarios one after another (none given: all 206)",
    )
    p.add_argument("--out", help="run folder for the suite's results.jsonl (with --suite)")
    p.add_argument("--label", default="mcp-agent", help="the agent's name in the records")
    p.add_argument("--profile", default="adapter", help="tool profile: adapter (46) or full (119)")
    p.add_argument(
        "--tools",
        choices=["profile", "domains"],
        default="profile",
        help="domains: list only the tools of the scenario's declared domains (plus identity "
        "and mail reading), for shorter prompts; in a suite, each task's own (the server "
        "sends tools/list_changed after next_task)",
    )
    p.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    p.add_argument("--host", default="127.0.0.1", help="HTTP bind address (http transport)")
    p.add_argument("--port", type=int, default=8000, help="HTTP port (http transport; path /mcp)")
    p.add_argument(
        "--max-calls", type=int, default=None, help="tool calls before an episode ends (50)"
    )
    p.add_argument(
        "--judge", default=None, help="rubric judge, e.g. openai:MODEL (default: static only)"
    )
    p.add_argument(
        "--max-sessions",
        type=int,
        default=DEFAULT_MAX_SESSIONS,
        help=f"open HTTP sessions at most; more get 503 ({DEFAULT_MAX_SESSIONS})",
    )
    p.add_argument(
        "--idle-timeout",
        type=float,
        default=DEFAULT_IDLE_TIMEOUT,
        help=f"seconds without a request before a session closes ({DEFAULT_IDLE_TIMEOUT:g})",
    )
    p.add_argument("--quiet", action="store_true", help="no request log on stderr")
    p.set_defaults(func=cmd_mcp)
