"""What a section or a label of an answer governs: context sections, labels opening a sentence in
the middle of a line, actions still to be done, pronouns standing for the items named before.

Each shape comes from a correct answer an honest solver wrote that the reader got wrong, and
each has a wrong twin of the same shape that must still fail.
"""

from __future__ import annotations

from tests.grading_support import passes

UNREAD_TRADING = {
    "type": "answer-items",
    "kind": "message",
    "members": ["msg-024", "msg-037", "msg-046", "msg-049"],
    "ruled_out": ["already read", "read", "not counted", "aren't tagged", "not tagged"],
}
OLDEST_UNREAD = {
    "type": "answer-items",
    "kind": "message",
    "members": ["msg-021"],
    "ruled_out": ["next oldest", "next ones", "next one", "newer", "already read"],
    "predicate": ["read", "open"],
    "measure": ["oldest"],  # as OB-H323's own checks: "X is also unread" adds no "oldest"
}
SENDER = {**OLDEST_UNREAD, "kind": "person", "members": ["john.lavorato@enron.com"]}
PEOPLE_THIS_MORNING = {
    "type": "answer-items",
    "kind": "person",
    "members": ["jeff.skilling@enron.com", "louise.kitchen@enron.com"],
    "ruled_out": ["automated", "left out"],
    "candidates": [
        "jeff.skilling@enron.com",
        "louise.kitchen@enron.com",
        "enrononline@enron.com",
        "gasbank@enron.com",
    ],
}
FOUR_UNREAD = (
    'The four unread ones are "EnronOnline September statistics", "Weather swap limits on '
    'EnronOnline", "EnronOnline Daily Summary - 10/12/2001" and "Weather derivatives product '
    'approval".'
)


def items(spec: dict, answer: str) -> bool:
    return passes(spec, calls=[], answer=answer)


def test_a_context_section_names_its_items_as_context():
    """Under "**Context**" or "**Why it's the oldest unread**" the items explain the answer; under
    a header that gives more answers they are asserted."""
    answer = (
        "**Oldest unread email**\n"
        '"Dynegy credit line - where are we?" from John Lavorato, received Fri 10/5 at 1:10pm.\n'
        "\n"
        "**{header}**\n"
        "1. You have 19 unread emails in your inbox; this is the oldest.\n"
        "2. It connects to this week's Dynegy Review. Louise's \"Dynegy Review - exposure numbers "
        'by Tuesday" (Fri 10/12) is also unread.'
    )
    for header in ("Context", "Background", "Why it's the oldest unread", "For reference"):
        assert items(OLDEST_UNREAD, answer.format(header=header)), header
        assert items(SENDER, answer.format(header=header)), header
    for header in ("Also among the oldest unread", "Other oldest unread emails", "Oldest unread"):
        assert not items(OLDEST_UNREAD, answer.format(header=header)), header
        assert not items(SENDER, answer.format(header=header)), header
    inline = (
        'The oldest unread is "Dynegy credit line - where are we?".\n'
        '{label}: "Audit walkthrough scheduling" came in earlier that day.'
    )
    assert items(OLDEST_UNREAD, inline.format(label="For reference"))
    assert not items(OLDEST_UNREAD, inline.format(label="Also"))


def test_a_context_section_does_not_hide_a_wrong_answer():
    """A context section exempts only what it names: the answer's own section still counts, and
    a member named only as context is still a member the answer gives."""
    wrong = (
        '**Answer**\nThe oldest unread is "EnronOnline September statistics".\n\n'
        '**Context**\n"Dynegy credit line - where are we?" came in before it.'
    )
    assert not items(OLDEST_UNREAD, wrong)
    only_as_context = (
        "**Answer**\nIt is John's email.\n\n"
        '**Background**\n"Dynegy credit line - where are we?" came in on Oct 5.'
    )
    assert items(OLDEST_UNREAD, only_as_context)


