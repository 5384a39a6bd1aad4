"""A name inside a longer name of another kind belongs to the longer one: "The RSVP to the
Dynegy Review isn't overdue yet" names the to-do "RSVP to Dynegy Review (conflicts with FERC
Review)" and asserts nothing about the meeting "Dynegy Review", even with the article the
writer puts in before the meeting's name. The meeting named by itself is still the meeting."""

from __future__ import annotations

from emailbench_gym.corpus import load_corpus
from emailbench_gym.grading.claims.text import Text
from emailbench_gym.grading.context import pristine_universe
from emailbench_gym.workspace import Workspace
from tests.test_claims_fairness import scenario_check
from tests.test_claims_fairness_fair_a import passes_and_twins_fail

# kite's OB-X104 answer (honest solver, spoken style), checked by hand against the corpus
X104 = (
    "Two of your to-dos are overdue right now, and both were due last Friday, October twelfth, "
    "at five in the afternoon.\n\n"
    'The first is "Reconcile Raptor capacity schedule with Andersen", on your Raptor Follow-ups '
    "list. It's in progress: you've got Andersen's September thirtieth price assumptions and "
    "rerun Raptor three with TNPC at ten and five dollars, but agreeing the cross-guarantee "
    "treatment with Nathan is still open. And yes, there's a meeting this week on the same "
    "subject: tomorrow's Raptor Restructuring Update, from one until two in the afternoon in the "
    "E B fifty M Small Conference Room, where Nathan Pryor from Andersen is dialing in. The task "
    "notes say to agree the numbers before that update.\n\n"
    'The second is "Submit September expense report", on your Tasks list. It hasn\'t been '
    "started, and there's no meeting this week on anything like that subject.\n\n"
    "The RSVP to the Dynegy Review isn't overdue yet; it's due today at noon."
)


def mentions(text: str) -> list[tuple[str, tuple]]:
    corpus = load_corpus()
    universe = pristine_universe(corpus, Workspace(corpus).snapshot())
    found = universe.find_mentions(Text(text))
    return [(text[m.start : m.end], tuple(kind for kind, _ in m.refs)) for m in found]


def test_an_article_put_inside_a_name_keeps_the_name_whole() -> None:
    assert mentions("The RSVP to the Dynegy Review isn't overdue yet.") == [
        ("RSVP to the Dynegy Review", ("task",))
    ]
    assert mentions("RSVP to Dynegy Review") == [("RSVP to Dynegy Review", ("task",))]
    # the meeting by itself is the meeting; an article that no name goes on after is no name
    assert mentions("Then the Dynegy Review at 11.") == [("Dynegy Review", ("event",))]
    assert mentions("an RSVP to the team") == []


def test_a_meeting_named_inside_a_to_do_is_not_asserted_as_the_meeting() -> None:
    """kite's OB-X104: the to-do whose title holds the meeting's name is ruled out (not
    overdue yet); the meeting asserted by itself, beside the right one, still fails."""
    passes_and_twins_fail(
        "OB-X104",
        "related-meeting",
        X104,
        {
            "tomorrow's Raptor Restructuring Update,": [
                "tomorrow's Raptor Restructuring Update and Wednesday's Dynegy Review,",
                "Wednesday's Dynegy Review,",
            ],
            "it's due today at noon.": [
                "it's due today at noon. The Dynegy Review on Wednesday is related too.",
            ],
        },
    )


def test_the_to_do_named_with_an_article_is_the_to_do() -> None:
    """Now that "the RSVP to the Dynegy Review" names the to-do, saying it is overdue fails the
    overdue list (before, the to-do went unseen and this wrong answer passed)."""
    passes_and_twins_fail(
        "OB-X104",
        "overdue-todos",
        X104,
        {
            "The RSVP to the Dynegy Review isn't overdue yet; it's due today at noon.": [
                "The RSVP to the Dynegy Review is overdue too.",
            ],
        },
    )
    assert scenario_check("OB-X104", "overdue-todos", X104)
