"""The deterministic persona corpus: loaded from `corpus/*.json`, validated once per process.

Every entity is parsed into its frozen pydantic model, ids are checked for
uniqueness and every reference (folder, calendar, list, board, column, user,
contact) must resolve. A problem raises `CorpusError` naming the file, the
entity and the field. `build_corpus` applies the same checks to models built in
code (generated worlds), and `write_corpus` writes any corpus back as the files.

Messages are kept in a SQLite corpus database (`emailbench_gym.store`): indexed columns,
full-text search words and the validated JSON, materialized into models on demand and
cached up to a bound. A corpus from files or from code is put in an in-memory database;
for large corpora, `compile_corpus` writes that database to a file once, and
`load_corpus(file)` then opens it in milliseconds whatever the number of messages.
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pydantic import ValidationError

from emailbench_gym.api.models import (
    Board,
    BoardColumn,
    BoardTask,
    Calendar,
    Contact,
    ContactGroup,
    Event,
    Label,
    MailboxSettings,
    MailFolder,
    Message,
    MessageRule,
    Model,
    TodoList,
    TodoTask,
    User,
)
from emailbench_gym.errors import CorpusError
from emailbench_gym.paths import data_dir
from emailbench_gym.store.database import (
    MessageStore,
    create_database,
    open_database,
    read_entities,
    read_meta,
    store_derived,
)
from emailbench_gym.store.schema import FORMAT_VERSION

#: Snapshot collection -> (file in corpus/, model).
CORPUS_FILES: dict[str, tuple[str, type[Model]]] = {
    "users": ("users.json", User),
    "folders": ("folders.json", MailFolder),
    "messages": ("messages.json", Message),
    "filters": ("filters.json", MessageRule),
    "calendars": ("calendars.json", Calendar),
    "events": ("events.json", Event),
    "contacts": ("contacts.json", Contact),
    "contact_groups": ("contact_groups.json", ContactGroup),
    "todo_lists": ("todo_lists.json", TodoList),
    "todo_tasks": ("todo_tasks.json", TodoTask),
    "boards": ("boards.json", Board),
    "board_columns": ("board_columns.json", BoardColumn),
    "board_tasks": ("board_tasks.json", BoardTask),
    "labels": ("labels.json", Label),
}


class StoredMessages(Mapping[str, Model]):
    """The corpus messages as a read-only mapping id -> Message, read from the store."""

    def __init__(self, store: MessageStore) -> None:
        self._store = store

    def __getitem__(self, message_id: str) -> Model:
        message = self._store.get(message_id) if isinstance(message_id, str) else None
        if message is None:
            raise KeyError(message_id)
        return message

    def __iter__(self) -> Iterator[str]:
        return iter(self._store.ids())

    def __len__(self) -> int:
        return self._store.size

    def values(self) -> Iterable[Model]:  # type: ignore[override]
        return self._store.in_order()


@dataclass(frozen=True)
class Corpus:
    """The pristine, immutable corpus: collections of frozen models keyed by id.

    `store` is the indexed message database behind `collections["messages"]`.
    """

    now: datetime
    me: User
    settings: MailboxSettings
    collections: dict[str, Mapping[str, Model]]
    root: Path | None  # None for a corpus built in code (build_corpus)
    store: MessageStore

    @property
    def fingerprint(self) -> str:
        """A hash of the whole pristine content: equal fingerprints, equal corpora."""
        return self.store.fingerprint

    def items(self, collection: str) -> list[Model]:
        return list(self.collections[collection].values())


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CorpusError(f"{path.name}: file missing from {path.parent}") from None
    except json.JSONDecodeError as exc:
        raise CorpusError(f"{path.name}: invalid JSON at line {exc.lineno}: {exc.msg}") from None


def _explain(file: str, entity: str, exc: ValidationError) -> CorpusError:
    err = exc.errors(include_url=False)[0]
    field = "/".join(str(p) for p in err["loc"]) or "(entity)"
    return CorpusError(
        f"{file}: {entity}: field '{field}': {err['msg']} (got {err.get('input')!r})"
    )


def _parse(path: Path, model: type[Model]) -> dict[str, Model]:
    raw = _read_json(path)
    if not isinstance(raw, list):
        raise CorpusError(
            f"{path.name}: expected a JSON list of entities, got {type(raw).__name__}"
        )
    items: dict[str, Model] = {}
    for index, entry in enumerate(raw):
        entity = f"entity #{index}" + (f" ({entry.get('id')})" if isinstance(entry, dict) else "")
        try:
            item = model.model_validate(entry)
        except ValidationError as exc:
            raise _explain(path.name, entity, exc) from None
        if item.id in items:  # type: ignore[attr-defined]
            raise CorpusError(f"{path.name}: {entity}: field 'id': duplicate id")
        items[item.id] = item  # type: ignore[attr-defined]
    return items


def _check_refs(
    file: str, items: Iterable[Model], field: str, known: set[str] | dict[str, Any], many=False
) -> None:
    for item in items:
        values = getattr(item, field)
        for value in values if many else [values]:
            if value is not None and value not in known:
                raise CorpusError(
                    f"{file}: entity {item.id}: field '{field}': unknown reference {value!r}"  # type: ignore[attr-defined]
                )


def load_corpus(root: str | Path | None = None) -> Corpus:
    """Load the corpus in `root`, cached per path: a folder of JSON files (default: the shipped
    `corpus/`), validated, or a database file written by `compile_corpus`."""
    return _load(Path(root).resolve() if root else data_dir("corpus"))


def build_corpus(
    now: datetime,
    me: str,
    settings: MailboxSettings,
    collections: Mapping[str, Iterable[Model]],
    root: Path | None = None,
) -> Corpus:
    """Validate models built in code (a generated world) into a `Corpus`, with the files' checks.

    `collections` maps every name of CORPUS_FILES to its models; ids must be unique and
    every reference must resolve, exactly as `load_corpus` demands of the JSON files.
    """
    missing = [name for name in CORPUS_FILES if name not in collections]
    if missing:
        raise CorpusError(f"build_corpus: collections missing: {', '.join(missing)}")
    parsed: dict[str, dict[str, Model]] = {}
    for name, (file, model) in CORPUS_FILES.items():
        items: dict[str, Model] = {}
        for index, item in enumerate(collections[name]):
            if not isinstance(item, model):
                raise CorpusError(
                    f"{file}: entity #{index}: expected a {model.__name__}, got {type(item).__name__}"
                )
            if item.id in items:  # type: ignore[attr-defined]
                raise CorpusError(f"{file}: entity {item.id}: field 'id': duplicate id")  # type: ignore[attr-defined]
            items[item.id] = item  # type: ignore[attr-defined]
        parsed[name] = items
    return _assemble(now, me, settings, parsed, root)


def corpus_documents(corpus: Corpus) -> dict[str, str]:
    """The text of every corpus file (persona.json, then CORPUS_FILES), in the shipped form:
    `indent=2`, non-ASCII kept, a final newline."""
    documents = {"persona.json": _dumps(_persona(corpus.now, corpus.me.id, corpus.settings))}
    for name, (file, _) in CORPUS_FILES.items():
        documents[file] = _dumps(
            [i.model_dump(mode="json", by_alias=True) for i in corpus.items(name)]
        )
    return documents


def write_corpus(corpus: Corpus, folder: str | Path) -> Path:
    """Write `corpus` as the shipped JSON files into `folder` (created if needed).

    `load_corpus(folder)` reads back an equal corpus, and writing the shipped corpus
    reproduces its files byte for byte.
    """
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    for file, text in corpus_documents(corpus).items():
        (target / file).write_text(text, encoding="utf-8")
    return target


def _dumps(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def compile_corpus(source: Corpus | str | Path, target: str | Path) -> Path:
    """Write a corpus (a `Corpus`, or the JSON folder to load) as a database file `target`.

    `load_corpus(target)` then opens it in milliseconds, at 100,000 messages as at 65. The
    file also holds grading's entity universe of the pristine state (built here once, not by
    the first grade of every process: `grading.claims.stored`). It is replaced atomically, so
    a process that has the old one open keeps reading it.
    """
    from emailbench_gym.grading.claims.stored import universe_record

    corpus = source if isinstance(source, Corpus) else _read(Path(source).resolve())
    target = Path(target)
    handle, temporary = tempfile.mkstemp(prefix=".corpus-", suffix=".sqlite", dir=target.parent)
    os.close(handle)
    try:
        corpus.store.save(Path(temporary))
        record = universe_record(corpus)
        if record is not None:
            store_derived(Path(temporary), *record)
        os.replace(temporary, target)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return target


def _persona(now: datetime, me_id: str, settings: MailboxSettings) -> dict[str, Any]:
    """persona.json's content (also what a compiled corpus stores and fingerprints)."""
    return {
        "now": now.isoformat(),
        "me": me_id,
        "settings": settings.model_dump(mode="json", by_alias=True),
    }


