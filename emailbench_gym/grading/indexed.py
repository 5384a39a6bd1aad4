"""Grading queries over messages, answered by the corpus database instead of a pass over it.

A scenario's first grade asks what its queries select in the start state (counts, the few
ids, a state check's failures). Over a large corpus that was one pass over every message,
parsing each (seconds at 100,000). Here a query's conditions become a SQL condition on
the `messages` table (`store.schema` columns), comparison by comparison with
`grading.query._compare`'s outcome on every row:

- exact where the stored value decides it: ids, folders and conversations (stored as
  they are; `regex` too, by the store's REGEXP, within the index range of an anchored
  pattern's literal prefix), booleans, datetimes (by instant), enumerations (by rank), `icontains` on
  casefolded text, `exists`, `eq null`;
- a superset where only the casefolded text is stored (`eq` / `in` / `contains` on a
  subject, an address, a list element): the candidates are then checked with the
  query's own Python predicate;
- left out where SQL cannot say it (`regex`, `has`, `set`, `ne` on casefolded text):
  under `match: all` the rest still bounds the selection (a superset, rechecked); under
  `match: any`, or when nothing bounds it, the caller falls back to the pass.

Every condition is two-valued (never NULL), so `NOT` means what it means in Python.
Values that name things (`$folder`, `$ids`) are resolved against the graded state first.
"""

from __future__ import annotations

import re
import re._constants as sre
import re._parser as sre_parse
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from emailbench_gym.api.models import Message
from emailbench_gym.api.odata import parse_datetime, resolve_path
from emailbench_gym.grading.query import AnyOf, Condition, Query, resolve_value
from emailbench_gym.store.schema import BODY, BODY_PATH, COLUMNS, LIST_FIELDS, stored
from emailbench_gym.store.translate import Condition as Sql

if TYPE_CHECKING:
    from emailbench_gym.mailbox import Snapshot

#: Paths whose value the `messages` table keeps exactly (not casefolded).
_RAW: dict[tuple[str, ...], str] = {
    ("id",): "id",
    ("parentFolderId",): "folder",
    ("conversationId",): "conversation",
}
#: Their casefolded columns (for `icontains`).
_FOLDED = {"id": "id_cf", "folder": "parent_folder_cf", "conversation": "conversation_cf"}
_SQL_OP = {"gt": ">", "lt": "<", "gte": ">=", "lte": "<="}
TRUE = Sql("1")
FALSE = Sql("0")


@dataclass(frozen=True)
class Plan:
    """`where` bounds the matches (None: every message); `exact`: it selects exactly them.

    `complement`, when known, selects exactly the messages `where` does not, through an
    index where `where` scans every row (`id IN (...)` for `id NOT IN (...)`): the count is
    then the corpus size less the complement's.
    """

    where: Sql | None
    exact: bool
    complement: Sql | None = None


class _NoBound(Exception):
    """This condition has no SQL form, not even a superset."""


def plan(query: Query, references: Snapshot) -> Plan | None:
    """The SQL plan of a messages query (`$folder` / `$ids` resolved against `references`),
    or None when SQL cannot bound it."""
    if query.collection != "messages":
        return None
    parts: list[tuple[Sql, bool] | None] = []
    bounded = query.match == "all" and len(query.where) > 1
    for condition in query.where:
        try:
            parts.append(_condition(condition, references, bounded))
        except _NoBound:
            parts.append(None)
    found = _combine(parts, query.match == "all")
    if found is None or not found.exact or not query.where:
        return found
    complements = [c for c in (_complement(c, references) for c in query.where) if c is not None]
    if len(complements) < len(query.where):
        return found
    # not (a and b) = not a or not b; not (a or b) = not a and not b (two-valued conditions)
    return Plan(found.where, True, _join(complements, "OR" if query.match == "all" else "AND"))


