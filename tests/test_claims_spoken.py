"""Numbers, times, phone numbers, room numbers and file names said in words (claims/spoken.py):
each correct spoken answer passes its check, and each wrong twin (one spoken value changed)
still fails it."""

from __future__ import annotations

import pytest

from emailbench_gym.grading.claims.spoken import write_digits
from tests.test_claims_fairness import scenario_check
from tests.test_claims_fairness_fair_a import passes_and_twins_fail


@pytest.mark.parametrize(
    ("spoken", "written"),
    [
        ("at ten thirty in the morning", "at 10:30 am"),
        ("at four forty in the afternoon", "at 4:40 pm"),
        ("at ten this morning", "at 10:00 am this morning"),
        ("from two until five.", "from 2 until 5."),
        ("a quarter to one, half past two", "12:45, 2:30"),
        ("seven one three, eight five three, two two two two", "713-853-2222"),
        ("one eight hundred, five five five, oh one four three", "1800-555-0143"),
        ("code four four one seven", "code 4417"),
        ("EB thirty-seven oh one", "EB 3701"),
        ("EB forty-seven C one", "EB 47C1"),
        ("Raptor underscore model underscore v three dot xls", "Raptor_model_v3.xls"),
        ("five hundred twelve thousand bytes", "512000 bytes"),
        ("October eighteenth", "October 18th"),
        ("Q three trading P and L", "Q3 trading P&L"),
        ("the E B fifty M Boardroom", "the EB 50M Boardroom"),
        ("one million five hundred twelve thousand bytes", "1512000 bytes"),
        ("two million, five hundred twelve thousand", "2512000"),
        ("a million and twelve", "1000012"),
        ("at ten to ten", "at 9:50"),
        ("by twenty-five past two", "by 2:25"),
        ("until ten minutes to one", "until 12:50"),
        ("from ten to eleven", "from 10 to 11"),
    ],
)
def test_spoken_forms_are_written_out(spoken: str, written: str) -> None:
    assert write_digits(spoken) == written


@pytest.mark.parametrize(
    "kept",
    [
        "three meetings: two in the morning and one in the afternoon.",
        "The one whose comments you have; at one point she said so.",
        "You may first want to read it.",
        "three three-hour meetings; one, two, three; from two people",
        "seven million; one million three times",
    ],
)
def test_single_number_words_and_counts_stay_words(kept: str) -> None:
    """A count said with a half of the day, a pronoun "one", a list of small numbers: no time,
    no digit run."""
    assert write_digits(kept) == kept


G101 = (
    "Your Credit Reserve Methodology Review is on Thursday, October eighteenth, from nine until "
    "ten in the morning, in the EB thirty-seven oh one Conference Room. Sally Beck is organizing "
    "it.\n\nSally wants to cover three items: market-implied default probabilities, parent-level "
    "concentration add-ons, and the timing of the quarterly true-up.\n\nShe says you already have "
    "Priya Raman's comments on the draft."
)
G102 = (
    "Wednesday's FERC Review starts at ten in the morning (it runs until eleven thirty) in the EB "
    "forty-seven C one Conference Room.\n\nThe only attendee from outside Enron is Claire "
    "Boudreaux of Vinson & Elkins. Her office number is seven one three, seven five eight, two two "
    "two two, and her mobile is seven one three, three oh one, eight eight seven four."
)
H310 = (
    "The biggest attachment in your mailbox is Raptor underscore restructuring underscore model "
    "underscore v three dot xls, at five hundred twelve thousand bytes. It came on Marcus Hale's "
    'email "Raptor restructuring model v3" from Wednesday, October tenth.'
)
P104 = (
    "Three people in your Executive Team group have a mobile on file:\n"
    "- Jeff Skilling: seven one three, four one oh, two two oh one\n"
    "- John Lavorato: seven one three, four one oh, five five two eight\n"
    "- Richard Shapiro: two oh two, four six six, nine one four two\n"
    "Louise Kitchen, Sally Beck and Steven Kean have no mobile on file."
)
R107 = (
    "For tomorrow's Raptor Restructuring Update (one to two in the afternoon), the dial-in number "
    "is one eight hundred, five five five, oh one four three, and the access code is four four "
    "one seven."
)
R101 = (
    "Your first meeting today is the Risk Desk Stand-up at ten this morning, in EB 2801 "
    "Conference Room. It runs until ten thirty."
)
R108 = (
    "Tomorrow, Tuesday the sixteenth, you have eight hours free within your working hours. The "
    "free blocks are from eight in the morning until one in the afternoon, and from two until "
    "five. The only meeting is the Raptor Restructuring Update from one to two."
)


