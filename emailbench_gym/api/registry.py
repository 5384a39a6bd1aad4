"""Operation registry: each API method is one typed function, its own single source of truth.

`@operation(domain, kind)` reads the function's signature and Google-style docstring
once, at import, and builds a `MethodSpec`: an argument model (pydantic, extra
arguments forbidden) used to validate every call, the JSON Schema shown to models,
and a serializer for the result. Nothing about a method is written twice.
"""

from __future__ import annotations

import functools
import inspect
import operator
import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model

from emailbench_gym.api.limits import unbounded
from emailbench_gym.errors import ToolError
from emailbench_gym.text import safe_text

Kind = Literal["read", "write", "evaluation"]
DOMAINS = (
    "messages",
    "folders",
    "filters",
    "calendar",
    "contacts",
    "todo",
    "settings",
    "identity",
    "boards",
    "evaluation",
)

_ARG_LINE = re.compile(r"^ {4}(\w+)(?: \([^)]*\))?:\s*(.*)$")


def parse_docstring(doc: str | None) -> tuple[str, dict[str, str]]:
    """Split a Google-style docstring into its summary and per-argument descriptions."""
    if not doc:
        return "", {}
    lines = inspect.cleandoc(doc).splitlines()
    summary_lines: list[str] = []
    args: dict[str, str] = {}
    section = "summary"
    current: str | None = None
    for line in lines:
        stripped = line.strip()
        if stripped in ("Args:", "Arguments:", "Parameters:"):
            section = "args"
            continue
        if stripped in ("Returns:", "Raises:", "Example:", "Examples:", "Note:"):
            section = "other"
            continue
        if section == "summary":
            summary_lines.append(stripped)
        elif section == "args":
            match = _ARG_LINE.match(line)
            if match:
                current = match.group(1)
                args[current] = match.group(2).strip()
            elif current and stripped:
                args[current] = f"{args[current]} {stripped}"
    summary = " ".join(s for s in summary_lines if s).strip()
    return summary, args


@dataclass(frozen=True)
class MethodSpec:
    """Everything known about one API method, derived from its function."""

    name: str
    domain: str
    kind: Kind
    func: Callable[..., Any]
    description: str
    param_docs: dict[str, str]
    args_model: type[BaseModel]
    result_adapter: TypeAdapter[Any] = field(repr=False)

    @functools.cached_property
    def params(self) -> tuple[str, ...]:
        """The argument names, in signature order (kept: every call reads them)."""
        return tuple(self.args_model.model_fields)

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(n for n, f in self.args_model.model_fields.items() if f.is_required())

    @functools.cached_property
    def _accepted(self) -> frozenset[str]:
        return frozenset(self.params)

    @functools.cached_property
    def _optional(self) -> frozenset[str]:
        """The arguments that may be left out (kept: every call reads them)."""
        return self._accepted - frozenset(self.required)

    def validate(self, arguments: dict[str, Any]) -> BaseModel:
        """Validate raw arguments, or raise a `ToolError` naming each bad argument."""
        if not isinstance(arguments, dict):
            raise ToolError(
                "invalid_arguments",
                f"{self.name} takes a JSON object of arguments, got {type(arguments).__name__}. "
                f"Accepted arguments: {self.signature_hint()}.",
            )
        accepted = self._accepted
        if not accepted.issuperset(arguments):
            unknown = [k for k in arguments if k not in accepted]
            names = ", ".join(shown(k, 40) if isinstance(k, str) else shown(k) for k in unknown[:5])
            raise ToolError(
                "invalid_arguments",
                f"{self.name}: unknown argument(s) {names}. "
                f"Accepted arguments: {self.signature_hint()}.",
            )
        # Strict tool schemas make optional parameters nullable: null means "left out".
        optional = self._optional
        arguments = {
            k: _safe(v) for k, v in arguments.items() if v is not None or k not in optional
        }
        try:
            return self.args_model.__pydantic_validator__.validate_python(arguments)
        except ValidationError as exc:
            raise ToolError("invalid_arguments", self._explain(exc)) from None

    def dump(self, result: Any) -> Any:
        """Serialize a method result to JSON-able data (camelCase, datetimes as ISO text)."""
        return self.result_adapter.serializer.to_python(result, mode="json", by_alias=True)

    def signature_hint(self) -> str:
        parts = []
        for pname, finfo in self.args_model.model_fields.items():
            ann = _type_label(finfo.annotation)
            parts.append(f"{pname}: {ann}" + ("" if finfo.is_required() else " (optional)"))
        return ", ".join(parts) if parts else "none"

    def _explain(self, exc: ValidationError) -> str:
        problems = []
        for err in exc.errors(include_url=False):
            loc = ".".join(str(p) for p in err["loc"]) or "arguments"
            top = str(err["loc"][0]) if err["loc"] else ""
            if err["type"] == "extra_forbidden":
                problems.append(f"unknown argument '{top}'")
            elif err["type"] == "missing":
                problems.append(f"missing required argument '{loc}'")
            else:
                problems.append(f"argument '{loc}': {err['msg']} (got {shown(err.get('input'))})")
        if len(problems) > 5:
            problems[5:] = [f"{len(problems) - 5} more problems"]
        return (
            f"{self.name}: "
            + "; ".join(problems)
            + f". Accepted arguments: {self.signature_hint()}."
        )


