"""An agent over the OpenAI Chat Completions or Responses API (or any compatible server).

`OpenAIAgent("gpt-4o")` talks Chat Completions; `api="responses"` the Responses API.
`base_url` points the SDK at vLLM, Ollama, LM Studio or a test server. One model turn
is one env step: parallel tool calls go to the env together and their results come
back by call id. Model text (answers, tool arguments) is cleaned as it arrives
(`safetext`: no lone surrogates or control characters). Retries on 429, 5xx and timeouts are the SDK's (`max_retries`); an
error that survives them raises `AgentError`. The key comes from `OPENAI_API_KEY`.
"""

from __future__ import annotations

import os
from typing import Any, Literal

from emailbench_gym.agents.base import AgentError, TimedAgent
from emailbench_gym.safetext import clean_arguments, clean_data, clean_text
from emailbench_gym.tools import render


def openai_client(base_url: str | None = None, *, max_retries: int = 2, timeout: float = 120.0):
    """An `openai.OpenAI` client; the key comes from the environment; a local `base_url` needs none."""
    import openai

    key = None if os.environ.get("OPENAI_API_KEY") else "not-needed"
    if key and not base_url:
        raise ValueError("set OPENAI_API_KEY (or pass a base_url for a local server)")
    return openai.OpenAI(base_url=base_url, api_key=key, max_retries=max_retries, timeout=timeout)


class OpenAIAgent(TimedAgent):
    """Tool loop over Chat Completions (`api="chat"`) or the Responses API (`api="responses"`)."""

    def __init__(
        self,
        name: str,
        *,
        api: Literal["chat", "responses"] = "chat",
        client: Any = None,
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
        self.client = client or openai_client(base_url, max_retries=max_retries, timeout=timeout)
        self.request = request  # extra create() arguments, e.g. temperature
        self._tools: list[dict[str, Any]] = []
        self._system = ""
        self._history: list[dict[str, Any]] = []

    def start(self, observation: dict[str, Any], info: dict[str, Any]) -> None:
        fmt = "openai_chat" if self.api == "chat" else "openai_responses"
        self._tools = render(info["tools"], fmt)
        self._system = info["system_prompt"]
        task = {"role": "user", "content": observation["content"]}
        if self.api == "chat":
            self._history = [{"role": "system", "content": self._system}, task]
        else:
            self._history = [task]

    def turn(self, observation: dict[str, Any]) -> Any:
        import openai

        try:
            return self._chat(observation) if self.api == "chat" else self._responses(observation)
        except openai.OpenAIError as exc:
            raise AgentError(f"{type(exc).__name__}: {exc}") from exc

    def _chat(self, observation: dict[str, Any]) -> Any:
        self._history.extend(
            {"role": "tool", "tool_call_id": r["id"], "content": r["content"]}
            for r in observation["results"]
        )
        response = self.client.chat.completions.create(
            model=self.name, messages=self._history, tools=self._tools, **self.request
        )
        if response.usage is not None:
            self.last_turn.input_tokens = response.usage.prompt_tokens or 0
            self.last_turn.output_tokens = response.usage.completion_tokens or 0
        if not response.choices:
            raise AgentError("the model returned no choices")
        message = response.choices[0].message
        text = clean_text(message.content or "")
        self.last_turn.text = text
        calls = [
            {
                "id": clean_text(c.id or ""),
                "name": clean_text(c.function.name or ""),
                "arguments": clean_arguments(c.function.arguments),
            }
            for c in message.tool_calls or []
            if getattr(c, "function", None) is not None
        ]
        entry: dict[str, Any] = {"role": "assistant", "content": text if message.content else None}
        if calls:
            entry["tool_calls"] = [
                {
                    "id": c["id"],
                    "type": "function",
                    "function": {"name": c["name"], "arguments": c["arguments"]},
                }
                for c in calls
            ]
        self._history.append(entry)
        return calls or {"final_answer": text}

    def _responses(self, observation: dict[str, Any]) -> Any:
        self._history.extend(
            {"type": "function_call_output", "call_id": r["id"], "output": r["content"]}
            for r in observation["results"]
        )
        response = self.client.responses.create(
            model=self.name,
            instructions=self._system,
            input=self._history,
            tools=self._tools,
            **self.request,
        )
        if response.usage is not None:
            self.last_turn.input_tokens = response.usage.input_tokens or 0
            self.last_turn.output_tokens = response.usage.output_tokens or 0
        self.last_turn.text = clean_text(response.output_text or "")
        self._history.extend(
            clean_data(item.model_dump(mode="json", exclude_none=True)) for item in response.output
        )
        calls = [
            {
                "id": clean_text(item.call_id or ""),
                "name": clean_text(item.name or ""),
                "arguments": clean_arguments(item.arguments),
            }
            for item in response.output
            if item.type == "function_call"
        ]
        return calls or {"final_answer": self.last_turn.text}
