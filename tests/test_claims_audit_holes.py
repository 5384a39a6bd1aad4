"""Grader holes the calibration audit found (wrong answers built from honest ones that passed),
each closed by a reader mechanism: the wrong twin fails, the honest answer still passes."""

from __future__ import annotations

from emailbench_gym.scenarios import load_scenario
from tests.test_claims_fairness import scenario_check


def calibration(scenario_id: str, index: int) -> str:
    return load_scenario(scenario_id).calibration[index].answer


def test_an_opening_nope_denies_the_answer_whatever_the_case_after_it():
    """ "Nope. yep, just 1: ..." (an answer in lower case after the denial) is the denial "Nope."
    and then the answer; the sentence splitter joins them, and the denial went unread (7
    calibration survivors of disown-answer:nope)."""
    answer = calibration("OB-R104", 9)
    assert answer.startswith("yep, just 1")
    assert scenario_check("OB-R104", "unanswered-meetings", answer)
    assert not scenario_check("OB-R104", "unanswered-meetings", "Nope. " + answer)
    assert not scenario_check("OB-R104", "unanswered-meetings", "No! " + answer)


def test_a_second_column_of_the_same_measure_contradicts_the_row():
    """A row giving a subject one measure twice, under "| Follow-up due | Follow-up due (rate) |",
    says two due dates: the copy with a wrong one contradicts the right one, though the role
    phrase heads the columns and not the value's clause (second-column survivors in OB-H308,
    OB-H318, OB-H334)."""
    answer = calibration("OB-H308", 3)
    row = "| 1 | Dynegy Review - exposure numbers by Tuesday | Louise Kitchen | Tue 16 Oct, 12pm (noon) |"
    assert row in answer and scenario_check("OB-H308", "due-dates", answer)

    def doubled(wrong: str) -> str:
        lines = []
        for line in answer.split("\n"):
            if line.startswith("| # "):
                line += " Follow-up due (rate) |"
            elif line.startswith("|---"):
                line += "---|"
            elif line.startswith("| 1 "):
                line += f" {wrong} |"
            elif line.startswith("| "):
                line += " " + line.rstrip(" |").rsplit("|", 1)[1].strip() + " |"
            lines.append(line)
        return "\n".join(lines)

    assert scenario_check("OB-H308", "due-dates", doubled("Tue 16 Oct, 12pm"))
    assert not scenario_check("OB-H308", "due-dates", doubled("October 17, 12pm"))
    # another measure in the next column says nothing of the due date
    other = doubled("October 11").replace("Follow-up due (rate)", "Received")
    assert scenario_check("OB-H308", "due-dates", other)
