"""The submission format (a run folder) and its validation (`emailbench check-submission`).

A submission is the folder `emailbench run` writes: `run.json`, `results.jsonl` and
`summary.json` (docs/submission.md). `check_submission` says everything wrong with one, each
problem naming the file, line and field and what was expected, so a result can be checked
locally before it is shared or compared.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from emailbench_gym.grading.grade import Grade
from emailbench_gym.runfolder import CONFIG, RESULTS, STATUSES, SUMMARY, episode_key

#: summary.json fields recomputed from the records; numbers must agree to this precision.
SUMMARY_FIELDS = ("episodes", "passed", "pass_rate", "retained_pass_rate", "removed_pass_rate",
                  "static", "llm", "score", "calls", "call_ok", "clean", "latency",
                  "judge_errors", "errors")  # fmt: skip
TOLERANCE = 1e-6


class Tokens(BaseModel):
    input: int = Field(ge=0)
    output: int = Field(ge=0)


class CallRecord(BaseModel):
    """One tool call of a turn, as the env ran it (`replay` runs it again from these)."""

    model_config = ConfigDict(extra="allow")

    id: str
    name: str
    arguments: Any = None
    #: why the env refused the call before running it (None: it ran, or was refused as it ran)
    rejected: str | None = None
    is_error: bool
    content: str


class Turn(BaseModel):
    """One model turn: its text, latency, tokens and the calls it made with their results."""

    model_config = ConfigDict(extra="allow")

    iteration: int = Field(ge=1)
    text: str
    latency: float | None
    tokens: Tokens
    calls: list[CallRecord]


class EpisodeRecord(BaseModel):
    """One line of results.jsonl: one episode of one scenario (extra fields are kept).

    The runner and the MCP suite mode build their records through this model
    (`model_dump(mode="json")`), so what they write and what is checked are one schema.
    """

    model_config = ConfigDict(extra="allow")

    id: str
    model: str
    agent: str | None = None
    suite_hash: str
    repeat: int = Field(ge=0)
    status: Literal[STATUSES]  # type: ignore[valid-type]
    error: str | None = None
    category: str | None = None
    difficulty: str | None = None
    domains: list[str] | None = None
    retained: bool | None = None
    passed: bool
    score: float = Field(ge=0, le=1)
    static_score: float | None
    rubric_score: float | None
    calls: int = Field(ge=0)
    failed_calls: int = Field(ge=0)
    iterations: int = Field(ge=0)
    terminated: bool
    truncated: bool
    latency: float | None = Field(ge=0)
    grading_time: float | None = Field(default=None, ge=0)
    tokens: Tokens
    final_answer: str
    trajectory: list[Turn] | None = None
    grade: Grade | None

    def dump(self) -> dict[str, Any]:
        """The record as the JSON object written to results.jsonl."""
        return self.model_dump(mode="json")


class RunConfig(BaseModel):
    """run.json: what the folder was started with (see runfolder.CONFIG_FIELDS).

    `base_url`, `headers`, `timeout`, `max_retries` and `concurrency` are recorded so
    `--config` reruns the same way, but a resume may change them (a local server's port, a
    bigger machine). Secrets in `request`, `base_url` and `headers` are stored as
    `[redacted]`.
    """

    model_config = ConfigDict(extra="allow")

    model: str
    profile: str
    tools: Literal["profile", "domains"] = "profile"
    judge: str | None
    judge_base_url: str | None = None
    base_url: str | None = None
    headers: dict[str, str] = Field(default_factory=dict)
    timeout: float | None = Field(default=None, gt=0)
    max_retries: int | None = Field(default=None, ge=0)
    concurrency: int | None = Field(default=None, ge=1)
    request: dict[str, Any] = Field(default_factory=dict)
    max_turns: int = Field(ge=1)
    repeats: int = Field(ge=1)
    scenarios: list[str] = Field(min_length=1)
    suite_hash: str
    emailbench_version: str
    started: str | None = None
    commit: str | None = None

    def dump(self) -> dict[str, Any]:
        """run.json's JSON object."""
        return self.model_dump(mode="json")


def _field_errors(where: str, exc: ValidationError) -> list[str]:
    return [
        f"{where}: {'.'.join(map(str, e['loc'])) or '(the whole object)'}: {e['msg']}"
        for e in exc.errors()
    ]


def _read_json(path: Path, problems: list[str]) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        problems.append(f"{path.name}: missing (a submission holds {CONFIG}, {RESULTS}, {SUMMARY})")
    except (OSError, ValueError) as exc:
        problems.append(f"{path.name}: not readable JSON ({exc})")
    return None


