"""An OData `$filter` / `$orderby` subset, parsed with lark and compiled to predicates.

Supported: `eq ne gt ge lt le`, `and or not`, parentheses, `contains(path, 'x')`,
`startswith`, `endswith`, `any` / `all` lambdas over lists
(`toRecipients/any(r: r/emailAddress/address eq 'x')`), nested paths
(`from/emailAddress/address`), strings in single quotes (`''` escapes a quote),
numbers, `true` / `false` / `null`, and datetimes (`2001-11-05T15:00:00Z`, bare
or quoted). Decisions where OData leaves room: string comparison and the string
functions are case-insensitive (as Exchange behaves); comparing a list field
matches when any element does. Paths are checked against the model, so a typo
is reported with the fields that exist.

Limits, each reported with what is accepted: a filter nests at most `MAX_NESTING`
levels of and/or/not/lambda/function (a flat chain of hundreds of `or` terms is one
level), numbers have at most `MAX_NUMBER_CHARS` characters, datetimes lie in
1900-2100; `orderBy` takes at most `MAX_ORDER_KEYS` fields, each a sortable one (text,
number, boolean, datetime or enumeration, a `DateTimeTimeZone` by its instant, a
person by name then address; enumerations sort in their declared order, e.g.
importance low < normal < high), never a list.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from pydantic import BaseModel

from emailbench_gym.api.limits import FIRST_DATETIME, LAST_DATETIME
from emailbench_gym.api.models import DateTimeTimeZone, EmailAddress, Recipient
from emailbench_gym.errors import ToolError

MAX_NESTING = 20
MAX_NUMBER_CHARS = 40
MAX_ORDER_KEYS = 5
#: Parse-tree nodes that open a nesting level (and/or chains are flattened first).
_NESTING_NODES = frozenset({"or_", "and_", "not_", "lambda_", "call"})

FILTER_HELP = (
    "Accepted: OData subset, e.g. \"isRead eq false and importance eq 'high'\", "
    "\"contains(subject, 'budget')\", \"from/emailAddress/address eq 'x@example.com'\", "
    '"receivedDateTime ge 2001-11-01T00:00:00Z"; operators eq ne gt ge lt le, and or not, '
    "functions contains startswith endswith, lambdas any/all."
)

_GRAMMAR = r"""
?start: expr
?expr: or_expr
?or_expr: and_expr | or_expr _OR and_expr -> or_
?and_expr: not_expr | and_expr _AND not_expr -> and_
?not_expr: _NOT not_expr -> not_ | atom
?atom: "(" expr ")" | comparison | call | lambda_ | path -> truthy
comparison: operand OP operand
?operand: literal | call | path
call: FUNC "(" operand ("," operand)* ")"
lambda_: NAME ("/" NAME)* "/" QUANT "(" NAME ":" expr ")"
path: NAME ("/" NAME)*
?literal: STRING -> string
    | DATETIME -> datetime_
    | SIGNED_NUMBER -> number
    | _TRUE -> true
    | _FALSE -> false
    | _NULL -> null

