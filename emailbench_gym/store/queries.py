"""Message queries of one workspace: the corpus database merged with the workspace's changes.

Every query asks the database for the corpus messages (skipping those the workspace has
changed or deleted), checks the changed and created ones in Python, and merges the two
in the API's order: newest first (corpus order among equals), then the OData `orderBy`
with Python's own stable sort. Lists stop after the rows they need (top-k), counts come
from the indexes, search from FTS5, so a query costs its result plus the workspace's
changes, not the corpus. A filter without an exact SQL form is rechecked row by row with
the same Python predicate (see `translate`); a sort key without a column sorts in Python.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from emailbench_gym.api.models import Message, Model
from emailbench_gym.api.odata import compile_order_by, compile_tree, parse_filter, parse_order_by
from emailbench_gym.store.schema import stored
from emailbench_gym.store.search import indexed_words
from emailbench_gym.store.translate import Condition, FilterPlan, order_columns, translate_filter

if TYPE_CHECKING:
    from emailbench_gym.store.database import MessageStore

Check = Callable[[Any], bool]
_NO_LIMIT = -1  # SQLite's LIMIT for "all rows"


def _newest_first(pair: tuple[Any, int]) -> tuple[int, int]:
    """The default order: newest first, then `Mailbox.all` order (the database's rowid order)."""
    return -stored("datetime", pair[0].receivedDateTime), pair[1]


def _plan_filter(text: str) -> tuple[Check, FilterPlan]:
    tree = parse_filter(text)
    return compile_tree(tree, text, Message), translate_filter(tree, text)


def _plan_order(text: str) -> tuple[Callable[[list[Any]], list[Any]], str | None]:
    return compile_order_by(text, Message), order_columns(parse_order_by(text, Message))


class MessageQueries:
    """Filtered, sorted, counted and searched live messages of one mailbox."""

    def __init__(
        self,
        store: MessageStore,
        overlay: dict[str, Model | None],
        compiled: Callable[[tuple[Any, ...], Callable[[], Any]], Any],
    ) -> None:
        self._store = store
        self._overlay = overlay
        self._compiled = compiled
        #: id -> (corpus rowid or None, position in `Mailbox.all` order) of every changed message
        self._placed: dict[str, tuple[int | None, int]] = {}
        self._created = 0
        #: id -> (message, indexed words) of changed messages, for search
        self._words: dict[str, tuple[Model, str]] = {}
        #: search term -> its FTS5 expansion (bounded by EXPANSIONS_KEPT), this workspace's own
        self._expansions: dict[str, str | None] = {}

    def reset(self) -> None:
        """Forget the episode: placements, search words and search-term expansions."""
        self._placed.clear()
        self._created = 0
        self._words.clear()
        self._expansions.clear()

    def placed(self, message_id: str) -> None:
        """Note where a message about to be written sits (called before its first write)."""
        if message_id in self._placed:
            return
        found = self._store.locate(message_id)
        if found is not None:
            self._placed[message_id] = (found[0], found[2])
        else:
            self._placed[message_id] = (None, self._store.size + self._created)
            self._created += 1

    # --- queries ---------------------------------------------------------------------------

    def select(
        self,
        *,
        folder: str | None = None,
        conversation: str | None = None,
        category: str | None = None,
        filter: str | None = None,
        order_by: str | None = None,
        limit: int | None = None,
        corpus_order: bool = False,
    ) -> list[Message]:
        """Live messages that match, newest first (or by `order_by`, or in corpus order), at
        most `limit` of them. `folder` and `conversation` are exact ids, `category` a label
        name (any case), `filter` and `order_by` OData."""
        where, exact, checks = self._criteria(folder, conversation, category, filter)
        sort, order = None, None
        if order_by:
            sort, order = self._compiled(("order", order_by), lambda: _plan_order(order_by))
        in_sql_order = order_by is None or order is not None
        base = self._base(where, exact, checks, order, limit if in_sql_order else None)
        changed = self._changed(checks)
        if in_sql_order and not changed and not corpus_order:
            return [message for message, _ in base]  # the database's order is the answer's
        items = base + changed
        if corpus_order:
            items.sort(key=lambda pair: pair[1])
        else:
            items.sort(key=_newest_first)
        messages = [message for message, _ in items]
        if sort is not None:
            messages = sort(messages)
        return messages if limit is None else messages[:limit]

    def count(self, *, folder: str | None = None, filter: str | None = None) -> int:
        """How many live messages match (the corpus part from the indexes)."""
        where, exact, checks = self._criteria(folder, None, None, filter)
        if not exact:
            return len(self.select(folder=folder, filter=filter))
        total = self._store.count(where)
        changed = [r for key in self._overlay if (r := self._placed[key][0]) is not None]
        if changed:
            total -= self._store.count(where, among=changed)
        return total + len(self._changed(checks))

    def search(self, terms: list[str], limit: int) -> list[Message]:
        """Newest-first messages where every term starts a word (`store.search`), `limit` of them."""
        overlay = self._overlay
        rows = self._store.search(terms, limit + len(overlay), self._expansions)
        kept = [r for r in rows if r[1] not in overlay][:limit]
        found = self._store.models(kept)
        needles = [f"\n{t}" for t in terms]
        changed = [
            (message, self._placed[key][1])
            for key, message in overlay.items()
            if message is not None and all(n in self._indexed(key, message) for n in needles)
        ]
        if not changed:
            return found
        items = [*zip(found, (r[2] for r in kept), strict=True), *changed]
        items.sort(key=_newest_first)
        return [message for message, _ in items[:limit]]

    def search_page(self, terms: list[str], limit: int) -> tuple[list[Message], int]:
        """`search(terms, limit)` and `search_count(terms)` together: a page that the corpus
        did not fill holds every corpus hit, so its total needs no second query (most pages
        on a small corpus); a full one counts the rest (FTS5 or the scan)."""
        overlay = self._overlay
        wanted = limit + len(overlay)
        rows = self._store.search(terms, wanted, self._expansions)
        kept = [r for r in rows if r[1] not in overlay]
        needles = [f"\n{t}" for t in terms]
        changed = [
            (message, self._placed[key][1])
            for key, message in overlay.items()
            if message is not None and all(n in self._indexed(key, message) for n in needles)
        ]
        # a short page: `kept` is every corpus hit, the changed ones left out
        total = len(kept) + len(changed) if len(rows) < wanted else self.search_count(terms)
        kept = kept[:limit]
        found = self._store.models(kept)
        if not changed:
            return found, total
        items = [*zip(found, (r[2] for r in kept), strict=True), *changed]
        items.sort(key=_newest_first)
        return [message for message, _ in items[:limit]], total

    def search_count(self, terms: list[str]) -> int:
        """How many live messages `search` finds in all (the corpus part counted by FTS5)."""
        total = self._store.search_count(terms, self._expansions)
        changed = [r for key in self._overlay if (r := self._placed[key][0]) is not None]
        if changed:
            total -= self._store.search_count(terms, self._expansions, among=changed)
        needles = [f"\n{t}" for t in terms]
        return total + sum(
            message is not None and all(n in self._indexed(key, message) for n in needles)
            for key, message in self._overlay.items()
        )

    # --- parts ---------------------------------------------------------------------------

    def _criteria(
        self,
        folder: str | None,
        conversation: str | None,
        category: str | None,
        filter: str | None,
    ) -> tuple[Condition | None, bool, list[Check]]:
        """(SQL condition, whether it is exact, Python checks) for the given criteria."""
        conditions: list[Condition] = []
        checks: list[Check] = []
        exact = True
        if folder is not None:
            conditions.append(Condition("folder = ?", (folder,)))
            checks.append(lambda m: m.parentFolderId == folder)
        if conversation is not None:
            conditions.append(Condition("conversation = ?", (conversation,)))
            checks.append(lambda m: m.conversationId == conversation)
        if category is not None:
            key = category.casefold()
            conditions.append(
                Condition(
                    "rowid IN (SELECT msg FROM message_values WHERE field = 'categories' "
                    "AND value = ?)",
                    (key,),
                )
            )
            checks.append(lambda m: any(c.casefold() == key for c in m.categories))
        if filter:
            predicate, plan = self._compiled(("filter", filter), lambda: _plan_filter(filter))
            checks.append(predicate)
            if plan.where is not None:
                conditions.append(plan.where)
            exact = plan.exact
        if not conditions:
            return None, exact, checks
        sql = " AND ".join(f"({c.sql})" for c in conditions)
        return Condition(sql, tuple(p for c in conditions for p in c.params)), exact, checks

    def _base(
        self,
        where: Condition | None,
        exact: bool,
        checks: list[Check],
        order: str | None,
        limit: int | None,
    ) -> list[tuple[Message, int]]:
        """Matching corpus messages the workspace has not changed, with their positions."""
        overlay, store = self._overlay, self._store
        if limit is None:
            rows = [r for r in store.select(where, order, _NO_LIMIT) if r[1] not in overlay]
            pairs = list(zip(store.models(rows), (r[2] for r in rows), strict=True))
            return pairs if exact else [p for p in pairs if all(c(p[0]) for c in checks)]
        found: list[tuple[Message, int]] = []
        offset, batch = 0, limit + len(overlay)
        while len(found) < limit:
            rows = store.select(where, order, batch, offset)
            for start in range(0, len(rows), max(limit, 32)):
                wanted = [r for r in rows[start : start + max(limit, 32)] if r[1] not in overlay]
                if exact:
                    wanted = wanted[: limit - len(found)]
                for row, message in zip(wanted, store.models(wanted), strict=True):
                    if exact or all(c(message) for c in checks):
                        found.append((message, row[2]))
                if len(found) >= limit:
                    return found[:limit]
            if len(rows) < batch:
                break
            offset += batch
            batch *= 2
        return found

    def _changed(self, checks: list[Check]) -> list[tuple[Message, int]]:
        """The workspace's changed and created messages that pass every check."""
        return [
            (message, self._placed[key][1])  # type: ignore[misc]
            for key, message in self._overlay.items()
            if message is not None and all(c(message) for c in checks)
        ]

    def _indexed(self, key: str, message: Model) -> str:
        entry = self._words.get(key)
        if entry is None or entry[0] is not message:
            entry = (message, indexed_words(message))
            self._words[key] = entry
        return entry[1]
