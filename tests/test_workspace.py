"""The foundation (issue 2): method counts, Workspace errors, reset, ids, copy-on-write, snapshot."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest
from pydantic import BaseModel

import emailbench_gym
from emailbench_gym import ToolError, Workspace, load_corpus
from emailbench_gym.api import INTERFACES, METHODS
from emailbench_gym.api.models import APISnapshot
from emailbench_gym.mailbox import COLLECTIONS

SNAPSHOT_COLLECTIONS = (
    "messages",
    "folders",
    "filters",
    "events",
    "calendars",
    "contacts",
    "contact_groups",
    "todo_lists",
    "todo_tasks",
    "boards",
    "board_columns",
    "board_tasks",
    "users",
    "labels",
    "settings",
)


@pytest.fixture
def ws() -> Workspace:
    return Workspace()


def test_public_names() -> None:
    for name in ("Workspace", "ToolError", "load_corpus", "SCENARIO_IDS"):
        assert hasattr(emailbench_gym, name)


def test_methods_count_and_kinds() -> None:
    kinds = Counter(spec.kind for spec in METHODS.values())
    assert kinds == {"read": 51, "write": 68, "evaluation": 2}
    assert sorted(n for n, s in METHODS.items() if s.kind == "evaluation") == ["reset", "snapshot"]


@pytest.mark.parametrize(
    ("domain", "reads", "writes"),
    [
        ("messages", 7, 15),
        ("calendar", 7, 11),
        ("boards", 6, 9),
        ("settings", 6, 9),
        ("todo", 4, 10),
        ("folders", 5, 5),
    ],
)
def test_table8_domain_counts(domain: str, reads: int, writes: int) -> None:
    kinds = Counter(s.kind for s in METHODS.values() if s.domain == domain)
    assert (kinds["read"], kinds["write"]) == (reads, writes)


def test_remaining_domains_cover_16_reads_9_writes() -> None:
    rest = {"contacts", "filters", "identity"}
    kinds = Counter(s.kind for s in METHODS.values() if s.domain in rest)
    assert (kinds["read"], kinds["write"]) == (16, 9)


def test_method_names_follow_domain_verb() -> None:
    for name, spec in METHODS.items():
        if spec.kind != "evaluation":
            assert name.startswith(f"{spec.domain}_"), name


def test_interfaces() -> None:
    assert len(INTERFACES) == 36
    assert len(set(INTERFACES)) == 36
    assert all(issubclass(cls, BaseModel) for cls in INTERFACES)
    names = {cls.__name__ for cls in INTERFACES}
    for expected in ("Message", "Recipient", "EmailAddress", "Event", "Contact", "BoardTask"):
        assert expected in names


# --- bad input: ToolError naming the argument, state unchanged ---------------------------------

BAD_CALLS: list[tuple[str, dict[str, Any], str, str]] = [
    ("messages_frobnicate", {}, "unknown_method", "messages_frobnicate"),
    ("snapshot", {}, "unknown_method", "snapshot"),
    ("messages_get", {"id": 5}, "invalid_arguments", "'id'"),
    ("messages_list", {"top": "many"}, "invalid_arguments", "'top'"),
    ("messages_get", {}, "invalid_arguments", "'id'"),
    ("folders_create", {}, "invalid_arguments", "'displayName'"),
    ("messages_get", {"id": "msg-001", "colour": "red"}, "invalid_arguments", "'colour'"),
    ("folders_create", {"displayName": "X", "bogus": 1}, "invalid_arguments", "'bogus'"),
    ("messages_get", {"id": "msg-999"}, "not_found", "msg-999"),
    ("folders_delete", {"id": "folder-nope"}, "not_found", "folder-nope"),
    ("messages_list", {"filter": "isRead eq"}, "invalid_filter", "filter"),
    ("messages_list", {"filter": "nosuchfield eq 1"}, "invalid_filter", "nosuchfield"),
    ("messages_count", {"filter": "(("}, "invalid_filter", "filter"),
    (
        "messages_move",
        {"id": "msg-001", "destinationId": "folder-zzz"},
        "not_found",
        "destinationId",
    ),
]


@pytest.mark.parametrize(("name", "arguments", "code", "mentions"), BAD_CALLS)
def test_bad_calls_raise_tool_error_and_change_nothing(
    ws: Workspace, name: str, arguments: dict[str, Any], code: str, mentions: str
) -> None:
    ws.call("folders_create", displayName="Before")  # a non-pristine state must survive too
    before = ws.digest()
    with pytest.raises(ToolError) as info:
        ws.call(name, **arguments)
    assert info.value.code == code
    assert mentions in info.value.message
    assert ws.digest() == before
    assert ws.call("folders_create", displayName="After")["id"] == "folder-5002"


def test_unknown_method_suggests_tools_only(ws: Workspace) -> None:
    with pytest.raises(ToolError) as info:
        ws.call("snapshot")
    assert "Did you mean" not in info.value.message  # an evaluation utility, not a tool
    with pytest.raises(ToolError) as info:
        ws.call("messages_serch")
    assert "messages_search" in info.value.message


def test_failed_write_rolls_back_partial_changes(ws: Workspace) -> None:
    """A write that raises after putting something leaves nothing behind (transaction)."""
    before = ws.digest()
    mailbox = ws.mailbox
    original = mailbox.require("folders", "folder-inbox")
    with pytest.raises(ToolError), mailbox.transaction():
        mailbox.put("folders", original.model_copy(update={"displayName": "Changed"}))
        mailbox.new_id("folders")
        raise ToolError("conflict", "boom")
    assert ws.digest() == before
    assert ws.call("folders_create", displayName="X")["id"] == "folder-5001"


def test_batch_move_reports_per_item_failures(ws: Workspace) -> None:
    result = ws.call(
        "messages_batchMove", messageIds=["msg-001", "msg-nope"], destinationId="archive"
    )
    assert result["succeeded"] == ["msg-001"]
    assert result["failed"] == ["msg-nope"]


# --- reset, digest, ids ----------------------------------------------------------------------------


def _write_a_lot(ws: Workspace) -> None:
    projects = ws.call("folders_create", displayName="Projects")["id"]
    raptor = ws.call("folders_create", displayName="Raptor", parentFolderId=projects)["id"]
    hits = [m["id"] for m in ws.call("messages_search", query="Raptor", top=50)["items"]]
    ws.call("messages_batchMove", messageIds=hits, destinationId=raptor)
    ws.call("messages_markRead", messageIds=["msg-002"], isRead=True)
    ws.call("messages_flag", id="msg-003", flagStatus="flagged")
    ws.call("messages_delete", id="msg-004")
    ws.call(
        "messages_send",
        subject="Status",
        body="All good.",
        toRecipients=["sally.beck@enron.com"],
    )
    ws.call("folders_rename", id=projects, displayName="Projects 2001")
    lists = ws.call("todo_listLists")["items"]
    ws.call("todo_createTask", listId=lists[0]["id"], title="Prepare FERC notes")


def test_reset_restores_digest(ws: Workspace) -> None:
    pristine = ws.digest()
    assert Workspace().digest() == pristine  # stable across instances
    _write_a_lot(ws)
    assert ws.digest() != pristine
    ws.reset()
    assert ws.digest() == pristine
    assert not ws.mailbox.changed


def test_an_unchanged_collection_is_listed_from_one_list_across_resets(ws: Workspace) -> None:
    """`all` of an unchanged collection is the corpus's own list, kept across resets (an
    episode's first list call builds none); a changed one is built, and goes at reset."""
    pristine = {name: ws.mailbox.all(name) for name in COLLECTIONS}
    _write_a_lot(ws)
    changed = {name for name in COLLECTIONS if ws.mailbox.all(name) != pristine[name]}
    assert changed == {"messages", "folders", "todo_tasks"}
    ws.reset()
    assert all(ws.mailbox.all(name) is pristine[name] for name in COLLECTIONS)


