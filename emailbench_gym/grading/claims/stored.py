"""The entity universe of a compiled corpus's pristine state, stored in the corpus file.

Building the universe of a 100,000-message corpus reads every message's head and tokenises
some 30,000 names: seconds, on the first grade of every process. `compile_corpus` stores it
once (`universe_record`), and `stored_universe` reads it back in milliseconds. The stored
form is tagged with `reader_key()`, a hash of the reader's source (`READER_MODULES`) and of
the Unicode tables names are normalised with: after any change to how names are read, the
stored universe no longer matches and grading builds the universe from the corpus again,
until the file is compiled again (`compile_corpus(path, path)` rewrites it in place from
itself: a copy of the database and one build, swapped in atomically).

It is stored in sections, each its own entry (`universe/...`), so a grade reads what it
needs: the head (the kinds in order, the containers' contents) and the name index, always;
a kind's entities or its keys, and the sorted labels (the kitchen sink), when first asked
for. At 100,000 messages the whole is 5.5 MB, 2 MB of it the attachments, which few grades
read. The name index is stored as two texts, the names as a JSON list and their entities'
JSON texts one a line (JSON text holds no raw line break), which reads in half the time of
one JSON object.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import inspect
import json
import unicodedata
from typing import TYPE_CHECKING

from emailbench_gym.grading.claims.entities import Universe, build_universe

if TYPE_CHECKING:
    from emailbench_gym.corpus import Corpus
    from emailbench_gym.mailbox import Snapshot

#: The corpus database entry of the universe's head; its sections are `UNIVERSE + "/" + name`.
UNIVERSE = "universe"
#: The modules whose code decides a universe (this one encodes it); tests check it is all.
READER_MODULES = (
    "emailbench_gym.grading.claims.entities",
    "emailbench_gym.grading.claims.lexicon",
    "emailbench_gym.grading.claims.scan",
    "emailbench_gym.grading.claims.spoken",
    "emailbench_gym.grading.claims.text",
    "emailbench_gym.grading.claims.stored",
)


@functools.cache
def reader_key() -> str | None:
    """A hash of the reader's source and Python's Unicode version (None: a source that
    cannot be read, so nothing is stored or trusted)."""
    digest = hashlib.sha256(unicodedata.unidata_version.encode())
    for name in READER_MODULES:
        try:
            source = inspect.getsource(importlib.import_module(name))
        except (OSError, TypeError):
            return None
        digest.update(f"\n{name}\n{source}".encode())
    return digest.hexdigest()


def universe_of(snapshot: Snapshot) -> Universe:
    """The universe of a start state, built from it; the mailbox owner is not in it (the
    answer is written to them, not about them)."""
    return build_universe(snapshot, exclude_person=snapshot.me.mail.casefold())


def universe_record(corpus: Corpus) -> tuple[str, dict[str, bytes]] | None:
    """(key, {entry name: data}) of the universe of `corpus`'s pristine state, in sections,
    to store with the corpus (see the module docstring)."""
    from emailbench_gym.workspace import Workspace

    key = reader_key()
    if key is None:
        return None
    data = universe_of(Workspace(corpus).snapshot()).to_data()
    names = data["names"]
    head = {"kinds": [kind for kind, _ in data["kinds"]], "contents": data["contents"]}
    sections = {
        UNIVERSE: _json(head),
        f"{UNIVERSE}/names": _json(list(names)) + "\n" + "\n".join(names.values()),
        f"{UNIVERSE}/labels": _json(data["labels"]),
    }
    for kind, text in data["kinds"]:
        sections[f"{UNIVERSE}/kind/{kind}"] = text
        sections[f"{UNIVERSE}/keys/{kind}"] = data["keys"][kind]
    return key, {name: text.encode() for name, text in sections.items()}


def stored_universe(corpus: Corpus) -> Universe | None:
    """The universe stored with a compiled corpus, if the reader that stored it is this one."""
    store = corpus.store
    found = store.derived(UNIVERSE)
    key = reader_key()
    if found is None or key is None or found[0] != key:
        return None
    head = json.loads(found[1])

    def section(name: str) -> str:
        entry = store.derived(f"{UNIVERSE}/{name}")
        if entry is None or entry[0] != key:
            raise LookupError(f"the stored universe has no section {name!r} of this reader")
        return entry[1].decode()

    names, _, refs = section("names").partition("\n")
    listed = json.loads(names)
    data = {
        "kinds": [[kind, functools.partial(section, f"kind/{kind}")] for kind in head["kinds"]],
        "keys": {kind: functools.partial(section, f"keys/{kind}") for kind in head["kinds"]},
        "contents": head["contents"],
        "names": dict(zip(listed, refs.split("\n") if listed else [], strict=True)),
        "labels": functools.partial(section, "labels"),
    }

    def subject_of(message_id: str) -> str | None:
        head = store.head(message_id)
        return None if head is None else head[1]

    return Universe.from_data(data, subject_of)


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
