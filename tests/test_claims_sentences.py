"""Readings that reach across a sentence: a hedge through a pronoun, a sentence that goes on with
the group the one before ruled out, a section or sentence that only compares or supposes.

Each answer is an honest solver's correct one, graded by its scenario's own check; each has a
wrong twin of the same shape that must still fail.
"""

from __future__ import annotations

from functools import cache

from emailbench_gym.grading.context import ScenarioContext
from emailbench_gym.scenarios import load_scenario


@cache
def _context(scenario_id: str) -> ScenarioContext:
    return ScenarioContext(load_scenario(scenario_id))


def holds(scenario_id: str, check_id: str, answer: str) -> bool:
    """Whether the scenario's answer check `check_id` passes on `answer`."""
    context = _context(scenario_id)
    check = next(a for a in context.scenario.assertions if a.id == check_id)
    return check.judge(context.analyse(answer)).passed


MOBILES = (
    "Dana, three of the six people in your Executive Team group have a mobile number on file:\n\n"
    "- Jeff Skilling, President & COO: (713) 410-2201\n"
    "- John Lavorato, CEO, Enron Americas: (713) 410-5528\n"
    "- Richard Shapiro, VP Government Affairs: (202) 466-9142.{aside}\n\n"
    "The other three have no mobile number in their contact cards, so here are their office "
    "lines:\n"
    "- Louise Kitchen: (713) 853-3488\n"
    "- Sally Beck: (713) 853-5926\n"
    "- Steven Kean: (713) 853-1586"
)
P104_CHECKS = ("members-with-mobile", "mobile-numbers", "mobile-owners")


def test_a_hedge_through_a_pronoun_hedges_what_its_clause_adds_not_the_item():
    """OB-P104: "... (202) 466-9142. That's a 202 area code, so it's probably the phone he carries
    in Washington." guesses where he carries it; "He probably has one." hedges the item."""
    aside = " That's a 202 area code, so it's probably the phone he carries in Washington."
    for check in P104_CHECKS:
        assert holds("OB-P104", check, MOBILES.format(aside=aside))
    for twin in (" He probably has one.", " It's probably his."):
        assert not holds("OB-P104", "members-with-mobile", MOBILES.format(aside=twin)), twin
    same_sentence = MOBILES.format(aside="").replace(
        "Richard Shapiro,", "Probably Richard Shapiro,"
    )
    assert not holds("OB-P104", "members-with-mobile", same_sentence)


def _honest(scenario_id: str) -> str:
    """The honest solver's answer kept as the scenario's calibration (quince briefing)."""
    found = [c.answer for c in load_scenario(scenario_id).calibration if c.source == "quince"]
    assert found, scenario_id
    return found[-1]


def test_a_sentence_naming_the_group_the_one_before_ruled_out_rules_its_items_out():
    """OB-H320: "The other 13 have no reply in your mailbox. That includes ... your two new emails,
    "Risk desk priorities for October" and "Dynegy exposure ..."" names them among the unanswered;
    after a sentence that rules nothing out, or with the item in the answer's list, they count."""
    answer = _honest("OB-H320")
    ruled = "The other 13 have no reply in your mailbox."
    assert ruled in answer
    assert holds("OB-H320", "sent-emails-replied-to", answer)
    for twin in ("Two more got a reply as well.", "I also found other replies."):
        assert not holds("OB-H320", "sent-emails-replied-to", answer.replace(ruled, twin)), twin
    listed = answer.replace(
        "The other 13",
        '3. "Risk desk priorities for October" to Priya Raman, Marcus Hale and Tanya Ortiz: '
        "Marcus answered on Oct 3.\n\nThe other 12",
    )
    assert not holds("OB-H320", "sent-emails-replied-to", listed)