def _complement(condition: Condition, references: Snapshot) -> Sql | None:
    """The exact SQL of the messages one condition rejects, when that is an index search:
    `ne` on an id, folder or conversation (the others: None)."""
    segments = [s for s in re.split(r"[/.]", condition.path) if s]
    attrs = tuple(resolve_path(Message, segments, condition.path)[0])
    if condition.op != "ne" or attrs not in _RAW:
        return None
    value = condition.value
    if isinstance(value, dict):
        value = resolve_value(value, references)
    column = _RAW[attrs]
    if isinstance(value, list):
        return _in(column, [v for v in value if isinstance(v, str)])
    return Sql(f"{column} = ?", (value,)) if isinstance(value, str) else FALSE


def expectation_plan(expect: list[Condition | AnyOf], references: Snapshot) -> Plan | None:
    """A state check's `expect` (every condition, each `AnyOf` one of its alternatives) as an
    exact SQL condition, or None when some part has no exact form."""
    parts: list[Sql] = []
    for expectation in expect:
        alternatives = expectation.any_of if isinstance(expectation, AnyOf) else [[expectation]]
        options = []
        for conditions in alternatives:
            found = _combine([_exact(c, references) for c in conditions], True)
            if found is None or not found.exact:
                return None
            options.append(found.where or TRUE)
        parts.append(_join(options, "OR"))
    if not parts:
        return Plan(None, True)
    return Plan(_join(parts, "AND"), True)


def _exact(condition: Condition, references: Snapshot) -> tuple[Sql, bool] | None:
    try:
        return _condition(condition, references)
    except _NoBound:
        return None


def _combine(parts: list[tuple[Sql, bool] | None], all_of: bool) -> Plan | None:
    if not parts:
        return Plan(None, True)
    if all_of:
        kept = [p for p in parts if p is not None]
        exact = len(kept) == len(parts) and all(e for _, e in kept)
        if not kept:
            return Plan(None, False)
        return Plan(_join([s for s, _ in kept], "AND"), exact)
    if any(p is None for p in parts):
        return None  # a disjunct with no bound leaves the whole `any` unbounded
    return Plan(_join([s for s, _ in parts], "OR"), all(e for _, e in parts))  # type: ignore[misc]


def _join(parts: list[Sql], word: str) -> Sql:
    if len(parts) == 1:
        return parts[0]
    return Sql(
        "(" + f" {word} ".join(f"({p.sql})" for p in parts) + ")",
        tuple(v for p in parts for v in p.params),
    )


def _condition(
    condition: Condition, references: Snapshot, bounded: bool = False
) -> tuple[Sql, bool]:
    """(SQL, exact) for one grading condition; _NoBound when SQL cannot even bound it.

    `bounded`: other conditions must hold too, so a body condition reads the body of each
    row they leave (a rowid lookup each) instead of testing every body in the corpus first
    (which costs as much as the query alone, however few rows the others leave)."""
    segments = [s for s in re.split(r"[/.]", condition.path) if s]
    attrs_list, many = resolve_path(Message, segments, condition.path)
    attrs = tuple(attrs_list)
    op, value = condition.op, condition.value
    if isinstance(value, dict):
        value = resolve_value(value, references)
    if many:
        return _list_condition(attrs, op, value)
    if attrs in _RAW:
        return _raw(_RAW[attrs], op, value), True
    if attrs == BODY_PATH:
        inner, exact = _text(BODY.name, False, op, value)
        if bounded:
            own = "FROM message_bodies b WHERE b.rowid = messages.rowid"
            return Sql(f"coalesce((SELECT {inner.sql} {own}), 0)", inner.params), exact
        return Sql(
            f"rowid IN (SELECT rowid FROM message_bodies WHERE {inner.sql})", inner.params
        ), exact
    column = COLUMNS.get(attrs)
    if column is None:
        raise _NoBound
    if column.kind == "bool":
        return _bool(column.name, op, value), True
    if column.kind == "datetime":
        return _datetime(column.name, column.nullable, op, value), True
    if column.ranks:
        return _ranked(column.sort_name, column.ranks, op, value)
    return _text(column.name, column.nullable, op, value)


def _strings(value: Any) -> list[str] | None:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    return None


