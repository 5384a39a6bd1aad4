"""To-do lists and tasks: preparation for upcoming meetings, follow-ups linked to the emails
that asked for them, project work, the RSVP a conflict needs, and everyday admin."""

from __future__ import annotations

from datetime import datetime, timedelta

from emailbench_gym.api.models import ChecklistItem, DateTimeTimeZone, ItemBody, TodoList, TodoTask
from emailbench_gym.worlds.calendar import CalendarPlan, Meeting
from emailbench_gym.worlds.mail import Mail
from emailbench_gym.worlds.people import Org
from emailbench_gym.worlds.projects import Project
from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.text import render
from emailbench_gym.worlds.timeline import Timeline
from emailbench_gym.worlds.vocab import orgs as org_vocab

CHECKLIST = (
    "Get the latest numbers from {person}",
    "Check the {metric} figures",
    "Draft the summary",
    "Send to {person} for review",
    "Book a room",
    "Circulate the pre-read",
    "Agree the dates with {partner}",
    "Update the tracker",
    "Confirm attendees",
)


def build_todo(
    rng: Rng,
    org: Org,
    projects: list[Project],
    calendar: CalendarPlan,
    mails: list[Mail],
    timeline: Timeline,
    count: int,
) -> tuple[list[TodoList], list[TodoTask], dict[str, list[str]]]:
    """(lists, tasks, meeting id -> ids of the tasks that prepare for it)."""
    now = timeline.now
    lists = [TodoList(id="list-001", displayName="Tasks", wellknownListName="defaultList")]
    project_lists: dict[str, str] = {}
    for project in projects[: 1 + len(projects) // 3]:
        list_id = f"list-{len(lists) + 1:03d}"
        lists.append(
            TodoList(
                id=list_id,
                displayName=render(f"{project.codename} [Follow-ups|Prep|Actions|To-dos]", rng),
            )
        )
        project_lists[project.codename] = list_id
    if rng.chance(0.5):
        lists.append(
            TodoList(
                id=f"list-{len(lists) + 1:03d}",
                displayName=rng.choice(("Personal", "Admin", "Errands", "Someday")),
            )
        )
    default = "list-001"
    spare = (
        lists[-1].id
        if lists[-1].displayName in ("Personal", "Admin", "Errands", "Someday")
        else default
    )
    persona_people = [p for p in org.humans() if p.kind == "member"]
    specs: list[dict] = []

    def slot_values(project: Project | None) -> dict[str, str]:
        person = rng.choice(persona_people).given
        if project is None:
            return {
                "person": person,
                "metric": "budget",
                "partner": org.partners[0].short if org.partners else "the vendor",
            }
        return {
            "person": person,
            "metric": project.metric,
            "partner": project.partner.short
            if project.partner
            else (org.partners[0].short if org.partners else "the vendor"),
        }

    # The RSVPs the conflicts need.
    for first, second in calendar.conflicts:
        due = (
            timeline.at(timeline.today, 12)
            if timeline.at(timeline.today, 12) > now
            else timeline.at(timeline.next_workday(timeline.today, 1), 12)
        )
        specs.append(
            dict(
                title=f"RSVP to {second.subject} (conflicts with {first.subject})",
                list=default,
                due=due,
                status="notStarted",
                importance="normal",
                meeting=second,
                project=None,
            )
        )
    # Preparation for upcoming meetings (the to-dos that reference meeting topics).
    upcoming = [
        m
        for m in calendar.meetings
        if not m.all_day
        and m.start > now
        and m.kind in ("project", "review", "partner", "department")
        and m.my_response != "declined"
    ]
    for meeting in rng.shuffled(upcoming)[: max(2, count // 4)]:
        project = meeting.project
        what = project.deliverables[0] if project else rng.choice(org.company.industry.deliverables)  # type: ignore[union-attr]
        title = render(
            "[Prepare|Draft|Finish|Review] {what} for {meeting}",
            rng,
            {"what": what, "meeting": meeting.subject},
        )
        due = timeline.local(meeting.start - timedelta(hours=rng.choice((2, 18, 24, 48))))
        specs.append(
            dict(
                title=title,
                list=project_lists.get(project.codename, default) if project else default,
                due=due,
                status=rng.choice(("notStarted", "notStarted", "inProgress")),
                importance="high",
                meeting=meeting,
                project=project,
            )
        )
    # Follow-ups on mail that asked the persona for something (linked to it).
    asks = [
        m
        for m in mails
        if m.folder == "inbox"
        and m.thread.intent in ("request", "approval", "escalation")
        and m.in_reply_to is None
    ]
    for mail in rng.shuffled(asks)[: max(1, count // 4)]:
        project = mail.thread.project
        who = mail.author.given if mail.author else "them"
        title = render(
            "[Reply to|Get back to|Follow up with] {who} [on|about] {topic}",
            rng,
            {"who": who, "topic": mail.thread.topic or "their note"},
        )
        due = mail.due or timeline.at(timeline.next_workday(mail.sent.date(), 2), 17)
        status = (
            "completed"
            if due < now and rng.chance(0.5)
            else rng.choice(("notStarted", "inProgress", "waitingOnOthers"))
        )
        specs.append(
            dict(
                title=title,
                list=project_lists.get(project.codename, default) if project else default,
                due=due,
                status=status,
                importance="normal",
                link=mail,
                project=project,
            )
        )
    # Project work and admin, to the requested count.
    while len(specs) < count:
        if projects and rng.chance(0.6):
            project = rng.choice(projects)
            values = {
                "d": rng.choice(project.deliverables),
                "p": project.codename,
                "m": project.metric,
                "who": rng.choice(project.people or [org.manager]).given,
            }
            title = render(
                "[Review the {p} {d}|Send the {m} summary for {p} to {who}|Update the {p} {d}|Chase {who} for the {p} {d}|Sign off the {p} {d}]",
                rng,
                values,
            )
            list_id = project_lists.get(project.codename, default)
        else:
            project = None
            values = {
                "t": rng.choice(org_vocab.TRAININGS),
                "c": rng.choice([p.city.name for p in org.partners] or [org.company.city.name]),
            }
            title = render(
                "[Submit expense report|Complete {t} training|Book travel to {c}|Renew badge|Approve team timesheets|Write self-assessment|Plan team offsite]",
                rng,
                values,
            )
            list_id = spare
        days = rng.randint(-12, 21)
        due = timeline.at(
            timeline.next_workday(timeline.today + timedelta(days=days)), rng.choice((12, 17))
        )
        status = (
            "completed"
            if days < -2 and rng.chance(0.6)
            else rng.weighted(
                ("notStarted", "inProgress", "waitingOnOthers", "deferred", "completed"),
                (50, 25, 8, 5, 12),
            )
        )
        specs.append(
            dict(
                title=title,
                list=list_id,
                due=due if rng.chance(0.85) else None,
                status=status,
                importance=rng.weighted(("low", "normal", "high"), (20, 60, 20)),
                project=project,
            )
        )

    tasks = []
    prep: dict[str, list[str]] = {}
    seen: set[str] = set()
    checklist_counter = 0
    width = max(3, len(str(len(specs))) + 1)
    for spec in specs:
        if spec["title"] in seen:
            continue
        seen.add(spec["title"])
        task_id = f"task-{len(tasks) + 1:0{width}d}"
        project = spec.get("project")
        due: datetime | None = spec["due"]
        created = timeline.local(
            min(now, due or now) - timedelta(days=rng.randint(1, 12), hours=rng.randint(0, 8))
        )
        created = max(created, timeline.at(timeline.first_day, 8))
        completed = None
        if spec["status"] == "completed":
            done = min(now - timedelta(hours=1), (due or now) - timedelta(hours=rng.randint(0, 30)))
            completed = DateTimeTimeZone(
                dateTime=timeline.local(max(done, created + timedelta(hours=1))),
                timeZone=timeline.time_zone,
            )
        items = []
        if rng.chance(0.35):
            for text in rng.sample(CHECKLIST, rng.randint(2, 4)):
                checklist_counter += 1
                items.append(
                    ChecklistItem(
                        id=f"chk-{checklist_counter:03d}",
                        displayName=render(text, rng, slot_values(project)),
                        isChecked=spec["status"] == "completed" or rng.chance(0.4),
                    )
                )
        link: Mail | None = spec.get("link")
        meeting: Meeting | None = spec.get("meeting")
        body = ""
        if meeting is not None:
            body = f"For {meeting.subject} ({meeting.start:%a %d %b %H:%M})."
        elif link is not None:
            body = f"{link.author.name if link.author else 'They'} asked on {link.sent:%a %d %b}."
        tasks.append(
            TodoTask(
                id=task_id,
                listId=spec["list"],
                title=spec["title"],
                body=ItemBody(content=body),
                status=spec["status"],
                importance=spec["importance"],
                createdDateTime=created,
                dueDateTime=DateTimeTimeZone(dateTime=due, timeZone=timeline.time_zone)
                if due
                else None,
                completedDateTime=completed,
                reminderDateTime=DateTimeTimeZone(
                    dateTime=timeline.local(due - timedelta(hours=2)), timeZone=timeline.time_zone
                )
                if due and due > now and rng.chance(0.3)
                else None,
                categories=[project.label] if project is not None and rng.chance(0.7) else [],
                checklistItems=items,
                linkedMessageId=link.id if link is not None else None,
            )
        )
        if meeting is not None:
            prep.setdefault(meeting.id, []).append(task_id)
    return lists, tasks, prep
