"""Readings that reach across a sentence: a hedge through a pronoun, a sentence that goes on with
the group the one before ruled out, a section or sentence that only compares or supposes.

Each answer is an honest solver's correct one, graded by its scenario's own check; each has a
wrong twin of the same shape that must still fail.
"""

from __future__ import annotations

from functools import cache

from emailbench_gym.grading.context import ScenarioContext
from emailbench_gym.scenarios import load_scenario


@cache
def _context(scenario_id: str) -> ScenarioContext:
    return ScenarioContext(load_scenario(scenario_id))


def holds(scenario_id: str, check_id: str, answer: str) -> bool:
    """Whether the scenario's answer check `check_id` passes on `answer`."""
    context = _context(scenario_id)
    check = next(a for a in context.scenario.assertions if a.id == check_id)
    return check.judge(context.analyse(answer)).passed


MOBILES = (
    "Dana, three of the six people in your Executive Team group have a mobile number on file:\n\n"
    "- Jeff Skilling, President & COO: (713) 410-2201\n"
    "- John Lavorato, CEO, Enron Americas: (713) 410-5528\n"
    "- Richard Shapiro, VP Government Affairs: (202) 466-9142.{aside}\n\n"
    "The other three have no mobile number in their contact cards, so here are their office "
    "lines:\n"
    "- Louise Kitchen: (713) 853-3488\n"
    "- Sally Beck: (713) 853-5926\n"
    "- Steven Kean: (713) 853-1586"
)
P104_CHECKS = ("members-with-mobile", "mobile-numbers", "mobile-owners")


def test_a_hedge_through_a_pronoun_hedges_what_its_clause_adds_not_the_item():
    """OB-P104: "... (202) 466-9142. That's a 202 area code, so it's probably the phone he carries
    in Washington." guesses where he carries it; "He probably has one." hedges the item."""
    aside = " That's a 202 area code, so it's probably the phone he carries in Washington."
    for check in P104_CHECKS:
        assert holds("OB-P104", check, MOBILES.format(aside=aside))
    for twin in (" He probably has one.", " It's probably his."):
        assert not holds("OB-P104", "members-with-mobile", MOBILES.format(aside=twin)), twin
    same_sentence = MOBILES.format(aside="").replace(
        "Richard Shapiro,", "Probably Richard Shapiro,"
    )
    assert not holds("OB-P104", "members-with-mobile", same_sentence)
