"""Keep credentials out of everything that leaves the process: records, grades, errors.

Keys live only in the SDKs' environment variables (or are passed to a client); an
error message or a model's reply may still repeat one. `redact(text)` replaces the
value of every credential-like environment variable (a name with KEY, TOKEN, SECRET
or PASSWORD, a value of at least 8 characters) and any `extra` secret by
`[redacted]`, longest first so a key that contains another is removed whole.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

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


#: Name parts (split on `-`, `_`, `.`, spaces) of a field or header that holds a credential.
SECRET_NAME_PARTS = frozenset(
    {"key", "apikey", "token", "secret", "password", "passwd", "authorization", "auth",
     "cookie", "credential", "credentials", "bearer"}
)  # fmt: skip
_SECRET_VALUE = re.compile(r"^(?:Bearer|Basic)\s+\S+|^sk-[A-Za-z0-9_-]{16,}", re.IGNORECASE)


def secret_name(name: str) -> bool:
    """Whether a field or header named `name` holds a credential (`api_key`, `X-Api-Key`,
    `Authorization`, `accessToken`; not `max_tokens`)."""
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)  # accessToken -> access_Token
    return any(part in SECRET_NAME_PARTS for part in re.split(r"[-_.\s]+", words.lower()))


def redact_settings(value: Any) -> Any:
    """A copy of a JSON-like configuration (request options, headers) safe to store.

    Values under credential-like names, strings that look like a key or an
    `Authorization` value, credential environment values and a URL's password or secret
    query parameters become `[redacted]`.
    """
    found = secret_values()

    def walk(item: Any, name: str = "") -> Any:
        if name and secret_name(name) and item is not None and not isinstance(item, dict | list):
            return REDACTED
        if isinstance(item, str):
            return REDACTED if _SECRET_VALUE.match(item) else redact(redact_url(item), found)
        if isinstance(item, dict):
            return {k: walk(v, str(k)) for k, v in item.items()}
        if isinstance(item, list | tuple):
            return [walk(v, name) for v in item]
        return item

    return walk(value)


def redact_url(url: str | None) -> str | None:
    """`url` without a password in its user part or credential-like query parameters."""
    if not url or "://" not in url:
        return url
    parts = urlsplit(url)
    netloc = parts.netloc
    if parts.password:
        netloc = netloc.replace(f":{parts.password}@", f":{REDACTED}@", 1)
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        if any(secret_name(k) for k, _ in pairs):
            query = urlencode([(k, REDACTED if secret_name(k) else v) for k, v in pairs], safe="[]")
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def holds_redacted(value: Any) -> list[str]:
    """Paths (`extra_body.api_key`) of the `[redacted]` strings in a JSON-like value."""
    if isinstance(value, str):
        return [""] if REDACTED in value else []
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list | tuple):
        items = enumerate(value)
    else:
        return []
    return [f"{k}.{p}".rstrip(".") for k, v in items for p in holds_redacted(v)]
