"""Session 8's honest shapes (the episodes were lost; their shapes were recorded): correct
answers written in each shape, played against the tools, read as they are meant, each with
wrong twins that must still fail. A file of its own so that the fairness engineers' tests do
not collide; the helpers are tests/test_claims_fairness.py's."""

from __future__ import annotations

from tests.test_claims_fairness import scenario_check
from tests.test_claims_fairness_fair_a import passes_and_twins_fail

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
