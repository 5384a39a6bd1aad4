"""Wrong answers built from honest ones (the calibration audit's survivors) must fail.

Each test takes a correct answer an honest solver wrote (a scenario's calibration answer, so
validate keeps it passing), shows it passes, and shows that its wrong twins, made by the audit's
answer operators, fail: the reader rule that let a twin through is the mechanism tested.
"""

from __future__ import annotations

from functools import cache

from emailbench_gym.scenarios import Scenario, load_scenario
from tests.grading_support import outcome, play


@cache
def scenario(scenario_id: str) -> Scenario:
    return load_scenario(scenario_id)


def check(scenario_id: str, check_id: str, answer: str) -> bool:
    """Whether one check of a scenario passes on its reference calls with `answer`."""
    return outcome(play(scenario(scenario_id), answer=answer), check_id)


# OB-R110: the meetings Dana organizes; Steven Kean and Sally Beck haven't replied, Nathan
# Pryor is tentative (an honest answer by one of the solvers, as a table).
R110_TABLE = (
    "| Meeting you organize | When | Not yet accepted | Status |\n"
    "|---|---|---|---|\n"
    "| Raptor Restructuring Update | Tuesday 10/16, 1 p.m. | {kean} | no reply |\n"
    "| Raptor Restructuring Update | Tuesday 10/16, 1 p.m. | {pryor} | tentative |\n"
    "| Q4 Risk Review Kickoff | Friday 10/26, 2 p.m. | Sally Beck (optional) | no reply |\n"
    "\nThree people in two meetings. Everyone else has accepted."
)


def test_a_negation_in_a_predicate_columns_cell_that_names_an_item_negates_it():
    """Under "| Not yet accepted |" a lone "none" states the predicate, but "not Steven Kean"
    and "Steven Kean (not included)" deny him as they would anywhere else."""
    right = R110_TABLE.format(kean="Steven Kean", pryor="Nathan Pryor (optional)")
    assert check("OB-R110", "not-accepted", right)
    for kean, pryor in (
        ("not Steven Kean", "Nathan Pryor (optional)"),
        ("Steven Kean (not included)", "Nathan Pryor (optional)"),
        ("Steven Kean", "not Nathan Pryor (optional)"),
        ("Steven Kean", "Nathan Pryor (not included) (optional)"),
    ):
        assert not check("OB-R110", "not-accepted", R110_TABLE.format(kean=kean, pryor=pryor))


# OB-X104: the expense-report to-do has no meeting this week (an honest answer, as a table).
X104_TABLE = (
    "Two to-dos are overdue right now:\n\n"
    "| To-do | List | Due | Meeting this week on it? |\n"
    "|---|---|---|---|\n"
    "| Reconcile Raptor capacity schedule with Andersen | Raptor Follow-ups | Fri 12/10, 17:00 "
    "| Yes: Raptor Restructuring Update, Tue 16/10 13:00 |\n"
    "| Submit September expense report | Tasks | Fri 12/10, 17:00 | {cell} |\n"
)


def test_a_negation_in_a_question_columns_cell_that_states_the_answer_negates_it():
    """Under "| Meeting this week on it? |" a "No" answers the column's question and rules no
    row out; "not No" in that cell denies the statement "No"."""
    assert check("OB-X104", "expense-no-meeting", X104_TABLE.format(cell="No"))
    assert check("OB-X104", "overdue-todos", X104_TABLE.format(cell="No"))
    assert not check("OB-X104", "expense-no-meeting", X104_TABLE.format(cell="not No"))


def calibration(scenario_id: str, starts: str) -> str:
    """The scenario's calibration answer that opens with `starts` (an honest solver's)."""
    return next(c.answer for c in scenario(scenario_id).calibration if c.answer.startswith(starts))


