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


B103 = (
    "Priya Raman is assigned to 3 cards across your two boards. Only one is not done: "
    '"Refresh VaR limits for gas and power desks" (Q4 Risk Review, In Progress, due Oct 26, '
    "2001, 5:00 PM); the Q3 credit reserve true-up and the Calpine ISDA sign-off are both Done."
)


def test_a_floated_both_over_an_unnamed_subject_is_no_pronoun():
    """OB-B103 (wren): "the Q3 true-up and the ISDA sign-off are both Done" says Done of its own
    subject, as "are all Done" does; "both" does not point back to the open card named before.
    Over a pronoun ("it and ... are both Done") it still does."""
    tail = "the Q3 credit reserve true-up and the Calpine ISDA sign-off are both Done."
    passes_and_twins_fail(
        "OB-B103",
        "open-cards",
        B103,
        {
            "Only one is not done:": ["Only one is done:", "Only one is finished:"],
            tail: [
                "it and the Q3 credit reserve true-up are both Done.",
                "they are both Done.",
                "it is Done.",
                '"Close out Q3 credit reserve true-up" is not done either.',
                '"Calpine ISDA amendment credit sign-off" and "Close out Q3 credit reserve '
                'true-up" are both still open.',
            ],
        },
    )
