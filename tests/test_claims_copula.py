"""A context word in a copula's subject reaches the item the copula names, however long the
subject ("the only other meeting on your calendar today is X"): kite's OB-R101."""

from __future__ import annotations

from tests.test_claims_fairness_fair_a import passes_and_twins_fail

R101 = (
    "Your first meeting today is the Risk Desk Stand-up, which starts at ten in the morning and "
    "runs until ten thirty in the E B twenty-eight oh one Conference Room. After that, the only "
    "other meeting on your calendar today is Jeff's Q3 Earnings Release Prep, from two until "
    "three thirty this afternoon."
)


def test_the_other_meeting_named_after_a_long_subject_is_context() -> None:
    passes_and_twins_fail(
        "OB-R101",
        "first-meeting",
        R101,
        {
            # the later meeting given as the first; the context word taken away; a comma
            # between the word and the verb ends its reach
            "Your first meeting today is the Risk Desk Stand-up": [
                "Your first meeting today is the Q3 Earnings Release Prep"
            ],
            "the only other meeting on your calendar today is": [
                "the first meeting on your calendar today is",
                "the only other meeting on your calendar today, the first, is",
            ],
        },
    )
