"""Contacts: new contacts from an email's sender, updated phone numbers and titles, contact
groups made or changed.

Graded on the contacts and groups in the end state (found by address or name, the
fields asked for, a group's members as a set); the footprint keeps the rest.
"""

from __future__ import annotations

from emailbench_gym.families import lookup, phrasing
from emailbench_gym.families.base import family
from emailbench_gym.families.builder import TaskBuilder


def _by_address(address: str) -> dict:
    return {
        "collection": "contacts",
        "where": [{"path": "emailAddresses/address", "op": "eq", "value": address}],
    }


def _by_id(contact_id: str) -> dict:
    return {"collection": "contacts", "where": [{"path": "id", "op": "eq", "value": contact_id}]}


def _group(name: str) -> dict:
    return {
        "collection": "contact_groups",
        "where": [{"path": "displayName", "op": "eq", "value": name}],
    }


def _members_exactly(t: TaskBuilder, covers: str, name: str, ids: list[str]) -> None:
    """The group's members are these contacts, in any order: each is in, no other is."""
    t.check(
        covers,
        "members",
        "state-check",
        query=_group(name),
        expect=[{"path": "memberIds", "op": "eq", "value": i} for i in ids],
    )
    others = sorted(c["id"] for c in lookup.contacts(t) if c["id"] not in set(ids))
    t.check(
        covers,
        "no-one-else",
        "not-exists",
        query={
            "collection": "contact_groups",
            "where": [
                {"path": "displayName", "op": "eq", "value": name},
                {"path": "memberIds", "op": "in", "value": others},
            ],
        },
    )


def _phone(t: TaskBuilder) -> str:
    return f"+1 555 {t.rng.below(900) + 100:03d} {t.rng.below(9000) + 1000:04d}"


def _named_contacts(t: TaskBuilder) -> list[dict]:
    """Contacts with an address, a unique display name and a unique first name."""
    names = [c["displayName"].casefold() for c in lookup.contacts(t)]
    return [
        c
        for c in lookup.contacts(t)
        if lookup.contact_address(c)
        and names.count(c["displayName"].casefold()) == 1
        and len(phrasing.person(t, lookup.contact_address(c) or "")) >= 1
    ]


@family("contacts", "D2", ["contacts", "messages"], "contacts")
def note_on_sender_contact(t: TaskBuilder) -> None:
    """A note on the contact of whoever sent one email (found through the email)."""
    by_address = {lookup.contact_address(c): c for c in _named_contacts(t)}
    mail = [
        m
        for m in lookup.folder_mail(t, "inbox")
        if lookup.sender(m) in by_address
        and lookup.is_person(t, lookup.sender(m))
        and lookup.unique_message_subject(t, m)
    ]
    message = t.pick(mail, "no inbox email from a contact")
    contact = by_address[lookup.sender(message)]
    project = t.rng.choice(t.facts.projects)
    note = t.pick(
        [
            f"Main contact for {project.codename}",
            f"Prefers calls before 10am ({project.codename})",
            f"Met at the {project.site}",
        ]
    )
    t.ask(
        [
            "Whoever sent me '{subject}': add the note '{note}' to their contact.",
            "Find who sent the email '{subject}' and put '{note}' in the notes of their contact "
            "card.",
        ],
        subject=message["subject"],
        note=note,
    )
    r1 = t.require("The sender's contact carries the note.")
    r2 = t.require("No other contact changes.")
    t.call("messages_get", id=message["id"])
    t.call("contacts_search", query=lookup.sender(message))
    t.call("contacts_update", id=contact["id"], personalNotes=note)
    t.check(
        r1,
        "note",
        "state-check",
        query=_by_id(contact["id"]),
        expect=[{"path": "personalNotes", "op": "icontains", "value": note}],
    )
    t.footprint(r2)
    t.may_mark_read()
    t.answer(f"Added the note to {contact['displayName']}'s contact.")