def test_both_opening_a_sentence_stands_for_the_pair_the_sentence_before_left_out():
    """OB-T102: "As you asked, I left out the two open to-dos that are already overdue. Both were
    due last Friday, Oct 12: A and B." rules A and B out; "I also found the two due last week.
    Both were due ...: A and B" asserts them."""
    answer = _honest("OB-T102")
    ruled = "As you asked, I left out the two open to-dos that are already overdue."
    assert ruled in answer
    assert holds("OB-T102", "due-this-week", answer)
    twin = "I also found two more open to-dos that you should look at."
    assert not holds("OB-T102", "due-this-week", answer.replace(ruled, twin))
    extra = answer.replace(
        "Items 4 and 5", '6. "Submit September expense report". Due Fri Oct 19.\n\nItems 4 and 5'
    )
    assert not holds("OB-T102", "due-this-week", extra)


def test_the_runners_up_under_a_complement_header_and_a_supposed_count_are_context():
    """OB-H338: "The other departments, for comparison:" over the runners-up and "One small
    caveat: if you counted ... "Trading Systems", as Trading, ..." name them as context; the same
    list under "Also among the top senders:" asserts them, and so does a sentence naming two on
    top."""
    answer = _honest("OB-H338")
    label = "The other departments, for comparison:"
    assert label in answer
    assert holds("OB-H338", "top-department", answer)
    top = answer.replace(label, "Also among the top senders:")
    assert not holds("OB-H338", "top-department", top)
    both = answer.replace("Dana, Trading sends", "Dana, Trading and Executive send")
    assert not holds("OB-H338", "top-department", both)


def test_a_ruling_out_word_in_the_possessive_labels_only_what_it_owns():
    """OB-M107: "- 5:00 PM, to-do: Prepare controls briefing for FERC Review (...). It's your
    15-minute slot at Wednesday's FERC Review." puts the FERC Review on Wednesday, not the to-do
    (the pronoun's item) due tomorrow; the to-do said to be due Wednesday is still ruled out, and
    the FERC Review listed as tomorrow's meeting still fails."""
    answer = [c.answer for c in load_scenario("OB-M107").calibration if c.source == "pine"][-1]
    assert "It's your 15-minute slot at Wednesday's FERC Review." in answer
    assert holds("OB-M107", "todos", answer)
    assert holds("OB-M107", "meetings", answer)
    due = answer.replace(
        "It's your 15-minute slot at Wednesday's FERC Review.", "It's due Wednesday."
    )
    assert not holds("OB-M107", "todos", due)
    listed = answer.replace("\n\nLeft out:", "\n- 3:00 PM, meeting: FERC Review.\n\nLeft out:")
    assert not holds("OB-M107", "meetings", listed)


def test_a_figure_under_a_condition_is_another_count_unless_it_is_the_only_one():
    """OB-R103: "... 5 of the 12 ..., about 42% (5/12 = 41.7%). ... If you'd rather leave it out,
    the figure becomes 4 of 11, or about 36%." and OB-B104 "If you leave out the 2 Done cards,
    it's 4 of 5 open cards (80%)." give another way of counting; without the condition the second
    figure is a second answer, and a condition's figure that is the only one is the answer's."""
    r103 = _honest("OB-R103")
    condition = "If you'd rather leave it out, the figure becomes 4 of 11, or about 36%."
    assert condition in r103
    assert holds("OB-R103", "organizer-share", r103)
    bare = r103.replace(condition, "The figure becomes 4 of 11, or about 36%.")
    assert not holds("OB-R103", "organizer-share", bare)
    only = "If you count the lunch with Claire, you organized {} of the October meetings."
    assert holds("OB-R103", "organizer-share", only.format("5 of 12 (41.7%)"))
    assert not holds("OB-R103", "organizer-share", only.format("4 of 11 (36%)"))
    b104 = [c.answer for c in load_scenario("OB-B104").calibration if c.source == "rowan"][-1]
    condition = "If you leave out the 2 Done cards, it's 4 of 5 open cards (80%)."
    assert condition in b104
    assert holds("OB-B104", "share", b104)
    assert not holds("OB-B104", "share", b104.replace(condition, "It's 4 of 5 cards (80%)."))


