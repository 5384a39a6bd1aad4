"""Honest answers of session 7's solvers (aster, bryony, clover) and of the conversational style
(yarrow's mechanisms) read as they are meant, each with wrong twins that must still fail. A file
of its own so that the fairness engineers' tests do not collide; the helpers are
tests/test_claims_fairness.py's. The answers are quoted: /work/solver is not in the repo."""

from __future__ import annotations

from tests.test_claims_fairness import scenario_check


def passes_and_twins_fail(scenario_id: str, check_id: str, answer: str, twins: dict) -> None:
    """The answer passes the check; each twin (a phrase of it replaced) fails it."""
    assert scenario_check(scenario_id, check_id, answer)
    for old, news in twins.items():
        assert old in answer, old
        for new in news:
            twin = answer.replace(old, new)
            assert not scenario_check(scenario_id, check_id, twin), new


B104 = (
    "About 57% of your cards (4 of 7) are high or urgent priority.\n\n"
    "- Counterparty credit review: Dynegy exposure: urgent\n"
    "- Raptor hedge restructuring: urgent\n"
    "- Refresh VaR limits for gas and power desks: high\n"
    "- EnronOnline weather derivatives product approval: high\n\n"
    "**Bottom line:** 4 of 7 cards across your two boards, or 57.1%, are high or urgent (2 "
    "urgent, 2 high). I counted every card, Done ones included. None of the 4 is finished yet."
)


def test_a_share_of_the_part_an_earlier_share_named_is_a_share_of_that_part():
    """aster's OB-B104: "None of the 4 is finished yet" after "4 of 7" is a share of the four
    high or urgent cards (none done), not a second share of all seven cards (0%)."""
    passes_and_twins_fail(
        "OB-B104",
        "share",
        B104,
        {
            # a share of the whole that is not the question's; a share of "the 7"
            "None of the 4 is finished yet.": ["3 of the 7 are high.", "None of the 7 is high."],
            # the part shifted: "the 4" then names no earlier part
            "4 of 7 cards across": ["5 of 7 cards across"],
        },
    )


X113_EVENTS = (
    "This week (Mon Oct 15 - Fri Oct 19): 7 events, 5 open to-dos due, 3 board cards due, "
    "5 unread emails today.\n\n"
    "Events: 7 \u2014 6 on Calendar, 1 on Project Deadlines, 0 on US Holidays; none cancelled\n"
    "Open to-dos due this week: 5\n"
    "Board cards due this week: 3 (none in Done)\n"
    "Unread emails that arrived today: 5 (all in Inbox)"
)


def test_counts_a_dash_lists_after_a_total_are_its_parts_when_they_add_up():
    """clover's OB-X113: "Events: 7 \u2014 6 on Calendar, 1 on Project Deadlines, 0 on US
    Holidays" gives the total and its parts (they add up to it), not a range 7-6."""
    passes_and_twins_fail(
        "OB-X113",
        "weekly-counts",
        X113_EVENTS,
        {
            # parts that do not add up: a range or a second figure, as before
            "Events: 7 \u2014 6 on": ["Events: 7 \u2014 5 on", "Events: 6-7 on"],
            "7 events,": ["6 or 7 events,", "6-7 events,"],
        },
    )
    wrong_total = X113_EVENTS.replace("7 events,", "6 events,").replace(
        "Events: 7 \u2014 6 on Calendar, 1 on", "Events: 6 \u2014 5 on Calendar, 1 on"
    )
    assert not scenario_check("OB-X113", "weekly-counts", wrong_total)


X104 = (
    "2 to-dos are overdue as of Mon Oct 15 09:00: one has a matching meeting this week, one "
    "doesn't.\n\n"
    "1) Reconcile Raptor capacity schedule with Andersen \u2014 due Fri Oct 12 17:00, in progress\n"
    "   List: Raptor Follow-ups\n"
    "   Meeting this week: yes \u2192 Raptor Restructuring Update, Tue Oct 16 13:00-14:00\n"
    "2) Submit September expense report \u2014 due Fri Oct 12 17:00, not started\n"
    "   List: Tasks (default list)\n"
    "   Meeting this week: none \u2014 n/a\n\n"
    "Not included: RSVP to Dynegy Review \u2014 due today 12:00, so not overdue yet. Completed "
    "to-dos with past due dates are also left out."
)


def test_not_started_is_a_status_not_a_denial():
    """clover's OB-X104: "Submit September expense report - due Fri Oct 12, not started" gives
    the to-do's status (as "in progress" does), it does not deny that it is overdue."""
    passes_and_twins_fail(
        "OB-X104",
        "overdue-todos",
        X104,
        {
            "due Fri Oct 12 17:00, not started": [
                "due Fri Oct 12 17:00, not overdue, not started",
                "not overdue, not started",
            ],
            "2) Submit September expense report": ["2) Not Submit September expense report"],
            "Not included: RSVP": [
                "Also overdue: Prepare controls briefing for FERC Review (not started).\n\n"
                "Not included: RSVP"
            ],
        },
    )
    for status in ("hasn't been started", "not yet started", "has not been started yet"):
        answer = X104.replace("not started", status)
        assert scenario_check("OB-X104", "overdue-todos", answer), status


def test_none_is_the_no_of_a_yes_no_fact():
    """clover's OB-X104: "Meeting this week: none" says no, as "no" does."""
    passes_and_twins_fail(
        "OB-X104",
        "expense-no-meeting",
        X104,
        {
            "Meeting this week: none \u2014 n/a": [
                "Meeting this week: yes \u2192 FERC Review",
                "Meeting this week: not sure, maybe none",
            ],
        },
    )
    # "none" said of the other to-do is not said of this one
    swapped = X104.replace(
        "Meeting this week: yes \u2192 Raptor", "Meeting this week: none, Raptor"
    )
    swapped = swapped.replace("Meeting this week: none \u2014 n/a", "Meeting this week: yes")
    assert not scenario_check("OB-X104", "expense-no-meeting", swapped)
