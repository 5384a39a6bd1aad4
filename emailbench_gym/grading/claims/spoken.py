"""Numbers, times, codes and file names spelled out in words, rewritten as they are written.

An answer may say a value the way it would be read aloud: "ten thirty in the morning",
"from two until five", "seven one three, eight five three, two two two two", "EB
forty-seven C one", "five hundred twelve thousand bytes", "Raptor underscore model
underscore v three dot xls", "October eighteenth", "one million five hundred twelve
thousand". `write_digits` rewrites each such form into its written spelling ("10:30 am",
"from 2 until 5", "713-853-2222", "EB 47C1", "512000 bytes", "Raptor_model_v3.xls",
"October 18th", "1512000") before anything else reads the
text, so every recognizer (values, entity names, phrases) sees one spelling. It runs
inside `normalize`, on answers and on the names and phrases they are compared with alike.

Only composite forms are rewritten: a single number word ("three meetings", "the one
whose comments") stays a word (the value recognizers read those already), and a bare hour
word becomes digits only after a word of time and before the end of its clause ("until
five."), never before a noun ("at one point"). Each rule is one regular expression,
applied in a fixed order (times before digit runs: "at two oh five" is a time, "two oh two,
four six six, ..." a phone number).
"""

from __future__ import annotations

import re

from emailbench_gym.grading.claims.lexicon import (
    MONTHS,
    ORDINAL_WORDS,
    SCALE_WORDS,
    TEEN_WORDS,
    TENS_WORDS,
    UNIT_WORDS,
    WEEKDAYS,
)
from emailbench_gym.grading.claims.scan import anchored

#: The units as said in a digit run or a time ("oh five").
_UNIT = {**UNIT_WORDS, "oh": 0}
#: File extensions a spoken file name ends with ("dot xls").
_EXTENSIONS = (
    "xlsx|xlsm|xls|docx|doc|pptx|ppt|pdf|txt|csv|zip|msg|eml|ics|vcf|png|jpg|jpeg|gif|html|htm|"
    "xml|json|rtf|dat|log"
)


def _alternation(words: object) -> str:
    return "|".join(sorted(words, key=len, reverse=True))  # type: ignore[arg-type]


_U = _alternation(w for w in _UNIT if w not in ("zero", "oh"))
_T = _alternation(TENS_WORDS)
_TEENS = _alternation(TEEN_WORDS)
#: A number below a hundred in words, with its tens and units joined by a space or hyphen.
_BELOW_100 = rf"(?:(?:{_T})(?:[- ](?:{_U}))?|{_TEENS}|{_U})"
_HUNDREDS = rf"(?:(?:a|{_U})[- ]hundred(?:[- ](?:and[- ])?{_BELOW_100})?)"
#: A whole number in words of more than one word ("twenty-five", "five hundred twelve
#: thousand", "a hundred and ten"), and a decimal read digit by digit ("four point two").
_COMPOSITE = (
    rf"(?:(?:{_HUNDREDS}|{_BELOW_100}|a)[- ]thousand(?:[- ](?:and[- ])?(?:{_HUNDREDS}|{_BELOW_100}))?"
    rf"|{_HUNDREDS}|(?:{_T})[- ](?:{_U}))"
)
_NUMBER_WORD = rf"(?:{_COMPOSITE}|{_BELOW_100}|zero)"
_W = r"(?<![\w'.:/-])"  # no word, time, date or decimal character just before
_WE = r"(?![\w'])"

_HOUR = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
#: Minutes read after an hour: "oh five", "fifteen", "forty-five".
_MINUTE = rf"(?:oh[- ](?:{_U})|(?:twenty|thirty|forty|fifty)(?:[- ](?:{_U}))?|{_TEENS})"
#: Nouns after a number that make it a number of things, not a time ("two in the morning" is a
#: time, "two meetings in the morning" is not; "half past ten people" is nothing).
_COUNTED = r"minutes?|mins?|hours?|days?|people|persons?|times?|meetings?|emails?|messages?|items?"
#: What a clock time is said with: a half of the day, kept when it also names a day.
_PERIODS = {
    "in the morning": ("am", ""),
    "in the afternoon": ("pm", ""),
    "in the evening": ("pm", ""),
    "at night": ("pm", ""),
    "this morning": ("am", " this morning"),
    "tomorrow morning": ("am", " tomorrow morning"),
    "this afternoon": ("pm", " this afternoon"),
    "tomorrow afternoon": ("pm", " tomorrow afternoon"),
    "this evening": ("pm", " this evening"),
    "tomorrow evening": ("pm", " tomorrow evening"),
    "tonight": ("pm", " tonight"),
}
_PERIOD = _alternation(p.replace(" ", r"\s+") for p in _PERIODS)
#: Words after which a bare hour is a time of day ("until five", "from two").
_TIME_LEAD = r"(?:at|until|till|til|from|before|after|around|by|between|and|to|through)"
#: What may follow a bare hour word for it to be a time: the end of its clause, the other end
#: of a range, or a day ("at one on Friday"), never a noun ("at one point", "from two people").
_HOUR_END = (
    r"(?=\s*(?:[.,;:!?)\]\n]|$|-(?!\w)|(?:until|till|til|to|and|or|through|on|today|tomorrow|"
    r"tonight|this|sharp|o'clock|[ap]\.?m\b)\b))"
)
#: A spoken digit run goes on after a comma: the time it looked like is its first group.
_RUN_GOES_ON = rf"(?!\s*[,-]\s*(?:{_U}|oh|zero|{_TEENS}|{_T})\b)"

