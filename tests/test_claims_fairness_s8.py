"""Session 8's honest shapes (the episodes were lost; their shapes were recorded): correct
answers written in each shape, played against the tools, read as they are meant, each with
wrong twins that must still fail. A file of its own so that the fairness engineers' tests do
not collide; the helpers are tests/test_claims_fairness.py's."""

from __future__ import annotations

from tests.test_claims_fairness import scenario_check
from tests.test_claims_fairness_fair_a import _swapped, passes_and_twins_fail

P109 = (
    "Jeff Skilling, Louise Kitchen and Richard Shapiro.\n\n"
    "Nothing yet today from Sally Beck, John Lavorato or Steven Kean."
)


def test_nothing_from_a_list_denies_the_list():
    """OB-P109: "Nothing yet today from A, B or C" says they have not written, as "no email
    from A" does."""
    passes_and_twins_fail(
        "OB-P109",
        "todays-senders",
        P109,
        {
            "Nothing yet today from": ["Something today from", "Also today from"],
            "Jeff Skilling, Louise": ["Nothing from Jeff Skilling. Louise"],
        },
    )


B109 = (
    "Nothing unfinished is past due. One card is due within the next 48 hours (by Wed, "
    "Oct 17, 9:00 AM):\n\n"
    '- "Raptor hedge restructuring" (Deal Pipeline, In Progress), due Tue, Oct 16, 1:00 PM. '
    "Assigned to Marcus Hale and you.\n\n"
    'Heads up, "Counterparty credit review: Dynegy exposure" (Tanya Ortiz and you) is due '
    "Wed, Oct 17, 10:00 AM, ~1 hr outside the window."
)


def test_an_opening_denial_followed_by_a_count_is_partial():
    """OB-B109: "Nothing unfinished is past due. One card is due within the next 48 hours"
    denies one half of the question; the count after it gives the other half, so the
    opening denial does not deny everything the answer names."""
    passes_and_twins_fail(
        "OB-B109",
        "cards-due-soon",
        B109,
        {
            # the outside card given as due in the window; the answer's own card hedged
            "Heads up, ": ["Also due in the window: "],
            '- "Raptor hedge': ['- Possibly "Raptor hedge'],
            # the count is not what makes a denial partial when it denies that count too
            "One card is due": ["Nothing is due. Not one card is due"],
        },
    )
    assert scenario_check("OB-B109", "assignee", B109)
    assert not scenario_check("OB-B109", "cards-due-soon", "Nothing. " + B109.split("\n\n")[1])


H306 = (
    "Four unread high-importance emails in your inbox (nothing marked as read):\n\n"
    '1. "FERC Review: V&E comments on the data response" from Richard Shapiro, Mon Oct 15\n'
    '2. "URGENT: unconfirmed trades at month-end" from Sally Beck, Fri Oct 12\n'
    '3. "Agenda for Wednesday\'s FERC Review" from Jeff Skilling, Fri Oct 12\n'
    '4. "Dynegy Review - exposure numbers by Tuesday" from Louise Kitchen, Fri Oct 12\n\n'
    "Two high-importance emails in your inbox have been opened, so I left them off: "
    '"Gas desk VaR breach 9/24" (John Lavorato) and "Privileged: FERC market-based rate '
    'inquiry - draft response" (Claire Boudreaux).'
)


def test_a_pronoun_left_off_before_a_colon_stands_for_the_list_after_it():
    """OB-H306: "..., so I left them off: A and B" leaves out the items the colon opens, not
    the ones listed before the sentence."""
    passes_and_twins_fail(
        "OB-H306",
        "unread-high-importance-messages",
        H306,
        {
            "so I left them off:": ["so I listed them too:", "so here they are:"],
            # no colon: "them" stands for what was named before it, as before
            "have been opened, so I left them off: ": ["are unread too: "],
        },
    )


H324 = (
    "Two of the three members of your Outside Advisors group have emailed you:\n\n"
    "| Member | Emails sent to you |\n"
    "|---|---|\n"
    "| Nathan Pryor (Arthur Andersen) | 3 |\n"
    "| Claire Boudreaux (Vinson & Elkins) | 2 |\n"
    "| Alan Whitcombe (CERA) | 0 |\n\n"
    "Ruled out: Alan Whitcombe is in the group but has never emailed you."
)
N505 = (
    "Two folders have unread email right now:\n"
    "- Inbox: 16 unread\n"
    "- Dynegy: 3 unread\n\n"
    "Sent Items, Drafts, Deleted Items, Archive and Junk Email are all at 0 unread."
)


