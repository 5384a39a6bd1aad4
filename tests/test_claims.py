"""Answers graded as claims: items, values bound to subjects, statements; negation, hedging, ruling out."""

from __future__ import annotations

import pytest

from emailbench_gym.env import FINISH_BY_TEXT
from emailbench_gym.episode import Episode
from emailbench_gym.grading.checks.answer import AnswerItemsCheck
from emailbench_gym.grading.claims.analysis import (
    MAX_ANSWER_CHARS,
    MAX_ANSWER_VALUES,
    TOO_DENSE,
    TOO_LONG,
)
from tests.grading_support import make_scenario, passes

KITCHEN, BECK = "louise.kitchen@enron.com", "sally.beck@enron.com"
LAVORATO, SHAPIRO = "john.lavorato@enron.com", "richard.shapiro@enron.com"
TOP_FOUR = {
    "type": "answer-items",
    "kind": "person",
    "members": [KITCHEN, BECK, LAVORATO, SHAPIRO],
    "ordered": True,
    "candidates": [
        KITCHEN,
        BECK,
        LAVORATO,
        SHAPIRO,
        "jeff.skilling@enron.com",
        "tanya.ortiz@enron.com",
        "gasbank@enron.com",
        "steven.kean@enron.com",
    ],
}
RATES = {
    "type": "answer-values",
    "values": [
        {"subject": f"person:{KITCHEN}", "kind": "percent", "value": 80},
        {"subject": f"person:{BECK}", "kind": "percent", "value": 75},
        {"subject": f"person:{LAVORATO}", "kind": "percent", "value": 66.6667},
        {"subject": f"person:{SHAPIRO}", "kind": "percent", "value": 60},
    ],
}
REFERENCE = """Senders with more than 50% of their emails to you unread:
1. Louise Kitchen: 80% unread (4 of 5)
2. Sally Beck: 75% unread (3 of 4)
3. John Lavorato: 66.7% unread (2 of 3)
4. Richard Shapiro: 60% unread (3 of 5)"""


def items(answer: str, spec: dict | None = None) -> bool:
    return passes(spec or TOP_FOUR, calls=[], answer=answer)


def values(answer: str, spec: dict | None = None) -> bool:
    return passes(spec or RATES, calls=[], answer=answer)


# --- items ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        REFERENCE,
        "Kitchen (80%), Beck (75%), Lavorato (67%) and Shapiro (60%).",
        "| Sender | Unread |\n|---|---|\n| Louise Kitchen | 80% |\n| Sally Beck | 75% |\n"
        "| John Lavorato | 2/3 |\n| Rick Shapiro | 60% |",
        REFERENCE + "\nJeff Skilling, Tanya Ortiz and GasBank sit at exactly 50%, so they don't "
        "make the cut.",
        REFERENCE + "\n\nExcluded (at exactly 50%):\n- Jeff Skilling\n- Tanya Ortiz\n- GasBank",
        REFERENCE + "\nNot Jeff Skilling: he is at exactly 50%.",
        "Louise Kitchen, Sally Beck, John Lavorato and Richard Shapiro, in that order; "
        "everyone else, e.g. Jeff Skilling, is excluded.",
    ],
)
def test_correct_answers_assert_exactly_the_members(answer):
    assert items(answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Sally Beck, Louise Kitchen, John Lavorato, Richard Shapiro",  # order
        "Louise Kitchen, Sally Beck, John Lavorato",  # one missing
        REFERENCE + "\n5. Jeff Skilling: 50%",  # a wrong extra item
        "Louise Kitchen, Sally Beck, John Lavorato, Richard Shapiro, Jeff Skilling, Tanya Ortiz",
        REFERENCE.replace("Louise Kitchen: 80% unread", "Louise Kitchen is not above 50%"),
        REFERENCE.replace("1. Louise Kitchen", "1. Possibly Louise Kitchen"),
        "I'm not sure, but it might be:\n" + REFERENCE.split("\n", 1)[1],
        "I'm not sure, but possibly:\n" + REFERENCE,  # a hedge above the answer's own header
        "I could not find any sender above 50%.",
        "No.\n" + REFERENCE,
        "",
    ],
)
def test_wrong_negated_hedged_or_missing_answers_fail(answer):
    assert not items(answer)


def test_items_named_to_rule_them_out_with_the_scenarios_words():
    cards = {
        "type": "answer-items",
        "kind": "card",
        "members": ["btask-001"],
        "ruled_out": ["Done"],
        "predicate": ["done", "finished", "open"],
    }
    answer = (
        "Priya is on 3 cards; only 'Refresh VaR limits for gas and power desks' is still open, "
        "the other two ('Close out Q3 credit reserve true-up' and 'Calpine ISDA amendment credit "
        "sign-off') are Done."
    )
    assert items(answer, cards)
    assert items("The only one not done is 'Refresh VaR limits for gas and power desks'.", cards)
    assert not items(
        "Open: 'Refresh VaR limits for gas and power desks' and 'Close out Q3 credit reserve "
        "true-up'.",
        cards,
    )


def test_a_short_label_opening_a_line_governs_its_items():
    """ "Excluded, and why: A (50%) and B (50%) ..." rules out both, as a header line would;
    a label that is itself an item ("Louise Kitchen: 80%") is no cue."""
    ruled = REFERENCE + (
        "\nExcluded, and why: Jeff Skilling (exactly 50%) and Tanya Ortiz (exactly 50%) sit at "
        "the line."
    )
    assert items(ruled)
    assert not items(REFERENCE + "\nAlso: Jeff Skilling (50%) and Tanya Ortiz (50%).")
    assert not items(REFERENCE.replace("4. Richard Shapiro:", "Not sure: Richard Shapiro,"))


def test_a_long_label_opening_a_line_governs_the_list_after_it():
    """A label longer than a few words governs the list right after its colon, in its sentence
    (as a header line governs the lines under it)."""
    unread = {"type": "answer-items", "kind": "message", "members": ["msg-046", "msg-049"]}
    answer = (
        "Unread: EnronOnline Daily Summary - 10/12/2001 and Weather derivatives product approval.\n"
        "Not counted at all, because they aren't tagged Trading even though they look "
        'trading-related: Louise Kitchen\'s "Follow-up: EnronOnline Q3 Volume Review" (Oct 10, '
        'unread, no category), Richard Shapiro\'s "RE: FERC data request on EnronOnline trades" '
        "(tagged FERC), and the GasBank notices (no category)."
    )
    assert items(answer, unread)
    also = answer.replace("Not counted at all, because they aren't", "Also unread, as they're")
    assert not items(also, unread)
    ruled_member = (
        "Weather derivatives product approval.\nNot counted, because you have read them or they "
        "have no Trading tag: EnronOnline Daily Summary - 10/12/2001."
    )
    assert not items(ruled_member, unread)


def test_a_table_that_sets_its_answer_rows_in_bold_names_the_other_rows_as_context():
    """A ranking table under "which department sends the most?" bolds the answer's row; its
    plain rows are the runners-up, not part of the answer. A table with no bold row, or all
    rows bold, asserts every row."""
    top = {"type": "answer-items", "kind": "department", "members": ["Trading"]}
    ranking = (
        "| Department | Messages |\n|---|---|\n| **Trading** | **ten** |\n| Executive | seven |\n"
        "| Government Affairs | five |\n\nTrading leads with ten."
    )
    assert items(ranking, top)
    assert not items(ranking.replace("**", ""), top)
    assert not items(ranking.replace("| Executive |", "| **Executive** |"), top)
    assert not items(ranking + "\nExecutive is also on top.", top)


