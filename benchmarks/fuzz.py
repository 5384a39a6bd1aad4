"""Fuzz the API and the env with random tool calls; every violation is counted and shown.

Run: `PYTHONPATH=. python benchmarks/fuzz.py --calls 200000 --seed 1` (about 10 minutes on
one core). Half of the calls go straight to `Workspace.call`, half through `env.step` of
random scenario envs (both profiles) in every action shape the env accepts (canonical
dicts, JSON-text and double-encoded arguments, OpenAI chat / Responses / Anthropic SDK
objects and dicts, whole assistant messages, final answers, plain text, junk). Arguments
are drawn from each tool's JSON Schema: plausible values from the corpus most of the
time, otherwise wrong types, sizes at and past the limits, surrogates and control
characters, extreme numbers and datetimes, random and malicious OData, nested junk.

Checked after every call: `Workspace.call` raises nothing but `ToolError`; a failed call
(or any read) leaves `digest()` unchanged; after a successful write `digest()`, the
snapshot's JSON and the result's UTF-8 encoding all work; `env.step` never raises, its
observation is in the observation space, no result is an `internal_error`, every content
is encodable; every `reset()` restores the start state. Exit status 1 on any violation.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from anthropic.types import TextBlock, ToolUseBlock
from openai.types.chat import ChatCompletionMessage, ChatCompletionMessageToolCall
from openai.types.responses import ResponseFunctionToolCall

from emailbench_gym import SCENARIO_IDS, ToolError, Workspace, load_corpus
from emailbench_gym.api import METHODS
from emailbench_gym.api.models import Contact, Event, Message, TodoTask, User
from emailbench_gym.api.odata import sortable_fields
from emailbench_gym.api.registry import shown
from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.tools import load_profile, neutral_specs

TOOLS = sorted(n for n, s in METHODS.items() if s.kind != "evaluation")
SCHEMAS = {s["name"]: s["parameters"] for s in neutral_specs(load_profile("full"))}
CORPUS = load_corpus()
IDS = sorted({key for items in CORPUS.collections.values() for key in items})
CREATED = [
    f"{p}-{n}" for p in ("msg", "folder", "evt", "task", "list", "label") for n in (5001, 5002)
]
ADDRESSES = sorted(
    {u.mail for u in CORPUS.collections["users"].values()}  # type: ignore[attr-defined]
    | {
        e.address
        for c in CORPUS.collections["contacts"].values()
        for e in c.emailAddresses  # type: ignore[attr-defined]
    }
)
LABELS = [label.displayName for label in CORPUS.collections["labels"].values()]  # type: ignore[attr-defined]
WELL_KNOWN = ["inbox", "sentitems", "drafts", "deleteditems", "archive", "junkemail", "Inbox"]
WORDS = ["Raptor", "FERC", "Dynegy", "review", "Sally", "beck", "Q4", "budget", "Projects"]
UGLY = [
    "\ud800",
    "\udfff\ud800",
    "a\x00b",
    "\x1b[31mred\x1b[0m",
    "\r\n\r",
    "\u202eevil\u202c",
    "\ufeff",
    "\U0001f4e7\U0001f600",
    "'",
    "''",
    "\\",
    '"',
    "%s%n",
    "{0}",
    "\u0085\u2028\u2029",
    "𝕽𝖆𝖕𝖙𝖔𝖗",
    "Ｒａｐｔｏｒ",
]
#: Id prefixes by parameter name (and, for `id`, by the tool's domain).
ID_PREFIXES = {
    "messageId": "msg",
    "messageIds": "msg",
    "linkedMessageId": "msg",
    "folderId": "folder",
    "destinationId": "folder",
    "parentFolderId": "folder",
    "moveToFolder": "folder",
    "calendarId": "cal",
    "listId": "list",
    "itemId": "checklist",
    "groupId": "group",
    "boardId": "board",
    "columnId": "col",
    "assigneeId": "user",
    "assigneeIds": "user",
    "memberIds": "contact",
    "contactIds": "contact",
}
DOMAIN_PREFIXES = {
    "messages": "msg",
    "folders": "folder",
    "filters": "rule",
    "calendar": "evt",
    "contacts": "contact",
    "todo": "task",
    "boards": "btask",
    "identity": "user",
    "settings": "label",
}
#: The model each filterable tool's filter and orderBy apply to.
QUERY_MODELS = {
    "messages_list": Message,
    "messages_count": Message,
    "calendar_listEvents": Event,
    "todo_listTasks": TodoTask,
    "contacts_list": Contact,
    "identity_listUsers": User,
}


# --- values ---------------------------------------------------------------------------------


class Values:
    """Random argument values: plausible ones from the corpus, and adversarial ones."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, pool: list[Any]) -> Any:
        return pool[self.rng.randrange(len(pool))]

    def text(self, limit: int = 60) -> str:
        rng = self.rng
        kind = rng.random()
        if kind < 0.45:
            return " ".join(self.pick(WORDS) for _ in range(rng.randint(1, 3)))
        if kind < 0.6:
            return self.pick(UGLY) + self.pick(WORDS) + self.pick(UGLY)
        if kind < 0.75:
            return "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randint(1, 12)))
        if kind < 0.85:
            return "x" * limit  # exactly at the limit
        if kind < 0.92:
            return "y" * (limit + rng.randint(1, 3))  # just past it
        return ""

    def identifier(self, tool: str, name: str) -> str:
        """Usually an id of the collection the parameter names, else any id or well-known name."""
        prefix = ID_PREFIXES.get(name) or ID_PREFIXES.get(f"{name}s")
        if prefix is None and name == "id":
            prefix = DOMAIN_PREFIXES.get(tool.split("_")[0])
            if tool in ("calendar_deleteCalendar",):
                prefix = "cal"
            elif tool.startswith(("todo_renameList", "todo_deleteList")):
                prefix = "list"
            elif tool.startswith("boards_") and "Column" in tool:
                prefix = "col"
            elif tool in ("boards_get",):
                prefix = "board"
            elif "Group" in tool:
                prefix = "group"
        if prefix is not None and self.rng.random() < 0.8:
            pool = [i for i in IDS + CREATED if i.startswith(f"{prefix}-")]
            if prefix == "folder":
                pool += WELL_KNOWN
            if pool:
                return self.pick(pool)
        return self.pick(IDS + CREATED + WELL_KNOWN)

    def string(self, tool: str, name: str, limit: int) -> str:
        rng = self.rng
        if rng.random() < 0.12:
            return self.text(limit)
        lowered = name.lower()
        if "id" in lowered or lowered.endswith("folder"):
            return self.identifier(tool, name)
        if "address" in lowered or (lowered in ("name", "query") and rng.random() < 0.3):
            return self.pick(ADDRESSES)
        if lowered in ("timezone",):
            return self.pick(["Central Standard Time", "UTC", "Mars/Olympus", "utc"])
        if lowered in ("starttime", "endtime"):
            return self.pick(["08:00", "17:30", "25:00", "8", "23:59"])
        if lowered == "locale":
            return self.pick(["en-US", "fr_FR", "xx"])
        if lowered == "color":
            return self.pick(["preset3", "lightBlue", "auto", "red"])
        return self.text(limit)

    def datetime(self) -> Any:
        rng = self.rng
        kind = rng.random()
        if kind < 0.8:
            day = rng.randint(1, 28)
            hour = rng.randint(0, 23)
            offset = self.pick(["", "Z", "-05:00", "+09:30"])
            return f"2001-{rng.randint(9, 12):02d}-{day:02d}T{hour:02d}:{self.pick(['00', '30', '17'])}:00{offset}"
        return self.pick(
            [
                "0001-01-01T00:00:00+05:00",
                "0001-01-01T00:00:00",
                "9999-12-31T23:59:59-05:00",
                "9999-12-31T23:59:59",
                "1900-01-01T00:00:00+14:00",
                "2100-12-31T23:59:59-12:00",
                "2001-10-16",
                "tomorrow",
                "",
                10**12,
                -(10**15),
                10**5000,
                1.5e308,
                "2001-02-30T00:00:00",
            ]
        )

    def integer(self, low: int, high: int) -> Any:
        rng = self.rng
        kind = rng.random()
        if kind < 0.7:
            return rng.randint(low, min(high, low + 120))
        return self.pick([low - 1, high, high + 1, -(10**18), 10**5000, True, "7", 3.0, 2.5])

    def filter(self, model: type | None) -> str:
        rng = self.rng
        kind = rng.random()
        if kind < 0.55 and model is not None:
            return self.expression(model, rng.randint(0, 3))
        if kind < 0.65:
            return " or ".join(f"importance eq '{self.pick(['high', 'low'])}'" for _ in range(250))
        if kind < 0.7:
            return "(" * 60 + "isRead" + ")" * 60
        if kind < 0.75:
            return "not " * 40 + "isRead"
        if kind < 0.8:
            return "isRead eq " + "9" * rng.choice([30, 41, 3999])
        tokens = ["eq", "ne", "gt", "and", "or", "not", "(", ")", "'x'", "'", "1e999", "null"]
        tokens += ["contains(", ",", "any(", "r:", "/", "subject", "from/emailAddress/address"]
        tokens += ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", self.pick(UGLY)]
        return " ".join(self.pick(tokens) for _ in range(rng.randint(1, 12)))

    def expression(self, model: type, depth: int) -> str:
        rng = self.rng
        if depth > 0 and rng.random() < 0.5:
            op = self.pick([" and ", " or "])
            parts = [self.expression(model, depth - 1) for _ in range(rng.randint(2, 4))]
            text = op.join(parts)
            return f"not ({text})" if rng.random() < 0.2 else f"({text})"
        paths = [*sortable_fields(model), "categories", "toRecipients/emailAddress/address"]
        path = self.pick(paths)
        literal = self.pick(
            [
                f"'{self.pick(WORDS)}'",
                "'it''s'",
                "true",
                "null",
                "42",
                "-1.5e3",
                "2001-10-15T09:00:00-05:00",
                "2001-10-15",
                "'2001-10-15T09:00:00Z'",
                "1" * 40,
            ]
        )
        kind = rng.random()
        if kind < 0.6:
            return f"{path} {self.pick(['eq', 'ne', 'gt', 'ge', 'lt', 'le'])} {literal}"
        if kind < 0.8:
            return f"{self.pick(['contains', 'startswith', 'endswith'])}({path}, {literal})"
        if model is Message:
            return "toRecipients/any(r: contains(r/emailAddress/address, 'enron'))"
        return path

    def order_by(self, model: type | None) -> str:
        fields = sortable_fields(model) if model is not None else ["subject"]
        pool = [*fields, "toRecipients", "categories", "body", "flag", "nope", "", "/x"]
        clauses = [
            f"{self.pick(pool)}{self.pick(['', ' asc', ' desc', ' DESC', ' sideways'])}"
            for _ in range(self.rng.randint(1, 3 if self.rng.random() < 0.9 else 7))
        ]
        return ",".join(clauses)

    def junk(self, depth: int = 0) -> Any:
        rng = self.rng
        makers: list[Callable[[], Any]] = [
            lambda: None,
            lambda: rng.random() < 0.5,
            lambda: rng.randint(-(10**9), 10**9),
            lambda: float(self.pick(["nan", "inf", "-inf", "1e308"])),
            lambda: self.text(),
            lambda: [self.junk(depth + 1) for _ in range(rng.randint(0, 3))] if depth < 4 else [],
            lambda: {self.text(8): self.junk(depth + 1)} if depth < 4 else {},
            lambda: self.nested(rng.randint(50, 2_000)),
            lambda: b"\x00\xff",
            lambda: "z" * rng.choice([10_000, 60_000]),
        ]
        return self.pick(makers)()

    def nested(self, depth: int) -> Any:
        value: Any = "deep"
        for index in range(depth):
            value = [value] if index % 2 else {"k": value}
        return value

    def for_schema(self, tool: str, name: str, schema: dict[str, Any]) -> Any:
        """A value for one parameter: usually of its type, sometimes not."""
        rng = self.rng
        if rng.random() < 0.03:
            return self.junk()
        branches = [b for b in schema.get("anyOf", [schema]) if b.get("type") != "null"]
        branch = self.pick(branches) if branches else schema
        kind = branch.get("type")
        if isinstance(kind, list):
            kind = next(k for k in kind if k != "null")
        if "enum" in branch:
            return self.pick(
                [*branch["enum"], "HIGH", "nope", ""] if rng.random() < 0.2 else branch["enum"]
            )
        if kind == "string" and branch.get("format") == "date-time":
            return self.datetime()
        if kind == "string":
            if name == "filter":
                return self.filter(QUERY_MODELS.get(tool))
            if name == "orderBy":
                return self.order_by(QUERY_MODELS.get(tool))
            return self.string(tool, name, branch.get("maxLength", 100))
        if kind == "integer":
            return self.integer(branch.get("minimum", 0), branch.get("maximum", 100))
        if kind == "boolean":
            return rng.random() < 0.5 if rng.random() < 0.9 else self.pick(["yes", 2, None])
        if kind == "array":
            limit = branch.get("maxItems", 10)
            item = branch.get("items", {})
            count = limit + 1 if rng.random() < 0.05 else rng.randint(0, 4)
            people = ("toRecipients", "ccRecipients", "bccRecipients", "attendees", "schedules")
            if name in people and rng.random() < 0.8:
                return [self.pick(ADDRESSES) for _ in range(count)]
            if name in ("categories", "assignCategories") and rng.random() < 0.7:
                return [self.pick(LABELS) for _ in range(count)]
            return [self.for_schema(tool, name.rstrip("s"), item) for _ in range(count)]
        return self.junk()

    def arguments(self, tool: str) -> dict[str, Any]:
        schema = SCHEMAS[tool]
        args: dict[str, Any] = {}
        for name, prop in schema["properties"].items():
            required = "null" not in json.dumps(prop.get("type", "")) and not any(
                b.get("type") == "null" for b in prop.get("anyOf", [])
            )
            if required or self.rng.random() < 0.5:
                args[name] = (
                    None
                    if not required and self.rng.random() < 0.2
                    else self.for_schema(tool, name, prop)
                )
        roll = self.rng.random()
        if roll < 0.03 and args:
            args.pop(self.pick(list(args)))  # a missing argument
        elif roll < 0.06:
            args[self.pick(["unexpected", "\ud800", "Top", "id "])] = self.junk()
        return args