def test_a_zero_count_said_of_an_item_rules_it_out():
    """OB-H324 / OB-N505: a zero count in an item's row ("| Alan Whitcombe | 0 |") or right
    after it ("... and Junk Email are all at 0 unread") says it has none of what the question
    counts: never one of the answer's items."""
    passes_and_twins_fail(
        "OB-H324",
        "members-who-emailed",
        H324,
        {
            "| Alan Whitcombe (CERA) | 0 |": ["| Alan Whitcombe (CERA) | 1 |"],
            "Ruled out: Alan Whitcombe is in the group but has never emailed you.": [
                "Alan Whitcombe has emailed you too."
            ],
        },
    )
    passes_and_twins_fail(
        "OB-N505",
        "folders-with-unread",
        N505,
        {
            "are all at 0 unread": ["are all at 2 unread", "have unread mail too"],
            # a zero before the list is not said of it
            "Sent Items, Drafts, Deleted Items, Archive and Junk Email are all at 0 unread.": [
                "With 0 unread in Drafts, Archive has some unread mail."
            ],
        },
    )
    # a share is not a count of nothing ("0 of 2")
    share = N505.replace("are all at 0 unread", "are at 0 of 2 read")
    assert not scenario_check("OB-N505", "folders-with-unread", share)


R102 = (
    "Three of your meetings this week include someone from outside Enron:\n\n"
    "| Meeting | When | Outside person | Company (as in your contacts) |\n"
    "|---|---|---|---|\n"
    "| Raptor Restructuring Update | Tue Oct 16, 1:00-2:00 PM | Nathan Pryor | Arthur Andersen LLP |\n"
    "| FERC Review | Wed Oct 17, 10:00-11:30 AM (overlaps the Dynegy Review) | Claire Boudreaux "
    "| Vinson & Elkins LLP |\n"
    "| Dynegy Review | Wed Oct 17, 11:00 AM-12:00 PM (overlaps the FERC Review) | Rob Delacroix "
    "| Dynegy Inc. |\n"
)


def test_a_meeting_in_an_aside_of_another_cell_is_not_the_rows_subject():
    """OB-R102: "| FERC Review | 10:00-11:30 (overlaps the Dynegy Review) | Claire Boudreaux |":
    Claire is the row's outsider, the FERC Review's; the meeting the When cell's aside names is
    not the row's subject."""
    swapped = _swapped(R102, "| Claire Boudreaux |", "| Rob Delacroix |")
    for meeting in ("evt008", "evt009"):
        assert scenario_check("OB-R102", f"outsider-on-{meeting}", R102)
        assert not scenario_check("OB-R102", f"outsider-on-{meeting}", swapped)
    # with no other subject in the row, the aside's meeting is still the one it binds to
    alone = R102.replace("| FERC Review | Wed", "| Wed").replace("|---|---|---|---|", "|---|")
    assert not scenario_check("OB-R102", "outsider-on-evt008", alone)


G107 = (
    "Lunch with Claire Boudreaux: Thursday, October 25, 12:00-1:15 PM at Treebeards, Market "
    "Square.\n\n"
    'Her most recent email to you is "Document retention policy - reminder" (Wed, Oct 10).\n\n'
    "Yes, one to-do is tied to one of her emails, and it is done:\n\n"
    "| To-do | List | Linked email | Status |\n"
    "|---|---|---|---|\n"
    '| Send corrections on V&E draft FERC response | FERC Prep | "Privileged: FERC '
    'market-based rate inquiry - draft response" (Oct 4) | Completed Oct 11 |\n'
)


def test_an_email_in_a_row_keyed_by_a_to_do_is_the_to_dos_attribute():
    """OB-G107: a table keyed by to-dos ("| To-do | List | Linked email | Status |") names the
    email each to-do is linked to: an attribute of the row's to-do, not a second answer to
    "what was her most recent email?", which the answer gives above it."""
    passes_and_twins_fail(
        "OB-G107",
        "latest-email",
        G107,
        {
            # the answer's own email missing above the table, or a wrong one given there
            '"Document retention policy - reminder" (Wed, Oct 10)': [
                "not in your inbox",
                '"Privileged: FERC market-based rate inquiry - draft response"',
            ],
            # a row keyed by the email itself asserts it
            "| Send corrections on V&E draft FERC response | FERC Prep | ": ["| "],
        },
    )


