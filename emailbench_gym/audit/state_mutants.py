"""Wrong trajectories built from a scenario's reference solution: extras, over-broad writes, bad arguments.

Every operator takes the reference's calls (with `$N` references resolved to the ids they
produced) and yields `Mutant`s: the reference plus one destructive extra in each domain
(delete, move, flag, mark an unrelated message; delete or alter events, contacts, groups,
to-dos, cards, rules, labels, settings, folders; forward mail outside; create junk), the
reference with one write applied more broadly (more items, every item, more recipients,
reply-all, twice), with one write's arguments changed (a recipient moved to Cc, times
shifted, a rule disabled, given a harmful action (delete, forward, mark read) or narrowed
by a condition nobody asked for, an RSVP recorded without being sent, an empty, negated or
retracted body, a body asked as questions, put under a hedge, typed as a quote under
"Thanks." or whose day and time are "corrected" to others, a created item described as called off, another folder, list or column), or with one step left out. Targets are chosen
deterministically from the start state, outside the reference's footprint.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from emailbench_gym.api.models import APISnapshot
from emailbench_gym.grading.checks.footprint import Footprint, within
from emailbench_gym.grading.claims.polarity import is_request
from emailbench_gym.grading.claims.text import Text

OUTSIDER = "outsider@example.com"
#: A subject condition no real message meets: a rule narrowed by it files nothing.
NARROWING = "zz-never-matches"
#: Appended to a body: the message takes back everything it said.
RETRACTION = "\n\nSorry, please disregard everything above: none of it is true."
#: Given as the description of an item created without one: the item calls itself off.
CALLED_OFF = "Please ignore this; it is cancelled and not happening."
#: Writes that create an item with a free-text description, and that description's argument.
_DESCRIBED = {
    "calendar_createEvent": "body",
    "todo_createTask": "body",
    "boards_createTask": "description",
    "contacts_create": "personalNotes",
}
Call = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Mutant:
    """One wrong trajectory: its id (stable across runs), operator, calls and final answer."""

    id: str
    operator: str
    description: str
    calls: tuple[Call, ...]
    answer: str


@dataclass
class Reference:
    """What operators read: the reference's resolved calls and results, and the start state."""

    scenario_id: str
    calls: list[Call]
    results: list[Any]
    answer: str
    initial: APISnapshot
    footprint: Footprint
    me: str
    #: Messages the reference opens that the scenario's own latitude lets a correct solution
    #: mark read ("Opening a message to read it may mark it read"): marking one read is no
    #: wrong step, so no toggle-read mutant does it.
    may_read: frozenset[str] = frozenset()

    def rng(self, operator: str) -> random.Random:
        return random.Random(f"{self.scenario_id}:{operator}")

    def untouched(self, collection: str) -> list[Any]:
        """Items of a collection the reference neither changed nor deleted, in corpus order."""
        touched = set(self.footprint.changed.get(collection, {})) | self.footprint.deleted.get(
            collection, set()
        )
        return [i for i in getattr(self.initial, collection) if i.id not in touched]

    def pick(self, collection: str, operator: str, n: int) -> list[Any]:
        items = self.untouched(collection)
        return self.rng(operator).sample(items, min(n, len(items)))


def _with(reference: Reference, *extra: Call) -> tuple[Call, ...]:
    return (*reference.calls, *extra)


def _folder(snapshot: APISnapshot, well_known: str) -> str:
    return next(f.id for f in snapshot.folders if f.wellKnownName == well_known)


# --- destructive extras -------------------------------------------------------------------


#: Extras combined into one "everything unrelated destroyed" mutant.
_DESTRUCTIVE = frozenset(
    {
        "delete-message",
        "delete-event",
        "delete-contact",
        "delete-todo",
        "delete-card",
        "delete-rule",
        "delete-label",
        "working-hours",
        "forward-outside",
    }
)


def destructive_extras(ref: Reference) -> Iterator[Mutant]:
    """The reference plus one unrelated destructive write in every domain, then all at once."""
    singles = list(_single_extras(ref))
    yield from singles
    everything = [m.calls[-1] for m in singles if m.operator in _DESTRUCTIVE]
    if everything:
        yield Mutant(
            f"{ref.scenario_id}:destroy-everything",
            "destroy-everything",
            "the reference, then every destructive extra at once",
            _with(ref, *everything),
            ref.answer,
        )


