"""Checks on what the answer asserts: the items it names, the values it binds to them, its statements.

The final answer stays free text. A scenario states what it must assert, and the
claim matcher (grading/claims/) reads the answer as claims, not as a bag of words:

- `answer-items`: the set of items of one kind (people, meetings, emails, to-dos,
  cards, ...). Every member must be asserted; any other item of the kind in the
  workspace counts as a wrong candidate and must not be asserted. An item named to
  rule it out ("the other two are Done", "Skilling sits at exactly 50%, so he's out"),
  as context (in a "Context" or "Why ..." section, unless listed there with a member or
  bare on its line), or as a labelled alternative
  ("office: ...") is not asserted; a negated
  or hedged member ("Louise Kitchen is not above 50%", "maybe Louise Kitchen") is not
  asserted either. `ordered` asks for the members in order.
- `answer-values`: values bound to their subjects: a percentage next to the person, a
  count next to the week, a time next to the meeting. Numbers are read as numbers
  (not inside dates, times, ids or list labels) in their usual spellings, matched to
  the writer's precision; a value stated for the wrong subject, negated, hedged or
  given only as a bound ("more than 5") does not count, and (for most kinds) another
  value of the same kind bound to the same subject contradicts it.
- `answer-text`: statements that must be made affirmatively ("completed", "off"),
  optionally about a subject.

An answer that takes itself back ("... Sorry, please disregard everything above") makes
no claim. The same claims check the text of sent messages (`sent-message` `body`).
"""

from __future__ import annotations

import bisect
import itertools
import re
import weakref
from collections.abc import Callable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from datetime import date, datetime
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from emailbench_gym.grading.checks.base import CheckBase, EpisodeView, Outcome
from emailbench_gym.grading.claims.analysis import Analysis, Binder, SubjectMention
from emailbench_gym.grading.claims.entities import ENTITY_KINDS, SYSTEM
from emailbench_gym.grading.claims.lexicon import (
    ANTONYMS,
    COUNTING_MEASURES,
    END_ROLES,
    RANK_ORDINALS,
    START_ROLES,
    TIE_WORDS,
)
from emailbench_gym.grading.claims.polarity import CueWords, Span
from emailbench_gym.grading.claims.roles import member_roles
from emailbench_gym.grading.claims.text import Text, word_tokens
from emailbench_gym.grading.claims.values import (
    RELATIVE_CAP,
    VALUE_KINDS,
    ValueMention,
    comparable,
    may_state,
    value_matches,
)
from emailbench_gym.grading.query import Strict

if TYPE_CHECKING:
    from emailbench_gym.grading.claims.entities import Universe

EntityKind = Literal[ENTITY_KINDS]  # type: ignore[valid-type]
ValueKind = Literal[VALUE_KINDS]  # type: ignore[valid-type]
Phrases = str | list[str]
#: Phrases that leave a list open: with them, the answer does not assert an exact set.
VAGUE_EXTENSIONS = (
    "and others",
    "among others",
    "amongst others",
    "and more",
    "and so on",
    "etc",
    "et cetera",
    "plus others",
    "or others",
    "and the rest",
    "and similar",
    "and possibly others",
    "and maybe others",
    "and a few others",
    "and several others",
)
#: Subjects naming all the candidates outside the items: with a clause ending in "either"
#: ("The rest haven't accepted either.") they join the items' set.
_WHOLE_COMPLEMENTS = (
    "the rest",
    "the others",
    "all the others",
    "the remaining ones",
    "everyone else",
    "everybody else",
    "all the rest",
)
#: After "and the rest" / "and others" that follows no item, these make it the subject of a
#: clause of its own (the complement of what was named: "..., and the rest have no invitees"),
#: not an open end of the list ("Kean, Pryor and others haven't accepted" stays open).
_COMPLEMENT_VERBS = frozenset(
    {
        "have",
        "has",
        "had",
        "are",
        "is",
        "were",
        "was",
        "all",
        "do",
        "did",
        "don't",
        "didn't",
        "haven't",
        "hasn't",
        "aren't",
        "isn't",
        "weren't",
        "wasn't",
    }
)
#: universe -> (kind, member keys) -> every other key of the kind (`universe_keys`)
_OTHER_KEYS: weakref.WeakKeyDictionary[
    Universe, dict[tuple[str, frozenset[str]], frozenset[str]]
] = weakref.WeakKeyDictionary()
_BOLD = re.compile(r"\*\*[^*\n]+\*\*|__[^_\n]+__")
_RULE_ROW = re.compile(r"^[\s|:\-]*$")  # a table's "|---|---|" line


#: Between a count and the set it is a part of ("two of the unread ones", "3 of your unread").
_PARTITIVE = re.compile(r"\s+of\s+(?:the|those|these|your|my|her|his|their)\s+(?:\w+\s+)?", re.I)
#: Between two values listed in a run ("5 emails, 4 emails", "Oct 16, Oct 24", "5/4").
_RUN_GAP = re.compile(r"[ \t]*(?:[A-Za-z]+\.?[ \t]*)?(?:,|/|&|\band\b)[ \t]*")
#: Kinds where a second value for the same subject contradicts the first (not counts: "5 - 3 in, 2 out").
EXCLUSIVE_BY_DEFAULT = frozenset({"percent", "money", "duration", "time", "date", "size", "phone"})


#: A note that the list is written in the reverse of its order ("(In reverse order.)").
_REVERSED = re.compile(
    r"(?<!not\s)\b(?:in|listed\s+in|shown\s+in|given\s+in)\s+(?:the\s+)?(?:reverse|reversed|opposite"
    r"|inverse|inverted)\s+order\b(?!\s+(?:of|from|to)\b)|\(\s*(?:reverse|reversed)\s+order\s*\)"
    r"|\b(?:listed|written|ordered|sorted|ranked)\s+backwards\b|\border\s+is\s+reversed\b",
    re.I,
)


def says_reversed(text: str) -> str | None:
    """The words saying an ordered list is written in reverse, if the text has them: the
    order it states is then the opposite of the one it shows."""
    match = _REVERSED.search(text)
    return match.group(0) if match else None


#: After "first"/"last", "most"/"least", words that make them no measure ("last week", "at least").
_NOT_A_MEASURE = re.compile(
    r"\s+(?:week|month|year|night|time|quarter|weekend|[a-z]+day)\b|\s+of\s+(?:them|these|those|the|it)\b",
    re.I,
)
_NEGATED_BEFORE = re.compile(r"(?:\bnot|n't|\bat|\bnor|\bno)\s+(?:the\s+|a\s+)?$", re.I)


@lru_cache(maxsize=512)
def _measure_pattern(phrase: str) -> re.Pattern[str]:
    return re.compile(
        r"(?<![\w-])" + r"\s+".join(map(re.escape, phrase.split())) + r"(?![\w-])", re.I
    )


def _stated_measures(text: str, phrases: list[str]) -> list[str]:
    """The phrases the text states as a measure (not negated, not 'last week', 'at least')."""
    found = []
    for phrase in phrases:
        for match in _measure_pattern(phrase).finditer(text):
            if _NEGATED_BEFORE.search(text, max(0, match.start() - 12), match.start()):
                continue
            if _NOT_A_MEASURE.match(text, match.end()):
                continue
            found.append(match.group(0))
    return found


def opposite_measure(text: str, measure: list[str]) -> str | None:
    """The opposite of the asked measure, when the text states it and never the measure itself
    ("The earliest email is ..." for "what's the latest email?")."""
    return _opposite_measure(text, tuple(measure))


@lru_cache(maxsize=1024)  # every grade of an episode reads the same answer again
def _opposite_measure(text: str, measure: tuple[str, ...]) -> str | None:
    if not measure or _stated_measures(text, measure):
        return None
    opposites = [o for m in measure for o in ANTONYMS.get(m.casefold(), ())]
    stated = _stated_measures(text, opposites)
    return stated[0] if stated else None


_MORE = {"most": "more", "least": "less"}


def _comparative(superlative: str) -> str | None:
    """ "earliest": "earlier", "oldest": "older", "least recent": "less recent"; None for a
    word that is no superlative ("last")."""
    first, _, rest = superlative.partition(" ")
    if first in _MORE and rest:
        return f"{_MORE[first]} {rest}"
    if rest or not first.endswith("est") or len(first) < 6:
        return None
    return first[:-3] + "er"


def alternatives(phrases: Phrases) -> list[str]:
    return [phrases] if isinstance(phrases, str) else list(phrases)


class _Claim(CheckBase):
    """What every answer claim shares: the question's predicate and ruling-out words."""

    predicate: list[str] = Field(
        [],
        description="Words of the question's own (negative) predicate: 'accept' for 'who hasn't accepted?'.",
    )
    ruled_out: list[str] = Field(
        [],
        description="Words that mark a named item as ruled out or a labelled alternative ('Done', 'office').",
    )
    measure: list[str] = Field(
        [],
        description="The measure the question asks ('latest', 'most'): the claim's values mean "
        "something only under it, so an answer that states its opposite (lexicon ANTONYMS) and "
        "never the measure fails.",
    )

    @field_validator("measure")
    @classmethod
    def _known_measure(cls, value: list[str]) -> list[str]:
        unknown = [m for m in value if m.casefold() not in ANTONYMS]
        if unknown:
            raise ValueError(f"measure {unknown} has no antonyms; known: {', '.join(ANTONYMS)}")
        return value

    @cached_property
    def cue_words(self) -> CueWords:
        """The claim's cue words, tokenised once per check (a pure function of its fields)."""
        return CueWords.of(self.predicate, self.ruled_out)

    def check(self, episode: EpisodeView) -> Outcome:
        analysis = episode.analysis
        if analysis.unread:  # fails unread, however long or dense (grading stays bounded)
            return self.judge(analysis)
        withdrawn = episode.takes_back(episode.answer)
        if withdrawn:  # "... Sorry, please disregard everything above": nothing is asserted
            return Outcome(False, "the answer makes the claim", f"takes itself back: {withdrawn!r}")
        opposite = opposite_measure(analysis.text.text, self.measure)
        if opposite:
            return Outcome(False, f"the {self.measure[0]}", f"states the opposite: {opposite!r}")
        return self.judge(analysis)

    def judge(self, analysis: Analysis) -> Outcome:
        """`evaluate(analysis)`, worked out once per analysis: a claim's outcome depends on
        nothing but the text read, and the same answer (or sent body) is graded again with
        every regrade, audit mutant of the end state and vector copy of an episode."""
        kept = analysis.outcomes.get(id(self))
        if kept is None or kept[0] is not self:
            kept = analysis.outcomes[id(self)] = (self, self.evaluate(analysis))
        return kept[1]

    def evaluate(self, analysis: Analysis) -> Outcome:  # pragma: no cover - abstract
        raise NotImplementedError


def _subject_ref(ref: str) -> tuple[str, str]:
    kind, sep, key = ref.partition(":")
    if not sep or kind not in ENTITY_KINDS:
        raise ValueError(
            f"subject {ref!r} must look like 'kind:key' with kind one of {', '.join(ENTITY_KINDS)}"
        )
    return kind, key


def _subjects(
    analysis: Analysis, kinds: set[str], phrases: list[list[str]]
) -> list[SubjectMention]:
    """Every place the answer names an entity of these kinds, or a subject given as phrases
    (each list is one subject: any of its phrases names it, keyed by the first)."""
    found = []
    for kind in kinds:
        for span, keys in analysis.entity_spans(kind):
            found.append(SubjectMention(span, frozenset(f"{kind}:{k}" for k in keys)))
    named: dict[Span, set[str]] = {}
    for group in phrases:
        for span in analysis.phrase_spans(group):
            named.setdefault(span, set()).add(f"phrase:{group[0]}")
    found.extend(SubjectMention(span, frozenset(keys)) for span, keys in named.items())
    return found


#: After an owner's possessive, a thing that is not mail, of a kind the answer names ("Jeff's
#: 2pm meeting"): an organizer's or assignee's, where mail's owner would be its sender.
_OWNED_THING = re.compile(
    r"\s+(?:[\w:.-]+\s+){0,2}?(?:meeting|invite|invitation|card|to-do|todo|task|event|lunch"
    r"|call|review)s?\b",
    re.I,
)


#: A sentence opening with the user's own thing, up to its verb ("Your talking points to-do
#: for Skilling isn't started"): who is named in there is whose or whom the thing is for.
_YOUR_SUBJECT = re.compile(
    r"[\s*_]*your\s+[^.;:!?\n]*?(?=\s(?:is|isn't|is not|are|aren't|was|wasn't|has|hasn't|had"
    r"|will|won't|needs|still)\b)",
    re.I,
)


def _in_your_subject(analysis: Analysis, spans: list[Span]) -> set[int]:
    """Indexes of the spans named as whom the user's own thing is for, in the subject of a
    sentence that opens with that thing ("Your talking points to-do for Skilling isn't
    started"), before its verb."""
    text = analysis.text
    found = set()
    for k, span in enumerate(spans):
        start, _ = text.sentences[text.sentence_of(span.start)]
        subject = _YOUR_SUBJECT.match(text.text, start)
        if (
            subject
            and start < span.start
            and span.end <= subject.end()
            and re.search(r"\bfor\s+$", text.text[start : span.start], re.I)
        ):
            found.add(k)
    return found


