"""What an answer can name: every entity of the workspace, by kind, with the names people use for it.

A `Universe` is built once per scenario from its start state: people (users, contacts
and everyone on a message or an invitation, keyed by email address), events, messages
(grouped by subject, since a thread shares one), to-dos and their checklist steps,
board cards, folders, rules, contact groups, to-do lists, boards, columns, calendars,
labels and categories, attachments, companies, departments and locations. Each gets
its aliases: the full name plus the short forms people write ("Rick Shapiro",
"Kitchen", "the Dynegy Review", "Arthur Andersen" for "Arthur Andersen LLP"), kept only
where they are unambiguous. `find_mentions` walks a token trie of all aliases once
over the answer (leftmost-longest), so a todo title that contains an event's name is
read as the todo, and the cost is linear in the answer whatever the mailbox size.
Phone numbers are entities too, found by the value recognizer rather than by name.
`to_data` / `from_data` write and read a universe as JSON (a compiled corpus stores the
universe of its pristine state: `grading.claims.stored`); a universe read back decodes
each kind of entity, and each name's entities, only when they are first asked for.
"""

from __future__ import annotations

import json
import re
import threading
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from emailbench_gym.grading.claims.lexicon import COMPANY_SUFFIXES, MONTHS, NICKNAMES, WEEKDAYS
from emailbench_gym.grading.claims.text import NameTokens, Text, Token, word_tokens

#: A stored part of a universe: its JSON text, or what reads that text when first needed.
Stored = str | Callable[[], str]

#: The kinds of things an answer names. `literal` entities come from a claim's own list.
ENTITY_KINDS: tuple[str, ...] = (
    "person",
    "event",
    "message",
    "task",
    "checklist",
    "card",
    "folder",
    "rule",
    "group",
    "list",
    "board",
    "column",
    "calendar",
    "label",
    "attachment",
    "company",
    "department",
    "location",
    "phone",
    "literal",
)
#: The role of a person entity that is a system account (userType "system": "EnronOnline",
#: "GasBank"): its name is often also the name of the platform or service it reports on.
SYSTEM = "system"
#: Kinds whose entities are keyed by their (folded) name rather than an id.
_NAME_KEYED = frozenset({"company", "department", "label", "location", "attachment", "column"})
_PREFIX = re.compile(r"^\s*(?:(?:re|fw|fwd)\s*:\s*)+", re.I)
_PARENTHETICAL = re.compile(r"\s*\([^)]*\)\s*$")
_ROOM_SUFFIX = re.compile(r"\s+(?:small\s+)?(?:conference\s+room|meeting\s+room|room)\b.*$", re.I)
#: Single words too common to stand alone as a name, even capitalised.
_COMMON = frozenset(
    [
        "the",
        "a",
        "an",
        "and",
        "or",
        "of",
        "for",
        "to",
        "in",
        "on",
        "at",
        "by",
        "with",
        "from",
        "my",
        "your",
        "our",
        "review",
        "update",
        "meeting",
        "call",
        "report",
        "summary",
        "draft",
        "notes",
        "note",
        "email",
        "mail",
        "new",
        "old",
        "all",
        "done",
        "today",
        "week",
        "inbox",
        "sent",
        "items",
        "open",
        "close",
        "high",
        "low",
        "normal",
        "urgent",
        "medium",
        "final",
        "next",
        "last",
        "first",
    ]
)


@dataclass(frozen=True)
class Alias:
    tokens: tuple[str, ...]
    raw: tuple[str, ...] | None = None  # set when the alias must match with this capitalisation


@dataclass
class Entity:
    kind: str
    key: str
    label: str
    aliases: list[Alias] = field(default_factory=list)
    roles: tuple[str, ...] = ()  # for phones: "mobile" / "business"


