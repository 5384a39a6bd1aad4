"""umber's memo-style answers (correct, failing on main) read as they are meant, each with wrong
twins that must still fail. A file of its own so that the three fairness engineers' tests do
not collide at the end of tests/test_claims_fairness.py; the helpers are that file's."""

from __future__ import annotations

from functools import cache

import pytest

from tests.test_claims_fairness import scenario_check


@cache
def umber(scenario_id: str) -> str:
    """umber's answer to the scenario (/work/solver is not in the repo: the answers are quoted)."""
    return UMBER[scenario_id]


H338 = (
    "Trading sends you the most mail, with 10 messages. They come from three people:\n"
    "- Louise Kitchen (President, EnronOnline): 5\n"
    "- John Lavorato (CEO, Enron Americas): 3\n"
    "- Tanya Ortiz (Gas Trading Analyst): 2\n\n"
    "The next department is Executive, with 7 messages: 4 from Jeff Skilling and 3 from Steve "
    "Kean. After that come Government Affairs (Rick Shapiro) and Risk Management (Priya Raman) "
    "with 5 each, then Operations (Sally Beck) and Global Finance (Marcus Hale) with 4 each.\n\n"
    "I used each sender's department from the company directory and counted every message they "
    "sent you, across all folders. I left out the three system accounts: EnronOnline, GasBank "
    "and Legal Tickets. Including the EnronOnline system mailbox, which the directory lists "
    "under Trading Systems rather than Trading, would not change the answer. Outside senders "
    "(Dynegy, Andersen and V&E) are also excluded, since you asked about people at Enron."
)
H309 = (
    "Six emails in your inbox came with an Excel spreadsheet attached. Newest first:\n"
    "\n"
    '1. John Lavorato, "Q3 trading P&L attribution", October 11: Q3_PnL_attribution_Americas.xls\n'
    '2. Marcus Hale, "Raptor restructuring model v3", October 10: Raptor_restructuring_model_v3.xls\n'
    '3. Louise Kitchen, "Follow-up: EnronOnline Q3 Volume Review", October 10: EOL_Q3_volumes_by_product.xls\n'
    '4. Sally Beck, "Credit reserve true-up - September close", September 27: Sept01_credit_reserve_trueup.xls\n'
    '5. Marcus Hale, "Raptor hedge capacity shortfall - preliminary", September 26: Raptor_capacity_prelim_0926.xls\n'
    '6. Priya Raman, "VaR backtesting results - August", September 24: VaR_backtest_Aug01.xls\n'
    "\n"
    "Each of these emails has only the one attachment.\n"
    "\n"
    'Two other inbox emails have attachments, but they are Word documents, not spreadsheets, so I left them off: Nathan Pryor\'s "PBC list for Q3 review" (Q3_PBC_list_RAC.doc) and Claire Boudreaux\'s privileged FERC draft response (VE_draft_response_sections_3-4.doc). Your own "Q3 VaR summary draft - please check" to Priya also has an attachment, but it is in Sent Items, not the inbox, so it isn\'t included.'
)
X101 = (
    'Jeff\'s email this morning (7:52 AM, "Today 2pm - earnings prep, bring the reserve walk") is about the Q3 Earnings Release Prep on your calendar today, Monday, October 15, from 2:00 to 3:30 PM. He organized it, and it is marked high importance. It is in the EB 50M Boardroom.\n'
    "\n"
    "Sally Beck is the attendee who hasn't fully accepted. She responded \"tentative\" on October 10 and hasn't updated it since. Everyone else has accepted: you, Steve Kean and John Lavorato.\n"
    "\n"
    'Sally\'s attendance may matter. Jeff says analysts will ask about the credit reserves and he wants "one consistent story from Accounting, you and me". You may want to check with Sally before 2:00 that she, or someone from Accounting, will be there.\n'
    "\n"
    "Jeff asks you to bring a one-page reserve walk from June 30 to September 30, broken out by business unit. The invitation itself also mentions the one-time charge summary, so it's worth bringing both."
)
G103 = (
    "The Raptor Restructuring Update is tomorrow, Tuesday, October 16, 1:00-2:00 PM, in the EB 50M Small Conference Room, with dial-in 1-800-555-0143, code 4417. You are the organizer.\n"
    "\n"
    "Two invitees haven't accepted. Steven Kean is a required attendee and hasn't responded at all. Nathan Pryor of Andersen is optional and accepted only tentatively on October 11. Andersen is meant to dial in for the accounting view, so you may want to confirm with both today. Jeff Skilling and Marcus Hale have accepted.\n"
    "\n"
    'On your to-do "Draft Raptor restructuring talking points for Skilling" (Raptor Follow-ups list, high importance), nothing is done yet. It is still marked not started, and both checklist steps are open:\n'
    "1. Termination vs. share contribution comparison.\n"
    "2. One-page charge summary.\n"
    "\n"
    "It is due tomorrow at noon, an hour before the meeting, and a reminder is set for 8:00 AM tomorrow. Marcus's model v3 email of October 10 has the core numbers for both steps: an after-tax charge of roughly $544 million if the vehicles are terminated in Q3, against about 2% dilution if additional shares are contributed to restore capacity.\n"
    "\n"
    'A related item: your Raptor Follow-ups to-do "Reconcile Raptor capacity schedule with Andersen" is overdue (it was due last Friday). Its last open step is agreeing the cross-guarantee treatment with Nathan, and its note says the numbers should be agreed before this update.'
)
P103 = (
    "Two of your outside contacts aren't in any contact group yet.\n"
    "\n"
    'The first is Rob Delacroix, Director, Commercial Development at Dynegy Inc. He is your counterparty credit contact for the netting agreement and collateral calls. He\'d fit naturally in a counterparty group. "Outside Advisors" would be a stretch, since he sits across the table from you rather than advising you.\n'
    "\n"
    "The second is Denise Carver, Senior Staff Attorney at the Federal Energy Regulatory Commission and the FERC staff lead on the EnronOnline data request. Your note on her card says all contact with her goes through Government Affairs and V&E. Leaving her out of any distribution list may be deliberate, so that a group email doesn't reach a regulator by accident.\n"
    "\n"
    "You have five contacts from outside Enron in all. The other three are already in your Outside Advisors group: Nathan Pryor (Arthur Andersen), Claire Boudreaux (Vinson & Elkins) and Alan Whitcombe (Cambridge Energy Research Associates). Your other two groups, Executive Team and Trading Desk, contain only Enron people.\n"
    "\n"
    "I haven't changed any groups. If you'd like Rob added somewhere, or a new counterparty group set up, just let me know."
)
UMBER = {"OB-P103": P103, "OB-H338": H338, "OB-H309": H309, "OB-X101": X101, "OB-G103": G103}


