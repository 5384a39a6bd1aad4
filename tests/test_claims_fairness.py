"""Correct answers written the way assistants write them, each with a wrong twin that must fail.

Every shape here is one an honest solver (or a generated task's calibration answer) wrote and
the reader got wrong: a subject that ends in "?" quoted in a table, a label naming a board
column ("Your cards in Not Started:") or a meeting ("about Gryphon Go/No-Go:").
"""

from __future__ import annotations

from functools import cache

import pytest

from emailbench_gym.scenarios import Scenario, load_scenario
from tests.grading_support import make_scenario, outcome, play


@cache
def task(task_id: str) -> Scenario:
    return load_scenario(task_id)


def own_check(task_id: str, check_id: str, answer: str) -> bool:
    """Whether a generated task's own check passes on its reference calls with `answer`."""
    return outcome(play(task(task_id), answer=answer), check_id)


def on_world(task_id: str, spec: dict, answer: str) -> bool:
    """Whether a check (id "c") passes on a do-nothing episode of the task's generated world."""
    world = task(task_id).world.model_dump()
    scenario = make_scenario([{**spec, "id": "c"}], calls=[], world=world)
    return outcome(play(scenario, calls=[], answer=answer), "c")


# train-w020: Radek Popescu's only unread email is msg-0069 "Lunch on Monday?"; his other inbox
# email, "Team outing on Wednesday, February 25", is read; Nour Redfern's "Vertex education
# plan - your sign-off?" is unread but not his.
RADEK = "train-w020-unread-from-sender-s0"


def test_a_subject_ending_in_a_question_mark_in_a_table_is_content():
    """ "| Lunch on Monday? | Thu 12 Mar |" quotes the email's subject: the row asserts it."""
    table = (
        "| Subject | Received |\n|---|---|\n{rows}\nOne of Radek Popescu's inbox emails is unread."
    )
    right = "| Lunch on Monday? | Thu 12 Mar |\n"
    assert own_check(RADEK, "unread", table.format(rows=right))
    assert own_check(RADEK, "unread", "Radek's unread email:\n- Lunch on Monday? (Thu 12 Mar)")
    assert own_check(RADEK, "unread", 'Still unread: "Lunch on Monday?" from Radek, Thu 12 Mar.')
    # wrong twins: a read email, or someone else's, in the same table; the answer's own question
    read_too = right + "| Team outing on Wednesday, February 25 | Mon 23 Feb |\n"
    assert not own_check(RADEK, "unread", table.format(rows=read_too))
    not_his = right + "| Vertex education plan - your sign-off? | Tue 10 Mar |\n"
    assert not own_check(RADEK, "unread", table.format(rows=not_his))
    assert not own_check(RADEK, "unread", "Is it Lunch on Monday?")


# train-w003: the Vanadium Launch board's Not Started column holds five cards.
NOT_STARTED = {
    "type": "answer-items",
    "kind": "card",
    "members": ["btask-003", "btask-005", "btask-007", "btask-009", "btask-011"],
}
FIVE_CARDS = (
    "- Agree inventory health report with Whitepoint Search (Draco)\n"
    "- Investigate stock cover variance (Vanadium)\n"
    "- Plan Vanadium training\n"
    "- Promo calendar for Vanadium\n"
    "- Plan Vanadium pilot"
)


def test_a_label_naming_a_column_is_not_a_denial():
    """ "Your cards in Not Started:" names the column the cards are in; "Not" there is part of a
    name, not a negation of the list under it."""
    world = "train-w003-overdue-cards-s0"
    assert on_world(world, NOT_STARTED, "Your cards in Not Started:\n" + FIVE_CARDS)
    inline = "Your cards in Not Started: " + ", ".join(FIVE_CARDS[2:].split("\n- ")) + "."
    assert on_world(world, NOT_STARTED, inline)
    # wrong twins: a card of another column listed with them; the label itself negated
    extra = "Your cards in Not Started:\n" + FIVE_CARDS + "\n- Plan Okapi workshop"
    assert not on_world(world, NOT_STARTED, extra)
    assert not on_world(world, NOT_STARTED, "Not in Not Started:\n" + FIVE_CARDS)


def test_a_label_naming_a_meeting_with_a_no_in_it_is_not_a_denial():
    """ "1 person has emailed you about Gryphon Go/No-Go:" (a generated task's calibration
    answer): the "No" is the meeting's name."""
    gryphon = "train-w018-who-wrote-about-meeting-s0"
    answer = task(gryphon).calibration[1].answer
    assert "Go/No-Go:\n- Caleb Sutcliffe" in answer
    assert own_check(gryphon, "senders", answer)
    wrong = answer.replace("- Caleb Sutcliffe\n", "- Caleb Sutcliffe\n- Qiang Zhao\n")
    assert not own_check(gryphon, "senders", wrong)


def scenario_check(scenario_id: str, check_id: str, answer: str) -> bool:
    """Whether a suite scenario's own check passes on its reference calls with `answer`."""
    return outcome(play(task(scenario_id), answer=answer), check_id)


R102_MEETINGS = (
    "Three meetings this week (Oct 15-21) have someone from outside Enron:\n\n"
    "- Raptor Restructuring Update, Tue Oct 16, 1:00-2:00 PM: Nathan Pryor, Arthur Andersen LLP.\n"
    "- FERC Review, Wed Oct 17, 10:00-11:30 AM: Claire Boudreaux, Vinson & Elkins LLP.\n"
    "- Dynegy Review, Wed Oct 17, 11:00 AM-12:00 PM: Rob Delacroix, Dynegy Inc.\n\n"
)


def test_a_paragraph_about_the_others_names_them_as_context():
    """ "Everyone in the other meetings this week has an @enron.com address: A, B and C" (pine's
    OB-R102 answer) names the meetings outside the answer, and so does the paragraph's next
    sentence; a paragraph that adds to the answer ("also") or stands without it does not."""
    others = (
        "Everyone in the other meetings this week has an @enron.com address: Risk Desk "
        'Stand-up, Q3 Earnings Release Prep and Credit Reserve Methodology Review. "Q3 Risk '
        'Report Due" is an all-day deadline with no attendees.'
    )
    assert scenario_check("OB-R102", "external-meetings", R102_MEETINGS + others)
    also = "The Credit Reserve Methodology Review also has someone from outside."
    assert not scenario_check("OB-R102", "external-meetings", R102_MEETINGS + also)
    assert not scenario_check("OB-R102", "external-meetings", R102_MEETINGS + others + " " + also)
    alone = "The other meetings: Raptor Restructuring Update, FERC Review and Risk Desk Stand-up."
    assert not scenario_check("OB-R102", "external-meetings", alone)


