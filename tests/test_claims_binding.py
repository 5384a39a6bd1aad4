"""Binding by position index decides exactly as the scan over every subject it replaced.

`Binder` (grading/claims/analysis.py) finds the subject a value or statement is about by
bisecting subjects sorted by position; `text.header_of` and the header scopes are precomputed.
Here each is compared with the plain scan it replaced (kept below as the specification) on
every target of answers built to hit each rule: clauses, semicolon segments, sentences, table
rows, headers (nested and chained), paragraphs, conjunctions, overlapping and repeated subjects,
and on every scenario's reference and calibration answers.
"""

from __future__ import annotations

import random
import re
from datetime import date

import pytest

from emailbench_gym.corpus import load_corpus
from emailbench_gym.grading.claims.analysis import (
    Analysis,
    SubjectMention,
    column_head_cell,
    span_of,
)
from emailbench_gym.grading.claims.entities import ENTITY_KINDS
from emailbench_gym.grading.claims.lexicon import NAMING_OPENERS
from emailbench_gym.grading.claims.polarity import Span
from emailbench_gym.grading.claims.text import Text, is_header_line, word_tokens
from emailbench_gym.grading.context import pristine_universe
from emailbench_gym.scenarios import load_all

_CONJUNCTIONS = frozenset({"and", "or", "but", "while", "whereas"})


def scan_bind(analysis: Analysis, target: Span, subjects: list[SubjectMention]):
    """The binding rule as a scan over every subject (the implementation before the index)."""
    if not subjects:
        return None
    text = analysis.text
    norms = [t.norm for t in text.tokens]

    def distance(s: SubjectMention) -> tuple[int, int]:
        if s.span.last <= target.first:
            gap, side = range(s.span.last, target.first), 0
        elif s.span.first >= target.last:
            gap, side = range(target.last, s.span.first), 1
        else:
            return 0, 0
        return len(gap) + 2 * sum(norms[i] in _CONJUNCTIONS for i in gap), side

    clause = analysis.clause_over_aside(target)  # a name's aside does not end its clause
    sentence = text.sentences[text.sentence_of(target.start)]
    line_index = text.line_of(target.start)
    line = text.lines[line_index]
    left, right = sentence
    before = text.text.rfind(";", left, target.start)
    after = text.text.find(";", target.end, right)
    segment = (before + 1 if before >= 0 else left, after if after >= 0 else right)
    scopes = (clause, segment, sentence, line)
    asides = [
        m.start()
        for m in re.finditer(r"\([^()\n]*\)", text.text)
        if m.start() < target.start and target.end < m.end()
    ]
    colons = [
        m.start()
        for m in re.finditer(r":(?=\s)", text.text)
        if target.end <= m.start() < sentence[1]
    ]
    listed = colons and len(
        {s.span.start for s in subjects if colons[0] <= s.span.start < sentence[1]}
    )
    clauses = [
        m.span() for m in re.finditer(r",\s+(?:which|who|whom|whose)\b[^.;!?\n]*", text.text)
    ]

    def in_earlier_clause(s: SubjectMention) -> int | None:
        """The start of the earlier sentence's relative clause holding the subject."""
        for a, b in clauses:
            if a < s.span.start < b <= sentence[0]:
                return a
        return None

    parentheses = [m.span() for m in re.finditer(r"\([^()\n]*\)", text.text)]

    def in_another_cells_aside(s: SubjectMention) -> bool:
        return any(a <= s.span.start < b for a, b in parentheses) and text.table_cell(
            s.span.start
        ) != text.table_cell(target.start)

    for scope, (left, right) in enumerate(scopes):
        inside = [s for s in subjects if left <= s.span.start and s.span.end <= right]
        if scope == len(scopes) - 1 and not scan_is_table_row(text, line_index):
            inside = [s for s in inside if s.span.end <= target.start]
        elif scope and listed and listed >= 2:  # a colon introducing a list of subjects
            inside = [s for s in inside if s.span.end <= colons[0]]
        if scope == len(scopes) - 1:  # past the sentence: not an earlier sentence's ", which ..."
            while inside and (cut := in_earlier_clause(min(inside, key=distance))) is not None:
                inside = [s for s in inside if s.span.end <= cut]
        if scope and asides and left < asides[0]:  # a value in parentheses: what is before it
            before = [s for s in inside if s.span.end <= asides[0]]
            if before:
                return min(before, key=distance)
        if scan_is_table_row(text, line_index):  # not a subject in another cell's aside
            rows = [s for s in inside if not in_another_cells_aside(s)]
            inside = rows or inside
        if inside:
            return min(inside, key=distance)

    def first_in(start: int, end: int) -> SubjectMention | None:
        inside = [s for s in subjects if start <= s.span.start < end]
        return min(inside, key=lambda s: s.span.start) if inside else None

    cell = column_head_cell(text, target, line_index)
    column_head = first_in(*cell) if cell else None
    if column_head is not None:
        return column_head
    header = scan_header_of(text, line_index)
    if header is not None:
        start, end = text.lines[header]
        inside = [s for s in subjects if start <= s.span.start < end]
        if inside:
            return max(inside, key=lambda s: s.span.start)
    paragraph_start = line[0]
    for index in range(line_index - 1, -1, -1):
        start, end = text.lines[index]
        if not text.text[start:end].strip():
            break
        paragraph_start = start
    before_target = [s for s in subjects if paragraph_start <= s.span.start < target.start]
    while before_target:
        last = max(before_target, key=lambda s: s.span.start)
        cut = in_earlier_clause(last)
        if cut is None:
            return last
        before_target = [s for s in before_target if s.span.start < cut]
    named = scan_next_sentence(analysis, target, subjects, norms)
    if named is not None:
        return named
    first = min(subjects, key=lambda s: s.span.start)
    if len({s.keys for s in subjects}) > 1 or target.end > first.span.start:
        return None
    opening = len(text.text) - len(text.text.lstrip())
    first_sentence = next(s for s in text.sentences if s[1] > opening)
    if not first_sentence[0] <= target.start < first_sentence[1]:
        return None
    if text.text[line[0] : line[1]].rstrip().endswith(":"):
        return None  # "Raptor status, 2001-10-15:" introduces the answer
    if re.match(
        r"\s+of\s+(?:the|those|these|your|my|our|his|her|their|all)\b",
        text.text[target.end :],
        re.I,
    ) or re.search(
        r"\bas\s+of\s+(?:\w+\s+)?$", text.text[max(0, target.start - 8) : target.start], re.I
    ):
        return None  # a share of what it names ("75% of your mail"); "As of 9:00"
    left, right = analysis.clause_over_aside(target)
    label = text.text[:left].rstrip() if text.text[left] != ":" else text.text[: left + 1]
    if label.endswith(":"):  # "Rob's line: 1-800-...": the label is the value's clause too
        left = text.clause_of(len(label) - 2, len(label) - 2)[0]
    if any(left <= m.start < right for m in analysis.entities):
        return None
    named = text.sentences[text.sentence_of(first.span.start)]
    said = re.findall(r"[^\W_]+|'t\b", text.text[named[0] : named[1]].casefold())
    if set(said) & {"no", "not", "none", "never", "without", "'t", "nothing"}:
        return None  # the sentence naming the subject denies it the value
    return first  # the lead of an answer that names one subject: "Dial-in 1-800-555-0143."


