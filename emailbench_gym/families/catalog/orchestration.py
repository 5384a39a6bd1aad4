"""Work across domains: an email turned into a to-do and a reply, a card or a meeting made
from an email, an absence set up in settings and on the calendar, a project's mail given
a folder and a rule, cards handed over with an email, a meeting called off with its
prep to-dos closed, and a request answered with a meeting, a reply and a to-do.

Each part is graded the way its domain is (state, outgoing mail), and the footprint
keeps everything the request does not touch.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from emailbench_gym.families import lookup, phrasing
from emailbench_gym.families.base import family
from emailbench_gym.families.builder import TaskBuilder

DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def _titled(collection: str, title: str, field: str = "title") -> dict:
    return {"collection": collection, "where": [{"path": field, "op": "eq", "value": title}]}


def _by_id(collection: str, item_id: str) -> dict:
    return {"collection": collection, "where": [{"path": "id", "op": "eq", "value": item_id}]}


def _due_on(t: TaskBuilder, covers: str, check_id: str, query: dict, path: str, day) -> None:
    start, end = lookup.day_bounds(t, day)
    t.check(
        covers,
        check_id,
        "state-check",
        query=query,
        expect=[
            {"path": path, "op": "gte", "value": start.isoformat()},
            {"path": path, "op": "lt", "value": end.isoformat()},
        ],
    )


def _awaiting(t: TaskBuilder) -> list[dict]:
    found = []
    for message_id in t.facts.awaiting_reply:
        message = t.read("messages_get", id=message_id)
        who = lookup.sender(message)
        if (
            who in lookup.users(t)
            and lookup.is_person(t, who)
            and message["parentFolderId"].endswith("inbox")
            and lookup.unique_message_subject(t, message)
        ):
            found.append(message)
    return found


def _working_day(t: TaskBuilder, after: int):
    days, _o, _c = lookup.working_hours(t)
    day = lookup.today(t) + timedelta(days=after)
    while DAY_NAMES[day.weekday()] not in days:
        day += timedelta(days=1)
    return day


def _people(t: TaskBuilder) -> list[str]:
    roles = t.facts.roles
    return [*roles.get("peer", []), *roles.get("report", []), *roles.get("colleague", [])]


def _all_day_checks(t: TaskBuilder, covers: str, title: str, start, end) -> None:
    """One all-day event with that title from `start` to `end`."""
    query = _titled("events", title, "subject")
    t.check(covers, "one", "count", query=query, value=1)
    t.check(
        covers,
        "all-day",
        "state-check",
        query=query,
        expect=[
            {"path": "isAllDay", "op": "eq", "value": True},
            {"path": "start/dateTime", "op": "eq", "value": start.isoformat()},
            {"path": "end/dateTime", "op": "eq", "value": end.isoformat()},
        ],
    )


def _replies_checks(t: TaskBuilder, covers: str, start, end) -> None:
    """Automatic replies scheduled from `start` to `end`."""
    t.check(
        covers,
        "replies",
        "state-check",
        query={"collection": "settings"},
        expect=[
            {"path": "automaticRepliesSetting/status", "op": "eq", "value": "scheduled"},
            {
                "path": "automaticRepliesSetting/scheduledStartDateTime/dateTime",
                "op": "eq",
                "value": start.isoformat(),
            },
            {
                "path": "automaticRepliesSetting/scheduledEndDateTime/dateTime",
                "op": "eq",
                "value": end.isoformat(),
            },
        ],
    )


def _block_absence(
    t: TaskBuilder, first: date, back: date, title: str
) -> tuple[datetime, datetime]:
    """The reference's first two steps for an absence from `first` until `back`: automatic
    replies scheduled over it and an all-day event titled `title`; returns its bounds."""
    start, end = lookup.day_bounds(t, first)[0], lookup.day_bounds(t, back)[0]
    t.call(
        "settings_setAutomaticReplies",
        status="scheduled",
        internalReplyMessage=f"I'm away until {phrasing.date_long(back)} {back.year}.",
        scheduledStartDateTime=start.isoformat(),
        scheduledEndDateTime=end.isoformat(),
    )
    t.call(
        "calendar_createEvent",
        subject=title,
        startDateTime=start.isoformat(),
        endDateTime=end.isoformat(),
        isAllDay=True,
    )
    return start, end


def _replies_latitude(t: TaskBuilder) -> None:
    t.latitude(
        "settings",
        "The request does not say who gets the replies or what outside senders read.",
        fields=[
            "automaticRepliesSetting.externalAudience",
            "automaticRepliesSetting.externalReplyMessage",
        ],
    )


@family("cross-domain", "D2", ["messages", "todo"], "multi-step orchestration")
def todo_and_reply(t: TaskBuilder) -> None:
    """A to-do from a request email (linked, due a day) and a reply saying when it will be done."""
    message = t.pick(_awaiting(t), "no request awaiting a reply")
    who = lookup.sender(message)
    day = _working_day(t, t.rng.below(4) + 2)
    title = f"Reply on {lookup.bare_subject(message['subject'])}"
    t.require_that(all(x["title"] != title for x in lookup.todo_tasks(t)), "title taken")
    t.ask(
        [
            "Turn {whose} email '{subject}' into a to-do '{title}' due {day}, linked to the "
            "email, and reply to {them} that I'll get back to them by {day}.",
            "Add a to-do '{title}' (due {day}, linked to '{subject}') and answer {who} saying "
            "they'll hear from me by {day}.",
        ],
        whose=[phrasing.possessive(n) for n in phrasing.person(t, who)],
        who=phrasing.person(t, who),
        them=phrasing.person(t, who)[-1:],
        subject=message["subject"],
        title=title,
        day=phrasing.day(t, day),
    )
    r1 = t.require("One to-do with that title, due that day, linked to the email.")
    r2 = t.require("A reply to the email, to its sender only, giving that day.")
    t.call(
        "todo_createTask",
        title=title,
        dueDateTime=lookup.at(t, day, time(17, 0)).isoformat(),
        linkedMessageId=message["id"],
    )
    t.call(
        "messages_reply",
        id=message["id"],
        comment=f"Thanks, I'll get back to you by {phrasing.date_long(day)} {day.year}.",
    )
    query = _titled("todo_tasks", title)
    t.check(r1, "one-todo", "count", query=query, value=1)
    _due_on(t, r1, "due", query, "dueDateTime/dateTime", day)
    t.check(r1, "link", "property", query=query, path="linkedMessageId", expected=message["id"])
    t.check(
        r2,
        "reply",
        "sent-message",
        kind=["reply"],
        in_reply_to=message["id"],
        to=[who],
        body=[{"type": "answer-values", "values": [{"kind": "date", "value": day.isoformat()}]}],
    )
    t.may_mark_read()
    t.answer(f"To-do '{title}' added and {lookup.display_name(t, who)} told {day:%d %B}.")


@family("cross-domain", "D2", ["boards", "messages"], "multi-step orchestration")
def card_from_email(t: TaskBuilder) -> None:
    """A board card titled after an email, assigned to its sender, high priority."""
    mail = [
        m
        for m in _awaiting(t)
        if next(
            (u for u in lookup.users(t).values() if u["mail"].casefold() == lookup.sender(m)), None
        )
        and lookup.users(t)[lookup.sender(m)]["id"] in _people(t)
    ]
    message = t.pick(mail, "no request from a colleague cards can go to")
    board = t.pick(lookup.boards(t), "no board")
    first = min(lookup.columns(t, board["id"]), key=lambda c: c["order"])
    title = lookup.bare_subject(message["subject"])
    t.require_that(all(c["title"].casefold() != title.casefold() for c in lookup.cards(t)), "taken")
    who = lookup.sender(message)
    user_id = lookup.users(t)[who]["id"]
    t.ask(
        [
            "Make a card on the {board} board for the email '{subject}': call it '{title}', put "
            "it in {column}, assign it to whoever sent the email, high priority.",
            "Track '{subject}' on {board}: new card '{title}' in {column}, high priority, "
            "assigned to the email's sender.",
        ],
        board=board["name"],
        subject=message["subject"],
        title=title,
        column=first["name"],
    )
    r1 = t.require("One card with that title in that column.")
    r2 = t.require("Assigned to the email's sender only, high priority.")
    t.call("messages_get", id=message["id"])
    t.call(
        "boards_createTask",
        boardId=board["id"],
        columnId=first["id"],
        title=title,
        assigneeIds=[user_id],
        priority="high",
    )
    query = _titled("board_tasks", title)
    t.check(r1, "one", "count", query=query, value=1)
    t.check(r1, "column", "property", query=query, path="columnId", expected=first["id"])
    t.check(r2, "assignee", "property", query=query, path="assigneeIds", expected=[user_id])
    t.check(r2, "priority", "property", query=query, path="priority", expected="high")
    t.latitude(
        "board_tasks",
        "A card for an email may carry the email's gist as its description.",
        create=0,
        fields=["description"],
    )
    t.may_mark_read()
    t.answer(f"Card '{title}' on {board['name']} for {lookup.display_name(t, who)}.")


@family("cross-domain", "D2", ["messages", "calendar"], "multi-step orchestration")
def meeting_with_email_people(t: TaskBuilder) -> None:
    """A meeting with everyone on an email (sender and recipients but the persona), at a time."""
    options = []
    for message in lookup.folder_mail(t, "inbox"):
        people = sorted({lookup.sender(message), *lookup.recipients(message)} - {lookup.me(t)})
        if (
            2 <= len(people) <= 6
            and all(p in lookup.users(t) and lookup.is_person(t, p) for p in people)
            and lookup.unique_message_subject(t, message)
        ):
            options.append((message, people))
    message, people = t.pick(options, "no email among two to six colleagues")
    day = _working_day(t, t.rng.below(4) + 1)
    suggestions = t.read(
        "calendar_findMeetingTimes",
        attendees=[lookup.me(t)],
        durationMinutes=30,
        startDateTime=lookup.day_bounds(t, day)[0].isoformat(),
        endDateTime=lookup.day_bounds(t, day)[1].isoformat(),
        maxCandidates=10,
    )["items"]
    slot = t.pick(suggestions, "no free half hour that day")
    start = lookup.local(t, slot["meetingTimeSlot"]["start"]["dateTime"])
    end = start + timedelta(minutes=30)
    title = f"Discuss: {lookup.bare_subject(message['subject'])}"
    t.require_that(all(e["subject"] != title for e in lookup.all_events(t)), "title taken")
    t.ask(
        [
            "Set up a 30-minute meeting '{title}' {day} at {time} with everyone on the email "
            "'{subject}' (the sender and all the recipients, except me).",
            "Book '{title}' for {day}, {time}, half an hour, and invite all the people on "
            "'{subject}' apart from me.",
        ],
        title=title,
        day=phrasing.on_day(t, day),
        time=phrasing.clock(start.time()),
        subject=message["subject"],
    )
    r1 = t.require("One 30-minute meeting with that title at that time.")
    r2 = t.require("Its invitees are exactly the email's other people.")
    t.call("messages_get", id=message["id"])
    t.call(
        "calendar_createEvent",
        subject=title,
        startDateTime=start.isoformat(),
        endDateTime=end.isoformat(),
        attendees=people,
    )
    query = _titled("events", title, "subject")
    t.check(r1, "one", "count", query=query, value=1)
    t.check(r1, "start", "property", query=query, path="start/dateTime", expected=start.isoformat())
    t.check(r1, "end", "property", query=query, path="end/dateTime", expected=end.isoformat())
    t.check(
        r2,
        "invitees",
        "state-check",
        query=query,
        expect=[
            *({"path": "attendees/emailAddress/address", "op": "eq", "value": p} for p in people),
            {"path": "attendees/type", "op": "eq", "value": ["required"] * len(people)},
        ],
    )
    t.may_mark_read()
    t.answer(f"Booked '{title}' {start:%A %d %B %H:%M} with {len(people)} people.")


@family("cross-domain", "D2", ["messages", "todo", "contacts"], "multi-step orchestration")
def email_contact_and_todo(t: TaskBuilder) -> None:
    """An email asking an outside contact (address only in contacts) for a deliverable, and a
    to-do to chase it on a day."""
    names = [c["displayName"].casefold() for c in lookup.contacts(t)]
    outside = [
        c
        for c in lookup.contacts(t)
        if lookup.contact_address(c)
        and not lookup.internal(t, lookup.contact_address(c) or "")
        and lookup.is_person(t, lookup.contact_address(c) or "")
        and names.count(c["displayName"].casefold()) == 1
    ]
    contact = t.pick(outside, "no outside contact")
    address = lookup.contact_address(contact) or ""
    project = t.rng.choice(t.facts.projects)
    thing = t.rng.choice(project.deliverables)
    subject = f"{project.codename}: {thing}"
    day = _working_day(t, t.rng.below(5) + 2)
    title = f"Chase {contact['displayName']} for the {thing}"
    t.require_that(all(x["title"] != title for x in lookup.todo_tasks(t)), "title taken")
    t.ask(
        [
            "Email {who} (their address is in my contacts), subject '{subject}', asking them to "
            "send me the {thing}, and add a to-do '{title}' due {day}.",
            "Two things: [write to|send a new email to] {who} from my contacts, subject "
            "'{subject}', requesting the {thing}; then a to-do '{title}' for {day}.",
        ],
        who=contact["displayName"],
        subject=subject,
        thing=thing,
        title=title,
        day=phrasing.day(t, day),
    )
    r1 = t.require("One new email to exactly that contact's address, with that subject.")
    r2 = t.require("One to-do with that title, due that day.")
    t.call("contacts_search", query=contact["displayName"])
    t.call(
        "messages_send",
        subject=subject,
        body=f"Hello, could you send me the {thing}? Many thanks.",
        toRecipients=[address],
    )
    t.call("todo_createTask", title=title, dueDateTime=lookup.at(t, day, time(17, 0)).isoformat())
    t.check(
        r1,
        "sent",
        "sent-message",
        kind=["new"],
        to=[address],
        subject=[[project.codename]],
        body=[{"type": "answer-text", "statements": [[thing]]}],
    )
    query = _titled("todo_tasks", title)
    t.check(r2, "one-todo", "count", query=query, value=1)
    _due_on(t, r2, "due", query, "dueDateTime/dateTime", day)
    t.answer(f"Emailed {contact['displayName']} and added '{title}' for {day:%d %B}.")


@family("cross-domain", "D3", ["boards", "messages"], "multi-step orchestration")
def chase_column_card_holders(t: TaskBuilder) -> None:
    """Everyone but the persona holding a card in one open column of a board emailed once,
    naming exactly their own cards there."""
    titles = [c["title"].casefold() for c in lookup.cards(t)]
    me = t.me["id"]
    options = []
    for board in lookup.boards(t):
        done = lookup.done_column(t, board["id"])["id"]
        for column in lookup.columns(t, board["id"]):
            cards = [c for c in lookup.cards(t, board["id"]) if c["columnId"] == column["id"]]
            holders = sorted({p for c in cards for p in c["assigneeIds"] if p != me})
            if (
                column["id"] != done
                # an email about "Not Started" cards reads as denying them (claim reader)
                and not column["name"].casefold().startswith("not ")
                and len(cards) >= 2
                and 2 <= len(holders) <= 4
                and all(titles.count(c["title"].casefold()) == 1 for c in cards)
                and all(lookup.is_person(t, lookup.address(t, p)) for p in holders)
            ):
                options.append((board, column, cards, holders))
    board, column, cards, holders = t.pick(options, "no open column with cards of 2 to 4 people")
    t.ask(
        [
            "Everyone (apart from me) who has a card in the {column} column of my {board} board "
            "should get an email from me: one per person, listing only their own cards in that "
            "column, asking [how they're getting on|for a quick status update].",
            "Chase the {column} cards on {board}: send each assignee except me a single email "
            "naming just the cards in {column} they're assigned to, and ask where they stand.",
        ],
        column=column["name"],
        board=board["name"],
    )
    t.call_all("boards_listTasks", boardId=board["id"])
    for index, person in enumerate(holders):
        to = lookup.address(t, person)
        theirs = [c for c in cards if person in c["assigneeIds"]]
        covers = t.require(
            f"One email to {lookup.display_name(t, to)} naming exactly their cards in the column."
        )
        t.call(
            "messages_send",
            subject=f"{board['name']}: {column['name']}",
            body="Your cards in "
            + column["name"]
            + ": "
            + "; ".join(c["title"] for c in theirs)
            + ". How are they going?",
            toRecipients=[to],
        )
        t.check(
            covers,
            f"email-{index + 1}",
            "sent-message",
            kind=["new"],
            to=[to],
            body=[{"type": "answer-items", "kind": "card", "members": [c["id"] for c in theirs]}],
        )
    t.answer(
        f"Emailed {len(holders)} people about their {column['name']} cards on {board['name']}."
    )


@family("multi-domain", "D2", ["settings", "calendar"], "multi-step orchestration")
def away_on_calendar_and_replies(t: TaskBuilder) -> None:
    """An absence: scheduled automatic replies and an all-day event over the same days."""
    first = lookup.today(t) + timedelta(days=t.rng.below(10) + 3)
    length = t.pick([1, 2, 3, 5])
    back = first + timedelta(days=length)
    title = t.pick(["Out of office", "Annual leave", "Away"])
    t.require_that(all(e["subject"] != title for e in lookup.all_events(t)), "title taken")
    t.ask(
        [
            "I'm off from {first} and back {back}. Put an all-day '{title}' event on my calendar "
            "for those days, and turn on automatic replies for the same period saying I'm away "
            "until {back}.",
            "Block my calendar with an all-day '{title}' from {first} until I'm back on {back}, "
            "and schedule my out-of-office replies for the same dates.",
        ],
        first=phrasing.day(t, first),
        back=phrasing.day(t, back),
        title=title,
    )
    r1 = t.require("One all-day event with that title covering exactly the days away.")
    r2 = t.require("Automatic replies scheduled for exactly that period.")
    start, end = lookup.day_bounds(t, first)[0], lookup.day_bounds(t, back)[0]
    t.call(
        "calendar_createEvent",
        subject=title,
        startDateTime=start.isoformat(),
        endDateTime=end.isoformat(),
        isAllDay=True,
    )
    t.call(
        "settings_setAutomaticReplies",
        status="scheduled",
        internalReplyMessage=f"I'm away until {phrasing.date_long(back)}.",
        scheduledStartDateTime=start.isoformat(),
        scheduledEndDateTime=end.isoformat(),
    )
    _all_day_checks(t, r1, title, start, end)
    _replies_checks(t, r2, start, end)
    _replies_latitude(t)
    t.answer(f"Blocked {first:%d %B} to {back:%d %B} and scheduled your automatic replies.")


@family("multi-domain", "D3", ["folders", "filters", "messages"], "multi-step orchestration")
def project_folder_and_rule(t: TaskBuilder) -> None:
    """A project's folder, a rule filing mail whose subject names it, and its inbox mail filed."""
    taken = {f["displayName"].casefold() for f in lookup.folders(t)}
    options = []
    for project in t.facts.projects:
        word = project.codename.casefold()
        mail = [m for m in lookup.folder_mail(t, "inbox") if word in m["subject"].casefold()]
        if word not in taken and 2 <= len(mail) <= 20 and not lookup.rules_on_subject(t, word):
            options.append((project, mail))
    project, mail = t.pick(options, "no project with inbox mail, no folder and no rule")
    t.ask(
        [
            "Give {name} its own top-level folder called '{name}', add a rule that moves "
            "incoming mail with '{name}' in the subject there, and move the inbox emails whose "
            "subject mentions {name} into it now.",
            "I want {name} mail out of my inbox: new top-level folder '{name}', a rule for "
            "subjects containing '{name}' that files them there, and the existing inbox ones "
            "moved too.",
        ],
        name=project.codename,
    )
    r1 = t.require(f"A top-level folder '{project.codename}'.")
    r2 = t.require("One rule on subjects with the name, moving mail into that folder.")
    r3 = t.require("The inbox emails whose subject names it are in the folder; no others moved.")
    made = t.call("folders_create", displayName=project.codename)
    t.call(
        "filters_create",
        displayName=f"File {project.codename}",
        subjectContains=[project.codename],
        moveToFolder=made.ref("id"),
    )
    t.call("messages_search", query=project.codename, top=50)
    t.call("messages_batchMove", messageIds=[m["id"] for m in mail], destinationId=made.ref("id"))
    folder = _titled("folders", project.codename, "displayName")
    t.check(
        r1,
        "folder",
        "state-check",
        query=folder,
        expect=[{"path": "parentFolderId", "op": "eq", "value": None}],
    )
    rules = {
        "collection": "filters",
        "where": [
            {"path": "conditions/subjectContains", "op": "icontains", "value": project.codename}
        ],
    }
    t.check(r2, "one-rule", "count", query=rules, value=1)
    t.check(
        r2,
        "rule-target",
        "state-check",
        query=rules,
        expect=[{"path": "actions/moveToFolder", "op": "eq", "value": {"$ids": folder}}],
    )
    t.check(
        r3,
        "filed",
        "moved-message",
        message_ids=[m["id"] for m in mail],
        folder=project.codename,
        exact=True,
    )
    t.answer(f"Folder, rule and {len(mail)} emails filed for {project.codename}.")


