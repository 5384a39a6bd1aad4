"""Answer text as the claim matcher reads it: normalised, tokenised, and cut into structure.

`Text(answer)` normalises the characters once (NFKC, ASCII quotes and dashes, vulgar
fractions spelled out), tokenises it into words with their offsets and records where
lines, sentences and clauses begin and end, which lines are headers (`...:`, a
markdown heading or a wholly bold line) and which are table rows. Everything downstream (entity and value mentions, polarity,
binding) works on token indexes, so the cost is linear in the answer's length.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property

from emailbench_gym.grading.claims.spoken import write_digits

#: Characters folded before anything else (NFKC would turn "6½" into "61⁄2").
_FOLD = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2033": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": " - ",
        "\u2014": " - ",
        "\u2015": " - ",
        "\u2212": "-",
        "\u00a0": " ",
        "\u202f": " ",
        "\u2009": " ",
        "\u2022": "-",
        "\u25cf": "-",
        "\u25aa": "-",
        "\u2192": " -> ",
        "\u00bd": " 1/2",
        "\u00bc": " 1/4",
        "\u00be": " 3/4",
        "\u2153": " 1/3",
        "\u2154": " 2/3",
    }
)
#: A word (a possessive "'s" belongs to it and is dropped from its form), the tail of a
#: contraction written onto a word ("they're": "they", "'re"; "isn't": "isn", "'t") or "&". A
#: tail keeps its apostrophe, so it never reads as a word of its own: "they're" holds no "RE"
#: (a subject prefix), "I'd" no "D", "don't" no "T".
_TOKEN = re.compile(r"[^\W_]+(?:'s\b)?|(?<=[^\W_])'(?i:re|ve|ll|d|m|t)\b|&")
#: The same in a phrase a scenario or the lexicon writes, where a tail in lower case may also
#: stand alone as a word ("'re not": after any word).
_PHRASE_TOKEN = re.compile(
    r"[^\W_]+(?:'s\b)?|(?<=[^\W_])'(?i:re|ve|ll|d|m|t)\b|(?<![^\W_'])'(?:re|ve|ll|d|m|t)(?=\s|$)|&"
)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9\-*#|])")
#: Words whose final period does not end a sentence.
_ABBREVIATIONS = frozenset(
    [
        "a.m",
        "p.m",
        "e.g",
        "i.e",
        "vs",
        "etc",
        "no",
        "mr",
        "mrs",
        "ms",
        "dr",
        "st",
        "inc",
        "corp",
        "ltd",
        "co",
        "jr",
        "sr",
        "approx",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "mon",
        "tue",
        "tues",
        "wed",
        "thu",
        "thur",
        "thurs",
        "fri",
        "sat",
        "sun",
        "u.s",
        "fig",
        "ref",
        "min",
        "mins",
        "hr",
        "hrs",
    ]
)
#: "a.m." / "p.m." end a sentence when a word that only opens one follows ("at 10:30 a.m. In it
#: she asks ..."); before a name or a weekday they do not ("at 10 a.m. Louise Kitchen meets
#: Rick", "9:30 a.m. Tuesday"). "AM" / "PM" have no dot of their own, so the period after them
#: always ends the sentence ("at 1 PM. Claire Boudreaux is on the FERC Review").
_CLOCK_SUFFIXES = frozenset({"a.m", "p.m"})
_SENTENCE_OPENERS = frozenset(
    [
        "i",
        "in",
        "it",
        "its",
        "he",
        "she",
        "they",
        "we",
        "you",
        "this",
        "that",
        "these",
        "those",
        "there",
        "then",
        "the",
        "a",
        "an",
        "my",
        "your",
        "our",
        "his",
        "her",
        "their",
        "also",
        "and",
        "but",
        "so",
        "otherwise",
        "however",
        "please",
        "after",
        "before",
        "both",
        "neither",
        "either",
        "if",
        "when",
        "while",
        "as",
        "at",
        "on",
        "for",
        "from",
        "to",
        "with",
        "by",
        "no",
        "not",
        "nothing",
        "none",
        "everything",
        "each",
        "all",
    ]
)


def _opens_sentence(text: str, offset: int) -> bool:
    following = re.match(r"[\"'(\[]?([A-Z][a-z]*)\b", text[offset : offset + 40])
    return bool(following) and following.group(1).casefold() in _SENTENCE_OPENERS


#: Where a clause ends, for binding a value to its subject: punctuation that separates items.
_CLAUSE_BREAK = re.compile(r"(?<!\d),|,(?!\d{3}(?!\d))|[;()\[\]{}|]|:(?!\d)|\s-{1,2}\s|->")
_LIST_MARKER = re.compile(r"\s*(?:[-*+]|\d{1,3}[.)]|\(\d{1,3}\)|[a-z][.)]|#\d+)\s+", re.I)
#: A subject's reply or forward prefix ("RE:", "Fwd:"): its colon is part of the subject.
_SUBJECT_PREFIX = re.compile(r"\b(?:re|fw|fwd)\s*:", re.I)


#: Cyrillic and Greek letters that look like Latin ones: read as the Latin letter, so a name
#: spelled with look-alikes ("Lоuise" with a Cyrillic о) is still that name.
_LOOK_ALIKES = str.maketrans(
    "АВСЕНІЈКМОРЅТХУаеіјорсѕхуԁһԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧαοριτυνχ",
    "ABCEHIJKMOPSTXYaeijopcsxydhqwABEZHIKMNOPTYXaopitvvx",
)


#: `normalize` of short texts (names, mostly: building a universe normalizes each name two or
#: three times, by different readers), up to this many, then started again.
_NORMALIZED: dict[str, str] = {}
_NORMALIZED_KEPT = 16384
_SHORT = 200


def normalize(text: str) -> str:
    """The text the matcher reads: folded punctuation and look-alike letters, NFKC, no accents,
    no invisible characters (zero-width spaces and joiners vanish), no control characters, and
    numbers, times, codes and file names said in words written out (spoken.py)."""
    if len(text) > _SHORT:
        return _normalize(text)
    found = _NORMALIZED.get(text)
    if found is None:
        if len(_NORMALIZED) >= _NORMALIZED_KEPT:
            _NORMALIZED.clear()
        found = _NORMALIZED[text] = _normalize(text)
    return found


def _normalize(text: str) -> str:
    folded = unicodedata.normalize("NFKC", text.translate(_FOLD)).translate(_LOOK_ALIKES)
    if not folded.isascii():
        folded = unicodedata.normalize("NFKD", folded)
        folded = "".join(c for c in folded if not unicodedata.combining(c))
    return write_digits(
        "".join(
            c
            if c.isprintable() or c in "\n\t"
            else ("" if unicodedata.category(c) == "Cf" else " ")
            for c in folded
        )
    )


def word_form(word: str) -> str:
    """How a token is compared: casefolded, without a possessive 's."""
    return word.casefold().removesuffix("'s")


