"""Grading queries answered by the corpus database select what a pass over the messages does.

Every condition a scenario can write on a message path (each operator on ids, folders,
text, booleans, datetimes, enumerations, list fields and the body, with odd values) is
planned as SQL (`grading.indexed`) and run over a grown corpus whose store is not kept in
memory, with a start state that has writes of its own (a setup): the count and the first
ids must equal those of the Python predicate over `Snapshot.iter`. The scenarios' own
queries are compared too, as are state checks' failures.
"""

from __future__ import annotations

from typing import Any

import pytest

from emailbench_gym.api.models import MailFolder, Message
from emailbench_gym.corpus import CORPUS_FILES, Corpus, build_corpus, load_corpus
from emailbench_gym.corpus_scale import filed_folders, filler_messages
from emailbench_gym.grading import indexed
from emailbench_gym.grading.checks.base import matcher
from emailbench_gym.grading.checks.state import StateCheckAssertion
from emailbench_gym.grading.context import ScenarioContext
from emailbench_gym.grading.query import Condition, Query
from emailbench_gym.scenarios import Scenario, load_all

WHEN = "2001-10-05T09:00:00-05:00"
VALUES: dict[str, list[Any]] = {
    "id": [
        "msg-003",
        "MSG-003",
        "^msg-f00000[1-3]$",
        r"^msg-5\d{3}$",
        ["msg-003", "msg-f000004", 7],
        [],
        None,
        "f0000",
        "msg-0",
        "^msg-f00000",
        "^MSG-f",
        "(?i)^MSG-00",
        "^msg-00[1-3]|f00001",
        "^msg-f0*1",
        r"^msg\-f00000[12]",
        "\\Amsg-01",
        "(?m)^msg-01",
    ],
    "parentFolderId": ["inbox", "folder-filed-2000", ["inbox", "archive"], "Inbox", None],
    "conversationId": ["conv-003", "conv-f000002", "conv"],
    "subject": ["RE: Raptor exposure - need a straight answer", "raptor", "Raptor", "", None],
    "from/emailAddress/address": ["sally.beck@enron.com", "SALLY.BECK@enron.com", "enron", None],
    "from/emailAddress/name": ["Sally Beck", "sally", None, ""],
    "isRead": [True, False, None, 1],
    "hasAttachments": [True, False],
    "receivedDateTime": [WHEN, "2000-06-01T00:00:00Z", "2001-10-05T09:00:00", "soon", None],
    "sentDateTime": [WHEN, "2000-06-01T00:00:00+00:00", None],
    "importance": ["high", "normal", "High", ["high", "low"], None],
    "flag/flagStatus": ["flagged", "notFlagged", "complete", "nope"],
    "toRecipients/emailAddress/address": ["sally.beck@enron.com", "Louise", "enron.com", None],
    "ccRecipients/emailAddress/name": ["Sally Beck", "sally"],
    "categories": ["Raptor", "raptor", None],
    "attachments/name": ["xls", "VaR"],
    "body/content": ["Raptor", "raptor", "collateral", ""],
    "inReplyTo": ["msg-001", None],
    "bodyPreview": ["Sally", ""],
}
OPS = ["eq", "ne", "in", "contains", "icontains", "gt", "lt", "gte", "lte", "exists", "regex"]
SETUP = [
    ("messages_move", {"id": "msg-003", "destinationId": "folder-filed-2000"}),
    ("messages_markRead", {"messageIds": ["msg-f000004", "msg-010"], "isRead": False}),
    ("messages_delete", {"id": "msg-f000002"}),
    ("messages_setCategories", {"id": "msg-f000009", "categories": ["Raptor"]}),
    ("messages_send", {"subject": "Raptor", "body": "x", "toRecipients": ["sally.beck@enron.com"]}),
]


@pytest.fixture(scope="module")
def grown() -> Corpus:
    shipped = load_corpus()
    parts = {name: shipped.items(name) for name in CORPUS_FILES}
    filler = [Message.model_validate(m) for m in filler_messages(300, seed=4)]
    parts["folders"] = [*parts["folders"], *map(MailFolder.model_validate, filed_folders())]
    parts["messages"] = [*parts["messages"], *filler]
    built = build_corpus(shipped.now, shipped.me.id, shipped.settings, parts)
    built.store.bound(30)  # not kept whole: grading asks the database
    return built


