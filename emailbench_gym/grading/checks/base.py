"""What every static check shares: its id, the requirements it covers, and what it reads.

A check is a pydantic model (data in the scenario file) with `check(episode)`,
which returns an `Outcome`: passed, plus what was expected and what was found, so a
failed grade explains itself. `EpisodeView` is everything a check may read: the start
and end states, what changed in between, what was sent, the final answer and the
calls, and the scenario's derived data (its entity universe, the reference footprint).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import islice
from typing import TYPE_CHECKING, Any

from pydantic import Field

from emailbench_gym.grading.claims.retraction import calls_itself_off, takes_back
from emailbench_gym.grading.query import Query, Strict, select
from emailbench_gym.mailbox import Changes, Snapshot, Transmission

if TYPE_CHECKING:
    from emailbench_gym.grading.claims.analysis import Analysis
    from emailbench_gym.grading.context import ScenarioContext

CHECK_ID = r"^[a-z0-9][a-z0-9-]{0,47}$"


def matcher(query: Query, snapshot: Snapshot) -> Callable[[Any], bool]:
    """Whether one item matches `query`, references resolved against `snapshot` (as `select`)."""
    checks = query.compiled()
    if not checks:
        return lambda item: True
    if len(checks) == 1:
        (check,) = checks
        return lambda item: check(item, snapshot)
    combine = all if query.match == "all" else any
    return lambda item: combine(check(item, snapshot) for check in checks)


@dataclass(frozen=True)
class Outcome:
    passed: bool
    expected: Any
    found: Any


@dataclass
class EpisodeView:
    """One finished episode as the checks see it."""

    initial: Snapshot
    final: Snapshot
    changes: Changes
    answer: str
    calls: Sequence[dict[str, Any]]
    context: ScenarioContext

    @property
    def sent(self) -> tuple[Transmission, ...]:
        return self.changes.sent

    @cached_property
    def analysis(self) -> Analysis:
        """The final answer, read once for every answer check."""
        return self.context.analyse(self.answer)

    def changed(self, collection: str) -> dict[str, tuple[Any, Any]]:
        """What the episode did to a collection: item id -> (at the start, at the end)."""
        return self.changes.items.get(collection, {})

    def count(self, query: Query) -> int:
        """`len(select(query, final))` in O(what the episode changed) (after the first grade).

        The start state's matches are counted once per scenario (with `$folder` / `$ids`
        resolved as in the end state); every item the episode did not touch is the same at
        the end, so only the changed ones are looked at again.
        """
        if query.collection == "settings":
            return len(select(query, self.final))
        hit = matcher(query, self.final)
        total = self.context.initial_side(query, self.final).count
        for before, after in self.changed(query.collection).values():
            total += (after is not None and hit(after)) - (before is not None and hit(before))
        return total

    def matches(self, query: Query, limit: int | None = None) -> list[Any]:
        """`select(query, final)[:limit]`, from the start state's matches and the changes.

        When the start state matched more than `SMALL_SELECTION` items, the end state is
        read in order instead (up to `limit` matches, or all of them).
        """
        final, collection = self.final, query.collection
        if collection == "settings":
            return select(query, final)[:limit]
        hit = matcher(query, final)
        start = self.context.initial_side(query, final)
        if start.ids is None:
            found = (item for item in final.iter(collection) if hit(item))
            return list(islice(found, limit))
        changed = self.changed(collection)
        items = [final.get(collection, i) for i in start.ids if i not in changed]
        fresh = [after for after in (a for _, a in changed.values()) if after is not None]
        fresh = [item for item in fresh if hit(item)]
        if fresh:
            items.extend(fresh)
            items.sort(key=lambda item: final.position(collection, item.id))
        return items[:limit]

    def failures(
        self, query: Query, passes: Callable[[Any, Snapshot], bool], expect: list[Any], limit: int
    ) -> list[Any]:
        """The first `limit` end-state items (in collection order) that `query` selects and
        `passes` rejects, in O(what the episode changed) after the first grade: the start
        state's failures (worked out once per scenario) corrected by the changed items."""
        final, collection = self.final, query.collection
        hit = matcher(query, final)

        def fails(item: Any) -> bool:
            return hit(item) and not passes(item, final)

        start = self.context.initial_failures(query, passes, expect, final)
        changed = self.changed(collection)
        assert start.ids is not None
        left = start.count - sum(1 for b, _ in changed.values() if b is not None and fails(b))
        kept = [i for i in start.ids if i not in changed]
        if len(kept) < min(left, limit):  # the first failures were changed: read in order
            return list(islice((item for item in final.iter(collection) if fails(item)), limit))
        items = [final.get(collection, i) for i in kept[:limit]]
        fresh = [a for _, a in changed.values() if a is not None and fails(a)]
        if fresh:
            items.extend(fresh)
            items.sort(key=lambda item: final.position(collection, item.id))
        return items[:limit]

    def messages_in(self, folder: str) -> set[str]:
        """Ids of the end state's messages in a folder: from the start state's few matches
        and the changes, or, for a folder that held many, from the folder index (`matches`
        would read every message)."""
        query = self.context.folder_query(folder)
        if self.context.initial_side(query, self.final).ids is None:
            return set(self.final.message_ids_in(folder))
        return {message.id for message in self.matches(query)}

    def analyse(self, text: str) -> Analysis:
        """Any other text the persona wrote (a sent message's body), read the same way."""
        return self.context.analyse(text)

    def takes_back(self, text: str) -> str | None:
        """The words with which a text the episode wrote withdraws itself, if any."""
        return self.context.read_text(takes_back, text)

    def calls_itself_off(self, text: str) -> str | None:
        """What withdraws a created item's description, or the item it describes."""
        return self.context.read_text(calls_itself_off, text)


class CheckBase(Strict):
    """Fields every static check has."""

    id: str = Field("", pattern=r"^$|" + CHECK_ID, description="Unique within the scenario.")
    covers: list[str] = Field([], description="Ids of the requirements this check verifies.")
    description: str = ""
    critical: bool = True

    def check(self, episode: EpisodeView) -> Outcome:  # pragma: no cover - abstract
        raise NotImplementedError
