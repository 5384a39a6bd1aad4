"""Which episode each MCP session works on: one per session, bounded in number and idle time.

`EpisodeRegistry` maps an MCP session (the Streamable HTTP `mcp-session-id`, or the one
stdio connection) to its own `ToolSession`, so sessions never see each other's writes and
one `submit_answer` ends one episode. It enforces the server's limits: at most
`max_sessions` open at once (a new one is refused while full) and `idle_timeout` seconds
without a request before a session is closed (never while one of its calls runs).

`Suite` is the multi-episode mode for external agents: a queue of scenario ids shared by
the sessions (`next_task` takes the next one), and a run folder whose `results.jsonl` gets
one record per graded episode in the runner's format, so `emailbench report` reads it and a
restarted server resumes where it stopped. Nothing here imports the MCP SDK.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from emailbench_gym.integrations.mcp.limits import DEFAULT_IDLE_TIMEOUT, DEFAULT_MAX_SESSIONS
from emailbench_gym.integrations.session import ToolSession

log = logging.getLogger("emailbench.mcp")


def short(key: str | None) -> str:
    """A session id as the request log shows it."""
    return "stdio" if key is None else key[:8]


@dataclass
class Slot:
    """One MCP session: its episode (made on first use), activity and calls in flight."""

    key: str | None
    factory: Callable[[], ToolSession]
    last_seen: float
    busy: int = 0
    _session: ToolSession | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def session(self) -> ToolSession:
        """The session's `ToolSession`, built on first use (call from a worker thread)."""
        with self._lock:
            if self._session is None:
                self._session = self.factory()
            return self._session

    @property
    def started(self) -> ToolSession | None:
        return self._session


