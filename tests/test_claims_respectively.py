"""Lists paired with "respectively": the first value (or item) belongs to the first subject, the
second to the second, whatever subject is named nearest; a swapped pairing fails."""

from __future__ import annotations

import pytest

from tests.grading_support import passes

KITCHEN, BECK, LAVORATO = (
    "louise.kitchen@enron.com",
    "sally.beck@enron.com",
    "john.lavorato@enron.com",
)
COUNTS = {
    "type": "answer-values",
    "values": [
        {"subject": f"person:{KITCHEN}", "kind": "count", "value": 3},
        {"subject": f"person:{BECK}", "kind": "count", "value": 5},
        {"subject": f"person:{LAVORATO}", "kind": "count", "value": 2},
    ],
}
GUESTS = {
    "type": "answer-items",
    "kind": "person",
    "subject": "event:evt-008",
    "members": ["claire.boudreaux@velaw.com"],
    "candidates": [
        "nathan.pryor@andersen.com",
        "claire.boudreaux@velaw.com",
        "rob.delacroix@dynegy.com",
    ],
}


def graded(spec: dict, answer: str) -> bool:
    return passes(spec, calls=[], answer=answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Louise Kitchen, Sally Beck and John Lavorato sent 3, 5 and 2 emails, respectively.",
        "3, 5 and 2 emails came from Louise Kitchen, Sally Beck and John Lavorato respectively.",
        "Louise Kitchen, Sally Beck and John Lavorato sent you mail this week. They sent three, "
        "five and two emails, respectively.",
        "Louise Kitchen sent 3 emails, Sally Beck 5 and John Lavorato 2.",
    ],
)
def test_values_paired_in_order_are_bound_to_their_own_subjects(answer):
    assert graded(COUNTS, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Louise Kitchen, Sally Beck and John Lavorato sent 5, 3 and 2 emails, respectively.",
        "2, 5 and 3 emails came from Louise Kitchen, Sally Beck and John Lavorato respectively.",
        "Louise Kitchen, Sally Beck and John Lavorato sent 3, 5 and 2 emails.",  # no pairing
    ],
)
def test_values_paired_in_the_wrong_order_or_not_paired_fail(answer):
    assert not graded(COUNTS, answer)


def test_items_paired_with_subjects_in_order():
    """ "Three meetings: A, B and C. Their guests are X, Y and Z, respectively." gives Y for B."""
    meetings = (
        "Three meetings have an outside guest: the Raptor Restructuring Update, the FERC Review "
        "and the Dynegy Review. Their outside guests are {guests}, respectively."
    )
    right = "Nathan Pryor (Arthur Andersen LLP), Claire Boudreaux (Vinson & Elkins LLP) and Rob Delacroix"
    swapped = "Claire Boudreaux (Vinson & Elkins LLP), Nathan Pryor (Arthur Andersen LLP) and Rob Delacroix"
    assert graded(GUESTS, meetings.format(guests=right))
    assert not graded(GUESTS, meetings.format(guests=swapped))
