"""A verifiers (v1) taskset: EmailBench scenarios as multi-turn tool-use rollouts.

    import emailbench_gym.integrations.verifiers as ebv
    env = ebv.load_environment(scenario_ids=["OB-N520"])      # a verifiers `Env`
    # or from the CLI: vf eval emailbench_gym.integrations.verifiers

verifiers 0.4 ("v1") is built from a `Taskset` (rows and scoring) and `Toolset`s
(MCP tool servers started per rollout and installed into the harness). Here:

- `EmailBenchTaskset` yields one `EmailBenchTask` per scenario: the prompt is the
  task, the system prompt the persona and its fixed "now".
- `EmailBenchToolset` serves the profile's tools (the same generated signatures as
  the TRL adapter, run through the env) and `submit_answer`; env errors come back
  as MCP results with `isError`. It records each call and the grade in the rollout
  state.
- The reward `emailbench_score` is the grade's score: the one `submit_answer`
  returned, or, when the model never submitted, the grade of replaying the recorded
  calls through a fresh episode with an empty answer (the env is deterministic).

Needs the optional extra: `pip install 'emailbench-gym[verifiers]'`.
"""

from __future__ import annotations

import json
import sys
from typing import Any

try:
    import verifiers.v1 as vf
except ImportError as exc:  # pragma: no cover - depends on the optional extra
    raise ImportError(
        "emailbench_gym.integrations.verifiers needs verifiers>=0.4 (its v1 API): "
        f"pip install 'emailbench-gym[verifiers]'. Import failed: {exc}"
    ) from exc

from emailbench_gym.api import METHODS
from emailbench_gym.integrations.session import (
    DEFAULT_MAX_CALLS,
    SUBMIT_DESCRIPTION,
    ToolSession,
    tool_method,
)
from emailbench_gym.tools import load_profile

__all__ = ["EmailBenchTaskset", "load_environment"]

#: The taskset id. verifiers 0.4 imports a taskset id as a top-level module (a dotted path
#: fails its namespace probe), so this module is also importable under this name.
TASKSET_ID = "emailbench_gym_verifiers"
if __name__ != "__main__":
    sys.modules.setdefault(TASKSET_ID, sys.modules[__name__])


class EmailBenchData(vf.TaskData):
    """One scenario row."""

    scenario_id: str


class EmailBenchState(vf.State):
    """Rollout state shared by the tool server and the scorer."""

    calls: list[dict[str, Any]] = []
    grade: dict[str, Any] | None = None


class EmailBenchToolsetConfig(vf.ToolsetConfig):
    profile: str = "adapter"
    """Tool profile: adapter (the paper's 46 tools) or full (119)."""
    max_calls: int = DEFAULT_MAX_CALLS
    """Tool calls before the episode ends."""


class EmailBenchToolset(vf.Toolset[EmailBenchToolsetConfig, EmailBenchState]):
    """The profile's tools and `submit_answer` over one episode (one server per rollout)."""

    TOOL_PREFIX = None  # advertise the tools under their own names

    def __init__(self, config: EmailBenchToolsetConfig) -> None:
        super().__init__(config)
        self.session = ToolSession(profile=config.profile, max_calls=config.max_calls)

    async def setup_task(self, task: Any) -> None:
        self.session.start(task.scenario_id)

    def register(self, mcp: Any) -> None:
        profile = load_profile(self.config.profile)
        for name, visible in sorted(profile.tools.items()):
            method = tool_method(METHODS[name], visible).__get__(self)
            mcp.add_tool(
                self._with_state(method),
                name=name,
                description=METHODS[name].description,
                structured_output=False,
            )
        mcp.add_tool(
            self._with_state(self.submit_answer),
            name="submit_answer",
            description=SUBMIT_DESCRIPTION,
            structured_output=False,
        )

    def submit_answer(self, answer: str) -> Any:
        """Finish the task with the final answer; returns the grade.

        Args:
            answer: The final answer for the user, in plain text: what was done or found.
        """
        summary, is_error = self.session.submit(answer)
        if not is_error:
            self.state.grade = summary
        return _result(json.dumps(summary), is_error)

    def _call(self, name: str, params: tuple[str, ...], args: tuple, kwargs: dict) -> Any:
        arguments = {**dict(zip(params, args, strict=False)), **kwargs}
        content, is_error = self.session.call(name, arguments)
        self.state.calls.append({"name": name, "arguments": arguments})
        if self.session.grade is not None:  # the call budget ended the episode
            self.state.grade = self.session.summary()
        return _result(content, is_error)


def _result(text: str, is_error: bool) -> Any:
    import mcp_types

    return mcp_types.CallToolResult(content=[mcp_types.TextContent(text=text)], is_error=is_error)


class EmailBenchTaskConfig(vf.TaskConfig):
    tools: EmailBenchToolsetConfig = EmailBenchToolsetConfig()


class EmailBenchTask(vf.Task[EmailBenchData, EmailBenchState, EmailBenchTaskConfig]):
    """One scenario: its tool server, and the grade as the reward."""

    @classmethod
    def toolsets(cls, config: EmailBenchTaskConfig) -> list[vf.Toolset]:
        return [EmailBenchToolset(config.tools)]

    @property
    def key(self) -> str:
        return self.data.scenario_id

    @vf.reward(weight=1.0)
    async def emailbench_score(self, trace: Any) -> float:
        """The grade's score; a rollout that never submitted is replayed and graded as it stands."""
        state = trace.state
        grade = getattr(state, "grade", None)
        if grade is not None:
            return float(grade["score"])
        tools = self.config.tools
        session = ToolSession(
            self.data.scenario_id, profile=tools.profile, max_calls=tools.max_calls
        )
        session.start()
        for call in getattr(state, "calls", []):
            session.call(call["name"], call["arguments"])
        session.submit("")
        return session.score


class EmailBenchConfig(vf.TasksetConfig):
    scenario_ids: list[str] | None = None
    """Scenario ids to load (default: the whole suite)."""
    task: EmailBenchTaskConfig = EmailBenchTaskConfig()


class EmailBenchTaskset(vf.Taskset[EmailBenchTask, EmailBenchConfig]):
    """One task per scenario: the request as the prompt, the persona as the system prompt."""

    def load(self) -> list[EmailBenchTask]:
        from emailbench_gym.scenarios import scenario_ids

        session = ToolSession(profile=self.config.task.tools.profile)
        tasks = []
        for sid in self.config.scenario_ids or scenario_ids():
            session.start(sid)
            data = EmailBenchData(
                id=sid,
                name=sid,
                scenario_id=sid,
                prompt=session.task,
                system_prompt=f"{session.system_prompt} When the work is done, call "
                "submit_answer with the final answer.",
            )
            tasks.append(EmailBenchTask(data, self.config.task))
        return tasks


def load_environment(
    scenario_ids: list[str] | None = None,
    profile: str = "adapter",
    max_calls: int = DEFAULT_MAX_CALLS,
    **env_config: Any,
) -> vf.Env:
    """A verifiers `Env` over these scenarios; `env_config` sets other `EnvConfig` fields."""
    tools = EmailBenchToolsetConfig(profile=profile, max_calls=max_calls)
    taskset = EmailBenchConfig(
        id=TASKSET_ID, scenario_ids=scenario_ids, task=EmailBenchTaskConfig(tools=tools)
    )
    return vf.load_environment(vf.SingleAgentEnvConfig(taskset=taskset, **env_config))


if __name__ == "__main__":  # how verifiers starts the tool server of a rollout
    EmailBenchToolset.run()