def _whose(
    analysis: Analysis, mentions: list[tuple[Span, list[str]]], members: set[str], predicate: bool
) -> set[int]:
    """Indexes of the mentions that name whose a thing is, or whom it is for, where that says
    nothing of the claim: an owner in the possessive ("Jeff's 2pm meeting", "Sally Beck is on
    Jeff Skilling's Q3 Earnings Release Prep") in a sentence a member is named in before it,
    or under a claim with predicate words (its own words then decide: `member_roles`); and
    whom the user's own thing is for ("Your talking points to-do for Skilling isn't started").
    A question about owners (no predicate, the owner opening the sentence: "Richard
    Shapiro's FERC Review has ...") keeps them as before (`owners_as_context` decides)."""
    text = analysis.text
    spans = [span for span, _ in mentions]
    found = _in_your_subject(analysis, spans)
    for k in _owner_mentions(analysis, spans, things=True):
        sentence = text.sentence_of(spans[k].start)
        after_member = any(
            not members.isdisjoint(keys)
            and span.start < spans[k].start
            and text.sentence_of(span.start) == sentence
            for span, keys in mentions
        )
        if predicate or after_member:
            found.add(k)
    return found


def _owner_mentions(analysis: Analysis, spans: list[Span], things: bool = False) -> set[int]:
    """Indexes of the spans written in the possessive right before another named item ("Richard
    Shapiro's FERC Review", "Louise Kitchen's \"EnronOnline September statistics\""), or, with
    `things`, before a thing that is not mail: a named one or a meeting, card or to-do the
    answer speaks of ("Jeff Skilling's Q3 Earnings Release Prep", "Jeff's 2pm meeting")."""
    text = analysis.text.text
    entities = analysis.entities
    starts = [m.start for m in entities]
    owners = set()
    for k, span in enumerate(spans):
        if not text[span.start : span.end].endswith(("'s", "’s")):
            continue
        gap = re.match(r"[\s\"'*“‘]*", text[span.end :])
        after = span.end + (gap.end() if gap else 0)
        found = bisect.bisect_left(starts, after)
        named = found < len(starts) and starts[found] == after
        if things:
            mail = named and all(kind == "message" for kind, _ in entities[found].refs)
            named = (named and not mail) or bool(_OWNED_THING.match(text, span.end))
        if named:
            owners.add(k)
    return owners


#: Words right before a system account's name that make it the platform or service it is named
#: after, not a sender: "ready for EnronOnline", "listed on EnronOnline", "via GasBank".
_PLATFORM_PREPOSITIONS = frozenset({"on", "onto", "for", "into", "via", "through", "across", "in"})


def _platform_mentions(analysis: Analysis, mentions: list[tuple[Span, list[str]]]) -> set[int]:
    """Indexes of the person mentions that name only system accounts (userType "system"),
    written right after a preposition of place or purpose, or after one and "the" where it
    modifies the noun after it ("the products are ready for EnronOnline", "positions on
    EnronOnline", "the staff lead on the EnronOnline data request"): the account is named after
    a platform, and there the text names the platform. Written as a sender ("from EnronOnline", "EnronOnline sent",
    a list item, even one opening "via EnronOnline"), it is the account."""
    text = analysis.text
    systems = {
        key for key, entity in analysis.universe.of_kind("person").items() if SYSTEM in entity.roles
    }
    found = set()
    for k, (span, keys) in enumerate(mentions):
        if not keys or not systems.issuperset(keys) or span.first == 0:
            continue
        before = text.tokens[span.first - 1]
        gap = text.text[before.end : span.start]
        if before.norm == "the" and span.first > 1 and gap.strip(" \t") == "":
            # "the staff lead on the EnronOnline data request": the name modifies a noun after
            # it (a lower-case word, no punctuation between), so it names the platform
            after = text.text[span.end : span.end + 2]
            if not re.match(r"[ \t][a-z]", after):
                continue
            article, before = before, text.tokens[span.first - 2]
            gap = text.text[before.end : article.start]
        if (
            before.norm in _PLATFORM_PREPOSITIONS
            and gap.strip(" \t") == ""
            and not _opens_item(text, before.start)
        ):
            found.add(k)
    return found


def _opens_item(text: Text, start: int) -> bool:
    """Whether `start` opens a line (after its list marker and emphasis) or a table cell: a
    list item or cell opening "via EnronOnline (6:30): ..." names the account as its item."""
    cell = text.table_cell(start)
    if cell is not None:
        return re.fullmatch(r"[\s*_]*", text.text[cell[1] : start]) is not None
    return text.opens_line(start)


#: A person named as the one a passed-on message comes from: the subject of a reporting verb
#: ("Jeff asks you to bring a one-page reserve walk", "Jeff wants you to take 15 minutes") or the
#: owner of a message ("Marcus's model v3 email of October 10 has the core numbers").
_REPORTING_VERB = re.compile(
    r"[ \t]+(?:also[ \t]+)?(?:says|said|asks|asked|wants|wanted|writes|wrote|mentions|mentioned"
    r"|notes|noted|adds|added|suggests|suggested|tells|told|reminds|reminded|emailed)\b",
    re.I,
)
_OWNED_MESSAGE = re.compile(
    r"(?:[ \t]+[\w-]+){0,4}?[ \t]+(?:e-?mails?|messages?|notes?|memos?)\b", re.I
)
#: Words that make the passed-on message about its writer ("Jeff says he hasn't accepted",
#: "Steve Kean asks to be counted too").
_SELF_REFERENCE = frozenset(
    {"he", "she", "him", "her", "his", "hers", "himself", "herself", "i", "me", "my", "mine"}
    | {"too", "either", "neither", "likewise", "same"}
)
#: Context words that declare the people who write to you context ("email", "emailed", "sent").
_WRITING_CONTEXT = frozenset({"email", "emailed", "emails", "sent", "wrote", "from"})


def _source_mentions(analysis: Analysis, spans: list[Span], check: AnswerItemsCheck) -> set[int]:
    """Indexes of the person spans named as the source of what the answer passes on (a
    reporting verb's subject, a message's owner), in a sentence that says nothing of them in the
    claim's terms: none of its predicate words ("accept") and no pronoun standing for them. Only
    for a claim with a predicate, or whose context words already make writers context: for "who
    asked me to bring it?" the one who asks is the answer."""
    predicate = check.cue_words.predicate
    if check.kind != "person" or not (
        predicate or _WRITING_CONTEXT & {c.casefold() for c in check.context}
    ):
        return set()
    text, tokens = analysis.text, analysis.text.tokens
    found = set()
    for k, span in enumerate(spans):
        if text.text.endswith(("'s", "\u2019s"), span.start, span.end):
            if not _OWNED_MESSAGE.match(text.text, span.end):
                continue
        elif not _REPORTING_VERB.match(text.text, span.end):
            continue
        start, end = text.sentences[text.sentence_of(span.start)]
        if any(start <= other.start < span.start for other in spans):
            continue  # "John, Marcus Hale says ...": one of a list, or after another person
        words = [tokens[i].norm for i in text.tokens_in(span.end, end)]
        before = [tokens[i].norm for i in text.tokens_in(start, span.start)]
        if predicate and any(w.startswith(predicate) for w in (*before, *words)):
            continue
        if _SELF_REFERENCE & set(words):
            continue
        found.add(k)
    return found


def _counted_elsewhere(
    analysis: Analysis,
    mentions: list[tuple[Span, list[str]]],
    polarity: list[str],
    members: set[str],
    check: AnswerItemsCheck,
) -> set[int]:
    """Indexes of the mentions of non-members that the answer gives a count other than its
    members' ("Tanya, Steven and John were each cc'd on exactly 3 ... Richard Shapiro, Priya
    Raman and Marcus Hale were on 2 each", "Trading sends you the most mail: ten messages ...
    Government Affairs and Risk Management have five each"), for a claim whose members are the
    items with one count: its `count`, or under a counting measure the counts of the sentences
    asserting a member. Only in a sentence of prose (not a list item, a table row or a line
    under a header, which says what they are) that names no member, gives counts and none of
    the members', adds nothing to the answer ("also"), puts nothing level with it ("ties")
    and does not state the measure ("Executive also sends the most")."""
    text = analysis.text
    if check.cutoff is not None:
        return _cut_off_elsewhere(analysis, mentions, members, check.cutoff)
    if check.count is not None:
        wanted = {float(check.count)}
    elif COUNTING_MEASURES.intersection(m.casefold() for m in check.measure):
        wanted = _members_counts(analysis, mentions, polarity, members, check.kind)
    else:
        return set()
    if not wanted:
        return set()
    named_members = {
        text.sentence_of(span.start) for span, keys in mentions if not members.isdisjoint(keys)
    }
    counts: dict[int, set[float]] = {}
    for v in analysis.values:  # (the word "one" is as often a pronoun: "the top one would be")
        if v.kind == "number" and text.text[v.start : v.end].casefold() != "one":
            counts.setdefault(text.sentence_of(v.start), set()).update(map(float, v.values))
    found = set()
    for k, (span, keys) in enumerate(mentions):
        sentence, line = text.sentence_of(span.start), text.line_of(span.start)
        given = counts.get(sentence)
        if not given or given & wanted or sentence in named_members or not members.isdisjoint(keys):
            continue
        if (
            text.is_table_row(line)
            or text.list_marker_end(line) > text.lines[line][0]
            or text.header_of(line) is not None
        ):
            continue  # a list or table's header says what its rows are ("Top senders:")
        start, end = text.sentences[sentence]
        words = {text.tokens[i].norm for i in text.tokens_in(start, end)}
        if (
            words & TIE_WORDS
            or analysis.reader.adds_at(span.start)
            or _stated_measures(text.text[start:end], check.measure)
        ):
            continue
        found.add(k)
    return found


def _members_counts(
    analysis: Analysis,
    mentions: list[tuple[Span, list[str]]],
    polarity: list[str],
    members: set[str],
    kind: str,
) -> set[float]:
    """The counts the answer gives its members: the numbers of the sentences asserting a
    member that it binds to no other item (`_own_counts`)."""
    text = analysis.text
    sentences = {
        text.sentence_of(span.start)
        for (span, keys), mark in zip(mentions, polarity, strict=True)
        if mark == "asserted" and not members.isdisjoint(keys)
    }
    return {float(n) for v in _own_counts(analysis, kind, members, sentences) for n in v.values}


#: Measures whose top holds the greatest value of a kind (True) or the least (False), and that
#: kind: a runner-up given as much (or as little) is level with the top, or above it.
_TOP_VALUES: dict[str, tuple[str, bool]] = {
    "most": ("number", True),
    "fewest": ("number", False),
    "least": ("number", False),
    "biggest": ("size", True),
    "largest": ("size", True),
    "smallest": ("size", False),
}


def _tied_runners_up(
    analysis: Analysis,
    mentions: list[tuple[Span, list[str]]],
    polarity: list[str],
    members: set[str],
    check: AnswerItemsCheck,
) -> set[int]:
    """Indexes of the mentions of non-members in a part about the runners-up ("Next is ...")
    that gives them, in their own sentence and to no other item of the kind, the top's value
    under the measure: its count ("Trading, with ten messages ... Next is the Executive group,
    also with ten"), its size or one past it ("Next largest is X, 612,000 bytes"). A runner-up
    with the top's value is level with it, or above it, whatever rank word names it."""
    measured = [_TOP_VALUES[m.casefold()] for m in check.measure if m.casefold() in _TOP_VALUES]
    if not measured:
        return set()
    value_kind, upward = measured[0]
    parts = {
        k: part
        for k, (span, keys) in enumerate(mentions)
        if members.isdisjoint(keys)
        and (part := analysis.speaks_of_runners_up(span.start, check.measure)) is not None
    }
    if not parts:
        return set()
    text = analysis.text
    inside = [
        v
        for v in analysis.values
        if v.kind == value_kind
        and text.text[v.start : v.end].casefold() != "one"
        and any(a <= v.start < b for a, b in parts.values())
    ]
    if not inside:
        return set()
    prefix = f"{check.kind}:"
    subjects = _subjects(analysis, {check.kind, "person"}, [])
    own = {prefix + m for m in members}
    if value_kind == "number":
        wanted = _members_counts(analysis, mentions, polarity, members, check.kind)
        cap = 0.0
    else:  # the sizes the answer binds to a member, wherever it gives them
        sized = [v for v in analysis.values if v.kind == value_kind]
        spans = [_value_span(analysis, v) for v in sized]
        binder = analysis.binder(subjects, spans)
        wanted = {
            float(n)
            for v, span in zip(sized, spans, strict=True)
            if (bound := binder.bind(span)) is not None and not own.isdisjoint(bound.keys)
            for n in v.values
        }
        cap = RELATIVE_CAP.get(value_kind, 0.0)
    if not wanted:
        return set()

    # the top's own figure is its greatest: the others are its parts ("at 3 (2 from Richard
    # Shapiro, 1 reply from you)")
    top = max(wanted)

    def level(n: float) -> bool:
        return abs(n - top) <= top * cap

    def past(n: float) -> bool:
        return n > top * (1 + cap) if upward else n < top * (1 - cap)

    spans = [_value_span(analysis, v) for v in inside]
    binder = analysis.binder(subjects, spans)
    found = set()
    for k, (a, b) in parts.items():
        its = {prefix + key for key in mentions[k][1]}
        sentence = text.sentence_of(mentions[k][0].start)
        for v, span in zip(inside, spans, strict=True):
            if not a <= v.start < b or text.sentence_of(v.start) != sentence:
                continue  # (a part may go on into a sentence about the rest)
            bound = binder.bind(span)
            of_kind = {key for key in bound.keys if key.startswith(prefix)} if bound else set()
            if not of_kind <= its:
                continue
            # a value bound to nothing may count the runners-up ("there are 9 of them"): only
            # a size the answer binds to the runner-up itself can be past the top (a count of
            # the top may be read short: "at 3" a time, its "1 reply from you" left)
            if any(
                level(n) or (of_kind and value_kind != "number" and past(n))
                for n in map(float, v.values)
            ):
                found.add(k)
    return found


