"""Generated worlds (issue 13, part 1): promises kept on many seeds, determinism across
processes, every API method on a generated workspace, and the round trip to files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from emailbench_gym import Workspace
from emailbench_gym.api import METHODS
from emailbench_gym.api.common import SUPPORTED_TIME_ZONES
from emailbench_gym.api.settings import LANGUAGES
from emailbench_gym.corpus import CORPUS_FILES, load_corpus
from emailbench_gym.errors import CorpusError, ToolError
from emailbench_gym.worlds import MIN_SIZE, World, build_world, generate_world, load_world
from emailbench_gym.worlds.checks import check_world

SMALL_SEEDS = range(24)


@pytest.fixture(scope="module")
def world() -> World:
    return build_world(7, size=65)


@pytest.mark.parametrize("seed", SMALL_SEEDS)
def test_small_worlds_keep_every_promise(seed: int) -> None:
    assert check_world(build_world(seed, size=65)) == []


@pytest.mark.parametrize(("seed", "size"), [(100, MIN_SIZE), (101, 150), (102, 300), (103, 1000)])
def test_worlds_of_other_sizes_keep_every_promise(seed: int, size: int) -> None:
    world = build_world(seed, size=size)
    assert len(world.corpus.items("messages")) == size
    assert check_world(world) == []


def test_sizes_scale_the_world() -> None:
    small, large = build_world(5, size=65), build_world(5, size=1000)
    for collection in ("users", "events", "contacts", "todo_tasks", "board_tasks"):
        assert len(large.corpus.items(collection)) > len(small.corpus.items(collection)), collection
    assert len(large.facts.projects) > len(small.facts.projects)
    folders = Counter(m.parentFolderId for m in large.corpus.items("messages"))  # type: ignore[attr-defined]
    assert {
        "folder-inbox",
        "folder-sentitems",
        "folder-archive",
        "folder-deleteditems",
        "folder-junkemail",
        "folder-drafts",
    } <= set(folders)


def test_worlds_differ_in_their_setting() -> None:
    worlds = [build_world(seed, size=65) for seed in range(12)]
    assert len({w.facts.industry for w in worlds}) >= 5
    assert len({w.facts.company for w in worlds}) == 12
    assert len({w.corpus.me.displayName for w in worlds}) == 12
    assert len({w.facts.time_zone for w in worlds}) >= 3
    for w in worlds:
        assert w.corpus.settings.timeZone in SUPPORTED_TIME_ZONES
        assert w.corpus.settings.language in LANGUAGES


def test_the_world_has_the_papers_entity_kinds(world: World) -> None:
    corpus = world.corpus
    users = corpus.items("users")
    assert Counter(u.userType for u in users).keys() == {"member", "guest", "system"}  # type: ignore[attr-defined]
    roles = world.facts.roles
    for role in (
        "persona",
        "ceo",
        "executive",
        "manager",
        "peer",
        "report",
        "partner",
        "system",
        "contact",
    ):
        assert roles.get(role), role
    messages = corpus.items("messages")
    assert any(m.inReplyTo for m in messages)  # type: ignore[attr-defined]
    assert any(m.ccRecipients for m in messages)  # type: ignore[attr-defined]
    assert {m.isRead for m in messages} == {True, False}  # type: ignore[attr-defined]
    assert any(
        m.flag.flagStatus == "flagged" and m.flag.dueDateTime
        for m in build_world(8).corpus.items("messages")
    )  # type: ignore[attr-defined]
    assert any(m.attachments for m in messages)  # type: ignore[attr-defined]
    assert any(m.categories for m in messages)  # type: ignore[attr-defined]
    assert {m.importance for m in messages} >= {"normal", "high"}  # type: ignore[attr-defined]
    events = corpus.items("events")
    assert any(e.isAllDay for e in events) and any(e.location.displayName for e in events)  # type: ignore[attr-defined]
    responses = {a.status.response for e in events for a in e.attendees}  # type: ignore[attr-defined]
    assert {"accepted", "tentativelyAccepted"} <= responses
    assert corpus.items("contact_groups") and corpus.items("todo_lists") and corpus.items("filters")
    assert any(t.linkedMessageId for t in corpus.items("todo_tasks"))  # type: ignore[attr-defined]
    assert any(t.checklistItems for t in corpus.items("todo_tasks"))  # type: ignore[attr-defined]
    cards = corpus.items("board_tasks")
    assert all(c.assigneeIds for c in cards) and len({c.priority for c in cards}) >= 2  # type: ignore[attr-defined]
    assert corpus.now.tzinfo is not None and all(m.receivedDateTime < corpus.now for m in messages)  # type: ignore[attr-defined]


def test_bad_seeds_and_sizes_are_refused() -> None:
    for seed in (-1, 1.5, "7", True):
        with pytest.raises(ValueError, match="seed must be a non-negative integer"):
            build_world(seed)  # type: ignore[arg-type]
    for size in (MIN_SIZE - 1, 10**7, 65.0):
        with pytest.raises(ValueError, match=f"size must be an integer from {MIN_SIZE}"):
            build_world(1, size)  # type: ignore[arg-type]


# --- determinism ---------------------------------------------------------------------

HASH_CODE = (
    "import json, sys\n"
    "from emailbench_gym.worlds import build_world\n"
    "print(json.dumps([build_world(s, n).content_hash() for s, n in json.loads(sys.argv[1])]))\n"
)
CASES = [(0, 65), (3, 65), (41, 400)]


def test_same_seed_same_world_byte_for_byte_across_processes() -> None:
    here = [build_world(seed, size).content_hash() for seed, size in CASES]
    assert here == [build_world(seed, size).content_hash() for seed, size in CASES]
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", HASH_CODE, json.dumps(CASES)],
            capture_output=True, text=True, env=env, check=True, timeout=300,
        )  # fmt: skip
        assert json.loads(out.stdout) == here
    assert len(set(here)) == len(here)


def test_size_and_seed_both_change_the_world() -> None:
    assert build_world(1).content_hash() != build_world(2).content_hash()
    assert build_world(1, 65).content_hash() != build_world(1, 66).content_hash()


# --- a first-class corpus ------------------------------------------------------------


def test_round_trip_through_files(tmp_path: Path, world: World) -> None:
    folder = world.write(tmp_path / "world")
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        ["persona.json", "world.json", *(f for f, _ in CORPUS_FILES.values())]
    )
    again = load_world(folder)
    assert again.facts == world.facts
    for name in CORPUS_FILES:
        assert again.corpus.items(name) == world.corpus.items(name), name
    assert again.content_hash() == world.content_hash()
    assert Workspace(corpus=load_corpus(folder)).digest() == world.workspace().digest()
    (folder / "world.json").unlink()
    with pytest.raises(CorpusError, match=r"world\.json: file missing"):
        load_world(folder)


def test_generate_world_is_the_corpus(world: World) -> None:
    corpus = generate_world(7, size=65)
    assert Workspace(corpus=corpus).digest() == world.workspace().digest()


class Recorder:
    """Calls the API on a workspace, remembering which methods ran; a page gives its items."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self.called: set[str] = set()

    def __call__(self, method: str, /, **arguments: Any) -> Any:
        self.called.add(method)
        result = self.ws.call(method, **arguments)
        if isinstance(result, dict) and {"items", "total", "nextSkip"} <= set(result):
            return result["items"]
        return result