R110 = (
    "Raptor Restructuring Update (Tue, Oct 16, 1:00 PM):\n"
    "- Steven Kean: no response\n"
    "- Nathan Pryor: tentative\n"
    "- Jeff Skilling: accepted\n"
    "- Marcus Hale: accepted\n\n"
    "Q4 Risk Review Kickoff (Fri, Oct 26, 2:00 PM):\n"
    "- Sally Beck: no response\n"
    "- Priya Raman: accepted\n"
    "- Marcus Hale: accepted\n"
    "- Tanya Ortiz: accepted\n"
)
G103 = (
    "Raptor Restructuring Update, Tue Oct 16, 1:00-2:00 PM.\n\n"
    "Not accepted yet:\n"
    "- Steven Kean (required): no response\n"
    "- Nathan Pryor (Andersen, optional): tentative\n\n"
    "Accepted: Jeff Skilling, Marcus Hale\n\n"
    'Your to-do "Draft Raptor restructuring talking points for Skilling" is not started, due '
    'Tue Oct 16 at noon. Both checklist steps are open: "Termination vs. share contribution '
    'comparison" and "One-page charge summary".'
)


def test_a_ruled_out_status_alone_rules_its_item_out():
    """OB-R110 / OB-G103: "- Jeff Skilling: accepted" and "Accepted: Jeff Skilling, Marcus
    Hale" give the status "has accepted" rules out, as all that is said of the items; a status
    that says more ("accepted tentatively") is read as before."""
    twins = {  # the status taken off, or said of an invitee under that meeting
        "pending-on-evt-007": {"- Jeff Skilling: accepted": ["- Jeff Skilling: hasn't accepted"]},
        "pending-on-evt-015": {"- Priya Raman: accepted": ["- Priya Raman: not accepted"]},
        "not-accepted": {"- Tanya Ortiz: accepted": ["- Tanya Ortiz", "- Tanya Ortiz: pending"]},
    }
    for check, replaced in twins.items():
        passes_and_twins_fail("OB-R110", check, R110, replaced)
    tentative = R110.replace("- Nathan Pryor: tentative", "- Nathan Pryor: accepted (tentatively)")
    assert scenario_check("OB-R110", "not-accepted", tentative)
    passes_and_twins_fail(
        "OB-G103",
        "not-accepted",
        G103,
        {
            "Accepted: Jeff Skilling": ["Not accepted either: Jeff Skilling", "Jeff Skilling"],
            "- Nathan Pryor (Andersen, optional): tentative": ["- Nathan Pryor: accepted"],
        },
    )


R112 = (
    "Six people are on your meetings both this week and next week: Marcus Hale, Priya Raman, "
    "Tanya Ortiz, Sally Beck, Nathan Pryor and Claire Boudreaux.\n\n"
    "This week only: Jeff Skilling (Q3 Earnings Release Prep, Raptor Restructuring Update), "
    "Steven Kean (Raptor Restructuring Update, FERC Review), John Lavorato (Q3 Earnings "
    "Release Prep, Dynegy Review), Richard Shapiro (FERC Review), Louise Kitchen (Dynegy "
    "Review), Rob Delacroix (Dynegy Review)."
)


def test_only_after_what_it_restricts_is_the_same_ruling():
    """OB-R112: "This week only: A, B" is "only this week: A, B" written the other way."""
    passes_and_twins_fail(
        "OB-R112",
        "both-weeks",
        R112,
        {"This week only:": ["Both weeks too:", "This week and next:"]},
    )


# Honest episodes of this session's solvers (fern, gorse, heath), quoted: /work/solver is not in
# the repo.
FERN_T109 = (
    'Two fit. "Draft Raptor restructuring talking points for Skilling" is due Tue at noon'
    " with 2 of 2 steps open (termination vs. share contribution comparison, one-page "
    'charge summary). "Prepare controls briefing for FERC Review" is due Tue at 5pm, also'
    " 2 of 2 open (manual override cases list, talking points for Jeff). The Dynegy RSVP "
    "due today at noon has no checklist, so I left it out, along with the Raptor "
    "reconciliation, which is already overdue."
)

