"""Session 30's honest shapes (fair3): correct answers as honest solvers wrote them, each with
wrong twins of the same shape that must still fail. A file of its own so that the fairness
engineers' tests do not collide; the helpers are tests/test_claims_fairness*.py's."""

from __future__ import annotations

from tests.test_claims_fairness_fair_a import passes_and_twins_fail

F110 = (
    'Two rules are switched on, in this run order: 1) "Tag EnronOnline notices", which tags mail '
    'from enrononline@enron.com with Trading, and 2) "Flag Skilling mail", which marks mail from '
    'jeff.skilling@enron.com as high importance. "Old Calpine tickets" comes first in the order '
    "but is disabled."
)


def test_but_and_a_copula_before_a_ruling_word_elide_the_subject_before():
    """OB-F110 (wren): in "X comes first in the order but is disabled" the clause after "but is"
    has X as its subject, as after a bare "but": the ruling word reaches back to X."""
    passes_and_twins_fail(
        "OB-F110",
        "enabled-rules",
        F110,
        {
            "but is disabled.": ["but is enabled.", "and is also on.", "and is on."],
            '"Old Calpine tickets" comes first in the order but is disabled.': [
                '"Old Calpine tickets" is also on.'
            ],
            ", which marks mail from jeff.skilling@enron.com as high importance": [
                " runs second but is disabled"
            ],
        },
    )
