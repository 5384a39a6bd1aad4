"""Questions about the calendar: first meetings, where and who, unanswered invitations, clashes,
free time, who has not accepted, who is on the week's meetings, and the load of two weeks.

Read-only: the footprint is empty and the answer carries the claims. "Meetings" are the
timed, not cancelled events the persona has not declined; windows are stated in the
request ("between now and the end of next week").
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

from emailbench_gym.families import lookup, phrasing
from emailbench_gym.families.answers import Item, Report, Val
from emailbench_gym.families.base import family
from emailbench_gym.families.builder import TaskBuilder

CHANGE_NOTHING = "Change nothing: it is a question."
ONLINE = ("online", "video", "call", "teams", "zoom", "dial")


def _start(event: dict) -> datetime:
    return lookup.span(event)[0]


def _clock(value: datetime) -> str:
    return value.strftime("%H:%M")


def _window(t: TaskBuilder) -> tuple[datetime, datetime, list[str]]:
    """Now until the end of this week or of next week, and ways to say it."""
    if t.rng.chance(0.5):
        return t.now, lookup.end_of_week(t, 1), ["between now and the end of next week"]
    return t.now, lookup.end_of_week(t, 0), ["for the rest of this week", "between now and Sunday"]


def _names_unique(t: TaskBuilder, events: list[dict]) -> bool:
    return all(lookup.unique_subject(t, e) for e in events)


@family("calendar-read", "D1", ["calendar"], "calendar lookup")
def first_meeting_of_day(t: TaskBuilder) -> None:
    """The first meeting of a coming day and when it starts."""
    today = lookup.today(t)
    days = []
    for offset in range(1, 8):
        day = today + timedelta(days=offset)
        found = lookup.meetings(t, *lookup.day_bounds(t, day))
        found = [m for m in found if _start(m).date() == day]
        ok = len(found) >= 2 and _start(found[0]) < _start(found[1])
        if ok and lookup.unique_subject(t, found[0]):
            days.append((day, found[0]))
    day, first = t.pick(days, "no coming day with two meetings")
    start = lookup.local(t, _start(first))
    t.ask(
        [
            "What's my first meeting {day}, and what time does it start?",
            "{day^}: which meeting comes first on my calendar, and when does it begin?",
            "When do I start {day}? Tell me the first meeting and its start time.",
        ],
        day=phrasing.on_day(t, day),
    )
    r1 = t.require("Name the first meeting of that day.")
    r2 = t.require("Give its start time.")
    r3 = t.require(CHANGE_NOTHING)
    bounds = lookup.day_bounds(t, day)
    t.call(
        "calendar_listEvents",
        startDateTime=bounds[0].isoformat(),
        endDateTime=bounds[1].isoformat(),
    )
    t.items(r1, "first-meeting", "event", [first["id"]])
    t.values(
        r2,
        "start",
        [{"subject": f"event:{first['id']}", "kind": "time", "value": _clock(start)}],
    )
    t.footprint(r3)
    t.report(
        Report(
            opening=f"Your first meeting {phrasing.date_long(day)} is",
            items=[Item(first["subject"], [("at", Val("time", start.time()))])],
            noun="Meeting",
            columns=["Starts"],
        )
    )


@family("calendar-read", "D1", ["calendar"], "calendar lookup")
def meeting_place_and_organizer(t: TaskBuilder) -> None:
    """Where a coming meeting is and who organizes it."""
    me = lookup.me(t)
    found = [
        e
        for e in lookup.meetings(t, t.now, t.now + timedelta(days=14))
        if lookup.organizer(e) != me
        and e["location"]["displayName"].strip()
        and not any(w in e["location"]["displayName"].casefold() for w in ONLINE)
        and lookup.unique_subject(t, e)
    ]
    event = t.pick(found, "no coming meeting in a room organized by someone else")
    place = event["location"]["displayName"].split("/")[0].strip()
    day = _start(event).date()
    t.ask(
        [
            "Where is {meeting} {day}, and who organized it?",
            "For {meeting} {day}: which room is it in and who set it up?",
            "Remind me where {meeting} is being held and who the organizer is.",
        ],
        meeting=[f"the {event['subject']}", f"'{event['subject']}'"],
        day=phrasing.on_day(t, day),
    )
    r1 = t.require("Say where the meeting is.")
    r2 = t.require("Name its organizer.")
    r3 = t.require(CHANGE_NOTHING)
    t.call("calendar_searchEvents", query=event["subject"])
    t.items(r1, "place", "location", [place])
    t.items(r2, "organizer", "person", [lookup.organizer(event)])
    t.footprint(r3)
    who = event["organizer"]["emailAddress"]["name"]
    t.report(
        Report(
            opening=f"{event['subject']} is in",
            items=[Item(place, [("and organized by", who)])],
            noun="Room",
            columns=["Organizer"],
        )
    )


@family("calendar-read", "D2", ["calendar"], "rsvp tidying")
def unanswered_invitations(t: TaskBuilder) -> None:
    """Meetings in a window the persona has not answered at all."""
    start, end, window = _window(t)
    me = lookup.me(t)
    invited = [e for e in lookup.meetings(t, start, end) if lookup.organizer(e) != me]
    pending = [e for e in invited if lookup.my_response(e) in ("notResponded", "none")]
    answered = [e for e in invited if e not in pending]
    t.require_that(bool(pending), "every invitation in the window is answered")
    t.require_that(_names_unique(t, pending + answered), "meetings share a subject")
    t.ask(
        [
            "Is there anything on my calendar {window} that I still haven't responded to?",
            "Which meeting invitations {window} have I not answered yet?",
            "List the meetings {window} where I haven't sent an RSVP.",
        ],
        window=window,
    )
    r1 = t.require("Name exactly the meetings in the window the persona has not responded to.")
    r2 = t.require(CHANGE_NOTHING)
    t.call_all("calendar_listEvents", startDateTime=start.isoformat(), endDateTime=end.isoformat())
    t.items(
        r1,
        "unanswered",
        "event",
        [e["id"] for e in pending],
        predicate=["responded", "answered", "rsvp", "replied"],
    )
    t.footprint(r2)
    t.report(
        Report(
            opening=f"{{n}} meeting{'s are' if len(pending) > 1 else ' is'} still unanswered",
            count=len(pending),
            items=[Item(e["subject"], [("on", Val("date", _start(e).date()))]) for e in pending],
            excluded=[
                (Item(e["subject"]), f"you already answered ({lookup.my_response(e)})")
                for e in answered[:3]
            ],
            noun="Meeting",
            columns=["Date"],
        )
    )


@family("calendar-read", "D2", ["calendar"], "scheduling around conflicts", version=2)
def double_bookings(t: TaskBuilder) -> None:
    """Which meetings clash between now and the end of next week, and by how much."""
    start, end = t.now, lookup.end_of_week(t, 1)
    found = lookup.meetings(t, start, end)
    pairs = []
    for i, first in enumerate(found):
        for second in found[i + 1 :]:
            a, b = lookup.span(first), lookup.span(second)
            overlap = (min(a[1], b[1]) - max(a[0], b[0])).total_seconds() / 60
            if overlap > 0:
                pairs.append((first, second, int(overlap)))
    t.require_that(bool(pairs), "no clash in the window")
    clashing = [e for pair in pairs for e in pair[:2]]
    t.require_that(len(set(e["id"] for e in clashing)) == len(clashing), "a meeting clashes twice")
    t.require_that(_names_unique(t, clashing), "clashing meetings share a subject")
    t.ask(
        [
            "[Do any of my meetings overlap|Have I got meetings on top of each other] from "
            "today [until|through] the close of next week? [List|Name] each clashing pair, the "
            "day [it falls on|of the clash] and [the length of the overlap|how many minutes the "
            "two share].",
            "I [suspect|think] two of my meetings collide [somewhere|at some point] before next "
            "week is out. [Go through|Scan] my calendar [up to|to] the end of next week and "
            "[give me|report] every pair that [collides|runs into each other], [which day|the "
            "date] and how long [they run together|each overlap lasts].",
        ]
    )
    r1 = t.require("Name exactly the meetings that clash.")
    r2 = t.require("Give how long each pair overlaps.")
    r3 = t.require(CHANGE_NOTHING)
    t.call_all("calendar_listEvents", startDateTime=start.isoformat(), endDateTime=end.isoformat())
    t.items(r1, "clashing", "event", [e["id"] for e in clashing])
    t.values(
        r2,
        "overlaps",
        [
            {"subject": f"event:{second['id']}", "kind": "duration", "value": minutes}
            for _first, second, minutes in pairs
        ],
    )
    t.footprint(r3)
    t.report(
        Report(
            opening=f"{{n}} clash{'es' if len(pairs) > 1 else ''} in that window",
            count=len(pairs),
            items=[
                Item(
                    f"{first['subject']} and {second['subject']}",
                    [
                        ("on", Val("date", _start(first).date())),
                        ("overlapping by", Val("duration", minutes)),
                    ],
                )
                for first, second, minutes in pairs
            ],
            noun="Meetings",
            columns=["Day", "Overlap"],
        )
    )


@family("calendar-read", "D2", ["calendar"], "scheduling around conflicts", version=2)
def free_time_on_day(t: TaskBuilder) -> None:
    """How much free time a coming working day has within working hours, and the free blocks."""
    days, opens, closes = lookup.working_hours(t)
    weekday_names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    today = lookup.today(t)
    candidates = []
    for offset in range(1, 8):
        day = today + timedelta(days=offset)
        if weekday_names[day.weekday()] not in days:
            continue
        bounds = lookup.day_bounds(t, day)
        if any(e["isAllDay"] for e in lookup.events(t, *bounds)):
            continue
        if len(lookup.meetings(t, *bounds)) >= 1:
            candidates.append(day)
    day = t.pick(candidates, "no coming working day with meetings and no all-day items")
    open_at, close_at = lookup.at(t, day, opens), lookup.at(t, day, closes)
    schedule = t.call(
        "calendar_getSchedule",
        schedules=[lookup.me(t)],
        startDateTime=open_at.isoformat(),
        endDateTime=close_at.isoformat(),
    )
    busy = sorted(
        (
            max(lookup.local(t, i["start"]["dateTime"]), open_at),
            min(lookup.local(t, i["end"]["dateTime"]), close_at),
        )
        for i in schedule["items"][0]["scheduleItems"]
    )
    blocks, cursor = [], open_at
    for first, last in busy:
        if first > cursor:
            blocks.append((cursor, first))
        cursor = max(cursor, last)
    if close_at > cursor:
        blocks.append((cursor, close_at))
    t.require_that(1 <= len(blocks) <= 5, "no free block, or too many")
    total = int(sum((b - a).total_seconds() for a, b in blocks) / 60)
    t.ask(
        [
            "Between the start and end of my working day {day}, which stretches am I free, "
            "and how much free time is that in total?",
            "{day^}, inside my working hours: how many hours am I free in total, and which time "
            "slots are open?",
        ],
        day=phrasing.on_day(t, day),
    )
    r1 = t.require("Give the total free time within working hours that day.")
    r2 = t.require("Give each free block.")
    r3 = t.require(CHANGE_NOTHING)
    t.values(r1, "total", [{"kind": "duration", "value": total}])
    t.values(
        r2,
        "blocks",
        [{"kind": "time-range", "value": [_clock(a), _clock(b)]} for a, b in blocks],
    )
    t.footprint(r3)
    t.report(
        Report(
            opening=f"You have {Val('duration', total).spell(0)} free within your working hours "
            f"{phrasing.date_long(day)}, in {{n}} block{'s' if len(blocks) > 1 else ''}",
            count=len(blocks),
            items=[
                Item(Val("time-range", (a.time(), b.time())).spell(i), [])
                for i, (a, b) in enumerate(blocks)
            ],
            noun="Free block",
        )
    )


@family("calendar-read", "D2", ["calendar"], "rsvp tidying", version=2)
def not_accepted_my_meetings(t: TaskBuilder) -> None:
    """Who has not accepted the meetings the persona organizes in a window."""
    start, end, window = _window(t)
    me = lookup.me(t)
    mine = [
        e
        for e in lookup.meetings(t, start, end)
        if lookup.organizer(e) == me and e.get("attendees")
    ]
    pending: dict[str, str] = {}
    accepted: dict[str, str] = {}
    for event in mine:
        for attendee in event["attendees"]:
            who = attendee["emailAddress"]["address"].casefold()
            if attendee["status"]["response"] == "accepted":
                accepted.setdefault(who, attendee["emailAddress"]["name"])
            else:
                pending[who] = attendee["emailAddress"]["name"]
    t.require_that(bool(pending), "everyone accepted")
    t.ask(
        [
            "[Looking at|On] the meetings I set up {window}: [which invitees|which of the "
            "invitees] [still haven't said yes|have yet to accept]?",
            "{window}, which of the people I invited to my own meetings [have not|haven't] "
            "accepted yet?",
        ],
        window=window,
    )
    r1 = t.require("Name exactly the invitees of the persona's meetings who have not accepted.")
    r2 = t.require(CHANGE_NOTHING)
    t.call_all("calendar_listEvents", startDateTime=start.isoformat(), endDateTime=end.isoformat())
    t.items(
        r1,
        "not-accepted",
        "person",
        sorted(pending),
        predicate=["accepted", "accept"],
        ruled_out=["declined", "tentative", "no response", "not responded"],
    )
    t.footprint(r2)
    t.report(
        Report(
            opening=f"{{n}} {'people' if len(pending) > 1 else 'person'} haven't accepted yet",
            count=len(pending),
            items=[Item(name) for name in sorted(pending.values())],
            excluded=[
                (Item(name), "accepted")
                for who, name in sorted(accepted.items())[:3]
                if who not in pending
            ],
            noun="Invitee",
        )
    )


@family("calendar-read", "D2", ["calendar"], "calendar lookup", version=2)
def people_on_my_week(t: TaskBuilder) -> None:
    """How many people besides the persona are on this week's meetings, and who."""
    start = lookup.at(t, lookup.week_start(lookup.today(t)), time(0, 0))
    end = lookup.end_of_week(t, 0)
    me = lookup.me(t)
    people: dict[str, str] = {}
    for event in lookup.meetings(t, start, end):
        for who, name in [
            (lookup.organizer(event), event["organizer"]["emailAddress"]["name"]),
            *(
                (a["emailAddress"]["address"].casefold(), a["emailAddress"]["name"])
                for a in event.get("attendees", [])
            ),
        ]:
            if who != me:
                people[who] = name
    t.require_that(2 <= len(people) <= 25, "too few or too many people")
    t.ask(
        [
            "[Count|Tell me how many] people other than me [are on|appear on] my meetings this "
            "week (Monday to Sunday), [as organiser or as invitee|organisers and invitees "
            "alike], and [list|name] them.",
            "This week (Monday through Sunday), who is on my meetings, as organizer or invitee, "
            "other than me? Give the count and the names.",
        ]
    )
    r1 = t.require("Name exactly the people on this week's meetings, other than the persona.")
    r2 = t.require("Give how many they are.")
    r3 = t.require(CHANGE_NOTHING)
    t.call_all("calendar_listEvents", startDateTime=start.isoformat(), endDateTime=end.isoformat())
    t.items(r1, "people", "person", sorted(people))
    t.values(r2, "count", [{"kind": "count", "value": len(people)}])
    t.footprint(r3)
    t.report(
        Report(
            opening="{n} people besides you are on this week's meetings",
            count=len(people),
            items=[Item(name) for name in sorted(people.values())],
            noun="Person",
        )
    )


