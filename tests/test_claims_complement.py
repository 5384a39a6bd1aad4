"""A closing "and the rest" / "and others" that follows no item and opens a clause of its own ("..., and
the rest have no invitees") names the complement of what was listed, not an open end of the
list; after an item ("Kean, Pryor and the rest haven't responded") it still leaves it open."""

from __future__ import annotations

from tests.test_claims_fairness import scenario_check
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


def test_the_rest_sharing_a_members_negative_predicate_joins_the_set():
    """ "The rest haven't accepted either." after the pending invitees says everyone else is
    pending too: not an exact set (it passed OB-R110 once the complement reading landed).
    Correct twins: the rest said to have accepted, plainly, with "too" or "all"."""
    pending = (
        "Raptor Restructuring Update (Tue 16 Oct): Steven Kean hasn't responded; Nathan Pryor "
        "(optional) is only tentative.\nQ4 Risk Review Kickoff (Fri 26 Oct): Sally Beck "
        "(optional) hasn't responded."
    )
    for wrong in (
        "\nThe rest haven't accepted either.",
        "\nEveryone else hasn't responded either.",
        " All the others haven't either.",
    ):
        assert not scenario_check("OB-R110", "not-accepted", pending + wrong), wrong
    for right in (
        "\nEveryone else has accepted.",
        "\nThe rest have accepted too.",
        "\nThe others have all accepted.",
    ):
        assert scenario_check("OB-R110", "not-accepted", pending + right), right