def test_a_context_part_says_of_an_item_listed_with_a_member_what_it_says_of_the_member():
    """Context parts ("### Notes", a line after a complement) may name non-members as context,
    but one written in a list with a member is given the member's standing: "accept or
    decline the Dynegy Review, Weekly Credit Exposure Meeting" offers to answer both."""
    r104 = calibration("OB-R104", "**Yes, one meeting.")
    assert check("OB-R104", "unanswered-meetings", r104)
    lead = "accept or decline the Dynegy Review"
    assert lead in r104
    wrong = r104.replace(lead, lead + ", Weekly Credit Exposure Meeting")
    assert not check("OB-R104", "unanswered-meetings", wrong)
    # in a "| Meeting | ... |" row of a key-value table whose plain rows are context
    x101 = calibration("OB-X101", "**It's the Q3 Earnings Release Prep")
    assert check("OB-X101", "meeting", x101)
    row = "| Meeting | Q3 Earnings Release Prep"
    assert row in x101
    wrong = x101.replace(row, row + ", Raptor Hedge Capacity Review")
    assert not check("OB-X101", "meeting", wrong)
    # after a complement ("Jeff Skilling and Marcus Hale have both accepted.")
    g103 = calibration("OB-G103", "Dana, two invitees")
    assert check("OB-G103", "not-accepted", g103)
    offer = "I can send Steven a reminder"
    assert offer in g103
    wrong = g103.replace(offer, "I can send Steven, EnronOnline a reminder")
    assert not check("OB-G103", "not-accepted", wrong)


def test_an_item_listed_bare_under_a_context_header_is_listed():
    """ "- Alan Whitcombe" alone on a line of a "### Notes" or "How I counted:" section says
    nothing about why it is named: it is listed, as under any other header."""
    r110 = calibration("OB-R110", "**Three people haven't accepted yet")
    assert check("OB-R110", "not-accepted", r110)
    assert not check("OB-R110", "not-accepted", r110 + "\n- Alan Whitcombe")
    assert not check("OB-R110", "not-accepted", r110 + "\n- **Alan Whitcombe**.")
    h339 = calibration("OB-H339", "Your direct reports are Priya Raman and Marcus Hale.\n\n|")
    assert check("OB-H339", "direct-reports", h339)
    assert not check("OB-H339", "direct-reports", h339 + "\n- Alan Whitcombe")
    # a name that ends in a bracket is still all its line says
    r104 = calibration("OB-R104", "**Yes, one meeting.")
    assert not check(
        "OB-R104", "unanswered-meetings", r104 + "\n- Lunch with Claire Boudreaux (V&E)"
    )
    # named in a note that says why, it stays context
    note = "\n- Alan Whitcombe (CERA) isn't on any of your meetings."
    assert check("OB-R110", "not-accepted", r110 + note)


def test_context_words_never_cover_an_item_listed_with_a_member():
    """A claim's context words ("email", "tied to") make a non-member named with them context,
    but they never make a member context: a list that holds a member is the answer's list,
    whatever follows it, so a wrong item in it is asserted (inside the member's quoted
    title, or beside the member's possessive)."""
    g107 = calibration("OB-G107", "Lunch with Claire Boudreaux:")
    assert check("OB-G107", "latest-email", g107)
    title = '"Document retention policy - reminder"'
    assert title in g107
    inside = g107.replace(title, title[:-1] + ', VaR backtesting results - August"')
    assert not check("OB-G107", "latest-email", inside)
    g101 = calibration("OB-G101", "Here is your prep for Thursday's review.")
    assert check("OB-G101", "comments-from", g101)
    owner = "Priya's email of October 4"
    assert owner in g101
    both = g101.replace(owner, "Priya's and Claire Boudreaux's email of October 4")
    assert not check("OB-G101", "comments-from", both)
    # alone, a context word still makes the non-member context
    alone = g101 + "\n\nClaire Boudreaux's email of October 10 is about document retention."
    assert check("OB-G101", "comments-from", alone)


