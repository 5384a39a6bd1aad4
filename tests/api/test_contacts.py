"""Contacts API: every method's happy path, and errors that leave the workspace unchanged.

Only the documented corpus facts are assumed (contact-001..015, group-001..003, a contact
for Sally Beck, the labels); everything else is read through the API.
"""

from __future__ import annotations

from typing import Any

from emailbench_gym.api import METHODS
from emailbench_gym.workspace import Workspace
from tests.api.support import fails, listed

CONTACTS = [f"contact-{n:03d}" for n in range(1, 16)]
GROUPS = ["group-001", "group-002", "group-003"]
SALLY = "sally.beck@enron.com"


def sally(ws: Workspace) -> dict[str, Any]:
    return next(
        c
        for c in listed(ws, "contacts_list", top=100)
        if SALLY in [e["address"] for e in c["emailAddresses"]]
    )


def new_contact(ws: Workspace, **extra: Any) -> dict[str, Any]:
    return ws.call(
        "contacts_create",
        displayName="Mark Frevert",
        emailAddress="mark.frevert@enron.com",
        **extra,
    )


def non_member(ws: Workspace, group_id: str) -> str:
    members = ws.call("contacts_getGroup", id=group_id)["memberIds"]
    return next(c for c in CONTACTS if c not in members)


def test_twelve_methods_six_reads() -> None:
    kinds = [spec.kind for spec in METHODS.values() if spec.domain == "contacts"]
    assert (len(kinds), kinds.count("read"), kinds.count("write")) == (12, 6, 6)


# --- reads -----------------------------------------------------------------------------


def test_list_sorted_by_name_paged_filtered(ws: Workspace) -> None:
    everyone = listed(ws, "contacts_list", top=100)
    assert sorted(c["id"] for c in everyone) == CONTACTS
    names = [c["displayName"].casefold() for c in everyone]
    assert names == sorted(names)
    assert listed(ws, "contacts_list", top=4, skip=2) == everyone[2:6]
    by_company = listed(ws, "contacts_list", top=100, orderBy="companyName desc")
    companies = [c["companyName"].casefold() for c in by_company]
    assert companies == sorted(companies, reverse=True)
    enron = listed(ws, "contacts_list", top=100, filter="companyName eq 'Enron Corp'")
    assert enron and all(c["companyName"] == "Enron Corp" for c in enron)
    fails(ws, "invalid_filter", "contacts_list", filter="company eq 'Enron Corp'")
    fails(ws, "invalid_arguments", "contacts_list", skip=-1)


def test_get(ws: Workspace) -> None:
    contact = ws.call("contacts_get", id="contact-001")
    assert contact["id"] == "contact-001" and contact["emailAddresses"]
    assert "contacts_search" in fails(ws, "not_found", "contacts_get", id="contact-999").message


def test_search_over_names_addresses_and_work_details(ws: Workspace) -> None:
    target = sally(ws)
    assert listed(ws, "contacts_search", query="sally beck") == [target]
    assert target in listed(ws, "contacts_search", query="beck@enron")
    assert target in listed(ws, "contacts_search", query=target["jobTitle"])
    assert target in listed(ws, "contacts_search", query=target["department"])
    everyone = listed(ws, "contacts_search", query=target["companyName"], top=100)
    assert len(listed(ws, "contacts_search", query=target["companyName"], top=2)) == min(
        2, len(everyone)
    )
    fails(ws, "invalid_arguments", "contacts_search", query=" ")


def test_list_groups_and_get_group(ws: Workspace) -> None:
    groups = listed(ws, "contacts_listGroups")
    assert [g["id"] for g in groups] == GROUPS
    assert all(g["memberIds"] and set(g["memberIds"]) <= set(CONTACTS) for g in groups)
    assert ws.call("contacts_getGroup", id="group-002") == groups[1]
    assert (
        "contacts_listGroups" in fails(ws, "not_found", "contacts_getGroup", id="group-9").message
    )


