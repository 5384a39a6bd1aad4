"""Values written the ways careful writers state them (issue 10, fairness): each shape an honest
solver used, and its wrong-work twins (a wrong value, swapped values, a difference given as
the value, both values offered as alternatives) that must still fail."""

from __future__ import annotations

from tests.grading_support import passes

FASTEST, SLOWEST = "message:msg-027", "message:msg-018"
REPLY_TIMES = {
    "type": "answer-values",
    "values": [
        {"subject": FASTEST, "kind": "duration", "value": 200, "role": ["fastest", "quickest"]},
        {"subject": SLOWEST, "kind": "duration", "value": 9740, "role": ["slowest", "longest"]},
    ],
}


def values(answer: str, spec: dict) -> bool:
    return passes(spec, calls=[], answer=answer)


def duration(minutes: float) -> dict:
    return {"type": "answer-values", "values": [{"kind": "duration", "value": minutes}]}


def test_durations_with_a_fraction_of_their_unit_in_words():
    assert values("You replied three and a third hours later.", duration(200))
    assert values("It took 3 and a third hours.", duration(200))
    assert values("six days and eighteen-and-a-third hours", duration(9740))
    assert values("It took one and a quarter days.", duration(1800))
    assert values("2 hours and three quarters", duration(165))
    assert values("three-and-a-half hours", duration(210))
    assert not values("three and two thirds hours", duration(200))  # 3h40m
    assert not values("three and a third days", duration(200))
    assert not values("six days and eighteen-and-two-thirds hours", duration(9740))


def test_fractional_durations_bind_to_their_threads_and_roles():
    answer = (
        'Your quickest turnaround was on Priya Raman\'s "Stress scenario assumptions for Q4": it '
        "came in at 11:10am on Tue 10/9 and you answered at 2:30pm, three and a third hours "
        "later. Your slowest was Claire Boudreaux's \"Privileged: FERC market-based rate inquiry "
        '- draft response", which landed at 4:40pm on Thu 10/4 and got your reply at 11am on '
        "Thu 10/11 - almost a week, six days and eighteen-and-a-third hours."
    )
    assert values(answer, REPLY_TIMES)
    swapped = (
        answer.replace("three and a third hours", "X")
        .replace("six days and eighteen-and-a-third hours", "three and a third hours")
        .replace("X", "six days and eighteen-and-a-third hours")
    )
    assert not values(swapped, REPLY_TIMES)
    assert not values(answer.replace("a third hours later", "a half hours later"), REPLY_TIMES)


RAPTOR_SIZE = {
    "type": "answer-values",
    "values": [
        {"subject": "attachment:Raptor_restructuring_model_v3.xls", "kind": "size", "value": 512000}
    ],
}
DROPS = ["down", "drop", "lower", "fewer", "fell"]
SUMMARY_CHANGES = {
    "type": "answer-values",
    "values": [
        {"subject": ["transactions"], "kind": "count", "value": 4112},
        {"subject": ["transactions"], "kind": "count", "value": 3876},
        {"subject": ["transactions"], "kind": "count", "value": 236, "role": DROPS},
        {"subject": ["rejections"], "kind": "count", "value": 14},
        {"subject": ["rejections"], "kind": "count", "value": 11},
        {"subject": ["rejections"], "kind": "count", "value": 3, "role": DROPS},
    ],
}


def test_a_difference_from_another_item_is_not_the_items_own_value():
    answer = (
        "It's the Raptor model: Raptor_restructuring_model_v3.xls, which weighs in at 500 KB "
        "(512,000 bytes, roughly 0.5 MB). It beats the runner-up, John Lavorato's Q3 P&L "
        "attribution workbook, by about 90 KB."
    )
    assert values(answer, RAPTOR_SIZE)
    assert values(
        "Raptor_restructuring_model_v3.xls is 500 KB, 90 KB bigger than the runner-up.",
        RAPTOR_SIZE,
    )
    # the difference given as the value, a wrong value beside the difference, a plain second size
    assert not values(
        "Raptor_restructuring_model_v3.xls beats the runner-up by 512,000 bytes.", RAPTOR_SIZE
    )
    assert not values(
        answer.replace("500 KB (512,000 bytes, roughly 0.5 MB)", "410 KB"), RAPTOR_SIZE
    )
    assert not values("Raptor_restructuring_model_v3.xls: 500 KB, or is it 90 KB?", RAPTOR_SIZE)
    assert not values("Raptor_restructuring_model_v3.xls is 500 KB; it is 90 KB.", RAPTOR_SIZE)


