"""The corpus database answers exactly as the Python semantics it replaces (issue 14).

Every message query (filtered and sorted lists, counts, search, folder and conversation
lookups) is compared with the reference: the OData predicate and sort of
`emailbench_gym.api.odata` over every live message, newest first, as the list path
computed before the database existed. The corpus holds the shipped persona, seeded
filler and a few hand-made messages with the edge values (no sender, empty and non-ASCII
text, equal times, nulls), and the comparisons run on the pristine corpus and after a
workspace has changed, created and deleted messages.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from emailbench_gym.api.common import matches_words, message_search_text, updated
from emailbench_gym.api.models import MailFolder, Message
from emailbench_gym.api.odata import compile_filter, compile_order_by, parse_filter
from emailbench_gym.corpus import (
    CORPUS_FILES,
    Corpus,
    build_corpus,
    compile_corpus,
    load_corpus,
)
from emailbench_gym.corpus_scale import filed_folders, filler_messages, write_scaled_corpus
from emailbench_gym.errors import CorpusError, ToolError
from emailbench_gym.mailbox import COMPILED_CACHE
from emailbench_gym.store import database
from emailbench_gym.store.database import EXPANSIONS_KEPT
from emailbench_gym.store.search import encode, words
from emailbench_gym.store.translate import translate_filter
from emailbench_gym.workspace import Workspace

DANA = "dana.whitfield@enron.com"


def _edge_messages() -> list[Message]:
    """Messages with the values that trip a translation: nulls, odd text, equal times."""
    base = load_corpus().collections["messages"]["msg-001"]
    at = datetime.fromisoformat("2001-10-14T12:00:00-05:00")
    return [
        updated(
            base,
            id="msg-e1",
            conversationId="conv-e1",
            subject="Café Straße ÉCU naïve",
            body={"contentType": "text", "content": "Grüße aus Köln, the ΣΊΣΥΦΟΣ desk; ß"},
            from_=None,
            receivedDateTime=at,
            sentDateTime=None,
            categories=["Raptor", "FERC"],
            inReplyTo="msg-001",
        ),
        updated(
            base,
            id="msg-e2",
            conversationId="conv-e1",
            subject="",
            body={"contentType": "html", "content": ""},
            bodyPreview="",
            from_={"emailAddress": {"name": "", "address": "Someone@Example.COM"}},
            toRecipients=[],
            receivedDateTime=at,  # the same instant as msg-e1: corpus order breaks the tie
            importance="low",
            flag={"flagStatus": "complete", "dueDateTime": "2001-10-20T17:00:00Z"},
            attachments=[],
            hasAttachments=False,
        ),
        updated(
            base,
            id="msg-e3",
            conversationId="conv-e3",
            subject="under_score and O'Brien's 100% plan",
            receivedDateTime=datetime.fromisoformat("2001-10-14T19:00:00+02:00"),  # other zone
            isRead=False,
            importance="high",
            flag={"flagStatus": "flagged", "dueDateTime": None},
        ),
    ]


@pytest.fixture(scope="module", params=["cached", "bounded"])
def corpus(request: pytest.FixtureRequest) -> Corpus:
    """The shipped persona, 500 filler messages and the edge cases, in an in-memory database:
    every message kept materialized, or only 40 (most reads then go to the database)."""
    shipped = load_corpus()
    parts = {name: shipped.items(name) for name in CORPUS_FILES}
    filler = [Message.model_validate(m) for m in filler_messages(500, seed=7)]
    parts["folders"] = [*parts["folders"], *map(MailFolder.model_validate, filed_folders())]
    parts["messages"] = [*parts["messages"], *filler, *_edge_messages()]
    built = build_corpus(shipped.now, shipped.me.id, shipped.settings, parts)
    if request.param == "bounded":
        built.store.bound(40)
        assert not built.store.whole
    return built


def _changed(ws: Workspace) -> Workspace:
    """A workspace with moves, marks, flags, categories, deletions and new messages."""
    ws.call("messages_move", id="msg-e1", destinationId="archive")
    ws.call("messages_markRead", messageIds=["msg-e3", "msg-001", "msg-f000001"], isRead=True)
    ws.call("messages_markRead", messageIds=["msg-002"], isRead=False)
    ws.call("messages_flag", id="msg-003", flagStatus="flagged", dueDateTime="2001-10-16T12:00:00")
    ws.call("messages_setCategories", id="msg-f000002", categories=["Raptor"])
    ws.call("messages_setImportance", id="msg-f000003", importance="high")
    ws.call("messages_delete", id="msg-004")
    ws.call("messages_delete", id="msg-f000004")
    ws.call("messages_delete", id="msg-f000004")  # now gone for good
    ws.call("messages_send", subject="Raptor note", body="Café ß", toRecipients=[DANA])
    ws.call("messages_reply", id="msg-005", comment="Collateral is fine.")
    ws.call("messages_createDraft", subject="Draft", body="later", toRecipients=[])
    return ws


@pytest.fixture(params=["pristine", "changed"])
def ws(request: pytest.FixtureRequest, corpus: Corpus) -> Iterator[Workspace]:
    workspace = Workspace(corpus)
    yield _changed(workspace) if request.param == "changed" else workspace


def _reference(ws: Workspace, filter: str | None = None, order: str | None = None) -> list[str]:
    """What the list path answered before the database: Python over every live message."""
    items = sorted(ws.mailbox.iter("messages"), key=lambda m: m.receivedDateTime, reverse=True)
    if filter:
        predicate = compile_filter(filter, Message)
        items = [m for m in items if predicate(m)]
    if order:
        items = compile_order_by(order, Message)(items)
    return [m.id for m in items]  # type: ignore[attr-defined]


#: Filters with an exact SQL form: the database answers alone, with no Python recheck.
EXACT = [
    "isRead eq false",
    "isRead eq true",
    "isRead ne false",
    "isRead eq 1",
    "isRead gt 0.5",
    "isRead",
    "not isRead",
    "isRead eq null",
    "isRead ne null",
    "hasAttachments eq true and isRead eq false",
    "importance eq 'HIGH'",
    "importance gt 'low'",  # enumerations compare as text
    "importance ne 'normal'",
    "'high' eq importance",
    "'m' lt subject",
    "subject eq ''",
    "subject ge 'R'",
    "subject le 'c'",
    "subject",
    "id eq 'MSG-001'",
    "conversationId eq 'conv-e1'",
    "parentFolderId eq 'FOLDER-ARCHIVE'",
    "inReplyTo ne null",
    "inReplyTo eq null",
    "inReplyTo",
    "inReplyTo gt 'msg-0'",
    "bodyPreview ne ''",
    "body/contentType eq 'html'",
    "body/content eq ''",
    "body/content",
    "from eq null",
    "from ne null",
    "from/emailAddress eq null",
    "from/emailAddress/address eq 'SALLY.BECK@enron.com'",
    "from/emailAddress/address ne 'sally.beck@enron.com'",
    "from/emailAddress/address eq null",
    "from/emailAddress/address gt 'm'",
    "from/emailAddress/name eq ''",
    "from/emailAddress/name",
    "not (from/emailAddress/address eq 'sally.beck@enron.com')",
    "not (from/emailAddress/address gt 'm')",
    "receivedDateTime ge 2001-10-01T00:00:00-05:00",
    "receivedDateTime lt '2001-01-01T00:00:00Z'",
    "receivedDateTime eq 2001-10-14T12:00:00-05:00",
    "receivedDateTime eq 2001-10-14T17:00:00Z",  # the same instant in UTC
    "receivedDateTime ne 2001-10-14T12:00:00-05:00",
    "2001-10-01 lt receivedDateTime",
    "sentDateTime eq null",
    "sentDateTime ne null",
    "sentDateTime gt 2000-06-01",
    "not (sentDateTime gt 2000-06-01)",
    "sentDateTime",
    "flag/flagStatus eq 'flagged'",
    "flag/flagStatus ne 'notFlagged'",
    "flag/dueDateTime ne null",
    "flag/dueDateTime lt 2001-10-18T00:00:00Z",
    "contains(subject, 'RAPTOR')",
    "contains(subject, '')",
    "contains(subject, 'straße')",
    "startswith(subject, 're:')",
    "startswith(subject, '')",
    "endswith(subject, 'review')",
    "endswith(subject, '')",
    "contains(body/content, 'collateral')",
    "contains(body/content, 'köln')",
    "startswith(body/content, 'dana,')",
    "contains(from/emailAddress/name, 'beck')",
    "contains(inReplyTo, '00')",
    "endswith(inReplyTo, '')",
    "contains(isRead, 'x')",
    "contains(from, 'x')",
    "contains(toRecipients/emailAddress/address, 'priya')",
    "contains(categories, 'err')",
    "categories eq 'raptor'",
    "categories ne 'Raptor'",
    "categories gt 'l'",
    "categories eq null",
    "categories ne null",
    "categories",
    "toRecipients/emailAddress/address eq 'DANA.WHITFIELD@enron.com'",
    "toRecipients/emailAddress/address ne 'dana.whitfield@enron.com'",
    "ccRecipients/emailAddress/name",
    "attachments/name",
    "categories/any(c: c eq 'FERC')",
    "categories/any(c: c eq 'ferc' or c eq 'Dynegy')",
    "categories/all(c: c eq 'Raptor')",
    "categories/all(c: not (c eq 'Raptor'))",
    "toRecipients/any(r: r/emailAddress/address eq 'dana.whitfield@enron.com')",
    "toRecipients/emailAddress/any(e: e/address eq 'dana.whitfield@enron.com')",
    "ccRecipients/all(r: startswith(r/emailAddress/address, 'p'))",
    "ccRecipients/any(r: contains(r/emailAddress/name, 'an'))",
    "attachments/any(a: endswith(a/name, '.XLS'))",
    "attachments/any(a: a/contentType eq 'application/pdf')",
    "isRead eq false and (importance eq 'high' or flag/flagStatus eq 'flagged')",
    "isRead eq false or importance eq 'high' or hasAttachments eq true or categories eq 'legal'",
    "not (isRead or hasAttachments)",
    "isRead eq false and receivedDateTime ge 2001-10-08T00:00:00-05:00 and "
    "receivedDateTime lt 2001-10-13T00:00:00-05:00 and importance ne 'high' and "
    "flag/flagStatus ne 'flagged'",
]

#: Filters with parts that have no exact SQL form: rechecked in Python, or left to Python.
RECHECKED = [
    "subject eq bodyPreview",
    "isRead eq false and subject eq bodyPreview",
    "isRead eq false or subject eq bodyPreview",
    "not (subject eq bodyPreview)",
    "subject eq 2001-10-01 and isRead eq true",
    "isRead eq 'true'",
    "receivedDateTime eq 5",
    "'dana.whitfield@enron.com' eq toRecipients/emailAddress/address",
    "isRead eq 99999999999999999999",
    "toRecipients/any(r: r/emailAddress/address eq 'x' and r/emailAddress/name eq 'y')",
    "categories/any(c: c eq subject)",
    "contains('Raptor update', 'Raptor')",
    "from eq 'x'",
    "contains(subject, subject)",
]


@pytest.mark.parametrize("text", EXACT)
def test_exact_filters_translate_exactly(text: str) -> None:
    plan = translate_filter(parse_filter(text), text)
    assert plan.exact and plan.where is not None, text


@pytest.mark.parametrize("text", RECHECKED)
def test_filters_without_an_exact_form_say_so(text: str) -> None:
    assert not translate_filter(parse_filter(text), text).exact


@pytest.mark.parametrize("text", EXACT + RECHECKED)
def test_filtered_lists_and_counts_match_the_python_semantics(ws: Workspace, text: str) -> None:
    expected = _reference(ws, text)
    got = [m.id for m in ws.mailbox.messages.select(filter=text)]
    assert got == expected, text
    page = ws.call("messages_list", filter=text, top=7, skip=3)
    assert [m["id"] for m in page["items"]] == expected[3:10], text
    assert page["total"] == len(expected), text
    assert page["nextSkip"] == (10 if len(expected) > 10 else None), text
    assert ws.call("messages_count", filter=text) == {"count": len(expected)}, text


ORDERS = [
    *(
        f"{field}{direction}"
        for field in (
            "id",
            "conversationId",
            "parentFolderId",
            "subject",
            "body/contentType",
            "body/content",
            "bodyPreview",
            "from",
            "receivedDateTime",
            "sentDateTime",
            "isRead",
            "isDraft",
            "importance",
            "flag/flagStatus",
            "flag/dueDateTime",
            "hasAttachments",
            "inReplyTo",
            "from/emailAddress/name",
        )
        for direction in ("", " desc")
    ),
    "importance desc, receivedDateTime",
    "flag/flagStatus, subject desc, sentDateTime",
    "from desc, isRead",
]


@pytest.mark.parametrize("order", ORDERS)
def test_sorted_lists_match_the_python_sort(ws: Workspace, order: str) -> None:
    expected = _reference(ws, None, order)
    assert [m.id for m in ws.mailbox.messages.select(order_by=order, limit=40)] == expected[:40]
    page = ws.call("messages_list", orderBy=order, filter="isRead eq false", top=9, skip=2)
    assert [m["id"] for m in page["items"]] == _reference(ws, "isRead eq false", order)[2:11]


@pytest.mark.parametrize(
    "folder",
    ["inbox", "archive", "sentitems", "deleteditems", "drafts", "junkemail", "folder-filed-2000"],
)
def test_folder_lists_counts_and_folder_totals(ws: Workspace, folder: str) -> None:
    folder_id = ws.call("folders_get", id=folder)["id"]
    expected = _reference(ws, f"parentFolderId eq '{folder_id}'")
    listed = ws.call("messages_list", folderId=folder, top=100)
    assert [m["id"] for m in listed["items"]] == expected[:100]
    assert listed["total"] == len(expected)
    assert ws.call("messages_count", folderId=folder) == {"count": len(expected)}
    unread = _reference(ws, f"parentFolderId eq '{folder_id}' and isRead eq false")
    totals = ws.call("folders_get", id=folder)
    assert (totals["totalItemCount"], totals["unreadItemCount"]) == (len(expected), len(unread))


SEARCHES = [
    "Raptor",
    "raptor hedge",
    "r",
    "co",
    "col",
    "coll",
    "collateral",
    "collateral calpine",
    "CAFÉ",
    "straße",
    "strasse",  # casefold: ß is ss
    "σίσυφος",
    "under_score",
    "o'brien",
    "100",
    "dana whitfield",
    "someone@example.com",
    "example",
    "nosuchwordanywhere",
    "e",
]


@pytest.mark.parametrize("query", SEARCHES)
def test_search_matches_the_word_prefix_rule(ws: Workspace, query: str) -> None:
    expected = [
        m.id  # type: ignore[attr-defined]
        for m in sorted(ws.mailbox.iter("messages"), key=lambda m: m.receivedDateTime, reverse=True)
        if matches_words(query, message_search_text(m))
    ]
    first = ws.call("messages_search", query=query, top=100)
    assert [m["id"] for m in first["items"]] == expected[:100]
    assert first["total"] == len(expected)
    assert [m["id"] for m in ws.call("messages_search", query=query, top=3)["items"]] == expected[
        :3
    ]
    later = ws.call("messages_search", query=query, top=3, skip=3)
    assert [m["id"] for m in later["items"]] == expected[3:6]


def _generated_queries(corpus: Corpus, count: int, seed: int) -> list[str]:
    """Queries an agent might type: words of the corpus, their prefixes (1 to 6 characters,
    so some expand past EXPANSION words), pairs and triples of them, in any case, with
    punctuation between, and words no message has."""
    rng = random.Random(seed)
    vocabulary = sorted({w for m in corpus.store.in_order() for w in words(message_search_text(m))})
    queries = list(SEARCHES)
    while len(queries) < count:
        picked = [rng.choice(vocabulary) for _ in range(rng.choice((1, 1, 2, 3)))]
        picked = [w[: rng.randint(1, 6)] if rng.random() < 0.5 else w for w in picked]
        if rng.random() < 0.1:
            picked.append(rng.choice(["zzqx", "ünïcødé", "x" * 40, "_", "0"]))
        text = rng.choice([" ", ", ", " - ", "/"]).join(picked)
        queries.append(text.upper() if rng.random() < 0.2 else text)
    return queries


def _changed_shipped(ws: Workspace) -> None:
    """`_changed` for the shipped corpus alone (no filler, no edge messages)."""
    ws.call("messages_move", id="msg-001", destinationId="archive")
    ws.call("messages_markRead", messageIds=["msg-002"], isRead=False)
    ws.call("messages_delete", id="msg-004")
    ws.call("messages_send", subject="Raptor note", body="Café ß collateral", toRecipients=[DANA])
    ws.call("messages_reply", id="msg-005", comment="Collateral is fine.")


@pytest.mark.parametrize("which", ["shipped", "grown"])
def test_search_by_scan_and_by_fts_agree(
    which: str, corpus: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A small corpus is searched through an in-memory index of its words, a larger one by
    FTS5: both give the same rows in the same order, and the same totals (also among some
    rowids, as a workspace's changes ask), on the shipped corpus and on the grown one, for
    the hand-picked and 400 generated queries, directly and through a changed workspace."""
    searched = load_corpus() if which == "shipped" else corpus
    store = searched.store
    queries = _generated_queries(searched, 400, seed=3)
    among = [row for row in range(1, store.size + 1, 7)]

    def answers(scan: bool) -> list:
        monkeypatch.setattr(database, "SCAN_SEARCH_BELOW", 10**9 if scan else 0)
        assert (store._scan() is not None) is scan
        found = []
        for query in queries:
            terms = words(query)
            if not terms:
                continue
            found.append(
                (
                    store.search(terms, 10**6, {}),
                    store.search(terms, 3, {}),
                    store.search_count(terms, {}),
                    store.search_count(terms, {}, among=among),
                )
            )
        ws = Workspace(searched)
        (_changed_shipped if which == "shipped" else _changed)(ws)
        found.extend(ws.call("messages_search", query=q, top=100) for q in SEARCHES)
        return found

    scanned, indexed = answers(scan=True), answers(scan=False)
    assert len(scanned) > 400 and scanned == indexed
    assert sum(1 for hits, *_ in scanned[:400] if hits) > 200  # most queries find something


