"""The SQL layout of a corpus: which message fields are columns, and how values are stored.

One table of narrow, indexed message columns (`messages`), the message JSON and the
casefolded bodies beside it (`message_json`, `message_bodies`), one row per element of a
list field (`message_values`: recipients, categories, attachment names), the search words
(`message_words`, FTS5, and every distinct word in `message_vocabulary`), what names each
message as written (`message_heads`: for grading's entity universe), every other
collection as validated JSON (`entities`), and what readers derived from the pristine corpus
when it was compiled, each under the key of the code that derived it (`derived`).

Values are stored the way OData compares them (`emailbench_gym.api.odata`): text
casefolded, booleans as 0/1, datetimes as UTC microseconds since 1970 (aware datetimes
compare by instant), None as NULL. A message's rowid is its rank in the default order
(newest first, corpus order among equals), so "newest first" is `ORDER BY rowid`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Literal, get_args

from emailbench_gym.api.models import FlagStatus, Importance, ItemBody, Message

#: Bump when the layout changes: a compiled corpus of another version is refused.
FORMAT_VERSION = 4
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_MICROSECOND = timedelta(microseconds=1)

Kind = Literal["text", "bool", "datetime"]
#: Lengths of the word prefixes FTS5 keeps an index of (`message_words`): a search term this
#: long is one lookup of its prefix's doclist, however many words it starts.
PREFIX_LENGTHS = (1, 2, 3)


@dataclass(frozen=True)
class Column:
    """One scalar message field as a column: name, kind, and how to read it from a message.

    An enumeration (`ranks`: its values in declared order) also gets a `<name>_rank`
    column, since `odata` sorts enumerations by rank and compares them as text.
    """

    name: str
    kind: Kind
    nullable: bool
    read: Callable[[Message], Any]
    indexed: bool = False
    ranks: tuple[str, ...] = ()

    @property
    def sort_name(self) -> str:
        return f"{self.name}_rank" if self.ranks else self.name


@dataclass(frozen=True)
class ListField:
    """A list-valued path (`toRecipients/emailAddress/address`) stored in `message_values`."""

    name: str
    read: Callable[[Message], list[str]]


def stored(kind: Kind, value: Any) -> Any:
    """A Python value as the column stores it (see the module docstring)."""
    if value is None:
        return None
    if kind == "text":
        return value.casefold()
    if kind == "bool":
        return int(value)
    return (value - EPOCH) // _MICROSECOND


def _values(model: type[ItemBody]) -> tuple[str, ...]:
    return get_args(model.model_fields["contentType"].annotation)


def _sender(m: Message) -> Any:
    return m.from_.emailAddress if m.from_ else None


def _people(attribute: str, part: str) -> Callable[[Message], list[str]]:
    return lambda m: [getattr(r.emailAddress, part) for r in getattr(m, attribute)]


#: Attribute path (as `odata.resolve_path` returns it) -> column.
COLUMNS: dict[tuple[str, ...], Column] = {
    ("id",): Column("id_cf", "text", False, lambda m: m.id),
    ("conversationId",): Column("conversation_cf", "text", False, lambda m: m.conversationId),
    ("parentFolderId",): Column("parent_folder_cf", "text", False, lambda m: m.parentFolderId),
    ("subject",): Column("subject_cf", "text", False, lambda m: m.subject, indexed=True),
    ("bodyPreview",): Column("preview_cf", "text", False, lambda m: m.bodyPreview),
    ("body", "contentType"): Column(
        "body_type_cf", "text", False, lambda m: m.body.contentType, ranks=_values(ItemBody)
    ),
    ("from_", "emailAddress", "name"): Column(
        "from_name_cf", "text", True, lambda m: _sender(m) and _sender(m).name, indexed=True
    ),
    ("from_", "emailAddress", "address"): Column(
        "from_address_cf", "text", True, lambda m: _sender(m) and _sender(m).address, indexed=True
    ),
    ("receivedDateTime",): Column(
        "received", "datetime", False, lambda m: m.receivedDateTime, indexed=True
    ),
    ("sentDateTime",): Column("sent", "datetime", True, lambda m: m.sentDateTime, indexed=True),
    ("isRead",): Column("is_read", "bool", False, lambda m: m.isRead, indexed=True),
    ("isDraft",): Column("is_draft", "bool", False, lambda m: m.isDraft),
    ("importance",): Column(
        "importance_cf", "text", False, lambda m: m.importance, True, get_args(Importance)
    ),
    ("flag", "flagStatus"): Column(
        "flag_status_cf", "text", False, lambda m: m.flag.flagStatus, True, get_args(FlagStatus)
    ),
    ("flag", "dueDateTime"): Column("flag_due", "datetime", True, lambda m: m.flag.dueDateTime),
    ("hasAttachments",): Column(
        "has_attachments", "bool", False, lambda m: m.hasAttachments, indexed=True
    ),
    ("inReplyTo",): Column("in_reply_to_cf", "text", True, lambda m: m.inReplyTo),
}
#: The casefolded body lives in its own table (`message_bodies.body_cf`): scans of the
#: narrow `messages` table stay cheap, and only body filters read it.
BODY = Column("body_cf", "text", False, lambda m: m.body.content)
BODY_PATH = ("body", "content")

#: Attribute path -> list field; every element is a non-null string.
LIST_FIELDS: dict[tuple[str, ...], ListField] = {
    ("toRecipients", "emailAddress", "address"): ListField(
        "to_address", _people("toRecipients", "address")
    ),
    ("toRecipients", "emailAddress", "name"): ListField("to_name", _people("toRecipients", "name")),
    ("ccRecipients", "emailAddress", "address"): ListField(
        "cc_address", _people("ccRecipients", "address")
    ),
    ("ccRecipients", "emailAddress", "name"): ListField("cc_name", _people("ccRecipients", "name")),
    ("bccRecipients", "emailAddress", "address"): ListField(
        "bcc_address", _people("bccRecipients", "address")
    ),
    ("bccRecipients", "emailAddress", "name"): ListField(
        "bcc_name", _people("bccRecipients", "name")
    ),
    ("categories",): ListField("categories", lambda m: list(m.categories)),
    ("attachments", "name"): ListField(
        "attachment_name", lambda m: [a.name for a in m.attachments]
    ),
    ("attachments", "contentType"): ListField(
        "attachment_type", lambda m: [a.contentType for a in m.attachments]
    ),
}

#: Optional model-valued paths whose presence (null or not) a column tells.
PRESENCE: dict[tuple[str, ...], str] = {
    ("from_",): "from_address_cf",
    ("from_", "emailAddress"): "from_address_cf",
}
_RANKED = [c for c in COLUMNS.values() if c.ranks]


def sort_columns(attrs: tuple[str, ...]) -> tuple[list[str], str | None] | None:
    """How `odata` orders a path, as columns: (columns in order, the column that is NULL
    when the value is missing, or None), or None when no column can say it."""
    column = COLUMNS.get(attrs)
    if column is not None:
        return [column.sort_name], column.name if column.nullable else None
    if attrs in PRESENCE:  # a person: by name, then address
        return ["from_name_cf", "from_address_cf"], PRESENCE[attrs]
    return None


def message_row(rank: int, position: int, message: Message) -> tuple[Any, ...]:
    """The `messages` row of a message: rowid, pos, id, folder, conversation, then COLUMNS
    and the ranks of the enumerations."""
    values = [stored(c.kind, c.read(message)) for c in COLUMNS.values()]
    ranks = [c.ranks.index(c.read(message)) for c in _RANKED]
    return (
        rank,
        position,
        message.id,
        message.parentFolderId,
        message.conversationId,
        *values,
        *ranks,
    )


def message_head(message: Message) -> tuple[Any, ...]:
    """What names a message, as it is written (not casefolded): id, subject, the people on
    it as (address, name) in from, to, cc order, attachment names, categories. The entity
    universe of grading reads these, not whole messages (`message_heads`)."""
    people = [
        (r.emailAddress.address, r.emailAddress.name)
        for r in (message.from_, *message.toRecipients, *message.ccRecipients)
        if r is not None
    ]
    return (
        message.id,
        message.subject,
        people,
        [a.name for a in message.attachments],
        list(message.categories),
    )


def list_rows(rank: int, message: Message) -> list[tuple[str, str, int]]:
    """The `message_values` rows of a message: (field, casefolded value, rowid)."""
    return [
        (field.name, value.casefold(), rank)
        for field in LIST_FIELDS.values()
        for value in dict.fromkeys(field.read(message))
    ]


def ddl() -> list[str]:
    """The CREATE statements of a corpus database (indexes come after the bulk insert)."""
    columns = ", ".join(
        [
            f"{c.name} {'TEXT' if c.kind == 'text' else 'INTEGER'}{'' if c.nullable else ' NOT NULL'}"
            for c in COLUMNS.values()
        ]
        + [f"{c.sort_name} INTEGER NOT NULL" for c in _RANKED]
    )
    return [
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE entities (collection TEXT NOT NULL, pos INTEGER NOT NULL, "
        "json TEXT NOT NULL, PRIMARY KEY (collection, pos))",
        "CREATE TABLE messages (rowid INTEGER PRIMARY KEY, pos INTEGER NOT NULL, "
        f"id TEXT NOT NULL, folder TEXT NOT NULL, conversation TEXT NOT NULL, {columns})",
        "CREATE TABLE message_json (rowid INTEGER PRIMARY KEY, json TEXT NOT NULL)",
        "CREATE TABLE message_bodies (rowid INTEGER PRIMARY KEY, body_cf TEXT NOT NULL)",
        "CREATE TABLE message_heads (rowid INTEGER PRIMARY KEY, json TEXT NOT NULL)",
        "CREATE TABLE message_values (field TEXT NOT NULL, value TEXT NOT NULL, "
        "msg INTEGER NOT NULL)",
        "CREATE VIRTUAL TABLE message_words USING fts5(words, content='', columnsize=0, "
        f"detail=none, prefix='{' '.join(map(str, PREFIX_LENGTHS))}', "
        "tokenize=\"unicode61 remove_diacritics 0 tokenchars '_'\")",
        "CREATE TABLE message_vocabulary (word TEXT PRIMARY KEY) WITHOUT ROWID",
        "CREATE TABLE derived (name TEXT PRIMARY KEY, key TEXT NOT NULL, data BLOB NOT NULL)",
    ]


def index_ddl() -> list[str]:
    """Indexes, built once after the rows are in (much faster than row by row)."""
    out = [
        "CREATE UNIQUE INDEX messages_id ON messages (id)",
        "CREATE UNIQUE INDEX messages_pos ON messages (pos)",
        "CREATE INDEX messages_folder ON messages (folder, is_read)",
        # covering: a folder's messages in corpus order, and newest first, from the index alone
        "CREATE INDEX messages_folder_pos ON messages (folder, pos, id)",
        "CREATE INDEX messages_folder_rank ON messages (folder, rowid, pos, id)",
        "CREATE INDEX messages_conversation ON messages (conversation)",
        "CREATE INDEX message_values_lookup ON message_values (field, value, msg)",
        "CREATE INDEX message_values_owner ON message_values (msg, field, value)",
    ]
    for column in COLUMNS.values():
        if column.indexed:  # with the folder, so "this value in that folder" stays in the index
            out.append(f"CREATE INDEX messages_{column.name} ON messages ({column.name}, folder)")
            if column.ranks:
                out.append(
                    f"CREATE INDEX messages_{column.sort_name} "
                    f"ON messages ({column.sort_name}, folder)"
                )
            if column.kind == "datetime":  # "before / since then in that folder" as one range
                out.append(
                    f"CREATE INDEX messages_folder_{column.name} ON messages (folder, {column.name})"
                )
            if column.nullable:  # the sort order: missing values last
                out.append(
                    f"CREATE INDEX messages_{column.name}_sorted "
                    f"ON messages ({column.name} IS NULL, {column.name})"
                )
    return out