def test_the_others_retold_after_the_answer_are_context():
    """quince's OB-M108 answer: "The other 12 contacts have all emailed you ... on your Oct 11
    reply to Jeff Skilling" retells the contacts outside the answer."""
    answer = (
        "Dana, you've never exchanged an email with three of your contacts:\n\n"
        "1. Alan Whitcombe, Cambridge Energy Research Associates (alan.whitcombe@cera.com)\n"
        "2. Denise Carver, FERC (denise.carver@ferc.fed.us)\n"
        "3. Rosa Menendez, Risk Management at Enron (rosa.menendez@enron.com)\n\n"
        "The other 12 contacts have all emailed you, and you've written to each of them as well. "
        "John Lavorato is the one partial case. He's emailed you three times, but you've only "
        "copied him, on your Oct 11 reply to Jeff Skilling, and haven't written to him directly."
    )
    assert scenario_check("OB-M108", "no-email-contacts", answer)
    wrong = answer.replace("3. Rosa Menendez", "3. Jeff Skilling, Executive\n4. Rosa Menendez")
    assert not scenario_check("OB-M108", "no-email-contacts", wrong)


H338_TOP = (
    "Dana, Trading sends you the most mail of any Enron department: 10 messages. That total "
    "comes from Louise Kitchen with 5, John Lavorato with 3 and Tanya Ortiz with 2.\n\n"
)


def test_the_runners_up_under_a_header_about_the_others_and_a_conditional_are_context():
    """quince's OB-H338 answer: the departments under "The other departments, for comparison:"
    trail the answer, and "if you counted the EnronOnline feed, which is listed under 'Trading
    Systems', as Trading, that department's lead would only get bigger" says what another count
    would give. Under a "Notes:" header the runners-up are context too."""
    others = (
        "The other departments, for comparison:\n"
        "- Executive: 7 (Jeff Skilling 4, Steven Kean 3)\n"
        "- Government Affairs: 5 (Richard Shapiro)\n"
        "- Risk Management: 5 (Priya Raman)\n\n"
        "One small caveat: if you counted the automated EnronOnline feed, which is listed under "
        '"Trading Systems", as Trading, that department\'s lead would only get bigger.'
    )
    assert scenario_check("OB-H338", "top-department", H338_TOP + others)
    notes = "Notes:\n- Executive is second with 7; Government Affairs and Risk Management have 5."
    assert scenario_check("OB-H338", "top-department", H338_TOP + notes)
    # wrong twins: a second top department; the answer given only inside the context part
    tie = H338_TOP.replace("10 messages.", "10 messages, tied with Executive.")
    assert not scenario_check("OB-H338", "top-department", tie + others)
    assert not scenario_check("OB-H338", "top-department", tie + notes)
    hidden = "**Context**\nTrading sends you 10 messages and Executive sends you 7."
    assert not scenario_check("OB-H338", "top-department", hidden)
    assert not scenario_check("OB-H338", "top-department", "Notes:\n" + H338_TOP + others)


def test_an_aside_headed_heads_up_or_runner_up_is_context():
    """pine's OB-G102 answer gives the FERC Review's room, then "Heads-up: ... The Dynegy Review
    (11:00 in EB 3204) overlaps ..."; pine's OB-H310 answer gives the biggest attachment, then
    "Runner-up: Q3_PnL_attribution_Americas.xls, 419,840 bytes"."""
    room = (
        "FERC Review: Wednesday, Oct 17, 10:00-11:30 AM Central, in the EB 47C1 Conference Room "
        "(organized by Rick Shapiro).\n\n"
        "{label}: your 15-minute controls briefing is on the agenda. The Dynegy Review (11:00 in "
        "EB 3204) overlaps the last 30 minutes of this meeting."
    )
    assert scenario_check("OB-G102", "room", room.format(label="Heads-up"))
    assert not scenario_check("OB-G102", "room", room.format(label="Rooms"))
    assert not scenario_check("OB-G102", "room", "Heads-up: it moved from EB 47C1 to EB 3204.")
    biggest = (
        "The biggest attachment in your mailbox:\n\n"
        "- File: Raptor_restructuring_model_v3.xls (Excel)\n"
        "- Size: 512,000 bytes (500 KB)\n\n"
        "{label}: Q3_PnL_attribution_Americas.xls, 419,840 bytes (410 KB), on John Lavorato's \"Q3 "
        'trading P&L attribution" (Oct 11).'
    )
    assert scenario_check("OB-H310", "biggest-attachment", biggest.format(label="Runner-up"))
    assert not scenario_check("OB-H310", "biggest-attachment", biggest.format(label="Tied"))


def test_an_item_that_misses_the_cutoff_is_ruled_out():
    """quince's OB-B109 answer: "One card only barely misses the cutoff, so you should know about
    it: X (...). It's due Wednesday ..." names X as outside the 48 hours asked for."""
    answer = (
        'Dana, just one unfinished card lands in that window: "Raptor hedge restructuring" (Deal '
        "Pipeline, In Progress), due tomorrow, Tuesday, October 16 at 1:00 PM.\n\n"
        'One card only barely {verb}, so you should know about it: "Counterparty credit '
        "review: Dynegy exposure\" (Q4 Risk Review, still in To Do). It's due Wednesday, "
        "October 17 at 10:00 AM."
    )
    assert scenario_check("OB-B109", "cards-due-soon", answer.format(verb="misses the cutoff"))
    assert scenario_check("OB-B109", "cards-due-soon", answer.format(verb="falls outside it"))
    assert not scenario_check("OB-B109", "cards-due-soon", answer.format(verb="makes the cutoff"))


def test_all_of_them_read_is_all_read():
    """quince's OB-N505 answer: "Legal has four emails, all of them read." rules Legal out as the
    scenario's "all read" does."""
    answer = (
        "Dana, right now only two of your folders have unread mail:\n\n"
        "- Inbox: 16 unread\n- Dynegy: 3 unread\n\n"
        "I checked all eight folders. Legal has four emails, {state}."
    )
    assert scenario_check("OB-N505", "folders-with-unread", answer.format(state="all of them read"))
    assert scenario_check("OB-N505", "folders-with-unread", answer.format(state="all read"))
    assert not scenario_check(
        "OB-N505", "folders-with-unread", answer.format(state="two of them unread")
    )


