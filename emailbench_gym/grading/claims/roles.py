"""Member roles: where in an answer's structure an item stands as one of the answer's items.

An answer gives its items in a few shapes, whatever its style: listed or coordinated with the
others ("A, B and C", "A (and B)"), as the items of one list or one table column ("- A" /
"- B"), alone in its line or after a label ("In short: A."), added to them ("A too", "also A"),
as the only item named, or in a clause that states the question's predicate or measure. Where
an answer writes context instead (inside what a line says of a member it opens with, in the
clause an exception or a contrast opens, before a turn that goes on to a negation, in a
parenthesised aside sentence), a wrong candidate counts against the answer only in one of
those roles, whatever words the context is written in. Anywhere else the reader's cues decide
as before, and members are read as strictly as before: the roles decide only whether a
non-member is asserted.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from emailbench_gym.grading.claims.analysis import Analysis
from emailbench_gym.grading.claims.lexicon import PRONOUNS
from emailbench_gym.grading.claims.polarity import CueWords, Polarity, Span
from emailbench_gym.grading.claims.text import Text

#: What may stand before a parenthesis that opens its sentence: emphasis, quotes, brackets, a
#: heading mark and one article or possessive determiner.
_OPENING = re.compile(r"[\s*_`'\"“”‘’(\[#>]*(?:(?:the|a|an|your|my|our)\s+)?[\s*_`'\"“”‘’]*", re.I)
#: What may stand around an item that is all its segment says (end punctuation, emphasis).
_BARE = re.compile(r"[\s*_`'\"“”‘’.,;:()\[\]!]*")
#: Words that open a part of a sentence set apart from the answer: an exception, a contrast
#: or a comparison ("Besides you and Claire", "ahead of the Executive office"). An item in
#: the clause they open is only a member where a structural role says so (a list, a bullet).
_SUBORDINATORS = frozenset(
    {
        "though", "although", "whereas", "while", "except", "besides", "unlike", "instead",
        "rather", "apart", "aside", "beyond", "ahead",
    }
)  # fmt: skip
#: Words that turn a sentence: after an item, a turn that goes on to a negation says
#: something else of it ("X emailed you once but hasn't written since").
_TURNS = _SUBORDINATORS | {"but", "however", "yet"}


def _pronoun_after(analysis: Analysis, span: Span) -> bool:
    """Whether a pronoun follows the item in its sentence or the next one ("X is in Global
    Finance, but I added him as well"): what a turned sentence says through it may assert the
    item, so the item is read as usual."""
    text = analysis.text
    sentence = text.sentence_of(span.start)
    end = text.sentences[min(sentence + 1, len(text.sentences) - 1)][1]
    masked = analysis.reader.masked
    return any(
        text.tokens[i].norm in PRONOUNS and i not in masked for i in text.tokens_in(span.end, end)
    )


def _segment_start(text: Text, span: Span) -> int:
    """Where the segment holding the span begins: its sentence, after a list marker, after
    a label's colon before it in the same sentence."""
    start, _ = text.sentences[text.sentence_of(span.start)]
    line = text.line_of(span.start)
    marker = text.list_marker_end(line)
    if marker <= span.start:  # not "(617) 866-5000" read as the marker "(617)"
        start = max(start, marker)
    colon = text.text.rfind(":", start, span.start)
    return colon + 1 if colon >= 0 else start


def _segment_end(text: Text, span: Span) -> int:
    _, end = text.sentences[text.sentence_of(span.start)]
    return end


def _bare_in_segment(text: Text, span: Span) -> bool:
    """Whether the item is all its segment says ("- Alan Whitcombe", "In short: Alan.")."""
    start, end = _segment_start(text, span), _segment_end(text, span)
    return bool(
        _BARE.fullmatch(text.text, start, span.start) and _BARE.fullmatch(text.text, span.end, end)
    )


def _clause_words(analysis: Analysis, span: Span) -> list[str]:
    """The words of the clause holding the span, as the reader reads them (masks left out)."""
    text = analysis.text
    start, end = text.clause_of(span.start, span.end)
    masked = analysis.reader.masked
    return [text.tokens[i].norm for i in text.tokens_in(start, end) if i not in masked]


def _item_units(
    text: Text, spans: Sequence[Span]
) -> tuple[dict[int, tuple[str, int, int]], set[int]]:
    """(mention -> the list or table column it heads an item of, the mentions that head one).

    A list's items are its marker lines of one indent, up to a line of prose; a table's are
    the cells of one column. An item's head is the first mention of the kind on its line (in
    its cell): what the rest of the line says describes it."""
    block: dict[int, tuple[str, int, int]] = {}
    heads: set[int] = set()
    seen_lines: set[tuple[int, int]] = set()
    order = sorted(range(len(spans)), key=lambda k: spans[k].start)
    for k in order:
        span = spans[k]
        line = text.line_of(span.start)
        cell = text.table_cell(span.start)
        if cell is not None:
            head = text.table_head(line)
            if head == line:
                continue
            unit = ("table", head, cell[0])
            where = (line, cell[0])
        else:
            marker = text.list_marker_end(line)
            if marker == text.lines[line][0] or marker > span.start:
                continue
            indent = (
                marker - text.lines[line][0] - len(text.text[text.lines[line][0] : marker].lstrip())
            )
            first = line
            blanks = 0
            for index in range(line - 1, -1, -1):
                start, end = text.lines[index]
                if not text.text[start:end].strip():
                    blanks += 1
                    if blanks > 1:
                        break
                    continue
                blanks = 0
                if text.list_marker_end(index) == start:
                    break
                first = index
            unit = ("list", first, indent)
            where = (line, -1)
        block[k] = unit
        if where not in seen_lines:
            seen_lines.add(where)
            heads.add(k)
    return block, heads


#: Between a line's head item and what the line says of it ("- A: ...", "A - ...", "A (Tue): ...").
_DESCRIPTION = re.compile(r":\s|\s[-–—]\s")
#: Right before an item: it is coordinated with what comes before ("..., B", "and B", "or B").
_COORDINATED = re.compile(r"(?:,|&|/|\band|\bor|\bplus|\bnor)[\s*_`'\"“”‘’(]*$", re.I)


#: What `_COORDINATED` reads after its word: a match ends in a run of these.
_AFTER_COORDINATOR = frozenset("*_`'\"“”‘’(")


def _coordinated(text: str, start: int, end: int) -> bool:
    """`_COORDINATED.search(text, start, end)`, searched from where its word can start: the
    longest word ("plus") before the run of spaces, emphasis, quotes and brackets that ends at
    `end` (a search from `start` tries every position of a long line, for every item on it)."""
    run = end
    while run > start and (text[run - 1].isspace() or text[run - 1] in _AFTER_COORDINATOR):
        run -= 1
    return _COORDINATED.search(text, max(start, run - 4), end) is not None


def _described(text: Text, start: int, end: int) -> bool:
    """Whether a separator ends the head between `start` and `end` (a colon of a name, as in a
    quoted subject's "FERC Review: V&E comments", separates nothing)."""
    return any(
        m.group()[0] != ":" or m.start() not in text.named_colons
        for m in _DESCRIPTION.finditer(text.text, start, end)
    )


def _descriptions(text: Text, spans: Sequence[Span], heads: dict[int, int]) -> dict[int, int]:
    """Mention -> the mention heading its line, for the mentions written in what a line says
    of the item it opens with ("- Raptor review: moved after the FERC Review"): on a list
    item, a table cell or a line opening with the item, after the separator that ends the
    head ("A: ...", "A - ..."), and not coordinated with what comes before it."""
    found: dict[int, int] = {}
    for k, span in enumerate(spans):
        line = text.line_of(span.start)
        head = heads.get(line)
        if head is None or head == k:
            continue
        first = spans[head]
        if first.start > span.start:
            continue
        cell = text.table_cell(span.start)
        if text.line_of(first.start) != line:
            pass  # a line carried on under the item's own ("1) A" / "   → ... B ...")
        elif cell is None:
            if not _described(text, first.end, span.start):
                continue
        elif text.table_cell(first.start) != cell:
            continue
        line_start = text.lines[line][0]
        if _coordinated(text.text, line_start, span.start):
            continue
        found[k] = head
    return found


def member_roles(
    analysis: Analysis,
    mentions: Sequence[tuple[Span, Sequence[str]]],
    polarity: Sequence[Polarity],
    members: set[str],
    lists: Sequence[int],
    words: tuple[str, ...],
    owners: AbstractSet[int] = frozenset(),
    claim: CueWords = CueWords(),
) -> list[bool]:
    """Per mention: whether it may count as one of the answer's items. A mention written
    where an answer writes context (in what a line says of a member it opens with, in a
    clause that an exception or contrast opens, or before a turn to a negation, or in a
    parenthesised aside sentence) counts only in a member role (see the module docstring);
    anywhere else it counts as the reader reads it.
    `lists`: the list each mention is written in, as the reader groups them; `words`: the
    question's own words (predicate and measure stems); `owners`: the mentions written in the
    possessive before a thing ("Jeff Skilling's Q3 Earnings Release Prep", "Jeff's 2pm
    meeting"), which name whose the thing is, and count only in a member role too; `claim`:
    the claim's cue words, whose ruling-out phrase after a turn says what the item lacks."""
    text = analysis.text
    spans = [span for span, _ in mentions]
    member = [
        mark == "asserted" and not members.isdisjoint(keys)
        for (_, keys), mark in zip(mentions, polarity, strict=True)
    ]
    member_lists = {lists[k] for k in range(len(spans)) if member[k]}
    block, heads = _item_units(text, spans)
    member_blocks = {block[k] for k in heads if member[k] and k in block}
    named = {frozenset(keys) for _, keys in mentions if keys}
    order = sorted(range(len(spans)), key=lambda k: spans[k].start)
    line_heads: dict[int, int] = {}
    for k in order:
        line = text.line_of(spans[k].start)
        if line not in line_heads and (text.opens_line(spans[k].start) or k in block):
            line_heads[line] = k
    for line in range(1, len(text.lines)):  # indented lines carry on the item above them
        start, end = text.lines[line]
        if (
            line - 1 in line_heads
            and text.text[start:end][:1] in (" ", "\t")
            and text.list_marker_end(line) == start
            and text.text[start:end].strip()
        ):
            line_heads.setdefault(line, line_heads[line - 1])
    described = {
        k: head for k, head in _descriptions(text, spans, line_heads).items() if member[head]
    }
    previous = {b: a for a, b in itertools.pairwise(order)}
    roles: list[bool] = [True] * len(spans)
    turn_words = _TurnWords.of(analysis)
    for k in order:
        span = spans[k]
        turned = _turned(analysis, span, turn_words)
        aside = _aside_sentence(analysis, span)
        if (
            k not in described
            and k not in owners
            and not aside
            and (not turned or _pronoun_after(analysis, span))
        ):
            continue
        before = previous.get(k)
        roles[k] = (
            lists[k] in member_lists  # "A, B and C"
            or (  # "A (and B)", "A (not answered), B (not answered)"
                before is not None
                and (member[before] or roles[before])
                and text.sentence_of(spans[before].start) == text.sentence_of(span.start)
                and _coordinated(text.text, spans[before].end, span.start)
                and _LINK.fullmatch(text.text, spans[before].end, span.start) is not None
            )
            or (k in heads and block.get(k) in member_blocks)  # "- A" / "- B", a column's cells
            or _bare_in_segment(text, span)  # "- A", "In short: A."
            or (  # "A too", "also A"; not "A is also due, but there is no <ruled out>"
                analysis.reader.adds_at(span.start)
                and not (turned and analysis.reader.lacks_after_contrast(span.start, claim))
            )
            or len(named) == 1  # the only item the answer names
            or (
                not turned
                and bool(words)
                and any(w.startswith(words) for w in _clause_words(analysis, span))
            )  # "- A: ... B hasn't replied either"
        )
    return roles


#: Between two coordinated items: punctuation and a parenthesis each may close or open, and a
#: short aside ("A (not answered), B", "A (and B)").
_LINK = re.compile(r"[^.;\n]{0,40}")


def _aside_sentence(analysis: Analysis, span: Span) -> bool:
    """Whether the item is named in a parenthesised sentence of its own ("(The only other Raptor
    meeting, the Hedge Capacity Review, already happened.)"): an aside beside the answer. A
    parenthesis after a word describes that word, and is read as usual."""
    text, inside = analysis.text, analysis.reader.in_parentheses
    if not {span.first, span.last - 1} <= inside:  # not "(713) 853-7991"
        return False
    first = span.first
    while first - 1 in inside and first - 1 >= 0:
        first -= 1
    start = text.tokens[first].start
    opening = text.text.rfind("(", 0, start)
    sentence_start, _ = text.sentences[text.sentence_of(span.start)]
    return opening >= 0 and _OPENING.fullmatch(text.text, sentence_start, opening) is not None


@dataclass(frozen=True)
class _TurnWords:
    """Where an answer writes the words `_turned` reads (outside names and values), as sorted
    token indexes: found once per read of the roles, then bisected per item (a scan of the
    item's sentence per item is quadratic in a long sentence)."""

    subordinators: list[int]
    turns: list[int]
    negations: list[int]  # negation cues that are no turn word

    @classmethod
    def of(cls, analysis: Analysis) -> _TurnWords:
        positions, masked = analysis.text.positions, analysis.reader.masked

        def written(words: frozenset[str]) -> list[int]:
            return sorted(i for w in words for i in positions.get(w, ()) if i not in masked)

        norms = analysis.reader.norms
        negations = sorted(
            i
            for i, cues in analysis.reader._generic_cues.items()
            if i not in masked
            and norms[i] not in _TURNS
            and any(kind in ("pre", "negverb", "post") for kind, _ in cues)
        )
        return cls(written(_SUBORDINATORS), written(_TURNS), negations)


def _turned(analysis: Analysis, span: Span, words: _TurnWords) -> bool:
    """Whether the item stands in a part of its sentence that turns away from the answer: in the
    clause a subordinator opens ("Besides you and Claire, Jeff accepted": Claire, not Jeff;
    "ahead of X"), or before a turn that goes on to a negation ("X emailed you once but
    hasn't written since")."""
    text = analysis.text
    start, end = text.sentences[text.sentence_of(span.start)]
    tokens = text.tokens_in(start, end)
    clause_start, _ = text.clause_of(span.start, span.end)
    # in the clause the word opens, not the main clause after its comma
    first = max(tokens.start, text.tokens_in(clause_start, clause_start).start)
    if _any_in(words.subordinators, first, min(span.first, tokens.stop)):
        return True
    turn = bisect.bisect_left(words.turns, max(span.last, tokens.start))
    if turn == len(words.turns) or words.turns[turn] >= tokens.stop:
        return False
    return _any_in(words.negations, words.turns[turn] + 1, tokens.stop)


def _any_in(indexes: list[int], low: int, high: int) -> bool:
    """Whether any of the sorted `indexes` lies in [low, high)."""
    k = bisect.bisect_left(indexes, low)
    return k < len(indexes) and indexes[k] < high