OP.2: /(eq|ne|gt|ge|lt|le)\b/i
_AND.2: /and\b/i
_OR.2: /or\b/i
_NOT.2: /not\b/i
_TRUE.2: /true\b/i
_FALSE.2: /false\b/i
_NULL.2: /null\b/i
FUNC.2: /(contains|startswith|endswith)(?=\s*\()/i
QUANT.2: /(any|all)(?=\s*\()/i
DATETIME.3: /\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?/
STRING: /'(?:[^']|'')*'/
NAME: /[A-Za-z_][A-Za-z0-9_]*/
%import common.SIGNED_NUMBER
%import common.WS
%ignore WS
"""


@functools.cache
def _parser() -> Lark:
    """Built on first use: keeps the grammar compile off the import path."""
    return Lark(_GRAMMAR, parser="lalr", maybe_placeholders=False)


Predicate = Callable[[Any], bool]
Getter = Callable[[Any], Any]


def parse_datetime(text: str) -> datetime:
    """Parse an ISO date or datetime; a value without an offset is taken as UTC."""
    value = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return value if value.tzinfo else value.replace(tzinfo=timezone.utc)


# --- model introspection -----------------------------------------------------------------


def _inner_model(annotation: Any) -> tuple[type[BaseModel] | None, bool]:
    """The model class inside an annotation (through Optional and list) and whether it is a list."""
    is_list = False
    while True:
        origin = typing.get_origin(annotation)
        if origin in (list, tuple):
            is_list = True
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            annotation = args[0] if len(args) == 1 else annotation
            if len(args) != 1:
                return None, is_list
        else:
            break
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation, is_list
    return None, is_list


@functools.lru_cache(maxsize=256)
def _fields(model: type[BaseModel]) -> dict[str, tuple[str, Any]]:
    """Wire name (alias or name) -> (attribute name, annotation)."""
    out: dict[str, tuple[str, Any]] = {}
    for name, info in model.model_fields.items():
        out[info.alias or name] = (name, info.annotation)
    return out


def resolve_path(
    model: type[BaseModel] | None, segments: list[str], text: str
) -> tuple[list[str], bool]:
    """Check `segments` against `model`; return attribute names and whether the value is a list."""
    attrs: list[str] = []
    many = False
    current = model
    for segment in segments:
        if current is None:
            attrs.append(segment)
            continue
        fields = _fields(current)
        if segment not in fields:
            raise ToolError(
                "invalid_filter",
                f"Unknown field '{segment}' in '{text}'. Fields of {current.__name__}: "
                + ", ".join(sorted(fields)),
            )
        attr, annotation = fields[segment]
        attrs.append(attr)
        current, is_list = _inner_model(annotation)
        many = many or is_list
    return attrs, many


def get_path(obj: Any, attrs: list[str]) -> Any:
    """Follow attribute names (or dict keys) through `obj`; lists fan out to a flat list."""
    value = obj
    for index, attr in enumerate(attrs):
        if value is None:
            return None
        if isinstance(value, list):
            rest = attrs[index:]
            out: list[Any] = []
            for element in value:
                sub = get_path(element, rest)
                out.extend(sub if isinstance(sub, list) else [sub])
            return out
        value = value.get(attr) if isinstance(value, dict) else getattr(value, attr, None)
    return value


# --- comparison semantics -----------------------------------------------------------------


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        return value.casefold()
    return value


def _coerce_pair(left: Any, right: Any) -> tuple[Any, Any]:
    if isinstance(left, datetime) and isinstance(right, str):
        right = parse_datetime(right)
    elif isinstance(right, datetime) and isinstance(left, str):
        left = parse_datetime(left)
    return _norm(left), _norm(right)


def _compare(op: str, left: Any, right: Any) -> bool:
    if isinstance(left, list):
        return (
            any(_compare(op, item, right) for item in left)
            if op != "ne"
            else all(_compare(op, item, right) for item in left)
        )
    try:
        left, right = _coerce_pair(left, right)
    except (ValueError, OverflowError):
        return False
    if op == "eq":
        return left == right
    if op == "ne":
        return left != right
    if left is None or right is None:
        return False
    try:
        if op == "gt":
            return left > right
        if op == "ge":
            return left >= right
        if op == "lt":
            return left < right
        return left <= right
    except (TypeError, OverflowError):
        return False


def _string_func(name: str, haystack: Any, needle: Any) -> bool:
    if isinstance(haystack, list):
        return any(_string_func(name, item, needle) for item in haystack)
    if not isinstance(haystack, str) or not isinstance(needle, str):
        return False
    haystack, needle = haystack.casefold(), needle.casefold()
    if name == "contains":
        return needle in haystack
    if name == "startswith":
        return haystack.startswith(needle)
    return haystack.endswith(needle)


# --- compilation --------------------------------------------------------------------------


class _Compiler:
    """Turns parse-tree nodes into closures; paths are validated against the model."""

    def __init__(self, model: type[BaseModel] | None, text: str, scopes: dict[str, Any]):
        self.model = model
        self.text = text
        self.scopes = scopes

    # literals become constant getters
    def string(self, items: list[Token]) -> Getter:
        value = items[0][1:-1].replace("''", "'")
        return lambda _obj: value

    def datetime_(self, items: list[Token]) -> Getter:
        try:
            value = parse_datetime(str(items[0]))
        except ValueError:
            raise ToolError(
                "invalid_filter", f"Invalid datetime '{items[0]}' in filter. {FILTER_HELP}"
            ) from None
        if not FIRST_DATETIME <= value.replace(tzinfo=None) <= LAST_DATETIME:
            raise ToolError(
                "invalid_filter",
                f"Datetime '{items[0]}' in the filter is out of range: datetimes lie between "
                f"{FIRST_DATETIME:%Y-%m-%d} and {LAST_DATETIME:%Y-%m-%d}.",
            )
        return lambda _obj: value

    def number(self, items: list[Token]) -> Getter:
        text = str(items[0])
        if len(text) > MAX_NUMBER_CHARS:
            raise ToolError(
                "invalid_filter",
                f"A number in the filter has {len(text):,} characters; numbers have at most "
                f"{MAX_NUMBER_CHARS}.",
            )
        value = float(text) if any(c in text for c in ".eE") else int(text)
        return lambda _obj: value

    def true(self, _items: list[Token]) -> Getter:
        return lambda _obj: True

    def false(self, _items: list[Token]) -> Getter:
        return lambda _obj: False

    def null(self, _items: list[Token]) -> Getter:
        return lambda _obj: None

    def path(self, items: list[Token]) -> Getter:
        segments = [str(t) for t in items]
        if segments[0] in self.scopes:  # a lambda variable: r/emailAddress/address
            model = self.scopes[segments[0]]
            attrs, _ = resolve_path(model, segments[1:], self.text)
            return lambda obj, _name=segments[0]: get_path(obj[1][_name], attrs)
        attrs, _ = resolve_path(self.model, segments, self.text)
        if self.scopes:  # inside a lambda the object is (outer, variables)
            return lambda obj: get_path(obj[0], attrs)
        return lambda obj: get_path(obj, attrs)

    def truthy(self, items: list[Getter]) -> Predicate:
        getter = items[0]
        return lambda obj: bool(getter(obj))

    def comparison(self, items: list[Any]) -> Predicate:
        left, op, right = items
        op = str(op).lower()
        return lambda obj: _compare(op, left(obj), right(obj))

    def call(self, items: list[Any]) -> Predicate:
        name = str(items[0]).lower()
        args = items[1:]
        if len(args) != 2:
            raise ToolError(
                "invalid_filter", f"{name}() takes 2 arguments, got {len(args)}. {FILTER_HELP}"
            )
        first, second = args
        return lambda obj: _string_func(name, first(obj), second(obj))

    def or_(self, items: list[Predicate]) -> Predicate:
        terms = tuple(items)
        return lambda obj: any(term(obj) for term in terms)

    def and_(self, items: list[Predicate]) -> Predicate:
        terms = tuple(items)
        return lambda obj: all(term(obj) for term in terms)

    def not_(self, items: list[Predicate]) -> Predicate:
        inner = items[0]
        return lambda obj: not inner(obj)


def _compile_node(
    tree: Any, model: type[BaseModel] | None, text: str, scopes: dict[str, Any]
) -> Any:
    """Compile bottom-up, handling lambdas (which introduce a variable) by hand."""
    if isinstance(tree, Tree) and tree.data == "lambda_":
        tokens = tree.children
        names = [str(t) for t in tokens if isinstance(t, Token) and t.type == "NAME"]
        quant = next(str(t).lower() for t in tokens if isinstance(t, Token) and t.type == "QUANT")
        body = tokens[-1]
        variable = names[-1]
        segments = names[:-1]
        attrs, _many = resolve_path(model, segments, text)
        element = element_model(model, segments)
        inner = _compile_node(body, model, text, {**scopes, variable: element})
        outer_getter = (
            (lambda obj: get_path(obj[0], attrs)) if scopes else (lambda obj: get_path(obj, attrs))
        )

        def quantified(obj: Any) -> bool:
            elements = outer_getter(obj) or []
            if not isinstance(elements, list):
                elements = [elements]
            root = obj[0] if scopes else obj
            env = obj[1] if scopes else {}
            checks = (inner((root, {**env, variable: e})) for e in elements)
            return any(checks) if quant == "any" else all(checks)

        return quantified
    if isinstance(tree, Tree):
        children = [_compile_node(c, model, text, scopes) for c in tree.children]
        return getattr(_Compiler(model, text, scopes), tree.data)(children)
    return tree


def _flatten(tree: Tree, text: str) -> Tree:
    """Turn and/or chains into n-ary nodes and refuse deeper nesting than MAX_NESTING.

    Runs with an explicit stack, so neither a chain of hundreds of `or` terms nor a
    deeply nested filter reaches Python's recursion limit; compiling the result then
    recurses at most MAX_NESTING levels.
    """
    stack: list[tuple[Tree, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if node.data in ("or_", "and_"):
            operands: list[Any] = []
            todo: list[Any] = [node]
            while todo:
                current = todo.pop()
                if isinstance(current, Tree) and current.data == node.data:
                    todo.extend(reversed(current.children))
                else:
                    operands.append(current)
            node.children = operands
        if node.data in _NESTING_NODES:
            depth += 1
            if depth > MAX_NESTING:
                raise ToolError(
                    "invalid_filter",
                    f"The filter nests more than {MAX_NESTING} levels of and/or/not, lambdas and "
                    'functions; simplify it (a flat chain like "a eq 1 or a eq 2 or ..." counts '
                    f"as one level). Filter starts: {text[:80]!r}",
                )
        stack.extend((child, depth) for child in node.children if isinstance(child, Tree))
    return tree


def element_model(model: type[BaseModel] | None, segments: list[str]) -> type[BaseModel] | None:
    """The model of what a path leads to, through lists and Optional (None for plain values)."""
    current = model
    for segment in segments:
        if current is None:
            return None
        _attr, annotation = _fields(current)[segment]
        current, _ = _inner_model(annotation)
    return current


def compile_filter(text: str, model: type[BaseModel] | None = None) -> Predicate:
    """Compile an OData filter for items of `model`, or raise `ToolError('invalid_filter')`.

    Not cached here: each workspace keeps its own bounded cache (`Mailbox.compiled`).
    """
    return compile_tree(parse_filter(text), text, model)


def compile_tree(tree: Tree, text: str, model: type[BaseModel] | None = None) -> Predicate:
    """Compile a tree from `parse_filter(text)` into a predicate over items of `model`."""
    return _compile_node(tree, model, text, {})


def parse_filter(text: str) -> Tree:
    """The checked parse tree of a filter (and/or chains n-ary), or `ToolError('invalid_filter')`."""
    if not isinstance(text, str) or not text.strip():
        raise ToolError("invalid_filter", f"The filter is empty. {FILTER_HELP}")
    try:
        tree = _parser().parse(text)
    except UnexpectedToken as exc:
        if exc.token.type == "$END":
            raise ToolError(
                "invalid_filter",
                f"The filter {text!r} ends too early: something is missing after "
                f"'{text.split()[-1]}'. {FILTER_HELP}",
            ) from None
        raise ToolError(
            "invalid_filter",
            f"Unexpected '{exc.token}' at column {exc.column} of filter {text!r}. {FILTER_HELP}",
        ) from None
    except UnexpectedCharacters as exc:
        bad = text[exc.pos_in_stream : exc.pos_in_stream + 10]
        raise ToolError(
            "invalid_filter",
            f"Unexpected '{bad}' at column {exc.column} of filter {text!r}. {FILTER_HELP}",
        ) from None
    except (UnexpectedEOF, UnexpectedInput):
        raise ToolError(
            "invalid_filter", f"The filter {text!r} ends too early. {FILTER_HELP}"
        ) from None
    return _flatten(tree, text)


def compile_order_by(
    text: str, model: type[BaseModel] | None = None
) -> Callable[[list[Any]], list[Any]]:
    """Compile `"receivedDateTime desc, subject"` into a stable sort function.

    Items without a value for a key sort after those with one, in either direction.
    """
    keys = parse_order_by(text, model)

    def sort(items: list[Any]) -> list[Any]:
        result = list(items)
        for attrs, key, descending in reversed(keys):
            present = [i for i in result if get_path(i, attrs) is not None]
            missing = [i for i in result if get_path(i, attrs) is None]
            present.sort(key=lambda i: key(get_path(i, attrs)), reverse=descending)
            result = present + missing
        return result

    return sort


OrderKey = tuple[list[str], Callable[[Any], Any], bool]


def parse_order_by(text: str, model: type[BaseModel] | None = None) -> list[OrderKey]:
    """The checked clauses of an orderBy text: (attribute path, sort key, descending) each."""
    clauses = text.split(",")
    if len(clauses) > MAX_ORDER_KEYS:
        raise ToolError(
            "invalid_order_by",
            f"orderBy has {len(clauses)} fields; at most {MAX_ORDER_KEYS} are accepted.",
        )
    keys: list[OrderKey] = []
    for part in clauses:
        words = part.split()
        if (
            not words
            or len(words) > 2
            or (len(words) == 2 and words[1].lower() not in ("asc", "desc"))
        ):
            raise ToolError(
                "invalid_order_by",
                f"Invalid orderBy clause {part.strip()!r}. Accepted: 'field [asc|desc]' separated by "
                "commas, e.g. 'receivedDateTime desc'.",
            )
        segments = words[0].split("/")
        attrs, many = resolve_path(model, segments, text)
        key = _sort_key(model, segments, many, words[0])
        keys.append((attrs, key, len(words) == 2 and words[1].lower() == "desc"))
    return keys


# --- sorting -------------------------------------------------------------------------------

_PEOPLE = (Recipient, EmailAddress)


def _leaf(model: type[BaseModel] | None, segments: list[str]) -> Any:
    """The annotation at the end of an already checked path (None when the model is unknown)."""
    annotation: Any = None
    current = model
    for segment in segments:
        if current is None:
            return None
        annotation = _fields(current)[segment][1]
        current, _ = _inner_model(annotation)
    return annotation


def _unwrap_optional(annotation: Any) -> Any:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _scalar_key(value: Any) -> tuple[int, Any]:
    """A key that orders any mix of values without raising: by kind, then by value."""
    if isinstance(value, bool):
        return (0, value)
    if isinstance(value, int | float):
        return (1, value)
    if isinstance(value, datetime):
        aware = value if value.tzinfo else value.replace(tzinfo=timezone.utc)
        return (2, aware.astimezone(timezone.utc).replace(tzinfo=None))
    if isinstance(value, DateTimeTimeZone):
        return _scalar_key(value.dateTime)
    if isinstance(value, Recipient):
        value = value.emailAddress
    if isinstance(value, EmailAddress):
        return (3, (value.name.casefold(), value.address.casefold()))
    return (3, (str(value).casefold(), ""))


def _sortable(annotation: Any) -> bool:
    annotation = _unwrap_optional(annotation)
    if typing.get_origin(annotation) is typing.Literal:
        return True
    if annotation in (str, int, float, bool, datetime, DateTimeTimeZone):
        return True
    return isinstance(annotation, type) and issubclass(annotation, _PEOPLE)


def sortable_fields(model: type[BaseModel]) -> list[str]:
    """The orderBy paths of a model: its sortable fields and those of its nested objects."""
    out: list[str] = []
    for wire, (_attr, annotation) in _fields(model).items():
        if _sortable(annotation):
            out.append(wire)
            continue
        inner, is_list = _inner_model(annotation)
        if inner is not None and not is_list:
            out += [f"{wire}/{sub}" for sub in sortable_fields(inner) if "/" not in sub]
    return out


def _sort_key(
    model: type[BaseModel] | None, segments: list[str], many: bool, path: str
) -> Callable[[Any], Any]:
    """How values at `path` are ordered, or an error listing the sortable fields."""
    annotation = _unwrap_optional(_leaf(model, segments))
    if model is not None and (many or not _sortable(annotation)):
        reason = "it is a list" if many else "its values have no order"
        raise ToolError(
            "invalid_order_by",
            f"orderBy cannot sort by '{path}': {reason}. Sortable fields of {model.__name__}: "
            + ", ".join(sortable_fields(model))
            + ".",
        )
    if typing.get_origin(annotation) is typing.Literal:
        rank = {value: index for index, value in enumerate(typing.get_args(annotation))}
        return lambda value: (1, rank.get(value, len(rank)))
    return _scalar_key