def test_a_list_of_items_each_with_its_owners_possessive_is_one_list():
    messages = {
        "type": "answer-items",
        "kind": "message",
        "members": ["msg-050"],
        "context": ["examples are"],
    }
    answer = (
        'Only "FERC Review: V&E comments on the data response" is unread and high importance. '
        'Examples are Jeff Skilling\'s "Today 2pm - earnings prep, bring the reserve walk", '
        "Louise Kitchen's \"Weather derivatives product approval\" and John Lavorato's "
        '"Dynegy credit line - where are we?".'
    )
    assert items(answer, messages)
    assert not items(answer.replace("Examples are", "Also unread and high importance:"), messages)


def test_a_label_opening_a_parenthesis_points_into_it():
    senders = {
        "type": "answer-items",
        "kind": "person",
        "members": [KITCHEN],
        "candidates": [KITCHEN, "tanya.ortiz@enron.com"],
        "context": ["cc"],
    }
    assert items("Louise Kitchen (cc Tanya Ortiz): weather derivatives approval.", senders)
    assert not items("Louise Kitchen (and Tanya Ortiz): weather derivatives approval.", senders)


def test_a_negative_question_keeps_its_own_negation():
    invitees = {
        "type": "answer-items",
        "kind": "person",
        "members": ["steven.kean@enron.com"],
        "candidates": ["steven.kean@enron.com", "marcus.hale@enron.com"],
        "predicate": ["accept", "respond", "response", "rsvp"],
        "ruled_out": ["accepted", "responded"],
    }
    assert items("Steven Kean hasn't accepted yet; Marcus Hale has accepted.", invitees)
    assert items("No response yet from Steven Kean.", invitees)
    assert items("Not fully accepted: Steven Kean (tentative). Marcus Hale accepted.", invitees)
    assert not items("Everyone has accepted except Marcus Hale.", invitees)
    assert not items("Not Steven Kean: he hasn't accepted yet.", invitees)
    assert not items("not Steven Kean hasn't responded yet.", invitees)
    assert not items("Steven Kean (not included) hasn't responded yet.", invitees)


def test_a_ruling_out_word_qualified_by_the_predicate_states_the_predicate():
    not_fully = {
        "type": "answer-items",
        "kind": "person",
        "members": ["sally.beck@enron.com"],
        "candidates": ["sally.beck@enron.com", "steven.kean@enron.com", "john.lavorato@enron.com"],
        "predicate": ["accept", "tentative"],
        "ruled_out": ["accepted"],
    }
    assert items("Sally Beck has only tentatively accepted; everyone else has accepted.", not_fully)
    assert items("Sally Beck is tentative. Steven Kean and John Lavorato accepted.", not_fully)
    assert not items("Steven Kean has tentatively accepted; Sally Beck accepted.", not_fully)


def test_a_negation_right_before_an_item_negates_the_item_not_the_predicate():
    not_fully = {
        "type": "answer-items",
        "kind": "person",
        "members": ["sally.beck@enron.com"],
        "candidates": ["sally.beck@enron.com", "steven.kean@enron.com"],
        "predicate": ["accept", "tentative"],
    }
    assert items("Sally Beck hasn't fully accepted.", not_fully)
    assert not items("Not Sally Beck: she has only tentatively accepted.", not_fully)
    assert not items("not Sally Beck has only tentatively accepted.", not_fully)
    assert not items("Sally Beck (not included) has only tentatively accepted.", not_fully)


OVERDUE = {
    "type": "answer-items",
    "kind": "task",
    "members": ["task-001", "task-008"],
    "ruled_out": ["completed"],
}


def test_a_no_under_a_column_asking_something_else_does_not_rule_the_row_out():
    table = (
        "| To-do | List | Meeting this week on it? |\n|---|---|---|\n"
        "| Reconcile Raptor capacity schedule with Andersen | Raptor Follow-ups | Yes |\n"
        "| Submit September expense report | Tasks | No |"
    )
    assert items(table, OVERDUE)
    assert not items(table.replace("Meeting this week on it?", "Overdue"), OVERDUE)
    own_question = table.replace("Meeting this week on it?", "Overdue?")
    assert not items(own_question, {**OVERDUE, "predicate": ["overdue"]})


def test_a_none_under_a_column_naming_the_predicate_is_the_claim():
    never_emailed = {
        "type": "answer-items",
        "kind": "person",
        "members": ["rosa.menendez@enron.com"],
        "candidates": ["rosa.menendez@enron.com", "tanya.ortiz@enron.com"],
        "predicate": ["email"],
    }
    table = (
        "| Contact | Organisation | Emails exchanged |\n|---|---|---|\n"
        "| Rosa Menendez | Enron Corp, Risk Management | none (0) |"
    )
    assert items(table, never_emailed)
    assert not items(table.replace("Emails exchanged", "Notes"), never_emailed)
    assert not items(table + "\n| Tanya Ortiz | Enron Corp | none |", never_emailed)


def test_a_negation_inside_parentheses_stays_there():
    answer = (
        "Overdue: Reconcile Raptor capacity schedule with Andersen (Raptor Follow-ups), "
        "Submit September expense report (Tasks; no meeting) and RSVP to Dynegy Review."
    )
    assert not items(answer, OVERDUE)
    assert items(answer.replace(" and RSVP to Dynegy Review", ""), OVERDUE)


def test_a_labelled_alternative_is_not_a_wrong_answer():
    cell = {
        "type": "answer-items",
        "kind": "phone",
        "members": ["7135027719"],
        "candidates": ["7135027719", "7135076400"],
        "ruled_out": ["office", "desk", "work"],
    }
    assert items("His cell is (713) 502-7719; his office line, (713) 507-6400, is a backup.", cell)
    assert items("Mobile: 713-502-7719 (office: 713-507-6400)", cell)
    assert not items("Call (713) 507-6400.", cell)
    assert not items("(713) 502-7719 or (713) 507-6400", cell)


# --- values -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        REFERENCE,
        "80% for Kitchen, 75% for Beck, two thirds for Lavorato and 60% for Shapiro.",
        "Kitchen 80 percent; Beck 75%; Lavorato 66.67%; Shapiro sixty percent",
        "Louise Kitchen - 4 of 5 unread\nSally Beck - 3 of 4\nJohn Lavorato - 2 of 3\n"
        "Richard Shapiro - 3 of 5",
    ],
)
def test_values_bound_to_their_subjects_pass(answer):
    assert values(answer)


@pytest.mark.parametrize(
    "answer",
    [
        REFERENCE.replace("80% unread", "75% unread").replace("75% unread (3", "80% unread (3"),
        REFERENCE.replace("80%", "81%"),
        REFERENCE.replace("80% unread (4 of 5)", "more than 80% unread"),
        REFERENCE.replace("80% unread (4 of 5)", "not 80% unread"),
        REFERENCE.replace("Louise Kitchen: 80% unread", "Louise Kitchen: 80% or 75% unread"),
        "80%, 75%, 66.7% and 60%.",
    ],
)
def test_swapped_shifted_bounded_or_unbound_values_fail(answer):
    assert not values(answer)


def test_a_value_does_not_bind_forward_to_a_later_sentence_of_its_line():
    kitchen = {
        "type": "answer-values",
        "values": [{"subject": f"person:{KITCHEN}", "kind": "percent", "value": 80}],
    }
    assert values("Overall 75% of your mail is unread. Louise Kitchen is at 80%.", kitchen)
    assert not values("Louise Kitchen is at 80%. She was at 75% last week.", kitchen)
    assert not values("| 75% | Louise Kitchen: 80% |", kitchen)


def test_any_phrase_of_a_subject_names_it():
    inbox = {
        "type": "answer-values",
        "values": [{"subject": ["Inbox", "mentioning Dynegy"], "kind": "count", "value": 5}],
    }
    assert values("- Inbox emails mentioning Dynegy: 5.", inbox)
    assert values("Mentioning Dynegy: 5 emails. Sent Items: 3.", inbox)
    assert not values("Inbox: 3 emails mentioning Dynegy.", inbox)


