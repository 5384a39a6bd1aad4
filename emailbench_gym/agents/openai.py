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

import functools
from typing import Any, Literal

from emailbench_gym.agents import wire
from emailbench_gym.agents.base import AgentError, sdk_client
from emailbench_gym.agents.model import ModelAgent
from emailbench_gym.safetext import clean_arguments, clean_data, clean_text

PATHS = {"chat": "/chat/completions", "responses": "/responses"}
API_NAMES = {"chat": "Chat Completions", "responses": "Responses"}


#: `openai.OpenAI` and `openai.AsyncOpenAI` clients, `(base_url, max_retries=, timeout=,
#: headers=)`: the key from OPENAI_API_KEY (a local `base_url` needs none); see `sdk_client`.
openai_client = functools.partial(sdk_client, "openai")
async_openai_client = functools.partial(sdk_client, "openai", asynchronous=True)


class OpenAIAgent(ModelAgent):
    """Tool loop over Chat Completions (`api="chat"`) or the Responses API (`api="responses"`).

    Options as `ModelAgent`: `client`, `async_client`, `fast`, or `base_url`, `max_retries`
    and `timeout` for a client of its own; any other keyword is sent with every request.
    """

    sdk = "openai"

    def __init__(
        self,
        name: str,
        *,
        api: Literal["chat", "responses"] = "chat",
        label: str | None = None,
        **options: Any,
    ) -> None:
        if api not in ("chat", "responses"):
            raise ValueError(f"api must be 'chat' or 'responses', got {api!r}")
        prefix = "openai" if api == "chat" else "openai-responses"
        super().__init__(name, label=label or f"{prefix}:{name}", kind=f"openai_{api}", **options)
        self.api = api

    def _endpoint(self) -> tuple[str, str]:
        return PATHS[self.api], API_NAMES[self.api]

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
