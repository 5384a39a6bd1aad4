"""Honest answers of session 7's solvers (aster, bryony, clover) and of the conversational style
(yarrow's mechanisms) read as they are meant, each with wrong twins that must still fail. A file
of its own so that the fairness engineers' tests do not collide; the helpers are
tests/test_claims_fairness.py's. The answers are quoted: /work/solver is not in the repo."""

from __future__ import annotations

import re

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


N505 = (
    "Two folders have unread email right now: **Inbox (16 unread)** and **Dynegy (3 unread)**. "
    "That's 19 unread in total.\n\n"
    "| Folder | Unread | Total messages |\n"
    "|--------|--------|----------------|\n"
    "| **Inbox** | **16** | 41 |\n"
    "| **Dynegy** | **3** | 5 |\n\n"
    "### Ruled out (no unread)\n"
    "- **Legal**: 4 messages, all read\n\n"
    "**Bottom line:** 16 unread in the Inbox and 3 in Dynegy. Nothing unread anywhere else."
)


def test_a_lone_cell_beside_a_total_column_is_a_measure_of_its_own():
    """aster's OB-N505: under "| Folder | Unread | Total messages |" the unread cell is 16 of
    the 41, not a part of a breakdown of 41 (a breakdown has two or more parts)."""
    swapped = {
        "**Inbox (16 unread)**": "**Inbox (41 unread)**",
        "| **Inbox** | **16** | 41 |": "| **Inbox** | **41** | 16 |",
        "16 unread in the Inbox": "41 unread in the Inbox",
    }
    assert scenario_check("OB-N505", "unread-counts", N505)
    twin = N505
    for old, new in swapped.items():
        twin = twin.replace(old, new)
    assert not scenario_check("OB-N505", "unread-counts", twin)
    dynegy = N505.replace("| **Dynegy** | **3** | 5 |", "| **Dynegy** | **5** | 3 |")
    for old, new in (("(3 unread)", "(5 unread)"), ("and 3 in Dynegy", "and 5 in Dynegy")):
        dynegy = dynegy.replace(old, new)
    assert not scenario_check("OB-N505", "unread-counts", dynegy)


H340 = (
    "There are six Raptor emails, running from Sep 26 to Oct 10.\n\n"
    "| # | Date | From | Subject |\n"
    "|---|------|------|---------|\n"
    "| 1 | Wed, Sep 26, 4:30 PM | **Marcus Hale** | Raptor hedge capacity shortfall - preliminary |\n"
    "| 2 | Thu, Sep 27, 9:05 AM | **You** (to Marcus Hale) | RE: Raptor hedge capacity shortfall - preliminary |\n"
    "| 3 | Fri, Sep 28, 11:20 AM | **Nathan Pryor** (Andersen) | Raptor vehicles - Q3 impairment question |\n"
    "| 4 | Mon, Oct 1, 8:12 AM | **Jeff Skilling** | Raptor exposure - need a straight answer |\n"
    "| 5 | Mon, Oct 1, 3:40 PM | **You** (to Jeff Skilling) | RE: Raptor exposure - need a straight answer |\n"
    "| 6 | Wed, Oct 10, 6:05 PM | **Marcus Hale** | Raptor restructuring model v3 |\n"
)


def _swapped(text: str, a: str, b: str) -> str:
    """`text` with `a` and `b` (each written once) in each other's place."""
    assert text.count(a) == text.count(b) == 1
    return re.sub(f"{re.escape(a)}|{re.escape(b)}", lambda m: b if m[0] == a else a, text)


def test_the_ends_of_a_span_before_a_list_are_not_its_order():
    """aster's OB-H340: "running from Sep 26 to Oct 10" gives the first and the last date; the
    order is the table's, which is oldest first."""
    assert scenario_check("OB-H340", "timeline-dates", H340)
    twin = _swapped(H340, "Fri, Sep 28, 11:20 AM", "Mon, Oct 1, 8:12 AM")  # rows 3 and 4
    assert not scenario_check("OB-H340", "timeline-dates", twin)
    first_two = _swapped(H340, "Wed, Sep 26, 4:30 PM", "Thu, Sep 27, 9:05 AM")  # rows 1 and 2
    assert not scenario_check("OB-H340", "timeline-dates", first_two)
    # not a span: a list in the summary sentence still gives the order
    listed = H340.replace("running from Sep 26 to Oct 10", "on Oct 10, Sep 26 and Sep 27")
    assert not scenario_check("OB-H340", "timeline-dates", listed)