def test_list_group_members(ws: Workspace) -> None:
    group = ws.call("contacts_getGroup", id="group-001")
    members = listed(ws, "contacts_listGroupMembers", id="group-001")
    assert [c["id"] for c in members] == group["memberIds"]
    assert all(c["emailAddresses"] for c in members)
    fails(ws, "not_found", "contacts_listGroupMembers", id="contact-001")


# --- writes ----------------------------------------------------------------------------


def test_create(ws: Workspace) -> None:
    contact = new_contact(
        ws,
        givenName="Mark",
        surname="Frevert",
        jobTitle="Vice Chairman",
        companyName="Enron Corp",
        businessPhone="713-853-6000",
        categories=["trading", "Trading", "follow up"],
    )
    assert contact["id"] == "contact-5001"
    assert contact["emailAddresses"] == [
        {"name": "Mark Frevert", "address": "mark.frevert@enron.com"}
    ]
    assert contact["businessPhones"] == ["713-853-6000"] and contact["mobilePhone"] is None
    assert contact["categories"] == ["Trading", "Follow Up"]  # the labels' spelling, once
    assert ws.call("contacts_get", id="contact-5001") == contact
    summary = {k: v for k, v in contact.items() if k != "personalNotes"}
    assert listed(ws, "contacts_search", query="frevert") == [summary]


def test_create_errors(ws: Workspace) -> None:
    existing = sally(ws)
    message = fails(
        ws, "conflict", "contacts_create", displayName="Sally", emailAddress=SALLY.upper()
    ).message
    assert existing["id"] in message
    fails(ws, "invalid_arguments", "contacts_create", displayName="X", emailAddress="not-an-email")
    fails(ws, "invalid_arguments", "contacts_create", displayName=" ", emailAddress="x@y.com")
    fails(
        ws,
        "invalid_arguments",
        "contacts_create",
        displayName="X",
        emailAddress="x@y.com",
        categories=["No Such Label"],
    )
    fails(ws, "invalid_arguments", "contacts_create", displayName="X")


def test_update(ws: Workspace) -> None:
    contact = new_contact(ws, businessPhone="713-853-6000", mobilePhone="713-555-0100")
    changed = ws.call(
        "contacts_update",
        id=contact["id"],
        displayName="Mark A. Frevert",
        emailAddress="mfrevert@enron.com",
        jobTitle="Chairman",
        mobilePhone="",
    )
    assert changed["displayName"] == "Mark A. Frevert"
    assert changed["emailAddresses"] == [
        {"name": "Mark A. Frevert", "address": "mfrevert@enron.com"}
    ]
    assert (changed["jobTitle"], changed["mobilePhone"]) == ("Chairman", None)
    assert changed["businessPhones"] == ["713-853-6000"]  # untouched
    same_address = ws.call("contacts_update", id=contact["id"], emailAddress="mfrevert@enron.com")
    assert same_address["emailAddresses"] == changed["emailAddresses"]


def test_update_errors(ws: Workspace) -> None:
    contact = new_contact(ws)
    assert (
        "at least one field"
        in fails(ws, "invalid_arguments", "contacts_update", id=contact["id"]).message
    )
    fails(ws, "conflict", "contacts_update", id=contact["id"], emailAddress=SALLY)
    fails(ws, "invalid_arguments", "contacts_update", id=contact["id"], emailAddress="nope")
    fails(ws, "not_found", "contacts_update", id="contact-999", jobTitle="CEO")
    fails(ws, "invalid_arguments", "contacts_update", id=contact["id"], nickname="Mark")


