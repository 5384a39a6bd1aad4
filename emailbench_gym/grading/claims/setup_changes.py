"""The entity universe of a scenario whose setup changed the pristine state, from the pristine one.

A setup that creates folders or rules and moves messages (OB-N505, OB-F110) changes a few
items; building the universe of its start state from scratch reads every message again
(seconds at 100,000 messages). `derive_for_changes` instead derives the pristine universe
(`Universe.derive`) and adds what the changes name, when it can prove the result is the
universe a rebuild gives: every change either leaves what its item contributes to a universe
as it was (a moved message's head, a folder whose counts changed), or creates an item of a
kind named only by its name (folders, rules, to-do lists, boards, calendars) whose name is
no entity's short form (none then loses its only owner, as it would in a rebuild; the new
entity goes last in its kind, where the start state lists it). Anything else (a deletion, a
rename, a new person, message or event) returns None, and the caller builds the universe.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from emailbench_gym.store.schema import message_head

if TYPE_CHECKING:
    from emailbench_gym.grading.claims.entities import Universe
    from emailbench_gym.mailbox import Changes

#: Collection -> (entity kind, the attribute that names an item) of the collections whose
#: items are entities keyed by id and named by one attribute (`build_universe`'s `named`).
_NAMED: dict[str, tuple[str, str]] = {
    "folders": ("folder", "displayName"),
    "filters": ("rule", "displayName"),
    "todo_lists": ("list", "displayName"),
    "boards": ("board", "name"),
    "calendars": ("calendar", "name"),
}
#: The kinds `Universe.add_short_forms` gives short forms to (a test reads them from it): a
#: name of another kind's entity is always one of its own, which a new owner cannot take away.
SHORT_FORM_KINDS = frozenset(
    {"person", "message", "event", "task", "card", "checklist", "attachment"}
)
#: Collections `build_universe` does not read.
_UNREAD = frozenset({"settings"})


def _contribution(collection: str, item: Any) -> Any:
    """What an item gives a universe, where a change can be compared cheaply (`_OPAQUE`: an
    item of a collection whose contribution is not compared, so any change to it counts)."""
    if collection == "messages":
        return tuple(message_head(item)[1:])
    if collection in _NAMED:
        return getattr(item, _NAMED[collection][1])
    return _OPAQUE


_OPAQUE = object()


def derive_for_changes(base: Universe, changes: Changes) -> Universe | None:
    """`base` (the pristine universe) derived with what `changes` (pristine -> start state)
    add, or None where the result could differ from a rebuilt universe."""
    created: list[tuple[str, str, str]] = []
    for collection, items in changes.items.items():
        if collection in _UNREAD:
            continue
        for item_id, (before, after) in items.items():
            if after is None:
                return None  # a deletion can free a short form for another entity
            if before is None:
                if collection not in _NAMED:
                    return None
                kind, attribute = _NAMED[collection]
                created.append((kind, item_id, getattr(after, attribute)))
                continue
            was = _contribution(collection, before)
            if was is _OPAQUE or was != _contribution(collection, after):
                return None
    universe = base.derive()
    if not all(_new_name(universe, kind, key, name) for kind, key, name in created):
        return None
    for kind, key, name in created:
        universe.add(kind, key, name, [name])
    return universe


def _new_name(universe: Universe, kind: str, key: str, name: str) -> bool:
    """Whether an entity `kind`/`key` named `name` can be added to a universe just derived
    as a rebuild adds it: its kind is there (so keeps its place among kinds; a stored kind not
    yet read is there too), its key is not, and no entity that the same words name could hold
    them as a short form (which a second owner would take away in a rebuild). Reads the
    universe's own index, which `Universe` keeps for this module and `_index`."""
    if kind not in universe._entities or key in universe.of_kind(kind):
        return False
    refs = universe._names.get(" ".join(universe.names.words(name)))
    if isinstance(refs, str):  # a stored index's entry ("": a part that names nothing)
        refs = json.loads(refs) if refs else None
    return not any(owner in SHORT_FORM_KINDS for owner, _key, _raw in refs or ())
