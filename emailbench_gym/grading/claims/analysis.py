"""One answer, read once: its text, the entities it names, the values it states, and how they bind.

`Analysis(answer, universe, today)` is built once per graded answer and shared by
every claim of the scenario. Binding answers "what is this value (or statement)
about?": in a sentence pairing two lists "respectively", the subject in the same place of
its list; else the nearest subject mention in the same clause, else the same part of the
sentence between semicolons, else the same sentence, else the same line (named before
it, unless the line is a table row: in prose a value refers back, not to a later
sentence), else the header governing the line, else the nearest subject named before
it in the paragraph ("It has 3 messages." after the thread's name), else the subject the
next sentence opens by naming ("... on Friday, October 5. The subject is '...'").
"""

from __future__ import annotations

import bisect
import itertools
import re
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from typing import Any

from emailbench_gym.api.limits import WRITTEN_CHARS
from emailbench_gym.grading.claims.entities import EntityMention, Universe
from emailbench_gym.grading.claims.lexicon import INTENSIFIERS, NAMING_OPENERS
from emailbench_gym.grading.claims.polarity import PolarityReader, Span
from emailbench_gym.grading.claims.ranks import overturning_parts, runner_up_parts
from emailbench_gym.grading.claims.text import Text
from emailbench_gym.grading.claims.values import TooManyValues, ValueMention, find_values

#: Longest text read as claims (an answer, a sent body): a longer one fails every claim unread,
#: so nothing can hide past a cut and grading stays bounded whatever an agent writes (stated to
#: the agent with the finishing rule, and as the maxLength of every sent text's argument: one
#: number, api/limits.py). 8,000 characters is 2.4 times the longest honest answer seen (3,332,
#: /work/solver); at 20,000 a grade took up to 200 ms (benchmarks/grading_worst.py).
MAX_ANSWER_CHARS = WRITTEN_CHARS
#: Most values (numbers, amounts, percents, dates, times, durations: what `find_values` finds)
#: in a text read as claims: a denser one fails every claim unread, as a longer one does.
#: Each value costs about 15-30 us to recognise and bind, so 8,000 characters of numbers (about
#: 2,700) took 74-110 ms to grade; at this cap the worst grade stays under 50 ms
#: (benchmarks/grading_worst.py). The densest honest answer has 81 (OB-R111's calibration).
MAX_ANSWER_VALUES = 600
#: What a claim finds in a text over the length limit (read by no claim).
TOO_LONG = f"too long to grade: over {MAX_ANSWER_CHARS:,} characters"
#: What a claim finds in a text with more values than MAX_ANSWER_VALUES.
TOO_DENSE = (
    f"too dense to grade: over {MAX_ANSWER_VALUES:,} values (numbers, amounts, dates, times)"
)
#: After a value, "of" and a determiner: the value is a share of what follows ("75% of your mail").
_PARTITIVE_AFTER = re.compile(r"\s+of\s+(?:the|those|these|your|my|our|his|her|their|all)\b", re.I)
#: An aside in parentheses right after a word ("this week (Oct 15-19) is heavier").
_ASIDE = re.compile(r"\s*\([^()\n]*\)")
#: Before a date or time, the words making it the time an answer speaks from ("As of 9:00").
_AS_OF = re.compile(r"\bas\s+of\s+(?:\w+\s+)?$", re.I)
#: Words that, in the sentence naming the subject, deny it what a lead gave it ("Dial-in
#: 1-800-555-0143. Raptor Restructuring Update: no dial-in.").
_DENYING = frozenset({"no", "not", "none", "never", "without", "'t", "nothing"})
_INTENSIFIERS = tuple(tuple(w.split()) for w in INTENSIFIERS)
_CONJUNCTIONS = frozenset({"and", "or", "but", "while", "whereas"})
#: Between two items of one list: a separator ("A, B and C", "3 and 5"), after the item's own
#: short aside or qualifier ("Nathan Pryor (Arthur Andersen), Claire ...", "Rob of Dynegy, ...").
_LIST_GAP = re.compile(
    r"^(?:\s*\([^()\n]*\)|\s+(?:of|from|at|with|in)(?:\s+[\w&.'-]+){1,4}?)?"
    r"[\s,;'\"*]*(?:(?:and|or|&|plus)\b[\s'\"*]*)?(?:the\s+)?$",
    re.I,
)


def _ends_in_question_mark(universe: Universe, kind: str, key: str) -> bool:
    """Whether the entity's own name ends in a question mark ("Dynegy credit line - where are
    we?", a card "Q3 numbers?")."""
    entity = universe.of_kind(kind).get(key)
    return entity is not None and entity.label.rstrip(" \"'”’").endswith("?")