def test_left_him_out_rules_out_the_person_the_pronoun_stands_for():
    """quince's OB-P112 answer: "Marcus Hale reports to you, but his contact card lists him in
    Global Finance, so I left him out." """
    answer = (
        "Dana, two of your contacts are in the Risk Management department: Priya Raman (Senior "
        "Risk Analyst, EB 2851) and Rosa Menendez (Executive Assistant, EB 2846).\n\n"
        "Marcus Hale reports to you, but his contact card lists him as a Structured Finance "
        "Analyst in Global Finance, so I {verb}. His office is EB 2964 if you want him on the "
        "list anyway."
    )
    check = "risk-management-contacts"
    assert scenario_check("OB-P112", check, answer.format(verb="left him out"))
    assert not scenario_check("OB-P112", check, answer.format(verb="added him as well"))


R104_ANSWER = (
    "**Yes, one meeting. You haven't responded to the Dynegy Review on Wednesday, Oct 17.**\n\n"
    "### Not yet RSVP'd\n"
    "| Meeting | When | Organizer | Your status |\n"
    "|---|---|---|---|\n"
    "| Dynegy Review | Wed Oct 17, 11:00 AM-12:00 PM CDT | Louise Kitchen | Not responded |\n"
    "{extra}\n"
    "### Rest of the week\n"
    "| Meeting | When | Your status |\n"
    "|---|---|---|\n"
    "| Risk Desk Stand-up | Mon Oct 15, 10:00 AM | Organizer |\n"
    "| Q3 Earnings Release Prep | Mon Oct 15, 2:00 PM | Accepted |\n"
    "| Credit Reserve Methodology Review | Thu Oct 18, 9:00 AM | Tentative |\n"
    "| Q3 Risk Report Due (all-day deadline) | Fri Oct 19 | Your own entry |\n"
)


def test_a_section_headed_rest_of_the_week_is_context():
    """rowan's OB-R104 answer: the meetings under "### Rest of the week" are the ones that need
    no RSVP; the same row under "### Not yet RSVP'd" claims it."""
    check = "unanswered-meetings"
    assert scenario_check("OB-R104", check, R104_ANSWER.format(extra=""))
    tentative = (
        "| Credit Reserve Methodology Review | Thu Oct 18, 9:00 AM | Sally Beck | Tentative |"
    )
    assert not scenario_check("OB-R104", check, R104_ANSWER.format(extra=tentative))
    # with the answer given only inside the section, its rows are claims
    rest_only = R104_ANSWER[R104_ANSWER.index("### Rest of the week") :]
    dynegy = "| Dynegy Review | Wed Oct 17, 11:00 AM | Not responded |\n"
    assert not scenario_check("OB-R104", check, rest_only + dynegy)


def test_a_deadline_in_a_subject_is_not_a_name_of_that_email():
    """train-w077: "Your inclusive hiring training - due Tuesday, May 7" is another email's
    subject; "4. **Malachite asset health report - your sign-off?**: due Tuesday, May 7" (the
    task's own calibration answer) gives a due date, it does not name that email."""
    flagged = "train-w077-flagged-follow-ups-s0"
    answer = task(flagged).calibration[0].answer
    assert "your sign-off?**: due Tuesday, May 7" in answer
    assert own_check(flagged, "flagged", answer)
    assert own_check(flagged, "due-dates", answer)
    extra = "8. **Your inclusive hiring training - due Tuesday, May 7**: due Tuesday, May 7\n"
    wrong = answer.replace("\nTell me", extra + "\nTell me")
    assert not own_check(flagged, "flagged", wrong)


H327_TABLE = (
    "**There's a three-way tie at the top: Louise Kitchen, Richard Shapiro and Priya Raman have "
    "each sent you 5 emails.**\n\n"
    "### Top senders\n"
    "| Rank | Sender | Emails |\n"
    "|---|---|---|\n"
    "| 1 (tie) | Louise Kitchen | 5 |\n"
    "| 1 (tie) | Richard Shapiro | 5 |\n"
    "| 1 (tie) | Priya Raman | 5 |\n"
    "| {rank} (tie) | Jeff Skilling | 4 |\n"
    "| 4 (tie) | Sally Beck | 4 |\n"
)


def test_rows_ranked_below_the_top_of_a_ranking_table_are_context():
    """rowan's OB-H327 answer: under "| Rank | Sender | Emails |" the rows ranked 4 are the
    runners-up; a row ranked 1 is a top sender."""
    assert scenario_check("OB-H327", "top-senders", H327_TABLE.format(rank=4))
    assert not scenario_check("OB-H327", "top-senders", H327_TABLE.format(rank=1))


H332_NEW = (
    "12 of your 15 sent emails (80%) were replies. The new ones:\n"
    "- Risk desk priorities for October (10/2)\n"
    "- Q3 VaR summary draft - please check (10/11)\n"
    "- Dynegy exposure for Wednesday's review (10/12){extra}"
)


def test_a_contraction_tail_is_not_a_word_of_its_own():
    """OB-H332's context cue "RE:" (a reply's subject prefix) read the "re" of "they're", so a
    reply listed as new with "they're new too" after it was read as a reply named as context
    and the wrong answer passed. A contraction's tail ("'re", "'d", "'t") belongs to its word:
    no cue or name written as a word of its own matches it, and the lexicon's contractions
    ("isn't", "they're not", "I'm not sure", "you'd") still read as before."""
    from emailbench_gym.grading.claims.text import Text, word_tokens

    assert [t.norm for t in Text("they're new; I'd say don't").tokens] == [
        "they", "'re", "new", "i", "'d", "say", "don", "'t",
    ]  # fmt: skip
    assert word_tokens("isn't") == ("isn", "'t") and word_tokens("'re not") == ("'re", "not")
    assert word_tokens("RE: Raptor") == ("re", "raptor")
    check = "new-messages"
    assert scenario_check("OB-H332", check, H332_NEW.format(extra=""))
    real_re = "\n\nEverything else was a reply: the RE: messages on the FERC data request."
    assert scenario_check("OB-H332", check, H332_NEW.format(extra=real_re))
    # wrong twins: a reply asserted as new, followed by a contraction with "re" / "d" in it
    for tail in ("they're new too", "I'd call it new too", "it's new, they're all new"):
        wrong = H332_NEW.format(extra=f"\n- Raptor exposure - need a straight answer, {tail}")
        assert not scenario_check("OB-H332", check, wrong), tail
    # the lexicon's contractions still negate and hedge
    negated = H332_NEW.format(extra="").replace("check (10/11)", "check (10/11) isn't one of them")
    assert not scenario_check("OB-H332", check, negated)
    hedged = H332_NEW.format(extra="").replace("- Q3 VaR", "- I'm not sure, but maybe Q3 VaR")
    assert not scenario_check("OB-H332", check, hedged)