def test_a_label_opening_a_sentence_in_the_middle_of_a_line_governs_the_list_after_it():
    """ "... this morning. The other four Trading emails you've already read: A, B, C and D" rules
    the four out, as the same label opening its own line would."""
    answer = (
        FOUR_UNREAD + " The other four Trading emails {label}: Louise's \"EnronOnline credit "
        'limits for new counterparties" (September 26), Tanya\'s "Henry Hub basis positions - '
        'weekly" (October 1), the October 5 EnronOnline Daily Summary, and the notice about '
        "EnronOnline's scheduled maintenance on Saturday, October 13 (October 11)."
    )
    assert items(UNREAD_TRADING, answer.format(label="you've already read"))
    assert not items(UNREAD_TRADING, answer.format(label="are unread too"))
    morning = (
        "Two people have emailed you this morning: Jeff Skilling at 7:52 and Louise Kitchen at "
        "8:10. I {verb} that also arrived this morning: the "
        "EnronOnline Daily Summary for 10/12 at half past six and the GasBank storage balance "
        "report for the week ending 10/12."
    )
    assert items(PEOPLE_THIS_MORNING, morning.format(verb="left out the two automated messages"))
    assert not items(PEOPLE_THIS_MORNING, morning.format(verb="also heard from two more senders"))
    no_automated = {
        "type": "answer-items",
        "kind": "message",
        "members": [],
        "ruled_out": ["automated", "left out"],
        "candidates": ["msg-046", "msg-047"],
    }
    assert items(no_automated, morning.format(verb="left out the two automated messages"))
    assert not items(no_automated, morning.format(verb="also heard from two more senders"))


def test_a_word_for_an_action_still_to_do_is_not_the_state_it_names():
    """ "Unread: these are the ones you still need to read" lists the unread ones: "need to read"
    is not "read"; "already read" still rules its list out."""
    listed = (
        "8 emails carry the Trading category.\n\n"
        "**{header}**\n"
        '1. "Weather derivatives product approval"\n'
        '2. "EnronOnline Daily Summary - 10/12/2001"\n'
        '3. "Weather swap limits on EnronOnline"\n'
        '4. "EnronOnline September statistics"'
    )
    assert items(
        UNREAD_TRADING, listed.format(header="Unread: these are the ones you still need to read")
    )
    assert items(UNREAD_TRADING, listed.format(header="Unread: the ones you have yet to read"))
    assert not items(
        UNREAD_TRADING, listed.format(header="Already read: no need to read them again")
    )


def test_a_negated_membership_verb_rules_out_the_items_its_object_pronoun_stands_for():
    """ "..., such as A and B, but they aren't categorized as Trading, so I didn't count them"
    rules A and B out; "... and I counted them" does not."""
    answer = (
        FOUR_UNREAD + " A few other unread emails mention EnronOnline, such as Louise's "
        '"Follow-up: EnronOnline Q3 Volume Review" and Richard Shapiro\'s FERC data request '
        "reply, but they aren't categorized as Trading, so I {verb} them."
    )
    assert items(UNREAD_TRADING, answer.format(verb="didn't count"))
    assert items(UNREAD_TRADING, answer.format(verb="did not include"))
    assert not items(UNREAD_TRADING, answer.format(verb="counted"))


LATEST = {"type": "answer-items", "kind": "message", "members": ["msg-050"]}
LATEST_SENDER = {"type": "answer-items", "kind": "person", "members": ["richard.shapiro@enron.com"]}


