"""Calendar API: every operation's happy path and a state-preserving error, plus the corpus facts
the scenarios lean on (the FERC Review / Dynegy Review overlap, conflict-free meeting times)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from emailbench_gym.api.models import Event, ResponseStatus
from emailbench_gym.workspace import Workspace
from tests.api.support import fails, listed

ME = "dana.whitfield@enron.com"
SALLY = "sally.beck@enron.com"
OCT17 = {"startDateTime": "2001-10-17T00:00:00", "endDateTime": "2001-10-18T00:00:00"}


def ids(items: list[dict[str, Any]]) -> list[str]:
    return [i["id"] for i in items]


def at(value: dict[str, str]) -> datetime:
    return datetime.fromisoformat(value["dateTime"])


def sent_items(ws: Workspace) -> list[dict[str, Any]]:
    """Sent Items newest id first, as whole messages (lists give summaries)."""
    found = listed(ws, "messages_list", folderId="sentitems", orderBy="id desc", top=100)
    return [ws.call("messages_get", id=m["id"]) for m in found]


# --- read ------------------------------------------------------------------------------


def test_list_calendars(ws: Workspace) -> None:
    calendars = {c["id"]: c for c in listed(ws, "calendar_listCalendars")}
    assert list(calendars) == ["cal-001", "cal-002", "cal-003"]
    assert calendars["cal-001"]["isDefaultCalendar"] and calendars["cal-001"]["name"] == "Calendar"
    assert calendars["cal-003"]["canEdit"] is False
    fails(ws, "invalid_arguments", "calendar_listCalendars", calendarId="cal-001")


def test_list_events_shows_the_ferc_dynegy_overlap(ws: Workspace) -> None:
    events = listed(ws, "calendar_listEvents", **OCT17)
    assert [e["subject"] for e in events] == ["FERC Review", "Dynegy Review"]
    ferc, dynegy = events
    assert at(dynegy["start"]) < at(ferc["end"]) and at(ferc["start"]) < at(dynegy["end"])


def test_list_events_order_window_calendar_filter_paging(ws: Workspace) -> None:
    everything = listed(ws, "calendar_listEvents", top=100)
    assert len(everything) == 15
    starts = [at(e["start"]) for e in everything]
    assert starts == sorted(starts)
    assert ids(listed(ws, "calendar_listEvents", calendarId="cal-002")) == ["evt-011", "evt-013"]
    reviews = listed(
        ws,
        "calendar_listEvents",
        filter="contains(subject, 'Review')",
        orderBy="subject desc",
        top=100,
    )
    assert [e["subject"] for e in reviews][:2] == [
        "Raptor Hedge Capacity Review",
        "Q4 Risk Review Kickoff",
    ]
    assert ids(listed(ws, "calendar_listEvents", top=2, skip=1)) == ids(everything[1:3])
    upcoming = listed(ws, "calendar_listEvents", startDateTime="2001-10-15T09:00:00-05:00", top=100)
    assert ids(upcoming)[0] == "evt-005" and len(upcoming) == 11


def test_list_events_naive_datetimes_are_local(ws: Workspace) -> None:
    # 11:45 local is inside both reviews' span only until 11:30 (FERC) / 12:00 (Dynegy).
    local = listed(
        ws,
        "calendar_listEvents",
        startDateTime="2001-10-17T11:45:00",
        endDateTime="2001-10-17T12:00:00",
    )
    explicit = listed(
        ws,
        "calendar_listEvents",
        startDateTime="2001-10-17T11:45:00-05:00",
        endDateTime="2001-10-17T12:00:00-05:00",
    )
    as_utc = listed(
        ws,
        "calendar_listEvents",
        startDateTime="2001-10-17T11:45:00Z",
        endDateTime="2001-10-17T12:00:00Z",
    )
    assert ids(local) == ids(explicit) == ["evt-009"]
    assert as_utc == []  # 06:45-07:00 local: nothing yet


def test_list_events_errors(ws: Workspace) -> None:
    fails(
        ws,
        "invalid_arguments",
        "calendar_listEvents",
        startDateTime="2001-10-18",
        endDateTime="2001-10-17",
    )
    fails(ws, "not_found", "calendar_listEvents", calendarId="cal-999")
    fails(ws, "invalid_filter", "calendar_listEvents", filter="subjct eq 'x'")


def test_get_event(ws: Workspace) -> None:
    event = ws.call("calendar_getEvent", id="evt-008")
    assert event["subject"] == "FERC Review"
    assert event["organizer"]["emailAddress"]["address"] == "richard.shapiro@enron.com"
    error = fails(ws, "not_found", "calendar_getEvent", id="evt-999")
    assert "calendar_listEvents" in error.message


def test_search_events(ws: Workspace) -> None:
    assert ids(listed(ws, "calendar_searchEvents", query="FERC")) == ["evt-008", "evt-013"]
    assert ids(listed(ws, "calendar_searchEvents", query="dynegy")) == [
        "evt-009"
    ]  # attendee address
    assert ids(listed(ws, "calendar_searchEvents", query="Boudreaux")) == ["evt-008", "evt-014"]
    assert ids(listed(ws, "calendar_searchEvents", query="EB 2801", top=2)) == [
        "evt-001",
        "evt-005",
    ]
    fails(ws, "invalid_arguments", "calendar_searchEvents", query="  ")
    fails(ws, "invalid_arguments", "calendar_searchEvents", query="FERC", top=0)


def test_get_schedule(ws: Workspace) -> None:
    mine, sally = listed(ws, "calendar_getSchedule", schedules=[ME, SALLY], **OCT17)
    assert [i["subject"] for i in mine["scheduleItems"]] == ["FERC Review", "Dynegy Review"]
    assert mine["workingHours"]["startTime"] == "08:00" and sally["workingHours"] is None
    # Sally accepted the Dynegy Review: busy, though the persona has not answered it.
    assert [(i["subject"], i["status"]) for i in sally["scheduleItems"]] == [
        ("Dynegy Review", "busy")
    ]
    # Free events (all-day deadlines, holidays) do not make anyone busy.
    week = listed(
        ws,
        "calendar_getSchedule",
        schedules=[ME],
        startDateTime="2001-10-19",
        endDateTime="2001-10-20",
    )
    assert week[0]["scheduleItems"] == []
    fails(ws, "invalid_arguments", "calendar_getSchedule", schedules=["not an address"], **OCT17)
    fails(ws, "invalid_arguments", "calendar_getSchedule", schedules=[], **OCT17)
    fails(
        ws,
        "invalid_arguments",
        "calendar_getSchedule",
        schedules=[ME],
        startDateTime="2001-10-17T12:00",
        endDateTime="2001-10-17T12:00",
    )


def busy_spans(
    ws: Workspace, people: list[str], start: str, end: str
) -> list[tuple[datetime, datetime]]:
    schedules = listed(
        ws, "calendar_getSchedule", schedules=people, startDateTime=start, endDateTime=end
    )
    return [(at(i["start"]), at(i["end"])) for s in schedules for i in s["scheduleItems"]]


def test_find_meeting_times_never_overlaps_busy_time(ws: Workspace) -> None:
    people = [SALLY, "jeff.skilling@enron.com"]
    suggestions = listed(
        ws,
        "calendar_findMeetingTimes",
        attendees=people,
        durationMinutes=60,
        startDateTime="2001-10-15T00:00",
        endDateTime="2001-10-27T00:00",
        maxCandidates=100,
    )
    busy = busy_spans(ws, [ME, *people], "2001-10-15T00:00", "2001-10-27T00:00")
    assert len(suggestions) == 100 and busy
    starts = [at(s["meetingTimeSlot"]["start"]) for s in suggestions]
    assert starts == sorted(starts)
    for suggestion in suggestions:
        start, end = (
            at(suggestion["meetingTimeSlot"]["start"]),
            at(suggestion["meetingTimeSlot"]["end"]),
        )
        assert end - start == timedelta(hours=1)
        assert not any(b0 < end and start < b1 for b0, b1 in busy)
        assert start.weekday() < 5 and start.minute in (0, 30)
        assert start.hour >= 8 and (end.hour, end.minute) <= (17, 0)
        assert suggestion["confidence"] == 100.0
        assert suggestion["attendeeAvailability"] == dict.fromkeys(people, "free")


def test_find_meeting_times_defaults_from_now_and_skips_weekends(ws: Workspace) -> None:
    first = listed(ws, "calendar_findMeetingTimes", attendees=[SALLY])
    assert [at(s["meetingTimeSlot"]["start"]).strftime("%d %H:%M") for s in first] == [
        "15 09:00",  # now is 09:00; the stand-up is 10:00-10:30
        "15 09:30",
        "15 10:30",
        "15 11:00",
        "15 11:30",
    ]
    assert first == listed(ws, "calendar_findMeetingTimes", attendees=[SALLY])  # deterministic
    latest = listed(
        ws, "calendar_findMeetingTimes", attendees=[], maxCandidates=100, durationMinutes=480
    )
    assert at(latest[-1]["meetingTimeSlot"]["end"]) <= datetime.fromisoformat(
        "2001-10-22T09:00-05:00"
    )
    weekend = listed(
        ws,
        "calendar_findMeetingTimes",
        attendees=[],
        startDateTime="2001-10-20T09:07",
        endDateTime="2001-10-23T00:00",
        maxCandidates=1,
    )
    assert weekend[0]["meetingTimeSlot"]["start"]["dateTime"] == "2001-10-22T08:00:00-05:00"


def test_find_meeting_times_errors(ws: Workspace) -> None:
    fails(
        ws, "invalid_arguments", "calendar_findMeetingTimes", attendees=[SALLY], durationMinutes=0
    )
    fails(ws, "invalid_arguments", "calendar_findMeetingTimes", attendees=["sally"])
    fails(
        ws,
        "invalid_arguments",
        "calendar_findMeetingTimes",
        attendees=[SALLY],
        startDateTime="2001-10-15",
        endDateTime="2002-01-15",
    )


def test_list_reminders(ws: Workspace) -> None:
    due = listed(
        ws,
        "calendar_listReminders",
        startDateTime="2001-10-15T09:00",
        endDateTime="2001-10-15T10:00",
    )
    assert [(r["eventId"], r["reminderFireTime"]["dateTime"]) for r in due] == [
        ("evt-005", "2001-10-15T09:45:00-05:00")
    ]
    week = listed(
        ws, "calendar_listReminders", startDateTime="2001-10-15", endDateTime="2001-10-20"
    )
    fires = [at(r["reminderFireTime"]) for r in week]
    assert fires == sorted(fires) and "evt-011" in [r["eventId"] for r in week]  # a day ahead
    fails(
        ws,
        "invalid_arguments",
        "calendar_listReminders",
        startDateTime="2001-10-16",
        endDateTime="2001-10-15",
    )


# --- write -----------------------------------------------------------------------------


def test_create_event(ws: Workspace) -> None:
    event = ws.call(
        "calendar_createEvent",
        subject="Raptor follow-up",
        startDateTime="2001-10-18T14:00:00",
        endDateTime="2001-10-18T15:00:00",
        attendees=[SALLY, "someone@example.com"],
        location="EB 2801",
        isOnlineMeeting=True,
        importance="high",
    )
    assert event["id"] == "evt-5001" and event["calendarId"] == "cal-001"
    assert event["start"] == {
        "dateTime": "2001-10-18T14:00:00-05:00",
        "timeZone": "Central Standard Time",
    }
    assert event["organizer"]["emailAddress"]["address"] == ME
    assert [(a["emailAddress"]["name"], a["status"]["response"]) for a in event["attendees"]] == [
        ("Sally Beck", "notResponded"),
        ("", "notResponded"),
    ]
    assert ws.call("calendar_getEvent", id="evt-5001") == event
    utc = ws.call(
        "calendar_createEvent",
        subject="UTC input",
        startDateTime="2001-11-05T15:00:00Z",
        endDateTime="2001-11-05T16:00:00Z",
        calendarId="cal-002",
    )
    assert utc["start"]["dateTime"] == "2001-11-05T09:00:00-06:00"  # CST after the DST change
    whole = ws.call(
        "calendar_createEvent",
        subject="Offsite",
        startDateTime="2001-10-23T10:00",
        endDateTime="2001-10-23T12:00",
        isAllDay=True,
    )
    assert (whole["start"]["dateTime"], whole["end"]["dateTime"]) == (
        "2001-10-23T00:00:00-05:00",
        "2001-10-24T00:00:00-05:00",
    )


def test_create_event_errors(ws: Workspace) -> None:
    slot = {"startDateTime": "2001-10-18T14:00", "endDateTime": "2001-10-18T15:00"}
    fails(
        ws,
        "invalid_arguments",
        "calendar_createEvent",
        subject="x",
        startDateTime="2001-10-18T15:00",
        endDateTime="2001-10-18T14:00",
    )
    fails(ws, "forbidden", "calendar_createEvent", subject="x", calendarId="cal-003", **slot)
    fails(ws, "not_found", "calendar_createEvent", subject="x", calendarId="cal-404", **slot)
    fails(
        ws,
        "invalid_arguments",
        "calendar_createEvent",
        subject="x",
        attendees=[SALLY, SALLY],
        **slot,
    )
    fails(
        ws,
        "invalid_arguments",
        "calendar_createEvent",
        subject="x",
        reminderMinutesBeforeStart=-1,
        **slot,
    )
    fails(ws, "invalid_arguments", "calendar_createEvent", subject=" ", **slot)


def test_update_event(ws: Workspace) -> None:
    event = ws.call(
        "calendar_updateEvent",
        id="evt-005",
        subject="Risk Desk Stand-up (moved)",
        startDateTime="2001-10-15T10:30",
        endDateTime="2001-10-15T11:00",
        location="EB 2847",
        importance="high",
    )
    assert (
        event["subject"] == "Risk Desk Stand-up (moved)"
        and event["location"]["displayName"] == "EB 2847"
    )
    assert (
        event["start"]["dateTime"] == "2001-10-15T10:30:00-05:00" and event["importance"] == "high"
    )
    assert event["attendees"] == ws.call("calendar_getEvent", id="evt-005")["attendees"]
    body = ws.call(
        "calendar_updateEvent", id="evt-005", body="Agenda: limits", isOnlineMeeting=True
    )
    assert body["body"]["content"] == "Agenda: limits" and body["isOnlineMeeting"] is True


def test_update_event_errors(ws: Workspace) -> None:
    error = fails(ws, "forbidden", "calendar_updateEvent", id="evt-008", subject="Mine now")
    assert "richard.shapiro@enron.com" in error.message
    fails(
        ws,
        "invalid_arguments",
        "calendar_updateEvent",
        id="evt-005",
        startDateTime="2001-10-15T11:00",
    )
    fails(ws, "invalid_arguments", "calendar_updateEvent", id="evt-005")
    fails(ws, "not_found", "calendar_updateEvent", id="evt-404", subject="x")
    fails(ws, "forbidden", "calendar_updateEvent", id="evt-003", subject="x")  # read-only calendar


def test_delete_event(ws: Workspace) -> None:
    assert ws.call("calendar_deleteEvent", id="evt-014")["deletedEventId"] == "evt-014"
    assert "evt-014" not in ids(listed(ws, "calendar_listEvents", top=100))
    fails(ws, "not_found", "calendar_getEvent", id="evt-014")
    fails(ws, "forbidden", "calendar_deleteEvent", id="evt-009")
    fails(ws, "not_found", "calendar_deleteEvent", id="evt-014")


def test_cancel_event_notifies_attendees(ws: Workspace) -> None:
    event = ws.call(
        "calendar_cancelEvent", id="evt-007", comment="Postponed until the model is final."
    )
    assert event["isCancelled"] is True
    shown = listed(ws, "calendar_listEvents", startDateTime="2001-10-16", endDateTime="2001-10-17")
    assert [e["isCancelled"] for e in shown if e["id"] == "evt-007"] == [True]
    notice = sent_items(ws)[0]
    assert (
        notice["id"] == "msg-5001" and notice["subject"] == "Canceled: Raptor Restructuring Update"
    )
    assert {r["emailAddress"]["address"] for r in notice["toRecipients"]} == {
        a["emailAddress"]["address"] for a in event["attendees"]
    }
    assert notice["body"]["content"].startswith("Postponed until the model is final.")
    assert notice["from"]["emailAddress"]["address"] == ME and notice["isRead"]
    # A cancelled meeting no longer blocks time.
    assert busy_spans(ws, [ME], "2001-10-16T13:00", "2001-10-16T14:00") == []


def test_cancel_event_errors(ws: Workspace) -> None:
    fails(ws, "forbidden", "calendar_cancelEvent", id="evt-008")
    ws.call("calendar_cancelEvent", id="evt-005")
    fails(ws, "conflict", "calendar_cancelEvent", id="evt-005")


def test_respond_to_event(ws: Workspace) -> None:
    event = ws.call(
        "calendar_respondToEvent", id="evt-009", response="accept", comment="Will bring numbers."
    )
    answer = {"response": "accepted", "time": "2001-10-15T09:00:00-05:00"}
    assert event["responseStatus"] == answer
    mine = [a for a in event["attendees"] if a["emailAddress"]["address"] == ME]
    assert [a["status"] for a in mine] == [answer]
    reply = sent_items(ws)[0]
    assert reply["subject"] == "Accepted: Dynegy Review"
    assert [r["emailAddress"]["address"] for r in reply["toRecipients"]] == [
        "louise.kitchen@enron.com"
    ]
    before = len(sent_items(ws))
    quiet = ws.call(
        "calendar_respondToEvent", id="evt-012", response="tentativelyAccept", sendResponse=False
    )
    assert quiet["responseStatus"]["response"] == "tentativelyAccepted"
    assert len(sent_items(ws)) == before


@pytest.mark.parametrize(
    ("response", "status", "show_as"),
    [
        ("accept", "accepted", "busy"),
        ("tentativelyAccept", "tentativelyAccepted", "tentative"),
        ("decline", "declined", "free"),
    ],
)
def test_free_busy_follows_the_answer(
    ws: Workspace, response: str, status: str, show_as: str
) -> None:
    assert ws.call("calendar_getEvent", id="evt-009")["showAs"] == "tentative"  # unanswered
    event = ws.call("calendar_respondToEvent", id="evt-009", response=response, sendResponse=False)
    assert (event["responseStatus"]["response"], event["showAs"]) == (status, show_as)
    (mine,) = listed(
        ws,
        "calendar_getSchedule",
        schedules=[ME],
        startDateTime="2001-10-17T11:30",
        endDateTime="2001-10-17T12:00",
    )
    shown = [(i["subject"], i["status"]) for i in mine["scheduleItems"]]
    assert shown == ([] if response == "decline" else [("Dynegy Review", show_as)])


def shown(ws: Workspace, person: str, start: str, end: str) -> list[tuple[str, str]]:
    (schedule,) = listed(
        ws, "calendar_getSchedule", schedules=[person], startDateTime=start, endDateTime=end
    )
    return [(i["subject"], i["status"]) for i in schedule["scheduleItems"]]


def with_response(ws: Workspace, event_id: str, person: str, response: str) -> None:
    """Record `person`'s own response to an event (as if their reply had arrived)."""
    mb = ws.mailbox
    event = mb.require("events", event_id, Event)
    attendees = [
        a.model_copy(update={"status": ResponseStatus(response=response)})  # type: ignore[arg-type]
        if a.emailAddress.address == person
        else a
        for a in event.attendees
    ]
    with mb.transaction():
        mb.put("events", event.model_copy(update={"attendees": attendees}))


