"""Calendars and meetings: attendees who also write mail, responses, locations, all-day items,
and deliberate conflicts.

Every event is in one of the persona's calendars. Timed events never overlap one
another, except the deliberate conflict pairs: an upcoming meeting the persona accepted
and another, organised by someone else, that overlaps it and that the persona has not
answered. So a scheduling question has one right answer, and the conflicts a task asks
about are exactly the ones the world's facts list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from emailbench_gym.api.models import (
    Attendee,
    Calendar,
    DateTimeTimeZone,
    EmailAddress,
    Event,
    ItemBody,
    Location,
    Recipient,
    ResponseStatus,
)
from emailbench_gym.worlds.people import Org, Person
from emailbench_gym.worlds.projects import Project
from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.text import render
from emailbench_gym.worlds.timeline import Timeline
from emailbench_gym.worlds.vocab import orgs as org_vocab
from emailbench_gym.worlds.vocab import places

CALENDAR_COLORS = (
    "lightBlue",
    "lightGreen",
    "lightOrange",
    "lightTeal",
    "lightPink",
    "lightYellow",
)
DEADLINE_CALENDARS = ("Project Deadlines", "Key Dates", "Deadlines", "Milestones")

_BODIES = {
    "project": (
        "[Review|Walk through|Agree] the {deliverable} for {project}[ and the {metric} trend|]. {person} to [present|lead|bring the numbers].",
        "[Decision needed|Decide] on the {deliverable2}; [{person} to present options|options in the pre-read].",
        "{project} [checkpoint|review]: [status|risks|next steps], [then|and] the {deliverable}.",
    ),
    "team": (
        "[Weekly|Regular] [team|group] [sync|catch-up]: [priorities|blockers|updates] for the week.",
        "[Round the table|Quick round] on [priorities|open items], then [any blockers|AOB].",
    ),
    "one_on_one": (
        "[Regular|Standing] one-to-one.",
        "[Catch-up|Check-in]: [priorities|development|open items].",
    ),
    "department": (
        "{dept} [leadership|directors] [sync|meeting]: [plan|headcount|budget] and [updates|escalations].",
    ),
    "review": (
        "[Quarterly|Monthly] [review|results] with the leadership team; [each area|every function] presents [for ten minutes|its numbers].",
    ),
    "partner": (
        "[Review|Discuss] the {partner_doc} with {partner}[ and agree next steps|].",
        "{partner} [relationship|account] review: [performance|open issues|renewal].",
    ),
    "lunch": ("[Catch-up|Lunch] [over food|- my treat|, booked for two].",),
    "training": (
        "[Mandatory|Optional] session on {training}[; slides will be shared afterwards|].",
    ),
}


@dataclass(eq=False)
class Meeting:
    kind: str
    subject: str
    start: datetime
    end: datetime
    calendar: str  # "main" | "deadlines" | "holidays" | "team"
    organizer: Person | None  # None: the holiday calendar
    attendees: list[tuple[Person, str, str, datetime | None]] = field(default_factory=list)
    my_response: str = "organizer"
    my_response_time: datetime | None = None
    location: str = ""
    online: bool = False
    all_day: bool = False
    importance: str = "normal"
    categories: list[str] = field(default_factory=list)
    reminder: int | None = 15
    body: str = ""
    project: Project | None = None
    id: str = ""

    def people(self) -> list[Person]:
        found = [self.organizer] if self.organizer else []
        return found + [p for p, _, _, _ in self.attendees]


@dataclass(eq=False)
class CalendarPlan:
    calendars: list[Calendar]
    meetings: list[Meeting]  # in id order (chronological)
    conflicts: list[tuple[Meeting, Meeting]]


class _Schedule:
    """Timed meetings already placed, so a new one can be put where nothing else is."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.spans: list[tuple[datetime, datetime]] = []

    def free(self, start: datetime, end: datetime) -> bool:
        now = self.timeline.now
        if start < now < end:
            return False
        return all(end <= s or start >= e for s, e in self.spans)

    def place(
        self, rng: Rng, days: list[date], minutes: int, lunch: bool = False
    ) -> tuple[datetime, datetime] | None:
        tl = self.timeline
        for day in rng.shuffled(days)[:12]:
            if lunch:
                candidates = [(12, 0), (12, 30)]
            else:
                first = tl.work_start.hour * 60 + tl.work_start.minute
                last = tl.work_end.hour * 60 + tl.work_end.minute - minutes
                candidates = [
                    (m // 60, m % 60) for m in range(first + 30 - first % 30, last + 1, 30)
                ]
            for hour, minute in rng.shuffled(candidates):
                start = tl.at(day, hour, minute)
                end = start + timedelta(minutes=minutes)
                if self.free(start, end):
                    self.spans.append((start, end))
                    return start, end
        return None


def _response(rng: Rng, upcoming: bool) -> str:
    if upcoming:
        return rng.weighted(
            ("accepted", "tentativelyAccepted", "notResponded", "declined"), (60, 15, 20, 5)
        )
    return rng.weighted(("accepted", "tentativelyAccepted", "declined"), (85, 10, 5))


def _room(rng: Rng) -> str:
    floor = rng.randint(2, 30)
    return render(
        "[{word} Room ({floor}F)|Conference Room {floor}{letter}|{word}, floor {floor}|Room {floor}{nn} ({word})]",
        rng,
        {
            "word": rng.choice(places.MEETING_ROOM_WORDS),
            "floor": str(floor),
            "letter": rng.choice("ABCDEF"),
            "nn": f"{rng.randint(1, 40):02d}",
        },
    )


def build_calendar(
    rng: Rng,
    org: Org,
    projects: list[Project],
    timeline: Timeline,
    total: int,
    upcoming_target: int,
    conflicts: int,
    slots: dict[str, str],
) -> CalendarPlan:
    """About `total` events; `upcoming_target` after now; `conflicts` deliberate overlapping pairs."""
    persona, manager = org.persona, org.manager
    company = org.company
    holiday_owner = f"holidays@calendar.{company.domain}"
    country = places.COUNTRIES[company.city.country]
    deadline_name = rng.choice(DEADLINE_CALENDARS)
    calendars = [
        Calendar(
            id="cal-001",
            name="Calendar",
            color="auto",
            isDefaultCalendar=True,
            canEdit=True,
            owner=persona.address(),
        ),
        Calendar(
            id="cal-002",
            name=deadline_name,
            color=rng.choice(CALENDAR_COLORS),
            canEdit=True,
            owner=persona.address(),
        ),
        Calendar(
            id="cal-003",
            name=country.holiday_calendar,
            color="lightGreen",
            canEdit=False,
            owner=EmailAddress(name=country.holiday_calendar, address=holiday_owner),
        ),
    ]
    team_calendar = rng.chance(0.5)
    if team_calendar:
        calendars.append(
            Calendar(
                id="cal-004",
                name=rng.choice(("Team Calendar", "Team Leave", "Out of Office")),
                color=rng.choice(CALENDAR_COLORS),
                canEdit=True,
                owner=persona.address(),
            )
        )

    meetings: list[Meeting] = []
    schedule = _Schedule(timeline)
    today = timeline.today
    past_days = timeline.workdays_between(timeline.first_day, today - timedelta(days=1))
    future_days = timeline.workdays_between(today + timedelta(days=1), timeline.last_day)
    this_week = [d for d in timeline.workdays_between(today, timeline.week_of(today)[1])]
    soon = timeline.workdays_between(today, today + timedelta(days=9)) or future_days
    reports = org.with_role("report")
    peers = org.with_role("peer")
    execs = org.with_role("executive")
    partners = org.with_role("partner")
    colleagues = org.with_role("colleague")
    subjects: set[str] = set()

    def subject_for(template: str, extra: dict[str, str]) -> str | None:
        for _ in range(6):
            subject = render(template, rng, {**slots, **extra})
            if subject not in subjects:
                subjects.add(subject)
                return subject
        return None

    def invite(meeting: Meeting, people: list[Person], upcoming: bool) -> None:
        optional = 0.0 if meeting.kind in ("lunch", "one_on_one") else 0.12
        for person in people:
            if (
                person is meeting.organizer
                or person is persona
                or any(p is person for p, _, _, _ in meeting.attendees)
            ):
                continue
            response = _response(rng, upcoming)
            kind = "optional" if rng.chance(optional) else "required"
            when = None
            if response != "notResponded":
                earliest = max(
                    meeting.start - timedelta(days=10),
                    timeline.now - timedelta(days=40),
                    datetime.combine(
                        timeline.first_day, datetime.min.time(), tzinfo=timeline.now.tzinfo
                    ),
                )
                latest = min(meeting.start, timeline.now) - timedelta(minutes=30)
                if latest <= earliest:
                    latest = earliest + timedelta(minutes=30)
                when = timeline.local(
                    earliest
                    + timedelta(
                        minutes=rng.below(max(1, int((latest - earliest).total_seconds() // 60)))
                    )
                )
            meeting.attendees.append((person, kind, response, when))

    def mine(meeting: Meeting, upcoming: bool, forced: str | None = None) -> None:
        if meeting.organizer is persona:
            meeting.my_response = "organizer"
            return
        meeting.my_response = forced or _response(rng, upcoming)
        if meeting.my_response != "notResponded":
            meeting.my_response_time = timeline.local(
                min(meeting.start, timeline.now) - timedelta(hours=rng.randint(1, 72))
            )
        meeting.attendees.insert(
            0, (persona, "required", meeting.my_response, meeting.my_response_time)
        )

    def location(meeting: Meeting) -> None:
        if meeting.kind == "lunch":
            meeting.location = f"{rng.choice(places.VENUE_WORDS)} {rng.choice(places.VENUE_KINDS)}, {company.city.name}"
        elif meeting.kind == "partner" and rng.chance(0.4):
            partner = next((p.company for p in meeting.people() if p.kind == "guest"), None)
            meeting.location = (
                f"{partner.short} offices, {partner.street}" if partner else _room(rng)
            )
        elif rng.chance(0.2):
            meeting.online = True
            meeting.location = render(
                "[Video call|Online meeting|{room} / dial-in {phone}, code {code}]",
                rng,
                {
                    "room": _room(rng),
                    "phone": "+1 555 01" + f"{rng.randint(0, 99):02d}",
                    "code": str(rng.randint(1000, 9999)),
                },
            )
        else:
            meeting.location = _room(rng)

    def body(meeting: Meeting, extra: dict[str, str]) -> None:
        meeting.body = render(rng.choice(_BODIES[meeting.kind]), rng, {**slots, **extra})

    def project_slots(project: Project | None) -> dict[str, str]:
        if project is None:
            return {}
        return {
            "project": project.codename,
            "deliverable": project.deliverables[0],
            "deliverable2": project.deliverables[1],
            "metric": project.metric,
        }

    def make(
        kind: str,
        days: list[date],
        minutes: int,
        upcoming: bool,
        project: Project | None = None,
        forced: str | None = None,
    ) -> Meeting | None:
        extra = project_slots(project)
        extra["person"] = rng.choice(reports or peers).given
        organizer: Person
        people: list[Person]
        if kind == "project" and project is not None:
            organizer = rng.choice([persona, persona, project.lead, project.sponsor])
            people = (
                project.team
                + ([project.sponsor] if rng.chance(0.4) else [])
                + (project.partner_people[:1] if project.partner_people and rng.chance(0.4) else [])
            )
            template = f"{project.codename} [{'|'.join(project.meeting_kinds)}]"
        elif kind == "team":
            organizer = persona
            people = reports or peers
            template = f"[{org.function} Team Sync|{org.function} Weekly|Team Meeting|{org.function} Huddle]"
        elif kind == "one_on_one":
            other = rng.choice([manager, *reports[:3]])
            organizer = manager if other is manager else persona
            people = [other]
            template = f"{persona.given} / {other.given} [1:1|one-to-one|catch-up]"
        elif kind == "department":
            organizer = manager
            people = peers + ([org.with_role("assistant")[0]] if rng.chance(0.3) else [])
            template = (
                f"{org.department.name} [Leadership Meeting|Directors' Sync|Staff Meeting|Weekly]"
            )
        elif kind == "review":
            organizer = rng.choice([org.ceo, *execs[:2]]) if execs else org.ceo
            people = [manager, *rng.sample(execs, min(len(execs), 3))]
            template = (
                rng.choice(company.industry.meetings) if company.industry else "Operating Review"
            )
        elif kind == "partner" and partners:
            guest = rng.choice(partners)
            organizer = guest if rng.chance(0.5) else persona
            people = [guest, *rng.sample(reports + peers, min(len(reports + peers), 2))]
            extra["partner"] = guest.company.short
            extra["partner_doc"] = (
                rng.choice(guest.company.kind.documents) if guest.company.kind else "proposal"
            )
            template = f"[{guest.company.short} [Quarterly Review|Account Review|Check-in|Working Session]|Review with {guest.company.short}|{guest.company.short} / {company.short} [sync|meeting]]"
        elif kind == "lunch":
            guest = rng.choice(partners + colleagues + peers)
            organizer = persona if rng.chance(0.7) else guest
            people = [guest]
            template = f"Lunch with {guest.name}" + (
                f" ({guest.company.short})" if guest.kind == "guest" else ""
            )
        else:  # training, town hall
            kind = "training"
            organizer = rng.choice(colleagues or execs or [manager])
            people = rng.sample(reports + peers, min(len(reports + peers), 3))
            extra["training"] = rng.choice(org_vocab.TRAININGS)
            template = "[Training|Workshop|Session]: {training}"
        subject = subject_for(template, extra)
        if subject is None:
            return None
        placed = schedule.place(rng, days, minutes, lunch=kind == "lunch")
        if placed is None:
            subjects.discard(subject)
            return None
        meeting = Meeting(kind, subject, placed[0], placed[1], "main", organizer, project=project)
        mine(meeting, upcoming, forced)
        invite(meeting, people, upcoming)
        location(meeting)
        body(meeting, extra)
        if project is not None:
            meeting.categories = [project.label]
        meeting.importance = "high" if kind == "review" and rng.chance(0.5) else "normal"
        meeting.reminder = rng.choice((15, 15, 10, 30, 60))
        meetings.append(meeting)
        return meeting

    # Deliberate conflicts first: two upcoming meetings, organised by others, overlapping.
    pairs: list[tuple[Meeting, Meeting]] = []
    conflict_days = rng.shuffled(this_week[1:] or soon)[:conflicts] + rng.shuffled(soon)[:conflicts]
    for index in range(conflicts):
        day = conflict_days[index % len(conflict_days)]
        for _attempt in range(20):
            length_a = rng.choice((60, 90))
            first = timeline.work_start.hour * 60 + timeline.work_start.minute + 60
            start_minute = first + 30 * rng.below(
                max(1, (timeline.work_end.hour * 60 - first - length_a - 60) // 30)
            )
            a_start = timeline.at(day, start_minute // 60, start_minute % 60)
            a_end = a_start + timedelta(minutes=length_a)
            overlap = rng.choice((30, 30, 60)) if length_a >= 90 else 30
            b_start = a_end - timedelta(minutes=overlap)
            b_end = b_start + timedelta(minutes=rng.choice((60, 60, 90)))
            if (
                schedule.free(a_start, a_end)
                and schedule.free(b_start, b_end)
                and b_start > timeline.now
            ):
                break
        else:
            continue
        project_a = projects[index % len(projects)] if projects else None
        pair: list[Meeting] = []
        for which, (start, end) in enumerate(((a_start, a_end), (b_start, b_end))):
            if which == 0 and project_a is not None:
                organizer = project_a.sponsor if project_a.sponsor is not persona else manager
                subject = subject_for(
                    f"{project_a.codename} [{'|'.join(project_a.meeting_kinds)}]",
                    project_slots(project_a),
                )
                kind, people, project = "project", [*project_a.team, project_a.sponsor], project_a
            else:
                organizer = rng.choice(execs + partners + [manager]) if which else manager
                if organizer.kind == "guest":
                    kind, people, project = "partner", [organizer, *reports[:1]], None
                    subject = subject_for(
                        f"[{organizer.company.short} [Quarterly Review|Account Review]|Review with {organizer.company.short}]",
                        {},
                    )
                else:
                    kind, people, project = "review", [manager, *execs[:2]], None
                    subject = subject_for(
                        rng.choice(company.industry.meetings)
                        if company.industry
                        else "Operating Review",
                        {},
                    )
            if subject is None or organizer is persona:
                break
            meeting = Meeting(kind, subject, start, end, "main", organizer, project=project)
            mine(meeting, True, "accepted" if which == 0 else "notResponded")
            invite(meeting, people, True)
            location(meeting)
            extra = project_slots(project)
            extra["person"] = (reports or peers)[0].given
            if kind == "partner" and organizer.company.kind:
                extra["partner"] = organizer.company.short
                extra["partner_doc"] = organizer.company.kind.documents[0]
            body(meeting, extra)
            if project is not None:
                meeting.categories = [project.label]
            meeting.reminder = 15
            pair.append(meeting)
        if len(pair) == 2:
            schedule.spans += [(pair[0].start, pair[0].end), (pair[1].start, pair[1].end)]
            meetings.extend(pair)
            pairs.append((pair[0], pair[1]))

    # Regular meetings: upcoming first (this week and the next two), then the past.
    kinds = (
        "project",
        "project",
        "project",
        "team",
        "one_on_one",
        "department",
        "review",
        "partner",
        "lunch",
        "training",
    )
    weights = (14, 10, 6, 9, 8, 6, 5, 8, 5, 3)
    upcoming_count = sum(1 for m in meetings if m.start > timeline.now)
    timed_total = max(0, total - len(meetings))
    attempts = 0
    while timed_total > 0 and attempts < total * 6:
        attempts += 1
        upcoming = upcoming_count < upcoming_target
        kind = rng.weighted(kinds, weights)
        project = rng.choice(projects) if kind == "project" and projects else None
        days = (soon if rng.chance(0.6) else future_days) if upcoming else past_days
        if not days:
            continue
        minutes = (
            rng.choice((30, 60, 60, 60, 90))
            if kind not in ("lunch", "one_on_one")
            else (75 if kind == "lunch" else 30)
        )
        made = make(kind, days, minutes, upcoming, project)
        if made is not None:
            timed_total -= 1
            upcoming_count += upcoming

    # All-day items: holidays (read-only calendar), project deadlines, team leave.
    holiday_person = None
    for day, name in sorted(timeline.holidays.items()):
        if timeline.first_day <= day <= timeline.last_day:
            start = timeline.at(day, 0)
            meeting = Meeting(
                "holiday",
                name,
                start,
                timeline.at(day + timedelta(days=1), 0),
                "holidays",
                holiday_person,
                my_response="none",
                all_day=True,
                reminder=None,
                body=f"Public holiday ({country.name}).",
            )
            meetings.append(meeting)
    for project in projects:
        if timeline.first_day <= project.deadline <= timeline.last_day:
            due = project.deliverables[2]
            meeting = Meeting(
                "deadline",
                f"{project.codename} {due} due",
                timeline.at(project.deadline, 0),
                timeline.at(project.deadline + timedelta(days=1), 0),
                "deadlines",
                persona,
                all_day=True,
                reminder=1440,
                categories=[project.label],
                project=project,
            )
            meeting.body = render(
                "[Deadline|Due date] for the {project} {deliverable}[ to {person}|].",
                rng,
                {
                    **slots,
                    "project": project.codename,
                    "deliverable": due,
                    "person": project.sponsor.name,
                },
            )
            meetings.append(meeting)
    if team_calendar:
        for person in rng.sample(reports or peers, min(2, len(reports or peers))):
            day = rng.choice(future_days or past_days)
            length = rng.randint(1, 3)
            subject = f"{person.name} {rng.choice(('out of office', 'on leave', '- annual leave'))}"
            end = timeline.at(day + timedelta(days=length), 0)
            meeting = Meeting(
                "leave",
                subject,
                timeline.at(day, 0),
                end,
                "team",
                persona,
                all_day=True,
                reminder=None,
            )
            meetings.append(meeting)

    meetings.sort(key=lambda m: (m.start, m.subject))
    width = max(3, len(str(len(meetings))) + 1)
    for index, meeting in enumerate(meetings, 1):
        meeting.id = f"evt-{index:0{width}d}"
    return CalendarPlan(calendars, meetings, pairs)


def to_events(plan: CalendarPlan, timeline: Timeline) -> list[Event]:
    calendar_ids = {
        "main": "cal-001",
        "deadlines": "cal-002",
        "holidays": "cal-003",
        "team": "cal-004",
    }
    holiday_calendar = plan.calendars[2]
    events = []
    for m in plan.meetings:
        organizer = m.organizer.address() if m.organizer else holiday_calendar.owner
        attendees = [
            Attendee(
                emailAddress=p.address(),
                type=kind,
                status=ResponseStatus(response=response, time=when),
            )  # type: ignore[arg-type]
            for p, kind, response, when in m.attendees
        ]
        if m.all_day:
            show_as = "free"
        elif m.my_response in ("tentativelyAccepted", "notResponded"):
            show_as = "tentative"
        elif m.my_response == "declined":
            show_as = "free"
        else:
            show_as = "busy"
        events.append(
            Event(
                id=m.id,
                calendarId=calendar_ids[m.calendar],
                subject=m.subject,
                body=ItemBody(content=m.body),
                start=DateTimeTimeZone(dateTime=m.start, timeZone=timeline.time_zone),
                end=DateTimeTimeZone(dateTime=m.end, timeZone=timeline.time_zone),
                location=Location(displayName=m.location),
                organizer=Recipient(emailAddress=organizer),
                attendees=attendees,
                isAllDay=m.all_day,
                isOnlineMeeting=m.online,
                showAs=show_as,  # type: ignore[arg-type]
                importance=m.importance,  # type: ignore[arg-type]
                categories=m.categories,
                responseStatus=ResponseStatus(response=m.my_response, time=m.my_response_time),  # type: ignore[arg-type]
                isReminderOn=m.reminder is not None,
                reminderMinutesBeforeStart=m.reminder or 0,
            )
        )
    return events
