"""Wrong answers that hide behind words that only look like a ruling-out, and right items taken
back in a sentence of their own (adv-2, session 6; the audit's aside-item and extra-aside
operators build these from every reference and calibration answer).

Each wrong twin failed to fail on main: a later hedge or pronoun denial did not cancel a member
asserted in the list, and "Not only these: X too." / "Don't forget X." / "X belongs here too,
isn't it obvious." read X as ruled out. The honest answers that hedge or negate something
else said of a member (calibration answers of OB-H312, OB-H316, OB-H331, OB-P103, OB-R102)
still pass.
"""

from __future__ import annotations

from functools import cache

import pytest

from emailbench_gym.scenarios import Scenario, load_scenario
from tests.grading_support import outcome, play


@cache
def task(task_id: str) -> Scenario:
    return load_scenario(task_id)


def check(scenario_id: str, check_id: str, answer: str) -> bool:
    return outcome(play(task(scenario_id), answer=answer), check_id)


def reference(scenario_id: str) -> str:
    return task(scenario_id).solution.answer


H312 = ("OB-H312", "senders-over-half-unread")


@pytest.mark.parametrize(
    "tail",
    [
        "I might be wrong about Louise Kitchen.",
        "I'm not sure about Sally Beck, though.",
        "Louise Kitchen is listed above. They aren't actually one of them.",
    ],
)
def test_a_member_taken_back_in_a_sentence_of_its_own_is_not_asserted(tail):
    assert check(*H312, reference("OB-H312"))
    assert not check(*H312, reference("OB-H312") + "\n\n" + tail)


@pytest.mark.parametrize(
    "tail",
    [
        "Not only these: Jeff Skilling too.",
        "Don't forget Jeff Skilling, which belongs here too.",
        "Jeff Skilling belongs here as well, isn't it obvious.",
        "Not to mention Jeff Skilling.",
    ],
)
def test_an_addition_written_with_a_negation_asserts_the_wrong_item(tail):
    assert not check(*H312, reference("OB-H312") + "\n\n" + tail)


def test_not_only_is_no_context_word_only():
    """OB-H339 reads "only" as context ("only cc'd"): "Not only these: X" adds X."""
    scenario = ("OB-H339", "direct-reports")
    assert check(*scenario, reference("OB-H339"))
    assert not check(*scenario, reference("OB-H339") + "\n\nNot only these: Louise Kitchen too.")


def test_a_phone_opening_a_line_is_a_phone_not_a_list_label():
    """ "(713) 853-7991 ..." at a line's start: "(713)" is an area code, not a "(1)" label."""
    scenario = ("OB-P104", "mobile-numbers")
    assert check(*scenario, reference("OB-P104"))
    assert not check(*scenario, reference("OB-P104") + "\n\n(713) 853-7991 belongs here as well.")


def test_a_hedge_or_negation_of_something_else_said_of_a_member_keeps_it():
    """Honest answers: "Sally's URGENT one are probably worth a look", "Claire was only cc'd
    aren't counted", "you haven't responded to the Dynegy Review invite yet", a real negation
    "isn't it" of an item (no comma: "Louise Kitchen isn't it")."""
    for scenario_id, index in (("OB-H312", 1), ("OB-H316", 6), ("OB-H331", 2), ("OB-R102", 1)):
        sample = task(scenario_id).calibration[index]
        grade = play(task(scenario_id), answer=sample.answer)
        assert grade.passed, (scenario_id, index, grade.failures)
    assert check(*H312, reference("OB-H312") + "\n\nSally Beck's URGENT one is probably first.")
    assert not check(*H312, reference("OB-H312") + "\n\nJeff Skilling? No. Jeff Skilling is it.")
    assert check(
        *H312, reference("OB-H312") + "\n\nJeff Skilling isn't one of them, at exactly 50%."
    )
