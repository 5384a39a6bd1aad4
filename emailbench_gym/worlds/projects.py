"""Projects: a codename (the keyword a search finds them by), a theme, a team and a partner.

A codename is written only in its own project's mail, events, tasks and cards, and no
other word in the world starts with it, so `messages_search(codename)` returns exactly
the project's messages (the shipped corpus's Raptor / Dynegy / FERC property, by
construction). The builder checks this on every world it makes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta

from emailbench_gym.worlds.people import Company, Org, Person
from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.timeline import Timeline
from emailbench_gym.worlds.vocab import orgs as org_vocab
from emailbench_gym.worlds.vocab import places

MEETING_KINDS = (
    "Steering Committee",
    "Status Review",
    "Design Review",
    "Working Session",
    "Go/No-Go",
    "Checkpoint",
    "Risk Review",
    "Planning Session",
    "Readiness Review",
    "Deep Dive",
)


@dataclass(eq=False)
class Project:
    codename: str
    theme: str
    lead: Person
    sponsor: Person
    team: list[Person]  # internal members besides the persona (lead included when not the persona)
    partner: Company | None
    partner_people: list[Person]
    deliverables: list[str]
    metric: str
    site: str
    deadline: date
    meeting_kinds: list[str]
    label: str = ""
    message_keys: list[int] = field(default_factory=list)

    @property
    def people(self) -> list[Person]:
        return [*self.team, *self.partner_people]


def world_tokens(org: Org) -> set[str]:
    """Every word a world's names, addresses, companies and places contain (casefolded)."""
    parts: list[str] = []
    for p in org.people:
        parts += [p.given, p.surname, p.email, p.title, p.department, p.company.name, p.office]
    for company in [org.company, *org.partners]:
        parts += [
            company.name,
            company.domain,
            company.street,
            company.city.name,
            company.city.region,
        ]
    parts += [c.name for c in places.CITIES]
    return set(re.findall(r"\w+", " ".join(parts).casefold()))


def usable_codenames(tokens: set[str]) -> list[str]:
    """Codenames no word of the world starts with (so a search for one finds only its project)."""
    return [c for c in org_vocab.CODENAMES if not any(t.startswith(c.casefold()) for t in tokens)]


def build_projects(rng: Rng, org: Org, count: int, timeline: Timeline) -> list[Project]:
    industry = org.company.industry
    assert industry is not None
    codenames = rng.sample(usable_codenames(world_tokens(org)), count)
    themes = rng.sample(industry.themes, min(count, len(industry.themes)))
    while len(themes) < count:
        themes.append(rng.choice(industry.themes))
    reports = org.with_role("report")
    peers = org.with_role("peer")
    colleagues = org.with_role("colleague", "executive")
    sponsors = org.with_role("executive", "manager", "ceo")
    partners = list(org.partners)
    site_cities = [c for c in places.CITIES if c.country == org.company.city.country]
    projects = []
    for index, codename in enumerate(codenames):
        lead = org.persona if index % 2 == 0 or not reports else reports[index % len(reports)]
        team = [lead] if lead is not org.persona else []
        pool = [p for p in reports + peers if p is not lead]
        team += rng.sample(pool, min(len(pool), rng.randint(1, 3)))
        if colleagues:
            team += [
                p
                for p in rng.sample(colleagues, min(len(colleagues), rng.randint(0, 2)))
                if p not in team
            ]
        partner = partners[index % len(partners)] if partners and rng.chance(0.75) else None
        partner_people = [p for p in org.people if partner is not None and p.company is partner]
        deliverables = rng.sample(industry.deliverables, 4)
        site = f"{rng.choice(site_cities).name} {rng.choice(industry.sites)}"
        deadline = timeline.next_workday(timeline.today + timedelta(days=rng.randint(-10, 45)))
        projects.append(
            Project(
                codename=codename,
                theme=themes[index],
                lead=lead,
                sponsor=rng.choice(sponsors),
                team=team,
                partner=partner,
                partner_people=partner_people,
                deliverables=deliverables,
                metric=rng.choice(industry.metrics),
                site=site,
                deadline=deadline,
                meeting_kinds=rng.sample(MEETING_KINDS, 3),
                label=codename,
            )
        )
    return projects