def test_every_api_method_works_on_a_generated_world(world: World) -> None:
    facts = world.facts
    ws = world.workspace()
    call = Recorder(ws)
    now = world.corpus.now
    me = world.corpus.me
    users = {u.id: u for u in world.corpus.items("users")}  # type: ignore[attr-defined]
    report = users[facts.roles["report"][0]]
    manager = users[facts.manager]

    # Reference-style (OB-N520 on this world): a folder per project, every keyword hit moved.
    root = call("folders_create", displayName="Programmes")
    for project in facts.projects:
        sub = call("folders_create", displayName=project.codename, parentFolderId=root["id"])
        hits = call("messages_search", query=project.codename, top=100)
        assert sorted(m["id"] for m in hits) == project.message_ids
        moved = call(
            "messages_batchMove", messageIds=[m["id"] for m in hits], destinationId=sub["id"]
        )
        assert sorted(moved["succeeded"]) == project.message_ids and not moved["failed"]
        assert call("messages_count", folderId=sub["id"])["count"] == len(project.message_ids)
    tree = call("folders_getTree")
    assert any(f["displayName"] == "Programmes" for f in tree)
    call("folders_find", displayName="Programmes")
    call("folders_get", id="inbox")
    call("folders_list")
    call("folders_listChildren", id=root["id"])
    other = call("folders_create", displayName="Scratch")
    call("folders_rename", id=other["id"], displayName="Scratch 2")
    call("folders_move", id=other["id"], destinationId=root["id"])
    call("folders_empty", id=other["id"])
    call("folders_delete", id=other["id"])

    # Mail.
    inbox = call("messages_list", folderId="inbox", top=100, orderBy="receivedDateTime desc")
    first = inbox[0]["id"]
    call("messages_get", id=first)
    call("messages_getConversation", id=first)
    with_files = [m for m in ws.mailbox.all("messages") if m.attachments]  # type: ignore[attr-defined]
    call("messages_listAttachments", id=with_files[0].id)
    call(
        "messages_getAttachment",
        messageId=with_files[0].id,
        attachmentId=with_files[0].attachments[0].id,
    )
    call("messages_markRead", messageIds=[first], isRead=True)
    call(
        "messages_flag",
        id=first,
        flagStatus="flagged",
        dueDateTime=(now + timedelta(days=2)).isoformat(),
    )
    call("messages_setImportance", id=first, importance="high")
    call("messages_setCategories", id=first, categories=["Follow Up"])
    call("messages_copy", id=first, destinationId="archive")
    call("messages_move", id=first, destinationId="archive")
    call("messages_reply", id=first, comment="Thanks, on it.")
    call("messages_replyAll", id=first, comment="Adding the team.")
    call("messages_forward", id=first, toRecipients=[report.mail], comment="Please take this.")
    sent = call(
        "messages_send", subject="Quick check", body="Can you confirm?", toRecipients=[manager.mail]
    )
    assert sent["parentFolderId"] == "folder-sentitems"
    draft = call(
        "messages_createDraft", subject="Draft", body="Work in progress", toRecipients=[report.mail]
    )
    call("messages_updateDraft", id=draft["id"], body="Done now")
    call("messages_sendDraft", id=draft["id"])
    call("messages_delete", id=inbox[1]["id"])
    call("messages_count", filter="isRead eq false")

    # Calendar: respond to the deliberate conflict, schedule around the persona's week.
    conflict = facts.conflicts[0]
    call(
        "calendar_respondToEvent",
        id=conflict.pending,
        response="decline",
        comment="Clashes with another meeting.",
    )
    call("calendar_getEvent", id=conflict.accepted)
    week = {"startDateTime": now.isoformat(), "endDateTime": (now + timedelta(days=7)).isoformat()}
    call("calendar_listEvents", **week)
    call(
        "calendar_searchEvents", query=world.corpus.collections["events"][conflict.accepted].subject
    )  # type: ignore[attr-defined]
    call("calendar_getSchedule", schedules=[me.mail, report.mail], **week)
    call(
        "calendar_findMeetingTimes",
        attendees=[report.mail, manager.mail],
        durationMinutes=30,
        **week,
    )
    call("calendar_listReminders", **week)
    call("calendar_listCalendars")
    cal = call("calendar_createCalendar", name="Side Projects")
    start = now + timedelta(days=30)
    event = call(
        "calendar_createEvent", subject="Planning", startDateTime=start.isoformat(),
        endDateTime=(start + timedelta(hours=1)).isoformat(), attendees=[report.mail], calendarId=cal["id"],
    )  # fmt: skip
    call("calendar_updateEvent", id=event["id"], location="Room 1")
    call("calendar_addAttendees", id=event["id"], attendees=[manager.mail])
    call("calendar_removeAttendees", id=event["id"], attendees=[manager.mail])
    call("calendar_setReminder", id=event["id"], minutesBeforeStart=30)
    call("calendar_dismissReminder", id=event["id"])
    call("calendar_cancelEvent", id=event["id"], comment="Not needed.")
    call("calendar_deleteEvent", id=event["id"])
    call("calendar_deleteCalendar", id=cal["id"])

    # Contacts and identity.
    contacts = call("contacts_list", top=100)
    call("contacts_get", id=contacts[0]["id"])
    call("contacts_search", query=report.displayName.split()[0])
    new = call(
        "contacts_create",
        displayName="Casey Example",
        emailAddress="casey@example.org",
        jobTitle="Advisor",
    )
    call("contacts_update", id=new["id"], department="Advisory")
    groups = call("contacts_listGroups")
    call("contacts_getGroup", id=groups[0]["id"])
    call("contacts_listGroupMembers", id=groups[0]["id"])
    group = call("contacts_createGroup", displayName="Ad hoc", memberIds=[contacts[0]["id"]])
    call("contacts_addToGroup", groupId=group["id"], contactIds=[new["id"]])
    call("contacts_removeFromGroup", groupId=group["id"], contactIds=[new["id"]])
    call("contacts_delete", id=new["id"])
    assert call("identity_getMe")["id"] == me.id
    assert call("identity_getManager")["id"] == facts.manager
    assert {u["id"] for u in call("identity_listDirectReports")} == set(facts.roles["report"])
    call("identity_getUser", id=report.mail)
    call("identity_listUsers", top=100)
    call("identity_searchUsers", query=report.displayName)
    call("identity_resolveRecipient", query=report.displayName.split()[0])

    # Rules, settings, labels.
    rules = call("filters_list")
    call("filters_get", id=rules[0]["id"])
    call("filters_test", messageId=inbox[2]["id"])
    rule = call(
        "filters_create",
        displayName="From my manager",
        fromAddresses=[manager.mail],
        markImportance="high",
    )
    call("filters_update", id=rule["id"], isEnabled=False)
    call("filters_delete", id=rule["id"])
    call("settings_get")
    call("settings_getAutomaticReplies")
    call("settings_getSignature")
    call("settings_getWorkingHours")
    call("settings_listTimeZones")
    labels = call("settings_listLabels")
    label = call("settings_createLabel", displayName="Waiting On", color="preset3")
    call("settings_updateLabel", id=label["id"], color="preset4")
    call("settings_deleteLabel", id=label["id"])
    call("settings_setAutomaticReplies", internalReplyMessage="Out today.")
    call("settings_disableAutomaticReplies")
    call("settings_setLanguage", locale="en-GB")
    call("settings_setSignature", signature="Regards")
    call("settings_setTimeZone", timeZone="UTC")
    call("settings_setWorkingHours", startTime="09:00", endTime="17:00")
    assert labels

    # To-do.
    lists = call("todo_listLists")
    tasks = call("todo_listTasks", listId=lists[0]["id"])
    call("todo_getTask", id=tasks[0]["id"])
    call("todo_searchTasks", query=facts.projects[0].codename)
    todo_list = call("todo_createList", displayName="Scratch list")
    call("todo_renameList", id=todo_list["id"], displayName="Scratch list 2")
    task = call(
        "todo_createTask", title="Check the numbers", listId=todo_list["id"], linkedMessageId=first
    )
    call("todo_updateTask", id=task["id"], importance="high")
    item = call("todo_addChecklistItem", taskId=task["id"], displayName="Step one")
    item_id = item["checklistItems"][-1]["id"]
    call("todo_updateChecklistItem", taskId=task["id"], itemId=item_id, isChecked=True)
    call("todo_deleteChecklistItem", taskId=task["id"], itemId=item_id)
    call("todo_completeTask", id=task["id"])
    call("todo_deleteTask", id=task["id"])
    call("todo_deleteList", id=todo_list["id"])

    # Boards.
    boards = call("boards_list")
    board = call("boards_get", id=boards[0]["id"])
    columns = call("boards_listColumns", boardId=board["id"])
    cards = call("boards_listTasks", boardId=board["id"])
    call("boards_getTask", id=cards[0]["id"])
    call("boards_searchTasks", query=cards[0]["title"].split()[0])
    call("boards_moveTask", id=cards[0]["id"], columnId=columns[-1]["id"])
    call("boards_assignTask", id=cards[0]["id"], assigneeIds=[report.id])
    call("boards_updateTask", id=cards[0]["id"], priority="urgent")
    new_board = call("boards_create", name="Side board", columns=["Now", "Later"])
    column = call("boards_createColumn", boardId=new_board["id"], name="Done")
    call("boards_renameColumn", id=column["id"], name="Finished")
    card = call(
        "boards_createTask",
        boardId=new_board["id"],
        columnId=column["id"],
        title="Tidy up",
        assigneeIds=[me.id],
    )
    call("boards_deleteTask", id=card["id"])
    call("boards_deleteColumn", id=column["id"])

    every = {name for name, spec in METHODS.items() if spec.kind != "evaluation"}
    assert call.called == every, sorted(every - call.called)
    with pytest.raises(ToolError):
        ws.call("messages_get", id="msg-999999")
    before = world.workspace().digest()
    ws.reset()
    assert ws.digest() == before


def test_the_docs_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (Path(__file__).parent.parent / "docs" / "worlds.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "docs/worlds.md", "exec"), {})
    assert load_world(tmp_path / "worlds" / "7").seed == 7
