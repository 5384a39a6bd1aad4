"""Copy-on-write workspace state over the immutable corpus.

The corpus collections are shared, read-only dicts of frozen models. A `Mailbox`
keeps only its own changes in per-collection overlays (a new model, or `None` for
a deletion), so `reset()` just drops the overlays and the id counters: its cost
is the number of collections, not the size of the corpus. Writes happen inside
`transaction()`, which journals every overlay change and undoes them all if the
operation raises, so a failed call never half-applies.

Besides the collections, a mailbox keeps the log of what left it (`sent`): one
`Transmission` per message actually sent (new mail, replies, forwards, sent drafts,
meeting responses and cancellations), with its kind, recipients by role and the
text the persona wrote. Grading reads this log, not Sent Items, so a copy moved into
Sent Items is not a send and a sent message deleted afterwards still was one.
`mark()` / `changes_since(mark)` give what changed after a point (the scenario's
setup) in O(number of changes), whatever the corpus size.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from emailbench_gym.api.models import MailboxSettings, Message, Model, User
from emailbench_gym.errors import ToolError

if TYPE_CHECKING:
    from emailbench_gym.corpus import Corpus

M = TypeVar("M", bound=Model)

#: Snapshot collection name -> id prefix for entities created during an episode.
COLLECTIONS: dict[str, str] = {
    "messages": "msg",
    "folders": "folder",
    "filters": "rule",
    "events": "evt",
    "calendars": "cal",
    "contacts": "contact",
    "contact_groups": "group",
    "todo_lists": "list",
    "todo_tasks": "task",
    "boards": "board",
    "board_columns": "col",
    "board_tasks": "btask",
    "users": "user",
    "labels": "label",
}
FIRST_CREATED_ID = 5001
_MISSING = object()

TransmissionKind = Literal["new", "reply", "replyAll", "forward", "eventResponse", "cancellation"]


class Transmission(Model):
    """One message that left the mailbox (what grading counts as sent)."""

    messageId: str
    kind: TransmissionKind
    inReplyTo: str | None = None  # the message answered or forwarded, or the event answered
    to: tuple[str, ...] = ()
    cc: tuple[str, ...] = ()
    bcc: tuple[str, ...] = ()
    subject: str = ""
    text: str = ""  # what the persona wrote, without the quoted original or event summary
    sentDateTime: datetime


@dataclass(frozen=True)
class Mark:
    """The state of a mailbox's overlays at one moment (see `Mailbox.changes_since`)."""

    overlay: dict[str, dict[str, Any]]
    settings: MailboxSettings
    sent: int


@dataclass(frozen=True)
class Changes:
    """What changed since a mark: per collection, item id -> (before, after); None = absent."""

    items: dict[str, dict[str, tuple[Any, Any]]]
    settings: tuple[MailboxSettings, MailboxSettings] | None
    sent: tuple[Transmission, ...]


#: What a collection's items are called in error messages, and how to find valid ids.
_HINTS: dict[str, tuple[str, str]] = {
    "messages": ("message", "messages_list or messages_search"),
    "folders": ("folder", "folders_list"),
    "filters": ("message rule", "filters_list"),
    "events": ("event", "calendar_listEvents or calendar_searchEvents"),
    "calendars": ("calendar", "calendar_listCalendars"),
    "contacts": ("contact", "contacts_list or contacts_search"),
    "contact_groups": ("contact group", "contacts_listGroups"),
    "todo_lists": ("todo list", "todo_listLists"),
    "todo_tasks": ("todo task", "todo_listTasks"),
    "boards": ("board", "boards_list"),
    "board_columns": ("board column", "boards_listColumns"),
    "board_tasks": ("board task", "boards_listTasks"),
    "users": ("user", "identity_listUsers or identity_searchUsers"),
    "labels": ("label", "settings_listLabels"),
}


