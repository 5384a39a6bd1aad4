"""Run an agent over scenarios: parallel episodes, append-only JSONL traces, resumable.

`run(agent_factory, scenario_ids, out_dir)` plays every (scenario, repeat) pair not
yet recorded with status "ok" in `out_dir/results.jsonl`, on a thread pool (model
calls are I/O bound; each worker has its own env). Every finished episode is
appended and flushed under a lock, so a killed run loses only the episodes in
flight; a rerun skips what is done and retries episodes recorded as "error" (a
provider failure that survived retries, never counted as a fail). `summary.json`
holds the paper's Table 3 row. API keys live only in the SDKs' environment
variables; as a safeguard, any such value is scrubbed from what is written.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from emailbench_gym.actions import parse_turn
from emailbench_gym.agents.base import Agent, AgentFactory
from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.grading.judge import Judge, make_judge
from emailbench_gym.scenarios import CATEGORIES, load_scenario, scenario_ids

RESULTS = "results.jsonl"
SUMMARY = "summary.json"


# --- one episode --------------------------------------------------------------------------


def play_episode(agent: Agent, env: EmailBenchEnv, scenario_id: str, repeat: int = 0) -> dict:
    """Play one episode and return its record (status "error" if the agent raised)."""
    began = time.perf_counter()
    observation, info = env.reset(options={"scenario_id": scenario_id})
    trajectory: list[dict[str, Any]] = []
    status, error, answer, grade = "ok", None, "", None
    terminated = truncated = False
    try:
        agent.start(observation, {**info, "repeat": repeat})
        while not (terminated or truncated):
            action = agent.act(observation)
            calls = parse_turn(action).calls
            observation, _reward, terminated, truncated, step = env.step(action)
            usage = agent.last_turn
            trajectory.append(
                {
                    "iteration": len(trajectory) + 1,
                    "text": usage.text,
                    "latency": usage.latency,
                    "tokens": {"input": usage.input_tokens, "output": usage.output_tokens},
                    "calls": [
                        {
                            "id": r["id"],
                            "name": r["name"],
                            "arguments": c.arguments,
                            "is_error": r["is_error"],
                            "content": r["content"],
                        }
                        for c, r in zip(calls, observation["results"], strict=False)
                    ],
                }
            )
        answer, grade = step["answer"], step["grade"]
    except Exception as exc:  # a provider error after retries, or a broken agent: rerun later
        status, error = "error", f"{type(exc).__name__}: {exc}"
    all_calls = [c for t in trajectory for c in t["calls"]]
    return {
        "id": scenario_id,
        "model": agent.model,
        "agent": agent.kind,
        "repeat": repeat,
        "status": status,
        "error": error,
        "category": info["category"],
        "difficulty": info["difficulty"],
        "domains": info["domains"],
        "retained": info["retained"],
        "passed": bool(grade and grade.passed),
        "score": grade.score if grade else 0.0,
        "static_score": grade.static_score if grade else None,
        "rubric_score": grade.rubric_score if grade else None,
        "calls": len(all_calls),
        "failed_calls": sum(c["is_error"] for c in all_calls),
        "iterations": len(trajectory),
        "terminated": terminated,
        "truncated": truncated,
        "latency": time.perf_counter() - began,
        "tokens": {
            "input": sum(t["tokens"]["input"] for t in trajectory),
            "output": sum(t["tokens"]["output"] for t in trajectory),
        },
        "final_answer": answer,
        "trajectory": trajectory,
        "grade": grade.model_dump(mode="json") if grade else None,
    }


# --- records on disk ----------------------------------------------------------------------


def read_records(path: Path) -> list[dict[str, Any]]:
    """Records of a results file; a line cut short by a killed run is skipped."""
    if not path.exists():
        return []
    records = []
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(record, dict) and "id" in record:
                records.append(record)
    return records


def _secrets() -> list[str]:
    """Values of credential-like environment variables, longest first."""
    values = {
        v
        for k, v in os.environ.items()
        if len(v) >= 8 and any(w in k.upper() for w in ("KEY", "TOKEN", "SECRET", "PASSWORD"))
    }
    return sorted(values, key=len, reverse=True)


class RecordWriter:
    """Appends one JSON line per episode, flushed, under a lock; scrubs credential values."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._secrets = _secrets()
        self._handle = path.open("a", encoding="utf-8")

    def write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False, default=str)
        for secret in self._secrets:
            line = line.replace(secret, "[redacted]")
        with self._lock:
            self._handle.write(line + "\n")
            self._handle.flush()

    def close(self) -> None:
        self._handle.close()


