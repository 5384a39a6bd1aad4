"""The MCP server's handlers: the env's tools, `submit_answer`, the task, each session on its own episode.

Every MCP session works on its own `ToolSession` (looked up in the `EpisodeRegistry` by the
session id), and each call runs in a worker thread, so a slow judge or tool call in one
session never delays another; calls within one session run in order. In suite mode a
`next_task` tool starts the session's next scenario and grades go to the run folder; with
`tools="domains"` each session lists its current task's tools and is sent
`notifications/tools/list_changed` when `next_task` starts another task.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from emailbench_gym.integrations.mcp.episodes import EpisodeRegistry, Slot, Suite, short
from emailbench_gym.integrations.session import FINISH_BY_SUBMIT, ToolSession, submit_spec

if TYPE_CHECKING:
    from mcp.server.lowlevel import Server

log = logging.getLogger("emailbench.mcp")

TASK_URI = "emailbench://task"
PROMPT_NAME = "task"
SUBMIT_TOOL = "submit_answer"
NEXT_TOOL = "next_task"

NEXT_DESCRIPTION = (
    "Start the next task of the suite: returns the task (the user's request, the persona and "
    "the current date and time). Call it first, and again after each submit_answer, until it "
    "says the suite is done."
)
SUITE_INSTRUCTIONS = (
    "This server runs a suite of EmailBench tasks, one at a time. Call next_task to get a task, "
    f"do it with the tools, then submit: {FINISH_BY_SUBMIT} Then call next_task again, until it "
    "reports that the suite is done. Each task starts from a fresh mailbox."
)
PER_TASK_TOOLS = (
    " Each task offers only the tools of its domains: the tool list changes with every "
    "next_task (the server sends notifications/tools/list_changed); list the tools again then."
)


def next_spec() -> dict[str, Any]:
    """The `next_task` tool (suite mode) in the neutral spec shape."""
    return {
        "name": NEXT_TOOL,
        "description": NEXT_DESCRIPTION,
        "parameters": {"type": "object", "properties": {}, "additionalProperties": False},
    }


@dataclass
class Reply:
    text: str
    is_error: bool = False
    data: dict[str, Any] | None = None


def _error(code: str, message: str) -> Reply:
    return Reply(json.dumps({"error": code, "message": message}), True)


class Service:
    """What the handlers serve: the registry of per-session episodes and, in suite mode, the suite."""

    def __init__(
        self,
        registry: EpisodeRegistry,
        *,
        instructions: str,
        tool_specs: list[dict[str, Any]],
        suite: Suite | None = None,
        per_task_tools: bool = False,
    ) -> None:
        self.registry = registry
        self.instructions = instructions
        self.tool_specs = tool_specs
        self.suite = suite
        self.per_task_tools = per_task_tools  # suite + tools="domains": each task its own list

    def listed(self, key: str | None) -> list[dict[str, Any]]:
        """The tools session `key` sees: the server's, or (per-task tools) its current task's."""
        if not self.per_task_tools:
            return self.tool_specs
        slot = self.registry.get(key)
        session = slot.started if slot is not None else None
        if session is None or session.scenario_id is None:
            return [next_spec()]  # no task yet: its tools come with it
        return [*session.env.tool_specs(), submit_spec(), next_spec()]

    def slot(self, key: str | None) -> Slot | None:
        """The session's slot; the one stdio session is opened on first use."""
        slot = self.registry.get(key)
        if slot is None and key is None:
            slot = self.registry.open(None)
        return slot

    # --- run in worker threads --------------------------------------------------------

    def dispatch(self, slot: Slot, name: str, arguments: dict[str, Any]) -> Reply:
        session = slot.session
        if self.suite is not None:
            if name == NEXT_TOOL:
                return self._next(session, arguments)
            if session.scenario_id is None:
                return _error("no_episode", f"No task has started: call {NEXT_TOOL} first.")
        if name == SUBMIT_TOOL:
            answer = arguments.get("answer")
            if not isinstance(answer, str) or set(arguments) - {"answer"}:
                return _error(
                    "invalid_arguments",
                    "submit_answer takes one argument, answer: the final answer text.",
                )
            summary, is_error = session.submit(answer)
            if not is_error and self.suite is not None:
                summary = self._suite_summary(session)
            return Reply(json.dumps(summary), is_error, None if is_error else summary)
        content, is_error = session.call(name, arguments)
        if self.suite is not None and session.grade is not None and not is_error:
            content += f" The grade is recorded; call {NEXT_TOOL} for the next task."
        return Reply(content, is_error)

    def task_text(self, slot: Slot) -> str | None:
        session = slot.session
        return session.task if session.scenario_id is not None else None

    def task_prompt(self, slot: Slot) -> str | None:
        session = slot.session
        return session.task_prompt() if session.scenario_id is not None else None

    def _next(self, session: ToolSession, arguments: dict[str, Any]) -> Reply:
        assert self.suite is not None
        if arguments:
            return _error("invalid_arguments", f"{NEXT_TOOL} takes no arguments.")
        if session.active:
            return _error(
                "task_in_progress",
                f"Task {session.scenario_id} is still open: call {SUBMIT_TOOL} with its final "
                f"answer first (an empty answer is allowed), then {NEXT_TOOL}.",
            )
        scenario_id = self.suite.take()
        if scenario_id is None:
            data = {"done": True, **self.suite.progress(), "results": str(self.suite.results)}
            text = (
                f"The suite is done: no task is left ({data['graded']} of {data['total']} graded). "
                f"Results: {data['results']}."
            )
            return Reply(text, False, data)
        session.start(scenario_id)
        progress = self.suite.progress()
        data = {"done": False, "scenario_id": scenario_id, "task": session.task, **progress}
        text = f"Task {scenario_id} ({progress['remaining']} more after it).\n\n{session.task_prompt()}"
        if self.per_task_tools:
            data["tools"] = session.tool_names
            text += f"\n\nThis task's tools: {', '.join(session.tool_names)}."
        return Reply(text, False, data)

    def _suite_summary(self, session: ToolSession) -> dict[str, Any]:
        assert self.suite is not None and session.grade is not None
        return {
            "scenario_id": session.scenario_id,
            "score": session.grade.score,
            "passed": session.grade.passed,
            "recorded": str(self.suite.results),
            **self.suite.progress(),
            "next": f"call {NEXT_TOOL}",
        }


