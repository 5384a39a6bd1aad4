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


H323_OLDEST = (
    "Dana, the oldest email still unread in your inbox is John Lavorato's \"Dynegy credit line "
    '- where are we?". He sent it on Friday, October 5, 2001 at 1:10 PM Central, so it has '
    "been waiting about ten days.\n\n"
    "In it, John writes that the desk wants to raise the Dynegy credit line from $250 million to "
    "$400 million, and he is asking where things stand. That may matter for Wednesday's Dynegy "
    "Review.\n\n"
    "The next-oldest unread emails are both from Monday, October 8: Louise Kitchen's "
    '"EnronOnline September statistics" at 11:00 AM and Richard Shapiro\'s "RE: FERC data '
    "request on EnronOnline trades\" at 4:15 PM. Everything in the inbox older than John's note "
    "has been read. There are nineteen unread emails in total. I did not open John's email or "
    "mark anything read."
)


def test_a_date_in_the_possessive_before_another_thing_dates_that_thing():
    """crane OB-H323: "That may matter for Wednesday's Dynegy Review" says when the meeting is,
    not when the email came: no second date of the email. The same day said of the email
    itself, or in the possessive before the email's own name, still contradicts its date."""
    passes_and_twins_fail(
        "OB-H323",
        "received",
        H323_OLDEST,
        {
            "That may matter for Wednesday's Dynegy Review.": [
                "It came in on Wednesday.",
                "That may matter, as of Wednesday, for the Dynegy Review.",
                'It is Wednesday\'s "Dynegy credit line - where are we?".',
            ],
            "Friday, October 5, 2001": ["Wednesday, October 3, 2001"],
        },
    )


G102_NUMBERS = (
    "Dana, just one person is coming from outside Enron to Wednesday's FERC Review: Claire "
    "Boudreaux, Partner in Energy Regulatory at Vinson & Elkins. She has accepted the "
    "invitation. Your contact card for her gives her office number as (713) 758-2222 and her "
    "mobile as (713) 301-8874.\n\n"
    "The meeting starts at 10:00 AM Central on Wednesday, October 17 and runs until 11:30 AM, "
    "in the EB 47C1 Conference Room. Richard Shapiro is the organizer."
)


def test_a_value_after_its_role_and_a_copula_takes_that_role():
    """crane OB-G102: "her office number as (713) 758-2222 and her mobile as ..." gives the
    first number the role before it ("office number as"), not the role the next clause opens
    with. Each number must still be under its own label: swapped or repeated numbers fail."""
    passes_and_twins_fail(
        "OB-G102",
        "numbers",
        G102_NUMBERS,
        {
            "office number as (713) 758-2222 and her mobile as (713) 301-8874": [
                "office number as (713) 301-8874 and her mobile as (713) 758-2222",
                "office number as (713) 758-2222 and her mobile as (713) 758-2222",
                "mobile number as (713) 758-2222 and her office as (713) 301-8874",
                "mobile is (713) 758-2222 and her office is (713) 301-8874",
            ]
        },
    )