def scan_next_sentence(
    analysis: Analysis, target: Span, subjects: list[SubjectMention], norms: list[str]
) -> SubjectMention | None:
    """The first subject of the next sentence of the paragraph, when it opens by naming it."""
    text = analysis.text
    following = text.sentence_of(target.start) + 1
    if following >= len(text.sentences):
        return None
    left, right = text.sentences[following]
    if "\n\n" in text.text[target.start : left] or not text.text[left:right].strip():
        return None  # another paragraph
    opening = norms[text.token_at(left) :]
    if not any(tuple(opening[: len(o)]) == o for o in map(word_tokens, NAMING_OPENERS)):
        return None
    named = [s for s in subjects if left <= s.span.start < right]
    return min(named, key=lambda s: s.span.start) if named else None


def scan_header_scopes(text: Text, across_blank: bool) -> dict[int, int]:
    """Header scopes with the inner-headers merge as a scan (the implementation before)."""
    result = dict(text._header_scopes(across_blank))
    lines = text.lines

    def body(index: int) -> str:
        return text.text[lines[index][0] : lines[index][1]].strip()

    raw: dict[int, int] = {}
    for index in range(len(lines)):
        content = body(index)
        if not is_header_line(content):
            continue
        first = index + 1
        introduced = index > 0 and is_header_line(body(index - 1))
        while across_blank and introduced and first < len(lines) and not body(first):
            first += 1
        last = index
        items = text._item_indent(first) if first < len(lines) else None
        for following in range(first, len(lines)):
            line_text = body(following)
            sibling = items is not None and text._item_indent(following) == items
            if not line_text or (is_header_line(line_text) and following > first and not sibling):
                break
            last = following
        if last > index:
            raw[index] = last
    for index in sorted(raw, reverse=True):
        inner = [raw[h] for h in raw if index < h <= raw[index]]
        raw[index] = max([raw[index], *inner])
    assert raw == result
    return raw


def scan_header_of(text: Text, line: int) -> int | None:
    governing = [h for h, last in text.attached_headers.items() if h < line <= last]
    return max(governing) if governing else None


def scan_is_table_row(text: Text, line: int) -> bool:
    start, end = text.lines[line]
    return text.text[start:end].count("|") >= 2


@pytest.fixture(scope="module")
def universe():
    corpus = load_corpus()
    from emailbench_gym.mailbox import Mailbox

    return pristine_universe(corpus, Mailbox(corpus).snapshot())