OCT15_PM = ("2001-10-15T14:00", "2001-10-15T15:00")  # Q3 Earnings Release Prep (busy)


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        ("accepted", [("Q3 Earnings Release Prep", "busy")]),
        ("none", [("Q3 Earnings Release Prep", "busy")]),
        ("tentativelyAccepted", [("Q3 Earnings Release Prep", "tentative")]),
        ("notResponded", [("Q3 Earnings Release Prep", "tentative")]),
        ("declined", []),
    ],
)
def test_free_busy_of_others_follows_their_own_response(
    ws: Workspace, response: str, expected: list[tuple[str, str]]
) -> None:
    jeff = "jeff.skilling@enron.com"  # organizes evt-006; Steven Kean accepted it
    kean = "steven.kean@enron.com"
    with_response(ws, "evt-006", kean, response)
    assert shown(ws, kean, *OCT15_PM) == expected
    assert shown(ws, jeff, *OCT15_PM) == [("Q3 Earnings Release Prep", "busy")]
    assert shown(ws, ME, *OCT15_PM) == [("Q3 Earnings Release Prep", "busy")]
    # With the persona out of it, only Kean's own response decides whether he can meet then.
    ws.call("calendar_respondToEvent", id="evt-006", response="decline", sendResponse=False)
    assert shown(ws, kean, *OCT15_PM) == expected
    slots = listed(
        ws,
        "calendar_findMeetingTimes",
        attendees=[kean],
        durationMinutes=60,
        startDateTime=OCT15_PM[0],
        endDateTime=OCT15_PM[1],
    )
    assert len(slots) == (0 if expected else 1)


