"""A claim's `cutoff` ("people with >50% unread": percent gt 50): a non-member the answer gives
only values on the wrong side of it, in a prose sentence naming no member, falls short and is
named as context ("Steven Kean ... are each at 1 of 3 (33.3%)"). And "all read" also reads
with the verb first ("You have read every email from Priya Raman"). Wrong twins: a value past
the cutoff, a non-member listed as a member, fail."""

from __future__ import annotations

from emailbench_gym.grading.checks.answer import Cutoff
from tests.grading_support import make_scenario, outcome, play
from tests.test_claims_fairness_fair_a import passes_and_twins_fail

# finch's OB-H312 answer (honest solver), checked by hand against the corpus
H312 = (
    "Hi Dana,\n\nI went through all 50 emails you have received (they are all in your Inbox) and "
    "worked out an unread rate for each of the 15 senders. 4 of the 15 have more than 50% of "
    "their emails to you still unread. Highest first:\n\n"
    "1. Louise Kitchen: 4 of 5 unread (80%)\n2. Sally Beck: 3 of 4 unread (75%)\n"
    "3. John Lavorato: 2 of 3 unread (66.7%)\n4. Richard Shapiro: 3 of 5 unread (60%)\n\n"
    "Three senders are at exactly 50%, so they fall just short of the cut-off: Jeff Skilling "
    "(2 of 4), Tanya Ortiz (1 of 2) and the automated GasBank mailbox (1 of 2). Steven Kean, "
    "Rob Delacroix and EnronOnline are each at 1 of 3 (33.3%). You have read every email from "
    "Priya Raman (5), Marcus Hale (4), Nathan Pryor (3), Claire Boudreaux (2) and Legal "
    "Tickets (2).\n\nBest, Finch\n"
)


def test_a_value_short_of_the_cutoff_names_its_items_as_context() -> None:
    passes_and_twins_fail(
        "OB-H312",
        "senders-over-half-unread",
        H312,
        {
            "are each at 1 of 3 (33.3%)": ["are each at 2 of 3 (66.7%)", "are each at 60%"],
            "Legal Tickets (2).": [
                "Legal Tickets (2). Claire Boudreaux is at 100% too.",
                "Legal Tickets (2).\n5. Claire Boudreaux: 2 of 2 unread (100%)",
            ],
            "You have read every email from": ["You have 100% unread from"],
        },
    )


def test_without_a_cutoff_the_short_values_are_not_read() -> None:
    spec = {
        "type": "answer-items",
        "kind": "person",
        "ordered": True,
        "members": [
            "louise.kitchen@enron.com",
            "sally.beck@enron.com",
            "john.lavorato@enron.com",
            "richard.shapiro@enron.com",
        ],
        "ruled_out": ["exactly 50%", "all read"],
    }
    cutoff = {"kind": "percent", "op": "gt", "value": 50}
    assert not passes(spec, H312)
    assert passes({**spec, "cutoff": cutoff}, H312)


def passes(spec: dict, answer: str) -> bool:
    """Whether the check passes on a do-nothing episode of the shipped persona."""
    return outcome(play(make_scenario([{**spec, "id": "c"}], calls=[]), [], answer), "c")


def test_a_cutoff_holds_as_its_operator_says() -> None:
    over = Cutoff(kind="percent", op="gt", value=50)
    assert over.holds(50.1) and not over.holds(50)
    assert Cutoff(kind="count", op="lte", value=3).holds(3)
