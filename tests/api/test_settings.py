"""Settings API: every method's happy path, and errors that leave the workspace unchanged.

Only the documented corpus facts are assumed (labels label-001..006, Central time,
automatic replies disabled); label use on items is set up by the tests themselves.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from emailbench_gym.api import METHODS
from emailbench_gym.api.common import SUPPORTED_TIME_ZONES, updated
from emailbench_gym.api.settings import LANGUAGES
from emailbench_gym.workspace import Workspace
from tests.api.support import fails, listed

CDT = timezone(timedelta(hours=-5))
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"]


def tag(ws: Workspace, collection: str, item_id: str, *names: str) -> None:
    """Give one corpus item these categories (or, for a rule, these assigned categories)."""
    mb = ws.mailbox
    item = mb.require(collection, item_id)
    with mb.transaction():
        if collection == "filters":
            actions = updated(item.actions, assignCategories=list(names))
            mb.put(collection, updated(item, actions=actions))
        else:
            mb.put(collection, updated(item, categories=list(names)))


def categories(ws: Workspace, collection: str, item_id: str) -> list[str]:
    item = ws.mailbox.require(collection, item_id)
    return item.actions.assignCategories if collection == "filters" else item.categories


def first_id(ws: Workspace, collection: str) -> str:
    return ws.mailbox.all(collection)[0].id


def test_fifteen_methods_six_reads() -> None:
    kinds = [spec.kind for spec in METHODS.values() if spec.domain == "settings"]
    assert (len(kinds), kinds.count("read"), kinds.count("write")) == (15, 6, 9)


# --- reads -----------------------------------------------------------------------------


def test_get_and_its_parts(ws: Workspace) -> None:
    settings = ws.call("settings_get")
    assert settings["timeZone"] == "Central Standard Time" and settings["language"] == "en-US"
    assert ws.call("settings_getAutomaticReplies") == settings["automaticRepliesSetting"]
    assert settings["automaticRepliesSetting"]["status"] == "disabled"
    assert ws.call("settings_getWorkingHours") == settings["workingHours"]
    assert ws.call("settings_getSignature") == {"signature": settings["signature"]}
    for method in (
        "settings_get",
        "settings_getAutomaticReplies",
        "settings_getWorkingHours",
        "settings_getSignature",
    ):
        fails(ws, "invalid_arguments", method, verbose=True)


def test_list_labels(ws: Workspace) -> None:
    labels = listed(ws, "settings_listLabels")
    assert [x["id"] for x in labels] == [f"label-{n:03d}" for n in range(1, 7)]
    assert all(x["displayName"] and x["color"].startswith("preset") for x in labels)
    fails(ws, "invalid_arguments", "settings_listLabels", top=3)


def test_list_time_zones(ws: Workspace) -> None:
    zones = listed(ws, "settings_listTimeZones")
    assert zones == list(SUPPORTED_TIME_ZONES) and "Central Standard Time" in zones
    fails(ws, "invalid_arguments", "settings_listTimeZones", region="US")


# --- automatic replies -----------------------------------------------------------------


def test_set_automatic_replies_always_enabled(ws: Workspace) -> None:
    replies = ws.call("settings_setAutomaticReplies", internalReplyMessage="  Out until Monday. ")
    assert replies == {
        "status": "alwaysEnabled",
        "externalAudience": "all",
        "internalReplyMessage": "Out until Monday.",
        "externalReplyMessage": "Out until Monday.",
        "scheduledStartDateTime": None,
        "scheduledEndDateTime": None,
    }
    assert ws.call("settings_getAutomaticReplies") == replies


def test_set_automatic_replies_scheduled(ws: Workspace) -> None:
    replies = ws.call(
        "settings_setAutomaticReplies",
        internalReplyMessage="At the FERC hearing.",
        externalReplyMessage="I am away; contact Sally Beck.",
        status="scheduled",
        externalAudience="contactsOnly",
        scheduledStartDateTime="2001-10-22T08:00:00",
        scheduledEndDateTime="2001-10-24T18:00:00Z",
    )
    assert replies["status"] == "scheduled" and replies["externalAudience"] == "contactsOnly"
    assert replies["externalReplyMessage"] == "I am away; contact Sally Beck."
    start, end = replies["scheduledStartDateTime"], replies["scheduledEndDateTime"]
    assert start["timeZone"] == end["timeZone"] == "Central Standard Time"
    assert datetime.fromisoformat(start["dateTime"]) == datetime(2001, 10, 22, 8, tzinfo=CDT)
    assert datetime.fromisoformat(end["dateTime"]) == datetime(2001, 10, 24, 13, tzinfo=CDT)


def test_set_automatic_replies_errors(ws: Workspace) -> None:
    fails(ws, "invalid_arguments", "settings_setAutomaticReplies", internalReplyMessage=" ")
    message = fails(
        ws,
        "invalid_arguments",
        "settings_setAutomaticReplies",
        internalReplyMessage="Away",
        status="scheduled",
        scheduledStartDateTime="2001-10-22T08:00:00",
    ).message
    assert "scheduledEndDateTime" in message
    assert (
        "after"
        in fails(
            ws,
            "invalid_arguments",
            "settings_setAutomaticReplies",
            internalReplyMessage="Away",
            status="scheduled",
            scheduledStartDateTime="2001-10-22T08:00:00",
            scheduledEndDateTime="2001-10-22T08:00:00",
        ).message
    )
    assert (
        "status='scheduled'"
        in fails(
            ws,
            "invalid_arguments",
            "settings_setAutomaticReplies",
            internalReplyMessage="Away",
            scheduledEndDateTime="2001-10-22T08:00:00",
        ).message
    )
    fails(
        ws,
        "invalid_arguments",
        "settings_setAutomaticReplies",
        internalReplyMessage="Away",
        status="disabled",
    )
    fails(
        ws,
        "invalid_arguments",
        "settings_setAutomaticReplies",
        internalReplyMessage="Away",
        externalAudience="everyone",
    )


def test_disable_automatic_replies_keeps_messages(ws: Workspace) -> None:
    ws.call(
        "settings_setAutomaticReplies",
        internalReplyMessage="Away",
        status="scheduled",
        scheduledStartDateTime="2001-10-22T08:00:00",
        scheduledEndDateTime="2001-10-23T08:00:00",
    )
    replies = ws.call("settings_disableAutomaticReplies")
    assert replies["status"] == "disabled" and replies["internalReplyMessage"] == "Away"
    assert replies["scheduledStartDateTime"] is None
    assert ws.call("settings_get")["automaticRepliesSetting"] == replies


def test_disable_automatic_replies_error(ws: Workspace) -> None:
    fails(ws, "invalid_arguments", "settings_disableAutomaticReplies", status="disabled")


# --- working hours, time zone, signature, language -------------------------------------


def test_set_working_hours_partial_and_full(ws: Workspace) -> None:
    hours = ws.call("settings_setWorkingHours", startTime="07:30")
    assert hours["startTime"] == "07:30" and hours["daysOfWeek"] == WEEKDAYS
    hours = ws.call(
        "settings_setWorkingHours",
        daysOfWeek=["saturday", "monday", "monday"],
        endTime="19:00",
        timeZone="eastern standard time",
    )
    assert hours == {
        "daysOfWeek": ["monday", "saturday"],
        "startTime": "07:30",
        "endTime": "19:00",
        "timeZone": "Eastern Standard Time",
    }
    assert ws.call("settings_getWorkingHours") == hours
    assert ws.call("settings_get")["timeZone"] == "Central Standard Time"  # unchanged


def test_set_working_hours_errors(ws: Workspace) -> None:
    assert "at least one" in fails(ws, "invalid_arguments", "settings_setWorkingHours").message
    assert (
        "HH:MM"
        in fails(ws, "invalid_arguments", "settings_setWorkingHours", startTime="9am").message
    )
    fails(ws, "invalid_arguments", "settings_setWorkingHours", endTime="24:00")
    assert (
        "after"
        in fails(ws, "invalid_arguments", "settings_setWorkingHours", endTime="07:00").message
    )
    fails(ws, "invalid_arguments", "settings_setWorkingHours", daysOfWeek=[])
    fails(ws, "invalid_arguments", "settings_setWorkingHours", daysOfWeek=["funday"])
    assert (
        "Central Standard Time"
        in fails(
            ws, "invalid_arguments", "settings_setWorkingHours", timeZone="Mars/Olympus"
        ).message
    )


def test_set_time_zone_changes_how_naive_times_are_read(ws: Workspace) -> None:
    settings = ws.call("settings_setTimeZone", timeZone="Pacific Standard Time")
    assert settings["timeZone"] == "Pacific Standard Time"
    task = ws.call("todo_createTask", title="Call", dueDateTime="2001-10-19T09:00:00")
    due = task["dueDateTime"]
    assert due["timeZone"] == "Pacific Standard Time"
    assert datetime.fromisoformat(due["dateTime"]).utcoffset() == timedelta(hours=-7)


def test_set_time_zone_error(ws: Workspace) -> None:
    fails(ws, "invalid_arguments", "settings_setTimeZone", timeZone="Houston")


def test_set_signature(ws: Workspace) -> None:
    assert ws.call("settings_setSignature", signature="Dana\nRAC\n") == {"signature": "Dana\nRAC"}
    assert ws.call("settings_getSignature") == {"signature": "Dana\nRAC"}
    assert ws.call("settings_setSignature", signature="") == {"signature": ""}


def test_set_signature_error(ws: Workspace) -> None:
    fails(ws, "invalid_arguments", "settings_setSignature", signature=None)


def test_set_language(ws: Workspace) -> None:
    assert ws.call("settings_setLanguage", locale="fr-FR")["language"] == "fr-FR"
    assert ws.call("settings_setLanguage", locale="pt_br")["language"] == "pt-BR"


def test_set_language_error_lists_accepted(ws: Workspace) -> None:
    message = fails(ws, "invalid_arguments", "settings_setLanguage", locale="Klingon").message
    assert all(tag in message for tag in LANGUAGES)


# --- labels ----------------------------------------------------------------------------


def test_create_label(ws: Workspace) -> None:
    label = ws.call("settings_createLabel", displayName=" Enron Broadband ", color="preset24")
    assert label == {"id": "label-5001", "displayName": "Enron Broadband", "color": "preset24"}
    assert listed(ws, "settings_listLabels")[-1] == label
    task = ws.call("todo_createTask", title="X", categories=["enron broadband"])
    assert task["categories"] == ["Enron Broadband"]
    assert ws.call("settings_createLabel", displayName="Misc")["color"] == "preset0"


def test_create_label_errors(ws: Workspace) -> None:
    existing = listed(ws, "settings_listLabels")[0]
    message = fails(
        ws, "conflict", "settings_createLabel", displayName=existing["displayName"].lower()
    ).message
    assert existing["id"] in message
    assert (
        "preset24"
        in fails(
            ws, "invalid_arguments", "settings_createLabel", displayName="New", color="red"
        ).message
    )
    fails(ws, "invalid_arguments", "settings_createLabel", displayName="  ")


def test_update_label_rename_carries_through_items(ws: Workspace) -> None:
    old = listed(ws, "settings_listLabels")[0]
    message, event, contact = (first_id(ws, c) for c in ("messages", "events", "contacts"))
    rule = first_id(ws, "filters")
    tag(ws, "messages", message, old["displayName"].upper(), "Other")
    tag(ws, "events", event, old["displayName"])
    tag(ws, "contacts", contact, old["displayName"])
    tag(ws, "filters", rule, old["displayName"])
    task = ws.call("todo_createTask", title="X", categories=[old["displayName"]])

    label = ws.call("settings_updateLabel", id=old["id"], displayName="Project Raptor")
    assert label == {**old, "displayName": "Project Raptor"}
    assert categories(ws, "messages", message) == ["Project Raptor", "Other"]
    for collection, item_id in (("events", event), ("contacts", contact), ("filters", rule)):
        assert categories(ws, collection, item_id) == ["Project Raptor"]
    assert ws.call("todo_getTask", id=task["id"])["categories"] == ["Project Raptor"]


def test_update_label_color_only_touches_no_item(ws: Workspace) -> None:
    old = listed(ws, "settings_listLabels")[1]
    task = ws.call("todo_createTask", title="X", categories=[old["displayName"]])
    assert ws.call("settings_updateLabel", id=old["id"], color="preset7") == {
        **old,
        "color": "preset7",
    }
    assert ws.call("todo_getTask", id=task["id"]) == task


def test_update_label_errors(ws: Workspace) -> None:
    labels = listed(ws, "settings_listLabels")
    fails(ws, "invalid_arguments", "settings_updateLabel", id=labels[0]["id"])
    fails(
        ws,
        "conflict",
        "settings_updateLabel",
        id=labels[0]["id"],
        displayName=labels[1]["displayName"],
    )
    fails(ws, "invalid_arguments", "settings_updateLabel", id=labels[0]["id"], color="preset25")
    assert (
        "settings_listLabels"
        in fails(ws, "not_found", "settings_updateLabel", id="label-999", color="preset1").message
    )


def test_delete_label_removes_category_and_reports_counts(ws: Workspace) -> None:
    old = ws.call("settings_createLabel", displayName="Zeta Review")  # on no corpus item
    messages = [m.id for m in ws.mailbox.all("messages")[:2]]
    for message in messages:
        tag(ws, "messages", message, old["displayName"], "Keep")
    task = ws.call("todo_createTask", title="X", categories=[old["displayName"]])

    result = ws.call("settings_deleteLabel", id=old["id"])
    assert result == {
        "deleted": old["id"],
        "displayName": old["displayName"],
        "removedFrom": {"messages": 2, "events": 0, "contacts": 0, "todo_tasks": 1, "filters": 0},
    }
    assert all(categories(ws, "messages", m) == ["Keep"] for m in messages)
    assert ws.call("todo_getTask", id=task["id"])["categories"] == []
    assert old["id"] not in {x["id"] for x in listed(ws, "settings_listLabels")}
    fails(ws, "invalid_arguments", "todo_createTask", title="Y", categories=[old["displayName"]])


def test_delete_label_error(ws: Workspace) -> None:
    fails(ws, "not_found", "settings_deleteLabel", id="label-999")


def test_settings_writes_roll_back_on_reset(ws: Workspace) -> None:
    before = ws.digest()
    ws.call("settings_setLanguage", locale="de-DE")
    ws.call("settings_setWorkingHours", startTime="06:00")
    ws.call("settings_deleteLabel", id="label-001")
    assert ws.digest() != before
    ws.reset()
    assert ws.digest() == before
