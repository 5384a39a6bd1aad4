"""An `environment_factory` for TRL's `GRPOTrainer`: EmailBench episodes as tool-calling rollouts.

    from trl import GRPOConfig, GRPOTrainer
    from emailbench_gym.integrations.trl import EmailBenchToolEnv, scenario_dataset

    trainer = GRPOTrainer(model=..., train_dataset=scenario_dataset(["OB-N520"]),
                          environment_factory=EmailBenchToolEnv, args=GRPOConfig(...))

TRL makes one instance per rollout, calls `reset(**row)` (the row carries
`scenario_id`; the returned task prompt is appended to the row's user message),
exposes every public method as a tool (schemas from `transformers.utils.get_json_schema`),
and scores the rollout with `get_reward()`. The tool methods are generated from the
API's `MethodSpec`s (flat typed arguments, Google-style docstrings), so there is
one source of truth; each runs through the env. A bad call returns the env's error as
JSON text (`{"error": code, "message": ...}`), which the model reads like any result;
with `raise_errors=True` it raises `ToolCallError` instead, so TRL counts it in its
`tools/failure_frequency` metric (TRL then shows the model `{'error': <that JSON>}`).
`submit_answer` ends the episode with the grade; a rollout that never submits is graded
on its final state with an empty answer. No import of TRL or transformers happens here.

Shorter prompts: `environment_factory(tools="domains", scenario_ids=...)` returns one class
per set of declared domains (`{"calendar+todo": <class>, ...}`), each offering only those
domains' tools (plus identity and mail reading, as `EmailBenchEnv(..., tools="domains")`),
and `scenario_dataset(..., tools="domains")` names each row's class in its `environment`
column, which TRL's dict `environment_factory` reads to show each prompt its own tools:

    trainer = GRPOTrainer(..., train_dataset=scenario_dataset(ids, tools="domains"),
                          environment_factory=environment_factory(tools="domains",
                                                                  scenario_ids=ids))
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from typing import Any, Literal

from emailbench_gym.api import METHODS
from emailbench_gym.integrations.session import (
    DEFAULT_MAX_CALLS,
    SUBMIT_ANSWER_DOC,
    SUBMIT_DESCRIPTION,
    ToolSession,
    tool_method,
)
from emailbench_gym.scenarios import load_scenario
from emailbench_gym.tools import domain_profile, load_profile


class ToolCallError(Exception):
    """A tool call the env rejected; its text is the env's JSON error (`raise_errors=True`)."""


class _ToolEnvBase:
    """The non-tool part of every generated environment class (see the module docstring)."""

    profile_name = "adapter"
    domains: tuple[str, ...] | None = None  # set: only these domains' tools (tools="domains")
    max_calls = DEFAULT_MAX_CALLS
    judge: str | None = None
    raise_errors = False

    def __init__(self) -> None:
        self._session: ToolSession | None = None

    def reset(self, **row: Any) -> str:
        """Start the episode of `row["scenario_id"]`; returns the task prompt for the model."""
        scenario_id = row.get("scenario_id")
        if not isinstance(scenario_id, str):
            raise ValueError(
                "each dataset row needs a 'scenario_id' column (e.g. 'OB-N520'); "
                "scenario_dataset() builds such rows"
            )
        if self.domains is not None:
            declared = domains_key(load_scenario(scenario_id).domains)
            if declared != domains_key(self.domains):
                raise ValueError(
                    f"{scenario_id} declares the domains {declared}, but this environment offers "
                    f"the tools of {domains_key(self.domains)}: build the rows with "
                    "scenario_dataset(..., tools='domains'), whose 'environment' column picks "
                    "the class of environment_factory(tools='domains', ...)"
                )
        if self._session is None:
            self._session = ToolSession(
                profile=self.profile_name,
                tools="profile" if self.domains is None else "domains",
                max_calls=self.max_calls,
                judge=self.judge,
            )
        self._session.start(scenario_id)
        return self._session.task_prompt()

    def get_reward(self) -> float:
        """The grade's score in [0, 1]; an episode without `submit_answer` is graded as it stands."""
        if self._session is None:
            return 0.0
        if self._session.active:
            self._session.submit("")
        return self._session.score

    def submit_answer(self, answer: str) -> str:
        if self._session is None:
            return self._error(NO_EPISODE)
        summary, is_error = self._session.submit(answer)
        return self._error(summary) if is_error else json.dumps(summary)

    def _call(self, name: str, params: tuple[str, ...], args: tuple, kwargs: dict) -> str:
        if self._session is None:
            return self._error(NO_EPISODE)
        if len(args) > len(params):
            return self._error(
                {
                    "error": "invalid_arguments",
                    "message": f"{name} takes at most {len(params)} positional arguments.",
                }
            )
        arguments = {**dict(zip(params, args, strict=False)), **kwargs}
        content, is_error = self._session.call(name, arguments)
        return self._error(content) if is_error else content

    def _error(self, error: dict[str, Any] | str) -> str:
        """The error as JSON text, or raised as `ToolCallError` when the class says so."""
        text = error if isinstance(error, str) else json.dumps(error)
        if self.raise_errors:
            raise ToolCallError(text)
        return text


