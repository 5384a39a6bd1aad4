"""Text from models made safe where it enters: no lone surrogates, no control characters.

A model (or a client) can send any Python string, including unpaired UTF-16
surrogates (`"\\ud800"`) that no UTF-8 writer accepts and control characters that
corrupt terminals and logs. `clean_text` replaces the first with U+FFFD and drops
the second (tab, newline and carriage return are kept); `clean_data` does the same
for every string (and dict key) of a JSON-like value, so whatever is recorded can be
written as UTF-8 JSON.
"""

from __future__ import annotations

import re
from typing import Any

_SURROGATE = re.compile(r"[\ud800-\udfff]")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def clean_text(text: str) -> str:
    """`text` with lone surrogates replaced by U+FFFD and control characters (but tab and
    line breaks) removed; an already clean string is returned as is."""
    if text.isascii():
        return _CONTROL.sub("", text) if _CONTROL.search(text) else text
    text = _SURROGATE.sub("\ufffd", text)
    return _CONTROL.sub("", text)


def clean_data(value: Any) -> Any:
    """A copy of a JSON-like value with every string and dict key passed through `clean_text`."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict):
        return {
            (clean_text(k) if isinstance(k, str) else k): clean_data(v) for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [clean_data(v) for v in value]
    return value
