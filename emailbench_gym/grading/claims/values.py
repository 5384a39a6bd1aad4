"""Typed values written in an answer: money, percentages, durations, times, dates, sizes, phones, counts.

`find_values(text, today)` scans the normalised answer once with one recognizer per
kind, in priority order (a phone number is not three counts; "$66 million" is not a
count; "9/24" is a date), and returns non-overlapping `ValueMention`s that carry the
candidate values (a bare "2:00" may be 2 AM or 2 PM; "Friday" is any Friday within a
week of today), the precision the writer used, and a qualifier when the value is a
bound ("more than 5") or an estimate ("about 5"). Numbers inside dates, times, ids,
list labels and entity names never become counts. Recognizers are hand-written
regular expressions on purpose: they are deterministic, linear-time and bounded,
and no date or number library recognises the forms of this domain (durations like
"6d 18h", ratios like "12 of 15", "6½ hours") without also guessing at others.
"""

from __future__ import annotations

import bisect
import math
import re
from dataclasses import dataclass, replace
from datetime import date, timedelta
from fractions import Fraction
from itertools import pairwise
from typing import Literal

from emailbench_gym.grading.claims.lexicon import (
    APPROXIMATIONS,
    BOUNDS,
    COMPARATIVES,
    COMPARISON_VERBS,
    FRACTION_WORDS,
    MONTHS,
    NUMBER_WORDS,
    SCALE_WORDS,
    SUMS,
    WEEKDAYS,
)
from emailbench_gym.grading.claims.scan import anchored

ValueKind = Literal[
    "count", "number", "percent", "money", "duration", "time", "time-range", "date", "size", "phone"
]
VALUE_KINDS: tuple[str, ...] = ValueKind.__args__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class ValueMention:
    """One value as written: its kind, candidate values, span and how precisely it was written.

    `values` holds every reading the text allows (numbers, minutes, dates, digit strings;
    a time range is a pair of minute sets). `precision` is the unit of the last written
    digit, in the value's own unit. `qualifier` is "bound" or "approx" when a word before
    the value makes it a limit or an estimate, "alternative" when it is offered with another
    ("5 or 7") and "corrected" when a later correction replaces it ("make that 15:00").
    """

    kind: str
    values: tuple
    start: int
    end: int
    precision: float = 1.0
    qualifier: str | None = None
    ratio: tuple[float, float] | None = None  # "12 of 15": numerator and denominator
    #: Where the value starts that this one is a part of: "5 (3 received, 2 sent)"; 3 is a part.
    part_of: int | None = None
    #: A difference between two things ("beats it by 90 KB", "3 fewer"), not a thing's own value.
    difference: bool = False
    #: A rate ("$705,000 per transaction", "from $705,000 to $671,000 per transaction"): a
    #: measure of its own, not a second value of what it is a rate of.
    rate: bool = False


# --- numbers ------------------------------------------------------------------------------

_WORD_NUMBER = "|".join(
    sorted((re.escape(w) for w in NUMBER_WORDS if w not in ("none",)), key=len, reverse=True)
)
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_UNITS = "one|two|three|four|five|six|seven|eight|nine"
_TEENS = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_BELOW_HUNDRED = rf"(?:(?:{_TENS})(?:[- ](?:{_UNITS}))?|{_TEENS}|{_UNITS})"
#: "one hundred ten", "a hundred and eighty", "two hundred fifty-five".
_HUNDREDS = rf"(?:(?:a|{_UNITS})\s+hundred(?:\s+(?:and\s+)?{_BELOW_HUNDRED}(?![\w-]))?)"
#: A number in words. The lookahead for a letter rejects a digit before the word alternatives
#: are tried one by one (at each number of a dense answer, in every recognizer: twice as fast).
WORDNUM = rf"(?=[^\W\d_])(?:{_HUNDREDS}|(?:{_TENS})[- ](?:{_UNITS})|{_WORD_NUMBER})"
DIGITS = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
FRACTION = r"\d+\s+\d/\d"  # "6 1/2"
NUM = rf"(?:{FRACTION}|{DIGITS}|{WORDNUM})"


def parse_number(text: str) -> tuple[float, float] | None:
    """(value, precision) of a number written in digits, words or as "6 1/2"."""
    text = text.strip().casefold()
    match = re.fullmatch(r"(\d+)\s+(\d)/(\d)", text)
    if match:
        whole, top, bottom = (int(g) for g in match.groups())
        if bottom == 0:
            return None
        return whole + top / bottom, 1 / bottom
    if re.fullmatch(DIGITS, text):
        plain = text.replace(",", "")
        decimals = len(plain.partition(".")[2])
        return float(plain), 10.0**-decimals
    hundreds = re.fullmatch(rf"(a|{_UNITS})\s+hundred(?:\s+(?:and\s+)?(.+))?", text)
    if hundreds:
        rest = parse_number(hundreds.group(2)) if hundreds.group(2) else (0.0, 1.0)
        if rest is None or rest[0] >= 100:
            return None
        count = 1 if hundreds.group(1) == "a" else NUMBER_WORDS[hundreds.group(1)]
        return 100.0 * count + rest[0], 1.0
    compound = re.fullmatch(rf"({_TENS})[- ]({_UNITS})", text)
    if compound:
        return float(NUMBER_WORDS[compound.group(1)] + NUMBER_WORDS[compound.group(2)]), 1.0
    if text in NUMBER_WORDS:
        return float(NUMBER_WORDS[text]), 1.0
    return None


_NOT_WORDS = re.compile(r"[^a-z~ ]+")


def _qualifier(text: str, start: int) -> str | None:
    """What the words just before `start` make a value: "bound" ("more than"), "approx"."""
    if "~" in text[max(0, start - 2) : start]:
        return "approx"
    before = _NOT_WORDS.sub(" ", text[max(0, start - 24) : start].casefold()).split()
    tail = " ".join(before[-3:])
    if tail.endswith(BOUNDS) and not " ".join(before[-4:]).endswith(SUMS):
        return "bound"
    if tail.endswith(APPROXIMATIONS):
        return "approx"
    return None


# --- recognizers --------------------------------------------------------------------------

_B = r"(?<![\w$.])"  # no word character (or $ or a decimal point) just before
_E = r"(?![\w%])"
_PHONE = anchored(
    re.compile(
        rf"{_B}(?:\+?1[\s.-]?)?(?:\(\d{{3}}\)\s?|\d{{3}}[\s.-])\d{{3}}[\s.-]\d{{4}}{_E}|{_B}\d{{3}}-\d{{4}}{_E}"
    )
)
#: Digits run on from a phone number's end ("502-7719-9", "502-7719 9**", "502-7719 9." closing
#: its line) or set before its start at a line's or label's opening ("**9 (713) 502-7719",
#: "cell: 9 (713) ..."): part of the number written, which is then another one.
_STRAY_AFTER = re.compile(r"(?:[-.]\d+|[ \t]\d+(?=[*_)\]|]|[.;!?]?[ \t]*(?:\n|$)))(?![\w:])")
_STRAY_BEFORE = re.compile(r"(?:^|(?<=[\n*_|])|(?<=: ))[ \t]*\d+[ \t-]")


