"""A verifiers (v1) taskset: EmailBench scenarios as multi-turn tool-use rollouts.

    import emailbench_gym.integrations.verifiers as ebv
    env = ebv.load_environment(scenario_ids=["OB-N520"])      # a verifiers `Env`
    # or from verifiers' CLI, by the taskset id (the top-level module emailbench_gym_verifiers):
    #   vf-eval emailbench_gym_verifiers --client.base-url http://127.0.0.1:8000/v1 --no-push
    #   vf-validate emailbench_gym_verifiers

verifiers 0.4 ("v1") is built from a `Taskset` (rows and scoring) and `Toolset`s
(MCP tool servers started per rollout and installed into the harness). Here:

- `EmailBenchTaskset` yields one `EmailBenchTask` per scenario: the prompt is the
  task, the system prompt the persona and its fixed "now".
- `EmailBenchToolset` serves the profile's tools (the same generated signatures as
  the TRL adapter, run through the env) and `submit_answer`; env errors come back
  as MCP results with `isError`. It records each call and the grade in the rollout
  state. With `tools="domains"` (`load_environment(..., tools="domains")`, the toolset
  config's `tools` field) each rollout's server lists only the tools of its scenario's
  declared domains (plus identity and mail reading).
- The reward `emailbench_score` is the grade's score: the one `submit_answer`
  returned, or, when the model never submitted, the grade of replaying the recorded
  calls through a fresh episode with the model's last reply as the answer (the env is
  deterministic; verifiers shows that reply in the trace).
- `validate` (verifiers' gold check) replays the scenario's reference solution and
  passes when its grade passes; verifiers' no-op check scores an untouched rollout, which
  fails every scenario. So `vf-validate emailbench_gym_verifiers` checks all 206.
- `EmailBenchHarness`, the taskset's default harness, runs verifiers' own chat program
  with this Python (its dependencies are verifiers' own), so a rollout needs no `uv`.

Needs the optional extra: `pip install 'emailbench-gym[verifiers]'`.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Literal

try:
    import verifiers.v1 as vf
    from verifiers.v1.harnesses.null.harness import NullHarness, NullHarnessConfig
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
from emailbench_gym.integrations.source import resolve_scenarios
from emailbench_gym.scenarios import resolve_refs
from emailbench_gym.tools import load_profile

__all__ = ["EmailBenchHarness", "EmailBenchTaskset", "load_environment"]

#: The taskset id: verifiers imports a taskset id as a top-level module, which is the
#: package `emailbench_gym_verifiers` shipped beside `emailbench_gym`.
TASKSET_ID = "emailbench_gym_verifiers"


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
    tools: Literal["profile", "domains"] = "profile"
    """domains: only the tools of the scenario's declared domains (plus identity and mail
    reading), for shorter prompts; profile: every tool of the profile."""
    max_calls: int = DEFAULT_MAX_CALLS
    """Tool calls before the episode ends."""


class EmailBenchToolset(vf.Toolset[EmailBenchToolsetConfig, EmailBenchState]):
    """The profile's tools and `submit_answer` over one episode (one server per rollout)."""

    TOOL_PREFIX = None  # advertise the tools under their own names

    def __init__(self, config: EmailBenchToolsetConfig) -> None:
        super().__init__(config)
        self.session = ToolSession(
            profile=config.profile, tools=config.tools, max_calls=config.max_calls
        )

    async def setup_task(self, task: Any) -> None:
        self.session.start(task.scenario_id)

    def register(self, mcp: Any) -> None:
        """The episode's tools (verifiers sets the task up first, so with `tools="domains"`
        they are its scenario's domains'), then `submit_answer`."""
        if self.session.scenario_id is not None:
            offered = self.session.offered
        else:
            offered = load_profile(self.config.profile).tools
        for name, visible in sorted(offered.items()):
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
        """The grade's score; a rollout that never submitted is graded with its last reply."""
        state = trace.state
        grade = getattr(state, "grade", None)
        if grade is not None:
            return float(grade["score"])
        session = self._session()
        for call in getattr(state, "calls", []):
            session.call(call["name"], call["arguments"])
        session.finish(_last_reply(trace))
        return session.score

    async def validate(self, runtime: Any) -> bool | None:
        """verifiers' gold check: the reference solution, replayed through the tools, passes.

        It replays under the `full` profile: the check is of the ground truth (the task is
        solvable and its grading recognises the solution), whatever tools the agent gets.
        """
        session = self._session("full")
        scenario = session.env.scenario
        assert scenario is not None
        results: list[Any] = []
        for step in scenario.solution.calls:
            content, is_error = session.call(step.name, resolve_refs(step.arguments, results))
            if is_error:
                return False
            results.append(json.loads(content))  # resolve_refs reads a page's items
        summary, _ = session.submit(scenario.solution.answer)
        return bool(summary.get("passed"))

    def _session(self, profile: str | None = None) -> ToolSession:
        tools = self.config.tools
        session = ToolSession(
            self.data.scenario_id,
            profile=profile or tools.profile,
            tools=tools.tools,
            max_calls=tools.max_calls,
        )
        session.start()
        return session


