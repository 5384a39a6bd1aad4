"""Human mail: threads of requests, updates, approvals, meeting prep, escalations, partner
correspondence, announcements, admin and social notes, with replies and forwards.

Threads are planned so the links of the paper's Table 10 hold by construction: every
person in the directory writes to the persona at least once (so meeting attendees also
email), upcoming meetings have threads that name them, each project has several
threads, and the deliberately conflicting meetings are both discussed. The persona's
own messages (replies, requests, forwards) are in Sent Items.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from emailbench_gym.worlds.calendar import CalendarPlan, Meeting
from emailbench_gym.worlds.mail import Mail, Thread
from emailbench_gym.worlds.people import Org, Person
from emailbench_gym.worlds.projects import Project
from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.text import render, slug
from emailbench_gym.worlds.timeline import Timeline
from emailbench_gym.worlds.vocab import orgs as org_vocab
from emailbench_gym.worlds.vocab import phrases, places
from emailbench_gym.worlds.vocab.phrases import INTENTS

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
CURRENCY = {
    "US": "${}",
    "UK": "£{}",
    "DE": "€{}",
    "AT": "€{}",
    "NL": "€{}",
    "IT": "€{}",
    "CH": "CHF {}",
    "SE": "SEK {}",
    "JP": "¥{}",
}
#: Intents a thread starter in each role writes, with weights.
ROLE_INTENTS: dict[str, tuple[tuple[str, float], ...]] = {
    "report": (("update", 4), ("request", 3), ("escalation", 1), ("social", 0.4)),
    "manager": (("request", 4), ("escalation", 1.5), ("announcement", 0.7), ("update", 1)),
    "ceo": (("request", 2), ("announcement", 2), ("escalation", 1)),
    "executive": (("request", 3), ("escalation", 1), ("announcement", 0.5), ("approval", 0.5)),
    "peer": (("request", 3), ("update", 2), ("social", 1), ("approval", 1)),
    "colleague": (("request", 2), ("admin", 1.5), ("update", 1), ("social", 0.8), ("approval", 1)),
    "assistant": (("admin", 3), ("social", 1)),
    "partner": (("external", 5),),
    "persona": (("persona_request", 4), ("update", 2), ("external", 1.5), ("social", 0.5)),
}
STARTER_WEIGHTS = {
    "report": 5,
    "manager": 4,
    "peer": 3,
    "executive": 1.5,
    "ceo": 1,
    "colleague": 1,
    "assistant": 1.5,
    "partner": 2,
}
PROJECT_INTENTS = ("request", "update", "approval", "escalation", "persona_request")
REPLY_CHANCE = {
    "request": 0.6,
    "escalation": 0.75,
    "approval": 0.6,
    "external": 0.5,
    "update": 0.25,
    "meeting_prep": 0.3,
    "meeting_followup": 0.15,
    "social": 0.5,
    "announcement": 0.04,
    "admin": 0.05,
    "persona_request": 0.0,
}
ATTACH_CHANCE = {
    "request": 0.35,
    "update": 0.3,
    "approval": 0.35,
    "meeting_prep": 0.5,
    "meeting_followup": 0.2,
    "external": 0.5,
    "persona_request": 0.25,
    "escalation": 0.1,
}
GENERIC_TOPICS = ("budget round", "quarter", "reorg", "hiring plan", "offsite", "planning cycle")


class Writer:
    """Renders the text of one world's mail: slots from its people, projects, meetings and dates."""

    def __init__(
        self,
        rng: Rng,
        org: Org,
        projects: list[Project],
        calendar: CalendarPlan,
        timeline: Timeline,
    ) -> None:
        self.rng = rng
        self.org = org
        self.projects = projects
        self.timeline = timeline
        industry = org.company.industry
        assert industry is not None
        self.industry = industry
        self.currency = CURRENCY[org.company.city.country]
        self.humans = org.humans()
        self.plain_meetings = [
            m
            for m in calendar.meetings
            if m.project is None
            and not m.all_day
            and m.kind in ("review", "department", "team", "partner")
        ]
        self.project_meetings: dict[str, list[Meeting]] = {}
        for m in calendar.meetings:
            if m.project is not None and not m.all_day:
                self.project_meetings.setdefault(m.project.codename, []).append(m)

    def amount(self) -> str:
        value = self.rng.randint(12, 4800) * 1000
        if value >= 1_000_000:
            return self.currency.format(f"{value / 1_000_000:.1f}M")
        if self.rng.chance(0.5):
            return self.currency.format(f"{value // 1000}k")
        return self.currency.format(f"{value:,}")

    def due_day(self, when: datetime) -> date:
        return self.timeline.next_workday(
            when.date() + timedelta(days=1), skip=self.rng.randint(0, 4)
        )

    def day_phrase(self, day: date, when: datetime) -> str:
        if 0 < (day - when.date()).days <= 6:
            return org_vocab.WEEKDAY_NAMES[day.weekday()]
        return self.rng.choice(
            (
                f"{MONTHS[day.month - 1]} {day.day}",
                f"the {_ordinal(day.day)}",
                f"{org_vocab.WEEKDAY_NAMES[day.weekday()]} the {_ordinal(day.day)}",
            )
        )

    def slots(
        self, thread: Thread, sender: Person, to: list[Person], when: datetime
    ) -> tuple[dict[str, str], datetime]:
        """Every slot a template may use, for one message; and the deadline it names."""
        rng = self.rng
        project = thread.project
        others = [p for p in self.humans if p is not sender and p not in to and p.kind == "member"]
        person, person2 = (
            rng.sample(others, 2) if len(others) >= 2 else [self.org.manager, self.org.persona]
        )
        due = self.due_day(when)
        month = MONTHS[when.month - 1]
        meeting = thread.meeting
        if meeting is None and project is not None and self.project_meetings.get(project.codename):
            meeting = rng.choice(self.project_meetings[project.codename])
        if meeting is None and self.plain_meetings:
            meeting = rng.choice(self.plain_meetings)
        partner = (project.partner if project and project.partner else None) or (
            sender.company if sender.kind == "guest" else None
        )
        if partner is None and self.org.partners:
            partner = rng.choice(self.org.partners)
        values = {
            "to": to[0].given if to else self.org.persona.given,
            "sender": sender.given,
            "sender_full": sender.name
            + (f"\n{sender.title}, {sender.company.short}" if sender.kind == "guest" else ""),
            "me": self.org.persona.given,
            "person": person.given,
            "person2": person2.given,
            "person_full": person.name,
            "title": person.title,
            "dept": sender.department if sender.kind == "member" else self.org.department.name,
            "due": self.day_phrase(due, when),
            "due_date": f"{org_vocab.WEEKDAY_NAMES[due.weekday()]}, {MONTHS[due.month - 1]} {due.day}",
            "n": str(rng.randint(3, 48)),
            "n2": str(rng.randint(50, 400)),
            "pct": f"{rng.randint(4, 96)}%",
            "pct2": f"{rng.randint(4, 96)}%",
            "amount": self.amount(),
            "quarter": f"Q{(when.month - 1) // 3 + 1}",
            "period": render(
                rng.choice(phrases.PERIODS), rng, {"month": month, "year": str(when.year)}
            ),
            "period_noun": rng.choice(("quarter", "month", "year")),
            "venue": f"{rng.choice(places.VENUE_WORDS)} {rng.choice(places.VENUE_KINDS)}",
            "training": rng.choice(org_vocab.TRAININGS),
            "partner": partner.short if partner else "the vendor",
            "partner_doc": rng.choice(partner.kind.documents)
            if partner and partner.kind
            else "proposal",
            "company_short": self.org.company.short,
        }
        values["admin_topic"] = render(rng.choice(phrases.ADMIN_TOPICS), rng, values)
        if project is not None:
            values.update(
                project=project.codename,
                theme=project.theme,
                deliverable=project.deliverables[rng.below(2)],
                deliverable2=project.deliverables[2 + rng.below(2)],
                metric=project.metric,
                site=project.site,
            )
        else:
            deliverables = rng.sample(self.industry.deliverables, 2)
            values.update(
                project=f"the {rng.choice(GENERIC_TOPICS)}",
                theme=f"{rng.choice(GENERIC_TOPICS)}",
                deliverable=deliverables[0],
                deliverable2=deliverables[1],
                metric=rng.choice(self.industry.metrics),
                site=f"{self.org.company.city.name} {rng.choice(self.industry.sites)}",
            )
        values["issue"] = render(rng.choice(self.industry.issues), rng, values)
        values["issue_short"] = render(
            "[{metric} below target|delay at the {site}|{deliverable} at risk|{deliverable} blocked]",
            rng,
            values,
        )
        values["announce"] = render(rng.choice(phrases.ANNOUNCEMENTS), rng, values)
        values["announce_short"] = render(rng.choice(phrases.ANNOUNCE_SHORT), rng, values)
        if meeting is not None:
            start = meeting.start
            values.update(
                meeting=meeting.subject,
                meeting_day=org_vocab.WEEKDAY_NAMES[start.weekday()],
                meeting_time=f"{start.hour:02d}:{start.minute:02d}",
                meeting_date=f"{MONTHS[start.month - 1]} {start.day}",
            )
        else:
            values.update(
                meeting="next review",
                meeting_day="Thursday",
                meeting_time="10:00",
                meeting_date="next week",
            )
        return values, self.timeline.at(due, 17)

    def subject(self, intent: str, values: dict[str, str], project: Project | None) -> str:
        """A thread subject; a project thread's always names the project (so replies do too)."""
        templates = INTENTS[intent].subjects
        subject = render(self.rng.choice(templates), self.rng, values)
        if project is not None and project.codename not in subject:
            named = [t for t in templates if "{project}" in t]
            subject = (
                render(self.rng.choice(named), self.rng, values)
                if named
                else f"{project.codename}: {subject}"
            )
        return subject

    def first_message(
        self, intent: str, sender: Person, to: list[Person], values: dict[str, str]
    ) -> str:
        rng = self.rng
        spec = INTENTS[intent]
        greeting = (
            render(rng.choice(phrases.GROUP_GREETINGS), rng)
            if len(to) > 2
            else render(sender.greeting, rng, values)
        )
        sentences = []
        if rng.chance(0.8):
            sentences.append(render(rng.choice(spec.openers), rng, values))
        for core in rng.sample(spec.cores, min(len(spec.cores), rng.randint(1, 3))):
            sentences.append(render(core, rng, values))
        if values["project"] and not values["project"].startswith("the ") and rng.chance(0.6):
            sentences.insert(
                min(2, len(sentences)), render(rng.choice(self.industry.jargon), rng, values)
            )
        sentences.append(render(rng.choice(spec.asks), rng, values))
        return self._compose(greeting, sentences, sender, values)

    def reply(self, sender: Person, values: dict[str, str]) -> str:
        rng = self.rng
        sentences = [render(rng.choice(phrases.REPLY_OPENERS), rng, values)]
        for core in rng.sample(phrases.REPLY_CORES, rng.randint(1, 2)):
            sentences.append(render(core, rng, values))
        closer = render(rng.choice(phrases.REPLY_CLOSERS), rng, values)
        if closer:
            sentences.append(closer)
        greeting = render(sender.greeting, rng, values) if rng.chance(0.5) else ""
        return self._compose(greeting, sentences, sender, values)

    def _compose(
        self, greeting: str, sentences: list[str], sender: Person, values: dict[str, str]
    ) -> str:
        rng = self.rng
        sentences = [s for s in sentences if s]
        if len(sentences) > 3 and rng.chance(0.6):
            cut = rng.randint(2, len(sentences) - 1)
            paragraphs = [" ".join(sentences[:cut]), " ".join(sentences[cut:])]
        else:
            paragraphs = [" ".join(sentences)]
        signoff = render(sender.signoff, rng, values)
        parts = ([greeting] if greeting else []) + paragraphs + [signoff]
        return "\n\n".join(parts)