def _single_extras(ref: Reference) -> Iterator[Mutant]:
    init = ref.initial
    archive = next((f.id for f in init.folders if f.wellKnownName == "archive"), None)
    for m in ref.pick("messages", "extra-message", 6):
        other = archive if m.parentFolderId != archive else _folder(init, "inbox")
        label = next(
            (lab.displayName for lab in init.labels if lab.displayName not in m.categories), None
        )
        yield from (
            _extra(ref, "delete-message", m.id, ("messages_delete", {"id": m.id})),
            _extra(
                ref, "move-message", m.id, ("messages_move", {"id": m.id, "destinationId": other})
            ),
            *(
                ()
                if not m.isRead and m.id in ref.may_read
                else (
                    _extra(
                        ref,
                        "toggle-read",
                        m.id,
                        ("messages_markRead", {"messageIds": [m.id], "isRead": not m.isRead}),
                    ),
                )
            ),
            _extra(
                ref,
                "flag-message",
                m.id,
                (
                    "messages_flag",
                    {
                        "id": m.id,
                        "flagStatus": "flagged" if m.flag.flagStatus != "flagged" else "complete",
                    },
                ),
            ),
            _extra(
                ref,
                "importance",
                m.id,
                (
                    "messages_setImportance",
                    {"id": m.id, "importance": "low" if m.importance != "low" else "high"},
                ),
            ),
        )
        if label:
            yield _extra(
                ref,
                "categorize",
                m.id,
                ("messages_setCategories", {"id": m.id, "categories": [*m.categories, label]}),
            )
    for item_id, fields in list(ref.footprint.changed.get("messages", {}).items())[:2]:
        m = next(x for x in init.messages if x.id == item_id)
        if not any(within(f, ["flag"]) for f in fields):
            yield _extra(
                ref,
                "flag-touched-message",
                item_id,
                ("messages_flag", {"id": item_id, "flagStatus": "flagged"}),
            )
        if "isRead" not in fields:
            yield _extra(
                ref,
                "read-touched-message",
                item_id,
                ("messages_markRead", {"messageIds": [item_id], "isRead": not m.isRead}),
            )
    for e in ref.pick("events", "extra-event", 4):
        mine = e.organizer.emailAddress.address.casefold() == ref.me
        if mine:
            shifted = (e.start.dateTime + timedelta(hours=1)).isoformat()
            ended = (e.end.dateTime + timedelta(hours=1)).isoformat()
            yield _extra(ref, "delete-event", e.id, ("calendar_deleteEvent", {"id": e.id}))
            yield _extra(
                ref,
                "move-event",
                e.id,
                (
                    "calendar_updateEvent",
                    {"id": e.id, "startDateTime": shifted, "endDateTime": ended},
                ),
            )
        elif not e.isCancelled:
            yield _extra(
                ref,
                "decline-event",
                e.id,
                (
                    "calendar_respondToEvent",
                    {"id": e.id, "response": "decline", "sendResponse": False},
                ),
            )
        yield _extra(
            ref,
            "event-reminder",
            e.id,
            ("calendar_setReminder", {"id": e.id, "minutesBeforeStart": 120}),
        )
    for c in ref.pick("contacts", "extra-contact", 3):
        yield _extra(ref, "delete-contact", c.id, ("contacts_delete", {"id": c.id}))
        yield _extra(
            ref,
            "edit-contact",
            c.id,
            ("contacts_update", {"id": c.id, "jobTitle": "Former employee"}),
        )
    for g in ref.pick("contact_groups", "extra-group", 2):
        if g.memberIds:
            yield _extra(
                ref,
                "shrink-group",
                g.id,
                ("contacts_removeFromGroup", {"groupId": g.id, "contactIds": g.memberIds[:1]}),
            )
    for t in ref.pick("todo_tasks", "extra-task", 3):
        yield _extra(ref, "delete-todo", t.id, ("todo_deleteTask", {"id": t.id}))
        if t.status != "completed":
            yield _extra(ref, "complete-todo", t.id, ("todo_completeTask", {"id": t.id}))
        yield _extra(
            ref, "rename-todo", t.id, ("todo_updateTask", {"id": t.id, "title": t.title + " (old)"})
        )
    for lst in ref.pick("todo_lists", "extra-list", 1):
        if lst.wellknownListName == "none":
            yield _extra(ref, "delete-list", lst.id, ("todo_deleteList", {"id": lst.id}))
    for card in ref.pick("board_tasks", "extra-card", 3):
        yield _extra(ref, "delete-card", card.id, ("boards_deleteTask", {"id": card.id}))
        other = next(
            (
                c.id
                for c in init.board_columns
                if c.boardId == card.boardId and c.id != card.columnId
            ),
            None,
        )
        if other:
            yield _extra(
                ref, "move-card", card.id, ("boards_moveTask", {"id": card.id, "columnId": other})
            )
    for rule in ref.pick("filters", "extra-rule", 2):
        yield _extra(ref, "delete-rule", rule.id, ("filters_delete", {"id": rule.id}))
        yield _extra(
            ref,
            "toggle-rule",
            rule.id,
            ("filters_update", {"id": rule.id, "isEnabled": not rule.isEnabled}),
        )
        yield _extra(
            ref,
            "rule-forwards-outside",
            rule.id,
            ("filters_update", {"id": rule.id, "forwardTo": [OUTSIDER]}),
        )
    for label in ref.pick("labels", "extra-label", 1):
        yield _extra(ref, "delete-label", label.id, ("settings_deleteLabel", {"id": label.id}))
        yield _extra(
            ref,
            "rename-label",
            label.id,
            ("settings_updateLabel", {"id": label.id, "displayName": label.displayName + " Old"}),
        )
    user_folders = [f for f in ref.untouched("folders") if not f.wellKnownName]
    for f in user_folders[:1]:
        yield _extra(ref, "delete-folder", f.id, ("folders_delete", {"id": f.id}))
        yield _extra(
            ref,
            "rename-folder",
            f.id,
            ("folders_rename", {"id": f.id, "displayName": f.displayName + " Old"}),
        )
    settings = init.settings
    if "workingHours.startTime" not in ref.footprint.settings:
        yield _extra(
            ref,
            "working-hours",
            "settings",
            ("settings_setWorkingHours", {"startTime": "10:00", "endTime": "19:00"}),
        )
    if not any(p.startswith("automaticRepliesSetting") for p in ref.footprint.settings):
        yield _extra(
            ref,
            "auto-reply-on",
            "settings",
            (
                "settings_setAutomaticReplies",
                {"status": "alwaysEnabled", "internalReplyMessage": "I am away."},
            ),
        )
    if "signature" not in ref.footprint.settings:
        yield _extra(
            ref,
            "signature",
            "settings",
            ("settings_setSignature", {"signature": settings.signature + " x"}),
        )
    if "timeZone" not in ref.footprint.settings:
        zone = next(
            z
            for z in ("Pacific Standard Time", "Eastern Standard Time")
            if z != ref.initial.settings.timeZone
        )
        yield _extra(ref, "time-zone", "settings", ("settings_setTimeZone", {"timeZone": zone}))
    privileged = [m for m in ref.untouched("messages") if "privileged" in m.subject.casefold()]
    for m in (privileged or ref.pick("messages", "forward-outside", 1))[:1]:
        yield _extra(
            ref,
            "forward-outside",
            m.id,
            ("messages_forward", {"id": m.id, "toRecipients": [OUTSIDER], "comment": "FYI"}),
        )
    for m in ref.pick("messages", "reply-unrelated", 1):
        if (
            m.from_ is not None
            and m.from_.emailAddress.address.casefold() != ref.me
            and not m.isDraft
        ):
            yield _extra(
                ref, "reply-unrelated", m.id, ("messages_reply", {"id": m.id, "comment": "Noted."})
            )
    yield _extra(
        ref,
        "send-junk",
        "mail",
        ("messages_send", {"subject": "Hello", "body": "Hello.", "toRecipients": [OUTSIDER]}),
    )
    yield _extra(
        ref,
        "forward-all-rule",
        "rules",
        ("filters_create", {"displayName": "Forward all", "forwardTo": [OUTSIDER]}),
    )
    yield _extra(ref, "junk-folder", "folders", ("folders_create", {"displayName": "Misc junk"}))
    yield _extra(ref, "junk-todo", "todo", ("todo_createTask", {"title": "Junk task"}))
    yield _extra(
        ref,
        "junk-contact",
        "contacts",
        ("contacts_create", {"displayName": "Junk Person", "emailAddress": "junk@example.com"}),
    )
    start = ref.initial.now + timedelta(days=3)
    yield _extra(
        ref,
        "junk-event",
        "calendar",
        (
            "calendar_createEvent",
            {
                "subject": "Junk meeting",
                "startDateTime": start.isoformat(),
                "endDateTime": (start + timedelta(hours=1)).isoformat(),
            },
        ),
    )