# --- the run ----------------------------------------------------------------------------------


@dataclass
class Report:
    """What the fuzz run saw; `problems` lists every violation (at most 50 kept)."""

    workspace_calls: int = 0
    env_calls: int = 0
    env_steps: int = 0
    resets: int = 0
    digests: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    violations: int = 0

    def problem(self, text: str) -> None:
        self.violations += 1
        if len(self.problems) < 50:
            self.problems.append(text[:600])

    @property
    def calls(self) -> int:
        return self.workspace_calls + self.env_calls


def _encodable(value: Any) -> bool:
    try:
        json.dumps(value, ensure_ascii=False, default=str).encode("utf-8")
    except (UnicodeEncodeError, ValueError, TypeError):
        return False
    return True


def _digest(ws: Workspace, report: Report, where: str) -> str | None:
    report.digests += 1
    try:
        digest = ws.digest()
        ws.snapshot().model_dump_json().encode("utf-8")
    except Exception as exc:  # the point of the run: any exception here is a violation
        report.problem(f"digest failed after {where}: {type(exc).__name__}: {exc}")
        return None
    return digest


def fuzz_workspace(calls: int, rng: random.Random, report: Report) -> None:
    values = Values(rng)
    ws = Workspace()
    pristine = ws.digest()
    current = pristine
    for _ in range(calls):
        if rng.random() < 0.02:
            ws.reset()
            report.resets += 1
            current = ws.digest()
            if current != pristine:
                report.problem("Workspace.reset() did not restore the pristine digest")
        tool = values.pick(TOOLS) if rng.random() < 0.98 else values.pick(["snapshot", "nope"])
        args = values.arguments(tool) if tool in SCHEMAS else {}
        where = f"{tool}({_short(args)})"
        report.workspace_calls += 1
        try:
            result = ws.call(tool, **args)
        except ToolError as exc:
            report.outcomes["tool_error"] += 1
            if not (exc.code and exc.message) or not _encodable(exc.to_dict()):
                report.problem(f"unreadable ToolError from {where}: {exc!r}")
            after = _digest(ws, report, where)
            if after is not None and after != current:
                report.problem(f"half-applied write: {where} failed ({exc.code}) but changed state")
            current = after if after is not None else _restart(ws)
            continue
        except Exception as exc:  # a violation, recorded with its call
            report.outcomes["crash"] += 1
            report.problem(f"{type(exc).__name__} from {where}: {exc}"[:600])
            current = _restart(ws)
            continue
        report.outcomes["ok"] += 1
        if not _encodable(result):
            report.problem(f"result of {where} is not encodable")
        after = _digest(ws, report, where)
        if after is not None and METHODS[tool].kind == "read" and after != current:
            report.problem(f"read {where} changed state")
        current = after if after is not None else _restart(ws)