def _with_stray_digits(text: str, start: int, end: int) -> tuple[int, int]:
    """A phone number's span taken on over digits run onto it: "(713) 502-7719 9" is no
    (713) 502-7719. A count after it in its sentence ("(713) 502-7719 30 minutes before") or
    a number before it in prose ("Room 12 (713) ...") is its own."""
    after = _STRAY_AFTER.match(text, end)
    line = text.rfind("\n", 0, start) + 1
    before = next((m for m in _STRAY_BEFORE.finditer(text, line, start) if m.end() == start), None)
    return (before.start() if before else start), (after.end() if after else end)


_MONEY = anchored(
    re.compile(
        rf"(?:(?:US\s?)?\$|USD\s?)\s?(?P<n>{DIGITS})(?:\s?(?P<s>million|billion|thousand|mm|mn|mil|bn|m|b|k)\b)?"
        rf"|{_B}(?P<n2>{DIGITS}|{WORDNUM})\s?(?P<s2>million|billion|thousand)\s?(?:dollars|usd)\b",
        re.I,
    )
)
#: "thirty-two million", "13M": amounts without a currency, money in an answer that states money.
_BARE_MONEY = anchored(
    re.compile(
        rf"{_B}(?P<n>{DIGITS}|{WORDNUM})(?:\s?(?P<s>million|billion)\b|(?P<c>M|MM|bn)\b)", re.I
    )
)
_SIZE_UNITS = {
    "bytes": (1, 1),
    "byte": (1, 1),
    "b": (1, 1),
    "kb": (1000, 1024),
    "kib": (1024, 1024),
    "kilobytes": (1000, 1024),
    "k": (1000, 1024),
    "mb": (1e6, 1024**2),
    "mib": (1024**2, 1024**2),
    "megabytes": (1e6, 1024**2),
    "gb": (1e9, 1024**3),
}
_SIZE = anchored(
    re.compile(
        rf"{_B}(?P<n>{DIGITS})\s?(?P<u>bytes|byte|kib|kb|kilobytes|mib|mb|megabytes|gb)\b", re.I
    )
)
_PERCENT = anchored(re.compile(rf"{_B}(?P<n>{NUM})\s?(?:%|percent\b|per cent\b|pct\b)", re.I))
#: "12 of 15", "none of two", "2 / 3" (steps done out of total; a slash with a space beside it
#: is no date: "10/12" is read by _SLASH_DATE).
_RATIO = anchored(
    re.compile(
        rf"{_B}(?P<a>{NUM}|none)(?:\s(?:of|out of|in)\s(?:the\s)?|[ \t]+/[ \t]*|[ \t]*/[ \t]+)"
        rf"(?P<b>{NUM}){_E}",
        re.I,
    )
)
_FRACTION_WORDS = anchored(
    re.compile(
        r"\b(?P<f>"
        + "|".join(sorted((re.escape(f) for f in FRACTION_WORDS), key=len, reverse=True))
        + r")\b",
        re.I,
    )
)
#: "and a half", "-and-a-third", "and three quarters" after a number of units.
_AND_FRACTION = (
    r"[\s-]+and[\s-]+(?:"
    + "|".join(
        sorted(
            (r"[\s-]+".join(map(re.escape, f.split())) for f in FRACTION_WORDS if " " in f),
            key=len,
            reverse=True,
        )
    )
    + r")\b"
)
_DUR_NUM = rf"(?:{NUM}(?:{_AND_FRACTION})?|\ban?\b|\ba half\b|\bhalf an?\b)"
_DUR_SEP = r"(?:\s*,?\s*(?:and\s+)?)"
#: What a span of time is, between its number and a unit in full ("8 free hours", "two working days").
_DUR_KIND = r"(?:(?:working|work|business|office|free|available|clear|open|spare|full|solid)\s+)"
_DAYS = r"(?P<d{i}>" + _DUR_NUM + r")\s?-?\s?(?:" + _DUR_KIND + r"days?\b|days?|d)\b"
_HOURS = r"(?P<h{i}>" + _DUR_NUM + r")\s?-?\s?(?:" + _DUR_KIND + r"hours?\b|hours?|hrs?|h)\b"
_MINUTES = r"(?P<m{i}>" + _DUR_NUM + r")\s?-?\s?(?:" + _DUR_KIND + r"minutes?\b|minutes?|mins?|m)\b"


def _part(unit: str, i: int) -> str:
    return unit.replace("{i}", str(i))


#: A duration with strictly smaller units after larger ones ("6 days, 18 hours", "3h 20m").
#: The lookahead is what every branch starts with (a number, then a unit's d, h or m): a
#: position is rejected after reading its number once, not once per branch (three times faster).
_DURATION = anchored(
    re.compile(
        rf"{_B}(?=(?:{_DUR_NUM})\s?-?\s?{_DUR_KIND}?[dhm])"
        rf"(?:{_part(_DAYS, 1)}(?:{_DUR_SEP}{_part(_HOURS, 1)})?(?:{_DUR_SEP}{_part(_MINUTES, 1)})?"
        rf"|{_part(_HOURS, 2)}(?:{_DUR_SEP}{_part(_MINUTES, 2)})?|{_part(_MINUTES, 3)})"
        rf"(?P<fraction>{_AND_FRACTION})?",
        re.I,
    )
)
_DUR_WORDS = anchored(
    re.compile(
        r"\b(?:half\s+an\s+hour|half-hour|half\s+hour|an\s+hour\s+and\s+a\s+half|a\s+quarter\s+of\s+an\s+hour|"
        r"quarter\s+of\s+an\s+hour|an\s+hour|a\s+day|three\s+quarters\s+of\s+an\s+hour)\b",
        re.I,
    )
)
#: "8 of your 9 working hours": a share of a duration states both as durations in its unit.
_DURATION_SHARE = anchored(
    re.compile(
        rf"{_B}(?P<a>{NUM})\s(?:of|out of)\s(?:the\s|your\s|my\s|our\s|their\s)?(?P<b>{NUM})\s"
        r"(?:(?:working|work|business|office|free|available|scheduled|meeting)\s)?"
        r"(?P<u>days?|hours?|hrs?|minutes?|mins?)\b",
        re.I,
    )
)
_UNIT_MINUTES = {"d": 1440.0, "h": 60.0, "m": 1.0}
_MERIDIEM = r"(?P<m{i}>a\.?\s?m\.?|p\.?\s?m\.?|am|pm)"
#: An hour in words ("ten a.m.", "ten o'clock").
_HOUR_WORDS = {
    w: n for w, n in NUMBER_WORDS.items() if 1 <= n <= 12 and " " not in w and "dozen" not in w
}
_HOUR_WORD = "|".join(sorted(_HOUR_WORDS, key=len, reverse=True))
_TIME_12 = (
    rf"(?P<h{{i}}>1[0-2]|0?[1-9]|{_HOUR_WORD})(?::(?P<mi{{i}}>[0-5]\d))?\s?{_MERIDIEM}(?![a-z])"
)
_TIME_24 = r"(?P<H{i}>[01]?\d|2[0-3])[:h.](?P<MI{i}>[0-5]\d)(?!\d)"
_TIME_WORD = r"(?P<w{i}>(?:12(?::00)?\s+)?noon|midday|midnight)"


