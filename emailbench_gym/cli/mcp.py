"""`emailbench mcp`: serve one scenario's episode over the Model Context Protocol."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def cmd_mcp(args: argparse.Namespace) -> int:
    from emailbench_gym.scenarios import scenario_ids

    if args.scenario not in scenario_ids():
        print(
            f"unknown scenario {args.scenario!r}; `emailbench list` shows the ids", file=sys.stderr
        )
        return 2
    from emailbench_gym.integrations.mcp_server import serve

    serve(
        args.scenario,
        profile=args.profile,
        transport=args.transport,
        host=args.host,
        port=args.port,
        max_calls=args.max_calls,
        judge=args.judge,
    )
    return 0


def register(sub: Any) -> None:
    """Register `emailbench mcp` on the CLI's subparsers (imports nothing heavy)."""
    p = sub.add_parser(
        "mcp",
        help="serve one scenario's tools, task and grading over MCP",
        description="Serve one EmailBench episode over the Model Context Protocol "
        "(needs the 'mcp' extra). The task is the resource emailbench://task and the "
        "prompt 'task'; submit_answer ends the episode and returns the grade.",
    )
    p.add_argument("--scenario", required=True, help="scenario id, e.g. OB-N520")
    p.add_argument("--profile", default="adapter", help="tool profile: adapter (46) or full (119)")
    p.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    p.add_argument("--host", default="127.0.0.1", help="HTTP bind address (http transport)")
    p.add_argument("--port", type=int, default=8000, help="HTTP port (http transport; path /mcp)")
    p.add_argument(
        "--max-calls", type=int, default=None, help="tool calls before the episode ends (50)"
    )
    p.add_argument(
        "--judge", default=None, help="rubric judge, e.g. openai:MODEL (default: static only)"
    )
    p.set_defaults(func=cmd_mcp)