#: Words a sentence may open with before the subject it carries on about ("Actually it is
#: bigger", "But that one is larger").
_CARRYING_FILLERS = frozenset({"actually", "but", "and", "though", "although", "in", "fact"})
#: Subjects that carry on about the item named last before them ("It is second but larger").
_CARRIED_SUBJECTS = frozenset({"it", "that", "this", "which", "they", "these", "those"})


def _overturned_after(
    analysis: Analysis, mentions: list[tuple[Span, list[str]]], measure: Sequence[str]
) -> set[int]:
    """Indexes of the mentions named last before a sentence that puts its subject above the top
    and names no item of the kind itself, opening with a pronoun standing for the one before
    ("Next largest is X. It is second but larger.", "... That one is bigger, though.") or
    with no subject at all ("Second but larger."): the sentence carries on about that item."""
    text, tokens = analysis.text, analysis.text.tokens
    by_sentence: dict[int, int] = {}
    for k, (span, _keys) in enumerate(mentions):
        by_sentence[text.sentence_of(span.start)] = k  # the last mention of each sentence
    found = set()
    for sentence, k in by_sentence.items():
        following = sentence + 1
        if following >= len(text.sentences) or following in by_sentence:
            continue
        start, end = text.sentences[following]
        words = [i for i in text.tokens_in(start, end) if i not in analysis.masked]
        while words and tokens[words[0]].norm in _CARRYING_FILLERS:
            words = words[1:]
        if not words or not analysis.overturns_top(tokens[words[0]].start, measure):
            continue
        opening = tokens[words[0]].norm
        if opening in _CARRIED_SUBJECTS or opening in RANK_ORDINALS:
            found.add(k)
    return found


def _own_counts(
    analysis: Analysis, kind: str, members: set[str], sentences: set[int]
) -> list[ValueMention]:
    """The numbers of the sentences asserting a member, less those the answer binds to another
    item, of the kind or a person ("Trading, with ten messages: Louise Kitchen sent five, John
    Lavorato three": ten is Trading's, five and three are its senders' breakdown)."""
    text = analysis.text
    numbers = [
        v for v in analysis.values if v.kind == "number" and text.sentence_of(v.start) in sentences
    ]
    if not numbers:
        return []
    spans = [_value_span(analysis, v) for v in numbers]
    binder = analysis.binder(_subjects(analysis, {kind, "person"}, []), spans)
    own = {f"{kind}:{m}" for m in members}
    return [
        v
        for v, span in zip(numbers, spans, strict=True)
        if (bound := binder.bind(span)) is None or not own.isdisjoint(bound.keys)
    ]


class Cutoff(Strict):
    """The bound a value must pass to make an item a member ("more than 50% unread")."""

    kind: Literal["percent", "count"]
    op: Literal["gt", "gte", "lt", "lte"]
    value: float

    def holds(self, number: float) -> bool:
        return {
            "gt": number > self.value,
            "gte": number >= self.value,
            "lt": number < self.value,
            "lte": number <= self.value,
        }[self.op]


def _cut_off_elsewhere(
    analysis: Analysis, mentions: list[tuple[Span, list[str]]], members: set[str], cutoff: Cutoff
) -> set[int]:
    """Indexes of the mentions of non-members in a sentence of prose that gives values of the
    cutoff's kind, none of which passes it, and names no member ("Steven Kean, Rob Delacroix and
    EnronOnline are each at 1 of 3 (33.3%)" for "people with >50% unread"): what it names falls
    short, as `_counted_elsewhere` reads another count. A list item, a table row or a line
    under a header says what it is by its place; a sentence that adds ("also") or puts things
    level ("ties") is not one that sets them apart."""
    text = analysis.text
    given: dict[int, list[float]] = {}
    for v in analysis.values:
        if v.qualifier is not None:
            continue
        if comparable(v, cutoff.kind):
            numbers = [float(n) for n in v.values]
        elif cutoff.kind == "percent" and v.ratio is not None and v.ratio[1]:
            numbers = [100 * v.ratio[0] / v.ratio[1]]  # "9/12" read as a date too
        else:
            continue
        given.setdefault(text.sentence_of(v.start), []).extend(numbers)
    named_members = {
        text.sentence_of(span.start) for span, keys in mentions if not members.isdisjoint(keys)
    }
    found = set()
    for k, (span, _keys) in enumerate(mentions):
        sentence, line = text.sentence_of(span.start), text.line_of(span.start)
        numbers = given.get(sentence)
        if not numbers or any(map(cutoff.holds, numbers)) or sentence in named_members:
            continue
        if (
            text.is_table_row(line)
            or text.list_marker_end(line) > text.lines[line][0]
            or text.header_of(line) is not None
        ):
            continue
        start, end = text.sentences[sentence]
        words = {text.tokens[i].norm for i in text.tokens_in(start, end)}
        if words & TIE_WORDS or analysis.reader.adds_at(span.start):
            continue
        found.add(k)
    return found


#: A doubt about the item written right before its name ("I might be wrong about Louise
#: Kitchen", "I'm not sure about Sally Beck"): it takes back an item asserted elsewhere.
_DOUBT_ABOUT = re.compile(
    r"\b(?:wrong|sure|certain|unsure|uncertain|doubts?|confident|mistaken)\s+"
    r"(?:about|on|regarding|of|with)\s+(?:the\s+)?$",
    re.I,
)
#: A sentence that denies, through a pronoun, that the item named before it belongs to the
#: answer ("Louise Kitchen is listed above. She isn't actually one of them.").
_PRONOUN_DENIAL = re.compile(
    r"^\W*(?:they|he|she|it|this one|that one)(?:\s+(?:is|are|was|were|does|do|did))?"
    r"(?:\s*n[\'\u2019]t|\s+not)\s+(?:\w+\s+){0,2}?"
    r"(?:one of|included|counted|part of|belong|on th(?:e|is) list|in th(?:e|is) list|among|"
    r"right|correct|relevant|qualify|count)",
    re.I,
)


def _taken_back(text: Text, span: Span) -> bool:
    """Whether a hedged or negated mention of a member takes back the member asserted
    elsewhere: a doubt written right before its name, or a pronoun in the next sentence that
    denies it belongs to the answer. A hedge or a negation of something else said of it ("Sally's
    URGENT one is probably worth a look", "you haven't responded to the Dynegy Review") does not."""
    line_start = text.text.rfind("\n", 0, span.start) + 1
    if _DOUBT_ABOUT.search(text.text[line_start : span.start]):
        return True
    sentence = text.sentence_of(span.start)
    if sentence + 1 >= len(text.sentences):
        return False
    start, end = text.sentences[sentence + 1]
    return bool(_PRONOUN_DENIAL.match(text.text[start:end]))


def _outside_member_columns(
    text: Text, mentions: list[tuple[Span, list[str]]], polarity: list[str], members: set[str]
) -> set[int]:
    """Indexes of the mentions in a table's body that sit in a column holding no asserted
    member, in a table where some column does: the members' column is the answer's role, and
    the other columns say something else about each row ("| Accepted | Not yet accepted |",
    "| From | Cc |"). A non-member in a members' column is asserted as one of them."""
    where: dict[int, tuple[int, int]] = {}  # mention -> (table's first line, column)
    member_columns: dict[int, set[int]] = {}
    for k, (span, keys) in enumerate(mentions):
        cell = text.table_cell(span.start)
        if cell is None or text.table_cell(span.end - 1) != cell:
            continue
        line = text.line_of(span.start)
        head = text.table_head(line)
        if head == line:
            continue
        where[k] = (head, cell[0])
        if polarity[k] == "asserted" and any(key in members for key in keys):
            member_columns.setdefault(head, set()).add(cell[0])
    return {
        k
        for k, (head, column) in where.items()
        if head in member_columns
        and column not in member_columns[head]
        and not any(key in members for key in mentions[k][1])
    }


def _listed_contents(
    analysis: Analysis, mentions: list[tuple[Span, list[str]]], kind: str, members: set[str]
) -> set[int]:
    """Indexes of the mentions in a listing of a container's contents: a table row keyed by one
    container ("| Executive Team | Jeff Skilling, Louise Kitchen, ... |"), a line labelled by
    it ("Trading Desk: Louise Kitchen, John Lavorato, Tanya Ortiz") or a sentence naming it
    before them ("Your Q4 Risk Review Kickoff on Friday has A, B, C and D"), whose cell, line
    or sentence names exactly what the container holds in the workspace (a contact group's
    members, a meeting's attendees: every one, once, nothing else; or all but the claim's
    members, "Executive Team also has A, B" after the members were named). Such a listing describes the container, not the answer set ("who is
    in more than one group?" answered above a table of every group's members); one item more,
    less or twice and it is read as usual."""
    contents = analysis.universe.contents
    if not contents:
        return set()
    text = analysis.text
    starts = [m.start for m in analysis.entities]
    units: dict[tuple[int, int], tuple[tuple[str, str], list[int]]] = {}
    sentence_units: set[int] = set()  # where the units that are sentences start
    for k, (span, _keys) in enumerate(mentions):
        line = text.line_of(span.start)
        line_start, line_end = text.lines[line]
        cell = text.table_cell(span.start)
        if cell is not None:
            bars = [i for i in range(line_start, line_end) if text.text[i] == "|"]
            if cell[0] == 0 or len(bars) < 2 or text.table_head(line) == line:
                continue
            label, unit = (bars[0] + 1, bars[1]), (cell[1], cell[2])
        else:
            opening = text.list_marker_end(line)
            sentence = text.sentences[text.sentence_of(span.start)]
            colon = text.text.find(":", max(opening, sentence[0]), span.start)
            if colon >= 0:
                label, unit = (opening, colon), (colon + 1, line_end)
            else:  # "Your Q4 Risk Review Kickoff on Friday has A, B, C and D."
                head = next(
                    m.start
                    for m, _ in mentions
                    if sentence[0] <= m.start
                    and text.sentence_of(m.start) == text.sentence_of(span.start)
                )
                label, unit = (max(sentence[0], opening), head), sentence
                sentence_units.add(sentence[0])
        low = bisect.bisect_left(starts, label[0])
        high = bisect.bisect_left(starts, label[1])
        holders = {
            ref
            for m in analysis.entities[low:high]
            if m.end <= label[1]
            for ref in m.refs
            if ref in contents and ref[0] != kind
        }
        if len(holders) != 1:
            continue
        (holder,) = holders
        units.setdefault(unit, (holder, []))[1].append(k)
    found: set[int] = set()
    held = {(kind, key) for key in members}
    lists = analysis.reader.lists_of([span for span, _ in mentions])
    for (start, _end), (holder, listed) in units.items():
        if start in sentence_units and len({lists[k] for k in listed}) != 1:
            continue  # a sentence lists them in one list, or it says more of some
        named = [(kind, key) for k in listed for key in mentions[k][1]]
        rest = contents[holder] - held  # "Executive Team also has ...": all but the members
        if len(named) == len(set(named)) and set(named) in (contents[holder], rest):
            found.update(listed)  # each one once
    return found


def _rows_of_another_kind(
    analysis: Analysis, mentions: list[tuple[Span, list[str]]], kind: str, members: set[str]
) -> set[int]:
    """Indexes of the mentions in the later cells of a table keyed by items of another kind,
    one that names no member of the claim ("| To-do | List | Linked email | Status |" over
    "| Send corrections ... | FERC Prep | \"Privileged: FERC ... draft response\" | Done |"):
    each row says something of its own item (the to-do), and what it names of the claim's
    kind is an attribute of that item, not one of the claim's items."""
    text = analysis.text
    entities = analysis.entities
    starts = [m.start for m in entities]
    by_table: dict[int, list[int]] = {}
    for k, (span, _keys) in enumerate(mentions):
        cell = text.table_cell(span.start)
        line = text.line_of(span.start)
        if cell is None or cell[0] == 0 or text.table_head(line) == line:
            continue
        by_table.setdefault(text.table_head(line), []).append(k)
    found: set[int] = set()
    for listed in by_table.values():
        if any(not members.isdisjoint(mentions[k][1]) for k in listed):
            continue
        rows = {text.line_of(mentions[k][0].start) for k in listed}
        keyed = True
        for row in rows:
            start, end = text.lines[row]
            bars = [i for i in range(start, end) if text.text[i] == "|"]
            if len(bars) < 2:
                keyed = False
                break
            low = bisect.bisect_left(starts, bars[0])
            high = bisect.bisect_left(starts, bars[1])
            named = {k for m in entities[low:high] if m.end <= bars[1] for k, _ in m.refs}
            if not named or kind in named:
                keyed = False
                break
        if keyed:
            found.update(listed)
    return found


