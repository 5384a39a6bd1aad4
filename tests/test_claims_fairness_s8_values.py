"""Honest answers of session 8's solvers (fern, gorse) that the claims misread, read as they are
meant, each with wrong twins that must still fail. A file of its own so that the fairness
engineers' tests do not collide; the helpers are tests/test_claims_fairness.py's. The answers
are quoted: /work/solver is not in the repo."""

from __future__ import annotations

from tests.test_claims_fairness import scenario_check, task
from tests.test_claims_fairness_fair_a import passes_and_twins_fail

R111 = (
    "This week (Oct 15-19) is heavier: 6 timed meetings, 6.5 hours total (stand-up, Q3 earnings "
    "prep, Raptor update, FERC, Dynegy, credit reserve review). Next week (Oct 22-26) has 3 "
    "meetings totalling 3h 45m: the Andersen controls walkthrough, your lunch with Claire "
    "Boudreaux, and the Q4 risk review kickoff. I left out the two all-day deadline items (Q3 "
    "risk report due, FERC data response due)."
)


def test_an_aside_in_parentheses_inside_a_statement_is_skipped():
    """fern's OB-R111: "This week (Oct 15-19) is heavier" says "this week is heavier"; the aside
    may not carry a negation out of it, nor turn the statement around."""
    passes_and_twins_fail(
        "OB-R111",
        "heavier-week",
        R111,
        {
            "This week (Oct 15-19) is heavier": [
                "This week (Oct 15-19) is not heavier",
                "This week (Oct 15-19) isn't heavier",
                "Next week (Oct 22-26) is heavier",
                "This week (Oct 15-19) is lighter",
            ]
        },
    )


G109 = (
    "Wednesday's FERC Review (10-11:30): Jeff wants you to take 15 minutes on how your trading "
    "controls would look to FERC staff going through EnronOnline trade by trade, gaps included. "
    "Rick wants you to review V&E's comments and bring revised language for the credit limit "
    "section, built around the override approval process, and he plans to walk through your "
    'sections there. Related to-dos: "Prepare controls briefing for FERC Review" (due Tue 5pm, '
    'not started, manual override list and talking points for Jeff both open) and "Compile '
    'EnronOnline trade data for FERC data request" (in progress, due Fri). Dynegy Review '
    "(11-12, overlaps FERC by 30 min, not RSVP'd yet): Louise wants net Dynegy exposure by "
    "commodity and tenor, including EOL positions and collateral held, in a shareable version "
    "and an internal one, due Tue noon; you asked Tanya and Priya for drafts by Tue 10am. Rob "
    "Delacroix asked you to bring six months of collateral history. The related to-do is "
    '"RSVP to Dynegy Review (conflicts with FERC Review)", due today at noon (pick one or send '
    "Tanya), plus the Dynegy exposure card on your Q4 board."
)


def test_a_negation_in_an_aside_after_a_name_stays_in_the_aside():
    """fern's OB-G109: in "Dynegy Review (11-12, ..., not RSVP'd yet): Louise wants ... by
    commodity and tenor" the "not" tells of the meeting the aside follows, not of the list after
    the label's colon. A negation outside the aside still governs it."""
    passes_and_twins_fail(
        "OB-G109",
        "dynegy-expectations",
        G109,
        {
            "Dynegy Review (11-12, overlaps FERC by 30 min, not RSVP'd yet):": [
                "Dynegy Review, not RSVP'd yet:",
                "Not covered (Dynegy Review):",
                "Not sure (Dynegy Review):",
            ],
            "commodity and tenor": ["commodity"],
        },
    )


H319 = (
    "Marcus gave you two Raptor figures. On Sept 26 he said Raptor III is underwater by about "
    "$230 million on the TNPC shares alone, with I and IV around breakeven. On Oct 10, in model "
    "v3, he put the termination case at an after-tax charge of roughly $544 million; the "
    "alternative, contributing shares, would dilute by about 2%. The $40M Brazilian power drop "
    "he mentioned is from the merchant asset schedule, not Raptor, and the ~$500M shortfall "
    "estimate was your own number to Jeff."
)


def test_an_elided_contrast_closing_a_clause_rules_out_the_sentence_subject():
    """fern's OB-H319: "The $40M Brazilian power drop he mentioned is from the merchant asset
    schedule, not Raptor, and ..." says the $40M is not a Raptor figure, however far "not
    Raptor" stands from it; without the contrast, or with it turned, the $40M is his."""
    passes_and_twins_fail(
        "OB-H319",
        "marcus-raptor-figures",
        H319,
        {
            "from the merchant asset schedule, not Raptor,": [
                "from the merchant asset schedule for Raptor,",
                "on Raptor, not the merchant asset schedule,",
                "also on Raptor, from the merchant asset schedule,",
            ],
        },
    )


