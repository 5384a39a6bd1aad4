"""Changes to the calendar: reminders, moved and booked meetings, invitees, cancellations with a
note, new calendars, series of check-ins, follow-ups a week later, and meetings at the
earliest time everyone is free.

Graded on the end state (the events' fields, the invitees and their attendance types
as a list, so nobody extra is invited), on the notices sent (cancellations with their
note), and on the footprint: nothing else on the calendar may change.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from emailbench_gym.families import lookup, phrasing
from emailbench_gym.families.base import family
from emailbench_gym.families.builder import TaskBuilder

PURPOSES = ("prep", "sync", "walkthrough", "check-in", "planning", "debrief", "review prep")
REMINDERS = {15: ["15 minutes"], 30: ["30 minutes", "half an hour"], 60: ["an hour", "one hour"]}
REMINDERS[120] = ["two hours", "2 hours"]
ONLINE = ("online", "video", "call", "teams", "zoom", "dial")


def _start(event: dict) -> datetime:
    return lookup.span(event)[0]


def _event(event_id: str) -> dict:
    """A query for one event by id."""
    return {"collection": "events", "where": [{"path": "id", "op": "eq", "value": event_id}]}


def _by_subject(subject: str) -> dict:
    return {"collection": "events", "where": [{"path": "subject", "op": "eq", "value": subject}]}


def _equals(
    t: TaskBuilder, covers: str, check_id: str, query: dict, path: str, value: object
) -> None:
    t.check(covers, check_id, "property", query=query, path=path, expected=value)


def _upcoming(t: TaskBuilder, days: int = 14, mine: bool | None = None) -> list[dict]:
    """Coming meetings (unique subjects), optionally only those the persona organizes (or not)."""
    me = lookup.me(t)
    found = []
    for event in lookup.meetings(t, t.now, t.now + timedelta(days=days)):
        if _start(event) <= t.now or not lookup.unique_subject(t, event):
            continue
        if mine is not None and (lookup.organizer(event) == me) != mine:
            continue
        found.append(event)
    return found


def _meeting_forms(t: TaskBuilder, event: dict) -> list[str]:
    day = phrasing.day(t, _start(event).date())
    subject = event["subject"]
    return [f"the {subject}", f"'{subject}'", f"{phrasing.possessive(day[-1])} {subject}"]


def _rooms(t: TaskBuilder) -> list[str]:
    rooms = {
        e["location"]["displayName"].split("/")[0].strip()
        for e in lookup.all_events(t)
        if e["location"]["displayName"].strip()
        and not any(w in e["location"]["displayName"].casefold() for w in ONLINE)
        and "office" not in e["location"]["displayName"].casefold()
    }
    return sorted(rooms)


def _colleagues(t: TaskBuilder) -> list[str]:
    """Addresses of directory people the persona works with (no systems, not the persona)."""
    roles = t.facts.roles
    ids = [*roles.get("peer", []), *roles.get("report", []), *roles.get("colleague", [])]
    return [lookup.address(t, uid) for uid in ids]


def _title(t: TaskBuilder) -> str:
    taken = {e["subject"].casefold() for e in lookup.all_events(t)}
    for _ in range(20):
        project = t.rng.choice(t.facts.projects)
        title = f"{project.codename} {t.rng.choice(PURPOSES)}"
        if title.casefold() not in taken:
            return title
    raise ValueError("no free title")


def _free_slot(t: TaskBuilder, day: date, minutes: int) -> datetime | None:
    """A half-hour-aligned start that day within working hours when the persona is free."""
    suggestions = t.read(
        "calendar_findMeetingTimes",
        attendees=[lookup.me(t)],
        durationMinutes=minutes,
        startDateTime=lookup.day_bounds(t, day)[0].isoformat(),
        endDateTime=lookup.day_bounds(t, day)[1].isoformat(),
        maxCandidates=20,
    )["items"]
    if not suggestions:
        return None
    return lookup.local(t, t.rng.choice(suggestions)["meetingTimeSlot"]["start"]["dateTime"])


def _working_days(t: TaskBuilder, start: int, count: int) -> list[date]:
    days, _opens, _closes = lookup.working_hours(t)
    names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    found, day = [], lookup.today(t) + timedelta(days=start)
    while len(found) < count:
        if names[day.weekday()] in days:
            found.append(day)
        day += timedelta(days=1)
    return found


@family("calendar-write", "D1", ["calendar"], "calendar changes")
def set_meeting_reminder(t: TaskBuilder) -> None:
    """A reminder a given time before a coming meeting."""
    event = t.pick(_upcoming(t), "no coming meeting")
    minutes = t.pick([m for m in REMINDERS if m != event.get("reminderMinutesBeforeStart")])
    t.ask(
        [
            "Set a reminder {lead} before {meeting}.",
            "I want to be reminded {lead} ahead of {meeting}; please set that up.",
            "Put a {lead} reminder on {meeting}.",
        ],
        lead=REMINDERS[minutes],
        meeting=_meeting_forms(t, event),
    )
    r1 = t.require(f"The meeting's reminder fires {minutes} minutes before it starts.")
    t.call("calendar_setReminder", id=event["id"], minutesBeforeStart=minutes)
    _equals(t, r1, "reminder", _event(event["id"]), "reminderMinutesBeforeStart", minutes)
    _equals(t, r1, "reminder-on", _event(event["id"]), "isReminderOn", True)
    t.answer(f"Done: {event['subject']} now reminds you {REMINDERS[minutes][0]} before it starts.")
    t.calibrate("Reminder set.", "terse")


@family("calendar-write", "D1", ["calendar"], "calendar changes")
def push_meeting_back(t: TaskBuilder) -> None:
    """Move a meeting the persona organizes later (or earlier) the same day, same length."""
    found = [e for e in _upcoming(t, mine=True) if _start(e).date() > lookup.today(t)]
    event = t.pick(found, "no coming meeting the persona organizes")
    shift = t.pick([30, 60, -30])
    start, end = (lookup.local(t, v) for v in lookup.span(event))
    new_start, new_end = start + timedelta(minutes=shift), end + timedelta(minutes=shift)
    t.require_that(new_start.date() == start.date() == new_end.date(), "the move crosses a day")
    how = {30: ["back half an hour", "back 30 minutes"], 60: ["back an hour", "back one hour"]}
    how[-30] = ["forward half an hour", "half an hour earlier"]
    t.ask(
        [
            "Push {meeting} {how}, same day, same length.",
            "Can you move {meeting} {how}? Keep the day and the duration.",
        ],
        meeting=_meeting_forms(t, event),
        how=how[shift],
    )
    r1 = t.require(f"The meeting starts {shift} minutes later (earlier if negative), same day.")
    r2 = t.require("It keeps its length.")
    t.call(
        "calendar_updateEvent",
        id=event["id"],
        startDateTime=new_start.isoformat(),
        endDateTime=new_end.isoformat(),
    )
    _equals(t, r1, "start", _event(event["id"]), "start/dateTime", new_start.isoformat())
    _equals(t, r2, "end", _event(event["id"]), "end/dateTime", new_end.isoformat())
    t.answer(f"Moved {event['subject']} to {new_start:%H:%M}-{new_end:%H:%M}.")
    t.calibrate(f"Done, it now runs {new_start:%H:%M} to {new_end:%H:%M}.", "terse")


@family("calendar-write", "D2", ["calendar"], "calendar changes")
def book_meeting(t: TaskBuilder) -> None:
    """A new meeting with a title, time, length, room, two invitees and maybe high importance."""
    day = t.pick(_working_days(t, 1, 5))
    minutes = t.pick([30, 45, 60])
    start = _free_slot(t, day, minutes)
    t.require_that(start is not None, "no free slot that day")
    assert start is not None
    end = start + timedelta(minutes=minutes)
    rooms = _rooms(t)
    room = t.pick(rooms, "no rooms")
    people = t.sample(_colleagues(t), 2)
    important = t.rng.chance(0.5)
    title = _title(t)
    names = [phrasing.person(t, p) for p in people]
    t.ask(
        [
            "Book a {minutes}-minute meeting called '{title}' {day} at {time} in {room} with "
            "{a} and {b}{importance}.",
            "Set up '{title}' {day}, {time}, {minutes} minutes, in {room}. Invite {a} and "
            "{b}{importance}.",
        ],
        minutes=str(minutes),
        title=title,
        day=phrasing.on_day(t, day),
        time=phrasing.clock(start.time()),
        room=room,
        a=names[0],
        b=names[1],
        importance=", and mark it high importance" if important else "",
    )
    r1 = t.require(f"One meeting '{title}' at the given day and time, {minutes} minutes long.")
    r2 = t.require("In the given room, with exactly the two invitees.")
    r3 = t.require("High importance." if important else "Created as asked, nothing else changed.")
    t.call(
        "calendar_createEvent",
        subject=title,
        startDateTime=start.isoformat(),
        endDateTime=end.isoformat(),
        attendees=people,
        location=room,
        importance="high" if important else None,
    )
    query = _by_subject(title)
    t.check(r1, "one-meeting", "count", query=query, value=1)
    _equals(t, r1, "start", query, "start/dateTime", start.isoformat())
    _equals(t, r1, "end", query, "end/dateTime", end.isoformat())
    t.check(
        r2,
        "room-and-invitees",
        "state-check",
        query=query,
        expect=[
            {"path": "location/displayName", "op": "icontains", "value": room},
            *({"path": "attendees/emailAddress/address", "op": "eq", "value": p} for p in people),
            {"path": "attendees/type", "op": "eq", "value": ["required", "required"]},
        ],
    )
    if important:
        _equals(t, r3, "importance", query, "importance", "high")
    else:
        t.footprint(r3)
    t.answer(f"Booked '{title}' {day:%A %d %B} {start:%H:%M}-{end:%H:%M} in {room}.")
    t.calibrate("Booked it and sent nothing else.", "terse")


@family("calendar-write", "D2", ["calendar"], "calendar changes")
def add_optional_attendees(t: TaskBuilder) -> None:
    """Two more people invited to a meeting the persona organizes, as optional attendees."""
    found = [e for e in _upcoming(t, mine=True) if e.get("attendees")]
    event = t.pick(found, "no coming meeting with invitees that the persona organizes")
    invited = set(lookup.attendee_addresses(event))
    people = t.sample([p for p in _colleagues(t) if p not in invited], 2)
    names = [phrasing.person(t, p) for p in people]
    t.ask(
        [
            "Add {a} and {b} to {meeting} as optional attendees.",
            "Invite {a} and {b} to {meeting}, optional only.",
        ],
        a=names[0],
        b=names[1],
        meeting=_meeting_forms(t, event),
    )
    r1 = t.require("Both people are invited to the meeting.")
    r2 = t.require("Both are optional, and no one else is added.")
    types = [a["type"] for a in lookup.event_full(t, event["id"])["attendees"]]
    t.call("calendar_addAttendees", id=event["id"], attendees=people, type="optional")
    query = _event(event["id"])
    t.check(
        r1,
        "invited",
        "state-check",
        query=query,
        expect=[{"path": "attendees/emailAddress/address", "op": "eq", "value": p} for p in people],
    )
    _equals(t, r2, "types", query, "attendees/type", [*types, "optional", "optional"])
    t.answer(f"Added {names[0][0]} and {names[1][0]} to {event['subject']} as optional attendees.")
    t.calibrate("Both added as optional.", "terse")


@family("calendar-write", "D2", ["calendar"], "calendar changes")
def cancel_with_note(t: TaskBuilder) -> None:
    """Cancel a meeting the persona organizes, with a note to the invitees."""
    found = [e for e in _upcoming(t, mine=True) if e.get("attendees")]
    event = t.pick(found, "no coming meeting with invitees that the persona organizes")
    project = t.rng.choice(t.facts.projects)
    thing = t.rng.choice(project.deliverables)
    t.ask(
        [
            "Cancel {meeting}, and in the cancellation note tell everyone I'll reschedule once "
            "the {thing} is ready.",
            "Please call off {meeting}. Let the attendees know in the note that I'll find a "
            "new time when the {thing} is ready.",
        ],
        meeting=_meeting_forms(t, event),
        thing=thing,
    )
    r1 = t.require("The meeting is cancelled.")
    r2 = t.require("The cancellation goes to its invitees and says it will be rescheduled.")
    r3 = t.require(f"The note says the new time waits for the {thing}.")
    comment = f"I'll reschedule once the {thing} is ready. Sorry for the short notice."
    t.call("calendar_cancelEvent", id=event["id"], comment=comment)
    _equals(t, r1, "cancelled", _event(event["id"]), "isCancelled", True)
    envelope = {
        "kind": ["cancellation"],
        "in_reply_to": event["id"],
        "to": lookup.attendee_addresses(event),
    }
    t.check(
        r2,
        "notice",
        "sent-message",
        **envelope,
        body=[
            {
                "type": "answer-text",
                "statements": [["reschedule", "re-schedule", "new time", "rebook", "another time"]],
            }
        ],
    )
    t.check(
        r3,
        "notice-reason",
        "sent-message",
        **envelope,
        body=[{"type": "answer-text", "statements": [[thing]]}],
    )
    t.answer(f"Cancelled {event['subject']}; the attendees got your note.")


@family("calendar-write", "D2", ["calendar"], "calendar changes")
def calendar_with_all_day_item(t: TaskBuilder) -> None:
    """A new colored calendar with one all-day item on it."""
    colors = {"lightBlue": "light blue", "lightGreen": "light green", "lightOrange": "light orange"}
    colors |= {"lightPink": "pink", "lightYellow": "yellow", "lightTeal": "teal"}
    color = t.pick(sorted(colors))
    project = t.rng.choice(t.facts.projects)
    name = t.pick([f"{project.codename} milestones", f"{project.codename} dates", "Site visits"])
    taken = {c["name"].casefold() for c in t.read("calendar_listCalendars")["items"]}
    t.require_that(name.casefold() not in taken, "the calendar exists")
    day = t.pick(_working_days(t, 2, 8))
    item = f"{project.codename} {t.rng.choice(['site walk', 'go-live', 'kickoff', 'readout'])}"
    t.ask(
        [
            "Create a new {color} calendar called '{name}' and put an all-day item '{item}' on "
            "it for {day}.",
            "Make me a calendar named '{name}' (color: {color}) with one all-day entry, "
            "'{item}', {day}.",
        ],
        color=colors[color],
        name=name,
        item=item,
        day=phrasing.day(t, day),
    )
    r1 = t.require(f"A calendar '{name}' in {colors[color]}.")
    r2 = t.require(f"An all-day item '{item}' on that day, on that calendar.")
    calendar = t.call("calendar_createCalendar", name=name, color=color)
    start, end = lookup.day_bounds(t, day)
    t.call(
        "calendar_createEvent",
        subject=item,
        startDateTime=start.isoformat(),
        endDateTime=end.isoformat(),
        calendarId=calendar.ref("id"),
        isAllDay=True,
    )
    calendars = {"collection": "calendars", "where": [{"path": "name", "op": "eq", "value": name}]}
    _equals(t, r1, "calendar-color", calendars, "color", color)
    query = _by_subject(item)
    t.check(
        r2,
        "all-day-item",
        "state-check",
        query=query,
        expect=[
            {"path": "isAllDay", "op": "eq", "value": True},
            {"path": "calendarId", "op": "eq", "value": {"$ids": calendars}},
            {"path": "start/dateTime", "op": "eq", "value": start.isoformat()},
            {"path": "end/dateTime", "op": "eq", "value": end.isoformat()},
        ],
    )
    t.check(r2, "one-item", "count", query=query, value=1)
    t.answer(f"Created the {colors[color]} '{name}' calendar with '{item}' on {day:%d %B}.")


@family("calendar-write", "D2", ["calendar"], "calendar changes")
def series_of_check_ins(t: TaskBuilder) -> None:
    """Three short meetings with one person on three coming working days at the same time."""
    days = _working_days(t, 1, 5)
    chosen = sorted(t.sample(days, 3))
    minutes = t.pick([30, 30, 45])
    clock = t.pick([time(9, 30), time(11, 0), time(14, 30), time(16, 0), time(16, 30)])
    person = t.pick(_colleagues(t))
    title = _title(t)
    for day in chosen:
        start = lookup.at(t, day, clock)
        busy = lookup.meetings(t, start, start + timedelta(minutes=minutes))
        t.require_that(not busy, "a check-in would clash")
    names = (
        ", ".join(phrasing.date_long(d) for d in chosen[:-1])
        + f" and {phrasing.date_long(chosen[-1])}"
    )
    t.ask(
        [
            "Put three {minutes}-minute '{title}' meetings with {who} on my calendar: {days}, "
            "each at {time}.",
            "Schedule '{title}' with {who} three times: {days}, at {time} each day, "
            "{minutes} minutes long.",
        ],
        minutes=str(minutes),
        title=title,
        who=phrasing.person(t, person),
        days=names,
        time=phrasing.clock(clock),
    )
    r1 = t.require("Exactly three such meetings, one on each of the days.")
    r2 = t.require(f"Each at the given time, {minutes} minutes long, with the person invited.")
    for day in chosen:
        start = lookup.at(t, day, clock)
        t.call(
            "calendar_createEvent",
            subject=title,
            startDateTime=start.isoformat(),
            endDateTime=(start + timedelta(minutes=minutes)).isoformat(),
            attendees=[person],
        )
    t.check(r1, "three", "count", query=_by_subject(title), value=3)
    for index, day in enumerate(chosen):
        start = lookup.at(t, day, clock)
        t.check(
            r2,
            f"meeting-{index + 1}",
            "count",
            value=1,
            query={
                "collection": "events",
                "where": [
                    {"path": "subject", "op": "eq", "value": title},
                    {"path": "start/dateTime", "op": "eq", "value": start.isoformat()},
                    {
                        "path": "end/dateTime",
                        "op": "eq",
                        "value": (start + timedelta(minutes=minutes)).isoformat(),
                    },
                    {"path": "attendees/emailAddress/address", "op": "eq", "value": [person]},
                ],
            },
        )
    t.answer(f"Booked three '{title}' meetings.")


@family("calendar-write", "D3", ["calendar"], "calendar changes")
def follow_up_a_week_later(t: TaskBuilder) -> None:
    """A follow-up exactly one week after a meeting: same time, room, online flag and invitees."""
    found = [
        e
        for e in _upcoming(t, days=7, mine=True)
        if e.get("attendees")
        and len({a["type"] for a in lookup.event_full(t, e["id"])["attendees"]}) == 1
        and e["location"]["displayName"].strip()
    ]
    event = t.pick(found, "no meeting of the persona's with a room and one kind of invitee")
    full = lookup.event_full(t, event["id"])
    start, end = (lookup.local(t, v) for v in lookup.span(full))
    later, later_end = start + timedelta(days=7), end + timedelta(days=7)
    title = f"{event['subject']} follow-up"
    t.require_that(not lookup.meetings(t, later, later_end), "the week-later slot is taken")
    t.ask(
        [
            "Set up a '{title}' exactly one week after {meeting}: same time, same room, online "
            "like the original if it is, and the same invitees.",
            "Book '{title}' for one week after {meeting}, at the same time and place, with the "
            "same people and the same online setting.",
        ],
        title=title,
        meeting=_meeting_forms(t, event),
    )
    r1 = t.require("One follow-up, one week later at the same time and length.")
    r2 = t.require("The same room and online setting.")
    r3 = t.require("The same invitees, with the same attendance type.")
    kind = full["attendees"][0]["type"]
    people = [a["emailAddress"]["address"] for a in full["attendees"]]
    created = t.call(
        "calendar_createEvent",
        subject=title,
        startDateTime=later.isoformat(),
        endDateTime=later_end.isoformat(),
        attendees=people if kind == "required" else None,
        location=full["location"]["displayName"],
        isOnlineMeeting=full["isOnlineMeeting"] or None,
    )
    if kind == "optional":
        t.call("calendar_addAttendees", id=created.ref("id"), attendees=people, type="optional")
    query = _by_subject(title)
    t.check(r1, "one", "count", query=query, value=1)
    _equals(t, r1, "start", query, "start/dateTime", later.isoformat())
    _equals(t, r1, "end", query, "end/dateTime", later_end.isoformat())
    t.check(
        r2,
        "place",
        "state-check",
        query=query,
        expect=[
            {"path": "location/displayName", "op": "eq", "value": full["location"]["displayName"]},
            {"path": "isOnlineMeeting", "op": "eq", "value": full["isOnlineMeeting"]},
        ],
    )
    t.check(
        r3,
        "invitees",
        "state-check",
        query=query,
        expect=[
            *({"path": "attendees/emailAddress/address", "op": "eq", "value": p} for p in people),
            {"path": "attendees/type", "op": "eq", "value": [kind] * len(people)},
        ],
    )
    t.answer(f"Booked '{title}' for {later:%A %d %B %H:%M}.")


@family("calendar-write", "D3", ["calendar", "contacts"], "scheduling around conflicts", version=2)
def meet_group_when_free(t: TaskBuilder) -> None:
    """An hour with every member of a contact group at the earliest time next week all are free."""
    groups = []
    for group in lookup.groups(t):
        members = t.read("contacts_listGroupMembers", id=group["id"])["items"]
        addresses = [lookup.contact_address(c) for c in members]
        if 2 <= len(members) <= 6 and all(a and a in lookup.users(t) for a in addresses):
            groups.append((group, addresses))
    group, people = t.pick(groups, "no contact group of two to six directory people")
    title = _title(t)
    monday = lookup.week_start(lookup.today(t)) + timedelta(days=7)
    window = lookup.day_bounds(t, monday)[0], lookup.day_bounds(t, monday + timedelta(days=5))[0]
    t.ask(
        [
            "Put a '{title}' hour in my calendar for the members of my {group} contact group: "
            "[take|use] the first slot next week, inside my working hours, that is open for every "
            "one of us.",
            "Find the first hour next week (my working hours) when the whole {group} group and I "
            "are free, and book '{title}' there with all of them.",
        ],
        title=title,
        group=group["displayName"],
    )
    r1 = t.require("One one-hour meeting with exactly the group's members.")
    r2 = t.require("At the earliest hour next week when all of them and the persona are free.")
    listed = t.call("contacts_listGroupMembers", id=group["id"])
    slots = t.call(
        "calendar_findMeetingTimes",
        attendees=people,
        durationMinutes=60,
        startDateTime=window[0].isoformat(),
        endDateTime=window[1].isoformat(),
        maxCandidates=1,
    )["items"]
    t.require_that(bool(slots) and listed["items"], "nobody is free together next week")
    start = lookup.local(t, slots[0]["meetingTimeSlot"]["start"]["dateTime"])
    t.call(
        "calendar_createEvent",
        subject=title,
        startDateTime=start.isoformat(),
        endDateTime=(start + timedelta(hours=1)).isoformat(),
        attendees=people,
    )
    query = _by_subject(title)
    t.check(r1, "one", "count", query=query, value=1)
    t.check(
        r1,
        "invitees",
        "state-check",
        query=query,
        expect=[
            *({"path": "attendees/emailAddress/address", "op": "eq", "value": p} for p in people),
            {"path": "attendees/type", "op": "eq", "value": ["required"] * len(people)},
        ],
    )
    _equals(t, r2, "start", query, "start/dateTime", start.isoformat())
    _equals(t, r2, "end", query, "end/dateTime", (start + timedelta(hours=1)).isoformat())
    t.answer(f"Booked '{title}' for {start:%A %d %B at %H:%M}, the first hour everyone is free.")


@family("calendar-write", "D3", ["calendar", "messages"], "scheduling around conflicts", version=2)
def meet_and_reply(t: TaskBuilder) -> None:
    """Book the earliest free half hour tomorrow with someone who asked, then reply with the time."""
    tomorrow = lookup.today(t) + timedelta(days=1)
    days, _o, _c = lookup.working_hours(t)
    names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    t.require_that(names[tomorrow.weekday()] in days, "tomorrow is not a working day")
    candidates = []
    for message_id in t.facts.awaiting_reply:
        message = t.read("messages_get", id=message_id)
        who = lookup.sender(message)
        if (
            who in lookup.users(t)
            and lookup.is_person(t, who)
            and message["parentFolderId"].endswith("inbox")
        ):
            candidates.append(message)
    message = t.pick(candidates, "no email awaiting a reply from a colleague")
    who = lookup.sender(message)
    title = _title(t)
    t.ask(
        [
            "{whose} email '{subject}' needs an answer. Find the first half hour tomorrow "
            "(inside my working hours) that is open for {them} and me, book a '{title}' there, "
            "and answer the email telling {them} the time.",
            "Book '{title}' (30 minutes) with {who} for the first slot tomorrow in my working "
            "hours when both of us are free, and reply to {whose} email '{subject}' with the "
            "time.",
        ],
        whose=[phrasing.possessive(n) for n in phrasing.person(t, who)],
        who=phrasing.person(t, who),
        them=phrasing.person(t, who)[-1:],
        subject=message["subject"],
        title=title,
    )
    r1 = t.require("A 30-minute meeting with that person at the earliest free slot tomorrow.")
    r2 = t.require("A reply to that email, to that person only, that says the time.")
    bounds = lookup.day_bounds(t, tomorrow)
    slots = t.call(
        "calendar_findMeetingTimes",
        attendees=[who],
        durationMinutes=30,
        startDateTime=bounds[0].isoformat(),
        endDateTime=bounds[1].isoformat(),
        maxCandidates=1,
    )["items"]
    t.require_that(bool(slots), "no free half hour tomorrow")
    start = lookup.local(t, slots[0]["meetingTimeSlot"]["start"]["dateTime"])
    end = start + timedelta(minutes=30)
    t.call(
        "calendar_createEvent",
        subject=title,
        startDateTime=start.isoformat(),
        endDateTime=end.isoformat(),
        attendees=[who],
    )
    t.call(
        "messages_reply",
        id=message["id"],
        comment=f"I've set up '{title}' for tomorrow at {start:%H:%M}. Talk then.",
    )
    query = _by_subject(title)
    t.check(r1, "one", "count", query=query, value=1)
    _equals(t, r1, "start", query, "start/dateTime", start.isoformat())
    _equals(t, r1, "end", query, "end/dateTime", end.isoformat())
    _equals(t, r1, "invitee", query, "attendees/emailAddress/address", [who])
    t.check(
        r2,
        "reply",
        "sent-message",
        kind=["reply"],
        in_reply_to=message["id"],
        to=[who],
        body=[{"type": "answer-values", "values": [{"kind": "time", "value": f"{start:%H:%M}"}]}],
    )
    t.answer(f"Booked '{title}' tomorrow at {start:%H:%M} and replied with the time.")