def _time_pattern(i: int) -> str:
    return (
        "(?:" + "|".join(p.replace("{i}", str(i)) for p in (_TIME_12, _TIME_24, _TIME_WORD)) + ")"
    )


_TIME = anchored(re.compile(rf"{_B}{_time_pattern(0)}(?:\s?o'clock)?", re.I))
#: A bare hour after a word of time ("leave at 11", "until 5") or before "o'clock": either half of the
#: day; not a number of things ("tied at 5 emails each", "from 3 people").
_COUNTED = (
    r"each|apiece|per|of|emails?|e-mails?|messages?|mails?|people|persons?|senders?|threads?|"
    r"conversations?|replies|meetings?|events?|items?|times?|days?|hours?|minutes?|members?"
)
_BARE_HOUR = anchored(
    re.compile(
        r"\b(?:at|until|till|before|after|around|from)\s+(?P<h>1[0-2]|0?[1-9])"
        rf"(?![\w:%/']|[.,]\d|\s*(?:-|to)\s*\d|\s+(?:{_COUNTED})\b)"
        rf"|\b(?P<o>1[0-2]|0?[1-9]|{_HOUR_WORD})\s?o'clock\b",
        re.I,
    )
)
_TIME_RANGE = anchored(
    re.compile(
        rf"(?:\bfrom\s+|\bbetween\s+)?{_B}(?:{_time_pattern(0)}|(?P<bare0>1[0-2]|0?[1-9]))"
        rf"[ \t]*(?:-|to|until|till|through|and)[ \t]*{_time_pattern(1)}",
        re.I,
    )
)
#: "from 2 until 5", "between 2 and 4": a range of two bare hours after "from" or "between",
#: each in either half of the day (not "from 3 to 5 people").
_BARE_RANGE = anchored(
    re.compile(
        r"\b(?:from|between)\s+(?P<a>1[0-2]|0?[1-9])[ \t]*(?:-|to|until|till|through|and)[ \t]*"
        rf"(?P<b>1[0-2]|0?[1-9])(?![\w:%/']|[.,]\d|\s+(?:{_COUNTED})\b)",
        re.I,
    )
)
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_WEEKDAY = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
#: "10/12" (a date) or "2/3" (a share: "2/3 steps done"); see _slash_ratio.
_SLASH_DATE = anchored(
    re.compile(
        rf"(?:\b(?P<wd>{_WEEKDAY})\.?,?\s+)?(?<![\d/])(?P<a>\d{{1,2}})/(?P<b>\d{{1,2}})(?:/(?P<y>\d{{2,4}}))?(?![\d/])",
        re.I,
    )
)
_DATE_PATTERNS = (
    re.compile(r"(?<!\d)(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})(?!\d)"),
    re.compile(
        rf"\b(?:(?P<wd>{_WEEKDAY})\.?,?\s+)?(?P<mon>{_MONTH})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(?P<y>\d{{4}}))?",
        re.I,
    ),
    re.compile(
        rf"\b(?:(?P<wd>{_WEEKDAY})\.?,?\s+)?(?:the\s+)?(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{_MONTH})\b\.?(?:,?\s+(?P<y>\d{{4}}))?",
        re.I,
    ),
    _SLASH_DATE,
    re.compile(
        rf"\b(?P<rel>(?i:today|tomorrow|yesterday|tonight|(?:this|next|last|coming)\s+(?:{_WEEKDAY}))|"
        rf"(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
        r"(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun))\b\.?"
    ),
)
_ORDINAL_DAY = anchored(re.compile(r"\bthe\s+(?P<d>\d{1,2})(?:st|nd|rd|th)\b", re.I))
_ID_LIKE = anchored(
    re.compile(r"\b[a-z]+[-_]\d+\b|\b[a-z]+\d+[a-z\d]*\b|\b\d+[a-z]+\d*[a-z]*\b", re.I)
)
_NUMBER = anchored(re.compile(rf"{_B}(?P<n>{DIGITS}|{WORDNUM}){_E}", re.I))
#: Each recognizer scans with a lookahead for the characters its matches can start with
#: (scan.py, `anchored`): the same matches, without trying every alternative at every position.
_DATE_PATTERNS = tuple(p if p is _SLASH_DATE else anchored(p) for p in _DATE_PATTERNS)


def _minutes_of(match: re.Match[str], i: int) -> tuple[set[int], float] | None:
    """Candidate minutes-since-midnight of time group `i`, and its precision in minutes."""
    groups = match.groupdict()
    if groups.get(f"w{i}"):
        word = groups[f"w{i}"].casefold()
        return ({0} if "midnight" in word else {12 * 60}), 1.0
    if groups.get(f"h{i}"):
        hour = _hour(groups[f"h{i}"]) % 12
        minute = int(groups.get(f"mi{i}") or 0)
        if groups[f"m{i}"].casefold().startswith("p"):
            hour += 12
        return {hour * 60 + minute}, 1.0 if groups.get(f"mi{i}") else 60.0
    if groups.get(f"H{i}") is not None:
        hour, minute = int(groups[f"H{i}"]), int(groups[f"MI{i}"])
        readings = {hour * 60 + minute}
        if 1 <= hour <= 11:
            readings.add((hour + 12) * 60 + minute)  # "2:00" in a working day may be 2 PM
        return readings, 1.0
    return None


def _hour(written: str) -> int:
    """An hour written in digits or in words ("10", "ten")."""
    return _HOUR_WORDS.get(written.casefold()) or int(written)


