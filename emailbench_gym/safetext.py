"""Text from models made safe where it enters: no lone surrogates, no control characters.

A model (or a client) can send any Python string, including unpaired UTF-16
surrogates (`"\\ud800"`) that no UTF-8 writer accepts and control characters that
corrupt terminals and logs. `clean_text` replaces the first with U+FFFD and drops
the second (tab, newline and carriage return are kept); `clean_data` does the same
for every string (and dict key) of a JSON-like value, and turns integers too long to
print into a note, so whatever is recorded can be written as UTF-8 JSON.
"""

from __future__ import annotations

import json
import re
from typing import Any

_SURROGATE = re.compile(r"[\ud800-\udfff]")
#: Integers longer than this print as a note (Python refuses to print over 4,300 digits).
_INT_BITS = 14_000
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
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > _INT_BITS:
        return f"(an integer of {value.bit_length()} bits)"  # too long to print as digits
    return value


#: What `clean_data` would change, as it shows in JSON dumped without it: the control
#: characters JSON escapes (`\u0001`, `\b`, `\f`) or leaves raw (DEL and C1), lone
#: surrogates, and digit runs as long as an integer of more than _INT_BITS bits. Text that
#: only looks so (an escaped backslash before a `u`) takes the careful path: same result.
_LONG_DIGITS = len(str(2**_INT_BITS))
_UNCLEAN_JSON = re.compile(r"\\[ubf]|[\x7f-\x9f\ud800-\udfff]|[0-9]{" + str(_LONG_DIGITS) + "}")


def dumps_clean(value: Any) -> str:
    """`json.dumps(clean_data(value), ensure_ascii=False, default=str)`, without walking the
    value when its plain dump shows nothing to clean (a record's dump: ~5x faster)."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except ValueError:  # an integer too long to print: clean_data turns it into a note
        text = None
    if text is None or _UNCLEAN_JSON.search(text):
        text = json.dumps(clean_data(value), ensure_ascii=False, default=str)
    return text


def clean_arguments(raw: Any) -> Any:
    """Tool-call arguments as a model sent them (a JSON text or a dict), cleaned inside too.

    A JSON text can spell a lone surrogate as an escape (`"\\ud800"`) that only decoding
    reveals: such a text is decoded, cleaned and encoded again; any other text is kept
    byte for byte (unreadable JSON is answered by the env with an error result).
    """
    if not isinstance(raw, str):
        return clean_data(raw)
    text = clean_text(raw)
    if "\\u" not in text:
        return text
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return text
    cleaned = clean_data(value)
    return text if cleaned == value else json.dumps(cleaned, ensure_ascii=False)
