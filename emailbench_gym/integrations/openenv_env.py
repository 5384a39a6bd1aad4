"""EmailBench as an OpenEnv environment (`openenv-core`): reset / step / state, the tools as MCP.

    emailbench serve --port 8000                      # or: uvicorn emailbench_gym.integrations.openenv_env:app

    from openenv.core.mcp_client import MCPToolClient
    async with MCPToolClient(base_url="http://127.0.0.1:8000") as env:
        await env.reset(scenario_id="OB-N520", seed=0)
        tools = await env.list_tools()                        # the profile's tools + submit_answer
        await env.call_tool("folders_create", displayName="Projects", parentFolderId=None)
        await env.call_tool("submit_answer", answer="Done.")  # ends the episode: done, reward
        state = await env.state()                             # episode id, steps, scenario, score

Every WebSocket session (OpenEnv's unit of concurrency) gets its own `EmailBenchEnvironment`,
so each has its own episode; `max_sessions` bounds them. `reset(scenario_id=..., seed=...)`
starts a scenario (or draws one from the pool with the seed); `step` takes OpenEnv's MCP
actions: `CallToolAction` (a tool call; the final answer is the `submit_answer` tool, the one
way to finish) and `ListToolsAction`. A tool call the env rejects is an MCP tool error
carrying the env's JSON error.
The reward is 0 until the episode ends, then the grade's score (`done` is set on the
observation that ended it); `submit_answer`'s result is the whole grade, and `state()` has
the score. Tool calls run in worker threads, so a slow judge in one session
does not hold up the others. Needs `pip install 'emailbench-gym[openenv]'`.

The scenario pool is `resolve_scenarios(scenarios)`: a split plugs in there.
"""

from __future__ import annotations

import functools
import inspect
import json
import os
import random
from collections.abc import Sequence
from typing import Any

import anyio
from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from openenv.core.env_server.http_server import create_app
from openenv.core.env_server.mcp_environment import MCPEnvironment
from openenv.core.env_server.types import Action, Observation, State
from pydantic import Field

from emailbench_gym.api import METHODS
from emailbench_gym.integrations.session import (
    DEFAULT_MAX_CALLS,
    SUBMIT_ANSWER_DOC,
    SUBMIT_DESCRIPTION,
    ToolSession,
    tool_method,
)
from emailbench_gym.integrations.source import resolve_scenarios
from emailbench_gym.tools import load_profile

__all__ = ["EmailBenchEnvironment", "EmailBenchObservation", "build_app"]

#: Seconds a tool call may take (a submit with a judge makes several model requests).
TOOL_TIMEOUT = 600.0
DEFAULT_MAX_SESSIONS = 64


class EmailBenchObservation(Observation):
    """The task at reset; then a tool's result (or error), or the end of the episode."""

    kind: str = Field(default="task", description="task | tool_result | final")
    content: str = Field(
        default="", description="The task text, the tool's JSON result, or the summary"
    )
    is_error: bool = Field(default=False, description="Whether the tool call was rejected")
    scenario_id: str | None = Field(default=None)
    system_prompt: str = Field(
        default="", description="Persona, 'now' and how to finish (at reset)"
    )


class EmailBenchState(State):
    scenario_id: str | None = None
    done: bool = False
    score: float | None = None


