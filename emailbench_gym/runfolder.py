"""A run folder on disk: one writer at a time, the run's configuration, its episode records.

- `results.jsonl`: one JSON line per episode, appended and flushed as each ends (a
  killed run loses only the episodes in flight; a torn last line is dropped on resume).
  The last record of an (id, repeat) wins: a resumed or regraded episode appends its
  new record, and `compact` rewrites the file atomically with the latest ones only.
- `run.json`: the configuration the folder was started with (model, profile, judge,
  scenarios, repeats, turn budget); a resume with another one is refused.
- `run.lock`: held (an OS file lock, released even by kill -9) by the one process that
  writes the folder; a second runner or regrade is refused.

Whatever is written is made writable first (lone surrogates, control characters,
integers too long to print) and scrubbed of credentials.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from emailbench_gym.redact import redact, secret_values
from emailbench_gym.safetext import clean_data, dumps_clean

RESULTS = "results.jsonl"
SUMMARY = "summary.json"
CONFIG = "run.json"
LOCK = "run.lock"

#: Statuses of an episode record: graded; played but not graded by a failing judge (regrade
#: or resume grades it); not finished (a provider or agent error: a resume plays it again).
STATUSES = ("ok", "judge_error", "error")

#: Configuration fields a resume must repeat, with the option that sets each. The judge's
#: base URL is recorded but may change (a local server's port), as may concurrency.
CONFIG_FIELDS = {
    "model": "--model/--agent",
    "profile": "--profile",
    "tools": "--tools",
    "judge": "--judge",
    "max_turns": "--max-turns",
    "request": "--temperature/--top-p/--max-tokens/--seed/--extra-body",
    "repeats": "--repeats",
    "scenarios": "--scenarios",
    "suite_hash": "the installed suite (another emailbench-gym version or edited scenario files)",
}


class RunFolderError(ValueError):
    """The folder cannot be used as asked (locked, or started with another configuration)."""


def episode_key(record: dict[str, Any]) -> tuple[str, int]:
    return str(record.get("id")), int(record.get("repeat") or 0)


def read_records(path: Path) -> list[dict[str, Any]]:
    """Records of a results file in file order; a line cut short by a killed run is skipped."""
    if not path.exists():
        return []
    records = []
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            try:
                record = json.loads(line)
            except (json.JSONDecodeError, RecursionError):
                continue
            if isinstance(record, dict) and "id" in record:
                records.append(record)
    return records


def latest_records(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The last record of every (id, repeat), in the order episodes first appeared."""
    latest: dict[tuple[str, int], dict[str, Any]] = {}
    for record in records:
        latest[episode_key(record)] = record
    return list(latest.values())