H313_TERSE = (
    "Three people this morning (Inbox, all unread):\n"
    "- Jeff Skilling, 7:52: bring a one-page reserve walk to the 2 PM earnings prep.\n"
    "- Louise Kitchen, 8:10: weather degree-day products ready for EnronOnline; needs RAC "
    "sign-off this week.\n"
    "- Richard Shapiro, 8:30 (high): review V&E's comments on the FERC data response before "
    "Wednesday.\n"
    "{extra}"
    "Left out: EnronOnline Daily Summary (6:30) and GasBank storage report (7:15), both automated."
)


def test_a_system_account_named_after_a_platform_names_the_platform_after_on_or_for():
    """pine's OB-H313 answer (reconstructed): "products ready for EnronOnline" names the trading
    platform, not the automated EnronOnline sender (a system account named after it)."""
    check = "senders-this-morning"
    assert scenario_check("OB-H313", check, H313_TERSE.format(extra=""))
    listed = H313_TERSE.replace("ready for EnronOnline", "to be listed on EnronOnline")
    assert scenario_check("OB-H313", check, listed.format(extra=""))
    # wrong twins: the account named as a sender, in the list or after "from"
    item = "- EnronOnline, 6:30: the daily summary.\n"
    assert not scenario_check("OB-H313", check, H313_TERSE.format(extra=item))
    sent = "- The 6:30 daily summary from EnronOnline.\n"
    assert not scenario_check("OB-H313", check, H313_TERSE.format(extra=sent))
    inline = "From people: Jeff Skilling, Louise Kitchen, Richard Shapiro and EnronOnline."
    assert not scenario_check("OB-H313", check, inline)
    # a person (not a system account) after "for" is still a sender where an item stands (a
    # list item of the senders' list); inside what Louise's line says of her email, the name is
    # context (roles.py), as any item named in another item's description is
    ask = "- For Sally Beck, 8:40: the RAC sign-off request.\n"
    assert not scenario_check("OB-H313", check, H313_TERSE.format(extra=ask))
    described = H313_TERSE.replace("ready for EnronOnline", "ready for Sally Beck")
    assert scenario_check("OB-H313", check, described.format(extra=""))


M103_BRIEFING = (
    "Dana, here's where Raptor stands across everything.\n\n"
    "Your Inbox has 4 Raptor emails: Marcus Hale's preliminary capacity shortfall (Sep 26) and "
    "his restructuring model v3 (Oct 10), Nathan Pryor's Q3 impairment question (Sep 28) and "
    'Jeff Skilling\'s "need a straight answer" (Oct 1).\n\n'
    'Two Raptor to-dos are still open. "Reconcile Raptor capacity schedule with Andersen" is in '
    "progress and was due Friday, October 12, so it's overdue. \"Draft Raptor restructuring "
    "talking points for Skilling\" hasn't been started and is due tomorrow at noon. The third, "
    '"Confirm Raptor III collateral valuation", is already completed.\n\n'
    'The Raptor card, "Raptor hedge restructuring" on the Deal Pipeline board, is in the In '
    "Progress column.\n\n"
    "The next Raptor meeting is the Raptor Restructuring Update tomorrow, Tuesday, October 16, "
    "from 1:00 to 2:00 PM in the EB 50M Small Conference Room. {past}"
)


def test_a_meeting_named_without_its_leading_word_is_that_meeting():
    """quince's OB-M103 answer (reconstructed): "The Hedge Capacity Review was on October 2"
    names the Raptor Hedge Capacity Review (no other name has those words), so its date is
    not a second date of the Raptor Restructuring Update."""
    past = "The Hedge Capacity Review was on October 2, so it's already behind you."
    assert scenario_check("OB-M103", "next-meeting-when", M103_BRIEFING.format(past=past))
    assert scenario_check("OB-M103", "next-meeting", M103_BRIEFING.format(past=past))
    # wrong twins: the shortened name asserted as the next meeting; a second date for the update
    wrong = "The Hedge Capacity Review is the next one after that."
    assert not scenario_check("OB-M103", "next-meeting", M103_BRIEFING.format(past=wrong))
    moved = "The Restructuring Update was on October 2."
    assert not scenario_check("OB-M103", "next-meeting-when", M103_BRIEFING.format(past=moved))


T103_TABLE = (
    "**30% of your checklist steps are checked off (3 of 10).**\n\n"
    "| To-do | Done / total |\n"
    "|---|---|\n"
    "| Reconcile Raptor capacity schedule with Andersen | {first} |\n"
    "| Draft Raptor restructuring talking points for Skilling | 0 / 2 |\n"
    "| Compile EnronOnline trade data for FERC data request | 1 / 3 |\n"
    "| Prepare controls briefing for FERC Review | 0 / 2 |\n"
    "| All four | 3 / 10 (30%) |\n"
)


def test_steps_done_out_of_total_with_a_spaced_slash_are_a_share():
    """rowan's OB-T103 answer (reconstructed): "2 / 3" in a table cell is 2 of 3 steps done, as
    "2/3" is; a slash with spaces around it is never a date."""
    assert scenario_check("OB-T103", "steps-done", T103_TABLE.format(first="2 / 3"))
    assert scenario_check("OB-T103", "overall-share", T103_TABLE.format(first="2 / 3"))
    # wrong twins: a wrong share; rows swapped
    assert not scenario_check("OB-T103", "steps-done", T103_TABLE.format(first="1 / 3"))
    swapped = T103_TABLE.format(first="1 / 3").replace(
        "data request | 1 / 3", "data request | 2 / 3"
    )
    assert not scenario_check("OB-T103", "steps-done", swapped)


H312_TABLE = (
    "**Four senders have more than half of their emails to you unread.**\n\n"
    "| # | Sender | Received | Unread | Unread % | {other} |\n"
    "|---|---|---|---|---|---|\n"
    "| 1 | Louise Kitchen | 5 | 4 | 80% | {louise} |\n"
    "| 2 | Sally Beck | 4 | 3 | 75% | 19% |\n"
    "| 3 | John Lavorato | 3 | 2 | 66.7% | 13% |\n"
    "| 4 | Richard Shapiro | 5 | 3 | 60% | 19% |\n\n"
    "**Notes**\n"
    "- Jeff Skilling, Tanya Ortiz and GasBank are at exactly 50%, so they're not over the line.\n"
    "- The last column is each sender's share of your 16 unread emails."
)


