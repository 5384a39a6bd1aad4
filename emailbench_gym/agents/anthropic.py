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

import functools
from typing import Any

from emailbench_gym.agents import wire
from emailbench_gym.agents.base import sdk_client
from emailbench_gym.agents.model import ModelAgent
from emailbench_gym.safetext import clean_data

PATH = "/v1/messages"
API = "Messages"


#: `anthropic.Anthropic` and `anthropic.AsyncAnthropic` clients, `(base_url, max_retries=, timeout=,
#: headers=)`: the key from ANTHROPIC_API_KEY (a local `base_url` needs none); see `sdk_client`.
anthropic_client = functools.partial(sdk_client, "anthropic")
async_anthropic_client = functools.partial(sdk_client, "anthropic", asynchronous=True)


class AnthropicAgent(ModelAgent):
    """Tool loop over the Messages API (options as `OpenAIAgent`; `max_tokens` per turn)."""

    sdk = "anthropic"

    def __init__(
        self, name: str, *, max_tokens: int = 4096, label: str | None = None, **options: Any
    ) -> None:
        super().__init__(
            name,
            label=label or f"anthropic:{name}",
            kind="anthropic",
            fields={"max_tokens": max_tokens},
            **options,
        )
        self.max_tokens = max_tokens

    def _endpoint(self) -> tuple[str, str]:
        return PATH, API

    def start(self, observation: dict[str, Any], info: dict[str, Any]) -> None:
        self._tools = wire.encoded_tools(info["tools"], "anthropic")
        self._fields["system"] = wire.encode(info["system_prompt"])
        self._history, self._encoded = [], []
        self._add({"role": "user", "content": observation["content"]})

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
