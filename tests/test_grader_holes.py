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


def test_h320_a_subject_prefix_colon_opens_no_label() -> None:
    """The colon of "RE:" is part of the subject: a label before it still rules out."""
    h320 = load_scenario("OB-H320")
    for ruled in (f"No reply yet: {CORRECTIONS}.", f"- {CORRECTIONS}: no reply yet"):
        assert play(h320, None, H320_BASE + ruled).passed, ruled


# the colon of the subject's "RE:" read as a label's: 'Instead of Claire, Rick replied to "RE'
# labelled the subject, so its negation ruled the third email out
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


# 'sent' was a context word of the sender claim, so "sent by Louise Kitchen" excused her; and a
# colon inside the quoted subject read as the separator of a line about Richard
@pytest.mark.parametrize(
    "text",
    [
        f"The latest email, {H302_SUBJECT}, was sent by Louise Kitchen; she copied Richard Shapiro.",
        f"The latest email, {H302_SUBJECT}, was sent by Louise Kitchen; she cc'd Richard Shapiro.",
        f"Richard Shapiro copied you on the latest email, {H302_SUBJECT}; it's from Claire Boudreaux.",
        f"Gist: Louise Kitchen sent the latest email, {H302_SUBJECT}.",
    ],
)
def test_h302_a_copied_right_sender_does_not_excuse_a_wrong_one(text: str) -> None:
    assert not play(load_scenario("OB-H302"), None, text).passed


@pytest.mark.parametrize(
    "text",
    [
        f"The latest email, {H302_SUBJECT}, was sent by Richard Shapiro; he copied Claire Boudreaux.",
        f"Richard Shapiro sent the latest email, {H302_SUBJECT}, and copied Claire Boudreaux.",
        f"Richard Shapiro sent the latest email, {H302_SUBJECT}. Claire Boudreaux is cc'd.",
        f"- Richard Shapiro: the latest email, {H302_SUBJECT}; Claire Boudreaux is cc'd.",
        f"From Richard Shapiro: {H302_SUBJECT}.\n\nGist: Claire sent V&E's comments.",
    ],
)
def test_h302_right_sender_with_a_copied_person(text: str) -> None:
    assert play(load_scenario("OB-H302"), None, text).passed


def test_a_left_out_aside_holding_an_item_is_about_that_item() -> None:
    """ "A (left out B)": the exclusion opening the aside points to B inside it, not back to A
    (as a label's "(cc Tanya Ortiz)" does); "A (left out)" still leaves A out."""
    h306 = load_scenario("OB-H306")
    answer = h306.solution.answer
    first = "Dynegy Review - exposure numbers by Tuesday"
    swapped = answer.replace(first, f"Today 2pm - earnings prep (left out {first})")
    assert not play(h306, None, swapped).passed
    assert play(h306, None, answer + "\n5. Weather derivatives product approval (left out)").passed


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


def test_t103_an_aside_beside_the_right_value_keeps_it() -> None:
    """A label's aside or one after the value is context for the value asserted outside it:
    with the right value outside, an earlier figure in the aside does no harm."""
    t103 = load_scenario("OB-T103")
    for first, overall in (
        ("- Reconcile Raptor capacity schedule with Andersen (was 1 of 3): 2 of 3", None),
        ("- Reconcile Raptor capacity schedule with Andersen: 2 of 3 (67%)", None),
        ("- Reconcile Raptor capacity schedule with Andersen (2 of 3): 67%", None),
        (None, "**Overall** (20% last week): **30%**, 3 of 10."),
        (None, "Overall: 3 of 10 (30%)."),
    ):
        right = "- **Reconcile Raptor capacity schedule with Andersen**: **2 of 3**"
        text = _t103(first or right, *(() if overall is None else (overall,)))
        assert play(t103, None, text).passed, text


# a right value in an aside ('(2 of 3)', '(30% last week)', '(was 2 of 3)') counted as stated,
# and the wrong value the line asserts outside it was not read against it
@pytest.mark.parametrize(
    ("first", "overall"),
    [
        ("- **Reconcile Raptor capacity schedule with Andersen** (2 of 3): **3 of 3**", None),
        ("- Reconcile Raptor capacity schedule with Andersen (2 of 3): 3 of 3", None),
        ("- Reconcile Raptor capacity schedule with Andersen: 3 of 3 (was 2 of 3)", None),
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


def test_h321_an_aside_after_a_count_does_not_end_its_role_clause() -> None:
    """ "5 (was 4) of them are unread": the aside annotates 5, whose clause (and role) goes on
    after it, so the wrong unread count is read against the right one in the aside."""
    h321 = load_scenario("OB-H321")
    lead = "There are 8 emails in your inbox categorized as Trading, and "
    assert not play(h321, None, lead + "5 (was 4) of them are still unread.").passed


def test_h316_a_names_own_count_before_a_total_stays() -> None:
    """ "Claire Boudreaux of Vinson & Elkins (2) - 8 emails in all": 8 is the total, not a
    value asserted against Claire's own count in the aside."""
    h316 = load_scenario("OB-H316")
    text = (
        "External senders: Rob Delacroix of Dynegy (3), Nathan Pryor of Arthur Andersen (3) "
        "and Claire Boudreaux of Vinson & Elkins (2) - 8 emails in all."
    )
    assert play(h316, None, text).passed


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


def _calibration(scenario_id: str, opening: str) -> str:
    """The calibration answer of the scenario that opens with `opening`."""
    return next(
        c.answer for c in load_scenario(scenario_id).calibration if c.answer.startswith(opening)
    )


F105_QUESTION = "**Which inbox emails would your existing rule catch"


@pytest.mark.parametrize("lead", ["DRAFT - do not rely on this: ", "Ce n'est pas vrai: "])
def test_f105_a_disowning_lead_before_a_conditional_question_line_disowns_the_answer(
    lead: str,
) -> None:
    """A retraction is conditional when its sentence holds "if"; the sentence ran past the
    lead's colon into the question it disowns ("... catch if they came in again?"), so
    "Ce n'est pas vrai: **Which ... if ...?**" read as a condition and withdrew nothing (adv3)."""
    f105, honest = load_scenario("OB-F105"), _calibration("OB-F105", F105_QUESTION)
    assert play(f105, None, honest).passed
    assert not play(f105, None, lead + honest).passed


X110_OPENING = "One of your three completed to-dos came from an email"


@pytest.mark.parametrize("extra", ["- Steven Kean", "- via Legal Tickets (6:30)"])
def test_x110_a_cross_marked_entrys_pronoun_does_not_rule_out_the_line_before(extra: str) -> None:
    """'✗ "Confirm Raptor III collateral valuation" isn't linked to any email, so it doesn't
    count': its "it" is that entry, not a sender listed on the line before it, which is an
    asserted extra item (adv3)."""
    x110, honest = load_scenario("OB-X110"), _calibration("OB-X110", X110_OPENING)
    assert play(x110, None, honest).passed
    lines = honest.split("\n")
    cross = next(n for n, line in enumerate(lines) if line.startswith("✗"))
    wrong = "\n".join([*lines[:cross], extra, *lines[cross:]])
    assert not play(x110, None, wrong).passed