H314 = (
    'The longest thread in your mailbox is "FERC data request on EnronOnline trades," with '
    "three messages. Every other thread has two messages at most.\n\n"
    "To find it, I listed all 65 messages across your folders and grouped them by "
    "conversation. The thread starts with Richard Shapiro's email of September 24, which says"
    " FERC staff want trade-level EnronOnline data for Western power from May 2000 through "
    "June 2001, with responses due October 24, and asks RAC to own the credit and controls "
    "portion. Next is your reply of September 25, taking on the credit and controls sections."
    " Last is Rick's follow-up of October 8, saying V&E confirmed counterparty identities can"
    " be produced under a confidentiality request and proposing to walk through your sections"
    " at the FERC Review on the 17th.\n\n"
    "Several threads tie for second place with two messages each, usually one incoming email "
    "and your reply. Examples are the Q3 VaR summary exchange with Priya, the Q3 earnings "
    "release risk disclosures with Jeff Skilling, the October collateral call with Rob "
    "Delacroix, and the privileged FERC draft response with Claire Boudreaux. Two other "
    "emails look related to this thread but aren't part of it, so I didn't count them: Rick's"
    ' separate email this morning, "FERC Review: V&E comments on the data response," and the '
    "two Legal Tickets notices about the Calpine ISDA review (opened and resolved). Each of "
    "those is in its own conversation."
)

H323 = (
    'The oldest unread email in your inbox is "Dynegy credit line - where are we?" from John '
    "Lavorato (john.lavorato@enron.com). He sent it on Friday, October 5, 2001 at 1:10 PM.\n\n"
    "I listed the unread messages in your Inbox, oldest first. There are nineteen, and John's"
    " is at the front of the queue. The next oldest are Louise Kitchen's \"EnronOnline "
    'September statistics" and Rick Shapiro\'s "RE: FERC data request on EnronOnline trades," '
    "both from October 8. John's email is addressed only to you. He writes that the desk "
    "wants to raise the Dynegy credit line from $250 million to $400 million to support the "
    "winter gas business. He acknowledges RAC's concerns about Dynegy's merchant exposure, "
    "and he asks where you come out and what collateral you would need to get comfortable. "
    "You have the Dynegy Review on Wednesday, so it may be worth answering him before then, "
    "or at least going in with a position on it."
)

H338 = (
    "Trading sends you the most mail: ten messages. Louise Kitchen sent five, John Lavorato "
    "three and Tanya Ortiz two.\n\n"
    "I counted every message in your mailbox from someone other than you (all fifty are in "
    "your Inbox). I then looked up each sender's department in the company directory, left "
    "out the system accounts, and grouped the Enron people by department. Executive comes "
    "second with seven, four from Jeff Skilling and three from Steven Kean. Government "
    "Affairs (Richard Shapiro) and Risk Management (Priya Raman) have five each. Operations "
    "(Sally Beck) and Global Finance (Marcus Hale) have four each. The EnronOnline system "
    "account sent three automated notices and is listed under Trading Systems, but as a "
    "system account it isn't counted; even if it were, it sits in a different department and "
    "wouldn't change the answer. GasBank and Legal Tickets were left out for the same reason."
    " Rob Delacroix (Dynegy), Nathan Pryor (Andersen) and Claire Boudreaux (V&E) aren't Enron"
    " people, so they weren't counted either."
)

G107 = (
    "Your lunch with Claire Boudreaux is next Thursday, October 25, from 12:00 noon to 1:15 "
    'PM at Treebeards on Market Square. The most recent email she sent you is "Document '
    'retention policy - reminder," from Wednesday, October 10. One of your to-dos is tied to '
    "one of her emails, and it is done.\n\n"
    "The lunch is a meeting you set up to catch up on the regulatory calendar for Q4. Claire "
    "accepted on October 12, and your reminder is set for 15 minutes before.\n\n"
    "To find her latest email I searched your whole mailbox for mail from "
    "claire.boudreaux@velaw.com. There are only two. The October 10 reminder says that, as "
    "part of V&E's engagement, they ask clients to follow their document retention policies, "
    "to suspend routine destruction of any documents related to pending regulatory inquiries,"
    " and to make sure your group knows about the hold notice Enron Legal circulated in "
    "September. She asks you to let her know if anyone has questions about what the hold "
    'covers. The earlier one, from October 4, is "Privileged: FERC market-based rate inquiry '
    "- draft response,\" with V&E's first draft of the FERC response. You replied to it on "
    "October 11. Rick Shapiro's email this morning says Claire sent V&E's comments on the "
    "revised data response, but that message didn't come to you directly, so I didn't count "
    "it as one of hers.\n\n"
    'The to-do linked to her email is "Send corrections on V&E draft FERC response," on your '
    "FERC Prep list. It is tied to her October 4 draft-response email and covered sections 3 "
    "and 4 (credit limits and controls), due to Claire by October 12. It is marked completed,"
    " finished on October 11 at 11:05 AM, which matches your reply to her that morning. None "
    "of your other to-dos is linked to any of Claire's messages."
)

