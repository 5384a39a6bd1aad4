"""Contacts: 6 read and 6 write operations over personal contacts and contact groups."""

from __future__ import annotations

from typing import Any

from emailbench_gym.api import common
from emailbench_gym.api.common import (
    apply_query,
    email_address,
    matches_words,
    nonempty,
    unique_name,
    updated,
)
from emailbench_gym.api.limits import (
    Address,
    FilterText,
    Id,
    Ids,
    Name,
    Names,
    OrderByText,
    Query,
    Short,
    Skip,
    Text,
    Top,
)
from emailbench_gym.api.models import Contact, ContactGroup, EmailAddress
from emailbench_gym.api.registry import operation
from emailbench_gym.api.results import ContactSummary, Page, contact_summary, everything, page
from emailbench_gym.errors import ToolError
from emailbench_gym.mailbox import Mailbox


def _contacts(mb: Mailbox) -> list[Contact]:
    return mb.all("contacts")  # type: ignore[return-value]


def _by_name(contacts: list[Contact]) -> list[Contact]:
    """Contacts sorted by display name, case-insensitively (contacts_list's default order)."""
    return sorted(contacts, key=lambda c: c.displayName.casefold())


def _groups(mb: Mailbox) -> list[ContactGroup]:
    return mb.all("contact_groups")  # type: ignore[return-value]


def _search_text(contact: Contact) -> str:
    parts = [contact.displayName, contact.givenName, contact.surname, contact.companyName]
    parts += [contact.department, contact.jobTitle]
    parts += [e.address for e in contact.emailAddresses]
    return " ".join(parts)


def _unique_address(mb: Mailbox, address: str, exclude: str | None = None) -> str:
    """A valid address that no other contact has (a contact per person, not two)."""
    checked = email_address(mb, address, "emailAddress").address
    key = checked.casefold()
    for contact in _contacts(mb):
        if contact.id != exclude and any(
            e.address.casefold() == key for e in contact.emailAddresses
        ):
            raise ToolError(
                "conflict",
                f"emailAddress: {contact.displayName} ({contact.id}) already has the address "
                f"{checked!r}. Update that contact with contacts_update instead.",
            )
    return checked


def _phones(value: str) -> list[str]:
    return [value.strip()] if value.strip() else []


def _group(mb: Mailbox, group_id: str) -> ContactGroup:
    return mb.require("contact_groups", group_id)


def _unique_group_name(mb: Mailbox, displayName: str) -> str:
    return unique_name(
        _groups(mb),
        displayName,
        noun="contact group",
        hint="Use contacts_addToGroup to add members to it.",
    )


def _contact_ids(mb: Mailbox, ids: list[str], argument: str) -> list[str]:
    """The given contact ids, each checked to exist, without repeats."""
    missing = [i for i in ids if mb.get("contacts", i) is None]
    if missing:
        raise ToolError(
            "not_found",
            f"{argument}: no contact with id {', '.join(map(repr, missing))}. "
            "Use contacts_list or contacts_search to find ids.",
        )
    return list(dict.fromkeys(ids))


def _require_ids(ids: list[str], argument: str) -> None:
    if not ids:
        raise ToolError(
            "invalid_arguments",
            f"{argument} must list at least one contact id (contacts_list or contacts_search give ids).",
        )


@operation("contacts", "read")
def contacts_list(
    mb: Mailbox,
    top: Top = 50,
    skip: Skip = 0,
    filter: FilterText | None = None,
    orderBy: OrderByText | None = None,
) -> Page[ContactSummary]:
    """List your contacts, sorted by display name unless orderBy says otherwise.

    Items are summaries without personalNotes; contacts_get returns everything.

    Args:
        top: Maximum number of contacts to return.
        skip: Number of contacts to skip: the nextSkip of the previous page.
        filter: OData filter over Contact fields, e.g. "companyName eq 'Example Corp'" or "contains(jobTitle, 'VP')".
        orderBy: OData order, e.g. 'surname' or 'companyName desc'; default displayName.
    """
    if orderBy is None:  # a filter keeps the by-name order, sorted once per change
        by_name = mb.derived("contacts", _by_name)  # type: ignore[arg-type]
        found = apply_query(mb, by_name, Contact, filter, None)
    else:
        found = apply_query(mb, _contacts(mb), Contact, filter, orderBy)
    return page(found, top, skip, mb.summaries(contact_summary))


