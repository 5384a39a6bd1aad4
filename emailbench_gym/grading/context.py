"""What grading derives once per scenario: its start state, the reference footprint, the entity universe.

`ScenarioContext.of(scenario, corpus)` is cached on the scenario object (no module
state): the first grade of a scenario replays its setup and its reference solution in
a private workspace, keeps the start snapshot, the reference's changes (the
footprint) and the universe of nameable entities for answer claims, and learns which
checks an empty episode already satisfies (they guard, they do not reward).

Each new context is followed by `gc.freeze()` (`freeze_long_lived`): what a process keeps
for good (corpus, scenarios, modules, every context built so far) leaves the collector's
walks, so a full collection during a grade walks only what was made since.
"""

from __future__ import annotations

import gc
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from typing import TYPE_CHECKING, Any

from emailbench_gym.api.common import local_now
from emailbench_gym.grading import indexed
from emailbench_gym.grading.claims.analysis import MAX_ANSWER_CHARS, Analysis
from emailbench_gym.grading.claims.entities import Universe
from emailbench_gym.grading.claims.setup_changes import derive_for_changes
from emailbench_gym.grading.claims.stored import stored_universe, universe_of
from emailbench_gym.grading.query import AnyOf, Condition, Query, resolve_value
from emailbench_gym.mailbox import Changes, Mark, Snapshot
from emailbench_gym.workspace import Workspace

if TYPE_CHECKING:
    from emailbench_gym.corpus import Corpus
    from emailbench_gym.grading.checks.footprint import Footprint
    from emailbench_gym.scenarios import Scenario

_ANALYSES_KEPT = 32
#: Texts whose retraction reading is kept per context (answers, sent bodies, descriptions).
_READINGS_KEPT = 64
_SIDES_KEPT = 256
#: Up to this many start-state matches of a query are kept as ids (beyond, only the count).
SMALL_SELECTION = 64
#: The first this many start-state failures of a state check are kept as ids.
FAILURES_KEPT = 64
_LOCK = threading.Lock()
#: After this many contexts built (then at each doubling) the frozen objects are thawed and
#: collected once: the garbage a plain freeze kept (cycles that died before it) is bounded.
FIRST_REFREEZE = 256
_frozen = {"built": 0, "refreeze": FIRST_REFREEZE}
_UNIVERSES: dict[int, tuple[weakref.ref, Universe]] = {}
#: The kitchen-sink answer's analysis per shared (pristine) universe and day: every
#: scenario of a corpus reads the same one (validate and audit grade it; it is long).
_SINKS: weakref.WeakKeyDictionary[Universe, dict[date, Analysis]] = weakref.WeakKeyDictionary()


def pristine_universe(corpus: Corpus, initial: Snapshot) -> Universe:
    """The entity universe of a corpus's pristine state, built once per corpus object.

    Every scenario without setup starts from that state, so they share it (read-only;
    a scenario's own aliases go into a `derive`d copy); it goes when the corpus does. A
    compiled corpus brings it along (`stored_universe`), unless another reader stored it.
    """
    key = id(corpus)
    with _LOCK:
        found = _UNIVERSES.get(key)
        if found is not None and found[0]() is corpus:
            return found[1]
    universe = stored_universe(corpus) or universe_of(initial)
    with _LOCK:
        _UNIVERSES[key] = (weakref.ref(corpus, lambda _ref: _UNIVERSES.pop(key, None)), universe)
    return universe


def freeze_long_lived() -> None:
    """Moves every object alive now out of the garbage collector's walks (`gc.freeze`), after
    a young collection (the garbage of the last episode stays out of the frozen set).

    A process grading a suite keeps its contexts for good; each full (generation 2)
    collection walked them all again (110-130 ms with the suite's contexts built, landing on
    whichever grade crossed the threshold: benchmarks/gc_pauses.py). Frozen objects are still
    freed by reference counting; only cycles that die later wait, until the refreeze after
    `FIRST_REFREEZE` contexts and each doubling (`gc.unfreeze`, a full collection, a freeze).
    """
    _frozen["built"] += 1
    if _frozen["built"] >= _frozen["refreeze"]:
        _frozen["refreeze"] *= 2
        gc.unfreeze()
        gc.collect()
    else:
        gc.collect(1)
    gc.freeze()