def _subject_lists(analysis: Analysis, phrases: list[list[str]]) -> list[list[SubjectMention]]:
    """Subject lists as the checks build them: entities of each kind, phrases, and all mixed."""
    lists = []
    mixed: list[SubjectMention] = []
    for kind in ENTITY_KINDS:
        found = [
            SubjectMention(span, frozenset(f"{kind}:{k}" for k in keys))
            for span, keys in analysis.entity_spans(kind)
        ]
        if found:
            lists.append(found)
            mixed.extend(found)
    for group in phrases:
        found = [
            SubjectMention(s, frozenset({f"phrase:{group[0]}"}))
            for s in analysis.phrase_spans(group)
        ]
        if found:
            lists.append(found)
            mixed.extend(found)
    lists.append(mixed)
    lists.append(mixed[::-1])  # ties go to the subject listed first: order matters
    return lists


def _targets(analysis: Analysis) -> list[Span]:
    text = analysis.text
    targets = [span_of(text, v.start, v.end) for v in analysis.values]
    targets += [Span(m.first, m.last, m.start, m.end) for m in analysis.entities]
    for i, token in enumerate(text.tokens[::3]):
        targets.append(Span(3 * i, 3 * i + 1, token.start, token.end))
    targets.append(span_of(text, len(text.text), len(text.text)))  # empty, at the end
    return targets


def assert_binds_as_the_scan(analysis: Analysis, phrases: list[list[str]]) -> int:
    text = analysis.text
    for across in (True, False):
        scan_header_scopes(text, across)
    for line in range(len(text.lines)):
        assert text.header_of(line) == scan_header_of(text, line)
        assert text.is_table_row(line) == scan_is_table_row(text, line)
    checked = 0
    for subjects in _subject_lists(analysis, phrases):
        binder = analysis.binder(subjects)
        for target in _targets(analysis):
            assert binder.bind(target) is scan_bind(analysis, target, subjects), (target, text.text)
            checked += 1
    return checked


NAMES = [
    "Louise Kitchen",
    "Sally Beck",
    "Kitchen",
    "John Lavorato",
    "Jeff Skilling",
    "Raptor",
    "Q3 Earnings Prep",
    "the Dynegy review",
]
PIECES = [
    *NAMES,
    "3",
    "45%",
    "$1.2 million",
    "2h 30m",
    "10:30 am",
    "8 June",
    "and",
    "or",
    "but",
    "is",
    "has",
    "emails",
    "not",
    "it",
    ",",
    ";",
    ".",
    ":",
    " -",
    "(",
    ")",
    "|",
    "\n",
    "\n\n",
    ":\n",
    "\n- ",
    "\n1. ",
    "\n| ",
]
PHRASES = [["Raptor", "the hedges"], ["Dynegy review"], ["earnings"], ["and"]]


@pytest.mark.parametrize("seed", range(40))
def test_random_answers_bind_as_the_scan(universe, seed):
    rng = random.Random(seed)
    words = [rng.choice(PIECES) for _ in range(rng.randrange(5, 160))]
    answer = " ".join(words).replace(" \n", "\n")
    analysis = Analysis(answer, universe, date(2001, 10, 24))
    assert assert_binds_as_the_scan(analysis, PHRASES) > 0


@pytest.mark.parametrize(
    "answer",
    [
        "Louise Kitchen: 80%; Sally Beck: 75%; John Lavorato and Jeff Skilling 3",
        "Kitchen:\nSally Beck:\nJohn Lavorato:\n3 emails\n\n4 emails\nJeff Skilling:\n5",
        "Not sure:\nPossibly:\n\nLouise Kitchen 3\nSally Beck 4\n\nJeff Skilling: 5",
        "| Louise Kitchen | 80% |\n| Sally Beck | 75% | John Lavorato |\n3 | Raptor |",
        "Raptor has 3 messages. It was sent on 8 June. Sally Beck replied at 10:30 am.",
        "Louise Kitchen Louise Kitchen Kitchen 3 Kitchen and and and 4 Sally Beck",
        "Louise Kitchen of Raptor (3), Sally Beck (4 emails) and (5) John Lavorato ( 6) Kitchen",
        "Sally Beck (Kitchen 3) Jeff Skilling; Raptor (3 (4) Kitchen) Sally Beck",
        "It came on 8 June at 10:30 am. The subject is Raptor, from Sally Beck.\n\n3. Its "
        "subject: Kitchen. 4 emails.\n\nTitled Raptor",
        "",
        "3",
        # a quoted name opening with t after its quote is no "'t" denial (robin, OB-M102)
        "| Item | Status |\n|---|---|\n| Rule | Runs after 'Tag Raptor' |\n\nRaptor isn't 3.",
    ],
)
def test_shaped_answers_bind_as_the_scan(universe, answer):
    analysis = Analysis(answer, universe, date(2001, 10, 24))
    assert_binds_as_the_scan(analysis, PHRASES)


def test_every_scenario_answer_binds_as_the_scan(universe):
    checked = 0
    for scenario in load_all():
        answers = [scenario.solution.answer or ""]
        answers += [c.answer for c in scenario.calibration]
        for answer in answers:
            analysis = Analysis(answer, universe, date(2001, 10, 24))
            checked += assert_binds_as_the_scan(analysis, PHRASES)
    assert checked > 10_000
