"""Calendar: 7 read and 11 write operations (events, free/busy, meeting times, reminders, calendars).

Every event lives in one of the persona's calendars, so the persona's schedule is
the whole `events` collection (minus what they declined); other people's free/busy
comes from the events of this corpus that they organize or attend, each shown as that
person's own recorded response makes it (as Graph reads their calendar): declined
frees them, a tentative or unanswered invitation holds them tentative, an acceptance
shows the meeting's own status, whatever the persona answered. Times are
stored and returned in the mailbox time zone (`settings.timeZone`); a datetime
argument without an offset is read in that zone too.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any, Literal

from emailbench_gym.api.common import (
    apply_query,
    date_time_time_zone,
    email_address,
    localize,
    matches_words,
    nonempty,
    resolve_folder,
    unique_name,
    updated,
    zone,
)
from emailbench_gym.api.limits import (
    Addresses,
    DateTime,
    Duration,
    FilterText,
    Id,
    Minutes,
    Name,
    OrderByText,
    Query,
    Short,
    Skip,
    Text,
    Top,
    Written,
)
from emailbench_gym.api.models import (
    Attendee,
    Calendar,
    DateTimeTimeZone,
    EmailAddress,
    Event,
    Importance,
    ItemBody,
    Location,
    MeetingTimeSuggestion,
    Message,
    Recipient,
    Reminder,
    ResponseStatus,
    ResponseType,
    ScheduleInformation,
    ScheduleItem,
    ShowAs,
    TimeSlot,
)
from emailbench_gym.api.registry import operation
from emailbench_gym.api.results import EventSummary, Page, event_summary, everything, page, preview
from emailbench_gym.errors import ToolError
from emailbench_gym.mailbox import Mailbox, TransmissionKind

MAX_SEARCH_DAYS = 62  # the longest window findMeetingTimes scans (Graph's getSchedule limit)
SLOT = timedelta(minutes=30)
DEFAULT_WORKING_DAYS = 5
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
CALENDAR_COLORS = (
    "auto",
    "lightBlue",
    "lightGreen",
    "lightOrange",
    "lightGray",
    "lightYellow",
    "lightTeal",
    "lightPink",
    "lightBrown",
    "lightRed",
)
#: respondToEvent's `response` -> (the stored response status, the reply's subject prefix, how the
#: event then shows in free/busy, as Outlook does: busy, tentative, or free for a decline).
RESPONSES: dict[str, tuple[ResponseType, str, ShowAs]] = {
    "accept": ("accepted", "Accepted", "busy"),
    "tentativelyAccept": ("tentativelyAccepted", "Tentative", "tentative"),
    "decline": ("declined", "Declined", "free"),
}
#: A response that is not an acceptance -> how the invitation shows in that person's free/busy
#: (Outlook holds an unanswered invitation tentatively, as this corpus's own unanswered ones).
HELD: dict[str, ShowAs] = {
    "notResponded": "tentative",
    "tentativelyAccepted": "tentative",
    "declined": "free",
}


# --- time ------------------------------------------------------------------------------


def _instant(value: DateTimeTimeZone) -> datetime:
    """A stored event time as an aware datetime (a time without offset is in its own timeZone)."""
    if value.dateTime.tzinfo is not None:
        return value.dateTime
    return value.dateTime.replace(tzinfo=zone(value.timeZone))


def _span(event: Event) -> tuple[datetime, datetime]:
    return _instant(event.start), _instant(event.end)


def _check_order(start: datetime, end: datetime) -> None:
    if end <= start:
        raise ToolError(
            "invalid_arguments",
            f"endDateTime ({end.isoformat()}) must be after startDateTime ({start.isoformat()}).",
        )


def _window(mb: Mailbox, start: datetime, end: datetime) -> tuple[datetime, datetime]:
    """Localize a required [start, end) window and check its order."""
    start, end = localize(mb, start), localize(mb, end)
    _check_order(start, end)
    return start, end


# --- people ----------------------------------------------------------------------------


def _me(mb: Mailbox) -> Recipient:
    return Recipient(emailAddress=EmailAddress(name=mb.me.displayName, address=mb.me.mail))


def _same(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def _addresses(mb: Mailbox, values: list[str], argument: str) -> list[EmailAddress]:
    """Validated addresses (with directory names); a repeated address is an error."""
    out: list[EmailAddress] = []
    for value in values:
        found = email_address(mb, value, argument)
        if any(_same(found.address, seen.address) for seen in out):
            raise ToolError(
                "invalid_arguments", f"{argument}: {found.address!r} is listed more than once."
            )
        out.append(found)
    return out


def _find_attendee(event: Event, address: str) -> Attendee | None:
    return next((a for a in event.attendees if _same(a.emailAddress.address, address)), None)


def _meeting_show_as(event: Event) -> ShowAs:
    """How the meeting itself shows: the organizer's status, what an attendee who accepted sees.

    The persona's copy of an invitation they have not accepted shows their answer (HELD); the
    meeting then shows what accepting would show. A copy whose status is not the answer's
    kept the meeting's own (e.g. an invitation marked free).
    """
    held = HELD.get(event.responseStatus.response)
    if held is None or event.showAs != held:
        return event.showAs
    return RESPONSES["accept"][2]


def _status(mb: Mailbox, event: Event, address: str) -> ShowAs:
    """How the event shows in the free/busy of `address`, from that person's own response.

    The persona's calendar holds every event with their own status (free once declined); the
    organizer shows the meeting's status; an attendee their response's (HELD), or the
    meeting's once accepted; anyone else is free. A free meeting frees everyone.
    """
    if _same(address, mb.me.mail):
        return "free" if event.responseStatus.response == "declined" else event.showAs
    meeting = _meeting_show_as(event)
    if meeting == "free" or _same(event.organizer.emailAddress.address, address):
        return meeting
    attendee = _find_attendee(event, address)
    if attendee is None:
        return "free"
    return HELD.get(attendee.status.response, meeting)


# --- lookups and permissions -----------------------------------------------------------


def _events(mb: Mailbox) -> list[Event]:
    return mb.all("events")  # type: ignore[return-value]


def _spans(events: list[Event]) -> list[tuple[datetime, datetime, Event]]:
    """Every event with its span, earliest start first (what `_overlapping` reads)."""
    spans = [(*_span(e), e) for e in events]
    return sorted(spans, key=lambda s: s[0])


def _overlapping(mb: Mailbox, start: datetime | None, end: datetime | None) -> list[Event]:
    """Events overlapping [start, end) (either bound optional), earliest start first."""
    return [
        event
        for first, last, event in mb.derived("events", _spans)  # type: ignore[arg-type]
        if (end is None or first < end) and (start is None or last > start)
    ]


def _busy(mb: Mailbox, address: str, start: datetime, end: datetime) -> list[tuple[Event, ShowAs]]:
    """The events that make `address` unavailable in [start, end), with how each shows."""
    shown = (
        (e, _status(mb, e, address)) for e in _overlapping(mb, start, end) if not e.isCancelled
    )
    return [(e, status) for e, status in shown if status != "free"]


def _writable_calendar(mb: Mailbox, calendar_id: str) -> Calendar:
    calendar: Calendar = mb.require("calendars", calendar_id)
    if not calendar.canEdit:
        raise ToolError(
            "forbidden",
            f"Calendar {calendar.name!r} ({calendar.id}) is read-only. Use a calendar whose "
            "canEdit is true (see calendar_listCalendars).",
        )
    return calendar


def _writable_event(mb: Mailbox, event_id: str) -> Event:
    """An event on a calendar the persona may change (reminders and RSVPs need no more)."""
    event: Event = mb.require("events", event_id)
    _writable_calendar(mb, event.calendarId)
    return event


def _organized_event(mb: Mailbox, event_id: str, action: str) -> Event:
    """An event the persona organizes: only the organizer changes a meeting for everyone."""
    event = _writable_event(mb, event_id)
    organizer = event.organizer.emailAddress
    if not _same(organizer.address, mb.me.mail):
        raise ToolError(
            "forbidden",
            f"Only the organizer can {action} event {event.id} ({event.subject!r}); it is organized "
            f"by {organizer.name or organizer.address} <{organizer.address}>. "
            "Use calendar_respondToEvent to answer an invitation.",
        )
    return event


# --- notices ---------------------------------------------------------------------------


def _summary(event: Event) -> str:
    start, end = _span(event)
    lines = [
        f"When: {start:%A, %B %d, %Y %H:%M} - {end:%A, %B %d, %Y %H:%M} ({event.start.timeZone})"
    ]
    if event.location.displayName:
        lines.append(f"Where: {event.location.displayName}")
    return "\n".join(lines)


def _send_notice(
    mb: Mailbox,
    subject: str,
    to: list[EmailAddress],
    comment: str,
    event: Event,
    kind: TransmissionKind,
) -> Message:
    """Send a meeting notice (cancellation or response) from the persona; a copy stays in Sent Items."""
    content = "\n\n".join(part for part in (comment.strip(), _summary(event)) if part)
    message = Message(
        id=mb.new_id("messages"),
        conversationId=mb.new_id("conv"),
        parentFolderId=resolve_folder(mb, "sentitems").id,
        subject=subject,
        body=ItemBody(content=content),
        bodyPreview=preview(content),
        from_=_me(mb),
        toRecipients=[Recipient(emailAddress=a) for a in to],
        receivedDateTime=mb.now,
        sentDateTime=mb.now,
        isRead=True,
    )
    mb.transmit(message, kind, text=comment.strip(), in_reply_to=event.id)
    return mb.put("messages", message)  # type: ignore[return-value]


# --- read ------------------------------------------------------------------------------


@operation("calendar", "read")
def calendar_listCalendars(mb: Mailbox) -> Page[Calendar]:
    """List the persona's calendars (ids, names, which is the default, which are read-only)."""
    return everything(mb.all("calendars"))


