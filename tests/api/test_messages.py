"""The messages API: every operation's happy path, its errors, and that a failed call changes nothing."""

from __future__ import annotations

import inspect
from datetime import datetime
from typing import Any

import pytest

from emailbench_gym.api import METHODS
from emailbench_gym.api.common import matches_words, message_search_text
from emailbench_gym.api.models import Message
from emailbench_gym.workspace import Workspace
from tests.api.support import fails, listed

ME = "dana.whitfield@enron.com"
SALLY = "sally.beck@enron.com"


def corpus_messages(ws: Workspace) -> list[Message]:
    return list(ws.mailbox.corpus.items("messages"))  # type: ignore[arg-type]


def when(value: str) -> datetime:
    return datetime.fromisoformat(value)


def ids(results: list[dict[str, Any]]) -> list[str]:
    return [r["id"] for r in results]


def addresses(recipients: list[dict[str, Any]]) -> list[str]:
    return [r["emailAddress"]["address"] for r in recipients]


def test_the_contract_names_and_parameters() -> None:
    expected = {
        "messages_list": ["top", "filter", "orderBy", "skip", "folderId"],
        "messages_get": ["id"],
        "messages_search": ["query", "top", "skip"],
        "messages_count": ["filter", "folderId"],
        "messages_getConversation": ["id", "top", "skip"],
        "messages_listAttachments": ["id"],
        "messages_getAttachment": ["messageId", "attachmentId"],
        "messages_send": [
            "subject",
            "body",
            "toRecipients",
            "ccRecipients",
            "bccRecipients",
            "importance",
        ],
        "messages_createDraft": ["subject", "body", "toRecipients", "ccRecipients", "importance"],
        "messages_updateDraft": ["id", "subject", "body", "toRecipients", "ccRecipients"],
        "messages_sendDraft": ["id"],
        "messages_reply": ["id", "comment", "draft"],
        "messages_replyAll": ["id", "comment", "draft"],
        "messages_forward": ["id", "toRecipients", "comment"],
        "messages_markRead": ["messageIds", "isRead"],
        "messages_flag": ["id", "flagStatus", "dueDateTime"],
        "messages_setImportance": ["id", "importance"],
        "messages_setCategories": ["id", "categories"],
        "messages_move": ["id", "destinationId"],
        "messages_copy": ["id", "destinationId"],
        "messages_batchMove": ["messageIds", "destinationId"],
        "messages_delete": ["id"],
    }
    ours = {n: s for n, s in METHODS.items() if s.domain == "messages"}
    assert {n: list(s.params) for n, s in ours.items()} == expected
    assert sum(s.kind == "read" for s in ours.values()) == 7
    assert sum(s.kind == "write" for s in ours.values()) == 15
    for spec in ours.values():
        assert spec.description and all(spec.param_docs[p] for p in spec.params)
        assert inspect.getdoc(spec.func)


# --- read ----------------------------------------------------------------------------------


def test_list_defaults_to_25_newest_first_and_reads_change_nothing(ws: Workspace) -> None:
    before = ws.digest()
    shown = listed(ws, "messages_list")
    assert len(shown) == 25
    times = [when(m["receivedDateTime"]) for m in shown]
    assert times == sorted(times, reverse=True)
    newest = max(m.receivedDateTime for m in corpus_messages(ws))
    assert times[0] == newest
    assert "from" in shown[0] and "from_" not in shown[0]
    listed(ws, "messages_search", query="Raptor")
    ws.call("messages_count", filter="isRead eq false")
    assert ws.digest() == before


def test_list_by_folder_id_or_well_known_name(ws: Workspace) -> None:
    by_name = listed(ws, "messages_list", folderId="inbox", top=100)
    by_id = listed(ws, "messages_list", folderId="folder-inbox", top=100)
    assert by_name == by_id
    assert len(by_name) == 50
    assert {m["parentFolderId"] for m in by_name} == {"folder-inbox"}
    assert len(listed(ws, "messages_list", folderId="SentItems", top=100)) == 15
    assert listed(ws, "messages_list", folderId="drafts") == []