@dataclass(frozen=True)
class SubjectMention:
    """A place where a subject is named: an entity mention or a phrase, with what it names."""

    span: Span
    keys: frozenset[str]  # "kind:key" of the entities (or "phrase:..." of a phrase subject)


@dataclass(frozen=True)
class BindFrame:
    """What binding a target reads that does not depend on the subjects (Analysis.frame): its
    scopes (clause, semicolon segment, sentence, line), where an aside holding it opens, the
    label colon after it, its table row's column head cell, its header line and paragraph.
    Worked out once per target and answer, so binders of several claims share it."""

    scopes: tuple[tuple[int, int], ...]
    sentence_index: int
    line_index: int
    table_row: bool
    aside: int | None
    colon: int | None
    column_cell: tuple[int, int] | None
    header: tuple[int, int] | None
    paragraph_start: int


def span_of(text: Text, start: int, end: int) -> Span:
    tokens = text.tokens_in(start, end)
    first = tokens.start if len(tokens) else text.token_at(start)
    last = tokens.stop if len(tokens) else first
    return Span(first, max(last, first), start, end)


#: A phone number opening a line, whose area code looks like a list label ("(713) 853-7991").
_PHONE_AT_START = re.compile(r"[ \t]*\(\d{3}\)\s?\d{3}[\s.-]\d{4}(?!\d)")
#: A list label opening a table cell or following a line break in one ("<br>2. ").
_CELL_LIST_LABEL = re.compile(r"(?:<br\s*/?>|\|)\s*(\d{1,3}[.)])(?=\s)", re.I)


