"""The measure a question asks (issue 10, adversarial): an answer that states its opposite ("the
earliest" for "the latest", "the fewest" for "the most") and never the measure answers another
question and fails, however right its items and values; the words used otherwise ("last week",
"at least", "not the earliest") do not count as the opposite."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from emailbench_gym.audit import audit_scenario
from emailbench_gym.grading.checks.answer import AnswerItemsCheck
from emailbench_gym.scenarios import load_scenario
from tests.grading_support import passes


def sender(measure: list[str]) -> dict:
    return {
        "type": "answer-items",
        "kind": "person",
        "members": ["richard.shapiro@enron.com"],
        "measure": measure,
    }


@pytest.mark.parametrize(
    ("measure", "answer", "ok"),
    [
        (["latest"], "The latest email is from Richard Shapiro.", True),
        (["latest"], "Richard Shapiro.", True),
        (["latest"], "The earliest email is from Richard Shapiro.", False),
        (["latest"], "Earliest: Richard Shapiro.", False),
        (["latest"], "Richard Shapiro's, and it is not the earliest.", True),
        (["latest"], "The earliest one is older; the latest is Richard Shapiro's.", True),
        (["first"], "Richard Shapiro, as last week.", True),
        (["first"], "The last one is Richard Shapiro's.", False),
        (["most"], "Richard Shapiro, with at least five.", True),
        (["most"], "Richard Shapiro sent the fewest.", False),
        (["most"], "Richard Shapiro sent the least.", False),
    ],
)
def test_an_answer_stating_only_the_opposite_measure_fails(measure, answer, ok):
    assert passes(sender(measure), calls=[], answer=answer) is ok


def test_a_measure_without_antonyms_is_rejected():
    with pytest.raises(ValidationError, match="no antonyms"):
        AnswerItemsCheck(id="c", **sender(["bluest"]))


def test_the_antonym_and_summary_operators_fire_and_die():
    """'antonym' swaps the measure words; 'summary-item' puts a wrong candidate in a summary
    sentence above the right answer ("The latest is Sally Beck." over the right list)."""
    for scenario_id in ("OB-H302", "OB-G107"):
        for calibration in (False, True):
            result = audit_scenario(load_scenario(scenario_id), calibration=calibration)
            for operator in ("antonym", "summary-item"):
                assert result.operators[operator], (scenario_id, operator)
                assert not [s for s in result.survivors if s.operator == operator], scenario_id