def _read_persona(persona: Any) -> tuple[datetime, str, MailboxSettings]:
    try:
        now = datetime.fromisoformat(persona["now"])
        settings = MailboxSettings.model_validate(persona["settings"])
        me_id = persona["me"]
    except KeyError as exc:
        raise CorpusError(f"persona.json: field '{exc.args[0]}' is required") from None
    except ValidationError as exc:
        raise _explain("persona.json", "settings", exc) from None
    except (TypeError, ValueError) as exc:
        raise CorpusError(f"persona.json: field 'now': {exc}") from None
    return now, me_id, settings


def _read(root: Path) -> Corpus:
    if root.is_file():
        return _open(root)
    now, me_id, settings = _read_persona(_read_json(root / "persona.json"))
    parsed = {name: _parse(root / file, model) for name, (file, model) in CORPUS_FILES.items()}
    return _assemble(now, me_id, settings, parsed, root)


_load = functools.lru_cache(maxsize=4)(_read)


def _open(path: Path) -> Corpus:
    """A corpus from a database file written by `compile_corpus` (checked when it was written)."""
    try:
        connection = open_database(path)
        meta = read_meta(connection)
        texts = read_entities(connection)
    except sqlite3.DatabaseError as exc:
        raise CorpusError(f"{path.name}: not a compiled corpus ({exc})") from None
    if meta.get("format") != str(FORMAT_VERSION):
        raise CorpusError(
            f"{path.name}: compiled corpus format {meta.get('format')!r}, this version reads "
            f"{FORMAT_VERSION}; write it again with emailbench_gym.corpus.compile_corpus"
        )
    now, me_id, settings = _read_persona(json.loads(meta["persona"]))
    parsed: dict[str, dict[str, Model]] = {}
    for name, (_file, model) in CORPUS_FILES.items():
        if name != "messages":
            items = (model.model_validate_json(text) for text in texts.get(name, []))
            parsed[name] = {item.id: item for item in items}  # type: ignore[attr-defined]
    return _freeze(now, me_id, settings, parsed, path, MessageStore(connection, path=path))


