"""The judge's state diff costs what the episode changed and says what a whole-snapshot diff says.

`state_diff` compares only the items the two snapshots hold apart from their corpus. The
diff it replaced (every item of both snapshots, by id) is kept here as the specification:
on every scenario's start state, reference end state and reference plus writes of every
kind (deletions for good, items created and removed again, values written back, setup
items deleted, settings, sends), on the shipped corpus and on a grown one, both give the
same evidence, entry for entry and in the same order.
"""

from __future__ import annotations

from typing import Any

import pytest

from emailbench_gym.api.models import MailFolder, Message
from emailbench_gym.corpus import CORPUS_FILES, Corpus, build_corpus, load_corpus
from emailbench_gym.corpus_scale import filed_folders, filler_messages
from emailbench_gym.episode import Episode
from emailbench_gym.grading import evidence
from emailbench_gym.grading.evidence import DIFF_COLLECTIONS, build_evidence, state_diff
from emailbench_gym.scenarios import load_all
from emailbench_gym.workspace import Workspace

#: Writes of every kind a diff must see (some fail on some scenarios: that is fine).
WRITES = [
    ("messages_markRead", {"messageIds": ["msg-001", "msg-f000003"], "isRead": True}),
    ("messages_markRead", {"messageIds": ["msg-001", "msg-f000003"], "isRead": False}),
    ("messages_move", {"id": "msg-003", "destinationId": "archive"}),
    ("messages_delete", {"id": "msg-010"}),
    ("messages_delete", {"id": "msg-010"}),  # from Deleted Items: gone for good
    ("messages_delete", {"id": "msg-f000002"}),
    ("messages_setCategories", {"id": "msg-012", "categories": ["Raptor"]}),
    ("folders_create", {"displayName": "Scratch"}),
    ("folders_delete", {"id": "folder-5001"}),  # created by the setup or just above
    ("folders_delete", {"id": "folder-5002"}),
    ("messages_send", {"subject": "x", "body": "y", "toRecipients": ["sally.beck@enron.com"]}),
    ("messages_createDraft", {"subject": "draft", "body": "z"}),
    ("todo_createTask", {"listId": "list-001", "title": "Scratch"}),
    ("contacts_delete", {"id": "contact-002"}),
    ("calendar_deleteEvent", {"id": "evt-003"}),
    ("filters_delete", {"id": "rule-001"}),
    ("settings_setWorkingHours", {"startTime": "10:00", "endTime": "18:00"}),
]


def whole_snapshot_diff(initial: Any, final: Any) -> dict[str, Any]:
    """The diff as it was: every item of both snapshots compared by id."""
    summary: dict[str, dict[str, int]] = {}
    sent: list[dict[str, Any]] = []
    deleted: list[dict[str, Any]] = []
    created: list[dict[str, Any]] = []
    changed: list[dict[str, Any]] = []
    for name in DIFF_COLLECTIONS:
        before = {i.id: i for i in getattr(initial, name)}
        after = {i.id: i for i in getattr(final, name)}
        counts = {"created": 0, "changed": 0, "deleted": 0}
        for item_id, item in after.items():
            old = before.get(item_id)
            if old is not None and old == item:
                continue
            data = evidence._dump(item)
            old_data = evidence._dump(old) if old is not None else None
            if (
                name == "messages"
                and not data.get("isDraft")
                and (old_data is None or old_data.get("isDraft"))
            ):
                sent.append(evidence._sent(data))
            if old_data is None:
                counts["created"] += 1
                if not (sent and sent[-1]["id"] == item_id):
                    fields = item.model_dump(mode="json", by_alias=True, exclude_defaults=True)
                    created.append(
                        {"collection": name, "id": item_id, "fields": evidence._fields(fields)}
                    )
            else:
                counts["changed"] += 1
                changed.append(
                    {
                        "collection": name,
                        "id": item_id,
                        "title": evidence._title(data),
                        "fields": evidence._changed(old_data, data),
                    }
                )
        for item_id, item in before.items():
            if item_id not in after:
                counts["deleted"] += 1
                deleted.append(
                    {
                        "collection": name,
                        "id": item_id,
                        "title": evidence._title(evidence._dump(item)),
                    }
                )
        if any(counts.values()):
            summary[name] = counts
    result: dict[str, Any] = {"summary": summary}
    if initial.settings != final.settings:
        result["settings"] = evidence._changed(
            evidence._dump(initial.settings), evidence._dump(final.settings)
        )
    for key, entries, cap in (
        ("sent_messages", sent, evidence.MAX_SENT),
        ("deleted", deleted, evidence.MAX_DELETIONS),
        ("created", created, evidence.MAX_ENTRIES),
        ("changed", changed, evidence.MAX_ENTRIES),
    ):
        if entries:
            result[key] = entries[:cap]
            if len(entries) > cap:
                result[f"{key}_not_shown"] = len(entries) - cap
    return result