def _last_reply(trace: Any) -> str:
    """The model's last text in the trace (what verifiers shows as its reply), or ""."""
    try:
        return str(trace.last_reply or "")
    except (AttributeError, ValueError):
        return ""


class EmailBenchConfig(vf.TasksetConfig):
    scenario_ids: list[str] | None = None
    """Scenario ids to load (default: the whole suite); entries may be `split:NAME`."""
    split: str | None = None
    """A whole split instead: train, dev, heldout (generated tasks) or test (the 206)."""
    task: EmailBenchTaskConfig = EmailBenchTaskConfig()


class EmailBenchTaskset(vf.Taskset[EmailBenchTask, EmailBenchConfig]):
    """One task per scenario: the request as the prompt, the persona as the system prompt."""

    def load(self) -> list[EmailBenchTask]:
        session = ToolSession(profile=self.config.task.tools.profile)
        tasks = []
        chosen = self.config.scenario_ids
        if self.config.split is not None:
            chosen = [f"split:{self.config.split}", *(chosen or [])]
        for sid in resolve_scenarios(chosen):
            session.start(sid)
            data = EmailBenchData(
                id=sid,
                name=sid,
                scenario_id=sid,
                prompt=session.task,
                system_prompt=session.system_prompt,  # the persona and: finish with submit_answer
            )
            tasks.append(EmailBenchTask(data, self.config.task))
        return tasks


class EmailBenchHarnessConfig(NullHarnessConfig):
    pass


class EmailBenchHarness(NullHarness):
    """verifiers' chat program (the `null` harness's), run by this Python instead of `uv`.

    The program's dependencies (openai, mcp, httpx, tenacity) are verifiers' own, so the
    interpreter that runs verifiers runs it: no network and no `uv` at rollout time.
    """

    async def setup(self, runtime: Any) -> None:
        return None

    async def launch(
        self,
        ctx: Any,
        trace: Any,
        runtime: Any,
        endpoint: str,
        secret: str,
        mcp_urls: dict[str, str],
        data: Any,
        tool_interception_url: str | None = None,
    ) -> Any:
        local = _ThisPython(runtime, f"emailbench-chat-{trace.id}.py")
        return await super().launch(
            ctx, trace, local, endpoint, secret, mcp_urls, data, tool_interception_url
        )


class _ThisPython:
    """A runtime whose `prepare_uv_script` writes the script and runs it with `sys.executable`."""

    def __init__(self, runtime: Any, path: str) -> None:
        self._runtime = runtime
        self._path = path

    async def prepare_uv_script(self, script: str | bytes, env: Any = None, **_: Any) -> list[str]:
        data = script.encode() if isinstance(script, str) else script
        await self._runtime.write(self._path, data)
        return [sys.executable, self._path]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._runtime, name)


def load_environment(
    scenario_ids: list[str] | None = None,
    profile: str = "adapter",
    max_calls: int = DEFAULT_MAX_CALLS,
    tools: Literal["profile", "domains"] = "profile",
    **env_config: Any,
) -> vf.Env:
    """A verifiers `Env` over these scenarios; `env_config` sets other `EnvConfig` fields.

    `tools="domains"`: each rollout offers only its scenario's declared domains' tools.
    """
    toolset = EmailBenchToolsetConfig(profile=profile, tools=tools, max_calls=max_calls)
    taskset = EmailBenchConfig(
        id=TASKSET_ID, scenario_ids=scenario_ids, task=EmailBenchTaskConfig(tools=toolset)
    )
    return vf.load_environment(vf.SingleAgentEnvConfig(taskset=taskset, **env_config))


if __name__ == "__main__":  # how verifiers starts the tool server of a rollout
    EmailBenchToolset.run()
