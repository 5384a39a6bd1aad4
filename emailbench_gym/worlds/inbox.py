"""How the persona has handled their mail: read and unread, follow-up flags with due dates,
and filing into Archive, Deleted Items and their own folders.

Recent mail is more often unread; mail the persona answered or forwarded is read.
Flags mark requests still waiting on the persona; answered ones are sometimes flagged
complete. Filing moves only mail that arrived (never Sent Items, never rule-filed mail).
"""

from __future__ import annotations

from datetime import timedelta

from emailbench_gym.worlds.mail import Mail
from emailbench_gym.worlds.people import Org
from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.rules import FolderPlan
from emailbench_gym.worlds.timeline import Timeline

ASKS = ("request", "approval", "escalation", "meeting_prep", "persona_request")
#: Which mail a folder of FOLDER_SETS collects when the persona files by hand.
FILING: dict[str, tuple[str, ...]] = {
    "Receipts": ("Expense Portal", "Travel Desk"),
    "Travel": ("Travel Desk",),
    "Vendors": ("external",),
    "Contracts": ("external",),
    "Team": ("update",),
    "Reports": ("notice",),
    "Read Later": ("announcement", "Company News"),
    "Board Papers": ("approval",),
    "Hiring": ("admin",),
    "Reference": ("meeting_followup", "update"),
    "Admin": ("admin", "People Portal", "Facilities"),
    "Archive 2": ("social", "announcement"),
    "Personal": ("social",),
}


def _unread_chance(hours: float) -> float:
    if hours < 4:
        return 0.75
    if hours < 24:
        return 0.6
    if hours < 72:
        return 0.4
    if hours < 168:
        return 0.3
    return 0.12


def handle(
    rng: Rng, mails: list[Mail], org: Org, timeline: Timeline, folders: FolderPlan, size: int
) -> None:
    persona = org.persona
    now = timeline.now
    answered = {
        id(m.in_reply_to) for m in mails if m.author is persona and m.in_reply_to is not None
    }
    forwarded = {
        id(m.thread) for m in mails if m.author is persona and m.subject.startswith("FW: ")
    }
    arrived = [m for m in mails if m.author is not persona and m.folder != "junkemail"]
    open_asks, done_asks = [], []
    for mail in arrived:
        handled = id(mail) in answered or (
            id(mail.thread) in forwarded and mail.in_reply_to is None
        )
        if handled:
            mail.is_read = True
        elif mail.folder == "inbox":
            hours = (now - mail.sent).total_seconds() / 3600
            mail.is_read = not rng.chance(
                _unread_chance(hours) + (0.1 if mail.importance == "high" else 0.0)
            )
        if (
            mail.folder == "inbox"
            and mail.thread.intent in ASKS
            and mail.author is not None
            and mail.author.kind != "system"
        ):
            (done_asks if handled else open_asks).append(mail)
    # Flags: requests still waiting on the persona (some with the due date they name);
    # a few answered ones flagged complete. At least two open flags with dates, one complete.
    for mail in done_asks:
        if rng.chance(0.08):
            mail.flag = "complete"
    for mail in open_asks:
        if rng.chance(0.3):
            mail.flag = "flagged"
            mail.flag_due = mail.due if mail.due is not None and rng.chance(0.6) else None
    dated = [m for m in open_asks if m.due is not None]
    for mail in rng.shuffled(dated)[
        : max(0, 2 - sum(1 for m in open_asks if m.flag_due is not None))
    ]:
        mail.flag, mail.flag_due = "flagged", mail.due
    if done_asks and not any(m.flag == "complete" for m in done_asks):
        rng.choice(done_asks).flag = "complete"
    for mail in open_asks:
        if mail.flag == "flagged" and rng.chance(0.4) and "Follow Up" not in mail.categories:
            mail.categories = [*mail.categories, "Follow Up"]
    _file(rng, mails, org, timeline, folders, size)


def _file(
    rng: Rng, mails: list[Mail], org: Org, timeline: Timeline, folders: FolderPlan, size: int
) -> None:
    persona = org.persona
    now = timeline.now
    movable = [
        m for m in mails if m.folder == "inbox" and m.author is not persona and m.flag != "flagged"
    ]
    # Deleted Items: a few old notices and social notes.
    for mail in movable:
        age = now - mail.sent
        if (
            age > timedelta(days=7)
            and mail.thread.intent in ("notice", "social", "admin")
            and rng.chance(0.12)
        ):
            mail.folder = "deleteditems"
            mail.is_read = True
    if size < 150:
        return
    # Archive: whole old threads, now and then.
    threads: dict[int, list[Mail]] = {}
    for mail in mails:
        threads.setdefault(id(mail.thread), []).append(mail)
    for group in threads.values():
        if all(now - m.sent > timedelta(days=30) for m in group) and rng.chance(0.18):
            for mail in group:
                if mail.folder == "inbox" and mail.author is not persona and mail.flag != "flagged":
                    mail.folder = "archive"
                    mail.is_read = True
    # Project folders and the persona's own folders.
    for mail in [
        m for m in mails if m.folder == "inbox" and m.author is not persona and m.flag != "flagged"
    ]:
        age = now - mail.sent
        project = mail.thread.project
        if (
            project is not None
            and project.codename in folders.project_folders
            and age > timedelta(days=10)
            and rng.chance(0.5)
        ):
            mail.folder = folders.project_folders[project.codename]
            mail.is_read = True
            continue
        if size < 200 or age <= timedelta(days=14):
            continue
        for name, folder in folders.by_name.items():
            wanted = FILING.get(name, ())
            what = (
                mail.author.name
                if mail.author and mail.author.kind == "system"
                else mail.thread.intent
            )
            if what in wanted and rng.chance(0.3):
                mail.folder = folder
                mail.is_read = True
                break