@dataclass(frozen=True)
class EntityMention:
    """A span of the answer that names one or more entities (an alias may be shared)."""

    start: int  # character offsets in Text.text
    end: int
    first: int  # token indexes [first, last)
    last: int
    refs: tuple[tuple[str, str], ...]  # (kind, key)

    def names(self, kind: str) -> list[str]:
        return [key for k, key in self.refs if k == kind]


class MessageGroups:
    """Message id -> subject key of a corpus's messages, worked out per message when asked
    (a stored universe: `Universe.from_data`), by the rule `build_universe` applies to all."""

    def __init__(self, subject_of: Callable[[str], str | None], fold: Callable[[str], str]) -> None:
        self._subject_of = subject_of  # a message's subject as written; None: no such message
        self._fold = fold
        self._found: dict[str, str | None] = {}

    def get(self, message_id: str, default: str | None = None) -> str | None:
        if message_id not in self._found:
            subject = self._subject_of(message_id)
            self._found[message_id] = (
                None if subject is None else subject_group(subject, self._fold)[1] or message_id
            )
        found = self._found[message_id]
        return default if found is None else found


def subject_group(raw_subject: str, fold: Callable[[str], str]) -> tuple[str, str]:
    """A message's subject without RE:/FW: and the key of its group, the folded subject that
    every message of the thread shares ("" when nothing of it folds: then the message id)."""
    subject = _PREFIX.sub("", raw_subject).strip() or raw_subject
    return subject, fold(subject)