class Analysis:
    """The parts of one answer that claims are checked against."""

    def __init__(self, answer: str, universe: Universe, today: date) -> None:
        #: Why the text is not read (too long, too dense with values), or None: a text over a
        #: limit fails every claim unread, so nothing past a cut can hide there.
        self.unread: str | None = TOO_LONG if len(answer) > MAX_ANSWER_CHARS else None
        self.text = Text("" if self.unread else answer)
        self.universe = universe
        self.entities: list[EntityMention] = universe.find_mentions(self.text)
        masks = [(m.start, m.end) for m in self.entities]
        for line in range(len(self.text.lines)):
            start = self.text.lines[line][0]
            marker_end = self.text.list_marker_end(line)
            if marker_end > start and not _PHONE_AT_START.match(self.text.text, start):
                masks.append((start, marker_end))  # "(713) 853-7991 ..." is no "(1)" label
        # a numbered list inside a table cell ("| 1. Risk Desk Stand-up<br>2. Q3 Earnings ..."):
        # its labels number the items, they count nothing
        masks.extend(m.span(1) for m in _CELL_LIST_LABEL.finditer(self.text.text))
        try:
            self.values: list[ValueMention] = find_values(
                self.text.text, today, masks, limit=MAX_ANSWER_VALUES
            )
        except TooManyValues:  # stopped at the cap: the text is read no further
            self.unread = TOO_DENSE
            self.text = Text("")
            self.entities = []
            self.values = []
        masked: set[int] = set()
        for m in self.entities:
            masked.update(range(m.first, m.last))
        for v in self.values:
            masked.update(self.text.tokens_in(v.start, v.end))
        self.masked = masked
        #: Offsets of the question marks that end a name ("Q3 numbers?", an email's subject):
        #: a subject quoted in a table cell or a list item is content, not a question asked.
        self.named_questions = frozenset(
            m.end
            for m in self.entities
            if self.text.text.startswith("?", m.end)
            and any(_ends_in_question_mark(universe, kind, key) for kind, key in m.refs)
        )
        self._phrase_found: dict[tuple[str, ...], list[Span]] = {}
        self._runner_up_parts: dict[tuple[str, ...], tuple[tuple[int, int], ...]] = {}
        self._overturning_parts: dict[tuple[str, ...], tuple[tuple[int, int, bool], ...]] = {}
        #: Outcomes of the claims checked against this text: id(claim) -> (claim, outcome).
        self.outcomes: dict[int, tuple[Any, Any]] = {}

    @cached_property
    def reader(self) -> PolarityReader:
        return PolarityReader(self.text, self.masked, self.named_questions)

    def speaks_of_runners_up(self, offset: int, measure: Sequence[str]) -> tuple[int, int] | None:
        """The part of its sentence holding `offset` when it speaks of the runners-up of the
        question's `measure` ("Next largest is ...", "Executive comes second"; ranks.py), or
        None."""
        key = tuple(measure)
        parts = self._runner_up_parts.get(key)
        if parts is None:
            parts = self._runner_up_parts[key] = runner_up_parts(self.text, self.masked, key)
        index = bisect.bisect_right(parts, (offset, len(self.text.text) + 1)) - 1
        if index >= 0 and parts[index][0] <= offset < parts[index][1]:
            return parts[index]
        return None

    def overturns_top(self, offset: int, measure: Sequence[str], ranked: bool = False) -> bool:
        """Whether the sentence part holding `offset` puts its subject above the top of the
        question's `measure` ("B is a close second, and actually a bit bigger"; ranks.py);
        `ranked`: a part that also ranks it below ("second", "next")."""
        key = tuple(measure)
        parts = self._overturning_parts.get(key)
        if parts is None:
            parts = self._overturning_parts[key] = overturning_parts(self.text, self.masked, key)
        return any(left <= offset < right and (ranks or not ranked) for left, right, ranks in parts)

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

    def phrase_spans(self, phrases: list[str], intensified: bool = False) -> list[Span]:
        """Every occurrence of any of the phrases (as whole words, case-insensitive), the
        longest first where several start at one word. The phrases are a scenario's (never
        text an agent wrote): the universe remembers their tokens, the analysis their spans.
        `intensified`: a statement's phrase may have degree words between its words ("this
        week is clearly the heavier" says "this week is the heavier"; INTENSIFIERS)."""
        key = (tuple(phrases), intensified)
        found = self._phrase_found.get(key)
        if found is None:
            found = self._phrase_found[key] = self._find_phrases(phrases, intensified)
        return list(found)

    def _find_phrases(self, phrases: list[str], intensified: bool = False) -> list[Span]:
        norms = self._norms
        words = self.universe.names.words
        by_first: dict[str, list[tuple[str, ...]]] = {}
        for phrase in sorted({words(p) for p in phrases if words(p)}, key=len, reverse=True):
            by_first.setdefault(phrase[0], []).append(phrase)
        tokens = self.text.tokens
        found: list[Span] = []
        after = 0  # a phrase found ends here: the next may start no earlier
        positions = self.text.positions
        starts = sorted(i for word in by_first for i in positions.get(word, ()))
        for i in starts:  # the words a phrase can start with, not every word of the text
            if i < after:
                continue
            for phrase in by_first[norms[i]]:
                end = self._phrase_end(i, phrase, intensified)
                if end:
                    found.append(Span(i, end, tokens[i].start, tokens[end - 1].end))
                    after = end
                    break
        return found

    def _phrase_end(self, i: int, phrase: tuple[str, ...], intensified: bool) -> int:
        """The token after the phrase written from token `i` (0: it is not), with degree words
        or an aside in parentheses between its words when `intensified` ("this week (Oct
        15-19) is heavier" says "this week is heavier")."""
        norms = self._norms
        if tuple(norms[i : i + len(phrase)]) == phrase:
            return i + len(phrase)
        if not intensified:
            return 0
        tokens, j = self.text.tokens, i
        for k, word in enumerate(phrase):
            aside = _ASIDE.match(self.text.text, tokens[j - 1].end) if k else None
            if aside:
                j = self.text.token_at(aside.end())
            while k and j < len(norms) and norms[j] != word:
                skip = next((len(w) for w in _INTENSIFIERS if tuple(norms[j : j + len(w)]) == w), 0)
                if not skip:
                    return 0
                j += skip
            if j >= len(norms) or norms[j] != word:
                return 0
            j += 1
        return j

    @cached_property
    def _norms(self) -> list[str]:
        return [t.norm for t in self.text.tokens]

    # --- binding ---------------------------------------------------------------------------

    def names_the_sentence_before(self, sentence: int) -> bool:
        """Whether the sentence opens by naming what the one before it, in its paragraph,
        described ("... came from John on Friday, October 5. The subject is '...'"). Asked
        for every value bound past its own paragraph's subjects: kept per sentence."""
        found = self._names_before.get(sentence)
        if found is None:
            found = self._names_before[sentence] = self._opens_by_naming(sentence)
        return found

    @cached_property
    def _names_before(self) -> dict[int, bool]:
        return {}

    def _opens_by_naming(self, sentence: int) -> bool:
        text = self.text
        if not 0 < sentence < len(text.sentences):
            return False
        start = text.sentences[sentence][0]
        if text.paragraph_of(start) != text.paragraph_of(text.sentences[sentence - 1][0]):
            return False
        first, norms, words = text.token_at(start), self._norms, self.universe.names.words
        return any(tuple(norms[first : first + len(w)]) == w for w in map(words, NAMING_OPENERS))

    def binder(self, subjects: list[SubjectMention], targets: Sequence[Span] = ()) -> Binder:
        """`subjects` indexed by position, to bind any number of values or statements to them
        (`targets`: the spans that will be bound, for lists paired "respectively"). Kept per
        answer: the claims of one question bind the same values to the same subjects, and a
        binding depends on nothing else (the targets only where a sentence says
        "respectively")."""
        key = (tuple(subjects), tuple(targets) if targets and self._respectively else ())
        found = self._binders.get(key)
        if found is None:
            found = self._binders[key] = Binder(self, subjects, targets)
        return found

    @cached_property
    def _binders(self) -> dict[tuple, Binder]:
        return {}

    @cached_property
    def _respectively(self) -> list[tuple[int, int]]:
        """(sentence, offset of its last "respectively") for each sentence pairing lists in order
        ("A and B sent 3 and 5, respectively, and were on 7 and 3 of yours, respectively")."""
        found: dict[int, int] = {}
        for token in self.text.tokens:
            if token.norm == "respectively":
                found[self.text.sentence_of(token.start)] = token.start
        return sorted(found.items())

    def respective_pairs(
        self, subjects: list[SubjectMention], targets: Sequence[Span]
    ) -> dict[tuple[int, int], SubjectMention]:
        """(start, end) of a target -> its subject, for the lists a sentence pairs with
        "respectively": every list of targets in the sentence as long as a list of subjects
        named before the word is paired with it first with first, second with second. The
        subjects may be listed in the sentence before, in the same paragraph ("Three meetings:
        A, B and C. Their guests are X, Y and Z, respectively.")."""
        if not self._respectively:
            return {}
        text = self.text
        by_span: dict[Span, SubjectMention] = {}
        for subject in subjects:
            by_span.setdefault(subject.span, subject)
        paired: dict[tuple[int, int], SubjectMention] = {}
        for sentence, word in self._respectively:
            left, right = text.sentences[sentence]
            target_lists = self._lists([t for t in targets if left <= t.start and t.end <= right])
            if not target_lists:
                continue
            subject_lists = self._lists([s for s in by_span if left <= s.start and s.end <= word])
            before = text.sentences[sentence - 1][0] if sentence else left
            if not subject_lists and text.paragraph_of(before) == text.paragraph_of(left):
                subject_lists = self._lists([s for s in by_span if before <= s.start < left])
            lengths = {len(t) for t in target_lists}
            subject_list = next((s for s in subject_lists if len(s) in lengths), None)
            if subject_list is None:
                continue
            for target_list in target_lists:
                if len(target_list) == len(subject_list):
                    for subject_span, target in zip(subject_list, target_list, strict=True):
                        paired[(target.start, target.end)] = by_span[subject_span]
        return paired

    def listed_with(
        self, subjects: list[SubjectMention], subject: SubjectMention
    ) -> SubjectMention:
        """`subject` standing for the whole list it is written in, in its sentence ("Rob
        Delacroix and Nathan Pryor sent three each"): one mention naming every listed subject."""
        left, right = self.text.sentences[self.text.sentence_of(subject.span.start)]
        by_span: dict[Span, set[str]] = {}
        for other in subjects:
            if left <= other.span.start and other.span.end <= right:
                by_span.setdefault(other.span, set()).update(other.keys)
        for run in self._lists(list(by_span)):
            if subject.span in run:
                keys = frozenset(k for span in run for k in by_span[span])
                return SubjectMention(subject.span, keys)
        return subject

    def _lists(self, spans: list[Span]) -> list[list[Span]]:
        """Runs of two or more spans written as one list ("A, B and C", "A (x), B of Y and C"),
        in order; a span inside or overlapping the one before is left out."""
        runs: list[list[Span]] = []
        previous: Span | None = None
        for span in sorted(spans, key=lambda s: (s.start, -s.end)):
            if previous is not None and span.start < previous.end:
                continue
            if previous is not None and _LIST_GAP.match(self.text.text[previous.end : span.start]):
                runs[-1].append(span)
            else:
                runs.append([span])
            previous = span
        return [run for run in runs if len(run) >= 2]

    @cached_property
    def _entity_starts(self) -> list[int]:
        return [m.start for m in self.entities]  # in answer order (find_mentions)

    def names_within(self, start: int, end: int) -> bool:
        """Whether an entity mention starts in [start, end)."""
        index = bisect.bisect_left(self._entity_starts, start)
        return index < len(self._entity_starts) and self._entity_starts[index] < end

    @cached_property
    def _weights(self) -> list[int]:
        """Prefix sums of the words' weights in a binding distance (a conjunction counts as three)."""
        sums = [0]
        for token in self.text.tokens:
            sums.append(sums[-1] + (3 if token.norm in _CONJUNCTIONS else 1))
        return sums

    @cached_property
    def _semicolons(self) -> list[int]:
        return [i for i, c in enumerate(self.text.text) if c == ";"]

    @cached_property
    def _paragraph_first_line(self) -> list[int]:
        """Line index -> the first line of its paragraph: the lines above it up to a blank one."""
        text = self.text
        first: list[int] = []
        for index in range(len(text.lines)):
            start, end = text.lines[index - 1] if index else (0, 0)
            opens = index == 0 or not text.text[start:end].strip()
            first.append(index if opens else first[-1])
        return first

    @cached_property
    def _asides(self) -> list[tuple[int, int]]:
        """(offset of "(", offset of ")") of each parenthesis on one line, in order."""
        return [(m.start(), m.end() - 1) for m in re.finditer(r"\([^()\n]*\)", self.text.text)]

    def aside_opening(self, target: Span) -> int | None:
        """Where the parenthesis holding the target opens, when the target is in one: a value in
        parentheses annotates what is named before it ("Rob Delacroix of Dynegy (3)")."""
        asides = self._asides
        index = bisect.bisect_right(asides, (target.start, len(self.text.text))) - 1
        if index >= 0 and asides[index][0] < target.start and target.end <= asides[index][1]:
            return asides[index][0]
        return None

    def clause_over_aside(self, target: Span) -> tuple[int, int]:
        """The target's clause; when it opens right after a parenthesis that follows a name's
        own words ("Nathan Pryor (Arthur Andersen) sent 3 and Claire ..."), it reaches back
        over the aside to the clause before it: the aside annotates the name, it does not end
        the name's clause. Likewise an aside right after the target does not end its clause."""
        text = self.text
        left, right = text.clause_of(target.start, target.end)
        if left < len(text.text) and text.text[left] == ")" and self.aside_opening(target) is None:
            index = bisect.bisect_right(self._asides, (left, len(text.text))) - 1
            while index >= 0 and self._asides[index][1] > left:
                index -= 1
            if index >= 0 and self._asides[index][1] == left:
                opened = self._asides[index][0]
                if opened > 0 and text.text[opened - 1] == " ":
                    left = text.clause_of(opened - 1, opened - 1)[0]
        if text.text[right : right + 1] == "(" and not text.text[target.end : right].strip():
            # an aside right after the target ("5 (was 4) of them are unread") annotates it:
            # the clause goes on after it
            index = bisect.bisect_left(self._asides, (right, -1))
            if index < len(self._asides) and self._asides[index][0] == right:
                closed = self._asides[index][1]
                right = text.clause_of(closed + 1, closed + 1)[1]
        return left, right

    @cached_property
    def _relative_clauses(self) -> list[tuple[int, int]]:
        """(start, end) of each non-restrictive relative clause (", which overlaps the FERC
        Review"), to the end of its sentence part."""
        return [
            m.span()
            for m in re.finditer(r",\s+(?:which|who|whom|whose)\b[^.;!?\n]*", self.text.text)
        ]

    def relative_clause_at(self, offset: int, before: int) -> int | None:
        """Where the relative clause holding `offset` starts, if it ends before `before` (in an
        earlier sentence): a later sentence continues that sentence's topic, not the clause's."""
        clauses = self._relative_clauses
        index = bisect.bisect_right(clauses, (offset, len(self.text.text))) - 1
        if index >= 0 and clauses[index][0] < offset < clauses[index][1] <= before:
            return clauses[index][0]
        return None

    @cached_property
    def _label_colons(self) -> list[int]:
        return [m.start() for m in re.finditer(r":(?=\s)", self.text.text)]

    def colon_after(self, start: int, end: int) -> int | None:
        """The first colon ending a label (followed by a space) within [start, end)."""
        colons = self._label_colons
        index = bisect.bisect_left(colons, start)
        return colons[index] if index < len(colons) and colons[index] < end else None

    def frame(self, target: Span) -> BindFrame:
        """The subject-independent part of binding `target` (kept per target: every binder of
        the answer reads the same)."""
        found = self._frames.get(target)
        if found is None:
            found = self._frames[target] = self._frame(target)
        return found

    @cached_property
    def _frames(self) -> dict[Span, BindFrame]:
        return {}

    def _frame(self, target: Span) -> BindFrame:
        text = self.text
        sentence_index = text.sentence_of(target.start)
        sentence = text.sentences[sentence_index]
        line_index = text.line_of(target.start)
        header = text.header_of(line_index)
        return BindFrame(
            scopes=(
                self.clause_over_aside(target),
                self.segment(sentence, target),
                sentence,
                text.lines[line_index],
            ),
            sentence_index=sentence_index,
            line_index=line_index,
            table_row=text.is_table_row(line_index),
            aside=self.aside_opening(target),
            colon=self.colon_after(target.end, sentence[1]),
            column_cell=column_head_cell(text, target, line_index),
            header=text.lines[header] if header is not None else None,
            paragraph_start=text.lines[self._paragraph_first_line[line_index]][0],
        )

    def opens_unnamed(self, target: Span) -> bool:
        """Whether the target may be the answer's lead whatever the subjects (Binder._leads):
        in its first sentence, not a header over what follows, not a share or an "as of"
        time, in a clause that names nothing. Kept per target."""
        found = self._opens_unnamed.get(target)
        if found is None:
            found = self._opens_unnamed[target] = self._opens_unnamed_at(target)
        return found

    @cached_property
    def _opens_unnamed(self) -> dict[Span, bool]:
        return {}

    def _opens_unnamed_at(self, target: Span) -> bool:
        text = self.text
        opening = len(text.text) - len(text.text.lstrip())
        if text.sentence_of(target.start) != text.sentence_of(opening):
            return False
        if text.text[slice(*text.lines[text.line_of(target.start)])].rstrip().endswith(":"):
            return False  # "Raptor status, 2001-10-15:" introduces the answer
        left, right = self.frame(target).scopes[0]
        colon = len(text.text[:left].rstrip()) - 1 if text.text[left] != ":" else left
        if colon > 0 and text.text[colon] == ":":  # "Rob's line: 1-800-...": the label says whose
            left = text.clause_of(colon - 1, colon - 1)[0]
        if _PARTITIVE_AFTER.match(text.text, target.end) or _AS_OF.search(
            text.text, max(0, target.start - 8), target.start
        ):
            return False
        return not self.names_within(left, right)

    def segment(self, sentence: tuple[int, int], target: Span) -> tuple[int, int]:
        """The part of the sentence between the semicolons around the target.

        A list run together with semicolons ("A is due 8 June; B is due 9 June") keeps each
        value with its own item, even when the next item's name is nearer.
        """
        left, right = sentence
        semicolons = self._semicolons
        before = bisect.bisect_left(semicolons, target.start) - 1
        after = bisect.bisect_left(semicolons, target.end)
        return (
            semicolons[before] + 1 if before >= 0 and semicolons[before] >= left else left,
            semicolons[after] if after < len(semicolons) and semicolons[after] < right else right,
        )