def test_free_busy_of_others_ignores_the_persona_answer(ws: Workspace) -> None:
    louise, lavorato = "louise.kitchen@enron.com", "john.lavorato@enron.com"
    window = ("2001-10-17T11:30", "2001-10-17T12:00")
    assert shown(ws, ME, *window) == [("Dynegy Review", "tentative")]  # unanswered
    for response in ("tentativelyAccept", "decline"):
        ws.call("calendar_respondToEvent", id="evt-009", response=response, sendResponse=False)
        # The organizer and an attendee who accepted stay busy; Sally as before.
        assert shown(ws, louise, *window) == [("Dynegy Review", "busy")]
        assert shown(ws, lavorato, *window) == [("Dynegy Review", "busy")]
    assert shown(ws, ME, *window) == []
    slots = listed(
        ws,
        "calendar_findMeetingTimes",
        attendees=[louise],
        startDateTime=window[0],
        endDateTime=window[1],
    )
    assert slots == []  # the organizer is still in her meeting


def test_free_busy_of_others_tentative_and_unanswered(ws: Workspace) -> None:
    window = ("2001-10-16T13:00", "2001-10-16T14:00")  # Raptor Restructuring Update
    subject = "Raptor Restructuring Update"
    assert shown(ws, "nathan.pryor@andersen.com", *window) == [(subject, "tentative")]
    assert shown(ws, "steven.kean@enron.com", *window) == [(subject, "tentative")]
    assert shown(ws, "marcus.hale@enron.com", *window) == [(subject, "busy")]
    assert shown(ws, SALLY, *window) == []  # not invited
    # A tentative hold still blocks meeting times, as a busy one does.
    slots = listed(
        ws,
        "calendar_findMeetingTimes",
        attendees=["steven.kean@enron.com"],
        startDateTime="2001-10-16T13:00",
        endDateTime="2001-10-16T14:00",
    )
    assert slots == []


