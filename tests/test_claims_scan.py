"""Faster scans find exactly what the scans they replace find: `anchored` recognizers, and a
question's requests read from its segment breaks found once."""

from __future__ import annotations

import dataclasses
import datetime
import random
import re

import pytest

from emailbench_gym.grading.claims import retraction, spoken, values
from emailbench_gym.grading.claims.polarity import _Question, is_request
from emailbench_gym.grading.claims.scan import anchored
from emailbench_gym.grading.claims.text import normalize

RECOGNIZERS = {
    name: getattr(values, name)
    for name in dir(values)
    if isinstance(getattr(values, name), re.Pattern) and name != "_TOTAL_AFTER"
} | {f"_DATE_PATTERNS[{i}]": p for i, p in enumerate(values._DATE_PATTERNS)}
#: write_digits' rewrites (spoken.py), over texts of the words they read.
SPOKEN = {
    f"spoken.{name}": getattr(spoken, name)
    for name in dir(spoken)
    if isinstance(getattr(spoken, name), re.Pattern)
}
SPOKEN_WORDS = [
    "one", "Two", "twenty", "five", "oh", "zero", "point", "four", "hundred", "a", "and",
    "thousand", "million", "half", "past", "quarter", "to", "at", "by", "ten", "in the morning",
    "tonight", "o'clock", "B", "C", "x", "double", "triple", "May", "may", "June", "the", "first",
    "twenty-first", "of", "Friday", "underscore", "under score", "dot", "xls", "versus", "_",
    ".", ",", "-", " - ", "\n", "3", "ſ", "K", "people", "noon",
]  # fmt: skip
WORDS = [
    "3", "three", "twenty-two", "a hundred and ten", "a half", "an hour", "half an", "10:30", "am",
    "p.m.", "$5", "US$ 7", "5m", "13M", "million", "of", "out of", "the", "12/3", "2001-10-24",
    "June", "Mon", "Monday", "noon", "midnight", "o'clock", "at", "5", "%", "percent", "kb",
    "+1", "555-1234", "(713)", "853-1234", "thousand", "dollars", "6 1/2", "2h", "20m", "days",
    "ſ", "K", "\u0663", "_", ".", ",", "-", "\n", "abc12", "x_9", "tomorrow", "next Friday",
]  # fmt: skip


def _original(pattern: re.Pattern[str]) -> re.Pattern[str]:
    source = pattern.pattern
    assert source.startswith("(?=["), f"{source[:40]} is not anchored"
    return re.compile(source[source.index("])(?:") + 5 : -1], pattern.flags)


def _texts(words: list[str] = WORDS) -> list[str]:
    rng = random.Random(7)
    texts = []
    for _ in range(200):
        texts.append(normalize(" ".join(rng.choice(words) for _ in range(40))))
        texts.append(" ".join(rng.choice(words) for _ in range(40)))
        texts.append("".join(rng.choice(words) for _ in range(30)))
    return texts


@pytest.mark.parametrize("name", sorted(RECOGNIZERS | SPOKEN))
def test_an_anchored_recognizer_finds_the_same_matches(name):
    pattern = (RECOGNIZERS | SPOKEN)[name]
    if not pattern.pattern.startswith("(?=["):
        pytest.skip("not anchored: its first character is not bounded")
    original = _original(pattern)
    for text in _texts(SPOKEN_WORDS if name in SPOKEN else WORDS):
        got = [(m.span(), m.groups()) for m in pattern.finditer(text)]
        assert got == [(m.span(), m.groups()) for m in original.finditer(text)], text


def test_patterns_whose_first_character_is_unbounded_are_left_alone():
    for source, flags in [
        (r".x", 0),
        (r"[^a]b", 0),
        (r"(?i:a)b", 0),  # changes flags inside
        (r"(a)?\1", 0),
        (r"x?", 0),  # matches empty
    ]:
        pattern = re.compile(source, flags)
        assert anchored(pattern) is pattern


