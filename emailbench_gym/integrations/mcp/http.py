"""Streamable HTTP for the MCP server: the SDK's session manager behind a gate that enforces limits.

The gate keeps the `EpisodeRegistry` in step with the SDK's sessions: a request without a
session id (an `initialize`) is refused with 503 while `max_sessions` are open, the session
id the SDK answers with gets its own episode, a request for a session the registry closed
(idle timeout) gets 404 like any unknown session, and a DELETE closes the episode at once.
Every refusal is logged; tool calls are logged by the handlers.

Sessions exist only in the handshake-era protocol (an `initialize`, then `Mcp-Session-Id`);
the 2026-07-28 revision has no sessions, so its requests are answered with the
unsupported-version error naming the handshake versions, and SDK clients in their default
`auto` mode fall back to a session.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

import anyio

from emailbench_gym.integrations.mcp.episodes import EpisodeRegistry, short

log = logging.getLogger("emailbench.mcp")

MCP_PATH = "/mcp"
SESSION_HEADER = b"mcp-session-id"
VERSION_HEADER = b"mcp-protocol-version"
INVALID_REQUEST = -32600
UNSUPPORTED_VERSION = -32022


def _versions() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(handshake versions, session-less versions) of the installed SDK."""
    try:
        from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS
    except ImportError:  # an SDK without the session-less revision
        return (), ()
    return tuple(HANDSHAKE_PROTOCOL_VERSIONS), tuple(MODERN_PROTOCOL_VERSIONS)


def _json_error(
    status: int, message: str, code: int = INVALID_REQUEST, data: Any = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    body = json.dumps({"jsonrpc": "2.0", "id": None, "error": error}).encode()
    start = {
        "type": "http.response.start",
        "status": status,
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ],
    }
    return start, {"type": "http.response.body", "body": body}


class SessionGate:
    """ASGI middleware between the HTTP server and the SDK's session manager (module docstring)."""

    def __init__(self, app: Any, registry: EpisodeRegistry) -> None:
        self.app = app
        self.registry = registry
        self.handshake, self.sessionless = _versions()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        version = headers.get(VERSION_HEADER, b"").decode("latin-1")
        if version in self.sessionless:
            await self._refuse(
                send,
                400,
                "This server keeps one episode per MCP session, so it speaks the "
                f"session-based protocol versions ({', '.join(self.handshake)}); "
                "connect with the initialize handshake.",
                UNSUPPORTED_VERSION,
                {"supported": list(self.handshake), "requested": version},
            )
            return
        raw = headers.get(SESSION_HEADER)
        if raw is None:
            await self._open(scope, receive, send)
            return
        key = raw.decode("latin-1")
        slot = self.registry.get(key)
        if slot is None:
            log.info(
                "[%s] %s refused: unknown or closed session (404)", short(key), scope["method"]
            )
            await self._refuse(
                send, 404, "Session not found: it was closed or timed out; start a new session."
            )
            return
        await self.app(scope, receive, send)  # `get` counted it as activity
        if scope["method"] == "DELETE":
            self.registry.close(key, "ended by the client")

    async def _open(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["method"] != "POST":
            await self.app(scope, receive, send)  # the SDK answers what it does not serve
            return
        if not self.registry.reserve():
            log.warning("new session refused: %d sessions open (503)", self.registry.max_sessions)
            await self._refuse(
                send,
                503,
                f"Too many open sessions: this server allows {self.registry.max_sessions}; "
                "close one (DELETE) or retry later.",
            )
            return
        opened = False

        async def watch(message: dict[str, Any]) -> None:
            nonlocal opened
            if message["type"] == "http.response.start" and message["status"] < 400:
                new = dict(message.get("headers") or []).get(SESSION_HEADER)
                if new is not None and not opened:
                    opened = self.registry.open(new.decode("latin-1"), reserved=True) is not None
            await send(message)

        try:
            await self.app(scope, receive, watch)
        finally:
            if not opened:
                self.registry.release()

    @staticmethod
    async def _refuse(
        send: Any, status: int, message: str, code: int = INVALID_REQUEST, data: Any = None
    ) -> None:
        start, body = _json_error(status, message, code, data)
        await send(start)
        await send(body)


def http_app(server: Any, registry: EpisodeRegistry, *, host: str) -> Any:
    """A Starlette app serving `server` at /mcp, its sessions gated by `registry`."""
    from mcp.server.streamable_http_manager import (
        StreamableHTTPASGIApp,
        StreamableHTTPSessionManager,
    )
    from mcp.server.transport_security import TransportSecuritySettings
    from starlette.applications import Starlette
    from starlette.routing import Route

    security = None
    if host in ("127.0.0.1", "localhost", "::1"):  # the SDK's DNS-rebinding guard for loopback
        security = TransportSecuritySettings(
            enable_dns_rebinding_protection=True,
            allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
            allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
        )
    manager = StreamableHTTPSessionManager(
        app=server, security_settings=security, session_idle_timeout=registry.idle_timeout
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        async with manager.run(), anyio.create_task_group() as group:
            group.start_soon(_reap_forever, registry)
            try:
                yield
            finally:
                group.cancel_scope.cancel()

    endpoint = SessionGate(StreamableHTTPASGIApp(manager), registry)
    return Starlette(routes=[Route(MCP_PATH, endpoint=endpoint)], lifespan=lifespan)


async def _reap_forever(registry: EpisodeRegistry) -> None:
    """Close idle sessions a few times per idle period."""
    while True:
        await anyio.sleep(min(30.0, registry.idle_timeout / 4))
        registry.reap()
