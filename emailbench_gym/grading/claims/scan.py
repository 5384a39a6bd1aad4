"""Faster scanning with the recognizers' regular expressions, same matches.

Python's regex engine tries a pattern at every position of the text. A recognizer that
opens with a lookbehind and a long alternation (number words, units, months) spends most of
an answer's scan trying alternatives at positions where no match can start. `anchored`
works out, from the parsed pattern, the characters a match can start with and puts a
lookahead for them in front: a position is then rejected at its first character, and every
match (its span and groups) stays the same. A pattern whose first character cannot be
bounded (it may start with anything, match empty, or turns flags on inside) is returned as
is; a part that turns case folding off ("(?-i:May)") adds its first characters as the whole
pattern reads them (a lookahead that lets through more positions, never fewer).
"""

from __future__ import annotations

import re
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser as parser  # type: ignore[attr-defined]

#: Character-class escapes for the categories a class may hold.
_CATEGORIES = {
    c.CATEGORY_DIGIT: r"\d",
    c.CATEGORY_WORD: r"\w",
    c.CATEGORY_SPACE: r"\s",
}
_ZERO_WIDTH = {c.AT, c.ASSERT, c.ASSERT_NOT}


def _char(code: int) -> str:
    return f"\\U{code:08x}"


def _first(items: list) -> tuple[set[str], bool] | None:
    """(class members a match of the sequence can start with, whether it can match empty)."""
    found: set[str] = set()
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue
        if op is c.LITERAL:
            return found | {_char(av)}, False
        if op is c.IN:
            members = set()
            for kind, value in av:
                if kind is c.LITERAL:
                    members.add(_char(value))
                elif kind is c.RANGE:
                    members.add(f"{_char(value[0])}-{_char(value[1])}")
                elif kind is c.CATEGORY and value in _CATEGORIES:
                    members.add(_CATEGORIES[value])
                else:  # a negated class or category: anything may start it
                    return None
            return found | members, False
        if op is c.SUBPATTERN:
            _group, add_flags, del_flags, inner = av
            if add_flags or del_flags & ~re.IGNORECASE:
                return None  # (?-i:...) stays: its members, read case-insensitively, are more
            sub = _first(list(inner))
        elif op is c.ATOMIC_GROUP:
            sub = _first(list(av))
        elif op is c.BRANCH:
            sub = (set(), False)
            for branch in av[1]:
                one = _first(list(branch))
                if one is None:
                    return None
                sub = (sub[0] | one[0], sub[1] or one[1])
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            low, _high, inner = av
            sub = _first(list(inner))
            if sub is not None and low == 0:
                sub = (sub[0], True)
        else:  # any character, a group reference, a conditional
            return None
        if sub is None:
            return None
        found |= sub[0]
        if not sub[1]:
            return found, False
    return found, True


def anchored(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """`pattern` with a lookahead for the characters its matches start with (same matches)."""
    first = _first(list(parser.parse(pattern.pattern, pattern.flags)))
    if first is None or first[1] or not first[0]:
        return pattern
    lookahead = "(?=[" + "".join(sorted(first[0])) + "])"
    return re.compile(f"{lookahead}(?:{pattern.pattern})", pattern.flags)
