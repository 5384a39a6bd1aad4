"""Run an agent over scenarios: parallel episodes, append-only JSONL traces, resumable.

`run(agent_factory, scenario_ids, out_dir)` plays every (scenario, repeat) pair of
the folder not yet finished, `concurrency` episodes at a time on one asyncio event loop
(model agents await their requests, so a thousand episodes in flight cost one thread;
each in-flight episode has its own env; judge-graded steps run in a thread pool), and
appends each episode's record as it ends (`runfolder`). A record
is `ok` (graded), `judge_error` (played, but the judge failed: never counted as a
model failure; a rerun re-grades it from its trace, without calling the model) or
`error` (a provider or agent failure: a rerun plays it again). One process writes a
folder at a time, and a rerun must repeat the folder's configuration. `summary.json`
holds the paper's Table 3 row over the `ok` episodes, with the others counted apart.

Latency is the agent's: the episode's wall time without grading (`grading_time`).
Model text is cleaned where it enters a record (`safetext`); API keys live only in the
SDKs' environment variables and are scrubbed from everything written.
"""

from __future__ import annotations

import asyncio
import functools
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from emailbench_gym.actions import parse_turn
from emailbench_gym.agents.base import Agent, AgentFactory
from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.env_worker import WorkerSpec
from emailbench_gym.errors import ScenarioError
from emailbench_gym.grading.judge import Judge, make_judge
from emailbench_gym.provenance import now, stamp
from emailbench_gym.redact import redact_settings, redact_url
from emailbench_gym.replay import grade_fields, regrade_record, regrade_records
from emailbench_gym.runfolder import (
    RESULTS,
    STATUSES,
    SUMMARY,
    RecordWriter,
    RunFolder,
    RunFolderError,
    episode_key,
    latest_records,
    read_records,
)
from emailbench_gym.safetext import clean_text
from emailbench_gym.scenarios import CATEGORIES, GENERATED_ID, load_scenario, scenario_ids
from emailbench_gym.submission import CallRecord, EpisodeRecord, RunConfig, Tokens, Turn
from emailbench_gym.tools import Profile, load_profile