def _week_load(t: TaskBuilder, weeks_ahead: int) -> tuple[int, int]:
    monday = lookup.week_start(lookup.today(t)) + timedelta(days=7 * weeks_ahead)
    start = lookup.at(t, monday, time(0, 0))
    found = lookup.meetings(t, start, start + timedelta(days=7))
    found = [e for e in found if _start(e) >= start]
    minutes = sum(int((lookup.span(e)[1] - _start(e)).total_seconds() // 60) for e in found)
    return len(found), minutes


@family("calendar-read", "D3", ["calendar"], "calendar lookup", version=2)
def week_load_compare(t: TaskBuilder) -> None:
    """This week's and next week's timed meetings: how many, and how many hours."""
    this_count, this_minutes = _week_load(t, 0)
    next_count, next_minutes = _week_load(t, 1)
    t.require_that(this_count and next_count, "a week without meetings")
    t.require_that(this_count != next_count, "the same number of meetings both weeks")
    t.ask(
        [
            "[Set|Put] this week's meetings next to next week's: [the number of|how many] timed "
            "meetings [each has|in each] (leave out all-day items and [anything|whatever] I "
            "declined) and [the hours they add up to|their total hours].",
            "How many meetings do I have this week and next week (Monday to Sunday, timed ones "
            "I haven't declined), and how many hours do they add up to each week?",
        ]
    )
    r1 = t.require("Give the number of meetings of each week.")
    r2 = t.require("Give the total hours of meetings of each week.")
    r3 = t.require(CHANGE_NOTHING)
    monday = lookup.at(t, lookup.week_start(lookup.today(t)), time(0, 0))
    t.call_all(
        "calendar_listEvents",
        startDateTime=monday.isoformat(),
        endDateTime=(monday + timedelta(days=14)).isoformat(),
    )
    this, following = ["this week"], ["next week"]
    t.values(
        r1,
        "counts",
        [
            {"subject": this, "kind": "count", "value": this_count},
            {"subject": following, "kind": "count", "value": next_count},
        ],
    )
    t.values(
        r2,
        "hours",
        [
            {"subject": this, "kind": "duration", "value": this_minutes},
            {"subject": following, "kind": "duration", "value": next_minutes},
        ],
    )
    t.footprint(r3)
    t.report(
        Report(
            opening="Meeting load by week",
            items=[
                Item(
                    "This week",
                    [
                        ("", Val("count", this_count), "meetings"),
                        ("", Val("duration", this_minutes)),
                    ],
                ),
                Item(
                    "Next week",
                    [
                        ("", Val("count", next_count), "meetings"),
                        ("", Val("duration", next_minutes)),
                    ],
                ),
            ],
            noun="Week",
            columns=["Meetings", "Time"],
        )
    )


@family("calendar-read", "D3", ["calendar"], "calendar lookup", version=2)
def people_both_weeks(t: TaskBuilder) -> None:
    """People on at least one meeting this week and at least one next week."""
    me = lookup.me(t)

    def people(weeks_ahead: int) -> dict[str, str]:
        monday = lookup.week_start(lookup.today(t)) + timedelta(days=7 * weeks_ahead)
        start = lookup.at(t, monday, time(0, 0))
        found: dict[str, str] = {}
        for event in lookup.meetings(t, start, start + timedelta(days=7)):
            found[lookup.organizer(event)] = event["organizer"]["emailAddress"]["name"]
            for a in event.get("attendees", []):
                found[a["emailAddress"]["address"].casefold()] = a["emailAddress"]["name"]
        found.pop(me, None)
        return found

    this, following = people(0), people(1)
    both = {who: name for who, name in this.items() if who in following}
    t.require_that(1 <= len(both) <= 12, "no one (or too many) on both weeks")
    t.require_that(len(this) > len(both), "everyone this week is also on next week")
    t.ask(
        [
            "[Who appears|Which people appear] on my meetings in both weeks, this one and the "
            "next? [Organisers and invitees count, whatever their answer|Count organisers and "
            "invitees, however they responded], [but not me|leaving me out].",
            "Who shows up in my meetings both this week and next week? Count organizers and "
            "invitees, not me.",
        ]
    )
    r1 = t.require("Name exactly the people on meetings of both weeks.")
    r2 = t.require(CHANGE_NOTHING)
    monday = lookup.at(t, lookup.week_start(lookup.today(t)), time(0, 0))
    t.call_all(
        "calendar_listEvents",
        startDateTime=monday.isoformat(),
        endDateTime=(monday + timedelta(days=14)).isoformat(),
    )
    t.items(r1, "both-weeks", "person", sorted(both))
    t.footprint(r2)
    only = [name for who, name in sorted(this.items()) if who not in both][:2]
    t.report(
        Report(
            opening=f"{{n}} {'people are' if len(both) > 1 else 'person is'} on meetings in both "
            "weeks",
            count=len(both),
            items=[Item(name) for name in sorted(both.values())],
            excluded=[(Item(name), "only this week") for name in only],
            noun="Person",
        )
    )


@family("calendar-read", "D2", ["calendar", "contacts"], "meeting prep")
def meeting_people_phones(t: TaskBuilder) -> None:
    """The office numbers, from contacts, of everyone else on one coming meeting."""
    me = lookup.me(t)
    phones = {
        lookup.contact_address(c): c["businessPhones"][0]
        for c in lookup.contacts(t)
        if lookup.contact_address(c)
        and c["businessPhones"]
        and re.fullmatch(r"\(\d{3}\) \d{3}-\d{4}", c["businessPhones"][0])
    }
    fitting = []
    for event in lookup.meetings(t, t.now, t.now + timedelta(days=14)):
        people = sorted({lookup.organizer(event), *lookup.attendee_addresses(event)} - {me})
        if (
            2 <= len(people) <= 5
            and all(p in phones for p in people)
            and len({phones[p] for p in people}) == len(people)
            and lookup.unique_subject(t, event)
        ):
            fitting.append((event, people))
    event, people = t.pick(fitting, "no coming meeting whose people all have office numbers")
    names = {
        lookup.organizer(event): event["organizer"]["emailAddress"]["name"],
        **{
            a["emailAddress"]["address"].casefold(): a["emailAddress"]["name"]
            for a in event.get("attendees", [])
        },
    }
    day = _start(event).date()
    t.ask(
        [
            "[I'd like to ring|I need to call] the people on {meeting} {day}. [Give me|What "
            "are] their office numbers from my contacts? [Leave me out.|Not me, obviously.]",
            "From my contacts, [list|pull] the business phone number of everyone else on "
            "{meeting} {day}, organiser included.",
        ],
        meeting=[f"the {event['subject']}", f"'{event['subject']}'"],
        day=phrasing.on_day(t, day),
    )
    r1 = t.require("Give each other person on the meeting with their office number.")
    r2 = t.require(CHANGE_NOTHING)
    t.call("calendar_searchEvents", query=event["subject"])
    t.call_all("contacts_list")
    t.values(
        r1,
        "phones",
        [
            {
                "subject": f"person:{p}",
                "kind": "phone",
                "value": "".join(ch for ch in phones[p] if ch.isdigit()),
            }
            for p in people
        ],
    )
    t.footprint(r2)
    t.report(
        Report(
            opening=f"{{n}} other people are on {event['subject']}",
            count=len(people),
            items=[Item(names.get(p, p), [("office", phones[p])]) for p in people],
            noun="Person",
            columns=["Office phone"],
        )
    )
