"""Wrong final answers built from the reference answer, where the scenario's claims find their parts.

For each member an `answer-items` claim finds in the reference answer: negate it ("not X",
"X (not included)"), hedge it ("possibly X"), drop it; add wrong candidates of the same kind
to the list; swap members where order is asked. For each value an `answer-values` claim
finds: shift it, rotate it with another subject's value, hedge it or give it as a bound,
negate it, "correct" it to another at the end or assure another ("Without a doubt, it would be 36%"), bump a count's side of a share ("Unread: 5 of
the 8"), state a second, wrong one in its role ("10:00; start 11:00"), keep it only in an aside beside
a wrong one ("3 of 3 (was 2 of 3)", "X (2 of 3): 3 of 3"). For each statement:
negate or drop it.
A wrong candidate in a summary sentence above the right answer ("The latest is X.").
A wrong candidate in a member's place, the member kept beside it as context ("Louise
Kitchen (copied Richard Shapiro)"). A note under the answer that adds a wrong candidate to the set ("Notes: - X too."), or a
sentence adding it after a contrast that opens it ('Instead of leaving it out, "RE: X" is one
too.', a message named by its reply subject).
A wrong candidate ranked second, then put above the top ("X is a close second, and actually a
bit bigger.", in a paragraph of its own or at the end of the answer's last one; "Next is X,
though it is actually the biggest."; "X is second, which tops the list."), or named next with the
members' own count ("Next is X, also with 10."). A wrong candidate on a line a cross mark opens that
still asserts it: after a check mark ("✗ Spam folder ✓ X") or adding it ("✗ X
belongs here too"). A wrong candidate added, then said not to
count in another sense ("X is one of them too, but does not count twice."). A phone number with a
digit run on
("(713) 502-7719-9"). A wrong person introduced in a sentence that
leaves out "it", or added back by a pronoun after it ("There's also X, one of them too, on a
note with M on cc, so I didn't count it."). A label over a
member's every mention said not to be covered ("Dynegy Review (not covered): ..."). For the measure a claim asks ("latest", "most"): the answer with each measure
word swapped for its antonym, or labelled with the antonym when it never states the measure.
Whole answers: negated, hedged (under a header or before a colon), asked as questions,
taken back ("please disregard everything above"), disowned (labelled wrong, a guess,
hypothetical, a joke, stale data, its opposite), "I could not find it", empty, and one
naming every entity.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from typing import Any

from emailbench_gym.audit.state_mutants import (
    COLON_HEDGE,
    RETRACTION,
    Mutant,
    Reference,
    as_questions,
    negate_text,
)
from emailbench_gym.grading.checks.answer import (
    _TOP_VALUES,
    AnswerItemsCheck,
    AnswerTextCheck,
    AnswerValuesCheck,
    _measure_pattern,
    _members_counts,
    _stated_measures,
    _subjects,
    _token_range,
)
from emailbench_gym.grading.claims.analysis import Analysis
from emailbench_gym.grading.claims.entities import SYSTEM
from emailbench_gym.grading.claims.lexicon import ABOVE_THE_TOP, ANTONYMS
from emailbench_gym.grading.claims.polarity import Span
from emailbench_gym.grading.claims.values import ValueMention, value_matches

Edit = tuple[int, int, str]
#: A reply's or forward's prefix ending right before a colon: part of a subject, not a label.
_SUBJECT_PREFIX = re.compile(r"\b(?:re|fw|fwd)$", re.I)
#: Appended to an ordered answer: it keeps the words and says they run backwards.
REVERSED_NOTE = "\n\n(In reverse order.)"
#: Run onto a phone number's end: the number written is then another one.
STRAY_DIGIT = "-9"
#: Latin letters swapped for Cyrillic look-alikes (a disguised name).
_LOOK_ALIKE = str.maketrans("aeopcAEOPC", "аеорсАЕОРС")
NUMERIC_KINDS = frozenset(
    {"count", "number", "percent", "money", "duration", "size"}
)  # replace text[start:end] with the string


def _apply(text: str, edits: list[Edit]) -> str:
    for start, end, new in sorted(edits, key=lambda e: e[0], reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _render(kind: str, expected: Any) -> str | None:
    """A clearly different value of the same kind, written the usual way."""
    if kind == "count":
        return str(int(expected) + 1)
    if kind == "number":
        return f"{float(expected) + 1:g}"
    if kind == "percent":
        return f"{float(expected) + 7:.1f}%"
    if kind == "money":
        return f"${float(expected) * 1.25 / 1e6:.1f} million"
    if kind == "duration":
        minutes = int(float(expected)) + 30
        return f"{minutes // 60} hours {minutes % 60} minutes"
    if kind == "time":
        minutes = (int(expected) + 60) % (24 * 60)
        return f"{minutes // 60:02d}:{minutes % 60:02d}"
    if kind == "time-range":
        start, end = expected
        return f"{_render('time', start)}-{_render('time', end)}"
    if kind == "date":
        shifted: date = expected + timedelta(days=1)
        return shifted.strftime("%B %d").replace(" 0", " ")
    if kind == "size":
        return f"{int(float(expected) * 2):,} bytes"
    if kind == "phone":
        digits = str(expected)
        bumped = digits[:-1] + str((int(digits[-1]) + 1) % 10)
        return f"({bumped[:3]}) {bumped[3:6]}-{bumped[6:]}"
    return None


def _member_spans(check: AnswerItemsCheck, analysis: Analysis) -> dict[str, list[tuple[int, int]]]:
    """Where the answer asserts each member (of a claim with a subject: only where it binds
    the member to that subject, as the claim reads it)."""
    members, _wrong = check.universe_keys(analysis.universe)
    mentions = analysis.entity_spans(check.kind)
    spans = [s for s, _ in mentions]
    personal = check.kind == "person" if check.kind != "literal" else None
    marks = analysis.reader.read(spans, check.cue_words, personal=personal)
    about = check._about_subject(analysis, spans)
    found: dict[str, list[tuple[int, int]]] = {}
    for (span, keys), mark, counted in zip(mentions, marks, about, strict=True):
        for key in keys:
            if key in members and mark == "asserted" and counted:
                found.setdefault(key, []).append((span.start, span.end))
    return found


def _value_spans(
    check: AnswerValuesCheck, analysis: Analysis
) -> list[tuple[int, list[ValueMention]]]:
    """Per value spec, the answer's values equal to it: the ones the claim binds to the spec's
    subject (and role) first, so an operator that takes one ("rotate-values") takes the
    subject's own value ("Nathan Pryor: 3"), not an equal number said of something else ("3
    members")."""
    return [(index, hits) for index, hits, _own in _value_spans_own(check, analysis)]