def _restart(ws: Workspace) -> str:
    """Reset after a broken state (already reported) so the run goes on; the new digest."""
    ws.reset()
    return ws.digest()


def _short(args: dict[str, Any]) -> str:
    return ", ".join(f"{shown(k)}={shown(v)}" for k, v in list(args.items())[:6])


# --- actions in every shape ---------------------------------------------------------------


def action_for(values: Values, tools: list[str], call_id: int) -> Any:
    """One assistant turn in a random shape the env accepts (or junk)."""
    rng = values.rng
    tool = values.pick(tools) if rng.random() < 0.95 else values.pick([*TOOLS, "nope", ""])
    args = values.arguments(tool) if tool in SCHEMAS else {"x": 1}
    ident = f"call_{call_id}"
    try:
        text = json.dumps(args, default=str)
    except (RecursionError, ValueError):  # nested junk, integers JSON cannot write
        text = '{"unwritable": '
    shapes: list[Callable[[], Any]] = [
        lambda: {"name": tool, "arguments": args, "id": ident},
        lambda: {"name": tool, "arguments": text, "id": ident},
        lambda: {"name": tool, "arguments": json.dumps(text)},  # double-encoded
        lambda: [{"name": tool, "arguments": args}, {"name": values.pick(tools), "arguments": {}}],
        lambda: {"type": "function", "id": ident, "function": {"name": tool, "arguments": text}},
        lambda: ChatCompletionMessageToolCall(
            id=ident, type="function", function={"name": tool, "arguments": text}
        ),
        lambda: ChatCompletionMessage(
            role="assistant",
            content=None,
            tool_calls=[
                ChatCompletionMessageToolCall(
                    id=ident, type="function", function={"name": tool, "arguments": text}
                )
            ],
        ),
        lambda: {
            "role": "assistant",
            "content": "",
            "tool_calls": [{"id": ident, "function": {"name": tool, "arguments": text}}],
        },
        lambda: ResponseFunctionToolCall(
            type="function_call", call_id=ident, name=tool, arguments=text
        ),
        lambda: [
            {"type": "reasoning", "summary": []},
            {"type": "function_call", "call_id": ident, "name": tool, "arguments": text},
        ],
        lambda: ToolUseBlock(type="tool_use", id=ident, name=tool, input=args),
        lambda: [
            TextBlock(type="text", text="Let me look."),
            ToolUseBlock(type="tool_use", id=ident, name=tool, input=args),
        ],
        lambda: {"type": "tool_use", "id": ident, "name": tool, "input": args},
        lambda: {"name": tool, "arguments": "{not json"},
        lambda: {"name": tool, "arguments": [1, 2]},
        lambda: values.junk(),
    ]
    return values.pick(shapes)()