def test_a_value_in_another_column_under_its_own_header_is_another_measure():
    """rowan's OB-H312 answer (reconstructed): "| Unread % | Share of all unread |" gives each
    sender two percentages; the second column's header says it is another measure, so 25%
    does not contradict Louise Kitchen's 80%."""
    check = "unread-percentages"
    table = H312_TABLE.format(other="Share of all unread", louise="25%")
    assert scenario_check("OB-H312", check, table)
    assert scenario_check("OB-H312", "senders-over-half-unread", table)
    # wrong twins: a second value under the same header; a wrong value in the right column;
    # the second value said in prose
    assert not scenario_check("OB-H312", check, H312_TABLE.format(other="Unread %", louise="25%"))
    wrong = table.replace("| 4 | 80% |", "| 4 | 70% |")
    assert not scenario_check("OB-H312", check, wrong)
    prose = H312_TABLE.format(other="Share of all unread", louise="25%") + (
        "\n- Louise Kitchen is at 60% unread."
    )
    assert not scenario_check("OB-H312", check, prose)


H318_COLUMNS = (
    "**All three dropped week over week.**\n\n"
    "| Metric | First (Oct 5) | Second (Oct 12) | Change |\n"
    "|---|---:|---:|---:|\n"
    "| Transactions | 4,112 | 3,876 | {change} |\n"
    "| Notional value | $2.9B | $2.6B | -$0.3B |\n"
    "| Credit rejections | 14 | 11 | -3 |\n"
)
H318_TRANSPOSED = (
    "**Week over week, the 10/12 summary is lower on every measure.**\n\n"
    "| 10/05 -> 10/12 | Transactions | Notional value | Credit rejections |\n"
    "|---|---|---|---|\n"
    "| Before | {before} | $2.9 billion | 14 |\n"
    "| After | 3,876 | $2.6 billion | 11 |\n"
    "| Down by | 236 | $0.3 billion | 3 |\n"
)


def test_values_in_a_table_bind_to_the_subject_heading_their_column_and_a_sign_is_a_direction():
    """rowan's OB-H318 answers (reconstructed): with the metrics as column headers, a value binds
    to the metric over its column (its row names none); with a "| Change |" column, "-236" is a
    fall of 236 as "down 236" is."""
    check = "summary-changes"
    assert scenario_check("OB-H318", check, H318_COLUMNS.format(change="-236"))
    assert scenario_check("OB-H318", check, H318_COLUMNS.format(change="\u2212236"))
    assert scenario_check("OB-H318", check, H318_TRANSPOSED.format(before="4,112"))
    # wrong twins: a rise, a wrong change, values swapped between two metrics' columns
    assert not scenario_check("OB-H318", check, H318_COLUMNS.format(change="+236"))
    assert not scenario_check("OB-H318", check, H318_COLUMNS.format(change="-263"))
    assert not scenario_check("OB-H318", check, H318_COLUMNS.format(change="-236, three"))
    assert not scenario_check("OB-H318", check, H318_TRANSPOSED.format(before="4,211"))
    swapped = H318_TRANSPOSED.format(before="14").replace(
        "| $2.9 billion | 14 |", "| $2.9 billion | 4,112 |"
    )
    assert not scenario_check("OB-H318", check, swapped)
    down = H318_TRANSPOSED.format(before="4,112").replace(
        "| 236 | $0.3 billion | 3 |", "| 3 | $0.3 billion | 236 |"
    )
    assert not scenario_check("OB-H318", check, down)


H324_ANSWER = (
    "Two of the three Outside Advisors have emailed you: Nathan Pryor (Arthur Andersen) sent 3 "
    "and Claire Boudreaux (Vinson & Elkins) sent 2.\n"
    '- Nathan Pryor: "Raptor vehicles - Q3 impairment question" (Sep 28), "Audit walkthrough '
    'scheduling" (Oct 5), "PBC list for Q3 review" (Oct 11).\n'
    '- Claire Boudreaux: "Privileged: FERC market-based rate inquiry - draft response" (Oct 4), '
    '"Document retention policy - reminder" (Oct 10).\n'
    "- Alan Whitcombe (CERA) is in the group but hasn't sent you anything.\n"
    "- Not counted: Richard Shapiro's \"V&E comments\" and Jeff Skilling's messages mention "
    "Claire, but they came from Enron people, not from her."
)


def test_a_value_after_a_names_aside_binds_to_the_name_and_but_keeps_the_subject():
    """tansy's OB-H324 answer: in "Nathan Pryor (Arthur Andersen) sent 3 and Claire Boudreaux
    (Vinson & Elkins) sent 2" the aside does not end Nathan Pryor's clause, so 3 is his; in
    "Alan Whitcombe (CERA) is in the group but hasn't sent you anything" the clause after "but"
    is about Alan Whitcombe, so he is ruled out."""
    assert scenario_check("OB-H324", "email-counts", H324_ANSWER)
    assert scenario_check("OB-H324", "members-who-emailed", H324_ANSWER)
    # wrong twins: the counts swapped; Alan Whitcombe said to have sent mail; a member ruled out
    swapped = H324_ANSWER.replace("sent 3 and Claire", "sent 2 and Claire").replace(
        "Elkins) sent 2", "Elkins) sent 3"
    )
    assert not scenario_check("OB-H324", "email-counts", swapped)
    sent = H324_ANSWER.replace("but hasn't sent you anything", "and has sent you one")
    assert not scenario_check("OB-H324", "members-who-emailed", sent)
    claire = (
        "Claire Boudreaux (Vinson & Elkins) is in the group but hasn't sent you anything. "
        "Nathan Pryor (Arthur Andersen) sent 3."
    )
    assert not scenario_check("OB-H324", "members-who-emailed", claire)


H337_ANSWER = (
    "Two of your back-and-forth threads end with the other person, so they're waiting on you:\n"
    '- "FERC data request on EnronOnline trades" (Richard Shapiro). {history}\n'
    '- "Q3 VaR summary draft - please check" (Priya Raman). You sent it Oct 11 and she replied '
    "Oct 12: two corrections on East power, and the gas peak should read 110% on Sep 24.\n"
    "In the other 11 two-way threads your reply is the latest message."
)


def test_he_stands_for_a_person_never_for_an_email():
    """tansy's OB-H337 answer: '"FERC data request on EnronOnline trades" (Richard Shapiro). He
    wrote, you replied Sep 25, and he came back Oct 8': "he" is Richard Shapiro, so "you replied"
    says nothing of the thread; "it" still stands for the thread."""
    check = "ball-in-my-court"
    history = "He wrote, you replied Sep 25, and he came back Oct 8 asking for the full pull."
    assert scenario_check("OB-H337", check, H337_ANSWER.format(history=history))
    # wrong twins: the thread itself said to end with your reply
    ended = "It ended when you replied Oct 8."
    assert not scenario_check("OB-H337", check, H337_ANSWER.format(history=ended))
    last = H337_ANSWER.format(history="").replace(
        "(Richard Shapiro). ", "(Richard Shapiro): you replied last."
    )
    assert not scenario_check("OB-H337", check, last)