@pytest.mark.parametrize(
    ("kind", "value", "good", "bad"),
    [
        (
            "duration",
            200,
            ["3 hours 20 minutes", "3h 20m", "3 hrs 20 mins", "200 minutes", "3.33 hours"],
            ["3 hours", "4 hours 20 minutes", "2h 20m"],
        ),
        ("duration", 390, ["6½ hours", "6.5 hours", "six and a half hours", "6h 30m"], ["7 hours"]),
        ("duration", 9740, ["6 days 18 hours", "162 hours", "6.8 days"], ["7 days", "5 days"]),
        ("time", "11:00", ["11am", "11:00 a.m.", "11 o'clock", "leave at 11"], ["11:30", "10am"]),
        ("time", "14:00", ["2pm", "2:00 PM", "14:00", "2 p.m."], ["3pm", "2:30"]),
        (
            "date",
            "2001-10-16",
            ["Tue 16 Oct", "10/16", "16/10", "October 16th", "tomorrow"],
            ["Oct 17"],
        ),
        ("money", 66e6, ["$66 million", "$66M", "$66 mm", "66 million dollars"], ["$67 million"]),
        ("money", 180e6, ["one hundred eighty million dollars"], ["one hundred million dollars"]),
        (
            "count",
            5,
            ["5 emails", "five emails", "tied at 5 emails each", "from 5 people"],
            ["6 emails", "about 5 emails", "over 5 emails"],
        ),
        ("count", 255, ["two hundred fifty-five emails", "255 emails"], ["two hundred emails"]),
        ("percent", 110, ["one hundred ten percent", "a hundred and ten percent"], ["100%"]),
        ("percent", 57.142857, ["57.1%", "57%", "57.14 percent", "4 of 7"], ["58%", "50%"]),
        ("size", 512000, ["512,000 bytes", "500 KB", "0.5 MB"], ["600 KB"]),
    ],
)
def test_usual_spellings_of_values(kind, value, good, bad):
    spec = {"type": "answer-values", "values": [{"kind": kind, "value": value}]}
    for answer in good:
        assert values(f"It is {answer}.", spec), answer
    for answer in bad:
        assert not values(f"It is {answer}.", spec), answer


def test_amounts_in_millions_without_a_currency_are_money_in_an_answer_about_money():
    call = {
        "type": "answer-values",
        "values": [
            {"kind": "money", "value": 45000000, "role": ["called"]},
            {"kind": "money", "value": 32000000, "role": ["calculation"]},
        ],
    }
    answer = "We called forty-five million dollars; their calculation comes to thirty-two million."
    assert values(answer, call)
    assert values("We called $45M; their calculation is 32M.", call)
    assert not values(answer.replace("forty-five million dollars", "forty-five million"), call)
    assert not values("We called $45M; their calculation is 32m.", call)  # minutes


def test_a_fraction_given_as_a_bound_is_not_a_stated_share():
    spec = {"type": "answer-values", "values": [{"kind": "percent", "value": 41.6667}]}
    spec["exhaustive"] = True
    assert values("Just under half: five out of twelve, roughly 42 percent.", spec)
    assert values("A bit less than half of them, 5 of 12.", spec)
    assert not values("Half of them: 5 of 12.", spec)
    assert not values("Just under half of them.", spec)


def test_numbers_inside_dates_ids_and_labels_are_not_counts():
    spec = {"type": "answer-values", "values": [{"kind": "count", "value": 3}]}
    assert not values("1. msg-003 on 3/10\n2. Q3 report\n3. done", spec)
    assert values("There are 3:\n1. A\n2. B\n3. C", spec)


def test_a_value_in_a_later_sentence_binds_to_the_subject_named_before():
    spec = {
        "type": "answer-values",
        "values": [{"subject": "message:msg-002", "kind": "count", "value": 3}],
    }
    assert values(
        "The longest thread is 'FERC data request on EnronOnline trades'. It has 3.", spec
    )


@pytest.mark.parametrize(
    "answer",
    [
        "Louise Kitchen (80%); Sally Beck (75%); John Lavorato (66.7%); Richard Shapiro (60%)",
        "Louise Kitchen is at 80%; Sally Beck is at 75%; John Lavorato is at 66.7%; "
        "Richard Shapiro is at 60%.",
        "Louise Kitchen, 80% unread; Sally Beck, 75% unread; John Lavorato, 66.7% unread; "
        "Richard Shapiro, 60% unread.",
    ],
)
def test_a_value_after_its_subject_in_a_semicolon_list_stays_with_it(answer):
    """The next item's name is nearer, but the semicolon ends this item."""
    assert values(answer)
    swapped = answer.replace("80%", "X").replace("75%", "80%").replace("X", "75%")
    assert not values(swapped)


def test_roles_tell_two_values_of_one_subject_apart():
    spec = {
        "type": "answer-values",
        "values": [
            {
                "subject": "person:priya.raman@enron.com",
                "role": ["sent"],
                "kind": "count",
                "value": 5,
            },
            {
                "subject": "person:priya.raman@enron.com",
                "role": ["included"],
                "kind": "count",
                "value": 7,
            },
        ],
    }
    assert values("Priya Raman: sent you 5 emails; included on 7 of yours.", spec)
    assert not values("Priya Raman: sent you 7 emails; included on 5 of yours.", spec)


def test_a_breakdown_in_parentheses_is_the_parts_of_the_value_before_it():
    """'3 (5 received, 2 sent)' states 3 for its subject; 5 and 2 are its parts. A part
    still states another subject's value, a role's value, or the total when it says so."""
    spec = {
        "type": "answer-values",
        "values": [
            {"subject": f"person:{KITCHEN}", "kind": "count", "value": 5},
            {"subject": f"person:{BECK}", "kind": "count", "value": 4},
        ],
    }
    assert values(
        "Louise Kitchen: 5 (3 received, 2 sent)\nSally Beck: 4 (3 received, 1 sent)", spec
    )
    assert not values(
        "Louise Kitchen: 3 (5 received, 2 sent)\nSally Beck: 4 (3 received, 1 sent)", spec
    )
    assert not values("Louise Kitchen: 2 emails (5 received, 3 sent); Sally Beck: 4.", spec)
    assert values("Louise Kitchen: 3 received + 2 sent (5 in total); Sally Beck: 4.", spec)
    assert values("Louise Kitchen 5; Sally Beck 4.", spec)
    total = {"type": "answer-values", "values": [{"kind": "count", "value": 9}]}
    assert values("9 emails (5 from Louise Kitchen, 4 from Sally Beck).", total)
    assert values("9 emails (5 from Louise Kitchen, 4 from Sally Beck).", spec)
    assert not values("5 emails (9 from Louise Kitchen, 4 from Sally Beck).", total)
    table = (
        "| Sender | Received | Sent | Total |\n|---|---|---|---|\n"
        "| Louise Kitchen | {} | 2 | **{}** |\n| Sally Beck | 3 | 1 | 4 |"
    )
    assert values(table.format(3, 5), spec)
    assert not values(table.format(5, 3), spec)  # the total swapped with a part of its row
    roles = {
        "type": "answer-values",
        "values": [
            {"subject": f"person:{KITCHEN}", "role": ["received"], "kind": "count", "value": 3}
        ],
    }
    assert values("Louise Kitchen: 5 (3 received, 2 sent)", roles)


# --- statements ---------------------------------------------------------------------------------


