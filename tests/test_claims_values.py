"""Values written the ways careful writers state them (issue 10, fairness): each shape an honest
solver used, and its wrong-work twins (a wrong value, swapped values, a difference given as
the value, both values offered as alternatives) that must still fail."""

from __future__ import annotations

from tests.grading_support import passes

FASTEST, SLOWEST = "message:msg-027", "message:msg-018"
REPLY_TIMES = {
    "type": "answer-values",
    "values": [
        {"subject": FASTEST, "kind": "duration", "value": 200, "role": ["fastest", "quickest"]},
        {"subject": SLOWEST, "kind": "duration", "value": 9740, "role": ["slowest", "longest"]},
    ],
}


def values(answer: str, spec: dict) -> bool:
    return passes(spec, calls=[], answer=answer)


def duration(minutes: float) -> dict:
    return {"type": "answer-values", "values": [{"kind": "duration", "value": minutes}]}


def test_durations_with_a_fraction_of_their_unit_in_words():
    assert values("You replied three and a third hours later.", duration(200))
    assert values("It took 3 and a third hours.", duration(200))
    assert values("six days and eighteen-and-a-third hours", duration(9740))
    assert values("It took one and a quarter days.", duration(1800))
    assert values("2 hours and three quarters", duration(165))
    assert values("three-and-a-half hours", duration(210))
    assert not values("three and two thirds hours", duration(200))  # 3h40m
    assert not values("three and a third days", duration(200))
    assert not values("six days and eighteen-and-two-thirds hours", duration(9740))


def test_fractional_durations_bind_to_their_threads_and_roles():
    answer = (
        'Your quickest turnaround was on Priya Raman\'s "Stress scenario assumptions for Q4": it '
        "came in at 11:10am on Tue 10/9 and you answered at 2:30pm, three and a third hours "
        "later. Your slowest was Claire Boudreaux's \"Privileged: FERC market-based rate inquiry "
        '- draft response", which landed at 4:40pm on Thu 10/4 and got your reply at 11am on '
        "Thu 10/11 - almost a week, six days and eighteen-and-a-third hours."
    )
    assert values(answer, REPLY_TIMES)
    swapped = (
        answer.replace("three and a third hours", "X")
        .replace("six days and eighteen-and-a-third hours", "three and a third hours")
        .replace("X", "six days and eighteen-and-a-third hours")
    )
    assert not values(swapped, REPLY_TIMES)
    assert not values(answer.replace("a third hours later", "a half hours later"), REPLY_TIMES)
