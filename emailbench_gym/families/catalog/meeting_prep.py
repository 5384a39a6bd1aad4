"""Getting ready for a meeting: who has written about it, which to-dos prepare for it, a prep
to-do linked to the latest email about it, and the agenda sent to the attendees.

Read tasks are graded on the answer's claims (the people or to-dos, against all others);
write tasks on the to-do, the flag and the email sent (recipients exactly the attendees).
"""

from __future__ import annotations

from datetime import time, timedelta

from emailbench_gym.families import lookup, phrasing
from emailbench_gym.families.answers import Item, Report
from emailbench_gym.families.base import family
from emailbench_gym.families.builder import TaskBuilder


def _coming(t: TaskBuilder, with_facts: dict) -> list[dict]:
    """Coming meetings that the world links to mail or to-dos, with unique subjects."""
    found = []
    for event_id in with_facts:
        event = lookup.event_full(t, event_id)
        if (
            lookup.span(event)[0] > t.now
            and not event["isCancelled"]
            and lookup.unique_subject(t, event)
        ):
            found.append(event)
    return sorted(found, key=lambda e: lookup.span(e)[0])


def _forms(t: TaskBuilder, event: dict) -> list[str]:
    day = lookup.local(t, lookup.span(event)[0]).date()
    return [
        f"'{event['subject']}'",
        f"the {event['subject']} {phrasing.on_day(t, day)[t.rng.below(len(phrasing.on_day(t, day)))]}",
    ]


@family("meeting-prep", "D2", ["calendar", "messages"], "meeting prep")
def who_wrote_about_meeting(t: TaskBuilder) -> None:
    """The people who have emailed the persona about a coming meeting."""
    event = t.pick(_coming(t, t.facts.meeting_threads), "no coming meeting with mail about it")
    senders = []
    for message_id in t.facts.meeting_threads[event["id"]]:
        who = lookup.sender(t.read("messages_get", id=message_id))
        if lookup.is_person(t, who) and who not in senders:
            senders.append(who)
    t.require_that(1 <= len(senders) <= 6, "no one (or too many) wrote about it")
    t.ask(
        [
            "Before {meeting}: who has emailed me about it? Just the names.",
            "I'm preparing for {meeting}. Which people have sent me email about that meeting?",
        ],
        meeting=_forms(t, event),
    )
    r1 = t.require("Name exactly the people who emailed about the meeting.")
    r2 = t.require("Change nothing: it is a question.")
    t.call("calendar_getEvent", id=event["id"])
    t.call("messages_search", query=event["subject"], top=50)
    t.items(r1, "senders", "person", senders)
    t.footprint(r2)
    t.may_mark_read()
    attendees = [
        a for a in lookup.attendee_addresses(event) if a not in senders and lookup.is_person(t, a)
    ][:2]
    t.report(
        Report(
            opening=f"{{n}} {'person has' if len(senders) == 1 else 'people have'} emailed you "
            f"about {event['subject']}",
            count=len(senders),
            items=[Item(lookup.display_name(t, w)) for w in senders],
            excluded=[
                (Item(lookup.display_name(t, a)), "invited, but no email") for a in attendees
            ],
            noun="Person",
        )
    )


@family("meeting-prep", "D2", ["calendar", "todo"], "meeting prep")
def prep_todos_for_meeting(t: TaskBuilder) -> None:
    """The open to-dos that prepare for a coming meeting."""
    event = t.pick(_coming(t, t.facts.meeting_prep_tasks), "no coming meeting with prep to-dos")
    tasks = [lookup.todo_full(t, x) for x in t.facts.meeting_prep_tasks[event["id"]]]
    tasks = [x for x in tasks if x["status"] != "completed"]
    titles = [x["title"].casefold() for x in lookup.todo_tasks(t)]
    t.require_that(
        bool(tasks) and all(titles.count(x["title"].casefold()) == 1 for x in tasks),
        "no open prep to-do with its own title",
    )
    t.ask(
        [
            "What's still open on my to-do lists to prepare for {meeting}?",
            "Which of my unfinished to-dos are prep for {meeting}?",
        ],
        meeting=_forms(t, event),
    )
    r1 = t.require("Name exactly the open to-dos that prepare for the meeting.")
    r2 = t.require("Change nothing: it is a question.")
    t.call("calendar_getEvent", id=event["id"])
    t.call("todo_searchTasks", query=event["subject"])
    t.items(r1, "prep", "task", [x["id"] for x in tasks])
    t.footprint(r2)
    t.report(
        Report(
            opening=f"{{n}} open to-do{'s' if len(tasks) > 1 else ''} for {event['subject']}",
            count=len(tasks),
            items=[Item(x["title"]) for x in tasks],
            noun="To-do",
        )
    )