def _value_spans_own(
    check: AnswerValuesCheck, analysis: Analysis
) -> list[tuple[int, list[ValueMention], list[ValueMention]]]:
    """`_value_spans`, with the hits the claim binds to the spec's subject (and role) apart."""
    bindings = check.bindings(analysis)
    found = []
    for index, spec in enumerate(check.values):
        hits = [
            v
            for v in analysis.values
            if value_matches(v, spec.kind, spec.expected(), spec.tolerance)
        ]
        key = check._resolved_subject_keys(spec, analysis.universe)
        roles = {f"role:{p}" for p in spec.role}

        def own(v: ValueMention, key: str | None = key, roles: set[str] = roles) -> bool:
            subjects, bound_roles = bindings.get(v.start, (frozenset(), frozenset()))
            return (key is None or key in subjects) and (not roles or bool(roles & bound_roles))

        found.append((index, sorted(hits, key=lambda v: not own(v)), [v for v in hits if own(v)]))
    return found


def _summary_mutants(
    check: AnswerValuesCheck,
    analysis: Analysis,
    found: list[tuple[int, list[ValueMention]]],
    mutant: Callable[[str, str, str], Mutant],
) -> Iterator[Mutant]:
    """A summary sentence above the answer that restates each subject's value wrong (shifted,
    or rotated between the subjects) while the answer below keeps them right ("In short,
    Dynegy: 4; Andersen: 5; V&E: 3." over a right list): counts are not exclusive, so the
    right ones would cover the wrong ones."""
    text = analysis.text.text
    universe = analysis.universe
    specs = [
        (index, check.values[index])
        for index, hits in found
        if hits and isinstance(check.values[index].subject, str) and not check.values[index].role
    ]
    by_kind: dict[str, list[tuple[int, Any]]] = {}
    for index, spec in specs:
        by_kind.setdefault(spec.kind, []).append((index, spec))
    for kind, group in by_kind.items():
        if (
            len({s.subject for _, s in group}) < 2
            or len({repr(s.expected()) for _, s in group}) < 2
        ):
            continue
        labels = []
        for _index, spec in group:
            ref_kind, _, ref = str(spec.subject).partition(":")
            entity = universe.of_kind(ref_kind).get(universe.key(ref_kind, ref))
            labels.append(entity.label if entity else ref)
        written = [text[dict(found)[i][0].start : dict(found)[i][0].end] for i, _ in group]
        shifted = [_render(kind, spec.expected()) for _, spec in group]
        rotated = written[1:] + written[:1]
        for detail, said in (("shifted", shifted), ("rotated", rotated)):
            if any(w is None for w in said) or said == written:
                continue
            pairs = [f"{label}: {value}" for label, value in zip(labels, said, strict=True)]
            summary = "In short, " + "; ".join(pairs) + "."
            yield mutant("summary-values", f"{check.id}:{kind}:{detail}", f"{summary}\n\n{text}")