def _tables(text: Text) -> Iterator[list[int]]:
    """The line numbers of each markdown table in `text`, one list per run of table rows."""
    line, count = 0, len(text.lines)
    while line < count:
        if not text.is_table_row(line):
            line += 1
            continue
        table = []
        while line < count and text.is_table_row(line):
            table.append(line)
            line += 1
        yield table


def unemphasised_rows(text: Text) -> set[int]:
    """Lines of the plain rows of tables that set their answer rows in bold.

    A ranking table for "which department sends the most?" lists the runners-up under the
    answer; when some of its rows are bold ("| **Trading** | **ten** |") and others not, the
    plain rows are context: a non-member named there is not asserted. (A member in a plain
    row still counts as asserted.)
    """
    plain: set[int] = set()
    for table in _tables(text):
        rows = [r for r in table[1:] if not _RULE_ROW.match(text.text[slice(*text.lines[r])])]
        bold = {r for r in rows if _BOLD.search(text.text[slice(*text.lines[r])])}
        if bold and len(bold) < len(rows):
            plain.update(r for r in rows if r not in bold)
    return plain


_RANK_HEADERS = frozenset({"rank", "ranking", "place", "position"})


def lower_ranked_rows(text: Text) -> set[int]:
    """Lines of the rows of a ranking table ranked below its top ("| 4 (tie) | Jeff Skilling |"
    under "| Rank | Sender |" with rank 1 above): the runners-up, named as context."""
    lower: set[int] = set()
    for table in _tables(text):
        cells = [c.strip().casefold() for c in text.text[slice(*text.lines[table[0]])].split("|")]
        column = next((k for k, c in enumerate(cells) if c in _RANK_HEADERS), None)
        if column is None:
            continue
        ranks: dict[int, int] = {}
        for row in table[1:]:
            row_cells = text.text[slice(*text.lines[row])].split("|")
            found = (
                re.match(r"\s*\**#?(\d{1,3})\b", row_cells[column])
                if column < len(row_cells)
                else None
            )
            if found:
                ranks[row] = int(found.group(1))
        if ranks:
            top = min(ranks.values())
            lower.update(row for row, rank in ranks.items() if rank > top)
    return lower


class AnswerItemsCheck(_Claim):
    """The answer asserts exactly these items of one kind (in order, with `ordered`)."""

    type: Literal["answer-items"]
    kind: EntityKind
    members: list[str] = Field(description="The items: email addresses, ids or names, by kind.")
    ordered: bool = False
    exclusive: bool = Field(True, description="Asserting any other item of the kind fails.")
    candidates: list[str] | None = Field(
        None, description="Wrong candidates to watch (default: every other item of the kind)."
    )
    literals: dict[str, list[str]] = Field(
        {}, description="kind 'literal': the candidate items, key -> names (members among them)."
    )
    context: list[str] = Field(
        [],
        description="Words that make a non-member's mention context, not part of the answer "
        "('from', 'organized by'); they never count against a member.",
    )
    subject: str | None = Field(
        None,
        description="'kind:key': only the items the answer binds to this subject count, so the "
        "items it asserts about that subject are exactly the members ('who is from outside on "
        "the FERC Review').",
    )
    count: int | None = Field(
        None,
        description="The count that makes an item a member ('cc'd on exactly three'): a "
        "non-member the answer gives another count, in a sentence naming no member, is named as "
        "context ('Priya and Marcus were on 2 each'). Under a counting measure ('most') the "
        "members' count is read from the answer.",
    )
    cutoff: Cutoff | None = Field(
        None,
        description="The bound a value must pass to make an item a member ('>50% unread': "
        "percent gt 50): a non-member the answer gives only values on the other side of it, "
        "in a sentence naming no member, is named as context ('Steven Kean is at 33%').",
    )
    owners_as_context: bool = Field(
        False,
        description="An item named in the possessive right before another named item ('Richard "
        "Shapiro's FERC Review': its organizer; 'Louise Kitchen's \"Weather swap limits\"': its "
        "sender) is context, not an answer item (for questions that do not ask for owners).",
    )

    @field_validator("subject")
    @classmethod
    def _subject_shape(cls, value: str | None) -> str | None:
        if value is not None:
            _subject_ref(value)
        return value

    @model_validator(mode="after")
    def _literal_members(self) -> AnswerItemsCheck:
        if self.kind == "literal":
            unknown = [m for m in self.members if m not in self.literals]
            if unknown:
                raise ValueError(f"literal members {unknown} are not keys of 'literals'")
        return self

    @cached_property
    def context_words(self) -> list[str]:
        """The context words, and the comparatives of the measure's opposites: an item the
        answer calls "the earlier one" or "older" for "what's her latest email?" is named as
        what the measure is not ("The earlier one, from October 4, is ...")."""
        opposites = {o for m in self.measure for o in ANTONYMS.get(m.casefold(), ())}
        return [*self.context, *sorted(filter(None, map(_comparative, opposites)))]

    @cached_property
    def context_cue_words(self) -> CueWords:
        """The predicate with the context words as the ruling-out words (tokenised once)."""
        return CueWords.of(self.predicate, self.context_words, inflect=True)

    @staticmethod
    def _vague_extension(
        analysis: Analysis, mentions: list[tuple[Span, list[str]]], members: set[str]
    ) -> str | None:
        """An open-ended list ("..., and others", "etc.") in the items' paragraph, or the whole
        complement said to share a member's negative predicate ("The rest haven't accepted
        either.", the item named last before it a member): not an exact set."""
        text = analysis.text
        paragraphs = {text.paragraph_of(span.start) for span, _ in mentions}
        named = {i for span, _ in mentions for i in range(span.first, span.last)}
        for span in analysis.phrase_spans(list(VAGUE_EXTENSIONS)):
            if text.paragraph_of(span.start) not in paragraphs:
                continue
            after = text.tokens[span.last].norm if span.last < len(text.tokens) else ""
            if span.first - 1 not in named and after in _COMPLEMENT_VERBS:
                continue  # "..., are fully accepted, and the rest have no invitees": the others
            return text.text[span.start : span.end]
        for span in analysis.phrase_spans(list(_WHOLE_COMPLEMENTS)):
            if text.paragraph_of(span.start) not in paragraphs:
                continue
            clause = text.tokens_in(span.end, text.clause_of(span.start, span.end)[1])
            before = [keys for named_span, keys in mentions if named_span.end <= span.start]
            if (  # sharing what was said of the item before it: a member's predicate
                clause
                and text.tokens[clause[-1]].norm == "either"
                and before
                and not members.isdisjoint(before[-1])
            ):
                return text.text[span.start : text.tokens[clause[-1]].end]
        return None

    def _about_subject(self, analysis: Analysis, spans: list[Span]) -> list[bool]:
        """Per mention: whether it counts (all do, unless the check has a subject: then only the
        mentions the answer binds to it). Polarity is read over all of them first, so a list
        keeps its cues whichever subject each item belongs to."""
        if not self.subject:
            return [True] * len(spans)
        kind, ref = _subject_ref(self.subject)
        key = f"{kind}:{analysis.universe.key(kind, ref)}"
        binder = analysis.binder(_subjects(analysis, {kind}, []), spans)
        return [bool((bound := binder.bind(span)) and key in bound.keys) for span in spans]

    @staticmethod
    def _dismissed_in_sentence(
        analysis: Analysis,
        mentions: list[tuple[Span, list[str]]],
        polarity: list[str],
        as_context: list[str],
    ) -> dict[tuple[int, str], int]:
        """(sentence, key) -> the offset after which the sentence's mentions of an item refer
        to one it rules out, negates or names as context ("it overlaps the FERC Review, which
        you've already accepted, so the last half hour of the FERC Review runs into it",
        "Richard Shapiro's email ..., but that one was sent by Rick, so I did not count it"):
        every mention, for one ruled out or negated; for one named only as context (a role:
        "cc'd"), the later ones: an earlier mention gives its own role ("Steve Kean, \"RE:
        ...\" (to Jeff, Steve Kean cc'd)" names him as the author)."""
        text = analysis.text
        found: dict[tuple[int, str], int] = {}
        for (span, keys), mark, context in zip(mentions, polarity, as_context, strict=True):
            if mark in ("ruled_out", "negated") or context == "ruled_out":
                after = -1 if mark in ("ruled_out", "negated") else span.start
                for key in keys:
                    place = (text.sentence_of(span.start), key)
                    found[place] = min(found.get(place, after), after)
        return found

    def universe_keys(self, universe: Universe) -> tuple[set[str], AbstractSet[str]]:
        """(member keys, wrong-candidate keys). Without candidates, every other key of the
        kind is one, kept per universe and members (at 100k, 365,000 attachments: about 2 ms
        a grade to build again)."""
        members = {universe.key(self.kind, m) for m in self.members}
        if self.candidates is not None:
            return members, {universe.key(self.kind, c) for c in self.candidates} - members
        kept = _OTHER_KEYS.setdefault(universe, {})
        place = (self.kind, frozenset(members))
        wrong = kept.get(place)
        if wrong is None:
            wrong = kept[place] = frozenset(universe.keys_of(self.kind)).difference(members)
        return members, wrong

    def evaluate(self, analysis: Analysis) -> Outcome:
        members, wrong = self.universe_keys(analysis.universe)
        expected = {"members": sorted(members), "ordered": self.ordered}
        if analysis.unread:
            return Outcome(False, expected, analysis.unread)
        mentions = analysis.entity_spans(self.kind)
        spans = [span for span, _ in mentions]
        personal = self.kind == "person" if self.kind != "literal" else None
        polarity = analysis.reader.read(spans, self.cue_words, personal=personal)
        # a sentence carrying on about the runner-up named last ("Next largest is X. It is
        # second but larger.") puts it above the top as its own part would
        carried = _overturned_after(analysis, mentions, self.measure) if self.measure else set()
        if self.measure:  # "Next is X, though it is actually the most": the rank's words rule
            polarity = [  # out nothing in a part putting its subject above the top
                "asserted"
                if mark == "ruled_out"
                and (k in carried or analysis.overturns_top(span.start, self.measure, True))
                else mark
                for k, (span, mark) in enumerate(zip(spans, polarity, strict=True))
            ]
        if self.context_words:
            as_context = analysis.reader.read(spans, self.context_cue_words, personal=personal)
        else:
            as_context = polarity
        if self.owners_as_context:
            owners = _owner_mentions(analysis, spans)
            as_context = ["ruled_out" if k in owners else c for k, c in enumerate(as_context)]
        if self.kind == "person":
            platforms = _platform_mentions(analysis, mentions)
            as_context = ["ruled_out" if k in platforms else c for k, c in enumerate(as_context)]
        sources = _source_mentions(analysis, spans, self)
        if sources:  # asserted only: "Steve Kean says maybe" still hedges him
            as_context = [
                "ruled_out" if k in sources and polarity[k] == "asserted" else c
                for k, c in enumerate(as_context)
            ]
        # a zero count said of an item ("Archive: 0 unread") says it has none of what the
        # question counts: never a member, so context (a member's own zero is a value)
        zeros = analysis.reader.zero_counted(spans, self.cue_words)
        as_context = ["ruled_out" if k in zeros else c for k, c in enumerate(as_context)]
        tied: set[int] = set()  # runners-up given the top's value
        if self.measure:  # "Next largest is X", "Executive comes second": the runners-up
            parts = [analysis.speaks_of_runners_up(span.start, self.measure) for span in spans]
            # a part ranking a member ("X tops the list, ahead of the second-place A") may put
            # another above it: read as usual
            ranking_members = {
                part
                for part, (_, keys) in zip(parts, mentions, strict=True)
                if part and not members.isdisjoint(keys)
            }
            # a runner-up given the top count is level with it ("Next is X, also with ten"):
            # neither its rank words nor the part make it context
            tied = _tied_runners_up(analysis, mentions, polarity, members, self)
            polarity = ["asserted" if k in tied else p for k, p in enumerate(polarity)]
            as_context = [
                "asserted"
                if k in tied
                else "ruled_out"
                if part is not None and part not in ranking_members
                else c
                for k, (part, c) in enumerate(zip(parts, as_context, strict=True))
            ]
            # a part putting its subject above the top ("B is a close second, and actually a
            # bit bigger") asserts it, whatever rank or context words it holds
            as_context = [
                polarity[k]
                if k in carried or analysis.overturns_top(span.start, self.measure)
                else c
                for k, (span, c) in enumerate(zip(spans, as_context, strict=True))
            ]
        elsewhere = _counted_elsewhere(analysis, mentions, polarity, members, self)
        as_context = [
            "ruled_out" if k in elsewhere and k not in tied else c for k, c in enumerate(as_context)
        ]
        about = self._about_subject(analysis, spans)
        affirmed: dict[str, int] = {}
        affirmed_outside: set[str] = set()  # members asserted outside the context parts
        named_wrong: list[tuple[str, int]] = []
        hedged: set[str] = set()  # members some mention of which is hedged
        aside: set[int] | None = None  # lines naming non-members as context

        def in_context(offset: int) -> bool:
            nonlocal aside
            if aside is None:
                aside = (
                    unemphasised_rows(analysis.text)
                    | lower_ranked_rows(analysis.text)
                    | analysis.reader.context_lines
                )
            reader = analysis.reader
            return (
                analysis.text.line_of(offset) in aside
                or reader.in_context_range(offset)
                or reader.in_predicate_range(offset, self.cue_words.predicate)
            )

        lists: list[int] | None = None

        def listed_with_member(index: int) -> bool:
            """Whether the mention is written in one list with a member ("Priya's, Claire
            Boudreaux email", "\"Document retention policy - reminder, VaR backtesting results
            - August\""): what the list is said to be, the item is too, and context words never
            make a member context."""
            nonlocal lists
            if lists is None:
                lists = analysis.reader.lists_of(spans, self.cue_words)
            return any(
                lists[k] == lists[index] and not members.isdisjoint(mentions[k][1])
                for k in range(len(spans))
                if k != index
            )

        as_context = [
            mark
            if context == "ruled_out" and mark != "ruled_out" and listed_with_member(k)
            else context
            for k, (mark, context) in enumerate(zip(polarity, as_context, strict=True))
        ]
        dismissed = self._dismissed_in_sentence(analysis, mentions, polarity, as_context)
        # after `dismissed`: a column's role is its own, it says nothing of the same item's
        # mention in another column of the row ("| Accepted | Not yet accepted |")
        beside = _outside_member_columns(analysis.text, mentions, polarity, members)
        listings = _listed_contents(analysis, mentions, self.kind, members)
        if self.subject is None:  # (a subject's items are what each row gives of it)
            listings |= _rows_of_another_kind(analysis, mentions, self.kind, members)
        if listings and members <= {  # a listing excuses only an answer given outside it
            key
            for k, ((_span, keys), mark) in enumerate(zip(mentions, polarity, strict=True))
            if mark == "asserted" and k not in listings
            for key in keys
        }:
            beside |= listings
        as_context = ["ruled_out" if k in beside else c for k, c in enumerate(as_context)]
        for index, ((span, keys), mark, context, counted) in enumerate(
            zip(mentions, polarity, as_context, about, strict=True)
        ):
            if not counted:
                continue
            sentence = analysis.text.sentence_of(span.start)
            for key in keys:
                if (
                    key in members
                    and mark in ("hedged", "negated")
                    and _taken_back(analysis.text, span)
                ):
                    hedged.add(key)  # "I might be wrong about Louise." takes her back
                if key in members and mark == "asserted":
                    affirmed.setdefault(key, span.start)
                    if key not in affirmed_outside and not in_context(span.start):
                        affirmed_outside.add(key)
                elif key in wrong and mark in ("asserted", "hedged") and context != "ruled_out":
                    if dismissed.get((sentence, key), span.start) < span.start:
                        continue  # "... the FERC Review, which you've accepted, so the FERC Review"
                    named_wrong.append((key, index))
        # context parts explain an answer given elsewhere: with a member asserted only there
        # (or missing), the non-members they name are asserted ("**Context**" over the answer)
        answered = members <= affirmed_outside

        def overturning(index: int) -> bool:
            """Whether the mention's part puts it above the top ("X is second but bigger"), or
            level with it by its value ("Next is X, also with ten"), or the next sentence does
            of it ("Next largest is X. It is second but larger.")."""
            return bool(self.measure) and (
                index in tied
                or index in carried
                or analysis.overturns_top(spans[index].start, self.measure)
            )

        def as_context_part(index: int) -> bool:
            """A non-member named in a context part is context, unless the part says of it
            what the answer says of the members: listed with a member ("I can send Steven,
            EnronOnline a reminder", "| Meeting | Q3 Earnings Release Prep, Raptor Hedge
            Capacity Review |"), in a sentence that adds it to the answer's set ("Notes: the
            Weekly Credit Exposure Meeting also still needs an RSVP"), or listed bare under a context
            header ("### Notes" / "- Alan Whitcombe"), where nothing says why it is named."""
            span = spans[index]
            if not (answered and in_context(span.start)) or listed_with_member(index):
                return False
            if overturning(index):
                return False  # "Next largest is X, but actually larger": above the top
            if not self.measure and analysis.reader.adds_at(span.start):
                return False  # (under a measure, "X is also unread" adds no "oldest")
            return not (
                analysis.reader.bare_item(span)
                and analysis.text.line_of(span.start) in analysis.reader.context_lines
                and not analysis.reader.in_context_range(span.start)
            )

        roles: list[bool] | None = None
        if named_wrong:
            lists = analysis.reader.lists_of(spans, self.cue_words)
            stems = tuple(w for m in self.measure for w in word_tokens(m))
            roles = member_roles(
                analysis,
                mentions,
                polarity,
                members,
                lists,
                self.cue_words.predicate + stems,
                _whose(analysis, mentions, members, bool(self.cue_words.predicate)),
                self.cue_words,
            )
        claimed_wrong = [
            key
            for key, index in named_wrong
            if roles is not None
            and (roles[index] or overturning(index))  # a part overturning the top gives its role
            and not as_context_part(index)
        ]
        missing = sorted((members - set(affirmed)) | hedged)
        wrong_named = sorted(set(claimed_wrong)) if self.exclusive else []
        own = [m for m, counted in zip(mentions, about, strict=True) if counted]
        vague = self._vague_extension(analysis, own, members) if self.exclusive else None
        order_ok = True
        if self.ordered and not missing:
            wanted = [analysis.universe.key(self.kind, m) for m in self.members]
            positions = [affirmed[k] for k in dict.fromkeys(wanted)]
            order_ok = positions == sorted(positions) and not says_reversed(analysis.text.text)
        passed = not missing and not wrong_named and order_ok and not vague
        found: dict[str, Any] = {}
        if vague:
            found["not exhaustive"] = vague
        if missing:
            found["not asserted"] = missing
        if wrong_named:
            found["wrongly asserted"] = wrong_named
        if not order_ok:
            found["order"] = "out of order"
        return Outcome(passed, expected, found or "all asserted")


