"""The forms a request can take for the same thing: people, days, times, counts.

A slot of a request template gets one of several forms, drawn by the task's seed: a
person by full name or by first name (when no one else in the world shares it), a day
as "tomorrow", "Thursday" or "June 9", a time as "14:30" or "2:30 pm". Only forms that
name the thing unambiguously in that world are offered.
"""

from __future__ import annotations

from datetime import date, time, timedelta
from typing import TYPE_CHECKING

from emailbench_gym.families import lookup
from emailbench_gym.families.answers import MONTHS, WEEKDAYS, spell_time

if TYPE_CHECKING:
    from emailbench_gym.families.builder import TaskBuilder


def first_names(t: TaskBuilder) -> dict[str, int]:
    """How many people of the world (directory and contacts) have each first name."""

    def count() -> dict[str, int]:
        names: dict[str, set[str]] = {}
        for item in lookup.users(t).values():
            names.setdefault(item["displayName"].split()[0].casefold(), set()).add(
                item["mail"].casefold()
            )
        for contact in lookup.contacts(t):
            who = lookup.contact_address(contact) or contact["id"]
            names.setdefault(contact["displayName"].split()[0].casefold(), set()).add(who)
        return {name: len(people) for name, people in names.items()}

    return lookup._cached(t, "first-names", count)


def person(t: TaskBuilder, who: str) -> list[str]:
    """Ways to name a person in a request: the full name, and the first name if unique."""
    name = lookup.display_name(t, who)
    forms = [name]
    first = name.split()[0]
    if " " in name and first_names(t).get(first.casefold(), 0) == 1:
        forms.append(first)
    return forms


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def day(t: TaskBuilder, when: date) -> list[str]:
    """Ways to name a day relative to the task's "now" (without a preposition)."""
    today = lookup.today(t)
    weekday, month = WEEKDAYS[when.weekday()], MONTHS[when.month - 1]
    forms = [
        f"{month} {when.day}",
        f"{weekday} {when.day} {month}",
        f"{weekday}, {month} {when.day}",
    ]
    if when == today:
        forms.append("today")
    elif when == today + timedelta(days=1):
        forms.append("tomorrow")
    if 0 < (when - today).days < 7 and when != today + timedelta(days=1):
        forms.append(weekday)
    return forms


def on_day(t: TaskBuilder, when: date) -> list[str]:
    """A day with its preposition ("on Thursday", "tomorrow")."""
    return [f if f in ("today", "tomorrow") else f"on {f}" for f in day(t, when)]


def clock(value: time) -> list[str]:
    return [spell_time(value, 0), spell_time(value, 1)]


def date_long(when: date) -> str:
    return f"{WEEKDAYS[when.weekday()]} {when.day} {MONTHS[when.month - 1]}"


def count_forms(n: int) -> list[str]:
    from emailbench_gym.families.answers import spell_count

    return list(dict.fromkeys([spell_count(n, 0), spell_count(n, 1)]))