def _second_column(text: str, at: int, end: int, wrong: str) -> str | None:
    """The answer with the column of the table cell holding the value at [at, end) written
    twice, the copy headed by the same measure ("| Unread % | Unread % (rate) |") and giving
    `wrong` in place of that value (a row contradicting itself across two columns of one
    measure); None outside a table's body."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    row = next(k for k in range(len(lines)) if offsets[k] <= at < offsets[k + 1])
    if not lines[row].lstrip().startswith("|"):
        return None
    top = bottom = row
    while top > 0 and lines[top - 1].lstrip().startswith("|"):
        top -= 1
    while bottom + 1 < len(lines) and lines[bottom + 1].lstrip().startswith("|"):
        bottom += 1
    bars = [i for i, c in enumerate(lines[row]) if c == "|"]
    local = at - offsets[row]
    column = next((k for k in range(len(bars) - 1) if bars[k] < local < bars[k + 1]), None)
    if column is None or top == row:
        return None
    for k in range(top, bottom + 1):
        cells = lines[k].split("|")
        if column + 1 >= len(cells):
            return None
        cell = cells[column + 1]
        if k == top:
            copy = f" {cell.strip()} (rate) "
        elif k == row:
            start = local - bars[column] - 1
            copy = cell[:start] + wrong + cell[start + end - at :]
        else:
            copy = cell
        cells.insert(column + 2, copy)
        lines[k] = "|".join(cells)
    return "\n".join(lines)


def _shifted_shares(text: str, own: list[ValueMention], expected: Any) -> str | None:
    """The answer with the side of each share ("Unread: 4 of the 8") that gives the count
    bumped by one ("Unread: 5 of the 8"), or None when the claim binds no share."""
    count = str(int(expected))
    edits: list[Edit] = []
    for v in own:
        if v.kind != "ratio":
            continue
        found = re.search(rf"(?<!\d){count}(?!\d)", text[v.start : v.end])
        if found:
            edits.append((v.start + found.start(), v.start + found.end(), str(int(expected) + 1)))
    return _apply(text, edits) if edits else None


def _aside_values(
    text: str,
    hits: list[ValueMention],
    rendered: str,
    where: str,
    mutant: Callable[[str, str, str], Mutant],
) -> Iterator[Mutant]:
    """The right value kept only in an aside beside a wrong one the answer asserts: after it
    ("3 of 3 (was 2 of 3)", where no word follows it), or closing the label whose colon gives the wrong one ("X (2 of
    3): 3 of 3"). None when a hit is in a parenthesis already (it would stay a plain hit)."""
    if any(_in_parenthesis(text, v.start) for v in hits):
        return
    if not any(re.match(r"[\s*_]*[A-Za-z]", text[v.end :]) for v in hits):
        # (not between a value and its noun: "at 6 (was 5) emails" reads "at 6" as a time)
        yield mutant(
            "aside-value",
            f"{where}:after",
            _apply(
                text, [(v.start, v.end, f"{rendered} (was {text[v.start : v.end]})") for v in hits]
            ),
        )
    edits: list[Edit] = []
    for v in hits:
        label = _LABEL_END.search(text, text.rfind("\n", 0, v.start) + 1, v.start)
        if label is None:
            return
        edits += [(label.start(), label.start(), f" ({text[v.start : v.end]})")]
        edits += [(v.start, v.end, rendered)]
    yield mutant("aside-value", f"{where}:label", _apply(text, edits))


#: A label's colon right before a value ("Overall: 30%", "**Overall**: **30%**").
_LABEL_END = re.compile(r":[\s*_]*$")


def _in_parenthesis(text: str, at: int) -> bool:
    line_start = text.rfind("\n", 0, at) + 1
    return text.count("(", line_start, at) > text.count(")", line_start, at)


def _every_value_mutants(
    check: AnswerValuesCheck,
    analysis: Analysis,
    found: list[tuple[int, list[ValueMention]]],
    mutant: Callable[[str, str, str], Mutant],
) -> Iterator[Mutant]:
    """Every subject's value of a kind (and role) listed under one subject, then under each
    ("Priya: sent you 5 emails, 4 emails"): a kitchen sink that names each right value. Not
    inside a parenthesis, where a list reads as the parts of the value before it."""
    text = analysis.text.text
    groups: dict[tuple[str, tuple[str, ...]], list[int]] = {}
    for index, hits in found:
        spec = check.values[index]
        if hits and spec.subject is not None:
            groups.setdefault((spec.kind, tuple(sorted(spec.role))), []).append(index)
    hits_of = {i: [v for v in hits if not _in_parenthesis(text, v.start)] for i, hits in found}
    for number, ((kind, _roles), indexes) in enumerate(groups.items()):
        specs = [check.values[i] for i in indexes]
        if (
            len({s.subject_key() for s in specs}) < 2
            or len({repr(s.expected()) for s in specs}) < 2
        ):
            continue
        written = {i: text[dict(found)[i][0].start : dict(found)[i][0].end] for i in indexes}
        listed = {
            index: [
                (v.end, v.end, ", " + ", ".join(w for i, w in written.items() if i != index))
                for v in hits_of[index]
            ]
            for index in indexes
        }
        usable = [i for i in indexes if listed[i]]
        if not usable:
            continue
        where = f"{check.id}:{kind}{number}"
        yield mutant("every-value", f"{where}:one", _apply(text, listed[usable[0]]))
        every = list({edit[0]: edit for i in usable for edit in listed[i]}.values())
        yield mutant("every-value", f"{where}:all", _apply(text, every))