@operation("contacts", "read")
def contacts_get(mb: Mailbox, id: Id) -> Contact:
    """Get one contact with all its details.

    Args:
        id: Contact id, e.g. 'contact-003'.
    """
    return mb.require("contacts", id)


@operation("contacts", "read")
def contacts_search(
    mb: Mailbox, query: Query, top: Top = 25, skip: Skip = 0
) -> Page[ContactSummary]:
    """Search contacts by name, email address, company, department or job title.

    Args:
        query: Words to look for; every word must start a word of the contact's details, e.g. 'morgan' or 'example corp'.
        top: Maximum number of contacts to return.
        skip: Number of matches to skip: the nextSkip of the previous page.
    """
    if not query.strip():
        raise ToolError(
            "invalid_arguments", "query must not be empty, e.g. 'Morgan' or 'Example Corp'."
        )
    found = [c for c in _contacts(mb) if matches_words(query, _search_text(c))]
    return page(found, top, skip, mb.summaries(contact_summary))


@operation("contacts", "read")
def contacts_listGroups(mb: Mailbox) -> Page[ContactGroup]:
    """List your contact groups (distribution lists) with their member contact ids."""
    return everything(_groups(mb))


@operation("contacts", "read")
def contacts_getGroup(mb: Mailbox, id: Id) -> ContactGroup:
    """Get one contact group with its member contact ids.

    Args:
        id: Contact group id, e.g. 'group-001'.
    """
    return _group(mb, id)


@operation("contacts", "read")
def contacts_listGroupMembers(mb: Mailbox, id: Id) -> Page[ContactSummary]:
    """List the contacts in a contact group, with their addresses (e.g. to email the whole group).

    Args:
        id: Contact group id.
    """
    members = [mb.require("contacts", member) for member in _group(mb, id).memberIds]
    return everything(members, mb.summaries(contact_summary))


@operation("contacts", "write")
def contacts_create(
    mb: Mailbox,
    displayName: Name,
    emailAddress: Address,
    givenName: Name = "",
    surname: Name = "",
    jobTitle: Name = "",
    department: Name = "",
    companyName: Name = "",
    businessPhone: Short | None = None,
    mobilePhone: Short | None = None,
    categories: Names | None = None,
    personalNotes: Text = "",
) -> Contact:
    """Create a contact; its email address must not belong to another contact already.

    Args:
        displayName: The name shown for the contact, e.g. 'Mark Frevert'.
        emailAddress: The contact's email address.
        givenName: First name.
        surname: Last name.
        jobTitle: Job title.
        department: Department.
        companyName: Company.
        businessPhone: Business phone number.
        mobilePhone: Mobile phone number.
        categories: Existing label names to tag the contact with (settings_listLabels lists them).
        personalNotes: Free-text notes about the contact.
    """
    name = nonempty(displayName, "displayName")
    contact = Contact(
        id=mb.new_id("contacts"),
        displayName=name,
        givenName=givenName.strip(),
        surname=surname.strip(),
        emailAddresses=[EmailAddress(name=name, address=_unique_address(mb, emailAddress))],
        businessPhones=_phones(businessPhone or ""),
        mobilePhone=(mobilePhone or "").strip() or None,
        jobTitle=jobTitle.strip(),
        department=department.strip(),
        companyName=companyName.strip(),
        categories=common.categories(mb, categories, "categories"),
        personalNotes=personalNotes,
    )
    return mb.put("contacts", contact)  # type: ignore[return-value]