__all__ = [
    "RESULTS",
    "SUMMARY",
    "RunFolderError",
    "RunInterrupted",
    "aplay_episode",
    "play_episode",
    "read_records",
    "regrade_run",
    "run",
    "select_scenarios",
    "summarize",
    "table3_row",
    "write_summary",
]


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run; every finished episode is saved and a rerun resumes it."""

    def __init__(self, out: Path, saved: int, summary: dict[str, Any]) -> None:
        super().__init__(f"{saved} episodes saved in {out}; rerun the same command to resume")
        self.out = out
        self.saved = saved
        self.summary = summary


# --- one episode --------------------------------------------------------------------------


def _labels(scenario_id: str, info: dict[str, Any]) -> dict[str, Any]:
    if not info:
        try:
            scenario = load_scenario(scenario_id)
            info = {
                "category": scenario.category,
                "difficulty": scenario.difficulty,
                "domains": list(scenario.domains),
                "retained": scenario.retained,
            }
        except (KeyError, ScenarioError):
            info = {}
    return {k: info.get(k) for k in ("category", "difficulty", "domains", "retained")}


async def _act(agent: Agent, observation: dict[str, Any]) -> Any:
    """One agent turn on the event loop: `aact` if the agent has one, else `act` in a thread."""
    aact = getattr(agent, "aact", None)
    if aact is not None:
        return await aact(observation)
    return await asyncio.to_thread(agent.act, observation)


async def aplay_episode(
    agent: Agent,
    env: EmailBenchEnv,
    scenario_id: str,
    repeat: int = 0,
    executor: Executor | None = None,
) -> dict:
    """Play one episode on the running event loop and return its record (see `play_episode`).

    With `executor`, env steps run in it (a judge's requests block for seconds); without,
    they run on the loop (an offline step costs tens of microseconds). Cancelling the
    task abandons the episode (it is played again later).
    """
    loop = asyncio.get_running_loop()

    async def env_call(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if executor is None:
            return func(*args, **kwargs)
        return await loop.run_in_executor(executor, functools.partial(func, *args, **kwargs))

    began = time.perf_counter()
    latency = grading = 0.0
    trajectory: list[Turn] = []
    info: dict[str, Any] = {}
    status, error, answer, grade = "ok", None, "", None
    terminated = truncated = False
    try:
        observation, info = await env_call(env.reset, options={"scenario_id": scenario_id})
        agent.start(observation, {**info, "repeat": repeat})
        while not (terminated or truncated):
            action = await _act(agent, observation)
            calls = parse_turn(action).calls
            stepped = time.perf_counter()
            observation, _reward, terminated, truncated, step = await env_call(env.step, action)
            if terminated or truncated:
                latency, grading = stepped - began, time.perf_counter() - stepped
            usage = agent.last_turn
            trajectory.append(
                Turn(
                    iteration=len(trajectory) + 1,
                    text=clean_text(usage.text or ""),
                    latency=usage.latency,
                    tokens=Tokens(input=usage.input_tokens, output=usage.output_tokens),
                    calls=[
                        CallRecord(
                            id=r["id"],
                            name=r["name"],
                            arguments=c.arguments,
                            rejected=c.error,
                            is_error=r["is_error"],
                            content=r["content"],
                        )
                        for c, r in zip(calls, observation["results"], strict=False)
                    ],
                )
            )
        answer, grade = clean_text(step["answer"] or ""), step["grade"]
    except Exception as exc:  # a provider error after retries, or a broken agent: rerun later
        status, error = "error", clean_text(f"{type(exc).__name__}: {exc}")
        latency = time.perf_counter() - began
    all_calls = [c for t in trajectory for c in t.calls]
    graded: dict[str, Any] = {
        "status": status,
        "error": error,
        "passed": False,
        "score": 0.0,
        "static_score": None,
        "rubric_score": None,
        "grade": None,
    }
    if grade is not None:
        graded.update(grade_fields(grade))
    return EpisodeRecord(
        id=scenario_id,
        model=agent.model,
        agent=agent.kind,
        suite_hash=stamp()["suite_hash"],
        repeat=repeat,
        **_labels(scenario_id, info),
        calls=len(all_calls),
        failed_calls=sum(c.is_error for c in all_calls),
        iterations=len(trajectory),
        terminated=terminated,
        truncated=truncated,
        latency=latency,
        grading_time=grading,
        tokens=Tokens(
            input=sum(t.tokens.input for t in trajectory),
            output=sum(t.tokens.output for t in trajectory),
        ),
        final_answer=answer,
        trajectory=trajectory,
        **graded,
    ).dump()


def play_episode(agent: Agent, env: EmailBenchEnv, scenario_id: str, repeat: int = 0) -> dict:
    """Play one episode and return its record (status "error" if the agent or env raised).

    `latency` is the wall time until the final step began (agent turns and tool calls);
    the final step's grading is `grading_time`.
    """
    return asyncio.run(aplay_episode(agent, env, scenario_id, repeat))


# --- Table 3 ------------------------------------------------------------------------------


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _pct(part: int, whole: int) -> float | None:
    return 100.0 * part / whole if whole else None


def summarize(records: Iterable[dict[str, Any]], model: str | None = None) -> dict[str, Any]:
    """The Table 3 row over the "ok" episodes (judge errors and errors counted apart).

    Takes the latest record of each episode. Full / Ret. / Rem. / Call ok / Clean are
    percentages; Static is the mean static score of episodes that have one; LLM the mean
    rubric score (null as 0) when a judge graded the run, else null; Calls and Latency
    are means per episode. Tokens are summed over every episode's latest record, whatever
    its status (what the run spent; the report prices them).
    """
    records = latest_records(records)
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
        "judge_errors": sum(r["status"] == "judge_error" for r in records),
        "errors": sum(r["status"] == "error" for r in records),
        "input_tokens": sum((r.get("tokens") or {}).get("input", 0) for r in records),
        "output_tokens": sum((r.get("tokens") or {}).get("output", 0) for r in records),
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
    if summary.get("judge_errors"):
        text += (
            f"\n({summary['judge_errors']} episode(s) not graded: the judge failed (judge_error); "
            "rerun or `emailbench regrade` to grade them without calling the model)"
        )
    if summary["errors"]:
        text += f"\n({summary['errors']} episode(s) ended in a provider error; rerun to retry them)"
    if summary.get("skipped"):
        text += f"\n({len(summary['skipped'])} scenario(s) skipped: their files do not load)"
    return text


# --- the run ------------------------------------------------------------------------------


def _scenario_labels(scenario_id: str) -> tuple[str | None, str | None, bool | None]:
    """(category, difficulty, retained) of a scenario; the folder's category for a bad file."""
    if re.fullmatch(GENERATED_ID, scenario_id):
        from emailbench_gym.families.serve import labels

        category, difficulty, _domains = labels(scenario_id)
        return category, difficulty, False
    try:
        scenario = load_scenario(scenario_id)
    except ScenarioError:
        from emailbench_gym.catalog import scenario_paths

        return scenario_paths()[scenario_id].parent.name, None, None
    return scenario.category, scenario.difficulty, scenario.retained


def select_scenarios(spec: str | None) -> list[str]:
    """Scenario ids from a comma-separated mix of ids, categories, D1/D2/D3, retained/removed.

    Ids and categories add scenarios (all of them when neither is given); difficulty levels
    and retained/removed narrow the selection. `split:NAME` (train, dev, heldout, test)
    makes that split's tasks the ones to choose from instead of the 206-scenario suite. A scenario whose file does not load stays
    selected unless its folder's category is filtered out, so that the run reports it.
    """
    from emailbench_gym.families.serve import SPLIT_PREFIX, resolve_split

    tokens = [t.strip() for t in (spec or "").split(",") if t.strip()]
    splits = [t[len(SPLIT_PREFIX) :] for t in tokens if t.startswith(SPLIT_PREFIX)]
    known = [sid for name in splits for sid in resolve_split(name)] if splits else scenario_ids()
    ids, categories, levels, kept = set(), set(), set(), set()
    for token in tokens:
        if token.startswith(SPLIT_PREFIX):
            continue
        if token in known or re.fullmatch(GENERATED_ID, token):
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
    for sid in [*known, *sorted(ids - set(known))]:
        category, difficulty, retained = _scenario_labels(sid)
        if (ids or categories) and sid not in ids and category not in categories:
            continue
        if levels and difficulty is not None and difficulty not in levels:
            continue
        if kept and retained is not None and retained not in kept:
            continue
        chosen.append(sid)
    if not chosen:
        raise ValueError(f"--scenarios {spec!r} selects no scenario")
    return chosen


def loadable(ids: Sequence[str]) -> tuple[list[str], list[dict[str, str]]]:
    """The ids whose scenario loads, and {id, error} for each that does not."""
    good, skipped = [], []
    for sid in ids:
        try:
            load_scenario(sid)
        except (KeyError, ScenarioError) as exc:
            skipped.append({"id": sid, "error": str(exc.args[0] if exc.args else exc)})
        else:
            good.append(sid)
    return good, skipped


#: Seconds between plain progress lines when stdout is not a terminal (CI, SLURM, `| tee`).
PROGRESS_EVERY = 30.0


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return (
        f"{hours}h{minutes:02d}m" if hours else f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"
    )


class _Progress:
    """Progress of a run: a rich bar with the live pass rate on a terminal; elsewhere plain
    lines on stderr (done/total over the folder, pass rate, rate and ETA), one every `every`
    seconds and one at the end, so CI logs, SLURM output and `| tee` show where a run is
    while stdout keeps only the result."""

    def __init__(
        self,
        label: str,
        todo: int,
        finished: Sequence[dict[str, Any]],
        mode: str | None,
        every: float = PROGRESS_EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label, self.todo, self.mode, self.every, self.clock = label, todo, mode, every, clock
        self.before = len(finished)  # graded in an earlier session of the folder
        self.passed, self.graded = sum(bool(r.get("passed")) for r in finished), len(finished)
        self.saved = self.others = 0
        self.began = self.last = clock()
        self.bar = None
        if mode == "bar" and todo:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

            self.bar = Progress(
                "[bold]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                "{task.fields[rate]}",
                TimeElapsedColumn(),
                transient=False,
            )
            self.task = self.bar.add_task(label, total=todo, rate="")
            self.bar.start()
        elif mode == "lines" and todo:
            print(f"{label}: {todo} episodes to play or grade, {self.before} already done",
                  file=sys.stderr, flush=True)  # fmt: skip

    def update(self, record: dict[str, Any]) -> None:
        self.saved += 1
        if record["status"] == "ok":
            self.graded += 1
            self.passed += record["passed"]
        else:
            self.others += 1
        rate = f"pass {100 * self.passed / self.graded:.1f}%" if self.graded else ""
        if self.bar is not None:
            rate += f"  not graded {self.others}" if self.others else ""
            self.bar.update(self.task, advance=1, rate=rate)
        elif self.mode == "lines":
            now = self.clock()
            if now - self.last >= self.every or self.saved == self.todo:
                self.last = now
                print(self.line(now), file=sys.stderr, flush=True)

    def line(self, now: float) -> str:
        """`label: done/total (pct), pass rate, not graded, episodes/s, ETA`."""
        total = self.before + self.todo
        done = self.before + self.saved - self.others  # graded or judged: not to play again
        elapsed = max(now - self.began, 1e-9)
        speed = self.saved / elapsed
        left = self.todo - self.saved
        eta = _duration(left / speed) if speed and left else "0s" if not left else "-"
        parts = [f"{self.label}: {done}/{total} episodes ({100 * done / total:.0f}%)"]
        if self.graded:
            parts.append(f"pass {100 * self.passed / self.graded:.1f}% of {self.graded}")
        if self.others:
            parts.append(f"{self.others} not graded (error or judge_error)")
        parts.append(f"{speed:.2f} episodes/s, elapsed {_duration(elapsed)}, ETA {eta}")
        return ", ".join(parts)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _judge_config(judge: Judge | None) -> tuple[str | None, str | None]:
    if judge is None:
        return None, None
    return judge.name, getattr(judge, "base_url", None)


def run(
    agent_factory: AgentFactory,
    scenario_ids: Sequence[str],
    out_dir: str | Path,
    repeats: int = 1,
    concurrency: int = 4,
    judge: str | Judge | None = None,
    profile: str = "adapter",
    max_turns: int | None = None,
    progress: bool | str | None = None,
    progress_every: float = PROGRESS_EVERY,
    tools: str = "profile",
    on_record: Callable[[dict[str, Any]], None] | None = None,
    check_judge: bool = True,
    ray: str | None = None,
    ray_workers: int | None = None,
    request: dict[str, Any] | None = None,
    processes: int | None = None,
) -> dict[str, Any]:
    """Play every (scenario, repeat) of `out_dir` not yet finished; returns the summary.

    With `processes`, episodes are played by that many local worker processes (one per
    core is the point), `concurrency` at a time each. With `ray` ("local": a cluster on
    127.0.0.1 for this run; else a cluster's address or "auto"), by `ray_workers` env
    actors (default: one per CPU of the cluster), `concurrency` at a time each. Either
    way this process alone writes the folder (resumable as a local run).

    `tools="domains"` offers each episode only its scenario's domains' tools (plus identity
    and mail reading), as `EmailBenchEnv(..., tools="domains")`; run.json records it.
    `agent_factory(env)` builds a fresh agent per episode. `judge` is None, a judge
    object or "provider:model" (made once and shared; with `check_judge`, one request
    checks it before the first episode). `request`: the provider options (sampling, extra
    body) the factory's agents send, recorded in run.json. `progress`: True a bar, "lines"
    plain lines every `progress_every` seconds, False nothing; by default a bar when
    stdout is a terminal, else lines. Scenarios whose files do not load are reported (stderr, `summary["skipped"]`)
    and skipped. Raises RunFolderError when another process writes the folder or it was
    started with another configuration, RunInterrupted on Ctrl-C, OSError when the
    folder cannot be written; every finished episode is saved in each case. What the
    process keeps for good is frozen out of the garbage collector's walks as each scenario's
    grading context is built (`grading.context.freeze_long_lived`).
    """
    if repeats < 1 or concurrency < 1:
        raise ValueError("repeats and concurrency must be at least 1")
    if not progress_every >= 0:
        raise ValueError(f"--progress-every {progress_every}: accepted 0 or more seconds")
    if ray_workers is not None and (ray is None or ray_workers < 1):
        raise ValueError("--ray-workers needs --ray and at least 1 worker")
    if processes is not None and processes < 1:
        raise ValueError(f"--processes {processes}: accepted 1 or more worker processes")
    if processes is not None and ray is not None:
        raise ValueError("--processes and --ray are two ways to spread episodes: choose one")
    requested = list(dict.fromkeys(scenario_ids))
    if not requested:
        raise ValueError("no scenarios to run")
    ids, skipped = loadable(requested)
    for problem in skipped:
        print(f"skipped {problem['id']}: {problem['error']}", file=sys.stderr)
    if not ids:
        raise ValueError("no scenario to run: none of the selected scenario files loads")
    offered = load_profile(profile).with_tools_mode(tools)  # ValueError for another mode
    judge_obj = make_judge(judge) if isinstance(judge, str) else judge
    folder = RunFolder(out_dir)
    folder.acquire()
    try:
        return _run_locked(
            folder, agent_factory, ids, skipped, requested, repeats, concurrency, judge_obj,
            offered, max_turns, progress, on_record, check_judge, ray, ray_workers, request or {},
            processes, progress_every,
        )  # fmt: skip
    finally:
        folder.release()


def _run_locked(
    folder: RunFolder,
    agent_factory: AgentFactory,
    ids: list[str],
    skipped: list[dict[str, str]],
    requested: list[str],
    repeats: int,
    concurrency: int,
    judge: Judge | None,
    tools: Profile,
    max_turns: int | None,
    progress: bool | str | None,
    on_record: Callable[[dict[str, Any]], None] | None,
    check_judge: bool,
    ray: str | None,
    ray_workers: int | None,
    request: dict[str, Any],
    processes: int | None,
    progress_every: float,
) -> dict[str, Any]:

    def worker_env() -> EmailBenchEnv:
        return EmailBenchEnv(scenarios=ids, profile=tools, judge=judge, max_turns=max_turns)

    model = agent_factory(worker_env()).model
    judge_name, judge_url = _judge_config(judge)
    connection = getattr(agent_factory, "connection", None)
    folder.check_config(
        RunConfig(
            model=model,
            profile=tools.name,
            tools="domains" if tools.per_domains else "profile",
            judge=judge_name,
            judge_base_url=redact_url(judge_url),
            **redact_settings(connection() if connection is not None else {}),
            concurrency=concurrency,
            request=redact_settings(request),
            max_turns=max_turns or tools.max_turns,
            repeats=repeats,
            scenarios=sorted(requested),
            **stamp(),
            started=now(),
        ).dump()
    )
    if judge is not None and check_judge and hasattr(judge, "check"):
        warning = judge.check()  # JudgeConfigError: refused before the first episode
        if warning:
            print(f"warning: {warning}", file=sys.stderr)
    latest = folder.records()
    keep = [r for r in latest if r.get("status") in ("ok", "judge_error")]
    if folder.needs_compaction(keep):
        folder.compact(keep)  # errors are played again; torn and superseded lines go
    finished = {episode_key(r) for r in keep}
    to_grade = [r for r in keep if r["status"] == "judge_error" and judge is not None]
    to_play = [(sid, k) for sid in ids for k in range(repeats) if (sid, k) not in finished]

    writer = RecordWriter(folder.results)
    if progress is None:
        mode = "bar" if sys.stdout.isatty() else "lines"
    else:
        mode = "bar" if progress is True else "lines" if progress == "lines" else None
    bar = _Progress(
        str(model), len(to_grade) + len(to_play), [r for r in keep if r["status"] == "ok"],
        mode, progress_every,
    )  # fmt: skip
    jobs: list[tuple[str, Any, int]] = [("grade", r, 0) for r in to_grade]
    jobs += [("play", sid, k) for sid, k in to_play]
    written: list[dict[str, Any]] = []

    def save(record: dict[str, Any]) -> None:
        writer.write(record)
        written.append(record)
        bar.update(record)
        if on_record is not None:
            on_record(record)

    interrupted = False
    try:
        spec = WorkerSpec.of(
            agent_factory=agent_factory, scenarios=ids, tools=tools, judge=judge,
            max_turns=max_turns, per_worker=concurrency,
        )  # fmt: skip
        if ray is not None:
            from emailbench_gym.ray_pool import play_on_ray

            address = None if ray == "local" else ray
            play_on_ray(jobs, spec, address=address, workers=ray_workers, save=save)
        elif processes is not None and processes > 1:
            from emailbench_gym.processes import play_on_processes

            play_on_processes(jobs, spec, processes=processes, save=save)
        else:
            asyncio.run(_play_all(jobs, concurrency, worker_env, agent_factory, tools, judge, save))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        writer.close()
        bar.close()
    # results.jsonl is `keep` (compacted above if it held more) and then every record written
    # here, so its latest records are these, without reading the file back.
    records = latest_records([*keep, *written])
    if interrupted:
        summary = write_summary(folder, records, model, skipped)
        raise RunInterrupted(folder.path, len(written), summary)
    if to_grade:
        folder.compact(records)  # drop the superseded judge_error lines
    return write_summary(folder, records, model, skipped)


async def _play_all(
    jobs: list[tuple[str, Any, int]],
    concurrency: int,
    make_env: Callable[[], EmailBenchEnv],
    agent_factory: AgentFactory,
    tools: Profile,
    judge: Judge | None,
    save: Callable[[dict[str, Any]], None],
) -> None:
    """Play (or re-grade) every job with `concurrency` episodes in flight on this loop.

    Each of `concurrency` workers owns one env and takes the next job when its episode
    ends; records are saved (written, flushed) as they come. The first exception stops
    the others (their episodes in flight are abandoned and played again on resume).
    """
    loop = asyncio.get_running_loop()
    threads = ThreadPoolExecutor(max_workers=min(concurrency, 32), thread_name_prefix="emailbench")
    steps = threads if judge is not None else None  # a judge blocks: grade off the loop
    queue = iter(jobs)
    failed = asyncio.Event()

    async def worker() -> None:
        env: EmailBenchEnv | None = None
        for kind, item, repeat in queue:
            if failed.is_set():
                return
            if kind == "grade":
                record = await loop.run_in_executor(threads, regrade_record, item, tools, judge)
            else:
                env = env or make_env()
                record = await aplay_episode(agent_factory(env), env, item, repeat, steps)
            if failed.is_set():
                return
            try:
                save(record)
            except BaseException:
                failed.set()  # no worker saves or starts an episode after this
                raise
            await asyncio.sleep(0)  # offline agents never wait: let the other workers run

    tasks = [asyncio.create_task(worker()) for _ in range(min(concurrency, len(jobs)))]
    try:
        if tasks:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
            for task in done:
                task.result()  # re-raise the first failure (a full disk, on_record's error)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        threads.shutdown(wait=False, cancel_futures=True)
        aclose = getattr(agent_factory, "aclose", None)
        if aclose is not None:
            await aclose()


def write_summary(
    folder: RunFolder,
    records: list[dict[str, Any]],
    model: str,
    skipped: Sequence[dict[str, str]] = (),
) -> dict[str, Any]:
    """summary.json: the Table 3 row of `records`, with run.json and the finish time under `run`."""
    summary = summarize(records, model)
    summary["run"] = {**(folder.config() or {}), "finished": now()}
    if skipped:
        summary["skipped"] = list(skipped)
    folder.save_summary(summary)
    return summary


_FOLDER_JUDGE = object()


def regrade_run(
    out_dir: str | Path,
    judge: str | Judge | object | None = _FOLDER_JUDGE,
    *,
    judge_base_url: str | None = None,
    concurrency: int = 4,
) -> dict[str, Any]:
    """Re-grade every finished episode of a run folder from its trace, without the model.

    `judge` defaults to the folder's own judge; another one (or None for static grading
    only) becomes the folder's judge from now on. Episodes whose trace no longer replays
    become `error` (a rerun plays them again). Returns the new summary with `regraded`
    counts per status.
    """
    folder = RunFolder(out_dir)
    if not folder.results.exists():
        raise ValueError(f"{folder.path} holds no {RESULTS}: nothing to regrade")
    folder.acquire()
    try:
        config = folder.config()
        if config is None:
            raise RunFolderError(
                f"{folder.path} has no run.json: it was written by an older emailbench, whose "
                "traces cannot be replayed; rerun it to grade it again"
            )
        if judge is _FOLDER_JUDGE:
            judge_obj = make_judge(config.get("judge"), base_url=config.get("judge_base_url"))
        elif isinstance(judge, str):
            options = {"base_url": judge_base_url} if judge_base_url else {}
            judge_obj = make_judge(judge, **options)
        else:
            judge_obj = judge  # type: ignore[assignment]
        if judge_obj is not None and hasattr(judge_obj, "check"):
            warning = judge_obj.check()
            if warning:
                print(f"warning: {warning}", file=sys.stderr)
        records = folder.records()
        regraded = {
            episode_key(r): r
            for r in regrade_records(
                records,
                config["profile"],
                judge_obj,
                tools_mode=config.get("tools", "profile"),
                concurrency=concurrency,
            )
        }
        merged = [regraded.get(episode_key(r), r) for r in records]
        folder.compact(merged)
        judge_name, judge_url = _judge_config(judge_obj)
        folder.save_config({**config, "judge": judge_name, "judge_base_url": redact_url(judge_url)})
        summary = write_summary(folder, merged, str(config.get("model")), [])
    finally:
        folder.release()
    counts = {s: sum(r["status"] == s for r in regraded.values()) for s in STATUSES}
    return {**summary, "regraded": counts}
