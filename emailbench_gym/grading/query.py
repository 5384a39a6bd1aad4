"""Declarative queries over an `APISnapshot`: pick a collection, filter it by field paths.

A query is data (`{"collection": "messages", "where": [{"path": "isRead", "op": "eq",
"value": false}]}`); paths are checked against the collection's model when the
scenario loads, so a typo fails early with the fields that exist. Created entities
are named, never guessed: a value may be `{"$folder": "Projects/Raptor"}` (the id of
the folder at that display-name path) or `{"$ids": <query>}` (the ids an inner query
selects), resolved against the snapshot being graded.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from emailbench_gym.api.models import APISnapshot, MailboxSettings, Model
from emailbench_gym.api.odata import get_path, parse_datetime, resolve_path
from emailbench_gym.corpus import CORPUS_FILES
from emailbench_gym.errors import ToolError

#: Collection name -> model of its items (`settings` is a one-item collection).
COLLECTION_MODELS: dict[str, type[Model]] = {
    **{name: model for name, (_file, model) in CORPUS_FILES.items()},
    "settings": MailboxSettings,
}
CollectionName = Literal[tuple(COLLECTION_MODELS)]  # type: ignore[valid-type]
Op = Literal[
    "eq",
    "ne",
    "contains",
    "icontains",
    "in",
    "regex",
    "gt",
    "lt",
    "gte",
    "lte",
    "exists",
    "has",
    "set",
]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Condition(Strict):
    """One test on one field path: `path op value`."""

    path: str = Field(
        description="Field path, '/' or '.' separated, e.g. from/emailAddress/address."
    )
    op: Op = Field(
        "eq",
        description="'has': some element of the list at `path` has every field of `value` "
        "(a {sub-path: value} object), e.g. one attendee with both this address and this type. "
        "'set': the list at `path` holds exactly the values of `value`, in any order and "
        "(for text) any case.",
    )
    value: Any = None

    @model_validator(mode="after")
    def _op_takes_its_value(self) -> Condition:
        if self.op == "has" and not (isinstance(self.value, dict) and self.value):
            raise ValueError(
                f"op 'has' on {self.path!r} needs an object of sub-paths and values, "
                "e.g. {'emailAddress/address': 'a@b.com', 'type': 'optional'}"
            )
        if self.op == "set" and not (
            isinstance(self.value, list) or (isinstance(self.value, dict) and "$ids" in self.value)
        ):
            raise ValueError(
                f"op 'set' on {self.path!r} needs a list of the values (or a $ids query), "
                "e.g. ['gasbank@enron.com', 'legal-tickets@enron.com']"
            )
        return self

    def segments(self) -> list[str]:
        return [s for s in re.split(r"[/.]", self.path) if s]


class AnyOf(Strict):
    """Alternatives: the item passes when every condition of one of them holds.

    For end states a task may reach more than one way: a rule that matches Nathan Pryor by
    `fromAddresses: [his address]` or by `senderContains: [his address]`.
    """

    any_of: list[list[Condition]] = Field(
        min_length=2, description="Each alternative: conditions that must all hold."
    )

    def describe(self) -> str:
        return " or ".join(
            "(" + " and ".join(f"{c.path} {c.op} {c.value!r}" for c in alternative) + ")"
            for alternative in self.any_of
        )


class Query(Strict):
    """Items of one collection that satisfy every condition (`match: all`) or any (`match: any`)."""

    collection: CollectionName
    where: list[Condition] = []
    match: Literal["all", "any"] = "all"
    _compiled: list[Callable[[Any, APISnapshot], bool]] | None = PrivateAttr(None)
    _key: str | None = PrivateAttr(None)

    def key(self) -> str:
        """The query as JSON, a key for what is known about it (computed once per query)."""
        private = self.__pydantic_private__
        found = private.get("_key") if private else None
        if found is None:
            found = self.model_dump_json()
            if private is not None:
                private["_key"] = found
        return found

    def compiled(self) -> list[Callable[[Any, APISnapshot], bool]]:
        """The conditions as predicates, compiled once per query."""
        private = self.__pydantic_private__  # direct: the attribute path is slow on this hot path
        found = private.get("_compiled") if private else None
        if found is None:
            found = [compile_condition(c, self.collection) for c in self.where]
            if private is not None:
                private["_compiled"] = found
        return found

    @model_validator(mode="after")
    def _check_paths(self) -> Query:
        model = COLLECTION_MODELS[self.collection]
        for condition in self.where:
            try:
                resolve_path(model, condition.segments(), condition.path)
            except ToolError as exc:  # reported by pydantic with the field's location
                raise ValueError(exc.message) from None
            _check_value(condition.value)
        return self


def _check_value(value: Any) -> None:
    if isinstance(value, dict) and "$ids" in value:
        Query.model_validate(value["$ids"])
    elif isinstance(value, dict) and "$folder" in value and not isinstance(value["$folder"], str):
        raise ValueError("$folder takes a display-name path such as 'Projects/Raptor'")


# --- evaluation ---------------------------------------------------------------------------


def collection_items(snapshot: APISnapshot, collection: str) -> list[Any]:
    if collection == "settings":
        return [snapshot.settings]
    return getattr(snapshot, collection)


def folder_id(snapshot: APISnapshot, path: str) -> str | None:
    """The id of the folder at a display-name path like 'Projects/Raptor' (case-insensitive).

    A path starting with `**/` may sit anywhere ('**/Raptor': a folder named Raptor at any
    depth, for requests that name no location); the first such folder in corpus order wins.
    """
    names = [p.casefold() for p in path.split("/") if p]
    if names and names[0] == "**":
        wanted = names[1:]
        by_id = {f.id: f for f in snapshot.folders}
        for folder in snapshot.folders:
            node: Any = folder
            for name in reversed(wanted):
                if node is None or node.displayName.casefold() != name:
                    break
                node = by_id.get(node.parentFolderId) if node.parentFolderId else None
            else:
                return folder.id
        return None
    parent: str | None = None
    found: str | None = None
    for key in names:
        found = next(
            (
                f.id
                for f in snapshot.folders
                if f.parentFolderId == parent and f.displayName.casefold() == key
            ),
            None,
        )
        if found is None:
            return None
        parent = found
    return found


def resolve_value(value: Any, snapshot: APISnapshot) -> Any:
    """Replace `$folder` / `$ids` references by ids found in this snapshot."""
    if isinstance(value, dict):
        if "$folder" in value:
            return folder_id(snapshot, value["$folder"])
        if "$ids" in value:
            inner = Query.model_validate(value["$ids"])
            return [item.id for item in select(inner, snapshot)]
    return value


def _normalize(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True)
    return value


def _as_datetime(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return parse_datetime(value)
        except ValueError:
            return value
    return value


def _as_set(values: Any) -> frozenset[Any] | None:
    """A list's values as a set (text casefolded), or None when it is not a list of scalars."""
    if not isinstance(values, list):
        return None
    try:
        return frozenset(v.casefold() if isinstance(v, str) else _normalize(v) for v in values)
    except TypeError:  # unhashable elements (objects): not a set of values
        return None


