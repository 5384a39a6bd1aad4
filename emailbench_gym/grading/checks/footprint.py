"""Collateral damage: nothing outside the task's footprint changes, and no unexpected mail goes out.

The footprint is derived, never listed by hand: it is what the scenario's reference
solution changed (its diff from the start state, field by field), what it created and
deleted (by collection) and what it sent (by envelope: kind, the message answered,
recipients by role). An episode passes the `footprint` check when every change it made
is inside that footprint, it created no more items per collection than the reference,
and every message it sent matches one of the reference's envelopes, one to one. A
scenario widens the footprint only with `latitude` entries, each with its reason
("any folder location", "may also cc the sender"). A read-only scenario has an empty
footprint: any write fails it.

Whatever the episode wrote must also mean it: a sent text, a new or rewritten
description or note, an automatic reply that takes itself back ("please disregard
everything above", every sentence "It is not true that ...") fails the check, and so
does a created event or to-do whose description calls it off ("this is cancelled").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from emailbench_gym.api.models import MailboxSettings
from emailbench_gym.grading.checks.base import CheckBase, EpisodeView, Outcome, matcher
from emailbench_gym.grading.query import COLLECTION_MODELS, Condition, Query, Strict
from emailbench_gym.mailbox import Changes, Transmission, TransmissionKind

#: Kinds of sent message that answer the same way (a reply and a reply-all differ by recipients).
KIND_CLASS: dict[str, str] = {"reply": "reply", "replyAll": "reply"}
#: Tools whose `id` argument opens a message (for `only_read` latitude).
OPENING_TOOLS = frozenset({"messages_get", "messages_getConversation", "messages_listAttachments"})
#: Free text the persona writes on items, per collection (sent mail is read from the outbox).
_TEXT_FIELDS = {
    "events": "body",
    "todo_tasks": "body",
    "contacts": "personalNotes",
    "boards": "description",
    "board_tasks": "description",
}
_REPLY_FIELDS = ("internalReplyMessage", "externalReplyMessage")


def _text(item: Any, name: str) -> str:
    value = getattr(item, name, "")
    return value if isinstance(value, str) else getattr(value, "content", "") or ""


def withdrawn_texts(episode: EpisodeView) -> list[str]:
    """Texts the episode wrote that take themselves back (or call a created item off)."""
    changes = episode.changes
    problems = []
    for collection, name in _TEXT_FIELDS.items():
        for item_id, (before, after) in changes.items.get(collection, {}).items():
            if after is None:
                continue
            new = _text(after, name)
            old = _text(before, name) if before is not None else ""
            if new == old:
                continue
            read = episode.calls_itself_off if before is None else episode.takes_back
            words = read(new)
            if words and not read(old):
                problems.append(
                    f"{collection} {item_id} ({_name(after)}): {name} takes itself back ({words!r})"
                )
    if changes.settings is not None:
        before, after = (s.automaticRepliesSetting for s in changes.settings)
        for name in _REPLY_FIELDS:
            new = getattr(after, name)
            words = episode.takes_back(new) if new != getattr(before, name) else None
            if words:
                problems.append(f"settings {name} takes itself back ({words!r})")
    for sent in changes.sent:
        words = episode.takes_back(sent.text)
        if words:
            problems.append(f"message sent {sent.subject!r} takes itself back ({words!r})")
    return problems


def changed_fields(before: BaseModel, after: BaseModel) -> set[str]:
    """Top-level fields that differ (settings: one level deeper, e.g. workingHours.startTime).

    Copy-on-write updates share every unchanged field with the original, so most fields
    are told apart by identity before any comparison.
    """
    old = before.__dict__
    changed = {
        name for name, new in after.__dict__.items() if new is not old[name] and new != old[name]
    }
    if isinstance(after, MailboxSettings):
        for name in [n for n in changed if isinstance(getattr(after, n), BaseModel)]:
            changed.discard(name)
            inner = changed_fields(getattr(before, name), getattr(after, name))
            changed.update(f"{name}.{field}" for field in inner)
    return changed


@dataclass(frozen=True)
class Envelope:
    """What identifies a sent message for accounting: its kind, what it answers, who gets it."""

    kind: str
    in_reply_to: str | None
    to: frozenset[str]
    cc: frozenset[str]
    bcc: frozenset[str]

    @classmethod
    def of(cls, sent: Transmission) -> Envelope:
        return cls(
            KIND_CLASS.get(sent.kind, sent.kind),
            sent.inReplyTo,
            frozenset(sent.to),
            frozenset(sent.cc),
            frozenset(sent.bcc),
        )

    def describe(self) -> str:
        roles = ", ".join(
            f"{role} {sorted(people)}"
            for role, people in (("to", self.to), ("cc", self.cc), ("bcc", self.bcc))
            if people
        )
        answered = f" to {self.in_reply_to}" if self.in_reply_to else ""
        return f"{self.kind}{answered}: {roles}"


#: The count that created drafts go to, apart from the other created messages.
DRAFTS = "messages (drafts)"


def creation_kind(collection: str, item: Any) -> str:
    """What a created item is counted as: drafts apart from the other messages (sent copies,
    whose sends the outbox checks account for), so a send the episode left out (an optional
    one) never makes room for a draft the reference did not write."""
    if collection == "messages" and getattr(item, "isDraft", False):
        return DRAFTS
    return collection


@dataclass
class Footprint:
    """What the reference solution changed, created, deleted and sent."""

    changed: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    deleted: dict[str, set[str]] = field(default_factory=dict)
    created: Counter[str] = field(default_factory=Counter)
    settings: set[str] = field(default_factory=set)
    sent: list[Envelope] = field(default_factory=list)
    ends: dict[str, dict[str, Any]] = field(default_factory=dict)  # changed items' end values

    @classmethod
    def of(cls, changes: Changes) -> Footprint:
        footprint = cls()
        for collection, items in changes.items.items():
            for item_id, (before, after) in items.items():
                if before is None:
                    footprint.created[creation_kind(collection, after)] += 1
                elif after is None:
                    footprint.deleted.setdefault(collection, set()).add(item_id)
                else:
                    footprint.changed.setdefault(collection, {})[item_id] = changed_fields(
                        before, after
                    )
                    footprint.ends.setdefault(collection, {})[item_id] = after
        if changes.settings is not None:
            footprint.settings = changed_fields(*changes.settings)
        footprint.sent = [Envelope.of(s) for s in changes.sent]
        return footprint

    def summary(self) -> dict[str, Any]:
        """A compact, JSON-able description (for `emailbench show`)."""
        return {
            "changed": {
                c: {i: sorted(f) for i, f in items.items()} for c, items in self.changed.items()
            },
            "deleted": {c: sorted(ids) for c, ids in self.deleted.items()},
            "created": dict(self.created),
            "settings": sorted(self.settings),
            "sent": [e.describe() for e in self.sent],
        }


class Latitude(Strict):
    """Room a correct solution may need beyond the reference's footprint, with the reason."""

    collection: str = Field(
        description="A snapshot collection (messages, folders, events, ...), 'settings' or 'outbox'."
    )
    reason: str = Field(min_length=10, description="Why another correct solution needs this.")
    ids: list[str] | None = Field(None, description="Only these existing items (default: any).")
    where: list[Condition] = Field([], description="Only items matching this, in the start state.")
    only_read: bool = Field(
        False,
        description="Only messages the agent opened with a get tool (and `isRead` only to read).",
    )
    fields: list[str] = Field([], description="Fields that may change (settings: dotted paths).")
    delete: bool = Field(False, description="Matching items may be deleted.")
    create: int = Field(0, ge=0, description="How many more items may be created.")
    kinds: list[TransmissionKind] = Field([], description="outbox: kinds accepted instead.")
    recipients: list[str] = Field([], description="outbox: people who may also be on a message.")
    any_role: bool = Field(False, description="outbox: To, Cc and Bcc count as one list.")

    @model_validator(mode="after")
    def _known_collection(self) -> Latitude:
        if self.collection in ("outbox", "settings"):
            return self
        model = COLLECTION_MODELS.get(self.collection)
        if model is None:
            known = ", ".join(sorted({*COLLECTION_MODELS, "outbox"}))
            raise ValueError(
                f"latitude collection {self.collection!r} is unknown; accepted: {known}"
            )
        unknown = [f for f in self.fields if f not in model.model_fields]
        if unknown:
            raise ValueError(
                f"latitude fields {unknown} are not fields of {self.collection}; "
                f"accepted: {', '.join(model.model_fields)}"
            )
        Query(collection=self.collection, where=self.where)  # type: ignore[arg-type]
        return self

    def fields_for(self, after: Any) -> set[str]:
        """The fields this latitude lets change on an item that ends as `after`: with
        `only_read`, opening a message may mark it read, never unread (the end state must be
        read for `isRead` to be covered)."""
        if self.only_read and "isRead" in self.fields and getattr(after, "isRead", True) is False:
            return set(self.fields) - {"isRead"}
        return set(self.fields)

    def covers_item(self, collection: str, item_id: str, episode: EpisodeView) -> bool:
        if self.collection != collection:
            return False
        if self.ids is not None and item_id not in self.ids:
            return False
        if self.where:
            query = Query(collection=collection, where=self.where)  # type: ignore[arg-type]
            item = episode.initial.get(collection, item_id)
            if item is None or not matcher(query, episode.initial)(item):
                return False
        return not self.only_read or _opened(episode, item_id)