H322 = (
    "Three people: Tanya Ortiz, Steven Kean and John Lavorato were each cc'd on exactly 3 of "
    "the emails sent to you. Richard Shapiro, Priya Raman and Marcus Hale were on 2 each, and"
    " Claire Boudreaux on 1."
)

H310 = (
    "The biggest is Raptor_restructuring_model_v3.xls, 512,000 bytes (500 KB). It came on "
    'Marcus Hale\'s "Raptor restructuring model v3" email from Oct 10. Next largest is the Q3 '
    "P&L attribution spreadsheet at 419,840 bytes, on John Lavorato's email."
)


def test_the_runners_up_of_a_ranking_are_context():
    """gorse's answers go on down the ranking the question asks the top of: "Several threads tie
    for second place ... Examples are A, B" (OB-H314, under "most"), "The next oldest are A and
    B" (OB-H323), "Executive comes second with seven" (OB-H338), "The earlier one, from October
    4, is X" (OB-G107, under "latest"). Read generically (claims/ranks.py), not from the
    scenarios' words; the same items said at the top, or without the rank, are asserted."""
    passes_and_twins_fail(
        "OB-H314",
        "longest-thread",
        H314,
        {
            "Several threads tie for second place with two messages each": [
                "Several threads also have three messages each",
                "Several threads tie for the most, with three messages each",
            ]
        },
    )
    for check in ("oldest-unread-email", "sender"):
        passes_and_twins_fail(
            "OB-H323",
            check,
            H323,
            {
                "The next oldest are": ["The oldest are also", "Equally old are"],
            },
        )
    passes_and_twins_fail(
        "OB-H338",
        "top-department",
        H338,
        {
            "Executive comes second with seven": [
                "Executive also sends the most, seven",
                "Executive ties with ten",
            ],
            "Trading sends you the most mail: ten messages.": [
                "Trading and Executive send you the most mail: ten and seven messages.",
            ],
        },
    )
    passes_and_twins_fail(
        "OB-G107",
        "latest-email",
        G107,
        {
            "The earlier one, from October 4, is": [
                "The later one, from October 4, is",
                "The latest one, from October 4, is",
            ]
        },
    )


def test_a_wrong_top_item_beside_a_member_ranked_below_it_is_asserted():
    """A part that ranks a member as a runner-up ("ahead of the second-place A") may put a wrong
    item above it: that item is asserted, whatever rank words stand beside it."""
    assert not scenario_check(
        "OB-H310",
        "biggest-attachment",
        "Q3_PnL_attribution_Americas.xls comes out on top at 600,000 bytes, ahead of the "
        "second-place Raptor_restructuring_model_v3.xls at 512,000 bytes.",
    )


def test_a_runners_up_value_is_not_the_top_ones():
    """fern's OB-H310: "Next largest is the Q3 P&L attribution spreadsheet at 419,840 bytes"
    gives the runner-up's size, not a second size of the biggest file named before; the right
    size said only there is not stated, and the wrong one said of the biggest still fails."""
    passes_and_twins_fail(
        "OB-H310",
        "attachment-size",
        H310,
        {
            "Next largest is": ["It is also", "The biggest is"],
            "512,000 bytes (500 KB)": ["419,840 bytes"],
        },
    )
    assert not scenario_check(
        "OB-H310",
        "attachment-size",
        "The biggest is Raptor_restructuring_model_v3.xls. Next largest is the Q3 P&L "
        "attribution spreadsheet at 512,000 bytes.",
    )


