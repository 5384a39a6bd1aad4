"""`build_world(seed, size)`: a complete, consistent workspace for a new persona, from a seed.

The steps draw from independent streams of one seed (`Rng.fork`), in a fixed order:
setting and clock, organisation, projects, calendar, mail (threads, notices, junk,
drafts), rules and filing, contacts, to-dos, boards, settings. The result is a `Corpus`
(validated by `build_corpus`, exactly like the shipped one) plus `WorldFacts`.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from emailbench_gym.corpus import Corpus, build_corpus, corpus_documents, load_corpus
from emailbench_gym.errors import CorpusError
from emailbench_gym.workspace import Workspace
from emailbench_gym.worlds import boards as boards_module
from emailbench_gym.worlds import calendar as calendar_module
from emailbench_gym.worlds import contacts as contacts_module
from emailbench_gym.worlds import inbox, mail, notices, people, projects, rules, todo
from emailbench_gym.worlds.facts import ConflictFacts, ProjectFacts, RuleFacts, WorldFacts
from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.threads import ThreadPlanner
from emailbench_gym.worlds.timeline import build_timeline
from emailbench_gym.worlds.vocab import places
from emailbench_gym.worlds.vocab.industries import INDUSTRIES

#: Bump when the same seed would give a different world (manifests pin the old hashes).
GENERATOR_VERSION = "2"
GENERATOR = f"emailbench-worlds/{GENERATOR_VERSION}"
MIN_SIZE = 40
MAX_SIZE = 200_000
DEFAULT_SIZE = 65  # the paper's corpus
FACTS_FILE = "world.json"


@dataclass(frozen=True)
class Scale:
    """How big each part of a world is, for a mailbox of `size` messages."""

    size: int
    factor: float  # sqrt(size / 65): 1 for the paper's corpus, about 12 at 10,000
    span_days: int
    projects: int
    events: int
    upcoming_events: int
    conflicts: int
    todo_tasks: int
    boards: int
    board_tasks: int
    org: people.OrgSize

    @classmethod
    def of(cls, size: int) -> Scale:
        s = math.sqrt(size / DEFAULT_SIZE)
        return cls(
            size=size,
            factor=s,
            span_days=min(400, max(21, round(21 * s))),
            projects=min(12, 3 + int(math.log2(max(1.0, size / DEFAULT_SIZE)))),
            events=round(15 * s**0.8),
            upcoming_events=round(9 * s**0.3),
            conflicts=1 + int(s >= 3) + int(s >= 8),
            todo_tasks=round(10 * s**0.7),
            boards=2 + int(size >= 1000) + int(size >= 5000),
            board_tasks=round(7 * s**0.7),
            org=people.OrgSize(
                peers=min(7, round(1.5 + s**0.4)),
                reports=min(9, round(2.5 + s**0.5)),
                other_departments=min(7, 3 + int(s**0.6)),
                staff_per_department=min(8, max(0, round(s**0.8) - 1)),
                partner_companies=min(14, int(2.5 + s**0.7)),
                people_per_partner=1 if size < 300 else 2,
                extra_contacts=2 + int(s**0.5),
                systems=min(8, max(3, 2 + int(math.log2(s + 1)))),
            ),
        )


@dataclass(frozen=True)
class World:
    """A generated persona's workspace: its `corpus` (use it like the shipped one) and `facts`."""

    corpus: Corpus
    facts: WorldFacts

    @property
    def seed(self) -> int:
        return self.facts.seed

    @property
    def size(self) -> int:
        return self.facts.size

    def workspace(self) -> Workspace:
        """A fresh Workspace over the world's corpus (its own clock, reset to this state)."""
        return Workspace(corpus=self.corpus)

    def documents(self) -> dict[str, str]:
        """Every file of the world (the corpus files, then world.json), as text."""
        docs = corpus_documents(self.corpus)
        docs[FACTS_FILE] = (
            json.dumps(self.facts.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
        )
        return docs

    def content_hash(self) -> str:
        """sha256 over every file's name and bytes: equal hashes mean identical worlds."""
        digest = hashlib.sha256()
        for name, text in self.documents().items():
            data = text.encode("utf-8")
            digest.update(f"{name}\0{len(data)}\0".encode())
            digest.update(data)
        return digest.hexdigest()

    def write(self, folder: str | Path) -> Path:
        """Write the world as a corpus folder (`load_corpus` / `emailbench` read it) plus world.json."""
        target = Path(folder)
        target.mkdir(parents=True, exist_ok=True)
        for name, text in self.documents().items():
            (target / name).write_text(text, encoding="utf-8")
        return target


def load_world(folder: str | Path) -> World:
    """A world written by `World.write`, read back (the corpus through `load_corpus`)."""
    root = Path(folder)
    try:
        facts = WorldFacts.model_validate_json((root / FACTS_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CorpusError(
            f"{FACTS_FILE}: file missing from {root} (not a generated world?)"
        ) from None
    return World(load_corpus(root), facts)


def generate_world(seed: int, size: int = DEFAULT_SIZE) -> Corpus:
    """The corpus of world `seed` with `size` messages: `Workspace(corpus=generate_world(7))`."""
    return build_world(seed, size).corpus


def build_world(seed: int, size: int = DEFAULT_SIZE) -> World:
    """World `seed` with exactly `size` messages (MIN_SIZE..MAX_SIZE); deterministic."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(
            f"size must be an integer from {MIN_SIZE} to {MAX_SIZE} messages, got {size!r}"
        )
    scale = Scale.of(size)
    root = Rng(f"{GENERATOR}/{seed}")

    setting = root.fork("setting")
    industry = setting.choice(INDUSTRIES)
    city = setting.choice(places.CITIES)
    timeline = build_timeline(root.fork("clock"), city.time_zone, city.country, scale.span_days)
    org = people.build_org(root.fork("org"), industry, city, scale.org)
    plans = projects.build_projects(root.fork("projects"), org, scale.projects, timeline)
    slots = {
        "dept": org.department.name,
        "quarter": f"Q{(timeline.today.month - 1) // 3 + 1}",
        "partner": org.partners[0].short if org.partners else org.company.short,
        "site": f"{city.name} {industry.sites[0]}",
    }
    calendar = calendar_module.build_calendar(
        root.fork("calendar"),
        org,
        plans,
        timeline,
        scale.events,
        scale.upcoming_events,
        scale.conflicts,
        slots,
    )

    # Mail: junk, drafts and notices take their share; threads fill the rest exactly.
    mail_rng = root.fork("mail")
    junk_count = max(1, round(size * 0.015))
    draft_count = min(25, 1 + size // 400)
    notice_count = round(size * (0.11 + 0.06 * mail_rng.unit()))
    planner = ThreadPlanner(mail_rng.fork("threads"), org, plans, calendar, timeline, scale.factor)
    human = planner.plan(size - junk_count - draft_count - notice_count)
    drafts = planner.drafts(draft_count)
    notes = notices.plan_notices(
        mail_rng.fork("notices"), org, timeline, notice_count, len(planner.threads)
    )
    junk = notices.plan_junk(
        mail_rng.fork("junk"), org, timeline, junk_count, len(planner.threads) + notice_count
    )
    mails = [*human, *notes, *junk]
    mails += [d for d in drafts if d not in mails]
    for key, item in enumerate(mails):
        item.key = key

    rule_rng = root.fork("rules")
    tagged, tag, filed, folder_name, marks_read = rules.plan_rules(rule_rng, org)
    labels = rules.build_labels(rule_rng, plans, [tag] if tag else [])
    folders = rules.build_folders(rule_rng, size, plans, folder_name)
    rule_list = rules.build_rules(
        rule_rng, org, tagged, tag, filed, folders.rule_folder, marks_read, folder_name
    )
    rules.apply_rules(mails, tagged, tag, filed, folders.rule_folder, marks_read)
    inbox.handle(root.fork("inbox"), mails, org, timeline, folders, size)
    ordered = mail.number(mails, folders.custom)
    messages = mail.to_messages(ordered)

    label_names = {label.displayName for label in labels}
    contacts, groups, contact_ids = contacts_module.build_contacts(
        root.fork("contacts"), org, plans, label_names, timeline.today.year
    )
    lists, tasks, prep = todo.build_todo(
        root.fork("todo"), org, plans, calendar, ordered, timeline, scale.todo_tasks
    )
    board_list, columns, cards = boards_module.build_boards(
        root.fork("boards"),
        org,
        plans,
        timeline,
        scale.boards,
        scale.board_tasks,
        sorted(label_names),
    )
    settings = rules.build_settings(root.fork("settings"), org, timeline)
    events = calendar_module.to_events(calendar, timeline)

    corpus = build_corpus(
        timeline.now,
        org.persona.id,
        settings,
        {
            "users": [p.user() for p in org.users()],
            "folders": folders.folders,
            "messages": messages,
            "filters": rule_list,
            "calendars": calendar.calendars,
            "events": events,
            "contacts": contacts,
            "contact_groups": groups,
            "todo_lists": lists,
            "todo_tasks": tasks,
            "boards": board_list,
            "board_columns": columns,
            "board_tasks": cards,
            "labels": labels,
        },
    )
    by_key = {m.key: m for m in ordered}
    roles: dict[str, list[str]] = {}
    for person in org.people:
        roles.setdefault(person.role, []).append(person.id)
    project_facts = []
    for project in plans:
        codename = project.codename
        project_facts.append(
            ProjectFacts(
                codename=codename,
                theme=project.theme,
                label=project.label,
                lead=project.lead.id,
                sponsor=project.sponsor.id,
                team=[p.id for p in project.team],
                partner_company=project.partner.name if project.partner else None,
                partner_people=[p.id for p in project.partner_people],
                deliverables=project.deliverables,
                metric=project.metric,
                site=project.site,
                deadline=project.deadline,
                message_ids=sorted(by_key[k].id for k in project.message_keys if k in by_key),
                event_ids=[m.id for m in calendar.meetings if m.project is project],
                todo_task_ids=[t.id for t in tasks if codename in t.title],
                board_task_ids=[c.id for c in cards if codename in c.title],
                folder_id=folders.project_folders.get(codename),
            )
        )
    now = timeline.now
    facts = WorldFacts(
        generator=GENERATOR,
        seed=seed,
        size=size,
        industry=industry.key,
        company=org.company.name,
        domain=org.company.domain,
        city=city.name,
        country=city.country,
        time_zone=timeline.time_zone,
        now=now,
        persona=org.persona.id,
        manager=org.manager.id,
        ceo=org.ceo.id,
        roles=roles,
        contact_ids=contact_ids,
        projects=project_facts,
        conflicts=[
            ConflictFacts(
                accepted=a.id,
                pending=b.id,
                overlap_minutes=int(
                    (min(a.end, b.end) - max(a.start, b.start)) / timedelta(minutes=1)
                ),
            )
            for a, b in calendar.conflicts
        ],
        pending_rsvps=[
            m.id for m in calendar.meetings if m.my_response == "notResponded" and m.start > now
        ],
        meeting_threads={
            key: sorted(m.id for m in found)
            for key, found in sorted(planner.meeting_refs.items())
            if found
        },
        meeting_prep_tasks=dict(sorted(prep.items())),
        message_kinds=_message_kinds(ordered),
        awaiting_reply=_awaiting_reply(ordered, org.persona),
        event_kinds={
            kind: [m.id for m in calendar.meetings if m.kind == kind]
            for kind in sorted({m.kind for m in calendar.meetings})
        },
        system_accounts=[p.id for p in org.systems()],
        rules=RuleFacts(
            tagged_sender=tagged.id if tagged else None,
            tag=tag,
            filed_sender=filed.id if filed else None,
            folder_id=folders.rule_folder,
            marks_read=marks_read,
        ),
        junk_senders=sorted({m.sender.address for m in junk}),
    )
    return World(corpus, facts)


def _message_kinds(ordered: list[mail.Mail]) -> dict[str, list[str]]:
    """Thread kind -> ids of the messages that start such threads (drafts and junk by folder)."""
    kinds: dict[str, list[str]] = {}
    for item in ordered:
        if item.is_draft:
            kind = "draft"
        elif item.in_reply_to is not None or item.subject.startswith("FW: "):
            continue
        else:
            kind = item.thread.intent
        kinds.setdefault(kind, []).append(item.id)
    return dict(sorted(kinds.items()))


def _awaiting_reply(ordered: list[mail.Mail], persona: people.Person) -> list[str]:
    """Requests, approvals and escalations whose latest message is someone else's, in the Inbox:
    the ball is in the persona's court (a draft reply does not count as an answer)."""
    latest: dict[int, mail.Mail] = {}
    for item in sorted(ordered, key=lambda m: m.sent):
        if not item.is_draft:
            latest[id(item.thread)] = item
    return sorted(
        m.id
        for m in latest.values()
        if m.author is not persona
        and m.folder == "inbox"
        and m.thread.intent in ("request", "approval", "escalation")
    )
