"""Faster scans find exactly what the scans they replace find: `anchored` recognizers, and a
question's requests read from its segment breaks found once."""

from __future__ import annotations

import random
import re

import pytest

from emailbench_gym.grading.claims import retraction, values
from emailbench_gym.grading.claims.polarity import _Question, is_request
from emailbench_gym.grading.claims.scan import anchored
from emailbench_gym.grading.claims.text import normalize

RECOGNIZERS = {
    name: getattr(values, name)
    for name in dir(values)
    if isinstance(getattr(values, name), re.Pattern) and name != "_TOTAL_AFTER"
} | {f"_DATE_PATTERNS[{i}]": p for i, p in enumerate(values._DATE_PATTERNS)}
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


def _texts() -> list[str]:
    rng = random.Random(7)
    texts = []
    for _ in range(200):
        texts.append(normalize(" ".join(rng.choice(WORDS) for _ in range(40))))
        texts.append("".join(rng.choice(WORDS) for _ in range(30)))
    return texts


@pytest.mark.parametrize("name", sorted(RECOGNIZERS))
def test_an_anchored_recognizer_finds_the_same_matches(name):
    pattern = RECOGNIZERS[name]
    if not pattern.pattern.startswith("(?=["):
        pytest.skip("not anchored: its first character is not bounded")
    original = _original(pattern)
    for text in _texts():
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