def test_declining_frees_the_persona(ws: Workspace) -> None:
    assert len(busy_spans(ws, [ME], "2001-10-17T11:30", "2001-10-17T12:00")) == 1
    ws.call("calendar_respondToEvent", id="evt-009", response="decline")
    assert sent_items(ws)[0]["subject"] == "Declined: Dynegy Review"
    assert busy_spans(ws, [ME], "2001-10-17T11:30", "2001-10-17T12:00") == []


def test_respond_to_event_errors(ws: Workspace) -> None:
    fails(ws, "forbidden", "calendar_respondToEvent", id="evt-005", response="accept")
    fails(ws, "invalid_arguments", "calendar_respondToEvent", id="evt-009", response="maybe")
    fails(ws, "not_found", "calendar_respondToEvent", id="evt-404", response="decline")
    fails(ws, "forbidden", "calendar_respondToEvent", id="evt-003", response="accept")  # holiday
    ws.call("calendar_respondToEvent", id="evt-009", response="accept", sendResponse=False)
    assert ws.call("calendar_getEvent", id="evt-009")["responseStatus"]["response"] == "accepted"


def test_add_attendees(ws: Workspace) -> None:
    event = ws.call("calendar_addAttendees", id="evt-005", attendees=[SALLY], type="optional")
    added = event["attendees"][-1]
    assert added == {
        "emailAddress": {"name": "Sally Beck", "address": SALLY},
        "type": "optional",
        "status": {"response": "notResponded", "time": None},
    }
    assert len(event["attendees"]) == 4
    fails(
        ws, "conflict", "calendar_addAttendees", id="evt-005", attendees=["PRIYA.RAMAN@enron.com"]
    )
    fails(ws, "forbidden", "calendar_addAttendees", id="evt-008", attendees=[SALLY])
    fails(ws, "invalid_arguments", "calendar_addAttendees", id="evt-005", attendees=[])