GORSE_G107 = (
    "Your lunch with Claire Boudreaux is next Thursday, October 25, from 12:00 noon to "
    "1:15 PM at Treebeards on Market Square. The most recent email she sent you is "
    '"Document retention policy - reminder," from Wednesday, October 10. One of your to-'
    "dos is tied to one of her emails, and it is done.\n"
    "\n"
    "The lunch is a meeting you set up to catch up on the regulatory calendar for Q4. "
    "Claire accepted on October 12, and your reminder is set for 15 minutes before.\n"
    "\n"
    "To find her latest email I searched your whole mailbox for mail from "
    "claire.boudreaux@velaw.com. There are only two. The October 10 reminder says that, "
    "as part of V&E's engagement, they ask clients to follow their document retention "
    "policies, to suspend routine destruction of any documents related to pending "
    "regulatory inquiries, and to make sure your group knows about the hold notice Enron "
    "Legal circulated in September. She asks you to let her know if anyone has questions "
    'about what the hold covers. The earlier one, from October 4, is "Privileged: FERC '
    "market-based rate inquiry - draft response,\" with V&E's first draft of the FERC "
    "response. You replied to it on October 11. Rick Shapiro's email this morning says "
    "Claire sent V&E's comments on the revised data response, but that message didn't "
    "come to you directly, so I didn't count it as one of hers.\n"
    "\n"
    'The to-do linked to her email is "Send corrections on V&E draft FERC response," on '
    "your FERC Prep list. It is tied to her October 4 draft-response email and covered "
    "sections 3 and 4 (credit limits and controls), due to Claire by October 12. It is "
    "marked completed, finished on October 11 at 11:05 AM, which matches your reply to "
    "her that morning. None of your other to-dos is linked to any of Claire's messages."
)

GORSE_R112 = (
    "Six people are on your meetings both this week and next week: Marcus Hale, Priya "
    "Raman, Tanya Ortiz, Sally Beck, Nathan Pryor and Claire Boudreaux. In fact, everyone"
    " on next week's meetings also turns up somewhere this week.\n"
    "\n"
    "I listed your calendar for this week (Monday, October 15 to Sunday, October 21) and "
    "next week (October 22 to 28). None of the meetings are cancelled. For each week I "
    "collected every organizer and every attendee, regardless of their response, and then"
    " kept the names that appear in both weeks.\n"
    "\n"
    "Marcus Hale is on the Risk Desk Stand-up and the Raptor Restructuring Update this "
    "week, and next week on Nathan Pryor's Andersen Q3 Controls Walkthrough (October 22) "
    "and your Q4 Risk Review Kickoff (October 26). Priya Raman is on the Stand-up and "
    "Sally Beck's Credit Reserve Methodology Review this week, and on the Q4 Kickoff next"
    " week. Tanya Ortiz is on the Stand-up and, as an optional attendee, the Dynegy "
    "Review this week, plus the Q4 Kickoff next week. Sally Beck is on Jeff Skilling's Q3"
    " Earnings Release Prep (tentative), the Dynegy Review and her own Credit Reserve "
    "Methodology Review this week. Next week she is an optional invitee to the Q4 Kickoff"
    " and hasn't responded yet. Nathan Pryor is an optional, tentative attendee of the "
    "Raptor Restructuring Update this week and organizes the Andersen walkthrough next "
    "week. Claire Boudreaux is on Richard Shapiro's FERC Review this week and has your "
    "lunch with her on October 25.\n"
    "\n"
    "The others on this week's meetings don't appear on anything next week, so I left "
    "them out: Jeff Skilling, Steven Kean, John Lavorato, Richard Shapiro, Louise Kitchen"
    ' and Rob Delacroix of Dynegy. The two all-day deadline markers ("Q3 Risk Report Due"'
    ' and "FERC Data Response Due") have no invitees, so they add nobody.'
)

HEATH_X101 = (
    "Jeff's 2pm meeting is Q3 Earnings Release Prep, today (Mon 15 October) in the EB 50M"
    " Boardroom. Sally Beck is the attendee who hasn't fully accepted: she's tentative.\n"
    "\n"
    "1. Meeting: Q3 Earnings Release Prep, organised by Jeff Skilling, 2.00pm to 3.30pm "
    "(1 hr 30 min)\n"
    "2. Location: EB 50M Boardroom\n"
    "3. Not fully accepted: Sally Beck (required), tentative since 10 October\n"
    "4. Accepted: you, Steven Kean and John Lavorato\n"
    '5. Jeff\'s email (7.52am, "Today 2pm - earnings prep, bring the reserve walk"): he '
    "wants the credit reserve walk from 30 June to 30 September by business unit, on one "
    "page. He wants one consistent story from Accounting, you and him for the analysts.\n"
    "\n"
    "Notes: The meeting invite also asks you to bring the one-time charge summary, which "
    "Jeff's email doesn't mention."
)