def test_a_case_sensitive_part_is_bounded_by_its_letters_in_either_case():
    """ "(?-i:[B-D])" in a case-insensitive pattern: the lookahead lets "b" through too (the
    whole pattern reads it so), the match still needs the capital."""
    pattern = anchored(re.compile(r"\b(?-i:[B-D])\d|\bx\d", re.I))
    assert pattern.pattern.startswith("(?=[\\U00000042-\\U00000044\\U00000078])")
    assert [m.group() for m in pattern.finditer("b1 B2 X3 e4 D5")] == ["B2", "X3", "D5"]
    assert anchored(re.compile(r"(?i:a)b")).pattern == "(?i:a)b"  # case folding turned on


def test_an_anchored_pattern_keeps_its_groups_and_lookbehind():
    assert anchored(re.compile(r"\s*total", re.I)).pattern.startswith("(?=[\\U00000074\\s])")
    pattern = anchored(re.compile(r"(?<![\w$.])(?P<n>\d+|one|two)(?:\s?(?P<u>h|m)\b)?", re.I))
    assert pattern.pattern.startswith("(?=[")
    found = [(m.group("n"), m.group("u"), m.span()) for m in pattern.finditer("a1 ONE h x2 2m")]
    assert found == [("ONE", "h", (3, 8)), ("2", "m", (12, 14))]


def test_a_question_reads_each_items_request_as_is_request_does():
    """`_Question` finds a question's segment breaks once and bisects for each item: at every
    offset of random questions (requests, breaks, dashes, colons) the answer is is_request's."""
    rng = random.Random(11)
    pieces = [
        "could you", "please", "does that work for you", "Rob", "the review", ";", ": ", " - ",
        " — ", "?", "can you", "send it", "x", " ", ",", "and", "Tuesday", ":", "-", "pls",
    ]  # fmt: skip
    for _ in range(300):
        sentence = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 25))) + "?"
        question = _Question.of(sentence)
        for at in range(len(sentence) + 1):
            assert question.requests_at(at) == is_request(sentence, at), (sentence, at)


def test_the_retraction_scans_find_what_the_retraction_patterns_find():
    """takes_back scans with the anchored forms of its two long patterns: the same matches on
    random texts of retraction and correction words."""
    assert retraction._RETRACTION_SCAN.pattern.startswith("(?=[")
    assert retraction._SELF_CORRECTION_SCAN.pattern.startswith("(?=[")
    rng = random.Random(5)
    words = [
        "please", "disregard", "ignore", "everything", "all of", "this", "that", "the above",
        "scratch that", "none of this is true", "just kidding", "j/k", "das stimmt nicht",
        "c'est faux", "don't", "forget", "it", "never mind", "sent", "to the wrong person",
        "actually,", "make that", "instead", "correction:", "on second thought", "is", "false",
        "Rob", "3", ".", ",", "\n", "  ", "if", "we're", "not", "was", "all a mistake", "(",
    ]  # fmt: skip
    for _ in range(400):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 30)))
        for scan, pattern in (
            (retraction._RETRACTION_SCAN, retraction._RETRACTION),
            (retraction._SELF_CORRECTION_SCAN, retraction._SELF_CORRECTION),
        ):
            assert [m.span() for m in scan.finditer(text)] == [
                m.span() for m in pattern.finditer(text)
            ], text


#: The self-correction pattern before "make that ... instead" was found in linear time.
_SELF_CORRECTION_REGEX = re.compile(
    r"\bactually,?\s+(?:make|change)\s+(?:that|it)\b|\bmake\s+that\b[^.?!\n]*\binstead\b"
    r"|\bcorrection\s*:|\bon\s+second\s+thought\b|\blet\s+me\s+correct\b",
    re.I,
)


def test_a_self_correction_is_found_as_the_one_pattern_finds_it():
    """`_self_correction` finds what a search with the single (quadratic) pattern finds: the
    leftmost correction, "make that" to the last "instead" of its sentence."""
    rng = random.Random(11)
    words = [
        "make", "Make  that", "make\nthat", "that", "instead", "Instead", "insteady", "remake",
        "actually,", "it", "correction:", "on second thought", "let me correct", "x", ".", "!",
        "\n",
    ]  # fmt: skip
    for _ in range(20_000):
        text = "".join(
            rng.choice(words) + rng.choice(["", " ", ",", "  "]) for _ in range(rng.randint(0, 14))
        )
        found = _SELF_CORRECTION_REGEX.search(text)
        assert retraction._self_correction(text) == (found.group(0) if found else None), text