def test_a_term_as_long_as_a_prefix_index_is_one_prefix_query(corpus: Corpus) -> None:
    """A term of 1 to 3 characters is an FTS5 prefix query (one doclist of its prefix
    index), not an OR of the words it starts; both find the same messages, in order."""
    store = corpus.store
    for term in ["e", "co", "com", "v", "q"]:
        words_started = [
            w for (w,) in store._query("SELECT word FROM message_vocabulary") if w.startswith(term)
        ]
        assert 1 < len(words_started) <= database.EXPANSION  # an OR would have been the plan
        assert store._expansion(term, {}) == f'"{term}"*'
        spelled = "(" + " OR ".join(f'"{w}"' for w in words_started) + ")"
        sql = "SELECT rowid FROM message_words WHERE message_words MATCH ? ORDER BY rowid"
        assert store._query(sql, (f'"{term}"*',)) == store._query(sql, (spelled,))
    assert store._expansion("collat", {}) == '("collateral")'
    assert store._expansion("zzq", {}) is None


def test_encoding_keeps_prefixes_and_its_alphabet() -> None:
    words = ["café", "ca", "caf", "straße", "x_y", "Σ".casefold(), "100", "_"]
    for word in words:
        assert set(encode(word)) <= set("abcdefghijklmnopqrstuvwxyz0123456789_")
        for other in words:
            assert encode(other).startswith(encode(word)) == other.startswith(word)