def _duration_minutes(match: re.Match[str]) -> tuple[float, float] | None:
    """Minutes of a duration match, and the precision of its last written part."""
    total, precision = 0.0, 1.0
    groups = match.groupdict()
    for unit, scale in (("d", 1440.0), ("h", 60.0), ("m", 1.0)):
        number = next((groups[f"{unit}{i}"] for i in (1, 2, 3) if groups.get(f"{unit}{i}")), None)
        if number is None:
            continue
        word, share, step_share = _and_fraction(number)
        if word in ("a", "an"):
            value, step = 1.0, 1.0
        elif word in ("a half", "half a", "half an"):
            value, step = 0.5, 0.5
        else:
            parsed = parse_number(word)
            if parsed is None:
                return None
            value, step = parsed
        if share:
            value, step = value + share, step_share
        total += value * scale
        precision = step * scale
    if match.group("fraction"):  # "3 hours and a half": a share of the last unit written
        _, share, step_share = _and_fraction("0" + match.group("fraction"))
        total += precision * share
        precision *= step_share
    return total, precision


def _and_fraction(number: str) -> tuple[str, float, float]:
    """A number of units split from its "and a third" ("eighteen-and-a-third"): the number,
    the fraction (0 when none) and the precision it was written to (a third, a quarter)."""
    words = " ".join(re.split(r"[\s-]+", number.casefold().strip()))
    head, sep, tail = words.partition(" and ")
    if not sep or tail not in FRACTION_WORDS:
        return " ".join(number.casefold().split()), 0.0, 1.0
    share = FRACTION_WORDS[tail]
    return head, share, 1 / Fraction(share).limit_denominator(12).denominator


_DURATION_WORD_MINUTES = {
    "half an hour": 30.0,
    "half-hour": 30.0,
    "half hour": 30.0,
    "an hour and a half": 90.0,
    "a quarter of an hour": 15.0,
    "quarter of an hour": 15.0,
    "three quarters of an hour": 45.0,
    "an hour": 60.0,
    "a day": 1440.0,
}


def _dates(match: re.Match[str], today: date) -> set[date]:
    groups = match.groupdict()
    year = groups.get("y")
    years = [int(year) if len(year) == 4 else 2000 + int(year)] if year else [today.year]
    found: set[date] = set()
    if groups.get("rel"):
        word = " ".join(groups["rel"].casefold().split())
        if word in ("today", "tonight"):
            return {today}
        if word == "tomorrow":
            return {today + timedelta(days=1)}
        if word == "yesterday":
            return {today - timedelta(days=1)}
        *qualifier, day_name = word.split()
        weekday = WEEKDAYS[day_name]
        offsets = range(-7, 8)
        if qualifier == ["last"]:
            offsets = range(-13, 0)
        elif qualifier in (["next"], ["coming"]):
            offsets = range(1, 14)
        elif qualifier == ["this"]:
            offsets = range(-6, 7)
        return {
            today + timedelta(days=o)
            for o in offsets
            if (today + timedelta(days=o)).weekday() == weekday
        }
    if groups.get("mon"):
        month, day = MONTHS[groups["mon"].casefold()], int(groups["d"])
        pairs = [(month, day)]
    elif groups.get("a"):
        a, b = int(groups["a"]), int(groups["b"])
        pairs = [(a, b), (b, a)]  # US month/day, or day/month
    else:
        pairs = [(int(groups["mo"]), int(groups["d"]))]
    for y in years:
        for month, day in pairs:
            try:
                found.add(
                    date(y, month, day) if year else _this_side_of_new_year(month, day, today)
                )
            except ValueError:
                continue
    weekday = groups.get("wd")
    if weekday and found:
        agreeing = {d for d in found if d.weekday() == WEEKDAYS[weekday.casefold()]}
        found = agreeing or found
    return found


def _this_side_of_new_year(month: int, day: int, today: date) -> date:
    """A date written without a year: this year's, unless it is over 300 days away and the
    neighbouring year's is near ('December 8' read on 5 January is last month's)."""
    this = date(today.year, month, day)
    if abs((this - today).days) <= 300:
        return this
    for other in (today.year - 1, today.year + 1):
        try:
            near = date(other, month, day)
        except ValueError:  # 29 February
            continue
        if abs((near - today).days) <= 65:
            return near
    return this


#: Words that make a following "a/b" a date only ("due 10/12", "as of 9/30").
_DATE_LEAD = re.compile(
    r"\b(?:due|on|by|since|until|till|before|after|from|dated|of|through|thru|week|"
    r"starting|ending)\W*$",
    re.I,
)


def _slash_ratio(match: re.Match[str], text: str, is_date: bool) -> tuple[float, float] | None:
    """A bare "a/b" (no weekday, no year, a <= b) may be a share ("2/3" steps done) as well as a
    date. It is a ratio outright when it cannot be a date ("0/2"); a valid date also states a
    share only when small ("2/3", "3/10": denominator at most 12, a month's number) and not led
    by a date word ("due 10/12"). The share states a percent it equals, never contradicts one."""
    if match.group("wd") or match.group("y"):
        return None
    top, bottom = int(match.group("a")), int(match.group("b"))
    if not (0 <= top <= bottom and bottom > 0):
        return None
    if is_date and (
        bottom > 12 or _DATE_LEAD.search(text[max(0, match.start() - 16) : match.start()])
    ):
        return None
    return float(top), float(bottom)


class TooManyValues(Exception):
    """`find_values` found more values than its `limit` (and stopped there)."""