class ValueSpec(Strict):
    """One value the answer must state, bound to its subject."""

    subject: str | list[str] | None = Field(
        None,
        description="What the value is about: 'kind:key' (e.g. 'person:louise.kitchen@enron.com'), "
        "a list of phrases, or null for anywhere in the answer.",
    )
    role: list[str] = Field(
        [], description="Phrases telling this value from others of the subject."
    )
    kind: ValueKind
    value: Any = Field(
        description="count/number/percent: number; money: dollars; duration: minutes; size: bytes; "
        "time: 'HH:MM'; date: 'YYYY-MM-DD'; time-range: ['HH:MM', 'HH:MM']; phone: digits."
    )
    tolerance: float | None = Field(None, ge=0, description="Absolute slack, in the kind's unit.")
    exclusive: bool | None = Field(
        None, description="Another value of the kind bound to the subject contradicts this one."
    )
    required: bool = Field(
        True,
        description="false: the answer may leave the value out, but a different value of the "
        "kind bound to the subject contradicts it (a time given beside the date asked for).",
    )

    @field_validator("subject")
    @classmethod
    def _subject_shape(cls, value: Any) -> Any:
        if isinstance(value, str):
            _subject_ref(value)
        return value

    @model_validator(mode="after")
    def _value_shape(self) -> ValueSpec:
        self.expected()
        return self

    def expected(self) -> Any:
        """The value in the form the matcher compares (minutes, dates, digits...)."""
        value = self.value
        try:
            if self.kind == "time":
                return _minutes(value)
            if self.kind == "time-range":
                start, end = value
                return _minutes(start), _minutes(end)
            if self.kind == "date":
                return date.fromisoformat(value) if isinstance(value, str) else value
            if self.kind == "phone":
                return "".join(c for c in str(value) if c.isdigit())[-10:]
            return float(value)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"value {value!r} does not fit kind {self.kind!r}: {exc}") from None

    @property
    def is_exclusive(self) -> bool:
        return self.exclusive if self.exclusive is not None else self.kind in EXCLUSIVE_BY_DEFAULT

    def subject_key(self) -> str | None:
        if self.subject is None:
            return None
        if isinstance(self.subject, str):
            return self.subject
        return f"phrase:{self.subject[0]}"

    def describe(self) -> str:
        about = f" for {self.subject_key()}" if self.subject else ""
        role = f" ({'/'.join(self.role)})" if self.role else ""
        optional = "" if self.required else " (if given)"
        return f"{self.kind} {self.value}{about}{role}{optional}"


def _minutes(value: Any) -> int:
    if isinstance(value, int):
        return value
    parsed = datetime.strptime(str(value), "%H:%M")
    return parsed.hour * 60 + parsed.minute


