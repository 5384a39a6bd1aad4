"""Session 30's honest shapes: correct answers written as honest solvers wrote them, rebuilt
from the scenario's reference and calibration answers and checked against the corpus, each with
wrong twins of the same shape that must still fail. A file of its own so that the fairness
engineers' tests do not collide; the helpers are tests/test_claims_fairness*.py's."""

from __future__ import annotations

from tests.test_claims_fairness import scenario_check
from tests.test_claims_fairness_fair_a import passes_and_twins_fail

M107_CHECKLIST = (
    "Tomorrow, Tue 10/16:\n\n"
    "✓ Meeting: Raptor Restructuring Update, 1-2 PM\n"
    "✓ To-do: Draft Raptor restructuring talking points for Skilling (due 12 PM)\n"
    "✓ To-do: Prepare controls briefing for FERC Review (due 5 PM)\n"
    '✓ Flagged: "Dynegy Review - exposure numbers by Tuesday" from Louise Kitchen (due 12 PM)\n'
    '✓ Flagged: "Agenda for Wednesday\'s FERC Review" from Jeff Skilling (due 5 PM)\n\n'
    "Checked and left off:\n"
    "✗ RSVP to Dynegy Review (to-do, due today)\n"
    '- ❌ "PBC list for Q3 review" from Nathan Pryor (flagged, no due date set)\n'
    "✘ Dynegy Review meeting (on the 17th)\n"
)


def test_a_line_opening_with_a_cross_mark_rules_out_what_it_names():
    """OB-M107: a checklist's "✗ RSVP to Dynegy Review (due today)" (after an optional list
    marker) says no to the line's items, as a "✗" cell does in a table; "✓" lines assert."""
    for check in ("meetings", "todos", "flagged-emails"):
        assert scenario_check("OB-M107", check, M107_CHECKLIST), check
    twins = {
        "✗ RSVP to Dynegy Review": ["✓ RSVP to Dynegy Review", "RSVP to Dynegy Review"],
        "✘ Dynegy Review meeting": ["✓ Dynegy Review meeting", "- Dynegy Review meeting"],
        # a member crossed off is not asserted; a cross later in the line is no checklist mark
        "✓ To-do: Prepare": ["✗ To-do: Prepare", "- ❌ To-do: Prepare"],
        "✓ Meeting: Raptor": ["✖ Meeting: Raptor"],
    }
    check = {"✗ RSVP": "todos", "✘ Dynegy": "meetings", "✓ To-do: Prepare": "todos"}
    for old, news in twins.items():
        which = next((c for k, c in check.items() if old.startswith(k)), "meetings")
        for new in news:
            assert not scenario_check("OB-M107", which, M107_CHECKLIST.replace(old, new)), new
    late = M107_CHECKLIST.replace(
        "✗ RSVP to Dynegy Review (to-do, due today)", "RSVP to Dynegy Review ✗"
    )
    assert not scenario_check("OB-M107", "todos", late)


M107_NONE_STARTED = (
    "Tomorrow, Tue 10/16, you have one meeting, two to-dos and two flagged emails.\n\n"
    "Meeting: Raptor Restructuring Update, 1-2 PM.\n\n"
    "To-dos due tomorrow. None of these are started:\n"
    "- Draft Raptor restructuring talking points for Skilling (due 12 PM)\n"
    "- Prepare controls briefing for FERC Review (due 5 PM)\n\n"
    "Flagged emails due tomorrow:\n"
    '- "Dynegy Review - exposure numbers by Tuesday" from Louise Kitchen (due 12 PM)\n'
    '- "Agenda for Wednesday\'s FERC Review" from Jeff Skilling (due 5 PM)'
)


def test_none_of_these_started_over_a_list_is_its_status():
    """OB-M107: "None of these are started:" over the to-dos due tomorrow gives their state, as
    "Both are not started:" does (both are notStarted in the corpus); a header that denies
    what was asked still denies the list under it."""
    passes_and_twins_fail(
        "OB-M107",
        "todos",
        M107_NONE_STARTED,
        {
            "To-dos due tomorrow. None of these are started:": [
                "None of these are due tomorrow:",
                "None of these are on your plate:",
                "None of these:",
                "None of them are due:",
            ]
        },
    )


R103_EGRET = (
    "You're the organizer of 5 of your 12 October meetings that have other people invited, "
    "or about 42% (41.7%).\n"
    "✓ Counted: October 2001 events on your calendars that have at least one invitee. None are "
    "cancelled, and none repeat.\n"
    "✓ You organized 5: Raptor Hedge Capacity Review (Oct 2), Risk Desk Stand-up (Oct 15), "
    "Raptor Restructuring Update (Oct 16), Lunch with Claire Boudreaux (Oct 25) and Q4 Risk "
    "Review Kickoff (Oct 26).\n"
    "✓ Others organized 7: Weekly Credit Exposure Meeting (Oct 5, Sally Beck), EnronOnline Q3 "
    "Volume Review (Oct 10, Louise Kitchen), Q3 Earnings Release Prep (Oct 15, Jeff Skilling), "
    "FERC Review (Oct 17, Richard Shapiro), Dynegy Review (Oct 17, Louise Kitchen), Credit "
    "Reserve Methodology Review (Oct 18, Sally Beck) and Andersen Q3 Controls Walkthrough (Oct "
    "22, Nathan Pryor).\n"
    "✗ Left out because no one else is invited: Columbus Day (holiday calendar), Q3 Risk Report "
    "Due (Oct 19) and FERC Data Response Due (Oct 24).\n"
    "I counted the one-on-one lunch with Claire as a meeting; without it you'd organize 4 of 11 "
    "(36%). Nothing was changed."
)


