"""Wrong answers an adversary built against the loosenings that honest answers needed.

Each case edits an honest solver's calibration answer into a wrong one that the reader used to
accept; the honest answer itself must still pass.
"""

from __future__ import annotations

import pytest

from tests.test_claims_fairness import honest, scenario_check

H331_ASIDE = "but that one isn't from Steve, so I didn't count it."
H331_NOTE = "There's also an unread note from Jeff Skilling with Steve on cc"


@pytest.mark.parametrize(
    ("old", "new", "passes"),
    [
        (H331_ASIDE, H331_ASIDE, True),
        (H331_ASIDE, H331_ASIDE + " He sent it to you directly.", True),
        (H331_ASIDE, H331_ASIDE + " He is your manager too.", False),
        (H331_ASIDE, "so I didn't count it. He's your manager as well.", False),
        (H331_NOTE, "There's also Jeff Skilling, your other manager, on an unread note", False),
        (
            H331_NOTE,
            "There's also Jeff Skilling, your manager too, and an unread note with Steve on cc",
            False,
        ),
    ],
)
def test_an_introduction_left_out_by_it_keeps_a_person_it_introduces_or_adds(old, new, passes):
    """ "There's also a note from X ..., so I didn't count it." leaves out the note, and X as
    its sender (jay, OB-H331); a person the sentence introduces itself ("There's also Jeff
    Skilling, your other manager, ...") or a pronoun adds back after it ("He is your manager
    too") is asserted."""
    answer = honest("OB-H331", "jay")
    assert old in answer
    assert scenario_check("OB-H331", "manager", answer.replace(old, new)) is passes


H338_NEXT = "Next is the Executive group with seven (Jeff Skilling four, Steven Kean three)."


@pytest.mark.parametrize(
    ("new", "passes"),
    [
        (H338_NEXT, True),
        ("Next is the Executive group, with seven.", True),
        (
            "Next is the Executive group, also with ten (Jeff Skilling four, Steven Kean six).",
            False,
        ),
        ("Next is the Executive group with ten (Jeff Skilling seven, Steven Kean three).", False),
        ("Next is the Executive group with seven, although Jeff Skilling alone sent ten.", False),
    ],
)
def test_a_runner_up_given_the_top_count_is_a_tie(new, passes):
    """Under "most", "Next is X with seven" after the top's ten is a runner-up (jay, OB-H338);
    "Next is X, also with ten" gives it the top count: a tie, whatever "next" says."""
    answer = honest("OB-H338", "jay")
    assert H338_NEXT in answer
    assert scenario_check("OB-H338", "top-department", answer.replace(H338_NEXT, new)) is passes


H302_LEAD = 'Latest: Richard Shapiro\'s "FERC Review: V&E comments on the data response", received'
H302_FROM = 'Latest: "FERC Review: V&E comments on the data response" is from {}, received'


@pytest.mark.parametrize(
    ("sender", "passes"),
    [
        ("Richard Shapiro, copying Louise Kitchen", True),
        ("Richard Shapiro, cc Louise Kitchen", True),
        ("Richard Shapiro, Louise Kitchen copied", True),
        ("Louise Kitchen, copying Richard Shapiro", False),
        ("Louise Kitchen, cc Richard Shapiro", False),
    ],
)
def test_a_context_word_after_a_comma_leads_into_the_name_after_it(sender, passes):
    """ "is from X, copying Y" copies Y (OB-H302, nutmeg's answer reworded): the word stands as
    near Y as X, but only a comma parts it from X."""
    answer = honest("OB-H302", "nutmeg").replace(H302_LEAD, H302_FROM.format(sender))
    assert scenario_check("OB-H302", "sender", answer) is passes


@pytest.mark.parametrize(
    ("number", "passes"),
    [
        ("(713) 502-7719", True),
        ("1 (713) 502-7719", True),
        ("+1 713 502 7719", True),
        ("713.502.7719", True),
        ("(713) 502-7719 9", False),
        ("(713) 502-7719-9", False),
        ("9 (713) 502-7719", False),
    ],
)
def test_a_digit_run_onto_a_phone_number_makes_another_number(number, passes):
    """rowan's OB-P101 answer with every "(713) 502-7719" written another way: a country code
    is the same number, a stray digit before or after it is not."""
    answer = honest("OB-P101", "rowan").replace("(713) 502-7719", number)
    assert scenario_check("OB-P101", "cell-number", answer) is passes


