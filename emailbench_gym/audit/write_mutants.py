"""Wrong writes that differ from the reference's in one field: what the footprint must see.

Each operator changes one argument of one reference write so that the written item ends
with a field nobody asked for or a list, condition or target other than the reference's:
an optional field set on a created item (importance, a reminder, a category, a colour, a
rule that stops later rules, a flag's due date), a created rule or column put first, a new
folder made inside Deleted Items, a rule condition dropped or widened, an event's or a due
date's times given in another time zone, the write applied to a sibling message (same
conversation or folder; for a list of messages, its last) or a sibling folder (same parent)
instead, a recipient dropped, a list item dropped or added. Targets are chosen
deterministically from the start state.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

from emailbench_gym.audit.state_mutants import Mutant, Reference, _mutant, _replace, _writes

#: Optional fields a careless write sets on the item it creates or edits, per write, with a
#: value the field does not hold by default ("$label": an existing label, "$person": someone
#: in the directory, "$later": a day after the persona's now).
_UNASKED: dict[str, dict[str, Any]] = {
    "todo_createTask": {"importance": "high", "reminderDateTime": "$later", "categories": "$label"},
    "todo_updateTask": {"importance": "high"},
    "calendar_createEvent": {
        "importance": "high",
        "isOnlineMeeting": True,
        "location": "Conference Room 5",
    },
    "calendar_updateEvent": {"importance": "high", "isOnlineMeeting": True},
    "contacts_create": {"jobTitle": "Consultant", "mobilePhone": "713-555-0100"},
    "boards_createTask": {"priority": "urgent", "dueDateTime": "$later", "assigneeIds": "$person"},
    "filters_create": {
        "stopProcessingRules": True,
        "markImportance": "high",
        "assignCategories": "$label",
    },
    "messages_createDraft": {"importance": "high", "ccRecipients": "$person"},
    "messages_send": {"importance": "high"},
    "messages_flag": {"dueDateTime": "$later"},
    "settings_createLabel": {"color": "preset7"},
    "calendar_createCalendar": {"color": "lightRed"},
}
#: Writes that place what they create in an order, and the argument that says where.
_POSITIONED = {"filters_create": "sequence", "boards_createColumn": "order"}
#: Rule conditions, and a value that widens each (matches more mail).
_CONDITIONS: dict[str, str] = {
    "fromAddresses": "$person",
    "senderContains": "enron",
    "subjectContains": "the",
    "bodyContains": "the",
}
_RULE_WRITES = ("filters_create", "filters_update")
#: Arguments that list recipients of mail, an invitation or a forwarding rule.
_RECIPIENTS = ("toRecipients", "ccRecipients", "attendees", "forwardTo")
#: Arguments that list items, and what another item of each is ("$label", "$contact", ...).
_LISTS: dict[str, str] = {
    "categories": "$label",
    "assignCategories": "$label",
    "labels": "$label",
    "memberIds": "$contact",
    "assigneeIds": "$person",
    "columns": "Archive",
}
_FOLDER_ARGS = ("destinationId", "parentFolderId", "moveToFolder")
#: A zone other than the persona's: an event's wall-clock times read there are other instants.
OTHER_ZONE = "+00:00"


def write_mutants(ref: Reference) -> Iterator[Mutant]:
    """Every operator of this module over every reference write."""
    for index, name, args in _writes(ref):
        yield from _unasked(ref, index, name, args)
        yield from _positioned(ref, index, name, args)
        if name == "folders_create" and not args.get("parentFolderId"):
            trash = {**args, "parentFolderId": "deleteditems"}
            yield _mutant(
                ref, "made-in-trash", index, "deleteditems", _replace(ref, index, (name, trash))
            )
        yield from _rule_conditions(ref, index, name, args)
        yield from _other_zone(ref, index, name, args)
        yield from _siblings(ref, index, name, args)
        yield from _list_items(ref, index, name, args)


def _value(ref: Reference, token: Any, present: list[Any]) -> Any:
    """A value for a `$` token that is not among `present` (None when there is none)."""
    if token == "$later":
        return (ref.initial.now + timedelta(days=1)).replace(microsecond=0).isoformat()
    if token in ("$label", "$contact", "$person"):
        pool = {
            "$label": [label.displayName for label in ref.initial.labels],
            "$contact": [c.id for c in ref.initial.contacts],
            "$person": [u.mail for u in ref.initial.users if u.mail.casefold() != ref.me],
        }[token]
        seen = {str(p).casefold() for p in present}
        return next((p for p in pool if p.casefold() not in seen), None)
    return token


def _unasked(ref: Reference, index: int, name: str, args: dict[str, Any]) -> Iterator[Mutant]:
    for key, token in _UNASKED.get(name, {}).items():
        if args.get(key) not in (None, "", []):
            continue
        value = _value(ref, token, [])
        if value is None:
            continue
        if token in ("$label", "$person"):
            value = [value]
        changed = {**args, key: value}
        yield _mutant(ref, "unasked-field", index, key, _replace(ref, index, (name, changed)))


def _positioned(ref: Reference, index: int, name: str, args: dict[str, Any]) -> Iterator[Mutant]:
    key = _POSITIONED.get(name)
    if key and args.get(key) != 1:
        first = {**args, key: 1}
        yield _mutant(ref, "put-first", index, key, _replace(ref, index, (name, first)))


def _rule_conditions(
    ref: Reference, index: int, name: str, args: dict[str, Any]
) -> Iterator[Mutant]:
    if name not in _RULE_WRITES:
        return
    given = [k for k in (*_CONDITIONS, "importance") if args.get(k) not in (None, [])]
    if len(given) > 1:  # a rule needs one condition: dropping one of two widens it
        for key in given:
            off = {k: v for k, v in args.items() if k != key}
            if name == "filters_update":
                off[key] = None if key == "importance" else []
            yield _mutant(ref, "condition-off", index, key, _replace(ref, index, (name, off)))
    for key in given:
        token = _CONDITIONS.get(key)
        value = args[key]
        if token is None or not isinstance(value, list):
            continue
        more = _value(ref, token, value)
        if more is not None and more not in value:
            wide = {**args, key: [*value, more]}
            yield _mutant(ref, "condition-widened", index, key, _replace(ref, index, (name, wide)))


#: Writes whose times are wall-clock times in the persona's zone, and the times each takes
#: (an event's start and end move together).
_ZONED: dict[str, tuple[str, ...]] = {
    "calendar_createEvent": ("startDateTime", "endDateTime"),
    "calendar_updateEvent": ("startDateTime", "endDateTime"),
    "todo_createTask": ("dueDateTime",),
    "todo_updateTask": ("dueDateTime",),
    "messages_flag": ("dueDateTime",),
}


def _other_zone(ref: Reference, index: int, name: str, args: dict[str, Any]) -> Iterator[Mutant]:
    keys = _ZONED.get(name, ())
    times = {k: args[k] for k in keys if isinstance(args.get(k), str)}
    naive = {k: v for k, v in times.items() if len(v) == 19}  # 'YYYY-MM-DDTHH:MM:SS', no offset
    if naive and len(naive) == len(times):
        zoned = {**args, **{k: v + OTHER_ZONE for k, v in naive.items()}}
        yield _mutant(ref, "other-zone", index, "UTC", _replace(ref, index, (name, zoned)))


def _siblings(ref: Reference, index: int, name: str, args: dict[str, Any]) -> Iterator[Mutant]:
    ident = args.get("id")
    if name.startswith("messages_") and isinstance(ident, str):
        sibling = _sibling_message(ref, ident)
        if sibling:
            moved = {**args, "id": sibling}
            yield _mutant(
                ref, "sibling-message", index, sibling, _replace(ref, index, (name, moved))
            )
    listed = args.get("messageIds")
    if isinstance(listed, list) and listed and isinstance(listed[-1], str):
        sibling = _sibling_message(ref, listed[-1])
        if sibling and sibling not in listed:
            moved = {**args, "messageIds": [*listed[:-1], sibling]}
            yield _mutant(
                ref, "sibling-message", index, sibling, _replace(ref, index, (name, moved))
            )
    for key in _FOLDER_ARGS:
        value = args.get(key)
        sibling = _sibling_folder(ref, value) if isinstance(value, str) else None
        if sibling:
            moved = {**args, key: sibling}
            yield _mutant(
                ref,
                "sibling-folder",
                index,
                f"{key}={sibling}",
                _replace(ref, index, (name, moved)),
            )


def _sibling_message(ref: Reference, ident: str) -> str | None:
    """Another message of the same conversation, else the nearest in time in the same folder,
    that the reference leaves alone."""
    messages = {m.id: m for m in ref.initial.messages}
    target = messages.get(ident)
    if target is None:
        return None
    free = [m for m in ref.untouched("messages") if m.id != ident and not m.isDraft]
    thread = [m for m in free if m.conversationId and m.conversationId == target.conversationId]
    nearby = sorted(
        (m for m in free if m.parentFolderId == target.parentFolderId),
        key=lambda m: abs(m.receivedDateTime - target.receivedDateTime),
    )
    chosen = (thread or nearby)[:1]
    return chosen[0].id if chosen else None


def _sibling_folder(ref: Reference, ident: str) -> str | None:
    """Another folder of the user's under the same parent, one the reference created included
    (the folder next to the right one)."""
    folders = [*ref.initial.folders, *ref.footprint.made.get("folders", [])]
    target = next((f for f in folders if ident in (f.id, f.wellKnownName)), None)
    if target is None:
        return None
    return next(
        (
            f.id
            for f in folders
            if f.id != target.id and f.parentFolderId == target.parentFolderId
            and not f.wellKnownName
        ),
        None,
    )  # fmt: skip


def _list_items(ref: Reference, index: int, name: str, args: dict[str, Any]) -> Iterator[Mutant]:
    for key in _RECIPIENTS:
        value = args.get(key)
        if isinstance(value, list) and len(value) > 1:
            fewer = {**args, key: value[:-1]}
            yield _mutant(ref, "drop-recipient", index, key, _replace(ref, index, (name, fewer)))
    for key, token in _LISTS.items():
        value = args.get(key)
        if not isinstance(value, list) or not value:
            continue
        fewer = {**args, key: value[:-1]}
        yield _mutant(ref, "drop-list-item", index, key, _replace(ref, index, (name, fewer)))
        more = _value(ref, token, value)
        if more is not None and more not in value:
            added = {**args, key: [*value, more]}
            yield _mutant(ref, "add-list-item", index, key, _replace(ref, index, (name, added)))