def test_a_difference_after_a_dash_is_no_range_of_alternatives():
    answer = (
        "- **Transactions:** 4,112 on 10/05 vs. 3,876 on 10/12 - 236 fewer, a drop of roughly "
        "5.7%.\n- **Credit rejections:** 14 vs. 11 - 3 fewer, about 21% lower."
    )
    assert values(answer, SUMMARY_CHANGES)
    assert values(answer.replace("14 vs. 11 - 3 fewer", "14, then 11 (down by 3)"), SUMMARY_CHANGES)
    # both values as alternatives, the difference given as a value, the metrics swapped
    assert not values(answer.replace("14 vs. 11", "14 or 11"), SUMMARY_CHANGES)
    assert not values(answer.replace("14 vs. 11 - 3 fewer", "14 vs. 3 fewer"), SUMMARY_CHANGES)
    assert not values(answer.replace("3 fewer, about", "3, about"), SUMMARY_CHANGES)
    swapped = answer.replace("4,112 on 10/05 vs. 3,876 on 10/12", "14 vs. 11").replace(
        "14 vs. 11 - 3", "4,112 vs. 3,876 - 3"
    )
    assert not values(swapped, SUMMARY_CHANGES)
    assert not values(answer.replace("11 - 3 fewer", "11-13 fewer"), SUMMARY_CHANGES)
    assert not values(answer.replace("14 vs. 11 - 3 fewer", "14 or 11 fewer"), SUMMARY_CHANGES)
    # a value offered with a difference is still offered as an alternative
    hedged = "Raptor_restructuring_model_v3.xls is 512,000 bytes or 90 KB bigger than the rest."
    assert not values(hedged, RAPTOR_SIZE)


OUTSIDE_SENDERS = {
    "type": "answer-values",
    "values": [
        {"subject": "person:rob.delacroix@dynegy.com", "kind": "count", "value": 3},
        {"subject": "person:nathan.pryor@andersen.com", "kind": "count", "value": 3},
        {"subject": "person:claire.boudreaux@velaw.com", "kind": "count", "value": 2},
    ],
}


def test_a_value_in_an_aside_is_about_what_the_aside_follows():
    answer = (
        "External senders: Rob Delacroix of Dynegy (3), Nathan Pryor of Arthur Andersen (3) and "
        "Claire Boudreaux of Vinson & Elkins (2) - 8 emails in all."
    )
    assert values(answer, OUTSIDE_SENDERS)
    assert values(answer.replace("(3)", "(3 emails)"), OUTSIDE_SENDERS)
    # an item opening with its count still takes the name after it
    assert values(
        "Outside: Rob Delacroix of Dynegy, 3; (3) Nathan Pryor; (2) Claire Boudreaux.",
        OUTSIDE_SENDERS,
    )
    swapped = answer.replace("Dynegy (3)", "Dynegy (2)").replace("Elkins (2)", "Elkins (3)")
    assert not values(swapped, OUTSIDE_SENDERS)
    assert not values(answer.replace("Dynegy (3)", "Dynegy (4)"), OUTSIDE_SENDERS)
    assert not values(answer.replace("Dynegy (3)", "Dynegy (3 or 4)"), OUTSIDE_SENDERS)


FREE_BLOCKS = {
    "type": "answer-values",
    "values": [
        {"kind": "time-range", "value": ["08:00", "13:00"]},
        {"kind": "time-range", "value": ["14:00", "17:00"]},
    ],
}
BLOCKS_TABLE = (
    "| Block | From | To | Length |\n|---|---|---|---|\n| Free | 8am | 1pm | five hours |\n"
    "| *Busy - Raptor Restructuring Update* | *1pm* | *2pm* | *one hour* |\n"
    "| Free | 2pm | 5pm | three hours |\n\nTotal free on Tue 16 Oct: eight hours."
)