@family("contacts", "D1", ["contacts"], "contacts")
def update_contact_phone(t: TaskBuilder) -> None:
    """A contact's mobile number changed."""
    contact = t.pick(_named_contacts(t), "no contact to update")
    phone = _phone(t)
    t.ask(
        [
            "{whose} mobile number is now {phone}. Update the contact.",
            "Change the mobile phone on my contact for {who} to {phone}.",
        ],
        whose=[phrasing.possessive(contact["displayName"])],
        who=[contact["displayName"]],
        phone=phone,
    )
    r1 = t.require("The contact's mobile number is the new one, nothing else changed.")
    t.call("contacts_search", query=contact["displayName"])
    t.call("contacts_update", id=contact["id"], mobilePhone=phone)
    t.check(
        r1, "mobile", "property", query=_by_id(contact["id"]), path="mobilePhone", expected=phone
    )
    t.answer(f"Updated {contact['displayName']}'s mobile to {phone}.")


@family("contacts", "D2", ["contacts"], "contacts")
def update_title_and_company(t: TaskBuilder) -> None:
    """A contact who changed jobs: new title and company, the old ones gone."""
    contact = t.pick(_named_contacts(t), "no contact to update")
    title = t.pick(["Vice President, Partnerships", "Director of Finance", "Head of Procurement"])
    company = t.pick(["Northwind Alliance", "Harbor & Pine Group", "Tallis Meridian"])
    t.require_that(contact["companyName"] != company, "same company")
    t.ask(
        [
            "{who} has moved to {company} as {title}. Update their contact card.",
            "Update my contact for {who}: new company {company}, new job title {title}.",
        ],
        who=[contact["displayName"]],
        company=company,
        title=title,
    )
    r1 = t.require(f"The contact's company is {company}.")
    r2 = t.require(f"The contact's job title is {title}.")
    t.call("contacts_update", id=contact["id"], companyName=company, jobTitle=title)
    query = _by_id(contact["id"])
    t.check(r1, "company", "property", query=query, path="companyName", expected=company)
    t.check(r2, "title", "property", query=query, path="jobTitle", expected=title)
    t.latitude(
        "contacts",
        "Someone who changed company may well have a new department too.",
        fields=["department", "officeLocation"],
    )
    t.answer(f"Updated {contact['displayName']}: {title} at {company}.")


@family("contacts", "D2", ["contacts"], "contacts")
def group_of_three(t: TaskBuilder) -> None:
    """A new contact group with three named contacts."""
    people = t.sample(_named_contacts(t), 3)
    project = t.rng.choice(t.facts.projects)
    taken = {g["displayName"].casefold() for g in lookup.groups(t)}
    name = t.pick(
        [
            n
            for n in (f"{project.codename} core", f"{project.codename} working group")
            if n.casefold() not in taken
        ]
    )
    t.ask(
        [
            "Make a contact group called '{name}' with {a}, {b} and {c}.",
            "Create a new contact group '{name}' and add {a}, {b} and {c} to it.",
        ],
        name=name,
        a=people[0]["displayName"],
        b=people[1]["displayName"],
        c=people[2]["displayName"],
    )
    r1 = t.require(f"One contact group '{name}'.")
    r2 = t.require("Its members are exactly those three contacts.")
    ids = sorted(p["id"] for p in people)
    t.call("contacts_createGroup", displayName=name, memberIds=ids)
    t.check(r1, "one", "count", query=_group(name), value=1)
    _members_exactly(t, r2, name, ids)
    t.answer(f"Created '{name}' with the three of them.")