@dataclass(frozen=True)
class InitialSide:
    """A query over the start state: how many items match, and their ids if few."""

    count: int
    ids: tuple[str, ...] | None


@dataclass(frozen=True)
class _IdOnly:
    """An item seen only by its id (queries that test nothing else need not read items)."""

    id: str


class ScenarioContext:
    """One scenario over one corpus, as grading needs it."""

    def __init__(self, scenario: Scenario, corpus: Corpus | None = None) -> None:
        self.scenario = scenario
        self.workspace = Workspace(corpus, now=scenario.now)
        self.corpus = self.workspace.mailbox.corpus
        self._analyses: OrderedDict[str, Analysis] = OrderedDict()
        self._readings: OrderedDict[tuple[Callable[[str], str | None], str], str | None] = (
            OrderedDict()
        )
        self._sides: OrderedDict[tuple[str, str], InitialSide] = OrderedDict()
        self._folder_queries: dict[str, Query] = {}
        self._lock = threading.Lock()
        self.mark, self.initial = self._start()

    @classmethod
    def of(cls, scenario: Scenario, corpus: Corpus | None = None) -> ScenarioContext:
        """The cached context of `scenario` over `corpus` (default: the shipped corpus)."""
        with _LOCK:
            contexts: dict[int, ScenarioContext] = scenario._grading_contexts
            key = id(corpus)
            context = contexts.get(key)
            if context is None:
                context = contexts[key] = cls(scenario, corpus)
                freeze_long_lived()
            return context

    def _start(self) -> tuple[Mark, Snapshot]:
        from emailbench_gym.scenarios import resolve_refs

        workspace = self.workspace
        workspace.reset(now=self.scenario.now)
        pristine = workspace.mailbox.mark()
        results: list[Any] = []
        for call in self.scenario.setup:
            results.append(workspace.call(call.name, **resolve_refs(call.arguments, results)))
        #: what the setup changed in the pristine state (its universe is derived from that)
        self.setup_changes = workspace.mailbox.changes_since(pristine)
        return workspace.mailbox.mark(), workspace.snapshot()

    @cached_property
    def today(self) -> date:
        return local_now(self.workspace.mailbox).date()

    # --- the reference solution -------------------------------------------------------------

    @cached_property
    def reference(self) -> tuple[Changes, Snapshot, list[Any]]:
        """The reference solution's changes, end state and call results."""
        from emailbench_gym.errors import ToolError
        from emailbench_gym.scenarios import resolve_refs

        with self._lock:
            self._start()
            workspace = self.workspace
            results: list[Any] = []
            for index, call in enumerate(self.scenario.solution.calls):
                try:
                    results.append(
                        workspace.call(call.name, **resolve_refs(call.arguments, results))
                    )
                except ToolError as exc:
                    raise ToolError(
                        "reference_failed",
                        f"{self.scenario.id}: reference call #{index} {call.name} failed: {exc}",
                    ) from None
            changes = workspace.mailbox.changes_since(self.mark)
            final = workspace.snapshot()
            workspace.reset(now=self.scenario.now)
            return changes, final, results

    @cached_property
    def footprint(self) -> Footprint:
        from emailbench_gym.grading.checks.footprint import Footprint

        return Footprint.of(self.reference[0])

    # --- answers ---------------------------------------------------------------------------

    @cached_property
    def shared_universe(self) -> bool:
        """Whether the universe is the corpus's pristine one, shared with other scenarios."""
        return not self.scenario.setup and self.universe is pristine_universe(
            self.corpus, self.initial
        )

    @cached_property
    def kitchen_sink(self) -> str:
        """An answer naming every entity of the universe: it must never pass an answer check."""
        return self.universe.kitchen_sink()

    @cached_property
    def universe(self) -> Universe:
        if self.scenario.setup:
            # the pristine universe and what the setup changed, or (where that could differ
            # from a rebuild) the start state's own
            pristine = pristine_universe(self.corpus, Workspace(self.corpus).snapshot())
            derived = derive_for_changes(pristine, self.setup_changes)
            universe = universe_of(self.initial) if derived is None else derived
        else:
            base = pristine_universe(self.corpus, self.initial)
            if not self.scenario.aliases and not any(
                getattr(c, "literals", None) for c in self.scenario.assertions
            ):
                return base
            universe = base.derive()
        for claim in self.scenario.assertions:
            for key, names in getattr(claim, "literals", {}).items():
                universe.add("literal", key, key, [key, *names])
        for ref, names in self.scenario.aliases.items():
            kind, _, key = ref.partition(":")
            universe.add_aliases(kind, universe.key(kind, key), names)
        return universe

    def analyse(self, text: str) -> Analysis:
        """`text` read as claims (cached: the same answer is read once; a text over the
        limit is not read, nor kept: it fails every claim)."""
        if len(text) > MAX_ANSWER_CHARS:
            return Analysis(text, self.universe, self.today)
        with self._lock:
            found = self._analyses.get(text)
            if found is not None:
                self._analyses.move_to_end(text)
                return found
        # only a shared universe keeps the sink's analysis: a scenario's own is not worth
        # writing its sink for (every label of the corpus, sorted: milliseconds at 100k)
        shared = self.shared_universe and text == self.kitchen_sink
        sink = self._shared_sink() if shared else None
        analysis = sink or Analysis(text, self.universe, self.today)
        with self._lock:
            self._analyses[text] = analysis
            while len(self._analyses) > _ANALYSES_KEPT:
                self._analyses.popitem(last=False)
        return analysis

    def read_text(self, reader: Callable[[str], str | None], text: str) -> str | None:
        """`reader(text)` for a pure text reader (`retraction.takes_back`, `calls_itself_off`),
        kept for the scenario's later grades: every answer check and each regrade asks about
        the same answer and the same sent texts. Bounded, and per context, not per process."""
        key = (reader, text)
        with self._lock:
            if key in self._readings:
                self._readings.move_to_end(key)
                return self._readings[key]
        found = reader(text)
        with self._lock:
            self._readings[key] = found
            while len(self._readings) > _READINGS_KEPT:
                self._readings.popitem(last=False)
        return found

    def _shared_sink(self) -> Analysis:
        """The kitchen sink's analysis over a shared universe, read once per universe and day."""
        with _LOCK:
            by_day = _SINKS.setdefault(self.universe, {})
            found = by_day.get(self.today)
        if found is None:
            found = Analysis(self.kitchen_sink, self.universe, self.today)
            with _LOCK:
                by_day[self.today] = found
        return found

    # --- the start state, queried --------------------------------------------------------

    def folder_query(self, folder_id: str) -> Query:
        """The query for the messages of one folder (kept: its compiled form and its start
        state's matches are then worked out once)."""
        query = self._folder_queries.get(folder_id)
        if query is None:
            query = Query(
                collection="messages", where=[Condition(path="parentFolderId", value=folder_id)]
            )
            with self._lock:
                if len(self._folder_queries) >= _SIDES_KEPT:
                    self._folder_queries.clear()
                self._folder_queries[folder_id] = query
        return query

    def initial_side(self, query: Query, references: Snapshot) -> InitialSide:
        """The start state's matches of `query`, with `$folder` / `$ids` resolved against
        `references` (the state being graded); kept for the scenario's later grades."""
        key = _side_key(query, references)
        with self._lock:
            side = self._sides.get(key)
            if side is not None:
                self._sides.move_to_end(key)
                return side
        return self.initial_sides([query], references)[0]

    def initial_sides(self, queries: list[Query], references: Snapshot) -> list[InitialSide]:
        """`initial_side` of several queries, those not yet kept found in one pass over the
        start state per collection (and one over its ids, for queries that test only ids)."""
        from emailbench_gym.grading.checks.base import matcher

        keys = [_side_key(q, references) for q in queries]
        with self._lock:
            found = [self._sides.get(key) for key in keys]
        missing: dict[tuple[str, bool], dict[tuple[str, str], Query]] = {}
        for query, key, side in zip(queries, keys, found, strict=True):
            if side is None:
                by_id = all(c.path == "id" for c in query.where)
                missing.setdefault((query.collection, by_id), {})[key] = query
        computed: dict[tuple[str, str], InitialSide] = {}
        for key, query in list(missing.get(("messages", False), {}).items()):
            folder = _folder_of_query(query)
            if folder is not None:  # the folder index answers it: no pass over the messages
                ids = self.initial.message_ids_in(folder)
                small = len(ids) <= SMALL_SELECTION
                computed[key] = InitialSide(len(ids), tuple(ids) if small else None)
                del missing["messages", False][key]
        for by_id in (False, True):
            for key, query in list(missing.get(("messages", by_id), {}).items()):
                side = self._indexed_side(query, references)
                if side is not None:  # the corpus database answers it
                    computed[key] = side
                    del missing["messages", by_id][key]
        for (collection, by_id), pending in missing.items():
            if not pending:
                continue
            items: Iterable[Any] = (
                map(_IdOnly, self.initial.ids(collection))
                if by_id
                else self.initial.iter(collection)
            )
            tests = [(key, matcher(query, references)) for key, query in pending.items()]
            counts = dict.fromkeys(pending, 0)
            ids: dict[tuple[str, str], list[str]] = {key: [] for key in pending}
            for item in items:
                for key, hit in tests:
                    if hit(item):
                        counts[key] += 1
                        if counts[key] <= SMALL_SELECTION:
                            ids[key].append(item.id)
            for key in pending:
                small = counts[key] <= SMALL_SELECTION
                computed[key] = InitialSide(counts[key], tuple(ids[key]) if small else None)
        with self._lock:
            for key in keys:
                if key in self._sides:
                    self._sides.move_to_end(key)
            self._sides.update(computed)
            while len(self._sides) > _SIDES_KEPT:
                self._sides.popitem(last=False)
        return [side or computed[key] for key, side in zip(keys, found, strict=True)]

    def initial_failures(
        self,
        query: Query,
        passes: Callable[[Any, Snapshot], bool],
        expect: list[Condition | AnyOf],
        references: Snapshot,
    ) -> InitialSide:
        """The start state's items that `query` selects and `passes` rejects (a state check's
        failures), references resolved against `references`: their count, and the first
        `FAILURES_KEPT` ids in collection order. Worked out once (one pass over the start
        state) and kept for the scenario's later grades."""
        from emailbench_gym.grading.checks.base import matcher

        conditions = [
            c for e in expect for alternative in getattr(e, "any_of", [[e]]) for c in alternative
        ]
        resolved = [
            resolve_value(c.value, references) for c in conditions if isinstance(c.value, dict)
        ]
        key = (
            "failures:" + query.key() + "|" + "|".join(e.model_dump_json() for e in expect),
            _side_key(query, references)[1] + repr(resolved),
        )
        with self._lock:
            side = self._sides.get(key)
            if side is not None:
                self._sides.move_to_end(key)
                return side
        hit = matcher(query, references)

        def fails(item: Any) -> bool:
            return hit(item) and not passes(item, references)

        side = self._indexed_failures(query, expect, fails, references)
        if side is None:
            count, ids = 0, []
            for item in self.initial.iter(query.collection):
                if fails(item):
                    count += 1
                    if count <= FAILURES_KEPT:
                        ids.append(item.id)
            side = InitialSide(count, tuple(ids))
        with self._lock:
            self._sides[key] = side
            while len(self._sides) > _SIDES_KEPT:
                self._sides.popitem(last=False)
        return side

    # --- the start state, from the corpus database ------------------------------------------

    def _indexed_side(self, query: Query, references: Snapshot) -> InitialSide | None:
        """`initial_side` of a messages query from the database of a large corpus (None: a
        corpus kept in memory, or a query SQL cannot bound: then one pass decides it)."""
        from emailbench_gym.grading.checks.base import matcher

        if self.corpus.store.whole:
            return None
        found = indexed.plan(query, references)
        if found is None or (found.where is None and not found.exact):
            return None
        hit = matcher(query, references)
        count, ids = self._start_matches(found, hit, SMALL_SELECTION)
        return InitialSide(count, tuple(ids) if count <= SMALL_SELECTION else None)

    def _indexed_failures(
        self,
        query: Query,
        expect: list[Condition | AnyOf],
        fails: Callable[[Any], bool],
        references: Snapshot,
    ) -> InitialSide | None:
        """`initial_failures` from the database of a large corpus: the query's matches that
        the exact SQL of `expect` rejects (None: no such SQL, or a corpus kept in memory)."""
        if self.corpus.store.whole or query.collection != "messages":
            return None
        selects = indexed.plan(query, references)
        if selects is None:
            return None
        meets = indexed.expectation_plan(expect, references)
        if meets is None:  # `expect` has no exact SQL: the query's matches, rechecked
            if selects.where is None:
                return None
            found = indexed.Plan(selects.where, False)
            count, ids = self._start_matches(found, fails, FAILURES_KEPT)
            return InitialSide(count, tuple(ids))
        if meets.where is None:  # no condition: every item passes, none fails
            rejects = indexed.FALSE
        else:
            rejects = indexed.Sql(f"NOT ({meets.where.sql})", meets.where.params)
        where = (
            rejects
            if selects.where is None
            else indexed.Sql(
                f"({selects.where.sql}) AND {rejects.sql}", selects.where.params + rejects.params
            )
        )
        count, ids = self._start_matches(indexed.Plan(where, selects.exact), fails, FAILURES_KEPT)
        return InitialSide(count, tuple(ids))

    def _start_matches(
        self, found: indexed.Plan, hit: Callable[[Any], bool], keep: int
    ) -> tuple[int, list[str]]:
        """How many start-state messages `hit` accepts, and the first `keep` ids in `iter`
        order, with the database bounding them (`found`: exactly, or a superset that `hit`
        rechecks) and the start state's own writes (the setup's) checked in Python.

        An exact plan is counted by its complement when it has one (an index search, not a
        scan), and its first ids read by walking the corpus order's index when matches are
        dense (about `size / count` rows a match walked, against sorting all `count` of them:
        the walk wins when `count` squared exceeds `keep` times the size).
        """
        store, initial = self.corpus.store, self.initial
        written = initial.written("messages")
        overlaid = set(written)
        if found.exact:
            if found.complement is not None:
                count = store.size - store.count(found.complement)
            else:
                count = store.count(found.where)
            wanted = keep + len(written)
            order = "pos" if count * count > wanted * store.size else "+pos"
            rows = store.select(found.where, order, wanted)
            rows = [r for r in rows if r[1] not in overlaid]
        else:
            candidates = [r for r in store.select(found.where, "+pos", -1) if r[1] not in overlaid]
            rows = [r for r, m in zip(candidates, store.read(candidates), strict=True) if hit(m)]
            count = len(rows)
        placed = [(r[2], r[1]) for r in rows[:keep]]
        created: list[str] = []
        for key in written:
            before = store.get(key)
            if found.exact and before is not None and hit(before):
                count -= 1
            now = initial.get("messages", key)
            if now is not None and hit(now):
                count += 1
                row = store.locate(key)
                if row is None:
                    created.append(key)
                else:
                    placed.append((row[2], key))
        placed.sort()
        return count, ([key for _, key in placed] + created)[:keep]

    # --- the empty episode -------------------------------------------------------------------

    @cached_property
    def vacuous(self) -> frozenset[str]:
        """Ids of the checks an episode that does nothing and answers nothing already passes."""
        from emailbench_gym.grading.checks.base import EpisodeView

        empty = EpisodeView(self.initial, self.initial, Changes({}, None, ()), "", (), self)
        queries = [getattr(a, "query", None) for a in self.scenario.assertions]
        kept = [q for q in queries if isinstance(q, Query) and q.collection != "settings"]
        self.initial_sides(kept, self.initial)
        return frozenset(a.id for a in self.scenario.assertions if a.check(empty).passed)


def _side_key(query: Query, references: Snapshot) -> tuple[str, str]:
    """What a start-state side is kept under: the query, and its `$folder` / `$ids` references
    as resolved in the state being graded."""
    resolved = [
        resolve_value(c.value, references) for c in query.where if isinstance(c.value, dict)
    ]
    return query.key(), repr(resolved) if resolved else ""


def _folder_of_query(query: Query) -> str | None:
    """The folder id of a query that selects exactly the messages of one folder, else None."""
    if query.collection != "messages" or len(query.where) != 1:
        return None
    (condition,) = query.where
    if condition.path != "parentFolderId" or condition.op != "eq":
        return None
    return condition.value if isinstance(condition.value, str) else None
