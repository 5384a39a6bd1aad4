"""The audit finds wrong trajectories that pass, and finds none in a well-graded scenario."""

from __future__ import annotations

from emailbench_gym.audit import audit_scenario
from emailbench_gym.audit.state_mutants import negate_text
from emailbench_gym.cli import main
from emailbench_gym.scenarios import load_scenario
from tests.grading_support import STATE_CALLS, make_scenario


def test_a_weak_scenario_has_survivors_of_the_expected_operators():
    weak = make_scenario(
        [
            {
                "type": "exists",
                "id": "raptor",
                "query": {
                    "collection": "folders",
                    "where": [{"path": "displayName", "value": "Raptor"}],
                },
            }
        ],
        calls=STATE_CALLS,
    )
    result = audit_scenario(weak)
    survived = {s.operator for s in result.survivors}
    assert {"skip-step", "negate-text", "empty-text", "other-target"} <= survived
    # the footprint alone catches collateral damage and mail sent to the wrong people
    assert not survived & {"delete-message", "forward-outside", "to-into-cc", "duplicate"}
    assert result.mutants > 50


def test_well_graded_scenarios_have_no_survivors(capsys):
    for scenario_id in ("OB-P101", "OB-B103", "OB-R105"):
        result = audit_scenario(load_scenario(scenario_id))
        assert result.mutants > 50 and not result.survivors, result.survivors
    assert main(["audit", "OB-P101", "--json", "--jobs", "1"]) == 0
    assert '"survivors": []' in capsys.readouterr().out


def test_negated_text_denies_every_sentence():
    assert negate_text("I'll send it by noon. Thanks!") == (
        "It is not true that i'll send it by noon. It is not true that thanks!"
    )


def test_a_write_that_leaves_an_item_as_it_was_is_not_a_mutant():
    from emailbench_gym.audit import _fingerprint
    from emailbench_gym.episode import Episode

    episode = Episode(make_scenario([{"type": "footprint", "id": "footprint"}], calls=[]))
    episode.reset()
    untouched = _fingerprint(episode.workspace.mailbox.changes_since(episode.mark), "")
    read = next(m.id for m in episode.initial.messages if m.isRead)
    episode.call("messages_markRead", {"messageIds": [read], "isRead": True})
    changes = episode.workspace.mailbox.changes_since(episode.mark)
    assert read in changes.items["messages"]  # the overlay saw the write...
    assert _fingerprint(changes, "") == untouched  # ...but nothing changed


def test_the_operators_for_rules_rsvps_invites_calendars_and_retractions_fire():
    """A scenario that checks only that things exist lets each of these wrong writes through."""
    calls = [
        {
            "name": "filters_create",
            "arguments": {
                "displayName": "Nathan",
                "fromAddresses": ["nathan.pryor@andersen.com"],
                "assignCategories": ["Legal"],
            },
        },
        {"name": "calendar_respondToEvent", "arguments": {"id": "evt-009", "response": "accept"}},
        {
            "name": "calendar_createEvent",
            "arguments": {
                "subject": "Focus time",
                "startDateTime": "2001-10-16T09:00:00",
                "endDateTime": "2001-10-16T10:00:00",
            },
        },
        {
            "name": "messages_reply",
            "arguments": {"id": "msg-042", "comment": "Rob, see you at 11."},
        },
    ]
    exists = [
        ("filters", "displayName", "Nathan"),
        ("events", "subject", "Focus time"),
    ]
    weak = make_scenario(
        [
            {
                "type": "exists",
                "id": f"made-{collection}",
                "query": {"collection": collection, "where": [{"path": path, "value": value}]},
            }
            for collection, path, value in exists
        ],
        calls=calls,
    )
    survived = {(s.operator, s.description) for s in audit_scenario(weak).survivors}
    operators = {operator for operator, _ in survived}
    assert {"rule-marks-read", "rule-narrowed", "silent-response", "invite-someone"} <= operators
    assert {"retract-text"} <= operators
    assert any(op == "other-target" and "calendarId" in d for op, d in survived), survived