class Universe:
    """Every nameable entity of a start state, with an index of its names for finding mentions.

    `_names` maps every name, and every leading part of one, as its tokens joined by spaces,
    to the entities it names (None for a part that names nothing by itself): a trie kept
    flat, so a stored universe reads it back as one dict of strings.
    """

    def __init__(self) -> None:
        self._entities: dict[str, dict[str, Entity]] = defaultdict(dict)
        #: kind -> its entities as stored text (or what reads it), read on first use
        self._unread: dict[str, Stored] = {}
        #: kind -> the keys of its entities as stored JSON text (or what reads it), or decoded
        self._stored_keys: dict[str, Stored | list[str]] = {}
        #: the sorted labels as stored JSON text, or what reads it (`_sorted_labels`)
        self._stored_labels: Stored | None = None
        self._reading = threading.Lock()
        #: message id -> subject key
        self.message_group: dict[str, str] | MessageGroups = {}
        #: name -> [[kind, key, raw tokens or None], ...]; stored: their JSON text, read when hit
        self._names: dict[str, list[list[Any]] | str | None] = {}
        self._built = False
        self._labels: list[str] | None = None  # every label, sorted (the kitchen sink)
        self._sink: str | None = None
        #: the universe this one was derived from, whose kinds it shares until it writes one
        #: (`_copied`) and whose entities it shares until it gives one a name (`_own`)
        self._base: Universe | None = None
        self._copied: set[str] = set()
        self._ranks: dict[str, dict[str, int]] = {}  # kind -> key -> its place (`_rank`)
        self.names = NameTokens()  # tokens of its names and of the references looked up
        #: (kind, key) of a container -> (kind, key) of what it holds in the start state: a
        #: contact group's members (people).
        self.contents: dict[tuple[str, str], frozenset[tuple[str, str]]] = {}

    @property
    def entities(self) -> dict[str, dict[str, Entity]]:
        """Every entity, by kind then key, in the order they were added."""
        self._read_all()
        return self._entities

    def _read_all(self) -> None:
        """Read every kind still stored as text, here and in the base it shares kinds with."""
        if self._base is not None:
            self._base._read_all()
        for kind in list(self._unread):
            self._read(kind)

    def _read(self, kind: str) -> None:
        """Read one kind of a stored universe (into the place `from_data` kept for it)."""
        with self._reading:
            text = self._unread.get(kind)
            if text is None:
                return
            if callable(text):
                text = text()
            self._entities[kind].update(
                (
                    key,
                    Entity(
                        kind,
                        key,
                        label,
                        [Alias(tuple(t), None if r is None else tuple(r)) for t, r in aliases],
                        tuple(roles),
                    ),
                )
                for key, label, roles, aliases in json.loads(text)
            )
            del self._unread[kind]

    def derive(self) -> Universe:
        """A universe that starts as this one and may gain names without changing it.

        Each kind of entity is shared until the new universe adds to it, each entity until
        it adds an alias to it (then it is copied), and a name it adds goes into a copy of
        the name index in the place a rebuilt index would give it, so a scenario's own
        literals and aliases cost only what they add.
        """
        if not self._built:
            self._build_trie()
        other = Universe()
        other._base = self
        other._entities = defaultdict(dict, self._entities)  # the same dict of each kind
        other._names, other._built = dict(self._names), True
        other.message_group = self.message_group
        other.names = self.names
        other.contents = self.contents
        return other

    def _writable(self, kind: str) -> dict[str, Entity]:
        """The entities of `kind` to add to: this universe's own (copied from its base's)."""
        self.of_kind(kind)
        if self._base is not None and kind not in self._copied:
            self._copied.add(kind)
            self._entities[kind] = dict(self._entities.get(kind, {}))
        return self._entities[kind]

    def _own(self, entity: Entity) -> Entity:
        """The entity, copied first if it is still shared with the base universe."""
        if self._base is None or self._base.of_kind(entity.kind).get(entity.key) is not entity:
            return entity
        mine = Entity(entity.kind, entity.key, entity.label, list(entity.aliases), entity.roles)
        self._writable(entity.kind)[entity.key] = mine
        return mine

    # --- building ----------------------------------------------------------------------

    def add(
        self, kind: str, key: str, label: str, names: Iterable[str] = (), roles: tuple = ()
    ) -> Entity:
        entities = self._writable(kind)
        entity = entities.get(key)
        if entity is None:
            entity = entities[key] = Entity(kind, key, label, roles=roles)
            self._sink = self._labels = self._stored_labels = None
        else:
            entity = self._own(entity)
            if roles:
                entity.roles = tuple(dict.fromkeys((*entity.roles, *roles)))
        for name in names:
            self._alias(entity, name)
        return entity

    def _alias(self, entity: Entity, name: str, case_sensitive: bool = False) -> None:
        tokens = self.names.words(name)
        if not tokens:
            return
        if len(tokens) == 1 and (tokens[0] in _COMMON or len(tokens[0]) < 4):
            case_sensitive = True  # "Done", "Inbox", "Rob": only as written, capitalised
        alias = Alias(tokens, self.names.raw(name) if case_sensitive else None)
        if alias not in entity.aliases:
            entity.aliases.append(alias)
            if self._base is not None and self._built:
                self._index(entity, alias)
            else:
                self._built = False
        self._sink = self._labels = self._stored_labels = None

    def _index(self, entity: Entity, alias: Alias) -> None:
        """Put a new alias of a derived universe into its name index where `_build_trie`
        would: after the names of every entity before its own, in kind then entity order."""
        names, name = self._names, ""
        for token in alias.tokens:
            name = f"{name} {token}" if name else token
            names.setdefault(name, None)
        found = names[name]
        if isinstance(found, str):  # stored ("": a part that names nothing by itself)
            found = json.loads(found) if found else None
        refs: list[list[Any]] = list(found or [])
        rank = self._rank(entity.kind, entity.key)
        at = len(refs)
        while at and self._rank(refs[at - 1][0], refs[at - 1][1]) > rank:
            at -= 1
        refs.insert(at, [entity.kind, entity.key, None if alias.raw is None else list(alias.raw)])
        names[name] = refs

    def _rank(self, kind: str, key: str) -> tuple[int, int]:
        """Where an entity comes in `entities` order: its kind's place, then its own."""
        places = self._ranks.get(kind)
        if places is None or key not in places:
            places = self._ranks[kind] = {k: i for i, k in enumerate(self.of_kind(kind))}
        return list(self._entities).index(kind), places[key]

    def add_aliases(self, kind: str, key: str, names: Iterable[str]) -> None:
        """Extra names a scenario gives for one entity (it must exist)."""
        entity = self.of_kind(kind).get(key)
        if entity is None:
            raise KeyError(f"no {kind} {key!r} in this workspace")
        entity = self._own(entity)
        for name in names:
            self._alias(entity, name)

    def add_short_forms(self) -> None:
        """Add short aliases (first or last name alone, name parts) where they are unambiguous."""
        taken: dict[tuple[str, ...], set[tuple[str, str]]] = defaultdict(set)
        for kind, entities in self.entities.items():
            for entity in entities.values():
                for alias in entity.aliases:
                    taken[alias.tokens].add((kind, entity.key))
        proposals: dict[tuple[str, ...], list[tuple[Entity, str, bool]]] = defaultdict(list)
        for entity in self.entities.get("person", {}).values():
            words = self.names.raw(entity.label)
            if len(words) >= 2:
                first, last = words[0], words[-1]
                proposals[(last.casefold(),)].append((entity, last, True))
                proposals[(first.casefold(),)].append((entity, first, True))
                for nickname in NICKNAMES.get(first.casefold(), ()):
                    name = f"{nickname.capitalize()} {' '.join(words[1:])}"
                    proposals[self.names.words(name)].append((entity, name, False))
                    proposals[(nickname,)].append((entity, nickname.capitalize(), True))
        for kind in ("message", "event", "task", "card", "checklist", "attachment"):
            for entity in self.entities.get(kind, {}).values():
                for short in _short_forms(entity.label, kind):
                    proposals[self.names.words(short)].append((entity, short, False))
        for entity in self.entities.get("event", {}).values():
            for short in _title_tails(entity.label):
                proposals[self.names.words(short)].append((entity, short, True))
        for tokens, offers in proposals.items():
            owners = {(e.kind, e.key) for e, _, _ in offers} | taken.get(tokens, set())
            if len(owners) != 1 or not tokens or (len(tokens) == 1 and tokens[0] in _COMMON):
                continue
            entity, name, case_sensitive = offers[0]
            self._alias(entity, name, case_sensitive)

    # --- as data -----------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """This universe as JSON data for `from_data`: its entities (each kind as one text,
        read when first asked for), the contents of containers, the name index (each name's
        entities as text, read when an answer names it) and its sorted labels (the kitchen
        sink); not its message groups (the corpus answers them per message: `MessageGroups`)
        nor its name-token memo."""
        if not self._built:
            self._build_trie()
        return {
            "kinds": [
                [
                    kind,
                    _compact(
                        [
                            [e.key, e.label, list(e.roles), [[a.tokens, a.raw] for a in e.aliases]]
                            for e in entities.values()
                        ]
                    ),
                ]
                for kind, entities in self.entities.items()
            ],
            "keys": {kind: _compact(list(entities)) for kind, entities in self.entities.items()},
            "contents": [[kind, key, sorted(held)] for (kind, key), held in self.contents.items()],
            "names": {name: _compact(refs) if refs else "" for name, refs in self._names.items()},
            "labels": self._sorted_labels(),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any], subject_of: Callable[[str], str | None]) -> Universe:
        """The universe `to_data` wrote; its messages' groups are looked up by their subject
        as written (`subject_of`: None for an id that is not one of its messages). A kind's
        entities and keys, and the labels, may come as what reads their text when first
        needed (a stored universe read in sections: `grading.claims.stored`)."""
        universe = cls()
        for kind, text in data["kinds"]:
            universe._entities[kind] = {}  # its place in the order; filled by `_read`
            universe._unread[kind] = text
        universe._stored_keys = dict(data["keys"])
        universe.contents = {
            (kind, key): frozenset((k, v) for k, v in held) for kind, key, held in data["contents"]
        }
        universe.message_group = MessageGroups(subject_of, universe.names.fold)
        universe._names, universe._built = data["names"], True
        labels = data["labels"]
        if isinstance(labels, list):
            universe._labels = labels
        else:
            universe._stored_labels = labels
        return universe

    def kitchen_sink(self) -> str:
        """An answer naming every entity (every label, one a line): it must never pass an
        answer check."""
        if self._sink is None:
            self._sink = "\n".join(self._sorted_labels())
        return self._sink

    def _sorted_labels(self) -> list[str]:
        """Every distinct label, sorted; a derived universe adds its own to its base's."""
        if self._labels is None:
            if self._stored_labels is not None:
                labels = self._stored_labels
                self._labels = json.loads(labels() if callable(labels) else labels)
            elif self._base is not None:
                own = {e.label for kind in self._copied for e in self._entities[kind].values()}
                self._labels = sorted(set(self._base._sorted_labels()) | own)
            else:
                labels = {e.label for kind in self.entities.values() for e in kind.values()}
                self._labels = sorted(labels)
        return self._labels

    # --- lookup ------------------------------------------------------------------------

    def key(self, kind: str, ref: str) -> str:
        """The entity key a scenario's reference names (a message id maps to its subject)."""
        if kind == "message":
            return self.message_group.get(ref, ref)
        if kind == "person":
            return _person_key(ref)
        if kind in _NAME_KEYED:
            return self.names.fold(ref)
        if kind == "phone":
            return re.sub(r"\D", "", ref)[-10:]
        return ref

    def of_kind(self, kind: str) -> dict[str, Entity]:
        if self._base is not None and kind not in self._copied:
            self._base.of_kind(kind)  # reads it if the base has not yet
        if kind in self._unread:
            self._read(kind)
        return self._entities.get(kind, {})

    def keys_of(self, kind: str) -> Collection[str]:
        """The keys of `kind`'s entities, in order: a stored universe reads them from its key
        list, not by decoding every entity (a list claim's pool over 15,000 attachments)."""
        if self._base is not None and kind not in self._copied:
            return self._base.keys_of(kind)
        if kind in self._unread:
            keys = self._stored_keys[kind]
            if not isinstance(keys, list):
                keys = self._stored_keys[kind] = json.loads(keys() if callable(keys) else keys)
            return keys
        return self._entities.get(kind, {}).keys()

    def _build_trie(self) -> None:
        names: dict[str, list[list[Any]] | str | None] = {}
        for kind, entities in self.entities.items():
            for entity in entities.values():
                for alias in entity.aliases:
                    name = ""
                    for token in alias.tokens:
                        name = f"{name} {token}" if name else token
                        names.setdefault(name, None)
                    # lists, as a stored index reads back (`to_data`)
                    raw = None if alias.raw is None else list(alias.raw)
                    refs = names[name] or []
                    refs.append([kind, entity.key, raw])  # type: ignore[union-attr]
                    names[name] = refs
        self._names = names
        self._built = True

    def find_mentions(self, text: Text) -> list[EntityMention]:
        """Non-overlapping mentions, leftmost-longest, in answer order."""
        if not self._built:
            self._build_trie()
        names, tokens = self._names, text.tokens
        mentions: list[EntityMention] = []
        i = 0
        while i < len(tokens):
            best: tuple[int, tuple] | None = None
            name = ""
            j = i
            depth = 0  # brackets opened inside the name so far
            words: list[Token] = []  # the tokens of the name, without an article put in
            while j < len(tokens):
                longer = f"{name} {tokens[j].norm}" if j > i else tokens[j].norm
                step = 1
                if longer not in names and _article_put_in(name, tokens, j, names):
                    longer, step = f"{name} {tokens[j + 1].norm}", 2
                if longer not in names:
                    break
                if j > i:  # the text before the word, an article put in included
                    gap = text.text[tokens[j - 1].end : tokens[j + step - 1].start]
                    depth = _name_continues(gap, depth)
                    if depth < 0:
                        break
                name = longer
                j += step
                words.append(tokens[j - 1])
                terminals = names[name]
                if terminals:
                    if isinstance(terminals, str):  # stored: read the first time it is named
                        terminals = names[name] = json.loads(terminals)
                    raw = [t.raw for t in words]
                    refs = tuple(
                        dict.fromkeys(
                            (k, key) for k, key, cs in terminals if cs is None or cs == raw
                        )
                    )
                    if refs:
                        best = (j, refs)
            if best is None:
                i += 1
                continue
            j, refs = best
            if (
                j == i + 1
                and all(k == "column" for k, _ in refs)
                and _denying_label(text, tokens[i])
            ):
                i = j
                continue
            mentions.append(EntityMention(tokens[i].start, tokens[j - 1].end, i, j, refs))
            i = j
        return mentions