HEATH_G102 = (
    "One person is coming from outside Enron: Claire Boudreaux of Vinson & Elkins. The "
    "FERC Review starts at 10.00am on Wed 17 October in the EB 47C1 Conference Room.\n"
    "\n"
    "1. Claire Boudreaux, Partner, Energy Regulatory, Vinson & Elkins LLP (V&E Houston). "
    "She has accepted.\n"
    "2. Office: (713) 758-2222\n"
    "3. Mobile: (713) 301-8874\n"
    "4. Start time: 10.00am Central, running until 11.30am (1 hr 30 min)\n"
    "5. Room: EB 47C1 Conference Room. Richard Shapiro is the organiser.\n"
    "\n"
    "Notes: The other attendees are all from Enron: Jeff Skilling, Steven Kean and you, "
    "all accepted. The agenda says V&E joins for the legal piece."
)

FERN_G103 = (
    "Two invitees haven't accepted: Steven Kean hasn't responded, and Nathan Pryor "
    "(Andersen, optional) is only tentative. Jeff Skilling and Marcus Hale have accepted."
    " Your talking points to-do for Skilling isn't started and is due tomorrow at noon, "
    "and both checklist items are still open: the termination vs. share contribution "
    "comparison and the one-page charge summary."
)

T109 = (
    "Two to-dos are at risk (due by Tue Oct 16 9:00 PM, with unchecked steps):\n\n"
    "1. Draft Raptor restructuring talking points for Skilling: due Tue Oct 16, 12:00 PM; 2 "
    "of 2 steps open.\n"
    "2. Prepare controls briefing for FERC Review: due Tue Oct 16, 5:00 PM; 2 of 2 steps open.\n\n"
    "Reconcile Raptor capacity schedule with Andersen is not included: it is already overdue "
    "(due Fri Oct 12). The same goes for Submit September expense report."
)


def test_a_ruling_carries_over_to_the_same_goes_for():
    """OB-T109: "X is not included: it is already overdue. The same goes for Y." rules Y out
    as X is; fern's "The Dynegy RSVP due today has no checklist, so I left it out" leaves out
    the RSVP ("it" is the sentence's own subject), not the to-do named before it."""
    passes_and_twins_fail(
        "OB-T109",
        "at-risk-todos",
        T109,
        {
            "The same goes for": ["Also at risk:", "At risk too:"],
            "is not included: it is already overdue": ["is at risk too: it is open"],
        },
    )
    passes_and_twins_fail(
        "OB-T109",
        "at-risk-todos",
        FERN_T109,
        {
            # the pronoun standing for the to-do before it: it is left out
            "The Dynegy RSVP due today at noon has no checklist, so I left it out": [
                "It has no checklist, so I left it out"
            ],
        },
    )
    assert scenario_check("OB-T109", "open-steps", FERN_T109)


def test_an_item_called_by_the_measures_opposite_is_not_the_measure():
    """gorse's OB-G107: "The earlier one, from October 4, is \\"Privileged: ...\\"" names her
    other email as what the latest is not."""
    passes_and_twins_fail(
        "OB-G107",
        "latest-email",
        GORSE_G107,
        {
            "The earlier one, from October 4, is": ["The latest one, from October 4, is"],
            'The most recent email she sent you is "Document retention policy - reminder,"': [
                'The most recent email she sent you is "Privileged: FERC market-based rate '
                'inquiry - draft response,"'
            ],
        },
    )


def test_an_owner_in_the_possessive_counts_only_in_a_member_role():
    """gorse's OB-R112 ("Sally Beck is on Jeff Skilling's Q3 Earnings Release Prep"), heath's
    OB-X101 ("Jeff's 2pm meeting is ...") and fern's OB-G103 ("Your talking points to-do for
    Skilling isn't started"): who owns a meeting, or whom the user's to-do is for, is named
    as whose the thing is; listed with the members, or added, the person still counts."""
    passes_and_twins_fail(
        "OB-R112",
        "both-weeks",
        GORSE_R112,
        {
            "Pryor and Claire Boudreaux.": [
                "Pryor, Claire Boudreaux and Jeff Skilling.",
                "Pryor and Claire Boudreaux. Jeff Skilling too.",
            ],
        },
    )
    passes_and_twins_fail(
        "OB-X101",
        "not-accepted",
        HEATH_X101,
        {"Not fully accepted: Sally Beck": ["Not fully accepted: Sally Beck, Jeff Skilling"]},
    )
    passes_and_twins_fail(
        "OB-G103",
        "not-accepted",
        FERN_G103,
        {
            "Your talking points to-do for Skilling": [
                "Skilling hasn't responded either. Your talking points to-do"
            ],
        },
    )


def test_ise_spellings_are_the_ize_words():
    """heath's OB-G102: "Richard Shapiro is the organiser" is "the organizer" in British
    spelling; so is heath's OB-X101 "organised by Jeff Skilling"."""
    passes_and_twins_fail(
        "OB-G102",
        "outside-attendees",
        HEATH_G102,
        {"Richard Shapiro is the organiser.": ["Richard Shapiro is also from outside."]},
    )