def test_remove_attendees(ws: Workspace) -> None:
    event = ws.call("calendar_removeAttendees", id="evt-005", attendees=["tanya.ortiz@enron.com"])
    assert [a["emailAddress"]["address"] for a in event["attendees"]] == [
        "priya.raman@enron.com",
        "marcus.hale@enron.com",
    ]
    # All or nothing: one unknown address and nobody is removed.
    error = fails(
        ws,
        "not_found",
        "calendar_removeAttendees",
        id="evt-005",
        attendees=["marcus.hale@enron.com", SALLY],
    )
    assert SALLY in error.message
    fails(ws, "forbidden", "calendar_removeAttendees", id="evt-009", attendees=[ME])


def test_set_reminder(ws: Workspace) -> None:
    event = ws.call("calendar_setReminder", id="evt-008", minutesBeforeStart=60)
    assert event["isReminderOn"] and event["reminderMinutesBeforeStart"] == 60
    due = listed(
        ws,
        "calendar_listReminders",
        startDateTime="2001-10-17T09:00",
        endDateTime="2001-10-17T09:01",
    )
    assert [r["eventId"] for r in due] == ["evt-008"]
    fails(ws, "invalid_arguments", "calendar_setReminder", id="evt-008", minutesBeforeStart=40321)
    fails(ws, "forbidden", "calendar_setReminder", id="evt-003", minutesBeforeStart=60)