@operation("calendar", "read")
def calendar_listEvents(
    mb: Mailbox,
    startDateTime: DateTime | None = None,
    endDateTime: DateTime | None = None,
    calendarId: Id | None = None,
    filter: FilterText | None = None,
    orderBy: OrderByText | None = None,
    top: Top = 50,
    skip: Skip = 0,
) -> Page[EventSummary]:
    """List events overlapping a time window, earliest first; cancelled events are included (isCancelled).

    Items are summaries with a bodyPreview; calendar_getEvent returns the full body.

    Args:
        startDateTime: Only events ending after this time; without an offset it is in the mailbox time zone.
        endDateTime: Only events starting before this time; without an offset it is in the mailbox time zone.
        calendarId: Only events of this calendar id (see calendar_listCalendars); omit for all calendars.
        filter: OData filter, e.g. "isCancelled eq false and contains(subject, 'Review')".
        orderBy: OData order, e.g. 'subject' or 'start/dateTime desc'; default start ascending.
        top: Maximum number of events to return.
        skip: Number of events to skip: the nextSkip of the previous page.
    """
    start = localize(mb, startDateTime) if startDateTime else None
    end = localize(mb, endDateTime) if endDateTime else None
    if start and end:
        _check_order(start, end)
    if calendarId is not None:
        mb.require("calendars", calendarId)
    events = [
        e for e in _overlapping(mb, start, end) if calendarId is None or e.calendarId == calendarId
    ]
    return page(
        apply_query(mb, events, Event, filter, orderBy), top, skip, mb.summaries(event_summary)
    )


