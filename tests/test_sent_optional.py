"""A `sent-message` check with an `optional` reason: a message the query, read another correct
way, does not ask for may be left unsent; one sent on its thread must still be right.

OB-W114 ("reply all with a nudge to each email nobody has answered; skip any that already got
a reply"): Rick's msg-050 answers msg-062 outside its thread, so fern's episode, which nudges
msg-064 and msg-065 and skips msg-062, is correct; alder's, which nudges all three, too."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from emailbench_gym.grading.checks.outgoing import SentMessageCheck
from emailbench_gym.scenarios import Scenario, load_scenario
from tests.grading_support import outcome, play

W114 = load_scenario("OB-W114")
NUDGE = "Could you let me know your response by Wednesday?\n\nDana"
RISK = {"name": "messages_replyAll", "arguments": {"id": "msg-064", "comment": f"Jeff,\n{NUDGE}"}}
DYNEGY = {
    "name": "messages_replyAll",
    "arguments": {"id": "msg-065", "comment": f"Tanya, Priya,\n{NUDGE}"},
}


def ferc(name: str = "messages_replyAll", comment: str = f"Claire,\n{NUDGE}") -> dict:
    return {"name": name, "arguments": {"id": "msg-062", "comment": comment}}


def passed(calls: list[dict]) -> dict[str, bool]:
    grade = play(W114, calls)
    checks = ("nudge-ferc-draft", "nudge-risk-disclosures", "nudge-dynegy-exposure", "footprint")
    return {check: outcome(grade, check) for check in checks} | {"all": grade.passed}


def test_the_optional_nudge_may_be_left_out_or_sent_right() -> None:
    assert all(passed([RISK, DYNEGY]).values())  # fern's reading
    assert all(passed([RISK, DYNEGY, ferc()]).values())  # the reference's reading


@pytest.mark.parametrize(
    "nudge",
    [
        ferc(name="messages_reply"),  # Rick (cc) left out
        ferc(comment="Claire,\nJust checking in on my corrections.\n\nDana"),  # no Wednesday
        ferc(comment="Claire,\nPlease do not respond by Wednesday.\n\nDana"),  # negated
    ],
)
def test_a_nudge_sent_on_the_optional_thread_must_still_be_right(nudge: dict) -> None:
    assert not passed([RISK, DYNEGY, nudge])["nudge-ferc-draft"]


def test_a_nudge_that_is_not_optional_may_not_be_left_out() -> None:
    result = passed([DYNEGY, ferc()])
    assert result["nudge-ferc-draft"] and not result["nudge-risk-disclosures"]
    assert not passed([DYNEGY])["all"]


def test_without_a_reason_a_check_is_not_optional() -> None:
    data = W114.model_dump(mode="json", exclude_none=True)
    for check in data["assertions"]:
        check.pop("optional", None)
    strict = Scenario.model_validate(data)
    assert not outcome(play(strict, [RISK, DYNEGY]), "nudge-ferc-draft")
    ferc_check = next(a for a in W114.assertions if a.id == "nudge-ferc-draft")
    with pytest.raises(ValidationError):  # a reason, not a word
        SentMessageCheck.model_validate({**ferc_check.model_dump(), "optional": "maybe"})
