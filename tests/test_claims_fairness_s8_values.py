"""Honest answers of session 8's solvers (fern, gorse) that the claims misread, read as they are
meant, each with wrong twins that must still fail. A file of its own so that the fairness
engineers' tests do not collide; the helpers are tests/test_claims_fairness.py's. The answers
are quoted: /work/solver is not in the repo."""

from __future__ import annotations

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