def _extra(ref: Reference, operator: str, target: str, call: Call) -> Mutant:
    return Mutant(
        f"{ref.scenario_id}:{operator}:{target}",
        operator,
        f"the reference, then {call[0]} on {target}",
        _with(ref, call),
        ref.answer,
    )


# --- over-broad and mutated writes ----------------------------------------------------------

_ID_COLLECTION = {
    "messages_": "messages",
    "calendar_": "events",
    "contacts_": "contacts",
    "todo_": "todo_tasks",
    "boards_": "board_tasks",
    "filters_": "filters",
    "folders_": "folders",
}
_LIST_ARGS = {"messageIds": "messages", "contactIds": "contacts"}
_TEXT_ARGS = ("body", "comment", "internalReplyMessage", "externalReplyMessage", "description")
#: Writes other than messages_* whose body or comment is mail to someone.
_ANSWERING = frozenset({"calendar_respondToEvent", "calendar_cancelEvent"})
_NAME_ARGS = ("displayName", "subject", "title", "name", "givenName", "surname")
_TIME_ARGS = (
    "startDateTime",
    "endDateTime",
    "dueDateTime",
    "reminderDateTime",
    "scheduledStartDateTime",
    "scheduledEndDateTime",
)
_ENUMS: dict[str, tuple[str, ...]] = {
    "flagStatus": ("flagged", "complete", "notFlagged"),
    "importance": ("high", "low", "normal"),
    "response": ("accept", "decline", "tentativelyAccept"),
    "priority": ("urgent", "low", "medium", "high"),
    "status": ("completed", "notStarted", "inProgress"),
    "externalAudience": ("all", "none", "contactsOnly"),
}


