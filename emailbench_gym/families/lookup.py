"""What families read about a world, through the API, once per task (cached on the builder).

Everything here is a read call on the task's own workspace (`t.read`, not part of the
reference): the directory, the mail of a folder, the calendar between two instants,
contacts, groups, to-dos, boards, rules, labels and settings, plus the few derived
views most families share (who is a person rather than a system, the local week).
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any

from emailbench_gym.api.common import zone

if TYPE_CHECKING:
    from emailbench_gym.families.builder import TaskBuilder

Item = dict[str, Any]


def _cached(t: TaskBuilder, key: str, make: Any) -> Any:
    if key not in t.cache:
        t.cache[key] = make()
    return t.cache[key]


# --- people -------------------------------------------------------------------------------


def users(t: TaskBuilder) -> dict[str, Item]:
    """Directory users by (folded) address."""
    return _cached(
        t,
        "users",
        lambda: {u["mail"].casefold(): u for u in t.read_all("identity_listUsers", top=100)},
    )


def user(t: TaskBuilder, user_id: str) -> Item:
    return next(u for u in users(t).values() if u["id"] == user_id)


def address(t: TaskBuilder, user_id: str) -> str:
    return user(t, user_id)["mail"].casefold()


def system_addresses(t: TaskBuilder) -> set[str]:
    """System accounts and junk senders: mail from them is not from a person."""
    systems = {address(t, uid) for uid in t.facts.system_accounts}
    return systems | {a.casefold() for a in t.facts.junk_senders}


def me(t: TaskBuilder) -> str:
    return t.me["mail"].casefold()


def is_person(t: TaskBuilder, who: str) -> bool:
    return who.casefold() not in system_addresses(t) and who.casefold() != me(t)


def internal(t: TaskBuilder, who: str) -> bool:
    """Whether an address is in the persona's organisation (its domain)."""
    return who.casefold().endswith("@" + t.facts.domain.casefold())


def contacts(t: TaskBuilder) -> list[Item]:
    return _cached(t, "contacts", lambda: t.read_all("contacts_list", top=100))


def contact_full(t: TaskBuilder, contact_id: str) -> Item:
    return _cached(t, f"contact/{contact_id}", lambda: t.read("contacts_get", id=contact_id))


def groups(t: TaskBuilder) -> list[Item]:
    return _cached(t, "groups", lambda: t.read("contacts_listGroups")["items"])


def contact_address(contact: Item) -> str | None:
    found = contact.get("emailAddresses") or []
    return found[0]["address"].casefold() if found else None


# --- mail ---------------------------------------------------------------------------------


def folder_mail(t: TaskBuilder, folder: str = "inbox") -> list[Item]:
    """Every message of a folder (summaries, newest first)."""
    return _cached(
        t, f"mail/{folder}", lambda: t.read_all("messages_list", folderId=folder, top=100)
    )


def all_mail(t: TaskBuilder) -> list[Item]:
    """Every message of the mailbox (summaries), every folder."""

    def every() -> list[Item]:
        found: list[Item] = []
        for folder in folders(t):
            found.extend(folder_mail(t, folder["id"]))
        return found

    return _cached(t, "mail/*", every)


def folders(t: TaskBuilder) -> list[Item]:
    def walk() -> list[Item]:
        out: list[Item] = []
        stack = list(reversed(t.read("folders_getTree")["items"]))
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(node.get("children", [])))
        return out

    return _cached(t, "folders", walk)


def sender(message: Item) -> str:
    found = message.get("from") or {}
    return (found.get("emailAddress") or {}).get("address", "").casefold()


def sender_name(message: Item) -> str:
    return ((message.get("from") or {}).get("emailAddress") or {}).get("name", "")


def recipients(
    message: Item, roles: tuple[str, ...] = ("toRecipients", "ccRecipients")
) -> set[str]:
    return {
        r["emailAddress"]["address"].casefold() for role in roles for r in message.get(role, [])
    }


def received(message: Item) -> datetime:
    return datetime.fromisoformat(message["receivedDateTime"])