#: After a label's word: its colon and a denial ("Done: no changes made", "Done: nothing").
_DENIAL_AFTER_LABEL = re.compile(r"[*_]*\s*:[\s*_]*(?:no|nothing|none)\b", re.I)
#: Before a label opening its line: a list marker or emphasis, nothing else.
_LINE_OPENING = re.compile(r"(?:^|\n)[ \t]*(?:[-*+][ \t]+)?[*_]*$")


def _denying_label(text: Text, token: Token) -> bool:
    """Whether a common word that names a board column only as written, capitalised ("Done"),
    opens its line as a label over a denial ("Done: no changes made"): the report of what the
    writer did, not the column."""
    return (
        token.norm in _COMMON
        and _DENIAL_AFTER_LABEL.match(text.text, token.end) is not None
        and _LINE_OPENING.search(text.text, max(0, token.start - 40), token.start) is not None
    )


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


#: Words a writer puts inside a name without changing what it names.
_ARTICLES = frozenset({"the", "a", "an"})


def _article_put_in(name: str, tokens: list[Token], at: int, names: dict[str, Any]) -> bool:
    """Whether the token at `at` is an article written inside a name that goes on after it:
    "the RSVP to the Dynegy Review" names the to-do "RSVP to Dynegy Review", which holds the
    meeting's name as the answer writes that meeting ("the Dynegy Review"). Only inside a
    name (an article before its first word is no part of it), and only where the name
    itself does not go on with the article."""
    return (
        bool(name)
        and tokens[at].norm in _ARTICLES
        and at + 1 < len(tokens)
        and f"{name} {tokens[at + 1].norm}" in names
    )


