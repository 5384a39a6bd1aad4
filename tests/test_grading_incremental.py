"""Static grading reads what the episode changed, and says exactly what a full scan says.

State checks count and select through `EpisodeView.count` / `matches` (the start state's
matches, kept per scenario, plus the changed items) and the collateral checks look only at
changed items. Every state check of every scenario is graded both ways on three end
states (nothing done, the reference, the reference plus unrelated damage): the outcomes
must be equal. A corpus grown past `SMALL_SELECTION` matches, with only a few messages
kept materialized, takes the paths that read the end state in order and scan ids only.
"""

from __future__ import annotations

from typing import Any

import pytest

from emailbench_gym.api.models import MailFolder, Message
from emailbench_gym.corpus import CORPUS_FILES, Corpus, build_corpus, load_corpus
from emailbench_gym.corpus_scale import filed_folders, filler_messages
from emailbench_gym.episode import Episode
from emailbench_gym.grading import context as context_module
from emailbench_gym.grading.checks.base import EpisodeView, Outcome
from emailbench_gym.grading.checks.state import (
    CountAssertion,
    ExistsAssertion,
    MovedMessageAssertion,
    NotExistsAssertion,
    PropertyAssertion,
    StateCheckAssertion,
    _label,
)
from emailbench_gym.grading.context import SMALL_SELECTION, ScenarioContext
from emailbench_gym.grading.query import AnyOf, folder_id, select, value_at
from emailbench_gym.scenarios import load_all
from emailbench_gym.workspace import Workspace

STATE_CHECKS = (
    CountAssertion,
    ExistsAssertion,
    NotExistsAssertion,
    PropertyAssertion,
    StateCheckAssertion,
    MovedMessageAssertion,
)
#: Writes outside most tasks' footprints (some fail on some scenarios: that is fine).
DAMAGE = [
    ("messages_markRead", {"messageIds": ["msg-001", "msg-f000003"], "isRead": True}),
    ("messages_move", {"id": "msg-003", "destinationId": "archive"}),
    ("messages_delete", {"id": "msg-f000002"}),
    ("messages_delete", {"id": "msg-010"}),
    ("messages_setCategories", {"id": "msg-012", "categories": ["Raptor"]}),
    ("messages_markRead", {"messageIds": ["msg-046"], "isRead": False}),
    ("folders_create", {"displayName": "Scratch"}),
    ("messages_send", {"subject": "x", "body": "y", "toRecipients": ["sally.beck@enron.com"]}),
    ("todo_createTask", {"listId": "list-001", "title": "Scratch"}),
]


class FullScan(EpisodeView):
    """The same episode, every query answered by scanning the end state (the old way)."""

    def count(self, query: Any) -> int:
        return len(select(query, self.final))

    def matches(self, query: Any, limit: int | None = None) -> list[Any]:
        return select(query, self.final)[:limit]

    def messages_in(self, folder: str) -> set[str]:
        return {m.id for m in self.matches(self.context.folder_query(folder))}


def scanned_unchanged(check: StateCheckAssertion, episode: EpisodeView) -> Outcome:
    """The collateral check as it was: every selected start item against the end state."""
    collection = check.query.collection
    before = select(check.query, episode.initial)
    after = {getattr(i, "id", None): i for i in select_all(episode.final, collection)}
    bad = []
    for item in before:
        now = after.get(getattr(item, "id", None))
        if now is None:
            bad.append(f"{_label(item)}: deleted")
        elif not check.unchanged:
            if now is not item and now != item:
                bad.append(f"{_label(item)}: changed")
        else:
            for path in check.unchanged:
                old, new = (value_at(x, path, collection) for x in (item, now))
                if old != new:
                    bad.append(f"{_label(item)}: {path} {old!r} -> {new!r}")
    ok = not bad and len(before) >= check.min_matches
    return Outcome(ok, f"{len(before)} items unchanged", bad[:5] or "unchanged")


def scanned_expect(check: StateCheckAssertion, episode: EpisodeView) -> Outcome:
    """The state check with `expect` as it was: every selected end item tested."""
    items = select(check.query, episode.final)
    bad = [_label(i) for i in items if not check.passes(i, episode.final)]
    expected = " and ".join(
        c.describe() if isinstance(c, AnyOf) else f"{c.path} {c.op} {c.value!r}"
        for c in check.expect
    )
    found = f"{len(items)} matched" + (f"; failing: {bad[:5]}" if bad else "")
    return Outcome(not bad and len(items) >= check.min_matches, expected, found)