def final_action(values: Values) -> Any:
    answer = values.text(200) + values.pick(UGLY)
    return values.pick(
        [
            {"final_answer": answer},
            answer,
            ChatCompletionMessage(role="assistant", content=answer),
            [TextBlock(type="text", text=answer)],
            {"final_answer": {"not": "text"}},
        ]
    )


def fuzz_env(calls: int, rng: random.Random, report: Report) -> None:
    values = Values(rng)
    envs: dict[str, EmailBenchEnv] = {}
    starts: dict[tuple[str, str], str] = {}
    while report.env_calls < calls:
        key = values.pick(SCENARIO_IDS) if rng.random() < 0.8 else "suite"
        profile = "full" if rng.random() < 0.5 else "adapter"
        name = f"{key}/{profile}"
        if name not in envs:
            envs[name] = (
                EmailBenchEnv(profile=profile, max_turns=8)
                if key == "suite"
                else EmailBenchEnv(key, profile=profile, max_turns=8)
            )
        env = envs[name]
        try:
            _, info = env.reset(seed=rng.randrange(10**6))
        except Exception as exc:  # a violation, recorded
            report.problem(f"reset of {name} raised {type(exc).__name__}: {exc}")
            continue
        report.resets += 1
        digest = _digest(env.workspace, report, f"reset of {name}")
        if digest is not None and starts.setdefault((name, info["scenario_id"]), digest) != digest:
            report.problem(
                f"reset of {name} ({info['scenario_id']}) did not restore its start state"
            )
        tools = list(env.profile.tools)
        done = False
        while not done and report.env_calls < calls:
            final = rng.random() < 0.06
            action = final_action(values) if final else action_for(values, tools, report.env_steps)
            before = _digest(env.workspace, report, "an env.step")
            if before is None:
                break
            try:
                observation, reward, terminated, truncated, _ = env.step(action)
            except Exception as exc:  # a violation, recorded with its action
                report.problem(
                    f"env.step raised {type(exc).__name__}: {exc} for {shown(action, 200)}"
                )
                break
            report.env_steps += 1
            results = observation["results"]
            report.env_calls += len(results)
            done = terminated or truncated
            if observation not in env.observation_space:
                report.problem(f"observation outside the space after {shown(action, 200)}")
            if not 0.0 <= reward <= 1.0:
                report.problem(f"reward {reward} outside [0, 1]")
            if not _encodable(observation["content"]) or not all(_encodable(r) for r in results):
                report.problem(f"observation not encodable after {shown(action, 200)}")
            for result in results:
                report.outcomes["env_error" if result["is_error"] else "env_ok"] += 1
                if '"internal_error"' in result["content"]:
                    report.problem(f"internal_error: {result['content'][:300]}")
            failed = results and all(r["is_error"] for r in results)
            if failed and not done:
                after = _digest(env.workspace, report, "a failed env.step")
                if after is not None and after != before:
                    report.problem(f"half-applied: failed turn changed state: {shown(action, 200)}")


def run(calls: int, seed: int = 1) -> Report:
    """Fuzz `calls` tool calls, half through `Workspace.call`, half through `env.step`."""
    rng = random.Random(seed)
    report = Report()
    fuzz_workspace(calls // 2, rng, report)
    fuzz_env(calls - calls // 2, rng, report)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    started = time.perf_counter()
    report = run(options.calls, options.seed)
    seconds = time.perf_counter() - started
    print(
        f"{report.calls:,} tool calls ({report.workspace_calls:,} through Workspace.call, "
        f"{report.env_calls:,} through {report.env_steps:,} env.step turns), "
        f"{report.resets:,} resets, {report.digests:,} digests in {seconds:,.0f} s"
    )
    print("outcomes:", dict(sorted(report.outcomes.items())))
    print(f"violations: {report.violations}")
    for problem in report.problems:
        print("  -", problem)
    return 1 if report.violations else 0


if __name__ == "__main__":
    sys.exit(main())
