"""People and organisations: the persona's company, its manager chain, partners, system accounts.

The persona directs a function in one department; they report to that department's
head, who reports to the chief executive. Peers are the other directors under the same
head; direct reports are the persona's staff; other departments have their own heads,
directors and staff. External partners (guests) work at partner companies; extra
contacts are people the persona knows who are not in the directory; system accounts
send automated mail. Every human has a unique given name within the world, so "ask
Anika" is never ambiguous.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from emailbench_gym.api.models import Contact, EmailAddress, User
from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.text import ascii_fold, render
from emailbench_gym.worlds.vocab import names as name_vocab
from emailbench_gym.worlds.vocab import orgs as org_vocab
from emailbench_gym.worlds.vocab import places
from emailbench_gym.worlds.vocab.industries import (
    EXECUTIVE,
    Department,
    Industry,
    PartnerKind,
    SystemKind,
)
from emailbench_gym.worlds.vocab.phrases import GREETINGS, SIGNOFFS


@dataclass(eq=False)
class Company:
    name: str  # "Velmora Logistics Ltd"
    short: str  # "Velmora Logistics" (how people write it)
    domain: str  # "velmoralogistics.co.uk"
    city: places.City
    street: str
    postcode: str
    industry: Industry | None = None
    kind: PartnerKind | None = None  # for partners


@dataclass(eq=False)
class Person:
    given: str
    surname: str
    email: str
    title: str
    department: str
    company: Company
    role: str
    kind: str  # member | guest | system | contact (not in the directory)
    office: str = ""
    phone: str = ""
    mobile: str | None = None
    manager: Person | None = None
    greeting: str = "Hi {to},"
    signoff: str = "Thanks,\n{sender}"
    system: SystemKind | None = None
    notes: str = ""
    id: str = ""  # user-NNN / contact-NNN, given when the world is numbered
    reports: list[Person] = field(default_factory=list)
    _address: EmailAddress | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        return self.given if self.kind == "system" else f"{self.given} {self.surname}"

    def address(self) -> EmailAddress:
        if self._address is None:
            self._address = EmailAddress(name=self.name, address=self.email)
        return self._address

    def user(self) -> User:
        return User(
            id=self.id,
            displayName=self.name,
            mail=self.email,
            jobTitle=self.title,
            department=self.department,
            companyName=self.company.name,
            officeLocation=self.office,
            managerId=self.manager.id if self.manager else None,
            userType=self.kind,  # type: ignore[arg-type]
        )

    def contact(self, contact_id: str, categories: list[str]) -> Contact:
        return Contact(
            id=contact_id,
            displayName=self.name,
            givenName=self.given,
            surname=self.surname,
            emailAddresses=[self.address()],
            businessPhones=[self.phone] if self.phone else [],
            mobilePhone=self.mobile,
            jobTitle=self.title,
            department=self.department,
            companyName=self.company.name,
            officeLocation=self.office,
            categories=categories,
            personalNotes=self.notes,
        )


@dataclass(eq=False)
class Org:
    company: Company
    persona: Person
    manager: Person
    ceo: Person
    department: Department
    function: str
    people: list[Person]  # every person, users first (in user-id order), then extra contacts
    partners: list[Company]

    def users(self) -> list[Person]:
        return [p for p in self.people if p.kind != "contact"]

    def humans(self) -> list[Person]:
        """Everyone who writes mail by hand (not the persona, not system accounts)."""
        return [p for p in self.people if p.kind in ("member", "guest") and p is not self.persona]

    def with_role(self, *roles: str) -> list[Person]:
        return [p for p in self.people if p.role in roles]

    def systems(self) -> list[Person]:
        return [p for p in self.people if p.kind == "system"]


class _Names:
    """Draws people's names: unique given names and full names, weighted by the office's country."""

    def __init__(self, rng: Rng, country: str) -> None:
        self.rng = rng
        self.country = country
        self.used_given: set[str] = set()
        self.used_full: set[str] = set()

    def draw(self, country: str | None = None) -> tuple[str, str]:
        mix = name_vocab.NAME_MIX[country or self.country]
        traditions = [t for t, _ in mix]
        weights = [w for _, w in mix]
        for _ in range(200):
            tradition = self.rng.weighted(traditions, weights)
            given = self.rng.choice(name_vocab.GIVEN[tradition])
            surname_tradition = (
                tradition if self.rng.chance(0.85) else self.rng.weighted(traditions, weights)
            )
            surname = self.rng.choice(name_vocab.SURNAMES[surname_tradition])
            if given in self.used_given or f"{given} {surname}" in self.used_full:
                continue
            self.used_given.add(given)
            self.used_full.add(f"{given} {surname}")
            return given, surname
        raise RuntimeError("name pool exhausted")


_ADDRESS_FORMATS = ("{first}.{last}", "{f}{last}", "{first}{l}", "{first}_{last}", "{first}.{l}")


def _local_part(fmt: str, given: str, surname: str) -> str:
    first = "".join(c for c in ascii_fold(given).casefold() if c.isalnum())
    last = "".join(c for c in ascii_fold(surname).casefold() if c.isalnum())
    return fmt.format(first=first, last=last, f=first[:1], l=last[:1])


def company_name(rng: Rng, suffixes: tuple[str, ...], country: str) -> tuple[str, str, str]:
    """(legal name, short name, the domain's label) for a new company."""
    if rng.chance(0.55):
        core = (
            rng.choice(org_vocab.NAME_ONSETS)
            + rng.choice(org_vocab.NAME_MIDDLES)
            + rng.choice(org_vocab.NAME_ENDINGS)
        ).capitalize()
    else:
        core = rng.choice(org_vocab.NAME_FIRST_WORDS) + rng.choice(org_vocab.NAME_SECOND_WORDS)
    suffix = rng.choice(suffixes)
    short = core if suffix.startswith("&") or rng.chance(0.3) else f"{core} {suffix}"
    legal_suffix = rng.choice(org_vocab.LEGAL_SUFFIXES[country])
    if suffix.startswith("&") or suffix in ("LLP", "Assurance LLP", "Re"):
        legal = f"{core} {suffix}"
    else:
        legal = (
            f"{core} {suffix} {legal_suffix}"
            if suffix not in ("Group",)
            else f"{core} Group {legal_suffix}"
        )
    label = "".join(c for c in ascii_fold(core).casefold() if c.isalnum())
    if rng.chance(0.4) and not suffix.startswith("&"):
        label += "".join(c for c in ascii_fold(suffix.split()[0]).casefold() if c.isalnum())
    return legal, short, label


def _street(rng: Rng, country: places.Country) -> tuple[str, str]:
    word = rng.choice(places.STREET_WORDS)
    kind = rng.choice(country.street_kinds)
    number = rng.randint(1, 480)
    if kind[0].islower():
        street = f"{word}{kind} {number}"
    elif kind in ("Via", "Corso", "Piazza"):
        street = f"{kind} {word} {number}"
    else:
        street = f"{number} {word} {kind}"
    digits = {
        "n5": f"{rng.randint(10000, 99999)}",
        "n4": f"{rng.randint(1000, 9999)}",
        "n3": f"{rng.randint(100, 999)}",
        "n2": f"{rng.randint(10, 99)}",
        "ab": rng.choice(("AB", "CK", "GL", "JR", "KM", "TX")),
        "pc": f"{rng.choice(('EC', 'SW', 'N', 'M', 'B', 'LS', 'BS', 'EH'))}{rng.randint(1, 20)} "
        f"{rng.randint(1, 9)}{rng.choice(('AB', 'DF', 'HJ', 'NP', 'RT', 'WX'))}",
    }
    return street, country.postcode.format(**digits)


def _phone(rng: Rng, city: places.City) -> str:
    country = places.COUNTRIES[city.country]
    return country.phone.format(
        area=city.area,
        n2=f"{rng.randint(0, 99):02d}",
        n2b=f"{rng.randint(10, 99)}",
        n3=f"{rng.randint(0, 999):03d}",
        n4=f"{rng.randint(1000, 9999)}",
    )


def _office(rng: Rng, company: Company) -> str:
    floor = rng.randint(2, 38)
    return render(
        "[Floor {floor}, Room {room}|{floor}{letter}|Building {b}, Level {floor}|{city} office, {floor}th floor]",
        rng,
        {
            "floor": str(floor),
            "room": f"{floor}{rng.randint(1, 40):02d}",
            "letter": rng.choice("ABCDEFGH"),
            "b": str(rng.randint(1, 6)),
            "city": company.city.name,
        },
    )


@dataclass(frozen=True)
class OrgSize:
    peers: int
    reports: int
    other_departments: int  # departments beyond the persona's that get people
    staff_per_department: int
    partner_companies: int
    people_per_partner: int
    extra_contacts: int
    systems: int


def build_org(rng: Rng, industry: Industry, city: places.City, size: OrgSize) -> Org:
    """The persona's organisation, partners and system accounts, drawn from `rng`."""
    country = places.COUNTRIES[city.country]
    names = _Names(rng.fork("names"), city.country)
    legal, short, label = company_name(rng.fork("company"), industry.name_suffixes, city.country)
    street, postcode = _street(rng, country)
    company = Company(legal, short, label + country.tld, city, street, postcode, industry=industry)
    address_format = rng.choice(_ADDRESS_FORMATS)
    used_locals: set[str] = set()
    styles = rng.fork("styles")

    def person(
        given_surname: tuple[str, str],
        title: str,
        department: str,
        role: str,
        at: Company,
        kind: str,
        fmt: str,
    ) -> Person:
        given, surname = given_surname
        local = _local_part(fmt, given, surname)
        candidate, n = local, 1
        while f"{candidate}@{at.domain}" in used_locals:
            n += 1
            candidate = f"{local}{n}"
        email = f"{candidate}@{at.domain}"
        used_locals.add(email)
        p = Person(
            given=given,
            surname=surname,
            email=email,
            title=title,
            department=department,
            company=at,
            role=role,
            kind=kind,
            office=_office(styles, at) if kind == "member" else "",
            phone=_phone(styles, at.city),
            mobile=_phone(styles, at.city) if styles.chance(0.6) else None,
            greeting=styles.choice(GREETINGS),
            signoff=styles.choice(SIGNOFFS),
        )
        return p

    departments = [d for d in industry.departments]
    wanted = rng.choice(industry.persona_departments)
    persona_department = next(d for d in departments if d.name == wanted)
    function = rng.choice(persona_department.functions)
    level = rng.choice(
        (
            "Director of {f}",
            "Director, {f}",
            "Head of {f}",
            "Senior Manager, {f}",
            "Senior Director, {f}",
        )
    )

    ceo_title = rng.choice(
        ("Chief Executive Officer", "President & CEO", "CEO", "Managing Director")
    )
    ceo = person(names.draw(), ceo_title, EXECUTIVE.name, "ceo", company, "member", address_format)
    persona = person(
        names.draw(),
        level.format(f=function),
        persona_department.name,
        "persona",
        company,
        "member",
        address_format,
    )
    manager = person(
        names.draw(),
        persona_department.head,
        persona_department.name,
        "manager",
        company,
        "member",
        address_format,
    )
    manager.manager = ceo
    persona.manager = manager

    people: list[Person] = [persona, ceo, manager]
    others = [d for d in departments if d is not persona_department]
    chosen = rng.sample(others, min(size.other_departments, len(others)))
    # Executives: the heads of the other departments with people in this world.
    heads = []
    for department in chosen:
        head = person(
            names.draw(),
            department.head,
            department.name,
            "executive",
            company,
            "member",
            address_format,
        )
        head.manager = ceo
        heads.append((department, head))
        people.append(head)
    # Peers: other directors under the persona's manager.
    other_functions = [f for f in persona_department.functions if f != function] or [function]
    for index in range(size.peers):
        fn = other_functions[index % len(other_functions)]
        peer = person(
            names.draw(),
            rng.choice(("Director of {f}", "Director, {f}", "Head of {f}")).format(f=fn),
            persona_department.name,
            "peer",
            company,
            "member",
            address_format,
        )
        peer.manager = manager
        people.append(peer)
    # Direct reports.
    for _ in range(size.reports):
        report = person(
            names.draw(),
            rng.choice(persona_department.staff),
            persona_department.name,
            "report",
            company,
            "member",
            address_format,
        )
        report.manager = persona
        people.append(report)
    # Staff of other departments (they report to their head or to a director there).
    for department, head in heads:
        directors: list[Person] = []
        for index in range(size.staff_per_department):
            if index == 0 or (index % 4 == 0 and department.functions):
                fn = department.functions[len(directors) % len(department.functions)]
                director = person(
                    names.draw(),
                    f"Director, {fn}",
                    department.name,
                    "colleague",
                    company,
                    "member",
                    address_format,
                )
                director.manager = head
                directors.append(director)
                people.append(director)
            else:
                staff = person(
                    names.draw(),
                    rng.choice(department.staff),
                    department.name,
                    "colleague",
                    company,
                    "member",
                    address_format,
                )
                staff.manager = rng.choice(directors)
                people.append(staff)
    assistant = person(
        names.draw(),
        "Executive Assistant",
        persona_department.name,
        "assistant",
        company,
        "member",
        address_format,
    )
    assistant.manager = manager
    people.append(assistant)

    # Partner companies: the industry's partners first, then advisers.
    kinds = rng.shuffled(industry.partners) + rng.shuffled(org_vocab.ADVISERS)
    partners: list[Company] = []
    partner_rng = rng.fork("partners")
    for index in range(size.partner_companies):
        kind = kinds[index % len(kinds)]
        partner_city = (
            city
            if partner_rng.chance(0.6)
            else partner_rng.choice([c for c in places.CITIES if c.country == city.country])
        )
        partner_country = places.COUNTRIES[partner_city.country]
        for _ in range(50):
            p_legal, p_short, p_label = company_name(
                partner_rng, kind.suffixes, partner_city.country
            )
            if (
                p_label + partner_country.tld != company.domain
                and all(p.short != p_short for p in partners)
                and p_short != company.short
            ):
                break
        p_street, p_postcode = _street(partner_rng, partner_country)
        partner = Company(
            p_legal,
            p_short,
            p_label + partner_country.tld,
            partner_city,
            p_street,
            p_postcode,
            kind=kind,
        )
        partners.append(partner)
        partner_format = partner_rng.choice(_ADDRESS_FORMATS)
        for n in range(size.people_per_partner if index < 3 else 1):
            title = kind.titles[n % len(kind.titles)]
            people.append(
                person(
                    names.draw(partner_city.country),
                    title,
                    kind.department,
                    "partner",
                    partner,
                    "guest",
                    partner_format,
                )
            )

    # System accounts: the industry's own first, then generic ones.
    system_rng = rng.fork("systems")
    kinds_of_systems = system_rng.shuffled(industry.systems)[:2] + system_rng.shuffled(
        org_vocab.GENERIC_SYSTEMS
    )
    for system in kinds_of_systems[: size.systems]:
        account = Person(
            given=system.name,
            surname="",
            email=f"{system.local}@{company.domain}",
            title="",
            department=persona_department.name if system in industry.systems else "Operations",
            company=company,
            role="system",
            kind="system",
            system=system,
        )
        people.append(account)

    # Extra contacts: people the persona knows who are not in the directory.
    extra_rng = rng.fork("contacts")
    for index in range(size.extra_contacts):
        kind = extra_rng.choice(org_vocab.ADVISERS + industry.partners)
        extra_city = extra_rng.choice([c for c in places.CITIES if c.country == city.country])
        extra_country = places.COUNTRIES[extra_city.country]
        e_legal, e_short, e_label = company_name(extra_rng, kind.suffixes, extra_city.country)
        e_street, e_postcode = _street(extra_rng, extra_country)
        at = Company(
            e_legal,
            e_short,
            e_label + extra_country.tld,
            extra_city,
            e_street,
            e_postcode,
            kind=kind,
        )
        title = extra_rng.choice(kind.titles)
        people.append(
            person(
                names.draw(extra_city.country),
                title,
                kind.department,
                "contact",
                at,
                "contact",
                extra_rng.choice(_ADDRESS_FORMATS),
            )
        )
        if index == 0:
            people[-1].notes = "Former colleague; met at the industry conference."

    # Ids: user-001 is the persona; then members by seniority, guests, system accounts.
    order = {
        "persona": 0,
        "ceo": 1,
        "manager": 2,
        "executive": 3,
        "peer": 4,
        "report": 5,
        "colleague": 6,
        "assistant": 7,
        "partner": 8,
        "system": 9,
        "contact": 10,
    }
    people.sort(key=lambda p: order[p.role])  # stable: draw order within a role
    width = max(3, len(str(len(people))) + 1)
    user_index = contact_index = 0
    for p in people:
        if p.kind == "contact":
            contact_index += 1
            p.id = f"extra-{contact_index}"
        else:
            user_index += 1
            p.id = f"user-{user_index:0{width}d}"
    for p in people:
        if p.manager is not None:
            p.manager.reports.append(p)
    return Org(company, persona, manager, ceo, persona_department, function, people, partners)
