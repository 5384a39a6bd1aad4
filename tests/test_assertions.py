"""Every static assertion type, positive and negative, on crafted snapshots."""

from __future__ import annotations

from datetime import timezone

import pytest
from pydantic import ValidationError

from emailbench_gym import Workspace
from emailbench_gym.grading.checks import assertion_adapter
from emailbench_gym.grading.grade import ItemResult, score_items
from emailbench_gym.scenarios import resolve_refs
from tests.grading_support import STATE_CALLS, make_scenario, passes


@pytest.fixture(scope="module")
def states():
    """(initial, final) snapshots of the STATE_CALLS episode."""
    ws = Workspace()
    initial = ws.snapshot()
    results = []
    for call in STATE_CALLS:
        results.append(ws.call(call["name"], **resolve_refs(call["arguments"], results)))
    return initial, ws.snapshot()


def check(spec: dict, states=None, answer: str = "") -> bool:
    return passes(spec, answer=answer)


FOLDERS_NAMED_RAPTOR = {
    "collection": "folders",
    "where": [{"path": "displayName", "op": "eq", "value": "Raptor"}],
}


@pytest.mark.parametrize(
    ("op", "value", "expected"),
    [
        ("eq", 1, True),
        ("eq", 2, False),
        ("gte", 1, True),
        ("gt", 1, False),
        ("lt", 2, True),
        ("lte", 0, False),
    ],
)
def test_count(states, op, value, expected):
    assert (
        check({"type": "count", "query": FOLDERS_NAMED_RAPTOR, "op": op, "value": value}, states)
        is expected
    )


def test_exists_and_not_exists(states):
    assert check({"type": "exists", "query": FOLDERS_NAMED_RAPTOR}, states)
    assert not check({"type": "not-exists", "query": FOLDERS_NAMED_RAPTOR}, states)
    nothing = {"collection": "folders", "where": [{"path": "displayName", "value": "Nope"}]}
    assert not check({"type": "exists", "query": nothing}, states)
    assert check({"type": "not-exists", "query": nothing}, states)


def test_folder_references_resolve_by_name_not_id(states):
    under_projects = {
        "collection": "folders",
        "where": [
            {"path": "displayName", "value": "Raptor"},
            {"path": "parentFolderId", "value": {"$folder": "Projects"}},
        ],
    }
    assert check({"type": "exists", "query": under_projects}, states)
    elsewhere = {
        "collection": "folders",
        "where": [
            {"path": "displayName", "value": "Raptor"},
            {"path": "parentFolderId", "value": {"$folder": "Inbox"}},
        ],
    }
    assert not check({"type": "exists", "query": elsewhere}, states)


def test_property(states):
    settings = {"collection": "settings"}
    spec = {
        "type": "property",
        "query": settings,
        "path": "automaticRepliesSetting/status",
        "expected": "disabled",
    }
    assert check(spec, states)
    assert not check({**spec, "expected": "alwaysEnabled"}, states)
    count = {"type": "property", "query": FOLDERS_NAMED_RAPTOR, "compute": "count", "expected": 1}
    assert check(count, states)
    values = {
        "type": "property",
        "query": {
            "collection": "folders",
            "where": [{"path": "parentFolderId", "value": {"$folder": "Projects"}}],
        },
        "compute": "values",
        "path": "displayName",
        "expected": ["Raptor"],
    }
    assert check(values, states)
    assert not check({**values, "expected": ["Raptor", "FERC"]}, states)


def test_property_value_needs_exactly_one_match(states):
    spec = {
        "type": "property",
        "query": {"collection": "folders"},
        "path": "displayName",
        "expected": "Inbox",
    }
    assert not check(spec, states)


def test_state_check_expect(states):
    msg1 = {"collection": "messages", "where": [{"path": "id", "value": "msg-001"}]}
    ok = {
        "type": "state-check",
        "query": msg1,
        "expect": [{"path": "parentFolderId", "value": {"$folder": "Projects/Raptor"}}],
    }
    assert check(ok, states)
    bad = {
        "type": "state-check",
        "query": msg1,
        "expect": [{"path": "parentFolderId", "value": "folder-inbox"}],
    }
    assert not check(bad, states)
    msg2 = {"collection": "messages", "where": [{"path": "id", "value": "msg-002"}]}
    assert check(
        {
            "type": "state-check",
            "query": msg2,
            "expect": [{"path": "flag/flagStatus", "value": "complete"}],
        },
        states,
    )