_TIME_WITH_PERIOD = anchored(
    re.compile(
        rf"{_W}(?P<h>{_HOUR}|1[0-2]|0?[1-9])(?:(?::|[- ])(?P<m>{_MINUTE}|[0-5]\d))?"
        rf"(?:\s+o'clock)?\s+(?P<p>{_PERIOD})\b",
        re.I,
    )
)
_PAST_TO = anchored(
    re.compile(
        rf"{_W}(?:(?P<half>half)\s+past|(?:a\s+)?(?P<q>quarter)\s+(?P<r>past|after|to|till|of))\s+"
        rf"(?P<h>{_HOUR}|1[0-2]|0?[1-9]){_WE}(?!\s+(?:{_COUNTED})\b)",
        re.I,
    )
)
#: Minutes said before the hour they count from or to, after a word of a point in time ("at
#: ten to ten", "by twenty-five past two"); not after "from" ("from ten to eleven" is a range).
_MINUTES_PAST_TO = anchored(
    re.compile(
        r"\b(?P<lead>(?:at|by|around|about|until|till|before|after|since)\s+)"
        r"(?P<n>five|ten|twenty(?:[- ]five)?)(?:\s+minutes)?\s+(?P<r>past|after|to|till|of)\s+"
        rf"(?P<h>{_HOUR}|1[0-2]|0?[1-9]){_WE}(?!\s+(?:{_COUNTED})\b)",
        re.I,
    )
)
_HOUR_MINUTE = anchored(
    re.compile(
        rf"{_W}(?P<h>{_HOUR})[- ](?P<m>(?:twenty|thirty|forty|fifty)(?:[- ](?:{_U}))?|{_TEENS}){_WE}"
        rf"(?!-\w|\s+(?:{_COUNTED})\b){_RUN_GOES_ON}",
        re.I,
    )
)
_LEAD_HOUR_OH = anchored(
    re.compile(
        rf"\b(?P<lead>{_TIME_LEAD}\s+)(?P<h>{_HOUR})[- ]oh[- ](?P<m>{_U}){_WE}{_RUN_GOES_ON}", re.I
    )
)
#: One group of a digit run: digits read one by one, in pairs or as "eight hundred", and a
#: capital letter between them ("forty-seven C one"; not "A" or "I", which are words).
_DIGIT = rf"(?:{_U}|oh|zero|double[- ](?:{_U}|oh|zero)|triple[- ](?:{_U}|oh|zero))"
_PAIR = rf"(?:(?:{_T})(?:[- ](?:{_U}))?|{_TEENS})"
_RUN_TOKEN = rf"(?:(?:{_U})[- ]hundred|{_PAIR}|{_DIGIT}|(?-i:[B-HJ-Z]))"
_GROUP = rf"(?:{_RUN_TOKEN}(?:[- ]{_RUN_TOKEN})*)"
_DIGIT_RUN = anchored(
    re.compile(rf"{_W}(?P<run>{_GROUP}(?:\s*,\s*{_GROUP}|\s+-\s+{_GROUP})*){_WE}(?!-\w)", re.I)
)
_GROUP_SPLIT = re.compile(r"\s*,\s*|\s+-\s+")
_TOKEN = re.compile(rf"(?:{_U})[- ]hundred|{_PAIR}|double[- ]\w+|triple[- ]\w+|\w+", re.I)
_LETTER_NUMBER = anchored(
    re.compile(rf"\b(?P<l>(?-i:[B-HJ-Z]))[ -](?P<n>{_BELOW_100}){_WE}(?!-\w)", re.I)
)
_AND_LETTERS = anchored(re.compile(r"\b(?P<a>[A-Z])\s+and\s+(?P<b>[A-Z])\b"))
#: Words written as their usual abbreviation in names ("Termination vs. share contribution").
_ABBREVIATED = anchored(re.compile(r"\bversus\b", re.I))
#: Letters spelled one by one ("E B thirty-seven oh one", "V P"): one word ("I" is a word).
_SPELLED_LETTERS = anchored(re.compile(r"\b[A-HJ-Z](?:\s[A-HJ-Z])+\b"))
_FILE_JOINS = anchored(
    re.compile(rf"\s+(?:underscore|under\s+score)\s+|\s+dot\s+(?=(?:{_EXTENSIONS})\b)", re.I)
)
_FILE_PART_NUMBER = anchored(
    re.compile(rf"(?<=[_.])(?P<l>[a-z])[ -](?P<n>{_BELOW_100}){_WE}", re.I)
)
#: A number of millions or billions with a composite number or "and" one after it ("one
#: million five hundred twelve thousand", "a million and twelve"): one number. Alone
#: ("thirty-two million") it is left to the money reader, and a bare word after it ("one
#: million three times") is not taken into it.
_SCALED_NUMBER = anchored(
    re.compile(
        rf"{_W}(?P<s>{_HUNDREDS}|{_BELOW_100}|a)[- ](?P<w>million|billion)"
        rf"(?:[- ]and[- ](?P<a>{_BELOW_100})|,?[- ](?P<n>{_COMPOSITE})){_WE}(?!-\w)",
        re.I,
    )
)
_COMPOSITE_NUMBER = anchored(
    re.compile(
        rf"{_W}(?P<n>{_COMPOSITE}|{_BELOW_100})(?P<d>\s+point(?:\s+(?:{_U}|zero|oh))+)?{_WE}(?!-\w)",
        re.I,
    )
)
_LEAD_HOUR = anchored(
    re.compile(rf"\b(?P<lead>{_TIME_LEAD}\s+)(?P<h>{_HOUR}){_WE}{_HOUR_END}", re.I)
)
#: Before an hour said with a half of the day, what makes it a time rather than a number of
#: things ("at two in the afternoon", "from nine to ten in the morning"; not "two meetings in
#: the morning and one in the afternoon").
_LEAD_BEFORE = re.compile(
    r"\b(?:at|until|till|til|from|before|after|around|by|through|"
    r"(?:from|between)\s+[\w:]+(?:\s+[ap]\.?m\.?)?\s*(?:and|to|-|through|until|till))\s+$",
    re.I,
)
_MONTH = _alternation(m for m in MONTHS if m != "may") + "|(?-i:May)"
_WEEKDAY = _alternation(d for d in WEEKDAYS if len(d) > 3)
_ORDINAL_WORD = rf"(?:(?:twenty|thirty)[- ](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|{_alternation(ORDINAL_WORDS)})"
_DAY_ORDINAL = anchored(
    re.compile(
        rf"\b(?P<lead>(?:{_MONTH})\.?\s+(?:the\s+)?|(?:{_WEEKDAY}),?\s+the\s+"
        rf"|the\s+(?={_ORDINAL_WORD}\s+of\s+(?:{_MONTH})\b))(?P<o>{_ORDINAL_WORD}){_WE}",
        re.I,
    )
)


