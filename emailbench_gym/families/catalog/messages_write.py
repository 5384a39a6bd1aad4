"""Writing and marking mail: replies that say something, forwards with a note, new emails to
named people, follow-up flags with a due day, importance and categories on a thread.

Graded on what was sent (kind, thread, exact recipients, claims the text makes) and on
the messages' end state; the footprint keeps everything else as it was.
"""

from __future__ import annotations

from datetime import date, time, timedelta

from emailbench_gym.families import lookup, phrasing
from emailbench_gym.families.base import family
from emailbench_gym.families.builder import TaskBuilder


def _message(message_id: str) -> dict:
    return {"collection": "messages", "where": [{"path": "id", "op": "eq", "value": message_id}]}


def _colleagues(t: TaskBuilder) -> list[str]:
    roles = t.facts.roles
    ids = [*roles.get("peer", []), *roles.get("report", []), *roles.get("colleague", [])]
    return [lookup.address(t, uid) for uid in ids]


def _awaiting(t: TaskBuilder) -> list[dict]:
    """Inbox emails from colleagues in the directory that the persona owes a reply."""
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


def _next_working_day(t: TaskBuilder, after: int) -> date:
    days, _o, _c = lookup.working_hours(t)
    names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    day = lookup.today(t) + timedelta(days=after)
    while names[day.weekday()] not in days:
        day += timedelta(days=1)
    return day


@family("messages-write", "D2", ["messages"], "outgoing mail")
def reply_with_date(t: TaskBuilder) -> None:
    """Reply to a colleague's request, promising a deliverable by a given day."""
    message = t.pick(_awaiting(t), "no email from a colleague awaiting a reply")
    who = lookup.sender(message)
    project = t.rng.choice(t.facts.projects)
    thing = t.rng.choice(project.deliverables)
    day = _next_working_day(t, t.rng.below(5) + 2)
    t.ask(
        [
            "Reply to {whose} email '{subject}' and tell {them} I'll send the {thing} by {day}.",
            "Answer '{subject}' from {who}: say the {thing} will be with {them} by {day}.",
            "[Please reply|Write back] to {who} on '{subject}'; let {them} know {to_expect} the "
            "{thing} by {day}.",
        ],
        whose=[phrasing.possessive(n) for n in phrasing.person(t, who)],
        who=phrasing.person(t, who),
        them=phrasing.person(t, who)[-1:],
        subject=message["subject"],
        thing=thing,
        day=phrasing.day(t, day),
        to_expect=["to expect", "they'll have"],
    )
    r1 = t.require("A reply to that email, to its sender only.")
    r2 = t.require(f"The reply promises the {thing} by that day.")
    t.call(
        "messages_reply",
        id=message["id"],
        comment=f"Thanks for the nudge. I'll send the {thing} by {phrasing.date_long(day)} {day.year}.",
    )
    envelope = {"kind": ["reply"], "in_reply_to": message["id"], "to": [who]}
    t.check(r1, "reply", "sent-message", **envelope)
    t.check(
        r2,
        "reply-content",
        "sent-message",
        **envelope,
        body=[
            {"type": "answer-text", "statements": [[thing]]},
            {"type": "answer-values", "values": [{"kind": "date", "value": day.isoformat()}]},
        ],
    )
    t.may_mark_read()
    t.answer(f"Replied to {lookup.display_name(t, who)}: the {thing} by {day:%A %d %B}.")


@family("messages-write", "D2", ["messages"], "outgoing mail")
def forward_with_note(t: TaskBuilder) -> None:
    """Forward an email with an attachment to a colleague, asking them to review it."""
    mail = [
        m
        for m in lookup.folder_mail(t, "inbox")
        if m["hasAttachments"]
        and lookup.is_person(t, lookup.sender(m))
        and lookup.unique_message_subject(t, m)
    ]
    message = t.pick(mail, "no email with an attachment from a person")
    to = t.pick([p for p in _colleagues(t) if p != lookup.sender(message)], "no colleague")
    when = t.pick(["by Friday", "before our next sync", "this week"])
    t.ask(
        [
            "Forward '{subject}' to {to} and ask {them} to review the attachment {when}.",
            "Send {to} the '{subject}' email (forward it) with a note asking for a review of "
            "the file {when}.",
        ],
        subject=message["subject"],
        to=phrasing.person(t, to),
        them=phrasing.person(t, to)[-1:],
        when=when,
    )
    r1 = t.require("The email is forwarded to that colleague only.")
    r2 = t.require("The note asks for a review.")
    t.call(
        "messages_forward",
        id=message["id"],
        toRecipients=[to],
        comment=f"Could you review the attachment {when}? Thanks.",
    )
    envelope = {"kind": ["forward"], "in_reply_to": message["id"], "to": [to]}
    t.check(r1, "forward", "sent-message", **envelope)
    t.check(
        r2,
        "forward-note",
        "sent-message",
        **envelope,
        body=[{"type": "answer-text", "statements": [["review", "look over", "go through"]]}],
    )
    t.may_mark_read()
    t.answer(f"Forwarded '{message['subject']}' to {lookup.display_name(t, to)} for review.")


