"""Results as text for a model: whole pages, an explicit size limit, an exact next skip."""

from __future__ import annotations

import json

import pytest

from emailbench_gym.rendering import RESULT_CHARS, format_arguments, format_result


def _page(items: list[object], skip: int, total: int) -> dict[str, object]:
    end = skip + len(items)
    return {"items": items, "total": total, "nextSkip": end if end < total else None}


def test_a_page_that_fits_is_shown_whole_and_unchanged() -> None:
    page = _page([{"id": i} for i in range(100)], 0, 250)
    assert json.loads(format_result(page)) == page


@pytest.mark.parametrize(("skip", "total"), [(0, 1_000), (900, 1_000), (960, 1_000)])
def test_a_page_too_long_keeps_whole_items_and_says_where_to_continue(
    skip: int, total: int
) -> None:
    big = "x" * 3_000
    items = [{"id": skip + i, "text": big} for i in range(min(40, total - skip))]
    text = format_result(_page(items, skip, total))
    assert len(text) <= RESULT_CHARS
    shown = json.loads(text)
    kept = len(shown["items"])
    assert 1 <= kept < len(items)
    assert shown["items"] == items[:kept] and shown["total"] == total
    assert shown["nextSkip"] == skip + kept  # the first item not shown: no repeat, no gap
    assert f"skip={skip + kept}" in shown["note"]


def test_following_next_skip_reads_every_item_exactly_once() -> None:
    everything = [{"id": i, "text": "y" * (500 + 97 * (i % 50))} for i in range(700)]
    seen: list[int] = []
    skip: int | None = 0
    while skip is not None:
        asked = everything[skip : skip + 100]
        shown = json.loads(format_result(_page(asked, skip, len(everything))))
        seen += [item["id"] for item in shown["items"]]
        skip = shown["nextSkip"]
    assert seen == list(range(700))


def test_without_skip_the_page_says_to_narrow_the_query() -> None:
    shown = json.loads(format_result(_page([{"id": 1}], 0, 9), pageable=False))
    assert shown["nextSkip"] is None and "1 of 9 shown" in shown["note"]
    cut = json.loads(format_result(_page([{"t": "z" * 5_000}] * 30, 0, 30), pageable=False))
    assert cut["nextSkip"] is None and "narrow the query" in cut["note"]
    assert json.loads(format_result(_page([{"id": 1}], 0, 1), pageable=False)) == _page(
        [{"id": 1}], 0, 1
    )


def test_anything_else_too_long_is_cut_with_an_explicit_marker() -> None:
    text = format_result({"body": "w" * (RESULT_CHARS + 50)})
    assert text.endswith(f"results are limited to {RESULT_CHARS:,}]")
    one_huge_item = format_result(_page([{"body": "v" * (RESULT_CHARS + 10)}], 0, 2))
    assert "more characters" in one_huge_item


def test_text_is_always_encodable() -> None:
    text = format_result({"error": "x", "message": "bad \ud800 name \x00"})
    text.encode("utf-8")
    deep: object = "x"
    for _ in range(5_000):
        deep = [deep]
    assert format_arguments({"id": deep}) == "a dict of 1 items"
    assert format_arguments({"n": 10**5000}) == "a dict of 1 items"
    assert format_arguments({"id": "msg-1"}) == '{"id": "msg-1"}'