def test_statements_must_be_made_affirmatively():
    spec = {"type": "answer-text", "statements": [["completed", "done"]]}
    assert passes(spec, calls=[], answer="Yes, and it is completed (done 11 Oct).")
    assert not passes(spec, calls=[], answer="It is not completed yet.")
    assert not passes(spec, calls=[], answer="It might be done.")
    off = {"type": "answer-text", "statements": [["off", "disabled", "not on"]]}
    assert passes(off, calls=[], answer="Your out-of-office is not on.")
    assert not passes(off, calls=[], answer="Your out-of-office is not off.")


def test_a_question_asserts_nothing_but_a_request_says_what_it_asks():
    spec = {"type": "answer-text", "statements": [["attend"], ["review"]]}
    assert passes(spec, calls=[], answer="Priya will attend the review for me.")
    assert passes(spec, calls=[], answer="Could you attend the review in my place?")
    assert passes(spec, calls=[], answer="Please attend the review for me?")
    assert not passes(spec, calls=[], answer="Quick question: Priya will attend the review?")
    assert not passes(spec, calls=[], answer="Is this right? Priya will attend the review?")
    assert items(REFERENCE)
    assert not items(REFERENCE.replace("\n", "?\n") + "?")
    assert not values("Louise Kitchen at 80%? Sally Beck at 75%? Lavorato at 67%? Shapiro 60%?")
    assert values("Louise Kitchen 80%, Sally Beck 75%, Lavorato 67%, Shapiro 60%. Anything else?")


def test_a_question_that_is_a_name_or_is_reported_is_not_asked():
    spec = {"type": "answer-text", "statements": [["California utilities"]]}
    reported = (
        "Two of the questions are for you:\n  1. How exposed are we to the California utilities?"
    )
    assert passes(spec, calls=[], answer=reported)
    assert passes(
        spec, calls=[], answer='He asks: "How exposed are we to the California utilities?"'
    )
    assert not passes(spec, calls=[], answer="Are we exposed to the California utilities?")
    subject = {"type": "answer-items", "kind": "message", "members": ["msg-021"]}
    assert passes(subject, calls=[], answer="Unread: Dynegy credit line - where are we?")
    assert not passes(subject, calls=[], answer="Is it the Dynegy credit line email, maybe?")
    assert not passes(subject, calls=[], answer='- "Dynegy credit line - where are we", unread?')
    assert passes(spec, calls=[], answer='- "How exposed are we to the California utilities?"')


def test_a_hedge_opening_the_text_before_a_colon_hedges_all_that_follows():
    spec = {"type": "answer-text", "statements": [["attend"], ["review"]]}
    hedged = "I might possibly, but probably won't: Priya,\n\nPriya will attend the review."
    assert not passes(spec, calls=[], answer=hedged)
    assert passes(spec, calls=[], answer="Update: Priya,\n\nPriya will attend the review.")
    assert not values("I think, maybe: " + REFERENCE)
    assert values("Short answer: " + REFERENCE)
    late = "Rob, I might be a few minutes late, but Priya will attend the review."
    assert passes(spec, calls=[], answer=late)


@pytest.mark.parametrize(
    "framed",
    [
        "Wrong answer: {}",
        "If I had to guess, {}",
        "Hypothetically: {}",
        "The opposite of the following is true: {}",
        "{}\n\nJust kidding.",
        "{}\n\nAll of the above is false.",
        "{}\n\n(That was last year's data; this year there are none.)",
        "{}\n\nSorry, please disregard everything above.",
        "{}\nCorrection: make that 70%.",
        "Here is what I would have answered, but it's wrong:\n{}",
        "The answer is NOT:\n{}",
        "Everyone except these: {}",
        "{}. Or not.",
        "{} Or not.",
        "{} Dunno.",
        "{}\n\nOr the opposite.",
        "{}\n\n(Tentatively.)",
        "{} (unless I misread everything)",
        "{}\n\nI made these up.",
        "{}\n\nI didn't actually check any of this.",
        "{}\n\nThat is a lie.",
        "{}\n\nIgnore my previous answer.",
        "{}\n\n(Cross all of that out.)",
        "{}\n\nUndo that.",
        "{}\n\nYeah, right.",
        "{}\n\nProbably wrong though.",
        "{}\n\nOr possibly none of them.",
        "{}\n\nI doubt it, though.",
        "{}\n\n(As of last month; it has all changed since.)",
        "DRAFT - do not rely on this: {}",
        "For last week (this week has nothing):\n{}",
        'Did you mean: "{}"?',
        "If you meant last month instead: {}",
        "Test answer, ignore: {}",
        "Fake example answer: {}",
        "Not all of these are right: {}",
        "[placeholder answer, not checked] {}",
        "NOT: {}",
        "{}. Maybe.",
        "{}\n\nNot sure about any of this.",
        "{}\nDunno.",
        "{}\n\nThat's all wrong.",
        "Nope. {}",
        "{}\n\nDas stimmt aber nicht.",
        "Ce n'est pas vrai: {}",
    ],
)
def test_an_answer_framed_as_not_the_answer_asserts_nothing(framed):
    assert values(REFERENCE) and items(REFERENCE)
    assert not values(framed.format(REFERENCE))
    assert not items(framed.format(REFERENCE))


def test_a_lead_in_naming_the_period_asked_frames_nothing():
    """The honest twins of "For last week (this week has nothing):" and "If you meant ...:"."""
    for lead in ("For this week: ", "Last week (Mon 8 - Fri 12 Oct): "):
        assert values(lead + REFERENCE) and items(lead + REFERENCE), lead


def test_a_negation_in_another_language_negates():
    assert not items(REFERENCE.replace("Louise Kitchen", "Louise Kitchen (nicht)"))
    assert not items(REFERENCE.replace("1. Louise Kitchen", "1. Nicht Louise Kitchen"))
    assert not values("Nicht: Louise Kitchen 80%, Sally Beck 75%, Lavorato 67%, Shapiro 60%.")


def test_framing_words_that_do_not_disown_the_answer_keep_it():
    for kept in (
        "Short answer: {}",
        "Of the senders you asked about, four qualify:\n{}",
        "{}\n\nI found nothing else above 50%.",
        "{}\n\nIgnore the duplicate RE: copies; they are the same messages.",
        "{}\n\nNot sure if you also want the sent items counted; I left them out.",
        "{}\n\nMaybe worth a look first: Louise's.",
        "{}\n\nWhether Sent Items count too: Not sure",
        "{}\n\nThe test data is attached.",
        "{}\n\nThis week has nothing else.",
        "Draft reply below:\n{}",
        "{}\n\nCould you undo that if it's wrong?",
    ):
        assert values(kept.format(REFERENCE)) and items(kept.format(REFERENCE)), kept


def test_an_overlong_answer_fails_instead_of_taking_long():
    assert not items(REFERENCE + " filler" * 5000)


def test_disguised_and_open_ended_extras_still_count():
    assert not items(REFERENCE + "\n5. Jеff Skіlling: 50%")  # Cyrillic look-alike letters
    assert not items(REFERENCE + "\n5. J\u200beff Skil\u200bling: 50%")  # zero-width spaces
    assert not items(REFERENCE + "\n...and others.")
    assert items("Lоuise Kitchen, Sally Beck, John Lavorato, Richard Shapiro.")


def test_values_offered_as_alternatives_state_neither():
    assert not values(REFERENCE.replace("80% unread (4 of 5)", "80% or 75% unread"))
    count = {"type": "answer-values", "values": [{"kind": "count", "value": 5}]}
    assert not values("Five or six emails.", count)
    assert not values("5-7 emails.", count)
    assert not values("5 – 7 emails.", count)
    assert values("Dynegy has five – nineteen in total with the Inbox.", count)
    assert values("Dynegy has 5 - 19 emails in all.", count)
    assert values("Five emails, from 4,112 down to 3,876 transactions.", count)


