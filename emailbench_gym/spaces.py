"""Permissive Gymnasium spaces for tool-call actions and text observations.

Every EmailBench env shares one `ToolCallSpace` and one `ObservationSpace` (per
profile), so vector envs can mix scenarios. `ToolCallSpace.sample()` draws a
tool call from the profile whose arguments are usually plausible and sometimes
wrong on purpose (missing, mistyped or unknown), which makes it a fuzzer.

`ObservationSpace` also registers Gymnasium's shared-memory functions, so
`gym.make_vec(..., vectorization_mode="async")` works with its default
`shared_memory=True`: each env's observation is JSON in a fixed shared slot, and one
too large for the slot goes to a file of the vector env's own temporary folder.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import struct
import tempfile
import types
import typing
import weakref
from collections.abc import Iterator
from datetime import datetime
from types import ModuleType
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import (
    create_shared_memory,
    read_from_shared_memory,
    write_to_shared_memory,
)

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


# --- shared memory for async vector envs -------------------------------------------------

#: Bytes of JSON an observation may take in its shared slot; a larger one is written to a file.
INLINE_BYTES = 256 * 1024
_HEADER = struct.Struct("<QQ?")  # generation, length, spilled to a file


class ObservationBuffer:
    """One slot per env in shared memory, for `AsyncVectorEnv(shared_memory=True)`.

    A worker writes its env's observation as JSON into its slot (bumping the slot's
    generation); the main process decodes it when read. The temporary folder for large
    observations belongs to the process that made the buffer and is removed with it.
    """

    def __init__(self, n: int, ctx: ModuleType = multiprocessing) -> None:
        self.n = n
        self.slot = _HEADER.size + INLINE_BYTES
        self.array = ctx.Array("B", n * self.slot, lock=False)
        self.spill_dir = tempfile.mkdtemp(prefix="emailbench-obs-")
        weakref.finalize(self, shutil.rmtree, self.spill_dir, True)

    def __getstate__(self) -> dict[str, Any]:  # sent to the workers: no finalizer there
        return {"n": self.n, "slot": self.slot, "array": self.array, "spill_dir": self.spill_dir}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def __bool__(self) -> bool:
        return True  # AsyncVectorEnv tests `if shared_memory:`

    def write(self, index: int, observation: Any) -> None:
        data = json.dumps(observation, ensure_ascii=False).encode()
        memory = memoryview(self.array).cast("B")
        start = index * self.slot
        generation = _HEADER.unpack_from(memory, start)[0] + 1
        spilled = len(data) > INLINE_BYTES
        if spilled:
            path = self._spill_path(index)
            with open(f"{path}.tmp", "wb") as handle:
                handle.write(data)
            os.replace(f"{path}.tmp", path)
        else:
            memory[start + _HEADER.size : start + _HEADER.size + len(data)] = data
        _HEADER.pack_into(memory, start, generation, len(data), spilled)

    def read(self, index: int) -> tuple[int, Any]:
        """(generation, observation) of slot `index`; (0, None) before the first write."""
        memory = memoryview(self.array).cast("B")
        start = index * self.slot
        generation, length, spilled = _HEADER.unpack_from(memory, start)
        if generation == 0:
            return 0, None
        if spilled:
            with open(self._spill_path(index), "rb") as handle:
                data = handle.read()
        else:
            data = bytes(memory[start + _HEADER.size : start + _HEADER.size + length])
        return generation, json.loads(data)

    def _spill_path(self, index: int) -> str:
        return os.path.join(self.spill_dir, f"obs-{index}.json")


class ObservationView:
    """The batch of observations in an `ObservationBuffer`: a tuple-like view of the latest ones.

    Indexing decodes a slot once per write; `copy.deepcopy` (what AsyncVectorEnv returns
    by default) gives a plain tuple of dicts, as without shared memory.
    """

    def __init__(self, buffer: ObservationBuffer, n: int) -> None:
        self.buffer = buffer
        self.n = n
        self._cache: dict[int, tuple[int, Any]] = {}

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, index: int) -> Any:
        if not -self.n <= index < self.n:
            raise IndexError(f"observation index {index} out of range for {self.n} envs")
        index %= self.n
        generation, value = self.buffer.read(index)
        cached = self._cache.get(index)
        if cached is not None and cached[0] == generation:
            return cached[1]
        self._cache[index] = (generation, value)
        return value

    def __iter__(self) -> Iterator[Any]:
        return (self[i] for i in range(self.n))

    def __deepcopy__(self, memo: dict[int, Any]) -> tuple[Any, ...]:
        return tuple(self.buffer.read(i)[1] for i in range(self.n))

    def __eq__(self, other: object) -> bool:
        return tuple(self) == (tuple(other) if isinstance(other, ObservationView) else other)

    def __repr__(self) -> str:
        return f"ObservationView({self.n} envs)"


@create_shared_memory.register(ObservationSpace)
def _create(space: ObservationSpace, n: int = 1, ctx: ModuleType = multiprocessing) -> Any:
    return ObservationBuffer(n, ctx)


@read_from_shared_memory.register(ObservationSpace)
def _read(space: ObservationSpace, shared_memory: ObservationBuffer, n: int = 1) -> Any:
    return ObservationView(shared_memory, n)


@write_to_shared_memory.register(ObservationSpace)
def _write(
    space: ObservationSpace, index: int, value: Any, shared_memory: ObservationBuffer
) -> None:
    shared_memory.write(index, value)