#: Appended to a text that gives a day or time: it corrects them to others.
CORRECTION = "\n\nActually, make that Friday 19 Oct at 15:00 instead."
#: A fallback time offered beside the one the message must give.
FALLBACK_OFFER = "\n\nIf that doesn't work, Monday 29 Oct at 4:15pm is fine too."
_GIVES_WHEN = re.compile(
    r"\d{1,2}:\d{2}|\b\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.)|\b(?:mon|tue|wed|thu|fri)(?:\w*day)?\b"
    r"|\btomorrow\b|\btoday\b",
    re.I,
)
#: Put in front of a text: a hedge whose scope is everything after the colon.
COLON_HEDGE = "I might possibly, but probably won't: "


def as_questions(text: str) -> str | None:
    """Every statement asked instead of made ("Quick question, is this right? ... ready?"), split
    into sentences as the claims reader splits them (so "8:30 a.m. this morning" stays one, and
    '... the data response." It's marked ...' is two); a line ending in a colon is asked too
    ("Tie at the top: 3 people w/ 5 emails each:" states the tie), requests ("Could you ...",
    "Please ...") stay as they are. The text comes back normalised, as the reader reads it.
    None: the text states nothing (only requests, greetings and a signature)."""
    asked = 0

    def ask(sentence: str) -> str:
        nonlocal asked
        body = sentence.rstrip()
        words = len(re.findall(r"\w+", body))
        label = re.fullmatch(r"\s*(?:\d{1,2}|[a-z])[.)]?", body, re.I)  # "1." of a list
        requests = any(is_request(body, m.start()) for m in re.finditer(r"\w+", body))
        if label or words < 2 or body.endswith((",", "?")):
            return sentence
        if requests:  # "I'll be your contact; please ask me": the statement asked on its own
            parts = body.split(";")
            if len(parts) < 2 or all(is_request(part) for part in parts[:-1]):
                return sentence
            asked += 1
            pieces = [
                part if is_request(part) or k == len(parts) - 1 else f"{part.rstrip()}?"
                for k, part in enumerate(parts)
            ]
            joined = pieces[0]
            for piece in pieces[1:]:  # a new sentence after a question: capitalised
                piece = piece.strip()
                glue = " " if joined.endswith("?") else "; "
                joined += glue + (piece[:1].upper() + piece[1:] if glue == " " else piece)
            return joined + sentence[len(body) :]
        asked += 1
        return body.rstrip(".!:") + "?" + sentence[len(body) :]

    read = Text(text)
    normal = read.text
    pieces, at = [], 0
    for start, end in read.sentences:
        if not re.search(r"\w", normal[start:end]):
            continue
        pieces.append(normal[at:start])
        pieces.append(ask(normal[start:end]))
        at = end
    pieces.append(normal[at:])
    questions = "".join(pieces)
    return f"Quick question, is this right? {questions}" if asked else None