GORSE_X104 = (
    "Two of your to-dos are overdue right now, and only one of them has a meeting on the "
    'same subject this week. The first is "Reconcile Raptor capacity schedule with '
    'Andersen," on your Raptor Follow-ups list. It was due Friday, October 12 at 5:00 PM,'
    " is marked high importance and is in progress. It does tie to a meeting: your Raptor"
    " Restructuring Update tomorrow, Tuesday, October 16, from 1:00 to 2:00 PM. The task "
    "notes say to agree the numbers with Andersen before that update, and Andersen is "
    "dialing in (Nathan Pryor is an optional attendee and has tentatively accepted). Two "
    "of the three checklist steps are done, getting Andersen's 9/30 price assumptions and"
    ' rerunning Raptor III at TNPC $10 and $5, but "Agree cross-guarantee treatment with '
    'Nathan" is still open, so that is the piece to close before tomorrow afternoon. The '
    'second is "Submit September expense report," on your default Tasks list. It was also'
    " due Friday, October 12 at 5:00 PM, is low importance and hasn't been started. "
    "Nothing on this week's calendar relates to it; the task notes only say the Houston-"
    "Washington trip receipts are in the top drawer.\n"
    "\n"
    "To work this out, I went through all ten of your to-dos across the Tasks, Raptor "
    "Follow-ups and FERC Prep lists. I counted a to-do as overdue if it isn't completed "
    "and its due time is before now, 9:00 AM Monday, then compared each one against this "
    "week's meetings. Three to-dos have past due dates but are already completed, so I "
    'didn\'t count them: "Confirm Raptor III collateral valuation," "Send corrections on '
    'V&E draft FERC response" and "Sign off September credit reserve true-up."\n'
    "\n"
    'One item is close to the line but not overdue yet: "RSVP to Dynegy Review (conflicts'
    ' with FERC Review)" on your Tasks list is due today at noon. That one also has '
    "matching meetings, Louise Kitchen's Dynegy Review on Wednesday from 11:00 AM to "
    "noon, which you still haven't responded to, and Richard Shapiro's FERC Review the "
    'same morning from 10:00 to 11:30 AM. "Draft Raptor restructuring talking points for '
    'Skilling" and "Prepare controls briefing for FERC Review" are both due tomorrow.'
)

GORSE_X108 = (
    "Two of next week's attendees aren't in any of your contact groups: Marcus Hale and "
    "Priya Raman. Both are in your contacts, just not in a group.\n"
    "\n"
    "For Monday, October 22 through Friday, October 26, I listed the meetings and took "
    "everyone on them other than you. Then I checked each person against the members of "
    "your three contact groups, Executive Team, Trading Desk and Outside Advisors. There "
    "are three meetings that week. Nathan Pryor's Andersen Q3 Controls Walkthrough on "
    "Monday includes Marcus Hale. Your lunch with Claire Boudreaux is on Thursday. Your "
    "Q4 Risk Review Kickoff on Friday has Priya Raman, Marcus Hale, Tanya Ortiz and Sally"
    ' Beck, who is optional and hasn\'t responded. The all-day "FERC Data Response Due" '
    "marker on Wednesday has no attendees.\n"
    "\n"
    "Marcus is required on both the Andersen walkthrough and the Kickoff, and Priya is on"
    " the Kickoff. Neither belongs to any group. The others are all covered. Sally Beck "
    "is in Executive Team and Tanya Ortiz is in Trading Desk. Claire Boudreaux is in "
    "Outside Advisors, and so is Nathan Pryor, whom I checked as organizer of the Monday "
    "walkthrough even though he isn't on its attendee list. If you'd like Marcus and "
    "Priya added to a group, for example a new Risk team group, I can do that, but I "
    "haven't changed anything."
)

HEATH_P108 = (
    "Yes, two contacts are in more than one group: Louise Kitchen and John Lavorato. Both"
    " are in Executive Team and Trading Desk.\n"
    "\n"
    "1. Louise Kitchen (President, EnronOnline): Executive Team and Trading Desk\n"
    "2. John Lavorato (CEO, Enron Americas): Executive Team and Trading Desk\n"
    "\n"
    "Notes: Everyone else in a group is in only one. Executive Team also has Jeff "
    "Skilling, Sally Beck, Richard Shapiro and Steven Kean. Trading Desk also has Tanya "
    "Ortiz. Outside Advisors has Nathan Pryor, Claire Boudreaux and Alan Whitcombe. "
    "Nobody is in all three groups."
)