def _calibration(scenario_id: str, source: str) -> str:
    """The honest solver's answer kept as the scenario's calibration."""
    found = [c.answer for c in task(scenario_id).calibration if c.source == source]
    assert found, (scenario_id, source)
    return found[-1]


def twins_fail(scenario_id: str, check_id: str, answer: str, edits: dict[str, list[str]]) -> None:
    """The real answer passes its check; each wrong twin (a phrase of it replaced) fails."""
    assert scenario_check(scenario_id, check_id, answer)
    for old, news in edits.items():
        assert old in answer, old
        for new in news:
            assert not scenario_check(scenario_id, check_id, answer.replace(old, new)), new


def test_a_bold_label_with_an_aside_after_it_is_a_header():
    """vetch's OB-H310, OB-P112 and OB-X108 answers: "**Ruled out** (the other eight attachments, largest
    first)" over a numbered list and "**Ruled out** (the other 13 contacts are in other
    departments)" over bullets head the lists under them, as "**Ruled out**" alone does."""
    header = "**Ruled out** (the other eight attachments, largest first)"
    twins_fail(
        "OB-H310",
        "biggest-attachment",
        _calibration("OB-H310", "vetch"),
        {header: ["**Also big** (eight more attachments, largest first)", "Eight more:"]},
    )
    header = "**Ruled out** (the other 13 contacts are in other departments)"
    twins_fail(
        "OB-P112",
        "risk-management-contacts",
        _calibration("OB-P112", "vetch"),
        {header: ["**Also in Risk Management** (by their cards)", "**Also**"]},
    )
    header = "**Ruled out** (attendees who are in a group)"  # vetch's OB-X108
    twins_fail(
        "OB-X108",
        "ungrouped-attendees",
        _calibration("OB-X108", "vetch"),
        {header: ["**Also outside every group** (by their cards)"]},
    )


def test_a_negation_inside_a_values_role_is_the_role():
    """umber's OB-H321 answer: "Eight emails in your inbox are categorized as Trading, and you
    haven't read four of them yet." gives the unread count under the role "haven't read"; the
    role's "haven't" does not deny the four."""
    answer = _calibration("OB-H321", "umber")
    first = "Eight emails in your inbox are categorized as Trading, and you haven't read four"
    assert first in answer
    assert scenario_check("OB-H321", "trading-count", answer)
    twins_fail(
        "OB-H321",
        "trading-count",
        first + " of them yet.",
        {"Eight": ["Four"], "read four": ["read five", "read more than four"]},
    )
    swapped = "Four emails in your inbox are categorized as Trading; you haven't read eight."
    assert not scenario_check("OB-H321", "trading-count", swapped)


def test_a_relative_clause_in_a_header_describes_its_own_noun():
    """umber's OB-G101 answer: "In her October 11 email (which you haven't opened yet), Sally
    lists three agenda items:" heads the agenda; the "haven't" of the relative clause is about
    the email, not the list under it."""
    header = "In her October 11 email (which you haven't opened yet), Sally lists three"
    twins_fail(
        "OB-G101",
        "agenda",
        _calibration("OB-G101", "umber"),
        {
            header: [
                "In her October 11 email, Sally doesn't list these three",
                "In her October 11 email (which you opened), Sally doesn't list these three",
                "In her October 11 email (which you haven't opened yet), Sally might list three",
            ]
        },
    )


def test_a_sentence_about_the_runners_up_is_context():
    """umber's OB-H334 answer: "The runners-up were your reply to Rob Delacroix on the October
    collateral call (3 hours 50 minutes) for fastest, and your reply to Steve Kean on the Board
    Finance Committee materials (just under 5 days) for slowest." names the threads outside
    the answer, as a "Runner-up:" label does."""
    twins_fail(
        "OB-H334",
        "fastest-and-slowest",
        _calibration("OB-H334", "umber"),
        {"The runners-up were": ["Tied with them were", "Just as quick and slow were"]},
    )


def test_a_context_word_reads_in_its_inflected_forms_and_a_related_item_is_an_aside():
    """umber's OB-X110 answer: "you answered Claire (again copying Rick)" copies Rick, as the
    scenario's context word "copy" says; "One related item: Rick emailed this morning ..." is
    an aside, as "Heads-up:" is."""
    twins_fail(
        "OB-X110",
        "sender",
        _calibration("OB-X110", "umber"),
        {
            "(again copying Rick)": ["(Rick sent it too)", "(again from Rick)"],
            "One related item: Rick emailed": ["Rick emailed", "Rick also sent it and emailed"],
        },
    )


def test_a_list_that_goes_on_were_both_names_the_group_the_sentence_before_left_out():
    """umber's OB-T109 answer: "Some items already past due are not on this list. "Reconcile
    Raptor capacity schedule with Andersen" (1 step open: ...) and the September expense report
    were both due last Friday." names the two the sentence before left out, as "Both were due
    ..." does."""
    twins_fail(
        "OB-T109",
        "at-risk-todos",
        _calibration("OB-T109", "umber"),
        {
            "Some items already past due are not on this list.": [
                "Two more are at risk as well.",
                "Some items already past due are on this list too.",
            ],
            "were both due last Friday": ["are due tomorrow morning"],
        },
    )


def test_a_header_governs_the_list_items_under_it_that_head_sub_items():
    """vetch's OB-B102 and OB-H327 answers: under "**Ruled out**", "- Not finished, but due next
    week:" and "- Finished (in Done):" (or "- Three emails each:") are items of its list, each
    with sub-items: the header governs them all, not only up to the second sub-header."""
    twins_fail(
        "OB-B102",
        "cards-due",
        _calibration("OB-B102", "vetch"),
        {"**Ruled out**": ["**Also due this week**"]},
    )
    twins_fail(
        "OB-H327",
        "top-senders",
        _calibration("OB-H327", "vetch"),
        {"**Ruled out**": ["**Also at the top**"], "- Three emails each:": ["\nAlso top:"]},
    )


def test_a_ruling_word_inside_a_cells_prose_tells_of_that_cell_only():
    """vetch's OB-M107 answer: "| 5:00 PM | To-do due (high) | Prepare controls briefing for FERC
    Review | A 15-minute briefing for Wednesday on how ... |": the briefing is for Wednesday's
    review, the to-do is due tomorrow; "| Due Wednesday |" as a cell of its own still rules
    the to-do out."""
    twins_fail(
        "OB-M107",
        "todos",
        _calibration("OB-M107", "vetch"),
        {"| A 15-minute briefing for Wednesday on": ["| Due Wednesday | A briefing on"]},
    )