def _compact(path: Path, keep: list[dict[str, Any]]) -> None:
    """Rewrite the file atomically with only the records kept (errors are about to be retried)."""
    temp = path.with_suffix(".jsonl.tmp")
    with temp.open("w", encoding="utf-8") as handle:
        handle.writelines(json.dumps(r, ensure_ascii=False, default=str) + "\n" for r in keep)
    os.replace(temp, path)


# --- Table 3 ------------------------------------------------------------------------------


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _pct(part: int, whole: int) -> float | None:
    return 100.0 * part / whole if whole else None


def summarize(records: Iterable[dict[str, Any]], model: str | None = None) -> dict[str, Any]:
    """The Table 3 row over the "ok" episodes (errors are counted, not graded).

    Full / Ret. / Rem. / Call ok / Clean are percentages; Static is the mean static score of
    episodes that have one; LLM the mean rubric score (null as 0) when a judge graded the
    run, else null; Calls and Latency are means per episode.
    """
    records = list(records)
    ok = [r for r in records if r["status"] == "ok"]
    retained = [r for r in ok if r["retained"]]
    removed = [r for r in ok if not r["retained"]]
    calls = sum(r["calls"] for r in ok)
    failed = sum(r["failed_calls"] for r in ok)
    judged = any((r.get("grade") or {}).get("judge") for r in ok)
    return {
        "model": model or (records[0]["model"] if records else None),
        "episodes": len(ok),
        "passed": sum(r["passed"] for r in ok),
        "pass_rate": _pct(sum(r["passed"] for r in ok), len(ok)),
        "retained_pass_rate": _pct(sum(r["passed"] for r in retained), len(retained)),
        "removed_pass_rate": _pct(sum(r["passed"] for r in removed), len(removed)),
        "static": _mean([r["static_score"] for r in ok if r["static_score"] is not None]),
        "llm": _mean([r["rubric_score"] or 0.0 for r in ok]) if judged else None,
        "score": _mean([r["score"] for r in ok]),
        "calls": _mean([r["calls"] for r in ok]),
        "call_ok": _pct(calls - failed, calls),
        "clean": _pct(sum(r["calls"] > 0 and r["failed_calls"] == 0 for r in ok), len(ok)),
        "latency": _mean([r["latency"] for r in ok]),
        "errors": sum(r["status"] != "ok" for r in records),
    }


TABLE3_HEADER = ("Model", "Pass", "Full", "Ret.", "Rem.", "Static", "LLM", "Calls", "Call ok", "Clean", "Latency")  # fmt: skip


def table3_row(summary: dict[str, Any]) -> str:
    """The summary as the paper's Table 3 row, with a header line (tab-free, aligned)."""

    def num(value: float | None, spec: str) -> str:
        return "-" if value is None else format(value, spec)

    cells = (
        str(summary["model"]),
        f"{summary['passed']}/{summary['episodes']}",
        num(summary["pass_rate"], ".1f"),
        num(summary["retained_pass_rate"], ".1f"),
        num(summary["removed_pass_rate"], ".1f"),
        num(summary["static"], ".3f"),
        num(summary["llm"], ".3f"),
        num(summary["calls"], ".2f"),
        num(summary["call_ok"], ".1f"),
        num(summary["clean"], ".1f"),
        num(summary["latency"], ".2f"),
    )
    widths = [max(len(h), len(c)) for h, c in zip(TABLE3_HEADER, cells, strict=True)]
    line = "  ".join(h.ljust(w) for h, w in zip(TABLE3_HEADER, widths, strict=True))
    row = "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True))
    text = f"{line.rstrip()}\n{row.rstrip()}"
    if summary["errors"]:
        text += f"\n({summary['errors']} episode(s) ended in a provider error; rerun to retry them)"
    return text


# --- the run ------------------------------------------------------------------------------