GORSE_H320 = (
    "Two of the fifteen emails you've sent got an email reply back. The first is your "
    'September 25 reply to Richard Shapiro, "RE: FERC data request on EnronOnline '
    'trades," in which you took on the credit and controls sections; Rick answered on '
    "October 8, saying V&E had cleared producing counterparty identities and proposing to"
    ' walk through your sections at the FERC Review. The second is "Q3 VaR summary draft '
    '- please check," which you sent Priya Raman on October 11; she replied on October 12'
    " with her corrections, including the gas desk peak of 110% on September 24.\n"
    "\n"
    "To find these, I went through every message in your mailbox. For each email from "
    "you, I looked for a later message in the same thread, or one marked as a reply to "
    "it, sent by someone you had addressed. Only those two turned up.\n"
    "\n"
    "The other thirteen have no reply. Most are your own responses that close out a "
    "thread someone else started, such as your notes to Jeff Skilling on Raptor exposure "
    "and the Q3 risk disclosures, to Rob Delacroix on the netting agreement and the "
    "October collateral call, to Claire Boudreaux on the FERC draft response, and to "
    "Sally, Steven Kean, Louise, Marcus and Priya on their threads. Two new emails you "
    'started also have no answer yet: "Risk desk priorities for October" to your team '
    '(October 2) and "Dynegy exposure for Wednesday\'s review" to Tanya and Priya (Friday,'
    " October 12, asking for drafts by Tuesday 10:00 AM).\n"
    "\n"
    'There is one borderline case. After your October 5 note to Nathan Pryor, "RE: Audit '
    'walkthrough scheduling," he sent the meeting invitation for the Andersen Q3 Controls'
    " Walkthrough on Monday, October 22 at 2:00 PM, exactly as you had suggested. That "
    'invitation isn\'t an email, though, and his later "PBC list for Q3 review" of October'
    " 11 is a new email on a different subject, so I didn't count this one as a reply."
)

GORSE_B109 = (
    'Only one unfinished card falls in that window: "Raptor hedge restructuring" on the '
    "Deal Pipeline board, which is In Progress, marked urgent, due tomorrow (Tuesday, "
    "October 16) at 1:00 PM, and assigned to Marcus Hale and to you. None of your "
    "unfinished cards is actually past due yet.\n"
    "\n"
    "I listed every card on both of your boards (Q4 Risk Review and Deal Pipeline), set "
    "aside the ones in the Done columns, and compared each remaining due date against the"
    " window from now (Monday 9:00 AM) to Wednesday, October 17 at 9:00 AM. The card that"
    ' needs a caveat is "Counterparty credit review: Dynegy exposure" on Q4 Risk Review. '
    "It is still in To Do, it is urgent, and it is assigned to Tanya Ortiz and to you, "
    "but it is due Wednesday, October 17 at 10:00 AM. That is 49 hours out, so strictly "
    "it misses the 48-hour cutoff by an hour, and I would treat it as effectively due in "
    'the same stretch. The other open cards are further off: "EnronOnline weather '
    'derivatives product approval" (Tanya Ortiz) is due Friday, October 19, while "Update'
    ' merchant portfolio stress scenarios" (Marcus Hale) and "Refresh VaR limits for gas '
    'and power desks" (Priya Raman) are both due October 26. Two cards do have due dates '
    'that have already passed, "Close out Q3 credit reserve true-up" (October 3) and '
    '"Calpine ISDA amendment credit sign-off" (October 10), both Priya Raman\'s, but they '
    "are already in Done, so they aren't overdue work and I left them out."
)


def test_due_tomorrow_is_not_overdue():
    """gorse's OB-X104: "A and B are both due tomorrow" says they are not overdue yet, as "due
    today" does (the scenario's ruling words had today, not tomorrow)."""
    passes_and_twins_fail(
        "OB-X104",
        "overdue-todos",
        GORSE_X104,
        {"are both due tomorrow.": ["are both overdue too.", "are both overdue as well."]},
    )


