"""OData filters and sort keys over messages, as SQL over the corpus database.

`translate_filter` turns the parse tree of a filter (`odata.parse_filter`) into a WHERE
condition that selects exactly the messages the Python predicate (`odata.compile_tree`)
accepts, comparison by comparison, with the same decisions: casefolded text, any element
of a list for most operators (all of them for `ne`), None never ordered, a quoted
datetime parsed against datetime fields. Every condition is two-valued (never NULL), so
`not` means what it means in Python.

What has no exact SQL form (paths compared with paths, lambdas over two fields, a
datetime against a text field...) is left out: under `and` the condition becomes a
superset and the plan says `exact=False`, and the caller rechecks candidates with the
Python predicate; under `or` or `not` the whole subtree is left out. A plan with no
condition at all scans every message with the predicate, as the list path always did.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from lark import Token, Tree

from emailbench_gym.api.models import Message
from emailbench_gym.api.odata import OrderKey, element_model, parse_datetime, resolve_path
from emailbench_gym.store.schema import (
    BODY,
    BODY_PATH,
    COLUMNS,
    LIST_FIELDS,
    PRESENCE,
    Kind,
    sort_columns,
    stored,
)

_FLIP = {"eq": "eq", "ne": "ne", "gt": "lt", "ge": "le", "lt": "gt", "le": "ge"}
_SQL_OP = {"gt": ">", "ge": ">=", "lt": "<", "le": "<="}
_INT64 = 2**63


@dataclass(frozen=True)
class Condition:
    """A two-valued SQL condition over the `messages` table and its parameters."""

    sql: str
    params: tuple[Any, ...] = ()


TRUE = Condition("1")
FALSE = Condition("0")


@dataclass(frozen=True)
class FilterPlan:
    """`where` selects candidates (None: every message); `exact`: no recheck needed."""

    where: Condition | None
    exact: bool


class _Untranslatable(Exception):
    """This subtree has no exact SQL form."""


def _literal(tree: Any) -> tuple[bool, Any]:
    """(is a literal, its Python value), decided as `odata._Compiler` decides it."""
    if not isinstance(tree, Tree):
        return False, None
    kind = tree.data
    if kind == "string":
        return True, str(tree.children[0])[1:-1].replace("''", "'")
    if kind == "datetime_":
        return True, parse_datetime(str(tree.children[0]))
    if kind == "number":
        text = str(tree.children[0])
        try:
            return True, float(text) if any(c in text for c in ".eE") else int(text)
        except ValueError:  # an integer too long to convert: left to the Python predicate
            raise _Untranslatable from None
    if kind == "true":
        return True, True
    if kind == "false":
        return True, False
    if kind == "null":
        return True, None
    return False, None


def _value(kind: Kind, literal: Any) -> Any:
    """A literal as the column stores it, when Python would compare them the same way."""
    if kind == "text":
        if isinstance(literal, str):
            return literal.casefold()
    elif kind == "bool":
        if isinstance(literal, bool):
            return int(literal)
        if isinstance(literal, int) and -_INT64 < literal < _INT64:
            return literal
        if isinstance(literal, float):
            return literal
    elif kind == "datetime":
        if isinstance(literal, str):
            try:
                literal = parse_datetime(literal)
            except ValueError:
                raise _Untranslatable from None
        if isinstance(literal, datetime):
            return stored("datetime", literal)
    raise _Untranslatable


def _compare(column: str, kind: Kind, nullable: bool, op: str, literal: Any) -> Condition:
    """`column op literal` for a scalar column, with `odata._compare`'s outcome on every row."""
    if literal is None:
        return {"eq": Condition(f"{column} IS NULL"), "ne": Condition(f"{column} IS NOT NULL")}.get(
            op, FALSE
        )
    value = _value(kind, literal)
    if op == "eq":
        return Condition(f"{column} IS ?" if nullable else f"{column} = ?", (value,))
    if op == "ne":
        return Condition(f"{column} IS NOT ?" if nullable else f"{column} != ?", (value,))
    test = f"{column} {_SQL_OP[op]} ?"
    return Condition(f"({column} IS NOT NULL AND {test})" if nullable else test, (value,))


