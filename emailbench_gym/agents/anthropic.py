"""An agent over the Anthropic Messages API with `tool_use` / `tool_result` blocks.

One model turn is one env step (parallel `tool_use` blocks run together; results go
back as `tool_result` blocks by id, errors flagged `is_error`). Model text is cleaned
as it arrives (`safetext`: no lone surrogates or control characters). Requests are
assembled from pre-encoded bytes (`wire`) and sent through the SDK client's `post`,
sync (`act`) or async (`aact`, with an `async_client`). Retries on 429, 5xx and timeouts
are the SDK's (`max_retries`); an error that survives them raises `AgentError`. The key
comes from `ANTHROPIC_API_KEY`.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from emailbench_gym.agents import wire
from emailbench_gym.agents.base import AgentError, TimedAgent
from emailbench_gym.safetext import clean_data

PATH = "/v1/messages"
API = "Messages"


def _key(base_url: str | None) -> str | None:
    key = None if os.environ.get("ANTHROPIC_API_KEY") else "not-needed"
    if key and not base_url:
        raise ValueError("set ANTHROPIC_API_KEY (or pass a base_url for a local server)")
    return key


def anthropic_client(base_url: str | None = None, *, max_retries: int = 2, timeout: float = 120.0):
    """An `anthropic.Anthropic` client; the key comes from the environment; a local `base_url` needs none."""
    import anthropic

    key = _key(base_url)
    return anthropic.Anthropic(
        base_url=base_url, api_key=key, max_retries=max_retries, timeout=timeout
    )


def async_anthropic_client(
    base_url: str | None = None, *, max_retries: int = 2, timeout: float = 120.0
):
    """An `anthropic.AsyncAnthropic` client for one event loop."""
    import anthropic

    key = _key(base_url)
    return anthropic.AsyncAnthropic(
        base_url=base_url,
        api_key=key,
        max_retries=max_retries,
        timeout=timeout,
    )


class AnthropicAgent(TimedAgent):
    """Tool loop over the Messages API."""

    def __init__(
        self,
        name: str,
        *,
        client: Any = None,
        async_client: Any = None,
        fast: wire.FastPath | None = None,
        base_url: str | None = None,
        max_retries: int = 2,
        timeout: float = 120.0,
        max_tokens: int = 4096,
        label: str | None = None,
        **request: Any,
    ) -> None:
        super().__init__(model=label or f"anthropic:{name}", kind="anthropic")
        self.name = name
        if client is None and async_client is None:
            client = anthropic_client(base_url, max_retries=max_retries, timeout=timeout)
        self.client = client
        self.async_client = async_client
        self.fast = fast
        self.max_tokens = max_tokens
        self.request = request  # extra create() arguments, e.g. temperature
        self._fields = {"model": wire.encode(name), "max_tokens": wire.encode(max_tokens)}
        self._fields |= {k: wire.encode(v) for k, v in request.items()}
        self._tools = b"[]"
        self._history: list[dict[str, Any]] = []
        self._encoded: list[bytes] = []  # `_history`, each message encoded once

    def start(self, observation: dict[str, Any], info: dict[str, Any]) -> None:
        self._tools = wire.encoded_tools(info["tools"], "anthropic")
        self._fields["system"] = wire.encode(info["system_prompt"])
        self._history, self._encoded = [], []
        self._add({"role": "user", "content": observation["content"]})

    def _add(self, message: dict[str, Any]) -> None:
        self._history.append(message)
        self._encoded.append(wire.encode(message))

    def _request(self, observation: dict[str, Any]) -> bytes:
        if observation["results"]:
            self._add(
                {
                    "role": "user",
                    "content": [
                        {
                            "type": "tool_result",
                            "tool_use_id": r["id"],
                            "content": r["content"],
                            "is_error": r["is_error"],
                        }
                        for r in observation["results"]
                    ],
                }
            )
        return wire.body({**self._fields, "tools": self._tools}, {"messages": self._encoded})

    def turn(self, observation: dict[str, Any]) -> Any:
        import anthropic

        if self.client is None:
            raise AgentError("this agent has only an async client: call aact()")
        data = self._request(observation)
        try:
            response = wire.post(self.client, PATH, data)
        except anthropic.AnthropicError as exc:
            raise AgentError(f"{type(exc).__name__}: {exc}") from exc
        return self._read(wire.answer(response, API))

    async def aturn(self, observation: dict[str, Any]) -> Any:
        import anthropic

        if self.async_client is None:  # a sync client only: its request blocks, so in a thread
            return await asyncio.to_thread(self.turn, observation)
        data = self._request(observation)
        try:
            response = await wire.apost(self.async_client, PATH, data, self.fast)
        except anthropic.AnthropicError as exc:
            raise AgentError(f"{type(exc).__name__}: {exc}") from exc
        return self._read(wire.answer(response, API))

    def _read(self, data: dict[str, Any]) -> Any:
        usage = wire.field(data, "usage", dict, API, {})
        self.last_turn.input_tokens = wire.field(usage, "input_tokens", int, API, 0)
        self.last_turn.output_tokens = wire.field(usage, "output_tokens", int, API, 0)
        blocks = [
            clean_data(wire.without_none(block))
            for block in wire.field(data, "content", list, API, [])
            if isinstance(block, dict) and isinstance(block.get("type"), str)
        ]
        text = "".join(
            b["text"] for b in blocks if b["type"] == "text" and isinstance(b.get("text"), str)
        )
        self.last_turn.text = text
        self._add({"role": "assistant", "content": blocks})
        calls = [
            {"id": b.get("id", ""), "name": b.get("name", ""), "arguments": b.get("input", {})}
            for b in blocks
            if b["type"] == "tool_use"
        ]
        return calls or {"final_answer": text}