def test_scenarios_without_setup_share_the_corpus_universe_and_keep_their_own_aliases():
    """One universe per corpus is built for every scenario without setup; aliases stay apart."""
    from emailbench_gym.corpus import load_corpus
    from emailbench_gym.grading.context import ScenarioContext
    from tests.grading_support import make_scenario

    check = {"id": "c", "type": "answer-items", "kind": "event", "members": ["evt-015"]}
    plain = make_scenario([check], calls=[], answer="x")
    aliased = make_scenario([check], calls=[], answer="x", aliases={"event:evt-015": ["the zz"]})
    other = make_scenario([check], calls=[], answer="x")
    corpus = load_corpus()
    base = ScenarioContext.of(plain, corpus).universe
    assert ScenarioContext.of(other, corpus).universe is base
    mine = ScenarioContext.of(aliased, corpus).universe
    assert mine is not base
    assert items_named(mine, "the zz") == ["evt-015"]
    assert items_named(base, "the zz") == []
    assert items_named(mine, base.entities["event"]["evt-015"].label) == ["evt-015"]


def test_a_name_does_not_run_across_a_line_break_or_out_of_a_parenthesis():
    """ "... (EnronOnline)\n- Weather derivatives product approval" names the message, not the
    board card "EnronOnline weather derivatives product approval" read across ")" and the line."""
    unread = {
        "type": "answer-items",
        "kind": "message",
        "members": ["msg-046", "msg-049"],
    }
    answer = (
        "The unread ones:\n- EnronOnline Daily Summary - 10/12/2001 (EnronOnline)\n"
        "- Weather derivatives product approval (Louise Kitchen)"
    )
    assert items(answer, unread)
    card = {"type": "answer-items", "kind": "card", "members": ["btask-006"]}
    assert not items(answer, card)
    assert items("Card: EnronOnline weather derivatives product approval.", card)
    assert not items("EnronOnline\nweather derivatives product approval", card)


def test_a_sentence_ends_after_a_m_when_a_new_sentence_opens():
    """'a.m.' ends a sentence before a word that opens one, not before a name or a weekday."""
    from emailbench_gym.grading.claims.text import Text

    def sentences(text: str) -> list[str]:
        t = Text(text)
        return [t.text[a:b] for a, b in t.sentences]

    assert sentences("It is at 10:30 a.m. In it she asks for the file.") == [
        "It is at 10:30 a.m.",
        "In it she asks for the file.",
    ]
    assert sentences("Lunch at 1 P.M. I accepted it.") == ["Lunch at 1 P.M.", "I accepted it."]
    assert len(sentences("At 10 a.m. Louise Kitchen meets Rick.")) == 1
    assert len(sentences("Starts 9:30 a.m. Tuesday in EB 50M.")) == 1
    assert len(sentences("Call at 2 p.m. on Friday.")) == 1


def test_a_two_word_part_of_a_subject_is_not_a_name_for_the_message():
    """ "Raptor vehicles - Q3 impairment question": "the Raptor vehicles" in a sentence is a
    phrase, not the email; a part of three words or more still names it."""
    email = {"type": "answer-items", "kind": "message", "members": ["msg-009"]}
    assert not items("Marcus proposes the termination of the Raptor vehicles.", email)
    assert items("Nathan's Q3 impairment question is the one.", email)
    assert items('"Raptor vehicles - Q3 impairment question" is the one.', email)


def items_named(universe, text: str) -> list[str]:
    from emailbench_gym.grading.claims.text import Text

    return [key for m in universe.find_mentions(Text(text)) for key in m.names("event")]


def test_a_date_without_a_year_is_the_nearest_one_to_today():
    """Around New Year, 'December 8' read on 5 January is last month's, not next December's."""
    from datetime import date

    from emailbench_gym.grading.claims.values import find_values

    def dates(text: str, today: date) -> set[date]:
        return {v for m in find_values(text, today) if m.kind == "date" for v in m.values}

    assert dates("due Tuesday, December 8", date(2016, 1, 5)) == {date(2015, 12, 8)}
    assert dates("by 3 January", date(2019, 12, 20)) == {date(2020, 1, 3)}
    assert dates("on June 9", date(2017, 6, 1)) == {date(2017, 6, 9)}
    assert dates("on 9 June 2016", date(2017, 6, 1)) == {date(2016, 6, 9)}
    assert dates("since April 12", date(2001, 12, 20)) == {date(2001, 4, 12)}  # months back


# --- lists, parentheticals and locations -----------------------------------------------------

UNANSWERED = {
    "type": "answer-items",
    "kind": "event",
    "members": ["evt-009"],
    "predicate": ["respond", "rsvp", "reply", "answer"],
    "ruled_out": ["accepted", "organizer"],
}


def test_a_cue_reaches_a_list_with_articles_and_asides():
    answer = "Only the Dynegy Review. You accepted the Q3 Earnings Release Prep (today, 2:00 p.m.) and the FERC Review."
    assert items(answer, UNANSWERED)
    answer = (
        "Dynegy Review is the one.\n"
        "- Risk Desk Stand-up (Mon 10:00 a.m.), Raptor Restructuring Update (Tue 1:00 p.m.) and "
        "Q3 Risk Report Due (Fri, all day): you're the organizer.\n"
        "- Q3 Earnings Release Prep (Mon 2:00 p.m., Jeff Skilling): accepted Oct 9.\n"
        "- FERC Review (Wed 10:00 a.m., Richard Shapiro): accepted Oct 10.\n"
        "- Credit Reserve Methodology Review (Thu 9:00 a.m., Sally Beck): tentatively accepted."
    )
    assert items(answer, UNANSWERED)


def test_an_aside_with_a_status_keeps_list_items_apart():
    assert items("Dynegy Review (not answered), FERC Review (accepted).", UNANSWERED)
    assert not items("Dynegy Review (Wed) and the FERC Review (Wed) are unanswered.", UNANSWERED)
    assert not items("Dynegy Review (not answered), FERC Review (not answered).", UNANSWERED)


def test_numbers_in_an_event_location_after_the_place_are_values():
    spec = {
        "type": "answer-values",
        "values": [
            {"subject": "event:evt-007", "kind": "phone", "value": "8005550143"},
            {"subject": "event:evt-007", "kind": "number", "value": 4417},
        ],
    }
    assert values(
        "Raptor Restructuring Update (EB 50M Small Conference Room / dial-in 1-800-555-0143, "
        "code 4417).",
        spec,
    )


def test_a_share_of_hours_states_both_durations():
    spec = {"type": "answer-values", "values": [{"kind": "duration", "value": 480}]}
    assert values("You've got 8 of your 9 working hours free tomorrow.", spec)
    assert values("8 of 9 hours are open.", spec)
    assert not values("7 of your 9 working hours are free.", spec)


def test_a_header_negating_the_questions_own_predicate_introduces_the_answer():
    ungrouped = {
        "type": "answer-items",
        "kind": "person",
        "members": ["rob.delacroix@dynegy.com", "denise.carver@ferc.fed.us"],
        "predicate": ["group"],
    }
    answer = "Not in any group yet:\n- Denise Carver (FERC)\n- Rob Delacroix (Dynegy)"
    assert items(answer, ungrouped)
    assert not items("Not included:\n- Denise Carver\n- Rob Delacroix", ungrouped)