@family("orchestration", "D3", ["boards", "messages"], "multi-step orchestration")
def hand_over_with_email(t: TaskBuilder) -> None:
    """One person's open cards on a board given to another, who is emailed the card titles."""
    options = []
    titles = [c["title"].casefold() for c in lookup.cards(t)]
    for board in lookup.boards(t):
        done = lookup.done_column(t, board["id"])["id"]
        for person in _people(t):
            mine = [
                c
                for c in lookup.cards(t, board["id"])
                if c["columnId"] != done
                and c["assigneeIds"] == [person]
                and titles.count(c["title"].casefold()) == 1
            ]
            if 1 <= len(mine) <= 5:
                options.append((board, person, mine))
    board, person, mine = t.pick(options, "no one alone on open cards")
    other = t.pick([p for p in _people(t) if p != person])
    to = lookup.address(t, other)
    t.ask(
        [
            "On {board}, move every unfinished card that only {a} is assigned to over to {b}, "
            "then email {b} the list of card titles they've taken over.",
            "{a} is out: reassign their open cards on the {board} board (the ones they hold "
            "alone) to {b}, and send {b} an email listing those cards.",
        ],
        board=board["name"],
        a=phrasing.person(t, lookup.address(t, person))[:1],
        b=phrasing.person(t, to),
    )
    r1 = t.require("Each of those cards is assigned to the new person only.")
    r2 = t.require("One email to the new person naming every card handed over.")
    t.call_all("boards_listTasks", boardId=board["id"])
    for card in mine:
        t.call("boards_assignTask", id=card["id"], assigneeIds=[other])
    t.call(
        "messages_send",
        subject=f"{board['name']}: cards handed over",
        body="You now have: " + "; ".join(c["title"] for c in mine) + ".",
        toRecipients=[to],
    )
    for index, card in enumerate(mine):
        t.check(
            r1,
            f"card-{index + 1}",
            "property",
            query=_by_id("board_tasks", card["id"]),
            path="assigneeIds",
            expected=[other],
        )
    t.check(
        r2,
        "email",
        "sent-message",
        kind=["new"],
        to=[to],
        body=[{"type": "answer-text", "statements": [[c["title"]] for c in mine]}],
    )
    t.answer(f"Handed {len(mine)} cards to {lookup.display_name(t, to)} and emailed the list.")