@pytest.mark.parametrize(
    ("scenario", "check", "answer", "twins"),
    [
        ("OB-G101", "when", G101, {"from nine until ten": ["from ten until eleven"]}),
        ("OB-G101", "where", G101, {"thirty-seven oh one": ["thirty-seven oh two"]}),
        ("OB-G102", "start", G102, {"at ten in the morning": ["at eleven in the morning"]}),
        ("OB-G102", "room", G102, {"forty-seven C one": ["forty-seven C two"]}),
        ("OB-G102", "numbers", G102, {"eight eight seven four": ["eight eight seven five"]}),
        ("OB-H310", "biggest-attachment", H310, {"v three": ["v two"]}),
        ("OB-H310", "attachment-size", H310, {"twelve thousand": ["eleven thousand"]}),
        ("OB-P104", "mobile-owners", P104, {"two two oh one": ["five five two eight"]}),
        ("OB-R107", "dial-in", R107, {"oh one four three": ["oh one four four"]}),
        ("OB-R107", "access-code", R107, {"four four one seven": ["four four one eight"]}),
        ("OB-R101", "start-time", R101, {"at ten this morning": ["at eleven this morning"]}),
        ("OB-R108", "free-blocks", R108, {"from two until five": ["from three until five"]}),
    ],
)
def test_spoken_answers_pass_and_their_wrong_twins_fail(scenario, check, answer, twins) -> None:
    passes_and_twins_fail(scenario, check, answer, twins)


R111 = (
    "This week is clearly the heavier one.\n\nThis week, Monday the fifteenth through Friday the "
    "nineteenth, you have six timed meetings adding up to six and a half hours.\n\nNext week, "
    "Monday the twenty-second through Friday the twenty-sixth, you have three timed meetings "
    "adding up to three and three-quarter hours."
)


def test_a_sum_said_with_up_to_is_the_total_not_a_bound() -> None:
    """kite's OB-R111: "adding up to six and a half hours" states 6.5 hours (a sum), and "three
    and three-quarter hours" 3.75; a bare "up to" is still a bound, and other hours still fail."""
    passes_and_twins_fail(
        "OB-R111",
        "this-week-load",
        R111,
        {"adding up to six and a half": ["up to six and a half", "adding up to seven and a half"]},
    )
    passes_and_twins_fail(
        "OB-R111",
        "next-week-load",
        R111,
        {"three and three-quarter": ["three and a quarter", "four and three-quarter"]},
    )


G103 = (
    'On your to-do, the task "Draft Raptor restructuring talking points for Skilling" hasn\'t '
    "been started. Both of its checklist items are still open: the termination versus share "
    "contribution comparison, and the one-page charge summary."
)


def test_versus_is_the_vs_of_a_name() -> None:
    """kite's OB-G103: "termination versus share contribution comparison" names the step
    "Termination vs. share contribution comparison"; another comparison does not."""
    passes_and_twins_fail(
        "OB-G103",
        "open-steps",
        G103,
        {"termination versus share contribution": ["termination versus fee"]},
    )


def test_millions_said_before_a_spoken_number_are_part_of_it() -> None:
    """ "one million five hundred twelve thousand bytes" is 1,512,000, not 512,000 after a
    stray "one million": OB-H310's attachment size passed with it. Correct twin: the size said
    alone."""
    answer = (
        "The biggest attachment is Raptor_restructuring_model_v3.xls, {} bytes, on Marcus "
        "Hale's email 'Raptor restructuring model v3' of Wed 10 Oct."
    )
    assert scenario_check(
        "OB-H310", "attachment-size", answer.format("five hundred twelve thousand")
    )
    for wrong in (
        "one million five hundred twelve thousand",
        "two million, five hundred twelve thousand",
    ):
        assert not scenario_check("OB-H310", "attachment-size", answer.format(wrong))


def test_minutes_to_the_hour_are_before_it() -> None:
    """ "at ten to ten" is 9:50: before, it was written "at 10 to 10" and OB-R101's start time
    (10:00) passed with it. Correct twin: "at ten in the morning"; "from ten to eleven" stays
    a range."""
    answer = "Your first meeting today is the Risk Desk Stand-up {} in EB 2801 Conference Room."
    assert scenario_check("OB-R101", "start-time", answer.format("at ten in the morning"))
    assert not scenario_check("OB-R101", "start-time", answer.format("at ten to ten"))


def test_a_bare_hour_offered_with_a_time_makes_both_alternatives() -> None:
    """ "at ten, or maybe eleven" offers two start times: it states neither (OB-R101's start
    time passed with it, as with "at 10, or maybe 11" and "or maybe at eleven"). Correct twin:
    "or 2 people" counts people, so the time stands."""
    answer = "Your first meeting today is the Risk Desk Stand-up {} in EB 2801 Conference Room."
    for wrong in ("at ten, or maybe eleven", "at 10, or maybe 11", "at ten, or maybe at eleven"):
        assert not scenario_check("OB-R101", "start-time", answer.format(wrong)), wrong
    for right in ("at ten in the morning", "at 10:00 AM, or 2 people"):
        assert scenario_check("OB-R101", "start-time", answer.format(right)), right