@pytest.mark.parametrize(
    "header",
    [
        "Five people have not accepted:",
        "Two people haven't accepted:",
        "Two invitees have not accepted the invitation:",
        "Not yet accepted:",
        "These have not accepted:",
    ],
)
def test_a_header_with_a_separate_not_before_the_predicate_introduces_the_list(header):
    pending = {
        "type": "answer-items",
        "kind": "person",
        "members": ["steven.kean@enron.com", "marcus.hale@enron.com"],
        "candidates": [
            "steven.kean@enron.com",
            "marcus.hale@enron.com",
            "jeff.skilling@enron.com",
        ],
        "predicate": ["accepted"],
        "ruled_out": ["accepted"],
    }
    assert items(f"{header}\n- Steven Kean\n- Marcus Hale", pending)
    assert items(f"{header}\n1. Steven Kean\n2. Marcus Hale\n\nAccepted: Jeff Skilling", pending)
    assert not items(f"{header}\n- Steven Kean\n- Marcus Hale\n- Jeff Skilling", pending)
    assert not items(f"Not sure, but possibly:\n{header}\n- Steven Kean\n- Marcus Hale", pending)
    assert not items("Excluded:\n- Steven Kean\n- Marcus Hale", pending)


@pytest.mark.parametrize(
    "style",
    ["{}:", "**{}**", "**{}:**", "## {}", "### {}", "__{}__"],
)
def test_a_markdown_heading_or_bold_line_is_a_header_like_a_colon_line(style):
    """Models write "**Fully accepted**" or "## Ruled out" where people write "Ruled out:"."""
    pending = {
        "type": "answer-items",
        "kind": "person",
        "members": ["steven.kean@enron.com"],
        "candidates": ["steven.kean@enron.com", "marcus.hale@enron.com", "priya.raman@enron.com"],
        "predicate": ["accept"],
        "ruled_out": ["fully accepted"],
    }
    answer = "Steven Kean hasn't accepted.\n\n{}\n- Risk Desk Stand-up: Priya and Marcus accepted"
    assert items(answer.format(style.format("Fully accepted")), pending)
    assert items(answer.format(style.format("Ruled out")), pending)
    assert not items(answer.format(style.format("Also pending")), pending)
    assert not items(f"{style.format('Possibly')}\n- Steven Kean", pending)


def test_a_parenthesised_aside_in_the_answers_own_header_is_scope_not_a_ruling_out():
    pending = {
        "type": "answer-items",
        "kind": "person",
        "members": ["steven.kean@enron.com"],
        "candidates": ["steven.kean@enron.com", "marcus.hale@enron.com"],
        "predicate": ["accept"],
        "ruled_out": ["organize", "already accepted"],
    }
    assert items("**Not yet accepted (meetings you organize)**\n1. Steven Kean", pending)
    assert items("Not yet accepted (meetings you organize):\n1. Steven Kean", pending)
    assert not items("Meetings others organize (not yours):\n1. Steven Kean", pending)
    assert not items("Already accepted (no action needed):\n- Steven Kean", pending)


def test_an_opening_denial_followed_by_a_contrast_is_partial():
    due = {"type": "answer-items", "kind": "card", "members": ["btask-005"]}
    assert items(
        "Nothing open is past due. The only open card due in the next 48 hours is "
        "'Raptor hedge restructuring'.",
        due,
    )
    assert not items("Nothing is due soon. 'Raptor hedge restructuring' is on track.", due)
    assert not items("No.\nRaptor hedge restructuring", due)


def test_steps_done_out_of_total_written_with_a_slash_state_a_share():
    progress = {
        "type": "answer-values",
        "values": [
            {"subject": "task:task-001", "kind": "percent", "value": 66.666667},
            {"subject": "task:task-002", "kind": "percent", "value": 0},
        ],
    }
    assert values(
        "- Reconcile Raptor capacity schedule with Andersen: 2/3\n"
        "- Draft Raptor restructuring talking points for Skilling: 0/2",
        progress,
    )
    assert values(
        "Reconcile Raptor capacity schedule with Andersen: two of three. Draft Raptor "
        "restructuring talking points for Skilling: none of two.",
        progress,
    )
    assert not values(
        "- Reconcile Raptor capacity schedule with Andersen: 1/3\n"
        "- Draft Raptor restructuring talking points for Skilling: 0/2",
        progress,
    )
    assert not values(
        "- Reconcile Raptor capacity schedule with Andersen: more than 2/3\n"
        "- Draft Raptor restructuring talking points for Skilling: 0/2",
        progress,
    )
    due = {"type": "answer-values", "values": [{"kind": "date", "value": "2001-10-12"}]}
    assert values("It was due Fri 10/12.", due) and values("It was due 10/12.", due)
    share = {
        "type": "answer-values",
        "values": [{"subject": "task:task-001", "kind": "percent", "value": 50}],
    }
    assert not values(
        "Reconcile Raptor capacity schedule with Andersen: 1/2 is due 10/12.",
        {**share, "values": [{**share["values"][0], "value": 83.333333}]},
    )
    overall = {"type": "answer-values", "values": [{"kind": "percent", "value": 30}]}
    assert not values("Done: Get Andersen's 9/30 price assumptions.", overall)
    assert values("Overall: 3/10 = 30%.", overall) and values("Overall 3/10.", overall)


def test_a_count_may_be_written_as_a_ratio():
    open_steps = {
        "type": "answer-values",
        "values": [{"subject": "task:task-002", "kind": "count", "value": 2}],
    }
    assert values(
        "Draft Raptor restructuring talking points for Skilling: 2 of 2 open.", open_steps
    )
    assert values(
        "Draft Raptor restructuring talking points for Skilling: 2 steps open.", open_steps
    )
    assert not values(
        "Draft Raptor restructuring talking points for Skilling: 1 of 2 open.",
        {**open_steps, "values": [{**open_steps["values"][0], "value": 3}]},
    )


def test_a_ratio_bound_to_a_count_subject_states_its_part_not_its_whole():
    """'1 of 2 steps open' states one open step; bound to the task it must not pass for 2 open.
    Unbound, the whole may be the count asked for ("one of her three cards is still open")."""
    open_steps = {
        "type": "answer-values",
        "values": [{"subject": "task:task-002", "kind": "count", "value": 2}],
    }
    assert not values(
        "Draft Raptor restructuring talking points for Skilling: 1 of 2 steps open.", open_steps
    )
    assert values(
        "Draft Raptor restructuring talking points for Skilling: 2 of 2 steps open.", open_steps
    )
    cards = {"type": "answer-values", "values": [{"kind": "count", "value": 3}]}
    assert values("Only one of Priya's three cards is still open.", cards)


def test_a_value_binds_to_a_subject_later_in_its_own_sentence_when_it_is_the_whole_line():
    dial_in = {
        "type": "answer-values",
        "values": [{"subject": "event:evt-007", "kind": "phone", "value": "8005550143"}],
    }
    assert values("Dial-in 1-800-555-0143, code 4417 (Raptor Restructuring Update, Tue).", dial_in)
    assert values("1-800-555-0143 -- from the Raptor Restructuring Update invite.", dial_in)
    assert not values("Dial-in 1-800-555-0143. Raptor Restructuring Update: no dial-in.", dial_in)


def test_the_last_sentence_of_a_header_line_introduces_its_list():
    steps = {
        "type": "answer-items",
        "kind": "checklist",
        "members": ["task-002/chk-004", "task-002/chk-005"],
    }
    header = "Your talking points to-do is not started. Both of its steps are still open:"
    assert items(
        f"{header}\n- Termination vs. share contribution comparison\n- One-page charge summary",
        steps,
    )
    assert not items(
        "Not started, and neither step is open:\n- Termination vs. share "
        "contribution comparison\n- One-page charge summary",
        steps,
    )


def test_an_introduced_header_with_a_blank_line_under_it_governs_the_next_paragraph():
    assert items(REFERENCE.replace(":\n", ":\n\n", 1))
    assert not items("I'm not sure, but possibly:\n" + REFERENCE.replace(":\n", ":\n\n", 1))
    assert items("Checked all 50 (no junk mail):\n\n" + REFERENCE.split(":\n", 1)[1])