def _same_case(word: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return word.upper()
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def _antonym_mutants(
    checks: list[Any], text: str, mutant: Callable[[str, str, str], Mutant]
) -> Iterator[Mutant]:
    """The answer to the opposite measure: each stated measure word swapped for its antonym
    ("The earliest email is ..."), or, when the answer never states the measure, labelled
    with the antonym above the right answer ("Earliest: ...")."""
    measures = list(dict.fromkeys(m.casefold() for c in checks for m in getattr(c, "measure", [])))
    if not measures:
        return
    if _stated_measures(text, measures):
        for k in range(max(len(ANTONYMS[m]) for m in measures)):
            swapped, said = text, []
            for measure in measures:
                opposite = ANTONYMS[measure][min(k, len(ANTONYMS[measure]) - 1)]
                swapped = _measure_pattern(measure).sub(
                    lambda m, o=opposite: _same_case(o, m.group(0)), swapped
                )
                said.append(f"{measure}>{opposite}")
            if swapped != text:
                yield mutant("antonym", ",".join(said), swapped)
    else:
        for opposite in dict.fromkeys(o for m in measures for o in ANTONYMS[m]):
            yield mutant("antonym", f"label:{opposite}", f"{_same_case(opposite, 'X')}: {text}")


def _aside_mutants(
    check: AnswerItemsCheck,
    key: str,
    text: str,
    places: list[tuple[int, int]],
    mutant: Callable[[str, str, str], Mutant],
) -> Iterator[Mutant]:
    """A member the answer asserts, taken back in a sentence of its own after the answer: hedged
    by name ("I might be wrong about Louise Kitchen."), or denied through a pronoun standing for
    it ("Louise Kitchen is listed above. She isn't actually one of them.")."""
    start, end = places[0]
    written = text[start:end]
    pronoun = "They" if check.kind == "person" else "It"
    verb = "aren't" if pronoun == "They" else "isn't"
    taken_back = (
        ("hedge", f"I might be wrong about {written}."),
        ("unsure", f"I'm not sure about {written}, though."),
        ("pronoun", f"{written} is listed above. {pronoun} {verb} actually one of them."),
    )
    for detail, line in taken_back:
        yield mutant("aside-item", f"{check.id}:{key}:{detail}", f"{text}\n\n{line}")


def _context_swaps(
    check: AnswerItemsCheck,
    analysis: Analysis,
    key: str,
    places: list[tuple[int, int]],
    ref: Reference,
    mutant: Callable[[str, str, str], Mutant],
) -> Iterator[Mutant]:
    """A wrong candidate in a member's place with the member kept beside it under one of the
    claim's context words ("is from Louise Kitchen (copied Richard Shapiro)", "is from Louise
    Kitchen, copying Richard Shapiro"): the member is named only as context, so the wrong
    candidate is the answer."""
    _members, wrong = check.universe_keys(analysis.universe)
    if not check.context or not wrong:
        return
    text = analysis.text.text
    universe = analysis.universe.of_kind(check.kind)
    for other in ref.rng(f"context-swap-{check.id}-{key}").sample(
        sorted(wrong), min(2, len(wrong))
    ):
        entity = universe.get(other)
        label = entity.label if entity else other
        for word in check.context[:2]:
            swapped = _apply(text, [(s, e, f"{label} ({word} {text[s:e]})") for s, e in places])
            yield mutant("context-swap", f"{check.id}:{key}:{other}:{word}", swapped)
            if " " not in word:  # after a comma, a one-word context word leads into the
                # member ("is from Louise Kitchen, copying Richard Shapiro"); a phrase may close
                # the clause before ("X, left out")
                swapped = _apply(text, [(s, e, f"{label}, {word} {text[s:e]}") for s, e in places])
                yield mutant("context-swap", f"{check.id}:{key}:{other}:{word}:comma", swapped)


def _introduced_person(
    check: AnswerItemsCheck,
    key: str,
    label: str,
    member: str,
    text: str,
    mutant: Callable[[str, str, str], Mutant],
) -> Iterator[Mutant]:
    """A wrong person asserted in a sentence introducing a thing that the answer then leaves
    out by "it" (which stands for the member named last): named as the thing itself, not an
    attribute of it ("There's also X, one of them too, on a note with M on cc, so I didn't
    count it."), or added back by a pronoun after it ("There's also a note from X with M on
    cc, so I didn't count it. He is one of them too.")."""
    context = {c.casefold() for c in check.context}
    by = next((p for p in ("from", "by") if p not in context), None)
    if by is None:  # "a note from X" names X as context ("from" a context word)
        return
    note = f"a note with {member} on cc"
    for detail, line in (
        (
            "introduced",
            f"(There's also {label}, one of them too, on {note}, so I didn't count it.)",
        ),
        (
            "pronoun",
            f"(There's also a note {by} {label} with {member} on cc, so I didn't count it. He is "
            "one of them too.)",
        ),
    ):
        yield mutant("introduced-person", f"{check.id}:{key}:{detail}", f"{text}\n\n{line}")


def _top_value(check: AnswerItemsCheck, analysis: Analysis) -> str | None:
    """The members' own value under a measure whose top holds the greatest or least of a kind,
    as the answer gives it ("Trading, with ten messages": 10; "512,000 bytes"), or None."""
    measured = [_TOP_VALUES[m.casefold()] for m in check.measure if m.casefold() in _TOP_VALUES]
    if not measured:
        return None
    members, _wrong = check.universe_keys(analysis.universe)
    if measured[0][0] == "number":
        mentions = analysis.entity_spans(check.kind)
        spans = [s for s, _ in mentions]
        marks = analysis.reader.read(spans, check.cue_words, personal=check.kind == "person")
        counts = _members_counts(analysis, mentions, marks, members, check.kind)
        return f"{max(counts):g}" if counts else None
    own = {f"{check.kind}:{m}" for m in members}
    sizes = [
        max(v.values)
        for v in analysis.values
        if v.kind == measured[0][0] and not own.isdisjoint(_bound_keys(analysis, v, check.kind))
    ]
    return f"{int(max(sizes)):,} bytes" if sizes else None


def _bound_keys(analysis: Analysis, value: ValueMention, kind: str) -> frozenset[str]:
    """The subjects (of `kind` or a person) the answer binds the value to."""
    span = Span(*_token_range(analysis, value.start, value.end), value.start, value.end)
    bound = analysis.binder(_subjects(analysis, {kind, "person"}, []), [span]).bind(span)
    return bound.keys if bound is not None else frozenset()


def _label_before(text: str, at: int) -> int | None:
    """The offset of the colon of the label heading the member at `at` ("Dynegy Review: Rob
    Delacroix ..."), or None: a colon after a word or an aside, in the member's paragraph,
    followed by nothing but a space, a line end, a list marker or a quote before the member
    (not one inside a time, nor one further back in the sentence), and not the colon of a
    subject's "RE:" or one inside quotes ("RE: October collateral call" is one name)."""
    paragraph = text.rfind("\n\n", 0, at) + 1
    colon = text.rfind(":", paragraph, at)
    if (
        colon > 0
        and (text[colon - 1].isalpha() or text[colon - 1] == ")")
        and re.fullmatch(r"\s+(?:[-*•]|\d+[.)])?\s*[\"']?", text[colon + 1 : at])
        and not _SUBJECT_PREFIX.search(text, paragraph, colon)
        and text.count('"', text.rfind("\n", 0, colon) + 1, colon) % 2 == 0
    ):
        return colon
    return None


def _asserted_aside(label: str) -> list[tuple[str, str]]:
    """A wrong candidate asserted in a sentence after the answer whose own words only look like a
    ruling-out or a context ("Not only these: X too.", "Don't forget X.")."""
    return [
        ("not-only", f"Not only these: {label} too."),
        ("dont-forget", f"Don't forget {label}, which belongs here too."),
        ("isnt-it", f"{label} belongs here as well, isn't it obvious."),
    ]


def _disowned(text: str) -> list[tuple[str, str]]:
    """The answer framed so that it is not the answer: labelled wrong, a guess, a joke, stale
    data, its opposite, or followed by finding nothing."""
    quoted = text.replace('"', "'")
    return [
        ("wrong-label", "Wrong answer: " + text),
        ("guess", "If I had to guess, " + text),
        ("hypothetical", "Hypothetically: " + text),
        ("kidding", text + "\n\nJust kidding."),
        ("stale", text + "\n\n(That was last year's data; this year there are none.)"),
        ("opposite", "The opposite of the following is true: " + text),
        ("found-nothing", f'You might expect "{quoted}", but I found nothing.'),
        ("wrong-header", "Here is what I would have answered, but it's wrong:\n" + text),
        ("not-header", "The answer is NOT:\n" + text),
        ("except", "Everyone except these: " + text),
        ("or-not", text.rstrip().rstrip(".") + ". Or not."),
        ("or-not-run-on", text.rstrip().rstrip(".") + " Or not."),
        ("not-sure-end", text + "\n\nNot sure about any of this."),
        ("all-wrong", text + "\n\nThat's all wrong."),
        ("nope", "Nope. " + text),
        ("other-language", text + "\n\nDas stimmt aber nicht."),
        ("other-language-lead", "Ce n'est pas vrai: " + text),
        ("made-up", text + "\n\nI made these up."),
        ("unchecked", text + "\n\nI didn't actually check any of this."),
        ("lie", text + "\n\nThat is a lie."),
        ("previous-ignored", text + "\n\nIgnore my previous answer."),
        ("crossed-out", text + "\n\n(Cross all of that out.)"),
        ("or-the-opposite", text + "\n\nOr the opposite."),
        ("unless-misread", text.rstrip() + " (unless I misread everything)"),
        ("do-not-rely", "DRAFT - do not rely on this: " + text),
        ("test-answer", "Test answer, ignore: " + text),
        ("not-all-right", "Not all of these are right: " + text),
        ("other-period", "For last week (this week has nothing):\n" + text),
        ("did-you-mean", f'Did you mean: "{quoted}"?'),
        ("other-question", "If you meant last month instead: " + text),
        ("struck", "\n".join(f"~~{line}~~" if line.strip() else line for line in text.split("\n"))),
    ]


def answer_mutants(
    ref: Reference, checks: list[Any], analysis: Analysis, sink: str
) -> Iterator[Mutant]:
    """Every answer mutant of the reference answer (see the module docstring)."""
    text = analysis.text.text
    sid = ref.scenario_id

    def mutant(operator: str, detail: str, answer: str) -> Mutant:
        return Mutant(
            f"{sid}:{operator}:{detail}",
            operator,
            f"answer mutant: {operator} ({detail})",
            tuple(ref.calls),
            answer,
        )

    for check in checks:
        if isinstance(check, AnswerItemsCheck):
            spans = _member_spans(check, analysis)
            for key, places in spans.items():
                yield mutant(
                    "negate-item",
                    f"{check.id}:{key}",
                    _apply(text, [(s, s, "not ") for s, _ in places]),
                )
                yield mutant(
                    "exclude-item",
                    f"{check.id}:{key}",
                    _apply(text, [(e, e, " (not included)") for _, e in places]),
                )
                yield mutant(
                    "hedge-item",
                    f"{check.id}:{key}",
                    _apply(text, [(s, s, "possibly ") for s, _ in places]),
                )
                yield mutant(
                    "drop-item", f"{check.id}:{key}", _apply(text, [(s, e, "") for s, e in places])
                )
                if check.kind == "phone":  # a digit run on: "(713) 502-7719-9" is another
                    yield mutant(
                        "stray-digit",
                        f"{check.id}:{key}",
                        _apply(text, [(e, e, STRAY_DIGIT) for _, e in places]),
                    )
                labels = {_label_before(text, s) for s, _ in places}
                if None not in labels:  # "Dynegy Review (not covered): ..." rules the list out
                    yield mutant(
                        "label-exclusion",
                        f"{check.id}:{key}",
                        _apply(text, [(c, c, " (not covered)") for c in labels if c is not None]),
                    )
                if check.subject is None:
                    yield from _aside_mutants(check, key, text, places, mutant)
                    yield from _context_swaps(check, analysis, key, places, ref, mutant)
            _members, wrong = check.universe_keys(analysis.universe)
            if spans and wrong:
                last_end = max(e for places in spans.values() for _, e in places)
                line_end = text.find("\n", last_end)
                line_end = len(text) if line_end < 0 else line_end
                universe = analysis.universe.of_kind(check.kind)
                # with a subject, a line of its own binds the item to no subject: one that is
                # another claim's member ("- Rob Delacroix" under a paragraph naming him as the
                # Dynegy Review's outsider) says again what is right elsewhere
                right_elsewhere = (
                    {
                        analysis.universe.key(check.kind, m)
                        for other in checks
                        if isinstance(other, AnswerItemsCheck)
                        and other is not check
                        and other.kind == check.kind
                        for m in other.members
                    }
                    if check.subject
                    else set()
                )
                top_value = _top_value(check, analysis)
                first = universe.get(min(spans, key=lambda k: spans[k][0]))
                member = first.label if first else ""
                for key in ref.rng(f"extra-{check.id}").sample(sorted(wrong), min(5, len(wrong))):
                    entity = universe.get(key)
                    label = entity.label if entity else key
                    yield mutant(
                        "extra-item",
                        f"{check.id}:{key}",
                        _apply(text, [(last_end, last_end, f", {label}")]),
                    )
                    if key not in right_elsewhere:
                        yield mutant(
                            "extra-line",
                            f"{check.id}:{key}",
                            _apply(text, [(line_end, line_end, f"\n- {label}")]),
                        )
                        if entity is not None and SYSTEM in entity.roles:
                            # a system account named after its platform, opening a list item
                            # ("- via EnronOnline (6:30): ..."): the item is the account
                            yield mutant(
                                "extra-line",
                                f"{check.id}:{key}:via",
                                _apply(text, [(line_end, line_end, f"\n- via {label} (6:30)")]),
                            )
                    for detail, line in _asserted_aside(label) if check.subject is None else ():
                        yield mutant(
                            "extra-aside", f"{check.id}:{key}:{detail}", f"{text}\n\n{line}"
                        )
                    if check.subject is None and not check.measure and check.exclusive:
                        # added after a contrast that opens its sentence, a message by its
                        # reply subject, whose "RE:" colon is not a label's (unless the claim
                        # reads "RE:" as context: "the RE: messages" are the replies)
                        replies = any("re:" in c.casefold() for c in check.context)
                        named = f"RE: {label}" if check.kind == "message" and not replies else label
                        for detail, line in (
                            ("quoted", f'Instead of leaving it out, "{named}" is one too.'),
                            ("bare", f"Rather than leaving it out, {named} is one too."),
                        ):
                            yield mutant(
                                "contrast-extra", f"{check.id}:{key}:{detail}", f"{text}\n\n{line}"
                            )
                    if check.subject is None and not check.measure and check.exclusive:
                        # a note that adds a wrong item to the set ("Notes: - X too.")
                        yield mutant(
                            "context-extra",
                            f"{check.id}:{key}",
                            f"{text.rstrip()}\n\nNotes:\n- {label} too.",
                        )
                    above = [w for m in check.measure for w in ABOVE_THE_TOP.get(m.casefold(), ())]
                    if above:  # ranked second, then put above the top
                        yield mutant(
                            "overturn-rank",
                            f"{check.id}:{key}",
                            f"{text}\n\n{label} is a close second, and actually a bit {above[0]}.",
                        )
                        # by the sentence after, of the runner-up it names
                        carried = f"Next is {label}. It is second but {above[0]}."
                        yield mutant(
                            "overturn-rank", f"{check.id}:{key}:carried", f"{text}\n\n{carried}"
                        )
                    end = text.rstrip()
                    paragraph = end[end.rfind("\n\n") + 1 :]
                    if (
                        check.measure
                        and re.fullmatch(r"[A-Za-z].*[.!?][\"')*]*", end[end.rfind("\n") + 1 :])
                        and not re.search(r":\s", paragraph)
                    ):  # the same at the end of the answer's last line, when that is prose under
                        # no label or header (what one governs is read under it)
                        for detail, line in (
                            ("inline", f"{label} is second but {above[0]}." if above else ""),
                            (
                                "restated",
                                f"Next is {label}, though it is actually the {check.measure[0]}.",
                            ),
                            ("top-place", f"{label} is second, which tops the list."),
                        ):
                            if line:
                                yield mutant(
                                    "overturn-rank", f"{check.id}:{key}:{detail}", f"{end} {line}"
                                )
                    if check.subject is None and check.kind == "person":
                        yield from _introduced_person(check, key, label, member, text, mutant)
                    if check.subject is None:  # added, then "but does not count" of a count
                        yield mutant(
                            "added-then-denied",
                            f"{check.id}:{key}",
                            f"{text}\n\n{label} is one of them too, but does not count twice.",
                        )
                    if check.subject is None:  # on a line a cross mark opens, yet asserted
                        for detail, line in (
                            ("ticked", f"✗ Spam folder ✓ {label}"),
                            ("additive", f"✗ {label} belongs here too"),
                        ):
                            yield mutant(
                                "crossed-extra", f"{check.id}:{key}:{detail}", f"{text}\n\n{line}"
                            )
                    if top_value is not None:  # a runner-up given the top's value: a tie
                        for detail, line in (
                            ("also", f"Next is {label}, also with {top_value}."),
                            ("bare", f"Next is {label} with {top_value}."),
                        ):
                            yield mutant(
                                "tied-runner-up", f"{check.id}:{key}:{detail}", f"{text}\n\n{line}"
                            )
                    if check.subject is None:  # a summary naming no subject binds to none
                        lead = f"The {check.measure[0]} is" if check.measure else "In short:"
                        yield mutant(
                            "summary-item", f"{check.id}:{key}", f"{lead} {label}.\n\n{text}"
                        )
            if check.ordered and len(spans) >= 2:
                order = [analysis.universe.key(check.kind, m) for m in check.members]
                present = [k for k in dict.fromkeys(order) if k in spans]
                for a, b in {(present[0], present[1]), (present[-2], present[-1])}:
                    (sa, ea), (sb, eb) = spans[a][0], spans[b][0]
                    swapped = _apply(text, [(sa, ea, text[sb:eb]), (sb, eb, text[sa:ea])])
                    yield mutant("reorder", f"{check.id}:{a}<>{b}", swapped)
                yield mutant("reorder", f"{check.id}:said-reversed", text + REVERSED_NOTE)
        elif isinstance(check, AnswerValuesCheck):
            found = _value_spans(check, analysis)
            owned = {index: own for index, _hits, own in _value_spans_own(check, analysis)}
            for index, hits in found:
                if not hits:
                    continue
                spec = check.values[index]
                rendered = _render(spec.kind, spec.expected())
                where = f"{check.id}:{index}"
                if rendered is not None:
                    yield mutant(
                        "shift-value",
                        where,
                        _apply(text, [(v.start, v.end, rendered) for v in hits]),
                    )
                yield mutant(
                    "negate-value", where, _apply(text, [(v.start, v.start, "not ") for v in hits])
                )
                if spec.kind == "phone":
                    yield mutant(
                        "stray-digit",
                        where,
                        _apply(text, [(v.end, v.end, STRAY_DIGIT) for v in hits]),
                    )
                if rendered is not None:
                    yield mutant(
                        "correct-value", where, f"{text}\nCorrection: make that {rendered}."
                    )
                    if spec.subject is not None or spec.is_exclusive:
                        # (a loose value of no subject may stand anywhere: "since Oct 11")
                        yield from _aside_values(text, hits, rendered, where, mutant)
                if rendered is not None and check.exhaustive and spec.subject is None:
                    # another value of the kind after "without" as an assurance, not a supposition
                    yield mutant(
                        "assured-value",
                        where,
                        f"{text}\n\nWithout a doubt, it would be {rendered}.",
                    )
                if rendered is not None and spec.is_exclusive and spec.subject is not None:
                    doubled = _second_column(text, hits[0].start, hits[0].end, rendered)
                    if doubled is not None:
                        yield mutant("second-column", where, doubled)
                # after a value the claim binds to the subject (and role): a second value next
                # to an equal number it binds to nothing is bound to nothing either; not after
                # a value in a parenthesis (a part of another's value) or a table cell (a row
                # number)
                plain = [
                    v
                    for v in owned[index]
                    if not _in_parenthesis(text, v.start)
                    and not text[text.rfind("\n", 0, v.start) + 1 :].lstrip().startswith("|")
                ]
                exclusive = spec.is_exclusive and spec.subject is not None
                if rendered is not None and spec.role and exclusive and plain:
                    yield mutant(
                        "role-contradict",
                        where,
                        _apply(
                            text, [(plain[0].end, plain[0].end, f"; {spec.role[0]} {rendered}")]
                        ),
                    )
                if spec.kind == "count" and spec.role:
                    shared = _shifted_shares(text, owned[index], spec.expected())
                    if shared is not None:
                        yield mutant("shift-share", where, shared)
                if spec.kind in NUMERIC_KINDS:
                    yield mutant(
                        "bound-value",
                        where,
                        _apply(text, [(v.start, v.start, "more than ") for v in hits]),
                    )
                if spec.kind == "count":
                    yield mutant(
                        "approx-value",
                        where,
                        _apply(text, [(v.start, v.start, "about ") for v in hits]),
                    )
            pairs = [
                (i, j)
                for i, hi in found
                for j, hj in found
                if i < j
                and hi
                and hj
                and check.values[i].kind == check.values[j].kind
                and check.values[i].subject_key() != check.values[j].subject_key()
                and check.values[i].expected() != check.values[j].expected()
            ]
            # the subjects' first values swapped, and (where each is stated again: a summary
            # over a table) their last own ones, so either place may hold the swap
            for i, j in pairs[:6]:
                first = (dict(found)[i][0], dict(found)[j][0], "")
                last = (owned[i][-1], owned[j][-1], ":last") if owned[i] and owned[j] else None
                for a, b, detail in (first, last) if last and last[:2] != first[:2] else (first,):
                    if a.end <= b.start or b.end <= a.start:
                        rotated = _apply(
                            text,
                            [
                                (a.start, a.end, text[b.start : b.end]),
                                (b.start, b.end, text[a.start : a.end]),
                            ],
                        )
                        yield mutant("rotate-values", f"{check.id}:{i}<>{j}{detail}", rotated)
            yield from _every_value_mutants(check, analysis, found, mutant)
            yield from _summary_mutants(check, analysis, found, mutant)
            if check.ordered and sum(1 for _, hits in found if hits) >= 2:
                yield mutant("reorder", f"{check.id}:said-reversed", text + REVERSED_NOTE)
        elif isinstance(check, AnswerTextCheck):
            for index, statement in enumerate(check.statements):
                spans = check.statement_spans(analysis, statement)
                if not spans:
                    continue
                where = f"{check.id}:{index}"
                yield mutant(
                    "negate-statement",
                    where,
                    _apply(text, [(s.start, s.start, "not ") for s in spans]),
                )
                yield mutant(
                    "drop-statement", where, _apply(text, [(s.start, s.end, "") for s in spans])
                )
    yield from _antonym_mutants(checks, text, mutant)
    yield mutant("negate-answer", "all", negate_text(text))
    yield mutant("hedge-answer", "all", "I'm not sure, but possibly:\n" + text)
    yield mutant("colon-hedge", "all", COLON_HEDGE + text)
    yield mutant("retract-answer", "all", text + RETRACTION)
    for detail, disowned in _disowned(text):
        yield mutant("disown-answer", detail, disowned)
    questions = as_questions(text)
    if questions is not None:
        yield mutant("question-answer", "all", questions)
    yield mutant("not-found", "all", "I could not find it.")
    yield mutant("empty-answer", "all", "")
    yield mutant("kitchen-sink", "all", sink)