def test_dismiss_reminder(ws: Workspace) -> None:
    assert ws.call("calendar_dismissReminder", id="evt-005")["isReminderOn"] is False
    window = {"startDateTime": "2001-10-15T09:00", "endDateTime": "2001-10-15T10:00"}
    assert listed(ws, "calendar_listReminders", **window) == []
    fails(ws, "not_found", "calendar_dismissReminder", id="evt-404")


def test_create_calendar(ws: Workspace) -> None:
    calendar = ws.call("calendar_createCalendar", name="Travel", color="lightblue")
    assert calendar == {
        "id": "cal-5001",
        "name": "Travel",
        "color": "lightBlue",
        "isDefaultCalendar": False,
        "canEdit": True,
        "owner": {"name": "Dana Whitfield", "address": ME},
    }
    fails(ws, "conflict", "calendar_createCalendar", name="project deadlines")
    fails(ws, "invalid_arguments", "calendar_createCalendar", name="Blue", color="#0000ff")


def test_delete_calendar_removes_its_events(ws: Workspace) -> None:
    result = ws.call("calendar_deleteCalendar", id="cal-002")
    assert result == {"deletedCalendarId": "cal-002", "deletedEventIds": ["evt-011", "evt-013"]}
    assert ids(listed(ws, "calendar_listCalendars")) == ["cal-001", "cal-003"]
    assert len(listed(ws, "calendar_listEvents", top=100)) == 13
    fails(ws, "forbidden", "calendar_deleteCalendar", id="cal-001")
    fails(ws, "forbidden", "calendar_deleteCalendar", id="cal-003")
    fails(ws, "not_found", "calendar_deleteCalendar", id="cal-002")


def test_reset_restores_everything(ws: Workspace) -> None:
    pristine = ws.digest()
    ws.call("calendar_createCalendar", name="Travel")
    ws.call(
        "calendar_createEvent",
        subject="x",
        startDateTime="2001-10-18T14:00",
        endDateTime="2001-10-18T15:00",
    )
    ws.call("calendar_cancelEvent", id="evt-015")
    ws.call("calendar_respondToEvent", id="evt-009", response="accept")
    ws.call("calendar_deleteCalendar", id="cal-002")
    assert ws.digest() != pristine
    ws.reset()
    assert ws.digest() == pristine
    again = ws.call(
        "calendar_createEvent",
        subject="y",
        startDateTime="2001-10-18T14:00",
        endDateTime="2001-10-18T15:00",
    )
    assert again["id"] == "evt-5001"
