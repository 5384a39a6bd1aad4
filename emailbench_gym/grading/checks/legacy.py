"""The first wave's answer checks, kept only until every scenario uses claims.

They read the answer for literal phrases, now through the claim reader: a value counts
only where the answer states it (not where it is negated, hedged or ruled out), so a
negated or hedged answer no longer passes `return-contains`, and an item named to rule it
out no longer fails `return-excludes`. The claim checks (answer.py) bind values to their
subjects as well; every scenario moves to them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from emailbench_gym.grading.checks.base import CheckBase, EpisodeView, Outcome
from emailbench_gym.grading.claims.analysis import Analysis
from emailbench_gym.grading.claims.polarity import Polarity


def _mentions(analysis: Analysis, value: str | list[str]) -> list[tuple[int, Polarity]]:
    """Where the answer names the value (any alternative, as whole words) and how."""
    options = [value] if isinstance(value, str) else value
    spans = analysis.phrase_spans(options)
    own = frozenset(i for span in spans for i in range(span.first, span.last))
    marks = analysis.reader.read(spans, mask=own)
    return [(span.start, mark) for span, mark in zip(spans, marks, strict=True)]


def _stated_at(analysis: Analysis, value: str | list[str]) -> int:
    """Position of the first place the answer states the value, or -1."""
    stated = [start for start, mark in _mentions(analysis, value) if mark == "asserted"]
    return min(stated) if stated else -1


class ReturnContainsAssertion(CheckBase):
    """The final answer states every value (each may list alternatives, e.g. ["80%", "80.0%"]).

    Whole words, case-insensitive; a negated, hedged or ruled-out mention does not count.
    With `ordered`, the values are stated in the given order (for sorted answers).
    """

    type: Literal["return-contains"]
    values: list[str | list[str]] = Field(min_length=1)
    ordered: bool = False

    def check(self, episode: EpisodeView) -> Outcome:
        analysis = episode.analysis
        if analysis.too_long:
            return Outcome(False, self.values, "answer too long to grade")
        positions = [_stated_at(analysis, v) for v in self.values]
        missing = [v for v, p in zip(self.values, positions, strict=True) if p < 0]
        in_order = positions == sorted(positions)
        ok = not missing and (in_order or not self.ordered)
        found: Any = (
            {"missing": missing} if missing else ("out of order" if not ok else "all present")
        )
        return Outcome(ok, self.values, found)


class ReturnExcludesAssertion(CheckBase):
    """The final answer states none of the values (stops an answer that lists everything).

    Naming a value to deny or rule it out is allowed; stating or hedging it is not.
    """

    type: Literal["return-excludes"]
    values: list[str | list[str]] = Field(min_length=1)

    def check(self, episode: EpisodeView) -> Outcome:
        analysis = episode.analysis
        if analysis.too_long:
            return Outcome(False, f"none of {self.values}", "answer too long to grade")
        present = [
            v
            for v in self.values
            if any(mark in ("asserted", "hedged") for _, mark in _mentions(analysis, v))
        ]
        return Outcome(not present, f"none of {self.values}", present or "none present")
