"""`check_world(world)`: every property a generated world promises, as a list of problems.

The links of the paper's Table 10 (attendees who also email, threads that name upcoming
meetings, contacts for every sender, to-dos that name meetings, deliberate conflicts and
only those, system-account noise), exact keyword search per project, the realism rules
the shipped corpus keeps (replies follow their originals, Sent Items are the persona's,
previews, offsets), and ids that cannot collide with the ids a Mailbox creates. An
empty list means the world keeps all of them; tests run this on many seeds.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime

from emailbench_gym.api import common
from emailbench_gym.api.models import Event, Message
from emailbench_gym.worlds.builder import World
from emailbench_gym.worlds.text import preview

_ID = re.compile(r"^[a-z]+-0\d+$")  # generated ids always have a leading zero; created ones never


def _sender(message: Message) -> str:
    return message.from_.emailAddress.address if message.from_ else ""


def _instant(value) -> datetime:
    return value.dateTime


def check_world(world: World) -> list[str]:
    corpus, facts = world.corpus, world.facts
    problems: list[str] = []
    messages: list[Message] = corpus.items("messages")  # type: ignore[assignment]
    events: list[Event] = corpus.items("events")  # type: ignore[assignment]
    users = {u.mail: u for u in corpus.items("users")}  # type: ignore[attr-defined]
    me = corpus.me.mail
    systems = {u.mail for u in users.values() if u.userType == "system"}
    junk = {m.id for m in messages if m.parentFolderId == "folder-junkemail"}

    if len(messages) != facts.size:
        problems.append(f"{len(messages)} messages, size is {facts.size}")
    # Ids: no generated id can equal one a Mailbox creates (prefix-5001 and up).
    for collection in corpus.collections:
        for item in corpus.items(collection):
            if not _ID.match(item.id) and not (collection == "folders" and item.wellKnownName):  # type: ignore[attr-defined]
                problems.append(f"{collection}: id {item.id!r} lacks the leading zero")  # type: ignore[attr-defined]
    for m in messages:
        for a in m.attachments:
            if not _ID.match(a.id):
                problems.append(f"attachment id {a.id!r} lacks the leading zero")
        if not _ID.match(m.conversationId):
            problems.append(f"conversation id {m.conversationId!r} lacks the leading zero")

    # Mail realism.
    by_id = {m.id: m for m in messages}
    for m in messages:
        sender = _sender(m)
        folder = m.parentFolderId
        if folder == "folder-sentitems":
            if sender != me or not m.isRead or m.sentDateTime != m.receivedDateTime or m.isDraft:
                problems.append(f"{m.id}: Sent Items message not sent, read and from the persona")
        elif folder == "folder-drafts":
            if sender != me or not m.isDraft or m.sentDateTime is not None:
                problems.append(f"{m.id}: draft is not an unsent message from the persona")
        else:
            if sender == me:
                problems.append(f"{m.id}: the persona's own message outside Sent Items and Drafts")
            if me not in {r.emailAddress.address for r in m.toRecipients + m.ccRecipients}:
                problems.append(f"{m.id}: received mail not addressed to the persona")
        if not m.receivedDateTime < corpus.now:
            problems.append(f"{m.id}: received at or after now")
        if m.bodyPreview != preview(m.body.content):
            problems.append(f"{m.id}: bodyPreview is not the body's first 100 characters")
        if m.hasAttachments != bool(m.attachments):
            problems.append(f"{m.id}: hasAttachments disagrees with attachments")
        if m.inReplyTo:
            original = by_id.get(m.inReplyTo)
            if original is None:
                problems.append(f"{m.id}: inReplyTo {m.inReplyTo} does not exist")
            elif (
                original.conversationId != m.conversationId
                or not original.receivedDateTime < m.receivedDateTime
            ):
                problems.append(f"{m.id}: reply not after its original in the same conversation")
            elif m.subject != "RE: " + original.subject.removeprefix("RE: "):
                problems.append(
                    f"{m.id}: reply subject {m.subject!r} does not follow {original.subject!r}"
                )
        if (
            m.flag.flagStatus == "flagged"
            and m.flag.dueDateTime is not None
            and m.flag.dueDateTime < m.receivedDateTime
        ):
            problems.append(f"{m.id}: flag due before the message arrived")
    labels = {label.displayName for label in corpus.items("labels")}  # type: ignore[attr-defined]
    for m in messages:
        if not set(m.categories) <= labels:
            problems.append(f"{m.id}: categories {m.categories} are not all labels")
    for address in {_sender(m) for m in messages if m.id in junk}:
        if address in users:
            problems.append(f"junk sender {address} is a user")

    # Table 10: contacts for every major sender, and none for system accounts or junk.
    contacts = {e.address: c for c in corpus.items("contacts") for e in c.emailAddresses}  # type: ignore[attr-defined]
    humans = {_sender(m) for m in messages if m.id not in junk} - systems - {me}
    for address in sorted(humans):
        contact = contacts.get(address)
        if contact is None or not (contact.jobTitle and contact.department and contact.companyName):
            problems.append(f"sender {address} has no contact with title, department and company")
    for address in sorted(
        (systems | {me} | {_sender(m) for m in messages if m.id in junk}) & set(contacts)
    ):
        problems.append(f"{address} should have no contact")

    # Table 10: every person in the directory writes; attendees and organisers also email.
    wrote = Counter(
        _sender(m)
        for m in messages
        if m.parentFolderId not in ("folder-sentitems", "folder-drafts", "folder-junkemail")
    )
    for user in users.values():
        if user.mail != me and user.mail not in wrote:
            problems.append(f"{user.displayName} ({user.id}) never writes to the persona")
    for event in events:
        people = [
            event.organizer.emailAddress.address,
            *(a.emailAddress.address for a in event.attendees),
        ]
        for address in people:
            if address in users and address != me and address not in wrote:
                problems.append(f"{event.id}: {address} attends but never emails")

    # Table 10: threads name upcoming meetings.
    texts = {m.id: f"{m.subject}\n{m.body.content}" for m in messages}
    upcoming = [e for e in events if not e.isAllDay and _instant(e.start) > corpus.now]
    if not facts.meeting_threads:
        problems.append("no thread discusses an upcoming meeting")
    event_by_id = {e.id: e for e in events}
    for event_id, ids in facts.meeting_threads.items():
        subject = event_by_id[event_id].subject
        if not any(subject in texts[i] for i in ids):
            problems.append(f"{event_id}: none of its threads names {subject!r}")
    named = {
        e.id
        for e in upcoming
        if any(e.subject in texts[i] for i in facts.meeting_threads.get(e.id, []))
    }
    if len(named) < min(2, len(upcoming)):
        problems.append(f"only {len(named)} upcoming meetings are named in mail")

    # Table 10: deliberate conflicts, and no other overlaps in the persona's busy time.
    if not facts.conflicts:
        problems.append("no deliberate conflict")
    busy = sorted(
        (
            e
            for e in events
            if not e.isAllDay
            and not e.isCancelled
            and e.showAs != "free"
            and e.responseStatus.response != "declined"
        ),
        key=lambda e: _instant(e.start),
    )
    overlaps = set()
    for i, a in enumerate(busy):
        for b in busy[i + 1 :]:
            if _instant(b.start) >= _instant(a.end):
                break
            overlaps.add(frozenset((a.id, b.id)))
    deliberate = {frozenset((c.accepted, c.pending)) for c in facts.conflicts}
    if overlaps != deliberate:
        problems.append(
            f"overlapping busy events {sorted(map(sorted, overlaps))} are not the deliberate conflicts {sorted(map(sorted, deliberate))}"
        )
    for conflict in facts.conflicts:
        a, b = event_by_id[conflict.accepted], event_by_id[conflict.pending]
        if a.responseStatus.response != "accepted" or b.responseStatus.response != "notResponded":
            problems.append(f"conflict {a.id}/{b.id}: responses are not accepted / notResponded")
        if _instant(a.start) <= corpus.now or conflict.pending not in facts.pending_rsvps:
            problems.append(f"conflict {a.id}/{b.id}: not upcoming, or not awaiting an RSVP")
        for event in (a, b):
            if event.organizer.emailAddress.address == me:
                problems.append(f"conflict {event.id} is organised by the persona")
    for event_id in facts.pending_rsvps:
        event = event_by_id[event_id]
        if (
            event.responseStatus.response != "notResponded"
            or event.organizer.emailAddress.address == me
        ):
            problems.append(f"{event_id}: listed as pending but not an unanswered invitation")

    # Table 10: to-dos name the meetings they prepare for; an RSVP to-do per conflict.
    tasks = {t.id: t for t in corpus.items("todo_tasks")}  # type: ignore[attr-defined]
    for event_id, ids in facts.meeting_prep_tasks.items():
        for task_id in ids:
            if event_by_id[event_id].subject not in tasks[task_id].title:
                problems.append(f"{task_id} does not name {event_id}")
    if sum(len(ids) for ids in facts.meeting_prep_tasks.values()) < 2:
        problems.append("fewer than two to-dos reference meetings")
    for conflict in facts.conflicts:
        if not any(
            t.title.startswith("RSVP to " + event_by_id[conflict.pending].subject)
            for t in tasks.values()
        ):
            problems.append(f"no RSVP to-do for {conflict.pending}")
    message_ids = set(by_id)
    for task in tasks.values():
        if task.linkedMessageId is not None and task.linkedMessageId not in message_ids:
            problems.append(f"{task.id}: linked message {task.linkedMessageId} does not exist")

    # Table 10: system-account noise.
    noise = [m for m in messages if _sender(m) in systems]
    if len(noise) < 0.05 * len(messages):
        problems.append(f"only {len(noise)} system notices")
    for address in sorted(systems - {_sender(m) for m in noise}):
        problems.append(f"system account {address} sends nothing")
    for m in noise:
        if m.importance == "high":
            problems.append(f"{m.id}: a system notice of high importance")

    # Projects: search by codename finds exactly the project's messages; disjoint.
    search_text = {m.id: common.message_search_text(m) for m in messages}
    seen: set[str] = set()
    for project in facts.projects:
        hits = sorted(
            i for i, text in search_text.items() if common.matches_words(project.codename, text)
        )
        if hits != project.message_ids:
            extra = sorted(set(hits) - set(project.message_ids))[:3]
            missing = sorted(set(project.message_ids) - set(hits))[:3]
            problems.append(f"search {project.codename!r}: extra {extra}, missing {missing}")
        if seen & set(hits):
            problems.append(f"{project.codename}: messages shared with another project")
        seen |= set(hits)
        if len(project.message_ids) < 2:
            problems.append(f"{project.codename}: fewer than two messages")

    # Kinds of mail and events, and what the persona owes a reply to.
    kinds = facts.message_kinds
    for message_id in kinds.get("notice", []):
        if _sender(by_id[message_id]) not in systems:
            problems.append(f"{message_id}: a notice not from a system account")
    if sorted(kinds.get("junk", [])) != sorted(junk):
        problems.append("message_kinds['junk'] is not the Junk Email folder")
    if sorted(kinds.get("draft", [])) != sorted(m.id for m in messages if m.isDraft):
        problems.append("message_kinds['draft'] is not the drafts")
    for kind, ids in kinds.items():
        if kind not in ("notice", "junk", "draft") and any(
            _sender(by_id[i]) in systems for i in ids
        ):
            problems.append(f"message_kinds[{kind!r}] holds a system notice")
    for message_id in facts.awaiting_reply:
        m = by_id[message_id]
        later = [
            o
            for o in messages
            if o.conversationId == m.conversationId
            and o.receivedDateTime > m.receivedDateTime
            and not o.isDraft
        ]
        if m.parentFolderId != "folder-inbox" or _sender(m) == me or later:
            problems.append(
                f"{message_id}: listed as awaiting a reply but answered, moved or the persona's"
            )
    listed = sorted(i for ids in facts.event_kinds.values() for i in ids)
    if listed != sorted(e.id for e in events):
        problems.append("event_kinds do not partition the events")

    # Rules have run: tagged mail carries the tag, filed mail is in the folder.
    rule = facts.rules
    sender_of = {u.id: u.mail for u in users.values()}
    for m in messages:
        address = _sender(m)
        if (
            rule.tagged_sender
            and address == sender_of[rule.tagged_sender]
            and rule.tag not in m.categories
        ):
            problems.append(f"{m.id}: not tagged {rule.tag!r} by the rule")
        if (
            rule.filed_sender
            and address == sender_of[rule.filed_sender]
            and m.parentFolderId != rule.folder_id
        ):
            problems.append(f"{m.id}: not filed in {rule.folder_id} by the rule")

    # Every datetime is in the mailbox zone, with that day's offset.
    from emailbench_gym.api.common import zone

    tz = zone(corpus.settings.timeZone)
    stamps = (
        [m.receivedDateTime for m in messages]
        + [e.start.dateTime for e in events]
        + [e.end.dateTime for e in events]
    )
    for stamp in stamps:
        if stamp.utcoffset() != stamp.astimezone(tz).utcoffset():
            problems.append(
                f"{stamp.isoformat()} has the wrong offset for {corpus.settings.timeZone}"
            )
            break

    # People: unique given names; a manager chain up to the chief executive.
    given = Counter(c.givenName for c in corpus.items("contacts"))  # type: ignore[attr-defined]
    for name, count in given.items():
        if count > 1:
            problems.append(f"given name {name!r} used {count} times")
    by_user = {u.id: u for u in users.values()}
    for user in by_user.values():
        if user.userType != "member" or user.id == facts.ceo:
            continue
        chain, current = 0, user
        while current.managerId and chain < 20:
            current, chain = by_user[current.managerId], chain + 1
        if current.id != facts.ceo:
            problems.append(f"{user.id}'s manager chain does not reach the chief executive")
    return problems