def word_value(words: str) -> int:
    """The value of a whole number written in words ("five hundred twelve thousand": 512000)."""
    total = current = 0
    for word in re.split(r"[\s-]+", words.casefold()):
        if word in ("and", ""):
            continue
        if word == "a":
            current = max(current, 1)
        elif word == "hundred":
            current = max(current, 1) * 100
        elif word == "thousand":
            total += max(current, 1) * 1000
            current = 0
        else:
            current += _UNIT.get(word) or TEEN_WORDS.get(word) or TENS_WORDS.get(word, 0)
    return total + current


def _clock(hour: str, minute: str | None) -> str:
    h = word_value(hour) if hour[0].isalpha() else int(hour)
    if not minute:
        return f"{h}:00"
    m = int(minute) if minute.isdigit() else word_value(minute.replace("oh", "zero"))
    return f"{h}:{m:02d}"


def _time_with_period(match: re.Match[str]) -> str:
    if not (match.group("m") or "o'clock" in match.group().casefold()) and not _LEAD_BEFORE.search(
        match.string[max(0, match.start() - 40) : match.start()]
    ):
        return match.group()  # "three in the morning" may count meetings; "at three ..." is a time
    half, kept = _PERIODS[" ".join(match.group("p").casefold().split())]
    return f"{_clock(match.group('h'), match.group('m'))} {half}{kept}"


def _past_to(match: re.Match[str]) -> str:
    named = match.groupdict()
    hour = named["h"]
    h = word_value(hour) if hour[0].isalpha() else int(hour)
    minutes = 30 if named.get("half") else 15 if named.get("q") else word_value(named["n"])
    if (named.get("r") or "").casefold() in ("to", "till", "of"):
        h, minutes = (h - 2) % 12 + 1, 60 - minutes
    return f"{named.get('lead') or ''}{h}:{minutes:02d}"