@family("messages-write", "D1", ["messages"], "outgoing mail")
def email_two_colleagues(t: TaskBuilder) -> None:
    """A new email to two named colleagues with a given subject, about a project's deliverable."""
    people = t.sample(_colleagues(t), 2)
    project = t.rng.choice(t.facts.projects)
    thing = t.rng.choice(project.deliverables)
    subject = f"{project.codename} {thing}"
    t.ask(
        [
            "Email {a} and {b} with the subject '{subject}' and ask them for their comments on "
            "the {thing}.",
            "Send a new email to {a} and {b}, subject '{subject}', asking for their input on the "
            "{thing}.",
        ],
        a=phrasing.person(t, people[0]),
        b=phrasing.person(t, people[1]),
        subject=subject,
        thing=thing,
    )
    r1 = t.require("One new email to exactly those two people.")
    r2 = t.require("With that subject, asking about the deliverable.")
    t.call(
        "messages_send",
        subject=subject,
        body=f"Hi both, could you send me your comments on the {thing}? Thanks.",
        toRecipients=people,
    )
    envelope = {"kind": ["new"], "to": people}
    t.check(r1, "sent", "sent-message", **envelope)
    t.check(
        r2,
        "sent-content",
        "sent-message",
        **envelope,
        subject=[[project.codename]],
        body=[{"type": "answer-text", "statements": [[thing]]}],
    )
    t.answer(f"Sent '{subject}' to both.")


@family("messages-write", "D1", ["messages"], "triage")
def flag_due_day(t: TaskBuilder) -> None:
    """Flag one email for follow-up, due on a given day."""
    mail = [
        m
        for m in lookup.folder_mail(t, "inbox")
        if m["flag"]["flagStatus"] == "notFlagged"
        and lookup.is_person(t, lookup.sender(m))
        and lookup.unique_message_subject(t, m)
    ]
    message = t.pick(mail, "no unflagged email from a person")
    day = _next_working_day(t, t.rng.below(6) + 1)
    who = phrasing.person(t, lookup.sender(message))
    t.ask(
        [
            "Flag {whose} email '{subject}' for follow-up, due {day}.",
            "Put a follow-up flag on '{subject}' (from {who}) with a due date of {day}.",
        ],
        whose=[phrasing.possessive(n) for n in who],
        who=who,
        subject=message["subject"],
        day=phrasing.day(t, day),
    )
    r1 = t.require("The email is flagged.")
    r2 = t.require("Its follow-up is due that day.")
    due = lookup.at(t, day, time(17, 0))
    t.call("messages_flag", id=message["id"], flagStatus="flagged", dueDateTime=due.isoformat())
    start, end = lookup.day_bounds(t, day)
    t.check(
        r1,
        "flagged",
        "property",
        query=_message(message["id"]),
        path="flag/flagStatus",
        expected="flagged",
    )
    t.check(
        r2,
        "due",
        "state-check",
        query=_message(message["id"]),
        expect=[
            {"path": "flag/dueDateTime", "op": "gte", "value": start.isoformat()},
            {"path": "flag/dueDateTime", "op": "lt", "value": end.isoformat()},
        ],
    )
    t.latitude(
        "messages",
        "Finding the email may mean opening it, which may mark it read.",
        fields=["isRead"],
        only_read=True,
    )
    t.answer(f"Flagged '{message['subject']}', due {day:%A %d %B}.")


@family("messages-write", "D2", ["messages"], "triage")
def categorize_thread(t: TaskBuilder) -> None:
    """Every email of one thread gets a category and high importance."""
    threads: dict[str, list[dict]] = {}
    for message in lookup.all_mail(t):
        threads.setdefault(message["conversationId"], []).append(message)
    labels = [label["displayName"] for label in lookup.labels(t)]
    fitting = [
        mail
        for mail in threads.values()
        if 2 <= len(mail) <= 6
        and len({lookup.bare_subject(m["subject"]) for m in mail}) == 1
        and lookup.unique_thread_subject(t, mail)
    ]
    mail = t.pick(fitting, "no thread of two to six emails with its own subject")
    label = t.pick([x for x in labels if all(x not in m["categories"] for m in mail)])
    subject = lookup.bare_subject(mail[0]["subject"])
    t.ask(
        [
            "Every email in the '{subject}' thread should be in the {label} category and marked "
            "high importance. Please do that.",
            "Categorize all the messages of the '{subject}' conversation as {label}, and set "
            "them to high importance.",
        ],
        subject=subject,
        label=label,
    )
    r1 = t.require(f"Every email of the thread is in the {label} category (keeping others).")
    r2 = t.require("Every email of the thread is high importance.")
    t.call("messages_search", query=subject, top=50)
    for message in mail:
        t.call(
            "messages_setCategories", id=message["id"], categories=[*message["categories"], label]
        )
        t.call("messages_setImportance", id=message["id"], importance="high")
    ids = [m["id"] for m in mail]
    query = {"collection": "messages", "where": [{"path": "id", "op": "in", "value": ids}]}
    t.check(
        r1,
        "categories",
        "state-check",
        query=query,
        min_matches=len(ids),
        expect=[{"path": "categories", "op": "eq", "value": label}],
    )
    t.check(
        r2,
        "importance",
        "state-check",
        query=query,
        min_matches=len(ids),
        expect=[{"path": "importance", "op": "eq", "value": "high"}],
    )
    t.may_mark_read()
    t.answer(f"Set {len(ids)} emails of '{subject}' to {label}, high importance.")