@family("orchestration", "D2", ["calendar", "todo"], "multi-step orchestration")
def call_off_meeting_and_prep(t: TaskBuilder) -> None:
    """A meeting the persona organizes cancelled, and its open prep to-dos completed."""
    options = []
    for event_id, task_ids in t.facts.meeting_prep_tasks.items():
        event = lookup.event_full(t, event_id)
        tasks = [lookup.todo_full(t, x) for x in task_ids]
        tasks = [x for x in tasks if x["status"] != "completed"]
        if (
            lookup.organizer(event) == lookup.me(t)
            and lookup.span(event)[0] > t.now
            and not event["isCancelled"]
            and event.get("attendees")
            and tasks
            and lookup.unique_subject(t, event)
        ):
            options.append((event, tasks))
    event, tasks = t.pick(options, "no coming meeting of the persona's with prep to-dos")
    t.ask(
        [
            "'{subject}' is off. Cancel it (tell the invitees it will be rescheduled) and mark "
            "its prep to-dos complete.",
            "Call off '{subject}' with a note that we'll find a new date, and close the open "
            "to-dos that were preparation for it.",
        ],
        subject=event["subject"],
    )
    r1 = t.require("The meeting is cancelled, with a note to the invitees.")
    r2 = t.require("Its open prep to-dos are completed; other to-dos untouched.")
    t.call("calendar_cancelEvent", id=event["id"], comment="We'll reschedule; new date to follow.")
    t.call("todo_searchTasks", query=event["subject"])
    for task in tasks:
        t.call("todo_completeTask", id=task["id"])
    t.check(
        r1,
        "cancelled",
        "property",
        query=_by_id("events", event["id"]),
        path="isCancelled",
        expected=True,
    )
    t.check(
        r1,
        "notice",
        "sent-message",
        kind=["cancellation"],
        in_reply_to=event["id"],
        to=lookup.attendee_addresses(event),
    )
    t.check(
        r2,
        "completed",
        "state-check",
        query={
            "collection": "todo_tasks",
            "where": [{"path": "id", "op": "in", "value": [x["id"] for x in tasks]}],
        },
        min_matches=len(tasks),
        expect=[{"path": "status", "op": "eq", "value": "completed"}],
    )
    t.answer(f"Cancelled {event['subject']} and completed {len(tasks)} prep to-dos.")