@operation("contacts", "write")
def contacts_update(
    mb: Mailbox,
    id: Id,
    displayName: Name | None = None,
    emailAddress: Address | None = None,
    givenName: Name | None = None,
    surname: Name | None = None,
    jobTitle: Name | None = None,
    department: Name | None = None,
    companyName: Name | None = None,
    businessPhone: Short | None = None,
    mobilePhone: Short | None = None,
    personalNotes: Text | None = None,
) -> Contact:
    """Change some details of a contact; omitted fields keep their value.

    Args:
        id: Contact id.
        displayName: New display name.
        emailAddress: New primary email address (replaces the current one).
        givenName: New first name.
        surname: New last name.
        jobTitle: New job title.
        department: New department.
        companyName: New company.
        businessPhone: New business phone number ('' removes it).
        mobilePhone: New mobile phone number ('' removes it).
        personalNotes: New notes (replace the current ones).
    """
    contact: Contact = mb.require("contacts", id)
    texts = {
        "givenName": givenName,
        "surname": surname,
        "jobTitle": jobTitle,
        "department": department,
        "companyName": companyName,
    }
    changes: dict[str, Any] = {k: v.strip() for k, v in texts.items() if v is not None}
    if personalNotes is not None:
        changes["personalNotes"] = personalNotes
    if businessPhone is not None:
        changes["businessPhones"] = _phones(businessPhone)
    if mobilePhone is not None:
        changes["mobilePhone"] = mobilePhone.strip() or None
    if displayName is not None or emailAddress is not None:
        name = contact.displayName if displayName is None else nonempty(displayName, "displayName")
        addresses = [e.model_dump() for e in contact.emailAddresses]
        if emailAddress is not None:
            primary = _unique_address(mb, emailAddress, exclude=contact.id)
        else:
            primary = addresses[0]["address"] if addresses else None
        if primary is not None:
            addresses[:1] = [{"name": name, "address": primary}]
        changes.update(displayName=name, emailAddresses=addresses)
    if not changes:
        raise ToolError(
            "invalid_arguments",
            "contacts_update needs at least one field to change: displayName, emailAddress, "
            "givenName, surname, jobTitle, department, companyName, businessPhone, mobilePhone, "
            "personalNotes.",
        )
    return mb.put("contacts", updated(contact, **changes))  # type: ignore[return-value]


@operation("contacts", "write")
def contacts_delete(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Delete a contact; it is also removed from every contact group it belonged to.

    Args:
        id: Contact id to delete.
    """
    mb.require("contacts", id)
    groups = [g for g in _groups(mb) if id in g.memberIds]
    for group in groups:
        mb.put("contact_groups", updated(group, memberIds=[m for m in group.memberIds if m != id]))
    mb.delete("contacts", id)
    return {"deleted": id, "removedFromGroups": [g.id for g in groups]}


@operation("contacts", "write")
def contacts_createGroup(
    mb: Mailbox, displayName: Name, memberIds: Ids | None = None
) -> ContactGroup:
    """Create a contact group (distribution list), optionally with members.

    Args:
        displayName: Name of the group; must differ from existing group names.
        memberIds: Contact ids to put in the group (contacts_list or contacts_search give ids).
    """
    name = _unique_group_name(mb, displayName)
    members = _contact_ids(mb, memberIds or [], "memberIds")
    group = ContactGroup(id=mb.new_id("contact_groups"), displayName=name, memberIds=members)
    return mb.put("contact_groups", group)  # type: ignore[return-value]


@operation("contacts", "write")
def contacts_addToGroup(mb: Mailbox, groupId: Id, contactIds: Ids) -> ContactGroup:
    """Add contacts to a contact group; contacts already in it are left as they are.

    Args:
        groupId: Contact group id (contacts_listGroups lists them).
        contactIds: Contact ids to add; every id must exist.
    """
    group = _group(mb, groupId)
    _require_ids(contactIds, "contactIds")
    members = _contact_ids(mb, [*group.memberIds, *contactIds], "contactIds")
    return mb.put("contact_groups", updated(group, memberIds=members))  # type: ignore[return-value]


@operation("contacts", "write")
def contacts_removeFromGroup(mb: Mailbox, groupId: Id, contactIds: Ids) -> ContactGroup:
    """Remove contacts from a contact group (the contacts themselves are kept).

    Args:
        groupId: Contact group id.
        contactIds: Ids of contacts that are members of the group.
    """
    group = _group(mb, groupId)
    _require_ids(contactIds, "contactIds")
    strangers = [c for c in contactIds if c not in group.memberIds]
    if strangers:
        raise ToolError(
            "not_found",
            f"contactIds: {', '.join(map(repr, strangers))} not in group {group.displayName!r} "
            f"({group.id}); its members are: {', '.join(group.memberIds) or 'none'}.",
        )
    doomed = set(contactIds)
    members = [m for m in group.memberIds if m not in doomed]
    return mb.put("contact_groups", updated(group, memberIds=members))  # type: ignore[return-value]