@family("messages-write", "D3", ["messages"], "outgoing mail")
def forward_attachments_from(t: TaskBuilder) -> None:
    """Each inbox email with an attachment from one person forwarded to a colleague, one by one."""
    by_sender: dict[str, list[dict]] = {}
    for message in lookup.folder_mail(t, "inbox"):
        if message["hasAttachments"] and lookup.is_person(t, lookup.sender(message)):
            by_sender.setdefault(lookup.sender(message), []).append(message)
    options = {w: m for w, m in by_sender.items() if 2 <= len(m) <= 5}
    who = t.pick(sorted(options), "no one sent two to five emails with attachments")
    mail = options[who]
    to = t.pick([p for p in _colleagues(t) if p != who], "no colleague")
    t.ask(
        [
            "Forward every email in my inbox from {who} that has an attachment to {to}, one "
            "forward per email, each with a note saying it's for {their} files.",
            "{to^} needs all the files {who} sent me: forward each of {whose} inbox emails that "
            "has an attachment to {to} (separately), noting it's for {their} records.",
        ],
        who=phrasing.person(t, who),
        whose=[phrasing.possessive(n) for n in phrasing.person(t, who)],
        to=phrasing.person(t, to),
        their=["their"],
    )
    r1 = t.require("Each of those emails is forwarded to that colleague only, once.")
    r2 = t.require("No other email is forwarded.")
    t.call(
        "messages_list",
        folderId="inbox",
        filter=f"hasAttachments eq true and from/emailAddress/address eq '{who}'",
        top=100,
    )
    for index, message in enumerate(mail):
        t.call(
            "messages_forward",
            id=message["id"],
            toRecipients=[to],
            comment="Forwarding for your files.",
        )
        t.check(
            r1,
            f"forward-{index + 1}",
            "sent-message",
            kind=["forward"],
            in_reply_to=message["id"],
            to=[to],
        )
    t.footprint(r2)
    t.may_mark_read()
    t.answer(f"Forwarded {len(mail)} emails to {lookup.display_name(t, to)}.")


@family("messages-write", "D2", ["messages", "contacts"], "outgoing mail")
def email_outside_contact(t: TaskBuilder) -> None:
    """A new email to an outside contact named in the request, whose address only contacts give."""
    names = [c["displayName"].casefold() for c in lookup.contacts(t)]
    outside = [
        c
        for c in lookup.contacts(t)
        if lookup.contact_address(c)
        and not lookup.internal(t, lookup.contact_address(c) or "")
        and lookup.is_person(t, lookup.contact_address(c) or "")
        and names.count(c["displayName"].casefold()) == 1
        and c["companyName"]
    ]
    contact = t.pick(outside, "no outside contact with a company")
    address = lookup.contact_address(contact) or ""
    project = t.rng.choice(t.facts.projects)
    thing = t.rng.choice(project.deliverables)
    subject = f"{project.codename}: {thing}"
    t.ask(
        [
            "[Write to|Email] {who} at {company} (the address is in my contacts) with the "
            "subject '{subject}', asking [whether they can review|for their view on] the "
            "{thing}.",
            "Look up {who} of {company} in my contacts and send them a new email, subject "
            "'{subject}', [asking for|requesting] their comments on the {thing}.",
        ],
        who=contact["displayName"],
        company=contact["companyName"],
        subject=subject,
        thing=thing,
    )
    r1 = t.require("One new email to exactly that contact's address.")
    r2 = t.require("With that subject, asking about the deliverable.")
    t.call("contacts_search", query=contact["displayName"])
    t.call(
        "messages_send",
        subject=subject,
        body=f"Hello, could you let me have your comments on the {thing}? Many thanks.",
        toRecipients=[address],
    )
    envelope = {"kind": ["new"], "to": [address]}
    t.check(r1, "sent", "sent-message", **envelope)
    t.check(
        r2,
        "sent-content",
        "sent-message",
        **envelope,
        subject=[[project.codename]],
        body=[{"type": "answer-text", "statements": [[thing]]}],
    )
    t.answer(f"Sent '{subject}' to {contact['displayName']} ({address}).")