def scanned_moved(check: MovedMessageAssertion, episode: EpisodeView) -> Outcome:
    """The moved-message check as it was: the folder's messages listed on every grade."""
    final = episode.final
    target = folder_id(final, check.folder)
    if target is None and any(f.id == check.folder for f in final.folders):
        target = check.folder
    if target is None:
        return Outcome(False, f"folder {check.folder!r} with the messages", "folder missing")
    inside = {m.id for m in final.messages if m.parentFolderId == target}
    missing = [i for i in check.message_ids if i not in inside]
    extra = sorted(inside.difference(check.message_ids)) if check.exact else []
    found = (
        {"not in folder": missing, "unexpected in folder": extra}
        if missing or extra
        else "all in folder"
    )
    return Outcome(not missing and not extra, sorted(check.message_ids), found)


def select_all(snapshot: Any, collection: str) -> list[Any]:
    return [snapshot.settings] if collection == "settings" else getattr(snapshot, collection)


def end_states(scenario: Any, corpus: Corpus) -> list[tuple[str, Episode]]:
    out = []
    for name in ("nothing", "reference", "damage"):
        episode = Episode(scenario, Workspace(corpus))
        if name != "nothing":
            episode.replay_reference()
        if name == "damage":
            for tool, arguments in DAMAGE:
                episode.call(tool, arguments)
        out.append((name, episode))
    return out


def compare(scenario: Any, corpus: Corpus) -> int:
    """Grade every state check of `scenario` both ways on each end state; returns how many."""
    checks = [a for a in scenario.assertions if isinstance(a, STATE_CHECKS)]
    context = ScenarioContext.of(scenario, corpus)
    compared = 0
    for name, episode in end_states(scenario, corpus):
        parts = (
            context.initial,
            episode.workspace.snapshot(),
            episode.workspace.mailbox.changes_since(episode.mark),
            "",
            episode.calls,
            context,
        )
        fast, slow = EpisodeView(*parts), FullScan(*parts)
        for check in checks:
            if isinstance(check, StateCheckAssertion) and check.unchanged is not None:
                expected = scanned_unchanged(check, slow)
            elif isinstance(check, StateCheckAssertion):
                expected = scanned_expect(check, slow)
            elif isinstance(check, MovedMessageAssertion):
                expected = scanned_moved(check, slow)
            else:
                expected = check.check(slow)
            assert check.check(fast) == expected, (scenario.id, name, check.id)
            compared += 1
    return compared


@pytest.fixture(scope="module")
def scenarios() -> list[Any]:
    return load_all()


def test_every_state_check_of_every_scenario_grades_as_a_full_scan(scenarios: list[Any]) -> None:
    corpus = load_corpus()
    assert sum(compare(s, corpus) for s in scenarios) > 600


@pytest.fixture(scope="module")
def grown() -> Corpus:
    return grow()


def grow() -> Corpus:
    """The shipped persona and 400 filler messages, only 40 of them kept materialized."""
    shipped = load_corpus()
    parts = {name: shipped.items(name) for name in CORPUS_FILES}
    filler = [Message.model_validate(m) for m in filler_messages(400, seed=3)]
    parts["folders"] = [*parts["folders"], *map(MailFolder.model_validate, filed_folders())]
    parts["messages"] = [*parts["messages"], *filler]
    built = build_corpus(shipped.now, shipped.me.id, shipped.settings, parts)
    built.store.bound(40)
    return built


def test_on_a_grown_corpus_too(scenarios: list[Any], grown: Corpus) -> None:
    messages = [s for s in scenarios if any(_reads_messages(a) for a in s.assertions)]
    assert len(messages) > 40
    assert sum(compare(s, grown) for s in messages) > 200
    # the collateral checks over every message match more than are kept as ids
    large = [
        ScenarioContext.of(s, grown).initial_side(a.query, ScenarioContext.of(s, grown).initial)
        for s in messages
        for a in s.assertions
        if isinstance(a, StateCheckAssertion) and a.query.collection == "messages"
    ]
    assert any(side.ids is None and side.count > SMALL_SELECTION for side in large)