@family("orchestration", "D3", ["messages", "calendar", "todo"], "multi-step orchestration")
def request_to_meeting_reply_todo(t: TaskBuilder) -> None:
    """A request answered three ways: a meeting at the earliest shared free hour tomorrow or
    the day after, a reply with the time, and a prep to-do due that day."""
    message = t.pick(_awaiting(t), "no request awaiting a reply")
    who = lookup.sender(message)
    day = _working_day(t, 1)
    bounds = lookup.day_bounds(t, day)
    slots = t.read(
        "calendar_findMeetingTimes",
        attendees=[who],
        durationMinutes=60,
        startDateTime=bounds[0].isoformat(),
        endDateTime=bounds[1].isoformat(),
        maxCandidates=1,
    )["items"]
    t.require_that(bool(slots), "no shared free hour that day")
    start = lookup.local(t, slots[0]["meetingTimeSlot"]["start"]["dateTime"])
    end = start + timedelta(hours=1)
    topic = lookup.bare_subject(message["subject"])
    title, todo = f"{topic}: working session", f"Prepare for {topic}"
    t.require_that(all(e["subject"] != title for e in lookup.all_events(t)), "title taken")
    t.require_that(all(x["title"] != todo for x in lookup.todo_tasks(t)), "to-do taken")
    t.ask(
        [
            "Deal with {whose} email '{subject}': book a one-hour '{title}' with {them} at the "
            "earliest time on {day} when we're both free (within my working hours), reply to "
            "the email with the time, and add a to-do '{todo}' due {day}.",
            "For '{subject}' from {who}: first free hour for both of us on {day} (my working "
            "hours) goes to a meeting '{title}'; reply to {them} with when it is; and put "
            "'{todo}' on my to-dos for {day}.",
        ],
        whose=[phrasing.possessive(n) for n in phrasing.person(t, who)],
        who=phrasing.person(t, who),
        them=phrasing.person(t, who)[-1:],
        subject=message["subject"],
        title=title,
        todo=todo,
        day=phrasing.day(t, day),
    )
    r1 = t.require("A one-hour meeting with that person at the earliest shared free hour.")
    r2 = t.require("A reply to the email, to its sender only, with the time.")
    r3 = t.require("A to-do with that title due that day.")
    t.call(
        "calendar_findMeetingTimes",
        attendees=[who],
        durationMinutes=60,
        startDateTime=bounds[0].isoformat(),
        endDateTime=bounds[1].isoformat(),
        maxCandidates=1,
    )
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
        comment=f"Let's meet on {phrasing.date_long(day)} at {start:%H:%M}.",
    )
    t.call("todo_createTask", title=todo, dueDateTime=lookup.at(t, day, time(17, 0)).isoformat())
    query = _titled("events", title, "subject")
    t.check(r1, "one", "count", query=query, value=1)
    t.check(r1, "start", "property", query=query, path="start/dateTime", expected=start.isoformat())
    t.check(r1, "end", "property", query=query, path="end/dateTime", expected=end.isoformat())
    t.check(
        r1,
        "invitee",
        "property",
        query=query,
        path="attendees/emailAddress/address",
        expected=[who],
    )
    t.check(
        r2,
        "reply",
        "sent-message",
        kind=["reply"],
        in_reply_to=message["id"],
        to=[who],
        body=[{"type": "answer-values", "values": [{"kind": "time", "value": f"{start:%H:%M}"}]}],
    )
    todo_query = _titled("todo_tasks", todo)
    t.check(r3, "todo", "count", query=todo_query, value=1)
    _due_on(t, r3, "todo-due", todo_query, "dueDateTime/dateTime", day)
    t.may_mark_read()
    t.answer(f"Booked {start:%A %H:%M}, replied with the time, and added '{todo}'.")