def _name_continues(gap: str, depth: int) -> int:
    """The bracket depth after the text between two words of a name, or -1 where a name cannot
    go on: across a line break, or out of a bracket it did not open ("... (EnronOnline)\n-
    Weather derivatives ..." is two names, not the card "EnronOnline weather derivatives ...")."""
    if "\n" in gap:
        return -1
    for char in gap:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth < 0:
                return -1
    return depth


def _person_key(ref: str) -> str:
    return ref.strip().casefold()


def _short_forms(label: str, kind: str) -> list[str]:
    """Shorter ways of naming a subject or title: without RE:/FW:, a trailing (note), a part."""
    forms = []
    stripped = _PREFIX.sub("", label).strip()
    if stripped != label:
        forms.append(stripped)
    bare = _PARENTHETICAL.sub("", stripped)
    if bare and bare != stripped:
        forms.append(bare)
    if kind == "attachment":
        stem = re.sub(r"\.\w{2,4}$", "", stripped)
        if stem != stripped:
            forms.append(stem)
        return forms
    for separator in (" - ", ": ", " — "):
        if separator in bare:
            head, _, tail = bare.partition(separator)
            for part in (head, tail):
                # three words at least, as the shortened titles below: a two-word part is
                # usually a common phrase ("Raptor vehicles", "Today 2pm"), not a name
                if len(word_tokens(part)) >= 3 and not _only_a_date(part):
                    forms.append(part)
    words = bare.split()
    if kind in ("message", "task", "card") and len(words) >= 4:
        for length in range(max(3, (len(words) + 1) // 2), len(words)):
            form = " ".join(words[:length]).rstrip(",:;- ")
            if len(word_tokens(form)) >= 3:  # "Raptor vehicles -" is two words
                forms.append(form)
    return forms


def _title_tails(label: str) -> list[str]:
    """A meeting's name without its leading word(s), as people shorten it ("the Hedge Capacity
    Review" for "Raptor Hedge Capacity Review"): three words at least, opening with a
    capitalised word that is not a common one. Matched only as written in the title
    (capitalised), and kept only where no other name has it (add_short_forms)."""
    words = _PARENTHETICAL.sub("", _PREFIX.sub("", label)).split()
    tails = []
    for start in range(1, len(words) - 2):
        head = words[start]
        if not head[:1].isupper() or head.casefold() in _COMMON:
            continue
        tail = " ".join(words[start:])
        if len(word_tokens(tail)) >= 3 and not _only_a_date(tail):
            tails.append(tail)
    return tails


#: Words of a deadline written as a title's part ("due Tuesday, May 7", "by Friday 10/12").
_DEADLINE_WORDS = frozenset({"due", "by", "on", "until", "before", "the", "of"})


def _only_a_date(part: str) -> bool:
    """Whether a title's part is only a deadline ("... - due Tuesday, May 7"): a value the
    answer states for many items, not a name of this one."""
    return all(
        w in _DEADLINE_WORDS
        or w in MONTHS
        or w in WEEKDAYS
        or w.isdigit()
        or re.fullmatch(r"\d+(?:st|nd|rd|th)", w) is not None
        for w in word_tokens(part)
    )


def company_forms(name: str) -> list[str]:
    """A company's name with and without its legal suffix ("Dynegy Inc." -> "Dynegy")."""
    forms = [name]
    words = name.replace(",", " ").split()
    while words and words[-1].casefold().strip(".") in COMPANY_SUFFIXES:
        words = words[:-1]
        if words:
            forms.append(" ".join(words))
    if "&" in name:
        forms.append(name.replace("&", "and"))
    return forms


def _message_heads(snapshot: Any) -> Iterable[tuple[Any, ...]]:
    """(id, subject, [(address, name)], attachment names, categories) of every message."""
    heads = getattr(snapshot, "message_heads", None)
    if heads is not None:
        return heads()
    from emailbench_gym.store.schema import message_head

    return map(message_head, snapshot.messages)


def build_universe(snapshot: Any, exclude_person: str | None = None) -> Universe:
    """Every entity of a start state (an `APISnapshot`), with aliases."""
    universe = Universe()
    people = universe.add
    fold = universe.names.fold

    def person(address: str, name: str = "") -> None:
        key = _person_key(address)
        if not key or key == exclude_person:
            return
        entity = people("person", key, name or address, [address])
        if name:
            universe._alias(entity, name)
            if entity.label == address:
                entity.label = name

    for user in snapshot.users:
        person(user.mail, user.displayName)
        if user.userType == "system" and _person_key(user.mail) != exclude_person:
            # a system account named after what it reports on ("EnronOnline"): see SYSTEM
            people("person", _person_key(user.mail), user.displayName, roles=(SYSTEM,))
        if user.department:
            people("department", fold(user.department), user.department, [user.department])
        if user.companyName:
            people(
                "company",
                fold(user.companyName),
                user.companyName,
                company_forms(user.companyName),
            )
    for contact in snapshot.contacts:
        for address in contact.emailAddresses:
            person(address.address, contact.displayName)
            if contact.givenName and contact.surname:
                person(address.address, f"{contact.givenName} {contact.surname}")
        if contact.companyName:
            people(
                "company",
                fold(contact.companyName),
                contact.companyName,
                company_forms(contact.companyName),
            )
        if contact.department:
            people("department", fold(contact.department), contact.department, [contact.department])
        phones = [(p, "business") for p in contact.businessPhones]
        if contact.mobilePhone:
            phones.append((contact.mobilePhone, "mobile"))
        for phone, role in phones:
            digits = re.sub(r"\D", "", phone)[-10:]
            if digits:
                people("phone", digits, phone, roles=(role,))
    subjects: dict[str, str] = {}
    # What names each message (`message_head`: no message parsed over a large corpus). A
    # name seen again adds nothing, so each is taken once, in the order first seen.
    seen_people: set[tuple[str, str | None]] = set()
    seen_subjects: dict[str, tuple[str, str]] = {}
    seen_pairs: set[tuple[str, str]] = set()
    seen_names: set[tuple[str, str]] = set()
    for message_id, raw_subject, on_it, attachments, categories in _message_heads(snapshot):
        for address, name in on_it:
            if (address, name) not in seen_people:
                seen_people.add((address, name))
                person(address, name)
        found = seen_subjects.get(raw_subject)
        if found is None:
            found = seen_subjects[raw_subject] = subject_group(raw_subject, fold)
        subject, key = found[0], found[1] or message_id
        subjects.setdefault(key, subject)
        universe.message_group[message_id] = key
        if (key, subject) not in seen_pairs:
            seen_pairs.add((key, subject))
            people("message", key, subjects[key], [subject])
        for kind, names in (("attachment", attachments), ("label", categories)):
            for name in names:
                if (kind, name) not in seen_names:
                    seen_names.add((kind, name))
                    people(kind, fold(name), name, [name])
    for event in snapshot.events:
        person(event.organizer.emailAddress.address, event.organizer.emailAddress.name)
        for attendee in event.attendees:
            person(attendee.emailAddress.address, attendee.emailAddress.name)
        people("event", event.id, event.subject, [event.subject])
        where = event.location.displayName.strip()
        if where:
            # "EB 50M Small Conference Room / dial-in 1-800-555-0143, code 4417": the place is
            # the name; what follows the slash is detail whose numbers the answer states.
            place = where.split("/")[0].strip()
            names = [place]
            room = _ROOM_SUFFIX.sub("", place)
            if room and room != place:
                names.append(room)
            people("location", fold(place), place, names)
    for task in snapshot.todo_tasks:
        people("task", task.id, task.title, [task.title])
        for step in task.checklistItems:
            people("checklist", f"{task.id}/{step.id}", step.displayName, [step.displayName])
    for card in snapshot.board_tasks:
        people("card", card.id, card.title, [card.title])
    named = (
        ("folder", snapshot.folders, "displayName"),
        ("rule", snapshot.filters, "displayName"),
        ("group", snapshot.contact_groups, "displayName"),
        ("list", snapshot.todo_lists, "displayName"),
        ("board", snapshot.boards, "name"),
        ("calendar", snapshot.calendars, "name"),
        ("label", snapshot.labels, "displayName"),
    )
    for kind, items, attribute in named:
        for item in items:
            name = getattr(item, attribute)
            key = fold(name) if kind == "label" else item.id
            people(kind, key, name, [name])
    for column in snapshot.board_columns:
        people("column", fold(column.name), column.name, [column.name])
    addresses = {
        c.id: [_person_key(a.address) for a in c.emailAddresses] for c in snapshot.contacts
    }
    for group in snapshot.contact_groups:
        held = {("person", a) for m in group.memberIds for a in addresses.get(m, ())[:1]}
        universe.contents[("group", group.id)] = frozenset(held)
    for event in snapshot.events:  # a meeting holds its attendees (the user is no entity)
        invited = {_person_key(a.emailAddress.address) for a in event.attendees}
        held = {("person", key) for key in invited if key and key != exclude_person}
        if held:
            universe.contents[("event", event.id)] = frozenset(held)
    universe.add_short_forms()
    return universe
