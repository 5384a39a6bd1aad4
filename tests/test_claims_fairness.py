"""Correct answers written the way assistants write them, each with a wrong twin that must fail.

Every shape here is one an honest solver (or a generated task's calibration answer) wrote and
the reader got wrong: a subject that ends in "?" quoted in a table, a label naming a board
column ("Your cards in Not Started:") or a meeting ("about Gryphon Go/No-Go:").
"""

from __future__ import annotations

from functools import cache

from emailbench_gym.scenarios import Scenario, load_scenario
from tests.grading_support import make_scenario, outcome, play


@cache
def task(task_id: str) -> Scenario:
    return load_scenario(task_id)


def own_check(task_id: str, check_id: str, answer: str) -> bool:
    """Whether a generated task's own check passes on its reference calls with `answer`."""
    return outcome(play(task(task_id), answer=answer), check_id)


def on_world(task_id: str, spec: dict, answer: str) -> bool:
    """Whether a check (id "c") passes on a do-nothing episode of the task's generated world."""
    world = task(task_id).world.model_dump()
    scenario = make_scenario([{**spec, "id": "c"}], calls=[], world=world)
    return outcome(play(scenario, calls=[], answer=answer), "c")


# train-w020: Radek Popescu's only unread email is msg-0069 "Lunch on Monday?"; his other inbox
# email, "Team outing on Wednesday, February 25", is read; Nour Redfern's "Vertex education
# plan - your sign-off?" is unread but not his.
RADEK = "train-w020-unread-from-sender-s0"


def test_a_subject_ending_in_a_question_mark_in_a_table_is_content():
    """ "| Lunch on Monday? | Thu 12 Mar |" quotes the email's subject: the row asserts it."""
    table = (
        "| Subject | Received |\n|---|---|\n{rows}\nOne of Radek Popescu's inbox emails is unread."
    )
    right = "| Lunch on Monday? | Thu 12 Mar |\n"
    assert own_check(RADEK, "unread", table.format(rows=right))
    assert own_check(RADEK, "unread", "Radek's unread email:\n- Lunch on Monday? (Thu 12 Mar)")
    assert own_check(RADEK, "unread", 'Still unread: "Lunch on Monday?" from Radek, Thu 12 Mar.')
    # wrong twins: a read email, or someone else's, in the same table; the answer's own question
    read_too = right + "| Team outing on Wednesday, February 25 | Mon 23 Feb |\n"
    assert not own_check(RADEK, "unread", table.format(rows=read_too))
    not_his = right + "| Vertex education plan - your sign-off? | Tue 10 Mar |\n"
    assert not own_check(RADEK, "unread", table.format(rows=not_his))
    assert not own_check(RADEK, "unread", "Is it Lunch on Monday?")


# train-w003: the Vanadium Launch board's Not Started column holds five cards.
NOT_STARTED = {
    "type": "answer-items",
    "kind": "card",
    "members": ["btask-003", "btask-005", "btask-007", "btask-009", "btask-011"],
}
FIVE_CARDS = (
    "- Agree inventory health report with Whitepoint Search (Draco)\n"
    "- Investigate stock cover variance (Vanadium)\n"
    "- Plan Vanadium training\n"
    "- Promo calendar for Vanadium\n"
    "- Plan Vanadium pilot"
)


def test_a_label_naming_a_column_is_not_a_denial():
    """ "Your cards in Not Started:" names the column the cards are in; "Not" there is part of a
    name, not a negation of the list under it."""
    world = "train-w003-overdue-cards-s0"
    assert on_world(world, NOT_STARTED, "Your cards in Not Started:\n" + FIVE_CARDS)
    inline = "Your cards in Not Started: " + ", ".join(FIVE_CARDS[2:].split("\n- ")) + "."
    assert on_world(world, NOT_STARTED, inline)
    # wrong twins: a card of another column listed with them; the label itself negated
    extra = "Your cards in Not Started:\n" + FIVE_CARDS + "\n- Plan Okapi workshop"
    assert not on_world(world, NOT_STARTED, extra)
    assert not on_world(world, NOT_STARTED, "Not in Not Started:\n" + FIVE_CARDS)


def test_a_label_naming_a_meeting_with_a_no_in_it_is_not_a_denial():
    """ "1 person has emailed you about Gryphon Go/No-Go:" (a generated task's calibration
    answer): the "No" is the meeting's name."""
    gryphon = "train-w018-who-wrote-about-meeting-s0"
    answer = task(gryphon).calibration[1].answer
    assert "Go/No-Go:\n- Caleb Sutcliffe" in answer
    assert own_check(gryphon, "senders", answer)
    wrong = answer.replace("- Caleb Sutcliffe\n", "- Caleb Sutcliffe\n- Qiang Zhao\n")
    assert not own_check(gryphon, "senders", wrong)