def test_a_tables_from_and_to_columns_give_each_row_a_time_range():
    assert values(BLOCKS_TABLE, FREE_BLOCKS)
    assert values(BLOCKS_TABLE.replace("| From | To |", "| Start | End |"), FREE_BLOCKS)
    reordered = BLOCKS_TABLE.replace("| From | To |", "| To | From |")
    reordered = reordered.replace("| 8am | 1pm |", "| 1pm | 8am |").replace(
        "| 2pm | 5pm |", "| 5pm | 2pm |"
    )
    assert values(reordered, FREE_BLOCKS)
    # the ends swapped, a block cut short, columns that say nothing of where a block starts
    assert not values(BLOCKS_TABLE.replace("| 8am | 1pm |", "| 1pm | 8am |"), FREE_BLOCKS)
    assert not values(BLOCKS_TABLE.replace("| From | To |", "| To | From |"), FREE_BLOCKS)
    assert not values(BLOCKS_TABLE.replace("| 2pm | 5pm |", "| 2pm | 4pm |"), FREE_BLOCKS)
    assert not values(BLOCKS_TABLE.replace("| From | To |", "| Free | Busy |"), FREE_BLOCKS)


STAND_UP_START = {
    "type": "answer-values",
    "values": [
        {
            "subject": "event:evt-005",
            "kind": "time",
            "value": "10:00",
            "role": ["start", "starts", "begins", "at", "first meeting"],
        }
    ],
}


def test_a_time_range_or_a_schedule_line_states_when_its_entry_starts():
    briefing = (
        "First up today (Monday, October 15, 2001) is the **Risk Desk Stand-up**, 10:00-10:30 AM "
        "Central in the EB 2801 Conference Room. A reminder is set for 15 minutes before (9:45 AM)."
    )
    line = "**10am - Risk Desk Stand-up** (half an hour, to 10:30am; EB 2801 Conference Room)."
    assert values(briefing, STAND_UP_START)
    assert values(line, STAND_UP_START)
    assert values("- 10:00 AM: Risk Desk Stand-up, until 10:30.", STAND_UP_START)
    # the time as the end of a range, a wrong start, two ranges offered, the end on the line
    assert not values(briefing.replace("10:00-10:30 AM", "9:30-10:00 AM"), STAND_UP_START)
    assert not values(briefing.replace("10:00-10:30 AM", "10:30-11:00 AM"), STAND_UP_START)
    assert not values(
        briefing.replace("10:00-10:30 AM", "10:00-10:30 AM or 10:30-11:00 AM"), STAND_UP_START
    )
    assert not values(line.replace("10am", "9:30am").replace("10:30am", "10am"), STAND_UP_START)
    assert not values("The Risk Desk Stand-up runs for half an hour, to 10am.", STAND_UP_START)


DUE = ["due", "follow-up"]
DUE_DATES = {
    "type": "answer-values",
    "values": [
        {"subject": "message:msg-039", "kind": "date", "value": "2001-10-16", "role": DUE},
        {"subject": "message:msg-044", "kind": "date", "value": "2001-10-16", "role": DUE},
        {"subject": "message:msg-002", "kind": "date", "value": "2001-10-24", "role": DUE},
    ],
}
DUE_LIST = (
    "You have four flagged emails; three of them carry a follow-up due date. Soonest first:\n\n"
    '1. Tuesday, October 16, 2001, 12:00 PM (noon) - "Dynegy Review - exposure numbers by '
    'Tuesday" from Louise Kitchen (received Oct 12, high importance, unread).\n'
    '2. Tuesday, October 16, 2001, 5:00 PM - "Agenda for Wednesday\'s FERC Review" from Jeff '
    "Skilling (received Oct 12, high importance, unread).\n"
    '3. Wednesday, October 24, 2001, 5:00 PM - "FERC data request on EnronOnline trades" from '
    "Richard Shapiro (received Sept 24, read).\n\nAll times Central."
)