class EpisodeRegistry:
    """Per-session episodes with a session limit and an idle timeout (see the module docstring)."""

    def __init__(
        self,
        factory: Callable[[], ToolSession],
        *,
        max_sessions: int = DEFAULT_MAX_SESSIONS,
        idle_timeout: float = DEFAULT_IDLE_TIMEOUT,
        on_close: Callable[[Slot], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_sessions < 1:
            raise ValueError(f"max_sessions must be at least 1, got {max_sessions}")
        if not idle_timeout > 0:
            raise ValueError(
                f"idle_timeout must be a positive number of seconds, got {idle_timeout}"
            )
        self.factory = factory
        self.max_sessions = max_sessions
        self.idle_timeout = idle_timeout
        self.on_close = on_close
        self.clock = clock
        self._slots: dict[str | None, Slot] = {}
        self._reserved = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._slots)

    def reserve(self) -> bool:
        """Hold a place for a session being opened; False when the server is full."""
        self.reap()
        with self._lock:
            if len(self._slots) + self._reserved >= self.max_sessions:
                return False
            self._reserved += 1
            return True

    def open(self, key: str | None, *, reserved: bool = False) -> Slot | None:
        """Register session `key` (taking its reservation); None when full."""
        with self._lock:
            if reserved:
                self._reserved -= 1
            if key in self._slots:
                return self._slots[key]
            if len(self._slots) + self._reserved >= self.max_sessions:
                return None
            slot = Slot(key, self.factory, self.clock())
            self._slots[key] = slot
        log.info("[%s] session opened (%d open)", short(key), len(self._slots))
        return slot

    def release(self) -> None:
        """Give back a reservation whose session was never established."""
        with self._lock:
            self._reserved -= 1

    def get(self, key: str | None) -> Slot | None:
        with self._lock:
            slot = self._slots.get(key)
            if slot is not None:
                slot.last_seen = self.clock()
            return slot

    def close(self, key: str | None, reason: str) -> None:
        with self._lock:
            slot = self._slots.pop(key, None)
        if slot is None:
            return
        log.info("[%s] session closed: %s (%d open)", short(key), reason, len(self._slots))
        if self.on_close is not None:
            self.on_close(slot)

    def reap(self) -> list[str | None]:
        """Close every session idle for longer than `idle_timeout` with no call in flight."""
        now = self.clock()
        with self._lock:
            idle = [
                key
                for key, slot in self._slots.items()
                if slot.busy == 0 and now - slot.last_seen > self.idle_timeout
            ]
        for key in idle:
            self.close(key, f"idle for more than {self.idle_timeout:g} s")
        return idle

    @contextmanager
    def busy(self, slot: Slot) -> Iterator[None]:
        """Mark a call in flight on `slot` (an idle session is one with none for `idle_timeout`)."""
        with self._lock:
            slot.busy += 1
            slot.last_seen = self.clock()
        try:
            yield
        finally:
            with self._lock:
                slot.busy -= 1
                slot.last_seen = self.clock()


class Suite:
    """A shared queue of scenarios for external agents, graded server-side into a run folder.

    The folder is a run folder like `emailbench run`'s: this server holds its lock while it
    serves, `run.json` records the suite (the label as the model, the profile and tools mode, the judge,
    `max_calls` as the turn budget; a restart with another one is refused) and
    `summary.json` is rewritten as episodes are graded, so a finished suite passes
    `emailbench check-submission`. `scenario_ids` is the suite's scenario source.
    """

    def __init__(
        self,
        scenario_ids: Sequence[str],
        out_dir: Path,
        *,
        label: str,
        profile: str,
        tools: str = "profile",
        max_calls: int,
        judge: str | None = None,
    ) -> None:
        from emailbench_gym.provenance import now, stamp
        from emailbench_gym.runfolder import RecordWriter, RunFolder
        from emailbench_gym.submission import RunConfig

        self.folder = RunFolder(out_dir)
        self.folder.acquire()  # RunFolderError while another server or run writes it
        try:
            self.folder.check_config(
                RunConfig(
                    model=label,
                    profile=profile,
                    tools=tools,
                    judge=judge,
                    max_turns=max_calls,
                    repeats=1,
                    scenarios=sorted(set(scenario_ids)),
                    **stamp(),
                    started=now(),
                ).dump()
            )
            done = {r["id"] for r in self.folder.records() if r.get("status") == "ok"}
            self._writer = RecordWriter(self.folder.results)
        except BaseException:
            self.folder.release()
            raise
        self.out_dir, self.results = self.folder.path, self.folder.results
        self.label, self.profile, self.max_calls = label, profile, max_calls
        self.total = len(scenario_ids)
        self.done = sum(sid in done for sid in scenario_ids)
        self._pending = deque(sid for sid in scenario_ids if sid not in done)
        self._lock = threading.Lock()

    @property
    def remaining(self) -> int:
        return len(self._pending)

    def take(self) -> str | None:
        """The next scenario id, or None when every scenario is done or handed out."""
        with self._lock:
            return self._pending.popleft() if self._pending else None

    def give_back(self, scenario_id: str) -> None:
        """Requeue a scenario whose session closed before grading it."""
        with self._lock:
            self._pending.appendleft(scenario_id)
        log.info("%s requeued (its session closed before submit_answer)", scenario_id)

    def record(self, session: ToolSession) -> None:
        """Append the graded episode of `session` to results.jsonl (the runner's record shape)."""
        self._writer.write(episode_record(session, self.label))
        with self._lock:
            self.done += 1
        log.info(
            "%s graded: score %.2f, %s (%d/%d done)",
            session.scenario_id,
            session.score,
            "passed" if session.grade and session.grade.passed else "failed",
            self.done,
            self.total,
        )

        if self.done == self.total:
            self.write_summary()

    def progress(self) -> dict[str, Any]:
        return {"graded": self.done, "remaining": self.remaining, "total": self.total}

    def write_summary(self) -> None:
        """summary.json (the Table 3 row, run.json under `run`), as `emailbench run` writes it."""
        from emailbench_gym.runner import write_summary

        write_summary(self.folder, self.folder.records(), self.label)

    def close(self) -> None:
        """Write the summary, close results.jsonl and give up the folder's lock."""
        try:
            self.write_summary()
            self._writer.close()
        finally:
            self.folder.release()


def episode_record(session: ToolSession, label: str) -> dict[str, Any]:
    """A `results.jsonl` record of a graded session, built through `EpisodeRecord` (the runner's).

    Each tool call is one iteration (MCP sends one call per request); tokens are unknown to
    the server (the agent's model is on the client side) and recorded as 0.
    """
    from emailbench_gym.provenance import stamp
    from emailbench_gym.replay import grade_fields
    from emailbench_gym.scenarios import load_scenario
    from emailbench_gym.submission import EpisodeRecord, Tokens, Turn

    assert session.grade is not None and session.scenario_id is not None
    scenario = load_scenario(session.scenario_id)
    trajectory = [
        Turn(
            iteration=index + 1,
            text="",
            latency=None,
            tokens=Tokens(input=0, output=0),
            calls=[call],
        )
        for index, call in enumerate(session.trajectory)
    ]
    return EpisodeRecord(
        id=scenario.id,
        model=label,
        agent="mcp",
        suite_hash=stamp()["suite_hash"],
        repeat=0,
        category=scenario.category,
        difficulty=scenario.difficulty,
        domains=list(scenario.domains),
        retained=scenario.retained,
        **grade_fields(session.grade),  # status, error, passed, scores, grade: judge_error apart
        calls=len(session.trajectory),
        failed_calls=sum(c["is_error"] for c in session.trajectory),
        iterations=len(session.trajectory),
        terminated=session.submitted,
        truncated=not session.submitted,
        latency=session.elapsed,
        grading_time=None,
        tokens=Tokens(input=0, output=0),
        final_answer=session.answer,
        trajectory=trajectory,
    ).dump()