def session_key(ctx: Any) -> str | None:
    """The MCP session of a request: its `mcp-session-id` header, None on stdio."""
    request = getattr(ctx, "request", None)
    headers = getattr(request, "headers", None)
    return headers.get("mcp-session-id") if headers is not None else None


def build_server(service: Service) -> Server:
    """An MCP low-level server whose handlers serve `service`, one episode per session."""
    import anyio
    import mcp_types as types
    from mcp.server.lowlevel import NotificationOptions, Server
    from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler, ToolsListChanged
    from mcp.shared.exceptions import MCPError
    from mcp_types.version import MODERN_PROTOCOL_VERSIONS

    from emailbench_gym import __version__
    from emailbench_gym.api import METHODS
    from emailbench_gym.tools import render

    def mcp_tool(spec: dict[str, Any]) -> types.Tool:
        return types.Tool(
            name=spec["name"],
            description=spec["description"],
            input_schema=spec["inputSchema"],
            annotations=types.ToolAnnotations(
                read_only_hint=spec["name"] in METHODS and METHODS[spec["name"]].kind == "read"
            ),
        )

    built: dict[tuple[str, ...], list[types.Tool]] = {}  # per tool set: a suite has few

    def tools_of(specs: list[dict[str, Any]]) -> list[types.Tool]:
        key = tuple(spec["name"] for spec in specs)
        if key not in built:
            built[key] = [mcp_tool(spec) for spec in render(specs, "mcp")]
        return built[key]

    # One worker thread per session at most: a session's calls queue on its own lock.
    limiter = anyio.CapacityLimiter(service.registry.max_sessions)

    async def in_thread(function: Any, *args: Any) -> Any:
        return await anyio.to_thread.run_sync(partial(function, *args), limiter=limiter)

    def closed(key: str | None) -> MCPError:
        return MCPError(-32600, f"session {short(key)} is closed (idle timeout or ended)")

    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools_of(service.listed(session_key(ctx))))

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        key = session_key(ctx)
        slot = service.slot(key)
        began = time.perf_counter()
        if slot is None:
            reply = _error("session_closed", f"Session {short(key)} is closed; open a new one.")
        else:
            with service.registry.busy(slot):
                reply = await in_thread(service.dispatch, slot, params.name, params.arguments or {})
            started = params.name == NEXT_TOOL and bool(reply.data) and not reply.is_error
            if service.per_task_tools and started and not reply.data.get("done"):  # type: ignore[union-attr]
                await tools_changed(ctx)
        log.info(
            "[%s] tools/call %s -> %s (%.1f ms)",
            short(key),
            params.name,
            "error" if reply.is_error else "ok",
            1000 * (time.perf_counter() - began),
        )
        return types.CallToolResult(
            content=[types.TextContent(text=reply.text)],
            structured_content=reply.data,
            is_error=reply.is_error,
        )

    # With per-task tools, a new task changes the session's tool list. Handshake-era sessions
    # get `notifications/tools/list_changed`; 2026-07-28 connections (stdio, one client) get
    # it on their `subscriptions/listen` stream (HTTP serves only the handshake era).
    bus = InMemorySubscriptionBus()

    async def tools_changed(ctx: Any) -> None:
        if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:
            await bus.publish(ToolsListChanged())
        else:
            await ctx.session.send_tool_list_changed()

    async def list_resources(ctx: Any, params: Any) -> types.ListResourcesResult:
        resource = types.Resource(
            uri=TASK_URI, name="task", description="The user's request.", mime_type="text/plain"
        )
        return types.ListResourcesResult(resources=[resource])

    async def read_resource(ctx: Any, params: types.ReadResourceRequestParams) -> Any:
        if str(params.uri) != TASK_URI:
            raise MCPError(-32602, f"unknown resource {params.uri!r}; this server has {TASK_URI}")
        key = session_key(ctx)
        slot = service.slot(key)
        if slot is None:
            raise closed(key)
        with service.registry.busy(slot):
            text = await in_thread(service.task_text, slot)
        if text is None:
            raise MCPError(-32602, f"no task has started: call the {NEXT_TOOL} tool first")
        contents = types.TextResourceContents(uri=TASK_URI, text=text, mime_type="text/plain")
        return types.ReadResourceResult(contents=[contents])

    async def list_prompts(ctx: Any, params: Any) -> types.ListPromptsResult:
        prompt = types.Prompt(
            name=PROMPT_NAME, description="The task, with the persona and how to finish."
        )
        return types.ListPromptsResult(prompts=[prompt])

    async def get_prompt(ctx: Any, params: types.GetPromptRequestParams) -> Any:
        if params.name != PROMPT_NAME:
            raise MCPError(
                -32602, f"unknown prompt {params.name!r}; this server has {PROMPT_NAME!r}"
            )
        key = session_key(ctx)
        slot = service.slot(key)
        if slot is None:
            raise closed(key)
        with service.registry.busy(slot):
            text = await in_thread(service.task_prompt, slot)
        if text is None:
            raise MCPError(-32602, f"no task has started: call the {NEXT_TOOL} tool first")
        message = types.PromptMessage(role="user", content=types.TextContent(text=text))
        return types.GetPromptResult(description="The task.", messages=[message])

    class EmailBenchServer(Server):
        """The SDK's server, announcing `tools.listChanged` when each task has its own tools."""

        def create_initialization_options(self, *args: Any, **kwargs: Any) -> Any:
            if not args and "notification_options" not in kwargs:
                kwargs["notification_options"] = NotificationOptions(
                    tools_changed=service.per_task_tools
                )
            return super().create_initialization_options(*args, **kwargs)

    return EmailBenchServer(
        "emailbench",
        version=__version__,
        instructions=service.instructions,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_read_resource=read_resource,
        on_list_prompts=list_prompts,
        on_get_prompt=get_prompt,
        on_subscriptions_listen=ListenHandler(bus) if service.per_task_tools else None,
    )