def test_neither_and_none_of_those_stand_for_the_items_named_before_them():
    """ "..., and B at 7:52 AM, so neither is the newest" denies the two items named before it in
    its sentence; "so both are newer" asserts them; a member before a semicolon keeps its claim."""
    answer = (
        'Latest: Richard Shapiro\'s "FERC Review: V&E comments on the data response", received '
        "8:30 AM today. The next most recent, Louise Kitchen's \"Weather derivatives product "
        'approval", came in earlier at 8:10 AM, and Jeff Skilling\'s "Today 2pm - earnings prep, '
        'bring the reserve walk" at 7:52 AM, so {tail}.'
    )
    for spec in (LATEST, LATEST_SENDER):
        assert items(spec, answer.format(tail="neither is the newest"))
        assert items(spec, answer.format(tail="none of those count"))
        assert not items(spec, answer.format(tail="both are the newest too"))
    unread = {"type": "answer-items", "kind": "message", "members": ["msg-024", "msg-037"]}
    state = (
        'The unread Trading emails are "EnronOnline September statistics" and "Weather swap '
        'limits on EnronOnline"; none of them {tail}.'
    ).replace("; none", ", and none")
    assert items(unread, state.format(tail="has been opened yet"))  # a state, not a denial
    assert not items(unread, state.format(tail="counts"))
    one_sentence = (
        'Richard Shapiro\'s "FERC Review: V&E comments on the data response" is the latest; '
        "Louise Kitchen's came at 8:10 AM and Jeff Skilling's at 7:52 AM, so neither is newer."
    )
    assert items(LATEST_SENDER, one_sentence)


def test_a_sentence_ends_after_pm_when_a_new_sentence_opens():
    """ "... at 1:10 PM. Everything older ... so none of those count" is two sentences, so the
    denial does not reach back to the answer."""
    answer = (
        'Your oldest unread email is John Lavorato\'s "Dynegy credit line - where are we?", which '
        "came in on Friday, October 5, 2001 at 1:10 PM. Everything older than that, from Priya "
        'Raman\'s "VaR backtesting results - August" through Nathan Pryor\'s "Audit walkthrough '
        'scheduling", has already been read, so none of those count.'
    )
    assert items(OLDEST_UNREAD, answer)
    assert items(SENDER, answer)
    assert not items(OLDEST_UNREAD, answer.replace("none of those count", "those count too"))


def test_outside_an_item_names_it_as_the_excluded_side():
    """ "people outside Enron" does not assert Enron as an outside company; "Outside: Nathan
    Pryor", a label, still gives Nathan Pryor."""
    companies = {
        "type": "answer-items",
        "kind": "company",
        "members": ["Dynegy Inc", "Arthur Andersen LLP"],
        "candidates": ["Dynegy Inc", "Arthur Andersen LLP", "Enron Corp"],
    }
    answer = "I counted messages from people {where} Enron. Two companies qualify: Dynegy and Arthur Andersen."
    assert items(companies, answer.format(where="outside"))
    assert not items(companies, answer.format(where="at"))
    outsider = {"type": "answer-items", "kind": "person", "members": ["nathan.pryor@andersen.com"]}
    assert items(
        outsider, "1. Raptor Restructuring Update\n   Outside: Nathan Pryor, Arthur Andersen LLP"
    )


def test_a_sentence_opening_with_then_continues_a_ruled_out_ranking():
    """ "Next is Executive with 7. Then Government Affairs and Risk Management with 5 each" rules the
    runners-up out as "next" does; after an asserted sentence, "Then ..." asserts its items."""
    top = {
        "type": "answer-items",
        "kind": "department",
        "members": ["Trading"],
        "ruled_out": ["trail", "next", "runner-up", "behind"],
    }
    answer = (
        "The Trading department sends you the most mail: 10 messages. {lead} Executive with 7. Then "
        "Government Affairs and Risk Management with 5 each, and Operations with 4."
    )
    assert items(top, answer.format(lead="Next is"))
    assert not items(top, answer.format(lead="Just as many come from"))


