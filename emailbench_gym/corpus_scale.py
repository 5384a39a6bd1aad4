"""Filler mail for scale tests: the shipped persona's corpus grown to any size, from a seed.

`write_scaled_corpus(root, size, seed)` writes a corpus folder: every shipped file as is,
plus `messages.json` holding the 65 shipped messages followed by generated filler in the
same style (threads with `RE:` replies and the persona's answers, read and unread, flags,
importance, attachments) and `folders.json` gaining the folders it is filed in. The same
seed gives the same bytes.

Filler is old mail the persona has filed away, and it never changes what a scenario's
request refers to, so every scenario is the same task over a grown corpus: it lives in its
own folders (`Filed mail/Filed 1999`, `Filed 2000`, `Filed 2001`: the Inbox, Sent Items, Archive, Deleted
Items and Junk Email hold exactly the shipped mail), it is dated before September 2001 (the
shipped mail starts on 24 September), its correspondents are generated people who never
write the shipped mail (no one from the directory, the contacts or their domains), its
counterparties are organisations the shipped corpus never names (so a search for "Calpine"
finds the shipped Calpine mail only), and it carries no labels. What still sees it: queries over the whole mailbox that do not name a
shipped person, label or date (counts of every message, searches for common words).

This is only filler for measuring the shipped persona at 1k-100k messages; generated
personas and organisations live in `emailbench_gym.worlds`.
"""

from __future__ import annotations

import json
import random
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from emailbench_gym.paths import data_dir

#: Filler ids never collide with the shipped ones (msg-001) or created ones (msg-5001).
FILLER_PREFIX = "f"
_ZONE = timezone(timedelta(hours=-5))
_START = datetime(1999, 1, 4, tzinfo=_ZONE)
_END = datetime(2001, 8, 24, tzinfo=_ZONE)  # threads end in August; the shipped mail is later
#: The folders filler is filed in: one top-level folder and a subfolder per year.
FILED = {"id": "folder-filed", "displayName": "Filed mail", "parentFolderId": None}
_YEARS = (1999, 2000, 2001)

_DESKS = ["East power", "West power", "Gulf gas", "Northeast gas", "weather", "coal", "crude"]
_COUNTERPARTIES = [
    "Calpine",
    "Reliant",
    "Mirant",
    "El Paso",
    "Williams",
    "Duke Energy",
    "PG&E",
    "Aquila",
    "TXU",
]
_TOPICS = [
    ("VaR", "VaR report for the {desk} book"),
    ("credit", "Credit limit review - {cp}"),
    ("collateral", "Collateral call from {cp}"),
    ("reserve", "Credit reserve update - {month}"),
    ("deal", "Deal approval: {cp} {desk} structure"),
    ("limits", "{desk} desk limit exception"),
    ("model", "Curve model refresh for {desk}"),
    ("audit", "Audit request: {month} workpapers"),
    ("legal", "ISDA schedule comments - {cp}"),
    ("board", "Board materials - {month} meeting"),
    ("staff", "Staffing for the {desk} middle office"),
    ("report", "Weekly risk summary - {month}"),
]
_SENTENCES = [
    "The {desk} book ended the week at ${amount} million of VaR, inside the limit.",
    "{cp} asked for a higher unsecured line; I suggested we hold at ${amount} million.",
    "We booked {count} new trades with {cp} on the online platform this week.",
    "Can you look at the attached schedule before the {month} close?",
    "Collateral posted by {cp} is now ${amount} million after the last call.",
    "The stress scenarios for {desk} need another pass before Friday.",
    "Accounting wants the reserve walk for {month} by the end of the week.",
    "There were {count} limit exceptions on the {desk} desk, all cleared the same day.",
    "Legal is still reviewing the netting language in the {cp} master agreement.",
    "I moved the review to {day} afternoon so the desk heads can attend.",
    "Please confirm the counterparty ratings used in the {month} model run.",
    "The correlation assumptions for {desk} look stale; Priya has a proposal.",
    "Let me know if you want to walk through the numbers before the meeting.",
    "The credit watch list now has {count} names, {cp} among them.",
    "Mark-to-market on the {desk} positions moved by ${amount} million overnight.",
]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August"]
_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
_ATTACHMENTS = [
    ("xls", "application/vnd.ms-excel"),
    ("doc", "application/msword"),
    ("pdf", "application/pdf"),
]