NO_EPISODE = {"error": "no_episode", "message": "No episode has started: reset first."}


# The docstring is the tool's schema: the same text as the MCP and verifiers submit tool.
_ToolEnvBase.submit_answer.__doc__ = (
    f"{SUBMIT_DESCRIPTION}\n\nArgs:\n    answer: {SUBMIT_ANSWER_DOC}"
)


def domains_key(domains: Iterable[str]) -> str:
    """The name of a set of declared domains, e.g. 'calendar+todo' (sorted, '+'-joined)."""
    return "+".join(sorted(set(domains)))


@functools.cache
def environment_class(
    profile: str = "adapter",
    max_calls: int = DEFAULT_MAX_CALLS,
    judge: str | None = None,
    raise_errors: bool = False,
    domains: tuple[str, ...] | None = None,
) -> type:
    """An `environment_factory` class whose tools are the profile's API methods plus `submit_answer`.

    `judge` ("openai:MODEL" / "anthropic:MODEL") adds the rubric part of the score;
    without one the reward is the static score. `raise_errors` raises `ToolCallError` on a
    rejected call (TRL counts it as a tool failure) instead of returning the JSON error.
    `domains`: only the tools of these declared domains (plus identity and mail reading),
    for scenarios that declare exactly these domains (see `environment_factory`).
    """
    resolved = load_profile(profile)
    suffix = ""
    if domains is not None:
        domains = tuple(sorted(set(domains)))
        resolved = domain_profile(resolved, domains)
        suffix = "".join(d.title() for d in domains)
    methods = {
        name: tool_method(METHODS[name], visible) for name, visible in resolved.tools.items()
    }
    offered = f"the {profile!r} tools" + (f" of {domains_key(domains)}" if domains else "")
    attributes = {
        **methods,
        "profile_name": profile,
        "domains": domains,
        "max_calls": max_calls,
        "judge": judge,
        "raise_errors": raise_errors,
        "__doc__": f"EmailBench episodes with {offered} ({len(methods)}) for TRL.",
    }
    return type(f"EmailBench{profile.title()}{suffix}ToolEnv", (_ToolEnvBase,), attributes)


def environment_factory(
    profile: str = "adapter",
    *,
    tools: Literal["profile", "domains"] = "profile",
    scenario_ids: list[str] | str | None = None,
    max_calls: int = DEFAULT_MAX_CALLS,
    judge: str | None = None,
    raise_errors: bool = False,
) -> type | dict[str, type]:
    """What to pass as `GRPOTrainer(environment_factory=...)`.

    `tools="profile"`: one class with every tool of the profile. `tools="domains"`: a dict
    of classes, one per set of domains the scenarios (`scenario_ids`, as in
    `scenario_dataset`) declare, keyed by `domains_key`; each offers only its domains' tools.
    Pair it with `scenario_dataset(scenario_ids, tools="domains")`.
    """
    if tools == "profile":
        return environment_class(profile, max_calls, judge, raise_errors)
    if tools != "domains":
        raise ValueError(f"tools must be 'profile' or 'domains', got {tools!r}")
    from emailbench_gym.integrations.source import resolve_scenarios

    keys = {
        domains_key(load_scenario(sid).domains) for sid in resolve_scenarios(scenario_ids or None)
    }
    return {
        key: environment_class(profile, max_calls, judge, raise_errors, tuple(key.split("+")))
        for key in sorted(keys)
    }


#: The paper's 46-tool adapter profile: pass the class itself as `environment_factory`.
EmailBenchToolEnv = environment_class("adapter")


def scenario_dataset(
    scenario_ids: list[str] | str | None = None,
    tools: Literal["profile", "domains"] = "profile",
) -> list[dict[str, Any]]:
    """Rows for a TRL dataset: `{"prompt": [...], "scenario_id": id}`, one per scenario.

    `scenario_ids`: ids, `"split:train"` (the generated training split; also dev, heldout,
    test) or None for the 206-scenario suite. The user message is left empty: `reset`
    appends the task prompt to it. Wrap the rows with `datasets.Dataset.from_list(...)`.
    `tools="domains"` adds the `environment` column (the scenario's `domains_key`) that
    routes each row to its class of `environment_factory(tools="domains", ...)`.
    """
    from emailbench_gym.integrations.source import resolve_scenarios

    if tools not in ("profile", "domains"):
        raise ValueError(f"tools must be 'profile' or 'domains', got {tools!r}")
    rows = []
    for sid in resolve_scenarios(scenario_ids or None):
        row: dict[str, Any] = {"prompt": [{"role": "user", "content": ""}], "scenario_id": sid}
        if tools == "domains":
            row["environment"] = domains_key(load_scenario(sid).domains)
        rows.append(row)
    return rows
