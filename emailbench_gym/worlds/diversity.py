"""How alike two corpora read: shared subject lines and shared word n-grams of bodies.

Used by the diversity tests and `benchmarks/worlds.py`: two generated worlds should
share almost no subject lines and few body n-grams, and no world should share
8-grams with the shipped persona's mail.
"""

from __future__ import annotations

import re

from emailbench_gym.corpus import Corpus

_PREFIX = re.compile(r"^(?:(?:re|fw|fwd):\s*)+", re.IGNORECASE)
_WORD = re.compile(r"\w+")


def subjects(corpus: Corpus) -> set[str]:
    """Distinct subject lines, without RE:/FW: prefixes, casefolded."""
    return {_PREFIX.sub("", m.subject).strip().casefold() for m in corpus.items("messages")}  # type: ignore[attr-defined]


def ngrams(corpus: Corpus, n: int) -> set[tuple[str, ...]]:
    """Every word n-gram of every message body (casefolded)."""
    found: set[tuple[str, ...]] = set()
    for message in corpus.items("messages"):
        tokens = _WORD.findall(message.body.content.casefold())  # type: ignore[attr-defined]
        found.update(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))
    return found


def jaccard(a: set, b: set) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


def subject_overlap(a: Corpus, b: Corpus) -> float:
    """Jaccard similarity of the two corpora's subject lines (0 = none shared)."""
    return jaccard(subjects(a), subjects(b))


def ngram_overlap(a: Corpus, b: Corpus, n: int = 5) -> float:
    """Jaccard similarity of the two corpora's body n-grams."""
    return jaccard(ngrams(a, n), ngrams(b, n))


def distinct_subject_ratio(corpus: Corpus) -> float:
    """Distinct subject lines per conversation: 1.0 when no two threads share a subject."""
    conversations = {m.conversationId for m in corpus.items("messages")}  # type: ignore[attr-defined]
    return len(subjects(corpus)) / len(conversations)