def check_submission(folder: str | Path, suite: str | None = None) -> list[str]:
    """Every problem of the run folder as a submission (empty when it is valid).

    Checks run.json's and every record's schema, that each record's suite hash is run.json's
    and, when `suite` is given, the installed suite's; that every (scenario, repeat) run.json
    asks for has exactly one record, graded (status ok), and no record is of another
    scenario; and that summary.json agrees with the Table 3 row recomputed from the records.
    """
    from emailbench_gym.runner import summarize

    root = Path(folder)
    if not root.is_dir():
        return [f"{root}: not a folder (pass the --out folder of an emailbench run)"]
    problems: list[str] = []
    config: RunConfig | None = None
    raw_config = _read_json(root / CONFIG, problems)
    if raw_config is not None:
        try:
            config = RunConfig.model_validate(raw_config)
        except ValidationError as exc:
            problems += _field_errors(CONFIG, exc)
    if config is not None and suite is not None and config.suite_hash != suite:
        problems.append(
            f"{CONFIG}: suite_hash {config.suite_hash} is not this install's {suite} "
            "(graded against another suite version or edited scenario files)"
        )

    records: list[dict[str, Any]] = []
    seen: dict[tuple[str, int], int] = {}
    try:
        lines = (root / RESULTS).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        problems.append(f"{RESULTS}: missing (a submission holds {CONFIG}, {RESULTS}, {SUMMARY})")
        lines = []
    except (OSError, ValueError) as exc:
        problems.append(f"{RESULTS}: not readable ({exc})")
        lines = []
    for number, line in enumerate(lines, 1):
        where = f"{RESULTS} line {number}"
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            record = EpisodeRecord.model_validate(data)
        except ValueError as exc:
            if isinstance(exc, ValidationError):
                problems += _field_errors(where, exc)
            else:
                problems.append(f"{where}: not JSON ({exc})")
            continue
        key = episode_key(data)
        if key in seen:
            problems.append(
                f"{where}: a second record of {key[0]} repeat {key[1]} (first on line "
                f"{seen[key]}); a submission has one record per episode"
            )
            continue
        seen[key] = number
        records.append(data)
        if record.status != "ok":
            problems.append(
                f"{where}: {record.id} repeat {record.repeat} is {record.status}, not graded "
                "(rerun the same emailbench run command to finish it)"
            )
        if config is not None and record.suite_hash != config.suite_hash:
            problems.append(
                f"{where}: suite_hash {record.suite_hash} differs from {CONFIG}'s "
                f"{config.suite_hash}"
            )
        if config is not None and record.model != config.model:
            problems.append(f"{where}: model {record.model!r} is not {CONFIG}'s {config.model!r}")

    if config is not None:
        wanted = {(sid, k) for sid in config.scenarios for k in range(config.repeats)}
        missing = sorted(wanted - seen.keys())
        extra = sorted(seen.keys() - wanted)
        if missing:
            shown = ", ".join(f"{sid}#{k}" for sid, k in missing[:10])
            more = f" and {len(missing) - 10} more" if len(missing) > 10 else ""
            problems.append(
                f"{RESULTS}: {len(missing)} of {len(wanted)} episodes asked for by {CONFIG} have "
                f"no record: {shown}{more}"
            )
        if extra:
            shown = ", ".join(f"{sid}#{k}" for sid, k in extra[:10])
            problems.append(
                f"{RESULTS}: {len(extra)} record(s) of episodes {CONFIG} does not ask for: {shown}"
            )

    summary = _read_json(root / SUMMARY, problems)
    if summary is not None and not isinstance(summary, dict):
        problems.append(f"{SUMMARY}: not a JSON object")
    elif summary is not None and records:
        expected = summarize(records)
        for name in SUMMARY_FIELDS:
            have, want = summary.get(name), expected[name]
            same = (have is None and want is None) or (
                isinstance(have, int | float)
                and want is not None
                and abs(float(have) - float(want)) <= TOLERANCE
            )
            if not same:
                problems.append(
                    f"{SUMMARY}: {name} is {json.dumps(have)}, the records give {json.dumps(want)}"
                )
        stamped = (summary.get("run") or {}).get("suite_hash")
        if config is not None and stamped != config.suite_hash:
            problems.append(
                f"{SUMMARY}: run.suite_hash {json.dumps(stamped)} is not {CONFIG}'s "
                f"{config.suite_hash}"
            )
    return problems