def test_conversations_and_folder_operations(ws: Workspace) -> None:
    thread = ws.call("messages_getConversation", id="msg-e2")
    assert [m["id"] for m in thread["items"]] == ["msg-e1", "msg-e2"]  # equal times: corpus order
    filed = _reference(ws, "parentFolderId eq 'folder-filed-2000'")  # filler's: many
    corpus_order = [m.id for m in ws.mailbox.iter("messages") if m.id in set(filed)]  # type: ignore[attr-defined]
    emptied = ws.call("folders_empty", id="folder-filed-2000")
    assert len(emptied["deletedMessageIds"]) > 100
    assert emptied["deletedMessageIds"] == corpus_order
    assert ws.call("messages_count", folderId="folder-filed-2000") == {"count": 0}


def test_label_rename_reaches_every_tagged_message(ws: Workspace) -> None:
    tagged = _reference(ws, "categories eq 'raptor'")
    label = next(
        lb for lb in ws.call("settings_listLabels")["items"] if lb["displayName"] == "Raptor"
    )
    ws.call("settings_updateLabel", id=label["id"], displayName="Condor")
    assert _reference(ws, "categories eq 'condor'") == tagged
    assert ws.call("messages_count", filter="categories eq 'raptor'") == {"count": 0}


# --- the compiled file ------------------------------------------------------------------------


