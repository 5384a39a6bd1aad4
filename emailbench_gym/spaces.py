"""Permissive Gymnasium spaces for tool-call actions and text observations.

Every EmailBench env shares one `ToolCallSpace` and one `ObservationSpace` (per
profile), so vector envs can mix scenarios. `ToolCallSpace.sample()` draws a
tool call from the profile whose arguments are usually plausible and sometimes
wrong on purpose (missing, mistyped or unknown), which makes it a fuzzer.
"""

from __future__ import annotations

import types
import typing
from datetime import datetime
from typing import Any

import numpy as np
from gymnasium import spaces

from emailbench_gym.actions import parse_turn
from emailbench_gym.api import METHODS

OBS_KINDS = ("task", "tool_results", "final")

# Plausible values per JSON type, drawn from the persona's world.
_STRINGS = (
    "msg-001",
    "msg-017",
    "folder-inbox",
    "inbox",
    "evt-003",
    "contact-002",
    "task-004",
    "list-001",
    "Raptor",
    "FERC",
    "Dynegy",
    "isRead eq false",
    "receivedDateTime desc",
    "sally.beck@enron.com",
    "jeff.skilling@enron.com",
    "Projects",
    "2001-10-16T10:00:00",
)


class ToolCallSpace(spaces.Space[Any]):
    """One assistant turn: a tool call, a list of tool calls, or a final answer (see `actions`)."""

    def __init__(self, tool_names: list[str], seed: int | None = None) -> None:
        super().__init__(shape=None, dtype=None, seed=seed)
        self.tool_names = sorted(tool_names)

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def contains(self, x: Any) -> bool:
        turn = parse_turn(x)
        return turn.is_final or all(c.error is None for c in turn.calls)

    def sample(self, mask: Any = None, probability: Any = None) -> dict[str, Any]:
        rng = self.np_random
        roll = rng.random()
        if roll < 0.05:
            return {"final_answer": "Done."}
        name = self.tool_names[int(rng.integers(len(self.tool_names)))]
        spec = METHODS[name]
        arguments: dict[str, Any] = {}
        for param, field in spec.args_model.model_fields.items():
            if field.is_required() or rng.random() < 0.3:
                arguments[param] = _value(field.annotation, rng)
        if roll > 0.85:  # a deliberately broken call
            choice = int(rng.integers(3))
            if choice == 0 and arguments:
                arguments.pop(next(iter(arguments)))
            elif choice == 1:
                arguments["unexpected"] = 1
            else:
                arguments = {k: [v] for k, v in arguments.items()}
        return {"name": name, "arguments": arguments, "id": f"call_{int(rng.integers(10**6))}"}

    def __repr__(self) -> str:
        return f"ToolCallSpace({len(self.tool_names)} tools)"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ToolCallSpace) and other.tool_names == self.tool_names


def _value(annotation: Any, rng: np.random.Generator) -> Any:
    """A plausible value for a parameter type (Optional unwrapped, Literal honoured)."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return args[int(rng.integers(len(args)))]
    if origin in (typing.Union, types.UnionType):
        return _value(args[0], rng)
    if origin is list:
        return [_value(args[0], rng)]
    if annotation is bool:
        return bool(rng.integers(2))
    if annotation is int:
        return int(rng.integers(0, 30))
    if annotation is datetime:
        return f"2001-10-{int(rng.integers(10, 25))}T{int(rng.integers(8, 17)):02d}:00:00"
    return str(rng.choice(_STRINGS))


class ObservationSpace(spaces.Space[dict[str, Any]]):
    """`{"kind": str, "content": str, "results": [{"id", "name", "content", "is_error"}]}`."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(shape=None, dtype=None, seed=seed)

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def contains(self, x: Any) -> bool:
        if not isinstance(x, dict) or set(x) != {"kind", "content", "results"}:
            return False
        if x["kind"] not in OBS_KINDS or not isinstance(x["content"], str):
            return False
        return isinstance(x["results"], list) and all(
            isinstance(r, dict)
            and isinstance(r.get("content"), str)
            and isinstance(r.get("is_error"), bool)
            and isinstance(r.get("name"), str)
            and isinstance(r.get("id"), str)
            for r in x["results"]
        )

    def sample(self, mask: Any = None, probability: Any = None) -> dict[str, Any]:
        kind = OBS_KINDS[int(self.np_random.integers(len(OBS_KINDS)))]
        results = []
        if kind == "tool_results":
            results = [{"id": "call_0", "name": "messages_get", "content": "{}", "is_error": False}]
        return {"kind": kind, "content": "", "results": results}

    def __repr__(self) -> str:
        return "ObservationSpace(kind, content, results)"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ObservationSpace)
