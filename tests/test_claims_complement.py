"""A closing "and the rest" / "and others" that follows no item and opens a clause of its own ("..., and
the rest have no invitees") names the complement of what was listed, not an open end of the
list; after an item ("Kean, Pryor and the rest haven't responded") it still leaves it open."""

from __future__ import annotations

from tests.test_claims_fairness_fair_a import passes_and_twins_fail

R110 = (
    "Two of your meetings still have invitees who haven't accepted:\n\n"
    "- Raptor Restructuring Update (Tue 16 Oct): Steven Kean hasn't responded, and Nathan Pryor "
    "is only tentative.\n"
    "- Q4 Risk Review Kickoff (Fri 26 Oct): Sally Beck hasn't responded.\n\n"
    "Your Risk Desk Stand-up and your lunch with Claire Boudreaux are fully accepted, and the "
    "rest have no invitees."
)


def test_the_rest_after_a_clause_is_the_complement_not_an_open_list() -> None:
    passes_and_twins_fail(
        "OB-R110",
        "not-accepted",
        R110,
        {
            "Sally Beck hasn't responded.": [
                "Sally Beck, Jeff Skilling and the rest haven't responded.",
                "Sally Beck and others haven't responded.",
                "Sally Beck hasn't responded, and others.",
            ],
        },
    )


def test_a_determiner_after_and_keeps_both_items_in_one_list() -> None:
    """ "Your Risk Desk Stand-up and your lunch with Claire Boudreaux are fully accepted": the
    ruling reaches both items of the list, not only the nearer one."""
    passes_and_twins_fail(
        "OB-R110",
        "meetings-with-pending",
        R110,
        {"are fully accepted": ["are still waiting on replies"]},
    )