def find_values(
    text: str, today: date, masked: list[tuple[int, int]] = (), limit: int | None = None
) -> list[ValueMention]:
    """Every value written in `text` (already normalised), outside the `masked` spans; with
    `limit`, raises TooManyValues as soon as it finds more (the claims reader's density cap:
    each value costs its recognition and every binding after it)."""
    taken = bytearray(len(text) + 1)  # 1 where a character is already part of a value or mask
    found: list[ValueMention] = []

    def take(start: int, end: int) -> None:
        end = min(end, len(text))
        if end > start:
            taken[start:end] = b"\x01" * (end - start)

    def free(start: int, end: int) -> bool:
        return taken.find(1, start, end) < 0

    def add(mention: ValueMention) -> None:
        found.append(mention)
        take(mention.start, mention.end)
        if limit is not None and len(found) > limit:
            raise TooManyValues(limit)

    for start, end in masked:
        take(start, end)

    for match in _PHONE.finditer(text):
        if free(*match.span()):
            start, end = _with_stray_digits(text, *match.span())
            digits = re.sub(r"\D", "", text[start:end])
            if len(digits) == 11 and digits[0] == "1":
                digits = digits[1:]  # the country code
            add(ValueMention("phone", (digits,), start, end, 0.0))
    for match in _MONEY.finditer(text):
        if not free(*match.span()):
            continue
        number = match.group("n") or match.group("n2")
        scale_word = (match.group("s") or match.group("s2") or "").casefold()
        parsed = parse_number(number)
        if parsed is None:
            continue
        value, step = parsed
        scale = SCALE_WORDS.get(scale_word, 1.0)
        add(
            ValueMention(
                "money",
                (value * scale,),
                *match.span(),
                step * scale,
                _qualifier(text, match.start()),
            )
        )
    if found:  # the answer writes money: its other amounts in millions are money too
        for match in _BARE_MONEY.finditer(text):
            word = match.group("s") or match.group("c")
            if not free(*match.span()) or (match.group("c") and word not in ("M", "MM", "bn")):
                continue
            parsed = parse_number(match.group("n"))
            if parsed is None:
                continue
            value, step = parsed
            scale = SCALE_WORDS[word.casefold()]
            qualifier = _qualifier(text, match.start())
            add(ValueMention("money", (value * scale,), *match.span(), step * scale, qualifier))
    for match in _SIZE.finditer(text):
        if not free(*match.span()):
            continue
        parsed = parse_number(match.group("n"))
        if parsed is None:
            continue
        value, step = parsed
        units = _SIZE_UNITS[match.group("u").casefold()]
        add(
            ValueMention(
                "size",
                tuple(sorted({value * u for u in units})),
                *match.span(),
                step * units[0],
                _qualifier(text, match.start()),
            )
        )
    for match in _PERCENT.finditer(text):
        if not free(*match.span()):
            continue
        parsed = parse_number(match.group("n"))
        if parsed is None:
            continue
        value, step = parsed
        add(ValueMention("percent", (value,), *match.span(), step, _qualifier(text, match.start())))
    for match in _DURATION_SHARE.finditer(text):
        if not free(*match.span()):
            continue
        scale = _UNIT_MINUTES[match.group("u")[0].casefold()]
        part, whole = parse_number(match.group("a")), parse_number(match.group("b"))
        if part is None or whole is None or part[0] > whole[0]:
            continue
        qualifier = _qualifier(text, match.start())  # "more than 8 of your 9 hours"
        for number, (start, end), bound in (
            (part, match.span("a"), qualifier),
            (whole, (match.start("b"), match.end()), None),
        ):
            add(
                ValueMention("duration", (number[0] * scale,), start, end, number[1] * scale, bound)
            )
    for match in _DUR_WORDS.finditer(text):
        if free(*match.span()):
            minutes = _DURATION_WORD_MINUTES[" ".join(match.group().casefold().split())]
            qualifier = _qualifier(text, match.start())  # "more than half an hour"
            add(ValueMention("duration", (minutes,), *match.span(), 1.0, qualifier))
    for match in _DURATION.finditer(text):
        if not free(*match.span()):
            continue
        parsed = _duration_minutes(match)
        if parsed is None:
            continue
        minutes, step = parsed
        add(
            ValueMention(
                "duration", (minutes,), *match.span(), step, _qualifier(text, match.start())
            )
        )
    for match in _TIME_RANGE.finditer(text):
        if not free(*match.span()):
            continue
        end = _minutes_of(match, 1)
        if end is None:
            continue
        start = _minutes_of(match, 0)
        if start is None:  # "8 to 10 AM": the bare start takes the end's half of the day
            hour = int(match.group("bare0")) % 12
            start = ({hour * 60, (hour + 12) * 60}, 60.0)
        starts = {s for s in start[0] if any(s < e for e in end[0])} or start[0]
        add(ValueMention("time-range", (frozenset(starts), frozenset(end[0])), *match.span()))
    for match in _BARE_RANGE.finditer(text):
        if free(*match.span()):
            first, last = (int(match.group(g)) % 12 for g in "ab")
            ends = frozenset({last * 60, (last + 12) * 60})
            starts = frozenset(s for s in (first * 60, (first + 12) * 60) if s < max(ends))
            add(ValueMention("time-range", (starts, ends), *match.span()))
    for match in _TIME.finditer(text):
        if not free(*match.span()):
            continue
        reading = _minutes_of(match, 0)
        if reading is not None:
            add(ValueMention("time", tuple(sorted(reading[0])), *match.span(), reading[1]))
    for match in _BARE_HOUR.finditer(text):
        group = "h" if match.group("h") else "o"
        span = match.span(group)
        if free(*span):
            hour = _hour(match.group(group)) % 12
            add(ValueMention("time", (hour * 60, (hour + 12) * 60), span[0], match.end(), 60.0))
    for pattern in _DATE_PATTERNS:
        for match in pattern.finditer(text):
            if not free(*match.span()):
                continue
            dates = _dates(match, today)
            ratio = _slash_ratio(match, text, bool(dates)) if pattern is _SLASH_DATE else None
            qualifier = _qualifier(text, match.start()) if ratio is not None else None
            if dates:
                if qualifier == "bound":  # "more than 2/3" states no share; "before 10/12" a date
                    ratio = None
                add(ValueMention("date", tuple(sorted(dates)), *match.span(), 1.0, ratio=ratio))
            elif ratio is not None:
                share = (100.0 * ratio[0] / ratio[1],)
                add(ValueMention("ratio", share, *match.span(), 0.0, qualifier, ratio=ratio))
    for match in _RATIO.finditer(text):
        if not free(*match.span()):
            continue
        top, bottom = parse_number(match.group("a")), parse_number(match.group("b"))
        if top is None or bottom is None or bottom[0] == 0 or top[0] > bottom[0]:
            continue
        add(
            ValueMention(
                "ratio",
                (100.0 * top[0] / bottom[0],),
                *match.span(),
                0.0,
                _qualifier(text, match.start()),
                ratio=(top[0], bottom[0]),
            )
        )
    for match in _FRACTION_WORDS.finditer(text):
        if free(*match.span()):
            share = FRACTION_WORDS[" ".join(match.group("f").casefold().split())]
            qualifier = _qualifier(text, match.start())  # "just under half" is a bound
            add(ValueMention("ratio", (100.0 * share,), *match.span(), 0.0, qualifier))
    for match in _ID_LIKE.finditer(text):
        take(*match.span())
    for match in _ORDINAL_DAY.finditer(text):
        if free(*match.span()):
            day = int(match.group("d"))
            dates = set()
            for months_ahead in (0, 1):
                month = (today.month - 1 + months_ahead) % 12 + 1
                year = today.year + (today.month - 1 + months_ahead) // 12
                try:
                    dates.add(date(year, month, day))
                except ValueError:
                    continue
            if dates:
                add(ValueMention("date", tuple(sorted(dates)), *match.span(), 1.0))
    for match in _NUMBER.finditer(text):
        if not free(*match.span()):
            continue
        parsed = parse_number(match.group("n"))
        if parsed is None:
            continue
        value, step = parsed
        add(ValueMention("number", (value,), *match.span(), step, _qualifier(text, match.start())))
    found = _join_table_ranges(text, sorted(found, key=lambda m: m.start))
    found = _mark_rates(text, _mark_differences(text, found))
    marked = _mark_table_totals(text, _mark_breakdowns(text, _mark_alternatives(text, found)))
    return _mark_corrections(text, _mark_subset_shares(text, marked))