def test_a_sentence_listing_a_containers_contents_describes_it():
    """gorse's OB-X108 ("Your Q4 Risk Review Kickoff on Friday has Priya Raman, Marcus Hale,
    Tanya Ortiz and Sally Beck") lists a meeting's attendees, and heath's OB-P108 ("Executive
    Team also has Jeff Skilling, ...") the rest of a group's members: each describes the
    meeting or group, not the answer set; one name more or fewer and it is read as usual."""
    passes_and_twins_fail(
        "OB-X108",
        "ungrouped-attendees",
        GORSE_X108,
        {
            "has Priya Raman, Marcus Hale, Tanya Ortiz and Sally Beck,": [
                "has Priya Raman, Marcus Hale and Tanya Ortiz, with Sally Beck ungrouped,",
            ],
            "Sally Beck is in Executive Team and ": ["Sally Beck is also in no group, and "],
        },
    )
    passes_and_twins_fail(
        "OB-P108",
        "multi-group-contacts",
        HEATH_P108,
        {
            "Trading Desk also has Tanya Ortiz.": [
                "Tanya Ortiz is in Trading Desk and Executive Team too."
            ],
            "Executive Team also has Jeff Skilling, Sally Beck,": [
                "Executive Team also has Jeff Skilling, Sally Beck, Tanya Ortiz,"
            ],
        },
    )


def test_a_line_announcing_a_borderline_case_explains_the_answer():
    """gorse's OB-H320: "There is one borderline case. After your October 5 note to Nathan
    Pryor, \\"RE: Audit walkthrough scheduling,\\" he sent ..." explains a case left out."""
    passes_and_twins_fail(
        "OB-H320",
        "sent-emails-replied-to",
        GORSE_H320,
        {
            "There is one borderline case.": ["There is one more reply.", "Also replied to:"],
        },
    )


def test_a_chain_of_pronouns_carries_a_ruling_back_to_its_item():
    """gorse's OB-B109: '"Counterparty credit review: Dynegy exposure" ... It is still in To
    Do, ..., but it is due Wednesday ... That is 49 hours out, so strictly it misses the
    48-hour cutoff': "That" opening the sentence stands for the card the "it"s before stand
    for, so "49 hours" rules the card out."""
    passes_and_twins_fail(
        "OB-B109",
        "cards-due-soon",
        GORSE_B109,
        {
            "That is 49 hours out, so strictly it misses": [
                "That is 47 hours out, so it is within"
            ],
        },
    )
    # a negation through "That" says nothing of the item
    assert scenario_check("OB-B109", "cards-due-soon", B109 + " That isn't surprising.")


G102 = (
    "FERC Review: Wednesday, Oct 17, 10:00-11:30 AM, in the EB 47C1 Conference Room.\n\n"
    "From outside Enron: Claire Boudreaux, Partner, Energy Regulatory, Vinson & Elkins LLP\n"
    "- Office: (713) 758-2222\n"
    "- Mobile: (713) 301-8874\n\n"
    "Other attendees (all Enron): Jeff Skilling, Steven Kean, with Richard Shapiro organizing."
)


def test_a_labelled_list_of_the_other_attendees_is_not_the_answer():
    """OB-G102: "Other attendees (all Enron): A, B" labels the rest as Enron people (the
    scenario's ruling words had "inside Enron" and "internal", not "all Enron")."""
    passes_and_twins_fail(
        "OB-G102",
        "outside-attendees",
        G102,
        {
            "Other attendees (all Enron):": ["Other outside attendees:", "Also from outside:"],
        },
    )


B102 = (
    "Unfinished cards due this week, earliest first:\n"
    "1. Raptor hedge restructuring - Tue, Oct 16, 1:00 PM\n"
    "2. Counterparty credit review: Dynegy exposure - Wed, Oct 17, 10:00 AM\n"
    "3. EnronOnline weather derivatives product approval - Fri, Oct 19, 5:00 PM\n\n"
    "FYI, the next ones are due Fri, Oct 26: Refresh VaR limits for gas and power desks and "
    "Update merchant portfolio stress scenarios, both next Friday."
)
H301 = (
    "The file is Raptor_restructuring_model_v3.xls, attached to Marcus Hale's \"Raptor "
    'restructuring model v3" email of Wed, Oct 10.\n\n'
    "Marcus also sent Raptor_capacity_prelim_0926.xls on Sept 26, in case that's the one you "
    "meant."
)


def test_an_fyi_line_and_an_alternative_offered_in_case_are_not_the_answer():
    """OB-B102: "FYI, the next ones are due Fri, Oct 26: A and B" labels the line as context,
    as "FYI:" does; OB-H301: "Marcus also sent X ..., in case that's the one you meant"
    offers X as an alternative, "also" and all."""
    passes_and_twins_fail(
        "OB-B102",
        "cards-due",
        B102,
        {"FYI, the next ones are due Fri, Oct 26:": ["Also due this week:", "4. Also:"]},
    )
    passes_and_twins_fail(
        "OB-H301",
        "attachment-name",
        H301,
        {", in case that's the one you meant.": [", and that one is the file too.", "."]},
    )