@pytest.fixture(scope="module")
def context(grown: Corpus) -> ScenarioContext:
    """A scenario whose setup writes messages: the start state differs from the corpus."""
    setup = [{"name": name, "arguments": arguments} for name, arguments in SETUP]
    scenario = Scenario.model_validate(
        {
            "id": "OB-Z902",
            "query": "A scenario written for a test.",
            "category": "folders",
            "difficulty": "D1",
            "domains": ["messages"],
            "retained": True,
            "setup": setup,
            "assertions": [{"id": "c", "type": "footprint", "description": "x"}],
            "rubrics": [{"criterion": "The work was done as asked."}],
            "solution": {"calls": [], "answer": "Done."},
        }
    )
    return ScenarioContext(scenario, grown)


def scanned(context: ScenarioContext, test: Any, keep: int) -> tuple[int, list[str]]:
    ids = [m.id for m in context.initial.iter("messages") if test(m)]
    return len(ids), ids[:keep]


def queries() -> list[Query]:
    out = []
    for path, values in VALUES.items():
        for op in OPS:
            for value in values:
                try:
                    out.append(
                        Query(
                            collection="messages", where=[Condition(path=path, op=op, value=value)]
                        )
                    )
                except ValueError:
                    continue
    return out


def test_every_condition_selects_what_the_predicate_does(context: ScenarioContext) -> None:
    planned = 0
    for query in queries():
        found = indexed.plan(query, context.initial)
        if found is None:
            continue
        hit = matcher(query, context.initial)
        try:
            expected = scanned(context, hit, 20)
        except TypeError:  # a value the predicate itself cannot take (a regex of a list)
            continue
        assert context._start_matches(found, hit, 20) == expected, query
        planned += 1
    assert planned > 250


def test_conditions_combined_and_folder_references(context: ScenarioContext) -> None:
    wheres = [
        [{"path": "isRead", "value": False}, {"path": "subject", "op": "icontains", "value": "re"}],
        [{"path": "parentFolderId", "value": {"$folder": "Filed mail/Filed 2000"}}],
        [{"path": "parentFolderId", "value": {"$folder": "Nowhere"}}],
        [
            {
                "path": "id",
                "op": "ne",
                "value": {
                    "$ids": {
                        "collection": "messages",
                        "where": [{"path": "importance", "value": "high"}],
                    }
                },
            }
        ],
        [{"path": "subject", "op": "regex", "value": "^RE"}, {"path": "isRead", "value": True}],
        [
            {"path": "body/content", "op": "icontains", "value": "raptor"},
            {"path": "isRead", "value": True},
        ],
        [
            {"path": "id", "op": "regex", "value": "^msg-f0000[0-5]"},
            {"path": "body/content", "op": "contains", "value": "the"},
        ],
        [
            {"path": "id", "op": "ne", "value": ["msg-003", "msg-f000004"]},
            {"path": "parentFolderId", "op": "ne", "value": "inbox"},
        ],
        [
            {"path": "id", "op": "ne", "value": "msg-f000001"},
            {"path": "conversationId", "op": "ne", "value": ["conv-003", 4]},
            {"path": "parentFolderId", "op": "ne", "value": None},
        ],
    ]
    for match in ("all", "any"):
        for where in wheres:
            query = Query.model_validate({"collection": "messages", "where": where, "match": match})
            found = indexed.plan(query, context.initial)
            if found is None:
                assert match == "any"
                continue
            hit = matcher(query, context.initial)
            assert context._start_matches(found, hit, 70) == scanned(context, hit, 70), where


@pytest.mark.parametrize(
    ("pattern", "prefix"),
    [
        (r"^msg-5\d{3}$", "msg-5"),
        (r"\Amsg-5", "msg-5"),
        ("^ab*", "a"),  # b may be absent
        ("^ab?c", "a"),
        ("^ab{2}", "a"),
        ("^[a]b", "ab"),
        (r"^a\.b", "a.b"),
        ("(?x)^ a b", "ab"),
        ("^ab(?i:c)", "ab"),
        ("^ab|c", ""),  # a top-level alternative matches anywhere
        ("(?i)^ab", ""),
        ("(?m)^ab", ""),  # after any newline
        ("ab", ""),
        ("^(ab)", ""),
        ("(", ""),
    ],
)
def test_anchored_prefix(pattern: str, prefix: str) -> None:
    assert indexed.anchored_prefix(pattern) == prefix


