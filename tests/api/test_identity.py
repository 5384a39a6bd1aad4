"""Identity API: every method's happy path, and errors that leave the workspace unchanged.

Only the documented corpus facts are assumed (16 users, user-001 the persona, Sally Beck,
the three system accounts); managers and reports are read from the directory itself.
"""

from __future__ import annotations

from typing import Any

from emailbench_gym.api import METHODS
from emailbench_gym.workspace import Workspace
from tests.api.support import fails, listed

ME = "dana.whitfield@enron.com"
SYSTEM = {"enrononline@enron.com", "gasbank@enron.com", "legal-tickets@enron.com"}


def user_by_mail(ws: Workspace, address: str) -> dict[str, Any]:
    return next(u for u in listed(ws, "identity_listUsers", top=100) if u["mail"] == address)


def test_seven_reads() -> None:
    kinds = [spec.kind for spec in METHODS.values() if spec.domain == "identity"]
    assert kinds == ["read"] * 7


def test_get_me(ws: Workspace) -> None:
    me = ws.call("identity_getMe")
    assert (me["id"], me["mail"], me["displayName"]) == ("user-001", ME, "Dana Whitfield")
    fails(ws, "invalid_arguments", "identity_getMe", id="user-001")


def test_list_users_pages_and_filters(ws: Workspace) -> None:
    everyone = listed(ws, "identity_listUsers", top=100)
    assert [u["id"] for u in everyone] == [f"user-{n:03d}" for n in range(1, 17)]
    assert listed(ws, "identity_listUsers", top=5, skip=3) == everyone[3:8]
    system = listed(ws, "identity_listUsers", filter="userType eq 'system'")
    assert {u["mail"] for u in system} == SYSTEM
    fails(ws, "invalid_filter", "identity_listUsers", filter="userTyp eq 'system'")
    fails(ws, "invalid_arguments", "identity_listUsers", top=0)


def test_get_user_by_id_or_address(ws: Workspace) -> None:
    sally = ws.call("identity_getUser", id="user-004")
    assert sally["mail"] == "sally.beck@enron.com"
    assert ws.call("identity_getUser", id="Sally.Beck@Enron.com") == sally
    message = fails(ws, "not_found", "identity_getUser", id="ken.lay@enron.com").message
    assert "identity_searchUsers" in message


def test_search_users(ws: Workspace) -> None:
    found = listed(ws, "identity_searchUsers", query="sally")
    assert [u["id"] for u in found] == ["user-004"]
    assert listed(ws, "identity_searchUsers", query="beck sal") == found
    assert listed(ws, "identity_searchUsers", query="enron", top=2) == listed(
        ws, "identity_listUsers", top=2, filter="contains(mail, 'enron.com')"
    )
    assert listed(ws, "identity_searchUsers", query="nobody-like-this") == []
    fails(ws, "invalid_arguments", "identity_searchUsers", query="  ")


def test_get_manager(ws: Workspace) -> None:
    me = ws.call("identity_getMe")
    assert me["managerId"] is not None
    assert ws.call("identity_getManager")["id"] == me["managerId"]
    assert ws.call("identity_getManager", id=ME)["id"] == me["managerId"]
    top = next(u for u in listed(ws, "identity_listUsers", top=100) if u["managerId"] is None)
    assert "no manager" in fails(ws, "not_found", "identity_getManager", id=top["id"]).message
    fails(ws, "not_found", "identity_getManager", id="user-999")


def test_list_direct_reports(ws: Workspace) -> None:
    everyone = listed(ws, "identity_listUsers", top=100)
    manager = ws.call("identity_getManager")
    reports = listed(ws, "identity_listDirectReports", id=manager["mail"])
    assert [u["id"] for u in reports] == [
        u["id"] for u in everyone if u["managerId"] == manager["id"]
    ]
    assert "user-001" in [u["id"] for u in reports]
    mine = listed(ws, "identity_listDirectReports")
    assert all(u["managerId"] == "user-001" for u in mine)
    fails(ws, "not_found", "identity_listDirectReports", id="nobody@enron.com")


def test_resolve_recipient_by_name_and_address(ws: Workspace) -> None:
    found = listed(ws, "identity_resolveRecipient", query="Sally Beck")
    assert found[0] == {
        "displayName": "Sally Beck",
        "address": "sally.beck@enron.com",
        "source": "directory",
        "id": "user-004",
    }
    assert len({r["address"].casefold() for r in found}) == len(found)  # one entry per address
    assert listed(ws, "identity_resolveRecipient", query="SALLY.BECK@enron.com")[0] == found[0]
    assert listed(ws, "identity_resolveRecipient", query="zzz-unknown") == []
    fails(ws, "invalid_arguments", "identity_resolveRecipient", query="")


def test_resolve_recipient_finds_contacts_and_ranks_exact_first(ws: Workspace) -> None:
    ws.call("contacts_create", displayName="Sal Becker", emailAddress="sal.becker@example.com")
    ws.call("contacts_create", displayName="Sally Beck", emailAddress="sally@beck-family.net")
    found = listed(ws, "identity_resolveRecipient", query="Sally Beck")
    assert [(r["address"], r["source"]) for r in found[:2]] == [
        ("sally.beck@enron.com", "directory"),
        ("sally@beck-family.net", "contacts"),
    ]
    partial = listed(ws, "identity_resolveRecipient", query="sal bec")
    assert {"sal.becker@example.com", "sally.beck@enron.com"} <= {r["address"] for r in partial}
    exact = listed(ws, "identity_resolveRecipient", query="sal.becker@example.com")
    assert exact[0]["source"] == "contacts" and exact[0]["id"].startswith("contact-")