def _in(column: str, values: list[str], negate: bool = False) -> Sql:
    if not values:
        return TRUE if negate else FALSE
    marks = ", ".join("?" * len(values))
    return Sql(f"{column} {'NOT IN' if negate else 'IN'} ({marks})", tuple(values))


def _raw(column: str, op: str, value: Any) -> Sql:
    """A non-null text column stored as it is (ids, folders, conversations): exact."""
    if isinstance(value, list):  # a text is in a list when it equals one of its texts
        members = [v for v in value if isinstance(v, str)]
        if op in ("eq", "in"):
            return _in(column, members)
        if op == "ne":
            return _in(column, members, negate=True)
        raise _NoBound
    if op == "eq":
        return Sql(f"{column} = ?", (value,)) if isinstance(value, str) else FALSE
    if op == "ne":
        return Sql(f"{column} != ?", (value,)) if isinstance(value, str) else TRUE
    if op == "in" and value is None:
        return FALSE
    if op == "contains" and isinstance(value, str):
        return Sql(f"instr({column}, ?) > 0", (value,))
    if op == "regex" and isinstance(value, str):
        test = Sql(f"{column} REGEXP ?", (value,))  # the store's REGEXP is `re.search`
        prefix = anchored_prefix(value)
        if not prefix:
            return test
        above = _successor(prefix)
        if above is None:
            return Sql(f"{column} >= ? AND {test.sql}", (prefix, value))
        return Sql(f"{column} >= ? AND {column} < ? AND {test.sql}", (prefix, above, value))
    if op == "icontains" and isinstance(value, str):
        return Sql(f"instr({_FOLDED[column]}, ?) > 0", (value.casefold(),))
    if op == "exists":
        wanted = bool(value if value is not None else True)
        return Sql(f"({column} != '') = ?", (int(wanted),))
    if op in _SQL_OP and isinstance(value, str):
        return Sql(f"{column} {_SQL_OP[op]} ?", (value,))  # binary collation: code point order
    raise _NoBound


def anchored_prefix(pattern: str) -> str:
    """The text every string `re.search(pattern, ...)` accepts starts with: the literal
    characters right after a leading `^` ("" when there are none, or the pattern may match
    elsewhere: no `^`, a top-level `|`, case-insensitive or multi-line)."""
    try:
        parsed = sre_parse.parse(pattern)
    except (re.error, RecursionError, OverflowError):
        return ""
    if parsed.state.flags & (re.IGNORECASE | re.MULTILINE):
        return ""
    items = list(parsed)
    if not items or items[0] not in ((sre.AT, sre.AT_BEGINNING), (sre.AT, sre.AT_BEGINNING_STRING)):
        return ""
    prefix = []
    for op, code in items[1:]:
        if op != sre.LITERAL:
            break
        prefix.append(chr(code))
    return "".join(prefix)


def _successor(prefix: str) -> str | None:
    """The least text above every text that starts with `prefix`, in code point order (which
    is SQLite's binary order of UTF-8), or None when there is none."""
    while prefix:
        last = ord(prefix[-1]) + 1
        if 0xD800 <= last <= 0xDFFF:  # surrogates are not text
            last = 0xE000
        if last <= 0x10FFFF:
            return prefix[:-1] + chr(last)
        prefix = prefix[:-1]
    return None


def _bool(column: str, op: str, value: Any) -> Sql:
    if op == "eq" and isinstance(value, bool):
        return Sql(f"{column} = ?", (int(value),))
    if op == "ne" and isinstance(value, bool):
        return Sql(f"{column} != ?", (int(value),))
    if op == "eq" and value is None:
        return FALSE
    if op == "ne" and value is None:
        return TRUE
    if op == "exists":
        return TRUE if bool(value if value is not None else True) else FALSE
    raise _NoBound


def _instant(value: Any) -> int | None:
    """A quoted datetime as the column stores it, or None when Python would not compare it
    equal to any stored datetime (unparsable, or naive)."""
    if isinstance(value, str):
        try:
            value = parse_datetime(value)
        except ValueError:
            return None
    if isinstance(value, datetime) and value.tzinfo is not None:
        return stored("datetime", value)
    return None


