"""An omitted optional argument and one passed as null mean the same, for every tool.

Each of the 119 tools is called (after the calls that make its arguments valid) four ways:
as the reference solutions call it, with its other optional arguments added as null, with
only its required arguments, and with those plus every optional one as null. The results
(or errors) and the states they leave must agree pairwise.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from emailbench_gym import SCENARIO_IDS
from emailbench_gym.api import METHODS
from emailbench_gym.episode import Episode
from emailbench_gym.scenarios import load_scenario, resolve_refs

TOOLS = sorted(n for n, s in METHODS.items() if s.kind != "evaluation")
Call = tuple[str, dict[str, Any]]

#: Tools no reference solution calls: calls before them (on the shipped corpus) and the call.
UNSOLVED: dict[str, tuple[list[Call], Call]] = {
    "boards_deleteColumn": (
        [("boards_createColumn", {"boardId": "board-001", "name": "Parked"})],
        ("boards_deleteColumn", {"id": "$0.id"}),
    ),
    "boards_get": ([], ("boards_get", {"id": "board-001"})),
    "calendar_deleteCalendar": ([], ("calendar_deleteCalendar", {"id": "cal-002"})),
    "calendar_deleteEvent": ([], ("calendar_deleteEvent", {"id": "evt-001"})),
    "calendar_listReminders": (
        [],
        (
            "calendar_listReminders",
            {"startDateTime": "2001-10-15T00:00:00", "endDateTime": "2001-10-20T00:00:00"},
        ),
    ),
    "calendar_removeAttendees": (
        [],
        ("calendar_removeAttendees", {"id": "evt-001", "attendees": ["marcus.hale@enron.com"]}),
    ),
    "contacts_delete": ([], ("contacts_delete", {"id": "contact-001"})),
    "contacts_getGroup": ([], ("contacts_getGroup", {"id": "group-001"})),
    "filters_delete": ([], ("filters_delete", {"id": "rule-001"})),
    "filters_get": ([], ("filters_get", {"id": "rule-001"})),
    "filters_test": ([], ("filters_test", {"messageId": "msg-001"})),
    "folders_getTree": ([], ("folders_getTree", {})),
    "identity_getMe": ([], ("identity_getMe", {})),
    "identity_getUser": ([], ("identity_getUser", {"id": "user-002"})),
    "identity_resolveRecipient": ([], ("identity_resolveRecipient", {"query": "Louise"})),
    "identity_searchUsers": ([], ("identity_searchUsers", {"query": "Raptor", "top": 2})),
    "messages_getAttachment": (
        [],
        ("messages_getAttachment", {"messageId": "msg-001", "attachmentId": "att-001"}),
    ),
    "messages_sendDraft": (
        [
            (
                "messages_createDraft",
                {"subject": "Draft", "body": "Hi", "toRecipients": ["sally.beck@enron.com"]},
            )
        ],
        ("messages_sendDraft", {"id": "$0.id"}),
    ),
    "messages_setImportance": (
        [],
        ("messages_setImportance", {"id": "msg-001", "importance": "high"}),
    ),
    "messages_updateDraft": (
        [("messages_createDraft", {"subject": "Draft", "body": "Hi"})],
        ("messages_updateDraft", {"id": "$0.id", "subject": "Draft v2"}),
    ),
    "settings_deleteLabel": ([], ("settings_deleteLabel", {"id": "label-006"})),
    "settings_disableAutomaticReplies": ([], ("settings_disableAutomaticReplies", {})),
    "settings_getAutomaticReplies": ([], ("settings_getAutomaticReplies", {})),
    "todo_deleteChecklistItem": (
        [],
        ("todo_deleteChecklistItem", {"taskId": "task-001", "itemId": "chk-001"}),
    ),
    "todo_deleteList": ([], ("todo_deleteList", {"id": "list-003"})),
    "todo_renameList": ([], ("todo_renameList", {"id": "list-003", "displayName": "FERC"})),
}


def _first_calls() -> dict[str, tuple[str, list[Call], Call]]:
    """Each tool's first call in the reference solutions: (scenario, the calls before, it)."""
    found: dict[str, tuple[str, list[Call], Call]] = {}
    for sid in SCENARIO_IDS:
        calls = [(c.name, c.arguments) for c in load_scenario(sid).solution.calls]
        for index, (name, arguments) in enumerate(calls):
            found.setdefault(name, (sid, calls[:index], (name, arguments)))
    return found


FIRST = _first_calls()


def _outcome(episode: Episode, before: list[Call], call: Call, arguments: dict[str, Any]) -> str:
    """The call's result (or error) and the state it leaves, after the calls before it."""
    episode.reset()
    results: list[Any] = []
    for name, args in before:
        results.append(episode.call(name, resolve_refs(args, results))[0])
    result, is_error = episode.call(call[0], resolve_refs(arguments, results))
    return json.dumps([result, is_error, episode.workspace.digest()], sort_keys=True)


def test_every_tool_is_called() -> None:
    assert set(FIRST) | set(UNSOLVED) == set(TOOLS) and not set(FIRST) & set(UNSOLVED)
    assert len(TOOLS) == 119


@pytest.mark.parametrize("tool", TOOLS)
def test_omitted_and_null_optional_arguments_mean_the_same(tool: str) -> None:
    if tool in FIRST:
        sid, before, call = FIRST[tool]
    else:
        sid, (before, call) = SCENARIO_IDS[0], UNSOLVED[tool]
    episode = Episode(load_scenario(sid))
    spec = METHODS[tool]
    given = dict(call[1])
    optional = [p for p in spec.params if p not in spec.required]
    required_only = {k: v for k, v in given.items() if k in spec.required}
    as_called = _outcome(episode, before, call, given)
    assert as_called == _outcome(episode, before, call, {**{p: None for p in optional}, **given}), (
        "the call with its other optional arguments as null differs"
    )
    assert _outcome(episode, before, call, required_only) == _outcome(
        episode, before, call, {**required_only, **{p: None for p in optional}}
    ), "the required arguments alone differ from them with every optional one null"
    assert json.loads(as_called)[1] is False, as_called  # a real call, not an error