def test_a_count_after_a_phone_number_is_its_own():
    """ "(713) 502-7719 30 minutes before" gives the number, then a duration."""
    from emailbench_gym.grading.claims.values import _with_stray_digits

    text = "Call (713) 502-7719 30 minutes before, or Room 12 (713) 502-7719."
    for start in (5, text.index("(", 40)):
        end = start + len("(713) 502-7719")
        assert _with_stray_digits(text, start, end) == (start, end)


H310_RUNNER_UP = (
    "Runner-up: Q3_PnL_attribution_Americas.xls, 419,840 bytes (410 KB), on John Lavorato's \"Q3 "
    'trading P&L attribution" (Oct 11).'
)
H310_NEXT = "Next largest is Q3_PnL_attribution_Americas.xls"


@pytest.mark.parametrize(
    ("new", "passes"),
    [
        (H310_RUNNER_UP, True),
        (H310_NEXT + ", 419,840 bytes.", True),
        (H310_NEXT + ". It is smaller.", True),
        (H310_NEXT + ". Nothing else is bigger.", True),
        (H310_NEXT + ", 612,000 bytes.", False),
        (H310_NEXT + ", 500 KB.", False),
        (H310_NEXT + ". Second but larger.", False),
        (H310_NEXT + ". It is second but larger.", False),
    ],
)
def test_a_runner_up_sized_as_the_top_or_put_above_it_by_the_next_sentence_is_asserted(new, passes):
    """pine's OB-H310 answer: "Next largest is X, 419,840 bytes" trails the 512,000-byte top; X
    given the top's size or more is level with it or above, and so is X that the sentence after
    puts above the top ("It is second but larger.")."""
    answer = honest("OB-H310", "pine")
    assert H310_RUNNER_UP in answer
    check = "biggest-attachment"
    assert scenario_check("OB-H310", check, answer.replace(H310_RUNNER_UP, new)) is passes


M107_CROSSED = "✗ RSVP to Dynegy Review (to-do, due today)"


@pytest.mark.parametrize(
    ("new", "passes"),
    [
        (M107_CROSSED, True),
        ("✗ RSVP to Dynegy Review (to-do, due today) ✓ Prepare controls briefing", True),
        ("✗ PBC list ✓ To-do: RSVP to Dynegy Review (due tomorrow)", False),
        ("✗ RSVP to Dynegy Review is due tomorrow too", False),
        ("✗ RSVP to Dynegy Review (also due tomorrow)", False),
    ],
)
def test_a_cross_mark_reaches_neither_past_a_check_mark_nor_a_line_that_adds(new, passes):
    """fair's OB-M107 checklist: "✗ RSVP to Dynegy Review (to-do, due today)" is left off; an
    item after a check mark on that line is ticked, and a crossed line adding its item ("too",
    "also") asserts it."""
    from tests.test_claims_fairness_s30 import M107_CHECKLIST

    assert M107_CROSSED in M107_CHECKLIST
    answer = M107_CHECKLIST.replace(M107_CROSSED, new)
    assert scenario_check("OB-M107", "todos", answer) is passes


@pytest.mark.parametrize(
    ("added", "passes"),
    [
        ("", True),
        (" Without the lunch, the share would be 36%.", True),
        (" Without question, the real share would be 36%.", False),
        (" Without a doubt, I'd put the real figure at 36%.", False),
        (" Without any doubt, the answer would be 36%.", False),
    ],
)
def test_without_a_doubt_assures_a_figure_and_supposes_nothing(added, passes):
    """egret's OB-R103 answer: "without it you'd organize 4 of 11 (36%)" supposes the lunch
    left out; "Without a doubt, ... would be 36%" leaves nothing out and asserts 36%."""
    from tests.test_claims_fairness_s30 import R103_EGRET

    assert scenario_check("OB-R103", "organizer-share", R103_EGRET + added) is passes


H321_CLOSE = '"Q3 trading P&L attribution" (unread) came close but does not count.'


@pytest.mark.parametrize(
    ("new", "passes"),
    [
        (H321_CLOSE, True),
        (
            '"Q3 trading P&L attribution" (unread) is one of them too, but does not count twice.',
            False,
        ),
        (
            '"Q3 trading P&L attribution" (unread) also qualifies but is not included in the 8.',
            False,
        ),
    ],
)
def test_but_does_not_count_reaches_no_item_its_sentence_adds(new, passes):
    """fair's OB-H321 shape: "X came close but does not count" rules X out; "X is one of them
    too, but does not count twice" adds X first: "does not count" then says how, not whether."""
    from tests.test_claims_fairness_s30 import H321

    assert H321_CLOSE in H321
    answer = H321.replace(H321_CLOSE, new)
    assert scenario_check("OB-H321", "unread-trading-emails", answer) is passes