def _safe(value: Any) -> Any:
    """Argument text made safe to store (see `emailbench_gym.text`); other values as given."""
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, list):
        return [safe_text(v) if isinstance(v, str) else v for v in value]
    return value


def shown(value: Any, limit: int = 60) -> str:
    """A short, always printable rendering of an argument value for an error message."""
    if isinstance(value, bool) or value is None:
        text = repr(value)
    elif isinstance(value, int):
        bits = value.bit_length()
        text = str(value) if bits < 200 else f"an integer of about {int(bits * 0.30103)} digits"
    elif isinstance(value, str):
        text = repr(safe_text(value[: limit + 1]))
    elif isinstance(value, list | tuple | dict):
        text = f"a {type(value).__name__} of {len(value)} items"
    else:
        text = f"a value of type {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def plain_type(annotation: Any) -> Any:
    """`annotation` without `Annotated` limits (for schema generators that do not read them)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return plain_type(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return functools.reduce(operator.or_, (plain_type(a) for a in typing.get_args(annotation)))
    if origin is list:
        return list[plain_type(typing.get_args(annotation)[0])]  # type: ignore[misc]
    return annotation


def _type_label(annotation: Any) -> str:
    """A readable type name: `str`, `list[str] | null`, `Literal['low', 'high']`."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _type_label(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return " | ".join(_type_label(a) for a in typing.get_args(annotation))
    if origin is list:
        return f"list[{_type_label(typing.get_args(annotation)[0])}]"
    if annotation is type(None):
        return "null"
    if isinstance(annotation, type):
        return annotation.__name__
    return repr(annotation).replace("typing.", "")


_REGISTRY: dict[str, MethodSpec] = {}


def operation(domain: str, kind: Kind) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register `func` as an API method of `domain`; its name is the method name.

    The function's first parameter is the `Mailbox` it operates on; every other
    parameter becomes a tool argument, typed by its annotation and described by
    the docstring's `Args:` section.
    """
    if domain not in DOMAINS:
        raise ValueError(f"unknown domain {domain!r}; known: {DOMAINS}")

    def register(func: Callable[..., Any]) -> Callable[..., Any]:
        name = func.__name__
        if name in _REGISTRY:
            raise ValueError(f"method {name!r} registered twice")
        hints = typing.get_type_hints(func, include_extras=True)
        signature = inspect.signature(func)
        description, param_docs = parse_docstring(func.__doc__)
        fields: dict[str, Any] = {}
        for index, (pname, param) in enumerate(signature.parameters.items()):
            if index == 0:
                continue  # the Mailbox
            default = ... if param.default is inspect.Parameter.empty else param.default
            doc = param_docs.get(pname)
            if doc is None:
                raise ValueError(f"{name}: argument {pname!r} has no description in the docstring")
            loose = unbounded(TypeAdapter(hints[pname]).json_schema())
            if loose:
                raise ValueError(
                    f"{name}: argument {pname!r} has no size limit at {loose}; "
                    "type it with an alias of emailbench_gym.api.limits"
                )
            fields[pname] = (hints[pname], Field(default, description=doc))
        args_model = create_model(
            f"{name}_arguments",
            __config__=ConfigDict(extra="forbid", populate_by_name=True),
            **fields,
        )
        spec = MethodSpec(
            name=name,
            domain=domain,
            kind=kind,
            func=func,
            description=description,
            param_docs=param_docs,
            args_model=args_model,
            result_adapter=TypeAdapter(hints.get("return", Any)),
        )
        _REGISTRY[name] = spec
        return func

    return register


def registry() -> dict[str, MethodSpec]:
    return _REGISTRY