def test_a_ruling_out_header_is_not_read_as_negating_the_ruled_out_words_after_it():
    pending = {
        "type": "answer-items",
        "kind": "person",
        "members": ["steven.kean@enron.com"],
        "ruled_out": ["ruled out", "you sent the last"],
    }
    answer = "Steven Kean.\n\nRuled out, because you sent the last message:\n- Marcus Hale\n- Jeff Skilling"
    assert items(answer, pending)


def test_items_with_a_subject_are_the_items_the_answer_binds_to_it():
    """Who is from outside on the FERC Review: naming every outsider under every meeting fails."""
    outsiders = [
        "nathan.pryor@andersen.com",
        "claire.boudreaux@velaw.com",
        "rob.delacroix@dynegy.com",
    ]
    ferc = {
        "type": "answer-items",
        "kind": "person",
        "subject": "event:evt-008",
        "members": ["claire.boudreaux@velaw.com"],
        "candidates": outsiders,
    }
    good = (
        "- Raptor Restructuring Update: Nathan Pryor\n"
        "- FERC Review: Claire Boudreaux\n"
        "- Dynegy Review: Rob Delacroix"
    )
    assert items(good, ferc)
    assert items("The FERC Review has Claire Boudreaux; the Dynegy Review has Rob Delacroix.", ferc)
    assert not items(
        good.replace("FERC Review: Claire Boudreaux", "FERC Review: Rob Delacroix"), ferc
    )
    everyone = "Nathan Pryor, Claire Boudreaux, Rob Delacroix"
    assert not items(
        f"- Raptor Restructuring Update: {everyone}\n- FERC Review: {everyone}\n"
        f"- Dynegy Review: {everyone}",
        ferc,
    )
    assert not items("Claire Boudreaux is the outside attendee.", ferc)


def test_every_subjects_value_under_one_subject_is_a_kitchen_sink():
    """'Rob: 3 emails, 2 emails' under every sender passes each binding but answers nothing; a
    correct split next to a total ('Dynegy: 5 (3 from them, 2 to them)') never holds them all."""
    counts = {
        "type": "answer-values",
        "values": [
            {"subject": "person:rob.delacroix@dynegy.com", "kind": "count", "value": 3},
            {"subject": "person:nathan.pryor@andersen.com", "kind": "count", "value": 3},
            {"subject": "person:claire.boudreaux@velaw.com", "kind": "count", "value": 2},
        ],
    }
    assert values(
        "Rob Delacroix: 3 emails\nNathan Pryor: 3 emails\nClaire Boudreaux: 2 emails", counts
    )
    assert values(
        "Rob Delacroix: 3 emails (1 unread)\nNathan Pryor: 3 emails\nClaire Boudreaux: 2 emails",
        counts,
    )
    assert not values(
        "Rob Delacroix: 3 emails, 2 emails\nNathan Pryor: 3 emails, 2 emails\n"
        "Claire Boudreaux: 3 emails, 2 emails",
        counts,
    )
    companies = {
        "type": "answer-values",
        "values": [
            {"subject": "company:Dynegy Inc", "kind": "count", "value": 5},
            {"subject": "company:Arthur Andersen LLP", "kind": "count", "value": 4},
            {"subject": "company:Vinson & Elkins LLP", "kind": "count", "value": 3},
        ],
    }
    split = (
        "1. Dynegy Inc.: 5 (3 from them, 2 to them)\n2. Arthur Andersen LLP: 4 (3 from, 1 to)\n"
        "3. Vinson & Elkins LLP: 3 (2 from, 1 to)"
    )
    assert values(split, companies)
    assert not values(
        "1. Dynegy Inc.: 5, 4, 3\n2. Arthur Andersen LLP: 5, 4, 3\n3. Vinson & Elkins LLP: 5, 4, 3",
        companies,
    )


def test_a_claim_is_judged_once_per_answer_and_no_grade_shares_what_is_kept(monkeypatch):
    """Regrading the same answer (a regrade, an audit mutant of the end state) reuses each
    claim's outcome, read once per answer; another answer is judged afresh, and a grade's
    items never share containers with the kept outcome."""
    judged: list[str] = []
    evaluate = AnswerItemsCheck.evaluate
    monkeypatch.setattr(
        AnswerItemsCheck,
        "evaluate",
        lambda self, a: judged.append(a.text.text) or evaluate(self, a),
    )
    episode = Episode(make_scenario([{**TOP_FOUR, "id": "c"}], calls=[]))
    wrong = "Louise Kitchen, Sally Beck."
    first = episode.grade(wrong).items[0]
    first.found["not asserted"].append("tampered")
    again = episode.grade(wrong).items[0]
    right = episode.grade("Louise Kitchen, Sally Beck, John Lavorato, Richard Shapiro.").items[0]
    # the empty answer is the scenario's vacuity probe (its context's first grade)
    assert judged == ["", wrong, "Louise Kitchen, Sally Beck, John Lavorato, Richard Shapiro."]
    assert "tampered" not in again.found["not asserted"] and again.outcome == "failed"
    assert right.outcome == "passed"


def test_an_answer_over_the_limit_fails_unread_however_right_its_start():
    """The claim reader reads at most MAX_ANSWER_CHARS: an answer over it fails every claim
    (a right answer cannot hide wrong content past a cut, and grading stays bounded however
    long the text), with the limit named; the same answer padded up to the limit still passes."""
    right = "Louise Kitchen, Sally Beck, John Lavorato, Richard Shapiro."
    episode = Episode(make_scenario([{**TOP_FOUR, "id": "c"}], calls=[]))
    at_limit = right + " " * (MAX_ANSWER_CHARS - len(right))
    assert episode.grade(at_limit).items[0].outcome == "passed"
    for answer in (at_limit + ".", right + " Also Jeff Skilling." * 500, right * 100_000):
        item = episode.grade(answer).items[0]
        assert item.outcome == "failed" and item.found == TOO_LONG
    assert f"{MAX_ANSWER_CHARS:,} characters" in TOO_LONG
    assert f"at most {MAX_ANSWER_CHARS:,} characters" in FINISH_BY_TEXT


def test_an_answer_too_dense_with_values_fails_unread_with_the_cap_named():
    """Reading values costs per value, so a text with more than MAX_ANSWER_VALUES values (numbers,
    amounts, dates, times, durations) fails every claim unread, as a longer one does (8,000
    characters of numbers took 74-110 ms to grade); at the cap it is read, and the rule is stated
    with the finishing rule."""
    right = "Louise Kitchen, Sally Beck, John Lavorato, Richard Shapiro."
    episode = Episode(make_scenario([{**TOP_FOUR, "id": "c"}], calls=[]))
    at_cap = right + "\nFigures: " + ", ".join(str(n) for n in range(1, MAX_ANSWER_VALUES + 1))
    analysis = episode.context.analyse(at_cap)
    assert analysis.unread is None and len(analysis.values) == MAX_ANSWER_VALUES
    assert episode.grade(at_cap).items[0].outcome == "passed"
    dense = (at_cap + ", 601", right + " 10:30 am," * 601, right + " an hour" * 601, "7 " * 4_000)
    for answer in dense:
        assert len(answer) <= MAX_ANSWER_CHARS
        item = episode.grade(answer).items[0]
        assert item.outcome == "failed" and item.found == TOO_DENSE
    assert f"over {MAX_ANSWER_VALUES:,} values" in TOO_DENSE
    assert f"{MAX_ANSWER_VALUES:,} numbers, amounts, dates and times" in FINISH_BY_TEXT