def _run_digits(group: str) -> tuple[str, int, bool]:
    """A group's digits, its number of tokens and whether it reads only as digits (an "oh", a
    zero, a doubled digit or a letter in it)."""
    out, tokens, only = [], 0, False
    for match in _TOKEN.finditer(group):
        token = " ".join(match.group().casefold().split("-"))
        tokens += 1
        if token in ("oh", "zero") or token.startswith(("double", "triple")):
            only = True
            *lead, digit = token.split()
            out.append(
                str(_UNIT[digit]) * (3 if lead and lead[0] == "triple" else 2 if lead else 1)
            )
        elif (
            token.endswith("hundred")
            or token in _UNIT
            or " " in token
            or token in TEEN_WORDS
            or token in TENS_WORDS
        ):
            out.append(str(word_value(token)))
        else:  # a capital letter
            only = True
            out.append(match.group())
    return "".join(out), tokens, only


def _digit_run(match: re.Match[str]) -> str:
    groups = _GROUP_SPLIT.split(match.group("run"))
    read = [_run_digits(g) for g in groups]
    digits = sum(len(d) for d, _, _ in read)
    if len(groups) > 1 and digits >= 6 and all(n >= 2 or len(d) >= 3 for d, n, _ in read[1:]):
        return "-".join(d for d, _, _ in read)
    if len(groups) > 1:  # a list of numbers, not one number in groups: each group alone
        pieces = re.split(r"(\s*,\s*|\s+-\s+)", match.group("run"))
        return "".join(p if i % 2 else _single_group(p) for i, p in enumerate(pieces))
    return _single_group(match.group("run"))


def _single_group(group: str) -> str:
    digits, tokens, only = _run_digits(group)
    if not (tokens >= 3 or (tokens == 2 and only)):
        return group
    if digits.isdigit() and len(digits) == 10:
        return f"{digits[:3]}-{digits[3:6]}-{digits[6:]}"
    if digits.isdigit() and len(digits) == 11 and digits[0] == "1":
        return f"1-{digits[1:4]}-{digits[4:7]}-{digits[7:]}"
    if digits.isdigit() and len(digits) == 7:
        return f"{digits[:3]}-{digits[3:]}"
    return digits


def _composite(match: re.Match[str]) -> str:
    number, decimals = match.group("n"), match.group("d")
    if not decimals and not re.search(r"[\s-]", number):
        return match.group()  # one word: left to the recognizers ("three meetings")
    value = str(word_value(number))
    if decimals:
        value += "." + "".join(str(_UNIT[w.casefold()]) for w in decimals.split()[1:])
    return value


def _scaled(match: re.Match[str]) -> str:
    scale = int(SCALE_WORDS[match.group("w").casefold()])
    rest = match.group("n") or match.group("a")
    return str(word_value(match.group("s")) * scale + word_value(rest))


def _ordinal(word: str) -> str:
    parts = re.split(r"[\s-]+", word.casefold())
    day = sum(TENS_WORDS.get(p, 0) or ORDINAL_WORDS.get(p, 0) for p in parts)
    return f"{day}{'st' if day in (1, 21, 31) else 'nd' if day in (2, 22) else 'rd' if day in (3, 23) else 'th'}"


def write_digits(text: str) -> str:
    """`text` with its spelled-out numbers, times, digit runs and file names written out."""
    text = _FILE_JOINS.sub(lambda m: "_" if "score" in m.group().casefold() else ".", text)
    text = _FILE_PART_NUMBER.sub(lambda m: m.group("l") + str(word_value(m.group("n"))), text)
    text = _ABBREVIATED.sub("vs", text)
    text = _AND_LETTERS.sub(r"\g<a>&\g<b>", text)
    text = _SPELLED_LETTERS.sub(lambda m: m.group().replace(" ", ""), text)
    text = _TIME_WITH_PERIOD.sub(_time_with_period, text)
    text = _MINUTES_PAST_TO.sub(_past_to, text)
    text = _PAST_TO.sub(_past_to, text)
    text = _HOUR_MINUTE.sub(lambda m: _clock(m.group("h"), m.group("m")), text)
    text = _LEAD_HOUR_OH.sub(
        lambda m: m.group("lead") + _clock(m.group("h"), "oh " + m.group("m")), text
    )
    text = _DIGIT_RUN.sub(_digit_run, text)
    text = _LETTER_NUMBER.sub(lambda m: m.group("l") + str(word_value(m.group("n"))), text)
    text = _SCALED_NUMBER.sub(_scaled, text)
    text = _COMPOSITE_NUMBER.sub(_composite, text)
    text = _LEAD_HOUR.sub(lambda m: m.group("lead") + str(word_value(m.group("h"))), text)
    return _DAY_ORDINAL.sub(lambda m: m.group("lead") + _ordinal(m.group("o")), text)