def _opened(episode: EpisodeView, item_id: str) -> bool:
    """Whether the agent opened this message: by id, or its conversation (start state)."""
    initial = episode.initial
    conversations = set()
    for call in episode.calls:
        if call.get("name") in OPENING_TOOLS and not call.get("is_error"):
            ident = (call.get("arguments") or {}).get("id")
            if isinstance(ident, str):
                if ident == item_id:
                    return True
                if call.get("name") == "messages_getConversation":
                    message = initial.get("messages", ident)
                    if message is not None and message.conversationId:
                        conversations.add(message.conversationId)
    if not conversations:
        return False
    message = initial.get("messages", item_id)
    return message is not None and message.conversationId in conversations


class FootprintCheck(CheckBase):
    """Nothing outside the reference's footprint changed, and every sent message is accounted for."""

    type: Literal["footprint"]
    latitude: list[Latitude] = []

    def check(self, episode: EpisodeView) -> Outcome:
        reference: Footprint = episode.context.footprint
        problems = self._state_problems(episode, reference)
        problems.extend(self._outbox_problems(episode, reference))
        problems.extend(withdrawn_texts(episode))
        expected = "changes only within the reference's footprint" + (
            f" (+{len(self.latitude)} latitude)" if self.latitude else ""
        )
        return Outcome(not problems, expected, problems[:8] or "nothing else changed")

    def _state_problems(self, episode: EpisodeView, reference: Footprint) -> list[str]:
        problems: list[str] = []
        created: Counter[str] = Counter()
        for collection, items in episode.changes.items.items():
            allowed_changes = reference.changed.get(collection, {})
            ends = reference.ends.get(collection, {})
            for item_id, (before, after) in items.items():
                if before is None:
                    created[creation_kind(collection, after)] += 1
                    continue
                end = ends.get(item_id)
                if end is not None and after is not None and after.__dict__ == end.__dict__:
                    continue  # the reference's own end value: inside the footprint by definition
                room = [
                    lat for lat in self.latitude if lat.covers_item(collection, item_id, episode)
                ]
                if after is None:
                    if item_id not in reference.deleted.get(collection, set()) and not any(
                        lat.delete for lat in room
                    ):
                        problems.append(f"{collection} {item_id} ({_name(before)}) deleted")
                    continue
                fields = changed_fields(before, after)
                fields -= allowed_changes.get(item_id, set())
                for lat in room:
                    fields -= lat.fields_for(after)
                if fields:
                    problems.append(
                        f"{collection} {item_id} ({_name(after)}) changed: {', '.join(sorted(fields))}"
                    )
        for kind, count in created.items():
            collection = "messages" if kind == DRAFTS else kind
            limit = reference.created.get(kind, 0) + sum(
                lat.create for lat in self.latitude if lat.collection == collection
            )
            if count > limit:
                problems.append(f"{count} {kind} created (the task needs at most {limit})")
        if episode.changes.settings is not None:
            fields = changed_fields(*episode.changes.settings) - reference.settings
            for lat in self.latitude:
                if lat.collection == "settings":
                    fields -= {
                        f
                        for f in fields
                        if any(f == p or f.startswith(p + ".") for p in lat.fields)
                    }
            if fields:
                problems.append(f"settings changed: {', '.join(sorted(fields))}")
        return problems

    def _outbox_problems(self, episode: EpisodeView, reference: Footprint) -> list[str]:
        room = [lat for lat in self.latitude if lat.collection == "outbox"]
        extra = sum(lat.create for lat in room)
        expected = list(reference.sent)
        problems = []
        for sent in episode.sent:
            envelope = Envelope.of(sent)
            match = next((e for e in expected if _fits(envelope, e, room)), None)
            if match is not None:
                expected.remove(match)
            elif extra > 0:
                extra -= 1
            else:
                problems.append(f"unexpected message sent: {envelope.describe()} {sent.subject!r}")
        return problems


def _fits(sent: Envelope, expected: Envelope, room: list[Latitude]) -> bool:
    kinds = {expected.kind} | {KIND_CLASS.get(k, k) for lat in room for k in lat.kinds}
    if sent.kind not in kinds or sent.in_reply_to != expected.in_reply_to:
        return False
    extra = {a.casefold() for lat in room for a in lat.recipients}
    if any(lat.any_role for lat in room):
        everyone = sent.to | sent.cc | sent.bcc
        wanted = expected.to | expected.cc | expected.bcc
        return wanted <= everyone and everyone - wanted <= extra
    return all(
        want <= got and got - want <= extra
        for got, want in ((sent.to, expected.to), (sent.cc, expected.cc), (sent.bcc, expected.bcc))
    )


def _name(item: Any) -> str:
    for attribute in ("subject", "displayName", "title", "name"):
        value = getattr(item, attribute, None)
        if value:
            return str(value)
    return ""