def compare(scenario: Any, corpus: Corpus) -> int:
    """The three end states of `scenario` diffed both ways; how many diffs had changes."""
    changed = 0
    for name in ("nothing", "reference", "writes"):
        episode = Episode(scenario, Workspace(corpus))
        if name != "nothing":
            episode.replay_reference()
        if name == "writes":
            for tool, arguments in WRITES:
                episode.call(tool, arguments)
        initial, final = episode.initial, episode.workspace.snapshot()
        expected = whole_snapshot_diff(initial, final)
        assert state_diff(initial, final) == expected, (scenario.id, name)
        changed += bool(expected["summary"])
    return changed


@pytest.fixture(scope="module")
def scenarios() -> list[Any]:
    return load_all()


@pytest.fixture(scope="module")
def grown() -> Corpus:
    """The shipped persona and 400 filler messages, only 40 of them kept materialized."""
    shipped = load_corpus()
    parts = {name: shipped.items(name) for name in CORPUS_FILES}
    filler = [Message.model_validate(m) for m in filler_messages(400, seed=3)]
    parts["folders"] = [*parts["folders"], *map(MailFolder.model_validate, filed_folders())]
    parts["messages"] = [*parts["messages"], *filler]
    built = build_corpus(shipped.now, shipped.me.id, shipped.settings, parts)
    built.store.bound(40)
    return built


def test_every_scenario_diffs_as_the_whole_snapshot_diff(scenarios: list[Any]) -> None:
    corpus = load_corpus()
    assert sum(compare(s, corpus) for s in scenarios) > len(scenarios) + 100


def test_on_a_grown_corpus_too(scenarios: list[Any], grown: Corpus) -> None:
    assert sum(compare(s, grown) for s in scenarios[::5]) > len(scenarios[::5])


def test_the_diff_reads_only_what_the_episode_changed(scenarios: list[Any], grown: Corpus) -> None:
    """No message the episode did not write is materialized, and the evidence (what the
    judge is sent) is the one the whole-snapshot diff gives."""
    scenario = next(s for s in scenarios if s.id == "OB-W105")
    episode = Episode(scenario, Workspace(grown))
    _, answer = episode.replay_reference()
    for tool, arguments in WRITES:
        episode.call(tool, arguments)
    initial, final = episode.initial, episode.workspace.snapshot()
    grown.store._models.clear()
    grown.store._alive.clear()
    found = build_evidence(scenario.query, answer, episode.calls, initial, final)
    assert len(grown.store._models) <= 12
    assert found.changes == whole_snapshot_diff(initial, final)
    assert found.changes["summary"]["messages"]["deleted"] == 1


def test_snapshots_of_two_corpora_are_refused(grown: Corpus) -> None:
    with pytest.raises(ValueError, match="same corpus"):
        state_diff(Workspace().snapshot(), Workspace(grown).snapshot())
