"""The corpus database: one SQLite file (or memory image) per corpus, read-only once built.

`create_database` stores a validated corpus (persona, every collection, the message columns,
list values, bodies and search words of `schema`), then builds the indexes and the
planner statistics. `MessageStore` is the read side every workspace of a process shares:
point lookups, ordered and counted selections, full-text search, and a bounded cache of
materialized messages (frozen models, so an entry never goes stale).

One connection serves every workspace and thread, behind a lock. A process forked after
the store was opened reopens a database file (SQLite file handles must not cross a fork)
and keeps its private copy of a database in memory, with a fresh lock either way.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import os
import re
import sqlite3
import threading
import weakref
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from emailbench_gym.api.models import Message, Model
from emailbench_gym.store.schema import (
    BODY,
    COLUMNS,
    FORMAT_VERSION,
    PREFIX_LENGTHS,
    ddl,
    index_ddl,
    list_rows,
    message_head,
    message_row,
    stored,
)
from emailbench_gym.store.search import encode, encoded_words, indexed_words, word_range
from emailbench_gym.store.translate import Condition

#: Materialized messages kept per corpus (about 7 kB each); a smaller corpus is kept whole.
CACHE_SIZE = 4096
#: A search term that starts at most this many words is searched as those words.
EXPANSION = 64
#: Search terms whose expansion one workspace keeps (until its reset).
EXPANSIONS_KEPT = 1024
#: Up to this many messages, search reads an in-memory index of the corpus's words (`_Scan`)
#: instead of asking FTS5, by the same rule: a query for the shipped 65 cost FTS5 about 20 us,
#: a plain scan of their words 13 us (the first wave's search), the index 2 us. Its size grows
#: with words x messages, so a larger corpus stays with FTS5.
SCAN_SEARCH_BELOW = 256
_MISSING = object()
_CHUNK = 500

Row = tuple[int, str, int]  # (rowid = rank newest first, id, corpus position)


def create_database(
    connection: sqlite3.Connection, persona: str, collections: dict[str, Sequence[Model]]
) -> str:
    """Store a validated corpus into an empty database; returns its content fingerprint."""
    digest = hashlib.sha256(persona.encode())
    for statement in ddl():
        connection.execute(statement)
    with connection:
        for name, items in collections.items():
            if name == "messages":
                continue
            rows = []
            for position, item in enumerate(items):
                text = item.model_dump_json(by_alias=True)
                digest.update(f"\n{name}\n{text}".encode())
                rows.append((name, position, text))
            connection.executemany("INSERT INTO entities VALUES (?, ?, ?)", rows)
        messages = list(collections.get("messages", ()))
        texts = [m.model_dump_json(by_alias=True) for m in messages]
        for text in texts:
            digest.update(f"\nmessages\n{text}".encode())
        received = COLUMNS[("receivedDateTime",)]
        order = sorted(
            range(len(messages)), key=lambda i: (-stored("datetime", received.read(messages[i])), i)
        )
        vocabulary: set[str] = set()
        width = 5 + len(COLUMNS) + sum(1 for c in COLUMNS.values() if c.ranks)
        insert_message = f"INSERT INTO messages VALUES ({', '.join('?' * width)})"
        for start in range(0, len(order), _CHUNK):
            chunk = [(start + i + 1, p) for i, p in enumerate(order[start : start + _CHUNK])]
            connection.executemany(
                insert_message, [message_row(rank, p, messages[p]) for rank, p in chunk]
            )
            connection.executemany(
                "INSERT INTO message_json VALUES (?, ?)",
                [(rank, texts[p]) for rank, p in chunk],
            )
            connection.executemany(
                "INSERT INTO message_bodies VALUES (?, ?)",
                [(rank, stored("text", BODY.read(messages[p]))) for rank, p in chunk],
            )
            connection.executemany(
                "INSERT INTO message_heads VALUES (?, ?)",
                [(rank, json.dumps(message_head(messages[p]))) for rank, p in chunk],
            )
            connection.executemany(
                "INSERT INTO message_values VALUES (?, ?, ?)",
                [row for rank, p in chunk for row in list_rows(rank, messages[p])],
            )
            documents = [(rank, encoded_words(messages[p])) for rank, p in chunk]
            vocabulary.update(w for _rank, found in documents for w in found)
            connection.executemany(
                "INSERT INTO message_words (rowid, words) VALUES (?, ?)",
                [(rank, " ".join(found)) for rank, found in documents],
            )
        connection.executemany(
            "INSERT INTO message_vocabulary VALUES (?)", ((w,) for w in sorted(vocabulary))
        )
        fingerprint = digest.hexdigest()
        meta = {
            "format": str(FORMAT_VERSION),
            "persona": persona,
            "fingerprint": fingerprint,
            "messages": str(len(messages)),
        }
        connection.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
    for statement in index_ddl():
        connection.execute(statement)
    connection.execute("INSERT INTO message_words (message_words) VALUES ('optimize')")
    connection.execute("ANALYZE")
    connection.commit()
    return fingerprint


def read_meta(connection: sqlite3.Connection) -> dict[str, str]:
    return dict(connection.execute("SELECT key, value FROM meta"))


def read_entities(connection: sqlite3.Connection) -> dict[str, list[str]]:
    """Every collection but messages, as stored JSON texts in corpus order."""
    out: dict[str, list[str]] = {}
    for name, text in connection.execute(
        "SELECT collection, json FROM entities ORDER BY collection, pos"
    ):
        out.setdefault(name, []).append(text)
    return out


class MessageStore:
    """The read-only messages of one corpus: lookups, selections, search, a bounded cache."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        *,
        path: Path | None = None,
        warm: Sequence[Message] = (),
    ) -> None:
        self._connection = connection
        _functions(connection)
        self._path = path
        self._pid = os.getpid()
        self._lock = threading.Lock()
        self.size: int = int(read_meta(connection)["messages"])
        self.fingerprint: str = read_meta(connection)["fingerprint"]
        self.capacity = CACHE_SIZE
        self._models: dict[str, Message] = {m.id: m for m in warm[: self.capacity]}
        #: Whether `_models` holds every corpus message (then an id it lacks is not one).
        self._complete = len(self._models) == self.size
        self._pristine: dict[str, Message] | None = None
        #: `locate`'s rows of corpus messages, bounded like the models; a corpus that fits the
        #: cache has all its rows read at once (then an id it lacks is not a corpus message).
        self._rows: dict[str, Row] = {}
        self._all_rows = False
        #: Every materialized message still referenced anywhere (a snapshot's list, a result):
        #: a second full pass reuses them instead of parsing again, at no memory cost.
        self._alive: weakref.WeakValueDictionary[str, Message] = weakref.WeakValueDictionary()
        #: The in-memory word index of a corpus of at most SCAN_SEARCH_BELOW messages, built on
        #: its first search (the corpus's own words: no query leaves anything in it).
        self._scanned: _Scan | None = None

    def bound(self, capacity: int) -> None:
        """Keep at most `capacity` materialized messages from now on (less memory, more reads)."""
        with self._lock:
            self.capacity = capacity
            self._pristine = None
            self._complete = False
            self._rows.clear()
            self._all_rows = False
            for key in list(self._models)[: max(0, len(self._models) - capacity)]:
                self._models.pop(key, None)

    @property
    def whole(self) -> bool:
        """Whether every message fits in the cache (small corpora behave like plain dicts)."""
        return self.size <= self.capacity

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        if os.getpid() != self._pid:
            self._after_fork()
        with self._lock:
            return self._connection.execute(sql, params).fetchall()

    def _after_fork(self) -> None:
        self._lock = threading.Lock()  # the parent's may have been held at the fork
        if self._path is not None:
            self._connection = open_database(self._path)
            _functions(self._connection)
        self._pid = os.getpid()

    def save(self, path: Path) -> None:
        """Copy the whole corpus database into the (new) file at `path`."""
        target = sqlite3.connect(path)
        try:
            with self._lock:
                self._connection.backup(target)
        finally:
            target.close()

    # --- single messages -------------------------------------------------------------------

    def get(self, message_id: str) -> Message | None:
        """The corpus message with this id, or None."""
        cached = self._models.get(message_id)
        if cached is not None or self._complete or self._pristine is not None:
            return cached
        rows = self._query(
            "SELECT j.json FROM messages m JOIN message_json j ON j.rowid = m.rowid WHERE m.id = ?",
            (message_id,),
        )
        if not rows:
            return None
        message = self._alive.get(message_id)
        if message is None:
            message = Message.model_validate_json(rows[0][0])
            self._alive[message_id] = message
        return self._remember(message)

    def locate(self, message_id: str) -> Row | None:
        """(rowid, id, position) of a corpus message, or None."""
        rows = self._rows
        if message_id in rows:
            return rows[message_id]
        if self._all_rows:
            return None
        if self.whole:
            found = {r[1]: r for r in self._query("SELECT rowid, id, pos FROM messages")}
            with self._lock:
                rows.update(found)
                self._all_rows = True
            return found.get(message_id)
        hits = self._query("SELECT rowid, id, pos FROM messages WHERE id = ?", (message_id,))
        if not hits:
            return None
        with self._lock:
            if len(rows) >= self.capacity:
                for key in list(rows)[: max(1, self.capacity // 8)]:
                    rows.pop(key, None)
            rows[message_id] = hits[0]
        return hits[0]

    def _remember(self, message: Message) -> Message:
        models = self._models
        if len(models) >= self.capacity:
            with self._lock:
                for key in list(models)[: max(1, self.capacity // 8)]:
                    models.pop(key, None)
        models[message.id] = message
        return message

    def models(self, rows: Sequence[Row]) -> list[Message]:
        """The messages of `rows`, in their order (cached ones from the cache)."""
        return self._materialize(rows, keep=True)

    def _materialize(self, rows: Sequence[Row], keep: bool) -> list[Message]:
        """Messages for rows: from the cache, else a model still alive somewhere (another
        snapshot's list), else parsed from the database (and cached if `keep`)."""
        found: dict[str, Message] = {}
        for row in rows:
            message = self._models.get(row[1])
            if message is None:
                message = self._alive.get(row[1])
            if message is not None:
                found[row[1]] = message
        missing = [r[0] for r in rows if r[1] not in found]
        for start in range(0, len(missing), _CHUNK):
            chunk = missing[start : start + _CHUNK]
            marks = ", ".join("?" * len(chunk))
            for (text,) in self._query(
                f"SELECT json FROM message_json WHERE rowid IN ({marks})", chunk
            ):
                message = Message.model_validate_json(text)
                self._alive[message.id] = message
                found[message.id] = self._remember(message) if keep else message
        return [found[r[1]] for r in rows]

    def read(self, rows: Sequence[Row]) -> list[Message]:
        """The messages of `rows`, in their order, without filling the cache (a one-off read)."""
        return self._materialize(rows, keep=False)

    def iter_models(self) -> Iterator[Message]:
        """Every corpus message in corpus order, without filling the cache."""
        position = -1
        while True:
            rows = self._query(
                "SELECT rowid, id, pos FROM messages WHERE pos > ? ORDER BY pos LIMIT ?",
                (position, _CHUNK),
            )
            if not rows:
                return
            yield from self._materialize(rows, keep=False)
            position = rows[-1][2]

    def heads(self) -> Iterator[tuple[Any, ...]]:
        """`schema.message_head` of every corpus message, in corpus order (no message is
        parsed: what grading's entity universe reads over a large corpus)."""
        position = -1
        while True:
            rows = self._query(
                "SELECT m.pos, h.json FROM messages m JOIN message_heads h ON h.rowid = m.rowid "
                "WHERE m.pos > ? ORDER BY m.pos LIMIT ?",
                (position, _CHUNK * 20),
            )
            if not rows:
                return
            for _, text in rows:
                yield tuple(json.loads(text))
            position = rows[-1][0]

    def head(self, message_id: str) -> tuple[Any, ...] | None:
        """`schema.message_head` of one corpus message (None: not a corpus message)."""
        rows = self._query(
            "SELECT h.json FROM messages m JOIN message_heads h ON h.rowid = m.rowid "
            "WHERE m.id = ?",
            (message_id,),
        )
        return tuple(json.loads(rows[0][0])) if rows else None

    def derived(self, name: str) -> tuple[str, bytes] | None:
        """(key, data) of what a reader stored under `name` when the corpus was compiled
        (`store_derived`), or None."""
        rows = self._query("SELECT key, data FROM derived WHERE name = ?", (name,))
        return (rows[0][0], bytes(rows[0][1])) if rows else None

    def in_order(self) -> Iterable[Message]:
        """Every corpus message in corpus order; kept as one list when the corpus fits the cache."""
        pristine = self.pristine()
        return self.iter_models() if pristine is None else pristine.values()

    def pristine(self) -> dict[str, Message] | None:
        """Every corpus message by id, in corpus order, when the corpus fits the cache."""
        if self._pristine is None and self.whole:
            pristine = {m.id: m for m in self.iter_models()}
            self._models.update(pristine)
            self._pristine = pristine
        return self._pristine

    def ids(self) -> list[str]:
        """Every corpus message id, in corpus order."""
        return [r[0] for r in self._query("SELECT id FROM messages ORDER BY pos")]

    def folder_rows(self, folder_id: str) -> list[Row]:
        """The rows of the corpus messages in one folder, in corpus order: one range of the
        covering index `messages_folder_pos` (folder, pos, id), no table read, no sort."""
        return self._query(
            "SELECT rowid, id, pos FROM messages WHERE folder = ? ORDER BY pos", (folder_id,)
        )

    # --- selections ------------------------------------------------------------------------

    def select(
        self, where: Condition | None, order: str | None, limit: int, offset: int = 0
    ) -> list[Row]:
        """Matching rows in `order` (then newest first), `limit` of them after `offset`."""
        sql = "SELECT rowid, id, pos FROM messages"
        params: tuple[Any, ...] = ()
        if where is not None:
            sql += f" WHERE {where.sql}"
            params = where.params
        sql += f" ORDER BY {order + ', ' if order else ''}rowid LIMIT ? OFFSET ?"
        return self._query(sql, (*params, limit, offset))

    def count(self, where: Condition | None, among: Sequence[int] | None = None) -> int:
        """How many messages match (only among rowids `among`, when given)."""
        clauses, params = [], []
        if where is not None:
            clauses.append(where.sql)
            params.extend(where.params)
        if among is not None:
            clauses.append("rowid IN (SELECT value FROM json_each(?))")
            params.append("[" + ",".join(map(str, among)) + "]")
        sql = "SELECT count(*) FROM messages" + (
            f" WHERE {' AND '.join(clauses)}" if clauses else ""
        )
        return self._query(sql, params)[0][0]

    def _expansion(self, term: str, kept: dict[str, str | None]) -> str | None:
        """A term as FTS5 query text: the words it starts, or a prefix query; None: no word.

        A term as long as an FTS5 prefix index (`PREFIX_LENGTHS`) is always a prefix query:
        one doclist, where an OR of the few dozen words a short term starts merges them all
        (a count of 'e' at 100k: 20 ms as an OR, 3 ms as a prefix). Both match the same
        messages, the words of the vocabulary being those of the index.

        `kept` is the caller's own cache of expansions (a workspace's: nothing about what one
        workspace searched stays in the store that every workspace of the corpus shares).
        """
        found = kept.get(term, _MISSING)
        if found is _MISSING:
            low, high = word_range(encode(term))
            words = self._query(
                "SELECT word FROM message_vocabulary WHERE word >= ? AND word < ? LIMIT ?",
                (low, high, 1 if len(low) in PREFIX_LENGTHS else EXPANSION + 1),
            )
            if not words:
                found = None
            elif len(low) in PREFIX_LENGTHS or len(words) > EXPANSION:
                found = f'"{low}"*'
            else:
                found = "(" + " OR ".join(f'"{w}"' for (w,) in words) + ")"
            if len(kept) >= EXPANSIONS_KEPT:
                kept.pop(next(iter(kept)), None)
            kept[term] = found
        return found  # type: ignore[return-value]

    def _match(self, terms: Sequence[str], kept: dict[str, str | None]) -> str | None:
        """The FTS5 query for `terms`, or None when some term starts no word."""
        parts = []
        for term in terms:
            part = self._expansion(term, kept)
            if part is None:
                return None
            parts.append(part)
        return " AND ".join(parts)

    def search(self, terms: Sequence[str], limit: int, kept: dict[str, str | None]) -> list[Row]:
        """Rows where every term starts a word, newest first (see `search`); `kept`: the
        caller's cache of term expansions."""
        scanned = self._scan()
        if scanned is not None:
            return scanned.hits(terms, limit)
        match = self._match(terms, kept)
        if match is None:
            return []
        return self._query(
            "SELECT m.rowid, m.id, m.pos FROM message_words w JOIN messages m ON m.rowid = w.rowid "
            "WHERE message_words MATCH ? ORDER BY w.rowid LIMIT ?",
            (match, limit),
        )

    def search_count(
        self,
        terms: Sequence[str],
        kept: dict[str, str | None],
        among: Sequence[int] | None = None,
    ) -> int:
        """How many rows `search` finds in all (only among rowids `among`, when given)."""
        scanned = self._scan()
        if scanned is not None:
            return scanned.matches(terms, among).bit_count()
        match = self._match(terms, kept)
        if match is None:
            return 0
        sql = "SELECT count(*) FROM message_words WHERE message_words MATCH ?"
        params: list[Any] = [match]
        if among is not None:
            sql += " AND rowid IN (SELECT value FROM json_each(?))"
            params.append("[" + ",".join(map(str, among)) + "]")
        return self._query(sql, params)[0][0]

    def _scan(self) -> _Scan | None:
        """The in-memory word index, for a small corpus; else None (FTS5 answers)."""
        if self.size > SCAN_SEARCH_BELOW:
            return None
        scanned = self._scanned
        if scanned is None:
            rows = self._query("SELECT rowid, id, pos FROM messages ORDER BY rowid")
            models = self._materialize(rows, keep=True)
            scanned = _Scan([(row, indexed_words(m)) for row, m in zip(rows, models, strict=True)])
            self._scanned = scanned  # built whole, then published: readers see all or none
        return scanned


class _Scan:
    """A small corpus searched in memory: every distinct word of its messages, sorted, each
    with the set of messages it is in (a bit per message, in rowid order: newest first, as
    FTS5 returns them). A term matches the words it starts, found by bisection, the same rule
    as the index and as `indexed_words` (a word that starts with the term)."""

    def __init__(self, entries: list[tuple[Row, str]]) -> None:
        self.rows = [row for row, _ in entries]
        self.bit = {row[0]: 1 << index for index, (row, _) in enumerate(entries)}
        postings: dict[str, int] = {}
        for index, (_, text) in enumerate(entries):
            for word in text.split("\n"):
                if word:
                    postings[word] = postings.get(word, 0) | 1 << index
        self.words = sorted(postings)
        self.postings = [postings[w] for w in self.words]

    def matches(self, terms: Sequence[str], among: Sequence[int] | None = None) -> int:
        """The messages (as bits) of `among`, or of all, in which every term starts a word."""
        found = (1 << len(self.rows)) - 1
        if among is not None:
            found = 0
            for rowid in among:
                found |= self.bit.get(rowid, 0)
        words, postings = self.words, self.postings
        for term in terms:
            index = bisect.bisect_left(words, term)
            having = 0
            while index < len(words) and words[index].startswith(term):
                having |= postings[index]
                index += 1
            found &= having
            if not found:
                break
        return found

    def hits(self, terms: Sequence[str], limit: int) -> list[Row]:
        """The first `limit` rows, newest first, in which every term starts a word."""
        found, rows, out = self.matches(terms), self.rows, []
        while found and len(out) < limit:
            lowest = found & -found
            out.append(rows[lowest.bit_length() - 1])
            found ^= lowest
        return out


def store_derived(path: Path, key: str, entries: Mapping[str, bytes]) -> None:
    """Store `entries` (name -> data) into a corpus database file being compiled (before any
    process opens it: a compiled file is immutable once written), each tagged with `key`, the
    version of the code that derived it, so a reader can tell a stale entry."""
    connection = sqlite3.connect(path)
    try:
        with connection:
            connection.executemany(
                "INSERT OR REPLACE INTO derived VALUES (?, ?, ?)",
                [(name, key, data) for name, data in entries.items()],
            )
    finally:
        connection.close()


def _regexp(pattern: str, value: Any) -> bool:
    """`value REGEXP pattern` as Python's `re.search` decides it (grading's `regex`)."""
    return (
        isinstance(value, str)
        and isinstance(pattern, str)
        and re.search(pattern, value) is not None
    )


def _functions(connection: sqlite3.Connection) -> None:
    """The SQL functions queries may use: REGEXP (Python's `re.search`)."""
    connection.create_function("regexp", 2, _regexp, deterministic=True)


def open_database(path: Path) -> sqlite3.Connection:
    """A read-only connection to a compiled corpus file (it is never written again)."""
    connection = sqlite3.connect(
        f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True, check_same_thread=False
    )
    connection.execute("PRAGMA query_only = 1")
    return connection
