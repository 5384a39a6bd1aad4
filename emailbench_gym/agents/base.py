"""The agent protocol the runner drives, and `make_agent_factory` for the CLI's agent names.

An agent plays one episode at a time: `start(observation, info)` with the reset
observation and info (task, system prompt, neutral tool specs), then `act(observation)`
once per env step, returning an action the env accepts (see `emailbench_gym.actions`).
An agent may also offer `async aact(observation)`: the runner then plays many episodes on
one event loop (model agents do; others run `act` in a thread or inline).
After each `act`, `last_turn` holds that turn's wall time, token usage and text.
A provider failure that survives the SDK's retries raises `AgentError`: the runner
records the episode as an error (rerun later), never as a fail.
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

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

    async def aact(self, observation: dict[str, Any]) -> Any:
        """`act` for an event loop: the same turn, awaiting the model instead of blocking."""
        began = time.perf_counter()
        self.last_turn = TurnRecord()
        action = await self.aturn(observation)
        self.last_turn.latency = time.perf_counter() - began
        return action

    def turn(self, observation: dict[str, Any]) -> Any:
        raise NotImplementedError

    async def aturn(self, observation: dict[str, Any]) -> Any:
        """By default the sync turn, inline (offline agents compute a turn in microseconds)."""
        return self.turn(observation)


#: Builds a fresh agent for one worker's env.
AgentFactory = Callable[[gym.Env], Agent]


class Sdk(NamedTuple):
    """A provider SDK: its module, client classes, base error and the variable of its key."""

    module: str
    sync_client: str
    async_client: str
    error: str
    key_variable: str


SDKS = {
    "openai": Sdk("openai", "OpenAI", "AsyncOpenAI", "OpenAIError", "OPENAI_API_KEY"),
    "anthropic": Sdk(
        "anthropic", "Anthropic", "AsyncAnthropic", "AnthropicError", "ANTHROPIC_API_KEY"
    ),
}


def sdk_client(
    sdk: str,
    base_url: str | None = None,
    *,
    asynchronous: bool = False,
    max_retries: int = 2,
    timeout: float = 120.0,
    headers: Mapping[str, str] | None = None,
) -> Any:
    """A client of the `sdk` ("openai", "anthropic"), sync or async.

    The key comes from the SDK's environment variable; a local `base_url` needs none.
    `headers` go with every request (`--header`: a router's attribution headers, a proxy's
    token).
    """
    spec = SDKS[sdk]
    module = importlib.import_module(spec.module)
    make = getattr(module, spec.async_client if asynchronous else spec.sync_client)
    key = None if os.environ.get(spec.key_variable) else "not-needed"
    if key and not base_url:
        raise ValueError(f"set {spec.key_variable} (or pass a base_url for a local server)")
    return make(
        base_url=base_url,
        api_key=key,
        max_retries=max_retries,
        timeout=timeout,
        default_headers=dict(headers) if headers else None,
    )


PROVIDERS = {
    "openai": "openai_chat",
    "openai-chat": "openai_chat",
    "openai-responses": "openai_responses",
    "anthropic": "anthropic",
}


class ModelAgentFactory:
    """Makes model agents for `provider:model`; picklable, so Ray workers can rebuild it.

    One sync SDK client per process (thread-safe) and one async client per event loop,
    made on first use; `aclose()` closes the current loop's client when a run ends.
    """

    def __init__(
        self, spec: str, kind: str, name: str, base_url: str | None, options: dict[str, Any]
    ) -> None:
        self.spec, self.kind, self.name, self.base_url = spec, kind, name, base_url
        self.client_options = {k: options.pop(k) for k in ("max_retries", "timeout", "headers")}
        self.options = options
        self._client: Any = None
        self._async: dict[int, tuple[Any, Any, Any]] = {}
        self.client()  # a missing key is refused now, not at the first episode

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_client": None, "_async": {}}

    def connection(self) -> dict[str, Any]:
        """Where and how requests go: the resolved base URL, timeout, retries and extra
        headers (run.json)."""
        return {"base_url": str(self.client().base_url), **self.client_options}

    @property
    def sdk(self) -> str:
        return "anthropic" if self.kind == "anthropic" else "openai"

    def client(self) -> Any:
        if self._client is None:
            self._client = sdk_client(self.sdk, self.base_url, **self.client_options)
        return self._client

    def async_clients(self) -> tuple[Any, Any]:
        """The running loop's async SDK client and `wire.FastPath` ((None, None) outside a loop)."""
        import asyncio

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return None, None
        entry = self._async.get(id(loop))
        if entry is None or entry[0] is not loop:
            from emailbench_gym.agents import wire

            client = sdk_client(self.sdk, self.base_url, asynchronous=True, **self.client_options)
            entry = (loop, client, wire.fast_path(client, self.client_options["timeout"]))
            self._async[id(loop)] = entry
        return entry[1], entry[2]

    async def aclose(self) -> None:
        """Close the running loop's async clients (their connections)."""
        import asyncio

        entry = self._async.pop(id(asyncio.get_running_loop()), None)
        if entry is not None:
            if entry[2] is not None:
                await entry[2].close()
            await entry[1].close()

    def __call__(self, env: gym.Env | None) -> Agent:
        label = self.spec
        async_client, fast = self.async_clients()
        if self.kind == "anthropic":
            from emailbench_gym.agents.anthropic import AnthropicAgent

            return AnthropicAgent(
                self.name, client=self.client(), async_client=async_client, fast=fast,
                label=label, **self.options,
            )  # fmt: skip
        from emailbench_gym.agents.openai import OpenAIAgent

        api = "responses" if self.kind == "openai_responses" else "chat"
        return OpenAIAgent(
            self.name, api=api, client=self.client(), async_client=async_client, fast=fast,
            label=label, **self.options,
        )  # fmt: skip


