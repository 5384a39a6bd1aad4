"""The footprint reads created items field by field, and nested fields and lists item by item."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from tests.grading_support import make_scenario, outcome, play

REQUIREMENTS = [{"id": "R1", "text": "Do what the reference does."}]
TASK = {
    "name": "todo_createTask",
    "arguments": {
        "title": "Prepare netting agreement markup",
        "dueDateTime": "2001-10-18T17:00:00",
    },
}
RULE = {
    "name": "filters_create",
    "arguments": {
        "displayName": "Andersen to Archive",
        "fromAddresses": ["nathan.pryor@andersen.com"],
        "moveToFolder": "archive",
    },
}
EVENT = {
    "name": "calendar_createEvent",
    "arguments": {
        "subject": "Methodology review prep",
        "startDateTime": "2001-10-17T16:30:00",
        "endDateTime": "2001-10-17T17:00:00",
        "attendees": ["priya.raman@enron.com", "sally.beck@enron.com"],
    },
}
SEND = {
    "name": "messages_send",
    "arguments": {
        "subject": "Raptor exposure summary",
        "body": "Sally, the Raptor hedges are underwater by $500M.",
        "toRecipients": ["sally.beck@enron.com"],
    },
}
FLAG = {"name": "messages_flag", "arguments": {"id": "msg-001", "flagStatus": "flagged"}}
TAG = {  # msg-002 is tagged FERC
    "name": "messages_setCategories",
    "arguments": {"id": "msg-002", "categories": ["FERC", "Raptor"]},
}


def footprint_passes(reference: list[dict], calls: list[dict], latitude: Any = None) -> bool:
    check = {"type": "footprint", "id": "footprint", "covers": ["R1"], "latitude": latitude or []}
    scenario = make_scenario([check], calls=reference, requirements=REQUIREMENTS)
    return outcome(play(scenario, calls), "footprint")


def edited(call: dict, **arguments: Any) -> dict:
    return {**call, "arguments": {**call["arguments"], **arguments}}


@pytest.mark.parametrize("reference", [[TASK], [RULE], [EVENT], [FLAG], [TAG], [SEND]])
def test_the_reference_passes_its_own_footprint(reference):
    assert footprint_passes(reference, reference)


@pytest.mark.parametrize(
    ("reference", "wrong"),
    [
        (RULE, edited(RULE, displayName="Andersen", fromAddresses=["rick.buy@enron.com"])),
        (TASK, edited(TASK, importance="high")),  # OB-T104: a field the task never asked for
        (TASK, edited(TASK, reminderDateTime="2001-10-17T09:00:00")),
        (TASK, edited(TASK, dueDateTime="2001-10-19T17:00:00")),
        (RULE, edited(RULE, stopProcessingRules=True)),
        (RULE, edited(RULE, fromAddresses=["nathan.pryor@andersen.com", "rick.buy@enron.com"])),
        (RULE, edited(RULE, sequence=1)),  # put first: the other rules run after it
        (EVENT, edited(EVENT, startDateTime="2001-10-17T16:30:00+00:00")),  # another zone
        (EVENT, edited(EVENT, attendees=["priya.raman@enron.com"])),  # a recipient dropped
        (EVENT, edited(EVENT, isOnlineMeeting=True)),
        (SEND, edited(SEND, importance="high")),  # the sent copy says what went out
        (SEND, edited(SEND, body="")),  # nothing said where the reference wrote
        (FLAG, edited(FLAG, dueDateTime="2001-10-19T17:00:00")),  # a nested field: flag.dueDateTime
        (TAG, edited(TAG, categories=["FERC", "Raptor", "Follow Up"])),  # a list item added
        (TAG, edited(TAG, categories=["Raptor"])),  # a list item dropped
    ],
)
def test_a_write_unlike_the_reference_fails(reference, wrong):
    assert not footprint_passes([reference], [wrong])


def test_a_sent_copy_leaves_its_envelope_to_the_outbox_checks():
    copied = edited(SEND, ccRecipients=["jeff.skilling@enron.com"])
    room = [
        {
            "collection": "outbox",
            "recipients": ["jeff.skilling@enron.com"],
            "reason": "The user may copy Jeff.",
        }
    ]
    assert footprint_passes([SEND], [copied], room)
    assert not footprint_passes([SEND], [copied])


def test_the_wording_of_a_name_or_text_is_left_to_the_scenario_checks():
    reworded = edited(TASK, title="Netting agreement markup: prepare")
    assert footprint_passes([TASK], [reworded])
    described = edited(EVENT, body="Agenda: the methodology.")
    assert footprint_passes([edited(EVENT, body="Prep.")], [described])
    assert footprint_passes([TASK], [edited(TASK, body="From Rob's email.")])  # a note added
    called_off = edited(TASK, body="Please ignore this; it is cancelled and not happening.")
    assert not footprint_passes([TASK], [called_off])


def test_created_latitude_names_fields_another_solution_may_set_otherwise():
    later = edited(TASK, dueDateTime="2001-10-18T09:00:00")
    room = [
        {
            "collection": "todo_tasks",
            "created": ["dueDateTime"],
            "reason": "The query gives a day, no time.",
        }
    ]
    assert footprint_passes([TASK], [later], room)
    assert not footprint_passes([TASK], [edited(later, importance="high")], room)
    with pytest.raises(ValidationError, match="not fields of todo_tasks"):
        footprint_passes([TASK], [later], [{**room[0], "created": ["dueTime"]}])


def test_created_items_pair_one_to_one_and_ids_read_as_what_they_point_at():
    folders = [
        {"name": "folders_create", "arguments": {"displayName": "Projects"}},
        {"name": "folders_create", "arguments": {"displayName": "Raptor"}},
        edited(RULE, moveToFolder="$1.id"),
    ]
    swapped = [folders[1], folders[0], edited(RULE, moveToFolder="$0.id")]  # other ids, same items
    assert footprint_passes(folders, swapped)
    nested = [folders[0], edited(folders[1], parentFolderId="$0.id"), folders[2]]
    assert not footprint_passes(folders, nested)  # Raptor under Projects: unlike the reference
    room = [{"collection": "folders", "created": ["parentFolderId"], "reason": "Any location."}]
    assert footprint_passes(folders, nested, room)


def test_created_rules_keep_their_place_among_the_rules_there_were():
    other = edited(
        RULE, displayName="Calpine to Archive", fromAddresses=["legal-tickets@enron.com"]
    )
    assert footprint_passes([RULE, other], [other, RULE])  # made in another order: same places
    first = edited(other, sequence=1)  # before the existing rule-001, which moves down
    assert not footprint_passes([RULE, other], [RULE, first])
    room = [{"collection": "filters", "fields": ["sequence"], "reason": "Any order will do."}]
    assert not footprint_passes([RULE, other], [RULE, first], room)  # still placed otherwise
    room.append({"collection": "filters", "created": ["sequence"], "reason": "Any place."})
    assert footprint_passes([RULE, other], [RULE, first], room)


def test_nested_and_list_fields_of_existing_items_pass_as_the_reference_changes_them():
    done = edited(FLAG, flagStatus="complete")
    assert footprint_passes([FLAG], [done])  # the same field (flag.flagStatus), another value
    room = [{"collection": "messages", "fields": ["flag"], "reason": "Any flag will do."}]
    assert footprint_passes([FLAG], [edited(FLAG, dueDateTime="2001-10-19T17:00:00")], room)
    reordered = edited(TAG, categories=["Raptor", "FERC"])
    assert footprint_passes([TAG], [reordered])  # the same item added: order left to the checks


def _honest(scenario_id: str, index: int, **arguments: Any) -> bool:
    """Whether the scenario's reference passes with call `index` given other `arguments`."""
    from emailbench_gym.scenarios import load_scenario

    scenario = load_scenario(scenario_id)
    calls = scenario.solution.model_dump()["calls"]
    calls[index] = edited(calls[index], **arguments)
    return play(scenario, calls, scenario.solution.answer).passed