def _compare(op: str, found: Any, expected: Any) -> bool:
    if op == "set":
        wanted = _as_set(expected)
        return wanted is not None and _as_set(found) == wanted
    if (
        isinstance(found, list)
        and op not in ("exists", "in", "ne")
        and not isinstance(expected, list)
    ):
        return any(_compare(op, item, expected) for item in found)
    if op == "exists":
        present = found not in (None, [], "")
        return present == bool(expected if expected is not None else True)
    if op == "eq":
        if isinstance(expected, list) and not isinstance(found, list):
            return found in expected  # a `$ids` reference resolved to several ids
        if isinstance(found, datetime):
            return found == _as_datetime(expected)
        return _normalize(found) == expected
    if op == "ne":
        if isinstance(expected, list) and not isinstance(found, list):
            return found not in expected
        return _normalize(found) != expected
    if op == "in":
        if isinstance(found, list):
            return any(item in expected for item in found)
        return found in (expected or [])
    if op == "contains":
        return isinstance(found, str) and isinstance(expected, str) and expected in found
    if op == "icontains":
        return (
            isinstance(found, str)
            and isinstance(expected, str)
            and expected.casefold() in found.casefold()
        )
    if op == "regex":
        return isinstance(found, str) and re.search(expected, found) is not None
    if found is None or expected is None:
        return False
    if isinstance(found, datetime):
        expected = _as_datetime(expected)
    try:
        if op == "gt":
            return found > expected
        if op == "lt":
            return found < expected
        if op == "gte":
            return found >= expected
        return found <= expected
    except TypeError:
        return False