def word_tokens(text: str) -> tuple[str, ...]:
    """The compared forms of the tokens of a (normalised) name or phrase."""
    return tuple(word_form(m.group()) for m in _PHRASE_TOKEN.finditer(normalize(text)))


def raw_tokens(text: str) -> tuple[str, ...]:
    """The tokens of a name as written (for aliases that must match capitalisation)."""
    return tuple(m.group().removesuffix("'s") for m in _PHRASE_TOKEN.finditer(normalize(text)))


class NameTokens:
    """`word_tokens` / `raw_tokens` of the names one owner reads again and again, remembered
    for the owner's lifetime (an entity universe: the names of its start state and the
    references of the scenarios graded over it). Nothing an agent writes goes in, so it
    grows with the workspace and the scenarios, not with what an episode does."""

    def __init__(self) -> None:
        self._words: dict[str, tuple[str, ...]] = {}
        self._raw: dict[str, tuple[str, ...]] = {}

    def words(self, name: str) -> tuple[str, ...]:
        found = self._words.get(name)
        if found is None:
            found = self._words[name] = word_tokens(name)
        return found

    def raw(self, name: str) -> tuple[str, ...]:
        found = self._raw.get(name)
        if found is None:
            found = self._raw[name] = raw_tokens(name)
        return found

    def fold(self, name: str) -> str:
        """A name as one comparable key: its compared word forms joined by spaces."""
        return " ".join(self.words(name))


