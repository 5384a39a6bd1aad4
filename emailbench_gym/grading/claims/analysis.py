"""One answer, read once: its text, the entities it names, the values it states, and how they bind.

`Analysis(answer, universe, today)` is built once per graded answer and shared by
every claim of the scenario. Binding answers "what is this value (or statement)
about?": the nearest subject mention in the same clause, else the same part of the
sentence between semicolons, else the same sentence, else the same line (named before
it, unless the line is a table row: in prose a value refers back, not to a later
sentence), else the header governing the line, else the nearest subject named before
it in the paragraph ("It has 3 messages." after the thread's name).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cached_property

from emailbench_gym.grading.claims.entities import EntityMention, Universe
from emailbench_gym.grading.claims.polarity import PolarityReader, Span
from emailbench_gym.grading.claims.text import Text, word_tokens
from emailbench_gym.grading.claims.values import ValueMention, find_values

#: Longest answer graded (characters): longer answers fail their answer checks, which keeps
#: grading linear and bounded on any input an agent can produce.
MAX_ANSWER_CHARS = 20_000
_CONJUNCTIONS = frozenset({"and", "or", "but", "while", "whereas"})


@dataclass(frozen=True)
class SubjectMention:
    """A place where a subject is named: an entity mention or a phrase, with what it names."""

    span: Span
    keys: frozenset[str]  # "kind:key" of the entities (or "phrase:..." of a phrase subject)


def span_of(text: Text, start: int, end: int) -> Span:
    tokens = text.tokens_in(start, end)
    first = tokens.start if len(tokens) else text.token_at(start)
    last = tokens.stop if len(tokens) else first
    return Span(first, max(last, first), start, end)


class Analysis:
    """The parts of one answer that claims are checked against."""

    def __init__(self, answer: str, universe: Universe, today: date) -> None:
        self.too_long = len(answer) > MAX_ANSWER_CHARS
        self.text = Text(answer[:MAX_ANSWER_CHARS])
        self.universe = universe
        self.entities: list[EntityMention] = universe.find_mentions(self.text)
        masks = [(m.start, m.end) for m in self.entities]
        for line in range(len(self.text.lines)):
            start = self.text.lines[line][0]
            marker_end = self.text.list_marker_end(line)
            if marker_end > start:
                masks.append((start, marker_end))
        self.values: list[ValueMention] = find_values(self.text.text, today, masks)
        masked: set[int] = set()
        for m in self.entities:
            masked.update(range(m.first, m.last))
        for v in self.values:
            masked.update(self.text.tokens_in(v.start, v.end))
        self.masked = masked

    @cached_property
    def reader(self) -> PolarityReader:
        return PolarityReader(self.text, self.masked)

    def entity_spans(self, kind: str) -> list[tuple[Span, list[str]]]:
        """Mentions of entities of `kind`, with the keys each names."""
        if kind == "phone":
            return [
                (span_of(self.text, v.start, v.end), [v.values[0]])
                for v in self.values
                if v.kind == "phone"
            ]
        found = []
        for mention in self.entities:
            keys = mention.names(kind)
            if keys:
                found.append((Span(mention.first, mention.last, mention.start, mention.end), keys))
        return found

    def phrase_spans(self, phrases: list[str]) -> list[Span]:
        """Every occurrence of any of the phrases (as whole words, case-insensitive)."""
        norms = [t.norm for t in self.text.tokens]
        found: list[Span] = []
        wanted = sorted({word_tokens(p) for p in phrases if word_tokens(p)}, key=len, reverse=True)
        i = 0
        while i < len(norms):
            for phrase in wanted:
                if tuple(norms[i : i + len(phrase)]) == phrase:
                    tokens = self.text.tokens
                    found.append(
                        Span(i, i + len(phrase), tokens[i].start, tokens[i + len(phrase) - 1].end)
                    )
                    i += len(phrase) - 1
                    break
            i += 1
        return found

    # --- binding ---------------------------------------------------------------------------

    def bind(self, target: Span, subjects: list[SubjectMention]) -> SubjectMention | None:
        """The subject a value or statement at `target` is about (see the module docstring)."""
        if not subjects:
            return None
        text = self.text

        norms = [t.norm for t in text.tokens]

        def distance(s: SubjectMention) -> tuple[int, int]:
            """Words between subject and target (a conjunction counts as three), then side."""
            if s.span.last <= target.first:
                gap, side = range(s.span.last, target.first), 0
            elif s.span.first >= target.last:
                gap, side = range(target.last, s.span.first), 1
            else:
                return 0, 0
            return len(gap) + 2 * sum(norms[i] in _CONJUNCTIONS for i in gap), side

        clause = text.clause_of(target.start, target.end)
        sentence = text.sentences[text.sentence_of(target.start)]
        line_index = text.line_of(target.start)
        line = text.lines[line_index]
        scopes = (clause, _segment(text.text, sentence, target), sentence, line)
        for scope, (left, right) in enumerate(scopes):
            inside = [s for s in subjects if left <= s.span.start and s.span.end <= right]
            if scope == len(scopes) - 1 and not text.is_table_row(line_index):
                # past its own sentence, a value refers back, not forward to a later sentence
                inside = [s for s in inside if s.span.end <= target.start]
            if inside:
                return min(inside, key=distance)
        header = text.header_of(line_index)
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
        before = [s for s in subjects if paragraph_start <= s.span.start < target.start]
        return max(before, key=lambda s: s.span.start) if before else None


def _segment(text: str, sentence: tuple[int, int], target: Span) -> tuple[int, int]:
    """The part of the sentence between the semicolons around the target.

    A list run together with semicolons ("A is due 8 June; B is due 9 June") keeps each
    value with its own item, even when the next item's name is nearer.
    """
    left, right = sentence
    before = text.rfind(";", left, target.start)
    after = text.find(";", target.end, right)
    return (before + 1 if before >= 0 else left, after if after >= 0 else right)
