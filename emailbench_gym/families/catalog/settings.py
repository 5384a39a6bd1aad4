"""Mailbox settings: scheduled automatic replies, working hours, signatures, category labels
and the time zone.

Graded on the settings in the end state (the fields asked for, each text holding what
the request says it must); the footprint keeps every other setting as it was.
"""

from __future__ import annotations

from datetime import time, timedelta

from emailbench_gym.families import lookup, phrasing
from emailbench_gym.families.base import family
from emailbench_gym.families.builder import TaskBuilder

SETTINGS = {"collection": "settings"}
DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def _expect(t: TaskBuilder, covers: str, check_id: str, conditions: list[dict]) -> None:
    t.check(covers, check_id, "state-check", query=SETTINGS, expect=conditions)


@family("settings", "D2", ["settings"], "settings")
def out_of_office(t: TaskBuilder) -> None:
    """Scheduled automatic replies for an absence, naming who covers."""
    start_day = lookup.today(t) + timedelta(days=t.rng.below(10) + 3)
    length = t.pick([2, 3, 5, 7])
    back = start_day + timedelta(days=length)
    cover = t.pick(
        [
            lookup.address(t, u)
            for u in t.facts.roles.get("peer", []) + t.facts.roles.get("report", [])
        ],
        "no one to cover",
    )
    cover_name = lookup.display_name(t, cover)
    external = t.rng.chance(0.5)
    t.ask(
        [
            "I'm away from {start} until {back}. Schedule automatic replies for that period "
            "saying I'm out and that {cover} is covering{external}.",
            "Set up my out-of-office: it should run from {start} to {back}, and tell people "
            "{cover} covers for me while I'm away{external}.",
        ],
        start=phrasing.day(t, start_day),
        back=phrasing.day(t, back),
        cover=phrasing.person(t, cover)[:1],
        external="; internal senders only" if not external else "",
    )
    r1 = t.require("Automatic replies are scheduled for exactly that period.")
    r2 = t.require(f"The reply says {cover_name} is covering.")
    r3 = t.require("External senders get it too." if external else "Only internal senders get it.")
    begin, end = lookup.day_bounds(t, start_day)[0], lookup.day_bounds(t, back)[0]
    message = f"I'm out of the office until {phrasing.date_long(back)}. {cover_name} is covering."
    t.call(
        "settings_setAutomaticReplies",
        status="scheduled",
        internalReplyMessage=message,
        externalReplyMessage=message if external else None,
        externalAudience="all" if external else "none",
        scheduledStartDateTime=begin.isoformat(),
        scheduledEndDateTime=end.isoformat(),
    )
    _expect(
        t,
        r1,
        "schedule",
        [
            {"path": "automaticRepliesSetting/status", "op": "eq", "value": "scheduled"},
            {
                "path": "automaticRepliesSetting/scheduledStartDateTime/dateTime",
                "op": "eq",
                "value": begin.isoformat(),
            },
            {
                "path": "automaticRepliesSetting/scheduledEndDateTime/dateTime",
                "op": "eq",
                "value": end.isoformat(),
            },
        ],
    )
    _expect(
        t,
        r2,
        "cover",
        [
            {
                "path": "automaticRepliesSetting/internalReplyMessage",
                "op": "icontains",
                "value": cover_name.split()[0],
            }
        ],
    )
    audience = [{"path": "automaticRepliesSetting/externalAudience", "op": "eq"}]
    if external:
        audience[0] |= {"op": "ne", "value": "none"}
        audience.append(
            {
                "path": "automaticRepliesSetting/externalReplyMessage",
                "op": "icontains",
                "value": cover_name.split()[0],
            }
        )
    else:
        audience[0]["value"] = "none"
    _expect(t, r3, "audience", audience)
    t.answer(f"Automatic replies scheduled {start_day:%d %B} to {back:%d %B}, naming {cover_name}.")


@family("settings", "D2", ["settings"], "settings")
def change_working_hours(t: TaskBuilder) -> None:
    """New working hours: days and times."""
    current, opens, closes = lookup.working_hours(t)
    options = [
        (DAYS[:5], time(8, 0), time(16, 0)),
        (DAYS[:5], time(9, 30), time(18, 0)),
        (DAYS[:4], time(8, 0), time(18, 0)),
        (DAYS[1:6], time(10, 0), time(18, 30)),
        (DAYS[:5], time(7, 0), time(15, 30)),
    ]
    days, start, end = t.pick(
        [o for o in options if (o[0], o[1], o[2]) != (current, opens, closes)]
    )
    span = f"{days[0].title()} to {days[-1].title()}"
    t.ask(
        [
            "Change my working hours to {span}, {start} to {end}.",
            "My hours are now {start}-{end}, {span}. Update my working hours.",
        ],
        span=span,
        start=phrasing.clock(start),
        end=phrasing.clock(end),
    )
    r1 = t.require(f"Working days {span}.")
    r2 = t.require(f"Working hours {start:%H:%M} to {end:%H:%M}, the time zone unchanged.")
    t.call(
        "settings_setWorkingHours",
        daysOfWeek=days,
        startTime=f"{start:%H:%M}",
        endTime=f"{end:%H:%M}",
    )
    _expect(t, r1, "days", [{"path": "workingHours/daysOfWeek", "op": "eq", "value": days}])
    _expect(
        t,
        r2,
        "hours",
        [
            {"path": "workingHours/startTime", "op": "eq", "value": f"{start:%H:%M}"},
            {"path": "workingHours/endTime", "op": "eq", "value": f"{end:%H:%M}"},
        ],
    )
    t.answer(f"Working hours set: {span}, {start:%H:%M}-{end:%H:%M}.")