def test_items_given_another_count_than_the_answers_are_context():
    """fern's OB-H322 ("who was cc'd on exactly three?", the check's `count`): "Richard Shapiro,
    Priya Raman and Marcus Hale were on 2 each" names them with another count; gorse's OB-H338
    ("which department sends the most?"): "Government Affairs and Risk Management have five
    each" beside "Trading ... ten messages". Given the members' count, put level with them,
    added ("too") or listed with them, they are asserted."""
    passes_and_twins_fail(
        "OB-H322",
        "cc-three-times",
        H322,
        {
            "were on 2 each": ["were on 3 each", "were on 2 each too"],
            "Tanya Ortiz, Steven Kean and John Lavorato were": [
                "Tanya Ortiz, Steven Kean, John Lavorato and Priya Raman were"
            ],
        },
    )
    passes_and_twins_fail(
        "OB-H338",
        "top-department",
        H338,
        {
            "have five each": ["have ten each", "are tied with Trading at five each"],
            "Operations (Sally Beck) and Global Finance (Marcus Hale) have four each.": [
                "Operations (Sally Beck) and Global Finance (Marcus Hale) also send the most.",
                "Operations (Sally Beck) is the top one.",
            ],
        },
    )


def test_a_runner_up_put_above_the_top_is_asserted():
    """ "X is a close second, and actually a bit bigger." ranks X second, then overturns the
    ranking: X is asserted as the biggest, whatever rank or context words the part holds. A
    comparative of another subject in its own clause, or pointing down, keeps X a runner-up."""
    lead = H310 + "\n\nQ3_PnL_attribution_Americas.xls is "
    assert not scenario_check(
        "OB-H310", "biggest-attachment", lead + "a close second, and actually a bit bigger."
    )
    for right in (
        "a close second.",
        "second, and Raptor_restructuring_model_v3.xls is a bit bigger.",
        "second, and smaller.",
        "second, bigger than the rest.",
    ):
        assert scenario_check("OB-H310", "biggest-attachment", lead + right)


def test_a_runner_up_overturned_in_a_paragraph_of_runners_up_is_asserted():
    """Ranking words that contradict the order they state put the runner-up above the top, even
    in the paragraph "Next largest is ..." makes context: "X is second but larger.", "Next
    largest is X, though it is actually the largest", "..., which tops the list", and "Next is
    X, though it is actually the most" under a claim whose ruled-out words are the rank's own
    ("next"). Correct twins: the measure or a comparative that keeps X below ("well behind the
    largest", "smaller", "bigger than the rest", "the largest of the others"), the top place
    given to the right item in its own part."""
    q = "Q3_PnL_attribution_Americas.xls"
    runner_up = "Next largest is the Q3 P&L attribution spreadsheet at 419,840 bytes"
    assert not scenario_check("OB-H310", "biggest-attachment", f"{H310} {q} is second but larger.")
    for wrong in (
        ", but actually larger",
        ", second but larger",
        " (second, yet larger)",
        ", though it is actually the largest",
        ", which is in fact bigger",
        ", the bigger of the two",
        ", which tops the list",
        ", which comes first",
    ):
        answer = H310.replace(runner_up, f"Next largest is {q}{wrong}")
        assert not scenario_check("OB-H310", "biggest-attachment", answer), wrong
    for right in (
        "",
        ", well behind the largest",
        ", second after the largest",
        ", smaller",
        ", bigger than the rest",
        ", which is the largest of the others",
        "; Raptor_restructuring_model_v3.xls tops the list",
    ):
        answer = H310.replace(runner_up, f"Next largest is {q}{right}")
        assert scenario_check("OB-H310", "biggest-attachment", answer), right
    tie = "It's a three-way tie at 5 emails each: Louise Kitchen, Richard Shapiro and Priya Raman."
    assert scenario_check("OB-H327", "top-senders", f"{tie} Next is John Lavorato, with 4.")
    wrong = f"{tie} Next is John Lavorato, though it is actually the most."
    assert not scenario_check("OB-H327", "top-senders", wrong)


def test_an_aside_denying_a_place_in_the_answer_governs_the_list():
    """ "Dynegy Review (not covered): Louise wants ..." says the list under the label is not part
    of the answer: a negation before a membership word in the aside is not about the meeting, as
    "not RSVP'd yet" is. Correct twins: the aside tells a state of the meeting."""
    label = "Dynegy Review (11-12, overlaps FERC by 30 min, not RSVP'd yet):"
    for wrong in ("(not covered)", "(not included)", "(11-12, not part of the answer)"):
        answer = G109.replace(label, f"Dynegy Review {wrong}:")
        assert not scenario_check("OB-G109", "dynegy-expectations", answer)
    for right in ("(not RSVP'd yet)", "(not yet accepted)", "(not in EB 3204)"):
        answer = G109.replace(label, f"Dynegy Review {right}:")
        assert scenario_check("OB-G109", "dynegy-expectations", answer)