def _assemble(
    now: datetime,
    me_id: str,
    settings: MailboxSettings,
    parsed: dict[str, dict[str, Model]],
    root: Path | None,
) -> Corpus:
    """Check the clock and every cross-reference, then freeze the collections into a Corpus."""
    if now.tzinfo is None:
        raise CorpusError(
            "persona.json: field 'now': needs a UTC offset, e.g. 2001-11-05T15:00:00Z"
        )
    users, folders = parsed["users"], parsed["folders"]
    if me_id not in users:
        raise CorpusError(f"persona.json: field 'me': {me_id!r} is not in users.json")
    _check_offsets(parsed["messages"].values())
    _check_refs("messages.json", parsed["messages"].values(), "parentFolderId", folders)
    _check_refs("folders.json", folders.values(), "parentFolderId", folders)
    _check_refs("events.json", parsed["events"].values(), "calendarId", parsed["calendars"])
    _check_refs("todo_tasks.json", parsed["todo_tasks"].values(), "listId", parsed["todo_lists"])
    _check_refs("boards.json", parsed["boards"].values(), "ownerId", users)
    _check_refs("board_columns.json", parsed["board_columns"].values(), "boardId", parsed["boards"])
    _check_refs("board_tasks.json", parsed["board_tasks"].values(), "boardId", parsed["boards"])
    _check_refs(
        "board_tasks.json", parsed["board_tasks"].values(), "columnId", parsed["board_columns"]
    )
    _check_refs("board_tasks.json", parsed["board_tasks"].values(), "assigneeIds", users, many=True)
    _check_refs("users.json", users.values(), "managerId", users)
    _check_refs(
        "contact_groups.json",
        parsed["contact_groups"].values(),
        "memberIds",
        parsed["contacts"],
        many=True,
    )
    rules = parsed["filters"].values()
    for rule in rules:
        target = rule.actions.moveToFolder  # type: ignore[attr-defined]
        if target is not None and target not in folders:
            raise CorpusError(
                f"filters.json: entity {rule.id}: field 'actions/moveToFolder': unknown folder {target!r}"  # type: ignore[attr-defined]
            )
    persona = json.dumps(_persona(now, me_id, settings))
    connection = sqlite3.connect(":memory:", check_same_thread=False)
    create_database(
        connection, persona, {name: list(items.values()) for name, items in parsed.items()}
    )
    store = MessageStore(connection, warm=list(parsed["messages"].values()))  # type: ignore[arg-type]
    return _freeze(now, me_id, settings, parsed, root, store)


def _freeze(
    now: datetime,
    me_id: str,
    settings: MailboxSettings,
    parsed: dict[str, dict[str, Model]],
    root: Path | None,
    store: MessageStore,
) -> Corpus:
    collections: dict[str, Mapping[str, Model]] = {
        name: StoredMessages(store) if name == "messages" else MappingProxyType(parsed[name])
        for name in CORPUS_FILES
    }
    return Corpus(
        now=now,
        me=parsed["users"][me_id],  # type: ignore[arg-type]
        settings=settings,
        collections=collections,
        root=root,
        store=store,
    )


def _check_offsets(messages: Iterable[Model]) -> None:
    """Message datetimes carry an offset, so they compare by instant (as the index stores them)."""
    for message in messages:
        values = {
            "receivedDateTime": message.receivedDateTime,  # type: ignore[attr-defined]
            "sentDateTime": message.sentDateTime,  # type: ignore[attr-defined]
            "flag/dueDateTime": message.flag.dueDateTime,  # type: ignore[attr-defined]
        }
        for field, value in values.items():
            if value is not None and value.tzinfo is None:
                raise CorpusError(
                    f"messages.json: entity {message.id}: field '{field}': needs a UTC offset, "  # type: ignore[attr-defined]
                    "e.g. 2001-11-05T15:00:00Z"
                )