@family("settings", "D2", ["settings"], "settings")
def new_signature(t: TaskBuilder) -> None:
    """A signature with the persona's name, a new title and a phone number."""
    name = t.me["displayName"]
    title = t.pick(["Director, Operations", "Head of Programs", "Principal Analyst", "Team Lead"])
    phone = f"+1 555 {t.rng.below(900) + 100:03d} {t.rng.below(9000) + 1000:04d}"
    t.ask(
        [
            "Replace my email signature with my name, my new title '{title}', and my phone "
            "number {phone}.",
            "Update my signature: name, then '{title}', then {phone}.",
        ],
        title=title,
        phone=phone,
    )
    r1 = t.require("The signature has the persona's name and the new title.")
    r2 = t.require("It has the phone number.")
    t.call("settings_setSignature", signature=f"{name}\n{title}\n{phone}")
    _expect(
        t,
        r1,
        "name-title",
        [
            {"path": "signature", "op": "icontains", "value": name},
            {"path": "signature", "op": "icontains", "value": title},
        ],
    )
    _expect(t, r2, "phone", [{"path": "signature", "op": "contains", "value": phone}])
    t.answer("Signature updated.")


@family("settings", "D2", ["settings"], "settings")
def add_label(t: TaskBuilder) -> None:
    """A new category label with a color."""
    taken = {label["displayName"].casefold() for label in lookup.labels(t)}
    project = t.rng.choice(t.facts.projects)
    name = t.pick(
        [
            n
            for n in (f"{project.codename} Vendors", "Board Prep", "Waiting On", "Expenses")
            if n.casefold() not in taken
        ]
    )
    color = f"preset{t.rng.below(25)}"
    t.ask(
        [
            "Add a new category called '{name}' with color {color}.",
            "Create a category label named '{name}' (color {color}).",
        ],
        name=name,
        color=color,
    )
    r1 = t.require(f"One label '{name}', color {color}.")
    t.call("settings_createLabel", displayName=name, color=color)
    query = {"collection": "labels", "where": [{"path": "displayName", "op": "eq", "value": name}]}
    t.check(r1, "one", "count", query=query, value=1)
    t.check(r1, "color", "property", query=query, path="color", expected=color)
    t.answer(f"Created the '{name}' category ({color}).")


@family("settings", "D3", ["settings"], "settings")
def relocate_settings(t: TaskBuilder) -> None:
    """A move abroad: new time zone, working hours there, and a signature line with the city."""
    zones = {
        "GMT Standard Time": "London",
        "W. Europe Standard Time": "Amsterdam",
        "Singapore Standard Time": "Singapore",
        "Tokyo Standard Time": "Tokyo",
        "AUS Eastern Standard Time": "Sydney",
    }
    offered = set(t.read("settings_listTimeZones")["items"])
    current = lookup.settings(t)["timeZone"]
    zone_id = t.pick(sorted(z for z in zones if z in offered and z != current), "no zone offered")
    city = zones[zone_id]
    start, end = t.pick([(time(8, 0), time(16, 30)), (time(9, 0), time(17, 30))])
    t.ask(
        [
            "I've relocated to {city}. Switch my mailbox time zone to {zone}, set my working "
            "hours to {start}-{end} there (Monday to Friday), and add a last line '{city} office' "
            "to my signature.",
            "Update my settings for the move to {city}: time zone {zone}; working hours Monday to "
            "Friday {start} to {end}; and append '{city} office' to the end of my signature.",
        ],
        city=city,
        zone=zone_id,
        start=phrasing.clock(start),
        end=phrasing.clock(end),
    )
    r1 = t.require(f"The mailbox time zone is {zone_id}.")
    r2 = t.require("Working hours Monday to Friday at those times, in that time zone.")
    r3 = t.require(f"The signature keeps its text and ends with '{city} office'.")
    signature = lookup.settings(t)["signature"]
    t.call("settings_setTimeZone", timeZone=zone_id)
    t.call(
        "settings_setWorkingHours",
        daysOfWeek=DAYS[:5],
        startTime=f"{start:%H:%M}",
        endTime=f"{end:%H:%M}",
        timeZone=zone_id,
    )
    t.call("settings_setSignature", signature=f"{signature}\n{city} office")
    _expect(t, r1, "zone", [{"path": "timeZone", "op": "eq", "value": zone_id}])
    _expect(
        t,
        r2,
        "hours",
        [
            {"path": "workingHours/daysOfWeek", "op": "eq", "value": DAYS[:5]},
            {"path": "workingHours/startTime", "op": "eq", "value": f"{start:%H:%M}"},
            {"path": "workingHours/endTime", "op": "eq", "value": f"{end:%H:%M}"},
            {"path": "workingHours/timeZone", "op": "eq", "value": zone_id},
        ],
    )
    _expect(
        t,
        r3,
        "signature",
        [
            {"path": "signature", "op": "regex", "value": f"{city} office\\s*$"},
            {"path": "signature", "op": "contains", "value": signature.splitlines()[0]},
        ],
    )
    t.answer(f"Time zone {zone_id}, hours {start:%H:%M}-{end:%H:%M}, signature updated.")
