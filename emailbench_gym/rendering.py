"""Tool results and arguments as text for a model: compact JSON within a stated size.

A result is compact JSON (`ensure_ascii=False`). A page (`{items, total, nextSkip}`, see
`emailbench_gym.api.results`) that would pass `RESULT_CHARS` keeps as many whole items as
fit, and says so in a `note` with an exact `nextSkip` (following it never repeats or skips
an item); it always keeps at least one item, so paging always advances. Where the profile
hides a tool's `skip`, a page with more items says how many there are and that narrowing
the query is the way to the rest, instead of a `nextSkip` that cannot be used. Anything
else longer than `RESULT_CHARS` is cut with an explicit marker. All text is made safe
(`emailbench_gym.text`), so a trace can always be written.
"""

from __future__ import annotations

import json
from typing import Any

from emailbench_gym.api.registry import shown
from emailbench_gym.text import safe_text

RESULT_CHARS = 100_000


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def is_page(result: Any) -> bool:
    return isinstance(result, dict) and {"items", "total", "nextSkip"} <= set(result)


def format_result(result: Any, *, pageable: bool = True) -> str:
    """`result` as JSON text; `pageable` says whether the caller can pass `skip` to this tool."""
    if is_page(result) and not pageable and result["nextSkip"] is not None:
        result = {
            **result,
            "nextSkip": None,
            "note": (
                f"{len(result['items'])} of {result['total']} shown; this tool takes no skip "
                "here: narrow the query (or raise top) to see the others."
            ),
        }
    text = _dump(result)
    if len(text) > RESULT_CHARS:
        text = _fit_page(result, pageable) if is_page(result) else _cut(text)
    return safe_text(text)


def _fit_page(page: dict[str, Any], pageable: bool) -> str:
    """The page with as many leading items as fit in RESULT_CHARS (at least one)."""
    items = page["items"]
    texts = [_dump(item) for item in items]
    budget = RESULT_CHARS - 400  # the other keys and the note
    kept, used = 0, 0
    for text in texts:
        if kept and used + len(text) + 1 > budget:
            break
        kept, used = kept + 1, used + len(text) + 1
    if kept == len(items):  # one item alone is too long: nothing to page over
        return _cut(_dump(page))
    after = (page["nextSkip"] if page["nextSkip"] is not None else page["total"]) - (
        len(items) - kept
    )
    if pageable:
        next_skip: int | None = after
        note = (
            f"{kept} of the {len(items)} items of this page fit in {RESULT_CHARS:,} characters; "
            f"call again with skip={after} for the rest."
        )
    else:
        next_skip = None
        note = (
            f"{kept} of {page['total']} shown (results are limited to {RESULT_CHARS:,} "
            "characters); narrow the query to see the others."
        )
    rest = {k: v for k, v in page.items() if k not in ("items", "nextSkip", "note")}
    tail = _dump({**rest, "nextSkip": next_skip, "note": note})
    text = '{"items":[' + ",".join(texts[:kept]) + "]," + tail[1:]
    return text if len(text) <= RESULT_CHARS else _cut(text)


def _cut(text: str) -> str:
    return (
        text[:RESULT_CHARS]
        + f"... [cut: {len(text) - RESULT_CHARS:,} more characters; results are limited to "
        f"{RESULT_CHARS:,}]"
    )


def format_arguments(arguments: Any, limit: int = 300) -> str:
    """A call's arguments for a transcript: JSON cut at `limit`, whatever the agent sent."""
    try:
        text = json.dumps(arguments, ensure_ascii=False, default=str)
    except (RecursionError, ValueError):  # nesting or integers too big for JSON text
        text = shown(arguments, limit)
    return safe_text(text[:limit])
