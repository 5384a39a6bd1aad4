"""Session 30's second fairness pass: correct answers as honest solvers wrote them, each with
wrong twins of the same shape that must still fail. A file of its own so that the fairness
engineers' tests do not collide; the helpers are tests/test_claims_fairness*.py's."""

from __future__ import annotations

from tests.test_claims_fairness import scenario_check
from tests.test_claims_fairness_fair_a import passes_and_twins_fail

S106_DAYS_LISTED = (
    "Current mailbox setup.\n"
    "Working days: Monday, Tuesday, Wednesday, Thursday, Friday.\n"
    "Working hours: 08:00 to 17:00.\n"
    "Time zone: Central Standard Time (both working hours and mailbox).\n"
    "Out-of-office: off (automatic replies disabled; no schedule set).\n"
    "Note: Language en-US.\n"
    "Not changed: nothing was changed."
)


def test_weekdays_listed_one_by_one_name_their_range():
    """quill OB-S106: "Monday, Tuesday, Wednesday, Thursday, Friday" lists every day from
    Monday to Friday, so it names that range; a run missing a day, stopping early or going
    on into the weekend names no such range (or a weekend day)."""
    days = "Monday, Tuesday, Wednesday, Thursday, Friday."
    passes_and_twins_fail(
        "OB-S106",
        "working-days",
        S106_DAYS_LISTED,
        {
            days: [
                "Monday, Tuesday, Wednesday, Thursday.",
                "Monday, Tuesday, Thursday, Friday.",
                "Tuesday, Wednesday, Thursday, Friday.",
                "Monday, Tuesday, Wednesday, Thursday, Friday, Saturday.",
                "Monday, Tuesday, Wednesday, Thursday, Friday and Saturday.",
                "Monday, Tuesday, Wednesday, Thursday and Friday, and Saturday.",
                "Monday, Tuesday, Wednesday,\nThursday, Friday.",
                "Monday Tuesday Wednesday Thursday Friday.",
            ]
        },
    )
    for listed in (
        "Monday, Tuesday, Wednesday, Thursday and Friday.",
        "Monday, Tuesday, Wednesday, Thursday, and Friday.",
        "Mon/Tue/Wed/Thu/Fri.",
    ):
        assert scenario_check("OB-S106", "working-days", S106_DAYS_LISTED.replace(days, listed))


X101_TABLE = (
    "| Question | Answer |\n"
    "|---|---|\n"
    "| Meeting | **Q3 Earnings Release Prep**, today (Mon Oct 15), 2:00–3:30 PM CT, organized "
    "by Jeff Skilling |\n"
    "| Location | **EB 50M Boardroom** |\n"
    "| Not fully accepted | **Sally Beck**, who accepted tentatively. You, Steven Kean and John "
    "Lavorato have accepted. |\n\n"
    "This is the meeting Jeff's 7:52 AM email \"Today 2pm - earnings prep, bring the reserve "
    'walk" refers to. He wants a one-page reserve walk from June 30 to September 30, by '
    "business unit.\n\n"
    "Changes: none"
)


def test_a_status_qualified_by_the_predicate_after_it_states_the_predicate():
    """kite OB-X101: "Sally Beck, who accepted tentatively" says what "tentatively accepted"
    says for "who hasn't fully accepted?": the predicate word right after the ruling-out
    word, as a manner adverb, qualifies it. Another adverb, a break before it, or the same
    words said of someone who accepted still fail."""
    passes_and_twins_fail(
        "OB-X101",
        "not-accepted",
        X101_TABLE,
        {
            "who accepted tentatively.": [
                "who accepted.",
                "who accepted fully.",
                "who accepted promptly.",
                "who accepted. Tentatively,",
            ],
            "**Sally Beck**, who accepted tentatively. You, Steven Kean and John Lavorato": [
                "**John Lavorato**, who accepted tentatively. You, Steven Kean and Sally Beck",
            ],
        },
    )