def test_a_clause_opening_with_without_and_saying_would_is_a_supposition():
    """egret's OB-R103: "I counted the lunch with Claire as a meeting; without it you'd organize
    4 of 11 (36%)" says what leaving the lunch out would give, as "If you'd rather leave it
    out, the figure becomes 4 of 11" does: the firm figure (5 of 12, 41.7%) is the answer."""
    passes_and_twins_fail(
        "OB-R103",
        "organizer-share",
        R103_EGRET,
        {
            # the figure given firmly, or "without" saying nothing would change
            "; without it you'd organize": ["; you organize", "; without it you organize"],
            "as a meeting; without it": ["as a meeting. And without doubt"],
            # the firm figure wrong, the supposed one right
            "5 of your 12 October meetings that have other people invited, or about 42% (41.7%)": [
                "4 of your 11 October meetings that have other people invited, or 36%"
            ],
        },
    )


H321 = (
    "8 emails in your Inbox are categorized Trading. 4 of those 8 are unread:\n"
    '- "Weather derivatives product approval", Louise Kitchen, Oct 15\n'
    '- "EnronOnline Daily Summary - 10/12/2001", EnronOnline, Oct 15\n'
    '- "Weather swap limits on EnronOnline", Tanya Ortiz, Oct 11\n'
    '- "EnronOnline September statistics", Louise Kitchen, Oct 8\n\n'
    '"Q3 trading P&L attribution" (unread) came close but does not count. It has no category.'
)


def test_but_does_not_count_with_its_subject_elided_rules_the_item_out():
    """OB-H321: "'Q3 trading P&L attribution' (unread) came close but does not count" (the
    email is unread and uncategorised in the corpus): a negated membership verb after "but"
    has the clause's subject, as "X is in the group but hasn't sent you anything" does."""
    passes_and_twins_fail(
        "OB-H321",
        "unread-trading-emails",
        H321,
        {
            "came close but does not count.": [
                "came close but does count.",
                "came close and counts too.",
                "came close but does not wait.",
            ],
            # a member written in the shape is ruled out, not asserted
            '- "EnronOnline September statistics", Louise Kitchen, Oct 8\n\n"Q3 trading P&L '
            'attribution"': ['\n"EnronOnline September statistics"'],
        },
    )


M110 = (
    "Yes: Friday, October 19.\n"
    '- Project Deadlines calendar: "Q3 Risk Report Due" (all day)\n'
    '- Board card: "EnronOnline weather derivatives product approval" (Deal Pipeline board, '
    "To Do, due 5:00 PM)\n"
    '- To-dos: "Send Q3 VaR summary to Lavorato" and "Compile EnronOnline trade data for FERC '
    'data request", both due 5:00 PM\n\n'
    "No other day this week has all 3 types due together.\n\n"
    'Tuesday, October 16 comes closest: the "Raptor hedge restructuring" card is also due that '
    'day, as are the to-dos "Draft Raptor restructuring talking points for Skilling" and '
    '"Prepare controls briefing for FERC Review", but there is no Project Deadlines entry that '
    "day."
)


def test_also_before_a_turn_to_what_the_item_lacks_adds_to_the_near_miss():
    """OB-M110: "Tuesday comes closest: the Raptor card is also due that day, ..., but there is
    no Project Deadlines entry that day" (Tuesday's card and to-dos are due Oct 16 in the
    corpus): the "also" adds to the near miss; the turn goes on to the claim's own ruling-out
    phrase, so the items are not the answer's."""
    for check in ("card", "todos", "deadline-entry"):
        assert scenario_check("OB-M110", check, M110), check
    for check in ("card", "todos"):
        passes_and_twins_fail(
            "OB-M110",
            check,
            M110,
            {
                "but there is no Project Deadlines entry that day.": [
                    "and there is a Project Deadlines entry that day too.",
                    "but it is not urgent.",
                    "but there is no reason to worry.",
                ],
            },
        )


M103 = (
    "Raptor status:\n"
    "- Inbox: 4 Raptor emails\n"
    "- Open to-dos: Reconcile Raptor capacity schedule with Andersen (in progress) and Draft "
    "Raptor restructuring talking points for Skilling (not started)\n"
    '- Card: "Raptor hedge restructuring" is in In Progress\n'
    "- Next meeting: Raptor Restructuring Update, Tue Oct 16, 1:00 PM\n"
    "Done: no changes made."
)


def test_a_column_word_as_a_label_over_a_denial_is_no_column():
    """OB-M103: a closing "Done: no changes made." reports what the writer did; the capitalised
    "Done" there names no board column, so it gives the Raptor card (In Progress in the
    corpus) no second column. "Done:" over a card still names the column."""
    passes_and_twins_fail(
        "OB-M103",
        "card-column",
        M103,
        {
            "Done: no changes made.": [
                "Done: Raptor hedge restructuring.",
                "It is Done: no changes made.",
            ],
            "is in In Progress": ["is in Done"],
        },
    )