_RULE_ROW = re.compile(r"^[\s|:]*-[\s|:\-]*$")


def column_head_cell(text: Text, target: Span, line: int) -> tuple[int, int] | None:
    """(start, end) of the header cell above the target's cell, when the target is in a body
    row of a well-formed markdown table (see Binder._column_head), else None."""
    cell = text.table_cell(target.start)
    if cell is None:
        return None
    head = text.table_head(line)
    if line < head + 2 or not _RULE_ROW.match(text.text[slice(*text.lines[head + 1])]):
        return None
    start, end = text.lines[head]
    bars = [i for i in range(start, end) if text.text[i] == "|"]
    row_start, row_end = text.lines[line]
    if text.text.count("|", row_start, row_end) != len(bars):
        return None
    column = cell[0]
    if column + 1 >= len(bars):
        return None
    return bars[column] + 1, bars[column + 1]


class Binder:
    """Binds values and statements to subjects: a target paired "respectively" with a list of
    subjects to the subject in its place, else the nearest subject mention in the same clause
    (a target in parentheses first looks before the parenthesis; a target before a colon that
    introduces a list of subjects does not look past the colon; past its sentence, subjects in an
    earlier sentence's ", which ..." clause are skipped),
    else the same part of the sentence between semicolons, else the same sentence, else the
    same line (named before it, unless the line is a table row: in prose a value refers back,
    not to a later sentence), else the header governing the line, else the nearest subject
    named before it in the paragraph ("It has 3 messages." after the thread's name), else the
    first subject of the next sentence when it opens by naming it ("The subject is ..."), else,
    in the first sentence, before the first mention of the only subject the text names, that
    subject (an answer that opens with the answer: "Dial-in 1-800-555-0143, code 4417." over
    "Meeting: Raptor ...").

    Subjects are sorted by where they start, with running bounds on where they end, so a
    bind looks at the subjects next to its target, not at all of them: O(log n) plus the few
    subjects that overlap a boundary. Ties go to the subject listed first, as a scan would.
    """

    def __init__(
        self, analysis: Analysis, subjects: list[SubjectMention], targets: Sequence[Span] = ()
    ) -> None:
        # a proxy: the analysis keeps its binders, so a strong reference would make every
        # answer's analysis a cycle that only a full collection frees (context.py freezes)
        self.analysis = weakref.proxy(analysis)
        self.subjects = list(subjects)  # kept per answer (Analysis.binder): a copy of the caller's
        self._bound: dict[Span, SubjectMention | None] = {}
        self.respective = analysis.respective_pairs(subjects, targets) if targets else {}
        self.order = sorted(range(len(subjects)), key=lambda k: (subjects[k].span.start, k))
        spans = [subjects[k].span for k in self.order]
        self.starts = [s.start for s in spans]
        self.prefix_last = list(itertools.accumulate((s.last for s in spans), max))
        self.suffix_first = list(itertools.accumulate((s.first for s in reversed(spans)), min))[
            ::-1
        ]
        #: Whether the text names one subject only (every mention names the same keys): what
        #: is said before its first mention, bound to nothing else, is about it.
        self.sole = len({s.keys for s in subjects}) == 1

    def bind(self, target: Span) -> SubjectMention | None:
        """The subject a value or statement at `target` is about (worked out once per target)."""
        if target not in self._bound:
            self._bound[target] = self._bind(target)
        return self._bound[target]

    def _bind(self, target: Span) -> SubjectMention | None:
        if not self.subjects:
            return None
        paired = self.respective.get((target.start, target.end))
        if paired is not None:  # "A and B sent 3 and 5, respectively"
            return paired
        analysis = self.analysis
        text = analysis.text
        frame = analysis.frame(target)
        scopes = frame.scopes
        sentence = scopes[2]
        aside = frame.aside
        introduces = self._list_colon(frame.colon, sentence)
        # "| FERC Review | 10:00 (overlaps the Dynegy Review) | Claire |": the row's subject
        skip = self._aside_in_another_cell(target) if frame.table_row else None
        for scope, (left, right) in enumerate(scopes):
            if scope == len(scopes) - 1 and not frame.table_row:
                # past its own sentence, a value refers back, not forward to a later sentence
                right = min(right, target.start)
            elif scope and introduces is not None:
                right = min(right, introduces)  # "Two members emailed you: A (3) and B (2)"
            if scope == len(scopes) - 1:  # an earlier sentence's ", which ..." is not its topic
                right = self._before_relative_clauses(target, left, right, sentence[0])
            if scope and aside is not None and left < aside:
                found = self._nearest(target, left, min(aside, right))  # "Rob of Dynegy (3), ..."
                if found is not None:
                    return found
            found = self._nearest(target, left, right, skip)
            if found is None and skip is not None:
                found = self._nearest(target, left, right)  # only an aside names one
            if found is not None:
                return found
        column_head = self._column_head(frame)
        if column_head is not None:
            return column_head
        if frame.header is not None:
            found = self._last_starting(*frame.header)
            if found is not None:
                return found
        paragraph_start = frame.paragraph_start
        end = target.start
        found = self._last_starting(paragraph_start, end)
        while found is not None:
            clause = analysis.relative_clause_at(found.span.start, sentence[0])
            if clause is None:
                break
            end = clause
            found = self._last_starting(paragraph_start, end)
        following = frame.sentence_index + 1
        if found is None and analysis.names_the_sentence_before(following):
            found = self._first_starting(*text.sentences[following])
        if found is None and self._leads(target):
            found = self.subjects[self.order[0]]  # "Dial-in 1-800-555-0143." over "Meeting: X"
        return found

    def _leads(self, target: Span) -> bool:
        """Whether the target is in the answer's lead, before the first mention of the only
        subject the text names: in its first sentence, not a header over what follows, in a
        clause that names nothing (an answer that opens with its answer: "Dial-in
        1-800-555-0143, code 4417."), neither a share of something it names ("Overall 75% of
        your mail is unread.") nor the time the answer speaks from ("As of 9:00, ..."), and
        the sentence naming the subject denies it nothing ("X: no dial-in.")."""
        if not self.sole or target.end > self.starts[0]:
            return False
        if not self.analysis.opens_unnamed(target):
            return False
        return not self._named_denied

    @cached_property
    def _named_denied(self) -> bool:
        """Whether the sentence first naming a subject denies it something ("X: no dial-in.")."""
        text = self.analysis.text
        named = text.sentences[text.sentence_of(self.starts[0])]
        return any(text.tokens[i].norm in _DENYING for i in text.tokens_in(*named))

    def _column_head(self, frame: BindFrame) -> SubjectMention | None:
        """For a target in a markdown table's body row that names no subject: the subject
        heading its column ("| | Transactions | Notional |" over "| 10/05 | 4,112 | $2.9
        billion |"), the first one named in the header row's cell above it. Only in a table
        written as one (a rule row under the header, every row with the header's cells)."""
        return self._first_starting(*frame.column_cell) if frame.column_cell else None

    def _first_starting(self, start: int, end: int) -> SubjectMention | None:
        """The subject starting first in [start, end) (the first listed among equals)."""
        index = bisect.bisect_left(self.starts, start)
        if index >= len(self.starts) or self.starts[index] >= end:
            return None
        return self.subjects[self.order[index]]

    def _before_relative_clauses(self, target: Span, left: int, right: int, sentence: int) -> int:
        """The end of the line scope once the nearest subjects inside earlier sentences'
        relative clauses (", which overlaps the FERC Review") are cut off: a later sentence
        continues the earlier one's topic, not its aside."""
        found = self._nearest(target, left, right)
        while found is not None:
            clause = self.analysis.relative_clause_at(found.span.start, sentence)
            if clause is None:
                break
            right = clause
            found = self._nearest(target, left, right)
        return right

    def _list_colon(self, colon: int | None, sentence: tuple[int, int]) -> int | None:
        """The colon after the target (`colon`: the first label colon after it in its sentence)
        when it introduces a list of two or more subjects in its sentence ("Two members have
        emailed you: A (3 emails) and B (2 emails)"): the target counts or labels the list, so
        it is not about the list's first item."""
        if colon is None:
            return None
        low = bisect.bisect_left(self.starts, colon)
        high = bisect.bisect_left(self.starts, sentence[1])
        after = {self.subjects[self.order[k]].span.start for k in range(low, high)}
        return colon if len(after) >= 2 else None

    def _last_starting(self, start: int, end: int) -> SubjectMention | None:
        """The subject starting last in [start, end) (the first listed among equals)."""
        index = bisect.bisect_left(self.starts, end) - 1
        if index < 0 or self.starts[index] < start:
            return None
        first = bisect.bisect_left(self.starts, self.starts[index])
        return self.subjects[self.order[first]]

    def _aside_in_another_cell(self, target: Span) -> Callable[[SubjectMention], bool]:
        """Whether a subject is named in parentheses in another cell of the target's table
        row: an aside on what that cell says ("| 10:00-11:30 (overlaps the Dynegy Review) |"),
        not the row's subject."""
        text, asides = self.analysis.text, self.analysis.reader.in_parentheses
        cell = text.table_cell(target.start)

        def aside(subject: SubjectMention) -> bool:
            return subject.span.first in asides and text.table_cell(subject.span.start) != cell

        return aside

    def _nearest(
        self,
        target: Span,
        left: int,
        right: int,
        skip: Callable[[SubjectMention], bool] | None = None,
    ) -> SubjectMention | None:
        """The subject within [left, right) nearest `target`: fewest words between them (a
        conjunction counts as three), then one before it, then the first listed (none that
        `skip` skips)."""
        weights = self.analysis._weights
        subjects, order, starts = self.subjects, self.order, self.starts
        low = bisect.bisect_left(starts, left)
        high = bisect.bisect_right(starts, right)
        if low >= high:
            return None
        best: tuple[int, int, int] | None = None

        def consider(position: int) -> None:
            nonlocal best
            k = order[position]
            span = subjects[k].span
            if span.end > right or (skip is not None and skip(subjects[k])):
                return
            if span.last <= target.first:
                key = (weights[target.first] - weights[span.last], 0, k)
            elif span.first >= target.last:
                key = (weights[span.first] - weights[target.last], 1, k)
            else:
                key = (0, 0, k)
            if best is None or key < best:
                best = key

        middle = min(max(bisect.bisect_left(starts, target.start), low), high)
        for position in range(middle - 1, low - 1, -1):  # starting before the target
            reach = self.prefix_last[position]
            bound = (0, 0) if reach > target.first else (weights[target.first] - weights[reach], 0)
            if best is not None and bound > best[:2]:
                break
            consider(position)
        for position in range(middle, high):  # starting at or after it
            reach = self.suffix_first[position]
            if reach >= target.last and reach > target.first:
                bound = (weights[reach] - weights[target.last], 1)
            else:
                bound = (0, 0)
            if best is not None and bound > best[:2]:
                break
            consider(position)
        return subjects[best[2]] if best is not None else None
