"""Run folders as the report reads them: the episode records, validated, and the run's metadata.

A run folder is what `emailbench run --out DIR` writes (run.json, results.jsonl,
summary.json) or what the MCP suite mode writes (results.jsonl and summary.json, no
run.json). Records are checked against `submission.EpisodeRecord` and run.json against
`submission.RunConfig`, the one schema of both; a folder that does not match raises
`RunLoadError` naming the file, line and field. A torn last line (a killed run) is left
out with a warning, as a resume would drop it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

Record = dict[str, Any]

#: Problems shown per folder before "and N more".
SHOWN_PROBLEMS = 5
#: Agents that call no model: no tokens and nothing to pay.
OFFLINE_AGENTS = ("reference", "random")
#: Agents whose tokens the server cannot see (an external agent over MCP).
UNMETERED_AGENTS = ("mcp",)


class RunLoadError(ValueError):
    """A run folder the report cannot read: what is wrong, where, and what is accepted."""


class RunMeta(BaseModel):
    """What a run was: where its settings came from and the tokens its episodes used.

    From run.json when the folder has one, else from summary.json's `run` (the MCP suite
    mode), else from the records alone (`source` says which). `other` keeps run.json
    fields this version of the report does not name (a newer runner's).
    """

    source: str
    model: str | None = None
    agent: str | None = None
    emailbench_version: str | None = None
    commit: str | None = None
    suite_hash: str | None = None
    profile: str | None = None
    judge: str | None = None
    request: dict[str, Any] = {}
    base_url: str | None = None
    timeout: float | None = None
    concurrency: int | None = None
    max_turns: int | None = None
    repeats: int | None = None
    scenarios: int | None = None
    started: str | None = None
    finished: str | None = None
    other: dict[str, Any] = {}
    input_tokens: int = 0
    output_tokens: int = 0

    @property
    def tokens_known(self) -> bool:
        """False for agents whose tokens are not recorded (an external agent over MCP)."""
        return self.agent not in UNMETERED_AGENTS

    @property
    def offline(self) -> bool:
        return self.agent in OFFLINE_AGENTS


@dataclass(frozen=True)
class Run:
    """One run: its label (the model), graded episodes and the ungraded counts.

    `records` are the graded ("ok") episodes every table is computed over; `episodes` is the
    latest record of every episode whatever its status (the per-scenario view shows errors
    too); `warnings` are what reading the folder noticed (a torn line, mixed suite hashes).
    """

    label: str
    records: tuple[Record, ...]
    errors: int = 0
    judge_errors: int = 0
    episodes: tuple[Record, ...] = ()
    meta: RunMeta | None = None
    path: str = ""
    warnings: tuple[str, ...] = field(default_factory=tuple)


def _latest(records: Iterable[Record]) -> list[Record]:
    """The last record per (id, repeat), an "ok" one winning over later unfinished ones.

    A resumed run appends a fresh record when it retries an errored episode, so the
    file can hold several records for one episode.
    """
    latest: dict[tuple[str, int], Record] = {}
    for record in records:
        key = (record["id"], record.get("repeat", 0))
        if record.get("status", "ok") == "ok" or latest.get(key, {}).get("status") != "ok":
            latest[key] = record
    return list(latest.values())


def select_episodes(records: Iterable[Record]) -> tuple[list[Record], int]:
    """The graded ("ok") episodes, and how many episodes are not graded (error or judge_error)."""
    latest = _latest(records)
    ok = [r for r in latest if r.get("status", "ok") == "ok"]
    return ok, len(latest) - len(ok)


def make_run(label: str, records: Sequence[Record], **extra: Any) -> Run:
    """A Run from records in file order (superseded records dropped, ungraded ones counted)."""
    latest = _latest(records)
    ok = [r for r in latest if r.get("status", "ok") == "ok"]
    judge_errors = sum(r.get("status") == "judge_error" for r in latest)
    return Run(
        label,
        tuple(ok),
        len(latest) - len(ok) - judge_errors,
        judge_errors,
        episodes=tuple(latest),
        **extra,
    )


def _problems(where: str, exc: ValidationError, tolerated: tuple[str, ...] = ()) -> list[str]:
    return [
        f"{where}: {'.'.join(map(str, e['loc'])) or '(the whole object)'}: {e['msg']}"
        for e in exc.errors()
        if not (e["type"] == "missing" and tuple(e["loc"]) in {(t,) for t in tolerated})
    ]


def _read_lines(file: Path) -> tuple[list[Record], list[str], list[str]]:
    """The records of results.jsonl, the schema problems and the warnings (a torn last line)."""
    from emailbench_gym.submission import EpisodeRecord

    try:
        text = file.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise RunLoadError(f"{file}: not readable ({exc.strerror or exc})") from None
    lines = text.split("\n")
    last = max((i for i, line in enumerate(lines) if line.strip()), default=-1)
    records: list[Record] = []
    problems: list[str] = []
    warnings: list[str] = []
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        where = f"{file.name} line {index + 1}"
        try:
            data = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            cut = index == last and not text.endswith("\n")
            warnings.append(
                f"{where} is cut short (a run killed while writing?): left out; a rerun of the "
                "same emailbench run command plays that episode again"
                if cut
                else f"{where} is not JSON ({exc}): left out, as a resume would drop it"
            )
            continue
        if not isinstance(data, dict):
            problems.append(f"{where}: not a JSON object")
            continue
        try:
            EpisodeRecord.model_validate(data)
        except ValidationError as exc:
            # Records from before the suite stamp have no suite_hash: read, shown as unknown.
            found = _problems(where, exc, tolerated=("suite_hash",))
            if found:
                problems += found
                continue
        records.append(data)
    if not records and not problems and last >= 0:
        problems.append(f"{file.name}: no line is a record ({len(warnings)} unreadable lines)")
    return records, problems, warnings


def _read_json_object(path: Path) -> dict[str, Any] | None:
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise RunLoadError(f"{path}: not readable JSON ({exc}); fix or remove it") from None
    if not isinstance(data, dict):
        raise RunLoadError(f"{path}: not a JSON object")
    return data


def _profile_shown(settings: dict[str, Any]) -> str | None:
    """The tool profile as the run offered it: "adapter + domains" when each episode had only
    its scenario's domain tools (`--tools domains`), so runs that differ there are told apart."""
    profile = settings.get("profile")
    if profile is not None and settings.get("tools") == "domains":
        return f"{profile} + domains"
    return profile


def _meta(
    folder: Path, records: Sequence[Record], warnings: list[str]
) -> tuple[RunMeta, list[str]]:
    """The run's metadata and any problem with run.json (validated with RunConfig)."""
    from emailbench_gym.runfolder import CONFIG, SUMMARY
    from emailbench_gym.submission import RunConfig

    problems: list[str] = []
    config = _read_json_object(folder / CONFIG)
    summary = _read_json_object(folder / SUMMARY) or {}
    stamped = summary.get("run") if isinstance(summary.get("run"), dict) else {}
    if config is not None:
        try:
            RunConfig.model_validate(config)
        except ValidationError as exc:
            problems += _problems(CONFIG, exc)
        source, settings = CONFIG, config
    elif stamped:
        source, settings = f"{SUMMARY} (no {CONFIG})", stamped
    else:
        source, settings = f"the records (no {CONFIG})", {}
    hashes = sorted({str(r["suite_hash"]) for r in records if r.get("suite_hash")})
    if len(hashes) > 1:
        warnings.append(
            f"the records were graded against {len(hashes)} suite versions "
            f"({', '.join(h[:12] for h in hashes)}): their results are not comparable"
        )
    agents = sorted({str(r["agent"]) for r in records if r.get("agent")})
    known = set(RunMeta.model_fields) | {"scenarios", "tools"}
    scenarios = settings.get("scenarios")
    fields = dict(
        source=source,
        model=settings.get("model") or next((r["model"] for r in records if r.get("model")), None),
        agent=", ".join(agents) or None,
        emailbench_version=settings.get("emailbench_version"),
        commit=settings.get("commit"),
        suite_hash=settings.get("suite_hash") or (hashes[0] if len(hashes) == 1 else None),
        profile=_profile_shown(settings),
        judge=settings.get("judge"),
        request=settings.get("request") or {},
        base_url=settings.get("base_url"),
        timeout=settings.get("timeout"),
        concurrency=settings.get("concurrency"),
        max_turns=settings.get("max_turns"),
        repeats=settings.get("repeats"),
        scenarios=len(scenarios) if isinstance(scenarios, list) else None,
        started=settings.get("started"),
        finished=stamped.get("finished"),
        other={k: v for k, v in settings.items() if k not in known and v is not None},
        input_tokens=sum(_tokens(r, "input") for r in records),
        output_tokens=sum(_tokens(r, "output") for r in records),
    )
    try:
        return RunMeta.model_validate(fields), problems
    except ValidationError as exc:  # summary.json's `run` is not validated by RunConfig
        return RunMeta(source=source), problems + _problems(source.split()[0], exc)


def _tokens(record: Record, kind: str) -> int:
    tokens = record.get("tokens")
    value = tokens.get(kind) if isinstance(tokens, dict) else None
    return value if isinstance(value, int) else 0


def read_run(path: str | Path) -> Run:
    """Read a run folder (or its results.jsonl), or raise RunLoadError saying what is wrong.

    Every record must match `EpisodeRecord` and run.json `RunConfig`; the label is the
    model, else the folder's name.
    """
    from emailbench_gym.runfolder import RESULTS

    path = Path(path)
    if path.is_dir():
        folder, file = path, path / RESULTS
    elif path.name.endswith(".jsonl") and path.is_file():
        folder, file = path.parent, path
    elif path.exists():
        raise RunLoadError(f"{path}: not a run folder (pass the --out folder of an emailbench run)")
    else:
        raise RunLoadError(f"{path}: no such folder (pass the --out folder of an emailbench run)")
    if not file.is_file():
        raise RunLoadError(
            f"{folder}: no {RESULTS} (not a run folder, or a run that has not finished an "
            "episode yet)"
        )
    records, problems, warnings = _read_lines(file)
    meta, config_problems = _meta(folder, _latest(records), warnings)
    problems = config_problems + problems
    if problems:
        more = len(problems) - SHOWN_PROBLEMS
        raise RunLoadError(
            f"{folder} does not match the run folder format (docs/submission.md):\n  "
            + "\n  ".join(problems[:SHOWN_PROBLEMS])
            + (f"\n  and {more} more" if more > 0 else "")
            + f"\n`emailbench check-submission {folder}` lists every problem."
        )
    label = meta.model or folder.name
    return make_run(label, records, meta=meta, path=str(folder), warnings=tuple(warnings))


def label_runs(runs: Sequence[Run], names: Sequence[str]) -> list[Run]:
    """Make labels unique: a model seen twice gets its directory name appended."""
    counts: dict[str, int] = {}
    for run in runs:
        counts[run.label] = counts.get(run.label, 0) + 1
    return [
        replace(run, label=f"{run.label} ({name})") if counts[run.label] > 1 else run
        for run, name in zip(runs, names, strict=True)
    ]


def coverage_warning(runs: Sequence[Run], shown: int = 8) -> str:
    """Which scenarios not every run graded, or "" when all runs cover the same ones.

    Tables side by side compare only like with like when every run graded the same
    scenarios; otherwise this says how many differ and which, per run.
    """
    if len(runs) < 2:
        return ""
    sets = [{r["id"] for r in run.records} for run in runs]
    union = set().union(*sets)
    common = set.intersection(*sets)
    if union == common:
        return ""

    def ids(values: set[str]) -> str:
        listed = sorted(values)
        more = f" and {len(listed) - shown} more" if len(listed) > shown else ""
        return ", ".join(listed[:shown]) + more

    parts = [
        f"{run.label} lacks {len(union - s)} ({ids(union - s)})"
        for run, s in zip(runs, sets, strict=True)
        if union - s
    ]
    return (
        f"The runs cover different scenarios: {len(union)} in all, {len(common)} graded in "
        f"every run; " + "; ".join(parts) + ". Rates side by side are over different tasks."
    )


def _sampling(meta: RunMeta) -> str:
    if not meta.request:
        return "provider defaults"
    return ", ".join(f"{k}={json.dumps(v, sort_keys=True)}" for k, v in meta.request.items())


def _short_commit(commit: str) -> str:
    """A commit as git shows it short (12 hex digits), keeping a "-dirty" mark."""
    head, dirty, _ = commit.partition("-dirty")
    return head[:12] + dirty


def metadata_rows(meta: RunMeta) -> list[tuple[str, str]]:
    """The run's metadata as (field, text) pairs, "unknown" where the folder does not say."""

    def known(value: Any) -> str:
        return "unknown" if value is None else str(value)

    rows = [
        ("Model", known(meta.model)),
        ("Agent", known(meta.agent)),
        ("emailbench-gym", known(meta.emailbench_version)),
        ("Commit", known(meta.commit and _short_commit(meta.commit))),
        ("Suite hash", known(meta.suite_hash and meta.suite_hash[:16])),
        ("Profile", known(meta.profile)),
        ("Judge", "none" if meta.judge is None and meta.source == "run.json" else known(meta.judge)),
        ("Sampling", _sampling(meta) if meta.source == "run.json" else "unknown"),
        ("Model base URL", known(meta.base_url)),
        ("Timeout", "unknown" if meta.timeout is None else f"{meta.timeout:g} s per request"),
        ("Concurrency", known(meta.concurrency)),
        ("Max turns", known(meta.max_turns)),
        ("Repeats", known(meta.repeats)),
        ("Scenarios asked", known(meta.scenarios)),
        ("Started", known(meta.started)),
        ("Finished", known(meta.finished)),
        *((name, json.dumps(value, sort_keys=True) if not isinstance(value, str) else value)
          for name, value in sorted(meta.other.items())),
        ("Metadata from", meta.source),
    ]  # fmt: skip
    return rows


#: Settings that make runs' rates not comparable when they differ, with their names.
COMPARED_SETTINGS = (
    ("suite_hash", "suite hash"),
    ("profile", "tool profile"),
    ("judge", "judge"),
    ("max_turns", "turn budget"),
)


def settings_warning(runs: Sequence[Run]) -> str:
    """Which grading settings differ between the runs, or "" when they agree (or are unknown)."""
    parts = []
    for name, title in COMPARED_SETTINGS:
        values = {run.label: getattr(run.meta, name) for run in runs if run.meta is not None}
        if len({str(v) for v in values.values()}) > 1:
            shown = ", ".join(
                f"{label}: {str(v)[:12] if name == 'suite_hash' and v else v}"
                for label, v in values.items()
            )
            parts.append(f"{title} ({shown})")
    if not parts:
        return ""
    return "The runs were graded with different settings: " + "; ".join(parts) + "."