def _group_and_meeting(t: TaskBuilder) -> tuple[dict, list[dict], dict]:
    """A contact group of two to five directory people and a coming meeting the persona
    organizes that none of them attends yet."""
    groups = []
    for group in lookup.groups(t):
        members = t.read("contacts_listGroupMembers", id=group["id"])["items"]
        addresses = [lookup.contact_address(c) for c in members]
        if 2 <= len(members) <= 5 and all(a and a in lookup.users(t) for a in addresses):
            groups.append((group, members))
    group, members = t.pick(groups, "no contact group of two to five directory people")
    addresses = {lookup.contact_address(c) for c in members}
    meetings = [
        e
        for e in lookup.meetings(t, t.now, t.now + timedelta(days=14))
        if lookup.organizer(e) == lookup.me(t)
        and lookup.span(e)[0] > t.now + timedelta(days=1)
        and not addresses & set(lookup.attendee_addresses(e))
        and lookup.unique_subject(t, e)
    ]
    event = t.pick(meetings, "no coming meeting of the persona's without the group")
    return group, members, event


@family("cross-domain", "D3", ["calendar", "contacts", "messages"], "multi-step orchestration")
def invite_group_and_email(t: TaskBuilder) -> None:
    """A contact group's members added to a meeting as required, and emailed about it."""
    group, members, event = _group_and_meeting(t)
    people = sorted(lookup.contact_address(c) or "" for c in members)
    t.ask(
        [
            "Add everyone in my {group} contact group to '{meeting}' as required attendees, and "
            "send them one email (subject 'Joining {meeting}') saying they've been added.",
            "Invite the whole {group} group to '{meeting}' (required), then email the group "
            "members, subject 'Joining {meeting}', to let them know.",
        ],
        group=group["displayName"],
        meeting=event["subject"],
    )
    r1 = t.require("Every group member is a required attendee; existing invitees stay.")
    r2 = t.require("One email to exactly the group's members about it.")
    t.call("contacts_listGroupMembers", id=group["id"])
    t.call("calendar_addAttendees", id=event["id"], attendees=people, type="required")
    t.call(
        "messages_send",
        subject=f"Joining {event['subject']}",
        body=f"I've added you to {event['subject']}; the invitation is in your calendar.",
        toRecipients=people,
    )
    before = lookup.attendee_addresses(event)
    t.check(
        r1,
        "invited",
        "state-check",
        query={"collection": "events", "where": [{"path": "id", "op": "eq", "value": event["id"]}]},
        expect=[
            {"path": "attendees/emailAddress/address", "op": "eq", "value": p}
            for p in [*people, *before]
        ],
    )
    t.check(
        r2,
        "email",
        "sent-message",
        kind=["new"],
        to=people,
        subject=[[event["subject"]]],
    )
    t.answer(f"Added {len(people)} people to {event['subject']} and emailed them.")


