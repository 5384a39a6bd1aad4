"""The persona corpus: counts (paper Table 9), links (Table 10), users (Table 35) and the facts
the recorded traces rely on (OB-N520 keyword routing, OB-H312 unread rates, OB-H307 triage).

corpus/README.md documents the same facts for scenario authors; keep both in step.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from emailbench_gym.api import common
from emailbench_gym.api.models import Message
from emailbench_gym.corpus import CORPUS_FILES, Corpus, load_corpus
from emailbench_gym.errors import CorpusError

ME = "dana.whitfield@enron.com"
AUTOMATED = ("enrononline@enron.com", "gasbank@enron.com", "legal-tickets@enron.com")
KEYWORDS = ("Raptor", "Dynegy", "FERC")
CDT = timedelta(hours=-5)
FIRST_MAIL = datetime.fromisoformat("2001-09-24T00:00:00-05:00")
LAST_MAIL = datetime.fromisoformat("2001-10-15T08:45:00-05:00")
THIS_WEEK = (date(2001, 10, 15), date(2001, 10, 19))


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus()


@pytest.fixture(scope="module")
def messages(corpus: Corpus) -> list[Message]:
    return corpus.items("messages")  # type: ignore[return-value]


@pytest.fixture(scope="module")
def inbox(messages: list[Message]) -> list[Message]:
    return [m for m in messages if m.parentFolderId == "folder-inbox"]


def sender(message: Message) -> str:
    assert message.from_ is not None
    return message.from_.emailAddress.address


def search(messages: list[Message], query: str) -> list[str]:
    """What messages_search does: word-prefix match over subject, body, sender and recipients."""
    return [m.id for m in messages if common.matches_words(query, common.message_search_text(m))]


def ids(prefix: str, n: int) -> set[str]:
    return {f"{prefix}-{i:03d}" for i in range(1, n + 1)}


def datetimes(value: Any) -> list[datetime]:
    """Every datetime inside a model (recursively)."""
    if isinstance(value, datetime):
        return [value]
    if isinstance(value, BaseModel):
        return [d for name in type(value).model_fields for d in datetimes(getattr(value, name))]
    if isinstance(value, list | tuple):
        return [d for item in value for d in datetimes(item)]
    return []


# --- counts and ids (Table 9) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("collection", "count"),
    [
        ("messages", 65),
        ("events", 15),
        ("contacts", 15),
        ("folders", 6),
        ("filters", 1),
        ("calendars", 3),
        ("boards", 2),
        ("board_columns", 6),
        ("board_tasks", 7),
        ("users", 16),
        ("labels", 6),
        ("contact_groups", 3),
        ("todo_tasks", 10),
        ("todo_lists", 3),
    ],
)
def test_entity_counts(corpus: Corpus, collection: str, count: int) -> None:
    assert len(corpus.items(collection)) == count


def test_message_membership(messages: list[Message]) -> None:
    folders = Counter(m.parentFolderId for m in messages)
    assert folders == {"folder-inbox": 50, "folder-sentitems": 15}
    assert not any(m.isDraft for m in messages)


@pytest.mark.parametrize(
    ("collection", "prefix", "n"),
    [
        ("messages", "msg", 65),
        ("events", "evt", 15),
        ("contacts", "contact", 15),
        ("users", "user", 16),
        ("calendars", "cal", 3),
        ("todo_lists", "list", 3),
        ("todo_tasks", "task", 10),
        ("boards", "board", 2),
        ("board_columns", "col", 6),
        ("board_tasks", "btask", 7),
        ("labels", "label", 6),
        ("contact_groups", "group", 3),
    ],
)
def test_id_scheme(corpus: Corpus, collection: str, prefix: str, n: int) -> None:
    assert set(corpus.collections[collection]) == ids(prefix, n)


def test_nested_ids_are_unique_and_sequential(corpus: Corpus, messages: list[Message]) -> None:
    atts = [a.id for m in messages for a in m.attachments]
    checks = [c.id for t in corpus.items("todo_tasks") for c in t.checklistItems]  # type: ignore[attr-defined]
    assert set(atts) == ids("att", len(atts)) and len(atts) == len(set(atts))
    assert set(checks) == ids("chk", len(checks)) and len(checks) == len(set(checks))
    convs = {m.conversationId for m in messages}
    assert convs == ids("conv", len(convs))


def test_folders(corpus: Corpus) -> None:
    folders = {
        f.id: (f.displayName, f.wellKnownName, f.parentFolderId) for f in corpus.items("folders")
    }  # type: ignore[attr-defined]
    assert folders == {
        "folder-inbox": ("Inbox", "inbox", None),
        "folder-sentitems": ("Sent Items", "sentitems", None),
        "folder-drafts": ("Drafts", "drafts", None),
        "folder-deleteditems": ("Deleted Items", "deleteditems", None),
        "folder-archive": ("Archive", "archive", None),
        "folder-junkemail": ("Junk Email", "junkemail", None),
    }


def test_files_are_pretty_printed_in_a_stable_form(corpus: Corpus) -> None:
    for file in ["persona.json", *(f for f, _ in CORPUS_FILES.values())]:
        text = (corpus.root / file).read_text(encoding="utf-8")
        assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n", file


# --- persona and users (Table 35) ------------------------------------------------------


def test_persona_and_settings(corpus: Corpus) -> None:
    assert corpus.now == datetime.fromisoformat("2001-10-15T09:00:00-05:00")
    assert (corpus.me.id, corpus.me.displayName, corpus.me.mail) == (
        "user-001",
        "Dana Whitfield",
        ME,
    )
    assert corpus.me.jobTitle == "Director, Risk Assessment & Control"
    assert (corpus.me.department, corpus.me.companyName) == ("Risk Management", "Enron Corp")
    assert corpus.me.managerId in corpus.collections["users"]
    s = corpus.settings
    assert s.automaticRepliesSetting.status == "disabled"
    assert s.workingHours.daysOfWeek == ["monday", "tuesday", "wednesday", "thursday", "friday"]
    assert (s.workingHours.startTime, s.workingHours.endTime) == ("08:00", "17:00")
    assert s.workingHours.timeZone == s.timeZone == "Central Standard Time"
    assert s.language == "en-US"
    assert s.signature.startswith("Dana Whitfield")


def test_named_users(corpus: Corpus) -> None:
    users = {u.mail: u for u in corpus.items("users")}  # type: ignore[attr-defined]
    expected = {
        "jeff.skilling@enron.com": ("Jeff Skilling", "President & COO", "Executive"),
        "louise.kitchen@enron.com": ("Louise Kitchen", "President, EnronOnline", "Trading"),
        "sally.beck@enron.com": ("Sally Beck", "VP Operations", "Operations"),
        "john.lavorato@enron.com": ("John Lavorato", "CEO, Enron Americas", "Trading"),
        "richard.shapiro@enron.com": (
            "Richard Shapiro",
            "VP Government Affairs",
            "Government Affairs",
        ),
        "steven.kean@enron.com": ("Steven Kean", "VP & Chief of Staff", "Executive"),
    }
    for mail, (name, title, department) in expected.items():
        user = users[mail]
        assert (user.displayName, user.jobTitle, user.department) == (name, title, department)


def test_user_kinds(corpus: Corpus) -> None:
    users = corpus.items("users")
    kinds = Counter(u.userType for u in users)  # type: ignore[attr-defined]
    assert kinds == {"member": 10, "guest": 3, "system": 3}
    system = {u.mail: u.displayName for u in users if u.userType == "system"}  # type: ignore[attr-defined]
    assert system == {
        "enrononline@enron.com": "EnronOnline",
        "gasbank@enron.com": "GasBank",
        "legal-tickets@enron.com": "Legal Tickets",
    }
    guests = sorted(u.mail.split("@")[1] for u in users if u.userType == "guest")  # type: ignore[attr-defined]
    assert guests == ["andersen.com", "dynegy.com", "velaw.com"]
    members = [u for u in users if u.userType == "member"]  # type: ignore[attr-defined]
    assert all(u.mail.endswith("@enron.com") for u in members)  # type: ignore[attr-defined]


# --- search facts (OB-N520) ------------------------------------------------------------


def test_keyword_search_counts_and_disjoint(messages: list[Message]) -> None:
    hits = {k: set(search(messages, k)) for k in KEYWORDS}
    assert {k: len(v) for k, v in hits.items()} == {"Raptor": 6, "Dynegy": 8, "FERC": 8}
    assert not hits["Raptor"] & hits["Dynegy"]
    assert not hits["Raptor"] & hits["FERC"]
    assert not hits["Dynegy"] & hits["FERC"]


def test_keyword_search_ids(messages: list[Message]) -> None:
    """The exact ids corpus/README.md lists for scenario authors."""
    assert search(messages, "raptor") == [
        "msg-005", "msg-009", "msg-013", "msg-032", "msg-053", "msg-056",
    ]  # fmt: skip
    assert search(messages, "DYNEGY") == [
        "msg-007", "msg-021", "msg-023", "msg-039", "msg-042", "msg-055", "msg-060", "msg-065",
    ]  # fmt: skip
    assert search(messages, "ferc") == [
        "msg-002", "msg-016", "msg-018", "msg-025", "msg-044", "msg-050", "msg-051", "msg-062",
    ]  # fmt: skip


# --- automated senders and importance (OB-H307) ----------------------------------------


def test_automated_senders(messages: list[Message]) -> None:
    automated = [m for m in messages if sender(m) in AUTOMATED]
    assert Counter(sender(m) for m in automated) == {
        "enrononline@enron.com": 3,
        "legal-tickets@enron.com": 2,
        "gasbank@enron.com": 2,
    }
    assert all(m.parentFolderId == "folder-inbox" for m in automated)
    assert all(m.importance != "high" for m in automated)
    keyword_hits = {i for k in KEYWORDS for i in search(messages, k)}
    assert not keyword_hits & {m.id for m in automated}


def test_filter_rule(corpus: Corpus, messages: list[Message]) -> None:
    (rule,) = corpus.items("filters")
    assert rule.id == "rule-001" and rule.isEnabled  # type: ignore[attr-defined]
    assert rule.conditions.fromAddresses == ["enrononline@enron.com"]  # type: ignore[attr-defined]
    assert rule.actions.assignCategories == ["Trading"]  # type: ignore[attr-defined]
    assert rule.actions.moveToFolder is None  # type: ignore[attr-defined]
    # The rule already ran on the EnronOnline notices: tagged, still in the Inbox.
    for m in messages:
        if sender(m) == "enrononline@enron.com":
            assert "Trading" in m.categories


def test_high_importance(corpus: Corpus, messages: list[Message]) -> None:
    high = [m for m in messages if m.importance == "high"]
    assert len(high) == 6
    assert all(m.parentFolderId == "folder-inbox" for m in high)
    users = {u.mail: u for u in corpus.items("users")}  # type: ignore[attr-defined]
    assert all(users[sender(m)].userType != "system" for m in high)
    assert Counter(m.isRead for m in high) == {False: 4, True: 2}


def test_unread_that_is_neither_automated_nor_high(inbox: list[Message]) -> None:
    rest = [
        m.id
        for m in inbox
        if not m.isRead and m.importance != "high" and sender(m) not in AUTOMATED
    ]
    assert len(rest) == 13
    assert sum(not m.isRead for m in inbox) == 19


# --- unread rates (OB-H312) ------------------------------------------------------------


def unread_rates(inbox: list[Message]) -> dict[str, float]:
    total, unread = Counter(), Counter()
    for m in inbox:
        total[sender(m)] += 1
        unread[sender(m)] += not m.isRead
    return {s: 100 * unread[s] / total[s] for s in total}


def test_unread_rate_above_half(inbox: list[Message]) -> None:
    rates = unread_rates(inbox)
    above = sorted(((r, s) for s, r in rates.items() if r > 50), reverse=True)
    assert [(s, round(r)) for r, s in above] == [
        ("louise.kitchen@enron.com", 80),
        ("sally.beck@enron.com", 75),
        ("john.lavorato@enron.com", 67),
        ("richard.shapiro@enron.com", 60),
    ]
    assert len({r for r, _ in above}) == 4  # no ties


def test_unread_rate_traps(inbox: list[Message]) -> None:
    rates = unread_rates(inbox)
    at_half = {s for s, r in rates.items() if r == 50 and s not in AUTOMATED}
    assert at_half == {"jeff.skilling@enron.com", "tanya.ortiz@enron.com"}
    assert rates["enrononline@enron.com"] == pytest.approx(100 / 3)
    assert rates["gasbank@enron.com"] == 50
    assert rates["legal-tickets@enron.com"] == 0


# --- message realism -------------------------------------------------------------------


def test_sent_items_are_the_personas(messages: list[Message]) -> None:
    for m in messages:
        if m.parentFolderId == "folder-sentitems":
            assert sender(m) == ME and m.isRead and m.sentDateTime == m.receivedDateTime
        else:
            assert sender(m) != ME
            assert ME in {r.emailAddress.address for r in m.toRecipients + m.ccRecipients}


def test_message_dates(corpus: Corpus, messages: list[Message]) -> None:
    for m in messages:
        assert FIRST_MAIL <= m.receivedDateTime <= LAST_MAIL < corpus.now, m.id
        assert m.sentDateTime is not None and m.sentDateTime <= m.receivedDateTime


def test_every_datetime_is_central_daylight_time(corpus: Corpus) -> None:
    found = [corpus.now]
    for collection in CORPUS_FILES:
        for item in corpus.items(collection):
            found += datetimes(item)
    assert len(found) > 200
    assert all(d.utcoffset() == CDT for d in found)


def test_replies_follow_their_originals(corpus: Corpus, messages: list[Message]) -> None:
    by_id = corpus.collections["messages"]
    replies = [m for m in messages if m.inReplyTo]
    assert len(replies) >= 12
    for reply in replies:
        original = by_id[reply.inReplyTo]  # type: ignore[index]
        assert reply.conversationId == original.conversationId  # type: ignore[attr-defined]
        assert reply.receivedDateTime > original.receivedDateTime  # type: ignore[attr-defined]
        assert reply.subject == "RE: " + original.subject.removeprefix("RE: ")  # type: ignore[attr-defined]
    threads = Counter(m.conversationId for m in messages)
    for m in messages:
        if threads[m.conversationId] == 1:
            assert not m.subject.startswith("RE: "), m.id


def test_bodies_previews_attachments_categories(corpus: Corpus, messages: list[Message]) -> None:
    labels = {label.displayName for label in corpus.items("labels")}  # type: ignore[attr-defined]
    for m in messages:
        assert m.body.contentType == "text" and len(m.body.content) > 150, m.id
        assert " ".join(m.body.content.split()).startswith(m.bodyPreview), m.id
        assert 90 <= len(m.bodyPreview) <= 100, m.id
        assert m.hasAttachments == bool(m.attachments), m.id
        assert set(m.categories) <= labels, m.id
    assert sum(m.hasAttachments for m in messages) >= 5
    assert sum(bool(m.categories) for m in messages) >= 10
    assert sum(bool(m.ccRecipients) for m in messages) >= 10


def test_flags(messages: list[Message]) -> None:
    flags = Counter(m.flag.flagStatus for m in messages)
    assert flags == {"notFlagged": 60, "flagged": 4, "complete": 1}
    flagged = [m for m in messages if m.flag.flagStatus == "flagged"]
    assert sum(m.flag.dueDateTime is not None for m in flagged) == 3


# --- links (Table 10) ------------------------------------------------------------------


def test_every_human_sender_has_a_contact(corpus: Corpus, messages: list[Message]) -> None:
    contacts = {
        e.address: c
        for c in corpus.items("contacts")
        for e in c.emailAddresses  # type: ignore[attr-defined]
    }
    humans = {sender(m) for m in messages} - set(AUTOMATED) - {ME}
    assert len(humans) == 12
    for address in humans:
        contact = contacts[address]
        assert contact.jobTitle and contact.department and contact.companyName, address  # type: ignore[attr-defined]
    assert not set(AUTOMATED) & set(contacts)
    assert ME not in contacts


def test_contact_groups(corpus: Corpus) -> None:
    groups = {g.displayName: g.memberIds for g in corpus.items("contact_groups")}  # type: ignore[attr-defined]
    assert set(groups) == {"Executive Team", "Trading Desk", "Outside Advisors"}
    assert all(len(members) >= 3 for members in groups.values())


def test_executives_attend_meetings_and_send_mail(corpus: Corpus, messages: list[Message]) -> None:
    senders = {sender(m) for m in messages}
    events = corpus.items("events")
    for address in ("jeff.skilling@enron.com", "sally.beck@enron.com", "louise.kitchen@enron.com"):
        assert address in senders
        attends = [
            e
            for e in events
            if address == e.organizer.emailAddress.address  # type: ignore[attr-defined]
            or address in {a.emailAddress.address for a in e.attendees}  # type: ignore[attr-defined]
        ]
        assert len(attends) >= 2, address


def test_threads_reference_upcoming_meetings(corpus: Corpus, messages: list[Message]) -> None:
    upcoming = [e.subject for e in corpus.items("events") if e.start.dateTime > corpus.now]  # type: ignore[attr-defined]
    for subject in ("FERC Review", "Dynegy Review", "Q3 Earnings Release Prep"):
        assert subject in upcoming
        assert any(subject in m.subject or subject in m.body.content for m in messages), subject


def test_ferc_and_dynegy_reviews_overlap(corpus: Corpus) -> None:
    events = {e.subject: e for e in corpus.items("events")}  # type: ignore[attr-defined]
    ferc, dynegy = events["FERC Review"], events["Dynegy Review"]
    assert ferc.start.dateTime > corpus.now and dynegy.start.dateTime > corpus.now
    assert ferc.start.dateTime < dynegy.end.dateTime and dynegy.start.dateTime < ferc.end.dateTime
    assert dynegy.responseStatus.response == "notResponded"


def test_todo_tasks_reference_event_projects(corpus: Corpus) -> None:
    titles = [t.title for t in corpus.items("todo_tasks")]  # type: ignore[attr-defined]
    events = " ".join(e.subject for e in corpus.items("events"))  # type: ignore[attr-defined]
    for project in ("Raptor", "FERC"):
        assert sum(project in title for title in titles) >= 2
        assert project in events


# --- calendar --------------------------------------------------------------------------


def test_calendars(corpus: Corpus) -> None:
    cals = {c.id: c for c in corpus.items("calendars")}  # type: ignore[attr-defined]
    assert cals["cal-001"].name == "Calendar" and cals["cal-001"].isDefaultCalendar
    assert cals["cal-001"].owner.address == ME
    assert cals["cal-002"].name == "Project Deadlines" and cals["cal-002"].canEdit
    assert cals["cal-003"].name == "US Holidays" and not cals["cal-003"].canEdit
    assert sum(c.isDefaultCalendar for c in cals.values()) == 1


def test_event_timeline(corpus: Corpus) -> None:
    events = corpus.items("events")
    days = [e.start.dateTime.date() for e in events]  # type: ignore[attr-defined]
    past = [d for d in days if d < THIS_WEEK[0]]
    week = [d for d in days if THIS_WEEK[0] <= d <= THIS_WEEK[1]]
    later = [d for d in days if d > THIS_WEEK[1]]
    assert (len(past), len(week), len(later)) == (4, 7, 4)
    assert all(date(2001, 10, 1) <= d for d in past)
    # Everything stays before the end of daylight time (28 Oct 2001): -05:00 is right throughout.
    assert all(d < date(2001, 10, 28) for d in days)
    for e in events:
        assert e.end.dateTime > e.start.dateTime, e.id  # type: ignore[attr-defined]
        assert e.start.timeZone == e.end.timeZone == "Central Standard Time", e.id  # type: ignore[attr-defined]


def test_holiday_and_deadlines(corpus: Corpus) -> None:
    by_cal = Counter(e.calendarId for e in corpus.items("events"))  # type: ignore[attr-defined]
    assert by_cal == {"cal-001": 12, "cal-002": 2, "cal-003": 1}
    (holiday,) = [e for e in corpus.items("events") if e.calendarId == "cal-003"]  # type: ignore[attr-defined]
    assert holiday.isAllDay and holiday.showAs == "free"  # type: ignore[attr-defined]
    assert holiday.end.dateTime - holiday.start.dateTime == timedelta(days=1)  # type: ignore[attr-defined]


def test_event_responses(corpus: Corpus) -> None:
    events = corpus.items("events")
    for e in events:
        mine = [a for a in e.attendees if a.emailAddress.address == ME]  # type: ignore[attr-defined]
        organizer = e.organizer.emailAddress.address  # type: ignore[attr-defined]
        if organizer == ME:
            assert e.responseStatus.response == "organizer" and not mine, e.id  # type: ignore[attr-defined]
        elif e.calendarId != "cal-003":  # type: ignore[attr-defined]
            assert len(mine) == 1, e.id
            assert mine[0].status.response == e.responseStatus.response, e.id  # type: ignore[attr-defined]
        for a in e.attendees:  # type: ignore[attr-defined]
            if a.status.time is not None:
                assert a.status.time < corpus.now
    pending = [
        e.id
        for e in events
        if e.responseStatus.response == "notResponded" and e.start.dateTime > corpus.now  # type: ignore[attr-defined]
    ]
    assert pending == ["evt-009", "evt-012"]
    assert any(e.isOnlineMeeting for e in events)  # type: ignore[attr-defined]


# --- todo and boards -------------------------------------------------------------------


def test_todo_lists_and_tasks(corpus: Corpus) -> None:
    lists = {tl.id: (tl.displayName, tl.wellknownListName) for tl in corpus.items("todo_lists")}  # type: ignore[attr-defined]
    assert lists == {
        "list-001": ("Tasks", "defaultList"),
        "list-002": ("Raptor Follow-ups", "none"),
        "list-003": ("FERC Prep", "none"),
    }
    tasks = corpus.items("todo_tasks")
    assert Counter(t.listId for t in tasks) == {"list-001": 4, "list-002": 3, "list-003": 3}  # type: ignore[attr-defined]
    now = corpus.now
    completed = [t for t in tasks if t.status == "completed"]  # type: ignore[attr-defined]
    assert len(completed) == 3
    assert all(t.completedDateTime and t.completedDateTime.dateTime < now for t in completed)  # type: ignore[attr-defined]
    assert all(t.completedDateTime is None for t in tasks if t.status != "completed")  # type: ignore[attr-defined]
    open_tasks = [t for t in tasks if t.status != "completed" and t.dueDateTime]  # type: ignore[attr-defined]
    overdue = [t.id for t in open_tasks if t.dueDateTime.dateTime < now]  # type: ignore[attr-defined]
    this_week = [
        t.id
        for t in open_tasks
        if now <= t.dueDateTime.dateTime and t.dueDateTime.dateTime.date() <= THIS_WEEK[1]  # type: ignore[attr-defined]
    ]
    assert overdue == ["task-001", "task-008"]
    assert this_week == ["task-002", "task-004", "task-006", "task-007", "task-010"]
    assert all(t.createdDateTime < now for t in tasks)  # type: ignore[attr-defined]
    assert sum(bool(t.checklistItems) for t in tasks) >= 3  # type: ignore[attr-defined]
    assert {t.importance for t in tasks} == {"low", "normal", "high"}  # type: ignore[attr-defined]


def test_todo_linked_message(corpus: Corpus) -> None:
    linked = [t for t in corpus.items("todo_tasks") if t.linkedMessageId]  # type: ignore[attr-defined]
    assert len(linked) == 1
    assert linked[0].linkedMessageId in corpus.collections["messages"]  # type: ignore[attr-defined]


def test_boards(corpus: Corpus) -> None:
    boards = {b.id: b.name for b in corpus.items("boards")}  # type: ignore[attr-defined]
    assert boards == {"board-001": "Q4 Risk Review", "board-002": "Deal Pipeline"}
    columns = corpus.collections["board_columns"]
    for board in boards:
        cols = sorted((c for c in columns.values() if c.boardId == board), key=lambda c: c.order)  # type: ignore[attr-defined]
        assert [(c.name, c.order) for c in cols] == [("To Do", 1), ("In Progress", 2), ("Done", 3)]  # type: ignore[attr-defined]
    labels = {label.displayName for label in corpus.items("labels")}  # type: ignore[attr-defined]
    for task in corpus.items("board_tasks"):
        assert columns[task.columnId].boardId == task.boardId  # type: ignore[attr-defined]
        assert task.assigneeIds and task.dueDateTime  # type: ignore[attr-defined]
        assert set(task.labels) <= labels  # type: ignore[attr-defined]


def test_labels(corpus: Corpus) -> None:
    names = [label.displayName for label in corpus.items("labels")]  # type: ignore[attr-defined]
    assert names == ["Raptor", "FERC", "Dynegy", "Legal", "Trading", "Follow Up"]


# --- the loader rejects a corrupted copy ------------------------------------------------


def corrupt(tmp_path: Path, file: str, entity_id: str | None, change: dict[str, Any]) -> Path:
    root = tmp_path / "corpus"
    shutil.copytree(load_corpus().root, root, ignore=shutil.ignore_patterns("*.md"))
    path = root / file
    data = json.loads(path.read_text(encoding="utf-8"))
    for entry in data:
        if entry["id"] == entity_id:
            entry.update(change)
    path.write_text(json.dumps(data), encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("file", "entity", "change", "field"),
    [
        ("messages.json", "msg-007", {"parentFolderId": "folder-nowhere"}, "parentFolderId"),
        ("events.json", "evt-003", {"showAs": "sleeping"}, "showAs"),
        ("events.json", "evt-008", {"calendarId": "cal-999"}, "calendarId"),
        ("todo_tasks.json", "task-004", {"listId": "list-404"}, "listId"),
        ("board_tasks.json", "btask-002", {"assigneeIds": ["user-099"]}, "assigneeIds"),
        ("contact_groups.json", "group-002", {"memberIds": ["contact-404"]}, "memberIds"),
        ("contacts.json", "contact-003", {"id": "contact-001"}, "id"),
        ("users.json", "user-008", {"managerId": "user-404"}, "managerId"),
    ],
)
def test_corrupted_copy_names_file_entity_and_field(
    tmp_path: Path, file: str, entity: str, change: dict[str, Any], field: str
) -> None:
    root = corrupt(tmp_path, file, entity, change)
    with pytest.raises(CorpusError) as raised:
        load_corpus(root)
    message = str(raised.value)
    shown = change.get("id", entity)
    assert file in message and shown in message and f"'{field}" in message, message


def test_corrupted_persona_and_missing_file(tmp_path: Path) -> None:
    root = corrupt(tmp_path, "labels.json", None, {})
    persona = json.loads((root / "persona.json").read_text(encoding="utf-8"))
    persona["now"] = "2001-10-15T09:00:00"
    (root / "persona.json").write_text(json.dumps(persona), encoding="utf-8")
    with pytest.raises(CorpusError, match=r"persona\.json: field 'now'"):
        load_corpus(root)
    (root / "boards.json").unlink()
    persona["now"] = "2001-10-15T09:00:00-05:00"
    (root / "persona.json").write_text(json.dumps(persona), encoding="utf-8")
    with pytest.raises(CorpusError, match=r"boards\.json: file missing"):
        load_corpus(root)
