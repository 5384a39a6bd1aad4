"""Keep credentials out of everything that leaves the process: records, grades, errors.

Keys live only in the SDKs' environment variables (or are passed to a client); an
error message or a model's reply may still repeat one. `redact(text)` replaces the
value of every credential-like environment variable (a name with KEY, TOKEN, SECRET
or PASSWORD, a value of at least 8 characters) and any `extra` secret by
`[redacted]`, longest first so a key that contains another is removed whole.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

REDACTED = "[redacted]"
_MARKERS = ("KEY", "TOKEN", "SECRET", "PASSWORD")
_MIN_LENGTH = 8


def secret_values(extra: Iterable[str | None] = ()) -> list[str]:
    """Values of credential-like environment variables and `extra`, longest first."""
    values = {
        value
        for name, value in os.environ.items()
        if len(value) >= _MIN_LENGTH and any(m in name.upper() for m in _MARKERS)
    }
    values.update(v for v in extra if v and len(v) >= _MIN_LENGTH)
    return sorted(values, key=len, reverse=True)


def redact(text: str, secrets: Iterable[str] | None = None) -> str:
    """`text` without any secret (by default: the current environment's credential values)."""
    for secret in secret_values() if secrets is None else secrets:
        if secret in text:
            text = text.replace(secret, REDACTED)
    return text


def redact_data(value: Any, secrets: Iterable[str] | None = None) -> Any:
    """A copy of a JSON-like value with every string passed through `redact`."""
    found = list(secret_values() if secrets is None else secrets)
    if not found:
        return value

    def walk(item: Any) -> Any:
        if isinstance(item, str):
            return redact(item, found)
        if isinstance(item, dict):
            return {k: walk(v) for k, v in item.items()}
        if isinstance(item, list | tuple):
            return [walk(v) for v in item]
        return item

    return walk(value)
