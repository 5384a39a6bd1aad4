"""The first wave's answer checks (whole-word matching), kept only until every scenario uses claims.

`return-contains` / `return-excludes` read the answer as a bag of words: an item named
to rule it out fails `return-excludes`, and negated or hedged answers pass
`return-contains`. The claim checks (answer.py) replace them.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field

from emailbench_gym.grading.checks.base import CheckBase, EpisodeView, Outcome


def _phrase(value: str) -> re.Pattern[str]:
    """A case-insensitive, whitespace-tolerant pattern that matches whole words only."""
    words = [re.escape(w) for w in value.split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", re.I)


def _find(answer: str, alternatives: str | list[str]) -> int:
    """Position of the first alternative found in the answer, or -1."""
    options = [alternatives] if isinstance(alternatives, str) else alternatives
    positions = [m.start() for o in options if (m := _phrase(o).search(answer))]
    return min(positions) if positions else -1


class ReturnContainsAssertion(CheckBase):
    """The final answer names every value (each value may list alternatives, e.g. ["80%", "80.0%"]).

    Matching is case-insensitive on whole words. With `ordered`, the values must
    appear in the given order (for sorted answers).
    """

    type: Literal["return-contains"]
    values: list[str | list[str]] = Field(min_length=1)
    ordered: bool = False

    def check(self, episode: EpisodeView) -> Outcome:
        answer = episode.answer
        positions = [_find(answer or "", v) for v in self.values]
        missing = [v for v, p in zip(self.values, positions, strict=True) if p < 0]
        in_order = positions == sorted(positions)
        ok = not missing and (in_order or not self.ordered)
        found: Any = (
            {"missing": missing} if missing else ("out of order" if not ok else "all present")
        )
        return Outcome(ok, self.values, found)


class ReturnExcludesAssertion(CheckBase):
    """The final answer names none of the values (stops an answer that lists everything)."""

    type: Literal["return-excludes"]
    values: list[str | list[str]] = Field(min_length=1)

    def check(self, episode: EpisodeView) -> Outcome:
        answer = episode.answer
        present = [v for v in self.values if _find(answer or "", v) >= 0]
        return Outcome(not present, f"none of {self.values}", present or "none present")