def test_list_unknown_folder(ws: Workspace) -> None:
    error = fails(ws, "not_found", "messages_list", folderId="Projects")
    assert "folderId" in error.message and "folder-inbox" in error.message


def test_list_filter(ws: Workspace) -> None:
    unread = listed(ws, "messages_list", filter="isRead eq false", top=100)
    expected = [m.id for m in corpus_messages(ws) if not m.isRead]
    assert sorted(ids(unread)) == sorted(expected)
    sent = listed(
        ws, "messages_list", filter=f"from/emailAddress/address eq '{ME.upper()}'", top=100
    )
    assert len(sent) == 15


@pytest.mark.parametrize(
    ("bad", "token"),
    [
        ("isRead eq false andd importance eq 'high'", "importance"),
        ("subjekt eq 'Raptor'", "subjekt"),
        ("isRead eq false and", "and"),
        ("contains(subject 'x')", "'x'"),
    ],
)
def test_list_filter_errors_quote_the_offending_token(ws: Workspace, bad: str, token: str) -> None:
    error = fails(ws, "invalid_filter", "messages_list", filter=bad)
    assert token in error.message


def test_list_order_by(ws: Workspace) -> None:
    oldest_first = listed(ws, "messages_list", orderBy="receivedDateTime asc", top=100)
    times = [when(m["receivedDateTime"]) for m in oldest_first]
    assert times == sorted(times) and len(times) == 65
    by_subject = listed(ws, "messages_list", orderBy="subject desc, receivedDateTime", top=100)
    subjects = [m["subject"].casefold() for m in by_subject]
    assert subjects == sorted(subjects, reverse=True)
    fails(ws, "invalid_order_by", "messages_list", orderBy="receivedDateTime sideways")
    fails(ws, "invalid_filter", "messages_list", orderBy="recieved desc")


def test_list_paging(ws: Workspace) -> None:
    everything = ids(listed(ws, "messages_list", top=100))
    assert len(everything) == 65
    pages = [ids(listed(ws, "messages_list", top=20, skip=skip)) for skip in (0, 20, 40, 60)]
    assert [len(p) for p in pages] == [20, 20, 20, 5]
    assert [i for p in pages for i in p] == everything
    assert listed(ws, "messages_list", skip=65) == []
    error = fails(ws, "invalid_arguments", "messages_list", top=1000)  # the stated maximum
    assert "less than or equal to 100" in error.message
    fails(ws, "invalid_arguments", "messages_list", top=0)
    fails(ws, "invalid_arguments", "messages_list", skip=-1)


def test_get(ws: Workspace) -> None:
    message = ws.call("messages_get", id="msg-001")
    assert message["id"] == "msg-001"
    assert message["body"]["content"] == corpus_messages(ws)[0].body.content
    error = fails(ws, "not_found", "messages_get", id="msg-999")
    assert "messages_list" in error.message
    fails(ws, "invalid_arguments", "messages_get")


@pytest.mark.parametrize(("query", "count"), [("Raptor", 6), ("Dynegy", 8), ("FERC", 8)])
def test_search_matches_the_paper_traces(ws: Workspace, query: str, count: int) -> None:
    assert len(listed(ws, "messages_search", query=query)) == count


@pytest.mark.parametrize(
    "query",
    ["Raptor", "raptor", "FERC", "dynegy", "sally", "enron.com", "re", "Q4 review", "zzz", "a b"],
)
def test_search_agrees_with_matches_words(ws: Workspace, query: str) -> None:
    expected = [m for m in corpus_messages(ws) if matches_words(query, message_search_text(m))]
    expected.sort(key=lambda m: m.receivedDateTime, reverse=True)
    assert ids(listed(ws, "messages_search", query=query, top=100)) == [m.id for m in expected]