def test_a_value_alone_in_a_parenthesis_is_said_in_the_clause_around_it():
    """ "Half of them (5) are unread" gives 5 unread: a value alone in a parenthesis restates
    the words before it, so a second, wrong count there contradicts the optional unread
    count; a breakdown in a parenthesis ("7 (4 as To, 3 as Cc)") still gives only parts."""
    h321 = calibration("OB-H321", "Eight of the fifty Inbox messages are tagged Trading.")
    assert check("OB-H321", "trading-count", h321)
    half = "Half of them (four) are unread"
    assert half in h321
    for wrong in ("Half of them (5) are unread", "Half of them (five) are unread"):
        assert not check("OB-H321", "trading-count", h321.replace(half, wrong))
    h339 = calibration("OB-H339", "You have two direct reports:")
    assert "is on 7 of your sent emails (4 as To, 3 as Cc)" in h339
    assert check("OB-H339", "included-counts", h339)


def test_every_due_date_listed_under_each_email_is_a_kitchen_sink():
    """Under "Soonest first:" a date opening each list item is its email's due date (the
    role by form); listing every email's due date there ("1. Tuesday, October 16, 2001,
    Tuesday, October 16, 2001, Wednesday, October 24, 2001, 12:00 PM - ...") gives each
    email every value, as "sent you 5, 4" under each person does."""
    h308 = calibration("OB-H308", "You have four flagged emails;")
    assert check("OB-H308", "due-dates", h308)
    tue, wed = "Tuesday, October 16, 2001", "Wednesday, October 24, 2001"
    sink = h308
    for item, date, others in (
        ("1. ", tue, f"{tue}, {wed}"),
        ("2. ", tue, f"{tue}, {wed}"),
        ("3. ", wed, f"{tue}, {tue}"),
    ):
        assert f"\n{item}{date}, " in sink
        sink = sink.replace(f"\n{item}{date}, ", f"\n{item}{date}, {others}, ")
    assert not check("OB-H308", "due-dates", sink)


def test_a_sentence_that_adds_to_the_answers_set_is_no_context():
    """ "Notes: the Weekly Credit Exposure Meeting also still needs an RSVP" adds a meeting to
    the answer's set, in a context section or not; under a measure ("the oldest unread"), "X
    is also unread" adds no "oldest" and stays context."""
    r104 = "Yes, the Dynegy Review: you haven't responded to it.\n\n"
    assert check("OB-R104", "unanswered-meetings", r104 + "Notes: the FERC Review clashes.")
    for note in (
        "Notes:\n- The Weekly Credit Exposure Meeting also still needs an RSVP.",
        "Context: you also haven't responded to the Weekly Credit Exposure Meeting.",
    ):
        assert not check("OB-R104", "unanswered-meetings", r104 + note)
    h323 = calibration("OB-H323", "**Oldest unread email**")
    assert "is also unread" in h323
    assert check("OB-H323", "oldest-unread-email", h323)


def test_a_pronoun_on_the_next_line_never_takes_a_bare_item_out_of_the_list():
    """ "- Weekly Credit Exposure Meeting" alone on its line lists it; the next bullet's "It
    overlaps the FERC Review" (a context word reaching it only through "it") or "It's
    accepted" does not make it context or rule it out, as no cue on another line reaches an
    item by name. Said on the item's own line, the cue still counts."""
    r104 = calibration("OB-R104", "Yes, one: Louise Kitchen's Dynegy Review")
    assert check("OB-R104", "unanswered-meetings", r104)
    first, _, rest = r104.partition("\n")
    assert rest.startswith("- It overlaps the FERC Review")
    extra = f"{first}\n- Weekly Credit Exposure Meeting\n{rest}"
    assert not check("OB-R104", "unanswered-meetings", extra)
    accepted = f"{first}\n- Weekly Credit Exposure Meeting\n- It's accepted.\n{rest}"
    assert not check("OB-R104", "unanswered-meetings", accepted)
    own_line = f"{first}\n- Weekly Credit Exposure Meeting: you accepted it.\n{rest}"
    assert check("OB-R104", "unanswered-meetings", own_line)


