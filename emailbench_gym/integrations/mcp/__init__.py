"""`emailbench mcp`: EmailBench episodes served over the Model Context Protocol.

Any MCP client (an IDE agent, an agent framework) sees the profile's tools with the env's
own schemas (`tool_specs(..., "mcp")`), a `submit_answer` tool that ends the episode and
returns the grade, and the task as the resource `emailbench://task` and the prompt `task`.
Tool errors (bad arguments, unknown ids, an unknown tool, calls after the episode ended)
are results with `isError: true`, never protocol errors.

- One scenario (`serve(scenario_id=...)`): every MCP session gets its own episode of it.
  `tools="domains"` lists only the tools of the scenario's declared domains (plus identity
  and mail reading): shorter tool lists, as `EmailBenchEnv(..., tools="domains")`.
- Suite mode (`serve(suite=[ids...], out_dir=...)`): sessions take tasks one by one with
  `next_task`; each grade is written server-side to `out_dir/results.jsonl`, which
  `emailbench report` reads, and a restarted server resumes the suite. With
  `tools="domains"` each session lists its current task's tools, announced by
  `notifications/tools/list_changed` after every `next_task` (tools.listChanged is declared).

Over HTTP the limits are `max_sessions` open sessions (a new one gets 503 while full) and
`idle_timeout` seconds without a request (the session and its episode are closed). Needs
the optional extra `pip install 'emailbench-gym[mcp]'` (the official `mcp` SDK, 2.x),
imported only when a server is built.

Modules: `episodes` (per-session episodes, limits, the suite), `server` (the handlers),
`http` (Streamable HTTP with the limits enforced).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from emailbench_gym.integrations.mcp.limits import DEFAULT_IDLE_TIMEOUT, DEFAULT_MAX_SESSIONS

__all__ = ["DEFAULT_IDLE_TIMEOUT", "DEFAULT_MAX_SESSIONS", "require_mcp", "serve"]


def require_mcp() -> None:
    try:
        import mcp  # noqa: F401
    except ImportError as exc:
        raise SystemExit(
            "The MCP server needs the official MCP SDK: pip install 'emailbench-gym[mcp]' "
            f"(or pip install 'mcp>=2'). Import failed: {exc}"
        ) from None


def _log_to_stderr(quiet: bool) -> None:
    logger = logging.getLogger("emailbench.mcp")
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
        logger.addHandler(handler)
    logger.setLevel(logging.WARNING if quiet else logging.INFO)
    logger.propagate = False


def serve(
    scenario_id: str | None = None,
    *,
    suite: Sequence[str] | None = None,
    out_dir: str | Path | None = None,
    label: str = "mcp-agent",
    profile: str = "adapter",
    tools: str = "profile",
    transport: str = "stdio",
    host: str = "127.0.0.1",
    port: int = 8000,
    max_calls: int | None = None,
    judge: Any = None,
    max_sessions: int = DEFAULT_MAX_SESSIONS,
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT,
    quiet: bool = False,
) -> None:
    """Serve one scenario (an episode per session) or a suite, until Ctrl-C or the client ends it."""
    require_mcp()
    import anyio

    from emailbench_gym.integrations.mcp.episodes import Suite
    from emailbench_gym.integrations.mcp.server import build_server, single_service, suite_service
    from emailbench_gym.integrations.session import DEFAULT_MAX_CALLS

    if transport not in ("stdio", "http"):
        raise ValueError(f"transport must be 'stdio' or 'http', got {transport!r}")
    if (scenario_id is None) == (suite is None):
        raise ValueError("serve one scenario (scenario_id) or a suite (suite + out_dir), not both")
    if tools not in ("profile", "domains"):
        raise ValueError(f"tools must be 'profile' or 'domains', got {tools!r}")
    _log_to_stderr(quiet)
    log = logging.getLogger("emailbench.mcp")
    calls = max_calls or DEFAULT_MAX_CALLS
    limits = {"max_sessions": max_sessions, "idle_timeout": idle_timeout}
    tasks: Suite | None = None
    if suite is not None:
        if out_dir is None:
            raise ValueError("suite mode needs out_dir, the run folder for results.jsonl")
        judge_name = judge if isinstance(judge, str) else getattr(judge, "name", None)
        tasks = Suite(
            suite,
            Path(out_dir),
            label=label,
            profile=profile,
            tools=tools,
            max_calls=calls,
            judge=judge_name,
        )
        service = suite_service(
            tasks, profile=profile, tools=tools, max_calls=calls, judge=judge, **limits
        )
        what = (
            f"suite of {tasks.total} scenarios ({tasks.done} already graded), "
            f"results in {tasks.results}"
        )
    else:
        assert scenario_id is not None
        service = single_service(
            scenario_id, profile=profile, tools=tools, max_calls=calls, judge=judge, **limits
        )
        what = f"scenario {scenario_id}, one episode per session"
    server = build_server(service)
    try:
        if transport == "stdio":
            from mcp.server.stdio import stdio_server

            async def run_stdio() -> None:
                async with stdio_server() as (read_stream, write_stream):
                    options = server.create_initialization_options()
                    await server.run(read_stream, write_stream, options)

            log.info("EmailBench MCP server on stdio: %s, profile %s", what, profile)
            anyio.run(run_stdio)
        else:
            import uvicorn

            from emailbench_gym.integrations.mcp.http import MCP_PATH, http_app

            app = http_app(server, service.registry, host=host)
            print(
                f"EmailBench MCP server at http://{host}:{port}{MCP_PATH}: {what}, profile "
                f"{profile}; up to {max_sessions} sessions, idle timeout {idle_timeout:g} s",
                file=sys.stderr,
                flush=True,
            )
            uvicorn.run(app, host=host, port=port, log_level="warning")
    finally:
        if tasks is not None:
            tasks.close()