def test_search_sees_writes_and_respects_top(ws: Workspace) -> None:
    assert listed(ws, "messages_search", query="zebrafish") == []
    sent = ws.call("messages_send", subject="Zebrafish", body="x", toRecipients=[SALLY])
    assert ids(listed(ws, "messages_search", query="ZEBRA")) == [sent["id"]]
    ws.call("messages_delete", id=sent["id"])
    assert ids(listed(ws, "messages_search", query="zebrafish")) == [sent["id"]]  # all folders
    ws.reset()
    assert listed(ws, "messages_search", query="zebrafish") == []
    assert len(listed(ws, "messages_search", query="enron", top=3)) == 3


def test_search_errors(ws: Workspace) -> None:
    fails(ws, "invalid_arguments", "messages_search", query="  ?! ")
    fails(ws, "invalid_arguments", "messages_search", query="Raptor", top=0)


def test_count(ws: Workspace) -> None:
    assert ws.call("messages_count") == {"count": 65}
    assert ws.call("messages_count", folderId="inbox") == {"count": 50}
    unread = sum(not m.isRead for m in corpus_messages(ws))
    assert ws.call("messages_count", filter="isRead eq false") == {"count": unread}
    inbox_high = ws.call("messages_count", filter="importance eq 'high'", folderId="inbox")
    assert inbox_high == {"count": 6}
    fails(ws, "invalid_filter", "messages_count", filter="isRead eq")
    fails(ws, "not_found", "messages_count", folderId="folder-nowhere")


def test_get_conversation_oldest_first_by_message_or_conversation_id(ws: Workspace) -> None:
    reply = ws.call("messages_reply", id="msg-001", comment="Thanks.")
    conversation = reply["conversationId"]
    thread = listed(ws, "messages_getConversation", id=reply["id"])
    assert ids(thread)[-1] == reply["id"] and "msg-001" in ids(thread)
    assert {m["conversationId"] for m in thread} == {conversation}
    times = [when(m["receivedDateTime"]) for m in thread]
    assert times == sorted(times)
    assert listed(ws, "messages_getConversation", id=conversation) == thread
    expected = [m.id for m in corpus_messages(ws) if m.conversationId == conversation]
    assert sorted(ids(thread)) == sorted([*expected, reply["id"]])


def test_get_conversation_unknown(ws: Workspace) -> None:
    error = fails(ws, "not_found", "messages_getConversation", id="conv-999")
    assert "conv-999" in error.message


def with_attachments(ws: Workspace) -> Message:
    return next(m for m in corpus_messages(ws) if m.attachments)


def test_attachments(ws: Workspace) -> None:
    message = with_attachments(ws)
    assert message.hasAttachments
    shown = listed(ws, "messages_listAttachments", id=message.id)
    assert ids(shown) == [a.id for a in message.attachments]
    first = ws.call("messages_getAttachment", messageId=message.id, attachmentId=shown[0]["id"])
    assert first == shown[0]
    plain = next(m for m in corpus_messages(ws) if not m.attachments)
    assert listed(ws, "messages_listAttachments", id=plain.id) == []


def test_attachment_errors(ws: Workspace) -> None:
    message = with_attachments(ws)
    fails(ws, "not_found", "messages_listAttachments", id="msg-999")
    fails(ws, "not_found", "messages_getAttachment", messageId="msg-999", attachmentId="att-001")
    error = fails(
        ws, "not_found", "messages_getAttachment", messageId=message.id, attachmentId="att-999"
    )
    assert message.attachments[0].id in error.message


# --- write: compose ----------------------------------------------------------------------------