@family(
    "cross-domain", "D3", ["calendar", "contacts", "messages", "todo"], "multi-step orchestration"
)
def invite_group_email_and_todo(t: TaskBuilder) -> None:
    """As `invite_group_and_email`, plus a to-do to send them a pre-read the day before."""
    group, members, event = _group_and_meeting(t)
    people = sorted(lookup.contact_address(c) or "" for c in members)
    day = lookup.local(t, lookup.span(event)[0]).date() - timedelta(days=1)
    title = f"Send pre-read for {event['subject']}"
    t.require_that(all(x["title"] != title for x in lookup.todo_tasks(t)), "title taken")
    t.ask(
        [
            "Bring my {group} contact group into '{meeting}': add them all as required "
            "attendees, email them (one email, subject 'Joining {meeting}'), and give me a to-do "
            "'{title}' due the day before the meeting.",
            "Invite everyone in {group} to '{meeting}' (required), send them a single email "
            "titled 'Joining {meeting}', and add a to-do '{title}' due the day before it.",
        ],
        group=group["displayName"],
        meeting=event["subject"],
        title=title,
    )
    r1 = t.require("Every group member is a required attendee; existing invitees stay.")
    r2 = t.require("One email to exactly the group's members about it.")
    r3 = t.require("A to-do with that title due the day before the meeting.")
    t.call("contacts_listGroupMembers", id=group["id"])
    t.call("calendar_addAttendees", id=event["id"], attendees=people, type="required")
    t.call(
        "messages_send",
        subject=f"Joining {event['subject']}",
        body=f"I've added you to {event['subject']}; a pre-read will follow.",
        toRecipients=people,
    )
    t.call("todo_createTask", title=title, dueDateTime=lookup.at(t, day, time(17, 0)).isoformat())
    t.check(
        r1,
        "invited",
        "state-check",
        query={"collection": "events", "where": [{"path": "id", "op": "eq", "value": event["id"]}]},
        expect=[{"path": "attendees/emailAddress/address", "op": "eq", "value": p} for p in people],
    )
    t.check(r2, "email", "sent-message", kind=["new"], to=people, subject=[[event["subject"]]])
    query = _titled("todo_tasks", title)
    t.check(r3, "todo", "count", query=query, value=1)
    _due_on(t, r3, "todo-due", query, "dueDateTime/dateTime", day)
    t.answer(f"Invited {group['displayName']}, emailed them, and added '{title}'.")


