"""Where an answer to a superlative question speaks of the runners-up.

A question asking for the biggest, the oldest or the most (a claim's `measure`) has its answer
at the top of a ranking, and a careful answer often goes on down it: "Next largest is the Q3
spreadsheet at 419,840 bytes", "The next oldest are A and B", "Executive comes second with
seven", "The earlier one, from October 4, is X". A part of a sentence (up to a semicolon) with
a rank cue (an ordinal, "behind", "runner-up", "next" before a ranking word, a comparative
pointing down from the measure: "earlier" under "latest", lexicon BELOW_THE_TOP) speaks of the
runners-up, unless it states the measure itself ("the biggest is A; B is second" keeps its
first part). A sentence opening by naming the members of the group the one before ranked
("Several threads tie for second place. Examples are A, B") goes on about them.
A part that goes on to put its subject above the top overturns the ranking, in a clause naming
nothing of its own: a comparative pointing up from the measure and comparing with nothing after
"than" ("B is a close second, and actually a bit bigger", lexicon ABOVE_THE_TOP), the measure
restated of the subject ("Next largest is B, though it is actually the largest"), or words
giving it the top place ("B, which tops the list", lexicon TOP_PLACE): what it names is
asserted, whatever rank or context words it holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from emailbench_gym.grading.claims.lexicon import (
    ABOVE_THE_TOP,
    ANTONYMS,
    BELOW_THE_TOP,
    GROUP_OPENERS,
    RANK_AFTER_NEXT,
    RANK_ORDINALS,
    RESTATING_WORDS,
    TOP_PLACE,
)
from emailbench_gym.grading.claims.text import Text, word_tokens

#: The words of every measure and its opposites ("next oldest", "next-most" rank).
_RANKING_WORDS = frozenset(
    w for m, opposites in ANTONYMS.items() for p in (m, *opposites) for w in word_tokens(p)
) | {"closest"}
_GROUP_OPENERS = tuple(word_tokens(p) for p in GROUP_OPENERS)
_TOP_PLACE = tuple(word_tokens(p) for p in TOP_PLACE)


def _at(norms: list[str], i: int, phrase: tuple[str, ...]) -> bool:
    return tuple(norms[i : i + len(phrase)]) == phrase


def _ranks_below(norms: list[str], i: int, below: Sequence[tuple[str, ...]]) -> bool:
    """Whether a rank cue starts at token i ("second", "runner-up", "next oldest", "earlier")."""
    word = norms[i]
    after = norms[i + 1] if i + 1 < len(norms) else ""
    if word in RANK_ORDINALS:
        return True
    if word in ("runner", "runners"):
        return after == "up"
    if word == "next":
        return after in RANK_AFTER_NEXT or after in _RANKING_WORDS
    return any(_at(norms, i, phrase) for phrase in below)


def _states_measure(
    norms: list[str], tokens: list[int], measures: Sequence[tuple[str, ...]]
) -> bool:
    """Whether the words state the measure itself, not ranked ("next largest", "second most")."""
    return any(
        _at(norms, i, phrase)
        and not (i and (norms[i - 1] in RANK_ORDINALS or norms[i - 1] == "next"))
        for i in tokens
        for phrase in measures
    )


#: Where a clause of a sentence part ends: a comparative after one says nothing of the subject
#: before it ("A is second, and B is a bit bigger").
_CLAUSE_BREAKS = (",", " and ", " but ", " though ", " while ")


#: After a measure, words that keep it among the runners-up ("the largest of the others").
_THE_REST = frozenset({"others", "rest", "remaining", "remainder", "runners"})


def _among_the_rest(norms: list[str], after: int) -> bool:
    """Whether "of the others" / "among the rest" follows the token before `after`."""
    words = [w for w in norms[after : after + 3] if w != "the"]
    return len(words) >= 2 and words[0] in ("of", "among") and words[1] in _THE_REST


def _overturns(
    text: Text,
    masked: set[int],
    left: int,
    tokens: list[int],
    above: Sequence[tuple[str, ...]],
    measures: Sequence[tuple[str, ...]],
) -> bool:
    """Whether the part puts its own ranked subject above the top, in a clause that names
    nothing of its own (no name or value before the words): an up-pointing comparative no "than"
    follows, the measure restated of the subject (only pronouns, copulas and adverbs before it
    in its clause), or words giving it the top place."""
    norms = [t.norm for t in text.tokens]
    for i in tokens:
        phrase = next((p for p in above if _at(norms, i, p)), None)
        if phrase is not None and "than" in norms[i + len(phrase) : i + len(phrase) + 3]:
            continue
        restated = next((p for p in measures if _at(norms, i, p)), None)
        if phrase is None and not restated and not any(_at(norms, i, p) for p in _TOP_PLACE):
            continue
        at = text.tokens[i].start
        before = text.text[left:at]
        clause = max((before.rfind(b) + len(b) for b in _CLAUSE_BREAKS if b in before), default=0)
        if not clause:
            continue
        opening = text.tokens_in(left + clause, at)
        if any(j in masked for j in opening):
            continue
        if restated and (
            not opening
            or any(norms[j] not in RESTATING_WORDS for j in opening)
            or _among_the_rest(norms, i + len(restated))
        ):
            continue  # "second, well behind the largest", "the largest of the others"
        return True
    return False


def runner_up_parts(
    text: Text, masked: set[int], measure: Sequence[str]
) -> tuple[tuple[int, int], ...]:
    """(start, end) offsets of the sentence parts that speak of the runners-up under `measure`,
    in order. Cue words are never read inside names or values."""
    if not measure:
        return ()
    norms = [t.norm for t in text.tokens]
    measures = [word_tokens(m) for m in measure]
    below = [word_tokens(w) for m in measure for w in BELOW_THE_TOP.get(m.casefold(), ())]
    found: list[tuple[int, int]] = []
    ranked_sentence = -2  # the last sentence whose last part speaks of the runners-up
    for sentence, (start, end) in enumerate(text.sentences):
        cuts = [start + k for k, c in enumerate(text.text[start:end]) if c == ";"]
        parts = list(zip([start, *(k + 1 for k in cuts)], [*cuts, end], strict=True))
        for index, (left, right) in enumerate(parts):
            tokens = [i for i in text.tokens_in(left, right) if i not in masked]
            if not tokens:
                continue
            continued = (
                index == 0
                and ranked_sentence == sentence - 1
                and text.paragraph_of(start) == text.paragraph_of(text.sentences[sentence - 1][0])
                and tokens[0] == text.token_at(start)
                and any(_at(norms, tokens[0], phrase) for phrase in _GROUP_OPENERS)
            )
            ranked = continued or any(_ranks_below(norms, i, below) for i in tokens)
            if ranked and not _states_measure(norms, tokens, measures):
                found.append((left, right))
                if index == len(parts) - 1:
                    ranked_sentence = sentence
    return tuple(found)


def overturning_parts(
    text: Text, masked: set[int], measure: Sequence[str]
) -> tuple[tuple[int, int, bool], ...]:
    """(start, end, ranked) of the sentence parts (up to a semicolon) that put their own subject
    above the top of `measure`'s ranking ("B is a close second, and actually a bit bigger"),
    whatever rank or context words they hold: what they name is asserted as the top. `ranked`:
    the part also ranks it below ("second", "Next is B, though it is actually the most"), so a
    ruling-out there may be the rank's own."""
    above = [word_tokens(w) for m in measure for w in ABOVE_THE_TOP.get(m.casefold(), ())]
    below = [word_tokens(w) for m in measure for w in BELOW_THE_TOP.get(m.casefold(), ())]
    measures = [word_tokens(m) for m in measure]
    if not measure:
        return ()
    norms = [t.norm for t in text.tokens]
    found: list[tuple[int, int, bool]] = []
    for start, end in text.sentences:
        cuts = [start + k for k, c in enumerate(text.text[start:end]) if c == ";"]
        for left, right in zip([start, *(k + 1 for k in cuts)], [*cuts, end], strict=True):
            tokens = [i for i in text.tokens_in(left, right) if i not in masked]
            if _overturns(text, masked, left, tokens, above, measures):
                found.append((left, right, any(_ranks_below(norms, i, below) for i in tokens)))
    return tuple(found)
