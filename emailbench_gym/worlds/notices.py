"""Automated mail (system accounts' notices: the noise triage tasks must tell apart) and junk.

Notices are never high importance, never name a project, and come from the system
accounts of the directory; junk comes from outside senders who are neither users nor
contacts and lands in Junk Email.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from emailbench_gym.api.models import EmailAddress
from emailbench_gym.worlds.mail import Mail, Thread
from emailbench_gym.worlds.people import Org, Person
from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.text import render
from emailbench_gym.worlds.threads import CURRENCY, MONTHS
from emailbench_gym.worlds.timeline import Timeline
from emailbench_gym.worlds.vocab import orgs as org_vocab
from emailbench_gym.worlds.vocab import phrases

SERVICES = (
    "billing-api",
    "checkout",
    "auth-service",
    "search-index",
    "notifications",
    "reporting",
    "ingest-pipeline",
    "mobile-gateway",
    "export-worker",
    "scheduler",
)


def _slots(rng: Rng, org: Org, when: datetime) -> dict[str, str]:
    industry = org.company.industry
    assert industry is not None
    city = org.company.city
    value = rng.randint(2, 900) * 1000
    return {
        "service": rng.choice(SERVICES),
        "site_name": f"{city.name} {rng.choice(industry.sites)}",
        "date": f"{when.month}/{when.day}/{when.year}"
        if city.country == "US"
        else f"{when.day:02d}/{when.month:02d}/{when.year}",
        "time": f"{when.hour:02d}:{when.minute:02d}",
        "period": rng.choice(("the week", f"{MONTHS[when.month - 1]}", "the last 7 days")),
        "code": f"{rng.choice(('INC', 'REQ', 'WO', 'DEV', 'CH', 'PO', 'TK'))}-{rng.randint(10000, 99999)}",
        "n": str(rng.randint(2, 60)),
        "n2": str(rng.randint(3, 900)),
        "n3": str(rng.randint(1, 90)),
        "amount": CURRENCY[city.country].format(f"{value:,}"),
        "pct": f"{rng.randint(20, 80)}%",
        "pct_high": f"{rng.randint(970, 999) / 10}%",
        "company_short": org.company.short,
        "dept": rng.choice(industry.departments).name,
        "headline": render(
            rng.choice(org_vocab.HEADLINES), rng, {"dept": rng.choice(industry.departments).name}
        ),
        "city": rng.choice((city.name, *(p.city.name for p in org.partners[:3]))),
        "notice": render(rng.choice(org_vocab.NOTICES), rng, {"floor": str(rng.randint(2, 20))}),
        "ticket": render(rng.choice(org_vocab.TICKETS), rng, {"floor": str(rng.randint(2, 20))}),
        "priority": rng.choice(("P3", "P4", "Normal", "Low")),
        "group": rng.choice(org_vocab.TICKET_GROUPS),
        "cause": rng.choice(org_vocab.CAUSES),
    }


def plan_notices(rng: Rng, org: Org, timeline: Timeline, count: int, thread_key: int) -> list[Mail]:
    """`count` notices from the system accounts, spread over the mail window."""
    systems = org.systems()
    if not systems or count <= 0:
        return []
    weights = [rng.randint(2, 6) for _ in systems]
    persona = org.persona
    first = timeline.at(timeline.first_day, 6)
    latest = timeline.now - timedelta(minutes=10)
    seconds = int((latest - first).total_seconds())
    mails = []
    for index in range(count):
        account: Person = systems[index] if index < len(systems) else rng.weighted(systems, weights)
        assert account.system is not None
        for _ in range(20):
            when = timeline.local(first + timedelta(seconds=rng.below(seconds)))
            if 5 <= when.hour <= 22 and (timeline.is_workday(when.date()) or rng.chance(0.3)):
                break
        when = when.replace(second=0)
        subject_t, body_t = rng.choice(account.system.notices)
        values = _slots(rng, org, when)
        thread = Thread(thread_key + index, "notice")
        mails.append(
            Mail(
                key=0,
                thread=thread,
                sender=account.address(),
                to=[persona.address()],
                subject=render(subject_t, rng, values),
                body=render(body_t, rng, values),
                sent=when,
                folder="inbox",
                author=account,
            )
        )
    return mails


def plan_junk(rng: Rng, org: Org, timeline: Timeline, count: int, thread_key: int) -> list[Mail]:
    persona = org.persona
    first = timeline.at(timeline.first_day, 0)
    seconds = int((timeline.now - timedelta(minutes=10) - first).total_seconds())
    mails = []
    for index in range(count):
        name, subject_t, body_t = rng.choice(phrases.JUNK)
        when = timeline.local(first + timedelta(seconds=rng.below(seconds))).replace(second=0)
        values = {
            "word": rng.choice(phrases.JUNK_WORDS),
            "n": str(rng.randint(3, 500)),
            "pct": f"{rng.choice((20, 30, 40, 50, 60, 70))}%",
            "code": f"{rng.randint(100000, 999999)}",
            "year": str(when.year),
        }
        domain = rng.choice(phrases.JUNK_DOMAINS)
        local = rng.choice(("noreply", "info", "offers", "support", "alerts", "hello"))
        mails.append(
            Mail(
                key=0,
                thread=Thread(thread_key + index, "junk"),
                sender=EmailAddress(name=name, address=f"{local}@{domain}"),
                to=[persona.address()],
                subject=render(subject_t, rng, values),
                body=render(body_t, rng, values),
                sent=when,
                folder="junkemail",
                author=None,
                is_read=rng.chance(0.2),
            )
        )
    return mails
