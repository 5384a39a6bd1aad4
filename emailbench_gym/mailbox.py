"""Copy-on-write workspace state over the immutable corpus.

The corpus is shared and read-only: small collections as dicts of frozen models, messages
in the indexed corpus database (`emailbench_gym.store`). A `Mailbox` keeps only its own
changes in per-collection overlays (a new model, or `None` for a deletion), so `reset()`
drops the overlays and the id counters: its cost is the number of collections, whatever
the size of the corpus. Writes happen inside `transaction()`, which journals every
overlay change and undoes them all if the operation raises, so a failed call never
half-applies.

What grading and harnesses read, each costing what the episode changed, not the corpus:

- `get(collection, id)`: one entity (a point lookup);
- `iter(collection)` / `all(collection)`: every live entity, corpus order first, then
  created ones in creation order (a full pass: rare at scale);
- `mark()` then `changes_since(mark)`: every entity written since the mark, with its value
  then and now (`Changes`), the settings if they changed, and what was sent since;
- `snapshot()`: the state at one moment, frozen (`Snapshot`), with the same reads;
- `sent`: the log of what left the mailbox: one `Transmission` per message actually sent
  (new mail, replies, forwards, sent drafts, meeting responses and cancellations), with its
  kind, recipients by role and the text the persona wrote. Grading reads this log, not Sent
  Items, so a copy moved into Sent Items is not a send and a sent message deleted
  afterwards still was one. `reset()` empties it, and a failed call leaves no entry.

Message queries (filtered and sorted lists, counts, search) are `mailbox.messages`
(`emailbench_gym.store.queries.MessageQueries`): the corpus database answers for the
corpus, the overlay for this workspace's changes, and the two are merged.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from emailbench_gym.api.limits import SENT_CHARS
from emailbench_gym.api.models import APISnapshot, MailboxSettings, Message, Model, User
from emailbench_gym.api.results import Summaries
from emailbench_gym.errors import ToolError
from emailbench_gym.store.queries import MessageQueries

if TYPE_CHECKING:
    from emailbench_gym.corpus import Corpus

M = TypeVar("M", bound=Model)
D = TypeVar("D")

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
#: Compiled filters and sort plans a workspace keeps, least recently used dropped first: each
#: is a pure function of its expression's text and the collection's schema, so never stale,
#: and kept across resets (compiling one costs a lark parse, more than the call it serves).
COMPILED_CACHE = 64
_MISSING = object()

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

Overlay = dict[str, dict[str, Model | None]]


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


class _State:
    """Reads over the corpus plus an overlay: what a live mailbox and a snapshot share."""

    corpus: Corpus
    now: datetime
    me: User
    _overlay: Overlay
    _settings: MailboxSettings
    _sent: list[Transmission]
    _lookups: dict[str, Callable[[str], Any]]  # collection -> the corpus's point lookup

    @property
    def settings(self) -> MailboxSettings:
        return self._settings

    @property
    def sent(self) -> tuple[Transmission, ...]:
        """Every message sent since the last reset, in order."""
        return tuple(self._sent)

    def get(self, collection: str, item_id: str) -> Model | None:
        """The live entity with this id, or None (deleted, or never there)."""
        overlay = self._overlay[collection]
        if item_id in overlay:
            return overlay[item_id]
        return self._lookups[collection](item_id)

    def iter(self, collection: str) -> Iterator[Model]:
        """Every live entity: corpus order first (changed ones in place), then created ones."""
        overlay = self._overlay[collection]
        base: Mapping[str, Model] = self._kept(collection) or self.corpus.collections[collection]
        for item in base.values():
            if overlay:
                item = overlay.get(item.id, item)  # type: ignore[attr-defined,assignment]
            if item is not None:
                yield item
        if overlay:
            for key, item in overlay.items():
                if item is not None and key not in base:
                    yield item

    def items(self, collection: str) -> list[Model]:
        """`iter(collection)` as a list (built with dict passes when the corpus is in memory)."""
        base = self._kept(collection)
        if base is None:
            return list(self.iter(collection))
        overlay = self._overlay[collection]
        if not overlay:
            return list(base.values())
        items = [overlay.get(key, item) for key, item in base.items()]
        out = [item for item in items if item is not None]
        out.extend(item for key, item in overlay.items() if item is not None and key not in base)
        return out

    def ids(self, collection: str) -> Iterator[str]:
        """The ids `iter(collection)` yields, in its order, without reading the items (for
        messages, the corpus part is one index scan)."""
        overlay = self._overlay[collection]
        seen = 0
        for key in self.corpus.collections[collection]:
            if key in overlay:
                seen += 1
                if overlay[key] is None:
                    continue
            yield key
        if len(overlay) > seen:
            base = self.corpus.collections[collection]
            for key, item in overlay.items():
                if item is not None and key not in base:
                    yield key

    def message_heads(self) -> Iterator[tuple[Any, ...]]:
        """`store.schema.message_head` of every live message, in `iter` order: from the
        models when the corpus is kept in memory, else from the database (no message parsed)."""
        from emailbench_gym.store.schema import message_head

        overlay = self._overlay["messages"]
        if self.corpus.store.whole:
            yield from map(message_head, self.iter("messages"))  # type: ignore[arg-type]
            return
        for head in self.corpus.store.heads():
            if head[0] in overlay:
                item = overlay[head[0]]
                if item is not None:
                    yield message_head(item)  # type: ignore[arg-type]
            else:
                yield head
        for key, item in overlay.items():
            if item is not None and self.corpus.store.locate(key) is None:
                yield message_head(item)  # type: ignore[arg-type]

    def message_ids_in(self, folder_id: str) -> list[str]:
        """Ids of the live messages whose `parentFolderId` is `folder_id`, in `iter` order,
        without reading unchanged messages: the corpus part is one scan of the folder index."""
        overlay = self._overlay["messages"]
        base = [(pos, key) for _, key, pos in self.corpus.store.folder_rows(folder_id)]
        created = []
        if overlay:
            base = [(pos, key) for pos, key in base if key not in overlay]
            for key, item in overlay.items():
                if item is None or item.parentFolderId != folder_id:
                    continue
                row = self.corpus.store.locate(key)
                if row is None:
                    created.append(key)
                else:
                    base.append((row[2], key))
            base.sort()
        return [key for _, key in base] + created

    def written(self, collection: str) -> list[str]:
        """Ids of the items this state holds apart from the corpus (created, changed or
        deleted since the last reset, perhaps back to the corpus value), first write first:
        every item that can differ from the corpus, in O(changes)."""
        return list(self._overlay[collection])

    def position(self, collection: str, item_id: str) -> tuple[int, int]:
        """Where a live item comes in `iter(collection)`: a sort key (corpus position, then
        creation order), costing one lookup for messages."""
        if collection == "messages":
            row = self.corpus.store.locate(item_id)
            if row is not None:
                return (0, row[2])
        else:
            base = self.corpus.collections[collection]
            if item_id in base:
                return (0, list(base).index(item_id))
        return (1, list(self._overlay[collection]).index(item_id))

    def count(self, collection: str) -> int:
        """How many live items a collection has, in O(changes)."""
        base = self.corpus.collections[collection]
        total = len(base)
        for key, item in self._overlay[collection].items():
            if key in base:
                total -= item is None
            else:
                total += item is not None
        return total

    def _kept(self, collection: str) -> Mapping[str, Model] | None:
        """The corpus items of a collection as an in-memory mapping (None: a large message store)."""
        if collection == "messages":
            return self.corpus.store.pristine()
        return self.corpus.collections[collection]

    def digest(self) -> str:
        """A stable hash of the state: equal digests mean equal workspaces of equal corpora.

        Built from the corpus fingerprint, the changes and the sent log: it costs what changed.
        """
        base = self.corpus.collections
        parts: list[Any] = [
            self.corpus.fingerprint,
            self.now.isoformat(),
            self.settings.model_dump(mode="json", by_alias=True),
        ]
        for collection in COLLECTIONS:
            overlay = self._overlay[collection]
            changed, created = [], []
            for key, item in overlay.items():
                dump = None if item is None else item.model_dump(mode="json", by_alias=True)
                if key in base[collection]:
                    if item != base[collection][key]:
                        changed.append([key, dump])
                elif item is not None:
                    created.append([key, dump])
            parts.append([collection, sorted(changed, key=lambda c: c[0]), created])
        parts.append([t.model_dump(mode="json") for t in self._sent])
        return hashlib.sha256(json.dumps(parts, ensure_ascii=True).encode()).hexdigest()


class Snapshot(_State):
    """The workspace at one moment, frozen; taking one costs the number of changes.

    Reads are those of the mailbox (`get`, `iter`, `ids`, `count`, `sent`, `digest`), and
    every collection is also an attribute (`snapshot.messages`), a list built on first access
    (and kept, except the messages of a corpus larger than the store's cache: a snapshot
    kept for long, such as a scenario's start state, must not hold every message);
    `model()` is the whole typed `APISnapshot` (a full pass over the corpus), also behind
    `model_dump` and `model_dump_json`.
    """

    def __init__(self, state: _State) -> None:
        self.corpus = state.corpus
        self.now = state.now
        self.me = state.me
        self._settings = state.settings
        self._overlay = {name: dict(items) for name, items in state._overlay.items()}
        self._sent = list(state._sent)
        self._lookups = state._lookups

    def __getattr__(self, name: str) -> list[Model]:
        if name not in COLLECTIONS:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        items = self.items(name)
        if name != "messages" or self.corpus.store.whole:  # a large store's list is not kept
            setattr(self, name, items)
        return items

    def model(self) -> APISnapshot:
        """Every collection as typed models (what the `snapshot` evaluation utility returns)."""
        data = {name: getattr(self, name) for name in COLLECTIONS}
        return APISnapshot.model_construct(now=self.now, me=self.me, settings=self.settings, **data)

    def model_dump(self, **options: Any) -> dict[str, Any]:
        """`model().model_dump(**options)`."""
        return self.model().model_dump(**options)

    def model_dump_json(self, **options: Any) -> str:
        """`model().model_dump_json(**options)`."""
        return self.model().model_dump_json(**options)


class Mailbox(_State):
    """The mutable view of one persona's workspace (mail, calendar, contacts, todo, boards)."""

    def __init__(self, corpus: Corpus, now: datetime | None = None) -> None:
        self.corpus = corpus
        self._lookups = {name: corpus.collections[name].get for name in COLLECTIONS}
        self._lookups["messages"] = corpus.store.get
        self._default_now = now or corpus.now
        self.now: datetime = self._default_now
        self.me: User = corpus.me
        self._overlay: Overlay = {c: {} for c in COLLECTIONS}
        self._settings: MailboxSettings = corpus.settings
        self._counters: dict[str, int] = {}
        self._journal: list[tuple[str, str, Any]] | None = None
        self._sent: list[Transmission] = []
        self._cache: dict[str, list[Model]] = {}
        #: `all` of each unchanged collection: the corpus's own items, so kept across resets
        self._pristine: dict[str, list[Model]] = {}
        #: (collection, build) -> (the `all` list, what build made of it): `derived`'s
        self._derived: dict[tuple[str, Callable[[Any], Any]], tuple[list[Model], Any]] = {}
        #: `compiled`'s plans, in least recently used first order; outlives a reset
        self._compiled: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        #: List summaries already built (`api.results.Summaries`): entities are frozen, so a
        #: kept summary is never stale, needs no undo and outlives a reset (the corpus's
        #: entities are the same objects in every episode).
        self.summaries = Summaries()
        self.messages = MessageQueries(corpus.store, self._overlay["messages"], self.compiled)

    # --- lifecycle ---------------------------------------------------------------------

    def reset(self, now: datetime | None = None) -> None:
        """Drop every change and this workspace's per-episode caches (search terms, the lists
        of changed collections): O(number of collections), whatever the corpus size. What
        belongs to the corpus's frozen entities stays (list summaries, the unchanged
        collections' lists and their `derived` views), and so do compiled filter and sort
        plans (pure functions of an expression and a schema): rebuilding them made an
        episode's first list call the slowest."""
        for overlay in self._overlay.values():
            overlay.clear()
        self._counters.clear()
        self._cache.clear()
        self._sent.clear()
        self.messages.reset()
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

    def mark(self) -> Mark:
        """Remember the current state, to ask later what changed since (O(changes) to take)."""
        return Mark(
            overlay={c: dict(o) for c, o in self._overlay.items() if o},
            settings=self._settings,
            sent=len(self._sent),
        )

    def changes_since(self, mark: Mark) -> Changes:
        """Items created, changed or deleted since `mark`, settings, and messages sent since.

        An item counts when it was written after the mark (even back to an equal value);
        the cost is the number of changed items, whatever the corpus size.
        """
        items: dict[str, dict[str, tuple[Any, Any]]] = {}
        for collection, overlay in self._overlay.items():
            if not overlay:
                continue
            before_overlay = mark.overlay.get(collection, {})
            changed: dict[str, tuple[Any, Any]] = {}
            for item_id, now in overlay.items():
                before = before_overlay.get(item_id, _MISSING)
                if before is _MISSING:
                    before = self._lookups[collection](item_id)
                if before is not now:
                    changed[item_id] = (before, now)
            if changed:
                items[collection] = changed
        settings = None if self._settings is mark.settings else (mark.settings, self._settings)
        return Changes(items, settings, tuple(self._sent[mark.sent :]))

    def snapshot(self) -> Snapshot:
        """The state now, frozen (costs the number of changes, not the corpus size)."""
        snapshot = Snapshot(self)
        for name, items in self._cache.items():  # lists `all` keeps are never mutated
            setattr(snapshot, name, items)
        return snapshot

    def compiled(self, key: tuple[Any, ...], build: Callable[[], Any]) -> Any:
        """A compiled filter or sort plan kept for this workspace across episodes (at most
        COMPILED_CACHE of them, the least recently used dropped first)."""
        found = self._compiled.get(key, _MISSING)
        if found is _MISSING:
            found = build()
            if len(self._compiled) >= COMPILED_CACHE:
                self._compiled.popitem(last=False)
            self._compiled[key] = found
        else:
            self._compiled.move_to_end(key)
        return found

    # --- reads -------------------------------------------------------------------------

    def require(self, collection: str, item_id: str, expected: type[M] | None = None) -> M:
        """The item with this id, or a `not_found` error that says where valid ids come from."""
        item = self.get(collection, item_id) if isinstance(item_id, str) else None
        if item is None:
            noun, where = _HINTS[collection]
            raise ToolError("not_found", f"No {noun} with id {item_id!r}. Use {where} to find ids.")
        return item  # type: ignore[return-value]

    def all(self, collection: str) -> list[Model]:
        """Every live item, corpus order first, then created items in creation order.

        The returned list is shared and cached until the next write (an unchanged
        collection's, the corpus's own items, for the workspace's life): do not mutate it.
        For messages of a large corpus this is a full pass; prefer `messages` queries.
        """
        cached = self._cache.get(collection)
        if cached is not None:
            return cached
        pristine = not self._overlay[collection]
        items = self._pristine.get(collection) if pristine else None
        if items is None:
            items = self.items(collection)
            if collection == "messages" and not self.corpus.store.whole:
                return items  # a large store's messages are not kept
            if pristine:
                self._pristine[collection] = items
        self._cache[collection] = items
        return items

    def derived(self, collection: str, build: Callable[[list[Model]], D]) -> D:
        """`build(all(collection))`, built once per list `all` keeps (once per change of the
        collection, not per call): a sorted view, precomputed keys. Do not mutate it. `build`
        is a module-level function (one entry is kept per collection and function)."""
        items = self.all(collection)
        kept = self._derived.get((collection, build))
        if kept is not None and kept[0] is items:
            return kept[1]  # type: ignore[no-any-return]
        made = build(items)
        self._derived[(collection, build)] = (items, made)
        return made

    # --- writes ------------------------------------------------------------------------

    def put(self, collection: str, item: Model) -> Model:
        """Insert or replace `item` (keyed by its `id`)."""
        item_id: str = item.id  # type: ignore[attr-defined]
        self._record(collection, item_id)
        if collection == "messages":
            self.messages.placed(item_id)
        self._overlay[collection][item_id] = item
        self._cache.pop(collection, None)
        return item

    def delete(self, collection: str, item_id: str) -> None:
        self.require(collection, item_id)
        self._record(collection, item_id)
        if collection == "messages":
            self.messages.placed(item_id)
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
        sent = sum(len(t.text) for t in self._sent)
        if sent + len(text) > SENT_CHARS:
            raise ToolError(
                "invalid_arguments",
                f"This episode has sent {sent:,} characters of text and may send at most "
                f"{SENT_CHARS:,} in all; this message ({len(text):,}) was not sent. Send less.",
            )
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