def select_scenarios(spec: str | None) -> list[str]:
    """Scenario ids from a comma-separated mix of ids, categories, D1/D2/D3, retained/removed.

    Ids and categories add scenarios (all of them when neither is given); difficulty levels
    and retained/removed narrow the selection.
    """
    known = scenario_ids()
    tokens = [t.strip() for t in (spec or "").split(",") if t.strip()]
    ids, categories, levels, kept = set(), set(), set(), set()
    for token in tokens:
        if token in known:
            ids.add(token)
        elif token in CATEGORIES:
            categories.add(token)
        elif token.upper() in ("D1", "D2", "D3"):
            levels.add(token.upper())
        elif token in ("retained", "removed"):
            kept.add(token == "retained")
        else:
            raise ValueError(
                f"--scenarios: {token!r} is not a scenario id, category ({', '.join(CATEGORIES)}), "
                "D1/D2/D3, retained or removed"
            )
    chosen = []
    for sid in known:
        scenario = load_scenario(sid)
        if (ids or categories) and sid not in ids and scenario.category not in categories:
            continue
        if levels and scenario.difficulty not in levels:
            continue
        if kept and scenario.retained not in kept:
            continue
        chosen.append(sid)
    if not chosen:
        raise ValueError(f"--scenarios {spec!r} selects no scenario")
    return chosen


class _Progress:
    """A rich progress bar with the live pass rate (silent when stdout is not a terminal)."""

    def __init__(self, label: str, total: int, enabled: bool) -> None:
        self.bar = None
        self.passed = self.done = self.errors = 0
        if enabled and total:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

            self.bar = Progress(
                "[bold]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                "{task.fields[rate]}",
                TimeElapsedColumn(),
                transient=False,
            )
            self.task = self.bar.add_task(label, total=total, rate="")
            self.bar.start()

    def update(self, record: dict[str, Any]) -> None:
        self.done += 1
        self.errors += record["status"] != "ok"
        self.passed += record["passed"]
        if self.bar is not None:
            graded = self.done - self.errors
            rate = f"pass {100 * self.passed / graded:.1f}%" if graded else ""
            rate += f"  errors {self.errors}" if self.errors else ""
            self.bar.update(self.task, advance=1, rate=rate)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def run(
    agent_factory: AgentFactory,
    scenario_ids: Sequence[str],
    out_dir: str | Path,
    repeats: int = 1,
    concurrency: int = 4,
    judge: str | Judge | None = None,
    profile: str = "adapter",
    max_turns: int | None = None,
    progress: bool | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play every (scenario, repeat) not yet recorded as "ok" in `out_dir`; returns the summary.

    `agent_factory(env)` builds a fresh agent per episode. `judge` is None, a judge
    object or "provider:model" (made once and shared). `progress` defaults to a bar when
    stdout is a terminal. `summary.json` is rewritten at the end from every record.
    """
    if repeats < 1 or concurrency < 1:
        raise ValueError("repeats and concurrency must be at least 1")
    ids = list(dict.fromkeys(scenario_ids))
    if not ids:
        raise ValueError("no scenarios to run")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / RESULTS
    judge_obj = make_judge(judge) if isinstance(judge, str) else judge
    local = threading.local()

    def worker_env() -> EmailBenchEnv:
        if getattr(local, "env", None) is None:
            local.env = EmailBenchEnv(
                scenarios=ids, profile=profile, judge=judge_obj, max_turns=max_turns
            )
        return local.env

    model = agent_factory(worker_env()).model
    existing = read_records(path)
    others = sorted({r.get("model") for r in existing} - {model})
    if others:
        raise ValueError(
            f"{out} holds results of {', '.join(map(str, others))}, not {model}; choose another --out"
        )
    done = [r for r in existing if r.get("status") == "ok"]
    if len(done) != len(existing) or (path.exists() and not _ends_cleanly(path)):
        _compact(path, done)
    finished = {(r["id"], r["repeat"]) for r in done}
    pending = [(sid, k) for sid in ids for k in range(repeats) if (sid, k) not in finished]

    def episode(sid: str, repeat: int) -> dict[str, Any]:
        env = worker_env()
        return play_episode(agent_factory(env), env, sid, repeat)

    writer = RecordWriter(path)
    bar = _Progress(model, len(pending), sys.stdout.isatty() if progress is None else progress)
    pool = ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="emailbench")
    try:
        futures = [pool.submit(episode, sid, k) for sid, k in pending]
        for future in as_completed(futures):
            record = future.result()
            writer.write(record)
            bar.update(record)
            if on_record is not None:
                on_record(record)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        writer.close()
        bar.close()
    summary = summarize(read_records(path), model)
    (out / SUMMARY).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return summary


def _ends_cleanly(path: Path) -> bool:
    """Whether the file is empty or ends with a newline (a killed write may leave half a line)."""
    with path.open("rb") as handle:
        handle.seek(0, os.SEEK_END)
        if handle.tell() == 0:
            return True
        handle.seek(-1, os.SEEK_END)
        return handle.read(1) == b"\n"
