"""Text that takes itself back: a note, body or description whose own words withdraw it.

"Sorry, please disregard everything above", "scratch that", "none of this is true" withdraw
whatever a text said, and a text in which every sentence opens by denying itself ("It is
not true that I have to decline.") states nothing either. Such a text satisfies no claim and
is no note at all, even where a note is optional. "Ignore this email if Tanya already
confirmed" and "if you already sent it, please ignore this" are conditions, not retractions. An item's own description that calls the item
off ("this is cancelled", "not happening") withdraws the item it describes.
"""

from __future__ import annotations

import re

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
    r"|(?:retract|withdraw)\s+(?:this|that|everything|the\s+above|my\s+(?:message|email)))\b",
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


def _sentence_around(text: str, start: int, end: int) -> str:
    left = max(text.rfind(c, 0, start) for c in ".!?\n")
    rights = [i for i in (text.find(c, end) for c in ".!?\n") if i >= 0]
    return text[left + 1 : min(rights) if rights else len(text)]


def takes_back(text: str) -> str | None:
    """The words with which a text withdraws what it says, if it does."""
    for match in _RETRACTION.finditer(text):
        if not _CONDITION.search(_sentence_around(text, match.start(), match.end())):
            return match.group(0)
    sentences = [s for s in _SENTENCES.split(text.strip()) if re.search(r"\w", s)]
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