@operation("calendar", "read")
def calendar_getEvent(mb: Mailbox, id: Id) -> Event:
    """Get one event with its attendees, their responses and the persona's own response.

    Args:
        id: Event id.
    """
    return mb.require("events", id)


@operation("calendar", "read")
def calendar_searchEvents(
    mb: Mailbox, query: Query, top: Top = 25, skip: Skip = 0
) -> Page[EventSummary]:
    """Search events by words in the subject, body, location, organizer or attendees; earliest first.

    Items are summaries with a bodyPreview; calendar_getEvent returns the full body.

    Args:
        query: Words that must all occur (case-insensitive, word prefixes), e.g. 'budget review'.
        top: Maximum number of events to return.
        skip: Number of matches to skip: the nextSkip of the previous page.
    """
    nonempty(query, "query")

    def text(event: Event) -> str:
        people = [event.organizer.emailAddress] + [a.emailAddress for a in event.attendees]
        parts = [event.subject, event.body.content, event.location.displayName]
        parts += [p for person in people for p in (person.name, person.address)]
        return "\n".join(parts)

    found = [e for e in _overlapping(mb, None, None) if matches_words(query, text(e))]
    return page(found, top, skip, mb.summaries(event_summary))


@operation("calendar", "read")
def calendar_getSchedule(
    mb: Mailbox, schedules: Addresses, startDateTime: DateTime, endDateTime: DateTime
) -> Page[ScheduleInformation]:
    """Get free/busy items of people (the persona included) in a time window, to check availability.

    Other people's calendars are not in this mailbox: their items are the events on the
    persona's calendars they organize or were invited to, each with the status their own
    response gives it (as on their calendar, whatever the persona answered): declined is
    free (no item), tentative or not yet answered is tentative, accepted (or the organizer)
    is the meeting's own status. Free time has no items; their working hours are not known.

    Args:
        schedules: Email addresses to look up, e.g. ['alex.morgan@example.com', 'sam.lee@example.com'].
        startDateTime: Window start; without an offset it is in the mailbox time zone.
        endDateTime: Window end; without an offset it is in the mailbox time zone.
    """
    if not schedules:
        raise ToolError("invalid_arguments", "schedules must list at least one email address.")
    start, end = _window(mb, startDateTime, endDateTime)
    result = []
    for person in _addresses(mb, schedules, "schedules"):
        items = [
            ScheduleItem(
                start=date_time_time_zone(mb, _instant(e.start)),
                end=date_time_time_zone(mb, _instant(e.end)),
                status=status,
                subject=e.subject,
            )
            for e, status in _busy(mb, person.address, start, end)
        ]
        is_me = _same(person.address, mb.me.mail)
        hours = mb.settings.workingHours if is_me else None
        result.append(
            ScheduleInformation(scheduleId=person.address, scheduleItems=items, workingHours=hours)
        )
    return everything(result)


