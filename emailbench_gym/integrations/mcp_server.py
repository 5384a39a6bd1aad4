"""`emailbench mcp`: one EmailBench episode served over the Model Context Protocol.

Any MCP client (an IDE agent, an agent framework) sees the profile's tools with
the env's own schemas (`tool_specs(..., "mcp")`), a `submit_answer` tool that
ends the episode and returns the grade, the task as the resource `emailbench://task`
and as the prompt `task`. Tool errors (bad arguments, unknown ids, an unknown
tool, calls after the episode ended) come back as results with `isError: true`,
never as protocol errors. Needs the optional extra: `pip install 'emailbench-gym[mcp]'`
(the official `mcp` SDK, 2.x), imported only when a server is built.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcp.server.lowlevel import Server

    from emailbench_gym.integrations.session import ToolSession

TASK_URI = "emailbench://task"
PROMPT_NAME = "task"
SUBMIT_TOOL = "submit_answer"


def _require_mcp() -> None:
    try:
        import mcp  # noqa: F401
    except ImportError as exc:
        raise SystemExit(
            "The MCP server needs the official MCP SDK: pip install 'emailbench-gym[mcp]' "
            f"(or pip install 'mcp>=2'). Import failed: {exc}"
        ) from None


def build_server(session: ToolSession) -> Server:
    """An MCP low-level server over `session` (already started)."""
    _require_mcp()
    import mcp_types as types
    from mcp.server.lowlevel import Server
    from mcp.shared.exceptions import MCPError

    from emailbench_gym import __version__
    from emailbench_gym.api import METHODS
    from emailbench_gym.integrations.session import submit_spec
    from emailbench_gym.tools import render

    specs = session.env.tool_specs("mcp") + render([submit_spec()], "mcp")
    tools = [
        types.Tool(
            name=spec["name"],
            description=spec["description"],
            input_schema=spec["inputSchema"],
            annotations=types.ToolAnnotations(
                read_only_hint=spec["name"] in METHODS and METHODS[spec["name"]].kind == "read"
            ),
        )
        for spec in specs
    ]

    def text_result(text: str, is_error: bool, data: Any = None) -> types.CallToolResult:
        return types.CallToolResult(
            content=[types.TextContent(text=text)], structured_content=data, is_error=is_error
        )

    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        arguments = params.arguments or {}
        if params.name == SUBMIT_TOOL:
            answer = arguments.get("answer")
            if not isinstance(answer, str) or set(arguments) - {"answer"}:
                error = {
                    "error": "invalid_arguments",
                    "message": "submit_answer takes one argument, answer: the final answer text.",
                }
                return text_result(json.dumps(error), True)
            summary, is_error = session.submit(answer)
            return text_result(json.dumps(summary), is_error, summary)
        content, is_error = session.call(params.name, arguments)
        return text_result(content, is_error)

    task_description = f"The EmailBench task {session.scenario_id}: the user's request."

    async def list_resources(ctx: Any, params: Any) -> types.ListResourcesResult:
        resource = types.Resource(
            uri=TASK_URI, name="task", description=task_description, mime_type="text/plain"
        )
        return types.ListResourcesResult(resources=[resource])

    async def read_resource(ctx: Any, params: types.ReadResourceRequestParams) -> Any:
        if str(params.uri) != TASK_URI:
            raise MCPError(-32602, f"unknown resource {params.uri!r}; this server has {TASK_URI}")
        contents = types.TextResourceContents(
            uri=TASK_URI, text=session.task, mime_type="text/plain"
        )
        return types.ReadResourceResult(contents=[contents])

    async def list_prompts(ctx: Any, params: Any) -> types.ListPromptsResult:
        prompt = types.Prompt(name=PROMPT_NAME, description=task_description)
        return types.ListPromptsResult(prompts=[prompt])

    async def get_prompt(ctx: Any, params: types.GetPromptRequestParams) -> Any:
        if params.name != PROMPT_NAME:
            raise MCPError(
                -32602, f"unknown prompt {params.name!r}; this server has {PROMPT_NAME!r}"
            )
        text = types.TextContent(text=session.task_prompt())
        message = types.PromptMessage(role="user", content=text)
        return types.GetPromptResult(description=task_description, messages=[message])

    return Server(
        "emailbench",
        version=__version__,
        instructions=f"{session.system_prompt} Call {SUBMIT_TOOL} with the final answer.",
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_read_resource=read_resource,
        on_list_prompts=list_prompts,
        on_get_prompt=get_prompt,
    )


def serve(
    scenario_id: str,
    *,
    profile: str = "adapter",
    transport: str = "stdio",
    host: str = "127.0.0.1",
    port: int = 8000,
    max_calls: int | None = None,
    judge: str | None = None,
) -> None:
    """Start one episode of `scenario_id` and serve it until the client (or Ctrl-C) ends it."""
    _require_mcp()
    import anyio

    from emailbench_gym.integrations.session import DEFAULT_MAX_CALLS, ToolSession

    session = ToolSession(
        scenario_id, profile=profile, max_calls=max_calls or DEFAULT_MAX_CALLS, judge=judge
    )
    session.start()
    server = build_server(session)
    if transport == "stdio":
        from mcp.server.stdio import stdio_server

        async def run_stdio() -> None:
            async with stdio_server() as (read_stream, write_stream):
                await server.run(read_stream, write_stream, server.create_initialization_options())

        anyio.run(run_stdio)
    elif transport == "http":
        import uvicorn

        app = server.streamable_http_app(host=host)
        uvicorn.run(app, host=host, port=port, log_level="warning")
    else:
        raise ValueError(f"transport must be 'stdio' or 'http', got {transport!r}")
