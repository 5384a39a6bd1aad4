"""A loopback model server for rollout benchmarks: answers after a fixed latency, costs little CPU.

It speaks just enough of Chat Completions, Responses and Messages for a scripted episode:
`turns - 1` turns of one cheap tool call (`folders_list`), then a final text answer. It
counts the tool results already in the request (a byte search, no JSON parsing) to know
where the episode is, so it is stateless. Every answer is pre-encoded and sent with
`loop.call_later(latency)`, on one asyncio loop in its own process: at thousands of
requests per second it stays well under a core, so the client's CPU is what is measured.
tests/fakellm.py is the scriptable (thread-per-request) server the tests use; this one is
for throughput only, and answers with the same bodies (fakellm's helpers build them).

    with LoopbackModel(latency=0.2, turns=3) as server:
        ... base_url=server.openai_base_url ...
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script, too

from tests.fakellm import (
    LoopbackUrls,
    chat_text,
    chat_tool_calls,
    messages_text,
    messages_tool_use,
    responses_text,
    responses_tool_calls,
)

_TOOL_RESULTS = {
    b"/v1/chat/completions": re.compile(rb'"role": ?"tool"'),
    b"/v1/responses": re.compile(rb'"type": ?"function_call_output"'),
    b"/v1/messages": re.compile(rb'"type": ?"tool_result"'),
}
CALL = ("folders_list", {"parentFolderId": None})
ANSWER = "Done: the folders are listed."

#: Per API path: (the tool-call answer, the final answer), built by tests/fakellm.py's helpers.
BODIES = {
    b"/v1/chat/completions": (chat_tool_calls([CALL]), chat_text(ANSWER)),
    b"/v1/responses": (responses_tool_calls([CALL]), responses_text(ANSWER)),
    b"/v1/messages": (messages_tool_use([CALL]), messages_text(ANSWER)),
}


def _http(status: str, body: bytes) -> bytes:
    head = (
        f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


ANSWERS = {
    path: tuple(_http("200 OK", json.dumps(reply.body).encode()) for reply in pair)
    for path, pair in BODIES.items()
}
NOT_FOUND = _http("404 Not Found", b'{"error": {"type": "error", "message": "no such path"}}')


class _Connection(asyncio.Protocol):
    """One keep-alive HTTP/1.1 connection: reads a request, answers it `latency` later."""

    def __init__(self, latency: float, turns: int, stats: dict[str, int]) -> None:
        self.latency = latency
        self.turns = turns
        self.stats = stats
        self.buffer = bytearray()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(self.buffer[:end]).lower()
            match = re.search(rb"\r\ncontent-length: *(\d+)", head)
            length = int(match.group(1)) if match else 0
            if len(self.buffer) < end + 4 + length:
                return
            body = bytes(self.buffer[end + 4 : end + 4 + length])
            del self.buffer[: end + 4 + length]
            self._answer(head.split(b" ", 2)[1].split(b"?")[0], body)

    def _answer(self, path: bytes, body: bytes) -> None:
        self.stats["requests"] += 1
        pattern = _TOOL_RESULTS.get(path)
        if pattern is None:
            reply = NOT_FOUND
        else:
            done = len(pattern.findall(body))
            reply = ANSWERS[path][1 if done >= self.turns - 1 else 0]
        loop = asyncio.get_running_loop()
        loop.call_later(self.latency, self._send, reply)

    def _send(self, reply: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None


async def _serve(latency: float, turns: int) -> None:
    """Serve until standard input closes; print the port first and the request count last."""
    stats = {"requests": 0}
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: _Connection(latency, turns, stats), "127.0.0.1", 0, backlog=4096
    )
    print(server.sockets[0].getsockname()[1], flush=True)
    await loop.run_in_executor(None, sys.stdin.read)
    server.close()
    print(stats["requests"], flush=True)


class LoopbackModel(LoopbackUrls):
    """The server in a child process on 127.0.0.1 (a free port); use as a context manager."""

    def __init__(self, latency: float = 0.2, turns: int = 3) -> None:
        if turns < 1:
            raise ValueError("turns must be at least 1")
        self.latency = latency
        self.turns = turns
        self.port = 0
        #: Requests the server answered (known after the server stopped).
        self.requests = 0
        self._process: subprocess.Popen[str] | None = None

    def cpu_seconds(self) -> float | None:
        """CPU time the server process has used so far (Linux `/proc`; None elsewhere): on a
        machine where it shares the client's cores, what it takes from them."""
        if self._process is None:
            return None
        try:
            fields = Path(f"/proc/{self._process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime

    def __enter__(self) -> LoopbackModel:
        self._process = subprocess.Popen(
            [sys.executable, __file__, str(self.latency), str(self.turns)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self._process.stdin is not None and self._process.stdout is not None
        self.port = int(self._process.stdout.readline())
        return self

    def __exit__(self, *exc: Any) -> None:
        process = self._process
        if process is None:
            return
        assert process.stdin is not None and process.stdout is not None
        with contextlib.suppress(OSError, ValueError):
            process.stdin.close()
            self.requests = int(process.stdout.readline() or 0)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


if __name__ == "__main__":
    asyncio.run(_serve(float(sys.argv[1]), int(sys.argv[2])))
