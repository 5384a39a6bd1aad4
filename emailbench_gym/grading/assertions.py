"""The nine static assertion types (paper Table 14), as data and as checks.

Each assertion is a pydantic model discriminated by `type`; `check(...)` returns
whether it passed plus what was expected and what was found, so a failed grade
explains itself. Snapshot assertions read the final `APISnapshot` (and the
initial one, to tell created or changed items apart); `return-contains` and
`return-excludes` read the final answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, model_validator

from emailbench_gym.api.models import APISnapshot
from emailbench_gym.api.odata import parse_datetime
from emailbench_gym.grading.query import (
    Condition,
    Query,
    Strict,
    collection_items,
    compile_condition,
    folder_id,
    select,
    value_at,
)


@dataclass(frozen=True)
class Outcome:
    passed: bool
    expected: Any
    found: Any


class _Base(Strict):
    description: str = ""
    critical: bool = True


class CountAssertion(_Base):
    """The query selects `op value` items."""

    type: Literal["count"]
    query: Query
    op: Literal["eq", "gte", "lte", "gt", "lt"] = "eq"
    value: int

    def check(self, final: APISnapshot, initial: APISnapshot, answer: str) -> Outcome:
        n = len(select(self.query, final))
        ok = {
            "eq": n == self.value,
            "gte": n >= self.value,
            "lte": n <= self.value,
            "gt": n > self.value,
            "lt": n < self.value,
        }[self.op]
        return Outcome(ok, f"count {self.op} {self.value}", n)


class ExistsAssertion(_Base):
    """At least one item matches the query."""

    type: Literal["exists"]
    query: Query

    def check(self, final: APISnapshot, initial: APISnapshot, answer: str) -> Outcome:
        found = select(self.query, final)
        return Outcome(bool(found), "at least one match", [_label(i) for i in found[:5]])


class NotExistsAssertion(_Base):
    """No item matches the query."""

    type: Literal["not-exists"]
    query: Query

    def check(self, final: APISnapshot, initial: APISnapshot, answer: str) -> Outcome:
        found = select(self.query, final)
        return Outcome(not found, "no match", [_label(i) for i in found[:5]])


class PropertyAssertion(_Base):
    """Strict equality on a computed value: one field of the single match, or an aggregate.

    `compute`: `value` (the field at `path` of exactly one matching item), `values`
    (the list of that field over the matches, in collection order), `sorted_values`,
    or `count`.
    """

    type: Literal["property"]
    query: Query
    compute: Literal["value", "values", "sorted_values", "count"] = "value"
    path: str | None = None
    expected: Any

    @model_validator(mode="after")
    def _needs_path(self) -> PropertyAssertion:
        if self.compute != "count" and not self.path:
            raise ValueError(f"property assertions with compute={self.compute!r} need a 'path'")
        if self.path:
            value_at(None, self.path, self.query.collection)  # validates the path
        return self

    def check(self, final: APISnapshot, initial: APISnapshot, answer: str) -> Outcome:
        items = select(self.query, final)
        if self.compute == "count":
            found: Any = len(items)
        elif self.compute == "value":
            if len(items) != 1:
                return Outcome(
                    False, self.expected, f"{len(items)} matching items (need exactly 1)"
                )
            found = value_at(items[0], self.path or "", self.query.collection)
        else:
            found = [value_at(i, self.path or "", self.query.collection) for i in items]
            if self.compute == "sorted_values":
                found = sorted(found, key=repr)
        return Outcome(_same(found, self.expected), self.expected, found)


class StateCheckAssertion(_Base):
    """Every item the query selects satisfies `expect`, or is `unchanged` since the start.

    With `unchanged`, the query runs on the initial state and each selected item
    must still exist with the listed fields (or, if the list is empty, every field)
    equal: this is the collateral-damage check ("nothing else moved or was deleted").
    `min_matches` guards against a vacuous pass.
    """

    type: Literal["state-check"]
    query: Query
    expect: list[Condition] = []
    unchanged: list[str] | None = None
    min_matches: int = 1

    @model_validator(mode="after")
    def _needs_check(self) -> StateCheckAssertion:
        if not self.expect and self.unchanged is None:
            raise ValueError("state-check needs 'expect' conditions or an 'unchanged' field list")
        Query(collection=self.query.collection, where=self.expect)  # validates paths
        for path in self.unchanged or []:
            value_at(None, path, self.query.collection)
        return self

    def check(self, final: APISnapshot, initial: APISnapshot, answer: str) -> Outcome:
        collection = self.query.collection
        if self.unchanged is not None:
            before = select(self.query, initial)
            after = {getattr(i, "id", None): i for i in collection_items(final, collection)}
            bad = []
            for item in before:
                now = after.get(getattr(item, "id", None))
                if now is None:
                    bad.append(f"{_label(item)}: deleted")
                    continue
                fields = self.unchanged or None
                if fields is None:
                    if now is not item and now != item:  # copy-on-write: unchanged is identical
                        bad.append(f"{_label(item)}: changed")
                else:
                    for path in fields:
                        old, new = (value_at(x, path, collection) for x in (item, now))
                        if old != new:
                            bad.append(f"{_label(item)}: {path} {old!r} -> {new!r}")
            ok = not bad and len(before) >= self.min_matches
            return Outcome(ok, f"{len(before)} items unchanged", bad[:5] or "unchanged")
        items = select(self.query, final)
        checks = [compile_condition(c, collection) for c in self.expect]
        bad = [_label(i) for i in items if not all(c(i, final) for c in checks)]
        ok = not bad and len(items) >= self.min_matches
        expected = " and ".join(f"{c.path} {c.op} {c.value!r}" for c in self.expect)
        found = f"{len(items)} matched" + (f"; failing: {bad[:5]}" if bad else "")
        return Outcome(ok, expected, found)


class SentMessageAssertion(_Base):
    """A message sent during the episode matches recipients, subject and body.

    Matching is case-insensitive; `to` addresses must all be among the to/cc
    recipients; `*_contains` strings must all occur; `*_regex` must match.
    `count` is how many sent messages must match (at least `count`, or exactly
    with `exact`).
    """

    type: Literal["sent-message"]
    to: list[str] = []
    cc: list[str] = []
    subject_contains: list[str] = []
    subject_regex: str | None = None
    body_contains: list[str] = []
    body_regex: str | None = None
    in_reply_to: str | None = None
    count: int = 1
    exact: bool = False

    def check(self, final: APISnapshot, initial: APISnapshot, answer: str) -> Outcome:
        before = {m.id for m in initial.messages}
        sent_folder = next((f.id for f in final.folders if f.wellKnownName == "sentitems"), None)
        sent = [
            m
            for m in final.messages
            if m.id not in before and m.parentFolderId == sent_folder and not m.isDraft
        ]
        matching = [m for m in sent if self._matches(m)]
        n = len(matching)
        ok = n == self.count if self.exact else n >= self.count
        want = {
            "to": self.to,
            "subject": self.subject_contains or self.subject_regex,
            "body": self.body_contains or self.body_regex,
        }
        found = [
            {"subject": m.subject, "to": [r.emailAddress.address for r in m.toRecipients]}
            for m in sent[:5]
        ]
        return Outcome(ok, {"matching": self.count, **want}, {"matching": n, "sent": found})

    def _matches(self, message: Any) -> bool:
        to = {r.emailAddress.address.casefold() for r in message.toRecipients}
        cc = {r.emailAddress.address.casefold() for r in message.ccRecipients}
        if any(a.casefold() not in to | cc for a in self.to):
            return False
        if any(a.casefold() not in cc | to for a in self.cc):
            return False
        subject, body = message.subject.casefold(), message.body.content.casefold()
        if any(s.casefold() not in subject for s in self.subject_contains):
            return False
        if any(s.casefold() not in body for s in self.body_contains):
            return False
        if self.subject_regex and not re.search(self.subject_regex, message.subject, re.I):
            return False
        if self.body_regex and not re.search(self.body_regex, message.body.content, re.I):
            return False
        return self.in_reply_to is None or message.inReplyTo == self.in_reply_to


class MovedMessageAssertion(_Base):
    """These messages (by identity) are all in the folder; with `exact`, nothing else is."""

    type: Literal["moved-message"]
    message_ids: list[str] = Field(min_length=1)
    folder: str = Field(description="Folder display-name path ('Projects/Raptor') or folder id.")
    exact: bool = False

    def check(self, final: APISnapshot, initial: APISnapshot, answer: str) -> Outcome:
        target = folder_id(final, self.folder)
        if target is None and any(f.id == self.folder for f in final.folders):
            target = self.folder
        if target is None:
            return Outcome(False, f"folder {self.folder!r} with the messages", "folder missing")
        inside = {m.id for m in final.messages if m.parentFolderId == target}
        missing = [i for i in self.message_ids if i not in inside]
        extra = sorted(inside.difference(self.message_ids)) if self.exact else []
        found = (
            {"not in folder": missing, "unexpected in folder": extra}
            if missing or extra
            else "all in folder"
        )
        return Outcome(not missing and not extra, sorted(self.message_ids), found)


def _same(found: Any, expected: Any) -> bool:
    """Strict equality, except that a datetime equals the ISO text of the same instant."""
    if isinstance(found, list) and isinstance(expected, list):
        return len(found) == len(expected) and all(map(_same, found, expected))
    if isinstance(found, datetime) and isinstance(expected, str):
        try:
            return found == parse_datetime(expected)
        except ValueError:
            return False
    return found == expected and type(found) is type(expected)


def _phrase(value: str) -> re.Pattern[str]:
    """A case-insensitive, whitespace-tolerant pattern that matches whole words only."""
    words = [re.escape(w) for w in value.split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", re.I)


def _find(answer: str, alternatives: str | list[str]) -> int:
    """Position of the first alternative found in the answer, or -1."""
    options = [alternatives] if isinstance(alternatives, str) else alternatives
    positions = [m.start() for o in options if (m := _phrase(o).search(answer))]
    return min(positions) if positions else -1


class ReturnContainsAssertion(_Base):
    """The final answer names every value (each value may list alternatives, e.g. ["80%", "80.0%"]).

    Matching is case-insensitive on whole words. With `ordered`, the values must
    appear in the given order (for sorted answers).
    """

    type: Literal["return-contains"]
    values: list[str | list[str]] = Field(min_length=1)
    ordered: bool = False

    def check(self, final: APISnapshot, initial: APISnapshot, answer: str) -> Outcome:
        positions = [_find(answer or "", v) for v in self.values]
        missing = [v for v, p in zip(self.values, positions, strict=True) if p < 0]
        in_order = positions == sorted(positions)
        ok = not missing and (in_order or not self.ordered)
        found: Any = (
            {"missing": missing} if missing else ("out of order" if not ok else "all present")
        )
        return Outcome(ok, self.values, found)


class ReturnExcludesAssertion(_Base):
    """The final answer names none of the values (stops an answer that lists everything)."""

    type: Literal["return-excludes"]
    values: list[str | list[str]] = Field(min_length=1)

    def check(self, final: APISnapshot, initial: APISnapshot, answer: str) -> Outcome:
        present = [v for v in self.values if _find(answer or "", v) >= 0]
        return Outcome(not present, f"none of {self.values}", present or "none present")


Assertion = Annotated[
    CountAssertion
    | ExistsAssertion
    | NotExistsAssertion
    | PropertyAssertion
    | StateCheckAssertion
    | SentMessageAssertion
    | MovedMessageAssertion
    | ReturnContainsAssertion
    | ReturnExcludesAssertion,
    Field(discriminator="type"),
]
ASSERTION_TYPES: tuple[str, ...] = (
    "count",
    "exists",
    "not-exists",
    "property",
    "state-check",
    "sent-message",
    "moved-message",
    "return-contains",
    "return-excludes",
)
ANSWER_TYPES = frozenset({"return-contains", "return-excludes"})
assertion_adapter: TypeAdapter[Assertion] = TypeAdapter(Assertion)


def _label(item: Any) -> str:
    name = next(
        (
            getattr(item, f)
            for f in ("subject", "displayName", "title", "name")
            if getattr(item, f, None)
        ),
        "",
    )
    ident = getattr(item, "id", "")
    return f"{ident} ({name})" if name else str(ident)