def test_a_derived_view_is_built_once_per_change_of_its_collection(ws: Workspace) -> None:
    built: list[int] = []

    def newest_id_first(items: list[Any]) -> list[Any]:
        built.append(len(items))
        return sorted(items, key=lambda c: c.id, reverse=True)

    first = ws.mailbox.derived("contacts", newest_id_first)
    assert ws.mailbox.derived("contacts", newest_id_first) is first
    assert built == [len(first)]
    ws.call("contacts_create", displayName="Zed Example", emailAddress="zed@example.com")
    changed = ws.mailbox.derived("contacts", newest_id_first)
    assert changed[0].id == "contact-5001"
    assert changed[1:] == first
    ws.reset()
    assert ws.mailbox.derived("contacts", newest_id_first) == first
    assert built == [len(first), len(first) + 1, len(first)]


def test_ids_restart_at_5001(ws: Workspace) -> None:
    assert ws.call("folders_create", displayName="A")["id"] == "folder-5001"
    assert ws.call("folders_create", displayName="B")["id"] == "folder-5002"
    ws.reset()
    assert ws.call("folders_create", displayName="C")["id"] == "folder-5001"


def _deep_dump(corpus: Any) -> dict[str, Any]:
    dump = {
        name: {key: item.model_dump(mode="json") for key, item in items.items()}
        for name, items in corpus.collections.items()
    }
    dump["settings"] = corpus.settings.model_dump(mode="json")
    dump["me"] = corpus.me.model_dump(mode="json")
    return copy.deepcopy(dump)


def test_copy_on_write_never_mutates_the_corpus(ws: Workspace) -> None:
    corpus = load_corpus()
    before = _deep_dump(corpus)
    for _ in range(3):
        _write_a_lot(ws)
        ws.call("settings_setAutomaticReplies", status="alwaysEnabled", internalReplyMessage="Out")
        for message in ws.call("messages_list", top=50)["items"]:
            ws.call("messages_markRead", messageIds=[message["id"]], isRead=not message["isRead"])
        ws.reset()
    assert _deep_dump(corpus) == before
    assert Workspace().digest() == ws.digest()


def test_snapshot_has_every_collection(ws: Workspace) -> None:
    snap = ws.snapshot()
    for name in SNAPSHOT_COLLECTIONS:
        assert hasattr(snap, name), name
    typed = snap.model()
    assert isinstance(typed, APISnapshot)
    assert set(SNAPSHOT_COLLECTIONS) <= set(typed.model_dump())
    assert len(snap.messages) == 65
    assert snap.now == ws.now


def test_snapshot_reflects_writes(ws: Workspace) -> None:
    folder = ws.call("folders_create", displayName="Projects")
    ws.call("messages_move", id="msg-001", destinationId=folder["id"])
    snap = ws.snapshot()
    assert folder["id"] in {f.id for f in snap.folders}
    assert next(m for m in snap.messages if m.id == "msg-001").parentFolderId == folder["id"]