def test_a_numbered_list_inside_a_table_cell_counts_nothing():
    """vetch's OB-X113 answer: "| Events on your calendars | **seven** | 1. Risk Desk Stand-up,
    ...<br>2. Q3 Earnings Release Prep, ...<br>3. ..." numbers the events in a cell; the labels
    "2." ... "7." are no counts of the events (the four counts compete for every number)."""
    answer = _calibration("OB-X113", "vetch")
    assert scenario_check("OB-X113", "weekly-counts", answer)
    table = answer[answer.index("| Item |") :]  # the table alone, without the summary line
    assert scenario_check("OB-X113", "weekly-counts", table)
    for old, new in (
        ("| **seven** |", "| **six** |"),
        ("| Open to-dos due this week | **five** |", "| Open to-dos due this week | **three** |"),
    ):
        assert old in table
        assert not scenario_check("OB-X113", "weekly-counts", table.replace(old, new)), new


def test_a_sentence_counting_the_predicates_own_items_is_about_the_others():
    """umber's OB-H332 answer ("which were brand-new rather than replies?"): "The 12 replies run
    from September 25 to October 11. They went to Rick Shapiro (FERC data request), ..." tells
    of the replies, the items the question's predicate sets apart; "The reply from ..." counts
    nothing and is read as usual."""
    twins_fail(
        "OB-H332",
        "new-messages",
        _calibration("OB-H332", "umber"),
        {
            "The 12 replies run from": ["Nine more new ones run from", "The new ones run from"],
            "October 11. They went to": ["October 11. New ones also went to"],
        },
    )


H318_PROSE = (
    "All three figures went down from the first summary to the second:\n"
    "- Transactions went from 4,112 to 3,876, which is 236 fewer, or about 5.7%.\n"
    "- Notional value went from $2.9 billion to {second}, which is $0.3 billion lower.\n"
    "- Credit rejections went from 14 to 11, which is 3 fewer, or about 21%.\n\n"
    "Notional fell faster than the trade count, so the average deal got a little smaller, from "
    "roughly $705,000 to $671,000 per transaction.{extra}"
)


def test_a_rate_is_no_second_value_of_what_it_is_a_rate_of():
    """umber's OB-H318 answer: "the average deal got a little smaller, from roughly $705,000 to
    $671,000 per transaction" gives a rate (notional per transaction), not two more notional
    values."""
    check = "summary-changes"
    assert scenario_check("OB-H318", check, H318_PROSE.format(second="$2.6 billion", extra=""))
    # wrong twins: a wrong second notional; a second notional that is no rate
    assert not scenario_check("OB-H318", check, H318_PROSE.format(second="$2.5 billion", extra=""))
    again = " Notional was $3.1 billion on the 12th."
    assert not scenario_check(
        "OB-H318", check, H318_PROSE.format(second="$2.6 billion", extra=again)
    )


H326_BRIEFING = (
    "Dana, you have three unread Dynegy-related emails, and I've left all three unread.\n\n"
    'The most pressing is Louise Kitchen\'s "Dynegy Review - exposure numbers by Tuesday" from '
    "Friday morning, marked high importance. For Wednesday's Dynegy Review she needs net exposure "
    "to Dynegy by commodity and tenor, including EnronOnline positions and collateral held, in "
    "one version you can share with Dynegy and one internal version, by Tuesday at noon. {prior}"
    '\n\nRob Delacroix wrote on Friday afternoon with "Materials for Wednesday\'s review". On '
    "Dynegy's numbers, their net exposure to ENA is about $180 million after netting, mostly "
    "winter gas, and he asks you to bring six months of collateral history.\n\n"
    'The oldest is John Lavorato\'s "Dynegy credit line - where are we?" from October 5. The '
    "desk wants the Dynegy line raised from $250 million to $400 million for the winter gas "
    "business, and he wants to know where RAC comes out and what collateral you'd need."
)


def test_a_sentence_retelling_what_you_already_did_names_its_items_as_context():
    """quince's OB-H326 answer (reconstructed): "You already asked Tanya and Priya for drafts by
    Tuesday 10:00 in "Dynegy exposure for Wednesday's review"" names Dana's own sent email as
    the way the work is in hand, not as a fourth unread email."""
    check = "unread-dynegy-emails"
    prior = (
        'You already asked Tanya and Priya for drafts by Tuesday 10:00 in "Dynegy exposure for '
        "Wednesday's review\", so that should be in hand."
    )
    assert scenario_check("OB-H326", check, H326_BRIEFING.format(prior=prior))
    # wrong twins: the sent email said to be unread too; the answer given only in such a sentence
    also = 'You also have "Dynegy exposure for Wednesday\'s review" unread.'
    assert not scenario_check("OB-H326", check, H326_BRIEFING.format(prior=also))
    assert not scenario_check("OB-H326", check, H326_BRIEFING.format(prior=prior + " " + also))
    only = (
        'You already have these unread: "Dynegy Review - exposure numbers by Tuesday", '
        '"Materials for Wednesday\'s review", "Dynegy credit line - where are we?" and "Dynegy '
        "exposure for Wednesday's review\"."
    )
    assert not scenario_check("OB-H326", check, only)


R110_TABLE = (
    "**Three people haven't accepted yet: Steven Kean, Nathan Pryor and Sally Beck.**\n\n"
    "| Meeting | When | Accepted | Not yet accepted |\n"
    "|---|---|---|---|\n"
    "| Raptor Restructuring Update | Tue Oct 16, 1:00 PM | Jeff Skilling, Marcus Hale | "
    "Steven Kean (no response), Nathan Pryor (tentative){extra} |\n"
    "| Q4 Risk Review Kickoff | Mon Oct 22, 10:00 AM | Priya Raman, Marcus Hale, Tanya Ortiz "
    "| Sally Beck (no response) |\n"
)


def test_items_in_another_column_than_the_members_are_context():
    """The members' role in a table is their column: under "| Accepted | Not yet accepted |"
    the people in the Accepted column are named beside the answer, not as part of it; a wrong
    person in the members' column is asserted (even one also named in the other column)."""
    check = "not-accepted"
    assert scenario_check("OB-R110", check, R110_TABLE.format(extra=""))
    assert scenario_check("OB-R110", "pending-on-evt-007", R110_TABLE.format(extra=""))
    # wrong twins: an accepted invitee in the members' column; another invitee there
    assert not scenario_check("OB-R110", check, R110_TABLE.format(extra=", Marcus Hale"))
    assert not scenario_check("OB-R110", check, R110_TABLE.format(extra=", Jeff Skilling"))
    assert not scenario_check("OB-R110", check, R110_TABLE.format(extra=", Tanya Ortiz"))