class Mailbox:
    """The mutable view of one persona's workspace (mail, calendar, contacts, todo, boards)."""

    def __init__(self, corpus: Corpus, now: datetime | None = None) -> None:
        self.corpus = corpus
        self._base: dict[str, MappingProxyType[str, Model]] = corpus.collections
        self._default_now = now or corpus.now
        self.now: datetime = self._default_now
        self.me: User = corpus.me
        self._overlay: dict[str, dict[str, Model | None]] = {c: {} for c in COLLECTIONS}
        self._settings: MailboxSettings = corpus.settings
        self._counters: dict[str, int] = {}
        self._journal: list[tuple[str, str, Any]] | None = None
        self._sent: list[Transmission] = []
        self._cache: dict[str, list[Model]] = {}
        self._pristine: dict[str, list[Model]] = {}  # the corpus lists, built once

    # --- lifecycle ---------------------------------------------------------------------

    def reset(self, now: datetime | None = None) -> None:
        """Drop every change: O(number of collections), whatever the corpus size."""
        for overlay in self._overlay.values():
            overlay.clear()
        self._counters.clear()
        self._cache.clear()
        self._sent.clear()
        self._settings = self.corpus.settings
        self.now = now or self._default_now

    @property
    def changed(self) -> bool:
        return (
            any(self._overlay.values())
            or self._settings is not self.corpus.settings
            or bool(self._sent)
        )

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Apply the writes of one operation atomically: all of them, or none on error."""
        if self._journal is not None:  # nested: the outer transaction owns the undo log
            yield
            return
        self._journal = []
        counters = dict(self._counters)
        settings = self._settings
        sent = len(self._sent)
        try:
            yield
        except BaseException:
            for collection, item_id, previous in reversed(self._journal):
                overlay = self._overlay[collection]
                if previous is _MISSING:
                    overlay.pop(item_id, None)
                else:
                    overlay[item_id] = previous
            self._counters = counters
            self._settings = settings
            del self._sent[sent:]
            self._cache.clear()
            raise
        finally:
            self._journal = None

    # --- reads -------------------------------------------------------------------------

    def get(self, collection: str, item_id: str) -> Model | None:
        overlay = self._overlay[collection]
        if item_id in overlay:
            return overlay[item_id]
        return self._base[collection].get(item_id)

    def require(self, collection: str, item_id: str, expected: type[M] | None = None) -> M:
        """The item with this id, or a `not_found` error that says where valid ids come from."""
        item = self.get(collection, item_id) if isinstance(item_id, str) else None
        if item is None:
            noun, where = _HINTS[collection]
            raise ToolError("not_found", f"No {noun} with id {item_id!r}. Use {where} to find ids.")
        return item  # type: ignore[return-value]

    def all(self, collection: str) -> list[Model]:
        """Every live item, corpus order first, then created items in creation order.

        The returned list is shared and cached until the next write: do not mutate it.
        """
        cached = self._cache.get(collection)
        if cached is not None:
            return cached
        base = self._base[collection]
        overlay = self._overlay[collection]
        if not overlay:
            items = self._pristine.get(collection)
            if items is None:
                items = self._pristine[collection] = list(base.values())
        else:
            items = [overlay.get(k, v) for k, v in base.items()]
            items = [i for i in items if i is not None]
            items.extend(v for k, v in overlay.items() if k not in base and v is not None)
        self._cache[collection] = items
        return items

    @property
    def settings(self) -> MailboxSettings:
        return self._settings

    @property
    def sent(self) -> tuple[Transmission, ...]:
        """Every message sent since the last reset, in order."""
        return tuple(self._sent)

    def mark(self) -> Mark:
        """Remember the current state, to ask later what changed since (O(changes) to take)."""
        return Mark(
            overlay={c: dict(o) for c, o in self._overlay.items() if o},
            settings=self._settings,
            sent=len(self._sent),
        )

    def changes_since(self, mark: Mark) -> Changes:
        """Items created, changed or deleted since `mark`, settings, and messages sent since."""
        items: dict[str, dict[str, tuple[Any, Any]]] = {}
        for collection, overlay in self._overlay.items():
            if not overlay:
                continue
            before_overlay = mark.overlay.get(collection, {})
            base = self._base[collection]
            changed: dict[str, tuple[Any, Any]] = {}
            for item_id, now in overlay.items():
                before = before_overlay.get(item_id, _MISSING)
                if before is _MISSING:
                    before = base.get(item_id)
                if before is not now:
                    changed[item_id] = (before, now)
            if changed:
                items[collection] = changed
        settings = None if self._settings is mark.settings else (mark.settings, self._settings)
        return Changes(items, settings, tuple(self._sent[mark.sent :]))

    # --- writes ------------------------------------------------------------------------

    def put(self, collection: str, item: Model) -> Model:
        """Insert or replace `item` (keyed by its `id`)."""
        self._record(collection, item.id)  # type: ignore[attr-defined]
        self._overlay[collection][item.id] = item  # type: ignore[attr-defined]
        self._cache.pop(collection, None)
        return item

    def delete(self, collection: str, item_id: str) -> None:
        self.require(collection, item_id)
        self._record(collection, item_id)
        self._overlay[collection][item_id] = None
        self._cache.pop(collection, None)

    def set_settings(self, settings: MailboxSettings) -> None:
        self._settings = settings

    def transmit(
        self,
        message: Message,
        kind: TransmissionKind,
        *,
        text: str,
        in_reply_to: str | None = None,
    ) -> None:
        """Record `message` leaving the mailbox (undone with its transaction on failure).

        `text` is what the persona wrote (a reply's comment, not the quoted original).
        """
        if self._journal is None:
            raise RuntimeError("Mailbox writes must happen inside Mailbox.transaction()")
        self._sent.append(
            Transmission(
                messageId=message.id,
                kind=kind,
                inReplyTo=in_reply_to,
                to=tuple(r.emailAddress.address.casefold() for r in message.toRecipients),
                cc=tuple(r.emailAddress.address.casefold() for r in message.ccRecipients),
                bcc=tuple(r.emailAddress.address.casefold() for r in message.bccRecipients),
                subject=message.subject,
                text=text,
                sentDateTime=message.sentDateTime or self.now,
            )
        )

    def new_id(self, collection: str) -> str:
        """The next id for a created entity: `folder-5001`, `folder-5002`, ... restarting at reset.

        `collection` is a snapshot collection (its prefix comes from COLLECTIONS) or
        any other prefix for nested items (`checklist`, `att`).
        """
        number = self._counters.get(collection, FIRST_CREATED_ID)
        self._counters[collection] = number + 1
        return f"{COLLECTIONS.get(collection, collection)}-{number}"

    def _record(self, collection: str, item_id: str) -> None:
        if self._journal is None:
            raise RuntimeError("Mailbox writes must happen inside Mailbox.transaction()")
        overlay = self._overlay[collection]
        self._journal.append((collection, item_id, overlay.get(item_id, _MISSING)))