class AnswerValuesCheck(_Claim):
    """The answer states each value, bound to its subject (in order, with `ordered`)."""

    type: Literal["answer-values"]
    values: list[ValueSpec] = Field(min_length=1)
    ordered: bool = False
    exhaustive: bool = Field(
        False,
        description="Every other asserted value of these kinds (for these subjects) fails the check.",
    )

    def _resolved_subject_keys(self, spec: ValueSpec, universe: Universe) -> str | None:
        if not isinstance(spec.subject, str):
            return spec.subject_key()
        kind, key = _subject_ref(spec.subject)
        return f"{kind}:{universe.key(kind, key)}"

    def _values_across_subjects(
        self,
        analysis: Analysis,
        given: Callable[[str, str, tuple[str, ...], list[ValueSpec], bool], list[ValueMention]],
    ) -> list[str]:
        """Values of one kind (and role) read across the subjects that have them. A subject given
        every subject's value ("Rob: 3 emails, 2 emails; Nathan: 3 emails, 2 emails"; every
        mobile under every person; "Priya: sent you 5, 4" under each direct report) is a kitchen
        sink, not an answer. Subjects given each other's values in a cycle ("Dynegy leads with
        4, then Andersen with 5" above a list that has them right) swap them: counts are not
        exclusive, so the right value elsewhere would otherwise cover the wrong one. A part of a
        breakdown is not its subject's value, so a correct split next to a total ("Dynegy: 5 (3
        from them, 2 to them)", "on 7 (To 4, Cc 3)") does neither. (`given(..., said)`: with
        the values said in a role beyond the subject's own; the kitchen-sink test reads
        without them, a breakdown there may name another subject's figure by chance.)"""
        groups: dict[tuple[str, tuple[str, ...]], list[tuple[str, ValueSpec]]] = {}
        for spec in self.values:
            key = self._resolved_subject_keys(spec, analysis.universe)
            if key is not None:
                groups.setdefault((spec.kind, tuple(sorted(spec.role))), []).append((key, spec))
        problems = []
        for (kind, roles), specs in groups.items():
            keys = sorted({key for key, _ in specs})
            if len(keys) < 2 or len({repr(spec.expected()) for _, spec in specs}) < 2:
                continue

            def states(values: list[ValueMention], spec: ValueSpec, kind: str = kind) -> bool:
                return any(
                    value_matches(v, kind, spec.expected(), spec.tolerance)
                    and not _whole_of_a_part(v, spec)  # "4 of those 8 are unread" states 4
                    for v in values
                )

            own = {key: [spec for k, spec in specs if k == key] for key in keys}
            values = {key: given(key, kind, roles, own[key], True) for key in keys}
            takes: dict[str, set[str]] = {}  # subject -> the subjects whose value it is given
            for key in keys:
                # without the values said in a role, which only a role adds
                unsaid = given(key, kind, roles, own[key], False) if roles else values[key]
                if all(states(unsaid, spec) for _, spec in specs):
                    problems.append(f"every subject's value given for {key}")
                    continue
                wrong = [v for v in values[key] if not any(states([v], spec) for spec in own[key])]
                takes[key] = {
                    other
                    for other in keys
                    if other != key and any(states(wrong, spec) for spec in own[other])
                }
            cycle = _cycle(takes)
            if cycle:
                problems.append(f"values swapped between {' and '.join(cycle)}")
                continue
            problems.extend(self._misstated_in_parallel(analysis, values, own, states))
        return problems

    def bindings(self, analysis: Analysis) -> dict[int, tuple[frozenset[str], frozenset[str]]]:
        """Start offset of each value the answer asserts -> (the subject keys, the role keys)
        it is bound to, read as `evaluate` binds them (the audit's operators use it to take
        each subject's own value, not the first number equal to it)."""
        kinds = {spec.kind for spec in self.values}
        subject_kinds = {
            _subject_ref(s.subject)[0] for s in self.values if isinstance(s.subject, str)
        }
        phrases = [s.subject for s in self.values if isinstance(s.subject, list)]
        subjects = _subjects(analysis, subject_kinds, phrases)
        roles = [
            SubjectMention(span, frozenset({f"role:{p}"}))
            for p in sorted({p for s in self.values for p in s.role})
            for span in analysis.phrase_spans([p])
        ]
        candidates = [v for v in analysis.values if any(may_state(v, k) for k in kinds)]
        spans = [_value_span(analysis, v) for v in candidates]
        polarity = analysis.reader.read(spans, self.cue_words)
        stated = [
            (v, span)
            for v, span, mark in zip(candidates, spans, polarity, strict=True)
            if mark == "asserted" and v.qualifier not in ("bound", "alternative", "corrected")
        ]
        binder = analysis.binder(subjects, [span for _, span in stated])
        role_binder = analysis.binder(roles)
        found = {}
        for v, span in stated:
            subject = _scheduled(analysis, v, binder.bind(span))
            if _runner_up_value(analysis, v, subject, self.measure):
                subject = None
            _, role = _value_role(analysis, v, span, roles, role_binder)
            found[v.start] = (
                subject.keys if subject else frozenset(),
                role.keys if role else frozenset(),
            )
        return found

    def evaluate(self, analysis: Analysis) -> Outcome:
        expected = [spec.describe() for spec in self.values]
        if analysis.unread:
            return Outcome(False, expected, analysis.unread)
        universe = analysis.universe
        kinds = {spec.kind for spec in self.values}
        subject_kinds = {
            _subject_ref(s.subject)[0] for s in self.values if isinstance(s.subject, str)
        }
        phrases = [s.subject for s in self.values if isinstance(s.subject, list)]
        subjects = _subjects(analysis, subject_kinds, phrases)
        role_phrases = sorted({p for s in self.values for p in s.role})
        roles = [
            SubjectMention(span, frozenset({f"role:{p}"}))
            for p in role_phrases
            for span in analysis.phrase_spans([p])
        ]
        candidates = [v for v in analysis.values if any(may_state(v, k) for k in kinds)]
        spans = [_value_span(analysis, v) for v in candidates]
        # a role's own words are never a negation of its value ("you haven't read four of
        # them" states the unread count under the role "haven't read")
        role_words = frozenset(i for r in roles for i in range(r.span.first, r.span.last))
        polarity = analysis.reader.read(spans, self.cue_words, role_words)
        stated = [
            (v, span)
            for v, span, mark in zip(candidates, spans, polarity, strict=True)
            if mark == "asserted" and v.qualifier not in ("bound", "alternative", "corrected")
        ]
        offered = [
            (v, span)
            for v, span, mark in zip(candidates, spans, polarity, strict=True)
            if mark == "asserted" and v.qualifier == "alternative"
        ]
        # a figure for another way of counting ("If you leave out the Done cards, it's 4 of 5
        # (80%)") is the answer's only when it gives no figure otherwise
        supposed = {id(v) for v, _span in stated + offered if analysis.reader.supposes(v.start)}
        if any(id(v) not in supposed for v, _span in stated):
            stated = [(v, span) for v, span in stated if id(v) not in supposed]
            offered = [(v, span) for v, span in offered if id(v) not in supposed]
        binder = analysis.binder(subjects, [span for _, span in stated + offered])
        bound = {id(v): _scheduled(analysis, v, binder.bind(span)) for v, span in stated}
        for v, _span in stated:  # "Next largest is the Q3 spreadsheet at 419,840 bytes"
            if _runner_up_value(analysis, v, bound[id(v)], self.measure):
                bound[id(v)] = None
        for v, _span in stated:  # "Rob and Nathan sent three each": the value of every one
            subject = bound[id(v)]
            if subject is not None and _EACH.match(analysis.text.text, v.end):
                bound[id(v)] = analysis.listed_with(subjects, subject)
        wholes = {v.start: bound[id(v)] for v, _span in stated}

        def part_of_own(v: ValueMention, key: str | None = None) -> bool:
            """A part of a breakdown that does not state a value of its own: one for no subject
            in particular, or bound to no subject or to the one named before the value it breaks
            down ("Dynegy: 3 (5 received, 2 sent)"; in "9 (5 from Louise, 4 from Sally)" the
            names belong to the parts)."""
            if v.part_of is None or v.part_of not in wholes:
                return False
            whole, mine = wholes[v.part_of], bound[id(v)]
            if key is None or mine is None:
                return True
            return whole is not None and whole.span.start < v.part_of and mine.keys == whole.keys

        role_binder = analysis.binder(roles)
        role_of = {}
        headed: set[int] = set()  # values in a table column its header gives a role
        keyed = [(spec, self._resolved_subject_keys(spec, universe)) for spec in self.values]
        # when every spec has a subject, the role of a value bound to none is never read
        anywhere = any(key is None for _, key in keyed)
        for v, span in stated if roles else ():
            if not anywhere and bound[id(v)] is None:
                continue
            in_table, role_of[id(v)] = _value_role(analysis, v, span, roles, role_binder)
            if in_table and role_of[id(v)] is not None:
                headed.add(id(v))
        _nearest_value_per_subject(analysis, stated, bound, role_of)

        def in_role_clause(v: ValueMention) -> bool:
            """The role phrase bound to `v` is in its clause ("8 of them are unread") or labels it
            ("Unread: 5"): role bindings reach far, and a contradiction needs the value said in
            that role."""
            role = role_of.get(id(v))
            if role is None:
                return False
            after = analysis.text.text[v.end : role.span.start]
            if role.span.start > v.end and _PARTITIVE.fullmatch(after):
                return False  # "Two of the unread ones arrived": a part of the set, not its size
            left, right = _clause_of_value(analysis.text, v)
            if left <= role.span.start < right:
                return True
            return labelled_by_role(v)

        def labelled_by_role(v: ValueMention) -> bool:
            """The role phrase bound to `v` is written right before it ("Unread: 5", "has sent
            you four emails"): the value is said in that role, however loose other bindings are."""
            role = role_of.get(id(v))
            if role is None:
                return False
            between = analysis.text.text[role.span.end : v.start]
            return role.span.end <= v.start and bool(re.fullmatch(r"[\s*]*[:=\-–]?[\s*]*", between))

        measured = _measured_columns(
            analysis.text,
            [
                (v, value_matches(v, spec.kind, spec.expected(), spec.tolerance))
                for spec, key in keyed
                if key is not None and spec.is_exclusive
                for v, _span in stated
                if comparable(v, spec.kind)
                and (b := bound[id(v)]) is not None
                and key in b.keys
                and not part_of_own(v, key)
            ],
        )
        problems: list[str] = []
        positions: list[int] = []
        span_ends = _span_ends(analysis) if self.ordered else set()
        used: set[int] = set()
        in_role: set[int] = set()  # values that state a spec given in a role ("down 236")
        text_of = analysis.text.text
        for spec in self.values:
            key = self._resolved_subject_keys(spec, universe)
            hedged = [
                analysis.text.text[v.start : v.end]
                for v, span in offered
                if comparable(v, spec.kind)
                and (key is None or ((s := binder.bind(span)) and key in s.keys))
            ]
            if hedged and (
                key is not None
                or any(
                    value_matches(v, spec.kind, spec.expected(), spec.tolerance) for v, _ in offered
                )
            ):
                problems.append(
                    f"offered as alternatives: {spec.describe()} ({' or '.join(hedged)})"
                )
                continue
            mine = []
            for v, _span in stated:
                if not may_state(v, spec.kind):
                    continue
                if spec.kind == "count" and v.qualifier == "approx":
                    continue
                if v.difference and not spec.role:  # "beats it by 90 KB" is not its size
                    continue
                if not spec.role and part_of_own(v, key):  # "5 (3 received, 2 sent)": 3 is a part
                    continue
                subject = bound[id(v)]
                if key is not None and (subject is None or key not in subject.keys):
                    continue
                if spec.role:
                    role = role_of.get(id(v))
                    bound_role = role is not None and any(
                        f"role:{p}" in role.keys for p in spec.role
                    )
                    if not bound_role and not _role_by_form(analysis, v, spec):
                        continue
                mine.append(v)
            hits = [
                v
                for v in mine
                if value_matches(v, spec.kind, spec.expected(), spec.tolerance)
                and not (key is not None and _whole_of_a_part(v, spec))
                and _range_side_matches(v, spec)
            ]
            siblings = [s for s in self.values if self._resolved_subject_keys(s, universe) == key]
            asserted_after = _asserted_after_asides(analysis.text, hits, mine, bound, siblings)
            if asserted_after:  # "X (2 of 3): 3 of 3": the aside is context for what follows
                hits = [v for v in hits if id(v) not in asserted_after]
                if not hits:
                    problems.append(
                        f"stated only in an aside, then asserted otherwise: {spec.describe()} "
                        f"({sorted(set(asserted_after.values()))})"
                    )
                    continue
            if not hits and spec.required:
                problems.append(f"not stated: {spec.describe()}")
                continue
            if not hits:
                denied = [
                    analysis.text.text[v.start : v.end]
                    for v, span, mark in zip(candidates, spans, polarity, strict=True)
                    if (
                        mark in ("negated", "hedged")
                        or (mark == "asserted" and v.qualifier in ("bound", "approx"))
                    )
                    and value_matches(v, spec.kind, spec.expected(), spec.tolerance)
                    and (key is None or ((b := binder.bind(span)) is not None and key in b.keys))
                ]
                if denied:  # "received October 5, not at 1:10 PM", "more than 4 unread"
                    problems.append(f"denied: {spec.describe()} ({denied})")
                    continue
            used.update(id(v) for v in hits)
            if spec.role:
                in_role.update(id(v) for v in hits)
            if spec.required:
                listed = [v for v in hits if v.start not in span_ends] or hits
                positions.append(min(v.start for v in listed))
            if (spec.is_exclusive or not spec.required) and key is not None:
                others = [
                    v
                    for v in mine
                    if v not in hits
                    and (
                        not spec.role
                        or (in_role_clause(v) and not _other_side(text_of, v, spec))
                        or _same_measure_in_row(analysis.text, v, hits)
                    )
                    and (comparable(v, spec.kind) or _ratio_in_role(v, spec))
                    and not _in_another_column(analysis.text, v, hits, measured)
                    and not v.rate  # "$671,000 per transaction" is no second notional
                ]
                clash = [
                    analysis.text.text[v.start : v.end]
                    for v in others
                    if _ratio_in_role(v, spec)  # "Unread: 5 of the 8" gives no side the role's
                    or not any(
                        value_matches(v, s.kind, s.expected(), s.tolerance)
                        for s in self.values
                        if self._resolved_subject_keys(s, universe) == key
                    )
                ]
                if clash:
                    problems.append(f"contradicted: {spec.describe()} but also {clash}")
        if self.exhaustive:
            keys = {self._resolved_subject_keys(s, universe) for s in self.values}
            for v, _span in stated:
                if id(v) in used or not any(comparable(v, k) for k in kinds):
                    continue
                if not role_phrases and part_of_own(v, "any"):
                    continue
                subject = bound[id(v)]
                if None in keys or (subject is not None and keys & subject.keys):
                    problems.append(f"unexpected value: {analysis.text.text[v.start : v.end]!r}")

        text = analysis.text.text
        subject_starts = sorted(m.span.start for m in subjects)
        in_order = sorted((v for v, _span in stated), key=lambda v: v.start)
        # values paired with their subjects "respectively" are each their own subject's
        pairs = analysis.respective_pairs(subjects, [span for _, span in stated])
        paired = {id(v) for v, span in stated if (span.start, span.end) in pairs}

        runs: dict[str, tuple[list[ValueMention], dict[int, int]]] = {}

        def run_with(anchor: ValueMention, kind: str) -> list[ValueMention]:
            """The values listed in a run with `anchor` ("16, 3 unread", "5 emails, 4 emails",
            "Oct 16, Oct 24"): nothing but a separator and a word between, no subject named,
            none paired with its own subject ("sent 3, 5 and 2 emails, respectively")."""
            if kind not in runs:
                line = [
                    v
                    for v in in_order
                    if v.part_of is None and may_state(v, kind) and id(v) not in paired
                ]
                runs[kind] = line, {id(v): i for i, v in enumerate(line)}
            line, index = runs[kind]
            if id(anchor) not in index:  # a part naming its own subject lists nothing
                return []
            run = []
            for step in (-1, 1):
                i = index[id(anchor)]
                while 0 <= i + step < len(line):
                    a, b = sorted((line[i], line[i + step]), key=lambda v: v.start)
                    named = bisect.bisect_left(subject_starts, a.end) < bisect.bisect_left(
                        subject_starts, b.start
                    )
                    if named or not _RUN_GAP.fullmatch(text, a.end, b.start):
                        break
                    i += step
                    run.append(line[i])
            return run

        def given(
            key: str, kind: str, roles: tuple[str, ...], own: list[ValueSpec], said: bool = True
        ) -> list[ValueMention]:
            """The values the answer states for this subject: those bound to it (in a role, only
            its own value there: the binding to the nearest role phrase is loose, every count on
            "sent you 5; on 7 (4 To, 3 Cc)" is nearest "sent you"), and the values listed in a
            run with its own value ("Inbox with 16, 3 unread"; "sent you 5 emails, 4 emails").
            Read without a role, a value that states one of the check's values in a role ("down
            236" in a "| Change |" row) is that role's, not one more of the plain measure."""
            mine = [
                v
                for v, _span in stated
                if may_state(v, kind)
                and (b := bound[id(v)]) is not None
                and key in b.keys
                and not part_of_own(v, key)
                and (roles or id(v) not in in_role)  # "| Change | down 236 | down 3 |"
            ]
            anchors = [
                v
                for v in mine
                if any(value_matches(v, kind, s.expected(), s.tolerance) for s in own)
                and (
                    not roles
                    or (
                        (r := role_of.get(id(v))) is not None
                        and any(f"role:{p}" in r.keys for p in roles)
                    )
                    # or by its form: opening a list item under a header naming the role
                    or any(_role_by_form(analysis, v, s) for s in own)  # "| -236 |"
                )
            ]
            # `said`: in a role, also the values said in it, labelled by its phrase ("Priya has
            # sent you four emails") or in the column it heads ("| Emails sent to you |"), one
            # of them another subject's is a swap; not in a sentence (a row) stating the
            # subject's own value, where they break it down ("she's on seven of yours: To on
            # four, Cc on three")
            sentence_of = analysis.text.sentence_of
            own_sentences = {sentence_of(v.start) for v in anchors}
            labelled = [
                v
                for v in mine
                if said
                and (labelled_by_role(v) or id(v) in headed)
                and (r := role_of.get(id(v))) is not None  # (a parenthesis may lose its role)
                and any(f"role:{p}" in r.keys for p in roles)
                and sentence_of(v.start) not in own_sentences
            ]
            found = {id(v): v for v in (anchors + labelled if roles else mine)}
            for anchor in anchors:
                found.update((id(v), v) for v in run_with(anchor, kind))
            return list(found.values())

        problems.extend(self._values_across_subjects(analysis, given))
        if self.ordered and not problems and positions != sorted(positions):
            problems.append("values out of order")
        elif self.ordered and not problems and says_reversed(analysis.text.text):
            problems.append(f"said to be in reverse order: {says_reversed(analysis.text.text)!r}")
        return Outcome(not problems, expected, problems or "all stated")

    @staticmethod
    def _misstated_in_parallel(
        analysis: Analysis,
        values: dict[str, list[ValueMention]],
        own: dict[str, list[ValueSpec]],
        states: Callable[[list[ValueMention], ValueSpec], bool],
    ) -> list[str]:
        """A sentence or paragraph that gives two or more subjects one value each states the
        same measure for each ("Dynegy leads with 7 messages, then Andersen with 6"): a wrong
        one there is wrong even when a list elsewhere has it right. (A subject given several
        values there, a total and its parts, is not compared.)"""
        text = analysis.text
        problems = []
        for unit in (text.sentence_of, text.paragraph_of):
            placed: dict[int, dict[str, list[ValueMention]]] = {}
            for key, mentions in values.items():
                for v in mentions:
                    placed.setdefault(unit(v.start), {}).setdefault(key, []).append(v)
            for where in placed.values():
                single = {key: vs[0] for key, vs in where.items() if len(vs) == 1}
                if len(single) < 2:
                    continue
                for key, v in single.items():
                    if not any(states([v], spec) for spec in own[key]):
                        problems.append(
                            f"misstated for {key}: {text.text[v.start : v.end]!r} beside the others"
                        )
        return sorted(set(problems))


