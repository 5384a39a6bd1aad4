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