def _ordinal(day: int) -> str:
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


class ThreadPlanner:
    """Plans human threads until a message budget is used, honouring the world's links."""

    def __init__(
        self,
        rng: Rng,
        org: Org,
        projects: list[Project],
        calendar: CalendarPlan,
        timeline: Timeline,
        scale: float,
    ) -> None:
        self.rng = rng
        self.org = org
        self.projects = projects
        self.calendar = calendar
        self.timeline = timeline
        self.scale = scale
        self.writer = Writer(rng.fork("text"), org, projects, calendar, timeline)
        self.mails: list[Mail] = []
        self.threads: list[Thread] = []
        self.subjects: set[str] = set()
        self.meeting_refs: dict[str, list[Mail]] = {}
        self.window_start = timeline.at(timeline.first_day, 7)

    # --- times -----------------------------------------------------------------------

    def _moment(self, earliest: datetime, latest: datetime) -> datetime:
        """A working-hours moment in [earliest, latest] (weekends rarely)."""
        rng, tl = self.rng, self.timeline
        span_days = max(0, (latest.date() - earliest.date()).days)
        for _ in range(30):
            day = earliest.date() + timedelta(days=rng.below(span_days + 1))
            if not tl.is_workday(day) and not rng.chance(0.08):
                continue
            hour = rng.weighted(tuple(range(7, 21)), (2, 6, 9, 10, 9, 6, 7, 9, 9, 8, 6, 3, 2, 1))
            moment = tl.at(day, hour, rng.below(60))
            if earliest <= moment <= latest:
                return moment
        return tl.local(latest - timedelta(minutes=rng.randint(1, 30)))

    def _after(self, moment: datetime) -> datetime:
        rng, tl = self.rng, self.timeline
        minutes = rng.weighted(
            (rng.randint(8, 180), rng.randint(180, 1440), rng.randint(1440, 4320)), (60, 30, 10)
        )
        later = tl.local(moment + timedelta(minutes=minutes))
        if later.hour >= 21 or later.hour < 7 or not tl.is_workday(later.date()):
            day = tl.next_workday(later.date() + timedelta(days=1 if later.hour >= 7 else 0))
            later = tl.at(day, rng.randint(7, 9), rng.below(60))
        return later

    # --- planning --------------------------------------------------------------------

    def plan(self, budget: int) -> list[Mail]:
        rng, org, tl = self.rng, self.org, self.timeline
        persona = org.persona
        now = tl.now
        latest = now - timedelta(minutes=5)
        specs: list[tuple[str, Person, Project | None, Meeting | None, datetime, datetime]] = []

        # 1. Upcoming meetings are discussed in mail (conflicting ones always).
        soon = [
            m
            for m in self.calendar.meetings
            if not m.all_day
            and now < m.start <= now + timedelta(days=10)
            and m.kind not in ("lunch", "one_on_one", "training")
        ]
        conflicted = [m for pair in self.calendar.conflicts for m in pair]
        cap = max(2, round(3 + 2 * self.scale))
        referenced = (
            conflicted
            + [m for m in rng.shuffled(soon) if m not in conflicted][
                : max(0, cap - len(conflicted))
            ]
        )
        for meeting in referenced:
            starter = meeting.organizer if meeting.organizer is not None else persona
            earliest = max(self.window_start, meeting.start - timedelta(days=6))
            specs.append(("meeting_prep", starter, meeting.project, meeting, earliest, latest))
        # 2. Some past meetings get follow-up notes.
        past = [
            m
            for m in self.calendar.meetings
            if not m.all_day
            and m.end < now
            and m.kind in ("project", "review", "partner", "department")
        ]
        for meeting in rng.shuffled(past)[: round(1 + self.scale)]:
            starter = meeting.organizer if meeting.organizer is not None else persona
            specs.append(
                (
                    "meeting_followup",
                    starter,
                    meeting.project,
                    meeting,
                    meeting.end,
                    min(latest, meeting.end + timedelta(days=2)),
                )
            )
        # 3. Everyone in the directory writes at least once.
        writers = {id(s[1]) for s in specs}
        for person in rng.shuffled(org.humans()):
            if id(person) in writers:
                continue
            intent = self._intent(person)
            specs.append(
                (intent, person, self._project_for(person, intent), None, self.window_start, latest)
            )
        # 4. Each project has several threads.
        per_project = 2 + int(self.scale // 2)
        for project in self.projects:
            have = sum(1 for s in specs if s[2] is project)
            for _ in range(max(0, per_project - have)):
                starter = rng.choice([*project.people, project.sponsor, persona])
                intent = self._intent(starter)
                if intent not in (*PROJECT_INTENTS, "external"):
                    intent = "persona_request" if starter is persona else "update"
                if intent == "external" and starter.kind != "guest" and starter is not persona:
                    intent = "update"
                specs.append((intent, starter, project, None, self.window_start, latest))

        for spec in specs:
            if len(self.mails) >= budget:
                break
            self._realise(*spec)
        while len(self.mails) < budget:
            starter = self._starter()
            intent = self._intent(starter)
            self._realise(
                intent, starter, self._project_for(starter, intent), None, self.window_start, latest
            )
        self._trim(budget)
        return self.mails

    def _starter(self) -> Person:
        rng = self.rng
        if rng.chance(0.12):
            return self.org.persona
        humans = self.org.humans()
        weights = [STARTER_WEIGHTS.get(p.role, 1) for p in humans]
        return rng.weighted(humans, weights)

    def _intent(self, person: Person) -> str:
        options = ROLE_INTENTS["persona" if person is self.org.persona else person.role]
        intent = self.rng.weighted([o for o, _ in options], [w for _, w in options])
        if (
            intent == "external"
            and person is self.org.persona
            and not self.org.with_role("partner")
        ):
            return "persona_request"
        return intent

    def _project_for(self, person: Person, intent: str) -> Project | None:
        rng = self.rng
        if intent not in (*PROJECT_INTENTS, "external") or not self.projects:
            return None
        mine = [
            p
            for p in self.projects
            if person in p.people or person is p.sponsor or person is p.lead
        ]
        if intent == "external":
            if person.kind == "guest":
                theirs = [p for p in self.projects if p.partner is person.company]
                return rng.choice(theirs) if theirs and rng.chance(0.8) else None
            return rng.choice([p for p in self.projects if p.partner] or [None])  # type: ignore[list-item]
        if mine and rng.chance(0.75):
            return rng.choice(mine)
        return rng.choice(self.projects)

    # --- realising a thread ----------------------------------------------------------

    def _recipients(
        self, intent: str, starter: Person, project: Project | None, meeting: Meeting | None
    ) -> tuple[list[Person], list[Person]]:
        rng, org = self.rng, self.org
        persona = org.persona
        if starter is persona:
            if meeting is not None:
                to = [p for p in meeting.people() if p is not persona and p.kind != "system"] or [
                    org.manager
                ]
                return to, []
            if intent == "external":
                partner = project.partner if project and project.partner else None
                guests = [
                    p for p in org.with_role("partner") if partner is None or p.company is partner
                ]
                to = [rng.choice(guests or org.with_role("partner") or [org.manager])]
                cc = (
                    rng.sample(project.team, min(1, len(project.team)))
                    if project and project.team and rng.chance(0.5)
                    else []
                )
                return to, [p for p in cc if p is not persona]
            if intent == "update":
                peers = org.with_role("peer")
                return [org.manager], ([rng.choice(peers)] if peers and rng.chance(0.3) else [])
            pool = (project.team if project else []) or org.with_role("report") or [org.manager]
            pool = [p for p in pool if p is not persona]
            to = rng.sample(pool, min(len(pool), rng.randint(1, 2)))
            cc = (
                [
                    p
                    for p in rng.sample(
                        org.with_role("report"), min(1, len(org.with_role("report")))
                    )
                    if p not in to
                ]
                if rng.chance(0.3)
                else []
            )
            return to, cc
        to = [persona]
        if intent == "announcement":
            crowd = [p for p in org.humans() if p.kind == "member" and p is not starter]
            to += rng.sample(crowd, min(len(crowd), rng.randint(3, 8)))
            return to, []
        if meeting is not None:
            others = [p for p in meeting.people() if p is not starter and p is not persona]
            return to, rng.sample(others, min(len(others), rng.randint(0, 3)))
        cc: list[Person] = []
        if rng.chance(0.35):
            pool = [
                p
                for p in ((project.people if project else []) + org.with_role("report", "peer"))
                if p is not starter and p is not persona
            ]
            if pool:
                cc = rng.sample(pool, min(len(pool), rng.randint(1, 3)))
        if rng.chance(0.15):
            pool = [
                p
                for p in (project.team if project else org.with_role("report"))
                if p is not starter and p not in cc
            ]
            if pool:
                to.append(rng.choice(pool))
        return to, cc

    def _new_thread(self, intent: str, project: Project | None, meeting: Meeting | None) -> Thread:
        thread = Thread(len(self.threads), intent, project, meeting)
        self.threads.append(thread)
        return thread

    def _mail(
        self,
        thread: Thread,
        author: Person,
        to: list[Person],
        cc: list[Person],
        subject: str,
        body: str,
        when: datetime,
        **extra,
    ) -> Mail:
        persona = self.org.persona
        mail = Mail(
            key=len(self.mails),
            thread=thread,
            sender=author.address(),
            to=[p.address() for p in _unique(to)],
            cc=[p.address() for p in _unique(cc) if p not in to],
            subject=subject,
            body=body,
            sent=when,
            folder="sentitems" if author is persona else "inbox",
            author=author,
            **extra,
        )
        self.mails.append(mail)
        if thread.meeting is not None:
            self.meeting_refs.setdefault(thread.meeting.id, []).append(mail)
        if thread.project is not None:
            thread.project.message_keys.append(mail.key)
        return mail

    def _realise(
        self,
        intent: str,
        starter: Person,
        project: Project | None,
        meeting: Meeting | None,
        earliest: datetime,
        latest: datetime,
    ) -> None:
        rng, writer = self.rng, self.writer
        persona = self.org.persona
        if latest <= earliest:
            earliest = latest - timedelta(hours=2)
        to, cc = self._recipients(intent, starter, project, meeting)
        thread = self._new_thread(intent, project, meeting)
        when = self._moment(earliest, latest)
        values, due = writer.slots(thread, starter, to, when)
        thread.topic = (
            f"{values['project']} {values['deliverable']}"
            if project
            else f"the {values['deliverable']}"
        )
        subject = writer.subject(intent, values, project)
        for _ in range(4):  # prefer a subject no other thread has
            if subject not in self.subjects:
                break
            subject = writer.subject(intent, values, project)
        self.subjects.add(subject)
        body = writer.first_message(intent, starter, to, values)
        importance = "normal"
        if intent == "escalation" or (
            intent in ("request", "approval")
            and starter.role in ("ceo", "executive", "manager")
            and rng.chance(0.3)
        ):
            importance = "high"
        elif intent in ("social", "announcement", "admin") and rng.chance(0.2):
            importance = "low"
        attachments = []
        if rng.chance(ATTACH_CHANCE.get(intent, 0.05)):
            attachments.append(self._attachment(values, when))
        first = self._mail(
            thread,
            starter,
            to,
            cc,
            subject,
            body,
            when,
            importance=importance,
            attachments=attachments,
            due=due
            if intent in ("request", "approval", "escalation", "persona_request", "meeting_prep")
            else None,
        )
        if thread.project and rng.chance(0.45 if first.folder == "inbox" else 0.15):
            first.categories = [thread.project.label]
        # Replies: the persona answers others; others answer the persona.
        previous = first
        length = rng.weighted((1, 2, 3, 4, 5, 6), (45, 30, 13, 7, 3, 2))
        counterpart = starter if starter is not persona else (to[0] if to else self.org.manager)
        for step in range(1, length):
            author = persona if previous.author is not persona else counterpart
            if author is persona and not rng.chance(
                REPLY_CHANCE.get(intent, 0.3) + 0.25 * (step > 1)
            ):
                break
            if author is not persona and step == 1 and starter is persona and not rng.chance(0.75):
                break
            if author is not persona and cc and rng.chance(0.2):
                author = rng.choice([p for p in cc if p.kind != "system"] or [counterpart])
            when = self._after(previous.sent)
            if when >= latest:
                break
            reply_to = [counterpart] if author is persona else [persona]
            reply_cc = (
                [
                    p
                    for p in [*to, *cc]
                    if p is not author and p is not persona and p not in reply_to
                ]
                if rng.chance(0.6)
                else []
            )
            values, _ = writer.slots(thread, author, reply_to, when)
            body = writer.reply(author, values)
            mail = self._mail(
                thread,
                author,
                reply_to,
                reply_cc,
                f"RE: {subject}",
                body,
                when,
                in_reply_to=previous,
            )
            if thread.project and mail.folder == "inbox" and first.categories and rng.chance(0.7):
                mail.categories = list(first.categories)
            previous = mail
        # Forwards: the persona hands an incoming message to a report now and then.
        if first.folder == "inbox" and rng.chance(0.07):
            reports = [p for p in self.org.with_role("report") if p is not starter] or [
                self.org.manager
            ]
            target = rng.choice(reports)
            when = self._after(first.sent)
            if when < latest:
                values, _ = writer.slots(thread, persona, [target], when)
                note = render(rng.choice(phrases.FORWARD_NOTES), rng, values)
                body = f"{note}\n\n{values['me']}\n\n" + _quoted(first, self.timeline)
                self._mail(
                    thread,
                    persona,
                    [target],
                    [],
                    f"FW: {subject}",
                    body,
                    when,
                    attachments=list(first.attachments),
                )

    def drafts(self, count: int) -> list[Mail]:
        """Unsent replies and notes in Drafts, written after what they answer."""
        rng, writer = self.rng, self.writer
        persona = self.org.persona
        latest = self.timeline.now - timedelta(minutes=5)
        candidates = [
            m
            for m in self.mails
            if m.folder == "inbox" and m.author is not None and m.author.kind != "system"
        ]
        made = []
        for original in rng.shuffled(candidates)[:count]:
            when = self._after(original.sent)
            if when >= latest:
                when = self.timeline.local(latest - timedelta(minutes=rng.randint(1, 50)))
            values, _ = writer.slots(original.thread, persona, [original.author], when)
            body = render(rng.choice(phrases.DRAFT_BODIES), rng, values)
            subject = (
                original.subject
                if original.subject.startswith("RE: ")
                else f"RE: {original.subject}"
            )
            mail = self._mail(
                original.thread, persona, [original.author], [], subject, body, when, is_draft=True
            )
            mail.folder = "drafts"
            made.append(mail)
        return made

    def _attachment(self, values: dict[str, str], when: datetime) -> tuple[str, str, int]:
        rng = self.rng
        extension, content_type, kib = rng.choice(org_vocab.ATTACHMENT_TYPES)
        stem = slug(values["deliverable"])
        project = values["project"]
        name = render(
            "[{p}_{stem}_v{v}|{stem}_{mon}{yy}|{P}_{stem}|{stem}_draft_{v}]",
            rng,
            {
                "p": project if not project.startswith("the ") else "team",
                "P": (project if not project.startswith("the ") else "Team").upper(),
                "stem": stem,
                "v": str(rng.randint(1, 6)),
                "mon": MONTHS[when.month - 1][:3],
                "yy": f"{when.year % 100:02d}",
            },
        )
        return f"{name}.{extension}", content_type, kib * 1024 + rng.randint(0, 90_000)

    def _trim(self, budget: int) -> None:
        """Drop the newest replies and forwards (never a thread's first message) until on budget."""
        while len(self.mails) > budget:
            drop = max(
                (
                    m
                    for m in self.mails
                    if m.in_reply_to is not None or m.subject.startswith("FW: ")
                ),
                key=lambda m: m.key,
                default=None,
            )
            if drop is None:
                drop = self.mails[-1]
            if any(m.in_reply_to is drop for m in self.mails):
                drop = max(
                    (m for m in self.mails if not any(o.in_reply_to is m for o in self.mails)),
                    key=lambda m: m.key,
                )
            self.mails.remove(drop)
            if drop.thread.project is not None and drop.key in drop.thread.project.message_keys:
                drop.thread.project.message_keys.remove(drop.key)
            refs = self.meeting_refs.get(drop.thread.meeting.id if drop.thread.meeting else "", [])
            if drop in refs:
                refs.remove(drop)


def _unique(people: list[Person]) -> list[Person]:
    seen: list[Person] = []
    for p in people:
        if p not in seen:
            seen.append(p)
    return seen


def _quoted(original: Mail, timeline: Timeline) -> str:
    """An Outlook-style forwarded block, as messages_forward writes it."""
    sent = original.sent

    def names(addresses) -> str:
        return "; ".join(f"{a.name} <{a.address}>" if a.name else a.address for a in addresses)

    header = [
        "-----Original Message-----",
        f"From: {names([original.sender])}",
        f"Sent: {sent.strftime('%A, %B %d, %Y %I:%M %p')}",
        f"To: {names(original.to)}",
    ]
    if original.cc:
        header.append(f"Cc: {names(original.cc)}")
    header.append(f"Subject: {original.subject}")
    return "\n".join(header) + f"\n\n{original.body}"