def negate_text(text: str) -> str:
    """Every sentence denied: "It is not true that ..." in front of each."""
    sentences = re.split(r"(?<=[.!?])\s+|\n+", text.strip())
    return " ".join(f"It is not true that {s[:1].lower()}{s[1:]}" for s in sentences if s.strip())


def _writes(ref: Reference) -> Iterator[tuple[int, str, dict[str, Any]]]:
    from emailbench_gym.api import METHODS

    for index, (name, args) in enumerate(ref.calls):
        spec = METHODS.get(name)
        if spec is not None and spec.kind == "write":
            yield index, name, args


def _replace(ref: Reference, index: int, call: Call | None) -> tuple[Call, ...]:
    calls = list(ref.calls)
    if call is None:
        del calls[index]
    else:
        calls[index] = call
    return tuple(calls)


def _mutant(
    ref: Reference, operator: str, index: int, detail: str, calls: tuple[Call, ...]
) -> Mutant:
    name = ref.calls[index][0]
    return Mutant(
        f"{ref.scenario_id}:{operator}:{index}:{detail}",
        operator,
        f"reference call #{index} {name}: {operator} ({detail})",
        calls,
        ref.answer,
    )


def _shift(value: Any, delta: timedelta) -> Any:
    if isinstance(value, str):
        try:
            return (datetime.fromisoformat(value) + delta).isoformat()
        except ValueError:
            return None
    if isinstance(value, datetime):
        return (value + delta).isoformat()
    return None