def test_an_aside_denying_a_place_in_the_answer_rules_out_what_its_label_heads():
    """ "two to-dos are due (not covered): A and B" rules A and B out, whatever the aside follows:
    a value, a phrase, a line heading a list or a table cell, and whatever the label says (one
    restating the question's predicate included). 6 reference answers passed with it (OB-G103,
    H325, M108, M110, P103, X108), 95 of 449 such audit mutants in all. Correct twins: an aside
    with an object of its own is scope or a state ("(not counting completed ones)", "(not part
    of any group yet)"), not a denial."""
    cases = {
        ("OB-M110", "todos"): ("two to-dos are due:", "(not counting completed ones)"),
        ("OB-P103", "ungrouped-outsiders"): ("in none of your groups:", "(not part of any group)"),
        ("OB-X108", "ungrouped-attendees"): ("any contact group:", "(not listed in a group)"),
        ("OB-M108", "no-email-contacts"): ("with you at all:", "(not included on any thread)"),
        ("OB-G103", "not-accepted"): ("1:00-2:00 PM):", "(not covered by the room booking)"),
    }
    for (scenario_id, check_id), (label, right) in cases.items():
        answer = task(scenario_id).solution.answer
        assert label in answer and scenario_check(scenario_id, check_id, answer)
        head = label[:-1]
        for wrong in ("(not covered)", "(isn't included here)", "(done, not part of the answer)"):
            denied = answer.replace(label, f"{head} {wrong}:")
            assert not scenario_check(scenario_id, check_id, denied), (scenario_id, wrong)
        assert scenario_check(scenario_id, check_id, answer.replace(label, f"{head} {right}:"))
    steps = (
        "Both checklist steps are still open{}:\n- Termination vs. share contribution comparison"
    )
    steps += "\n- One-page charge summary"
    assert scenario_check("OB-G103", "open-steps", steps.format(""))
    assert scenario_check("OB-G103", "open-steps", steps.format(" (not ticked yet)"))
    assert not scenario_check("OB-G103", "open-steps", steps.format(" (not covered)"))
    row = "| To-do | Meeting this week on it? |\n|---|---|\n| Reconcile Raptor capacity schedule"
    row += " with Andersen | Yes{}: Raptor Restructuring Update, Tue 16/10 13:00 |"
    assert scenario_check("OB-X104", "related-meeting", row.format(""))
    assert not scenario_check("OB-X104", "related-meeting", row.format(" (not covered)"))


def test_a_share_in_a_counts_role_gives_that_count():
    """ "Unread: 5 of the 8" (OB-H321's calibration answer 2, with 4 unread) puts 5 in the unread
    role: a share neither side of which is the role's count contradicts it, even when its other
    side is the subject's total. Correct twins: the right share, and the share said the other
    way round."""
    answer = task("OB-H321").calibration[2].answer
    assert "Unread: 4 of the 8:" in answer
    for wrong in ("Unread: 5 of the 8:", "Unread: 3 of the 8:"):
        wrong_answer = answer.replace("Unread: 4 of the 8:", wrong)
        assert not scenario_check("OB-H321", "trading-count", wrong_answer)
    assert scenario_check("OB-H321", "trading-count", answer)
    right = answer.replace("Unread: 4 of the 8:", "4 of the 8 are unread:")
    assert scenario_check("OB-H321", "trading-count", right)


def test_a_context_subject_given_the_measure_in_its_own_clause_is_asserted():
    """ "The only other meeting today, the Q3 Earnings Release Prep, is your first one" opens a
    context sentence, then states the asked measure of the wrong meeting: it passed OB-R101.
    Correct twins: the context sentence without the measure, and the right meeting first."""
    stand_up = "the Risk Desk Stand-up"
    other = "The only other meeting today, the Q3 Earnings Release Prep, is {}"
    wrong = other.format(f"your first one at 10:00 AM; then {stand_up}.")
    assert not scenario_check("OB-R101", "first-meeting", wrong)
    for right in (
        f"Your first meeting today is {stand_up} at 10:00 AM. " + other.format("at 2:00 PM."),
        f"Your first meeting today is {stand_up} at 10:00 AM. " + other.format("your second one."),
    ):
        assert scenario_check("OB-R101", "first-meeting", right), right
