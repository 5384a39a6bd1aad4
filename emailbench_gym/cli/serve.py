"""`emailbench serve`: the env as an OpenEnv environment server (reset/step/state, tools as MCP)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from emailbench_gym.integrations.openenv_env import build_app
    except ImportError as exc:
        print(
            "emailbench serve needs OpenEnv: pip install 'emailbench-gym[openenv]' "
            f"(openenv-core). Import failed: {exc}",
            file=sys.stderr,
        )
        return 2
    import uvicorn

    try:
        app = build_app(
            profile=args.profile,
            max_calls=args.max_calls,
            judge=args.judge,
            scenarios=args.scenarios or None,
            max_sessions=args.max_sessions,
        )
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    print(
        f"EmailBench OpenEnv server at http://{args.host}:{args.port} (WebSocket /ws, MCP /mcp, "
        f"/health, /schema); profile {args.profile}, up to {args.max_sessions} sessions",
        file=sys.stderr,
        flush=True,
    )
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def register(sub: Any) -> None:
    """Register `emailbench serve` on the CLI's subparsers (imports nothing heavy)."""
    p = sub.add_parser(
        "serve",
        help="serve the env as an OpenEnv environment (needs the 'openenv' extra)",
        description="Serve EmailBench as an OpenEnv environment: every WebSocket session gets its "
        "own episode; reset(scenario_id=..., seed=...), step with an MCP tool call or a final "
        "answer, state; the tools as MCP.",
    )
    p.add_argument("--host", default="127.0.0.1", help="bind address (0.0.0.0 in a container)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--profile", default="adapter", help="tool profile: adapter (46) or full (119)")
    p.add_argument("--max-calls", type=int, default=50, help="tool calls before an episode ends")
    p.add_argument("--judge", default=None, help="rubric judge, e.g. openai:MODEL (default: none)")
    p.add_argument("--max-sessions", type=int, default=64, help="concurrent sessions at most")
    p.add_argument(
        "--scenarios", nargs="*", metavar="ID", help="the pool reset draws from (default: all)"
    )
    p.set_defaults(func=cmd_serve)
