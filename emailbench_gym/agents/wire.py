"""Model requests as pre-encoded bytes through the SDKs' clients, and their answers as plain JSON.

Profiling `emailbench run` against a loopback server showed about 9 ms of client CPU per
model request, two thirds of it the SDKs re-walking the ~40 kB of tool schemas (and the
whole history) through their typed-dict transforms on every turn. Here a request body is
assembled from bytes encoded once: the tool list once per (tool set, format), per process;
each history message once, when it is added. The bytes go through the SDK client's own
`post` (its base URL, headers, auth, retries with backoff and `Retry-After`, timeouts and
error types stay the SDK's), and the answer is read as JSON and checked by hand for the
few fields the agents use. With aiohttp installed (the `scale` extra), an async request's
first attempt skips the SDK's pipeline (`FastPath`); httpx's async pool also costs more CPU
per request the more connections it holds (measured: 2.7 ms at 100 connections).
"""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from emailbench_gym.agents.base import AgentError
from emailbench_gym.tools import render

_JSON = {"content-type": "application/json"}


def encode(value: Any) -> bytes:
    """Compact JSON bytes (ASCII-escaped, so any cleaned text encodes)."""
    return json.dumps(value, separators=(",", ":")).encode()


@functools.cache
def _tools_by_key(key: Any, fmt: str) -> bytes:
    from emailbench_gym.env import tool_list

    return encode(render(list(tool_list(key)), fmt))


def encoded_tools(tools: Sequence[dict[str, Any]], fmt: str) -> bytes:
    """The tool list rendered for a provider as JSON bytes: once per tool set and format.

    The env's `info["tools"]` is a shared `ToolList` with a `key`; any other list is
    encoded each time (once per episode).
    """
    key = getattr(tools, "key", None)
    if key is not None:
        return _tools_by_key(key, fmt)
    return encode(render(list(tools), fmt))


def body(fields: dict[str, bytes], lists: dict[str, list[bytes]]) -> bytes:
    """A JSON object from pre-encoded field values and lists of pre-encoded items."""
    parts = [encode(k) + b":" + v for k, v in fields.items()]
    parts += [encode(k) + b":[" + b",".join(items) + b"]" for k, items in lists.items()]
    return b"{" + b",".join(parts) + b"}"


def _post_kwargs(client: Any, data: bytes) -> dict[str, Any]:
    # SDKs before `content=` took raw bytes as `body`.
    if "content" in inspect.signature(client.post).parameters:
        return {"content": data}
    return {"body": data}


def post(client: Any, path: str, data: bytes) -> str:
    """POST pre-encoded JSON through an SDK's sync client (its retries and errors); the body."""
    return client.post(path, cast_to=str, options={"headers": _JSON}, **_post_kwargs(client, data))


async def apost(client: Any, path: str, data: bytes, fast: FastPath | None = None) -> str:
    """POST pre-encoded JSON with an SDK's async client (its retries and errors); the body.

    With `fast`, the first attempt goes over it and only a failed one through the SDK.
    """
    if fast is not None:
        text = await fast.post(path, data)
        if text is not None:
            return text
    return await client.post(
        path, cast_to=str, options={"headers": _JSON}, **_post_kwargs(client, data)
    )


def answer(text: str, api: str) -> dict[str, Any]:
    """The answer's JSON object, or AgentError naming the API it should have been."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise AgentError(f"the model's answer is not JSON ({api} expected): {exc}") from None
    if not isinstance(data, dict):
        raise AgentError(f"the model's answer is not a {api} object: {type(data).__name__}")
    return data


def field(
    data: Any, name: str, kind: type | tuple[type, ...], api: str, default: Any = None
) -> Any:
    """`data[name]` if it has the type `kind`; missing or null gives `default`; else AgentError."""
    value = data.get(name) if isinstance(data, dict) else None
    if value is None:
        return default
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise AgentError(f"the model's {api} answer has a malformed {name!r}: {value!r:.200}")
    return value


def without_none(value: Any) -> Any:
    """A JSON value with null object members dropped, at every depth."""
    if isinstance(value, dict):
        return {k: without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_none(v) for v in value]
    return value


class FastPath:
    """Direct aiohttp POSTs of pre-encoded bodies to an SDK client's endpoint, on one event loop.

    Only a 2xx answer is taken from here; any other status, a connection error or a
    timeout hands the request to the SDK's own `post`, which retries it with its policy
    and raises its error types. The SDK's request pipeline (options, URL and header
    merging, cookies, httpx) costs about 0.6 ms of CPU per request; this path about 0.2.
    Needs aiohttp (the `scale` extra); `fast_path` returns None without it.
    """

    def __init__(self, sdk_client: Any, timeout: float) -> None:
        import aiohttp

        self._errors = (aiohttp.ClientError, TimeoutError)
        self.session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=0),
            timeout=aiohttp.ClientTimeout(total=timeout),
            cookie_jar=aiohttp.DummyCookieJar(),
        )
        self.base = str(sdk_client.base_url).rstrip("/")
        # In the SDK's order: the key's headers, then the client's own, where a caller's
        # `default_headers` (`--header`, even an Authorization of its own) win.
        headers = {**sdk_client.auth_headers, **sdk_client.default_headers, **_JSON}
        self.headers = {k: v for k, v in headers.items() if isinstance(v, str)}

    async def post(self, path: str, data: bytes) -> str | None:
        """The answer's text, or None when the SDK should take the request over."""
        try:
            async with self.session.post(self.base + path, data=data, headers=self.headers) as r:
                if 200 <= r.status < 300:
                    return await r.text()
        except self._errors:
            pass
        return None

    async def close(self) -> None:
        await self.session.close()


def fast_path(sdk_client: Any, timeout: float) -> FastPath | None:
    """A `FastPath` for the running event loop; None without aiohttp, or when the SDK's
    credentials are not a plain key it states in `auth_headers` (a key provider, workload
    identity) or its base URL carries credentials (`https://user:pass@host`, which aiohttp
    refuses beside an Authorization header): then every request takes the SDK's own path."""
    if not getattr(sdk_client, "auth_headers", None):
        return None
    if "@" in urlsplit(str(sdk_client.base_url)).netloc:
        return None
    try:
        return FastPath(sdk_client, timeout)
    except ImportError:
        return None