def test_state_check_any_of_accepts_either_way_of_writing_a_rule():
    """A rule may match its sender by address (fromAddresses) or by senderContains: `any_of`
    alternatives let one check accept both, and still reject a rule matching neither way."""
    from tests.grading_support import play

    rule = {"collection": "filters", "where": [{"path": "displayName", "value": "Tag Andersen"}]}
    pryor = "nathan.pryor@andersen.com"
    by_sender = {
        "any_of": [
            [
                {"path": "conditions/fromAddresses", "value": [pryor]},
                {"path": "conditions/senderContains", "value": []},
            ],
            [
                {"path": "conditions/fromAddresses", "value": []},
                {"path": "conditions/senderContains", "value": [pryor]},
            ],
        ]
    }
    spec = {
        "id": "rule",
        "type": "state-check",
        "query": rule,
        "expect": [{"path": "isEnabled", "value": True}, by_sender],
    }

    def graded(**conditions) -> bool:
        call = {
            "name": "filters_create",
            "arguments": {"displayName": "Tag Andersen", **conditions},
        }
        grade = play(make_scenario([spec], calls=[call]), [call])
        return next(i for i in grade.items if i.id == "rule").outcome == "passed"

    assert graded(fromAddresses=[pryor], assignCategories=["Legal"])
    assert graded(senderContains=[pryor], assignCategories=["Legal"])
    assert not graded(senderContains=["andersen"], assignCategories=["Legal"])
    assert not graded(fromAddresses=[pryor], senderContains=[pryor], assignCategories=["Legal"])
    with pytest.raises(ValidationError, match="any_of"):
        assertion_adapter.validate_python({**spec, "expect": [{"any_of": [[]]}]})
    with pytest.raises(ValidationError, match="Unknown field"):
        assertion_adapter.validate_python(
            {**spec, "expect": [{"any_of": [[{"path": "nope", "value": 1}], []]}]}
        )


def test_set_compares_a_list_as_a_set_in_any_order_and_case():
    """'set' is exact set equality (no regex lookahead needed for "these and no others")."""
    from emailbench_gym.grading.query import Condition, Query, select

    ws = Workspace()
    ws.call("boards_updateTask", id="btask-005", labels=["Raptor", "Follow Up"])
    final = ws.snapshot()

    def labelled(value) -> list[str]:
        where = [Condition(path="labels", op="set", value=value)]
        return [t.id for t in select(Query(collection="board_tasks", where=where), final)]

    assert labelled(["follow up", "RAPTOR"]) == ["btask-005"]
    assert labelled(["Raptor"]) == []
    assert labelled(["Raptor", "Follow Up", "Legal"]) == []
    assert labelled([]) == ["btask-003"]
    with pytest.raises(ValidationError, match="op 'set' on 'labels' needs a list"):
        Condition(path="labels", op="set", value="Raptor")


def test_state_check_vacuous_match_fails(states):
    none = {"collection": "messages", "where": [{"path": "id", "value": "msg-999"}]}
    spec = {"type": "state-check", "query": none, "expect": [{"path": "isRead", "value": True}]}
    assert not check(spec, states)


def test_state_check_unchanged_catches_collateral_damage(states):
    others = {"collection": "messages", "where": [{"path": "id", "op": "ne", "value": "msg-001"}]}
    spec = {"type": "state-check", "query": others, "unchanged": ["parentFolderId"]}
    assert check(spec, states)  # only msg-001 moved
    everything = {
        "type": "state-check",
        "query": {"collection": "messages"},
        "unchanged": ["parentFolderId"],
    }
    assert not check(everything, states)
    whole = {"type": "state-check", "query": others, "unchanged": []}
    assert not check(whole, states)  # msg-002 changed its flag


def test_moved_message(states):
    spec = {"type": "moved-message", "message_ids": ["msg-001"], "folder": "Projects/Raptor"}
    assert check(spec, states)
    assert check({**spec, "exact": True}, states)
    assert not check({**spec, "message_ids": ["msg-001", "msg-003"]}, states)
    assert not check({**spec, "folder": "Projects/FERC"}, states)


def test_bad_paths_fail_at_load_with_the_fields_that_exist():
    with pytest.raises(ValidationError, match="Unknown field 'subjct'"):
        assertion_adapter.validate_python(
            {
                "type": "exists",
                "query": {"collection": "messages", "where": [{"path": "subjct", "value": "x"}]},
            }
        )
    with pytest.raises(ValidationError):
        assertion_adapter.validate_python(
            {"type": "count", "query": {"collection": "emails"}, "value": 1}
        )
    with pytest.raises(ValidationError):
        assertion_adapter.validate_python({"type": "nearly", "values": ["x"]})


def _item(kind, outcome, score, critical=True):
    return ItemResult(
        kind=kind, type="t", description="", critical=critical, outcome=outcome, score=score
    )


def test_score_follows_the_paper():
    both = score_items(
        [
            _item("static", "passed", 1.0),
            _item("static", "failed", 0.0, critical=False),
            _item("rubric", "passed", 1.0),
        ]
    )
    assert (
        both.static_score == 0.5 and both.rubric_score == 1.0 and both.score == 0.75 and both.passed
    )
    critical_fail = score_items([_item("static", "passed", 1.0), _item("rubric", "failed", 0.0)])
    assert (
        critical_fail.score == 0.5 and not critical_fail.passed
    )  # paper Table 37: 0.50 and failing
    skipped = score_items([_item("static", "passed", 1.0), _item("rubric", "skipped", None)])
    assert skipped.score == 1.0 and skipped.rubric_score is None and skipped.passed
    judge_error = score_items([_item("static", "passed", 1.0), _item("rubric", "judge_error", 0.0)])
    assert not judge_error.passed
    low = score_items(
        [
            _item("static", "passed", 1.0, critical=False),
            *[_item("static", "failed", 0.0, critical=False)] * 2,
        ]
    )
    assert not low.passed