class OfflineAgentFactory:
    """Makes `reference` or `random` agents; picklable."""

    def __init__(self, spec: str, seed: int = 0) -> None:
        self.spec, self.seed = spec, seed

    def __call__(self, env: gym.Env | None) -> Agent:
        if self.spec == "reference":
            from emailbench_gym.agents.reference import ReferenceAgent

            return ReferenceAgent()
        from emailbench_gym.agents.random import RandomAgent

        return RandomAgent(env, seed=self.seed)


def sampling_request(
    spec: str,
    *,
    temperature: float | None = None,
    top_p: float | None = None,
    max_tokens: int | None = None,
    seed: int | None = None,
    extra_body: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The provider's create() arguments for the sampling options given (None: not sent).

    Names follow each API (`max_output_tokens` on Responses); `seed` only exists on Chat
    Completions. Raises ValueError naming an option the API does not take or a bad value.
    """
    provider = spec.partition(":")[0]
    kind = PROVIDERS.get(provider)
    given = {
        "temperature": temperature,
        "top_p": top_p,
        "max_tokens": max_tokens,
        "seed": seed,
        "extra_body": extra_body,
    }
    given = {k: v for k, v in given.items() if v is not None}
    if kind is None:
        if given:
            raise ValueError(
                f"--{next(iter(given)).replace('_', '-')} is for model agents "
                f"(openai:, openai-responses:, anthropic:), not {spec!r}"
            )
        return {}
    if temperature is not None and not 0 <= temperature <= 2:
        raise ValueError(f"--temperature {temperature}: accepted 0 to 2")
    if top_p is not None and not 0 < top_p <= 1:
        raise ValueError(f"--top-p {top_p}: accepted greater than 0, at most 1")
    if max_tokens is not None and max_tokens < 1:
        raise ValueError(f"--max-tokens {max_tokens}: accepted a positive number of tokens")
    if seed is not None and kind != "openai_chat":
        raise ValueError(
            f"--seed is sent to the model only by Chat Completions (openai:MODEL); "
            f"{provider}: has no seed parameter"
        )
    if extra_body is not None and not isinstance(extra_body, dict):
        raise ValueError("--extra-body: accepted a JSON object, e.g. '{\"top_k\": 20}'")
    if max_tokens is not None and kind == "openai_responses":
        given["max_output_tokens"] = given.pop("max_tokens")
    return given


def request_fields(request: dict[str, Any]) -> dict[str, Any]:
    """The body fields of a `sampling_request`: the agents write each option as a top-level
    request field, so the extra body's keys join the others (and win on a clash)."""
    fields = {k: v for k, v in request.items() if k != "extra_body"}
    return {**fields, **request.get("extra_body", {})}


def make_agent_factory(
    spec: str,
    *,
    base_url: str | None = None,
    max_retries: int = 2,
    timeout: float = 120.0,
    headers: Mapping[str, str] | None = None,
    seed: int | None = None,
    **options: Any,
) -> AgentFactory:
    """An agent factory from `reference`, `random` or `provider:model`.

    Providers: `openai:NAME` (Chat Completions), `openai-responses:NAME` (Responses API),
    `anthropic:NAME` (Messages). Model agents share one SDK client per process (and one
    async client per event loop); API keys come only from the SDK's environment variables;
    `headers` go with every model request. `seed`: the random agent's (default 0), or sent
    to the model with the other `options` (see `sampling_request`).
    """
    if spec in ("reference", "random"):
        return OfflineAgentFactory(spec, seed or 0)
    provider, _, name = spec.partition(":")
    kind = PROVIDERS.get(provider)
    if kind is None or not name:
        raise ValueError(
            f"unknown agent {spec!r}; accepted: reference, random, openai:MODEL, "
            "openai-responses:MODEL, anthropic:MODEL"
        )
    if seed is not None:
        options["seed"] = seed
    options = {
        "max_retries": max_retries,
        "timeout": timeout,
        "headers": dict(headers or {}),
        **options,
    }
    return ModelAgentFactory(f"{provider}:{name}", kind, name, base_url, options)