def _weekday(day: date) -> str:
    return WEEKDAYS[day.weekday()]


def _working_days_after(mb: Mailbox, start: datetime, count: int) -> datetime:
    """The same clock time `count` working days after `start` (a week per day if none are set)."""
    hours = mb.settings.workingHours
    local = start.astimezone(zone(hours.timeZone))
    seen = 0
    for offset in range(1, 7 * count + 1):
        candidate = local + timedelta(days=offset)
        seen += _weekday(candidate.date()) in hours.daysOfWeek
        if seen == count:
            return candidate
    return local + timedelta(days=7 * count)


def _round_up(value: datetime) -> datetime:
    """The first half-hour boundary (of its own clock) at or after `value`."""
    past = timedelta(
        minutes=value.minute % 30, seconds=value.second, microseconds=value.microsecond
    )
    return value if not past else value - past + SLOT


@operation("calendar", "read")
def calendar_findMeetingTimes(
    mb: Mailbox,
    attendees: Addresses,
    durationMinutes: Duration = 30,
    startDateTime: DateTime | None = None,
    endDateTime: DateTime | None = None,
    maxCandidates: Top = 5,
) -> Page[MeetingTimeSuggestion]:
    """Suggest meeting slots when the persona and all attendees are free, within working hours; earliest first.

    Slots start on half-hour boundaries, on the persona's working days and hours
    (settings.workingHours), and never overlap a busy or tentative item of anyone involved,
    as calendar_getSchedule shows them (each person's own response to each event).

    Args:
        attendees: Email addresses of the other people to meet (the persona is always included).
        durationMinutes: Length of the meeting in minutes.
        startDateTime: Earliest start; default now. Without an offset it is in the mailbox time zone.
        endDateTime: Latest end; default 5 working days after the start. At most 62 days after the start.
        maxCandidates: Maximum number of suggestions.
    """
    people = _addresses(mb, attendees, "attendees")
    start = localize(mb, startDateTime) if startDateTime else mb.now
    end = (
        localize(mb, endDateTime)
        if endDateTime
        else _working_days_after(mb, start, DEFAULT_WORKING_DAYS)
    )
    _check_order(start, end)
    if end - start > timedelta(days=MAX_SEARCH_DAYS):
        raise ToolError(
            "invalid_arguments",
            f"The search window is limited to {MAX_SEARCH_DAYS} days; narrow startDateTime/endDateTime.",
        )
    busy = [
        _span(e)
        for address in [mb.me.mail, *(p.address for p in people)]
        for e, _ in _busy(mb, address, start, end)
    ]
    hours = mb.settings.workingHours
    tz = zone(hours.timeZone)
    opens, closes = time.fromisoformat(hours.startTime), time.fromisoformat(hours.endTime)
    duration = timedelta(minutes=durationMinutes)
    available = {p.address: "free" for p in people}
    suggestions: list[MeetingTimeSuggestion] = []
    day = start.astimezone(tz).date()
    while day <= end.astimezone(tz).date() and len(suggestions) < maxCandidates:
        if _weekday(day) in hours.daysOfWeek:
            slot = _round_up(max(datetime.combine(day, opens, tz), start.astimezone(tz)))
            close = min(datetime.combine(day, closes, tz), end)
            while slot + duration <= close and len(suggestions) < maxCandidates:
                if not any(first < slot + duration and slot < last for first, last in busy):
                    window = TimeSlot(
                        start=date_time_time_zone(mb, slot),
                        end=date_time_time_zone(mb, slot + duration),
                    )
                    suggestions.append(
                        MeetingTimeSuggestion(
                            meetingTimeSlot=window,
                            confidence=100.0,
                            attendeeAvailability=available,
                        )
                    )
                slot += SLOT
        day += timedelta(days=1)
    return everything(suggestions)