def test_send(ws: Workspace) -> None:
    sent = ws.call(
        "messages_send",
        subject="Raptor exposure",
        body="Sally,\n\nNumbers attached.   See  below.",
        toRecipients=[SALLY],
        ccRecipients=["someone@example.com"],
        bccRecipients=["jeff.skilling@enron.com"],
        importance="high",
    )
    now = ws.now.isoformat()
    assert sent["id"] == "msg-5001" and sent["conversationId"] == "conv-5001"
    assert sent["parentFolderId"] == "folder-sentitems"
    assert sent["from"]["emailAddress"]["address"] == ME
    assert sent["toRecipients"][0]["emailAddress"] == {"name": "Sally Beck", "address": SALLY}
    assert sent["ccRecipients"][0]["emailAddress"] == {"name": "", "address": "someone@example.com"}
    assert addresses(sent["bccRecipients"]) == ["jeff.skilling@enron.com"]
    assert sent["isRead"] and not sent["isDraft"] and sent["importance"] == "high"
    assert when(sent["sentDateTime"]) == when(sent["receivedDateTime"]) == when(now)
    assert sent["bodyPreview"] == "Sally, Numbers attached. See below."
    assert ws.call("messages_get", id="msg-5001") == sent
    assert ws.call("messages_count", folderId="sentitems") == {"count": 16}
    second = ws.call("messages_send", subject="", body="", toRecipients=[], ccRecipients=[SALLY])
    assert second["id"] == "msg-5002" and second["conversationId"] == "conv-5002"


def test_send_errors(ws: Workspace) -> None:
    base = {"subject": "s", "body": "b"}
    error = fails(ws, "invalid_arguments", "messages_send", **base, toRecipients=[])
    assert "recipient" in error.message
    error = fails(ws, "invalid_arguments", "messages_send", **base, toRecipients=["sally beck"])
    assert "toRecipients" in error.message and "'sally beck'" in error.message
    fails(
        ws, "invalid_arguments", "messages_send", **base, toRecipients=[SALLY], ccRecipients=["x"]
    )
    fails(
        ws, "invalid_arguments", "messages_send", **base, toRecipients=[SALLY], importance="urgent"
    )
    fails(ws, "invalid_arguments", "messages_send", subject=5, body="b", toRecipients=[SALLY])
    fails(ws, "invalid_arguments", "messages_send", **base, toRecipients=SALLY)
    assert ws.call("messages_send", **base, toRecipients=[SALLY])["id"] == "msg-5001"


def test_create_draft(ws: Workspace) -> None:
    draft = ws.call("messages_createDraft", subject="Draft", body="Later.")
    assert draft["parentFolderId"] == "folder-drafts" and draft["isDraft"]
    assert draft["sentDateTime"] is None and when(draft["receivedDateTime"]) == ws.now
    assert draft["toRecipients"] == [] and draft["from"]["emailAddress"]["address"] == ME
    (summary,) = listed(ws, "messages_list", folderId="drafts")
    assert summary["id"] == draft["id"] and summary["bodyPreview"] == "Later."
    assert "body" not in summary and summary.items() <= draft.items()
    fails(
        ws, "invalid_arguments", "messages_createDraft", subject="s", body="b", toRecipients=["@"]
    )


def test_update_draft(ws: Workspace) -> None:
    draft = ws.call("messages_createDraft", subject="Draft", body="Later.", toRecipients=[SALLY])
    changed = ws.call("messages_updateDraft", id=draft["id"], body="Now.", ccRecipients=[ME])
    assert changed["subject"] == "Draft" and addresses(changed["toRecipients"]) == [SALLY]
    assert changed["body"]["content"] == "Now." and changed["bodyPreview"] == "Now."
    assert addresses(changed["ccRecipients"]) == [ME]
    cleared = ws.call("messages_updateDraft", id=draft["id"], subject="Final", toRecipients=[])
    assert cleared["subject"] == "Final" and cleared["toRecipients"] == []
    error = fails(ws, "forbidden", "messages_updateDraft", id="msg-001", subject="Hacked")
    assert "draft" in error.message
    fails(ws, "not_found", "messages_updateDraft", id="msg-999", subject="x")
    fails(ws, "invalid_arguments", "messages_updateDraft", id=draft["id"], toRecipients=["nope"])