_FAMILY = {"count": "number", "ratio": "percent"}
#: After the second of two dashed numbers, these make it a total, not the end of a range.
_TOTAL_AFTER = re.compile(
    r"\s*(?:\w+\s+)?(?:in total|in all|total|overall|altogether|all told)\b", re.I
)


#: Words that make a parenthesis after a value its total, not its parts ("2 sent (5 in all)").
_TOTAL_WORDS = re.compile(r"\b(?:total|in all|overall|altogether|all told|combined|sum)\b", re.I)


#: Column headers of a table's time ranges: where each row's block starts, where it ends.
_RANGE_START_COLUMNS = frozenset({"from", "start", "starts", "begins", "start time"})
_RANGE_END_COLUMNS = frozenset({"to", "end", "ends", "until", "till", "end time"})


def _join_table_ranges(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """In a table with a "From" and a "To" column (or "Start" and "End"), a row's time in each
    is one time range ("| Free | 8am | 1pm | five hours |" states 8:00-13:00), in whichever
    order the columns stand."""
    joined: dict[int, ValueMention | None] = {}  # index in found -> its range (or None: merged)
    offset, columns = 0, None
    for line in text.split("\n"):
        start, offset = offset, offset + len(line) + 1
        if not line.lstrip().startswith("|"):
            columns = None
            continue
        cells = list(pairwise(start + i for i, c in enumerate(line) if c == "|"))
        if columns is None:
            names = [re.sub(r"[\s*_`]+", " ", text[a + 1 : b]).strip().casefold() for a, b in cells]
            first = next((k for k, n in enumerate(names) if n in _RANGE_START_COLUMNS), None)
            last = next((k for k, n in enumerate(names) if n in _RANGE_END_COLUMNS), None)
            columns = (first, last) if first is not None and last is not None else ()
            continue
        if not columns or max(columns) >= len(cells):
            continue
        times = []
        for a, b in (cells[columns[0]], cells[columns[1]]):
            inside = [j for j, m in enumerate(found) if a < m.start and m.end <= b]
            if len(inside) != 1 or found[inside[0]].kind != "time":
                break
            times.append(inside[0])
        if len(times) != 2:
            continue
        begin, end = found[times[0]], found[times[1]]
        starts = {v for v in begin.values if any(v < e for e in end.values)} or set(begin.values)
        span = min(begin.start, end.start), max(begin.end, end.end)
        joined[times[0]] = ValueMention(
            "time-range", (frozenset(starts), frozenset(end.values)), *span
        )
        joined[times[1]] = None
    if not joined:
        return found
    merged = [joined.get(j, m) for j, m in enumerate(found)]
    return sorted((m for m in merged if m is not None), key=lambda m: m.start)


#: Kinds a difference may be written in ("by 90 KB", "3 fewer", "$300 million lower").
_DIFFERENCE_KINDS = frozenset({"number", "money", "size", "duration", "percent"})
#: "by" (and an estimate word) right before a value.
_BY = re.compile(
    r"\bby\s+(?:(?:about|around|roughly|approximately|some|nearly|almost|just|only|another)\s+)*~?$",
    re.I,
)
#: "down"/"up" right before a value ("down 236"), searched for in the last word before it.
_DOWN_UP = re.compile(r"\b(?:down|up)\s+$", re.I)
_COMPARATIVE_AFTER = re.compile(rf"\s*(?:(?:{'|'.join(COMPARATIVES)})\b|more\s+than\b)", re.I)


def _mark_differences(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """Values that state a difference between two things, not a value of either: after "by" in
    a sentence comparing ("It beats the runner-up by about 90 KB", "exceeded the limit by $6
    million", "down by 3"), right after "down"/"up" ("down 236"), or before a comparative ("3
    fewer", "$300 million lower", "90 KB bigger than the runner-up")."""
    marked = list(found)
    for i, mention in enumerate(found):
        if mention.kind not in _DIFFERENCE_KINDS:
            continue
        window = text[max(0, mention.start - 200) : mention.start]
        start = max(window.rfind(c) for c in ("\n", ". ", "! ", "? ", "; ")) + 1
        before = window[start:]
        # _BY's "by" is the window's last one (its estimate words hold none): matched there, not
        # searched for at every position (a search per value was most of a dense answer's grade)
        last_by = max(before.rfind(spelling) for spelling in ("by", "By", "bY", "BY"))
        by = _BY.match(before, last_by) if last_by >= 0 else None
        words = re.findall(r"[a-z]+", before[: by.start()].casefold()) if by else []
        if (
            (by and (COMPARISON_VERBS.intersection(words) or words[-1:] in (["up"], ["down"])))
            or _DOWN_UP.search(before, max(0, len(before.rstrip()) - 5))
            or _COMPARATIVE_AFTER.match(text, mention.end)
        ):
            marked[i] = replace(mention, difference=True)
    return marked


_PER = re.compile(r"[ \t]+per[ \t]+[a-z]", re.I)
_TO_NEXT = re.compile(r"[ \t]+(?:to|and|->|\u2192)[ \t]+", re.I)


def _mark_rates(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """Values written as rates: right before "per ..." ("$671,000 per transaction"), and the
    value a "from A to B per ..." runs from (A is a rate of the same thing)."""
    marked = list(found)
    for i in range(len(found) - 1, -1, -1):
        mention = found[i]
        if _PER.match(text, mention.end):
            marked[i] = replace(mention, rate=True)
        elif i + 1 < len(found) and marked[i + 1].rate:
            gap = _TO_NEXT.match(text, mention.end)
            if gap and gap.end() == found[i + 1].start and found[i + 1].kind == mention.kind:
                marked[i] = replace(mention, rate=True)
    return marked


#: A dash after a value, opening the list of its parts ("Events: 7 - 6 on Calendar, 1 on ...").
_DASH_AFTER = re.compile(r"[ \t]+-[ \t]+")
#: Between two parts of a dashed breakdown: their labels, then a comma or "and".
_PART_GAP = re.compile(r"[^\n.;:()]*?(?:,|\band\b)[ \t]*(?:and[ \t]+)?", re.I)


def _dash_parts(text: str, found: list[ValueMention], i: int) -> list[int]:
    """Indexes of the values a dash after value `i` breaks it down into ("7 - 6 on Calendar, 1
    on Project Deadlines, 0 on US Holidays"): two or more counts of its family listed after the
    dash in its clause, that add up to it. A dash between two numbers otherwise writes a range
    ("5 - 7 emails"); the sum is what tells a total and its parts from one (both are folded to
    the same dash)."""
    outer = found[i]
    dash = _DASH_AFTER.match(text, outer.end)
    if outer.kind != "number" or dash is None:
        return []
    parts, at = [], dash.end()
    for j in range(i + 1, len(found)):
        if found[j].start != at and not (parts and _PART_GAP.fullmatch(text, at, found[j].start)):
            break
        if found[j].kind != "number":
            break
        parts.append(j)
        at = found[j].end
    total = sum(found[j].values[0] for j in parts)
    return parts if len(parts) >= 2 and math.isclose(total, outer.values[0]) else []


def _mark_breakdowns(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """Values in a parenthesis right after a value of their family ("Dynegy: 5 (3 received, 2
    sent)") are that value's parts, not more values of its subject: two or more of them, and
    no word making the parenthesis a total. So are the counts a dash after a count lists, when
    they add up to it ("Events: 7 - 6 on Calendar, 1 on Project Deadlines"). A part may still
    state another subject's value ("3 unread (2 from Louise, 1 from Sally)")."""
    marked = list(found)
    for i, outer in enumerate(found):
        for j in _dash_parts(text, found, i):
            marked[j] = replace(marked[j], part_of=outer.start)
        opening = re.match(r"[ \t]*(?:[a-z]+[ \t]+)?\(", text[outer.end : outer.end + 20], re.I)
        if not opening:
            continue
        start = outer.end + opening.end()
        close = text.find(")", start)
        if close < 0 or "(" in text[start:close] or "\n" in text[start:close]:
            continue
        family = _FAMILY.get(outer.kind, outer.kind)
        inside = [
            j
            for j in range(i + 1, len(found))
            if found[j].start >= start
            and found[j].end <= close
            and _FAMILY.get(found[j].kind, found[j].kind) == family
        ]
        if len(inside) >= 2 and not _TOTAL_WORDS.search(text, start, close):
            for j in inside:
                marked[j] = replace(marked[j], part_of=outer.start)
    return marked


#: Right before a total word, words that make the total the whole of a share ("Unread /
#: total", "% of total"): the column gives a share, not a sum.
_SHARE_OF = re.compile(r"(?:/|\bof|\bout\s+of|\bper)[\s*_]*$", re.I)
_OF_THE = re.compile(r"\s(?:of|out of|in)\s+the\s", re.I)


def _mark_subset_shares(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """A share of "the N" after a share whose part is N ("4 of 7 cards are high or urgent ...
    None of the 4 is finished yet") is a share of that part, a measure of its own: a part of
    the earlier share, not a second share of its whole."""
    marked = list(found)
    parts: dict[float, int] = {}  # the part of each share written so far -> where it starts
    for i, mention in enumerate(found):
        if mention.kind != "ratio" or mention.ratio is None:
            continue
        top, bottom = mention.ratio
        between = text[mention.start : mention.end]
        if bottom in parts and _OF_THE.search(between):
            marked[i] = replace(mention, part_of=parts[bottom])
        if top < bottom:
            parts.setdefault(top, mention.start)
    return marked


def _mark_table_totals(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """In a table with a "Total" column, a row's other values of the total's family are its
    parts ("| Dynegy | three | two | **five** |": three and two are parts of five), when there
    are two or more of them: a single one is a measure of its own beside the total ("| Inbox |
    16 | 41 |" under "| Folder | Unread | Total messages |": 16 of the 41 are unread). Not under
    a share of the total ("| Unread / total |", "four of five"): the row's other values there
    are more values of its subject ("| four of five | 80% |")."""
    marked = list(found)
    offset, header_total, in_table = 0, None, False
    for line in text.split("\n"):
        start, offset = offset, offset + len(line) + 1
        if not line.lstrip().startswith("|"):
            in_table, header_total = False, None
            continue
        bars = [start + i for i, c in enumerate(line) if c == "|"]
        cells = list(pairwise(bars))
        if not in_table:
            in_table = True
            header_total = next(
                (
                    k
                    for k, (a, b) in enumerate(cells)
                    if (total := _TOTAL_WORDS.search(text, a, b))
                    and not _SHARE_OF.search(text, a, total.start())
                ),
                None,
            )
            continue
        if header_total is None or header_total >= len(cells) or re.fullmatch(r"[\s|:-]*", line):
            continue
        a, b = cells[header_total]
        inside = [j for j, m in enumerate(found) if a < m.start and m.end <= b]
        if not inside:
            continue
        whole = found[inside[0]]
        if whole.kind == "ratio":  # "four of five" is a share, no sum of the row's values
            continue
        family = _FAMILY.get(whole.kind, whole.kind)
        parts = [
            j
            for j, mention in enumerate(found)
            if j not in inside
            and start <= mention.start < offset
            and _FAMILY.get(mention.kind, mention.kind) == family
        ]
        for j in parts if len(parts) >= 2 else ():
            marked[j] = replace(marked[j], part_of=whole.start)
    return marked


#: Words that replace what was written before ("Thursday at 14:00. Actually, make that 15:00").
_CORRECTION = re.compile(
    r"\b(?:make\s+(?:that|it)|correction|i\s+mean[t]?|change\s+(?:that|it)\s+to|scratch\s+that"
    r"|on\s+second\s+thought|let\s+me\s+correct)\b",
    re.I,
)
#: Kinds that correct one another (a time corrects the start of a time range).
_CORRECTS = {"time-range": "time", "count": "number", "ratio": "percent"}


def _mark_corrections(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """A value given as a correction ("Actually, make that Friday at 15:00") withdraws every
    value of its kind written before it: those are "corrected", no longer stated. Linear: the
    sentence breaks and the correction words are found once, not searched for per value."""
    breaks = [i for i, char in enumerate(text) if char in ".!?\n"]
    words = _Corrections(text)
    last: dict[str, int] = {}  # family -> index of its last value given as a correction
    for i, later in enumerate(found):
        sentence_start = breaks[k - 1] + 1 if (k := bisect.bisect_left(breaks, later.start)) else 0
        if words.between(sentence_start, later.start):
            last[_CORRECTS.get(later.kind, later.kind)] = i
    marked = list(found)
    for j, mention in enumerate(found):
        if j < last.get(_CORRECTS.get(mention.kind, mention.kind), -1):
            marked[j] = replace(mention, qualifier="corrected")
    return marked


class _Corrections:
    """Where the correction words of a text are: `between(start, end)` is
    `bool(_CORRECTION.search(text, start, end))`, answered from one scan of the whole text
    (the scan itself where a match crosses `start` or `end`, or a word runs into `end`)."""

    def __init__(self, text: str) -> None:
        self.text = text
        spans = [m.span() for m in _CORRECTION.finditer(text)]
        self.starts = [a for a, _ in spans]
        self.ends = [b for _, b in spans]

    def between(self, start: int, end: int) -> bool:
        starts, ends, text = self.starts, self.ends, self.text
        first = bisect.bisect_left(starts, start)  # the first match starting in the window
        if first < len(starts) and ends[first] <= end:
            return True
        crosses_start = first > 0 and ends[first - 1] > start
        crosses_end = first < len(starts) and starts[first] < end < ends[first]
        glued = 0 < end < len(text) and (text[end - 1].isalnum() or text[end - 1] == "_")
        if crosses_start or crosses_end or glued:
            return bool(_CORRECTION.search(text, start, end))
        return False


#: After a bare number, what makes it an hour offered with a time: its clause's end, a
#: preposition, or a half of the day ("or maybe 11 in EB 2801", "or 11 am").
_BARE_HOUR_END = re.compile(
    r"\s*(?:[.,;:!?)\n]|$|(?:in|at|on|for|with|am|pm|a\.m|p\.m|o'clock|sharp)\b)", re.I
)


def _mark_alternatives(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """Values offered as alternatives ("5 or 7", "80% or 75%", "5-7 emails", "at 10, or maybe
    at 11", a time and a bare hour) state neither."""
    marked = list(found)
    for i in range(len(marked) - 1):
        a, b = marked[i], marked[i + 1]
        bare_hour = (  # "at 10, or maybe 11": the other hour, said without its minutes
            a.kind == "time"
            and b.kind == "number"
            and all(float(v).is_integer() and 0 <= v <= 24 for v in b.values)
            and _BARE_HOUR_END.match(text, b.end) is not None
        )  # (no noun after it: "or 2 people" counts people)
        if _FAMILY.get(a.kind, a.kind) != _FAMILY.get(b.kind, b.kind) and not bare_hour:
            continue
        between = text[a.end : b.start]
        small_range = (
            a.kind == "number"
            and not b.difference  # "14 vs. 11 - 3 fewer": a difference after a dash is no range
            and not _dash_parts(text, found, i)  # "7 - 6 on Calendar, 1 on ...": its parts
            and re.fullmatch(r"\s*[-–]\s*", between)
            and not _TOTAL_AFTER.match(text, b.end)  # "three – nineteen in total": an aside
            and all(v < 1000 for v in (*a.values, *b.values))
        )
        if (
            re.fullmatch(
                r"\s*,?\s*(?:or|either)\s+(?:maybe\s+|perhaps\s+|possibly\s+)?(?:at\s+|by\s+)?",
                between,
                re.I,
            )
            or small_range
        ):
            marked[i] = replace(a, qualifier="alternative")
            marked[i + 1] = replace(b, qualifier="alternative")
    return marked


# --- matching ----------------------------------------------------------------------------

#: Kinds whose written value may also deviate by this share of the true value (beyond rounding).
RELATIVE_CAP = {"money": 0.02, "duration": 0.02, "size": 0.05}


def _rounds_to(written: float, true: float, precision: float) -> bool:
    """`written` is `true` rounded or truncated to the writer's precision."""
    if precision <= 0:
        return math.isclose(written, true, rel_tol=1e-9, abs_tol=1e-9)
    if abs(written - true) <= precision / 2 + 1e-9:
        return True
    truncated = math.floor(abs(true) / precision + 1e-9) * precision
    return math.isclose(abs(written), truncated, rel_tol=1e-9, abs_tol=precision * 1e-6)


def value_matches(
    mention: ValueMention, kind: str, expected: object, tolerance: float | None = None
) -> bool:
    """Whether the mention states `expected` (a value of `kind`, in the kind's base unit).

    Numbers match when the writer's figure is the true one rounded (or truncated) to the
    precision written ("66.7%" and "67%" for 2/3); money, durations and sizes may also be
    off by a small share (RELATIVE_CAP: "6.8 days" for 6 days 18 hours 20 minutes), never
    more. A scenario's `tolerance` replaces both rules with an absolute bound.
    """
    if kind in ("date", "time"):
        if mention.kind == kind:
            return expected in mention.values
        return (
            kind == "time"
            and mention.kind == "time-range"
            and (expected in mention.values[0] or expected in mention.values[1])
        )
    if kind == "time-range":
        if mention.kind != "time-range":
            return False
        start, end = expected  # type: ignore[misc]
        return start in mention.values[0] and end in mention.values[1]
    if kind == "phone":
        digits = str(expected)
        return mention.kind == "phone" and any(
            v == digits[-10:] or (len(v) == 7 and digits.endswith(v)) for v in mention.values
        )
    if kind == "count":
        if mention.kind == "ratio" and mention.ratio is not None:
            return float(expected) in mention.ratio  # type: ignore[arg-type]
        return mention.kind == "number" and float(expected) in mention.values  # type: ignore[arg-type]
    target = float(expected)  # type: ignore[arg-type]
    if kind == "percent" and mention.kind == "ratio":
        return any(math.isclose(v, target, abs_tol=0.05) for v in mention.values)
    if kind == "percent" and mention.kind == "date" and mention.ratio is not None:
        top, bottom = mention.ratio
        return math.isclose(100.0 * top / bottom, target, abs_tol=0.05)
    if mention.kind != kind:
        return False
    for written in mention.values:
        if tolerance is not None:
            if abs(written - target) <= tolerance + 1e-9:
                return True
        elif _rounds_to(written, target, mention.precision) and (
            kind not in RELATIVE_CAP
            or abs(written - target) <= RELATIVE_CAP[kind] * abs(target) + 1e-9
        ):
            return True
    return False


def comparable(mention: ValueMention, kind: str) -> bool:
    """Whether the mention states a value of `kind` at all (so it may conflict with the expected one)."""
    if kind == "percent":
        return mention.kind in ("percent", "ratio")
    if kind == "count":
        return mention.kind == "number"
    if kind == "time":
        return mention.kind in ("time", "time-range")
    return mention.kind == kind


def may_state(mention: ValueMention, kind: str) -> bool:
    """Whether the mention may state a value of `kind`: a comparable one; a ratio's numerator or
    denominator for a count ("2 of 2 steps open"); a bare "a/b" read as a date that also reads as
    a share (it states a percent it equals). Neither of the last two contradicts a value."""
    if comparable(mention, kind):
        return True
    if mention.ratio is None:
        return False
    return (kind == "count" and mention.kind == "ratio") or (
        kind == "percent" and mention.kind == "date"
    )