P108_TABLE = (
    "**Yes: Louise Kitchen and John Lavorato are each in two groups (Executive Team and Trading "
    "Desk).**\n\n"
    "| Group | Members |\n"
    "|---|---|\n"
    "| Executive Team | Jeff Skilling, Louise Kitchen, Sally Beck, John Lavorato, Richard "
    "Shapiro, Steven Kean |\n"
    "| Trading Desk | Louise Kitchen, John Lavorato{extra}, Tanya Ortiz |\n"
    "| Outside Advisors | Nathan Pryor, Claire Boudreaux, Alan Whitcombe |\n\n"
    "Notes\n- Nobody is in all three groups."
)


def test_a_listing_of_exactly_a_groups_members_describes_the_group():
    """rowan's OB-P108 answer (reconstructed): a table of every group's members under the answer
    names the members of the other groups as what each group holds; a row that lists a group
    wrongly (one person more) is read as usual, and so is a table given without the answer."""
    check = "multi-group-contacts"
    assert scenario_check("OB-P108", check, P108_TABLE.format(extra=""))
    lines = (
        "Yes, two: Louise Kitchen and John Lavorato.\n\n"
        "- Executive Team: Jeff Skilling, Louise Kitchen, Sally Beck, John Lavorato, Richard "
        "Shapiro, Steven Kean\n"
        "- Trading Desk: Louise Kitchen, John Lavorato, Tanya Ortiz\n"
        "- Outside Advisors: Nathan Pryor, Claire Boudreaux, Alan Whitcombe"
    )
    assert scenario_check("OB-P108", check, lines)
    # wrong twins: a person added to a group's row; a wrong person in the answer; the table alone
    assert not scenario_check("OB-P108", check, P108_TABLE.format(extra=", Jeff Skilling"))
    assert not scenario_check("OB-P108", check, P108_TABLE.format(extra=", Tanya Ortiz"))
    wrong = P108_TABLE.format(extra="").replace(
        "and John Lavorato are", ", John Lavorato and Tanya Ortiz are"
    )
    assert not scenario_check("OB-P108", check, wrong)
    table_only = P108_TABLE.format(extra="")[P108_TABLE.index("| Group") :]
    assert not scenario_check("OB-P108", check, table_only)
    assert not scenario_check(
        "OB-P108", check, lines.replace("Tanya Ortiz\n", "Tanya Ortiz, Sally Beck\n")
    )


def test_what_a_value_would_become_under_a_condition_is_no_second_value():
    """Another rowan-style OB-H312 answer (reconstructed): "Richard Shapiro would drop to 40% once
    you read today's FERC email" in the Notes says what his rate would become, not what it is."""
    check = "unread-percentages"
    notes = H312_TABLE.format(other="Share of all unread", louise="25%") + (
        "\n- Richard Shapiro would drop to 40% once you read today's FERC email."
    )
    assert scenario_check("OB-H312", check, notes)
    # wrong twins: the same value said as his rate; the rate said only as what it would be
    assert not scenario_check(
        "OB-H312", check, notes.replace("would drop to 40% once", "is at 40%;")
    )
    only = notes.replace("| 3 | 60% |", "| 3 | 50% |").replace("drop to 40%", "be at 60%")
    assert not scenario_check("OB-H312", check, only)


def honest(task_id: str, source: str) -> str:
    """The calibration answer an honest solver (`source`) wrote for a suite scenario."""
    (entry,) = [c for c in task(task_id).calibration if c.source == source]
    return entry.answer


H331_ASIDE = "but that one isn't from Steve, so I didn't count it."


@pytest.mark.parametrize(
    ("replacement", "passes"),
    [
        (H331_ASIDE, True),
        ("and that one counts too.", False),
        ("so I counted it too.", False),
        ("but I counted it as well.", False),
        ("but that one isn't from Steve, so I didn't count it. Jeff is your manager too.", False),
    ],
)
def test_an_introduced_thing_left_out_by_a_pronoun_is_ruled_out(replacement, passes):
    """ "(There's also an unread note from Jeff Skilling ..., but that one isn't from Steve, so
    I didn't count it.)" describes what was left out (jay, OB-H331); counting it asserts it."""
    answer = honest("OB-H331", "jay").replace(H331_ASIDE, replacement)
    assert scenario_check("OB-H331", "manager", answer) is passes


@pytest.mark.parametrize(
    ("old", "new", "passes"),
    [
        ("(to Marcus, Priya cc'd)", "(to Marcus, Priya cc'd)", True),
        ("(to Marcus, Priya cc'd)", "(to Marcus; Priya cc'd)", True),
        ("(to Marcus, Priya cc'd)", "(to Marcus, Priya replied)", False),
        ("(to Marcus, Priya cc'd)", "(from Marcus, Priya)", False),
        ("(to Marcus, Priya cc'd)", "(Marcus, Priya cc'd)", False),
        ('3:40 PM: you, "RE: Raptor', '3:40 PM: Steve Kean, "RE: Raptor', False),
    ],
)
def test_a_person_copied_in_an_absolute_phrase_is_no_author(old, new, passes):
    """ "(to Marcus, Priya cc'd)" gives the recipients of Dana's reply (jay, OB-H340), not a
    list of two authors; a name given as the author, or a bare pair, still is one."""
    answer = honest("OB-H340", "jay")
    assert old in answer
    assert scenario_check("OB-H340", "authors", answer.replace(old, new)) is passes


@pytest.mark.parametrize(
    ("old", "new", "passes"),
    [
        ("have five each", "have five each", True),
        ("have five each", "have ten each", False),
        ("with ten messages", "with five messages", False),
        ("Next is the Executive group with seven", "The Executive group also has ten", False),
    ],
)
def test_a_senders_breakdown_is_no_tie_for_the_top(old, new, passes):
    """Trading's ten broken down by sender ("Louise Kitchen sent five, ...") leaves "X and Y
    have five each" a runner-up line (jay, OB-H338); a tie at ten or a wrong top count fails."""
    answer = honest("OB-H338", "jay")
    assert old in answer
    assert scenario_check("OB-H338", "top-department", answer.replace(old, new)) is passes


M107_HEADER = "Both are high importance and not started:"


@pytest.mark.parametrize(
    ("header", "passes"),
    [
        (M107_HEADER, True),
        ("Both are high importance and not yet started:", True),
        ("Both are high importance and not due tomorrow:", False),
        ("Both are not due tomorrow:", False),
        ("Both are high importance but not started and not due:", False),
    ],
)
def test_a_headers_not_started_is_a_status_not_a_denial(header, passes):
    """ "Both are high importance and not started:" over the to-dos due tomorrow gives their
    state (owl, OB-M107); a header denying what was asked still denies the list."""
    answer = honest("OB-M107", "owl").replace(M107_HEADER, header)
    assert scenario_check("OB-M107", "todos", answer) is passes