def test_send_draft(ws: Workspace) -> None:
    draft = ws.call("messages_createDraft", subject="Draft", body="Later.", toRecipients=[SALLY])
    sent = ws.call("messages_sendDraft", id=draft["id"])
    assert sent["id"] == draft["id"] and sent["parentFolderId"] == "folder-sentitems"
    assert not sent["isDraft"] and when(sent["sentDateTime"]) == ws.now
    assert listed(ws, "messages_list", folderId="drafts") == []
    fails(ws, "forbidden", "messages_sendDraft", id=draft["id"])  # already sent
    fails(ws, "not_found", "messages_sendDraft", id="msg-999")


def test_send_draft_needs_a_recipient(ws: Workspace) -> None:
    draft = ws.call("messages_createDraft", subject="Draft", body="Later.")
    error = fails(ws, "invalid_arguments", "messages_sendDraft", id=draft["id"])
    assert "messages_updateDraft" in error.message


def incoming(ws: Workspace) -> Message:
    """A received message with Cc recipients (the richest reply-all case)."""
    received = [m for m in corpus_messages(ws) if m.from_ and m.from_.emailAddress.address != ME]
    return max(received, key=lambda m: len(m.toRecipients) + len(m.ccRecipients))


def test_reply(ws: Workspace) -> None:
    original = incoming(ws)
    reply = ws.call("messages_reply", id=original.id, comment="Agreed, let's meet.")
    assert addresses(reply["toRecipients"]) == [original.from_.emailAddress.address]
    assert reply["ccRecipients"] == []
    assert reply["subject"] == f"RE: {original.subject}"
    assert reply["conversationId"] == original.conversationId
    assert reply["inReplyTo"] == original.id
    assert reply["parentFolderId"] == "folder-sentitems"
    body = reply["body"]["content"]
    assert body.startswith("Agreed, let's meet.\n\n-----Original Message-----\n")
    assert body.endswith(original.body.content) and f"Subject: {original.subject}" in body
    again = ws.call("messages_reply", id=reply["id"], comment="Also...")
    assert again["subject"] == reply["subject"]  # no "RE: RE:"
    assert addresses(again["toRecipients"]) == [original.from_.emailAddress.address]


@pytest.mark.parametrize("method", ["messages_reply", "messages_replyAll"])
def test_a_reply_can_be_drafted_in_its_thread_and_sent_later(ws: Workspace, method: str) -> None:
    original = incoming(ws)
    sent_before = len(ws.mailbox.sent)
    draft = ws.call(method, id=original.id, comment="Draft: numbers Friday.", draft=True)
    assert (draft["isDraft"], draft["parentFolderId"], draft["sentDateTime"]) == (
        True,
        "folder-drafts",
        None,
    )
    assert draft["subject"] == f"RE: {original.subject}" and draft["inReplyTo"] == original.id
    assert draft["conversationId"] == original.conversationId
    assert draft["body"]["content"].startswith("Draft: numbers Friday.\n\n-----Original Message")
    assert len(ws.mailbox.sent) == sent_before  # nothing left the mailbox
    sent = ws.call("messages_sendDraft", id=draft["id"])
    assert (sent["isDraft"], sent["parentFolderId"]) == (False, "folder-sentitems")
    (transmission,) = ws.mailbox.sent[sent_before:]
    assert transmission.inReplyTo == original.id and transmission.text == "Draft: numbers Friday."


def test_reply_errors(ws: Workspace) -> None:
    fails(ws, "not_found", "messages_reply", id="msg-999", comment="x")
    draft = ws.call("messages_createDraft", subject="Draft", body="b", toRecipients=[SALLY])
    fails(ws, "forbidden", "messages_reply", id=draft["id"], comment="x")
    fails(ws, "invalid_arguments", "messages_reply", id="msg-001")


