"""What both model agents share: their SDK clients, the pre-encoded request state and a turn.

`OpenAIAgent` (Chat Completions, Responses) and `AnthropicAgent` (Messages) differ in how a
request body is assembled from the history (`_request`) and how an answer is read
(`_read`); the clients, the encoded fields and history (`wire`), and sending a request sync
(`turn`) or async (`aturn`, over the `wire.FastPath` when there is one) with the SDK's
retries, are the same. An SDK error that survives the retries raises `AgentError`.
"""

from __future__ import annotations

import asyncio
import importlib
from typing import Any, ClassVar

from emailbench_gym.agents import wire
from emailbench_gym.agents.base import SDKS, AgentError, TimedAgent, sdk_client


class ModelAgent(TimedAgent):
    """A tool loop over one provider's API; subclasses name the SDK and read its answers."""

    #: The SDK of `agents.base.SDKS` ("openai", "anthropic").
    sdk: ClassVar[str]

    def __init__(
        self,
        name: str,
        *,
        label: str,
        kind: str,
        client: Any = None,
        async_client: Any = None,
        fast: wire.FastPath | None = None,
        base_url: str | None = None,
        max_retries: int = 2,
        timeout: float = 120.0,
        fields: dict[str, Any] | None = None,
        **request: Any,
    ) -> None:
        """`client` / `async_client`: SDK clients (without either, a sync one for `base_url`);
        `fields`: the API's own body fields after the model; `request`: extra create()
        arguments (temperature, an extra body's keys), sent with every request."""
        super().__init__(model=label, kind=kind)
        self.name = name
        if client is None and async_client is None:
            client = sdk_client(self.sdk, base_url, max_retries=max_retries, timeout=timeout)
        self.client = client
        self.async_client = async_client
        self.fast = fast
        self.request = request
        self._fields = {
            k: wire.encode(v) for k, v in {"model": name, **(fields or {}), **request}.items()
        }
        self._tools = b"[]"
        self._history: list[dict[str, Any]] = []
        self._encoded: list[bytes] = []  # `_history`, each message encoded once

    def _add(self, message: dict[str, Any]) -> None:
        self._history.append(message)
        self._encoded.append(wire.encode(message))

    def _endpoint(self) -> tuple[str, str]:
        """The request path and the API's name (for errors)."""
        raise NotImplementedError

    def _request(self, observation: dict[str, Any]) -> bytes:
        raise NotImplementedError

    def _read(self, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def _sdk_error(self) -> type[Exception]:
        sdk = SDKS[self.sdk]
        return getattr(importlib.import_module(sdk.module), sdk.error)  # type: ignore[no-any-return]

    def turn(self, observation: dict[str, Any]) -> Any:
        if self.client is None:
            raise AgentError("this agent has only an async client: call aact()")
        data = self._request(observation)
        path, api = self._endpoint()
        try:
            response = wire.post(self.client, path, data)
        except self._sdk_error() as exc:
            raise AgentError(f"{type(exc).__name__}: {exc}") from exc
        return self._read(wire.answer(response, api))

    async def aturn(self, observation: dict[str, Any]) -> Any:
        if self.async_client is None:  # a sync client only: its request blocks, so in a thread
            return await asyncio.to_thread(self.turn, observation)
        data = self._request(observation)
        path, api = self._endpoint()
        try:
            response = await wire.apost(self.async_client, path, data, self.fast)
        except self._sdk_error() as exc:
            raise AgentError(f"{type(exc).__name__}: {exc}") from exc
        return self._read(wire.answer(response, api))
