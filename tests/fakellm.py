"""A real loopback HTTP server that speaks the Chat Completions, Responses and Messages wire formats.

Tests drive it with the real `openai` and `anthropic` SDKs through `base_url`
(those SDKs send through their own HTTP stack, so request-mocking libraries do not
intercept them). Each test scripts the server with a `responder(request) -> Reply`;
helpers build well-formed bodies for each API. Every request is recorded.

    with FakeLLM(lambda req: chat_text("hi")) as server:
        client = openai.OpenAI(base_url=server.openai_base_url, api_key="test")
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Request:
    path: str
    body: dict[str, Any]
    headers: dict[str, str]

    @property
    def api(self) -> str:
        if self.path.endswith("/chat/completions"):
            return "chat"
        if self.path.endswith("/responses"):
            return "responses"
        if self.path.endswith("/messages"):
            return "messages"
        return "unknown"


@dataclass
class Reply:
    status: int = 200
    body: Any = None
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    #: Bytes sent as they are instead of `body` as JSON (an HTML page, a cut-off body).
    raw: bytes | None = None
    content_type: str = "application/json"


Responder = Callable[[Request], Reply]


class _Server(ThreadingHTTPServer):
    request_queue_size = 2048  # a runner opens hundreds of connections at once


class LoopbackUrls:
    """The base URLs the SDKs take for a server listening on 127.0.0.1:`port`."""

    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def openai_base_url(self) -> str:
        return f"{self.url}/v1"

    @property
    def anthropic_base_url(self) -> str:
        return self.url


class FakeLLM(LoopbackUrls):
    """Serve scripted replies on 127.0.0.1 (a free port); use as a context manager."""

    def __init__(self, responder: Responder) -> None:
        self.responder = responder
        self.requests: list[Request] = []
        self._lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            disable_nagle_algorithm = True  # headers and body go out at once: no 40 ms stalls

            def log_message(self, *args: Any) -> None:  # keep test output clean
                return

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b"{}"
                request = Request(
                    self.path,
                    json.loads(raw or b"{}"),
                    {k.lower(): v for k, v in self.headers.items()},
                )
                with outer._lock:
                    outer.requests.append(request)
                reply = outer.responder(request)
                if reply.delay:
                    time.sleep(reply.delay)
                payload = (
                    reply.raw
                    if reply.raw is not None
                    else json.dumps(reply.body if reply.body is not None else {}).encode()
                )
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", reply.content_type)
                    self.send_header("content-length", str(len(payload)))
                    for key, value in reply.headers.items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):  # the client timed out first
                    return

        self._server = _Server(("127.0.0.1", 0), Handler)
        self.port = int(self._server.server_address[1])
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> FakeLLM:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()


def sequence(*replies: Reply | Responder) -> Responder:
    """Answer the n-th request with the n-th reply (the last one repeats)."""
    items = list(replies)
    counter = {"n": 0}
    lock = threading.Lock()

    def respond(request: Request) -> Reply:
        with lock:
            index = min(counter["n"], len(items) - 1)
            counter["n"] += 1
        item = items[index]
        return item(request) if callable(item) else item

    return respond


_USAGE_CHAT = {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}


def chat_text(text: str, model: str = "fake-model") -> Reply:
    """A Chat Completions reply with assistant text."""
    return Reply(body=_chat_body({"role": "assistant", "content": text}, "stop", model))


def chat_tool_calls(
    calls: list[tuple[str, dict[str, Any] | str]], model: str = "fake-model"
) -> Reply:
    """A Chat Completions reply with (parallel) tool calls; arguments as dict or raw string."""
    tool_calls = [
        {
            "id": f"call_{i}",
            "type": "function",
            "function": {
                "name": name,
                "arguments": args if isinstance(args, str) else json.dumps(args),
            },
        }
        for i, (name, args) in enumerate(calls)
    ]
    message = {"role": "assistant", "content": None, "tool_calls": tool_calls}
    return Reply(body=_chat_body(message, "tool_calls", model))


def _chat_body(message: dict[str, Any], finish: str, model: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 1_000_000_000,
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
        "usage": _USAGE_CHAT,
    }


def responses_output(items: list[dict[str, Any]], model: str = "fake-model") -> Reply:
    """A Responses API reply with the given output items."""
    return Reply(
        body={
            "id": "resp_fake",
            "object": "response",
            "created_at": 1_000_000_000,
            "model": model,
            "status": "completed",
            "output": items,
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
            "usage": {
                "input_tokens": 11,
                "output_tokens": 7,
                "total_tokens": 18,
                "input_tokens_details": {"cached_tokens": 0},
                "output_tokens_details": {"reasoning_tokens": 0},
            },
        }
    )


def responses_text(text: str) -> Reply:
    return responses_output(
        [
            {
                "type": "message",
                "id": "msg_fake",
                "role": "assistant",
                "status": "completed",
                "content": [{"type": "output_text", "text": text, "annotations": []}],
            }
        ]
    )


def responses_tool_calls(calls: list[tuple[str, dict[str, Any] | str]]) -> Reply:
    return responses_output(
        [
            {
                "type": "function_call",
                "id": f"fc_{i}",
                "call_id": f"call_{i}",
                "name": name,
                "arguments": args if isinstance(args, str) else json.dumps(args),
                "status": "completed",
            }
            for i, (name, args) in enumerate(calls)
        ]
    )


def messages_body(content: list[dict[str, Any]], stop: str, model: str = "fake-model") -> Reply:
    return Reply(
        body={
            "id": "msg_fake",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": content,
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {"input_tokens": 11, "output_tokens": 7},
        }
    )


def messages_text(text: str) -> Reply:
    """An Anthropic Messages reply with text."""
    return messages_body([{"type": "text", "text": text}], "end_turn")


def messages_tool_use(calls: list[tuple[str, dict[str, Any]]]) -> Reply:
    """An Anthropic Messages reply with (parallel) tool_use blocks."""
    blocks = [
        {"type": "tool_use", "id": f"toolu_{i}", "name": n, "input": a}
        for i, (n, a) in enumerate(calls)
    ]
    return messages_body(blocks, "tool_use")


def error(status: int, message: str = "scripted error") -> Reply:
    """An API error in the shape both SDKs parse."""
    return Reply(status=status, body={"error": {"type": "error", "message": message}})