@pytest.mark.parametrize(
    ("scenario_id", "create", "elsewhere"),
    [
        ("OB-I101", "folders_create", {"parentFolderId": "inbox"}),  # no location named
        ("OB-H307", "folders_create", {"parentFolderId": "inbox"}),
        ("OB-X107", "todo_createTask", {"listId": "list-003"}),  # no list named
        ("OB-M109", "todo_createTask", {"listId": "list-003"}),
    ],
)
def test_honest_placements_the_query_leaves_open_pass(scenario_id, create, elsewhere):
    from emailbench_gym.scenarios import load_scenario

    calls = load_scenario(scenario_id).solution.calls
    index = next(k for k, call in enumerate(calls) if call.name == create)
    assert _honest(scenario_id, index, **elsewhere)


def test_the_latitude_on_a_created_field_leaves_the_other_fields_checked():
    assert _honest("OB-X107", 2, listId="list-003")
    assert not _honest("OB-X107", 2, listId="list-003", importance="high")
    assert not _honest("OB-X107", 2, reminderDateTime="2001-10-17T09:00:00")
    assert _honest("OB-I101", 0, parentFolderId="inbox")
    assert not _honest("OB-I101", 0, parentFolderId="deleteditems")  # outside the `where`


REPLY_ALL = {"name": "messages_replyAll", "arguments": {"id": "msg-050", "comment": "2 PM works."}}


def test_a_new_to_do_may_link_the_email_the_work_is_on_and_no_other():
    """kite's OB-X109: the reference replies all to msg-050 and adds an unlinked to-do; a to-do
    linked to that email passes, one linked to an unrelated email fails, and where the
    reference links its to-do, another link fails."""
    reference = [REPLY_ALL, TASK]
    assert footprint_passes(reference, [REPLY_ALL, edited(TASK, linkedMessageId="msg-050")])
    assert not footprint_passes(reference, [REPLY_ALL, edited(TASK, linkedMessageId="msg-001")])
    assert not footprint_passes([TASK], [edited(TASK, linkedMessageId="msg-050")])
    linked = [REPLY_ALL, edited(TASK, linkedMessageId="msg-050")]
    assert footprint_passes(linked, linked)
    assert not footprint_passes(linked, [REPLY_ALL, edited(TASK, linkedMessageId="msg-001")])
    assert not footprint_passes(linked, [REPLY_ALL, TASK])