def dump_record(record: dict[str, Any], secrets: list[str] | None = None) -> str:
    """One JSON line for `record` that can always be written as UTF-8, without credentials."""
    try:
        line = dumps_clean(record)
    except (ValueError, TypeError, RecursionError) as exc:  # unprintable or absurdly deep data
        slim = {k: v for k, v in record.items() if k not in ("trajectory", "grade")}
        slim["trace_error"] = f"the trajectory could not be written: {type(exc).__name__}: {exc}"
        line = json.dumps(clean_data(slim), ensure_ascii=False, default=str)
    return redact(line, secret_values() if secrets is None else secrets)


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` at once: readers see the old file or the whole new one."""
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


class RecordWriter:
    """Appends one JSON line per episode, flushed, under a lock; scrubs credential values."""

    def __init__(self, path: Path, secrets: list[str] | None = None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._secrets = secret_values(secrets or [])
        self._handle = path.open("a", encoding="utf-8")

    def write(self, record: dict[str, Any]) -> None:
        line = dump_record(record, self._secrets)
        with self._lock:
            self._handle.write(line + "\n")
            self._handle.flush()

    def close(self) -> None:
        with contextlib.suppress(OSError):  # a full disk was reported by write() already
            self._handle.close()


class RunFolder:
    """One run directory: its lock, configuration, records and summary."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.results = self.path / RESULTS
        self._lock: FileLock | None = None

    # --- the lock -------------------------------------------------------------------------

    def acquire(self) -> None:
        """Become the folder's one writer, or raise RunFolderError if another process is."""
        self.path.mkdir(parents=True, exist_ok=True)
        lock = FileLock(self.path / LOCK, timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise RunFolderError(
                f"another emailbench process is writing to {self.path} (it holds "
                f"{self.path / LOCK}); wait for it to finish, or pass another --out"
            ) from None
        self._lock = lock

    def release(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> RunFolder:
        self.acquire()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.release()

    # --- configuration --------------------------------------------------------------------

    def config(self) -> dict[str, Any] | None:
        try:
            data = json.loads((self.path / CONFIG).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            raise RunFolderError(
                f"{self.path / CONFIG} is unreadable ({exc}); fix or remove it"
            ) from None
        return data if isinstance(data, dict) else None

    def save_config(self, config: dict[str, Any]) -> None:
        write_atomic(self.path / CONFIG, json.dumps(config, indent=2) + "\n")

    def check_config(self, wanted: dict[str, Any]) -> None:
        """Refuse a resume whose configuration differs from the folder's; adopt a new folder.

        A folder from before `run.json` existed is adopted when its records are of the
        same model.
        """
        stored = self.config()
        if stored is None:
            models = sorted({str(r.get("model")) for r in read_records(self.results)})
            others = [m for m in models if m != wanted["model"]]
            if others:
                raise RunFolderError(
                    f"{self.path} holds results of {', '.join(others)}, not {wanted['model']}; "
                    "pass another --out to start a new run"
                )
            self.save_config(wanted)
            return
        changed = [f for f in CONFIG_FIELDS if f in stored and stored.get(f) != wanted.get(f)]
        if not changed:
            return
        lines = [
            f"{f} ({CONFIG_FIELDS[f]}): the folder has {_show(stored.get(f))}, "
            f"this run asks for {_show(wanted.get(f))}"
            for f in changed
        ]
        advice = [
            "rerun with the folder's options to resume it",
            "pass another --out to start a new run",
        ]
        if "suite_hash" in changed:
            advice[0] = (
                "resume it with the emailbench-gym install that started it "
                f"({stored.get('emailbench_version', 'its version is not recorded')})"
            )
        if changed == ["judge"]:
            advice.append(
                f"or re-grade its episodes with the new judge, without calling the model: "
                f"emailbench regrade {self.path} --judge {wanted.get('judge') or 'none'}"
            )
        raise RunFolderError(
            f"{self.path} was started with another configuration:\n  "
            + "\n  ".join(lines)
            + "\nTo go on: "
            + "; ".join(advice)
            + "."
        )

    # --- records --------------------------------------------------------------------------

    def records(self) -> list[dict[str, Any]]:
        """The latest record of every episode."""
        return latest_records(read_records(self.results))

    def compact(self, keep: list[dict[str, Any]]) -> None:
        """Rewrite results.jsonl atomically with only `keep`."""
        secrets = secret_values()
        write_atomic(self.results, "".join(dump_record(r, secrets) + "\n" for r in keep))

    def needs_compaction(self, keep: list[dict[str, Any]]) -> bool:
        """Whether the file holds more than `keep` (superseded, dropped or torn lines)."""
        if not self.results.exists():
            return False
        with self.results.open("rb") as handle:
            lines = sum(1 for line in handle if line.strip())
            handle.seek(0, os.SEEK_END)
            size = handle.tell()
            torn = False
            if size:
                handle.seek(-1, os.SEEK_END)
                torn = handle.read(1) != b"\n"
        return torn or lines != len(keep)

    def save_summary(self, summary: dict[str, Any]) -> None:
        write_atomic(self.path / SUMMARY, json.dumps(summary, indent=2) + "\n")


def _show(value: Any) -> str:
    if isinstance(value, list) and len(value) > 6:
        return f"{len(value)} scenarios ({', '.join(map(str, value[:3]))}, ...)"
    return json.dumps(value)
