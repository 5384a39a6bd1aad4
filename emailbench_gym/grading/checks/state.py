"""Checks on the end state: counts, existence, field values, unchanged items, folder contents.

Each reads the final `APISnapshot` (and the initial one, to tell what changed) through
declarative queries (grading/query.py), so a scenario names created things by path
(`{"$folder": "Projects/Raptor"}`) and never guesses an id.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import cached_property
from typing import Any, Literal

from pydantic import Field, model_validator

from emailbench_gym.api.odata import parse_datetime
from emailbench_gym.grading.checks.base import CheckBase, EpisodeView, Outcome, matcher
from emailbench_gym.grading.query import (
    AnyOf,
    Condition,
    Query,
    Strict,
    compile_expectation,
    field_attrs,
    folder_id,
    select,
    value_at,
    value_of,
)


class FromStart(Strict):
    """A count relative to the start state: `{"$start": 2}` is two more than the query
    selected at the start (`$folder` / `$ids` resolved as at the end), `{"$start": 0}` as
    many. A total over a whole collection ("65 messages: none sent or deleted") then holds
    in a mailbox of any size, and on the corpus it was written for it is the same number."""

    start: int = Field(alias="$start", description="Items more (or fewer) than at the start.")


class CountAssertion(CheckBase):
    """The query selects `op value` items (`value`: a number, or `{"$start": delta}`)."""

    type: Literal["count"]
    query: Query
    op: Literal["eq", "gte", "lte", "gt", "lt"] = "eq"
    value: int | FromStart

    @model_validator(mode="after")
    def _start_of_a_collection(self) -> CountAssertion:
        if isinstance(self.value, FromStart) and self.query.collection == "settings":
            raise ValueError("a count of settings cannot be relative to the start ($start)")
        return self

    def target(self, episode: EpisodeView) -> int:
        """The number `value` stands for in this episode."""
        if isinstance(self.value, int):
            return self.value
        return episode.context.initial_side(self.query, episode.final).count + self.value.start

    def check(self, episode: EpisodeView) -> Outcome:
        n = episode.count(self.query)
        value = self.target(episode)
        ok = {
            "eq": n == value,
            "gte": n >= value,
            "lte": n <= value,
            "gt": n > value,
            "lt": n < value,
        }[self.op]
        return Outcome(ok, f"count {self.op} {value}", n)


class ExistsAssertion(CheckBase):
    """At least one item matches the query."""

    type: Literal["exists"]
    query: Query

    def check(self, episode: EpisodeView) -> Outcome:
        found = episode.matches(self.query, limit=5)
        return Outcome(bool(found), "at least one match", [_label(i) for i in found])


class NotExistsAssertion(CheckBase):
    """No item matches the query."""

    type: Literal["not-exists"]
    query: Query

    def check(self, episode: EpisodeView) -> Outcome:
        found = episode.matches(self.query, limit=5)
        return Outcome(not found, "no match", [_label(i) for i in found])


class PropertyAssertion(CheckBase):
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

    @cached_property
    def path_attrs(self) -> list[str]:
        """The attributes along `path` (worked out once per check)."""
        return field_attrs(self.query.collection, self.path or "")

    def check(self, episode: EpisodeView) -> Outcome:
        if self.compute in ("count", "value"):
            count = episode.count(self.query)
            if self.compute == "count":
                return Outcome(_same(count, self.expected), self.expected, count)
            if count != 1:
                return Outcome(False, self.expected, f"{count} matching items (need exactly 1)")
            (item,) = episode.matches(self.query, limit=1)
            found: Any = value_of(item, self.path_attrs)
        else:
            items = episode.matches(self.query)
            found = [value_of(i, self.path_attrs) for i in items]
            if self.compute == "sorted_values":
                found = sorted(found, key=repr)
        return Outcome(_same(found, self.expected), self.expected, found)


class StateCheckAssertion(CheckBase):
    """Every item the query selects satisfies `expect`, or is `unchanged` since the start.

    With `unchanged`, the query runs on the initial state and each selected item
    must still exist with the listed fields (or, if the list is empty, every field)
    equal: this is the collateral-damage check ("nothing else moved or was deleted").
    `min_matches` guards against a vacuous pass.
    """

    type: Literal["state-check"]
    query: Query
    expect: list[Condition | AnyOf] = Field(
        [],
        description="Conditions every selected item meets; {'any_of': [[...], [...]]} holds when "
        "all conditions of one alternative do.",
    )
    unchanged: list[str] | None = None
    min_matches: int = 1

    @model_validator(mode="after")
    def _needs_check(self) -> StateCheckAssertion:
        if not self.expect and self.unchanged is None:
            raise ValueError("state-check needs 'expect' conditions or an 'unchanged' field list")
        for expectation in self.expect:  # validates paths
            for conditions in _alternatives(expectation):
                Query(collection=self.query.collection, where=conditions)
        for path in self.unchanged or []:
            value_at(None, path, self.query.collection)
        return self

    @cached_property
    def expectations(self) -> list[Callable[[Any, Any], bool]]:
        """`expect` as predicates over (item, snapshot), compiled once per check."""
        return [compile_expectation(c, self.query.collection) for c in self.expect]

    def passes(self, item: Any, snapshot: Any) -> bool:
        """Whether one item meets every `expect` condition."""
        return all(check(item, snapshot) for check in self.expectations)

    @cached_property
    def unchanged_attrs(self) -> list[tuple[str, list[str]]]:
        """Each `unchanged` path with its attributes (worked out once per check)."""
        return [(path, field_attrs(self.query.collection, path)) for path in self.unchanged or []]

    def check(self, episode: EpisodeView) -> Outcome:
        final = episode.final
        collection = self.query.collection
        if self.unchanged is not None:
            if collection == "settings":
                return self._unchanged_settings(episode)
            # Only what the episode touched can differ from the start: the others are the same.
            initial = episode.initial
            selected = matcher(self.query, initial)
            touched = [
                (before, after)
                for before, after in episode.changed(collection).values()
                if before is not None and selected(before)
            ]
            # A deleted item always differs: its lines are written only if shown (the first
            # five, in start order), not for every message of a purged folder.
            problems = [(b, a) for b, a in touched if a is None or self._differences(b, a)]
            problems.sort(key=lambda problem: initial.position(collection, problem[0].id))
            bad = [
                line for before, after in problems[:5] for line in self._differences(before, after)
            ]
            matched = episode.context.initial_side(self.query, initial).count
            ok = not problems and matched >= self.min_matches
            return Outcome(ok, f"{matched} items unchanged", bad[:5] or "unchanged")
        checks = self.expectations
        if collection != "settings" and episode.context.initial_side(self.query, final).ids is None:
            # Many selected at the start: count them and list the failures from the changes.
            matched = episode.count(self.query)
            failing = episode.failures(self.query, self.passes, self.expect, limit=5)
            bad = [_label(i) for i in failing]
        else:
            items = episode.matches(self.query)
            matched = len(items)
            bad = [_label(i) for i in items if not all(c(i, final) for c in checks)]
        ok = not bad and matched >= self.min_matches
        expected = " and ".join(
            c.describe() if isinstance(c, AnyOf) else f"{c.path} {c.op} {c.value!r}"
            for c in self.expect
        )
        found = f"{matched} matched" + (f"; failing: {bad[:5]}" if bad else "")
        return Outcome(ok, expected, found)

    def _differences(self, item: Any, now: Any) -> list[str]:
        """How one start-state item differs at the end (deleted, changed, or listed fields)."""
        if now is None:
            return [f"{_label(item)}: deleted"]
        if not self.unchanged:
            changed = now is not item and now != item  # copy-on-write: unchanged is identical
            return [f"{_label(item)}: changed"] if changed else []
        out = []
        for path, attrs in self.unchanged_attrs:
            old, new = value_of(item, attrs), value_of(now, attrs)
            if old != new:
                out.append(f"{_label(item)}: {path} {old!r} -> {new!r}")
        return out

    def _unchanged_settings(self, episode: EpisodeView) -> Outcome:
        """`unchanged` on the one-item settings collection, compared whole."""
        before = select(self.query, episode.initial)
        bad = [p for item in before for p in self._differences(item, episode.final.settings)]
        ok = not bad and len(before) >= self.min_matches
        return Outcome(ok, f"{len(before)} items unchanged", bad[:5] or "unchanged")


class MovedMessageAssertion(CheckBase):
    """These messages (by identity) are all in the folder; with `exact`, nothing else is."""

    type: Literal["moved-message"]
    message_ids: list[str] = Field(min_length=1)
    folder: str = Field(description="Folder display-name path ('Projects/Raptor') or folder id.")
    exact: bool = False

    def check(self, episode: EpisodeView) -> Outcome:
        final = episode.final
        target = folder_id(final, self.folder)
        if target is None and any(f.id == self.folder for f in final.folders):
            target = self.folder
        if target is None:
            return Outcome(False, f"folder {self.folder!r} with the messages", "folder missing")
        missing = [i for i in self.message_ids if _folder_of(final, i) != target]
        extra = self._others_in(episode, target, missing) if self.exact else []
        found = (
            {"not in folder": missing, "unexpected in folder": extra}
            if missing or extra
            else "all in folder"
        )
        return Outcome(not missing and not extra, sorted(self.message_ids), found)

    def _others_in(self, episode: EpisodeView, target: str, missing: list[str]) -> list[str]:
        """The folder's unlisted messages, sorted. A folder that held many at the start is
        counted first (in O(changes)) and listed only when it holds some."""
        query = episode.context.folder_query(target)
        if episode.context.initial_side(query, episode.final).ids is None:
            listed_inside = set(self.message_ids).difference(missing)
            if episode.count(query) == len(listed_inside):
                return []
        return sorted(episode.messages_in(target).difference(self.message_ids))


def _alternatives(expectation: Condition | AnyOf) -> list[list[Condition]]:
    return expectation.any_of if isinstance(expectation, AnyOf) else [[expectation]]


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


def _folder_of(snapshot: Any, message_id: str) -> str | None:
    message = snapshot.get("messages", message_id)
    return None if message is None else message.parentFolderId


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