def test_a_sentence_opening_with_a_condition_that_says_would_is_context():
    """umber's OB-H338: "Including the EnronOnline system mailbox, which the directory lists
    under Trading Systems rather than Trading, would not change the answer" says what another
    count would give, as "If ..., it becomes ..." does: the department it names is context."""
    answer = umber("OB-H338")
    assert scenario_check("OB-H338", "top-department", answer)
    # wrong twins: the system account's department asserted as the top one, plainly or after the
    # same condition without "would"; the answer's own department hedged
    top = answer.replace("Trading sends you", "Trading Systems sends you")
    assert not scenario_check("OB-H338", "top-department", top)
    plain = answer.replace(
        "which the directory lists under Trading Systems rather than Trading, would not change "
        "the answer",
        "Trading Systems sends the most mail, with 13",
    )
    assert not scenario_check("OB-H338", "top-department", plain)
    polite = answer + " Including the system mailbox, the top one would be Trading Systems."
    assert not scenario_check("OB-H338", "top-department", polite)
    # (Tanya Ortiz's title "Gas Trading Analyst" names the department too: a weakness of its own,
    # so the hedged twin leaves it out)
    hedged = answer.replace("Trading sends you the most", "Trading probably sends you the most")
    hedged = hedged.replace("Gas Trading Analyst", "analyst")
    assert answer not in (top, plain, hedged) and hedged.count("Trading") == 3
    assert not scenario_check("OB-H338", "top-department", hedged)


def test_a_sentence_opening_with_a_count_of_others_is_about_the_others():
    """umber's OB-H309: "Two other inbox emails have attachments, but they are Word documents,
    not spreadsheets, so I left them off: ... (Q3_PBC_list_RAC.doc) and ... (VE_draft_...doc)"
    is "the other two" written the other way round: the files it names are context."""
    answer = umber("OB-H309")
    assert scenario_check("OB-H309", "excel-file-names", answer)
    assert scenario_check("OB-H309", "emails-with-excel", answer)
    # wrong twins: a Word file listed with the spreadsheets; the others said to have spreadsheets
    # too; a spreadsheet given only among the others (the list misses it)
    listed = answer.replace(
        "VaR_backtest_Aug01.xls\n",
        'VaR_backtest_Aug01.xls\n7. Nathan Pryor, "PBC list for Q3 review": Q3_PBC_list_RAC.doc\n',
    )
    assert not scenario_check("OB-H309", "excel-file-names", listed)
    too = answer.replace(
        "but they are Word documents, not spreadsheets, so I left them off",
        "and they are spreadsheets too",
    )
    assert not scenario_check("OB-H309", "excel-file-names", too)
    moved = answer.replace(
        '6. Priya Raman, "VaR backtesting results - August", September 24: VaR_backtest_Aug01.xls\n',
        "",
    ).replace("(Q3_PBC_list_RAC.doc)", "(Q3_PBC_list_RAC.doc, VaR_backtest_Aug01.xls)")
    assert not scenario_check("OB-H309", "excel-file-names", moved)
    assert answer not in (listed, too, moved)


