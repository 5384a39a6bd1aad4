"""An agent over the OpenAI Chat Completions or Responses API (or any compatible server).

`OpenAIAgent("gpt-4o")` talks Chat Completions; `api="responses"` the Responses API.
`base_url` points the SDK at vLLM, Ollama, LM Studio or a test server. One model turn
is one env step: parallel tool calls go to the env together and their results come
back by call id. Model text (answers, tool arguments) is cleaned as it arrives
(`safetext`: no lone surrogates or control characters). Requests are assembled from
pre-encoded bytes (`wire`: the tool list encoded once per tool set, each history message
once) and sent through the SDK client's `post`, sync (`act`) or async (`aact`, with an
`async_client`, and a `wire.FastPath` for first attempts). Retries on 429, 5xx and timeouts are the SDK's (`max_retries`); an error
that survives them raises `AgentError`. The key comes from `OPENAI_API_KEY`.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any, Literal

from emailbench_gym.agents import wire
from emailbench_gym.agents.base import AgentError, TimedAgent
from emailbench_gym.safetext import clean_arguments, clean_data, clean_text

PATHS = {"chat": "/chat/completions", "responses": "/responses"}
API_NAMES = {"chat": "Chat Completions", "responses": "Responses"}


def _key(base_url: str | None) -> str | None:
    key = None if os.environ.get("OPENAI_API_KEY") else "not-needed"
    if key and not base_url:
        raise ValueError("set OPENAI_API_KEY (or pass a base_url for a local server)")
    return key


def openai_client(base_url: str | None = None, *, max_retries: int = 2, timeout: float = 120.0):
    """An `openai.OpenAI` client; the key comes from the environment; a local `base_url` needs none."""
    import openai

    key = _key(base_url)
    return openai.OpenAI(base_url=base_url, api_key=key, max_retries=max_retries, timeout=timeout)


def async_openai_client(
    base_url: str | None = None, *, max_retries: int = 2, timeout: float = 120.0
):
    """An `openai.AsyncOpenAI` client for one event loop."""
    import openai

    key = _key(base_url)
    return openai.AsyncOpenAI(
        base_url=base_url,
        api_key=key,
        max_retries=max_retries,
        timeout=timeout,
    )


class OpenAIAgent(TimedAgent):
    """Tool loop over Chat Completions (`api="chat"`) or the Responses API (`api="responses"`)."""

    def __init__(
        self,
        name: str,
        *,
        api: Literal["chat", "responses"] = "chat",
        client: Any = None,
        async_client: Any = None,
        fast: wire.FastPath | None = None,
        base_url: str | None = None,
        max_retries: int = 2,
        timeout: float = 120.0,
        label: str | None = None,
        **request: Any,
    ) -> None:
        if api not in ("chat", "responses"):
            raise ValueError(f"api must be 'chat' or 'responses', got {api!r}")
        prefix = "openai" if api == "chat" else "openai-responses"
        super().__init__(model=label or f"{prefix}:{name}", kind=f"openai_{api}")
        self.name = name
        self.api = api
        if client is None and async_client is None:
            client = openai_client(base_url, max_retries=max_retries, timeout=timeout)
        self.client = client
        self.async_client = async_client
        self.fast = fast
        self.request = request  # extra create() arguments, e.g. temperature
        self._fields = {"model": wire.encode(name)} | {
            k: wire.encode(v) for k, v in request.items()
        }
        self._tools = b"[]"
        self._history: list[dict[str, Any]] = []
        self._encoded: list[bytes] = []  # `_history`, each message encoded once

    def start(self, observation: dict[str, Any], info: dict[str, Any]) -> None:
        fmt = "openai_chat" if self.api == "chat" else "openai_responses"
        self._tools = wire.encoded_tools(info["tools"], fmt)
        task = {"role": "user", "content": observation["content"]}
        self._history, self._encoded = [], []
        if self.api == "chat":
            self._add({"role": "system", "content": info["system_prompt"]})
        else:
            self._fields["instructions"] = wire.encode(info["system_prompt"])
        self._add(task)

    def _add(self, message: dict[str, Any]) -> None:
        self._history.append(message)
        self._encoded.append(wire.encode(message))

    # --- one turn: the request, then the answer ----------------------------------------------

    def _request(self, observation: dict[str, Any]) -> bytes:
        if self.api == "chat":
            for r in observation["results"]:
                self._add({"role": "tool", "tool_call_id": r["id"], "content": r["content"]})
            history = "messages"
        else:
            for r in observation["results"]:
                self._add({"type": "function_call_output", "call_id": r["id"], "output": r["content"]})  # fmt: skip
            history = "input"
        return wire.body({**self._fields, "tools": self._tools}, {history: self._encoded})

    def turn(self, observation: dict[str, Any]) -> Any:
        import openai

        if self.client is None:
            raise AgentError("this agent has only an async client: call aact()")
        data = self._request(observation)
        try:
            response = wire.post(self.client, PATHS[self.api], data)
        except openai.OpenAIError as exc:
            raise AgentError(f"{type(exc).__name__}: {exc}") from exc
        return self._read(wire.answer(response, API_NAMES[self.api]))

    async def aturn(self, observation: dict[str, Any]) -> Any:
        import openai

        if self.async_client is None:  # a sync client only: its request blocks, so in a thread
            return await asyncio.to_thread(self.turn, observation)
        data = self._request(observation)
        try:
            response = await wire.apost(self.async_client, PATHS[self.api], data, self.fast)
        except openai.OpenAIError as exc:
            raise AgentError(f"{type(exc).__name__}: {exc}") from exc
        return self._read(wire.answer(response, API_NAMES[self.api]))

    def _read(self, data: dict[str, Any]) -> Any:
        return self._chat(data) if self.api == "chat" else self._responses(data)

    def _usage(self, data: dict[str, Any], names: tuple[str, str]) -> None:
        api = API_NAMES[self.api]
        usage = wire.field(data, "usage", dict, api, {})
        self.last_turn.input_tokens = wire.field(usage, names[0], int, api, 0)
        self.last_turn.output_tokens = wire.field(usage, names[1], int, api, 0)

    def _chat(self, data: dict[str, Any]) -> Any:
        api = API_NAMES["chat"]
        self._usage(data, ("prompt_tokens", "completion_tokens"))
        choices = wire.field(data, "choices", list, api, [])
        if not choices:
            raise AgentError("the model returned no choices")
        message = wire.field(choices[0], "message", dict, api)
        if message is None:
            raise AgentError("the model's Chat Completions answer has no message")
        content = wire.field(message, "content", str, api)
        text = clean_text(content or "")
        self.last_turn.text = text
        calls = []
        for call in wire.field(message, "tool_calls", list, api, []):
            function = wire.field(call, "function", dict, api)
            if function is None:
                continue
            calls.append(
                {
                    "id": clean_text(wire.field(call, "id", str, api, "")),
                    "name": clean_text(wire.field(function, "name", str, api, "")),
                    "arguments": clean_arguments(wire.field(function, "arguments", str, api)),
                }
            )
        entry: dict[str, Any] = {"role": "assistant", "content": text if content else None}
        if calls:
            entry["tool_calls"] = [
                {
                    "id": c["id"],
                    "type": "function",
                    "function": {"name": c["name"], "arguments": c["arguments"]},
                }
                for c in calls
            ]
        self._add(entry)
        return calls or {"final_answer": text}

    def _responses(self, data: dict[str, Any]) -> Any:
        api = API_NAMES["responses"]
        self._usage(data, ("input_tokens", "output_tokens"))
        output = [
            item for item in wire.field(data, "output", list, api, []) if isinstance(item, dict)
        ]
        text = "".join(
            part.get("text") or ""
            for item in output
            if item.get("type") == "message"
            for part in wire.field(item, "content", list, api, [])
            if isinstance(part, dict) and part.get("type") == "output_text"
        )
        self.last_turn.text = clean_text(text)
        for item in output:
            self._add(clean_data(wire.without_none(item)))
        calls = [
            {
                "id": clean_text(wire.field(item, "call_id", str, api, "")),
                "name": clean_text(wire.field(item, "name", str, api, "")),
                "arguments": clean_arguments(wire.field(item, "arguments", str, api)),
            }
            for item in output
            if item.get("type") == "function_call"
        ]
        return calls or {"final_answer": self.last_turn.text}
