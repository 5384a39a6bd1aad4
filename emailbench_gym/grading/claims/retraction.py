"""Text that takes itself back: a note, body or description whose own words withdraw it.

"Sorry, please disregard everything above", "scratch that", "none of this is true" withdraw
whatever a text said; "Actually, make that Friday at 15:00 instead" or "Correction: ..."
amends it in place (a message or answer is written once, so what it said before no longer
stands); a last sentence that hedges or denies the whole ("Or not.", "Maybe.", "Dunno.",
"That's all wrong.") leaves it unsaid; and a text in which every sentence opens by denying itself ("It is not true that I
have to decline.") states nothing either. Such a text satisfies no claim and is no note at
all, even where a note is optional. "Ignore this email if Tanya already confirmed" and "if
you already sent it, please ignore this" are conditions, not retractions. An item's own
description that calls the item off ("this is cancelled", "not happening") withdraws the
item it describes.
"""

from __future__ import annotations

import bisect
import re

from emailbench_gym.grading.claims.scan import anchored

_RETRACTION = re.compile(
    r"\b(?:disregard|ignore)\s+(?:everything|all(?:\s+of)?|what\s+i\s+(?:said|wrote))\s+"
    r"(?:above|(?:of\s+)?th(?:is|at)|(?:of\s+)?the\s+above)"
    r"|\b(?:disregard|ignore)\s+(?:the\s+above|this\s+(?:message|email|e-mail|note|invite"
    r"|invitation|description|reminder|task|to-do|item|entry))\b(?!\s+if\b)"
    r"|\b(?:disregard|ignore)\s+this\s*(?=[.;:!,\n]|$)"
    r"|\bscratch\s+(?:that|all\s+(?:of\s+)?that|everything)\b"
    r"|\bnone\s+of\s+(?:this|that|it|the\s+above)\s+(?:is|was)\s+(?:true|happening|real|correct)"
    r"|\b(?:it|this|that)\s+(?:was|is)\s+all\s+a\s+mistake"
    r"|\bi\s+(?:take\s+(?:it|that|this|everything)\s+back"
    r"|(?:retract|withdraw)\s+(?:this|that|everything|the\s+above|my\s+(?:message|email)))\b"
    r"|\b(?:just|i['’]?m|i\s+am|only)\s+(?:kidding|joking)\b|\bj/k\b"
    # "that is not true" / "that is false" in the languages an answer may slip into
    r"|\b(?:das\s+)?stimmt\s+(?:aber\s+|alles\s+)?nicht\b|\b(?:das\s+)?ist\s+(?:alles\s+)?falsch\b"
    r"|\bn['’]est\s+pas\s+vrai\b|\bc['’]est\s+(?:tout\s+)?faux\b|\bno\s+es\s+(?:verdad|cierto)\b"
    r"|\bes\s+(?:todo\s+)?falso\b|\bn[ãa]o\s+[ée]\s+verdade\b|\bnon\s+[èe]\s+vero\b|\bniet\s+waar\b"
    r"|(?<!don['’]t\s)(?<!not\s)\bforget\s+(?:what\s+i\s+(?:said|wrote)|(?:all\s+(?:of\s+)?"
    r"|everything\s+)?(?:this|that|the\s+above|about\s+(?:it|this|that)|it)\s*(?=[.!;,\n]|$))"
    r"|\bnever\s*mind\s*(?=[.!;\n]|$)"
    r"|\bsent\s+(?:this\s+|it\s+)?(?:to\s+the\s+wrong\s+(?:person|people|address)|in\s+error"
    r"|by\s+(?:mistake|accident))|\bnot\s+meant\s+for\s+you\b"
    r"|\bplease\s+delete\s+(?:this|it)(?:\s+(?:message|email|e-mail|note))?\s*(?=[.!;\n]|$)"
    r"|\b(?:(?:all|each|every\s+word)\s+of\s+(?:the\s+above|this|that|it)|everything\s+above"
    r"|the\s+above|th(?:is|at)\s+(?:list|answer))\s+(?:is|was|are|were)\s+(?:all\s+)?"
    r"(?:false|wrong|incorrect|untrue|made\s+up|invented|fake|a\s+joke|outdated|out\s+of\s+date"
    r"|old\s+data|last\s+(?:week|month|year)['’]s)"
    r"|\b(?:that|this|the\s+above)\s+(?:was|is)\s+(?:all\s+)?(?:last\s+(?:week|month|year)['’]s"
    r"|(?:from\s+)?(?:an?\s+)?(?:old|outdated|stale|fake|made[- ]up|invented|hypothetical)"
    r"|just\s+an?\s+example)\b"
    r"|\bthe\s+opposite\s+of\s+(?:this|that|it|the\s+following|the\s+above|what\s+i\s+(?:said|wrote))"
    r"\s+is\s+true"
    r"|\b(?:but|now|actually|this\s+year|today)\s*,?\s+(?:i\s+found\s+nothing|there\s+(?:is|are)"
    r"\s+none|it['’]?s\s+none|none\s+(?:of\s+them\s+)?(?:apply|count|qualify))\s*(?=[.!;)]|$)"
    # made up, unchecked, a lie, stale, someone else's, struck out or undone as a whole
    r"|\bi\s+made\s+(?:this|these|that|it|them|all\s+(?:of\s+)?(?:this|it|them|that))\s+up\b"
    r"|\bi\s+(?:didn['’]?t|did\s+not|haven['’]?t|have\s+not)\s+(?:actually\s+|really\s+)?"
    r"(?:check(?:ed)?|verif(?:y|ied)|look(?:ed)?\s+(?:at|up))\s+(?:any\s+of\s+(?:this|it|that|these"
    r"|the\s+above)|(?:this|these|the\s+above)\s+at\s+all)\b"
    r"|\b(?:that|this|it|the\s+above)(?:\s+is|['’]s|\s+was)\s+(?:all\s+)?(?:a\s+)?(?:lie|lies|fiction"
    r"|fake|bogus|nonsense|made\s+up)\b|\ball\s+lies\b"
    r"|\b(?:ignore|disregard|forget)\s+(?:my|the)\s+(?:previous|last|above|earlier)\s+(?:answer"
    r"|message|reply|email|response|note)\b"
    r"|\bcross\s+(?:all\s+(?:of\s+)?)?(?:that|this|it|the\s+above)\s+out\b"
    r"|\bundo\s+(?:all\s+(?:of\s+)?)?(?:that|this)\s*(?=[.!;)\n]|$)"
    r"|\b(?:do\s+not|don['’]t)\s+rely\s+on\s+(?:this|it|any\s+of\s+(?:this|it)|the\s+above)\b"
    r"|\b(?:it|this|that|everything)\s+has\s+(?:all\s+)?changed\s+since\b"
    r"|\b(?:for|from)\s+(?:\w+['’]s|someone\s+else['’]s|another)\s+(?:mailbox|inbox|calendar|account"
    r"|person),?\s+not\s+(?:yours|you)\b"
    r"|\b(?:placeholder|dummy|fake)\s+(?:answer|reply|response)\b",
    re.I,
)
#: A text correcting itself ("Actually, make that Friday at 15:00 instead."): what it said
#: before is withdrawn; mail and answers are written once, not amended in place.
_SELF_CORRECTION = re.compile(
    r"\bactually,?\s+(?:make|change)\s+(?:that|it)\b"
    r"|\bcorrection\s*:|\bon\s+second\s+thought\b|\blet\s+me\s+correct\b",
    re.I,
)
#: "make that ... instead" within one sentence: found from one scan for each end
#: (`_make_that_instead`), not by a pattern that runs to the sentence's end from every
#: "make that" (quadratic: 245 ms over 8,000 characters of "make that").
_MAKE_THAT = re.compile(r"\bmake\s+that\b", re.I)
_INSTEAD = re.compile(r"\binstead\b", re.I)
_SENTENCE_END = re.compile(r"[.?!\n]")
#: A last sentence that hedges or denies the whole text ("Or not.", "Maybe.", "Dunno.",
#: "Not sure about any of this.", "That's all wrong.").
_WHOLE_HEDGE = re.compile(
    r"^\W*(?:but\s+|then\s+again,?\s+)?(?:or\s+(?:maybe\s+)?not|maybe(?:\s+not)?|perhaps(?:\s+not)?"
    r"|possibly(?:\s+not)?|probably\s+not|dunno|who\s+knows|no\s+idea|i\s+(?:don['’]?t|do\s+not)\s+know"
    r"|(?:i['’]?m\s+)?not\s+(?:sure|certain)(?:\s+about\s+(?:any\s+of\s+)?(?:this|that|it|these|the\s+above))?"
    r"|i\s+(?:could|might|may)\s+be\s+wrong|(?:that['’]?s|this\s+is|it['’]?s)\s+(?:all\s+)?(?:wrong|false"
    r"|incorrect|not\s+(?:true|right|correct))"
    r"|tentative(?:ly)?|provisional(?:ly)?|or\s+(?:the|its)\s+opposite|or\s+(?:possibly\s+|maybe\s+|perhaps\s+)?none(?:\s+of\s+(?:them|it|these"
    r"|this))?|yeah,?\s+right|as\s+if|i\s+doubt\s+(?:it|that|this)(?:,?\s+though)?"
    r"|(?:(?:it['’]?s|this\s+is|that['’]?s)\s+)?(?:probably|likely|almost\s+certainly)\s+(?:wrong|false"
    r"|incorrect)(?:,?\s+though)?|(?:this|it)\s+(?:might|may|could)\s+(?:all\s+)?be\s+wrong"
    r"|\(?\s*(?:unless|if)\s+i\s+(?:misread|misunderstood|got)\b[^)]*\)?)\W*$",
    re.I,
)
#: A sentence that opens by denying itself ("It is not true that ...", "It's false that ...").
_DENIED_SENTENCE = re.compile(
    r"^\W*it(?:\s+is|['’]s)\s+(?:not\s+true|not\s+the\s+case|false|untrue)\s+that\b", re.I
)
#: An item's description calling the item itself off.
_CALLED_OFF = re.compile(
    r"\b(?:it|this)(?:\s+(?:event|meeting|task|to-do|item|one))?\s+(?:is|has\s+been)\s+"
    r"(?:now\s+)?(?:cancell?ed|called\s+off|void)\b"
    r"|\b(?:is|it['’]s|this\s+is)\s+not\s+(?:happening|going\s+ahead|real)\b",
    re.I,
)
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
#: Words that make a retraction conditional ("ignore this if you already replied").
_CONDITION = re.compile(r"\b(?:if|unless|in\s+case|otherwise)\b", re.I)
#: The two long patterns, scanned with a lookahead for the characters their matches start with
#: (`scan.anchored`): the same matches, about 2.5 times faster over a long text.
_RETRACTION_SCAN, _SELF_CORRECTION_SCAN = anchored(_RETRACTION), anchored(_SELF_CORRECTION)