def _nearest_value_per_subject(
    analysis: Analysis,
    stated: list[tuple[ValueMention, Span]],
    bound: dict[int, SubjectMention | None],
    role_of: dict[int, SubjectMention | None],
) -> None:
    """A value in a parenthesis does not take the role of a phrase outside it when the subject
    has a value nearer the phrase outside the parenthesis: in "Priya has sent you 4 emails and
    is on 7 (5 as To, 3 as Cc)", 4 is what she sent, not 5. (Values outside parentheses keep
    their nearest phrase's role: "fell from 4,112 to 3,876: -236" is still a fall of 236.)"""
    text = analysis.text.text

    def aside(at: int) -> int | None:
        """Where the parenthesis holding offset `at` opens, on its line (None: not in one)."""
        line_start = text.rfind("\n", 0, at) + 1
        opened = text.rfind("(", line_start, at)
        if opened < 0 or text.find(")", opened, at) >= 0:
            return None
        return opened

    nearest: dict[tuple[int, frozenset[str]], int] = {}  # (phrase, subject) -> distance outside
    for v, _span in stated:
        role, subject = role_of.get(id(v)), bound.get(id(v))
        if role is None or subject is None or aside(v.start) is not None:
            continue
        distance = min(abs(v.start - role.span.end), abs(role.span.start - v.end))
        slot = (role.span.start, subject.keys)
        nearest[slot] = min(distance, nearest.get(slot, distance))
    for v, _span in stated:
        role, subject = role_of.get(id(v)), bound.get(id(v))
        if role is None or subject is None:
            continue
        opened = aside(v.start)
        if opened is None or opened < role.span.start < v.start:
            continue  # not in a parenthesis, or the phrase is inside it too
        if text[max(v.start - 1, 0) : v.start + 1].strip("( ")[:1] in ("-", "+", "\u2212"):
            continue  # a signed change keeps its phrase: "dropped from 14 to 11 (-3)"
        outside = nearest.get((role.span.start, subject.keys))
        if outside is not None and outside < min(
            abs(v.start - role.span.end), abs(role.span.start - v.end)
        ):
            role_of[id(v)] = None


def _aside_of(text: str, at: int) -> tuple[int, int] | None:
    """(opening, closing) of the parenthesis holding offset `at` on its line, or None; nested
    ones balanced ("Office ((713) 758-2222): ...": the aside holds the whole number)."""
    line_start = text.rfind("\n", 0, at) + 1
    line_end = text.find("\n", at)
    line_end = len(text) if line_end < 0 else line_end

    def walk(offsets: range, opens: str, closes: str) -> int | None:
        depth = 0
        for i in offsets:
            if text[i] == opens:
                depth += 1
            elif text[i] == closes:
                if not depth:
                    return i
                depth -= 1
        return None

    opened = walk(range(at - 1, line_start - 1, -1), ")", "(")
    closed = walk(range(at, line_end), "(", ")") if opened is not None else None
    return None if opened is None or closed is None else (opened, closed)


#: Between a label's closing aside and the value the label gives: its colon, then a few words.
_LABEL_VALUE = re.compile(r"[\s*_]*:[^.;:()\n]{0,40}")


def _asserted_after_asides(
    text: Text,
    hits: list[ValueMention],
    mine: list[ValueMention],
    bound: dict[int, SubjectMention | None],
    siblings: list[ValueSpec],
) -> dict[int, str]:
    """The hits written in a parenthesised aside beside another value of the same subject,
    outside any aside, that states none of the subject's values (`siblings`): an aside closing a label whose colon gives that value
    ("- X (2 of 3): 3 of 3", "Overall (30% last week): 40%", "Overall (3 of 10): now 4 of
    10"), or one right after that value ("3 of 3 (was 2 of 3)"). The aside gives context (an
    earlier figure); the value outside it is what the answer asserts. Hit id -> that value as
    written. An aside restating its value ("3 of 10 (30%)": both hits) or breaking it down
    (parts), and a name's own value before a total ("Claire (2) - 8 emails in all"), stay."""
    found: dict[int, str] = {}
    for hit in hits:
        aside = _aside_of(text.text, hit.start)
        if aside is None or hit.part_of is not None:  # "5 (3 received, 2 sent)": a part
            continue
        subject = bound.get(id(hit))
        keys = subject.keys if subject is not None else None
        sentence = text.sentence_of(hit.start)
        for v in mine:
            if (
                (  # "X (2 of 3): 3 of 3", or the value the aside follows: "3 of 3 (was 2 of 3)"
                    (
                        v.start > aside[1]
                        and _LABEL_VALUE.fullmatch(text.text, aside[1] + 1, v.start)
                    )
                    or (v.end <= aside[0] and not text.text[v.end : aside[0]].strip(" *_"))
                )
                and not any(value_matches(v, s.kind, s.expected(), s.tolerance) for s in siblings)
                and v.part_of is None
                and text.sentence_of(v.start) == sentence
                and _aside_of(text.text, v.start) is None
                and (b.keys if (b := bound.get(id(v))) is not None else None) == keys
            ):
                found[id(hit)] = text.text[v.start : v.end]
                break
    return found


_ALONE_IN_PARENTHESES = re.compile(r"\(\s*$")
#: Right before a date or time, the word making it a deadline ("due at noon", "due by Friday").
_DUE = re.compile(r"\bdue(?:\s+(?:at|by|on|before))?[\s,]*$", re.I)
_WHEN_KINDS = frozenset({"date", "time", "time-range"})


def _runner_up_value(
    analysis: Analysis, v: ValueMention, subject: SubjectMention | None, measure: list[str]
) -> bool:
    """Whether the value stands in a part of a sentence about the runners-up of the measure
    ("Next largest is the Q3 P&L attribution spreadsheet at 419,840 bytes", ranks.py) and is
    bound to a subject named outside it: it is a runner-up's value, not that subject's."""
    if subject is None or not measure:
        return False
    part = analysis.speaks_of_runners_up(v.start, measure)
    return part is not None and not part[0] <= subject.span.start < part[1]


def _value_role(
    analysis: Analysis,
    v: ValueMention,
    span: Span,
    roles: list[SubjectMention],
    role_binder: Binder,
) -> tuple[bool, SubjectMention | None]:
    """(whether a table column gives it, the role of a value): the role its table cell or
    column head names (`_column_role`), else the one a copula right before it says
    (`_copula_role`), else the one the binder finds; none without roles."""
    in_table, column_role = _column_role(analysis, v, roles)
    if in_table or not roles:
        return in_table, column_role
    return False, _copula_role(analysis, v, roles) or role_binder.bind(span)


#: Between a role and its value: the role's noun maybe, then a copula or "as" ("her office
#: number is ", "her mobile as ").
_ROLE_COPULA = re.compile(r"\s+(?:(?:number|phone|line)\s+)?(?:is|was|as)\s+$", re.I)


def _copula_role(
    analysis: Analysis, v: ValueMention, roles: list[SubjectMention]
) -> SubjectMention | None:
    """The role a value is said to be by a copula right before it ("her office number is
    (713) 758-2222 and her mobile is ..."): the role ending there, whatever role follows the
    value in its clause."""
    text = analysis.text.text
    for role in roles:
        if role.span.end <= v.start and _ROLE_COPULA.fullmatch(text, role.span.end, v.start):
            return role
    return None


def _scheduled(
    analysis: Analysis, v: ValueMention, subject: SubjectMention | None
) -> SubjectMention | None:
    """The subject a date or time is bound to, unless it is said as a deadline ("the talking
    points are due at noon, an hour before the meeting", "due Tue Oct 16 12:00") and the subject
    is a meeting: a meeting is held, never due, so the deadline is another thing's. A date
    written in the possessive before another thing the answer names ("That may matter for
    Wednesday's Dynegy Review") says when that thing is, never the subject's date."""
    if subject is None or v.kind not in _WHEN_KINDS:
        return subject
    if _dates_another(analysis, v, subject):
        return None
    if not all(key.startswith("event:") for key in subject.keys):
        return subject
    text, values, start = analysis.text.text, analysis.values, v.start
    index = bisect.bisect_left(values, start, key=lambda w: w.start) - 1
    while (  # "due Tue Oct 16 12:00": the date written before the time
        index >= 0
        and values[index].kind in _WHEN_KINDS
        and re.fullmatch(r"[\s,]*(?:at\s+)?", text[values[index].end : start])
    ):
        start = values[index].start
        index -= 1
    return None if _DUE.search(text, max(0, start - 20), start) else subject


#: After a date, its possessive ("Wednesday's "), an article maybe between it and the name.
_POSSESSIVE_OF = re.compile(r"['’]s\s+(?:the\s+)?")


def _dates_another(analysis: Analysis, v: ValueMention, subject: SubjectMention) -> bool:
    """Whether the value is written in the possessive right before a mention of an entity that
    is not the subject ("Wednesday's Dynegy Review" in an answer about an email)."""
    after = _POSSESSIVE_OF.match(analysis.text.text, v.end)
    if after is None:
        return False
    starts = [m.start for m in analysis.entities]
    at = bisect.bisect_left(starts, after.end())
    if at == len(starts) or starts[at] != after.end():
        return False
    return subject.keys.isdisjoint(f"{k}:{key}" for k, key in analysis.entities[at].refs)


#: Before the first and between the two ends of a span ("from Sep 26 to Oct 10").
_SPAN_OPENING = re.compile(r"\b(?:from|between)\s+$", re.I)
_SPAN_JOIN = re.compile(r"\s+(?:to|through|until|till|and)\s+", re.I)


def _span_ends(analysis: Analysis) -> set[int]:
    """Starts of the values that are the two ends of a span ("six Raptor emails, running from
    Sep 26 to Oct 10", "between 9:00 and 11:00"): a span gives the first and the last of a
    list, so where the list's values stand in order is where they are listed, not there."""
    text, values = analysis.text.text, analysis.values
    ends: set[int] = set()
    for a, b in itertools.pairwise(values):
        if (
            a.kind == b.kind
            and a.kind in ("date", "time")
            and _SPAN_OPENING.search(text, max(0, a.start - 12), a.start)
            and _SPAN_JOIN.fullmatch(text, a.end, b.start)
        ):
            ends.update((a.start, b.start))
    return ends