def test_reply_all(ws: Workspace) -> None:
    original = incoming(ws)
    reply = ws.call("messages_replyAll", id=original.id, comment="All: noted.")
    people = [original.from_, *original.toRecipients, *original.ccRecipients]
    expected = {p.emailAddress.address.casefold() for p in people} - {ME}
    got = addresses(reply["toRecipients"]) + addresses(reply["ccRecipients"])
    assert len(got) == len(set(got)) and {a.casefold() for a in got} == expected
    assert addresses(reply["toRecipients"])[0] == original.from_.emailAddress.address
    assert reply["inReplyTo"] == original.id and reply["subject"].startswith("RE: ")


def test_reply_all_errors(ws: Workspace) -> None:
    fails(ws, "not_found", "messages_replyAll", id="msg-999", comment="x")
    to_self = ws.call("messages_send", subject="Note to self", body="b", toRecipients=[ME])
    error = fails(ws, "invalid_arguments", "messages_replyAll", id=to_self["id"], comment="x")
    assert "messages_send" in error.message


def test_forward_copies_attachments(ws: Workspace) -> None:
    original = with_attachments(ws)
    forward = ws.call(
        "messages_forward", id=original.id, toRecipients=[SALLY], comment="FYI, see attached."
    )
    assert forward["subject"] == f"FW: {original.subject}"
    assert addresses(forward["toRecipients"]) == [SALLY]
    assert forward["body"]["content"].startswith("FYI, see attached.\n\n-----Original Message")
    assert forward["hasAttachments"]
    copied = forward["attachments"]
    assert [a["name"] for a in copied] == [a.name for a in original.attachments]
    assert ids(copied)[0] == "att-5001"
    assert forward["conversationId"] == original.conversationId
    assert forward["inReplyTo"] is None
    again = ws.call("messages_forward", id=forward["id"], toRecipients=[ME])
    assert again["subject"] == forward["subject"]  # no "FW: FW:"


def test_forward_errors(ws: Workspace) -> None:
    fails(ws, "invalid_arguments", "messages_forward", id="msg-001", toRecipients=[])
    fails(ws, "invalid_arguments", "messages_forward", id="msg-001", toRecipients=["bad"])
    fails(ws, "not_found", "messages_forward", id="msg-999", toRecipients=[SALLY])


# --- write: state and organization -------------------------------------------------------------


def test_mark_read(ws: Workspace) -> None:
    unread = [m.id for m in corpus_messages(ws) if not m.isRead][:2]
    marked = ws.call("messages_markRead", messageIds=[*unread, unread[0]])
    assert marked == {"messageIds": unread, "isRead": True}
    assert all(ws.call("messages_get", id=i)["isRead"] for i in unread)
    back = ws.call("messages_markRead", messageIds=unread, isRead=False)
    assert back == {"messageIds": unread, "isRead": False}
    assert not any(ws.call("messages_get", id=i)["isRead"] for i in unread)


def test_mark_read_is_all_or_nothing(ws: Workspace) -> None:
    error = fails(ws, "not_found", "messages_markRead", messageIds=["msg-001", "msg-999"])
    assert "'msg-999'" in error.message and "'msg-001'" not in error.message
    fails(ws, "invalid_arguments", "messages_markRead", messageIds=[])


def test_flag(ws: Workspace) -> None:
    flagged = ws.call("messages_flag", id="msg-001", dueDateTime="2001-10-19T17:00:00")
    assert flagged["flag"] == {"flagStatus": "flagged", "dueDateTime": "2001-10-19T17:00:00-05:00"}
    done = ws.call("messages_flag", id="msg-001", flagStatus="complete")
    assert done["flag"] == {"flagStatus": "complete", "dueDateTime": "2001-10-19T17:00:00-05:00"}
    utc = ws.call("messages_flag", id="msg-001", dueDateTime="2001-10-20T12:00:00Z")
    assert utc["flag"]["dueDateTime"] == "2001-10-20T12:00:00Z"
    cleared = ws.call("messages_flag", id="msg-001", flagStatus="notFlagged")
    assert cleared["flag"] == {"flagStatus": "notFlagged", "dueDateTime": None}