def test_a_compiled_corpus_loads_equal(tmp_path: Path) -> None:
    folder = write_scaled_corpus(tmp_path / "grown", 300, seed=3)
    from_json = load_corpus(folder)
    compiled = load_corpus(compile_corpus(folder, tmp_path / "grown.sqlite"))
    assert compiled.root == (tmp_path / "grown.sqlite").resolve()
    assert compiled.fingerprint == from_json.fingerprint
    for name in CORPUS_FILES:
        assert compiled.items(name) == from_json.items(name), name
    a, b = Workspace(from_json), Workspace(compiled)
    assert a.digest() == b.digest()
    for ws in (a, b):
        _changed_small(ws)
    assert a.digest() == b.digest()
    assert a.call("messages_search", query="collateral", top=50) == b.call(
        "messages_search", query="collateral", top=50
    )
    built = compile_corpus(from_json, tmp_path / "from-object.sqlite")  # a Corpus compiles too
    assert load_corpus(built).fingerprint == from_json.fingerprint


def _changed_small(ws: Workspace) -> None:
    ws.call("messages_move", id="msg-f000010", destinationId="archive")
    ws.call("messages_send", subject="Hello", body="Collateral", toRecipients=[DANA])


def test_the_same_filler_every_time(tmp_path: Path) -> None:
    one = (write_scaled_corpus(tmp_path / "a", 200, seed=5) / "messages.json").read_bytes()
    two = (write_scaled_corpus(tmp_path / "b", 200, seed=5) / "messages.json").read_bytes()
    assert one == two
    assert len(json.loads(one)) == 200
    with pytest.raises(ValueError, match="at least the 65 shipped"):
        write_scaled_corpus(tmp_path / "c", 10)


