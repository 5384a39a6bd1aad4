"""Contacts and contact groups: a card for every person who writes to the persona (titles,
departments, companies, phones), a few people outside the directory, and groups."""

from __future__ import annotations

from emailbench_gym.api.models import Contact, ContactGroup
from emailbench_gym.worlds.people import Org, Person
from emailbench_gym.worlds.projects import Project
from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.text import render

NOTES = (
    "Prefers [a call|a quick call|Teams] to long email threads.",
    "[Likes|Wants] the number first, detail after.",
    "Based in {city}; [usually in the office|in the office] Tuesday to Thursday.",
    "[Assistant|Diary managed by] {assistant}.",
    "Met at the {city} [industry conference|round table] in {year}.",
    "[Send|Share] drafts a day ahead; [reads everything|reads carefully].",
)


def build_contacts(
    rng: Rng, org: Org, projects: list[Project], labels: set[str], year: int
) -> tuple[list[Contact], list[ContactGroup], dict[str, str]]:
    """(contacts, groups, person id -> contact id)."""
    people = [
        p for p in org.people if p.kind in ("member", "guest", "contact") and p is not org.persona
    ]
    width = max(3, len(str(len(people))) + 1)
    assistant = next((p.name for p in org.people if p.role == "assistant"), org.manager.name)
    contacts: list[Contact] = []
    ids: dict[str, str] = {}
    for index, person in enumerate(people, 1):
        categories = []
        for project in projects:
            if person in project.partner_people and project.label in labels and rng.chance(0.6):
                categories.append(project.label)
        if rng.chance(0.08) and "Follow Up" in labels:
            categories.append("Follow Up")
        if person.notes or rng.chance(0.35):
            notes = person.notes or render(
                rng.choice(NOTES),
                rng,
                {
                    "city": person.company.city.name,
                    "assistant": assistant,
                    "year": str(year - rng.randint(1, 4)),
                },
            )
            person.notes = notes
        contact_id = f"contact-{index:0{width}d}"
        ids[person.id] = contact_id
        contacts.append(person.contact(contact_id, categories))
    groups = _groups(rng, org, projects, ids)
    return contacts, groups, ids


def _groups(rng: Rng, org: Org, projects: list[Project], ids: dict[str, str]) -> list[ContactGroup]:
    def members(people: list[Person]) -> list[str]:
        return [ids[p.id] for p in people if p.id in ids]

    candidates = [
        (
            rng.choice(("Leadership Team", "Executive Team", "Senior Leadership")),
            org.with_role("ceo", "executive", "manager"),
        ),
        (f"{org.function} Team", org.with_role("report")),
        (
            rng.choice(("Outside Advisors", "External Partners", "Partners")),
            org.with_role("partner", "contact"),
        ),
        (f"{org.department.name} Directors", [org.manager, *org.with_role("peer")]),
    ]
    for project in projects[:2]:
        candidates.append(
            (f"{project.codename} Core Team", [p for p in project.people if p is not org.persona])
        )
    groups = []
    for name, people in candidates:
        listed = members(people)
        if len(listed) >= 2 and len(groups) < 2 + len(projects) // 3:
            groups.append((name, listed))
    width = max(3, len(str(len(groups))) + 1)
    return [
        ContactGroup(id=f"group-{i:0{width}d}", displayName=name, memberIds=listed)
        for i, (name, listed) in enumerate(groups, 1)
    ]
