"""Wrong answers built from honest ones (the calibration audit's survivors) must fail.

Each test takes a correct answer an honest solver wrote (a scenario's calibration answer, so
validate keeps it passing), shows it passes, and shows that its wrong twins, made by the audit's
answer operators, fail: the reader rule that let a twin through is the mechanism tested.
"""

from __future__ import annotations

from functools import cache

from emailbench_gym.scenarios import Scenario, load_scenario
from tests.grading_support import outcome, play


@cache
def scenario(scenario_id: str) -> Scenario:
    return load_scenario(scenario_id)


def check(scenario_id: str, check_id: str, answer: str) -> bool:
    """Whether one check of a scenario passes on its reference calls with `answer`."""
    return outcome(play(scenario(scenario_id), answer=answer), check_id)


# OB-R110: the meetings Dana organizes; Steven Kean and Sally Beck haven't replied, Nathan
# Pryor is tentative (an honest answer by one of the solvers, as a table).
R110_TABLE = (
    "| Meeting you organize | When | Not yet accepted | Status |\n"
    "|---|---|---|---|\n"
    "| Raptor Restructuring Update | Tuesday 10/16, 1 p.m. | {kean} | no reply |\n"
    "| Raptor Restructuring Update | Tuesday 10/16, 1 p.m. | {pryor} | tentative |\n"
    "| Q4 Risk Review Kickoff | Friday 10/26, 2 p.m. | Sally Beck (optional) | no reply |\n"
    "\nThree people in two meetings. Everyone else has accepted."
)


def test_a_negation_in_a_predicate_columns_cell_that_names_an_item_negates_it():
    """Under "| Not yet accepted |" a lone "none" states the predicate, but "not Steven Kean"
    and "Steven Kean (not included)" deny him as they would anywhere else."""
    right = R110_TABLE.format(kean="Steven Kean", pryor="Nathan Pryor (optional)")
    assert check("OB-R110", "not-accepted", right)
    for kean, pryor in (
        ("not Steven Kean", "Nathan Pryor (optional)"),
        ("Steven Kean (not included)", "Nathan Pryor (optional)"),
        ("Steven Kean", "not Nathan Pryor (optional)"),
        ("Steven Kean", "Nathan Pryor (not included) (optional)"),
    ):
        assert not check("OB-R110", "not-accepted", R110_TABLE.format(kean=kean, pryor=pryor))


# OB-X104: the expense-report to-do has no meeting this week (an honest answer, as a table).
X104_TABLE = (
    "Two to-dos are overdue right now:\n\n"
    "| To-do | List | Due | Meeting this week on it? |\n"
    "|---|---|---|---|\n"
    "| Reconcile Raptor capacity schedule with Andersen | Raptor Follow-ups | Fri 12/10, 17:00 "
    "| Yes: Raptor Restructuring Update, Tue 16/10 13:00 |\n"
    "| Submit September expense report | Tasks | Fri 12/10, 17:00 | {cell} |\n"
)


def test_a_negation_in_a_question_columns_cell_that_states_the_answer_negates_it():
    """Under "| Meeting this week on it? |" a "No" answers the column's question and rules no
    row out; "not No" in that cell denies the statement "No"."""
    assert check("OB-X104", "expense-no-meeting", X104_TABLE.format(cell="No"))
    assert check("OB-X104", "overdue-todos", X104_TABLE.format(cell="No"))
    assert not check("OB-X104", "expense-no-meeting", X104_TABLE.format(cell="not No"))
