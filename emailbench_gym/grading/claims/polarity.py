"""Whether an answer asserts each thing it names, or rules it out, negates it or hedges it.

Cues (lexicon.py, plus a claim's own words) bind to the nearest named thing in the
direction they point, NegEx-style: "not Jeff Skilling" and "except Sally Beck, Tanya
Ortiz and Steven Kean" point forward over a whole list; "Jeff Skilling is not above
50%", "Skilling (excluded)" and "... so they don't make the cut" point back (a pronoun
stands for the list named just before it); "might", "I think" hedge the nearest item.
A header line ("Excluded:", "Not sure, but possibly:") governs the list under it, a
label opening a sentence ("The other four you've already read: A, B and C") the list after
its colon, a negated membership verb the items its object pronoun stands for ("..., so I
didn't count them"); "neither" / "none of those" deny the items named before them in their
sentence, "outside X" puts X outside the answer, a sentence opening with "Then" continues
the ruling of the one before, a table row with a "no" cell rules its items out, and an
answer that opens by denying everything ("No.", "I couldn't find any") negates all it names.
A question asserts nothing it names ("Our pack will be ready before Wednesday?"), unless it
is a request ("Could you attend the review?"), and a hedge or disowning lead-in opening the
text before a colon or comma ("I might, but probably won't: ...", "If I had to guess,",
"Wrong answer:") hedges all that follows.

A question may itself be negative ("who hasn't accepted?", "which aren't done?"): its
`predicate` words ("accept", "done") make "hasn't accepted" or "not done" part of the
claim, never a negation of it. `ruled_out` words ("Done", "office") mark the items
they bind to as named only to be ruled out (or as a labelled alternative), unless they name
an action still to be done ("the ones you still need to read"). `context_lines` are the
lines of sections that explain the answer ("Context", "Why it's the oldest:").
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise
from typing import Literal

from emailbench_gym.grading.claims.lexicon import (
    ADDITIVES,
    ADJACENT_NEGATIONS,
    COLLECTIVE_TAILS,
    COLLECTIVE_VERBS,
    COMPLEMENTS,
    CONDITIONAL_RESULTS,
    CONTEXT_HEADERS,
    CONTRASTS,
    DENIALS,
    FIRST_PERSON_EXCLUSIONS,
    GROUP_OPENERS,
    HEDGES,
    MEMBERSHIP_WORDS,
    NEGATED_STATUSES,
    NEGATED_VERBS,
    NUMBER_WORDS,
    PERSONAL_PRONOUNS,
    POST_EXCLUSIONS,
    PRE_NEGATIONS,
    PRIOR_ACTIONS,
    PRONOUN_EXCLUSIONS,
    PRONOUNS,
    SENTENCE_DENIALS,
    SEQUENCE_OPENERS,
)
from emailbench_gym.grading.claims.text import Text, word_tokens

Polarity = Literal["asserted", "negated", "hedged", "ruled_out"]
#: The verbs that make what follows them the subject before: "the other meeting ... is X".
_COPULAS = frozenset({"is", "are", "was", "were"})
PRE_REACH = 4  # words a forward cue may skip to reach its item ("no email from X")
POST_REACH = 7  # words a backward cue may skip ("X, at exactly 50%, is not above ...")
HEDGE_REACH = 8
LABEL_WORDS = 5  # words of a label opening a line ("Excluded, and why:")
LONG_LABEL_CHARS = 160  # a longer label governs only the list right after it, as a header line
SUBJECT_OPENING_WORDS = 2  # words before a sentence's subject ("And the $40M drop ...")
LEAD_IN_WORDS = 12  # words of a hedged lead-in opening a text ("I might, but probably won't:")
#: A question that asks for something ("Could you attend ...?", "Please confirm ...?") states
#: what it asks for; any other question asserts nothing.
_REQUEST = re.compile(
    r"\b(?:could|can|would|will)\s+(?:you|u|we)\b|\b(?:could|can|may)\s+i\b|\bplease\b"
    r"|\bwould\s+you\s+mind\b"
    r"|\b(?:do|would)\s+you\s+mind\b|\bany\s+chance\b|\bare\s+you\s+(?:able|free|available)\b"
    r"|\b(?:work|works|suit|suits)\s+(?:for\s+)?(?:you|everyone|both\s+of\s+you)\b",
    re.I,
)
_SEPARATORS = re.compile(
    r"^[\s,/&*'\"]*(?:-\s*(?=and|or|nor|plus))?(?:(?:and|or|nor|plus|as well as|&)\b[\s,'\"]*)?"
    r"(?:(?:the|your|my|our|his|her|their)\b[\s'\"]*)?$",  # "the X and your Y"
    re.I,
)
#: A parenthetical right after a list item ("Stand-up (Mon 10:00), Raptor Update (Tue) and ...").
#: What may stand around an item alone on its line: emphasis, quotes, brackets, punctuation.
_BARE = re.compile(r"[\s*_`'\"“”‘’.,;:()\[\]]*")
_PARENTHETICAL = re.compile(r"^\s*\([^()\n]*\)")
# "Jeff's memo, Louise Kitchen's note and John's report": one list, whose items each open
# with their owner's name in the possessive.
_POSSESSIVE_SEPARATOR = re.compile(
    r"^[\s,/&*'\"“”‘’]*(?:(?:and|or|nor|plus|as well as|&)\b\s*)?"
    r"(?:[A-Z][\w.-]*\s+){0,3}[A-Z][\w.-]*['’]s\s*[*'\"“”‘’]*$"
)
#: A list's first item that names nothing the claim knows, before the separator that opens its
#: next item ("the EnronOnline Daily Summary for 10/12 at half past six and the GasBank report"):
#: a few words with no verb of a sentence of their own.
_UNNAMED_FIRST_ITEM = re.compile(
    r"^\s*(?:(?!(?:is|are|was|were|be|been|has|have|had)\b)[\w'/.()-]+(?:\s+|(?=,))){1,16}?"
    r"(?:,\s*(?:(?:and|or|plus)\s+)?|(?<=\s)(?:and|or|plus)\s+)(?:the\s+)?['\"]*$",
    re.I,
)
#: Words before "to" that make the verb after it an action still to be done ("need to read").
_PENDING = frozenset(
    {"need", "needs", "have", "has", "yet", "want", "wants", "going", "ought", "remain", "remains"}
)


#: Between a negation and the status it negates ("not yet started", "hasn't been started").
_STATUS_FILLERS = frozenset({"yet", "been", "even", "really", "actually", "got"})
#: After "none of" / "neither of", the items and the verb a status is said of them with ("None
#: of these are started", "Neither of them has been started").
_COLLECTIVE_COPULAS = frozenset(
    (pronoun, verb)
    for pronoun in ("these", "those", "them")
    for verb in ("is", "are", "was", "were", "has", "have")
)


_COMPARATIVES = frozenset(
    {"most", "least", "first", "last", "top", "newer", "older", "later", "earlier", "sooner"}
)


def _ranks(word: str) -> bool:
    """ "newest", "newer", "most": a word that ranks ("neither is the newest", "neither is newer")."""
    return word in _COMPARATIVES or (
        len(word) > 5 and word.endswith("est") and word not in ("interest", "request", "suggest")
    )


#: First words of a label that states a condition ("Counting them would change the picture:").
_CONDITIONS = frozenset({"counting", "including", "adding", "excluding", "if", "had", "with"})
#: An aside that denies what it follows a place in the answer, and nothing else ("(not
#: covered)", "(isn't included here)", "(11-12, not part of the answer)"): a negation opening
#: the aside or a part of it after a comma, a membership word, at most a word saying where
#: ("here", "in the list"), and the aside's end. One with an object of its own is scope or a
#: state ("(not counting newsletters)", "(not part of any group)", "(not in EB 3204)").
_ANSWER_NOUNS = r"(?:answer|list|count|total|results?|set|tally)"
_DENIED_MEMBERSHIP = re.compile(
    r"\((?:[^()\n]*?[,;]\s*)?"
    r"(?:(?:is|are|was|were|been)\s+)?(?:not|never|(?:is|are|was|were)n['’]t)\s+"
    r"(?:(?:yet|actually|really|even|being)\s+)?"
    r"(?:included|covered|counted|listed|eligible|relevant|applicable|qualifying"
    rf"|part\s+of\s+(?:the|this|my)\s+{_ANSWER_NOUNS}|(?:in|on)\s+(?:the|this|my)\s+{_ANSWER_NOUNS})"
    rf"(?:\s+(?:here|yet|above|below|(?:in|on|of)\s+(?:the|this|my)\s+{_ANSWER_NOUNS}))?"
    r"[\s.]*\)",
    re.I,
)
#: Such an aside closing a label: what the label heads is ruled out ("two to-dos are due (not
#: covered): A and B", "Raptor Update (Tue 1-2 PM) (not covered): Steven Kean ...").
_DENIED_LABEL = re.compile(_DENIED_MEMBERSHIP.pattern + r"[*_]*:(?=\s)", re.I)
#: After "would", words opening the condition it is under ("would drop to 40% once you read").
_CONDITION_AFTER = frozenset({"once", "if", "when", "after", "unless", "until"})
_CONJUNCTIONS = frozenset({"and", "or", "but", "while", "whereas", "although", "though"})
_NEGATIVE_CELLS = frozenset({"no", "not", "none", "excluded", "n/a", "x", "✗", "✘", "-", "no."})
#: Opening a sentence as its subject, these stand for what the sentence before said of an item
#: ("... due Wednesday at 10:00. That is 49 hours out"), for a ruling only.
_DEMONSTRATIVES = frozenset({"that", "this"})
#: Words after "that one" / "this one" that make it a pronoun: a verb it is the subject of.
_AFTER_ONE = frozenset(
    {"is", "was", "isn", "wasn", "has", "hasn", "had", "does", "doesn", "did", "didn", "would"}
    | {"will", "won", "can", "could", "might", "may", "looks", "seems", "also", "still"}
)
_CLAUSE_END = re.compile(r"[.,;:!?)]")
#: Nouns naming a reply, and the words after them that name what it is about.
_REPLY_NOUNS = frozenset({"reply", "replies"})
_REPLY_TOPICS = frozenset({"on", "about", "regarding"})
#: The rest of a near-miss clause after "but that one is": an attribute, then ", not" what
#: was asked ("..., but that one is from Jeff, not Steve").
_NEAR_MISS_REST = re.compile(r"[^,;:.!?()]+,\s+not\s")
#: Pronouns of one form: a chain of them stands for one run ("It ... it ... it").
_PRONOUN_GROUPS = {"them": "they", "him": "he", "her": "she", "that": "it", "this": "it"}
#: A clause offering an item in case the user meant another thing than the answer.
_ALTERNATIVE_OFFER = re.compile(
    r"\b(?:in\s+case|if)\s+(?:(?:that|this|it)(?:['’]s|\s+is|\s+was)\s+(?:the\s+one|what)\s+"
    r"you\s+(?:meant|mean|wanted|want|had\s+in\s+mind|were\s+(?:after|thinking\s+of|looking"
    r"\s+for))|you\s+(?:meant|mean|were\s+thinking\s+of|were\s+after|had\s+in\s+mind))\b",
    re.I,
)
#: After a context word opening a line, a comma or a dash makes it a label ("FYI, ...").
_LEAD_SEPARATOR = re.compile(r"[*_]*(?:,|\s+[-–—])\s")
#: Words opening a noun phrase that is a sentence's subject ("The Dynegy RSVP ...").
_DETERMINERS = frozenset({"the", "your", "this", "that", "my", "a", "an", "his", "her", "their"})
#: A count of nothing ("0 unread", "zero emails"), not a share ("0 of 2", "0/2", "0.5").
_ZERO_COUNT = re.compile(r"(?:0|zero)(?![.,:/]?\d)(?!\s*(?:/|of\b|out\s+of\b))", re.I)
_STRIKE = re.compile(r"~~.+?~~")
#: After "without", words that make it an assurance, not a thing left out ("Without a doubt,
#: it would be 36%").
_CERTAINTIES = frozenset({"doubt", "question", "fail", "exception", "hesitation", "reservation"})
#: A check mark: after a cross mark in its line, what follows it is ticked, not crossed.
_CHECKED = re.compile(r"[✓✔☑✅]")
#: A cross mark opening a line, after a list marker or emphasis ("✗ RSVP to Dynegy Review (due
#: today)", "- ❌ Dynegy Review"): a checklist's "no" for what the line names.
_CROSSED = re.compile(r"[\s*_]*(?:[-*+]\s+|\d{1,3}[.)]\s+)?[\s*_]*[✗✘❌✖]")
#: A check or cross mark opening a line: a checklist entry, whose pronouns stand for what it names.
_MARKED = re.compile(r"[\s*_]*(?:[-*+]\s+|\d{1,3}[.)]\s+)?[\s*_]*[✓✔☑✅✗✘❌✖]")
#: A relative clause in parentheses or between commas ("(which you haven't opened yet)").
_RELATIVE_CLAUSE = re.compile(
    r"\(\s*(?:which|who|whom|whose)\b[^()\n]*\)|,\s*(?:which|who|whom|whose)\b[^,;:()\n]*,", re.I
)


#: A lead-in that disowns what follows ("Wrong answer:", "Hypothetically,", "If I had to guess,").
_DISOWNING = re.compile(
    r"\b(?:wrong|incorrect|false|untrue|hypothetical(?:ly)?|in\s+theory|imagine|suppose|guess"
    r"|guessing|the\s+opposite|used\s+to\s+be|formerly"
    r"|unverified|not\s+the\s+answer|made[- ]up|fictional|for\s+example|as\s+an\s+example"
    r"|(?:except|other\s+than|all\s+but|everyone\s+but|not|none\s+of)\s+(?:these|this|the\s+following)"
    r"|(?:answer|it)\s+is\s+not|would\s+have\s+(?:said|answered)|placeholder|fake|dummy"
    r"|test\s+answer|not\s+checked|(?:did|do)\s+you\s+mean|(?:if|in\s+case)\s+you\s+mean(?:t)?"
    r"|(?:this|today|tomorrow|the\s+asked)\s*(?:week|month|year|day|period)?\s+(?:has|had|shows?)"
    r"\s+(?:nothing|none)|not\s+all\s+(?:of\s+)?(?:these|this|them|the\s+following)"
    r"\s+(?:are|is)\s+(?:right|correct|true)|^\W*not\W*$)\b",
    re.I,
)
_CLOSERS = "\"')]*”’ "
_QUESTION_WORDS = frozenset(
    [
        "what",
        "where",
        "when",
        "who",
        "whom",
        "whose",
        "why",
        "how",
        "which",
        "is",
        "are",
        "was",
        "were",
        "do",
        "does",
        "did",
        "can",
        "could",
        "will",
        "would",
        "should",
        "shall",
        "any",
        "anyone",
    ]
)
#: Words before a question that report it ("he asks:", "two of the questions are for you:").
_REPORTING = re.compile(
    r"\b(?:ask|asks|asked|asking|questions|queries|wants\s+to\s+know|wondering|wonders"
    r"|inquir\w*|enquir\w*)\b",
    re.I,
)
#: A question inside quotes ending the sentence ('... the FAQ asks "How exposed are we?"').
_QUOTED_QUESTION = re.compile(r"[\"“‘][^\"“”‘’]*\?[\"”’][\s*_)]*$")
_SEGMENT_BREAK = re.compile(r";|:\s|\s[-–—]\s")
#: After an opening "No"/"Nope": a full stop or "!" ending it before a lower-case word ("Nope.
#: yep, just 1: ..."), which the sentence splitter joins to it; not "No. 1", "No. of emails".
_LONE_DENIAL = re.compile(r"[ \t]*[.!]+[ \t\n]+(?!of\b)[a-z]")


#: A quotation in a sentence: double quotes, or single ones that open and close at word
#: edges ("Dana's" and "the desks' numbers" open none).
_QUOTATION = re.compile(r"\"[^\"\n]*\"|(?<!\w)'[^'\n]*'(?!\w)")


def _quotations(sentence: str) -> list[tuple[int, int]]:
    return [m.span() for m in _QUOTATION.finditer(sentence)]


def _asks_between(sentence: str, left: int, right: int, quotations: list[tuple[int, int]]) -> bool:
    """Whether sentence[left:right] holds a request cue outside the quotations: a subject
    quoted in a question ('... 110% (her reply "RE: Q3 draft, please check")?') asks for
    nothing, the question still does."""
    return any(
        not any(start <= m.start() < end for start, end in quotations)
        for m in _REQUEST.finditer(sentence, left, right)
    )


def is_request(sentence: str, at: int = 0) -> bool:
    """Whether the part of a sentence around offset `at` (between semicolons, colons and
    dashes) asks for something: "could you", "please", "does that work for you", outside
    quotations."""
    left = max((m.end() for m in _SEGMENT_BREAK.finditer(sentence, 0, at)), default=0)
    right = next((m.start() for m in _SEGMENT_BREAK.finditer(sentence, at)), len(sentence))
    return _asks_between(sentence, left, right, _quotations(sentence))


@dataclass(frozen=True)
class Span:
    """A named thing in the answer: token range [first, last) and character offsets."""

    first: int
    last: int
    start: int
    end: int


class _Phrases(tuple):
    """Phrases (word tuples), longest first, indexed by their first word: a cue is looked up
    at each word, not every phrase compared with it."""

    by_first: dict[str, tuple[tuple[str, ...], ...]]

    def __new__(cls, phrases: tuple[tuple[str, ...], ...]) -> _Phrases:
        self = super().__new__(cls, phrases)
        index: dict[str, list[tuple[str, ...]]] = {}
        for phrase in self:
            index.setdefault(phrase[0], []).append(phrase)
        self.by_first = {word: tuple(found) for word, found in index.items()}
        return self

    def with_number_spellings(self) -> _Phrases:
        """These phrases and their variants with small numbers spelled the other way, with
        "all" / "both" written out ("all read" is also "all of them read"), after the verb
        ("all read" is also "read every", "read all": "You have read every email from X"), a
        leading "not" as "rather than" / "instead of" ("not a reply": "a new message rather
        than a reply") and floated after an
        auxiliary ("have accepted" is also "have both accepted"), "only" after what it
        restricts ("only this week" is also "this week only") and -ize words spelled -ise
        ("organized by" is also "organised by")."""
        variants = {v for phrase in self for v in _number_spellings(phrase)}
        variants |= {v for phrase in list(variants) for v in _quantifier_spellings(phrase)}
        variants |= {v for phrase in list(variants) for v in _verb_first(phrase)}
        variants |= {v for phrase in list(variants) for v in _rather_than(phrase)}
        variants |= {v for phrase in list(variants) for v in _floating_quantifiers(phrase)}
        variants |= {v for phrase in list(variants) for v in _trailing_only(phrase)}
        variants |= {v for phrase in list(variants) for v in _ize_spellings(phrase)}
        if len(variants) == len(self):
            return self
        return _Phrases(tuple(sorted(variants, key=len, reverse=True)))


#: Words before a status in a ruling-out phrase ("has accepted", "have all accepted",
#: "already read"): a perfect leaves a participle ("is under", "was due", "all day" leave a
#: preposition or a noun, no status).
_STATUS_LEADS = frozenset({"has", "have", "had", "already"})
_FLOATED = frozenset({"all", "both"})  # "have all accepted" is "have accepted"
#: Irregular participles a status may be ("already read", "has sent"); the rest end in -ed/-en
#: ("already in", "already members" leave no status).
_IRREGULAR_PARTICIPLES = frozenset({"read", "sent", "done", "met", "seen", "kept", "left"})


def _participle(word: str) -> bool:
    return word in _IRREGULAR_PARTICIPLES or (len(word) > 4 and word.endswith(("ed", "en")))


#: What may stand around a status that is all that is said of an item: emphasis, quotes, end
#: punctuation, up to a separator (a colon, a cell's bar, a parenthesis, a comma, a dash).
_STATUS_AROUND = re.compile(r"[\s*_`'\"“”‘’.!]*")
_STATUS_SEPARATOR = re.compile(r"[:|()\[\],;\n]|\s[-–—]\s")
#: After a status, a parenthesis qualifies it ("accepted (tentatively)"): no separator there.
_STATUS_END = re.compile(r"[:|)\],;\n]|\s[-–—]\s")
#: What may close a name before its aside: emphasis and quote marks ('**Draft X** (not started)').
_NAME_CLOSE = re.compile(r"[\s*_`'\"“”‘’]*")
#: A small number written as a word or in digits: "cc'd on 2" is "cc'd on two".
_DIGIT_OF = {w: str(n) for w, n in NUMBER_WORDS.items() if " " not in w and 0 < n <= 20}
_WORD_OF = {digit: word for word, digit in _DIGIT_OF.items()}


def _number_spellings(phrase: tuple[str, ...]) -> set[tuple[str, ...]]:
    """The phrase with each small number also in its other spelling (digits / word)."""
    variants = {phrase}
    for i, word in enumerate(phrase):
        other = _DIGIT_OF.get(word) or _WORD_OF.get(word)
        if other:
            variants |= {(*v[:i], other, *v[i + 1 :]) for v in variants}
    return variants


_QUANTIFIERS = frozenset({"all", "both", "none", "each"})


def _quantifier_spellings(phrase: tuple[str, ...]) -> set[tuple[str, ...]]:
    """A phrase opening with "all", "both", "none" or "each" with "of them" / "of those" /
    "of these" after it ("all read": "all of them read")."""
    if len(phrase) < 2 or phrase[0] not in _QUANTIFIERS or phrase[1] == "of":
        return set()
    return {(phrase[0], "of", pronoun, *phrase[1:]) for pronoun in ("them", "those", "these")}


def _verb_first(phrase: tuple[str, ...]) -> set[tuple[str, ...]]:
    """ "all" and a participle with the verb first ("all read": "read all", "read every")."""
    if len(phrase) != 2 or phrase[0] != "all" or not _participle(phrase[1]):
        return set()
    return {(phrase[1], "all"), (phrase[1], "every")}


def _rather_than(phrase: tuple[str, ...]) -> set[tuple[str, ...]]:
    """A phrase opening with "not" with "rather than" or "instead of" for it ("not a reply":
    "rather than a reply"): what follows is what the item is not."""
    if len(phrase) < 2 or phrase[0] != "not":
        return set()
    return {("rather", "than", *phrase[1:]), ("instead", "of", *phrase[1:])}


#: Auxiliaries a quantifier floats after ("have accepted": "have both accepted").
_AUXILIARIES = frozenset({"have", "has", "had", "'ve", "are", "were", "is", "was", "'re"})
_FLOATING = ("all", "both", "each")


def _floating_quantifiers(phrase: tuple[str, ...]) -> set[tuple[str, ...]]:
    """A phrase opening with an auxiliary and a verb with "all", "both" or "each" floated
    between them ("have accepted": "have both accepted", "are done": "are all done")."""
    if len(phrase) < 2 or phrase[0] not in _AUXILIARIES or phrase[1] in (*_FLOATING, "not"):
        return set()
    return {(phrase[0], q, *phrase[1:]) for q in _FLOATING}


#: A word spelled with -ize or -ise ("organized", "organiser"): both spellings are one word.
_IZE = re.compile(r"(\w{3,}i)[sz](e|ed|er|ers|es|ing|ation|ations)")


def _ize_spellings(phrase: tuple[str, ...]) -> set[tuple[str, ...]]:
    """The phrase with each -ize / -ise word in the other spelling ("organized by": "organised
    by"), as American and British writers write it."""
    variants = {phrase}
    for i, word in enumerate(phrase):
        match = _IZE.fullmatch(word)
        if match:
            stem, ending = match.groups()
            other = {f"{stem}z{ending}", f"{stem}s{ending}"} - {word}
            variants |= {(*v[:i], o, *v[i + 1 :]) for v in variants for o in other}
    return variants


def _trailing_only(phrase: tuple[str, ...]) -> set[tuple[str, ...]]:
    """A phrase opening with "only" with "only" after what it restricts ("only this week":
    "this week only", "only on this week": "on this week only", "this week only")."""
    if len(phrase) < 2 or phrase[0] != "only":
        return set()
    rest = phrase[1:]
    found = {(*rest, "only")}
    if len(rest) >= 2 and rest[0] in ("on", "in"):
        found.add((*rest[1:], "only"))
    return found


def _describes_the_one(words: list[str], k: int) -> bool:
    """Whether words[k] is the "one" of "the one" with more words after it: "the one worth a
    quick nudge" picks out whom to chase; "one of them" and a bare "the one" say who belongs."""
    return words[k] == "one" and k > 0 and words[k - 1] == "the" and k + 1 < len(words)


def _changes_an_amount(norms: list[str], after: int) -> bool:
    """Whether an exclusion word ("dropped") is followed by "from", "to" or "by" and a number:
    "rejections dropped from 14 to 11" tells an amount's change, it excludes nothing."""
    if after + 1 >= len(norms) or norms[after] not in ("from", "to", "by"):
        return False
    word = norms[after + 1]
    return word[:1].isdigit() or word in NUMBER_WORDS


#: Words after a negation that make it add an item, not deny one: "not only X (but also Y)",
#: "not just X", "don't forget X", "not to mention X", "don't miss X", "don't overlook X".
_ADDING_TAILS = _Phrases(
    (
        ("only",),
        ("just",),
        ("forget",),
        ("miss",),
        ("overlook",),
        ("to", "mention"),
        ("to", "forget"),
    )
)


_TAG_PRONOUNS = frozenset({"it", "they", "you", "he", "she", "we", "there"})
#: The other party taking a later turn of a thread ("you replied ..., and he came back").
_TURN_PRONOUNS = frozenset({"he", "she", "they"})
_TURN_VERBS = frozenset({"came", "wrote", "replied", "answered", "responded", "followed"})


def _adds_not_denies(norms: list[str], after: int) -> bool:
    """Whether the negation ending at token `after` opens an addition ("Not only these: X
    too.", "Don't forget X."): a wrong item written after it is asserted, not ruled out."""
    return _match_at(norms, after, _ADDING_TAILS) > 0


def _phrases(words: tuple[str, ...]) -> _Phrases:
    return _Phrases(
        tuple(sorted({word_tokens(w) for w in words if word_tokens(w)}, key=len, reverse=True))
    )


_PRE = _phrases(PRE_NEGATIONS)
_NEG_VERBS = _phrases((*NEGATED_VERBS, "not"))
_POST = _phrases(POST_EXCLUSIONS)
_HEDGES = _phrases(HEDGES)
_DENIALS = _phrases(DENIALS)
_CONTEXT_HEADERS = _phrases(CONTEXT_HEADERS)
_COMPLEMENTS = _phrases(COMPLEMENTS)
_ADDITIVES = _phrases(ADDITIVES)
_PRIOR_ACTIONS = _phrases(PRIOR_ACTIONS)
COMPLEMENT_WORDS = (
    4  # a complement opens a sentence within its first words ("Everyone in the other")
)
CONDITION_WORDS = 8  # "if" opens a sentence within its first words ("One small caveat: if you")
_SENTENCE_DENIALS = _phrases(SENTENCE_DENIALS)
_CONTRASTS = _phrases(CONTRASTS)
_BARE_POST = frozenset({("no",), ("none",), ("not",)})
_COLLECTIVE_TAILS = _phrases(COLLECTIVE_TAILS)
_COLLECTIVE_VERBS = _phrases(COLLECTIVE_VERBS)
#: Cues every claim reads, in the order they are read at one word.
_ADJACENT = _phrases(ADJACENT_NEGATIONS)
_SEQUENCE_OPENERS = _phrases(SEQUENCE_OPENERS)
_FIRST_PERSON_EXCLUSIONS = _phrases(FIRST_PERSON_EXCLUSIONS)
#: Words between "I" and the verb that leaves things out ("I also left out", "I've excluded").
_FIRST_PERSON_FILLERS = frozenset(
    {"also", "have", "'ve", "had", "deliberately", "intentionally", "purposely", "therefore"}
)
#: Words a sentence may open with before its "I" ("So I left out ...", "And I excluded ...").
_CONNECTORS = frozenset({"so", "also", "and", "then"})
#: Words whose object may be an addressee before an absolute phrase ("to Marcus, Priya cc'd").
_PREPOSITIONS = frozenset({"to", "from", "with", "by", "for"})
#: A past participle closing its clause right after an item (" cc'd)", " copied.").
_PARTICIPLE_CLOSING = re.compile(r" +\w+(?:ed|['’]d)(?=\s*(?:[.;,)!?:\n]|$))")
#: Words that end what a first-person exclusion governs: the sentence goes on to assert.
_CLAUSE_TURNS = frozenset({"but", "however", "whereas", "while", "though", "although"})
#: After "and" / "or", words that open a clause of the answerer's own ("and counted X").
_NEW_CLAUSE = frozenset(
    {
        "i", "we", "you", "counted", "included", "listed", "found", "kept", "added", "named",
        "took", "used", "counting", "including", "listing", "keeping", "gave", "put", "left",
        "have", "has", "is", "are", "was", "were", "it", "they", "that", "these", "those",
    }
)  # fmt: skip
_GROUP_OPENERS = _phrases(GROUP_OPENERS)
_GENERIC_CUES = (
    ("post", _POST),
    ("negverb", _NEG_VERBS),
    ("pre", _PRE),
    ("hedge", _HEDGES),
    ("adjacent", _ADJACENT),
)
#: The words a generic cue can start with: no other word is looked up (`_generic_cues`).
_GENERIC_FIRST_WORDS = frozenset(phrase[0] for _, phrases in _GENERIC_CUES for phrase in phrases)


@dataclass(frozen=True)
class CueWords:
    """A claim's own words: the question's predicate, and words that rule an item out."""

    predicate: tuple[str, ...] = ()  # word stems: "accept" covers accepted, accepting
    ruled_out: tuple[tuple[str, ...], ...] = ()
    #: The ruling-out phrases' statuses without their auxiliary ("has accepted": "accepted"),
    #: which rule an item out only as the whole of what is said of it ("- Jeff: accepted").
    statuses: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def of(cls, predicate: list[str], ruled_out: list[str], inflect: bool = False) -> CueWords:
        """`inflect`: a one-word cue also reads in its inflected forms ("copy": "copying",
        "copied", "copies"), as context words do: they describe an item's part in the thing
        asked about, in whatever tense the answer tells it."""
        stems = tuple(w for p in predicate for w in word_tokens(p))
        phrases = _phrases(tuple(ruled_out))
        if inflect:
            forms = {
                (form,)
                for phrase in phrases
                if len(phrase) == 1
                for form in _inflections(phrase[0])
            }
            phrases = _Phrases(tuple(sorted(set(phrases) | forms, key=len, reverse=True)))
        statuses = {
            phrase[-1:]
            for phrase in phrases
            if len(phrase) >= 2
            and phrase[0] in _STATUS_LEADS
            and all(w in _STATUS_LEADS | _FLOATED for w in phrase[1:-1])
            and _participle(phrase[-1])
        }
        return cls(stems, phrases.with_number_spellings(), tuple(sorted(statuses - set(phrases))))


def _inflections(word: str) -> set[str]:
    """A verb's or noun's regular forms, from its base or a regular past form ("copy" or
    "copied": copies, copied, copying; "forward": forwards, forwarded, forwarding; "shared":
    shares, sharing; "cc": nothing, too short to tell)."""
    if len(word) < 4 or not word.isalpha():
        return set()
    bases = set()
    if word.endswith("ied"):
        bases.add(word[:-3] + "y")
    elif word.endswith("ed"):
        bases.add(word[:-2])  # "asked": ask
        if word[-3] not in "aeiou" and word[-4] in "aeiou":
            bases.add(word[:-1])  # "shared": share (and "shar", which writes no word)
    bases = {base for base in bases if len(base) >= 3} or {word}
    return {form for base in bases for form in _forms(base)} - {word}


def _forms(base: str) -> set[str]:
    if base.endswith("y") and base[-2] not in "aeiou":
        return {base[:-1] + "ies", base[:-1] + "ied", base + "ing"}
    if base.endswith("e"):
        return {base + "s", base + "d", base[:-1] + "ing"}
    return {base + "s", base + "ed", base + "ing"}


@dataclass
class _Cue:
    kind: str  # pre | negverb | post | hedge | ruled
    first: int
    last: int
    active: bool = True


def _match_at(norms: list[str], i: int, phrases: tuple[tuple[str, ...], ...]) -> int:
    """Length of the longest of `phrases` starting at word `i` (0: none)."""
    if isinstance(phrases, _Phrases):
        if i >= len(norms):
            return 0
        phrases = phrases.by_first.get(norms[i], ())
    for phrase in phrases:
        if tuple(norms[i : i + len(phrase)]) == phrase:
            return len(phrase)
    return 0


@dataclass
class _RunIndex:
    """The runs of one read, indexed for binding cues: where each starts and ends (tokens),
    sorted by start, and the tokens a backward cue stops at (run ends and pronouns)."""

    first: list[int]
    last: list[int]
    proxies: dict[int, int]
    by_first: list[tuple[int, int]] = field(init=False)
    points: dict[int, int] = field(init=False)
    point_tokens: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.by_first = sorted((f, r) for r, f in enumerate(self.first))
        self.points = {last - 1: r for r, last in enumerate(self.last)}
        self.points.update(self.proxies)
        self.point_tokens = sorted(self.points)


@dataclass
class _Question:
    """A sentence that asks, with its segment breaks found once: which part of it around an
    item is a request (`is_request`), for every item of the sentence."""

    sentence: str
    starts: list[int]
    ends: list[int]
    quotations: list[tuple[int, int]]
    requests: dict[tuple[int, int], bool] = field(default_factory=dict)

    @classmethod
    def of(cls, sentence: str) -> _Question:
        breaks = list(_SEGMENT_BREAK.finditer(sentence))
        starts, ends = [m.start() for m in breaks], [m.end() for m in breaks]
        return cls(sentence, starts, ends, _quotations(sentence))

    def requests_at(self, at: int) -> bool:
        """`is_request(sentence, at)`, the segment around `at` found by bisection."""
        k = bisect.bisect_left(self.starts, at)
        if k and self.ends[k - 1] > at:  # a break across `at` (never at a word): as is_request
            return is_request(self.sentence, at)
        left = self.ends[k - 1] if k else 0
        right = self.starts[k] if k < len(self.starts) else len(self.sentence)
        found = self.requests.get((left, right))
        if found is None:
            found = _asks_between(self.sentence, left, right, self.quotations)
            self.requests[left, right] = found
        return found


def _any_within(sorted_offsets: list[int], start: int, end: int) -> bool:
    """Whether any of the sorted offsets lies in [start, end)."""
    found = bisect.bisect_left(sorted_offsets, start)
    return found < len(sorted_offsets) and sorted_offsets[found] < end


class PolarityReader:
    """Reads the polarity of a set of spans (the items a claim is about) in one answer."""

    def __init__(
        self, text: Text, masked: set[int], named_questions: frozenset[int] = frozenset()
    ) -> None:
        self.text = text
        self.masked = masked  # tokens inside names and values: never cues
        self.named_questions = named_questions  # offsets of "?" that end a name
        self.norms = [t.norm for t in text.tokens]
        self.sentence = [text.sentence_of(t.start) for t in text.tokens]
        self._column_cache: dict[tuple, tuple[set[int], set[int]]] = {}
        self._after: dict[tuple[int, int], range] = {}
        self._questions: dict[int, _Question | None] = {}
        self._lists: dict[tuple[tuple[Span, ...], CueWords], list[int]] = {}  # by `read`
        self._zeros: dict[tuple[tuple[Span, ...], CueWords], set[int]] = {}  # by `read`
        self._reads: dict[tuple, tuple[list[Polarity], list[int] | None]] = {}
        self._predicate_ranges: dict[tuple[str, ...], tuple[tuple[int, int], ...]] = {}
        self._predicate_at: dict[tuple[str, ...], list[int]] = {}
        self._windows: dict[tuple[str, int, int], tuple[int, bool, int | None]] = {}
        self._status_claims: dict[tuple, bool] = {}
        self._clause_ends: dict[int, bool] = {}
        self._alone: dict[tuple[int, int], bool] = {}
        self._bound: dict[tuple, dict[tuple[str, int, int], int | None]] = {}
        self.in_parentheses = {
            i
            for match in re.finditer(r"\([^()\n]*\)", text.text)
            for i in text.tokens_in(*match.span())
        }
        # token -> the first token of the run of parenthesised tokens it ends (walks skip it)
        self.aside_start: dict[int, int] = {}
        for i in sorted(self.in_parentheses):
            self.aside_start[i] = self.aside_start.get(i - 1, i)

    @cached_property
    def context_lines(self) -> frozenset[int]:
        """Lines of sections that explain the answer rather than give it: the lines a header
        opening with a context word governs ("**Context**", "Why it's the oldest unread:",
        "Background"), a line opening with such a label ("For reference: A and B", "FYI, A
        and B") and one opening with a short sentence announcing context ("There is one
        borderline case.")."""
        text = self.text
        found: set[int] = set()
        for line in range(len(text.lines)):
            start, end = text.lines[line]
            tokens = text.tokens_in(text.list_marker_end(line), end)
            if len(tokens) and self._announces_context(tokens.start, end):
                found.add(line)  # "There is one borderline case. After your note to ..."
                continue
            length = _match_at(self.norms, tokens.start, _CONTEXT_HEADERS) if len(tokens) else 0
            if not length:
                continue
            if line in text.headers:
                found.update(range(line + 1, text.headers[line] + 1))
            colon = text.text.find(":", start, end)
            if colon >= 0 and len(text.tokens_in(start, colon)) <= LABEL_WORDS:
                found.add(line)
            elif _LEAD_SEPARATOR.match(text.text, text.tokens[tokens.start + length - 1].end):
                found.add(line)  # "FYI, the next ones are due Fri, Oct 26: ...", "FYI - A, B"
        return frozenset(found)

    def _announces_context(self, first: int, end: int) -> bool:
        """Whether the line opens with a short sentence of its own announcing context ("There
        is one borderline case.", "One caveat."): the rest of the line explains it."""
        sentence_start, sentence_end = self.text.sentences[self.sentence[first]]
        if sentence_end >= end or not self.text.text[:sentence_end].rstrip().endswith("."):
            return False
        words = self.text.tokens_in(sentence_start, sentence_end)
        return len(words) <= LABEL_WORDS + 1 and any(
            _match_at(self.norms, i, _CONTEXT_HEADERS) for i in words if i not in self.masked
        )

    @cached_property
    def context_ranges(self) -> tuple[tuple[int, int], ...]:
        """(start, end) offsets of the stretches that talk about what is outside the answer:
        from a sentence opening with a complement ("The other meetings this week ...", "Everyone
        else on the invite ...", "Nothing else has more than 2 messages") to the end of its line
        (or of the lines it governs, as a header), up to a sentence that adds to the answer
        ("also"); a line after it is not its ("Nothing else clashes.\n- D" lists D); a sentence
        retelling what the user already did ("You already asked Tanya and Priya ..."); and a
        sentence saying what a different count would give ("If you'd rather leave it out, the
        figure becomes 4 of 11", "Counting X would not change the answer")."""
        text, norms = self.text, self.norms
        found: list[tuple[int, int]] = []
        sentences = text.sentences
        adds = [self._adds(start, end) for start, end in sentences]
        index = 0
        while index < len(sentences):
            start, end = sentences[index]
            words = [i for i in text.tokens_in(start, end) if i not in self.masked]
            if not adds[index] and (
                any(_match_at(norms, i, _COMPLEMENTS) for i in words[:COMPLEMENT_WORDS])
                or self._counted_others(start, end)
            ):
                line = text.line_of(start)
                stop = text.lines[text.headers.get(line, line)][1]
                following = index + 1
                while following < len(sentences) and sentences[following][0] < stop:
                    if adds[following]:
                        stop = sentences[following][0]
                        break
                    following += 1
                found.append((start, stop))
                index = following
                continue
            if words and not adds[index] and _match_at(norms, words[0], _PRIOR_ACTIONS):
                found.append((start, end))  # "You already asked Tanya and Priya ... in X"
                index += 1
                continue
            condition = next(
                (k for k, i in enumerate(words[:CONDITION_WORDS]) if norms[i] == "if"), None
            )
            if (
                condition is not None
                and any(norms[i] in CONDITIONAL_RESULTS for i in words[condition + 1 :])
            ) or self._counterfactual(start, end):
                # "Including the EnronOnline mailbox, listed under Trading Systems, would not
                # change the answer": a sentence opening with a condition that says "would"
                found.append((start, end))
            index += 1
        return tuple(found)

    def _counted_others(self, start: int, end: int) -> bool:
        """Whether the sentence opens with a count of others ("Two other inbox emails have
        attachments, but they are Word documents", "3 other contacts ..."): the complement
        "the other two" written the other way round (the count is a value, so masked)."""
        tokens = self.text.tokens_in(start, end)
        if len(tokens) < 2:
            return False
        word = self.norms[tokens.start]
        counted = word.isdigit() or (word in NUMBER_WORDS and NUMBER_WORDS[word] > 1)
        return counted and self.norms[tokens.start + 1] == "other"

    def _adds(self, start: int, end: int) -> bool:
        """Whether the sentence adds to the answer ("D also has an outsider")."""
        return any(
            i not in self.masked and _match_at(self.norms, i, _ADDITIVES)
            for i in self.text.tokens_in(start, end)
        )

    def adds_at(self, offset: int) -> bool:
        """Whether the sentence holding `offset` adds to the answer ("The Weekly Credit Exposure
        Meeting also still needs an RSVP", "you also haven't responded to ..."): what it names
        is part of the answer, even in a context section."""
        return self._adds(*self.text.sentences[self.text.sentence_of(offset)])

    def lacks_after_contrast(self, offset: int, words: CueWords) -> bool:
        """Whether the sentence holding `offset` goes on, after a "but", to a ruling-out phrase
        of the claim ("Tuesday comes closest: the Raptor card is also due that day, but there
        is no Project Deadlines entry that day"): its "also" adds to the near miss it tells
        of, and what it names lacks what the answer's items have."""
        if not words.ruled_out:
            return False
        _, end = self.text.sentences[self.text.sentence_of(offset)]
        tokens = self.text.tokens_in(self.text.tokens[self.text.token_at(offset)].end, end)
        buts = [i for i in tokens if self.norms[i] == "but" and i not in self.masked]
        return bool(buts) and any(
            i not in self.masked and _match_at(self.norms, i, words.ruled_out)
            for i in range(buts[0] + 1, tokens.stop)
        )

    def predicate_ranges(self, predicate: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
        """(start, end) offsets of the stretches about the items the question's own negative
        predicate describes, outside the answer ("which were new rather than replies?": "The 12
        replies run from September 25 to October 11. They went to Rick Shapiro (FERC data
        request), ..."): from a sentence opening with a count of the predicate's own noun
        ("The 12 replies", "All 12 replies"; "The reply from Jeff" counts nothing) to the end
        of its line, up to a sentence that adds to the answer ("also"), as a complement's."""
        if not predicate:
            return ()
        found = self._predicate_ranges.get(predicate)
        if found is not None:
            return found
        text, norms, tokens = self.text, self.norms, self.text.tokens
        ranges: list[tuple[int, int]] = []
        sentences = text.sentences
        index = 0
        while index < len(sentences):
            start, end = sentences[index]
            words = text.tokens_in(start, end)
            if (
                len(words) >= 3
                and norms[words[0]] in ("the", "your", "all", "those")
                and (tokens[words[1]].raw[:1].isdigit() or norms[words[1]] in NUMBER_WORDS)
                and norms[words[2]].startswith(predicate)
                and norms[words[2]].endswith("s")
                and not self._adds(start, end)
            ):
                stop = text.lines[text.line_of(start)][1]
                following = index + 1
                while following < len(sentences) and sentences[following][0] < stop:
                    if self._adds(*sentences[following]):
                        stop = sentences[following][0]
                        break
                    following += 1
                ranges.append((start, stop))
                index = following
                continue
            index += 1
        found = self._predicate_ranges[predicate] = tuple(ranges)
        return found

    def in_predicate_range(self, offset: int, predicate: tuple[str, ...]) -> bool:
        ranges = self.predicate_ranges(predicate)
        index = bisect.bisect_right(ranges, (offset, len(self.text.text) + 1)) - 1
        return index >= 0 and ranges[index][0] <= offset < ranges[index][1]

    def in_context_range(self, offset: int) -> bool:
        ranges = self.context_ranges
        index = bisect.bisect_right(ranges, (offset, len(self.text.text) + 1)) - 1
        return index >= 0 and ranges[index][0] <= offset < ranges[index][1]

    @cached_property
    def _generic_cues(self) -> dict[int, tuple[tuple[str, int], ...]]:
        """Token -> the generic cues starting there, (kind, words), in reading order: the same
        for every claim, so found once. Never inside names or values."""
        found: dict[int, tuple[tuple[str, int], ...]] = {}
        norms = self.norms
        for i in range(len(norms)):
            if i in self.masked or norms[i] not in _GENERIC_FIRST_WORDS:
                continue
            here = tuple(
                (kind, length)
                for kind, phrases in _GENERIC_CUES
                if (length := _match_at(norms, i, phrases))
                and not (kind == "post" and _changes_an_amount(norms, i + length))
                and not (kind in ("pre", "negverb", "post") and self._tag_question(i, length))
                and not (
                    kind in ("pre", "negverb", "post")
                    and (
                        _adds_not_denies(norms, i + length)
                        or norms[i + length : i + length + 1] in (["sure"], ["certain"])
                    )
                )
            )
            if here:
                found[i] = here
        return found

    def _cues(self, words: CueWords, mask: frozenset[int] | set[int], own: set[int]) -> list[_Cue]:
        """Cue occurrences. Generic cues are never read inside names or values; a claim's own
        words ("Done") may be a name of another kind (a board column), but not one of `own`."""
        cues: list[_Cue] = []
        norms = self.norms
        elsewhere, _ = self._columns(words)
        generic = self._generic_cues
        ruled_at = {
            i
            for word in {p[0] for p in (*words.ruled_out, *words.statuses)}
            for i in self.text.positions.get(word, ())
        }
        for i in sorted(ruled_at.union(generic)):
            if i in own or i in mask:
                continue
            if i in elsewhere and not self._cell_names_an_item(i, own):
                continue  # "| Meeting this week on it? |" ... "| No |": not about the row's items
            if i in ruled_at and not self._still_to_do(i) and not self._not_only(i):
                length = _match_at(norms, i, words.ruled_out)
                if length and not self._answered_later(i, length, words.ruled_out):
                    cues.append(_Cue("ruled", i, i + length))
                elif not length and self._status_alone(i, words):
                    cues.append(_Cue("ruled", i, i + 1))
            for kind, length in generic.get(i, ()):
                # a word may be several kinds of cue ("not"): each binds on its own
                cues.append(_Cue(kind, i, i + length))
        self._mask_predicates(cues, words, own)
        return cues

    def _answered_later(self, i: int, length: int, ruled_out: tuple[tuple[str, ...], ...]) -> bool:
        """Whether the ruling-out phrase at `i` is the user's turn ("you replied") that the
        other party answers later in the same sentence ("He opened it on September 24, you
        replied on September 25, and he came back on October 8"): a step of the thread's
        history, not its last word. A later turn of the user's own ("..., and you replied
        again") is the last word again."""
        norms, sentence = self.norms, self.sentence
        if norms[i] != "you":
            return False
        answered = False
        j = i + length
        while j + 1 < len(norms) and sentence[j + 1] == sentence[i]:
            if norms[j] in _TURN_PRONOUNS and norms[j + 1] in _TURN_VERBS:
                answered = True
            elif norms[j] == "you" and _match_at(norms, j, ruled_out):
                answered = False
            j += 1
        return answered

    def _status_alone(self, i: int, words: CueWords) -> bool:
        """Whether the word at `i` is one of the claim's statuses and all that its part of the
        line says ("- Jeff Skilling: accepted", "| Marcus Hale | Accepted |", "Accepted: A,
        B"): the status of an item, as "has accepted" states it ("accepted tentatively" says
        more, and is read as usual)."""
        if (self.norms[i],) not in words.statuses:
            return False
        text, token = self.text, self.text.tokens[i]
        start, end = text.lines[text.line_of(token.start)]
        left = max(
            (m.end() for m in _STATUS_SEPARATOR.finditer(text.text, start, token.start)),
            default=start,
        )
        right = next((m.start() for m in _STATUS_END.finditer(text.text, token.end, end)), end)
        left = max(left, text.list_marker_end(text.line_of(token.start)))
        return bool(
            _STATUS_AROUND.fullmatch(text.text, left, token.start)
            and _STATUS_AROUND.fullmatch(text.text, token.end, right)
        )

    def _possessive(self, i: int) -> bool:
        """Whether the word at `i` is written in the possessive before another word of its
        sentence ("It's your slot at Wednesday's FERC Review"): it says whose or when the next
        thing is, so a ruling-out word there ("Wednesday") labels that thing only, never an
        item named before it."""
        tokens = self.text.tokens
        return (
            i + 1 < len(tokens)
            and self.sentence[i + 1] == self.sentence[i]
            and self.text.text[tokens[i].start : tokens[i].end].endswith(("'s", "’s"))
        )

    def _not_only(self, i: int) -> bool:
        """Whether the word at `i` is the "only" / "just" of "not only" ("Not only these: X
        too."): it adds X, it does not label X as an aside ("only cc'd")."""
        norms = self.norms
        return i >= 1 and norms[i] in ("only", "just") and norms[i - 1] == "not"

    def _tag_question(self, i: int, length: int) -> bool:
        """Whether the negation at `i` is a question tag after a comma ("X belongs here too,
        isn't it obvious", ", don't you think"): it asks for agreement, it negates nothing."""
        tokens, text = self.text.tokens, self.text.text
        after = i + length
        if i == 0 or after >= len(tokens) or self.norms[after] not in _TAG_PRONOUNS:
            return False
        if self.norms[after - 1].lstrip("'\u2019") != "t":
            return False  # a tag is an auxiliary's "n't" ("isn't it"), never ", not you
        return text[tokens[i - 1].end : tokens[i].start].strip() == ","

    def _still_to_do(self, i: int) -> bool:
        """Whether the word at `i` names an action still to be done ("you still need to read",
        "have yet to accept"), not the state it labels ("already read", "accepted")."""
        norms = self.norms
        return i >= 2 and norms[i - 1] == "to" and norms[i - 2] in _PENDING

    def _mask_predicates(self, cues: list[_Cue], words: CueWords, own: set[int]) -> None:
        """A negation of the question's own predicate ("hasn't accepted") is part of the claim;
        one that reaches an item first ("not Steven Kean hasn't responded") negates the item, and
        a whole exclusion ("Steven Kean (not included)") is never the predicate."""
        ruled_starts = {c.first: c for c in cues if c.kind == "ruled"}
        _, predicate_cells = self._columns(words)
        own_tokens = sorted(own)
        predicate_at = self._predicate_tokens(words.predicate)
        for cue in cues:
            if cue.kind not in ("pre", "negverb", "post"):
                continue
            if cue.first in predicate_cells and not self._cell_names_an_item(cue.first, own):
                cue.active = False  # "| Emails exchanged |" ... "| none |"
                continue
            end, exclusion, status = self._negation_window(cue)
            # the window stops before the first of the items read after the negation
            item = bisect.bisect_left(own_tokens, cue.last)
            if item < len(own_tokens) and own_tokens[item] < end:
                end = own_tokens[item]
            if (
                not exclusion
                and status is not None
                and status < end
                and not self._claims_status(self.norms[status][:4], words)
            ):
                cue.active = False  # "Submit September expense report - not started"
                continue
            if words.predicate and not exclusion and _any_within(predicate_at, cue.last, end):
                cue.active = False
            for j in range(cue.last, min(end, cue.last + 2)):
                if j in ruled_starts:  # "not done": the negated ruling-out word is the predicate
                    cue.active = False
                    ruled_starts[j].active = False
        if words.predicate:
            for ruled in ruled_starts.values():
                if self._qualified_by_predicate(ruled, words.predicate):
                    ruled.active = False

    def _negation_window(self, cue: _Cue) -> tuple[int, bool, int | None]:
        """What a negation's predicate window holds whatever the claim (kept per answer, as
        every read walks the same cues): the window's end before any item cuts it (the words
        after the negation that can be its predicate: up to 6, in its clause), whether the
        negation is a whole exclusion ("(not included)"), and the token of the progress
        status it negates ("not started", "hasn't been started", "not yet begun"), if any."""
        key = (cue.kind, cue.first, cue.last)  # a word may be several kinds ("excluded")
        found = self._windows.get(key)
        if found is None:
            norms = self.norms
            after = self._clause_after(cue.first, cue.last)
            k = after.start
            if (  # "None of these are started": the status is said of all the items
                norms[cue.last - 1] == "of"
                and norms[cue.first] in ("none", "neither")
                and tuple(norms[k : k + 2]) in _COLLECTIVE_COPULAS
            ):
                k += 2
            while k < after.stop and norms[k] in _STATUS_FILLERS:
                k += 1
            status = k if k < after.stop and norms[k] in NEGATED_STATUSES else None
            exclusion = cue.kind == "post" and tuple(norms[cue.first : cue.last]) not in _BARE_POST
            found = self._windows[key] = (after.stop, exclusion, status)
        return found

    def _status_value(self, first: int, last: int, phrases: _Phrases, words: CueWords) -> bool:
        """Whether the negation [first, last) of a header negates a progress status the claim is
        not about ("not started", "hasn't been started"): a value of the items' state under
        it, as `_mask_predicates` reads one inline, not a denial of them."""
        kind = "pre" if phrases is _PRE else "negverb" if phrases is _NEG_VERBS else "post"
        _, exclusion, status = self._negation_window(_Cue(kind, first, last))
        return (
            not exclusion
            and status is not None
            and not self._claims_status(self.norms[status][:4], words)
        )

    def _claims_status(self, stem: str, words: CueWords) -> bool:
        """Whether the claim is about a negated progress status itself (its predicate or
        ruling-out words name it: "which haven't started?"), so that "not started" denies what
        is claimed rather than giving a value of the item's state, like "in progress"."""
        key = (stem, words.predicate, words.ruled_out)
        found = self._status_claims.get(key)
        if found is None:
            claimed = (*words.predicate, *(w for phrase in words.ruled_out for w in phrase))
            found = self._status_claims[key] = any(
                w.startswith(stem) or stem.startswith(w[:4]) for w in claimed if w
            )
        return found

    def _predicate_tokens(self, predicate: tuple[str, ...]) -> list[int]:
        """The tokens, in order, that are words of the predicate (kept per answer)."""
        found = self._predicate_at.get(predicate)
        if found is None:
            found = self._predicate_at[predicate] = (
                [i for i, n in enumerate(self.norms) if n.startswith(predicate)]
                if predicate
                else []
            )
        return found

    def _cell_names_an_item(self, i: int, own: set[int]) -> bool:
        """Whether the table cell holding token `i` also names one of the items read. A column
        header changes how a cell's lone negation reads ("| Not yet accepted |" over "| none |"
        states the predicate; "| Meeting this week on it? |" over "| No |" answers that
        question), but a negation in a cell with an item of its own ("| not Steven Kean |",
        "| Steven Kean (not included) |", "| not No |") negates or excludes that item as it
        would anywhere else."""
        cell = self.text.table_cell(self.text.tokens[i].start)
        if cell is None:
            return False
        _, left, right = cell
        return any(j in own for j in self.text.tokens_in(left, right))

    def _clause_after(self, first: int, last: int) -> range:
        """Up to 6 words after tokens [first, last), within their clause (kept per answer)."""
        found = self._after.get((first, last))
        if found is None:
            tokens = self.text.tokens
            _, clause_end = self.text.clause_of(tokens[first].start, tokens[last - 1].end)
            end = last
            while end < min(last + 6, len(tokens)) and tokens[end].start < clause_end:
                end += 1
            found = self._after[(first, last)] = range(last, end)
        return found

    def _qualified_by_predicate(self, cue: _Cue, predicate: tuple[str, ...]) -> bool:
        """A ruling-out word qualified by the predicate ("tentatively accepted" for "who hasn't
        fully accepted?") states the predicate: one of the two words just before it, in the
        same clause, is a predicate word, or the word right after it is a predicate word
        written as a manner adverb ("accepted tentatively")."""
        tokens = self.text.tokens
        after = cue.last
        if (
            after < len(tokens)
            and after not in self.masked
            and self.sentence[after] == self.sentence[cue.first]
            and not self.text.text[tokens[after - 1].end : tokens[after].start].strip()
            and self.norms[after].endswith("ly")
            and any(self.norms[after].startswith(stem) for stem in predicate)
        ):
            return True
        for j in range(cue.first - 1, max(-1, cue.first - 3), -1):
            between = self.text.text[tokens[j].end : tokens[j + 1].start]
            if j in self.masked or between.strip() or self.sentence[j] != self.sentence[cue.first]:
                return False
            if any(self.norms[j].startswith(stem) for stem in predicate):
                return True
        return False

    def _runs(self, spans: list[Span], cue_starts: list[int]) -> list[list[int]]:
        """Spans named in one list ("A, B and C"), as lists of span indexes. A parenthetical after
        an item ("A (Mon 10:00), B") stays inside the list unless it holds a cue or the question's
        predicate ("A (not sent), B", "A (accepted), B"). An item after a bare comma that a past
        participle closing its clause follows, where the one item before is a preposition's
        object ("to Marcus, Priya cc'd"), is an absolute phrase of its own."""
        order = sorted(range(len(spans)), key=lambda k: spans[k].start)
        cue_starts = sorted(cue_starts)
        runs: list[list[int]] = []
        for k in order:
            if runs:
                previous = spans[runs[-1][-1]]
                between = self.text.text[previous.end : spans[k].start]
                aside = _PARENTHETICAL.match(between)
                if aside and not _any_within(cue_starts, previous.end, previous.end + aside.end()):
                    between = between[aside.end() :]
                if (
                    self.sentence[previous.first] == self.sentence[spans[k].first]
                    and (_SEPARATORS.match(between) or _POSSESSIVE_SEPARATOR.match(between))
                    and "\n" not in between
                    and not self._absolute_phrase(spans, runs[-1], k, between)
                ):
                    runs[-1].append(k)
                    continue
            runs.append([k])
        return runs

    def _absolute_phrase(self, spans: list[Span], run: list[int], k: int, between: str) -> bool:
        """Whether span k, after a bare comma, is the subject of a past participle closing its
        clause right after it ("cc'd", "copied"), the run before being one preposition's object
        ("(to Marcus, Priya cc'd)"): "to Marcus, with Priya cc'd", not a list of the two."""
        if len(run) != 1 or between.strip() != ",":
            return False
        first = spans[run[0]].first
        return (
            first > 0
            and self.norms[first - 1] in _PREPOSITIONS
            and _PARTICIPLE_CLOSING.match(self.text.text, spans[k].end) is not None
        )

    def read(
        self,
        spans: list[Span],
        words: CueWords = CueWords(),
        mask: frozenset[int] = frozenset(),
        personal: bool | None = None,
    ) -> list[Polarity]:
        """The polarity of each span (`mask`: more tokens that are never cues, e.g. the spans' own;
        `personal`: whether the spans name people (True), things (False) or either (None): "he"
        never stands for an email). Kept per answer: the claims of one question read the same
        spans with the same words (an item check per subject, its context words)."""
        key = (tuple(spans), words, frozenset(mask), personal)
        kept = self._reads.get(key)
        if kept is None:
            found = self._read(spans, words, mask, personal)
            kept = self._reads[key] = (found, self._lists.get(key[:2]))
        elif kept[1] is not None:
            self._lists[key[:2]] = kept[1]  # the spans' lists as this read found them
        return list(kept[0])

    def _read(
        self,
        spans: list[Span],
        words: CueWords,
        mask: frozenset[int],
        personal: bool | None,
    ) -> list[Polarity]:
        result: list[Polarity] = ["asserted"] * len(spans)
        if not spans:
            return result
        own = {i for span in spans for i in range(span.first, span.last)}
        cues = self._cues(words, mask, own)
        tokens = self.text.tokens
        status = [tokens[c.first].start for c in cues]  # a cue, even one of the predicate
        if words.predicate:
            status += [tokens[i].start for i in self._predicate_tokens(words.predicate)]
        runs = self._runs(spans, status)
        run_of = {k: r for r, run in enumerate(runs) for k in run}
        self._lists[(tuple(spans), words)] = [run_of[k] for k in range(len(spans))]
        first = [spans[run[0]].first for run in runs]
        last = [spans[run[-1]].last for run in runs]
        verdict: list[set[str]] = [set() for _ in runs]
        index = _RunIndex(first, last, self._proxies(first, last, personal))
        ruling: set[int] = set()  # sentences with an exclusion that binds to no item
        # reads whose runs are the same (one subject's claims, an item check and its context
        # words) bind each cue the same: a cue's run is found once for them all
        bound = self._bound.setdefault(
            (tuple(first), tuple(last), tuple(sorted(index.proxies.items())), words.predicate), {}
        )
        for cue in cues:
            if not cue.active:
                continue
            place = (cue.kind, cue.first, cue.last)
            if place not in bound:
                bound[place] = self._bind(cue, index, words.predicate)
            target = bound[place]
            if target is not None:
                verdict[target].add(
                    {"hedge": "hedged", "ruled": "ruled_out"}.get(cue.kind, "negated")
                )
            elif (
                cue.kind == "ruled"
                or (
                    cue.kind == "post" and tuple(self.norms[cue.first : cue.last]) not in _BARE_POST
                )
                or (  # "Some items already past due are not on this list."
                    cue.kind == "negverb"
                    and any(w in MEMBERSHIP_WORDS for w in self.norms[cue.last : cue.last + 4])
                )
            ):
                ruling.add(self.sentence[cue.first])
        self._pronoun_exclusions(index, verdict)
        self._near_misses(index, verdict)
        self._named_replies(index, verdict, words)
        self._headers_and_rows(runs, spans, verdict, words)
        self._denied_labels(first, verdict)
        zeros = self._zero_counts(index, words)
        self._zeros[(tuple(spans), words)] = {k for k in range(len(spans)) if run_of[k] in zeros}
        self._denied_sentences(runs, first, verdict)
        self._collective_denials(spans, run_of, verdict)
        self._continued_sequences(first, verdict, ruling, last)
        self._first_person_exclusions(first, verdict)
        self._excluded_introductions(first, verdict, personal)
        self._restated_referents(index, verdict)
        self._questioned_sentences(runs, first, verdict)
        self._offered_alternatives(first, verdict)
        self._hedged_lead_in(runs, first, verdict)
        if self._denies_everything(first):
            for marks in verdict:
                marks.add("negated")
        for k in range(len(spans)):
            marks = verdict[run_of[k]]
            if self._struck(spans[k].start, spans[k].end) or self._crossed(spans[k].start):
                marks.add("ruled_out")
            if "negated" in marks:
                result[k] = "negated"
            elif "ruled_out" in marks:
                result[k] = "ruled_out"
            elif "hedged" in marks:
                result[k] = "hedged"
        return result

    def lists_of(self, spans: list[Span], words: CueWords = CueWords()) -> list[int]:
        """Per span, the index of the list it is written in ("A, B and C"), grouped as `read`
        groups them (a parenthetical holding a cue or the predicate ends a list)."""
        if not spans:
            return []
        found = self._lists.get((tuple(spans), words))
        if found is None:
            self.read(spans, words)
            found = self._lists[(tuple(spans), words)]
        return found

    def bare_item(self, span: Span) -> bool:
        """Whether the item is all its line says (after a list marker, emphasis, quotes, brackets
        and end punctuation): "- Alan Whitcombe" lists it and says nothing else about it."""
        text = self.text
        line = text.line_of(span.start)
        _, end = text.lines[line]
        before = text.text[text.list_marker_end(line) : span.start]
        return bool(_BARE.fullmatch(before) and _BARE.fullmatch(text.text, span.end, end))

    # --- binding -----------------------------------------------------------------------

    def _proxies(
        self, first: list[int], last: list[int], personal: bool | None = None
    ) -> dict[int, int]:
        """Pronoun token -> the run it points back to (named in this or the previous sentence):
        the run ending last before it (the first of those ending there). "He", "she", "him"
        and "her" stand for no span of things ("FERC data request ... (Richard Shapiro). He
        wrote, you replied": "he" is the sender, not the thread); "it" may stand for a person's
        span ("(202) 466-9142. It's probably his." hedges the number as his). In a sentence
        opening with a pronoun, one after a sentence whose pronoun of the same form stands for
        a run stands for it too ("It is in To Do ... That is 49 hours out, so it misses")."""
        proxies: dict[int, int] = {}
        by_last = sorted((end, r) for r, end in enumerate(last))
        ends = [end for end, _ in by_last]
        other = PERSONAL_PRONOUNS if personal is False else frozenset()
        chained: dict[tuple[int, str], set[int]] = {}  # (run, pronoun group) -> its sentences
        opens = self._pronoun_openings
        for i in self._pronouns:
            if self.norms[i] in other:
                continue
            found = bisect.bisect_right(ends, i) - 1
            if found < 0:
                continue
            r = by_last[bisect.bisect_left(ends, ends[found])][1]
            group = _PRONOUN_GROUPS.get(self.norms[i], self.norms[i])
            if self.sentence[i] - self.sentence[last[r] - 1] <= 1 or (
                self.sentence[i] in opens and self.sentence[i] - 1 in chained.get((r, group), ())
            ):  # "X is in To Do. It is urgent, but it is due Wednesday. That is 49 hours out"
                proxies[i] = r
                chained.setdefault((r, group), set()).add(self.sentence[i])
        return proxies

    @cached_property
    def _pronoun_openings(self) -> set[int]:
        """Sentences opening with one of `_pronouns`."""
        pronouns = set(self._pronouns)
        return {s for s, i in self._sentence_starts.items() if i in pronouns}

    @cached_property
    def _strikes(self) -> tuple[list[int], list[int]]:
        """Starts and ends of the struck-through stretches ("~~...~~") of the text."""
        found = [m.span() for m in _STRIKE.finditer(self.text.text)]
        return [a for a, _ in found], [b for _, b in found]

    def _struck(self, start: int, end: int) -> bool:
        """Whether [start, end) lies in a struck-through stretch ("~~Louise Kitchen: 80%~~")."""
        starts, ends = self._strikes
        index = bisect.bisect_right(starts, start) - 1
        return index >= 0 and end <= ends[index]

    def _crossed(self, offset: int) -> bool:
        """Whether the line holding `offset` opens with a cross mark (`_CROSSED`) that reaches
        it: not past a check mark later in the line ("✗ PBC list ✓ RSVP to Dynegy Review"),
        and not on a line that adds to the answer ("✗ Not done, but due tomorrow too: X")."""
        start, end = self.text.lines[self.text.line_of(offset)]
        if _CROSSED.match(self.text.text, start, end) is None:
            return False
        if _CHECKED.search(self.text.text, start, offset):
            return False
        return not self._adds_on_line(start, end)

    def _adds_on_line(self, start: int, end: int) -> bool:
        """Whether the text [start, end) holds an additive word ("too", "also", "as well")."""
        return any(self._additive_at(i) for i in self.text.tokens_in(start, end))

    def _additive_at(self, i: int) -> bool:
        """Whether token i, outside names and values, is an additive ("too", "also", "as
        well")."""
        norms = self.norms
        return i not in self.masked and (
            _match_at(norms, i, _ADDITIVES) or norms[i : i + 2] == ["as", "well"]
        )

    @cached_property
    def _pronouns(self) -> list[int]:
        """Tokens that are pronouns (outside names and values), and "That" / "This" opening a
        sentence as its subject ("... due Wednesday at 10:00. That is 49 hours out"), save a
        floated "both" standing for an unnamed subject (`_floated_over_unnamed`)."""
        norms, starts = self.norms, set(self._sentence_starts.values())
        return [
            i
            for i, n in enumerate(norms)
            if i not in self.masked
            and (
                (n in PRONOUNS and not self._floated_over_unnamed(i))
                or (
                    n in _DEMONSTRATIVES
                    and i in starts
                    and norms[i + 1 : i + 2] in (["is"], ["was"], ["'s"], ["s"])
                )
                or (n in _DEMONSTRATIVES and self._demonstrative_one(i))
            )
        ]

    def _floated_over_unnamed(self, i: int) -> bool:
        """Whether "both" at token i floats after an auxiliary over a subject of its clause
        that holds no pronoun ("the Q3 true-up and the ISDA sign-off are both Done"): it stands
        for that subject, as a floated "all" does, not for the items named before; over a
        pronoun ("it and X are both Done") it still points back."""
        norms, tokens = self.norms, self.text.tokens
        if norms[i] not in _FLOATED or not i or norms[i - 1] not in _AUXILIARIES:
            return False
        left, _ = self.text.clause_of(tokens[i - 1].start, tokens[i - 1].end)
        subject = [j for j in range(i - 1) if tokens[j].start >= left]
        return bool(subject) and not any(norms[j] in PRONOUNS for j in subject)

    def _demonstrative_one(self, i: int) -> bool:
        """Whether "that one" / "this one" at token i is a pronoun, the subject of a verb or
        ending its clause ("..., but that one is the preliminary build", "not that one."),
        not a determiner ("that one email from Louise")."""
        norms, tokens = self.norms, self.text.tokens
        if norms[i + 1 : i + 2] != ["one"]:
            return False
        if i + 2 >= len(tokens):
            return True
        return norms[i + 2] in _AFTER_ONE or bool(
            _CLAUSE_END.search(self.text.text, tokens[i + 1].end, tokens[i + 2].start)
        )

    def _blocked(self, a: int, b: int) -> bool:
        """Whether a cue may not reach across the text between tokens a and b (a < b)."""
        tokens = self.text.tokens
        if a >= b or b >= len(tokens):
            return False
        between = self.text.text[tokens[a].end : tokens[b].start]
        return ";" in between or "\n" in between

    def _forward(
        self, cue: _Cue, runs: _RunIndex, reach: int, across_commas: bool = False
    ) -> int | None:
        """The run a cue points forward to: the first starting within `reach` words after it."""
        found = bisect.bisect_left(runs.by_first, (cue.last, -1))
        if found == len(runs.by_first) or runs.by_first[found][0] > cue.last + reach:
            return None
        _, r = runs.by_first[found]
        first = runs.first
        if self.sentence[first[r]] != self.sentence[cue.first]:
            return None
        gap = self.text.text[self.text.tokens[cue.last - 1].end : self.text.tokens[first[r]].start]
        if ("," in gap and not across_commas) or self._blocked(cue.last - 1, first[r]):
            return None
        if gap.count(")") > gap.count("("):  # "(no meeting) and X": the cue stays in its aside
            return None
        return r

    def _backward(self, cue: _Cue, runs: _RunIndex, reach: int) -> int | None:
        """The run a cue points back to; words in parentheses do not count towards the reach
        ("Q3 Earnings Prep (Mon 2:00 p.m., Jeff Skilling): accepted"). A ruling-out word right
        after "but", or after "but" and a copula, opens a clause whose subject is the one before
        ("Alan Whitcombe is in the group but hasn't sent you anything", "'Old Calpine tickets'
        comes first but is disabled"): its walk goes on past that "but"."""
        points = runs.points
        j, steps = cue.first - 1, 0
        ruling = cue.kind == "ruled" or self._membership_denied(cue)
        if ruling and j > 0 and self.norms[j] in _COPULAS and self.norms[j - 1] == "but":
            j -= 1  # "but is disabled": the copula's subject is elided too
        elided = ruling and j >= 0 and self.norms[j] == "but" and j not in self.masked
        if elided and self._adds_before(j):
            return None  # "X is one of them too, but does not count twice": X is added
        if elided:
            j -= 1
        while j >= 0 and steps < reach:
            if j in self.in_parentheses and j not in points:
                # the aside's words count for nothing: go to its last point, or past it
                aside = self.aside_start[j]
                point = bisect.bisect_right(runs.point_tokens, j) - 1
                if point >= 0 and runs.point_tokens[point] >= aside:
                    j = runs.point_tokens[point]
                else:
                    j = aside - 1
                    continue
            if j in points and cue.kind != "ruled" and self.norms[j] in _DEMONSTRATIVES:
                pass  # "That isn't surprising" negates no item: only a ruling reaches through it
            elif j in points:
                r = points[j]
                if self.sentence[j] != self.sentence[cue.first] or self._blocked(j, cue.first):
                    return None
                if (
                    ruling
                    and j in runs.proxies
                    and (self._bare_line(runs, r, j) or self._own_entry(runs, r, j))
                ):
                    return None
                return r
            if j not in self.in_parentheses:
                if self.norms[j] in _CONJUNCTIONS:
                    return None
                steps += 1
            j -= 1
        return None

    def _adds_before(self, i: int) -> bool:
        """Whether the sentence holding token i adds to the answer before it ("X is one of them
        too, but ...", "X also qualifies but ...")."""
        tokens = self.text.tokens
        start = self.text.sentences[self.sentence[i]][0]
        return self._adds_on_line(start, tokens[i].start)

    def _membership_denied(self, cue: _Cue) -> bool:
        """Whether a negated verb denies a place in the answer ("does not count", "isn't
        included"): a membership word within the next few words of its clause. After "but" its
        subject is elided and is the clause's before ("'Q3 trading P&L attribution' (unread) came
        close but does not count")."""
        return cue.kind == "negverb" and any(
            self.norms[i] in MEMBERSHIP_WORDS for i in self._clause_after(cue.first, cue.last)[:3]
        )

    def _bare_line(self, runs: _RunIndex, r: int, pronoun: int) -> bool:
        """Whether run `r` is all its line says ("- Weekly Credit Exposure Meeting") and the
        pronoun standing for it is on another line: a line of its own lists the item, so a
        ruling-out or context word reaching it only through that pronoun ("- It overlaps the
        FERC Review") does not take it out of the list (no cue on the next line reaches it
        by name either)."""
        tokens, text = self.text.tokens, self.text
        start, end = tokens[runs.first[r]].start, tokens[runs.last[r] - 1].end
        line = text.line_of(start)
        if text.line_of(tokens[pronoun].start) == line:
            return False
        line_end = text.lines[line][1]
        return bool(
            _BARE.fullmatch(text.text, text.list_marker_end(line), start)
            and _BARE.fullmatch(text.text, end, line_end)
        )

    def _own_entry(self, runs: _RunIndex, r: int, pronoun: int) -> bool:
        """Whether the pronoun standing for run `r` is on a checklist entry's line (a
        check or cross mark opening it) and `r` is on an earlier line: '✗ "Confirm Raptor III"
        isn't linked to any email, so it doesn't count' rules out its own entry, not an item
        listed on the line before ("- Steven Kean")."""
        text = self.text
        line = text.line_of(text.tokens[pronoun].start)
        start, end = text.lines[line]
        return (
            text.line_of(text.tokens[runs.last[r] - 1].start) < line
            and _MARKED.match(text.text, start, end) is not None
        )

    def _bind(self, cue: _Cue, runs: _RunIndex, predicate: tuple[str, ...] = ()) -> int | None:
        norms = self.norms
        first, last = runs.first, runs.last
        if cue.kind == "pre":
            return self._forward(cue, runs, PRE_REACH)
        if cue.kind == "adjacent":  # "people outside Enron": only the item right after it
            reach = 1 if cue.last < len(norms) and norms[cue.last] in ("the", "of") else 0
            found = self._forward(cue, runs, reach)
            tokens = self.text.tokens
            if (
                found is None
                or not re.fullmatch(  # "Outside: Nathan Pryor" is a label
                    r"[\w\s]*",
                    self.text.text[tokens[cue.last - 1].end : tokens[first[found]].start],
                )
            ):
                return None
            return found
        if cue.kind == "negverb":
            referent = self._pronoun_object(cue, runs)
            if referent is not None:  # "..., so I didn't count them": the items named before
                return referent
            after = norms[cue.last : cue.last + 4]
            ends_clause = (
                cue.last >= len(norms)
                or self.sentence[cue.last] != self.sentence[cue.first]
                or self._clause_ends_after(cue)
            )
            if not (ends_clause or any(w in MEMBERSHIP_WORDS for w in after)):
                return self._forward(cue, runs, PRE_REACH)  # "haven't heard from X"
            forward = self._forward(cue, runs, PRE_REACH + 2)
            if forward is not None and any(w.startswith("includ") for w in after):
                return forward
            backward = self._backward(cue, runs, POST_REACH)
            return backward if backward is not None else forward
        if cue.kind == "post":
            phrase = tuple(norms[cue.first : cue.last])
            if phrase in _BARE_POST and not self._alone_in_clause(cue):
                return None
            inner = self._opening_an_aside(cue, runs)
            if inner is not None:  # "A (left out B)": B, as a label's "(cc Tanya Ortiz)"
                return inner
            backward = self._backward(cue, runs, POST_REACH)
            return backward if backward is not None else self._forward(cue, runs, PRE_REACH)
        if cue.kind == "ruled" and self._possessive(cue.last - 1):
            return self._forward(cue, runs, 0)  # "Wednesday's FERC Review": only what it owns
        if cue.kind == "ruled":  # a label: "office: X" points forward, "X is Done," back
            backward = self._backward(cue, runs, POST_REACH)
            if backward is None:
                backward = self._contrasted_subject(cue, runs)
            forward = self._forward(cue, runs, PRE_REACH + 2, across_commas=True)
            if forward is None:
                forward = self._through_copula(cue, runs)
            cell = self._prose_cell(cue)
            if cell is not None:  # "| Prepare controls briefing | A 15-minute briefing for
                # Wednesday on ... |": a word inside a cell's prose tells of that cell only
                backward, forward = (
                    r
                    if r is not None and cell[0] <= self.text.tokens[first[r]].start < cell[1]
                    else None
                    for r in (backward, forward)
                )
            if backward is None or forward is None:
                return backward if backward is not None else forward
            after = self.text.text[self.text.tokens[cue.last - 1].end :][:3]
            if re.match(r"\s*[:=-]", after):
                return forward
            if self._clause_ends_after(cue):
                return backward
            before = self.text.text[
                self.text.tokens[cue.first - 1].end : self.text.tokens[cue.first].start
            ]
            if "(" in before:  # "Louise Kitchen (cc Tanya Ortiz)": a parenthesis opens on the label
                return forward
            back_gap, gap = cue.first - last[backward], first[forward] - cue.last
            if gap == back_gap and self._leads_into(cue, runs, backward, forward):
                return forward  # "from Louise Kitchen, copying Richard Shapiro": Richard
            return forward if gap < back_gap else backward
        if cue.kind == "hedge":
            forward = self._forward(cue, runs, HEDGE_REACH)
            backward = self._backward(cue, runs, HEDGE_REACH)
            if backward is not None and self._hedges_an_aside(cue, last[backward], predicate):
                backward = None
            if forward is None or backward is None:
                return forward if forward is not None else backward
            return forward if first[forward] - cue.last <= cue.first - last[backward] else backward
        return None

    def _leads_into(self, cue: _Cue, runs: _RunIndex, backward: int, forward: int) -> bool:
        """Whether a ruling word as near the run after it as the one before leads into the run
        after: a comma parts it from the one before, nothing from the one after ("Louise
        Kitchen, copying Richard Shapiro", "..., cc Steve Kean")."""
        tokens, text = self.text.tokens, self.text.text
        before = text[tokens[runs.last[backward] - 1].end : tokens[cue.first].start]
        after = text[tokens[cue.last - 1].end : tokens[runs.first[forward]].start]
        return "," in before and not after.strip()

    def _opening_an_aside(self, cue: _Cue, runs: _RunIndex) -> int | None:
        """The run a cue opening a parenthesis points to inside it ("A (left out B)"): the
        aside is about what it names, not about the item before it."""
        tokens = self.text.tokens
        if cue.first not in self.in_parentheses or self.aside_start[cue.first] != cue.first:
            return None
        opening = self.text.text.rfind("(", 0, tokens[cue.first].start)
        if opening < 0 or self.text.text[opening + 1 : tokens[cue.first].start].strip(" *_"):
            return None
        found = self._forward(cue, runs, PRE_REACH)
        closing = self.text.text.find(")", tokens[cue.last - 1].end)
        if found is None or not tokens[runs.first[found]].start < closing:
            return None  # not a run in the next parenthesis ("(not included) | (713) ...")
        return found

    def _through_copula(self, cue: _Cue, runs: _RunIndex) -> int | None:
        """The item a label word in a copula's subject names, however long the subject: "the
        only other meeting on your calendar today is Jeff's Q3 Earnings Release Prep" ("other"
        reaches past "is" to the item right after it, as "the other meeting is X" does)."""
        norms, tokens = self.norms, self.text.tokens
        for j in range(cue.last, min(cue.last + POST_REACH + 2, len(norms))):
            if self.sentence[j] != self.sentence[cue.first]:
                return None
            if norms[j] in _COPULAS and j not in self.masked:
                if re.search(
                    r"[,;:\n()]", self.text.text[tokens[cue.last - 1].end : tokens[j].start]
                ):
                    return None
                return self._forward(_Cue(cue.kind, j, j + 1), runs, 2)
        return None

    def _prose_cell(self, cue: _Cue) -> tuple[int, int] | None:
        """(start, end) of the table cell holding the cue, when the cue lies inside the cell's
        prose (three words or more of the cell before it), not in a short status cell
        ("| Due Wednesday |", "| Done |")."""
        cell = self.text.table_cell(self.text.tokens[cue.first].start)
        if cell is None:
            return None
        _, start, end = cell
        before = self.text.tokens_in(start, self.text.tokens[cue.first].start)
        return (start, end) if len(before) >= 3 else None

    def _pronoun_exclusions(self, runs: _RunIndex, verdict: list[set[str]]) -> None:
        """ "..., so I left him out" / "I kept them off": the run the pronoun stands for; or,
        with a colon right after ("..., so I left them off: A and B"), the runs the colon
        opens in its sentence, which the pronoun stands for instead."""
        verbs, particles = PRONOUN_EXCLUSIONS
        norms, tokens, text = self.norms, self.text.tokens, self.text.text
        for i in self._pronouns:
            if not (
                0 < i < len(norms) - 1
                and norms[i - 1] in verbs
                and norms[i + 1] in particles
                and i - 1 not in self.masked
                and self.sentence[i - 1] == self.sentence[i + 1]
            ):
                continue
            after = tokens[i + 1].end
            if text[after : after + 1] == ":":
                for first, r in runs.by_first:
                    if first > i + 1 and self.sentence[first] == self.sentence[i]:
                        verdict[r].add("ruled_out")
            elif i in runs.proxies and not self._own_subject_first(i, runs.proxies[i], runs):
                verdict[runs.proxies[i]].add("ruled_out")

    def _near_misses(self, runs: _RunIndex, verdict: list[set[str]]) -> None:
        """ "X, but that one is from A, not B": the clause sets the item "that one" stands for
        (named before the "but", same sentence) apart from what was asked, so it and what its
        attribute names (A) are ruled out, not the answer."""
        norms, tokens, text = self.norms, self.text.tokens, self.text.text
        for i in self._pronouns:
            if not (
                0 < i < len(norms) - 3
                and norms[i - 1] == "but"
                and norms[i] in _DEMONSTRATIVES
                and norms[i + 1] == "one"
                and norms[i + 2] in _COPULAS
                and self.sentence[i + 3] == self.sentence[i]
            ):
                continue
            rest = _NEAR_MISS_REST.match(text, tokens[i + 2].end)
            r = runs.proxies.get(i)
            if rest is None or r is None or self.sentence[runs.first[r]] != self.sentence[i]:
                continue
            if not self._denies_subject(i, rest.end()):
                continue
            verdict[r].add("ruled_out")
            for first, other in runs.by_first:
                if tokens[i + 2].end <= tokens[first].start < rest.end():
                    verdict[other].add("ruled_out")

    def _named_replies(self, runs: _RunIndex, verdict: list[set[str]], words: CueWords) -> None:
        """When the claim's ruling-out phrases name items as replies ("was a reply"), so does
        the noun phrase "your [date] reply [to Richard Shapiro] on|about X": X is named as a
        reply, however many words of the date and the person come between."""
        if not any(set(p) & _REPLY_NOUNS for p in words.ruled_out):
            return
        norms, tokens, text = self.norms, self.text.tokens, self.text.text
        starts = dict(runs.by_first)
        for i, n in enumerate(norms):
            if n not in _REPLY_NOUNS or i in self.masked:
                continue
            if "your" not in norms[max(0, i - 4) : i] or _CLAUSE_END.search(
                text, tokens[max(0, i - 4)].start, tokens[i].start
            ):
                continue
            j = i + 1
            if j < len(norms) and norms[j] == "to":
                j += 1
                while j < min(len(norms), i + 5) and text[tokens[j].start].isupper():
                    j += 1
            if j >= len(norms) or norms[j] not in _REPLY_TOPICS:
                continue
            j += 1 + (j + 1 < len(norms) and norms[j + 1] == "the")
            if (
                j in starts
                and self.sentence[j] == self.sentence[i]
                and not _CLAUSE_END.search(text, tokens[i].end, tokens[j].start)
            ):
                verdict[starts[j]].add("ruled_out")

    def _denies_subject(self, i: int, end: int) -> bool:
        """Whether the "not B" of a near-miss clause at `i` (ending at char `end`) names the
        subject of its sentence's first copula ("Steve is also cc'd on X, but that one is from
        Jeff, not Steve"): X is only set apart from him; "..., not Jeff" says nothing of it."""
        norms, tokens = self.norms, self.text.tokens
        after = bisect.bisect_left([t.start for t in tokens], end)
        start = self.text.token_at(self.text.sentences[self.sentence[i]][0])
        copula = next((k for k in range(start + 1, i - 1) if norms[k] in _COPULAS), None)
        return copula is not None and after < len(tokens) and norms[copula - 1] == norms[after]

    def _own_subject_first(self, i: int, r: int, runs: _RunIndex) -> bool:
        """Whether the pronoun at `i` has a subject of its own sentence to stand for, before
        it, rather than run `r` of the sentence before ("... 2 of 2 open. The Dynegy RSVP due
        today has no checklist, so I left it out": "it" is the RSVP, a thing the claim does not
        name): the sentence opens with a determiner's noun phrase and names no run first."""
        start = self._sentence_starts[self.sentence[i]]
        return (
            self.sentence[runs.last[r] - 1] != self.sentence[i]
            and self.norms[start] in _DETERMINERS
            and start not in self.masked
        )

    def _pronoun_object(self, cue: _Cue, runs: _RunIndex) -> int | None:
        """The run a negated membership verb's object pronoun stands for ("didn't count them",
        "don't include those"): the verb right after the negation, the pronoun right after it."""
        verb, pronoun = cue.last, cue.last + 1
        if pronoun >= len(self.norms) or self.norms[verb] not in MEMBERSHIP_WORDS:
            return None
        if self.sentence[pronoun] != self.sentence[cue.first]:
            return None
        return runs.proxies.get(pronoun)

    def _contrasted_subject(self, cue: _Cue, runs: _RunIndex) -> int | None:
        """The run opening the sentence, when the cue is an elided contrast closing a clause of
        it ("The $40M Brazilian power drop he mentioned is from the merchant asset schedule, not
        Raptor, and ..."): "not Z" after a comma corrects what the sentence says of its subject,
        however many words that takes."""
        text, tokens = self.text, self.text.tokens
        if self.norms[cue.first] != "not" or not self._clause_ends_after(cue):
            return None
        if not cue.first or not text.text[: tokens[cue.first].start].rstrip().endswith(","):
            return None
        start = text.token_at(text.sentences[self.sentence[cue.first]][0])
        found = bisect.bisect_left(runs.by_first, (start, -1))
        if found == len(runs.by_first):
            return None
        first, r = runs.by_first[found]
        opening = [i for i in range(start, first) if i not in self.masked]
        if (
            first >= cue.first
            or len(opening) > SUBJECT_OPENING_WORDS
            or self._blocked(runs.last[r] - 1, cue.first)
        ):
            return None
        return r

    def _clause_ends_after(self, cue: _Cue) -> bool:
        """Whether the cue's clause ends right after it (kept per answer: every read binds the
        same cues)."""
        found = self._clause_ends.get(cue.last)
        if found is None:
            end = self.text.tokens[cue.last - 1].end
            rest = self.text.text[end : end + 3]
            found = self._clause_ends[cue.last] = bool(re.match(r"\s*[.;,)!?:\n]|\s*$", rest))
        return found

    def _alone_in_clause(self, cue: _Cue) -> bool:
        """Whether the cue is all its clause says (kept per answer)."""
        found = self._alone.get((cue.first, cue.last))
        if found is None:
            start, end = self.text.tokens[cue.first].start, self.text.tokens[cue.last - 1].end
            left, right = self.text.clause_of(start, end)
            found = self._alone[cue.first, cue.last] = (
                self.text.text[left:right].strip(" \t-:;,()[]|*.!") == self.text.text[start:end]
            )
        return found

    def _hedges_an_aside(self, cue: _Cue, run_last: int, predicate: tuple[str, ...] = ()) -> bool:
        """A hedge reaching an item of the sentence before through a pronoun hedges what its
        own clause goes on to say about it ("Richard Shapiro: (202) 466-9142. That's a 202 area
        code, so it's probably the phone he carries in Washington."; "he is probably the one
        worth a quick nudge today"), not the item, unless that clause is about belonging to the
        answer ("He probably counts", "She probably has one", "he's probably the one", "He
        probably hasn't responded": the question's own predicate) or says nothing more ("He
        probably does.")."""
        if self.sentence[run_last - 1] == self.sentence[cue.first]:
            return False
        after = [self.norms[j] for j in self._clause_after(cue.first, cue.last)]
        if len(after) <= 1:
            return False
        if predicate and any(w.startswith(predicate) for w in after):
            return False
        return not any(
            w in MEMBERSHIP_WORDS and not _describes_the_one(after, k) for k, w in enumerate(after)
        )

    # --- structure ---------------------------------------------------------------------

    def _headers_and_rows(
        self, runs: list[list[int]], spans: list[Span], verdict: list[set[str]], words: CueWords
    ) -> None:
        text = self.text
        run_starts = sorted(spans[run[0]].start for run in runs)
        run_lines = [text.line_of(spans[run[0]].start) for run in runs]
        # kind -> +1 where a header's governed lines begin, -1 after they end
        governed: dict[str, list[int]] = {}
        for header, last_line in text.headers.items():
            start, end = text.lines[header]
            if _any_within(run_starts, start, end):
                continue
            start = self._last_sentence_start(start, end)
            kinds = self._line_cue_kinds(start, end, words)
            for kind in kinds:
                steps = governed.setdefault(kind, [0] * (len(text.lines) + 1))
                steps[header + 1] += 1
                steps[last_line + 1] -= 1
        for kind, steps in governed.items():
            depth = list(itertools.accumulate(steps))
            for r, line in enumerate(run_lines):
                if depth[line] > 0:
                    verdict[r].add(kind)
        self._inline_labels(runs, spans, verdict, words)
        negative_rows: dict[int, bool] = {}
        for r, line in enumerate(run_lines):
            if not text.is_table_row(line):
                continue
            if line not in negative_rows:
                elsewhere, predicate = self._columns(words)
                cells = [
                    text.text[a:b].strip().casefold()
                    for a, b in self._cells(line)
                    if not any(i in elsewhere or i in predicate for i in text.tokens_in(a, b))
                ]
                negative_rows[line] = any(c in _NEGATIVE_CELLS for c in cells if c)
            if negative_rows[line]:
                verdict[r].add("ruled_out")

    def _denied_labels(self, first: list[int], verdict: list[set[str]]) -> None:
        """A label closed by an aside denying what it heads a place in the answer ("2 to-dos are
        due (not covered): A and B", "| Yes (not covered): Raptor Update |") rules out the runs
        it heads, whatever the aside follows (a name, a value, a phrase) and whatever the label
        says: after the colon to the end of its sentence, line or table cell, or, when the colon
        ends its line, the lines under it (those a header governs, or its paragraph's). Linear
        in the labels, the lines and the runs."""
        text, tokens = self.text, self.text.tokens
        starts = [tokens[f].start for f in first]
        for match in _DENIED_LABEL.finditer(text.text):
            colon = match.end()
            line = text.line_of(colon)
            line_end = text.lines[line][1]
            if not text.text[colon:line_end].strip(" \t*_"):  # the lines under it, to a blank
                end = text.headers.get(line, line)
                while end + 1 < len(text.lines) and text.text[slice(*text.lines[end + 1])].strip():
                    end += 1
                end = text.lines[end][1]
            else:
                end = min(line_end, text.sentences[text.sentence_of(colon)][1])
                cell = text.table_cell(colon)
                if cell is not None:
                    end = min(end, cell[2])
            for r in range(bisect.bisect_left(starts, colon), bisect.bisect_left(starts, end)):
                verdict[r].add("ruled_out")

    def _zero_counts(self, index: _RunIndex, words: CueWords) -> set[int]:
        """The runs a zero count is said of: right after them in their sentence ("Sent Items,
        Drafts and Archive are all at 0 unread", "Alan Whitcombe: zero emails") or in their
        table row ("| Alan Whitcombe | 0 |"). None for a question about having none (a claim
        with predicate words: "which contacts have I never emailed?"), where a zero is the
        claim itself."""
        found: set[int] = set()
        if words.predicate:
            return found
        text, tokens = self.text, self.text.tokens
        zero_rows: set[int] = set()
        for i in (*self.text.positions.get("0", ()), *self.text.positions.get("zero", ())):
            if not _ZERO_COUNT.match(text.text, tokens[i].start):
                continue
            cell = text.table_cell(tokens[i].start)
            if cell is None:
                target = self._backward(_Cue("zero", i, i + 1), index, POST_REACH)
                if target is not None:
                    found.add(target)
            elif text.text[cell[1] : cell[2]].strip(" *_`").casefold() == tokens[i].raw.casefold():
                zero_rows.add(text.line_of(tokens[i].start))
        for r, first in enumerate(index.first):
            if text.line_of(tokens[first].start) in zero_rows:
                found.add(r)
        return found

    def zero_counted(self, spans: list[Span], words: CueWords = CueWords()) -> set[int]:
        """Indexes of the spans a zero count is said of (`_zero_counts`), as `read` found them."""
        if not spans:
            return set()
        key = (tuple(spans), words)
        if key not in self._zeros:
            self.read(spans, words)
        return self._zeros[key]

    def _cells(self, line: int) -> list[tuple[int, int]]:
        """(start, end) offsets of a table row's cells."""
        start, end = self.text.lines[line]
        row = self.text.text[start:end]
        bars = [start - 1, *(start + m.start() for m in re.finditer(r"\|", row)), end]
        return [(a + 1, b) for a, b in pairwise(bars)]

    def _columns(self, words: CueWords) -> tuple[set[int], set[int]]:
        """Tokens of table cells whose column header changes how their negations read.

        (elsewhere, predicate): a column headed by a question about something else ("Meeting
        this week on it?") answers that question, so its "No" says the row has no meeting and
        rules nothing out; a column headed by the question's own predicate without asking it
        ("Emails exchanged" for "which contacts have I never emailed?") states the predicate,
        so its "none" is the claim. A question column that shares a word with the claim's
        predicate or ruling-out words ("Open?" for "which are still not done?") and any other
        column keep the usual reading."""
        key = (words.predicate, words.ruled_out)
        cached = self._column_cache.get(key)
        if cached is not None:
            return cached
        text = self.text
        elsewhere: set[int] = set()
        predicate: set[int] = set()
        own_words = {w for phrase in words.ruled_out for w in phrase}
        columns: list[set[int] | None] = []
        for line in range(len(text.lines)):
            if not text.is_table_row(line):
                columns = []
                continue
            cells = self._cells(line)
            if not columns:
                columns = []
                for a, b in cells:
                    header = text.text[a:b].strip()
                    asks = header.endswith("?")
                    shares_predicate = self._shares(header, words.predicate, set())
                    if asks and not self._shares(header, words.predicate, own_words):
                        columns.append(elsewhere)
                    elif not asks and shares_predicate:
                        columns.append(predicate)
                    else:
                        columns.append(None)
                continue
            for (a, b), bucket in zip(cells, columns, strict=False):
                if bucket is not None:
                    bucket.update(text.tokens_in(a, b))
        self._column_cache[key] = (elsewhere, predicate)
        return elsewhere, predicate

    @staticmethod
    def _shares(header: str, predicate: tuple[str, ...], own_words: set[str]) -> bool:
        return any(
            w in own_words or any(w.startswith(stem) for stem in predicate)
            for w in word_tokens(header)
        )

    def _inline_labels(
        self, runs: list[list[int]], spans: list[Span], verdict: list[set[str]], words: CueWords
    ) -> None:
        """A line opening with a short label ("Excluded, and why: A (Oct 8) and B ...") governs
        the items after it on that line, as a header line governs the lines under it. A longer
        label ("Not counted, because they aren't tagged Trading even though they look related:
        A (Oct 10), B and C") governs the list that follows it in its sentence, read from the
        label's last sentence as a header line is."""
        text = self.text
        by_line: dict[int, list[int]] = {}
        for r, run in enumerate(runs):
            by_line.setdefault(text.line_of(spans[run[0]].start), []).append(r)
        for line, members in by_line.items():
            start, end = text.lines[line]
            opening = text.label_colon(text.list_marker_end(line), end)
            for label, colon, governed in self._sentence_labels(line, runs, spans, members):
                self._apply_label(governed, label, colon, verdict, words)
            if opening < 0:
                continue
            if any(spans[runs[r][0]].start < opening for r in members):
                continue  # "Louise Kitchen: 80%": the label is an item, not a cue
            if len(word_tokens(text.text[start:opening])) > LABEL_WORDS:
                members = self._list_after_label(runs, spans, members, start, opening)
                start = self._last_sentence_start(start, opening)
            self._apply_label(members, start, opening, verdict, words)

    def _apply_label(
        self, members: list[int], start: int, colon: int, verdict: list[set[str]], words: CueWords
    ) -> None:
        """Mark the runs a label (the text from `start` to its colon) governs with its cues."""
        kinds = self._line_cue_kinds(start, colon, words)
        if words.predicate and self._restates_question(start, colon, words):
            return  # "Not fully accepted: Sally Beck" answers "who hasn't accepted?"
        if self._counterfactual(start, colon):
            kinds.add("ruled_out")  # "Counting them would change the picture: A would ..."
        for r in members:
            verdict[r].update(kinds)

    def _counterfactual(self, start: int, end: int) -> bool:
        """Whether a label says what a different count would give ("Counting your own replies
        would change the picture:", "If sent mail counted, it would go:"): it opens with a
        condition and says "would", but not the polite "would be" of an answer ("Those who would
        qualify:" states the answer)."""
        norms = self.norms
        tokens = [i for i in self.text.tokens_in(start, end) if i not in self.masked]
        if not tokens or norms[tokens[0]] not in _CONDITIONS:
            return False
        return any(
            norms[i] == "would" and (i + 1 >= len(norms) or norms[i + 1] != "be") for i in tokens
        )

    def _sentence_labels(
        self, line: int, runs: list[list[int]], spans: list[Span], members: list[int]
    ) -> list[tuple[int, int, list[int]]]:
        """(start, colon, runs governed) of each label opening a sentence in the middle of a line
        ("... by Tuesday. The other four you've already read: A, B and C"): from the sentence's
        start to its first colon, with no item before the colon; it governs the list right after
        it in its sentence, as a label opening a line does. The line's first sentence has the
        line's own label (or none). Linear in the line's sentences and items."""
        text = self.text
        first_sentence = text.sentence_of(text.list_marker_end(line))
        by_sentence: dict[int, list[int]] = {}
        for r in sorted(members, key=lambda r: spans[runs[r][0]].start):
            by_sentence.setdefault(text.sentence_of(spans[runs[r][0]].start), []).append(r)
        found = []
        for sentence, listed in by_sentence.items():
            if sentence == first_sentence:
                continue
            start, end = text.sentences[sentence]
            colon = text.label_colon(start, min(end, start + LONG_LABEL_CHARS + 1), spaced=True)
            if colon < 0 or spans[runs[listed[0]][0]].start < colon:
                continue  # no label, or it names an item ("Louise Kitchen: 80%")
            lead_in = text.text[colon + 1 : spans[runs[listed[0]][0]].start]
            if (
                _SEPARATORS.match(lead_in)
                or _POSSESSIVE_SEPARATOR.match(lead_in)
                or _UNNAMED_FIRST_ITEM.match(lead_in)
            ):
                found.append((start, colon, listed))
        return found

    def _list_after_label(
        self, runs: list[list[int]], spans: list[Span], members: list[int], start: int, colon: int
    ) -> list[int]:
        """The runs a long label governs: those in its sentence, when the first of them opens
        the text after the colon (a list follows the label, not a sentence that names items)."""
        text = self.text
        if colon - start > LONG_LABEL_CHARS:
            return []
        sentence = text.sentence_of(colon)
        after = sorted(
            (r for r in members if text.sentence_of(spans[runs[r][0]].start) == sentence),
            key=lambda r: spans[runs[r][0]].start,
        )
        if not after:
            return []
        lead_in = text.text[colon + 1 : spans[runs[after[0]][0]].start]
        if not (
            _SEPARATORS.match(lead_in)
            or _POSSESSIVE_SEPARATOR.match(lead_in)
            or _UNNAMED_FIRST_ITEM.match(lead_in)
        ):
            return []
        return after

    def _restates_question(self, start: int, end: int, words: CueWords) -> bool:
        """Whether the text negates the question's own predicate ("No email at all with")."""
        tokens = list(self.text.tokens_in(start, end))
        norms = self.norms
        negates = any(
            _match_at(norms, i, phrases) for i in tokens for phrases in (_PRE, _NEG_VERBS, _POST)
        )
        names_predicate = any(norms[i].startswith(s) for i in tokens for s in words.predicate)
        return negates and names_predicate

    def _last_sentence_start(self, start: int, end: int) -> int:
        """Where the last sentence of a header line starts: that sentence introduces the list
        ("X is not started. Both of its steps are still open:" governs the steps as open)."""
        tokens = self.text.tokens_in(start, end)
        if not len(tokens):
            return start
        last = self.sentence[tokens[-1]]
        return min(self.text.tokens[i].start for i in tokens if self.sentence[i] == last)

    def _parenthesised(self, start: int, end: int) -> set[int]:
        """Tokens inside parentheses between offsets start and end."""
        inside: set[int] = set()
        for match in re.finditer(r"\([^()]*\)", self.text.text[start:end]):
            inside.update(self.text.tokens_in(start + match.start(), start + match.end()))
        return inside

    def _relative_clauses(self, start: int, end: int) -> set[int]:
        """Tokens of the relative clauses between offsets start and end that describe a thing
        named before them, in parentheses or between commas ("(which you haven't opened yet)",
        ", who hasn't replied,"): what they say is about that thing."""
        found: set[int] = set()
        for match in _RELATIVE_CLAUSE.finditer(self.text.text, start, end):
            found.update(self.text.tokens_in(match.start(), match.end()))
        return found

    def _named_asides(self, start: int, end: int) -> set[int]:
        """Tokens of the asides in parentheses between offsets start and end that follow a name
        or a value ("Dynegy Review (11-12, not RSVP'd yet): Louise wants ...", "**Draft X** (not
        started): 0 of 2", the name in bold or quotes): what they say is about what they
        follow, not about the list after the label. An aside denying what
        it follows a place in the answer ("Dynegy Review (not covered):", "(not included)": a
        negation before a membership word) is not: it governs the list."""
        found: set[int] = set()
        text = self.text
        for match in re.finditer(r"\([^()\n]*\)", text.text[start:end]):
            opening = start + match.start()
            before = text.token_at(opening) - 1
            if (
                before >= 0
                and before in self.masked
                and _NAME_CLOSE.fullmatch(text.text, text.tokens[before].end, opening)
                and not _DENIED_MEMBERSHIP.fullmatch(match.group())
            ):
                found.update(text.tokens_in(opening, start + match.end()))
        return found

    def _line_cue_kinds(self, start: int, end: int, words: CueWords) -> set[str]:
        tokens = self.text.tokens_in(start, end)
        norms = self.norms
        kinds: set[str] = set()
        found: list[tuple[int, int, str]] = []
        for i in tokens:
            pre = _match_at(norms, i, _PRE)  # "None of these are started:": its bare "none"
            status = bool(pre) and self._status_value(i, i + pre, _PRE, words)  # is a status
            for phrases, kind in (
                (words.ruled_out, "ruled_out"),
                (_POST, "ruled_out"),
                (_PRE, "negated"),
                (_NEG_VERBS, "negated"),
                (_HEDGES, "hedged"),
            ):
                if i in self.masked and phrases is not words.ruled_out:
                    continue  # "Your cards in Not Started:", "about Gryphon Go/No-Go:" name things
                if status and phrases is _POST:
                    continue
                length = _match_at(norms, i, phrases)
                if not length and phrases is words.ruled_out and self._status_alone(i, words):
                    length = 1  # "Accepted: Jeff Skilling, Marcus Hale"
                if (
                    length
                    and phrases is words.ruled_out
                    and (self._still_to_do(i) or self._not_only(i))
                ):
                    continue  # "Unread: the ones you still need to read"
                if (
                    length
                    and phrases in (_PRE, _NEG_VERBS, _POST)
                    and _adds_not_denies(norms, i + length)
                ):
                    continue  # "Don't forget these:", "Not only these:"
                if (
                    length
                    and phrases in (_PRE, _NEG_VERBS, _POST)
                    and self._status_value(i, i + length, phrases, words)
                ):
                    continue  # "Both are high importance and not started:" gives their state
                if length:
                    found.append((i, i + length, "ruled" if phrases is words.ruled_out else kind))
        relative = self._relative_clauses(start, end) | self._named_asides(start, end)
        if relative:  # "In her email (which you haven't opened yet), Sally lists:" qualifies
            found = [f for f in found if f[0] not in relative]  # the email, not the list
        aside = self._parenthesised(start, end)
        if aside and words.predicate:  # "Not yet accepted (meetings you organize):" is the answer's
            outside = [i for i in tokens if i not in aside]  # header; its aside is only scope
            if any(norms[i].startswith(s) for i in outside for s in words.predicate):
                found = [f for f in found if f[2] != "ruled" or f[0] not in aside]
        bare = any(  # only a bare "no"/"not" rules the list out
            kind == "ruled_out" and tuple(norms[first:last]) in _BARE_POST
            for first, last, kind in found
        )
        # "have not accepted:" names the question's predicate, not the ruled-out "accepted"
        ruled = {first for first, _, kind in found if kind == "ruled"}
        exclusions = {
            (first, last)
            for first, last, kind in found
            if kind in ("ruled", "ruled_out") and tuple(norms[first:last]) not in _BARE_POST
        }
        negating = {  # a negation that is itself a ruling-out phrase ("Ruled out") negates nothing
            (first, last)
            for first, last, kind in found
            if kind == "negated" and (first, last) not in exclusions and ({last, last + 1} & ruled)
        }
        predicate = {j for _, last in negating for j in (last, last + 1)} & ruled
        for first, last, kind in found:
            if (kind == "negated" and (first, last) in negating) or (
                kind == "ruled" and first in predicate
            ):
                continue
            if kind == "ruled_out" and tuple(norms[first:last]) in _BARE_POST:
                continue
            kinds.add("ruled_out" if kind == "ruled" else kind)
        if words.predicate and any(norms[i].startswith(s) for i in tokens for s in words.predicate):
            kinds.discard("negated")  # "Not in any group yet:" names the question's own predicate
        elif bare:
            kinds.add("ruled_out")
        return kinds

    def _collective_denials(
        self, spans: list[Span], run_of: dict[int, int], verdict: list[set[str]]
    ) -> None:
        """ "..., and B at 7:52, so neither is the newest" / "..., so none of those count":
        a denial standing for the items named before it, in its sentence up to a semicolon
        ("neither": the last two of them). Linear: items found by bisection, and a segment's
        items marked once, up to its last "none of them"."""
        norms = self.norms
        order = sorted(range(len(spans)), key=lambda k: spans[k].last)
        lasts = [spans[k].last for k in order]
        reach: dict[int, int] = {}  # segment start -> its last "none of ..." token
        for i in self._collective_cues:
            segment = self._segment_start(i)
            low = bisect.bisect_left(lasts, self.text.token_at(segment) + 1)
            high = bisect.bisect_right(lasts, i)
            if norms[i] == "neither":
                for position in range(max(low, high - 2), high):
                    if spans[order[position]].start >= segment:
                        verdict[run_of[order[position]]].add("negated")
            else:
                reach[segment] = max(reach.get(segment, i), i)
        for segment, i in reach.items():
            low = bisect.bisect_left(lasts, self.text.token_at(segment) + 1)
            for position in range(low, bisect.bisect_right(lasts, i)):
                if spans[order[position]].start >= segment:
                    verdict[run_of[order[position]]].add("negated")

    @cached_property
    def _collective_cues(self) -> list[int]:
        """Tokens of "neither" / "none" standing for the items before them and denying that
        they belong ("neither is the newest", "none of those count"), outside names and values.
        One that denies a state ("none of them has a response yet") says something of the
        items, not that they are out, so it needs a membership or ranking word next."""
        norms = self.norms
        found = []
        for word in ("neither", "none"):
            for i in self.text.positions.get(word, ()):
                if i in self.masked:
                    continue
                length = _match_at(norms, i + 1, _COLLECTIVE_TAILS)
                if not length and word == "neither":
                    length = _match_at(norms, i + 1, _COLLECTIVE_VERBS)
                if length and any(
                    norms[j] in MEMBERSHIP_WORDS or _ranks(norms[j])
                    for j in self._clause_after(i, i + 1)
                ):
                    found.append(i)
        return found

    def _continued_sequences(
        self, first: list[int], verdict: list[set[str]], ruling: set[int], last: list[int]
    ) -> None:
        """A sentence that continues a ranking of ruled-out items ("Next is Executive with 7.
        Then Government Affairs and Risk Management with 5 each") or says the same of more
        ("X is not included: it is already overdue. The same goes for Y.") rules its items
        out too: it opens with "Then" / "After that" / "The same goes for" and every item of
        the sentence before is ruled out.
        A sentence opening by naming the members of the group the sentence before ruled out
        ("The other 13 have no reply. That includes ...", "I left out the two that are already
        overdue. Both were due last Friday: A and B") rules its items out: it opens with
        "That includes" / "Both" and the sentence before rules out its items, or names none
        and has an exclusion (`ruling`: the sentences with one that bound to no item)."""
        by_sentence: dict[int, list[int]] = {}
        for r, token in enumerate(first):
            by_sentence.setdefault(self.sentence[token], []).append(r)
        starts = self._sentence_starts
        for sentence in sorted(by_sentence):
            previous = by_sentence.get(sentence - 1)
            opener = starts.get(sentence)
            if opener is None:
                continue
            head = by_sentence[sentence][0]
            floated = (  # the sentence opens with a list that goes on "were both ..."
                not previous and first[head] == opener and self._floats_a_quantifier(last[head])
            )
            if opener in self.masked and not floated:
                continue
            refers = floated or bool(_match_at(self.norms, opener, _GROUP_OPENERS))
            if not (refers or _match_at(self.norms, opener, _SEQUENCE_OPENERS)):
                continue
            before = self.text.sentences[sentence - 1][0] if sentence else 0
            if self.text.paragraph_of(self.text.tokens[opener].start) != self.text.paragraph_of(
                self.text.tokens[first[previous[0]]].start if previous else before
            ):
                continue
            if (previous and all("ruled_out" in verdict[r] for r in previous)) or (
                refers and not previous and sentence - 1 in ruling
            ):
                for r in by_sentence[sentence]:
                    verdict[r].add("ruled_out")

    def _offered_alternatives(self, first: list[int], verdict: list[set[str]]) -> None:
        """A sentence offering what it names in case the user meant something else ("Marcus
        also sent X on Sept 26, in case that's the one you meant", "If you meant his earlier
        email, it had X") names a labelled alternative: its items are ruled out."""
        offered = {
            self.text.sentence_of(m.start()) for m in _ALTERNATIVE_OFFER.finditer(self.text.text)
        }
        for r, token in enumerate(first):
            if self.sentence[token] in offered:
                verdict[r].add("ruled_out")

    def _restated_referents(self, runs: _RunIndex, verdict: list[set[str]]) -> None:
        """A parenthetical right after a pronoun names the items the pronoun stands for ("I
        also left out the meetings other people organize, such as ... Louise's Dynegy Review
        ... You haven't answered some of those yourself (the Dynegy Review and the Andersen
        walkthrough)"): its items are ruled out when those are. Up to two words ("yourself")
        may stand between the pronoun and the parenthesis."""
        norms, tokens = self.norms, self.text.tokens
        for r, token in enumerate(runs.first):
            if token not in self.in_parentheses:
                continue
            opening = self.aside_start[token]
            if any(norms[j] != "the" for j in range(opening, token)):
                continue  # the parenthesis opens on other words: not a list of the referents
            for i in range(opening - 1, max(-1, opening - 4), -1):
                referent = runs.proxies.get(i)
                if referent is not None:
                    if referent != r and "ruled_out" in verdict[referent]:
                        between = self.text.text[tokens[i].end : tokens[opening].start]
                        if between.count("(") == 1 and "\n" not in between:
                            verdict[r].add("ruled_out")
                    break
                if i in self.masked or self.sentence[i] != self.sentence[token]:
                    break

    def _floats_a_quantifier(self, after: int) -> bool:
        """Whether the sentence's first list goes on to its first auxiliary with "both" / "all" /
        "each" after it ("A (1 step open) and the September expense report were both due last
        Friday"): it names the group as a whole, as "Both were due ..." does."""
        norms, sentence = self.norms, self.sentence[after - 1]
        j = after
        while j + 1 < len(norms) and self.sentence[j] == sentence:
            if j not in self.in_parentheses and j not in self.masked and norms[j] in _AUXILIARIES:
                return norms[j + 1] in _FLOATING and self.sentence[j + 1] == sentence
            j += 1
        return False

    def _first_person_exclusions(self, first: list[int], verdict: list[set[str]]) -> None:
        """A sentence opening with the answerer leaving things out ("I also left out the
        meetings other people organize, such as Jeff's earnings prep, Rick's FERC Review and
        ...", "I left out the two all-day deadline markers you own, the Q3 Risk Report due on
        the 19th and the FERC Data Response due on the 24th, because they have no invitees")
        rules out every item after its verb, up to a semicolon or a turn ("but"). Only the
        verbs themselves count: "I didn't leave out anyone" and "I haven't left out" are not
        among them."""
        scopes = self._first_person_scopes
        if not scopes:
            return
        starts = [a for a, _ in scopes]
        for r, token in enumerate(first):
            k = bisect.bisect_right(starts, token) - 1
            if k >= 0 and token < scopes[k][1]:
                verdict[r].add("ruled_out")

    def _excluded_introductions(
        self, first: list[int], verdict: list[set[str]], personal: bool | None
    ) -> None:
        """A sentence introducing a thing ("There's also an unread note from Jeff Skilling with
        Steve on cc, ...") that goes on to leave it out by a pronoun ("..., so I didn't count
        it", "so I left it out") names everything before that as the left-out thing's
        description: its items are ruled out. A person is part of that description only as a
        preposition's object ("a note from Jeff Skilling", "with Steve on cc"): one the
        sentence introduces itself ("There's also Jeff Skilling, your other manager, ...") is
        no attribute of the thing "it" leaves out."""
        for sentence, end in self._excluded_introduction_scopes.items():
            for r, token in enumerate(first):
                if self.sentence[token] != sentence or token >= end:
                    continue
                if personal and (token == 0 or self.norms[token - 1] not in _PREPOSITIONS):
                    continue
                verdict[r].add("ruled_out")

    @cached_property
    def _excluded_introduction_scopes(self) -> dict[int, int]:
        """Sentence opening with "There" -> the token of its "I" leaving a pronoun out ("I
        didn't count it", "I left them out", "I excluded that one")."""
        norms, found, pronouns = self.norms, {}, set(self._pronouns)
        verbs, particles = PRONOUN_EXCLUSIONS
        for sentence, start in self._sentence_starts.items():
            if norms[start] != "there" or start in self.masked:
                continue
            for i in range(start + 1, len(norms)):
                if self.sentence[i] != sentence:
                    break
                if norms[i] != "i" or i in self.masked:
                    continue
                j = i + 1
                while j < len(norms) and norms[j] in _FIRST_PERSON_FILLERS and j - i <= 3:
                    j += 1
                length = _match_at(norms, j, _FIRST_PERSON_EXCLUSIONS)
                if length:  # "I didn't count it"
                    pronoun, particle = j + length, True
                else:  # "I left it out"
                    pronoun = j + 1
                    particle = (
                        j + 2 < len(norms) and norms[j] in verbs and norms[j + 2] in particles
                    )
                if (
                    particle
                    and pronoun in pronouns
                    and self.sentence[pronoun] == sentence
                    and not self._adds_of_a_person(pronoun)
                ):
                    found[sentence] = i
                    break
        return found

    def _adds_of_a_person(self, after: int) -> bool:
        """Whether a personal pronoun after token `after`, in its sentence or the next, opens a
        clause that adds to the answer ("..., so I didn't count it. He is your manager too",
        "but he is one as well"): the sentence was about that person, not only the thing it
        left out."""
        norms, sentence = self.norms, self.sentence[after]
        for p in range(after + 1, len(norms)):
            if self.sentence[p] > sentence + 1:
                return False
            if norms[p] not in PERSONAL_PRONOUNS or p in self.masked:
                continue
            clause = [k for k in range(p + 1, len(norms)) if self.sentence[k] == self.sentence[p]]
            if any(self._additive_at(k) for k in clause):
                return True
        return False

    @cached_property
    def _first_person_scopes(self) -> list[tuple[int, int]]:
        """[first, last) token ranges the first-person exclusions of the text govern."""
        norms, found = self.norms, []
        for sentence, i in sorted(self._sentence_starts.items()):
            skipped = 0
            while i < len(norms) and norms[i] in _CONNECTORS and skipped < 2:
                i, skipped = i + 1, skipped + 1
            if i >= len(norms) or i in self.masked or norms[i] not in ("i", "we"):
                continue
            j = i + 1
            while j < len(norms) and norms[j] in _FIRST_PERSON_FILLERS and j - i <= 3:
                j += 1
            length = _match_at(norms, j, _FIRST_PERSON_EXCLUSIONS)
            if not length or self.sentence[j] != sentence:
                continue
            end = j + length
            stop = end
            while (
                stop < len(norms)
                and self.sentence[stop] == sentence
                and norms[stop] not in _CLAUSE_TURNS
                and not self._blocked_by_semicolon(end - 1, stop)
                and not self._opens_a_clause(stop)
            ):
                stop += 1
            found.append((end, stop))
        return found

    def _opens_a_clause(self, i: int) -> bool:
        """Whether "and" / "or" / "then" at `i` opens a clause of its own ("I skipped the
        automated notices and counted ...", "... and I included ..."), not the next item."""
        norms = self.norms
        return (
            norms[i] in ("and", "or", "then")
            and i + 1 < len(norms)
            and i not in self.masked
            and (
                norms[i + 1] in _NEW_CLAUSE
                or (
                    i + 2 < len(norms)
                    and norms[i + 2] in _NEW_CLAUSE
                    and norms[i + 1] in ("then", "also", "so")
                )
            )
        )

    def _blocked_by_semicolon(self, a: int, b: int) -> bool:
        tokens = self.text.tokens
        return ";" in self.text.text[tokens[a].end : tokens[b].start]

    def _segment_start(self, i: int) -> int:
        """Offset where token `i`'s sentence, or the part of it after its last semicolon, starts."""
        start = self.text.sentences[self.sentence[i]][0]
        semicolon = self.text.text.rfind(";", start, self.text.tokens[i].start)
        return semicolon + 1 if semicolon >= 0 else start

    def _denied_sentences(
        self, runs: list[list[int]], first: list[int], verdict: list[set[str]]
    ) -> None:
        """Runs in a sentence that opens by denying itself ("It is not true that ...")."""
        denied = self._self_denied_sentences
        for r in range(len(runs)):
            if self.sentence[first[r]] in denied:
                verdict[r].add("negated")

    @cached_property
    def _sentence_starts(self) -> dict[int, int]:
        """Sentence index -> its first token."""
        starts: dict[int, int] = {}
        for i, sentence in enumerate(self.sentence):
            starts.setdefault(sentence, i)
        return starts

    @cached_property
    def _self_denied_sentences(self) -> set[int]:
        return {
            sentence
            for sentence, i in self._sentence_starts.items()
            if i not in self.masked and _match_at(self.norms, i, _SENTENCE_DENIALS)
        }

    def _questioned_sentences(
        self, runs: list[list[int]], first: list[int], verdict: list[set[str]]
    ) -> None:
        """Runs in a question ("Our pack will be ready before Wednesday?") are asked, not
        asserted; a request ("Could you attend the review in my place?") still says what it
        asks for."""
        for r in range(len(runs)):
            index = self.sentence[first[r]]
            question = self._question(index)
            if question is None:
                continue
            at = self.text.tokens[first[r]].start - self.text.sentences[index][0]
            if not question.requests_at(at):
                verdict[r].add("hedged")

    def _question(self, index: int) -> _Question | None:
        """Sentence `index` as a question whose items are asked, or None: not a question, or a
        question reported or ending in a name (read once per sentence, not once per item)."""
        if index not in self._questions:
            start, end = self.text.sentences[index]
            sentence = self.text.text[start:end]
            asked = sentence.rstrip(_CLOSERS).endswith("?")
            if (
                asked
                and not self._reported(index)
                and not self._ends_in_a_name(index)
                and not self._quotes_a_question(start, sentence)
            ):
                self._questions[index] = _Question.of(sentence)
            else:
                self._questions[index] = None
        return self._questions[index]

    def _quotes_a_question(self, start: int, sentence: str) -> bool:
        """The question mark ending the sentence is the end of a name that has one ("| Q3
        numbers? | Priya |", "- Lunch on Monday? (Thu)"): the sentence quotes a subject or a
        title, unless it opens by asking ("Is it Lunch on Monday?")."""
        mark = start + len(sentence.rstrip(_CLOSERS)) - 1
        if mark not in self.named_questions:
            return False
        opening = next((i for i in self.text.tokens_in(start, mark) if i not in self.masked), None)
        return opening is None or self.norms[opening] not in _QUESTION_WORDS

    def _ends_in_a_name(self, sentence: int) -> bool:
        """The question mark ends a name that is a question ("Dynegy credit line - where are
        we?", an email's subject): the words before it are a name holding a question word."""
        first = bisect.bisect_left(self.sentence, sentence)  # a sentence's tokens are contiguous
        last = bisect.bisect_right(self.sentence, sentence)
        name = []
        for i in reversed(range(first, last)):
            if i not in self.masked:
                break
            name.append(self.norms[i])
        return bool(name) and any(w in _QUESTION_WORDS for w in name)

    def _reported(self, sentence: int) -> bool:
        """A question reported, not asked: in quotes, or after "asks"/"questions" in its own
        lead ('He asks: "How ...?"') or in the line introducing its list ("Two of the questions
        are for you:\n1. How exposed ...?")."""
        start, end = self.text.sentences[sentence]
        if _QUOTED_QUESTION.search(self.text.text[start:end]):
            return True  # the question itself in quotes: "How exposed are we?"
        line = self.text.line_of(start)
        opening = re.search(r"[:\"“]", self.text.text[start:end])  # 'He asks: "How ...?"'
        lead = self.text.text[start : start + opening.start()] if opening else ""
        before = lead
        header = self.text.header_of(line)
        if header is None:  # a list under "...: " in the same paragraph
            for above in range(line - 1, -1, -1):
                text = self.text.text[slice(*self.text.lines[above])].strip()
                if not text:
                    break
                if text.endswith(":"):
                    header = above
                    break
        if header is not None:
            before = self.text.text[slice(*self.text.lines[header])] + " " + before
        # the reporting words are stated, not asked ("Quick question, is this right?" reports none)
        return bool(_REPORTING.search(re.sub(r"[^.!?:\n]*\?", " ", before)))

    def _hedged_lead_in(
        self, runs: list[list[int]], first: list[int], verdict: list[set[str]]
    ) -> None:
        """A text opening with a hedge or a disowning lead-in that ends in a colon or comma
        ("I might possibly, but probably won't: ...", "If I had to guess, ...", "Wrong answer:",
        "Hypothetically:", a first line "I'm not sure, but possibly:") hedges everything after it,
        not only the nearest item or the paragraph under it."""
        if not self.text.tokens:
            return
        start, end = self.text.lines[0]
        line = self.text.text[start:end]
        for match in re.finditer(r"[:,]", line):
            lead = self.text.tokens_in(0, start + match.start())
            if not len(lead) or len(lead) > LEAD_IN_WORDS:
                return
            if any(first[r] in lead for r in range(len(runs))):
                return  # "Louise Kitchen, probably": the lead-in names an item
            words = [i for i in lead if i not in self.masked]
            # a plain hedge reaches past a colon only ("Rob, I might be late, but see you at 11"
            # hedges the lateness); a disowning lead-in also past a comma ("If I had to guess,")
            # a hedge heading the whole text ("I'm not sure, but possibly:" over a briefing)
            # hedges all of it, past blank lines, not only the paragraph under it
            colon = match.group() == ":"
            hedged = colon and any(_match_at(self.norms, i, _HEDGES) for i in words)
            lead_text = self.text.text[0 : start + match.start()]
            if hedged or _DISOWNING.search(lead_text):
                for r in range(len(runs)):
                    if self.text.tokens[first[r]].start > start + match.start():
                        verdict[r].add("hedged")
                return

    def _denies_everything(self, first: list[int]) -> bool:
        """The answer opens with a sentence that denies everything ("No.", "None found.")."""
        if not self.text.tokens:
            return False
        length = _match_at(self.norms, 0, _DENIALS)
        if self.norms[0] in ("no", "nope", "nah") and length == 1:
            end = self.text.tokens[0].end
            if _LONE_DENIAL.match(self.text.text, end):
                return True  # "Nope. yep, just 1: ...": a sentence of its own, whatever follows
        if any(self.sentence[f] == self.sentence[0] for f in first):
            return False
        if not length:
            return False
        if self.norms[0] in ("no", "nope", "nah") and length == 1:
            after = self.text.text[self.text.tokens[0].end : self.text.tokens[0].end + 2]
            return bool(re.match(r"\s*[.,:!;-]|\s*$", after))
        partial = any(
            sentence != self.sentence[0]
            and (_match_at(self.norms, i, _CONTRASTS) or self._opens_with_a_count(i))
            for sentence, i in self._sentence_starts.items()
        )
        return not partial

    def _opens_with_a_count(self, i: int) -> bool:
        """Whether the sentence opening at token `i` opens with a count of one or more things
        ("Nothing unfinished is past due. One card is due within the next 48 hours"): it
        gives what the opening denial left, so the denial was partial."""
        norms, tokens = self.norms, self.text.tokens
        if i + 1 >= len(norms) or self.sentence[i + 1] != self.sentence[i]:
            return False
        word = norms[i]
        counted = tokens[i].raw.isdigit() and int(tokens[i].raw) > 0
        return (counted or NUMBER_WORDS.get(word, 0) > 0) and norms[i + 1].isalpha()

    @cached_property
    def _suppositions(self) -> tuple[tuple[int, int], ...]:
        """(start, end) offsets of the result clauses of sentences that open with a condition
        ("If you leave out the 2 Done cards, it's 4 of 5 open cards (80%)", "... since she's an
        invitee. If you'd rather leave it out, the figure becomes 4 of 11"): the sentence, or
        its part after a label's colon, opens with "if", and the clause runs from the comma
        that closes the condition to the sentence's end; or what a sentence says "would" be
        under a condition after it ("Richard Shapiro would drop to 40% once you read today's
        FERC email"), from "would" to the sentence's end."""
        text = self.text
        found = []
        for start, end in text.sentences:
            colon = text.label_colon(start, end, spaced=True)
            opening = next(
                (
                    i
                    for i in text.tokens_in(colon + 1 if colon >= 0 else start, end)
                    if i not in self.masked
                ),
                None,
            )
            would = next(
                (
                    i
                    for i in text.tokens_in(start, end)
                    if self.norms[i] == "would" and i not in self.masked
                ),
                None,
            )
            if would is not None and any(
                self.norms[i] in _CONDITION_AFTER
                for i in text.tokens_in(text.tokens[would].end, end)
            ):  # "Richard Shapiro would drop to 40% once you read today's FERC email"
                found.append((text.tokens[would].start, end))
                continue
            without = self._without_clause(start, end)
            if without is not None:  # "I counted the lunch as a meeting; without it you'd ..."
                found.append(without)
                continue
            if opening is None or self.norms[opening] != "if":
                continue
            comma = text.text.find(",", text.tokens[opening].end, end)
            if comma >= 0:
                found.append((comma, end))
        return tuple(found)

    def _without_clause(self, start: int, end: int) -> tuple[int, int] | None:
        """(start, end) of a clause of the sentence [start, end) that says what leaving
        something out would give ("I counted the one-on-one lunch as a meeting; without it
        you'd organize 4 of 11 (36%)"): it opens with "without" (at the sentence's opening or
        after a semicolon) and says "would" (or another result word: CONDITIONAL_RESULTS)
        before the clause ends."""
        text, norms = self.text, self.norms
        semicolons = [start + m.end() for m in re.finditer(";", text.text[start:end])]
        for left, right in pairwise([start, *semicolons, end]):
            words = [i for i in text.tokens_in(left, right) if i not in self.masked]
            if not words or norms[words[0]] != "without":
                continue
            k = 1
            while k < len(words) and norms[words[k]] in ("a", "an", "any", "the"):
                k += 1
            if k < len(words) and norms[words[k]] in _CERTAINTIES:
                continue  # "Without question, the real share would be 36%" asserts it
            if any(norms[i] in CONDITIONAL_RESULTS for i in words[1:]):
                return text.tokens[words[0]].start, right
        return None

    def supposes(self, offset: int) -> bool:
        """Whether `offset` lies in what a condition supposes (`_suppositions`): a figure there
        says what another way of counting would give."""
        ranges = self._suppositions
        index = bisect.bisect_right(ranges, (offset, len(self.text.text) + 1)) - 1
        return index >= 0 and ranges[index][0] <= offset < ranges[index][1]