def test_property_compares_datetimes_by_instant_and_is_strict_on_types(states):
    msg1 = {"collection": "messages", "where": [{"path": "id", "value": "msg-001"}]}
    _initial, final = states
    received = next(m for m in final.messages if m.id == "msg-001").receivedDateTime
    spec = {
        "type": "property",
        "query": msg1,
        "path": "receivedDateTime",
        "expected": received.isoformat(),
    }
    assert check(spec, states)
    utc = received.astimezone(timezone.utc).isoformat()
    assert check({**spec, "expected": utc}, states)
    assert not check({**spec, "expected": "2001-01-01T00:00:00Z"}, states)
    read = {"type": "property", "query": msg1, "path": "isRead", "expected": 1}
    assert not check(read, states)  # strict: 1 is not True


def test_has_binds_the_fields_of_one_list_element():
    """Address and type of one attendee together: a swap of who is optional fails."""
    from emailbench_gym.episode import Episode
    from emailbench_gym.grading.query import Condition, Query, select
    from tests.grading_support import make_scenario

    episode = Episode(make_scenario([{"type": "footprint", "id": "footprint"}], calls=[]))
    episode.reset()
    created, _ = episode.call(
        "calendar_createEvent",
        {
            "subject": "Split",
            "startDateTime": "2001-10-16T09:00:00",
            "endDateTime": "2001-10-16T10:00:00",
            "attendees": ["sally.beck@enron.com"],
        },
    )
    episode.call(
        "calendar_addAttendees",
        {"id": created["id"], "attendees": ["tanya.ortiz@enron.com"], "type": "optional"},
    )
    final = episode.workspace.mailbox.snapshot()

    def found(address: str, kind: str) -> bool:
        value = {"emailAddress/address": address.upper(), "type": kind}
        mine = Condition(path="id", value=created["id"])
        condition = Condition(path="attendees", op="has", value=value)
        return bool(select(Query(collection="events", where=[mine, condition]), final))

    assert found("tanya.ortiz@enron.com", "optional") and found("sally.beck@enron.com", "required")
    assert not found("sally.beck@enron.com", "optional")
    assert not found("tanya.ortiz@enron.com", "required")
    with pytest.raises(ValidationError, match="has"):
        Condition(path="attendees", op="has", value="optional")


@pytest.mark.parametrize(
    ("collection", "delta", "expected"),
    [("folders", 2, True), ("folders", 1, False), ("folders", 3, False), ("messages", 1, True)],
)
def test_a_count_relative_to_the_start(collection, delta, expected):
    """`{"$start": d}`: d more than the query selected at the start (two folders created,
    one message sent by STATE_CALLS)."""
    query = {"collection": collection, "where": []}
    spec = {"type": "count", "query": query, "value": {"$start": delta}}
    assert check(spec) is expected


def test_a_relative_count_holds_in_a_grown_mailbox_where_the_literal_does_not():
    """A total over a whole collection ("66 messages: one sent") is a number of the corpus it
    was written for; `{"$start": 1}` says the same there and holds over any corpus."""
    from emailbench_gym.api.models import MailFolder, Message
    from emailbench_gym.corpus import CORPUS_FILES, build_corpus, load_corpus
    from emailbench_gym.corpus_scale import filed_folders, filler_messages
    from emailbench_gym.episode import Episode

    shipped = load_corpus()
    parts = {name: shipped.items(name) for name in CORPUS_FILES}
    parts["folders"] = [*parts["folders"], *map(MailFolder.model_validate, filed_folders())]
    parts["messages"] = [*parts["messages"], *map(Message.model_validate, filler_messages(50))]
    grown = build_corpus(shipped.now, shipped.me.id, shipped.settings, parts)
    every = {"collection": "messages", "where": []}
    scenario = make_scenario(
        [
            {"id": "literal", "type": "count", "query": every, "value": 66},
            {"id": "relative", "type": "count", "query": every, "value": {"$start": 1}},
        ]
    )
    for corpus, literal in ((shipped, "passed"), (grown, "failed")):
        episode = Episode(scenario, Workspace(corpus))
        _, answer = episode.replay_reference()
        outcomes = {i.id: i.outcome for i in episode.grade(answer).items}
        assert outcomes["relative"] == "passed" and outcomes["literal"] == literal


def test_a_relative_count_of_settings_is_refused():
    with pytest.raises(ValidationError, match=r"\$start"):
        assertion_adapter.validate_python(
            {"type": "count", "query": {"collection": "settings"}, "value": {"$start": 0}}
        )
