"""adv4's attack on session 30's fairness rules (fair2 33d1171 d993619 465d652 2bdff01, fair3
2f3c08d 5642cc8, fair4 b2ba618 92825e2 c14f4c9): WRONG answers, each the honest answer of
tests/test_claims_fairness_s30[bcd].py with one phrase changed, that pass their check on main
671d0bb. Each is a strict xfail: it says the wrong answer must fail, and xfails while the hole
is open. All but the two marked "pre-existing" failed before the rule named (checked on the
rule's parent commit)."""

from __future__ import annotations

import pytest

from tests.test_claims_fairness import scenario_check
from tests.test_claims_fairness_s30b import G102_NUMBERS, H323_OLDEST, S106_DAYS_LISTED, X101_TABLE
from tests.test_claims_fairness_s30c import B103, F110
from tests.test_claims_fairness_s30d import H331_NEAR_MISS, H337_HISTORY

DAYS = "Monday, Tuesday, Wednesday, Thursday, Friday."


@pytest.mark.xfail(strict=True, reason="33d1171: the run names Mon-Fri whatever follows it")
@pytest.mark.parametrize(
    "days",
    [
        "Monday, Tuesday, Wednesday, Thursday, Friday, except Wednesday.",
        "Monday, Tuesday, Wednesday, Thursday, Friday, but not Friday.",
        "Monday to Thursday (it used to be Monday, Tuesday, Wednesday, Thursday, Friday).",
        "none; Monday, Tuesday, Wednesday, Thursday, Friday are all unchecked.",
    ],
)
def test_s106_a_weekday_run_taken_back_or_past_is_no_range(days):
    assert not scenario_check("OB-S106", "working-days", S106_DAYS_LISTED.replace(DAYS, days))


@pytest.mark.xfail(strict=True, reason="d993619: 'tentatively' holds whatever the clause adds")
@pytest.mark.parametrize(
    "who",
    [
        "who accepted tentatively at first but has since accepted fully.",
        "who accepted tentatively on Friday and then confirmed.",
    ],
)
def test_x101_tentatively_then_fully_accepted_is_accepted(who):
    answer = X101_TABLE.replace("who accepted tentatively.", who)
    assert not scenario_check("OB-X101", "not-accepted", answer)


@pytest.mark.xfail(strict=True, reason="465d652: a person's name after the possessive date")
@pytest.mark.parametrize(
    "said",
    ["It is Wednesday's John Lavorato email.", "It came in as Wednesday's John Lavorato note."],
)
def test_h323_the_emails_date_before_its_senders_name_dates_the_email(said):
    answer = H323_OLDEST.replace("That may matter for Wednesday's Dynegy Review.", said)
    assert not scenario_check("OB-H323", "received", answer)


@pytest.mark.xfail(strict=True, reason="pre-existing (passes on 2bdff01^ too): 'not her X' role")
def test_g102_not_her_office_number_is_v_is_no_office_number():
    answer = G102_NUMBERS.replace(
        "office number as (713) 758-2222 and her mobile as (713) 301-8874",
        "mobile, not her office number, is (713) 758-2222, and her office, not her mobile, is "
        "(713) 301-8874",
    )
    assert not scenario_check("OB-G102", "numbers", answer)


@pytest.mark.xfail(strict=True, reason="pre-existing (passes on 2f3c08d^): 'no longer disabled'")
def test_f110_no_longer_disabled_is_enabled():
    answer = F110.replace("but is disabled.", "but is no longer disabled.")
    assert not scenario_check("OB-F110", "enabled-rules", answer)


@pytest.mark.xfail(strict=True, reason="5642cc8: a description or 'this one' is no pronoun")
@pytest.mark.parametrize(
    "tail",
    [
        "the VaR card and the Calpine ISDA sign-off are both Done.",
        "the Q3 credit reserve true-up and this one are both Done.",
        "the open card and the Calpine ISDA sign-off are both Done, in fact.",
        "the Refresh VaR card and the Calpine ISDA sign-off are both Done now, so none is open.",
    ],
)
def test_b103_both_over_a_subject_naming_the_open_card_denies_it(tail):
    answer = B103.replace(
        "the Q3 credit reserve true-up and the Calpine ISDA sign-off are both Done.", tail
    )
    assert not scenario_check("OB-B103", "open-cards", answer)


@pytest.mark.xfail(strict=True, reason="b2ba618: any he/she/they + turn verb; other reply verbs")
@pytest.mark.parametrize(
    "later",
    [
        "and he came back on Monday, October 8 at 4:15 PM, and you answered him that afternoon.",
        "and he came back on Monday, October 8 at 4:15 PM, and you responded that evening.",
        "and he came back from vacation on October 8 without writing.",
        "and they came to an agreement on the phone.",
    ],
)
def test_h337_you_replied_with_no_real_answer_after_it_is_the_last_word(later):
    answer = H337_HISTORY.replace("and he came back on Monday, October 8 at 4:15 PM.", later)
    assert not scenario_check("OB-H337", "ball-in-my-court", answer)


@pytest.mark.xfail(strict=True, reason="92825e2: the near miss stays ruled out when re-added")
@pytest.mark.parametrize(
    "rest",
    [
        "but that one is from Jeff, not Steve, and it counts as his too.",
        "but that one is from Jeff, not Steve, and it is waiting for you too.",
        "but that one is from Jeff, not Steve, so there are really two.",
    ],
)
def test_h331_a_near_miss_added_back_after_the_contrast_is_asserted(rest):
    answer = H331_NEAR_MISS.replace("but that one is from Jeff, not Steve.", rest)
    assert not scenario_check("OB-H331", "unread-email", answer)