def display_name(t: TaskBuilder, who: str) -> str:
    """The name the directory, contacts or mail give an address."""
    who = who.casefold()
    if who in users(t):
        return users(t)[who]["displayName"]
    for contact in contacts(t):
        if contact_address(contact) == who:
            return contact["displayName"]
    for message in all_mail(t):
        if sender(message) == who and sender_name(message):
            return sender_name(message)
    return who


# --- time ---------------------------------------------------------------------------------


def local(t: TaskBuilder, value: datetime | str) -> datetime:
    """A datetime in the mailbox time zone."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value.astimezone(zone(t.ws.mailbox.settings.timeZone))


def at(t: TaskBuilder, day: date, clock: time) -> datetime:
    """A local wall-clock instant of the mailbox time zone."""
    return datetime.combine(day, clock, tzinfo=zone(t.ws.mailbox.settings.timeZone))


def today(t: TaskBuilder) -> date:
    return t.now.date()


def week_start(day: date) -> date:
    return day - timedelta(days=day.weekday())


def working_hours(t: TaskBuilder) -> tuple[list[str], time, time]:
    hours = t.read("settings_getWorkingHours")
    return (
        hours["daysOfWeek"],
        time.fromisoformat(hours["startTime"]),
        time.fromisoformat(hours["endTime"]),
    )


# --- calendar -----------------------------------------------------------------------------


def events(t: TaskBuilder, start: datetime, end: datetime) -> list[Item]:
    """Events overlapping [start, end) on every calendar, in start order."""
    return _cached(
        t,
        f"events/{start.isoformat()}/{end.isoformat()}",
        lambda: t.read_all(
            "calendar_listEvents", startDateTime=start.isoformat(), endDateTime=end.isoformat()
        ),
    )


def event_full(t: TaskBuilder, event_id: str) -> Item:
    return _cached(t, f"event/{event_id}", lambda: t.read("calendar_getEvent", id=event_id))


def span(event: Item) -> tuple[datetime, datetime]:
    return (
        datetime.fromisoformat(event["start"]["dateTime"]),
        datetime.fromisoformat(event["end"]["dateTime"]),
    )


def organizer(event: Item) -> str:
    return event["organizer"]["emailAddress"]["address"].casefold()


def attendee_addresses(event: Item) -> list[str]:
    return [a["emailAddress"]["address"].casefold() for a in event.get("attendees", [])]


def my_response(event: Item) -> str:
    return (event.get("responseStatus") or {}).get("response", "none")


def meetings(t: TaskBuilder, start: datetime, end: datetime) -> list[Item]:
    """Timed, not cancelled, not declined events overlapping [start, end), in start order."""
    return [
        e
        for e in events(t, start, end)
        if not e["isAllDay"] and not e["isCancelled"] and my_response(e) != "declined"
    ]


def all_events(t: TaskBuilder) -> list[Item]:
    """Every event of every calendar (for telling subjects apart)."""
    return _cached(
        t,
        "events/*",
        lambda: t.read_all(
            "calendar_listEvents",
            startDateTime="1990-01-01T00:00:00+00:00",
            endDateTime="2090-01-01T00:00:00+00:00",
        ),
    )


def unique_subject(t: TaskBuilder, event: Item) -> bool:
    """Whether an answer can name this event by its subject alone: no other event has it, and
    no message subject starts with it (a thread about the meeting would swallow the name)."""
    name = event["subject"].casefold()
    if sum(e["subject"].casefold() == name for e in all_events(t)) != 1:
        return False
    return not any(bare.startswith(name + " ") for _thread, bare in _bare_mail(t))


def _bare_mail(t: TaskBuilder) -> list[tuple[str, str]]:
    """(conversation id, folded bare subject) of every message, worked out once per task."""
    return _cached(
        t, "mail/bare", lambda: [(m["conversationId"], _bare(m["subject"])) for m in all_mail(t)]
    )


def _bare(subject: str) -> str:
    return bare_subject(subject).casefold()


def bare_subject(subject: str) -> str:
    """A subject without its reply and forward prefixes ("RE: FW: Budget" -> "Budget")."""
    text = subject.strip()
    while text[:3].casefold() in ("re:", "fw:") or text[:4].casefold() == "fwd:":
        text = text.split(":", 1)[1].strip()
    return text


def unique_message_subject(t: TaskBuilder, message: Item) -> bool:
    """Whether a message can be named by its subject: no other thread shares it."""
    return unique_thread_subject(t, [message])


def unique_thread_subject(t: TaskBuilder, thread: list[Item]) -> bool:
    """Whether a thread's subject names only it: no message of another thread starts with it,
    and no event is called that."""
    names = {_bare(m["subject"]) for m in thread}
    ours = {m["conversationId"] for m in thread}
    for conversation, other in _bare_mail(t):
        if conversation in ours:
            continue
        if any(other == n or other.startswith(n + " ") for n in names):
            return False
    return not any(e["subject"].casefold() in names for e in all_events(t))


def day_bounds(t: TaskBuilder, day: date) -> tuple[datetime, datetime]:
    return at(t, day, time(0, 0)), at(t, day + timedelta(days=1), time(0, 0))


def end_of_week(t: TaskBuilder, weeks_ahead: int = 0) -> datetime:
    """Midnight ending Sunday of this week (or of a later one)."""
    monday = week_start(today(t)) + timedelta(days=7 * (weeks_ahead + 1))
    return at(t, monday, time(0, 0))


# --- to-dos, boards, rules, labels ----------------------------------------------------------


def todo_lists(t: TaskBuilder) -> list[Item]:
    return _cached(t, "lists", lambda: t.read("todo_listLists")["items"])


def todo_tasks(t: TaskBuilder) -> list[Item]:
    """Every to-do on every list."""

    def every() -> list[Item]:
        found: list[Item] = []
        for todo_list in todo_lists(t):
            found.extend(t.read_all("todo_listTasks", listId=todo_list["id"], top=100))
        return found

    return _cached(t, "tasks", every)


def todo_full(t: TaskBuilder, task_id: str) -> Item:
    return _cached(t, f"task/{task_id}", lambda: t.read("todo_getTask", id=task_id))


def due(item: Item) -> datetime | None:
    value = item.get("dueDateTime")
    if isinstance(value, dict):
        value = value.get("dateTime")
    return datetime.fromisoformat(value) if value else None


def boards(t: TaskBuilder) -> list[Item]:
    return _cached(t, "boards", lambda: t.read("boards_list")["items"])


def columns(t: TaskBuilder, board_id: str) -> list[Item]:
    return _cached(
        t, f"columns/{board_id}", lambda: t.read("boards_listColumns", boardId=board_id)["items"]
    )


def cards(t: TaskBuilder, board_id: str | None = None) -> list[Item]:
    """Cards of one board, or of every board."""
    if board_id is None:
        return [card for board in boards(t) for card in cards(t, board["id"])]
    return _cached(
        t, f"cards/{board_id}", lambda: t.read_all("boards_listTasks", boardId=board_id, top=100)
    )


def done_column(t: TaskBuilder, board_id: str) -> Item:
    """A board's last column (Done, Complete, Shipped...): where finished cards sit."""
    return max(columns(t, board_id), key=lambda c: c["order"])


def rules(t: TaskBuilder) -> list[Item]:
    return _cached(t, "rules", lambda: t.read("filters_list")["items"])


def labels(t: TaskBuilder) -> list[Item]:
    return _cached(t, "labels", lambda: t.read("settings_listLabels")["items"])


def settings(t: TaskBuilder) -> Item:
    return _cached(t, "settings", lambda: t.read("settings_get"))


def rules_on_subject(t: TaskBuilder, word: str) -> list[Item]:
    """Rules whose subject condition mentions `word`."""
    word = word.casefold()
    return [
        r for r in rules(t) if any(word in s.casefold() for s in r["conditions"]["subjectContains"])
    ]
