"""What a generated world knows about itself beyond its corpus: who plays which role, the
projects and their keywords, the deliberate conflicts, which threads discuss which meeting.

Task families read these facts to phrase requests and compute references (through the
API, on the world's own workspace); `world.json` stores them next to the corpus files.
"""

from __future__ import annotations

from datetime import date, datetime

from pydantic import BaseModel, ConfigDict


class Facts(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ProjectFacts(Facts):
    codename: str  # the search keyword: it matches exactly `message_ids`
    theme: str
    label: str  # the category its items carry
    lead: str  # user ids, here and below
    sponsor: str
    team: list[str]
    partner_company: str | None
    partner_people: list[str]
    deliverables: list[str]
    metric: str
    site: str
    deadline: date
    message_ids: list[str]
    event_ids: list[str]
    todo_task_ids: list[str]
    board_task_ids: list[str]
    folder_id: str | None  # where the persona files its mail, if they do


class ConflictFacts(Facts):
    accepted: str  # event id the persona accepted
    pending: str  # overlapping event id they have not answered
    overlap_minutes: int


class RuleFacts(Facts):
    tagged_sender: str | None  # system account user id whose mail the rule categorises
    tag: str | None
    filed_sender: str | None  # system account whose mail the rule moves
    folder_id: str | None
    marks_read: bool


class WorldFacts(Facts):
    generator: str  # "emailbench-worlds/<GENERATOR_VERSION>"
    seed: int
    size: int
    industry: str
    company: str
    domain: str
    city: str
    country: str
    time_zone: str
    now: datetime
    persona: str
    manager: str
    ceo: str
    roles: dict[str, list[str]]  # role -> user ids (contacts outside the directory: contact ids)
    contact_ids: dict[str, str]  # user id (or outside person) -> contact id
    projects: list[ProjectFacts]
    conflicts: list[ConflictFacts]
    pending_rsvps: list[str]  # upcoming events organised by others the persona has not answered
    meeting_threads: dict[str, list[str]]  # event id -> ids of messages that discuss it
    meeting_prep_tasks: dict[str, list[str]]  # event id -> to-do task ids that prepare for it
    message_kinds: dict[str, list[str]]  # what each thread's first message is -> message ids
    awaiting_reply: list[
        str
    ]  # latest messages of request/approval/escalation threads the persona owes a reply
    event_kinds: dict[
        str, list[str]
    ]  # project, team, one_on_one, review, partner, ... -> event ids
    system_accounts: list[str]
    rules: RuleFacts
    junk_senders: list[str]  # addresses of the outside senders in Junk Email
