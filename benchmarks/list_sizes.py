"""List result sizes on the shipped corpus (issue 12): what each list tool shows a model.

Run: `PYTHONPATH=. python benchmarks/list_sizes.py`. Every tool that returns a page is called
once with its broadest arguments (the largest `top`, queries that match much) and its result
is rendered as the env shows it (`format_result`); the table prints items, total and
characters. Then the calls an agent needs to read every message's sender with
`messages_list`, following `nextSkip`, at the default and the largest `top`.
"""

from __future__ import annotations

from typing import Any

from emailbench_gym.api import METHODS
from emailbench_gym.api.limits import MAX_TOP
from emailbench_gym.api.models import TodoTask
from emailbench_gym.rendering import format_result
from emailbench_gym.workspace import Workspace

WEEK = {"startDateTime": "2001-10-15T00:00:00", "endDateTime": "2001-10-22T00:00:00"}
#: The broadest call of each list tool on the shipped corpus (ids and queries that exist there).
CALLS: dict[str, dict[str, Any]] = {
    "boards_list": {},
    "boards_listColumns": {"boardId": "board-001"},
    "boards_listTasks": {"boardId": "board-001"},
    "boards_searchTasks": {"query": "credit"},
    "calendar_findMeetingTimes": {"attendees": ["sally.beck@enron.com"], "maxCandidates": MAX_TOP},
    "calendar_getSchedule": {"schedules": ["dana.whitfield@enron.com"], **WEEK},
    "calendar_listCalendars": {},
    "calendar_listEvents": {
        "startDateTime": "2001-01-01T00:00:00",
        "endDateTime": "2002-01-01T00:00:00",
    },
    "calendar_listReminders": WEEK,
    "calendar_searchEvents": {"query": "review"},
    "contacts_list": {},
    "contacts_listGroupMembers": {"id": "group-001"},
    "contacts_listGroups": {},
    "contacts_search": {"query": "enron"},
    "filters_list": {},
    "filters_test": {"messageId": "msg-022"},
    "folders_find": {"displayName": "Inbox"},
    "folders_getTree": {},
    "folders_list": {},
    "folders_listChildren": {"id": "inbox"},  # no subfolders in the shipped corpus
    "identity_listDirectReports": {},
    "identity_listUsers": {},
    "identity_resolveRecipient": {"query": "a"},
    "identity_searchUsers": {"query": "enron"},
    "messages_getConversation": {"id": "conv-001"},
    "messages_list": {},
    "messages_listAttachments": {"id": "msg-001"},
    "messages_search": {"query": "raptor"},
    "settings_listLabels": {},
    "settings_listTimeZones": {},
    "todo_listLists": {},
    "todo_listTasks": {},
    "todo_searchTasks": {"query": "raptor"},
}


def _shown(ws: Workspace, name: str, arguments: dict[str, Any]) -> tuple[int, int, int]:
    """(items, total, characters) of the call's result as the env renders it."""
    spec = METHODS[name]
    if "top" in spec.params and "top" not in arguments:
        arguments = {**arguments, "top": MAX_TOP}
    result = ws.call(name, **arguments)
    return len(result["items"]), result["total"], len(format_result(result))


def senders_calls(ws: Workspace, top: int | None) -> int:
    """Calls of messages_list (following nextSkip) until every message's sender is read."""
    calls, skip, senders = 0, 0, 0
    while skip is not None:
        page = ws.call("messages_list", skip=skip, **({} if top is None else {"top": top}))
        senders += sum(1 for m in page["items"] if m.get("from"))
        calls, skip = calls + 1, page["nextSkip"]
    assert senders == len(ws.mailbox.all("messages"))
    return calls


def main() -> None:
    ws = Workspace()
    assert set(CALLS) == {
        n for n, s in METHODS.items() if "Page" in str(s.func.__annotations__.get("return"))
    }
    print(f"{'tool':<28} {'items':>5} {'total':>5} {'chars':>7}")
    for name, arguments in CALLS.items():
        items, total, chars = _shown(ws, name, arguments)
        print(f"{name:<28} {items:>5} {total:>5} {chars:>7,}")
    every_field = {"select": list(TodoTask.model_fields)}
    items, total, chars = _shown(ws, "todo_listTasks", every_field)
    print(f"{'todo_listTasks select=all':<28} {items:>5} {total:>5} {chars:>7,}")
    messages = len(ws.mailbox.all("messages"))
    for top in (None, MAX_TOP):
        label = "default top" if top is None else f"top={top}"
        print(
            f"messages_list calls to read all {messages} senders ({label}): {senders_calls(ws, top)}"
        )


if __name__ == "__main__":
    main()
