"""`dumps_clean` writes exactly what dumping `clean_data(value)` writes, walking only dirty values."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from emailbench_gym import safetext
from emailbench_gym.safetext import _INT_BITS, clean_data, dumps_clean

#: Characters around every class `clean_text` treats apart (and look-alikes of JSON escapes).
CHARACTERS = [
    "a", "Z", "0", " ", "\t", "\n", "\r", "\x00", "\x01", "\x08", "\x0b", "\x0c", "\x1f",
    "\x7f", "\x80", "\x85", "\x9f", "\xa0", "é", "\u2028", "\ud800", "\udfff", "\U0001f600",
    "\\", "\\u", "\\b", "\\f", "u", "b", "f", '"',
]  # fmt: skip
BIG = [2**_INT_BITS - 1, 2**_INT_BITS, -(2**_INT_BITS), 2**_INT_BITS + 1, 10**4299, 10**4400]


def text(rng: random.Random) -> str:
    return "".join(rng.choice(CHARACTERS) for _ in range(rng.randint(0, 6)))


def value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(9 if depth < 3 else 5)
    if kind == 0:
        return text(rng)
    if kind == 1:
        return rng.choice([0, -7, 10**20, *BIG[:2]]) if rng.random() < 0.2 else rng.randint(-9, 9)
    if kind == 2:
        return rng.choice([None, True, False, 1.5, float("nan")])
    if kind == 3:
        return "clean text, digits 2001-10-15T09:00:00Z"
    if kind == 4:
        return object() if rng.random() < 0.1 else "x"
    if kind in (5, 6):
        keys = [text(rng), rng.randint(0, 3), None, True]
        return {rng.choice(keys): value(rng, depth + 1) for _ in range(rng.randint(0, 4))}
    items = [value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return tuple(items) if kind == 7 else items


def careful(data: Any) -> str:
    return json.dumps(clean_data(data), ensure_ascii=False, default=str)


def test_the_same_text_as_dumping_the_cleaned_value() -> None:
    rng = random.Random(14)
    values = [value(rng) for _ in range(3000)] + BIG + [{"n": n} for n in BIG]
    for data in values:
        try:
            expected = careful(data)
        except ValueError:  # too long to print even after cleaning (not reached by records)
            continue
        found = dumps_clean(data)
        assert found == expected, repr(data)[:200]
        found.encode("utf-8")  # always writable


def test_clean_values_are_not_walked(monkeypatch: pytest.MonkeyPatch) -> None:
    walked: list[Any] = []
    monkeypatch.setattr(safetext, "clean_data", lambda data: walked.append(data) or data)
    record = {"id": "OB-B101", "trajectory": [{"text": "Done. é", "calls": [{"n": 2001}]}]}
    assert dumps_clean(record) == json.dumps(record, ensure_ascii=False)
    assert walked == []
    assert dumps_clean({"text": "bad \x01"}) and len(walked) == 1
