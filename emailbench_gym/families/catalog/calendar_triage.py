"""Answering invitations: accept what fits, decline what clashes (with a note to the
organizer), tentative answers with a to-do to decide, and clashes named.

Graded on each invitation's response in the end state, on the responses sent (kind,
the event answered, the organizer, the note's content) and on the footprint.
"""

from __future__ import annotations

from datetime import time, timedelta

from emailbench_gym.families import lookup, phrasing
from emailbench_gym.families.base import family
from emailbench_gym.families.builder import TaskBuilder


def _event(event_id: str) -> dict:
    return {"collection": "events", "where": [{"path": "id", "op": "eq", "value": event_id}]}


def _pending(t: TaskBuilder, days: int = 14) -> list[dict]:
    """Coming invitations from others the persona has not answered (unique subjects)."""
    me = lookup.me(t)
    return [
        e
        for e in lookup.events(t, t.now, t.now + timedelta(days=days))
        if not e["isCancelled"]
        and not e["isAllDay"]
        and lookup.organizer(e) != me
        and lookup.my_response(e) in ("notResponded", "none")
        and lookup.span(e)[0] > t.now
        and lookup.unique_subject(t, e)
    ]


def _accepted(t: TaskBuilder, days: int = 15) -> list[dict]:
    return [
        e
        for e in lookup.events(t, t.now - timedelta(days=1), t.now + timedelta(days=days))
        if not e["isCancelled"]
        and not e["isAllDay"]
        and lookup.my_response(e) in ("accepted", "organizer")
    ]


def _clashes(t: TaskBuilder, event: dict) -> list[dict]:
    start, end = lookup.span(event)
    return [
        other
        for other in _accepted(t)
        if other["id"] != event["id"]
        and lookup.span(other)[0] < end
        and start < lookup.span(other)[1]
    ]


def _responded(t: TaskBuilder, covers: str, check_id: str, event: dict, response: str) -> None:
    t.check(
        covers,
        check_id,
        "property",
        query=_event(event["id"]),
        path="responseStatus/response",
        expected=response,
    )


@family("calendar-triage", "D2", ["calendar"], "rsvp tidying")
def answer_invitations(t: TaskBuilder) -> None:
    """Every unanswered invitation of the next two weeks: accepted, or declined if it clashes."""
    pending = _pending(t)
    t.require_that(2 <= len(pending) <= 8, "fewer than two (or many) unanswered invitations")
    clashing = {e["id"] for e in pending if _clashes(t, e)}
    t.ask(
        [
            "Go through the meeting invitations I haven't answered for the next two weeks: "
            "accept the ones that don't clash with meetings I've already accepted or organize, "
            "and decline the ones that do.",
            "Answer my open invitations (next 14 days). If one overlaps something I've accepted "
            "or I'm running, decline it; otherwise accept.",
        ]
    )
    r1 = t.require("Every unanswered invitation without a clash is accepted.")
    r2 = t.require("Every one that clashes is declined.") if clashing else ""
    t.call_all(
        "calendar_listEvents",
        startDateTime=t.now.isoformat(),
        endDateTime=(t.now + timedelta(days=14)).isoformat(),
    )
    for index, event in enumerate(pending):
        response = "decline" if event["id"] in clashing else "accept"
        t.call("calendar_respondToEvent", id=event["id"], response=response)
        _responded(
            t,
            r2 if event["id"] in clashing else r1,
            f"invitation-{index + 1}",
            event,
            "declined" if event["id"] in clashing else "accepted",
        )
    t.require_that(len(clashing) < len(pending), "every invitation clashes")
    t.answer(
        f"Accepted {len(pending) - len(clashing)} invitations and declined {len(clashing)} "
        "that clashed."
    )


@family("calendar-triage", "D2", ["calendar"], "scheduling around conflicts")
def decline_clash_with_note(t: TaskBuilder) -> None:
    """The invitation that clashes with an accepted meeting declined, with a note saying why."""
    options = [(e, c) for e in _pending(t) for c in _clashes(t, e)[:1] if len(_clashes(t, e)) == 1]
    event, clash = t.pick(options, "no unanswered invitation that clashes with one meeting")
    t.ask(
        [
            "{meeting} clashes with something I've already accepted. Decline it and tell the "
            "organizer in the note that I have a conflict with {other}.",
            "Please decline {meeting}: let the organizer know (in the response) it overlaps my "
            "{other}.",
        ],
        meeting=[f"'{event['subject']}'", f"the {event['subject']} invitation"],
        other=[f"'{clash['subject']}'", clash["subject"]],
    )
    r1 = t.require("The invitation is declined.")
    r2 = t.require("The organizer gets a response naming the conflicting meeting.")
    t.call(
        "calendar_respondToEvent",
        id=event["id"],
        response="decline",
        comment=f"Sorry, this clashes with {clash['subject']}, which I've already committed to.",
    )
    _responded(t, r1, "declined", event, "declined")
    t.check(
        r2,
        "note",
        "sent-message",
        kind=["eventResponse"],
        in_reply_to=event["id"],
        to=[lookup.organizer(event)],
        body=[{"type": "answer-text", "statements": [[clash["subject"]]]}],
    )
    t.answer(f"Declined {event['subject']} with a note about {clash['subject']}.")