def test_a_value_said_in_its_role_for_another_subject_is_a_swap():
    """Counts are not exclusive, but a value said in the role (labelled by the role's phrase,
    "has sent you four emails", or in the column it heads, "| Emails sent to you |") that is
    another subject's, while that subject is said to have this one's, swaps them: in the
    summary over a right table or in the table under a right summary. A breakdown in the
    sentence stating the subject's own value ("she's on seven of yours: To on four, Cc on
    three") names no other subject's figure."""
    h339 = calibration("OB-H339", "You have two direct reports. Priya Raman has sent you five")
    assert check("OB-H339", "received-counts", h339)
    summary = ("Priya Raman has sent you five", "Marcus Hale has sent you four")
    assert all(s in h339 for s in summary)
    swapped = h339.replace(summary[0], "Priya Raman has sent you FOUR").replace(
        summary[1], "Marcus Hale has sent you five"
    )
    assert not check("OB-H339", "received-counts", swapped.replace("FOUR", "four"))
    row = (
        "| Priya Raman (Senior Risk Analyst) | five |",
        "| Marcus Hale (Structured Finance Analyst) | four |",
    )
    assert all(r in h339 for r in row)
    table = h339.replace(row[0], row[0].replace("five", "FOUR")).replace(
        row[1], row[1].replace("four", "five")
    )
    assert not check("OB-H339", "received-counts", table.replace("FOUR", "four"))
    breakdown = calibration("OB-H339", "Two people report to you.")
    assert "she's on seven of yours: To on four, Cc on three" in breakdown
    assert check("OB-H339", "included-counts", breakdown)


def test_a_list_item_opening_with_a_platforms_preposition_names_the_account():
    """ "ready for EnronOnline" names the platform, but a list item or table cell opening
    "via EnronOnline (6:30)" names the account as its item: a wrong sender there is
    asserted."""
    x110 = calibration("OB-X110", "- **To-do (completed):**")
    assert check("OB-X110", "sender", x110)
    for line in ("\n- via EnronOnline (6:30)", "\n- For GasBank: the same reminder."):
        assert not check("OB-X110", "sender", x110 + line)
    prose = "\n\nThe to-do's notes mention the products that are ready for EnronOnline."
    assert check("OB-X110", "sender", x110 + prose)


# OB-H312: each sender's unread share (80, 75, 66.7, 60), as a table with two columns of it.
H312_TABLE = (
    "| Rank | Sender | {first} | {second} |\n"
    "|---|---|---|---|\n"
    "| 1 | Louise Kitchen | four of five | {louise} |\n"
    "| 2 | Sally Beck | three of four | 75% |\n"
    "| 3 | John Lavorato | two of three | 66.7% |\n"
    "| 4 | Richard Shapiro | three of five | 60% |\n"
)


def test_a_second_column_of_the_same_measure_contradicts_the_first():
    """Another column of a table is another measure of its row ("| Unread % | Read % |"),
    unless its header names the same measure ("Unread rate" beside "Unread / total") or it
    gives the other rows this measure: then a wrong value there contradicts the row's right
    one. "Unread / total" heads a share of the total, not a total whose parts the row's other
    values would be."""
    rows = {"first": "Unread / total", "second": "Unread rate"}
    assert check("OB-H312", "unread-percentages", H312_TABLE.format(**rows, louise="80%"))
    for second in ("Unread rate", "Unread %", "Rate"):
        wrong = H312_TABLE.format(first="Unread / total", second=second, louise="75%")
        assert not check("OB-H312", "unread-percentages", wrong)
    read = (
        H312_TABLE.replace("75% |", "25% |").replace("66.7% |", "33.3% |").replace("60% |", "40% |")
    )
    assert check(
        "OB-H312",
        "unread-percentages",
        read.format(first="Unread / total", second="Read %", louise="20%"),
    )