M103_TAIL = (
    "Raptor status: 4 emails in your Inbox, 2 open to-dos, the card is In Progress, and the "
    "next meeting is tomorrow (Tue Oct 16) at 1:00 PM.\n\n"
    "Open to-dos: 2 (Raptor Follow-ups list)\n"
    "1) Reconcile Raptor capacity schedule with Andersen - due Fri Oct 12 17:00 [in progress]\n"
    "2) Draft Raptor restructuring talking points for Skilling - due Tue Oct 16 12:00 [not "
    "started]\n\n"
    "Next meeting: Raptor Restructuring Update - Tue Oct 16, 1:00-2:00 PM, EB 50M Small "
    "Conference Room\n"
    "\u2192 the talking points are due at noon, an hour before the meeting"
)


def test_a_deadline_is_never_a_meetings_time():
    """clover's OB-M103: "the talking points are due at noon, an hour before the meeting" gives
    the to-do's deadline; a meeting is held, not due, so noon is not the meeting's time."""
    passes_and_twins_fail(
        "OB-M103",
        "next-meeting-when",
        M103_TAIL,
        {
            "the talking points are due at noon": [
                "the meeting is at noon",
                "it starts at noon",
            ],
            "tomorrow (Tue Oct 16) at 1:00 PM": ["tomorrow (Tue Oct 16) at 3:00 PM"],
        },
    )
    # a meeting said to be "due" at its time is not said to start then
    due = M103_TAIL.replace("at 1:00 PM.", "at noon.").replace(
        "Tue Oct 16, 1:00-2:00 PM", "due Tue Oct 16 at 1:00 PM"
    )
    assert not scenario_check("OB-M103", "next-meeting-when", due)


R107 = (
    "Dial-in 1-800-555-0143, code 4417.\n\n"
    "Meeting: Raptor Restructuring Update - Tue Oct 16, 1:00-2:00 PM Central\n"
    "Room: EB 50M Small Conference Room (the dial-in is listed with the location)\n"
    "Organizer: you - Andersen (Nathan Pryor, tentative) is dialing in for the accounting view"
)


def test_an_answer_that_opens_with_the_answer_gives_it_for_the_only_subject_it_names():
    """clover's OB-R107: "Dial-in 1-800-555-0143, code 4417." opens the answer; the only meeting
    it names comes after, so the numbers are that meeting's."""
    twins = {
        "Dial-in 1-800-555-0143, code 4417.": [
            "Dial-in 1-800-555-0199, code 4417.",
            "Dial-in 1-800-555-0143 is the FERC Review's, code 4417.",
            "Not dial-in 1-800-555-0143, code 4417.",
        ]
    }
    passes_and_twins_fail("OB-R107", "dial-in", R107, twins)
    code = {"Dial-in 1-800-555-0143, code 4417.": ["Dial-in 1-800-555-0143, code 4471."]}
    passes_and_twins_fail("OB-R107", "access-code", R107, code)
    # with another meeting named, or the numbers in a sentence about something else, the lead
    # binds to nothing
    other = R107.replace("Room: EB", "Also today: FERC Review.\nRoom: EB")
    assert not scenario_check("OB-R107", "dial-in", other)
    elsewhere = R107.replace("Dial-in 1", "Rob Delacroix's line: 1")
    assert not scenario_check("OB-R107", "dial-in", elsewhere)


R111 = (
    "This week is clearly the heavier one.\n\n"
    "This week (Mon 10/15 to Fri 10/19): 6 timed meetings, 6.5 hours in total.\n\n"
    "Next week (Mon 10/22 to Fri 10/26): 3 timed meetings, 3.75 hours in total."
)


def test_a_degree_word_inside_a_statement_keeps_it():
    """bryony's OB-R111: "This week is clearly the heavier one" says "this week is the
    heavier"; a negation, a hedge or a question there still does not."""
    passes_and_twins_fail(
        "OB-R111",
        "heavier-week",
        R111,
        {
            "This week is clearly the heavier one.": [
                "This week is clearly not the heavier one.",
                "This week is hardly the heavier one.",
                "This week is probably the heavier one.",
                "Is this week clearly the heavier one?",
                "This week is, I think, the heavier one.",
            ]
        },
    )
    for degree in ("much", "a lot", "by far", "noticeably"):
        answer = R111.replace("clearly the heavier one", f"{degree} heavier")
        assert scenario_check("OB-R111", "heavier-week", answer), degree