class EmailBenchEnvironment(MCPEnvironment):
    """One episode at a time over the env, its tools served through MCP (see the module docstring)."""

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(
        self,
        profile: str = "adapter",
        max_calls: int = DEFAULT_MAX_CALLS,
        judge: Any = None,
        scenarios: Sequence[str] | None = None,
    ) -> None:
        self.pool = resolve_scenarios(scenarios)
        self.session = ToolSession(profile=profile, max_calls=max_calls, judge=judge)
        self._episode_id: str | None = None
        self._steps = 0
        mcp = FastMCP("emailbench")
        for name, visible in sorted(load_profile(profile).tools.items()):
            mcp.tool(
                _in_thread(tool_method(METHODS[name], visible).__get__(self)),
                name=name,
                description=METHODS[name].description,
            )
        mcp.tool(
            _in_thread(self.submit_answer), name="submit_answer", description=SUBMIT_DESCRIPTION
        )
        super().__init__(mcp)

    # --- OpenEnv API -------------------------------------------------------------------

    def reset(
        self,
        seed: int | None = None,
        episode_id: str | None = None,
        scenario_id: str | None = None,
        **kwargs: Any,
    ) -> EmailBenchObservation:
        """Start `scenario_id`, or one drawn from the pool (by `seed` when given)."""
        if scenario_id is None:
            scenario_id = random.Random(seed).choice(self.pool)
        elif scenario_id not in self.pool:
            raise ValueError(
                f"scenario {scenario_id!r} is not in this server's pool of {len(self.pool)}"
            )
        task = self.session.start(scenario_id)
        self._episode_id = episode_id or f"{scenario_id}-{seed if seed is not None else 'none'}"
        self._steps = 0
        return EmailBenchObservation(
            kind="task",
            content=task,
            scenario_id=scenario_id,
            system_prompt=self.session.system_prompt,
            done=False,
            reward=0.0,
        )

    async def step_async(
        self, action: Action, timeout_s: float | None = None, **kwargs: Any
    ) -> Observation:
        self._steps += 1
        observation = await super().step_async(
            action, timeout_s=timeout_s or TOOL_TIMEOUT, **kwargs
        )
        return self._with_outcome(observation)

    def step(self, action: Action, timeout_s: float | None = None, **kwargs: Any) -> Observation:
        self._steps += 1
        return self._with_outcome(
            super().step(action, timeout_s=timeout_s or TOOL_TIMEOUT, **kwargs)
        )

    def _step_impl(
        self, action: Action, timeout_s: float | None = None, **kwargs: Any
    ) -> Observation:
        """Anything but an MCP action (OpenEnv routes those): an error observation, no step."""
        message = (
            "Send an MCP CallToolAction (a tool, or submit_answer to finish) or ListToolsAction."
        )
        error = {"error": "invalid_action", "message": message}
        return EmailBenchObservation(kind="tool_result", is_error=True, content=json.dumps(error))

    @property
    def state(self) -> EmailBenchState:
        grade = self.session.grade
        return EmailBenchState(
            episode_id=self._episode_id,
            step_count=self._steps,
            scenario_id=self.session.scenario_id,
            done=grade is not None,
            score=grade.score if grade is not None else None,
        )

    # --- tools ---------------------------------------------------------------------------

    def submit_answer(self, answer: str) -> str:
        summary, is_error = self.session.submit(answer)
        if is_error:
            raise ToolError(json.dumps(summary))
        return json.dumps(summary)

    def _call(self, name: str, params: tuple[str, ...], args: tuple, kwargs: dict) -> str:
        arguments = {**dict(zip(params, args, strict=False)), **kwargs}
        content, is_error = self.session.call(name, arguments)
        if is_error:
            raise ToolError(content)
        return content

    def _with_outcome(self, observation: Observation) -> Observation:
        """The episode's end on whichever observation ended it: `done` and the score as reward."""
        grade = self.session.grade
        observation.done = grade is not None
        observation.reward = grade.score if grade is not None else 0.0
        return observation


submit_doc = f"{SUBMIT_DESCRIPTION}\n\nArgs:\n    answer: {SUBMIT_ANSWER_DOC}"
EmailBenchEnvironment.submit_answer.__doc__ = submit_doc


def _in_thread(function: Any) -> Any:
    """An async tool with `function`'s (bound) signature that runs it in a worker thread."""

    async def tool(**kwargs: Any) -> Any:
        return await anyio.to_thread.run_sync(functools.partial(function, **kwargs))

    signature = inspect.signature(function)  # a bound method's: without self
    tool.__signature__ = signature  # type: ignore[attr-defined]
    tool.__annotations__ = {
        **{name: p.annotation for name, p in signature.parameters.items()},
        "return": signature.return_annotation,
    }
    tool.__name__ = tool.__qualname__ = function.__name__
    tool.__doc__ = function.__doc__
    return tool


def build_app(
    *,
    profile: str = "adapter",
    max_calls: int = DEFAULT_MAX_CALLS,
    judge: str | None = None,
    scenarios: Sequence[str] | None = None,
    max_sessions: int = DEFAULT_MAX_SESSIONS,
) -> Any:
    """The OpenEnv FastAPI app (HTTP, WebSocket /ws, MCP /mcp, /health, /schema, /state)."""
    from emailbench_gym.grading.judge import make_judge

    resolve_scenarios(scenarios)  # fail at start-up on unknown ids
    shared_judge = make_judge(judge) if judge else None
    factory = functools.partial(EmailBenchEnvironment, profile, max_calls, shared_judge, scenarios)
    return create_app(
        factory,
        Action,  # the generic base: OpenEnv then routes its MCP actions to the tools
        EmailBenchObservation,
        env_name="emailbench",
        max_concurrent_envs=max_sessions,
    )


def __getattr__(name: str) -> Any:
    """`app` for `uvicorn ...openenv_env:app` and openenv.yaml, configured by environment variables:
    EMAILBENCH_PROFILE, EMAILBENCH_MAX_CALLS, EMAILBENCH_JUDGE, EMAILBENCH_MAX_SESSIONS and
    EMAILBENCH_SCENARIOS (the pool: ids or `split:NAME`, separated by spaces or commas)."""
    if name != "app":
        raise AttributeError(name)
    return build_app(
        profile=os.environ.get("EMAILBENCH_PROFILE", "adapter"),
        max_calls=int(os.environ.get("EMAILBENCH_MAX_CALLS", DEFAULT_MAX_CALLS)),
        judge=os.environ.get("EMAILBENCH_JUDGE") or None,
        max_sessions=int(os.environ.get("EMAILBENCH_MAX_SESSIONS", DEFAULT_MAX_SESSIONS)),
        scenarios=os.environ.get("EMAILBENCH_SCENARIOS", "").replace(",", " ").split() or None,
    )