def _string_test(column: str, nullable: bool, name: str, needle: str) -> Condition:
    """contains / startswith / endswith on a casefolded text column (`odata._string_func`)."""
    needle = needle.casefold()
    size = len(needle)
    if name == "contains":
        test = f"coalesce(instr({column}, ?), 0) > 0" if nullable else f"instr({column}, ?) > 0"
        return Condition(test, (needle,))
    if size == 0:
        return Condition(f"{column} IS NOT NULL") if nullable else TRUE
    start = "1, ?" if name == "startswith" else "-?"
    part = f"substr({column}, {start})"
    test = f"{part} IS ?" if nullable else f"{part} = ?"
    return Condition(test, (size, needle))


def _in_values(field: str, condition: Condition, negate: bool = False) -> Condition:
    """Messages with an element of list `field` satisfying `condition` on `value`."""
    where = "" if condition is TRUE else f" AND ({condition.sql})"
    sql = f"rowid {'NOT IN' if negate else 'IN'} (SELECT msg FROM message_values WHERE field = ?{where})"
    return Condition(sql, (field, *condition.params))


def _in_bodies(condition: Condition) -> Condition:
    return Condition(
        f"rowid IN (SELECT rowid FROM message_bodies WHERE {condition.sql})", condition.params
    )


class _Translator:
    """Walks a filter tree; `scope` is a lambda variable and the list field it ranges over."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.scope: tuple[str, str] | None = None

    # --- boolean structure: (condition or None, exact) --------------------------------------

    def node(self, tree: Any) -> tuple[Condition | None, bool]:
        kind = tree.data if isinstance(tree, Tree) else None
        if kind in ("and_", "or_"):  # n-ary: odata flattens and/or chains
            parts = [self.node(child) for child in tree.children]
            kept = [condition for condition, _exact in parts if condition is not None]
            exact = all(part_exact for _condition, part_exact in parts)
            if kind == "or_" and len(kept) < len(parts):
                return None, False  # a superset of a disjunct would not bound the or
            if not kept:
                return None, False
            joined = f" {'AND' if kind == 'and_' else 'OR'} ".join(c.sql for c in kept)
            return Condition(f"({joined})", tuple(p for c in kept for p in c.params)), exact
        if kind == "not_":
            inner, exact = self.node(tree.children[0])
            if inner is None or not exact:
                return None, False
            return Condition(f"NOT ({inner.sql})", inner.params), True
        try:
            return self.atom(tree), True
        except _Untranslatable:
            return None, False

    # --- atoms: exact conditions, or _Untranslatable ---------------------------------------

    def atom(self, tree: Any) -> Condition:
        kind = tree.data if isinstance(tree, Tree) else None
        if kind == "comparison":
            return self.comparison(*tree.children)
        if kind == "call":
            return self.call(tree.children)
        if kind == "truthy":
            return self.truthy(tree.children[0])
        if kind == "lambda_" and self.scope is None:
            return self.lambda_(tree.children)
        raise _Untranslatable

    def target(self, tree: Any) -> tuple[str, Any]:
        """What a path operand is: ('column', Column), ('body', Column), ('list', field),
        ('element', None) inside a lambda, or ('presence', column name)."""
        if not (isinstance(tree, Tree) and tree.data == "path"):
            raise _Untranslatable
        segments = [str(t) for t in tree.children]
        if self.scope is not None:
            if segments[0] != self.scope[0] or len(segments) != 1 + len(self.scope[1]):
                raise _Untranslatable
            return "element", None
        attrs = tuple(resolve_path(Message, segments, self.text)[0])
        if attrs in COLUMNS:
            return "column", COLUMNS[attrs]
        if attrs == BODY_PATH:
            return "body", BODY
        if attrs in LIST_FIELDS:
            return "list", LIST_FIELDS[attrs].name
        if attrs in PRESENCE:
            return "presence", PRESENCE[attrs]
        raise _Untranslatable

    def comparison(self, left: Any, op_token: Token, right: Any) -> Condition:
        op = str(op_token).lower()
        is_literal, literal = _literal(right)
        path = left
        if not is_literal:
            is_literal, literal = _literal(left)
            if not is_literal:
                raise _Untranslatable
            path, op = right, _FLIP[op]
            if self.target(path)[0] not in ("column", "body", "element"):
                raise _Untranslatable  # `'x' eq listPath` does not fan out in Python
        where, target = self.target(path)
        if where == "column":
            return _compare(target.name, target.kind, target.nullable, op, literal)
        if where == "body":
            return _in_bodies(_compare(target.name, "text", False, op, literal))
        if where == "element":
            return _compare("value", "text", False, op, literal)
        if where == "presence":
            if literal is not None:
                raise _Untranslatable
            return _compare(target, "text", True, op, None)
        # a list field: any element, but every element for `ne` (so none equal)
        if literal is None:
            return TRUE if op == "ne" else FALSE
        if op == "ne":
            return _in_values(target, _compare("value", "text", False, "eq", literal), negate=True)
        return _in_values(target, _compare("value", "text", False, op, literal))

    def call(self, children: list[Any]) -> Condition:
        name = str(children[0]).lower()
        path, needle = children[1:]
        is_literal, text = _literal(needle)
        if not is_literal or not isinstance(text, str):
            raise _Untranslatable
        where, target = self.target(path)
        if where == "column":
            if target.kind != "text":
                return FALSE  # a bool or a datetime is never a string
            return _string_test(target.name, target.nullable, name, text)
        if where == "body":
            return _in_bodies(_string_test(target.name, False, name, text))
        if where == "element":
            return _string_test("value", False, name, text)
        if where == "presence":
            return FALSE  # a model is never a string
        return _in_values(target, _string_test("value", False, name, text))

    def truthy(self, path: Any) -> Condition:
        where, target = self.target(path)
        if where == "column":
            if target.kind == "bool":
                return Condition(f"{target.name} != 0")
            if target.kind == "datetime":
                return Condition(f"{target.name} IS NOT NULL")
            if target.nullable:
                return Condition(f"coalesce({target.name} != '', 0)")
            return Condition(f"{target.name} != ''")
        if where == "body":
            return _in_bodies(Condition("body_cf != ''"))
        if where == "element":
            return Condition("value != ''")
        if where == "presence":
            return Condition(f"{target} IS NOT NULL")
        return _in_values(target, TRUE)

    def lambda_(self, children: list[Any]) -> Condition:
        names = [str(t) for t in children if isinstance(t, Token) and t.type == "NAME"]
        quantifier = next(
            str(t).lower() for t in children if isinstance(t, Token) and t.type == "QUANT"
        )
        body, variable, outer = children[-1], names[-1], names[:-1]
        outer_attrs = tuple(resolve_path(Message, outer, self.text)[0])
        fields = {
            attrs[len(outer_attrs) :]: field.name
            for attrs, field in LIST_FIELDS.items()
            if attrs[: len(outer_attrs)] == outer_attrs
        }
        inner_paths = {
            tuple(str(t) for t in node.children[1:])
            for node in body.iter_subtrees()
            if node.data == "path" and str(node.children[0]) == variable
        }
        if len(inner_paths) != 1:
            raise _Untranslatable
        (inner,) = inner_paths
        element = element_model(Message, outer)
        inner_attrs = tuple(resolve_path(element, list(inner), self.text)[0]) if inner else ()
        field = fields.get(inner_attrs)
        if field is None:
            raise _Untranslatable
        self.scope = (variable, inner)
        try:
            condition, exact = self.node(body)
        finally:
            self.scope = None
        if condition is None or not exact:
            raise _Untranslatable
        if quantifier == "any":
            return _in_values(field, condition)
        return _in_values(field, Condition(f"NOT ({condition.sql})", condition.params), True)


def translate_filter(tree: Any, text: str) -> FilterPlan:
    """The SQL plan of a message filter's parse tree (see the module docstring)."""
    condition, exact = _Translator(text).node(tree)
    return FilterPlan(condition, exact and condition is not None)


def order_columns(keys: list[OrderKey]) -> str | None:
    """ORDER BY terms for `odata.parse_order_by` keys, in `odata`'s order (missing values
    last, enumerations by rank, a person by name then address), or None when a key has no
    column: the caller then sorts in Python."""
    terms: list[str] = []
    for attrs, _key, descending in keys:
        found = sort_columns(tuple(attrs))
        if found is None:
            return None
        columns, missing = found
        if missing is not None:
            terms.append(f"{missing} IS NULL")
        terms += [f"{column}{' DESC' if descending else ''}" for column in columns]
    return ", ".join(terms)