def test_bad_compiled_files_are_refused_with_the_reason(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(CorpusError, match="not a compiled corpus"):
        load_corpus(junk)
    old = compile_corpus(load_corpus(), tmp_path / "old.sqlite")
    connection = sqlite3.connect(old)
    connection.execute("UPDATE meta SET value = '0' WHERE key = 'format'")
    connection.commit()
    connection.close()
    with pytest.raises(CorpusError, match=r"format '0'.*write it again"):
        load_corpus(old)


def test_message_datetimes_need_an_offset() -> None:
    shipped = load_corpus()
    parts = {name: shipped.items(name) for name in CORPUS_FILES}
    naive = updated(parts["messages"][0], receivedDateTime=datetime(2001, 10, 1, 9))
    parts["messages"] = [naive, *parts["messages"][1:]]
    with pytest.raises(CorpusError, match="msg-001: field 'receivedDateTime': needs a UTC offset"):
        build_corpus(shipped.now, shipped.me.id, shipped.settings, parts)


# --- what grading reads: marks, changes, snapshots, digests ----------------------------------


def test_changes_since_a_mark_cost_the_changes_and_read_the_corpus_database() -> None:
    ws = Workspace()
    ws.call("folders_create", displayName="Setup")  # before the mark: not a change
    mark = ws.mailbox.mark()
    was_read = ws.call("messages_get", id="msg-002")["isRead"]
    ws.call("messages_markRead", messageIds=["msg-002"], isRead=not was_read)
    ws.call("messages_delete", id="msg-003")
    sent = ws.call("messages_send", subject="S", body="B", toRecipients=[DANA])
    ws.call("settings_setSignature", signature="Dana")
    changes = ws.mailbox.changes_since(mark)
    assert set(changes.items) == {"messages"}
    messages = changes.items["messages"]
    assert set(messages) == {"msg-002", "msg-003", sent["id"]}
    assert messages["msg-002"][0].isRead is was_read
    assert messages["msg-002"][1].isRead is not was_read
    assert messages["msg-003"][1].parentFolderId == "folder-deleteditems"
    assert messages[sent["id"]][0] is None
    assert changes.settings is not None and changes.settings[1].signature == "Dana"
    assert [t.messageId for t in changes.sent] == [sent["id"]]
    assert ws.mailbox.changes_since(ws.mailbox.mark()).items == {}


def test_a_snapshot_is_frozen_and_cheap_to_take() -> None:
    ws = Workspace()
    before = ws.snapshot()
    ws.call("messages_move", id="msg-001", destinationId="archive")
    after = ws.snapshot()
    assert before.get("messages", "msg-001").parentFolderId == "folder-inbox"
    assert after.get("messages", "msg-001").parentFolderId == "folder-archive"
    assert next(m for m in before.messages if m.id == "msg-001").parentFolderId == "folder-inbox"
    assert before.model().model_dump() != after.model().model_dump()
    assert before.digest() != after.digest() == ws.digest()


def test_equal_states_have_equal_digests_whatever_the_route() -> None:
    a, b = Workspace(), Workspace()
    a.call("messages_move", id="msg-001", destinationId="archive")
    a.call("messages_flag", id="msg-005", flagStatus="flagged")
    b.call("messages_flag", id="msg-005", flagStatus="flagged")
    b.call("messages_move", id="msg-001", destinationId="junkemail")
    b.call("messages_move", id="msg-001", destinationId="archive")
    assert a.digest() == b.digest()
    b.call("messages_move", id="msg-001", destinationId="inbox")
    assert a.digest() != b.digest()
    b.call("messages_flag", id="msg-005", flagStatus="notFlagged")
    assert b.digest() == Workspace().digest()


# --- bounded caches, per workspace ------------------------------------------------------------


def test_the_message_cache_stays_within_its_bound(tmp_path: Path) -> None:
    corpus = load_corpus(
        compile_corpus(write_scaled_corpus(tmp_path / "c", 400), tmp_path / "c.db")
    )
    store = corpus.store
    store.bound(50)
    ws = Workspace(corpus)
    for index in range(1, 336):
        ws.call("messages_get", id=f"msg-f{index:06d}")
        assert len(store._models) <= 50
    assert ws.call("messages_get", id="msg-f000001")["id"] == "msg-f000001"  # read again


def test_compiled_filters_are_kept_per_workspace_and_bounded() -> None:
    ws, other = Workspace(), Workspace()
    for index in range(COMPILED_CACHE * 2):
        ws.call("messages_count", filter=f"importance eq 'x{index}'")
    assert len(ws.mailbox._compiled) == COMPILED_CACHE
    assert not other.mailbox._compiled
    with pytest.raises(ToolError):
        ws.call("messages_count", filter="isRead eq")
    assert len(ws.mailbox._compiled) == COMPILED_CACHE


def test_compiled_plans_outlive_a_reset_and_the_least_recently_used_goes_first() -> None:
    """A plan is a pure function of the expression and the schema, so a reset keeps it (an
    episode's first filtered list then skips the lark parse); the bound drops the plan used
    longest ago, not the one compiled first."""
    ws = Workspace()
    unread = ws.call("messages_list", filter="isRead eq false", top=100)
    kept = ws.mailbox._compiled[("filter", "isRead eq false")]
    ws.call("messages_markRead", messageIds=[m["id"] for m in unread["items"]], isRead=True)
    assert ws.call("messages_list", filter="isRead eq false", top=100)["items"] == []
    ws.call("messages_search", query="raptor collateral")
    assert ws.mailbox.messages._placed and ws.mailbox.messages._words
    ws.reset()
    queries = ws.mailbox.messages
    assert not (queries._placed or queries._words or queries._expansions)
    assert not (ws.mailbox._cache or ws.mailbox._counters)
    assert ws.mailbox._compiled[("filter", "isRead eq false")] is kept
    assert ws.call("messages_list", filter="isRead eq false", top=100) == unread
    for index in range(COMPILED_CACHE - 1):
        ws.call("messages_count", filter=f"importance eq 'x{index}'")
        ws.reset()
        ws.call("messages_count", filter="isRead eq false")  # used again: the most recent
    ws.call("messages_count", filter="importance eq 'newest'")
    assert len(ws.mailbox._compiled) == COMPILED_CACHE
    assert ws.mailbox._compiled[("filter", "isRead eq false")] is kept
    assert ("filter", "importance eq 'x0'") not in ws.mailbox._compiled


def test_search_and_filter_caches_belong_to_one_workspace_and_one_episode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What one workspace searched or filtered stays in it, bounded, and goes at reset (all
    but its compiled plans, which hold nothing of the episode): the store every workspace of
    the corpus shares keeps no per-query state at all (searched by FTS5, whose term
    expansions are the per-query state, as a corpus over the scan's size is)."""
    monkeypatch.setattr(database, "SCAN_SEARCH_BELOW", 0)
    corpus = load_corpus()
    ws, other = Workspace(corpus), Workspace(corpus)
    store = corpus.store
    # the corpus's own messages, their rows, and (for a small corpus) their search words
    shared = {"_models", "_pristine", "_rows", "_scanned"}

    def per_query_state() -> set[str]:
        return {k for k, v in vars(store).items() if isinstance(v, dict | list | set)} - shared

    assert not per_query_state()
    answers = [
        ws.call("messages_search", query="raptor collateral"),
        ws.call("messages_list", filter="isRead eq false", orderBy="subject"),
    ]
    assert ws.mailbox.messages._expansions and ws.mailbox._compiled
    assert not other.mailbox.messages._expansions and not other.mailbox._compiled
    assert not per_query_state()
    assert [
        other.call("messages_search", query="raptor collateral"),
        other.call("messages_list", filter="isRead eq false", orderBy="subject"),
    ] == answers
    for index in range(EXPANSIONS_KEPT + 10):
        ws.call("messages_search", query=f"w{index}")
    assert len(ws.mailbox.messages._expansions) == EXPANSIONS_KEPT
    compiled = dict(ws.mailbox._compiled)
    ws.reset()
    assert not ws.mailbox.messages._expansions
    # the one exception: compiled filter and sort plans are pure functions of an expression
    # and the schema (no state of the episode in them), so they are kept across resets
    assert dict(ws.mailbox._compiled) == compiled
    assert ws.call("messages_search", query="raptor collateral") == answers[0]
    assert ws.call("messages_list", filter="isRead eq false", orderBy="subject") == answers[1]


def test_search_words_of_changes_are_dropped_at_reset() -> None:
    ws = Workspace()
    ws.call("messages_send", subject="Zeppelin", body="x", toRecipients=[DANA])
    found = ws.call("messages_search", query="zeppelin")
    assert [m["subject"] for m in found["items"]] == ["Zeppelin"] and found["total"] == 1
    assert ws.mailbox.messages._words
    ws.reset()
    assert not ws.mailbox.messages._words
    assert ws.call("messages_search", query="zeppelin")["items"] == []


def test_no_module_keeps_message_state() -> None:
    """The old search index was a module global; message state now lives in workspaces."""
    import emailbench_gym.api.messages as messages

    mutable = {
        name
        for name, value in vars(messages).items()
        if isinstance(value, dict | list | set) and not name.startswith("__")
    }
    assert not mutable, mutable


def test_a_second_full_pass_reuses_the_messages_still_alive(tmp_path: Path) -> None:
    corpus = load_corpus(
        compile_corpus(write_scaled_corpus(tmp_path / "c", 300), tmp_path / "c.db")
    )
    corpus.store.bound(10)
    ws = Workspace(corpus)
    first = ws.snapshot().messages
    ws.call("messages_move", id="msg-f000007", destinationId="archive")
    second = ws.snapshot().messages
    assert len(first) == len(second) == 300
    reused = [a is b for a, b in zip(first, second, strict=True)]
    assert reused.count(False) == 1  # only the moved message is a new object


def test_filler_is_filed_away_and_names_nothing_the_shipped_mail_names() -> None:
    """Filler never changes what a request refers to: its own folders, dates before the
    shipped mail, no shipped person or address, and no organisation the shipped corpus names
    (a search for "Calpine" finds only the shipped Calpine mail, as OB-M111's reference needs)."""
    shipped = load_corpus()
    addresses = {u.mail.casefold() for u in shipped.items("users")}
    filed = {f["id"] for f in filed_folders()}
    for message in filler_messages(3000, seed=1):
        assert message["parentFolderId"] in filed
        assert message["receivedDateTime"] < "2001-09"
        text = (message["subject"] + " " + message["body"]["content"]).casefold()
        assert "calpine" not in text
        people = [message["from"], *message["toRecipients"], *message["ccRecipients"]]
        others = [p["emailAddress"]["address"] for p in people]
        assert not any(a.endswith("@calpine.com") for a in others)
        assert sum(a in addresses for a in others) <= 1  # the persona only
    assert not any(f["displayName"].isdigit() for f in filed_folders())  # "2001" is a year