@operation("calendar", "read")
def calendar_listReminders(
    mb: Mailbox, startDateTime: DateTime, endDateTime: DateTime
) -> Page[Reminder]:
    """List the reminders that fire in a time window (events with reminders on, not cancelled); soonest first.

    Args:
        startDateTime: Window start; without an offset it is in the mailbox time zone.
        endDateTime: Window end; without an offset it is in the mailbox time zone.
    """
    start, end = _window(mb, startDateTime, endDateTime)
    due = []
    for event in _events(mb):
        fires = _instant(event.start) - timedelta(minutes=event.reminderMinutesBeforeStart)
        if event.isReminderOn and not event.isCancelled and start <= fires < end:
            due.append((fires, event))
    due.sort(key=lambda pair: pair[0])
    reminders = [
        Reminder(
            eventId=event.id,
            eventSubject=event.subject,
            eventStartTime=date_time_time_zone(mb, _instant(event.start)),
            reminderFireTime=date_time_time_zone(mb, fires),
            location=event.location,
        )
        for fires, event in due
    ]
    return everything(reminders)


# --- write -----------------------------------------------------------------------------


def _default_calendar(mb: Mailbox) -> Calendar:
    for calendar in mb.all("calendars"):
        if calendar.isDefaultCalendar:  # type: ignore[attr-defined]
            return calendar  # type: ignore[return-value]
    raise ToolError(
        "not_found", "There is no default calendar; pass calendarId (see calendar_listCalendars)."
    )


def _all_day(mb: Mailbox, start: datetime, end: datetime) -> tuple[datetime, datetime]:
    """Stretch [start, end) to whole days (midnight to midnight) in the mailbox time zone."""
    tz = zone(mb.settings.timeZone)
    local_end = end.astimezone(tz)
    last = local_end.date() if local_end.time() == time() else local_end.date() + timedelta(days=1)
    return (
        datetime.combine(start.astimezone(tz).date(), time(), tz),
        datetime.combine(last, time(), tz),
    )