@family("multi-domain", "D2", ["settings", "calendar", "messages"], "multi-step orchestration")
def away_and_tell_manager(t: TaskBuilder) -> None:
    """An absence: automatic replies, an all-day event, and an email telling the manager."""
    first = lookup.today(t) + timedelta(days=t.rng.below(10) + 3)
    back = first + timedelta(days=t.pick([1, 2, 3]))
    manager = lookup.address(t, t.facts.manager)
    title = "Out of office"
    t.require_that(all(e["subject"] != title for e in lookup.all_events(t)), "title taken")
    t.ask(
        [
            "I'm taking {first} off until {back}. Schedule my automatic replies for that time, "
            "block it on my calendar as an all-day '{title}' event, and email my manager the "
            "dates.",
            "Time off from {first}, back {back}: set my out-of-office for the period, add an "
            "all-day '{title}' to my calendar, and let my manager know by email.",
        ],
        first=phrasing.day(t, first),
        back=phrasing.day(t, back),
        title=title,
    )
    r1 = t.require("Automatic replies scheduled for exactly that period.")
    r2 = t.require("One all-day event with that title over those days.")
    r3 = t.require("One email to the manager giving the first day away.")
    start, end = _block_absence(t, first, back, title)
    t.call("identity_getManager")
    t.call(
        "messages_send",
        subject="Time off",
        body=f"I'll be out from {phrasing.date_long(first)} {first.year}, back "
        f"{phrasing.date_long(back)} {back.year}.",
        toRecipients=[manager],
    )
    _replies_checks(t, r1, start, end)
    _all_day_checks(t, r2, title, start, end)
    t.check(
        r3,
        "email",
        "sent-message",
        kind=["new"],
        to=[manager],
        body=[{"type": "answer-values", "values": [{"kind": "date", "value": first.isoformat()}]}],
    )
    _replies_latitude(t)
    t.answer("Out-of-office scheduled, calendar blocked, manager emailed.")