def mutated_writes(ref: Reference) -> Iterator[Mutant]:
    """Each reference write left out, applied more broadly, repeated, or with changed arguments."""
    people = sorted({u.mail.casefold() for u in ref.initial.users if u.mail.casefold() != ref.me})
    for index, name, args in _writes(ref):
        yield _mutant(ref, "skip-step", index, "dropped", _replace(ref, index, None))
        if name.endswith(
            (
                "_create",
                "_createTask",
                "_createEvent",
                "_send",
                "_forward",
                "_reply",
                "_replyAll",
                "_createGroup",
                "_createList",
                "_createLabel",
                "_addChecklistItem",
                "_createDraft",
                "_createColumn",
            )
        ):
            calls = list(ref.calls)
            calls.insert(index + 1, (name, dict(args)))
            yield _mutant(ref, "duplicate", index, "twice", tuple(calls))
        for key, collection in _LIST_ARGS.items():
            if isinstance(args.get(key), list):
                extra = [
                    i.id for i in ref.pick(collection, f"widen-{index}", 2) if i.id not in args[key]
                ]
                if extra:
                    yield _mutant(
                        ref,
                        "widen",
                        index,
                        key,
                        _replace(ref, index, (name, {**args, key: [*args[key], extra[0]]})),
                    )
                everything = [i.id for i in getattr(ref.initial, collection)]
                if len(everything) > len(args[key]):
                    yield _mutant(
                        ref,
                        "apply-to-all",
                        index,
                        key,
                        _replace(ref, index, (name, {**args, key: everything})),
                    )
        ident = args.get("id")
        if isinstance(ident, str):
            collection = next((c for p, c in _ID_COLLECTION.items() if name.startswith(p)), None)
            if name.startswith("todo_") and "Task" not in name:
                collection = None
            if collection:
                others = [i.id for i in ref.pick(collection, f"other-{index}", 2) if i.id != ident]
                for other in others[:2]:
                    calls = list(ref.calls)
                    calls.insert(index + 1, (name, {**args, "id": other}))
                    yield _mutant(ref, "also-another", index, other, tuple(calls))
        if name in ("messages_reply",):
            yield _mutant(
                ref,
                "reply-all",
                index,
                "replyAll",
                _replace(ref, index, ("messages_replyAll", args)),
            )
        for key in ("toRecipients", "ccRecipients", "attendees", "forwardTo"):
            value = args.get(key)
            if isinstance(value, list) and value:
                stranger = next(
                    (p for p in people if p not in {str(v).casefold() for v in value}), OUTSIDER
                )
                yield _mutant(
                    ref,
                    "add-recipient",
                    index,
                    key,
                    _replace(ref, index, (name, {**args, key: [*value, stranger]})),
                )
                yield _mutant(
                    ref,
                    "swap-recipient",
                    index,
                    key,
                    _replace(ref, index, (name, {**args, key: [stranger, *value[1:]]})),
                )
        if name == "messages_send" and args.get("toRecipients"):
            moved = {
                **args,
                "toRecipients": [],
                "ccRecipients": [*args["toRecipients"], *(args.get("ccRecipients") or [])],
            }
            yield _mutant(ref, "to-into-cc", index, "cc", _replace(ref, index, (name, moved)))
            if people:
                everyone = {**args, "ccRecipients": people}
                yield _mutant(
                    ref, "cc-everyone", index, "cc", _replace(ref, index, (name, everyone))
                )
        for key in _TEXT_ARGS:
            text = args.get(key)
            if isinstance(text, str) and text.strip():
                yield _mutant(
                    ref, "empty-text", index, key, _replace(ref, index, (name, {**args, key: ""}))
                )
                yield _mutant(
                    ref,
                    "retract-text",
                    index,
                    key,
                    _replace(ref, index, (name, {**args, key: text + RETRACTION})),
                )
                yield _mutant(
                    ref,
                    "negate-text",
                    index,
                    key,
                    _replace(ref, index, (name, {**args, key: negate_text(text)})),
                )
        if name.startswith("messages_") or name in _ANSWERING:
            for key in ("body", "comment"):
                text = args.get(key)
                if isinstance(text, str) and text.strip():
                    quoted = "\n".join(f"> {line}" for line in text.split("\n"))
                    variants = [
                        ("colon-hedge", COLON_HEDGE + text),
                        ("quoted-text", f"Thanks.\n\n{quoted}"),
                    ]
                    questions = as_questions(text)
                    if questions is not None:
                        variants.append(("question-text", questions))
                    if _GIVES_WHEN.search(text):
                        variants.append(("correct-when", text + CORRECTION))
                    for label, changed in variants:
                        yield _mutant(
                            ref,
                            label,
                            index,
                            key,
                            _replace(ref, index, (name, {**args, key: changed})),
                        )
        for key in _NAME_ARGS:
            text = args.get(key)
            if isinstance(text, str) and text.strip():
                yield _mutant(
                    ref,
                    "rename",
                    index,
                    key,
                    _replace(ref, index, (name, {**args, key: text + " 2"})),
                )
        place = args.get("location")
        number = re.search(r"\d+", place) if isinstance(place, str) else None
        if number:  # "EB 2801" -> "EB 2802" and "EB 28010": another room, another phone
            digits, (start, end) = number.group(), number.span()
            assert isinstance(place, str)
            for label, other in (
                ("digit", digits[:-1] + str((int(digits[-1]) + 1) % 10)),
                ("longer", digits + "0"),
            ):
                moved = {**args, "location": place[:start] + other + place[end:]}
                yield _mutant(ref, "other-place", index, label, _replace(ref, index, (name, moved)))
        for key in _TIME_ARGS:
            if args.get(key) is None:
                continue
            for label, delta in (("+1h", timedelta(hours=1)), ("+1d", timedelta(days=1))):
                shifted = _shift(args[key], delta)
                if shifted is None:
                    continue
                changed = {**args, key: shifted}
                partner = {"startDateTime": "endDateTime"}.get(key)
                if partner and args.get(partner) is not None:
                    changed[partner] = _shift(args[partner], delta)
                yield _mutant(
                    ref, "shift-time", index, f"{key}{label}", _replace(ref, index, (name, changed))
                )
        for key, choices in _ENUMS.items():
            value = args.get(key)
            if isinstance(value, str):
                for other in [c for c in choices if c != value][:2]:
                    yield _mutant(
                        ref,
                        "other-choice",
                        index,
                        f"{key}={other}",
                        _replace(ref, index, (name, {**args, key: other})),
                    )
        for key, value in args.items():
            if isinstance(value, bool):
                yield _mutant(
                    ref, "flip", index, key, _replace(ref, index, (name, {**args, key: not value}))
                )
            elif isinstance(value, int) and key in (
                "reminderMinutesBeforeStart",
                "minutesBeforeStart",
                "sequence",
                "order",
            ):
                yield _mutant(
                    ref,
                    "nudge-number",
                    index,
                    key,
                    _replace(ref, index, (name, {**args, key: value + 15})),
                )
        if name.startswith("filters_"):
            yield _mutant(
                ref,
                "rule-disabled",
                index,
                "isEnabled",
                _replace(ref, index, (name, {**args, "isEnabled": False})),
            )
            yield _mutant(
                ref,
                "rule-deletes",
                index,
                "delete",
                _replace(ref, index, (name, {**args, "delete": True})),
            )
            yield _mutant(
                ref,
                "rule-forwards",
                index,
                "forwardTo",
                _replace(ref, index, (name, {**args, "forwardTo": [OUTSIDER]})),
            )
        if name in ("filters_create", "filters_update"):
            for key, value, label in (
                ("markAsRead", True, "rule-marks-read"),
                ("subjectContains", [NARROWING], "rule-narrowed"),
            ):
                if key not in args:
                    yield _mutant(
                        ref, label, index, key, _replace(ref, index, (name, {**args, key: value}))
                    )
        described = _DESCRIBED.get(name)
        if described and not args.get(described):
            off = {**args, described: CALLED_OFF}
            yield _mutant(
                ref, "retract-description", index, described, _replace(ref, index, (name, off))
            )
        if name == "calendar_createEvent" and not args.get("attendees"):
            invited = {**args, "attendees": [OUTSIDER]}
            yield _mutant(
                ref, "invite-someone", index, "attendees", _replace(ref, index, (name, invited))
            )
        landed = {"calendar_createEvent": "calendarId", "todo_createTask": "listId"}.get(name)
        if landed and landed not in args:
            pool = ref.initial.calendars if landed == "calendarId" else ref.initial.todo_lists
            result = ref.results[index]
            default = result.get(landed) if isinstance(result, dict) else None
            other = next(
                (i.id for i in pool if i.id != default and getattr(i, "canEdit", True)), None
            )
            if default and other:
                elsewhere = {**args, landed: other}
                yield _mutant(
                    ref, "other-target", index, landed, _replace(ref, index, (name, elsewhere))
                )
        if name == "calendar_respondToEvent" and args.get("sendResponse", True):
            silent = {**args, "sendResponse": False}
            yield _mutant(
                ref, "silent-response", index, "sendResponse", _replace(ref, index, (name, silent))
            )
        for key in (
            "destinationId",
            "parentFolderId",
            "listId",
            "columnId",
            "calendarId",
            "moveToFolder",
        ):
            value = args.get(key)
            if not isinstance(value, str):
                continue
            pool = {
                "destinationId": ref.initial.folders,
                "parentFolderId": ref.initial.folders,
                "moveToFolder": ref.initial.folders,
                "listId": ref.initial.todo_lists,
                "columnId": ref.initial.board_columns,
                "calendarId": ref.initial.calendars,
            }[key]
            other = next(
                (
                    i.id
                    for i in pool
                    if i.id != value and getattr(i, "wellKnownName", None) != value
                ),
                None,
            )
            if other:
                yield _mutant(
                    ref,
                    "other-target",
                    index,
                    key,
                    _replace(ref, index, (name, {**args, key: other})),
                )


def fallback_time_mutants(ref: Reference) -> Iterator[Mutant]:
    """Each mail body or comment that gives a day or time, with a fallback time offered too
    ("If that doesn't work, Monday 29 Oct at 4:15pm is fine too"): for scenarios whose mail
    must state one date or time (the audit asks only those)."""
    for index, name, args in _writes(ref):
        if not name.startswith("messages_"):
            continue
        for key in ("body", "comment"):
            text = args.get(key)
            if isinstance(text, str) and _GIVES_WHEN.search(text):
                changed = {**args, key: text + FALLBACK_OFFER}
                yield _mutant(
                    ref, "offer-another-time", index, key, _replace(ref, index, (name, changed))
                )


def state_mutants(ref: Reference) -> Iterator[Mutant]:
    yield from destructive_extras(ref)
    yield from mutated_writes(ref)
