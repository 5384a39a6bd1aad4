"""The agent protocol the runner drives, and `make_agent_factory` for the CLI's agent names.

An agent plays one episode at a time: `start(observation, info)` with the reset
observation and info (task, system prompt, neutral tool specs), then `act(observation)`
once per env step, returning an action the env accepts (see `emailbench_gym.actions`).
After each `act`, `last_turn` holds that turn's wall time, token usage and text.
A provider failure that survives the SDK's retries raises `AgentError`: the runner
records the episode as an error (rerun later), never as a fail.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import gymnasium as gym


class AgentError(RuntimeError):
    """The model could not be reached or answered unusably (after the SDK's retries)."""


@dataclass
class TurnRecord:
    """What one `act` cost and said (tool calls are read from the action by the runner)."""

    latency: float = 0.0
    input_tokens: int = 0
    output_tokens: int = 0
    text: str = ""


class Agent(Protocol):
    """Plays episodes: `start` once per episode, then `act` once per env step."""

    #: The run's label in records, e.g. "openai:gpt-4o", "reference", "random".
    model: str
    #: The agent kind in records: openai_chat, openai_responses, anthropic, reference, random.
    kind: str
    last_turn: TurnRecord

    def start(self, observation: dict[str, Any], info: dict[str, Any]) -> None: ...

    def act(self, observation: dict[str, Any]) -> Any: ...


@dataclass
class TimedAgent:
    """Shared bookkeeping: times each turn and keeps its usage in `last_turn`."""

    model: str
    kind: str
    last_turn: TurnRecord = field(default_factory=TurnRecord)

    def act(self, observation: dict[str, Any]) -> Any:
        began = time.perf_counter()
        self.last_turn = TurnRecord()
        action = self.turn(observation)
        self.last_turn.latency = time.perf_counter() - began
        return action

    def turn(self, observation: dict[str, Any]) -> Any:
        raise NotImplementedError


#: Builds a fresh agent for one worker's env.
AgentFactory = Callable[[gym.Env], Agent]

PROVIDERS = {
    "openai": "openai_chat",
    "openai-chat": "openai_chat",
    "openai-responses": "openai_responses",
    "anthropic": "anthropic",
}


def make_agent_factory(
    spec: str,
    *,
    base_url: str | None = None,
    max_retries: int = 2,
    timeout: float = 120.0,
    seed: int = 0,
    **options: Any,
) -> AgentFactory:
    """An agent factory from `reference`, `random` or `provider:model`.

    Providers: `openai:NAME` (Chat Completions), `openai-responses:NAME` (Responses API),
    `anthropic:NAME` (Messages). Model agents share one SDK client (thread-safe), made here;
    API keys come only from the SDK's environment variables.
    """
    if spec == "reference":
        from emailbench_gym.agents.reference import ReferenceAgent

        return lambda env: ReferenceAgent()
    if spec == "random":
        from emailbench_gym.agents.random import RandomAgent

        return lambda env: RandomAgent(env, seed=seed)
    provider, _, name = spec.partition(":")
    kind = PROVIDERS.get(provider)
    if kind is None or not name:
        raise ValueError(
            f"unknown agent {spec!r}; accepted: reference, random, openai:MODEL, "
            "openai-responses:MODEL, anthropic:MODEL"
        )
    label = f"{provider}:{name}"
    if kind == "anthropic":
        from emailbench_gym.agents.anthropic import AnthropicAgent, anthropic_client

        client = anthropic_client(base_url, max_retries=max_retries, timeout=timeout)
        return lambda env: AnthropicAgent(name, client=client, label=label, **options)
    from emailbench_gym.agents.openai import OpenAIAgent, openai_client

    client = openai_client(base_url, max_retries=max_retries, timeout=timeout)
    api = "responses" if kind == "openai_responses" else "chat"
    return lambda env: OpenAIAgent(name, api=api, client=client, label=label, **options)