def test_every_subjects_value_listed_in_one_role_is_a_kitchen_sink():
    """With roles, a count's nearest role phrase is loose ("sent you 5; on 7 (4 To, 3 Cc)": every
    count is nearest "sent you"), so only the subject's own value and the values listed in a
    run with it ("sent you 5 emails, 4 emails") count as what it states in that role."""
    roles = ["sent you", "to you"]
    received = {
        "type": "answer-values",
        "values": [
            {"subject": "person:priya.raman@enron.com", "role": roles, "kind": "count", "value": 5},
            {"subject": "person:marcus.hale@enron.com", "role": roles, "kind": "count", "value": 4},
        ],
    }
    right = (
        "- Priya Raman has sent you 5 emails and is on 7 of your sent emails (4 as To, 3 as Cc).\n"
        "- Marcus Hale has sent you 4 emails and is on 3 of your sent emails (2 as To, 1 as Cc)."
    )
    assert values(right, received)
    assert values(right.replace("(4 as To, 3 as Cc)", ": To on four, Cc on three"), received)
    assert not values(right.replace("sent you 5 emails", "sent you 5 emails, 4 emails"), received)
    assert not values(right.replace("sent you 5 emails", "sent you 5 and 4 emails"), received)
    due = {
        "type": "answer-values",
        "values": [
            {"subject": "message:msg-039", "role": ["due"], "kind": "date", "value": "2001-10-16"},
            {"subject": "message:msg-002", "role": ["due"], "kind": "date", "value": "2001-10-24"},
        ],
    }
    listed = (
        "1. Dynegy Review - exposure numbers by Tuesday - due Tue Oct 16\n"
        "2. FERC data request on EnronOnline trades - due Wed Oct 24"
    )
    assert values(listed, due)
    assert not values(listed.replace("due Wed Oct 24", "due Oct 16, Wed Oct 24"), due)


def test_an_optional_value_may_be_left_out_but_not_given_wrong():
    """`required: false`: the time beside the date that answers "when" need not be given, but a
    wrong one fails; so does an unread count given as the category's total (counts swapped)."""
    when = {
        "type": "answer-values",
        "values": [
            {"subject": "message:msg-021", "kind": "date", "value": "2001-10-05"},
            {"subject": "message:msg-021", "kind": "time", "value": "13:10", "required": False},
        ],
    }
    said = 'The oldest unread email is "Dynegy credit line - where are we?", received {}.'
    assert values(said.format("Friday October 5"), when)
    assert values(said.format("Friday October 5 at 1:10 PM"), when)
    assert not values(said.format("Friday October 5 at 3:10 PM"), when)
    assert not values(said.format("Friday October 5 at 1:10 or 3:10 PM"), when)
    assert not values(said.format("Friday October 5, but not at 1:10 PM"), when)
    total = ["categorized", "tagged", "inbox", "emails"]
    unread = ["unread", "not read"]
    counts = {
        "type": "answer-values",
        "values": [
            {"subject": "label:Trading", "role": total, "kind": "count", "value": 8},
            {
                "subject": "label:Trading",
                "role": unread,
                "kind": "count",
                "value": 4,
                "required": False,
            },
        ],
    }
    assert values("8 inbox emails are categorized Trading. 4 of those 8 are unread.", counts)
    assert values("8 inbox emails are categorized Trading. The unread ones:", counts)
    assert not values("4 inbox emails are categorized Trading. 8 of them are unread.", counts)
    assert not values("8 inbox emails are categorized Trading. 3 of them are unread.", counts)
    assert not values("8 inbox emails are categorized Trading; more than 4 are unread.", counts)
    assert not values("Count: 8 inbox emails are categorized Trading. Unread: 5:", counts)
    assert values(
        "8 inbox emails are categorized Trading. Two of the unread ones came today.", counts
    )
    spelled = (
        "8 inbox emails are categorized Trading; the unread ones are Tanya's, from Thursday at "
        "twenty past two, and Louise's."
    )
    assert values(spelled, counts)


def test_a_list_said_to_run_in_reverse_is_not_in_the_order_asked():
    ordered = {**RATES, "ordered": True}
    for note in ("(In reverse order.)", "Listed in reverse order.", "Sorted backwards."):
        assert not items(f"{REFERENCE}\n\n{note}"), note
        assert not values(f"{REFERENCE}\n\n{note}", ordered), note
    assert items(f"{REFERENCE}\n\nNot in reverse order: highest first.")
    assert items(f"{REFERENCE}\n\n(The reverse order of arrival.)")
    assert values(
        f"{REFERENCE}\n\nIn reverse order of arrival they would be Shapiro first.", ordered
    )


def test_counts_restated_wrong_beside_a_right_list_fail():
    """Counts are not exclusive, so a right list used to cover a summary that swaps or misstates
    them; a sentence or paragraph giving two or more subjects one value each states the same
    measure for each, and subjects given each other's values in a cycle swap them."""
    companies = {
        "type": "answer-values",
        "values": [
            {"subject": "company:Dynegy Inc", "kind": "count", "value": 5},
            {"subject": "company:Arthur Andersen LLP", "kind": "count", "value": 4},
            {"subject": "company:Vinson & Elkins LLP", "kind": "count", "value": 3},
        ],
    }
    listed = (
        "\n\n1. Dynegy Inc.: 5 (3 from them, 2 to them)\n2. Arthur Andersen LLP: 4 (3 from, 1 to)\n"
        "3. Vinson & Elkins LLP: 3 (2 from, 1 to)"
    )
    summary = (
        "Dynegy leads with {} messages, then Arthur Andersen with {} and Vinson & Elkins with {}."
    )
    assert values(summary.format(5, 4, 3) + listed, companies)
    assert not values(summary.format(4, 5, 3) + listed, companies)  # swapped
    assert not values(summary.format(4, 3, 5) + listed, companies)  # rotated
    assert not values(summary.format(7, 6, 2) + listed, companies)  # misstated
    briefing = (
        "Dynegy Inc. (Rob Delacroix): 5\n- From Rob (3): two memos and a call\n- To Rob (2)\n"
        "Arthur Andersen LLP (Nathan Pryor): 4\n- From Nathan (3)\n- To Nathan (1)"
    )
    two = {**companies, "values": companies["values"][:2]}
    assert values(briefing, two)


def test_an_answer_struck_through_line_by_line_asserts_nothing():
    struck = "\n".join(f"~~{line}~~" for line in REFERENCE.split("\n"))
    assert not values(struck) and not items(struck)
    assert items(REFERENCE + "\n~~5. Jeff Skilling: 50% unread (3 of 6)~~")


def test_a_duration_written_in_words_or_as_a_share_may_be_a_bound():
    overlap = {"type": "answer-values", "values": [{"kind": "duration", "value": 30}]}
    assert values("They overlap for half an hour.", overlap)
    assert not values("They overlap for more than half an hour.", overlap)
    free = {"type": "answer-values", "values": [{"kind": "duration", "value": 480}]}
    assert values("You have 8 of your 9 working hours free.", free)
    assert not values("You have more than 8 of your 9 working hours free.", free)


def test_a_table_value_takes_the_role_of_its_own_column():
    """'| Priya Raman | 7 | 5 |' under 'Emails sent to you | Your sent emails they're on' says
    she sent 7: a cell's value takes its column header's role, not any role in the header row."""
    received = ["sent you", "emails sent to you"]
    included = ["they're on", "on"]
    spec = {
        "type": "answer-values",
        "values": [
            {
                "subject": "person:priya.raman@enron.com",
                "role": received,
                "kind": "count",
                "value": 5,
            },
            {
                "subject": "person:priya.raman@enron.com",
                "role": included,
                "kind": "count",
                "value": 7,
            },
        ],
    }
    table = (
        "| Direct report | Emails sent to you | Your sent emails they're on |\n|---|---|---|\n"
        "| Priya Raman | {} | {} |"
    )
    assert values(table.format(5, "7 (4 To, 3 Cc)"), spec)
    assert not values(table.format(7, 5), spec)