#: Where a capitalised tail may start without punctuation before it: after a closing bracket or a
#: word, a quote, a table's last bar or bold ("... unread (3 of 5) Or not.", "... | **five** |
#: Or not."), not after a label's colon or dash.
_TAIL_START = re.compile(r"(?<=[\w)\]%'\"’”|*])\s+(?=[A-Z])")


#: A parenthesis closing the text, and the hedges in one that belong to the last item only
#: ("..., Tanya Ortiz (maybe)").
_CLOSING_ASIDE = re.compile(r"\(([^()\n]+)\)\W*$")
_ITEM_HEDGE = re.compile(
    r"^\W*(?:maybe|perhaps|possibly|probably(?:\s+not)?|not\s+sure|unsure|tentative|tbc|tbd|dunno"
    r"|who\s+knows|no\s+idea|i\s+(?:don['’]?t|do\s+not)\s+know)\W*$",
    re.I,
)


def _unpunctuated_tail_hedge(sentence: str) -> str | None:
    """A whole-text hedge run on after the last item without a full stop ("(3 of 5) Or not.")."""
    for start in _TAIL_START.finditer(sentence):
        tail = sentence[start.end() :]
        if _WHOLE_HEDGE.match(tail):
            return tail.strip()
    return None


def _sentence_around(text: str, start: int, end: int) -> str:
    """The sentence a retraction stands in, where a condition would make it conditional; it ends
    at a colon after the retraction too: what follows a lead-in ("Ce n'est pas vrai: **Which
    emails would the rule catch if they came in again?**") is what it disowns, not its condition."""
    left = max(text.rfind(c, 0, start) for c in ".!?\n")
    rights = [i for i in (text.find(c, end) for c in ".!?\n:") if i >= 0]
    return text[left + 1 : min(rights) if rights else len(text)]