def _datetime(column: str, nullable: bool, op: str, value: Any) -> Sql:
    if op == "exists":
        wanted = bool(value if value is not None else True)
        if not nullable:
            return TRUE if wanted else FALSE
        return Sql(f"{column} IS {'NOT ' if wanted else ''}NULL")
    if op in ("eq", "ne") and value is None:
        if not nullable:
            return FALSE if op == "eq" else TRUE
        return Sql(f"{column} IS {'NOT ' if op == 'ne' else ''}NULL")
    if op == "eq":
        instant = _instant(value)
        return FALSE if instant is None else Sql(f"{column} IS ?", (instant,))
    if op in _SQL_OP:
        instant = _instant(value)
        if instant is None:
            raise _NoBound  # a naive or unparsable bound: Python raises TypeError -> False
        test = f"{column} {_SQL_OP[op]} ?"
        return Sql(f"({column} IS NOT NULL AND {test})" if nullable else test, (instant,))
    raise _NoBound


def _ranked(column: str, ranks: tuple[str, ...], op: str, value: Any) -> tuple[Sql, bool]:
    """An enumeration (importance, flag status): exact by rank."""
    members = _strings(value)
    if op in ("eq", "in", "ne") and members is not None:
        indexes = [str(ranks.index(v)) for v in members if v in ranks]
        found = _in(column, indexes, negate=op == "ne")
        return Sql(found.sql, tuple(int(i) for i in found.params)), True
    if op in ("eq", "ne") and isinstance(value, str):
        if value not in ranks:
            return (FALSE if op == "eq" else TRUE), True
        return Sql(f"{column} {'=' if op == 'eq' else '!='} ?", (ranks.index(value),)), True
    if op == "eq" and value is None:
        return FALSE, True
    if op == "ne" and value is None:
        return TRUE, True
    raise _NoBound


def _text(column: str, nullable: bool, op: str, value: Any) -> tuple[Sql, bool]:
    """A casefolded text column: exact for icontains, `exists` and null; else a superset."""
    members = _strings(value)
    if op in ("eq", "in") and members is not None:
        return _in(column, [v.casefold() for v in members]), False
    if op == "eq" and value is None:
        return (Sql(f"{column} IS NULL") if nullable else FALSE), True
    if op == "ne" and value is None:
        return (Sql(f"{column} IS NOT NULL") if nullable else TRUE), True
    if op == "eq" and isinstance(value, str):
        return Sql(f"{column} = ?", (value.casefold(),)), False
    if op in ("contains", "icontains") and isinstance(value, str):
        test = f"instr({column}, ?) > 0"
        if nullable:
            test = f"coalesce({test}, 0)"
        return Sql(test, (value.casefold(),)), op == "icontains"
    if op == "exists":
        wanted = bool(value if value is not None else True)
        present = f"coalesce({column} != '', 0)" if nullable else f"{column} != ''"
        return Sql(present if wanted else f"NOT ({present})"), True
    raise _NoBound


def _list_condition(attrs: tuple[str, ...], op: str, value: Any) -> tuple[Sql, bool]:
    """A list field (recipients, categories, attachment names): any element, casefolded."""
    field = LIST_FIELDS.get(attrs)
    if field is None:
        raise _NoBound
    name = field.name

    def some(condition: str = "", params: tuple[Any, ...] = ()) -> Sql:
        where = f" AND {condition}" if condition else ""
        return Sql(
            f"rowid IN (SELECT msg FROM message_values WHERE field = ?{where})", (name, *params)
        )

    if op == "exists":
        wanted = bool(value if value is not None else True)
        found = some()
        return (found if wanted else Sql(f"NOT ({found.sql})", found.params)), True
    if isinstance(value, list):
        raise _NoBound  # a list against a list: Python compares them whole
    if op == "eq" and isinstance(value, str):
        return some("value = ?", (value.casefold(),)), False
    if op in ("contains", "icontains") and isinstance(value, str):
        return some("instr(value, ?) > 0", (value.casefold(),)), op == "icontains"
    raise _NoBound