def test_folders_that_held_many_messages_are_counted_then_listed(
    scenarios: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With every start selection "large", exact moved-message checks count the folder and
    list it from the folder index: the same outcomes as listing it by a scan."""
    monkeypatch.setattr(context_module, "SMALL_SELECTION", 0)
    exact = [
        s
        for s in scenarios
        if any(isinstance(a, MovedMessageAssertion) and a.exact for a in s.assertions)
    ]
    corpus = grow()  # a corpus of its own: contexts made under the patched threshold
    assert len(exact) > 15 and sum(compare(s, corpus) for s in exact) > 100


def test_state_checks_over_many_start_items_list_failures_from_the_changes(
    scenarios: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With every start selection "large", a state check's `expect` is tested on the start
    state's failures (kept per scenario) and the changed items: the same outcomes as testing
    every selected end item (the failures listed in order, the first five shown)."""
    monkeypatch.setattr(context_module, "SMALL_SELECTION", 0)
    expecting = [
        s
        for s in scenarios
        if any(isinstance(a, StateCheckAssertion) and a.expect for a in s.assertions)
    ]
    corpus = grow()  # a corpus of its own: contexts made under the patched threshold
    assert len(expecting) > 40 and sum(compare(s, corpus) for s in expecting) > 150


def _reads_messages(check: Any) -> bool:
    query = getattr(check, "query", None)
    return isinstance(check, MovedMessageAssertion) or (
        query is not None and query.collection == "messages"
    )


def test_grading_an_episode_reads_only_what_it_changed(grown: Corpus) -> None:
    """After the scenario's first grade, a grade materializes no message it did not touch."""
    scenarios = {s.id: s for s in load_all()}
    episode = Episode(scenarios["OB-W105"], Workspace(grown))
    _, answer = episode.replay_reference()
    episode.grade(answer)  # the first grade derives the scenario's context
    store = grown.store
    store._models.clear()
    store._alive.clear()
    assert episode.grade(answer).passed
    assert len(store._models) <= 10


@pytest.mark.parametrize("which", ["shipped", "grown"])
def test_the_messages_of_a_folder_come_from_its_index_in_collection_order(
    which: str, grown: Corpus
) -> None:
    """`message_ids_in` (the start state's folder queries, read from the folder index) lists
    what a pass over every message would, in the same order, after moves into and out of the
    folder, a deletion and new messages."""
    corpus = grown if which == "grown" else load_corpus()
    ws = Workspace(corpus)
    folders = sorted({m.parentFolderId for m in ws.mailbox.iter("messages")})
    ids = list(ws.mailbox.ids("messages"))
    archive = next(f.id for f in ws.mailbox.iter("folders") if f.displayName == "Archive")
    for message_id in ids[1::7]:
        ws.call("messages_move", id=message_id, destinationId=archive)
    for message_id in ids[2::11]:
        ws.call("messages_move", id=message_id, destinationId="inbox")
    ws.call("messages_delete", id=ids[3])
    ws.call("messages_send", subject="x", body="y", toRecipients=["sally.beck@enron.com"])
    ws.call("messages_createDraft", subject="draft", body="z")
    for state in (ws.mailbox, ws.snapshot()):
        for folder in {*folders, archive, "sentitems", "drafts", "nowhere"}:
            expected = [m.id for m in state.iter("messages") if m.parentFolderId == folder]
            assert state.message_ids_in(folder) == expected, folder


def test_a_later_grade_of_the_shipped_corpus_asks_its_database_nothing(
    scenarios: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The shipped corpus fits the store's cache: once a scenario has been graded, its
    episodes' grades find every message, position and absent id without one SQL statement
    (each costs ~20 us, the whole grade's budget is 200)."""
    episodes = []
    for scenario in scenarios:
        episode = Episode(scenario)
        _, answer = episode.replay_reference()
        episode.grade(answer)
        episodes.append((episode, answer))
    store = load_corpus().store
    statements: list[str] = []
    original = type(store)._query
    monkeypatch.setattr(
        type(store),
        "_query",
        lambda self, sql, *a: statements.append(sql) or original(self, sql, *a),
    )
    for episode, answer in episodes:
        episode.grade(answer)
    assert statements == []


def test_changed_items_keep_their_place_in_collection_order() -> None:
    """A changed item is listed where it always was, a created one after the corpus."""
    scenario = {s.id: s for s in load_all()}["OB-W105"]
    corpus = load_corpus()
    context = ScenarioContext.of(scenario, corpus)
    episode = Episode(scenario, Workspace(corpus))
    episode.call("messages_markRead", {"messageIds": ["msg-002"], "isRead": True})
    episode.call("todo_createTask", {"title": "Alpha"})
    episode.call("todo_updateTask", {"id": "task-002", "title": "Second"})
    parts = (
        context.initial,
        episode.workspace.snapshot(),
        episode.workspace.mailbox.changes_since(episode.mark),
        "",
        episode.calls,
        context,
    )
    checks = [
        PropertyAssertion.model_validate(
            {
                "type": "property",
                "compute": "values",
                "path": "id",
                "expected": [],
                "query": {
                    "collection": "messages",
                    "where": [
                        {"path": "id", "op": "in", "value": ["msg-001", "msg-002", "msg-003"]}
                    ],
                },
            }
        ),
        PropertyAssertion.model_validate(
            {
                "type": "property",
                "compute": "values",
                "path": "title",
                "expected": [],
                "query": {"collection": "todo_tasks"},
            }
        ),
    ]
    for check in checks:
        fast, slow = check.check(EpisodeView(*parts)), check.check(FullScan(*parts))
        assert fast == slow
    assert fast.found[1] == "Second" and fast.found[-1] == "Alpha"