def test_delete_removes_from_groups(ws: Workspace) -> None:
    member = ws.call("contacts_getGroup", id="group-001")["memberIds"][0]
    holding = [g["id"] for g in listed(ws, "contacts_listGroups") if member in g["memberIds"]]
    result = ws.call("contacts_delete", id=member)
    assert result == {"deleted": member, "removedFromGroups": holding}
    assert all(member not in g["memberIds"] for g in listed(ws, "contacts_listGroups"))
    assert member not in [c["id"] for c in listed(ws, "contacts_list", top=100)]
    fails(ws, "not_found", "contacts_get", id=member)
    fails(ws, "not_found", "contacts_delete", id=member)


def test_create_group(ws: Workspace) -> None:
    group = ws.call(
        "contacts_createGroup",
        displayName="Risk Committee",
        memberIds=["contact-003", "contact-001", "contact-003"],
    )
    assert group == {
        "id": "group-5001",
        "displayName": "Risk Committee",
        "memberIds": ["contact-003", "contact-001"],
    }
    empty = ws.call("contacts_createGroup", displayName="Later")
    assert empty["memberIds"] == []
    assert [g["id"] for g in listed(ws, "contacts_listGroups")] == [
        *GROUPS,
        "group-5001",
        "group-5002",
    ]


def test_create_group_errors(ws: Workspace) -> None:
    name = ws.call("contacts_getGroup", id="group-001")["displayName"]
    assert (
        "group-001"
        in fails(ws, "conflict", "contacts_createGroup", displayName=name.upper()).message
    )
    message = fails(
        ws, "not_found", "contacts_createGroup", displayName="New", memberIds=["contact-999"]
    ).message
    assert "memberIds" in message and "contact-999" in message
    fails(ws, "invalid_arguments", "contacts_createGroup", displayName="")


def test_add_to_group(ws: Workspace) -> None:
    before = ws.call("contacts_getGroup", id="group-002")["memberIds"]
    outsider = non_member(ws, "group-002")
    group = ws.call("contacts_addToGroup", groupId="group-002", contactIds=[before[0], outsider])
    assert group["memberIds"] == [*before, outsider]  # existing members ignored, order kept
    assert outsider in [c["id"] for c in listed(ws, "contacts_listGroupMembers", id="group-002")]


def test_add_to_group_errors(ws: Workspace) -> None:
    outsider = non_member(ws, "group-002")
    fails(
        ws,
        "not_found",
        "contacts_addToGroup",
        groupId="group-002",
        contactIds=[outsider, "contact-999"],
    )
    fails(ws, "not_found", "contacts_addToGroup", groupId="group-999", contactIds=[outsider])
    fails(ws, "invalid_arguments", "contacts_addToGroup", groupId="group-002", contactIds=[])


def test_remove_from_group(ws: Workspace) -> None:
    before = ws.call("contacts_getGroup", id="group-003")["memberIds"]
    group = ws.call("contacts_removeFromGroup", groupId="group-003", contactIds=[before[0]])
    assert group["memberIds"] == before[1:]
    assert before[0] in [c["id"] for c in listed(ws, "contacts_list", top=100)]  # contact kept


def test_remove_from_group_errors(ws: Workspace) -> None:
    members = ws.call("contacts_getGroup", id="group-003")["memberIds"]
    outsider = non_member(ws, "group-003")
    message = fails(
        ws,
        "not_found",
        "contacts_removeFromGroup",
        groupId="group-003",
        contactIds=[members[0], outsider],
    ).message
    assert outsider in message and members[0] not in message.split("members are")[0]
    fails(ws, "invalid_arguments", "contacts_removeFromGroup", groupId="group-003", contactIds=[])
    fails(ws, "not_found", "contacts_removeFromGroup", groupId="nope", contactIds=members)


def test_reset_restores_contacts_and_groups(ws: Workspace) -> None:
    pristine = ws.digest()
    new_contact(ws)
    ws.call("contacts_delete", id="contact-001")
    ws.call("contacts_createGroup", displayName="Temp")
    ws.reset()
    assert ws.digest() == pristine
    assert new_contact(ws)["id"] == "contact-5001"