@family("calendar-triage", "D3", ["calendar"], "rsvp tidying")
def tentative_outside_hours(t: TaskBuilder) -> None:
    """Unanswered invitations next week: accept those within working hours, tentative the rest."""
    days, opens, closes = lookup.working_hours(t)
    names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    def inside(e: dict) -> bool:
        start, end = (lookup.local(t, v) for v in lookup.span(e))
        return (
            names[start.weekday()] in days
            and start.date() == end.date()
            and opens <= start.time()
            and end.time() <= closes
        )

    pending = [e for e in _pending(t, days=14) if not _clashes(t, e)]
    t.require_that(1 <= len(pending) <= 8, "no clash-free unanswered invitation")
    t.ask(
        [
            "For each invitation I haven't answered yet in the next two weeks that doesn't clash "
            "with my other meetings: accept it if it falls fully inside my working hours, "
            "otherwise accept it tentatively.",
            "Reply to my unanswered, clash-free invitations for the coming 14 days: inside my "
            "working hours means accept; anything outside them gets a tentative.",
        ]
    )
    fits = {e["id"]: inside(e) for e in pending}
    r1 = t.require("Those inside working hours are accepted.") if any(fits.values()) else ""
    r2 = t.require("Those outside are tentatively accepted.") if not all(fits.values()) else ""
    t.call("settings_getWorkingHours")
    for index, event in enumerate(pending):
        ok = fits[event["id"]]
        t.call(
            "calendar_respondToEvent",
            id=event["id"],
            response="accept" if ok else "tentativelyAccept",
        )
        _responded(
            t,
            r1 if ok else r2,
            f"invitation-{index + 1}",
            event,
            "accepted" if ok else "tentativelyAccepted",
        )
    t.answer(f"Answered {len(pending)} invitations by working hours.")


@family("calendar-triage", "D2", ["calendar", "todo"], "rsvp tidying")
def tentative_with_todo(t: TaskBuilder) -> None:
    """An invitation tentatively accepted, with a to-do to decide the day before it."""
    found = [
        e
        for e in _pending(t)
        if lookup.local(t, lookup.span(e)[0]).date() > lookup.today(t) + timedelta(days=1)
    ]
    event = t.pick(found, "no unanswered invitation after tomorrow")
    start = lookup.local(t, lookup.span(event)[0])
    day = start.date() - timedelta(days=1)
    title = f"Decide on {event['subject']}"
    t.ask(
        [
            "Tentatively accept '{subject}', and add a to-do '{title}' due {day} so I remember "
            "to give a firm answer.",
            "Mark me tentative for '{subject}' and put a task '{title}' on my to-do list for "
            "{day}.",
        ],
        subject=event["subject"],
        title=title,
        day=["the day before it", *phrasing.day(t, day)],
    )
    r1 = t.require("The invitation is tentatively accepted.")
    r2 = t.require("A to-do with that title, due the day before the meeting.")
    t.call("calendar_respondToEvent", id=event["id"], response="tentativelyAccept")
    t.call("todo_createTask", title=title, dueDateTime=lookup.at(t, day, time(17, 0)).isoformat())
    _responded(t, r1, "tentative", event, "tentativelyAccepted")
    query = {"collection": "todo_tasks", "where": [{"path": "title", "op": "eq", "value": title}]}
    t.check(r2, "one-todo", "count", query=query, value=1)
    bounds = lookup.day_bounds(t, day)
    t.check(
        r2,
        "due",
        "state-check",
        query=query,
        expect=[
            {"path": "dueDateTime/dateTime", "op": "gte", "value": bounds[0].isoformat()},
            {"path": "dueDateTime/dateTime", "op": "lt", "value": bounds[1].isoformat()},
        ],
    )
    t.answer(f"Tentative on {event['subject']}; to-do due {day:%d %B}.")