def _clause_of_value(text: Text, v: ValueMention) -> tuple[int, int]:
    """The clause a value is said in. A value alone in a parenthesis ("Half of them (5) are
    unread", "both (2) are overdue") restates the words before it, in their clause: the clause
    around the parenthesis. (A parenthesis holding more, "7 (4 To, 3 Cc)", is a breakdown:
    each part is its own clause.) An aside right after a value does not end its clause."""
    line_start = text.text.rfind("\n", 0, v.start) + 1
    opened = _ALONE_IN_PARENTHESES.search(text.text, line_start, v.start)
    closed = re.match(r"\s*\)", text.text[v.end :])
    breaks = text.clause_breaks
    if opened is None or closed is None:
        left, right = text.clause_of(v.start, v.end)
        aside = _aside_of(text.text, right + 1) if text.text[right : right + 1] == "(" else None
        if aside is not None and not text.text[v.end : right].strip():
            # an aside right after the value ("5 (was 4) of those 8 are unread"): the clause
            # goes on after it
            after = bisect.bisect_right(breaks, aside[1])
            right = breaks[after] if after < len(breaks) else len(text.text)
        return left, right
    open_at, close_at = opened.start(), v.end + closed.end() - 1
    before = bisect.bisect_left(breaks, open_at) - 1
    after = bisect.bisect_right(breaks, close_at)
    return (
        breaks[before] if before >= 0 else 0,
        breaks[after] if after < len(breaks) else len(text.text),
    )


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle in a small directed graph (subject -> subjects whose value it was given), if any."""
    for start in sorted(edges):
        path, seen = [start], {start}
        stack = [iter(sorted(edges.get(start, ())))]
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                seen.discard(path.pop())
                continue
            if nxt == start:
                return path
            if nxt not in seen:
                path.append(nxt)
                seen.add(nxt)
                stack.append(iter(sorted(edges.get(nxt, ()))))
    return None


#: After a value, words giving it to each of the subjects listed ("3 emails each", "two apiece").
_EACH = re.compile(r"[ \t]+(?:[a-z-]+[ \t]+)?(?:each|apiece|a piece)\b", re.I)
#: After a time opening a schedule line: the separator before what happens then.
_ENTRY_SEPARATOR = re.compile(r"[ \t*_]*(?:-|\u2013|\u2014|:)\s")


def _column_role(
    analysis: Analysis, mention: ValueMention, roles: list[SubjectMention]
) -> tuple[bool, SubjectMention | None]:
    """In a table whose header row names a role, a value's role is the one named in its own
    cell, else the one heading its column, else none: "| Email | Due | Received |" gives the
    Received column no due date, whatever the nearest role phrase. (False, None) outside such
    a table: the role is then bound as anywhere else."""
    text = analysis.text
    cell = text.table_cell(mention.start)
    if cell is None:
        return False, None
    head = text.table_head(text.line_of(mention.start))
    if head == text.line_of(mention.start):
        return False, None
    head_start, head_end = text.lines[head]
    headed = [r for r in roles if head_start <= r.span.start < head_end]
    if not headed:
        return False, None
    column, left, right = cell
    own = [r for r in roles if left <= r.span.start and r.span.end <= right]
    if own:
        return True, own[0]
    for role in headed:
        where = text.table_cell(role.span.start)
        if where is not None and where[0] == column:
            return True, role
    return True, None


def _column_header(text: Text, offset: int) -> tuple[int, int, str] | None:
    """(table's first line, column, header words) of the body cell of a table holding
    `offset`; None outside a table's body."""
    cell = text.table_cell(offset)
    if cell is None:
        return None
    line = text.line_of(offset)
    head = text.table_head(line)
    if head == line:
        return None
    start, end = text.lines[head]
    cells = text.text[start:end].split("|")
    column = cell[0] + 1 if text.text[start:end].lstrip().startswith("|") else cell[0]
    header = cells[column] if column < len(cells) else ""
    return head, cell[0], " ".join(word_tokens(header))


#: Header words that name how a measure is written, not which measure ("Unread %", "Unread
#: rate", "Unread / total" all head the unread share).
_HOW_MEASURED = frozenset(
    {"percent", "percentage", "pct", "rate", "ratio", "total", "of", "the", "your", "in", "as"}
)


def _measure_words(header: str) -> frozenset[str]:
    return frozenset(header.split()) - _HOW_MEASURED


def _measured_columns(text: Text, rows: list[tuple[ValueMention, bool]]) -> set[tuple[int, int]]:
    """(table's first line, column) of the columns that hold a claim's measure: rows of its
    subjects (`rows`: each value bound to one, and whether it is that subject's value) right in
    two rows or more, and in more rows than wrong ("| Unread / total | Unread rate |" both
    give each sender's unread share)."""
    tally: dict[tuple[int, int], tuple[set[int], set[int]]] = {}
    for v, right in rows:
        where = _column_header(text, v.start)
        if where is not None:
            tally.setdefault(where[:2], (set(), set()))[0 if right else 1].add(
                text.line_of(v.start)
            )
    return {c for c, (good, bad) in tally.items() if len(good) >= 2 and len(good) > len(bad - good)}


def _in_another_column(
    text: Text,
    mention: ValueMention,
    hits: list[ValueMention],
    measured: set[tuple[int, int]] = frozenset(),  # type: ignore[assignment]
) -> bool:
    """A value in another column of the table that holds the subject's own value, under a
    header of its own ("| Unread % | Read % |", "| Unread % | Share of your unread |"): the
    column says what it measures, so it is another measure of the subject, not a second
    value of this one. A value in the same column, under a header naming the same measure
    ("| Unread % | Unread rate |"), in a column that gives the other subjects this measure
    (`measured`), or outside the table still contradicts it."""
    mine = _column_header(text, mention.start)
    if mine is None or not mine[2] or mine[:2] in measured:
        return False
    return any(
        theirs[2] and _measure_words(theirs[2]) != _measure_words(mine[2])
        for _, theirs in _in_other_columns(text, mine, hits)
    )


def _same_measure_in_row(text: Text, mention: ValueMention, hits: list[ValueMention]) -> bool:
    """A value in the row of one of the subject's own values, in another column headed by the
    same measure ("| Follow-up due | Follow-up due (rate) |", "| Change | Change (%) |"): the
    row gives the subject that measure twice, so it is said in the value's role, however far
    the role phrase heading the columns is from it."""
    mine = _column_header(text, mention.start)
    if mine is None or not _measure_words(mine[2]):
        return False
    row = text.line_of(mention.start)
    return any(
        text.line_of(hit.start) == row and _measure_words(theirs[2]) == _measure_words(mine[2])
        for hit, theirs in _in_other_columns(text, mine, hits)
    )


def _in_other_columns(
    text: Text, mine: tuple[int, int, str], hits: list[ValueMention]
) -> Iterator[tuple[ValueMention, tuple[int, int, str]]]:
    """Each of `hits` in another column of the table whose column `mine` is, with its header."""
    for hit in hits:
        theirs = _column_header(text, hit.start)
        if theirs is not None and theirs[0] == mine[0] and theirs[1] != mine[1]:
            yield hit, theirs


#: Role words of a change whose direction a sign written before its value also states.
_FALL_WORDS = frozenset(
    {
        "down",
        "decrease",
        "decreased",
        "drop",
        "dropped",
        "lower",
        "fewer",
        "fell",
        "fall",
        "declined",
        "decline",
        "less",
        "reduced",
    }
)
_RISE_WORDS = frozenset(
    {"up", "increase", "increased", "rise", "rose", "higher", "more", "grew", "gained"}
)
_MINUS = ("-", "\u2212", "\u2013")


def _signed_as_role(text: str, mention: ValueMention, spec: ValueSpec) -> bool:
    """A value written with a sign states the direction of a change ("| Change |" ... "| -236
    |", "14 -> 11 (-3)", "+$40 million"): a minus sign the role of a fall ("down", "fewer"),
    a plus sign that of a rise. A sign is one written right before the value, after a space,
    a bracket or a cell's bar ("14-11" is a range, not -11)."""
    words = {w.casefold() for w in spec.role}
    start = mention.start
    if start < 1 or not (words & (_FALL_WORDS | _RISE_WORDS)):
        return False
    sign = text[start - 1]
    if start >= 2 and not (text[start - 2].isspace() or text[start - 2] in "|([*"):
        return False
    return bool((sign in _MINUS and words & _FALL_WORDS) or (sign == "+" and words & _RISE_WORDS))


def _range_side(spec: ValueSpec) -> int | None:
    """For a time whose role names a start (0) or an end (1): the side of a range stating it."""
    words = {w.casefold() for w in spec.role}
    if spec.kind != "time":
        return None
    if words & START_ROLES:
        return 0
    if words & END_ROLES:
        return 1
    return None


_BEFORE_VALUE = re.compile(r"([A-Za-z]+)[\s*]*$")


def _other_side(text: str, mention: ValueMention, spec: ValueSpec) -> bool:
    """A time said as the other end of a range than the spec's role ("starts at 10:00 and
    runs until 10:30": 10:30 is no second start)."""
    side = _range_side(spec)
    if side is None:
        return False
    before = _BEFORE_VALUE.search(text, max(0, mention.start - 30), mention.start)
    word = before.group(1).casefold() if before else ""
    return word in ((END_ROLES | {"to", "through"}) if side == 0 else (START_ROLES | {"since"}))


def _ratio_in_role(v: ValueMention, spec: ValueSpec) -> bool:
    """Whether `v` is a share ("5 of the 8") bound in a count's role: one side of it is the
    role's count, so a share neither side of which is that count contradicts it ("Unread: 5 of
    the 8" for 4 unread), whatever other count of the subject a side matches."""
    return spec.kind == "count" and bool(spec.role) and v.kind == "ratio" and v.ratio is not None


def _range_side_matches(mention: ValueMention, spec: ValueSpec) -> bool:
    """A start time is the start of a range ("10:00-10:30 AM" starts at 10:00, not 10:30)."""
    side = _range_side(spec)
    if side is None or mention.kind != "time-range":
        return True
    return spec.expected() in mention.values[side]


def _role_by_form(analysis: Analysis, mention: ValueMention, spec: ValueSpec) -> bool:
    """A value whose form gives it the spec's role without a role phrase next to it: a time
    range states a start and an end ("10:00-10:30 AM"); a time opening a schedule line states
    when its entry starts ("**10am - Risk Desk Stand-up**"); a value opening a list item has
    the role its list's header names ("... carry a follow-up due date. Soonest first:" / blank
    / "1. Tuesday, October 16, 2001, 12:00 PM - ...")."""
    text = analysis.text
    if _range_side(spec) is not None and mention.kind == "time-range":
        return True
    if _signed_as_role(text.text, mention, spec):
        return True
    if not text.opens_line(mention.start):
        return False
    if (
        _range_side(spec) == 0
        and mention.kind == "time"
        and _ENTRY_SEPARATOR.match(text.text, mention.end)
    ):
        return True
    header = text.list_header(text.line_of(mention.start))
    if header is None:
        return False
    start, end = text.lines[header]
    return any(start <= s.start and s.end <= end for s in analysis.phrase_spans(spec.role))


def _whole_of_a_part(mention: ValueMention, spec: ValueSpec) -> bool:
    """A ratio bound to a count's subject that matches only by its whole: "1 of 2 steps open"
    states 1 open step of the task, not 2. Unbound, the whole may be the count asked for ("one
    of her three cards is open" answers "how many cards is she on")."""
    return (
        spec.kind == "count"
        and mention.kind == "ratio"
        and mention.ratio is not None
        and mention.ratio[0] != spec.expected()
    )


def _value_span(analysis: Analysis, v: ValueMention) -> Span:
    """A value as a span to read or bind: its tokens and its characters."""
    return Span(*_token_range(analysis, v.start, v.end), v.start, v.end)


def _token_range(analysis: Analysis, start: int, end: int) -> tuple[int, int]:
    tokens = analysis.text.tokens_in(start, end)
    if len(tokens):
        return tokens.start, tokens.stop
    first = analysis.text.token_at(start)
    return first, first


class AnswerTextCheck(_Claim):
    """The answer makes each statement affirmatively (optionally about a subject)."""

    type: Literal["answer-text"]
    statements: list[Phrases] = Field(min_length=1, description="Each: phrase alternatives.")
    subject: str | None = Field(None, description="'kind:key' the statements are about.")

    @field_validator("subject")
    @classmethod
    def _subject_shape(cls, value: str | None) -> str | None:
        if value is not None:
            _subject_ref(value)
        return value

    @staticmethod
    def statement_spans(analysis: Analysis, statement: Phrases) -> list[Span]:
        """Where the text writes the statement: any of its phrases, in its other spellings
        ("none" for "no"), with degree words between its words ("clearly the heavier")."""
        return analysis.phrase_spans(_spellings(alternatives(statement)), intensified=True)

    def evaluate(self, analysis: Analysis) -> Outcome:
        expected = [alternatives(s) for s in self.statements]
        if analysis.unread:
            return Outcome(False, expected, analysis.unread)
        subjects: list[SubjectMention] = []
        key = None
        if self.subject:
            kind, ref = _subject_ref(self.subject)
            key = f"{kind}:{analysis.universe.key(kind, ref)}"
            subjects = _subjects(analysis, {kind}, [])
        binder = analysis.binder(subjects)
        missing = []
        for statement in self.statements:
            spans = self.statement_spans(analysis, statement)
            own = frozenset(i for span in spans for i in range(span.first, span.last))
            polarity = analysis.reader.read(spans, self.cue_words, own)
            ok = any(
                mark == "asserted" and (key is None or ((s := binder.bind(span)) and key in s.keys))
                for span, mark in zip(spans, polarity, strict=True)
            )
            if not ok:
                missing.append(alternatives(statement)[0])
        return Outcome(not missing, expected, {"not stated": missing} if missing else "all stated")


#: Other spellings of a statement's phrase: the bare "no" of a yes/no fact is also written as
#: the pronoun "none" ("Meeting this week: none").
_SPELLINGS = {"no": ("none",)}


def _spellings(phrases: list[str]) -> list[str]:
    """The statement's phrases and their other spellings (_SPELLINGS)."""
    return phrases + [o for p in phrases for o in _SPELLINGS.get(p.casefold(), ())]


AnswerClaim = Annotated[
    AnswerItemsCheck | AnswerValuesCheck | AnswerTextCheck, Field(discriminator="type")
]