def test_a_value_opening_a_list_item_has_the_role_its_lists_header_names():
    assert values(DUE_LIST, DUE_DATES)
    assert values(DUE_LIST.replace("Soonest first:\n\n", "Soonest first:\n"), DUE_DATES)
    # received and due dates swapped, a header naming no due date, a date offered with another
    swapped = DUE_LIST.replace("1. Tuesday, October 16, 2001", "1. Friday, October 12, 2001")
    swapped = swapped.replace(
        "(received Oct 12, high importance, unread).\n2.",
        "(received Oct 16, high importance, unread).\n2.",
    )
    assert not values(swapped, DUE_DATES)
    plain = DUE_LIST.replace("three of them carry a follow-up due date. ", "")
    assert not values(plain, DUE_DATES)
    assert not values(
        DUE_LIST.replace(
            "3. Wednesday, October 24, 2001", "3. Wednesday, October 24 or October 31"
        ),
        DUE_DATES,
    )
    # only the value opening the item takes the header's role: a received date later does not
    late = DUE_LIST.replace("3. Wednesday, October 24, 2001, 5:00 PM - ", "3. ").replace(
        "(received Sept 24, read)", "(received Wednesday, October 24)"
    )
    assert not values(late, DUE_DATES)


OLDEST_UNREAD_RECEIVED = {
    "type": "answer-values",
    "values": [{"subject": "message:msg-021", "kind": "date", "value": "2001-10-05"}],
}


def test_a_value_binds_to_what_the_next_sentence_opens_by_naming():
    answer = (
        "Your oldest unread inbox message came from John Lavorato (john.lavorato@enron.com) on "
        'Friday, October 5, 2001 at 1:10 p.m. Central, ten days ago. The subject is "Dynegy '
        "credit line - where are we?\". He's asking where you stand on the Dynegy line."
    )
    assert values(answer, OLDEST_UNREAD_RECEIVED)
    assert values(answer.replace("The subject is", "It's titled"), OLDEST_UNREAD_RECEIVED)
    # a wrong date, another message named, a next sentence that does not name what was described
    assert not values(answer.replace("October 5", "October 8"), OLDEST_UNREAD_RECEIVED)
    assert not values(
        answer.replace("Dynegy credit line - where are we?", "Agenda for Wednesday's FERC Review"),
        OLDEST_UNREAD_RECEIVED,
    )
    assert not values(
        answer.replace("The subject is", "It is not the same as"), OLDEST_UNREAD_RECEIVED
    )
    assert not values(answer.replace("ago. The", "ago.\n\nThe"), OLDEST_UNREAD_RECEIVED)


def time_at(hhmm: str) -> dict:
    return {"type": "answer-values", "values": [{"kind": "time", "value": hhmm}]}


def test_times_in_words_and_ranges_around_a_spaced_dash():
    range_ = {
        "type": "answer-values",
        "values": [{"kind": "time-range", "value": ["10:00", "10:30"]}],
    }
    assert values("Risk Desk Stand-up: 10:00 a.m. \u2013 10:30 a.m.", range_)
    assert values("Risk Desk Stand-up: 10:00 a.m. \u2014 10:30 a.m.", range_)
    assert not values("Risk Desk Stand-up: 10:30 a.m. \u2013 11:00 a.m.", range_)
    assert values("It starts at ten o'clock.", time_at("10:00"))
    assert values("It starts at ten a.m.", time_at("10:00"))
    assert values("It starts at two p.m.", time_at("14:00"))
    assert not values("It starts at ten p.m.", time_at("10:00"))
    assert not values("It starts at eleven o'clock.", time_at("10:00"))
    assert not values("Ten people are coming.", time_at("10:00"))


DUE_TABLE = (
    "| Email | Received | Due |\n|---|---|---|\n"
    "| Dynegy Review - exposure numbers by Tuesday | Oct 12 | Oct 16 |\n"
    "| Agenda for Wednesday's FERC Review | Oct 12 | Oct 16 |\n"
    "| FERC data request on EnronOnline trades | Sep 24 | Oct 24 |"
)