def test_an_item_ruled_out_in_a_sentence_stays_ruled_out_when_the_sentence_names_it_again():
    """ "... the FERC Review (10:00-11:30), which you've already accepted, so the last half hour of
    the FERC Review runs into it": the second mention is the same accepted meeting. Without the
    ruling-out, the FERC Review is asserted."""
    unanswered = {
        "type": "answer-items",
        "kind": "event",
        "members": ["evt-009"],
        "predicate": ["respond", "rsvp", "answer"],
        "ruled_out": ["accepted", "you accepted"],
    }
    answer = (
        "One meeting this week is still waiting on your RSVP: the Dynegy Review, Wednesday 11:00 "
        "AM. Note that it overlaps the FERC Review (10:00-11:30 AM), {which} so the last half hour "
        "of the FERC Review runs into it."
    )
    assert items(unanswered, answer.format(which="which you've already accepted,"))
    assert not items(unanswered, answer.format(which="which you haven't answered either,"))
    apart = answer.format(which="which you've already accepted.").replace(
        "so the last half hour of the FERC Review runs into it", "The FERC Review also awaits you"
    )
    assert not items(unanswered, apart)  # another sentence: its own claim


def test_a_list_closed_after_a_dash_aside_is_one_list():
    """ "Your two new emails - A, B - and C aren't replies, so they don't count" rules out all
    three: the dash closes an aside and "and" continues the list."""
    fastest = {"type": "answer-items", "kind": "message", "members": ["msg-027"]}
    answer = (
        'Fastest: Priya Raman\'s "Stress scenario assumptions for Q4" - 3h 20m. Your two new '
        'emails - "Dynegy exposure for Wednesday\'s review", "Q3 VaR summary draft - please '
        'check" - and "Risk desk priorities for October" {tail}.'
    )
    assert items(fastest, answer.format(tail="aren't replies, so they don't count"))
    assert not items(fastest, answer.format(tail="were quick too"))


PRYOR, BOUDREAUX = "nathan.pryor@andersen.com", "claire.boudreaux@velaw.com"
EMAIL_COUNTS = {
    "type": "answer-values",
    "values": [
        {"subject": f"person:{PRYOR}", "kind": "count", "value": 3},
        {"subject": f"person:{BOUDREAUX}", "kind": "count", "value": 2},
    ],
}


def test_a_count_before_a_colon_counts_the_list_after_it():
    """ "Two members have emailed you: Nathan Pryor (3 emails) and Claire Boudreaux (2 emails)":
    "Two" counts the list, it is not Nathan Pryor's value; a swapped pairing still fails."""
    answer = "Two members of the group have emailed you: Nathan Pryor ({a} emails) and Claire Boudreaux ({b} emails)."
    assert passes(EMAIL_COUNTS, calls=[], answer=answer.format(a=3, b=2))
    assert not passes(EMAIL_COUNTS, calls=[], answer=answer.format(a=2, b=3))
    single = "3 emails: Nathan Pryor. 2 emails: Claire Boudreaux."
    assert passes(EMAIL_COUNTS, calls=[], answer=single)  # a label naming one subject binds to it


def test_a_value_in_parentheses_annotates_what_is_named_before_it():
    """ "Nathan Pryor of Arthur Andersen (3) and Claire Boudreaux of Vinson & Elkins (2)": each
    count belongs to the person before it, though the next person is nearer in words."""
    answer = (
        "External senders: Nathan Pryor of Arthur Andersen ({a}), Claire Boudreaux of Vinson & "
        "Elkins ({b}) - 5 emails in all."
    )
    assert passes(EMAIL_COUNTS, calls=[], answer=answer.format(a=3, b=2))
    assert not passes(EMAIL_COUNTS, calls=[], answer=answer.format(a=2, b=3))


def test_a_period_after_pm_ends_the_sentence_before_a_name():
    """ "... Tuesday at 1 PM. Claire Boudreaux is on the FERC Review": "PM" has no dot of its own,
    so the sentence ends there and Claire is bound to the FERC Review, not to the meeting before."""
    on_ferc = {
        "type": "answer-items",
        "kind": "person",
        "subject": "event:evt-008",
        "members": [BOUDREAUX],
        "candidates": [PRYOR, BOUDREAUX, "rob.delacroix@dynegy.com"],
    }
    answer = (
        "{a} (Arthur Andersen LLP) is on the Raptor Restructuring Update, Tuesday at 1 PM. {b} "
        "(Vinson & Elkins LLP) is on the FERC Review, Wednesday at 10 AM. Rob Delacroix (Dynegy "
        "Inc.) is on the Dynegy Review, Wednesday at 11 AM."
    )
    assert items(on_ferc, answer.format(a="Nathan Pryor", b="Claire Boudreaux"))
    assert not items(on_ferc, answer.format(a="Claire Boudreaux", b="Nathan Pryor"))