#: Generated correspondents: internal colleagues and traders at counterparties that never
#: write the shipped mail (the directory's and the contacts' names and domains are left out).
_FIRST = ["Alan", "Brenda", "Carl", "Diane", "Evan", "Fiona", "Glen", "Helen", "Ivan", "Joyce"]
_FIRST += ["Kurt", "Linda", "Mason", "Nora", "Oscar", "Paula", "Quinn", "Rita", "Seth", "Vera"]
_LAST = ["Abbott", "Burke", "Chen", "Doyle", "Ellis", "Foster", "Grant", "Hayes", "Ingram"]
_LAST += ["Jensen", "Keller", "Lowe", "Moreno", "Nash", "Osborne", "Price", "Quill", "Reyes"]
_DOMAINS = ["enron.com", "calpine.com", "reliant.com", "mirant.com", "elpaso.com"]
_DOMAINS += ["williams.com", "duke-energy.com", "pge.com", "aquila.com", "txu.com"]


def filed_folders() -> list[dict[str, Any]]:
    """The folders filler is filed in (corpus JSON dicts), parents first. A year folder is
    not named by the bare year: a folder is a name answers are read for, and "4 October
    2001" would then name the folder "2001" instead of giving a date (OB-X110)."""
    years = [
        {
            "id": f"{FILED['id']}-{year}",
            "displayName": f"Filed {year}",
            "parentFolderId": FILED["id"],
        }
        for year in _YEARS
    ]
    return [dict(FILED), *years]


def _people(root: Path) -> tuple[dict[str, str], list[dict[str, str]]]:
    """The persona (name, address) and the generated people who write to her: none is a
    shipped user or contact, or shares a name or a domain (other than Enron's) with one."""
    persona = json.loads((root / "persona.json").read_text(encoding="utf-8"))
    users = json.loads((root / "users.json").read_text(encoding="utf-8"))
    contacts = json.loads((root / "contacts.json").read_text(encoding="utf-8"))
    me = next(u for u in users if u["id"] == persona["me"])
    names = {u["displayName"] for u in users} | {c["displayName"] for c in contacts}
    words = {w.casefold() for name in names for w in name.split()}
    addresses = {u["mail"] for u in users}
    addresses |= {e["address"] for c in contacts for e in c["emailAddresses"]}
    shipped = {a.split("@")[1] for a in addresses} - {"enron.com"}
    named = _shipped_text(root)
    domains = [d for d in _DOMAINS if d == "enron.com" or d.split(".")[0] not in named]
    others = []
    for first in _FIRST:
        for last in _LAST:
            if first.casefold() in words or last.casefold() in words:
                continue
            domain = domains[(len(others) * 7) % len(domains)]
            address = f"{first}.{last}@{domain}".casefold()
            if domain not in shipped and address not in addresses:
                others.append({"name": f"{first} {last}", "address": address})
    return {"name": me["displayName"], "address": me["mail"]}, others


def _shipped_text(root: Path) -> str:
    """Every shipped file's text, casefolded (to leave out what the shipped mail names)."""
    return " ".join(p.read_text(encoding="utf-8") for p in sorted(root.glob("*.json"))).casefold()


def counterparties(root: Path) -> list[str]:
    """The filler's counterparties: those the shipped corpus never names (Calpine is the
    subject of shipped mail: a request about "the Calpine ISDA work" must not find filler)."""
    named = _shipped_text(root)
    return [c for c in _COUNTERPARTIES if c.casefold() not in named]


def _fill(rng: random.Random, template: str, parties: list[str]) -> str:
    return template.format(
        desk=rng.choice(_DESKS),
        cp=rng.choice(parties),
        month=rng.choice(_MONTHS),
        day=rng.choice(_DAYS),
        amount=rng.randint(2, 140),
        count=rng.randint(2, 40),
    )