def test_a_table_cell_has_the_role_of_its_column_header():
    assert values(DUE_TABLE, DUE_DATES)
    assert values(
        DUE_TABLE.replace("| Received | Due |", "| Follow-up due | Received |")
        .replace("| Oct 12 | Oct 16 |", "| Oct 16 | Oct 12 |")
        .replace("| Sep 24 | Oct 24 |", "| Oct 24 | Sep 24 |"),
        DUE_DATES,
    )
    # the columns' headers swapped: the due dates now stand under "Received"
    assert not values(DUE_TABLE.replace("| Received | Due |", "| Due | Received |"), DUE_DATES)
    # a cell naming its own role keeps it, under a header naming the role in another column
    own = DUE_TABLE.replace("| Received | Due |", "| Follow-up | Notes |")
    own = own.replace("| Oct 12 |", "| flagged |").replace("| Sep 24 |", "| flagged |")
    assert not values(own, DUE_DATES)
    own = own.replace("| Oct 16 |", "| due Oct 16 |").replace("| Oct 24 |", "| due Oct 24 |")
    assert values(own, DUE_DATES)


def test_dropped_from_a_value_is_a_change_not_an_exclusion():
    answer = (
        "Transactions fell from 4,112 to 3,876 (-236). Credit rejections dropped from 14 to 11 "
        "(-3)."
    )
    assert values(answer, SUMMARY_CHANGES)
    assert not values(answer.replace("from 14 to 11", "from 15 to 11"), SUMMARY_CHANGES)
    # an item dropped from a list is still ruled out
    kitchen = {
        "type": "answer-items",
        "kind": "person",
        "members": ["sally.beck@enron.com"],
        "candidates": ["sally.beck@enron.com", "louise.kitchen@enron.com"],
    }
    assert values("Sally Beck. Louise Kitchen dropped from the list.", kitchen)
    assert not values("Sally Beck and Louise Kitchen.", kitchen)


def test_a_value_given_to_each_of_a_list_of_subjects():
    answer = "Rob Delacroix and Nathan Pryor sent three each, Claire Boudreaux two."
    assert values(answer, OUTSIDE_SENDERS)
    assert values(
        "Rob Delacroix and Nathan Pryor: 3 emails each. Claire Boudreaux: 2.", OUTSIDE_SENDERS
    )
    # the wrong pair given the shared count, everyone given it, no "each"
    assert not values(
        "Rob Delacroix and Claire Boudreaux sent three each, Nathan Pryor two.", OUTSIDE_SENDERS
    )
    assert not values(
        "Rob Delacroix, Nathan Pryor and Claire Boudreaux sent three each.", OUTSIDE_SENDERS
    )
    assert not values(
        "Rob Delacroix and Nathan Pryor sent three, Claire Boudreaux two.", OUTSIDE_SENDERS
    )


def test_a_duration_with_what_kind_of_time_it_is_between_number_and_unit():
    assert values("You have 8 free hours tomorrow: 8 a.m.-1 p.m. and 2-5 p.m.", duration(480))
    assert values("eight working hours", duration(480))
    assert not values("7 free hours", duration(480))
    assert not values("8 free people", duration(480))


def test_a_required_value_in_its_role_is_contradicted_by_a_second_value_in_that_role():
    """OB-R101 (issue 10, adversarial): 'reminder at 10:00; starts at 10:30' gave the start a
    wrong value beside the right one (the role's 'at' found 10:00) and passed."""
    spec = {
        "type": "answer-values",
        "values": [
            {
                "subject": "event:evt-005",
                "role": ["start", "starts", "begins", "at"],
                "kind": "time",
                "value": "10:00",
            }
        ],
    }
    assert values("The Risk Desk Stand-up at 10:00 AM (until 10:30).", spec)
    assert values("The Risk Desk Stand-up starts at 10:00 and runs until 10:30.", spec)
    assert not values("The Risk Desk Stand-up: reminder at 10:00, starts at 10:30.", spec)
    assert not values("The Risk Desk Stand-up. Reminder at 10:00; it starts at 10:30.", spec)