@operation("calendar", "write")
def calendar_createEvent(
    mb: Mailbox,
    subject: Name,
    startDateTime: DateTime,
    endDateTime: DateTime,
    attendees: Addresses | None = None,
    location: Name | None = None,
    body: Text | None = None,
    calendarId: Id | None = None,
    isOnlineMeeting: bool = False,
    isAllDay: bool = False,
    reminderMinutesBeforeStart: Minutes = 15,
    importance: Importance = "normal",
) -> Event:
    """Create an event organized by the persona, shown as busy; attendees are invited.

    Invitations are not messages here: each attendee is on the event as notResponded, and
    nothing is added to Sent Items.

    Args:
        subject: Event title.
        startDateTime: Start; without an offset it is in the mailbox time zone, e.g. '2001-10-17T14:00:00'.
        endDateTime: End, after the start; without an offset it is in the mailbox time zone.
        attendees: Email addresses to invite, e.g. ['alex.morgan@example.com'].
        location: Where it takes place, e.g. 'EB 3321'.
        body: Description or agenda (plain text).
        calendarId: Calendar id (see calendar_listCalendars); omit for the default calendar.
        isOnlineMeeting: Whether it is an online meeting.
        isAllDay: All-day event: the times are stretched to whole days (midnight to midnight).
        reminderMinutesBeforeStart: Reminder lead time in minutes.
        importance: low, normal or high.
    """
    title = nonempty(subject, "subject")
    start, end = _window(mb, startDateTime, endDateTime)
    if isAllDay:
        start, end = _all_day(mb, start, end)
    calendar = _writable_calendar(mb, calendarId or _default_calendar(mb).id)
    invited = [
        Attendee(emailAddress=a, status=ResponseStatus(response="notResponded"))
        for a in _addresses(mb, attendees or [], "attendees")
    ]
    event = Event(
        id=mb.new_id("events"),
        calendarId=calendar.id,
        subject=title,
        body=ItemBody(content=body or ""),
        start=date_time_time_zone(mb, start),
        end=date_time_time_zone(mb, end),
        location=Location(displayName=(location or "").strip()),
        organizer=_me(mb),
        attendees=invited,
        isAllDay=isAllDay,
        isOnlineMeeting=isOnlineMeeting,
        importance=importance,
        reminderMinutesBeforeStart=reminderMinutesBeforeStart,
    )
    return mb.put("events", event)  # type: ignore[return-value]


@operation("calendar", "write")
def calendar_updateEvent(
    mb: Mailbox,
    id: Id,
    subject: Name | None = None,
    startDateTime: DateTime | None = None,
    endDateTime: DateTime | None = None,
    location: Name | None = None,
    body: Text | None = None,
    isOnlineMeeting: bool | None = None,
    importance: Importance | None = None,
) -> Event:
    """Change an event the persona organizes; only the arguments given change.

    Attendees are not notified: no update message is sent.

    Args:
        id: Event id.
        subject: New title.
        startDateTime: New start (the end does not move: pass endDateTime too to keep the length).
        endDateTime: New end, after the start.
        location: New location.
        body: New description (plain text).
        isOnlineMeeting: Whether it is an online meeting.
        importance: low, normal or high.
    """
    event = _organized_event(mb, id, "update")
    changes: dict[str, Any] = {}
    if subject is not None:
        changes["subject"] = nonempty(subject, "subject")
    if startDateTime is not None or endDateTime is not None:
        start = localize(mb, startDateTime) if startDateTime else _instant(event.start)
        end = localize(mb, endDateTime) if endDateTime else _instant(event.end)
        _check_order(start, end)
        changes.update(start=date_time_time_zone(mb, start), end=date_time_time_zone(mb, end))
    if location is not None:
        changes["location"] = Location(displayName=location.strip())
    if body is not None:
        changes["body"] = ItemBody(content=body)
    if isOnlineMeeting is not None:
        changes["isOnlineMeeting"] = isOnlineMeeting
    if importance is not None:
        changes["importance"] = importance
    if not changes:
        raise ToolError(
            "invalid_arguments",
            "Nothing to update: pass at least one of subject, startDateTime, endDateTime, "
            "location, body, isOnlineMeeting, importance.",
        )
    return mb.put("events", updated(event, **changes))  # type: ignore[return-value]