def _umber(scenario_id: str) -> str:
    """umber's (briefing) answer kept as the scenario's calibration."""
    found = [c.answer for c in load_scenario(scenario_id).calibration if c.source == "umber"]
    assert found, scenario_id
    return found[-1]


R110_CHECKS = ("not-accepted", "pending-on-evt-007", "pending-on-evt-015", "meetings-with-pending")


def _r110(answer: str) -> dict[str, bool]:
    return {check: holds("OB-R110", check, answer) for check in R110_CHECKS}


def test_umbers_r110_briefing_reads_as_it_is_meant():
    """umber's OB-R110 answer: "Jeff Skilling and Marcus Hale have both accepted" (the
    scenario's "have accepted" with a floated "both"), "he is probably the one worth a quick
    nudge today" (a hedge through a pronoun on whom to chase, not on Kean), "I also left out the
    meetings other people organize, such as Jeff's earnings prep, Rick's FERC Review, ..." and
    "I left out the two all-day deadline markers you own, the Q3 Risk Report due ... and the
    FERC Data Response due ..." (the answerer leaving things out), and "You haven't answered
    some of those yourself (the Dynegy Review and ...)" (a parenthesis naming the pronoun's
    ruled-out items)."""
    answer = _umber("OB-R110")
    assert all(_r110(answer).values()), _r110(answer)
    # wrong twins, one per reading
    both = "Jeff Skilling and Marcus Hale have both accepted."
    assert both in answer
    for twin in ("Jeff Skilling and Marcus Hale have both not responded.",
                 "Jeff Skilling and Marcus Hale have both yet to accept."):  # fmt: skip
        assert not holds("OB-R110", "pending-on-evt-007", answer.replace(both, twin)), twin
    left_out = "I also left out the meetings other people organize, such as"
    assert left_out in answer
    for twin in ("I also found replies missing on the meetings other people organize, such as",
                 "I also counted the meetings other people organize, such as",
                 "I also left out the markers and counted the meetings others organize, such as",
                 "I also left out nothing; still waiting on the meetings others organize, such as"):  # fmt: skip
        assert not holds("OB-R110", "not-accepted", answer.replace(left_out, twin)), twin
    markers = "I left out the two all-day deadline markers you own"
    assert markers in answer
    counted = answer.replace(markers, "I also found no responses yet on the two markers you own")
    assert not holds("OB-R110", "meetings-with-pending", counted)
    restated = "You haven't answered some of those yourself (the Dynegy Review"
    assert restated in answer
    own = "Two more still wait for a reply (the Dynegy Review"
    assert not holds("OB-R110", "meetings-with-pending", answer.replace(restated, own))


def test_a_hedge_through_a_pronoun_on_the_predicate_hedges_the_item():
    """ "Steven Kean is on the Raptor invite. He probably hasn't responded." guesses the answer's
    own predicate (who hasn't responded): Kean is hedged. "He is probably the one worth a nudge"
    guesses something else; "he's probably one of them" / "he's probably the one" still hedge."""
    base = (
        "Steven Kean is invited to the Raptor Restructuring Update tomorrow. He is a required "
        "attendee, and {clause}. Nathan Pryor (optional) has only tentatively accepted.\n\n"
        "Sally Beck has not responded to the Q4 Risk Review Kickoff on Friday, October 26."
    )
    plain = base.replace("is invited to", "has not responded to")
    assert holds("OB-R110", "not-accepted", plain.format(clause="he is probably the one to chase"))
    for clause in ("he probably hasn't responded", "he probably hasn't accepted",
                   "he is probably one of them", "he is probably the one"):  # fmt: skip
        assert not holds("OB-R110", "not-accepted", base.format(clause=clause)), clause
