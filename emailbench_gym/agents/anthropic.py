"""An agent over the Anthropic Messages API with `tool_use` / `tool_result` blocks.

One model turn is one env step (parallel `tool_use` blocks run together; results go
back as `tool_result` blocks by id, errors flagged `is_error`). Model text is cleaned
as it arrives (`safetext`: no lone surrogates or control characters). Retries on 429, 5xx
and timeouts are the SDK's (`max_retries`); an error that survives them raises
`AgentError`. The key comes from `ANTHROPIC_API_KEY`.
"""

from __future__ import annotations

import os
from typing import Any

from emailbench_gym.agents.base import AgentError, TimedAgent
from emailbench_gym.safetext import clean_data
from emailbench_gym.tools import render


def anthropic_client(base_url: str | None = None, *, max_retries: int = 2, timeout: float = 120.0):
    """An `anthropic.Anthropic` client; the key comes from the environment; a local `base_url` needs none."""
    import anthropic

    key = None if os.environ.get("ANTHROPIC_API_KEY") else "not-needed"
    if key and not base_url:
        raise ValueError("set ANTHROPIC_API_KEY (or pass a base_url for a local server)")
    return anthropic.Anthropic(
        base_url=base_url, api_key=key, max_retries=max_retries, timeout=timeout
    )


class AnthropicAgent(TimedAgent):
    """Tool loop over the Messages API."""

    def __init__(
        self,
        name: str,
        *,
        client: Any = None,
        base_url: str | None = None,
        max_retries: int = 2,
        timeout: float = 120.0,
        max_tokens: int = 4096,
        label: str | None = None,
        **request: Any,
    ) -> None:
        super().__init__(model=label or f"anthropic:{name}", kind="anthropic")
        self.name = name
        self.client = client or anthropic_client(base_url, max_retries=max_retries, timeout=timeout)
        self.max_tokens = max_tokens
        self.request = request  # extra create() arguments, e.g. temperature
        self._tools: list[dict[str, Any]] = []
        self._system = ""
        self._history: list[dict[str, Any]] = []

    def start(self, observation: dict[str, Any], info: dict[str, Any]) -> None:
        self._tools = render(info["tools"], "anthropic")
        self._system = info["system_prompt"]
        self._history = [{"role": "user", "content": observation["content"]}]

    def turn(self, observation: dict[str, Any]) -> Any:
        import anthropic

        if observation["results"]:
            self._history.append(
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
        try:
            response = self.client.messages.create(
                model=self.name,
                system=self._system,
                messages=self._history,
                tools=self._tools,
                max_tokens=self.max_tokens,
                **self.request,
            )
        except anthropic.AnthropicError as exc:
            raise AgentError(f"{type(exc).__name__}: {exc}") from exc
        self.last_turn.input_tokens = response.usage.input_tokens or 0
        self.last_turn.output_tokens = response.usage.output_tokens or 0
        blocks = [
            clean_data(block.model_dump(mode="json", exclude_none=True))
            for block in response.content
        ]
        text = "".join(b.get("text", "") for b in blocks if b["type"] == "text")
        self.last_turn.text = text
        self._history.append({"role": "assistant", "content": blocks})
        calls = [
            {"id": b["id"], "name": b["name"], "arguments": b.get("input", {})}
            for b in blocks
            if b["type"] == "tool_use"
        ]
        return calls or {"final_answer": text}
