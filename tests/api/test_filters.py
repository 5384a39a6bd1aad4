"""Filters (message rules) API: every method's happy path, and errors that leave the workspace unchanged.

Only the documented corpus facts are assumed (rule-001 tags mail from enrononline@enron.com
with the Trading label, the six well-known folders, the labels). `filters_test` runs
against messages planted in the workspace, so matching does not depend on corpus content.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from emailbench_gym.api import METHODS
from emailbench_gym.api.models import EmailAddress, ItemBody, Message, Recipient
from emailbench_gym.workspace import Workspace
from tests.api.support import fails, listed

ENRONONLINE = "enrononline@enron.com"


def plant(
    ws: Workspace,
    sender: str,
    subject: str,
    body: str = "",
    name: str = "",
    importance: str = "normal",
) -> str:
    """Put an Inbox message into the workspace (as if just delivered) and return its id."""
    mb = ws.mailbox
    message = Message(
        id=mb.new_id("messages"),
        conversationId="conv-test",
        parentFolderId="folder-inbox",
        subject=subject,
        body=ItemBody(content=body),
        from_=Recipient(emailAddress=EmailAddress(name=name, address=sender)),
        receivedDateTime=datetime.fromisoformat("2001-10-15T08:55:00-05:00"),
        importance=importance,
    )
    with mb.transaction():
        mb.put("messages", message)
    return message.id


def create(ws: Workspace, name: str = "Raptor mail", **fields: Any) -> dict[str, Any]:
    fields = fields or {"subjectContains": ["raptor"], "moveToFolder": "archive"}
    return ws.call("filters_create", displayName=name, **fields)


def matching_rules(ws: Workspace, message_id: str) -> list[str]:
    return [r["id"] for r in listed(ws, "filters_test", messageId=message_id)]


def test_six_methods_three_reads() -> None:
    kinds = [spec.kind for spec in METHODS.values() if spec.domain == "filters"]
    assert (len(kinds), kinds.count("read"), kinds.count("write")) == (6, 3, 3)


def test_create_says_existing_mail_is_untouched() -> None:
    description = METHODS["filters_create"].description
    assert "incoming mail only" in description and "not changed" in description


# --- reads -----------------------------------------------------------------------------


def test_list_by_sequence(ws: Workspace) -> None:
    rules = listed(ws, "filters_list")
    assert [r["id"] for r in rules] == ["rule-001"]
    first = create(ws, "First", subjectContains=["x"], markAsRead=True, sequence=1)
    later = create(ws, "Later", subjectContains=["y"], markAsRead=True)
    ordered = listed(ws, "filters_list")
    assert [(r["id"], r["sequence"]) for r in ordered] == [
        (first["id"], 1),
        ("rule-001", 2),  # moved down to make room
        (later["id"], 3),  # default: after the last rule
    ]
    fails(ws, "invalid_arguments", "filters_list", top=5)


def test_get(ws: Workspace) -> None:
    rule = ws.call("filters_get", id="rule-001")
    assert rule["conditions"]["fromAddresses"] == [ENRONONLINE]
    assert rule["actions"]["assignCategories"] == ["Trading"]
    assert "filters_list" in fails(ws, "not_found", "filters_get", id="rule-999").message


def test_test_matches_corpus_rule(ws: Workspace) -> None:
    notice = plant(ws, "EnronOnline@enron.com", "Daily volumes")
    other = plant(ws, "sally.beck@enron.com", "Daily volumes")
    assert matching_rules(ws, notice) == ["rule-001"]
    assert matching_rules(ws, other) == []
    corpus_notices = [
        m.id
        for m in ws.snapshot().messages
        if m.from_ and m.from_.emailAddress.address == ENRONONLINE
    ]
    assert all(matching_rules(ws, m) == ["rule-001"] for m in corpus_notices)
    assert "messages_list" in fails(ws, "not_found", "filters_test", messageId="msg-999").message


def test_test_conditions_and_across_kinds_or_within(ws: Workspace) -> None:
    rule = create(
        ws,
        "Raptor from Andersen",
        senderContains=["andersen", "velaw"],
        subjectContains=["RAPTOR", "talon"],
        markImportance="high",
    )["id"]
    assert rule in matching_rules(ws, plant(ws, "auditor@andersen.com", "Raptor exposure"))
    assert rule in matching_rules(ws, plant(ws, "x@velaw.com", "re: Talon note"))
    assert rule in matching_rules(ws, plant(ws, "x@y.com", "Raptor", name="Arthur Andersen"))
    assert rule not in matching_rules(ws, plant(ws, "auditor@andersen.com", "Lunch"))
    assert rule not in matching_rules(ws, plant(ws, "x@enron.com", "Raptor exposure"))


def test_test_body_importance_and_disabled(ws: Workspace) -> None:
    body = create(ws, "Body", bodyContains=["mark-to-market"], importance="high", markAsRead=True)
    urgent = plant(ws, "a@b.com", "Hi", body="Our Mark-To-Market view", importance="high")
    calm = plant(ws, "a@b.com", "Hi", body="Our mark-to-market view")
    assert matching_rules(ws, urgent) == [body["id"]]
    assert matching_rules(ws, calm) == []
    ws.call("filters_update", id=body["id"], isEnabled=False)
    assert matching_rules(ws, urgent) == []


def test_test_lists_rules_in_run_order(ws: Workspace) -> None:
    last = create(ws, "Last", fromAddresses=[ENRONONLINE], markAsRead=True, sequence=9)
    first = create(ws, "First", senderContains=["enrononline"], delete=True, sequence=1)
    notice = plant(ws, ENRONONLINE, "Volumes")
    assert matching_rules(ws, notice) == [first["id"], "rule-001", last["id"]]
    assert [r["sequence"] for r in listed(ws, "filters_list")] == [1, 2, 10]  # made room at 1
    ws.call("filters_update", id=last["id"], sequence=2)
    assert matching_rules(ws, notice) == [first["id"], last["id"], "rule-001"]


# --- writes ----------------------------------------------------------------------------


def test_create(ws: Workspace) -> None:
    rule = create(
        ws,
        "Dynegy",
        fromAddresses=["Sally.Beck@enron.com", "sally.beck@enron.com"],
        subjectContains=[" Dynegy "],
        moveToFolder="archive",
        assignCategories=["dynegy", "follow up"],
        forwardTo=["louise.kitchen@enron.com"],
        markImportance="high",
        stopProcessingRules=True,
    )
    assert rule["id"] == "rule-5001" and rule["isEnabled"] and rule["sequence"] == 2
    assert rule["conditions"]["fromAddresses"] == ["sally.beck@enron.com"]
    assert rule["conditions"]["subjectContains"] == ["Dynegy"]
    assert rule["actions"]["moveToFolder"] == "folder-archive"  # stored as the folder id
    assert rule["actions"]["assignCategories"] == ["Dynegy", "Follow Up"]  # label spelling
    assert rule["actions"]["forwardTo"] == ["louise.kitchen@enron.com"]
    assert ws.call("filters_get", id="rule-5001") == rule


def test_create_does_not_touch_existing_mail(ws: Workspace) -> None:
    messages = ws.snapshot().messages
    create(ws, "Everything", subjectContains=["e"], delete=True)
    assert ws.snapshot().messages == messages


def test_create_errors(ws: Workspace) -> None:
    message = fails(
        ws, "invalid_arguments", "filters_create", displayName="X", markAsRead=True
    ).message
    assert "fromAddresses" in message and "subjectContains" in message
    message = fails(
        ws,
        "invalid_arguments",
        "filters_create",
        displayName="X",
        subjectContains=["a"],
        stopProcessingRules=True,
    ).message
    assert "moveToFolder" in message and "markAsRead" in message
    name = ws.call("filters_get", id="rule-001")["displayName"]
    message = fails(
        ws,
        "conflict",
        "filters_create",
        displayName=name.lower(),
        subjectContains=["a"],
        delete=True,
    ).message
    assert "rule-001" in message
    bad: list[tuple[str, dict[str, Any]]] = [
        ("not_found", {"moveToFolder": "Projects"}),
        ("invalid_arguments", {"assignCategories": ["VIP"]}),
        ("invalid_arguments", {"forwardTo": ["not an address"]}),
        ("invalid_arguments", {"markImportance": "urgent"}),
        ("invalid_arguments", {"markAsRead": True, "sequence": 0}),
        ("invalid_arguments", {"markAsRead": True, "bodyContains": ["ok", "  "]}),
        ("invalid_arguments", {"markAsRead": True, "condition": "x"}),
    ]
    for code, fields in bad:
        fails(ws, code, "filters_create", displayName="Y", subjectContains=["a"], **fields)
    fails(
        ws,
        "invalid_arguments",
        "filters_create",
        displayName="Y",
        fromAddresses=["nope"],
        delete=True,
    )


def test_update(ws: Workspace) -> None:
    rule = create(ws)
    changed = ws.call(
        "filters_update",
        id=rule["id"],
        displayName="Raptor (read)",
        moveToFolder="",
        markAsRead=True,
        subjectContains=["raptor", "talon"],
        sequence=5,
        isEnabled=False,
    )
    assert changed["displayName"] == "Raptor (read)"
    assert changed["actions"]["moveToFolder"] is None and changed["actions"]["markAsRead"]
    assert changed["conditions"]["subjectContains"] == ["raptor", "talon"]
    assert (changed["sequence"], changed["isEnabled"]) == (5, False)
    same_name = ws.call("filters_update", id=rule["id"], displayName="raptor (READ)")
    assert same_name["displayName"] == "raptor (READ)"  # its own name is no conflict
    kept = ws.call("filters_update", id="rule-001", senderContains=["online"])
    assert kept["conditions"]["fromAddresses"] == [ENRONONLINE]  # omitted fields kept
    assert kept["actions"]["assignCategories"] == ["Trading"]


def test_update_errors(ws: Workspace) -> None:
    rule = create(ws)
    assert (
        "at least one field"
        in fails(ws, "invalid_arguments", "filters_update", id=rule["id"]).message
    )
    fails(ws, "not_found", "filters_update", id="rule-999", isEnabled=False)
    name = ws.call("filters_get", id="rule-001")["displayName"]
    fails(ws, "conflict", "filters_update", id=rule["id"], displayName=name)
    fails(ws, "invalid_arguments", "filters_update", id=rule["id"], subjectContains=[])
    fails(ws, "invalid_arguments", "filters_update", id="rule-001", assignCategories=[])
    fails(ws, "not_found", "filters_update", id=rule["id"], moveToFolder="nowhere")


def test_delete(ws: Workspace) -> None:
    assert ws.call("filters_delete", id="rule-001") == {"deleted": "rule-001"}
    assert listed(ws, "filters_list") == []
    fails(ws, "not_found", "filters_delete", id="rule-001")
    fails(ws, "not_found", "filters_get", id="rule-001")


def test_reset_restores_rules(ws: Workspace) -> None:
    pristine = ws.digest()
    create(ws)
    ws.call("filters_delete", id="rule-001")
    ws.reset()
    assert ws.digest() == pristine
    assert create(ws)["id"] == "rule-5001"
