"""The assertion every API error test makes: the right code, and nothing changed."""

from __future__ import annotations

from typing import Any

import pytest

from emailbench_gym.errors import ToolError
from emailbench_gym.workspace import Workspace


def fails(ws: Workspace, code: str, method: str, /, **arguments: Any) -> ToolError:
    """Call `method`, expect a ToolError with `code` and an unchanged workspace; return the error."""
    before = ws.digest()
    with pytest.raises(ToolError) as caught:
        ws.call(method, **arguments)
    assert caught.value.code == code, caught.value.message
    assert ws.digest() == before
    return caught.value


def listed(ws: Workspace, method: str, /, **arguments: Any) -> list[Any]:
    """The items of a list tool's page, after checking the page's total and next skip."""
    page = ws.call(method, **arguments)
    assert set(page) == {"items", "total", "nextSkip"}, page
    skip = arguments.get("skip") or 0
    end = skip + len(page["items"])
    assert page["nextSkip"] == (end if end < page["total"] else None), page
    return page["items"]