def test_correction_words_are_found_as_a_search_of_each_window_finds_them():
    """`_Corrections.between(start, end)` answers `_CORRECTION.search(text, start, end)` from one
    scan: every window of random texts of correction words, values glued to words, line breaks
    inside the phrases and sentence ends."""
    rng = random.Random(3)
    pieces = [
        "make", "that", "it", "correction", "i", "mean", "meant", "change", "to", "scratch",
        "on", "second", "thought", "let", "me", "correct", " ", "  ", "\n", ".", ",", "3",
        "15:00", "x", "_", "é",
    ]  # fmt: skip
    for _ in range(150):
        text = "".join(rng.choice(pieces) + rng.choice(["", " ", " "]) for _ in range(18))
        words = values._Corrections(text)
        for start in range(len(text) + 1):
            for end in range(start, len(text) + 1):
                expected = bool(values._CORRECTION.search(text, start, end))
                assert words.between(start, end) == expected, (text, start, end)


def _corrections_spec(text, found):
    """The per-value search `_mark_corrections` replaced (kept as its specification)."""
    marked = list(found)
    for i, later in enumerate(found):
        sentence_start = max(text.rfind(c, 0, later.start) for c in ".!?\n") + 1
        if not values._CORRECTION.search(text, sentence_start, later.start):
            continue
        family = values._CORRECTS.get(later.kind, later.kind)
        for j in range(i):
            if values._CORRECTS.get(found[j].kind, found[j].kind) == family:
                marked[j] = dataclasses.replace(marked[j], qualifier="corrected")
    return marked


def test_corrected_values_are_those_the_per_value_search_marks():
    """Values withdrawn by a later correction ("make that 15:00") are the same as a search of
    each value's sentence before it finds, on random texts of values and correction words."""
    rng = random.Random(9)
    pieces = [
        "make that", "actually, make it", "correction:", "I mean", "scratch that", "3", "15:00",
        "10am-11am", "Friday", "8 June", "45%", "$5", "2 of 3", "emails", "at", ".", ",", "\n",
        "and", "or", "5 or 7", "not", "make", "that5",
    ]  # fmt: skip
    today = datetime.date(2001, 10, 15)
    for _ in range(300):
        text = normalize(" ".join(rng.choice(pieces) for _ in range(rng.randint(1, 30))))
        found = values.find_values(text, today)
        assert values._mark_corrections(text, found) == _corrections_spec(text, found), text


def _differences_spec(text, found):
    """The per-value searches `_mark_differences` replaced (kept as its specification)."""
    marked = list(found)
    for i, mention in enumerate(found):
        if mention.kind not in values._DIFFERENCE_KINDS:
            continue
        window = text[max(0, mention.start - 200) : mention.start]
        before = window[max(window.rfind(c) for c in ("\n", ". ", "! ", "? ", "; ")) + 1 :]
        by = values._BY.search(before)
        words = re.findall(r"[a-z]+", before[: by.start()].casefold()) if by else []
        if (
            (
                by
                and (
                    values.COMPARISON_VERBS.intersection(words) or words[-1:] in (["up"], ["down"])
                )
            )
            or re.search(r"\b(?:down|up)\s+$", before, re.I)
            or values._COMPARATIVE_AFTER.match(text, mention.end)
        ):
            marked[i] = dataclasses.replace(mention, difference=True)
    return marked


def test_differences_are_those_the_per_value_searches_mark():
    """Values stating a difference ("by about 90 KB", "down 236", "3 fewer") are the same as a
    search of each value's window finds, on random texts of values and difference words."""
    rng = random.Random(13)
    pieces = [
        "by", "By", "BY", "bye", "nearby", "about", "another", "~", "exceeded", "beats", "up",
        "down", "Down", "upto", "fewer", "lower", "more than", "3", "90 KB", "$6 million", "45%",
        "2h", "emails", ".", ";", "!", "\n", ",", "the", "x", "ß", "İ", "  ",
    ]  # fmt: skip
    today = datetime.date(2001, 10, 15)
    for _ in range(2_000):
        text = "".join(rng.choice(pieces) + rng.choice(["", " ", "  "]) for _ in range(24))
        found = values.find_values(text, today)
        assert values._mark_differences(text, found) == _differences_spec(text, found), text