def _make_that_instead(text: str) -> tuple[int, int] | None:
    """The span from the first "make that" with an "instead" later in its sentence to the last
    such "instead" (the leftmost, greedy match of "make that", any text without a sentence end,
    "instead"), in linear time."""
    insteads = [m.start() for m in _INSTEAD.finditer(text)]
    if not insteads:
        return None
    ends = [m.start() for m in _SENTENCE_END.finditer(text)]
    for make in _MAKE_THAT.finditer(text):
        k = bisect.bisect_left(ends, make.end())
        end = ends[k] if k < len(ends) else len(text)
        last = bisect.bisect_left(insteads, end) - 1  # the last "instead" before the end
        if last >= 0 and insteads[last] >= make.end():
            return make.start(), insteads[last] + len("instead")
    return None


def _self_correction(text: str) -> str | None:
    """The first words with which a text corrects itself (`_SELF_CORRECTION`, "make that ...
    instead")."""
    found = _SELF_CORRECTION_SCAN.search(text)
    span = _make_that_instead(text)
    if span is not None and (found is None or span[0] < found.start()):
        return text[span[0] : span[1]]
    return found.group(0) if found else None


def takes_back(text: str) -> str | None:
    """The words with which a text withdraws what it says, if it does (grading keeps the
    readings per scenario context: `ScenarioContext.read_text`)."""
    for match in _RETRACTION_SCAN.finditer(text):
        if not _CONDITION.search(_sentence_around(text, match.start(), match.end())):
            return match.group(0)
    correction = _self_correction(text)
    if correction:
        return correction
    sentences = [s for s in _SENTENCES.split(text.strip()) if re.search(r"\w", s)]
    if len(sentences) > 1 and _WHOLE_HEDGE.match(sentences[-1]):
        return sentences[-1].strip()
    tail = _unpunctuated_tail_hedge(sentences[-1]) if sentences else None
    if tail:
        return tail
    aside = _CLOSING_ASIDE.search(text)  # "... 60% (unless I misread everything)"
    if aside and _WHOLE_HEDGE.match(aside.group(1)) and not _ITEM_HEDGE.match(aside.group(1)):
        return aside.group(0).strip()
    if sentences and all(_DENIED_SENTENCE.match(s) for s in sentences):
        return _DENIED_SENTENCE.match(sentences[0]).group(0).strip()  # type: ignore[union-attr]
    return None


def calls_itself_off(text: str) -> str | None:
    """What withdraws an item's description, or the item it describes ("this is cancelled")."""
    withdrawn = takes_back(text)
    if withdrawn:
        return withdrawn
    match = _CALLED_OFF.search(text)
    return match.group(0) if match else None