def single_service(
    scenario_id: str,
    *,
    profile: str,
    tools: str = "profile",
    max_calls: int,
    judge: Any,
    max_sessions: int,
    idle_timeout: float,
) -> Service:
    """One scenario; every session gets its own fresh episode of it.

    `tools="domains"` lists only the tools of the scenario's declared domains (plus identity
    and mail reading), as `EmailBenchEnv(..., tools="domains")` offers them.
    """
    from emailbench_gym.grading.judge import make_judge

    judge = make_judge(judge) if isinstance(judge, str) else judge  # one client for all sessions

    def factory() -> ToolSession:
        session = ToolSession(
            scenario_id, profile=profile, tools=tools, max_calls=max_calls, judge=judge
        )
        session.start()
        return session

    probe = factory()
    registry = EpisodeRegistry(factory, max_sessions=max_sessions, idle_timeout=idle_timeout)
    specs = [*probe.env.tool_specs(), submit_spec()]
    return Service(registry, instructions=probe.system_prompt, tool_specs=specs)


def suite_service(
    suite: Suite,
    *,
    profile: str,
    tools: str = "profile",
    max_calls: int,
    judge: Any,
    max_sessions: int,
    idle_timeout: float,
) -> Service:
    """Suite mode: sessions take tasks from `suite` with `next_task`; grades go to its folder.

    `tools="domains"`: each session lists only its current task's domain tools (plus identity
    and mail reading) and is notified (`tools/list_changed`) when `next_task` starts another.
    """
    from emailbench_gym.grading.judge import make_judge

    judge = make_judge(judge) if isinstance(judge, str) else judge

    def factory() -> ToolSession:
        return ToolSession(
            profile=profile, tools=tools, max_calls=max_calls, judge=judge, on_finish=suite.record
        )

    def on_close(slot: Slot) -> None:
        session = slot.started
        if session is not None and session.active and session.scenario_id is not None:
            suite.give_back(session.scenario_id)

    registry = EpisodeRegistry(
        factory, max_sessions=max_sessions, idle_timeout=idle_timeout, on_close=on_close
    )
    specs = [*ToolSession(profile=profile).env.tool_specs(), submit_spec(), next_spec()]
    per_task = tools == "domains"
    instructions = SUITE_INSTRUCTIONS + (PER_TASK_TOOLS if per_task else "")
    return Service(
        registry,
        instructions=instructions,
        tool_specs=specs,
        suite=suite,
        per_task_tools=per_task,
    )