def test_flag_errors(ws: Workspace) -> None:
    error = fails(
        ws,
        "invalid_arguments",
        "messages_flag",
        id="msg-001",
        flagStatus="notFlagged",
        dueDateTime="2001-10-19T17:00:00",
    )
    assert "dueDateTime" in error.message
    fails(ws, "invalid_arguments", "messages_flag", id="msg-001", flagStatus="red")
    fails(ws, "invalid_arguments", "messages_flag", id="msg-001", dueDateTime="Friday")
    fails(ws, "not_found", "messages_flag", id="msg-999")


def test_set_importance(ws: Workspace) -> None:
    assert ws.call("messages_setImportance", id="msg-001", importance="low")["importance"] == "low"
    assert ws.call("messages_get", id="msg-001")["importance"] == "low"
    error = fails(ws, "invalid_arguments", "messages_setImportance", id="msg-001", importance="x")
    assert "importance" in error.message
    fails(ws, "not_found", "messages_setImportance", id="msg-999", importance="high")


def test_set_categories(ws: Workspace) -> None:
    tagged = ws.call("messages_setCategories", id="msg-001", categories=["raptor", " FOLLOW UP"])
    assert tagged["categories"] == ["Raptor", "Follow Up"]
    assert ws.call("messages_setCategories", id="msg-001", categories=[])["categories"] == []


def test_set_categories_errors(ws: Workspace) -> None:
    error = fails(
        ws, "invalid_arguments", "messages_setCategories", id="msg-001", categories=["Raptr"]
    )
    assert "'Raptr'" in error.message and "Raptor" in error.message
    assert "settings_createLabel" in error.message
    fails(ws, "not_found", "messages_setCategories", id="msg-999", categories=["Raptor"])


@pytest.mark.skipif("settings_createLabel" not in METHODS, reason="settings not written yet")
def test_set_categories_with_a_created_label(ws: Workspace) -> None:
    ws.call("settings_createLabel", displayName="Q4 Close")
    tagged = ws.call("messages_setCategories", id="msg-001", categories=["q4 close"])
    assert tagged["categories"] == ["Q4 Close"]


def test_move(ws: Workspace) -> None:
    moved = ws.call("messages_move", id="msg-001", destinationId="archive")
    assert moved["parentFolderId"] == "folder-archive"
    folder = ws.call("folders_create", displayName="Projects")
    moved = ws.call("messages_move", id="msg-001", destinationId=folder["id"])
    assert moved["parentFolderId"] == folder["id"]
    assert ws.call("messages_count", folderId=folder["id"]) == {"count": 1}


def test_move_to_a_missing_folder_changes_nothing(ws: Workspace) -> None:
    error = fails(ws, "not_found", "messages_move", id="msg-001", destinationId="Projects")
    assert "destinationId" in error.message and "'Projects'" in error.message
    fails(ws, "not_found", "messages_move", id="msg-999", destinationId="archive")


def test_copy(ws: Workspace) -> None:
    source = with_attachments(ws)
    copy = ws.call("messages_copy", id=source.id, destinationId="archive")
    original = ws.call("messages_get", id=source.id)
    assert copy["id"] == "msg-5001" and copy["parentFolderId"] == "folder-archive"
    assert original["parentFolderId"] == source.parentFolderId
    assert ids(copy["attachments"])[0] == "att-5001"  # the copy owns its attachments
    same = ("id", "parentFolderId", "attachments")
    assert {k: v for k, v in copy.items() if k not in same} == {
        k: v for k, v in original.items() if k not in same
    }
    strip = [{k: v for k, v in a.items() if k != "id"} for a in original["attachments"]]
    assert [{k: v for k, v in a.items() if k != "id"} for a in copy["attachments"]] == strip
    assert ws.call("messages_count") == {"count": 66}
    assert ids(listed(ws, "messages_search", query=source.subject, top=100)).count("msg-5001") == 1
    fails(ws, "not_found", "messages_copy", id="msg-001", destinationId="folder-nowhere")
    fails(ws, "not_found", "messages_copy", id="msg-999", destinationId="archive")