@family(
    "orchestration", "D3", ["boards", "todo", "calendar", "messages"], "multi-step orchestration"
)
def wrap_up_project(t: TaskBuilder) -> None:
    """A project closed: open cards to done, open to-dos completed, the persona's coming
    project meetings cancelled, and the sponsor told."""
    options = []
    for project in t.facts.projects:
        cards = [c for c in lookup.cards(t) if c["id"] in project.board_task_ids]
        cards = [c for c in cards if c["columnId"] != lookup.done_column(t, c["boardId"])["id"]]
        todos = [lookup.todo_full(t, x) for x in project.todo_task_ids]
        todos = [x for x in todos if x["status"] != "completed"]
        meetings = [
            lookup.event_full(t, e)
            for e in project.event_ids
            if lookup.span(lookup.event_full(t, e))[0] > t.now
        ]
        meetings = [
            e
            for e in meetings
            if lookup.organizer(e) == lookup.me(t) and not e["isCancelled"] and e.get("attendees")
        ]
        if cards and todos and meetings:
            options.append((project, cards, todos, meetings))
    project, cards, todos, meetings = t.pick(
        options, "no project with open cards, open to-dos and coming meetings of the persona's"
    )
    sponsor = lookup.address(t, project.sponsor)
    t.require_that(sponsor != lookup.me(t), "the persona sponsors it")
    t.ask(
        [
            "{name} is finished. Move its open board cards to the done column, complete its open "
            "to-dos, cancel the upcoming {name} meetings I organize, and email {sponsor} that "
            "{name} is closed.",
            "Close out {name}: cards done, to-dos completed, my coming {name} meetings cancelled, "
            "and a note to {sponsor} saying the project is wrapped up.",
        ],
        name=project.codename,
        sponsor=phrasing.person(t, sponsor),
    )
    r1 = t.require("Every open card of the project is in its board's done column.")
    r2 = t.require("Every open to-do of the project is completed.")
    r3 = t.require("The persona's coming project meetings are cancelled.")
    r4 = t.require("One email to the sponsor saying the project is closed.")
    for card in cards:
        t.call(
            "boards_moveTask", id=card["id"], columnId=lookup.done_column(t, card["boardId"])["id"]
        )
    for todo in todos:
        t.call("todo_completeTask", id=todo["id"])
    for event in meetings:
        t.call("calendar_cancelEvent", id=event["id"], comment=f"{project.codename} is closed.")
    t.call(
        "messages_send",
        subject=f"{project.codename} closed",
        body=f"{project.codename} is wrapped up: cards done, to-dos closed, meetings cancelled.",
        toRecipients=[sponsor],
    )
    for index, card in enumerate(cards):
        t.check(
            r1,
            f"card-{index + 1}",
            "property",
            query=_by_id("board_tasks", card["id"]),
            path="columnId",
            expected=lookup.done_column(t, card["boardId"])["id"],
        )
    t.check(
        r2,
        "todos",
        "state-check",
        query={
            "collection": "todo_tasks",
            "where": [{"path": "id", "op": "in", "value": [x["id"] for x in todos]}],
        },
        min_matches=len(todos),
        expect=[{"path": "status", "op": "eq", "value": "completed"}],
    )
    t.check(
        r3,
        "meetings",
        "state-check",
        query={
            "collection": "events",
            "where": [{"path": "id", "op": "in", "value": [e["id"] for e in meetings]}],
        },
        min_matches=len(meetings),
        expect=[{"path": "isCancelled", "op": "eq", "value": True}],
    )
    t.check(r4, "email", "sent-message", kind=["new"], to=[sponsor], subject=[[project.codename]])
    t.answer(f"{project.codename} closed out and {lookup.display_name(t, sponsor)} told.")


@family(
    "multi-domain", "D3", ["settings", "calendar", "messages", "todo"], "multi-step orchestration"
)
def away_with_catch_up_todo(t: TaskBuilder) -> None:
    """An absence over working days: automatic replies, an all-day event, the manager emailed
    both dates, and a catch-up to-do due the first working day back."""
    first = _working_day(t, t.rng.below(10) + 3)
    back = _working_day(t, (first - lookup.today(t)).days + t.pick([2, 3, 4]))
    manager = lookup.address(t, t.facts.manager)
    title = t.pick(["Away", "Annual leave", "Out of office"])
    todo = t.pick(["Catch up on email", "Catch up after leave", "Go through what I missed"])
    t.require_that(all(e["subject"] != title for e in lookup.all_events(t)), "title taken")
    t.require_that(all(x["title"] != todo for x in lookup.todo_tasks(t)), "to-do title taken")
    t.ask(
        [
            "I'll be away from {first}, back at work {back}. Please: automatic replies "
            "scheduled for the absence, an all-day '{title}' event covering it, an email to my "
            "manager with both dates, and a to-do '{todo}' due the day I'm back.",
            "My leave starts {first} and I'm back {back}. Set up the out-of-office replies for "
            "the time away, put an all-day '{title}' on my calendar, tell my manager when I'm "
            "off and when I return, and [add|create] the to-do '{todo}' due {back}.",
        ],
        first=phrasing.day(t, first),
        back=phrasing.day(t, back),
        title=title,
        todo=todo,
    )
    r1 = t.require("Automatic replies scheduled for exactly that period.")
    r2 = t.require("One all-day event with that title over those days.")
    r3 = t.require("One email to the manager giving the first day away and the day back.")
    r4 = t.require("One to-do with that title, due the day back.")
    start, end = _block_absence(t, first, back, title)
    t.call("identity_getManager")
    t.call(
        "messages_send",
        subject="Leave",
        body=f"I'll be away from {phrasing.date_long(first)} {first.year} and back on "
        f"{phrasing.date_long(back)} {back.year}.",
        toRecipients=[manager],
    )
    t.call("todo_createTask", title=todo, dueDateTime=lookup.at(t, back, time(17, 0)).isoformat())
    _replies_checks(t, r1, start, end)
    _all_day_checks(t, r2, title, start, end)
    t.check(
        r3,
        "email",
        "sent-message",
        kind=["new"],
        to=[manager],
        body=[
            {
                "type": "answer-values",
                "values": [
                    {"kind": "date", "value": first.isoformat()},
                    {"kind": "date", "value": back.isoformat()},
                ],
            }
        ],
    )
    query = _titled("todo_tasks", todo)
    t.check(r4, "one-todo", "count", query=query, value=1)
    _due_on(t, r4, "todo-due", query, "dueDateTime/dateTime", back)
    _replies_latitude(t)
    t.answer(f"Away {first:%d %B} to {back:%d %B}: replies, calendar, manager and '{todo}' done.")