def test_the_person_a_passed_on_message_comes_from_is_context():
    """umber's OB-X101 ("Jeff asks you to bring a one-page reserve walk ...") and OB-G103
    ("Marcus's model v3 email of October 10 has the core numbers ..."): a person named as the
    subject of a reporting verb, or as the owner of an email, in a sentence that says nothing of
    them in the question's terms, is where the message comes from, not an answer item."""
    x101, g103 = umber("OB-X101"), umber("OB-G103")
    assert scenario_check("OB-X101", "not-accepted", x101)
    assert scenario_check("OB-G103", "not-accepted", g103)
    # wrong twins: the source said not to have accepted, in the predicate's words or through a
    # pronoun; someone else reported as not accepting; the wrong person as the answer
    twins = [
        x101 + " Jeff says he hasn't accepted either.",
        x101 + " Jeff also hasn't accepted.",
        x101 + " Jeff wrote that John Lavorato hasn't responded.",
        x101.replace("Sally Beck is the attendee", "Steve Kean is the attendee"),
        x101 + ' Jeff writes "I am only tentative myself".',
        x101 + " Steve Kean says maybe.",
        x101.replace("Jeff asks you to bring", "Sally, Steve Kean asks you to bring"),
        x101 + " Steve Kean asks to be listed too.",
    ]
    for twin in twins:
        assert not scenario_check("OB-X101", "not-accepted", twin), twin
    # (each in a paragraph of its own: g103 ends in an "A related item:" aside, see below)
    twins = [
        g103 + "\n\nMarcus's email says he hasn't responded yet.",
        g103 + "\n\nMarcus's email of October 10 still shows no response.",
        g103.replace("Jeff Skilling and Marcus Hale have accepted", "Jeff Skilling has accepted")
        + "\n\nMarcus Hale hasn't responded either.",
    ]
    for twin in twins:
        assert not scenario_check("OB-G103", "not-accepted", twin), twin


@pytest.mark.xfail(
    strict=True,
    reason="open hole: a paragraph opening 'A related item:' is an aside, and a claim of the question's predicate inside it is read as context",
)
def test_a_claim_inside_an_aside_paragraph_still_counts():
    """Known hole (stop 21): fair-b's aside label ("One related item:") makes its whole paragraph
    context, so a wrong claim of the question's own predicate written inside it passes. When a
    reader rule closes it, this test starts passing and strict xfail fails: drop the marker."""
    g103 = umber("OB-G103")
    twin = (
        g103.replace("Jeff Skilling and Marcus Hale have accepted", "Jeff Skilling has accepted")
        + " Marcus Hale hasn't responded either."
    )
    assert not scenario_check("OB-G103", "not-accepted", twin)


def test_a_system_account_after_a_preposition_and_the_names_the_platform():
    """umber's OB-P103: "the FERC staff lead on the EnronOnline data request" names the
    EnronOnline platform, as "positions on EnronOnline" does (the rule for a preposition right
    before the name), not the EnronOnline system account as an ungrouped contact."""
    answer = umber("OB-P103")
    assert scenario_check("OB-P103", "ungrouped-outsiders", answer)
    # wrong twins: the system account asserted as ungrouped, plainly or as a sender after "the";
    # an Outside Advisors member asserted as ungrouped
    twins = [
        answer + " The EnronOnline account isn't in any group either.",
        answer.replace("Two of your outside contacts", "Three of your outside contacts")
        + " The third is EnronOnline.",
        answer.replace(
            "The second is Denise Carver", "The second is Nathan Pryor, then Denise Carver"
        ),
        answer + " Also ungrouped: the one on the EnronOnline.",
        answer + "\n- One more in the EnronOnline: EnronOnline itself.",
    ]
    for twin in twins:
        assert answer != twin and not scenario_check("OB-P103", "ungrouped-outsiders", twin), twin