#: A markdown heading ("## Ruled out") or a line that is bold as a whole ("**Fully accepted**"),
#: perhaps with an aside after the bold ("**Ruled out** (the other eight, largest first)"):
#: headers as much as a line ending in a colon.
_MARKUP_HEADER = re.compile(
    r"#{1,6}\s+\S.*|(?:\*\*[^*\n]+\*\*|__[^_\n]+__):?(?:\s*\([^()\n]*\):?)?"
)


def is_header_line(content: str) -> bool:
    """Whether a (stripped) line introduces the lines under it: `...:`, a heading, a bold line."""
    if len(content) > 160:
        return False
    return content.endswith(":") or _MARKUP_HEADER.fullmatch(content) is not None


@dataclass(frozen=True)
class Token:
    """One word (or `&`): its casefolded form, the original spelling and its offsets."""

    norm: str
    raw: str
    start: int
    end: int


@dataclass
class Text:
    """A normalised answer with its tokens and its line / sentence / clause structure."""

    source: str
    text: str = field(init=False)
    tokens: list[Token] = field(init=False)

    def __post_init__(self) -> None:
        self.text = normalize(self.source)
        self.tokens = [
            Token(word_form(m.group()), m.group().removesuffix("'s"), m.start(), m.end())
            for m in _TOKEN.finditer(self.text)
        ]
        self._starts = [t.start for t in self.tokens]

    # --- offsets <-> tokens -------------------------------------------------------------

    def token_at(self, offset: int) -> int:
        """Index of the first token that ends after `offset`."""
        return bisect.bisect_right(self._starts, offset - 1) if self.tokens else 0

    def tokens_in(self, start: int, end: int) -> range:
        """Indexes of the tokens lying within [start, end)."""
        first = bisect.bisect_left(self._starts, start)
        last = bisect.bisect_left(self._starts, end)
        return range(first, last)

    @cached_property
    def positions(self) -> dict[str, list[int]]:
        """Word (its norm) -> the indexes of the tokens where it is written, in order."""
        found: dict[str, list[int]] = {}
        for i, token in enumerate(self.tokens):
            found.setdefault(token.norm, []).append(i)
        return found

    # --- structure ----------------------------------------------------------------------

    @cached_property
    def lines(self) -> list[tuple[int, int]]:
        """(start, end) offsets of each line."""
        spans, start = [], 0
        for match in re.finditer(r"\n", self.text):
            spans.append((start, match.start()))
            start = match.end()
        spans.append((start, len(self.text)))
        return spans

    @cached_property
    def _line_starts(self) -> list[int]:
        return [s for s, _ in self.lines]

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self._line_starts, offset) - 1

    @cached_property
    def _paragraph_starts(self) -> list[int]:
        starts = [0]
        starts.extend(m.end() for m in re.finditer(r"\n[ \t]*\n", self.text))
        return starts

    def paragraph_of(self, offset: int) -> int:
        """Index of the paragraph (text between blank lines) holding `offset`."""
        return bisect.bisect_right(self._paragraph_starts, offset) - 1

    @cached_property
    def sentences(self) -> list[tuple[int, int]]:
        """(start, end) offsets of each sentence; a sentence never spans two lines."""
        spans: list[tuple[int, int]] = []
        for line_start, line_end in self.lines:
            start = line_start
            for match in _SENTENCE_END.finditer(self.text, line_start, line_end):
                before = self.text[start : match.start()].rstrip("\"')]")
                word = re.search(r"([A-Za-z.]+)\.$", before)
                if (
                    word
                    and word.group(1).casefold().strip(".") in _ABBREVIATIONS
                    and not (
                        word.group(1).casefold() in _CLOCK_SUFFIXES
                        and _opens_sentence(self.text, match.end())
                    )
                ):
                    continue
                spans.append((start, match.start()))
                start = match.end()
            spans.append((start, line_end))
        return spans

    @cached_property
    def _sentence_starts(self) -> list[int]:
        return [s for s, _ in self.sentences]

    def sentence_of(self, offset: int) -> int:
        return bisect.bisect_right(self._sentence_starts, offset) - 1

    @cached_property
    def clause_breaks(self) -> list[int]:
        """Sorted offsets where a clause ends (separating punctuation, sentence ends)."""
        breaks = {m.start() for m in _CLAUSE_BREAK.finditer(self.text)}
        breaks.update(s for s, _ in self.sentences)
        breaks.update(e for _, e in self.sentences)
        return sorted(breaks)

    @cached_property
    def named_colons(self) -> frozenset[int]:
        """Offsets of the colons that belong to what a text names, not to its structure: the
        colon of a subject's reply or forward prefix ("Rick replied to RE: Privileged: ...")
        and a colon inside a quotation opened on its line ("replied to \"RE: Privileged: ...\"")."""
        found = {m.end() - 1 for m in _SUBJECT_PREFIX.finditer(self.text)}
        for start, end in self.lines:
            line = self.text[start:end]
            colon = line.find(":")
            while colon >= 0:
                if line.count('"', 0, colon) % 2:
                    found.add(start + colon)
                colon = line.find(":", colon + 1)
        return frozenset(found)

    def label_colon(self, start: int, end: int, spaced: bool = False) -> int:
        """The first colon in [start, end) that can end a label (not one of a name: see
        `named_colons`), with a space after it when `spaced`; -1 when there is none."""
        colon = self.text.find(":", start, end)
        while colon >= 0 and (
            colon in self.named_colons
            or (spaced and not self.text[colon + 1 : colon + 2].isspace())
        ):
            colon = self.text.find(":", colon + 1, end)
        return colon

    def clause_of(self, start: int, end: int) -> tuple[int, int]:
        """The clause around the span [start, end): between the nearest breaks outside it."""
        index = bisect.bisect_right(self.clause_breaks, start) - 1
        left = self.clause_breaks[index] if index >= 0 else 0
        right_index = bisect.bisect_left(self.clause_breaks, end)
        right = (
            self.clause_breaks[right_index]
            if right_index < len(self.clause_breaks)
            else len(self.text)
        )
        return left, right

    @cached_property
    def comma_breaks(self) -> list[int]:
        return [m.start() for m in re.finditer(r",", self.text)]

    def has_comma_between(self, start: int, end: int) -> bool:
        index = bisect.bisect_left(self.comma_breaks, start)
        return index < len(self.comma_breaks) and self.comma_breaks[index] < end

    @cached_property
    def headers(self) -> dict[int, int]:
        """Header line index -> the last line whose polarity it governs (the lines up to a blank
        line or the next header). A header right under another ("Not sure, but possibly:" above
        "Three meetings:") is introduced by it, so the outer one also governs the inner one's
        lines, and such an inner header governs the paragraph after a blank line under it."""
        return self._header_scopes(across_blank=True)

    @cached_property
    def attached_headers(self) -> dict[int, int]:
        """Headers with the lines right under them (no blank line between): the ones a value
        binds to ("Priya Raman and Rosa Menendez. Cards below:" + blank does not)."""
        return self._header_scopes(across_blank=False)

    def _header_scopes(self, across_blank: bool) -> dict[int, int]:
        result: dict[int, int] = {}
        lines = self.lines

        def body(index: int) -> str:
            return self.text[lines[index][0] : lines[index][1]].strip()

        for index in range(len(lines)):
            content = body(index)
            if not is_header_line(content):
                continue
            first = index + 1
            introduced = index > 0 and is_header_line(body(index - 1))
            while across_blank and introduced and first < len(lines) and not body(first):
                first += 1  # "Not sure, but possibly:" / "Wednesday 17 Oct:" / blank / its lines
            last = index
            items = self._item_indent(first) if first < len(lines) else None
            for following in range(first, len(lines)):
                text = body(following)
                if not text or (
                    is_header_line(text)
                    and following > first
                    # a list item that heads sub-items, among the list items right under the
                    # header ("**Ruled out**" / "- Due next week:" / "  - A" / "- Done:"), is
                    # one of its items: the header governs it and its sub-items
                    and (items is None or self._item_indent(following) != items)
                ):
                    break
                last = following
            if last > index:
                result[index] = last
        # inner headers first: a header's block reaches as far as any header inside it. A
        # header merged into an outer one is dropped from the stack: any later (outer) header
        # that reaches it also reaches the one it was merged into, which reaches further.
        inner: list[int] = []  # headers already merged, nearest first
        for index in sorted(result, reverse=True):
            reach = result[index]
            while inner and inner[-1] <= result[index]:
                reach = max(reach, result[inner.pop()])
            result[index] = reach
            inner.append(index)
        return result

    def _item_indent(self, line: int) -> int | None:
        """How far a list item's marker is indented (None: the line is no list item)."""
        start, end = self.lines[line]
        match = _LIST_MARKER.match(self.text, start, end)
        if match is None:
            return None
        return len(self.text[start : match.end()]) - len(self.text[start : match.end()].lstrip())

    @cached_property
    def _governing_header(self) -> list[int | None]:
        """Line index -> the nearest attached header whose block holds it."""
        blocks = self.attached_headers
        governing: list[int | None] = []
        open_headers: list[tuple[int, int]] = []  # (header, last line), innermost last
        for line in range(len(self.lines)):
            while open_headers and open_headers[-1][1] < line:
                open_headers.pop()
            governing.append(open_headers[-1][0] if open_headers else None)
            if line in blocks:
                open_headers.append((line, blocks[line]))
        return governing

    def header_of(self, line: int) -> int | None:
        """The nearest header line right above `line`'s block, if any (for binding values)."""
        return self._governing_header[line]

    @cached_property
    def _table_rows(self) -> list[bool]:
        return [self.text[start:end].count("|") >= 2 for start, end in self.lines]

    def is_table_row(self, line: int) -> bool:
        return self._table_rows[line]

    def table_cell(self, offset: int) -> tuple[int, int, int] | None:
        """(column, cell start, cell end) of the table cell holding `offset`, if any."""
        line = self.line_of(offset)
        if not self.is_table_row(line):
            return None
        start, end = self.lines[line]
        bars = [i for i in range(start, end) if self.text[i] == "|"]
        for column in range(len(bars) - 1):
            if bars[column] < offset < bars[column + 1]:
                return column, bars[column] + 1, bars[column + 1]
        return None

    def table_head(self, line: int) -> int:
        """The first row of the table that `line` (a table row) belongs to."""
        while line > 0 and self.is_table_row(line - 1):
            line -= 1
        return line

    def list_header(self, line: int) -> int | None:
        """The header line introducing the list a list item belongs to, if any: the nearest
        line ending in a colon (or a heading) above its items, across at most one blank line
        ("... three of them carry a follow-up due date. Soonest first:" / blank / "1. ...")."""
        if self.list_marker_end(line) == self.lines[line][0]:
            return None
        blanks = 0
        for index in range(line - 1, -1, -1):
            start, end = self.lines[index]
            content = self.text[start:end].strip()
            if not content:
                blanks += 1
                if blanks > 1:
                    return None
                continue
            if is_header_line(content):
                return index
            if self.list_marker_end(index) == start:
                return None  # prose: the list has no header
            blanks = 0
        return None

    def opens_line(self, start: int) -> bool:
        """Whether `start` is the first thing on its line after a list marker and emphasis
        ("1. Tuesday, October 16 - ...", "**10am - Risk Desk Stand-up**")."""
        line = self.line_of(start)
        return re.fullmatch(r"[\s*_#>]*", self.text[self.list_marker_end(line) : start]) is not None

    def list_marker_end(self, line: int) -> int:
        """Offset just after a line's list marker ("1.", "-", "(2)"), or the line start."""
        start, end = self.lines[line]
        match = _LIST_MARKER.match(self.text, start, end)
        return match.end() if match else start