def _body(rng: random.Random, to_name: str, from_name: str, parties: list[str]) -> str:
    sentences = " ".join(
        _fill(rng, rng.choice(_SENTENCES), parties) for _ in range(rng.randint(2, 6))
    )
    return f"{to_name.split()[0]},\n\n{sentences}\n\n{from_name.split()[0]}"


def filler_messages(count: int, seed: int = 0, root: Path | None = None) -> list[dict[str, Any]]:
    """`count` generated messages (as corpus JSON dicts), oldest thread first, deterministic."""
    rng = random.Random(seed)
    source = root or data_dir("corpus")
    me, others = _people(source)
    parties = counterparties(source)
    span = (_END - _START).total_seconds()
    out: list[dict[str, Any]] = []
    thread = 0
    while len(out) < count:
        thread += 1
        conversation = f"conv-{FILLER_PREFIX}{thread:06d}"
        peer = rng.choice(others)
        kind, subject_template = rng.choice(_TOPICS)
        subject = _fill(rng, subject_template, parties)
        when = _START + timedelta(seconds=rng.uniform(0, span))
        folder = f"{FILED['id']}-{when.year}"  # a thread is filed by the year it started
        previous: str | None = None
        for turn in range(min(rng.choice([1, 1, 1, 2, 2, 3, 4]), count - len(out))):
            mine = turn % 2 == 1  # the persona answers every other message of a thread
            sender, receiver = (me, peer) if mine else (peer, me)
            number = len(out) + 1
            message_id = f"msg-{FILLER_PREFIX}{number:06d}"
            cc = rng.sample(others, rng.choice([0, 0, 0, 1, 2]))
            attachments = []
            if rng.random() < 0.15:
                extension, content_type = rng.choice(_ATTACHMENTS)
                attachments.append(
                    {
                        "id": f"att-{FILLER_PREFIX}{number:06d}",
                        "name": f"{kind}_{when:%b%y}_{number}.{extension}",
                        "contentType": content_type,
                        "size": rng.randint(8, 900) * 1024,
                    }
                )
            body = _body(rng, receiver["name"], sender["name"], parties)
            flag = rng.random()
            out.append(
                {
                    "id": message_id,
                    "conversationId": conversation,
                    "parentFolderId": folder,
                    "subject": subject if turn == 0 else f"RE: {subject}",
                    "body": {"contentType": "text", "content": body},
                    "bodyPreview": " ".join(body.split())[:100],
                    "from": {"emailAddress": dict(sender)},
                    "toRecipients": [{"emailAddress": dict(receiver)}],
                    "ccRecipients": [{"emailAddress": dict(p)} for p in cc if p != receiver],
                    "bccRecipients": [],
                    "receivedDateTime": when.isoformat(timespec="seconds"),
                    "sentDateTime": when.isoformat(timespec="seconds"),
                    "isRead": mine or rng.random() < 0.9,
                    "isDraft": False,
                    "importance": rng.choices(["normal", "high", "low"], [92, 5, 3])[0],
                    "flag": {
                        "flagStatus": "flagged"
                        if flag < 0.03
                        else "complete"
                        if flag < 0.04
                        else "notFlagged",
                        "dueDateTime": None,
                    },
                    "categories": [],
                    "hasAttachments": bool(attachments),
                    "attachments": attachments,
                    "inReplyTo": previous,
                }
            )
            previous = message_id
            when += timedelta(minutes=rng.randint(5, 600))
    return out


def write_scaled_corpus(root: str | Path, size: int, seed: int = 0) -> Path:
    """Write the shipped corpus grown to `size` messages into folder `root`; returns it."""
    source = data_dir("corpus")
    target = Path(root)
    shutil.copytree(source, target, dirs_exist_ok=True)
    shipped = json.loads((source / "messages.json").read_text(encoding="utf-8"))
    if size < len(shipped):
        raise ValueError(f"size must be at least the {len(shipped)} shipped messages (got {size})")
    messages = shipped + filler_messages(size - len(shipped), seed, source)
    (target / "messages.json").write_text(json.dumps(messages), encoding="utf-8")
    folders = json.loads((source / "folders.json").read_text(encoding="utf-8"))
    (target / "folders.json").write_text(json.dumps(folders + filed_folders()), encoding="utf-8")
    return target