CC_THREE = {
    "type": "answer-items",
    "kind": "person",
    "members": ["tanya.ortiz@enron.com", "steven.kean@enron.com", "john.lavorato@enron.com"],
    "candidates": [
        "tanya.ortiz@enron.com",
        "steven.kean@enron.com",
        "john.lavorato@enron.com",
        "priya.raman@enron.com",
        "marcus.hale@enron.com",
        "richard.shapiro@enron.com",
    ],
    "ruled_out": ["twice", "once", "cc'd on 2", "cc'd on 1"],
}
CC_ANSWER = "The people cc'd on exactly three emails sent to you are Tanya Ortiz, Steven Kean and John Lavorato."


def test_a_ruling_out_phrase_matches_its_number_spelled_either_way():
    """The scenario's "cc'd on 2" rules out "were each cc'd on two" (and "on 2"); "on three"
    asserts."""
    ruled = CC_ANSWER + " Priya Raman, Marcus Hale and Richard Shapiro were each cc'd on {n}."
    assert items(CC_THREE, ruled.format(n="two"))
    assert items(CC_THREE, ruled.format(n="2"))
    assert not items(CC_THREE, ruled.format(n="three"))


def test_a_label_saying_what_another_count_would_give_is_not_the_answer():
    """ "Counting your replies would change the picture: Priya Raman would go above three" is a
    counterfactual; "Counting your replies, the picture is: Priya Raman also reaches three" and
    the polite "would be" still assert."""
    lead = CC_ANSWER + " I didn't count your own sent replies. "
    assert items(
        CC_THREE, lead + "Counting them would change the picture: Priya Raman would go above three."
    )
    assert not items(
        CC_THREE, lead + "Counting them, the picture is: Priya Raman also reaches three."
    )
    assert not items(CC_THREE, lead + "The full answer would be: Priya Raman as well.")
    assert not items(CC_THREE, lead + "Others who would qualify: Priya Raman.")


def test_owners_named_in_the_possessive_are_context_when_the_check_says_so():
    """With `owners_as_context`, "Richard Shapiro's FERC Review" names its organizer, not an
    outside person; naming him in the answer's list still fails."""
    outside = {
        "type": "answer-items",
        "kind": "person",
        "members": [BOUDREAUX],
        "candidates": [BOUDREAUX, "richard.shapiro@enron.com", "louise.kitchen@enron.com"],
        "owners_as_context": True,
    }
    answer = "Richard Shapiro's FERC Review has one outside guest: Claire Boudreaux."
    assert items(outside, answer)
    assert not items({**outside, "owners_as_context": False}, answer)
    assert not items(outside, "The outside guests are Claire Boudreaux and Richard Shapiro.")


def test_a_later_sentence_continues_the_topic_not_an_earlier_relative_clause():
    """ "The third is the Dynegy Review, which overlaps the last half hour of the FERC Review. Rob
    Delacroix has accepted." puts Rob on the Dynegy Review; when the FERC Review is the later
    sentence's own topic, he goes with it."""
    on_dynegy = {
        "type": "answer-items",
        "kind": "person",
        "subject": "event:evt-009",
        "members": ["rob.delacroix@dynegy.com"],
        "candidates": [PRYOR, BOUDREAUX, "rob.delacroix@dynegy.com"],
    }
    lead = "The second is the FERC Review, with Claire Boudreaux. "
    clause = "The third is the Dynegy Review, which overlaps the last half hour of the FERC Review."
    assert items(on_dynegy, lead + clause + " Rob Delacroix has accepted.")
    topic = "The third is the Dynegy Review. It overlaps the FERC Review."
    assert not items(on_dynegy, lead + topic + " Rob Delacroix has accepted.")