def _attrs(collection: str, path: str) -> tuple[list[str], bool]:
    """Attribute names along a (validated) wire path, and whether it fans out over a list."""
    segments = [s for s in re.split(r"[/.]", path) if s]
    return resolve_path(COLLECTION_MODELS[collection], segments, path)


def _element_has(element: Any, fields: dict[str, Any]) -> bool:
    """One list element (a model) has every sub-path of `fields` equal to its value."""
    wire = _normalize(element)
    for path, expected in fields.items():
        found = wire
        for segment in (s for s in re.split(r"[/.]", path) if s):
            found = found.get(segment) if isinstance(found, dict) else None
        if isinstance(found, str) and isinstance(expected, str):
            if found.casefold() != expected.casefold():
                return False
        elif found != expected:
            return False
    return True


def compile_condition(condition: Condition, collection: str) -> Callable[[Any, APISnapshot], bool]:
    attrs, many = _attrs(collection, condition.path)
    op, value = condition.op, condition.value
    getter: Callable[[Any], Any] = (
        operator.attrgetter(attrs[0]) if len(attrs) == 1 else lambda item: get_path(item, attrs)
    )
    if op == "has":

        def has(item: Any, snapshot: APISnapshot) -> bool:
            found = getter(item)
            elements = found if isinstance(found, list) else [found]
            return any(_element_has(e, value) for e in elements if e is not None)

        return has
    if (
        not many
        and op in ("eq", "ne", "in")
        and isinstance(value, list)
        and all(isinstance(v, str) for v in value)
    ):
        # Membership in a fixed list of ids or names (the collateral-damage checks): a set lookup.
        members = frozenset(value)
        if op == "ne":
            return lambda item, snapshot: getter(item) not in members
        return lambda item, snapshot: getter(item) in members

    if not isinstance(value, dict):
        return lambda item, snapshot: _compare(op, getter(item), value)
    memo: list[Any] = [None, None]  # (snapshot, value): resolved once per snapshot, not per item

    def check_reference(item: Any, snapshot: APISnapshot) -> bool:
        if memo[0] is not snapshot:
            memo[:] = [snapshot, resolve_value(value, snapshot)]
        return _compare(op, getter(item), memo[1])

    return check_reference


def compile_expectation(
    expectation: Condition | AnyOf, collection: str
) -> Callable[[Any, APISnapshot], bool]:
    """A condition, or alternatives of conditions (`AnyOf`), as one predicate."""
    if isinstance(expectation, Condition):
        return compile_condition(expectation, collection)
    alternatives = [[compile_condition(c, collection) for c in a] for a in expectation.any_of]
    return lambda item, snapshot: any(
        all(check(item, snapshot) for check in alternative) for alternative in alternatives
    )


def select(query: Query, snapshot: APISnapshot) -> list[Any]:
    """The items of the query's collection that match it, in collection order."""
    checks = query.compiled()
    items = collection_items(snapshot, query.collection)
    if not checks:
        return list(items)
    if len(checks) == 1:
        (check,) = checks
        return [item for item in items if check(item, snapshot)]
    combine = all if query.match == "all" else any
    return [item for item in items if combine(check(item, snapshot) for check in checks)]


def value_at(item: Any, path: str, collection: str) -> Any:
    """A field of an item by wire path, validated against the collection model."""
    return value_of(item, field_attrs(collection, path))


def field_attrs(collection: str, path: str) -> list[str]:
    """The attribute names along a wire path of the collection's model (a check works them
    out once and reads every item with `value_of`); ValueError naming the fields if unknown."""
    segments = [s for s in re.split(r"[/.]", path) if s]
    try:
        attrs, _ = resolve_path(COLLECTION_MODELS[collection], segments, path)
    except ToolError as exc:
        raise ValueError(exc.message) from None
    return attrs


def value_of(item: Any, attrs: list[str]) -> Any:
    """The field of an item at attribute names from `field_attrs`, as wire data."""
    return _normalize(get_path(item, attrs))