@family("meeting-prep", "D3", ["calendar", "messages", "todo"], "meeting prep")
def prep_todo_from_thread(t: TaskBuilder) -> None:
    """A prep to-do due the day before a meeting, linked to the latest email about it, flagged."""
    options = []
    for event in _coming(t, t.facts.meeting_threads):
        mail = [t.read("messages_get", id=m) for m in t.facts.meeting_threads[event["id"]]]
        mail = [m for m in mail if lookup.sender(m) != lookup.me(t)]
        if mail and lookup.local(t, lookup.span(event)[0]).date() > lookup.today(t) + timedelta(
            days=1
        ):
            options.append((event, max(mail, key=lookup.received)))
    event, latest = t.pick(options, "no meeting after tomorrow with received mail about it")
    t.require_that(
        sum(lookup.received(m) == lookup.received(latest) for m in lookup.all_mail(t)) == 1,
        "two emails arrived at the same moment",
    )
    day = lookup.local(t, lookup.span(event)[0]).date() - timedelta(days=1)
    title = f"Prep for {event['subject']}"
    t.require_that(all(x["title"] != title for x in lookup.todo_tasks(t)), "title taken")
    t.ask(
        [
            "Set me up for {meeting}: make a to-do '{title}' due the day before it, linked to "
            "the most recent email I received about the meeting, and flag that email.",
            "Add a to-do called '{title}' for the day before {meeting}; link it to the latest "
            "email I got about it and put a follow-up flag on that email.",
        ],
        meeting=_forms(t, event),
        title=title,
    )
    r1 = t.require("One to-do with that title, due the day before the meeting.")
    r2 = t.require("Linked to the latest email received about the meeting.")
    r3 = t.require("That email is flagged.")
    t.call("calendar_getEvent", id=event["id"])
    t.call("messages_search", query=event["subject"], top=50)
    t.call(
        "todo_createTask",
        title=title,
        dueDateTime=lookup.at(t, day, time(17, 0)).isoformat(),
        linkedMessageId=latest["id"],
    )
    t.call("messages_flag", id=latest["id"], flagStatus="flagged")
    query = {"collection": "todo_tasks", "where": [{"path": "title", "op": "eq", "value": title}]}
    t.check(r1, "one", "count", query=query, value=1)
    start, end = lookup.day_bounds(t, day)
    t.check(
        r1,
        "due",
        "state-check",
        query=query,
        expect=[
            {"path": "dueDateTime/dateTime", "op": "gte", "value": start.isoformat()},
            {"path": "dueDateTime/dateTime", "op": "lt", "value": end.isoformat()},
        ],
    )
    t.check(r2, "link", "property", query=query, path="linkedMessageId", expected=latest["id"])
    t.check(
        r3,
        "flag",
        "property",
        query={
            "collection": "messages",
            "where": [{"path": "id", "op": "eq", "value": latest["id"]}],
        },
        path="flag/flagStatus",
        expected="flagged",
    )
    t.latitude(
        "messages",
        "A follow-up flag may carry a due date; the request does not say.",
        ids=[latest["id"]],
        fields=["flag"],
    )
    t.may_mark_read()
    t.answer(f"Created '{title}' due {day:%d %B}, linked to '{latest['subject']}', flagged it.")


@family("meeting-prep", "D3", ["calendar", "messages", "contacts"], "meeting prep")
def send_agenda(t: TaskBuilder) -> None:
    """An agenda email to a meeting's attendees (exactly them), naming two discussion points."""
    found = [
        e
        for e in _coming(t, {e["id"]: 1 for e in lookup.all_events(t)})
        if lookup.organizer(e) == lookup.me(t) and 2 <= len(e.get("attendees", [])) <= 8
    ][:12]
    event = t.pick(found, "no coming meeting the persona organizes with attendees")
    project = t.rng.choice(t.facts.projects)
    points = t.sample(list(project.deliverables), 2)
    people = [a for a in lookup.attendee_addresses(event) if a != lookup.me(t)]
    t.ask(
        [
            "Email everyone invited to {meeting} (not me) an agenda with the subject 'Agenda: "
            "{subject}' covering the {a} and the {b}.",
            "Send the attendees of {meeting} an email titled 'Agenda: {subject}'. Points to "
            "cover: {a}, {b}.",
        ],
        meeting=_forms(t, event),
        subject=event["subject"],
        a=points[0],
        b=points[1],
    )
    r1 = t.require("One new email to exactly the meeting's invitees.")
    r2 = t.require("With that subject, naming both points.")
    t.call("calendar_getEvent", id=event["id"])
    t.call(
        "messages_send",
        subject=f"Agenda: {event['subject']}",
        body=f"Hi all, for {event['subject']}: 1. {points[0]} 2. {points[1]}",
        toRecipients=people,
    )
    envelope = {"kind": ["new"], "to": people}
    t.check(r1, "recipients", "sent-message", **envelope)
    t.check(
        r2,
        "content",
        "sent-message",
        **envelope,
        subject=[["agenda"]],
        body=[{"type": "answer-text", "statements": [[points[0]], [points[1]]]}],
    )
    t.answer(f"Sent the agenda to {len(people)} invitees.")
