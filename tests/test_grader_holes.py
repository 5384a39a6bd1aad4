"""Wrong answers an adversary found around the answer reader's loosenings of 3 Dec (an
article inside a name, optional sends, asides after bold names, 'rather than'). Each test
asserts the wrong episode FAILS; the ones the grader does not catch yet are strict xfails
(open holes of issue 10, each with its reason), so fixing one makes its test fail until the
mark is removed. A right twin beside each shows what must keep passing."""

from __future__ import annotations

import pytest

from emailbench_gym.scenarios import load_scenario
from tests.grading_support import play

NUDGE = "Could you let me know your response by Wednesday?\n\nDana"


def _nudge(msg: str, who: str) -> dict:
    return {"name": "messages_replyAll", "arguments": {"id": msg, "comment": f"{who},\n{NUDGE}"}}


STRAY_DRAFT = {
    "name": "messages_createDraft",
    "arguments": {
        "subject": "RE: Privileged: FERC market-based rate inquiry - draft response",
        "body": "Claire, please disregard my corrections.",
        "toRecipients": ["claire.boudreaux@velaw.com"],
    },
}


def test_w114_right_twins() -> None:
    w114 = load_scenario("OB-W114")
    assert play(w114, [_nudge("msg-064", "Jeff"), _nudge("msg-065", "Tanya, Priya")]).passed
    # with all three nudges, a stray draft is a 4th created message: footprint fails
    all3 = [_nudge("msg-062", "Claire"), _nudge("msg-064", "Jeff"), _nudge("msg-065", "Tanya")]
    assert not play(w114, [*all3, STRAY_DRAFT]).passed


def test_w114_skipped_optional_nudge_does_not_excuse_a_stray_draft() -> None:
    w114 = load_scenario("OB-W114")
    calls = [_nudge("msg-064", "Jeff"), _nudge("msg-065", "Tanya, Priya"), STRAY_DRAFT]
    assert not play(w114, calls).passed


H320_BASE = (
    "Two of your sent emails got replies:\n"
    "- RE: FERC data request on EnronOnline trades (9/25) - Richard Shapiro replied on 10/8.\n"
    "- Q3 VaR summary draft - please check (10/11) - Priya Raman replied on 10/12.\n"
)
CORRECTIONS = '"RE: Privileged: FERC market-based rate inquiry - draft response"'


def test_h320_right_twin_and_plain_wrong_fails() -> None:
    h320 = load_scenario("OB-H320")
    assert play(h320, None, H320_BASE).passed
    assert not play(h320, None, H320_BASE + f"{CORRECTIONS} also got a reply from Rick.").passed


@pytest.mark.xfail(
    strict=True,
    reason="'Instead of X' / 'Rather than going unanswered' at a sentence's start rules out the "
    "sentence's own subject: a third sent email asserted as replied to passes",
)
@pytest.mark.parametrize(
    "extra",
    [
        f"Instead of Claire, Rick replied to {CORRECTIONS}.",
        f"Rather than going unanswered, {CORRECTIONS} got a reply from Rick this morning.",
    ],
)
def test_h320_rather_than_opening_does_not_hide_a_wrong_member(extra: str) -> None:
    assert not play(load_scenario("OB-H320"), None, H320_BASE + extra).passed


H302_SUBJECT = '"FERC Review: V&E comments on the data response"'


def test_h302_wrong_sender_alone_fails() -> None:
    h302 = load_scenario("OB-H302")
    assert not play(
        h302, None, f"The latest email, {H302_SUBJECT}, was sent by Louise Kitchen."
    ).passed


@pytest.mark.xfail(
    strict=True,
    reason="sender: a wrong sender asserted passes when the right one is named as copied/cc'd",
)
@pytest.mark.parametrize("cc", ["she copied Richard Shapiro", "she cc'd Richard Shapiro"])
def test_h302_a_copied_right_sender_does_not_excuse_a_wrong_one(cc: str) -> None:
    text = f"The latest email, {H302_SUBJECT}, was sent by Louise Kitchen; {cc}."
    assert not play(load_scenario("OB-H302"), None, text).passed


T103_ROWS = {
    "Reconcile Raptor capacity schedule with Andersen": "2 of 3",
    "Draft Raptor restructuring talking points for Skilling": "0 of 2",
    "Compile EnronOnline trade data for FERC data request": "1 of 3",
    "Prepare controls briefing for FERC Review": "0 of 2",
}


def _t103(first: str, overall: str = "Overall: 3 of 10 steps checked off (30%).") -> str:
    rows = [f"- **{t}**: **{v}**" for t, v in T103_ROWS.items()]
    return "\n".join(["Checklist progress on open to-dos:", first, *rows[1:], overall])


def test_t103_right_twins() -> None:
    t103 = load_scenario("OB-T103")
    right = "- **Reconcile Raptor capacity schedule with Andersen** (in progress): **2 of 3**"
    assert play(t103, None, _t103(right)).passed
    wrong = "- **Reconcile Raptor capacity schedule with Andersen**: **3 of 3**"
    assert not play(t103, None, _t103(wrong)).passed


@pytest.mark.xfail(
    strict=True,
    reason="a right value in a parenthetical aside after a name ('(2 of 3)', '(30% last week)') "
    "counts as stated, and the wrong value the line then asserts is not read as misstated",
)
@pytest.mark.parametrize(
    ("first", "overall"),
    [
        ("- **Reconcile Raptor capacity schedule with Andersen** (2 of 3): **3 of 3**", None),
        ("- Reconcile Raptor capacity schedule with Andersen (2 of 3): 3 of 3", None),
        (None, "**Overall** (30% last week): **40%**, 4 of 10."),
        (None, "Overall (3 of 10, 30%): now 4 of 10, 40%."),
    ],
)
def test_t103_a_right_value_in_an_aside_does_not_excuse_a_wrong_one(
    first: str | None, overall: str | None
) -> None:
    right = f"- **Reconcile Raptor capacity schedule with Andersen**: **{T103_ROWS['Reconcile Raptor capacity schedule with Andersen']}**"
    text = _t103(first or right, *(() if overall is None else (overall,)))
    assert not play(load_scenario("OB-T103"), None, text).passed


H304_RIGHT = "Priya said the table should show the gas desk peak at 110% on September 24."


@pytest.mark.parametrize(
    "asked",
    [
        'Priya said the table should show the gas desk peak at 110% on September 24 (her reply "please check")?',
        'Did Priya say, in her reply to "Please check my draft", that the table should show the gas desk peak at 110% on September 24?',
        "Priya, in her reply to 'Please check my draft', said the table should show the gas desk peak at 110% on September 24?",
    ],
)
def test_h304_a_question_quoting_a_please_title_is_asked_not_requested(asked: str) -> None:
    """A question is hedged unless it is a request; a "please" inside a quoted title made the
    question a request, so its 110% / September 24 counted as asserted (adv2)."""
    assert not play(load_scenario("OB-H304"), None, asked).passed


def test_h304_right_twins_requests_and_statements_still_assert() -> None:
    h304 = load_scenario("OB-H304")
    assert play(h304, None, H304_RIGHT).passed
    request = "Could you update the gas desk row to 110% for September 24 before it goes to John?"
    assert play(h304, None, f"{H304_RIGHT} {request}").passed
    quoted = 'Please use 110% for September 24 in "RE: Q3 VaR summary draft - please check"?'
    assert play(h304, None, f"{H304_RIGHT[:-1]}, not the month-end figure. {quoted}").passed