def test_complement_selects_exactly_what_the_plan_leaves(context: ScenarioContext) -> None:
    """Counted by its complement, a plan of `ne` conditions counts what it selects."""
    store = context.corpus.store
    complemented = 0
    for query in queries():
        found = indexed.plan(query, context.initial)
        if found is None or found.complement is None:
            continue
        assert store.size - store.count(found.complement) == store.count(found.where), query
        complemented += 1
    assert complemented >= 10


def test_every_scenario_query_and_state_check(grown: Corpus) -> None:
    """Each scenario's message queries and its state checks' failures, both ways."""
    compared = 0
    for scenario in load_all():
        context = ScenarioContext(scenario, grown)
        for check in scenario.assertions:
            query = getattr(check, "query", None)
            if not isinstance(query, Query) or query.collection != "messages":
                continue
            hit = matcher(query, context.initial)
            side = context._indexed_side(query, context.initial)
            if side is not None:
                count, ids = scanned(context, hit, 64)
                assert (side.count, side.ids) == (count, tuple(ids) if count <= 64 else None)
                compared += 1
            if isinstance(check, StateCheckAssertion) and check.expect:

                def fails(item: Any, check: Any = check, hit: Any = hit, at: Any = context) -> bool:
                    return hit(item) and not check.passes(item, at.initial)

                failed = context._indexed_failures(query, check.expect, fails, context.initial)
                if failed is not None:
                    count, ids = scanned(context, fails, 64)
                    assert (failed.count, failed.ids) == (count, tuple(ids)), scenario.id
                    compared += 1
    assert compared > 80


def test_the_universe_from_message_heads_is_the_universe_from_messages(
    context: ScenarioContext,
) -> None:
    """Over a corpus not kept in memory the entity universe reads `message_heads` (from the
    database, the start state's writes in place) and takes each name once: the same entities,
    aliases, labels and message groups as adding every message's names as they come."""
    from emailbench_gym.grading.claims import entities as module

    def old_universe(snapshot: Any) -> module.Universe:
        class Models:  # no message_heads: the universe falls back to the models
            def __init__(self, snapshot: Any) -> None:
                self._snapshot = snapshot

            def __getattr__(self, name: str) -> Any:
                return getattr(self._snapshot, name)

        universe = module.build_universe(Models(snapshot), exclude_person="sally.beck@enron.com")
        return universe

    def as_data(universe: module.Universe) -> Any:
        return (
            {
                kind: [
                    (e.key, e.label, [a.tokens for a in e.aliases], e.roles) for e in items.values()
                ]
                for kind, items in universe.entities.items()
            },
            universe.message_group,
        )

    snapshot = context.initial
    models = snapshot.model()
    new = module.build_universe(snapshot, exclude_person="sally.beck@enron.com")
    assert as_data(new) == as_data(old_universe(models))
    heads = list(snapshot.message_heads())
    assert [h[0] for h in heads] == [m.id for m in models.messages]
    assert len(heads) > 300


@pytest.mark.parametrize(
    ("where", "searched"),
    [
        ([{"path": "id", "op": "regex", "value": r"^msg-5\d{3}$"}], "messages_id (id>? AND id<?)"),
        (
            [
                {"path": "parentFolderId", "value": "inbox"},
                {"path": "receivedDateTime", "op": "lt", "value": "2001-09-01T00:00:00Z"},
            ],
            "messages_folder_received (folder=? AND received<?)",
        ),
    ],
)
def test_start_state_counts_search_an_index(where: list[dict[str, Any]], searched: str) -> None:
    """Counts a first grade asks of a large corpus are one index range, not a scan of it (a
    created id's pattern, a folder's messages before a date; `ne` goes by its complement)."""
    corpus = load_corpus()
    found = indexed.plan(Query.model_validate({"collection": "messages", "where": where}), None)
    assert found is not None and found.where is not None
    plan = corpus.store._connection.execute(
        f"EXPLAIN QUERY PLAN SELECT count(*) FROM messages WHERE {found.where.sql}",
        found.where.params,
    ).fetchall()
    assert any(searched in row[3] for row in plan), plan
    excluded = Query(collection="messages", where=[Condition(path="id", op="ne", value=["m"])])
    complement = indexed.plan(excluded, None).complement  # type: ignore[union-attr]
    assert complement is not None and complement.sql == "id IN (?)"
