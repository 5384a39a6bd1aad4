"""Text that can always be encoded: no unpaired surrogates, no control characters but tab and newline.

Every string that enters the workspace through a tool argument goes through `safe_text`, so
what a write stores can always be serialized (JSON, UTF-8 files, digests). Surrogate pairs
are joined into the character they encode; an unpaired surrogate becomes U+FFFD; a carriage
return (alone or before a newline) becomes a newline; other C0 and C1 control characters and
DEL are removed.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def safe_text(value: str) -> str:
    """`value` with surrogates resolved and control characters (but tab and newline) removed."""
    if _UNSAFE.search(value) is None:
        return value
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    value = _CONTROL.sub("", value)
    return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
