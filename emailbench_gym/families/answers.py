"""Answers written from a task's facts, in the styles different careful assistants use.

A family states its answer once, as a `Report`: an opening that may carry a count, the
items that make up the answer (each with its details: typed values such as dates,
times, durations, percentages, or plain text), the items it rules out and why, and any
further statements. `render_all` writes it five ways: terse, a full briefing, one that
names the excluded items to rule them out, a table, and prose, each with its own
spellings of numbers ("3", "three"), dates ("Friday, June 9", "9 June", "2017-06-09"),
times ("14:30", "2:30 pm"), durations ("90 minutes", "1.5 hours", "1 h 30 min") and
percentages ("66.7%", "67 percent"). The first is the reference answer; the others
are calibration answers, which every task must pass before it is served.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, time
from typing import Any

from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.threads import MONTHS  # the worlds' spellings, one source
from emailbench_gym.worlds.vocab.orgs import WEEKDAY_NAMES as WEEKDAYS

STYLES: tuple[str, ...] = ("terse", "briefing", "ruled-out", "table", "prose")
_WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]


@dataclass(frozen=True)
class Val:
    """A typed value: `count`, `percent`, `date`, `time`, `duration` (minutes), `time-range`."""

    kind: str
    value: Any

    def spell(self, variant: int) -> str:
        """The value written one of several usual ways (`variant` picks which)."""
        v = self.value
        if self.kind == "count":
            return spell_count(v, variant)
        if self.kind == "percent":
            return spell_percent(v, variant)
        if self.kind == "date":
            return spell_date(v, variant)
        if self.kind == "time":
            return spell_time(v, variant)
        if self.kind == "duration":
            return spell_duration(v, variant)
        if self.kind == "time-range":
            start, end = v
            joiner = (" to ", "-", " until ")[variant % 3]
            return f"{spell_time(start, variant)}{joiner}{spell_time(end, variant)}"
        return str(v)


def spell_count(n: int, variant: int = 0) -> str:
    return _WORDS[n] if variant % 2 and 0 <= n < len(_WORDS) else str(n)


def spell_percent(p: float, variant: int = 0) -> str:
    text = f"{p:.1f}".removesuffix(".0")
    return (f"{text}%", f"{text} percent", f"{round(p)}%" if p != round(p, 1) else f"{text} %")[
        variant % 3
    ]


def spell_date(d: date, variant: int = 0) -> str:
    weekday, month = WEEKDAYS[d.weekday()], MONTHS[d.month - 1]
    forms = (
        f"{weekday}, {month} {d.day}",
        f"{d.day} {month}",
        d.isoformat(),
        f"{weekday[:3]} {d.day} {month[:3]}",
        f"{month} {d.day}, {d.year}",
    )
    return forms[variant % len(forms)]


def spell_time(t: time, variant: int = 0) -> str:
    if variant % 2 == 0:
        return f"{t.hour:02d}:{t.minute:02d}"
    hour = t.hour % 12 or 12
    suffix = (
        ("pm", "PM", "p.m.")[variant // 2 % 3]
        if t.hour >= 12
        else ("am", "AM", "a.m.")[variant // 2 % 3]
    )
    if t.minute == 0 and variant % 4 == 3:
        return f"{hour} {suffix}"
    return f"{hour}:{t.minute:02d} {suffix}"


def spell_duration(minutes: int, variant: int = 0) -> str:
    hours, rest = divmod(int(minutes), 60)
    if variant % 3 == 0 or not hours:
        return f"{int(minutes)} minutes"
    if variant % 3 == 1:
        if rest == 0:
            return f"{hours} hour{'s' if hours != 1 else ''}"
        if rest in (15, 30, 45):
            return f"{minutes / 60:g} hours"
        return f"{hours} hour{'s' if hours != 1 else ''} {rest} minutes"
    return f"{hours} h {rest} min" if rest else f"{hours} h"


Detail = tuple[str, Any] | tuple[str, Any, str]  # (label, Val or text[, unit])


def _cell(detail: Detail, variant: int) -> str:
    value = detail[1]
    text = value.spell(variant) if isinstance(value, Val) else str(value)
    unit = detail[2] if len(detail) > 2 else ""  # type: ignore[misc]
    return f"{text} {unit}".strip()


@dataclass
class Item:
    """One item of an answer: how to name it and what to say about it.

    Each detail is `(label, value)` or `(label, value, unit)`: "due" + a date, or
    "" + a count + "emails"; a table shows the value and unit under the label's column.
    """

    name: str
    details: list[Detail] = field(default_factory=list)

    def facts(self, variant: int) -> list[str]:
        return [f"{d[0]} {_cell(d, variant)}".strip() for d in self.details]

    def cells(self, variant: int) -> list[str]:
        return [_cell(d, variant) for d in self.details]


@dataclass
class Report:
    """An answer's content, from which every style is written (module docstring).

    `opening` may hold `{n}`, filled with `count` spelled per style. `excluded` items are
    named only by the ruled-out style, each with why it is out; `notes` are sentences
    every style ends with.
    """

    opening: str
    items: list[Item]
    count: int | None = None
    ordered: bool = False
    excluded: list[tuple[Item, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    noun: str = "Item"
    columns: list[str] = field(default_factory=list)

    def _opening(self, variant: int) -> str:
        text = self.opening
        if "{n}" in text:
            text = text.replace("{n}", spell_count(self.count or 0, variant))
        return text[:1].upper() + text[1:]

    def _notes(self) -> str:
        return (" " + " ".join(self.notes)) if self.notes else ""

    def render(self, style: str, variant: int) -> str:
        opening = self._opening(variant)
        if style == "terse":
            parts = []
            for item in self.items:
                facts = item.facts(variant)
                parts.append(f"{item.name} ({', '.join(facts)})" if facts else item.name)
            return f"{opening}: {'; '.join(parts)}.{self._notes()}"
        if style == "briefing":
            lines = [f"Here's what I found. {opening}:", ""]
            for number, item in enumerate(self.items, 1):
                facts = item.facts(variant)
                marker = f"{number}." if self.ordered else "-"
                lines.append(
                    f"{marker} **{item.name}**" + (f": {'; '.join(facts)}" if facts else "")
                )
            if self.notes:
                lines += ["", " ".join(self.notes)]
            lines += ["", "Tell me if you want me to act on any of this."]
            return "\n".join(lines)
        if style == "ruled-out":
            lines = [f"{opening}:"]
            for item in self.items:
                facts = item.facts(variant)
                lines.append(f"- {item.name}" + (f" ({', '.join(facts)})" if facts else ""))
            if self.excluded:
                lines += ["", "Excluded:"]
                lines += [f"- {item.name}: {why}" for item, why in self.excluded]
            if self.notes:
                lines += ["", " ".join(self.notes)]
            return "\n".join(lines)
        if style == "table":
            headers = [self.noun, *self.columns]
            rows = [f"| {' | '.join(headers)} |", "|" + "---|" * len(headers)]
            for item in self.items:
                cells = item.cells(variant)
                cells += [""] * (len(self.columns) - len(cells))
                rows.append(f"| {' | '.join([item.name, *cells[: len(self.columns)]])} |")
            return "\n".join([*rows, "", f"{opening}.{self._notes()}"])
        if style == "prose":
            sentences = []
            for item in self.items:
                facts = item.facts(variant)
                sentences.append(f"{item.name}" + (f", {', '.join(facts)}" if facts else ""))
            body = "; then ".join(sentences) if self.ordered else "; ".join(sentences)
            return f"{opening}. In {'order' if self.ordered else 'short'}: {body}.{self._notes()}"
        raise ValueError(f"unknown answer style {style!r}; styles: {', '.join(STYLES)}")

    def render_all(self, rng: Rng) -> list[tuple[str, str]]:
        """Every style, with spellings varied per style (the first is the reference's)."""
        offset = rng.below(6)
        return [(style, self.render(style, offset + i)) for i, style in enumerate(STYLES)]