def test_batch_move_with_good_bad_and_duplicate_ids(ws: Workspace) -> None:
    folder = ws.call("folders_create", displayName="Raptor")
    result = ws.call(
        "messages_batchMove",
        messageIds=["msg-001", "msg-404", "msg-002", "msg-001"],
        destinationId=folder["id"],
    )
    assert result["destinationId"] == folder["id"]
    assert result["succeeded"] == ["msg-001", "msg-002"]
    assert result["failed"] == ["msg-404", "msg-001"]
    assert "no such message" in result["errors"]["msg-404"]
    assert "more than once" in result["errors"]["msg-001"]
    assert ws.call("messages_count", folderId=folder["id"]) == {"count": 2}
    again = ws.call("messages_batchMove", messageIds=["msg-001"], destinationId=folder["id"])
    assert again["succeeded"] == ["msg-001"] and again["failed"] == []


def test_batch_move_moves_a_search_result(ws: Workspace) -> None:
    folder = ws.call("folders_create", displayName="Raptor")
    found = ids(listed(ws, "messages_search", query="Raptor"))
    result = ws.call("messages_batchMove", messageIds=found, destinationId=folder["id"])
    assert result["succeeded"] == found and result["failed"] == [] and result["errors"] == {}


def test_batch_move_errors(ws: Workspace) -> None:
    fails(ws, "not_found", "messages_batchMove", messageIds=["msg-001"], destinationId="nowhere")
    fails(ws, "invalid_arguments", "messages_batchMove", messageIds=[], destinationId="archive")


def test_delete_moves_then_deletes_permanently(ws: Workspace) -> None:
    first = ws.call("messages_delete", id="msg-001")
    assert first == {
        "id": "msg-001",
        "outcome": "movedToDeletedItems",
        "parentFolderId": "folder-deleteditems",
    }
    assert ws.call("messages_get", id="msg-001")["parentFolderId"] == "folder-deleteditems"
    second = ws.call("messages_delete", id="msg-001")
    assert second == {"id": "msg-001", "outcome": "permanentlyDeleted"}
    assert ws.call("messages_count") == {"count": 64}
    fails(ws, "not_found", "messages_get", id="msg-001")
    fails(ws, "not_found", "messages_delete", id="msg-001")


# --- episode lifecycle --------------------------------------------------------------------------


def test_reset_restores_everything_and_ids_restart(ws: Workspace) -> None:
    pristine = ws.digest()
    sent = ws.call("messages_send", subject="s", body="b", toRecipients=[SALLY])
    ws.call("messages_createDraft", subject="d", body="b")
    ws.call("messages_reply", id="msg-002", comment="c")
    ws.call("messages_markRead", messageIds=["msg-003"], isRead=False)
    ws.call("messages_flag", id="msg-004")
    ws.call("messages_setCategories", id="msg-005", categories=["FERC"])
    ws.call("messages_move", id="msg-006", destinationId="archive")
    ws.call("messages_copy", id="msg-007", destinationId="archive")
    ws.call("messages_delete", id="msg-008")
    assert ws.digest() != pristine
    ws.reset()
    assert ws.digest() == pristine == Workspace().digest()
    assert ws.call("messages_count") == {"count": 65}
    fails(ws, "not_found", "messages_get", id=sent["id"])
    again = ws.call("messages_send", subject="s", body="b", toRecipients=[SALLY])
    assert again["id"] == "msg-5001" and again["conversationId"] == "conv-5001"
