"""What `messages_search` matches, as words, and how those words go into SQLite FTS5.

A query matches a message when every query word is a prefix of some word of the
message's search text (subject, body, sender and To/Cc names and addresses); words are
`\\w+` runs of the casefolded text. The index must agree with that rule exactly, so the
words are cut here, in Python, and handed to FTS5 already split: each word is encoded
into `[a-z0-9_]` (ASCII letters and digits stay, any other character becomes `_` and six
hex digits). The encoding maps characters one to one into a prefix-free code, so "word
starts with term" holds exactly when "encoded word starts with encoded term", and FTS5's
own tokenizer sees nothing it could fold or split differently.

A prefix is looked up in the vocabulary first: a term that starts a few words becomes an
OR of those exact words, which FTS5 merges lazily in rowid (newest-first) order, so the
first page costs the page; a term that starts many words stays an FTS5 prefix query
(served by its prefix indexes for terms of 1 to 3 characters).
"""

from __future__ import annotations

import re
from typing import Any

_WORD = re.compile(r"\w+")
_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def words(text: str) -> list[str]:
    """The casefolded `\\w+` words of `text`, in order."""
    return _WORD.findall(text.casefold())


def message_search_text(message: Any) -> str:
    """What `messages_search` matches against: subject, body, sender and recipients."""
    parts = [message.subject, message.body.content]
    people = [message.from_] if message.from_ else []
    people += message.toRecipients + message.ccRecipients
    for person in people:
        parts += [person.emailAddress.name, person.emailAddress.address]
    return "\n".join(parts)


def indexed_words(message: Any) -> str:
    """The distinct words of a message, each preceded by a newline.

    `"\\n" + term in text` then says "some word starts with term", the same test as the
    index, as one C-level substring search per term (used for a workspace's own changes).
    """
    return "".join(f"\n{w}" for w in dict.fromkeys(words(message_search_text(message))))


def encode(word: str) -> str:
    """A word in the FTS alphabet `[a-z0-9_]`, keeping prefixes (see the module docstring)."""
    if _PLAIN.issuperset(word):
        return word
    return "".join(c if c in _PLAIN else f"_{ord(c):06x}" for c in word)


def encoded_words(message: Any) -> list[str]:
    """The distinct words of a message, encoded for FTS5."""
    return [encode(w) for w in dict.fromkeys(words(message_search_text(message)))]


def word_range(term: str) -> tuple[str, str]:
    """Bounds (inclusive, exclusive) of the encoded words that start with encoded `term`."""
    return term, term + "{"  # "{" sorts after every character of the FTS alphabet