@operation("calendar", "write")
def calendar_deleteEvent(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Delete an event the persona organizes, without notifying anyone (calendar_cancelEvent notifies).

    Args:
        id: Event id.
    """
    event = _organized_event(mb, id, "delete")
    mb.delete("events", event.id)
    return {"deletedEventId": event.id, "subject": event.subject}


@operation("calendar", "write")
def calendar_cancelEvent(mb: Mailbox, id: Id, comment: Written = "") -> Event:
    """Cancel a meeting the persona organizes: it stays, marked isCancelled.

    Sends 'Canceled: <subject>' with the comment and the meeting's time to every attendee
    (a copy in Sent Items); with no attendees nothing is sent.

    Args:
        id: Event id.
        comment: Message to the attendees, e.g. the reason.
    """
    event = _organized_event(mb, id, "cancel")
    if event.isCancelled:
        raise ToolError("conflict", f"Event {event.id} ({event.subject!r}) is already cancelled.")
    cancelled = mb.put("events", updated(event, isCancelled=True))
    if event.attendees:
        invited = [a.emailAddress for a in event.attendees]
        _send_notice(mb, f"Canceled: {event.subject}", invited, comment, event, "cancellation")
    return cancelled  # type: ignore[return-value]


@operation("calendar", "write")
def calendar_respondToEvent(
    mb: Mailbox,
    id: Id,
    response: Literal["accept", "tentativelyAccept", "decline"],
    comment: Written = "",
    sendResponse: bool = True,
) -> Event:
    """Accept, tentatively accept or decline a meeting someone else organizes (RSVP).

    Your free/busy follows the answer: accept shows busy, tentative shows tentative, decline
    shows free (and the meeting leaves your schedule); other people's free/busy keeps their own
    responses. With sendResponse, '<Accepted|Tentative|
    Declined>: <subject>' with the comment goes to the organizer only (a copy in Sent Items).

    Args:
        id: Event id.
        response: accept, tentativelyAccept or decline.
        comment: Note to the organizer, sent with the response.
        sendResponse: Whether to send the response to the organizer; false records it silently.
    """
    event = _writable_event(mb, id)
    organizer = event.organizer.emailAddress
    if _same(organizer.address, mb.me.mail):
        raise ToolError(
            "forbidden",
            f"You organize event {event.id} ({event.subject!r}); only invitees respond. "
            "Use calendar_updateEvent or calendar_cancelEvent to change it.",
        )
    if event.isCancelled:
        raise ToolError(
            "conflict",
            f"Event {event.id} ({event.subject!r}) is cancelled; there is nothing to answer.",
        )
    status, prefix, show_as = RESPONSES[response]
    answer = ResponseStatus(response=status, time=mb.now)
    me = _find_attendee(event, mb.me.mail)
    if me is None:  # invited through a list: the persona joins the attendees to record the answer
        attendees = [*event.attendees, Attendee(emailAddress=_me(mb).emailAddress, status=answer)]
    else:
        attendees = [updated(a, status=answer) if a is me else a for a in event.attendees]
    answered = mb.put(
        "events", updated(event, responseStatus=answer, attendees=attendees, showAs=show_as)
    )
    if sendResponse:
        _send_notice(mb, f"{prefix}: {event.subject}", [organizer], comment, event, "eventResponse")
    return answered  # type: ignore[return-value]


@operation("calendar", "write")
def calendar_addAttendees(
    mb: Mailbox,
    id: Id,
    attendees: Addresses,
    type: Literal["required", "optional"] = "required",
) -> Event:
    """Invite more people to a meeting the persona organizes; they start as notResponded (no message is sent).

    Args:
        id: Event id.
        attendees: Email addresses to add, e.g. ['sam.lee@example.com'].
        type: required or optional attendance.
    """
    event = _organized_event(mb, id, "add attendees to")
    if not attendees:
        raise ToolError("invalid_arguments", "attendees must list at least one email address.")
    added = _addresses(mb, attendees, "attendees")
    for address in added:
        if _find_attendee(event, address.address):
            raise ToolError(
                "conflict",
                f"{address.address} is already an attendee of event {event.id}; nothing was added.",
            )
    invited = [
        Attendee(emailAddress=a, type=type, status=ResponseStatus(response="notResponded"))
        for a in added
    ]
    return mb.put("events", updated(event, attendees=[*event.attendees, *invited]))  # type: ignore[return-value]


@operation("calendar", "write")
def calendar_removeAttendees(mb: Mailbox, id: Id, attendees: Addresses) -> Event:
    """Remove people from a meeting the persona organizes; they are not notified.

    Args:
        id: Event id.
        attendees: Email addresses of current attendees to remove.
    """
    event = _organized_event(mb, id, "remove attendees from")
    if not attendees:
        raise ToolError("invalid_arguments", "attendees must list at least one email address.")
    for address in attendees:
        if _find_attendee(event, address.strip()) is None:
            current = ", ".join(a.emailAddress.address for a in event.attendees) or "none"
            raise ToolError(
                "not_found",
                f"attendees: {address!r} is not an attendee of event {event.id}. Current attendees: {current}.",
            )
    gone = {a.strip().casefold() for a in attendees}
    kept = [a for a in event.attendees if a.emailAddress.address.casefold() not in gone]
    return mb.put("events", updated(event, attendees=kept))  # type: ignore[return-value]


@operation("calendar", "write")
def calendar_setReminder(mb: Mailbox, id: Id, minutesBeforeStart: Minutes) -> Event:
    """Turn on an event's reminder and set how long before the start it fires.

    Args:
        id: Event id.
        minutesBeforeStart: Lead time in minutes, e.g. 60 for an hour before.
    """
    event = _writable_event(mb, id)
    return mb.put(  # type: ignore[return-value]
        "events", updated(event, isReminderOn=True, reminderMinutesBeforeStart=minutesBeforeStart)
    )


@operation("calendar", "write")
def calendar_dismissReminder(mb: Mailbox, id: Id) -> Event:
    """Turn off an event's reminder.

    Args:
        id: Event id.
    """
    event = _writable_event(mb, id)
    return mb.put("events", updated(event, isReminderOn=False))  # type: ignore[return-value]


@operation("calendar", "write")
def calendar_createCalendar(mb: Mailbox, name: Name, color: Short = "auto") -> Calendar:
    """Create a calendar owned by the persona.

    Args:
        name: Calendar name; must be unique.
        color: auto, lightBlue, lightGreen, lightOrange, lightGray, lightYellow, lightTeal, lightPink, lightBrown or lightRed.
    """
    title = nonempty(name, "name")
    shade = next((c for c in CALENDAR_COLORS if _same(c, color.strip())), None)
    if shade is None:
        raise ToolError(
            "invalid_arguments",
            f"color: {color!r} is not a calendar color. Accepted: {', '.join(CALENDAR_COLORS)}.",
        )
    unique_name(mb.all("calendars"), title, noun="calendar", argument="name", attribute="name")
    calendar = Calendar(
        id=mb.new_id("calendars"), name=title, color=shade, owner=_me(mb).emailAddress
    )
    return mb.put("calendars", calendar)  # type: ignore[return-value]


@operation("calendar", "write")
def calendar_deleteCalendar(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Delete a calendar and all its events, notifying nobody (not the default or a read-only calendar).

    Args:
        id: Calendar id (see calendar_listCalendars).
    """
    calendar = _writable_calendar(mb, id)
    if calendar.isDefaultCalendar:
        raise ToolError(
            "forbidden",
            f"{calendar.name!r} ({calendar.id}) is the default calendar and cannot be deleted.",
        )
    doomed = [e.id for e in _events(mb) if e.calendarId == calendar.id]
    for event_id in doomed:
        mb.delete("events", event_id)
    mb.delete("calendars", calendar.id)
    return {"deletedCalendarId": calendar.id, "deletedEventIds": doomed}