@family("contacts", "D3", ["contacts", "messages"], "contacts")
def group_from_thread(t: TaskBuilder) -> None:
    """Everyone on one email (sender and recipients, not the persona) put in a new group."""
    by_address = {lookup.contact_address(c): c for c in lookup.contacts(t)}
    fitting = []
    for message in lookup.folder_mail(t, "inbox"):
        people = {lookup.sender(message), *lookup.recipients(message)} - {lookup.me(t)}
        if (
            3 <= len(people) <= 6
            and all(p in by_address for p in people)
            and lookup.unique_message_subject(t, message)
        ):
            fitting.append((message, sorted(people)))
    message, people = t.pick(fitting, "no email whose people are all contacts")
    taken = {g["displayName"].casefold() for g in lookup.groups(t)}
    name = t.pick(
        [n for n in ("Thread circle", "Working group", "Core team") if n.casefold() not in taken]
    )
    t.ask(
        [
            "Put everyone on the email '{subject}' (the sender and all recipients except me) into "
            "a new contact group called '{name}'.",
            "Create a contact group '{name}' with all the people on '{subject}' apart from me.",
        ],
        subject=message["subject"],
        name=name,
    )
    r1 = t.require(f"One contact group '{name}'.")
    r2 = t.require("Its members are exactly the email's other people.")
    ids = sorted(by_address[p]["id"] for p in people)
    t.call("messages_get", id=message["id"])
    t.call("contacts_createGroup", displayName=name, memberIds=ids)
    t.check(r1, "one", "count", query=_group(name), value=1)
    _members_exactly(t, r2, name, ids)
    t.may_mark_read()
    t.answer(f"Created '{name}' with {len(ids)} people from the thread.")


@family("contacts", "D3", ["contacts"], "contacts")
def department_renamed(t: TaskBuilder) -> None:
    """A department renamed: every contact in it updated, and gathered in a new group named for it."""
    by_department: dict[str, list[dict]] = {}
    for contact in lookup.contacts(t):
        if contact["department"] and lookup.contact_address(contact):
            by_department.setdefault(contact["department"], []).append(contact)
    fitting = sorted(d for d, people in by_department.items() if 2 <= len(people) <= 6)
    old = t.pick(fitting, "no department with two to six contacts")
    people = by_department[old]
    taken = {g["displayName"].casefold() for g in lookup.groups(t)}
    departments = {d.casefold() for d in by_department}
    new = t.pick(
        [
            n
            for n in (f"{old} and Planning", f"{old} Operations", f"Group {old}", f"{old} Services")
            if n.casefold() not in taken | departments
        ],
        "every new name is taken",
    )
    t.ask(
        [
            "The {old} department [has been renamed|is now called] {new}. Update the "
            "department on every one of my contacts in it, and [put them all in|gather them "
            "into] a new contact group named '{new}'.",
            "[Heads up:|FYI,] {old} changed its name to {new}. [Fix|Change] the department on "
            "all my contacts from {old} and make a '{new}' contact group with [them|those "
            "people] in it.",
        ],
        old=old,
        new=new,
    )
    r1 = t.require(f"Every contact that was in {old} now has department {new}.")
    r2 = t.require(f"One contact group '{new}' whose members are exactly those contacts.")
    r3 = t.require("No other contact changes.")
    ids = sorted(p["id"] for p in people)
    t.call("contacts_list", filter=f"department eq '{old}'", top=100)
    for person in sorted(people, key=lambda p: p["id"]):
        t.call("contacts_update", id=person["id"], department=new)
    t.call("contacts_createGroup", displayName=new, memberIds=ids)
    for person in people:
        t.check(
            r1,
            f"department-{person['id']}",
            "property",
            query=_by_id(person["id"]),
            path="department",
            expected=new,
        )
    t.check(
        r1,
        "none-left",
        "not-exists",
        query={
            "collection": "contacts",
            "where": [{"path": "department", "op": "eq", "value": old}],
        },
    )
    t.check(r2, "one", "count", query=_group(new), value=1)
    _members_exactly(t, r2, new, ids)
    t.footprint(r3)
    t.answer(f"Moved {len(ids)} contacts from {old} to {new} and put them in the '{new}' group.")
