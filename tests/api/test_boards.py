"""Boards API: every method's happy path, and errors that leave the workspace unchanged.

Facts about the corpus are read through the API where they may change (task titles,
placement, assignees); only the documented ids and the three default columns are assumed.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from emailbench_gym.api import METHODS
from emailbench_gym.workspace import Workspace
from tests.api.support import fails, listed

BOARDS = ["board-001", "board-002"]
COLUMNS = {
    "board-001": ["col-001", "col-002", "col-003"],
    "board-002": ["col-004", "col-005", "col-006"],
}


def a_task(ws: Workspace, board: str = "board-001") -> dict[str, Any]:
    """The whole first task of a board (lists give summaries)."""
    first = listed(ws, "boards_listTasks", boardId=board)[0]
    return ws.call("boards_getTask", id=first["id"])


def an_email(ws: Workspace, user_id: str) -> str:
    return next(u.mail for u in ws.snapshot().users if u.id == user_id)


def test_fifteen_methods_six_reads() -> None:
    kinds = [spec.kind for spec in METHODS.values() if spec.domain == "boards"]
    assert (len(kinds), kinds.count("read"), kinds.count("write")) == (15, 6, 9)


# --- reads -----------------------------------------------------------------------------


def test_list(ws: Workspace) -> None:
    boards = listed(ws, "boards_list")
    assert [b["id"] for b in boards] == BOARDS
    assert all(b["ownerId"] == ws.mailbox.me.id for b in boards)
    fails(ws, "invalid_arguments", "boards_list", boardId="board-001")


def test_get_counts_tasks_per_column(ws: Workspace) -> None:
    board = ws.call("boards_get", id="board-001")
    assert [c["id"] for c in board["columns"]] == COLUMNS["board-001"]
    assert [c["name"] for c in board["columns"]] == ["To Do", "In Progress", "Done"]
    tasks = listed(ws, "boards_listTasks", boardId="board-001")
    for column in board["columns"]:
        assert column["taskCount"] == sum(t["columnId"] == column["id"] for t in tasks)
    assert board["taskCount"] == len(tasks) > 0
    assert "boards_list" in fails(ws, "not_found", "boards_get", id="board-999").message


def test_list_columns_by_order(ws: Workspace) -> None:
    ws.call("boards_createColumn", boardId="board-002", name="Blocked", order=1)
    columns = listed(ws, "boards_listColumns", boardId="board-002")
    assert [c["name"] for c in columns] == ["Blocked", "To Do", "In Progress", "Done"]
    assert [c["order"] for c in columns] == [1, 2, 3, 4]
    fails(ws, "not_found", "boards_listColumns", boardId="col-001")


def test_list_tasks_filters(ws: Workspace) -> None:
    every = listed(ws, "boards_listTasks", boardId="board-001")
    assert {t["boardId"] for t in every} == {"board-001"}
    order = [COLUMNS["board-001"].index(t["columnId"]) for t in every]
    assert order == sorted(order)
    column = every[0]["columnId"]
    in_column = listed(ws, "boards_listTasks", boardId="board-001", columnId=column)
    assert in_column == [t for t in every if t["columnId"] == column]
    user = every[0]["assigneeIds"][0]
    by_id = listed(ws, "boards_listTasks", boardId="board-001", assigneeId=user)
    assert by_id == [t for t in every if user in t["assigneeIds"]]
    by_mail = listed(
        ws, "boards_listTasks", boardId="board-001", assigneeId=an_email(ws, user).upper()
    )
    assert by_mail == by_id


def test_list_tasks_errors(ws: Workspace) -> None:
    message = fails(
        ws, "invalid_arguments", "boards_listTasks", boardId="board-001", columnId="col-004"
    ).message
    assert "col-001" in message  # names the board's own columns
    fails(ws, "not_found", "boards_listTasks", boardId="board-001", columnId="col-999")
    fails(ws, "not_found", "boards_listTasks", boardId="board-001", assigneeId="nobody@enron.com")
    fails(ws, "not_found", "boards_listTasks", boardId="board-003")


def test_get_task(ws: Workspace) -> None:
    assert ws.call("boards_getTask", id="btask-007")["id"] == "btask-007"
    assert "boards_listTasks" in fails(ws, "not_found", "boards_getTask", id="btask-999").message


def test_search_tasks(ws: Workspace) -> None:
    task = a_task(ws)
    word = task["title"].split()[0]
    found = listed(ws, "boards_searchTasks", query=word.lower())
    assert task["id"] in [t["id"] for t in found]
    created = ws.call(
        "boards_createTask",
        boardId="board-002",
        columnId="col-005",
        title="Zebra",
        labels=["Quokka"],
    )
    assert [t["id"] for t in listed(ws, "boards_searchTasks", query="quok zeb")] == [created["id"]]
    assert len(listed(ws, "boards_searchTasks", query=word, top=1)) == 1
    assert listed(ws, "boards_searchTasks", query="xylophonic") == []
    fails(ws, "invalid_arguments", "boards_searchTasks", query="   ")
    fails(ws, "invalid_arguments", "boards_searchTasks", query=word, top=0)


# --- boards and columns ----------------------------------------------------------------


def test_create_board_with_default_columns(ws: Workspace) -> None:
    board = ws.call("boards_create", name="  Credit Watch ", description="Counterparties")
    assert board == {
        "id": "board-5001",
        "name": "Credit Watch",
        "description": "Counterparties",
        "ownerId": ws.mailbox.me.id,
    }
    columns = listed(ws, "boards_listColumns", boardId="board-5001")
    assert [(c["id"], c["name"], c["order"]) for c in columns] == [
        ("col-5001", "To Do", 1),
        ("col-5002", "In Progress", 2),
        ("col-5003", "Done", 3),
    ]


def test_create_board_with_own_columns(ws: Workspace) -> None:
    ws.call("boards_create", name="Hiring", columns=["Sourced", "Interview", "Offer"])
    names = [c["name"] for c in ws.call("boards_get", id="board-5001")["columns"]]
    assert names == ["Sourced", "Interview", "Offer"]


def test_create_board_errors(ws: Workspace) -> None:
    assert "board-001" in fails(ws, "conflict", "boards_create", name="q4 risk REVIEW").message
    fails(ws, "invalid_arguments", "boards_create", name=" ")
    fails(ws, "invalid_arguments", "boards_create", name="Empty", columns=[])
    fails(ws, "invalid_arguments", "boards_create", name="Twice", columns=["A", "a"])
    assert ws.call("boards_create", name="Fine")["id"] == "board-5001"  # failures used no ids


def test_create_column(ws: Workspace) -> None:
    column = ws.call("boards_createColumn", boardId="board-001", name="Blocked")
    assert column == {"id": "col-5001", "boardId": "board-001", "name": "Blocked", "order": 4}
    ws.call("boards_createColumn", boardId="board-001", name="Triage", order=2)
    names = [c["name"] for c in listed(ws, "boards_listColumns", boardId="board-001")]
    assert names == ["To Do", "Triage", "In Progress", "Done", "Blocked"]
    assert (
        listed(ws, "boards_listColumns", boardId="board-002")[0]["order"] == 1
    )  # other board untouched


def test_create_column_errors(ws: Workspace) -> None:
    assert (
        "col-003"
        in fails(ws, "conflict", "boards_createColumn", boardId="board-001", name="done").message
    )
    fails(ws, "invalid_arguments", "boards_createColumn", boardId="board-001", name="X", order=5)
    fails(ws, "invalid_arguments", "boards_createColumn", boardId="board-001", name="X", order=0)
    fails(ws, "not_found", "boards_createColumn", boardId="board-404", name="X")


def test_rename_column(ws: Workspace) -> None:
    renamed = ws.call("boards_renameColumn", id="col-002", name="Doing")
    assert renamed == {"id": "col-002", "boardId": "board-001", "name": "Doing", "order": 2}
    assert ws.call("boards_renameColumn", id="col-002", name="DOING")["name"] == "DOING"
    other = ws.call("boards_renameColumn", id="col-005", name="doing ")  # taken only on board-001
    assert other["name"] == "doing"
    fails(ws, "conflict", "boards_renameColumn", id="col-001", name="done")
    fails(ws, "invalid_arguments", "boards_renameColumn", id="col-001", name="")
    fails(ws, "not_found", "boards_renameColumn", id="col-404", name="X")


def test_delete_column_only_when_empty(ws: Workspace) -> None:
    busy = a_task(ws)["columnId"]
    message = fails(ws, "conflict", "boards_deleteColumn", id=busy).message
    assert "boards_moveTask" in message
    empty = ws.call("boards_createColumn", boardId="board-001", name="Parking")["id"]
    assert ws.call("boards_deleteColumn", id=empty) == {"deleted": empty, "boardId": "board-001"}
    fails(ws, "not_found", "boards_deleteColumn", id=empty)
    elsewhere = next(c for c in COLUMNS["board-001"] if c != busy)
    for task in listed(ws, "boards_listTasks", boardId="board-001", columnId=busy):
        ws.call("boards_moveTask", id=task["id"], columnId=elsewhere)
    ws.call("boards_deleteColumn", id=busy)
    assert busy not in [c["id"] for c in listed(ws, "boards_listColumns", boardId="board-001")]


# --- tasks -----------------------------------------------------------------------------


def test_create_task(ws: Workspace) -> None:
    task = ws.call(
        "boards_createTask",
        boardId="board-002",
        columnId="col-005",
        title="Model the Raptor unwind",
        description="Price the put.",
        assigneeIds=["user-003", an_email(ws, "user-004"), "user-003"],
        dueDateTime=datetime(2001, 10, 19, 17, 0),
        priority="urgent",
        labels=["Raptor", "Legal", "Raptor"],
    )
    assert task == {
        "id": "btask-5001",
        "boardId": "board-002",
        "columnId": "col-005",
        "title": "Model the Raptor unwind",
        "description": "Price the put.",
        "assigneeIds": ["user-003", "user-004"],
        "dueDateTime": "2001-10-19T17:00:00-05:00",  # Central time, daylight saving in October
        "priority": "urgent",
        "labels": ["Raptor", "Legal"],
    }
    assert ws.call("boards_getTask", id="btask-5001") == task
    plain = ws.call("boards_createTask", boardId="board-001", columnId="col-001", title="Call")
    assert (plain["assigneeIds"], plain["dueDateTime"], plain["priority"]) == ([], None, "medium")


def test_create_task_errors(ws: Workspace) -> None:
    base = {"boardId": "board-001", "columnId": "col-001", "title": "T"}
    fails(ws, "invalid_arguments", "boards_createTask", **{**base, "columnId": "col-004"})
    fails(ws, "not_found", "boards_createTask", **{**base, "columnId": "col-404"})
    fails(ws, "not_found", "boards_createTask", **{**base, "boardId": "board-404"})
    message = fails(
        ws, "not_found", "boards_createTask", **base, assigneeIds=["ghost@enron.com"]
    ).message
    assert "identity_searchUsers" in message
    fails(ws, "invalid_arguments", "boards_createTask", **{**base, "title": " "})
    fails(ws, "invalid_arguments", "boards_createTask", **base, priority="critical")
    fails(ws, "invalid_arguments", "boards_createTask", **base, labels=[""])
    assert ws.call("boards_createTask", **base)["id"] == "btask-5001"  # failures used no ids


def test_update_task(ws: Workspace) -> None:
    task = a_task(ws)
    changed = ws.call(
        "boards_updateTask",
        id=task["id"],
        title="Renamed",
        priority="high",
        dueDateTime="2001-11-01T12:00:00Z",
        labels=["FERC"],
    )
    assert changed == {
        **task,
        "title": "Renamed",
        "priority": "high",
        "dueDateTime": "2001-11-01T12:00:00Z",
        "labels": ["FERC"],
    }
    cleared = ws.call("boards_updateTask", id=task["id"], labels=[], description="")
    assert (cleared["labels"], cleared["description"], cleared["title"]) == ([], "", "Renamed")


def test_update_task_errors(ws: Workspace) -> None:
    task = a_task(ws)["id"]
    assert "boards_moveTask" in fails(ws, "invalid_arguments", "boards_updateTask", id=task).message
    fails(ws, "invalid_arguments", "boards_updateTask", id=task, title="")
    fails(ws, "invalid_arguments", "boards_updateTask", id=task, columnId="col-002")
    fails(ws, "not_found", "boards_updateTask", id="btask-404", title="X")


def test_move_task(ws: Workspace) -> None:
    task = a_task(ws, "board-002")
    target = next(c for c in COLUMNS["board-002"] if c != task["columnId"])
    assert ws.call("boards_moveTask", id=task["id"], columnId=target) == {
        **task,
        "columnId": target,
    }
    counts = {c["id"]: c["taskCount"] for c in ws.call("boards_get", id="board-002")["columns"]}
    assert counts[target] >= 1
    message = fails(
        ws, "invalid_arguments", "boards_moveTask", id=task["id"], columnId="col-001"
    ).message
    assert "col-004" in message
    fails(ws, "not_found", "boards_moveTask", id=task["id"], columnId="col-404")
    fails(ws, "not_found", "boards_moveTask", id="btask-404", columnId=target)


def test_assign_task(ws: Workspace) -> None:
    task = a_task(ws)
    mail = an_email(ws, "user-010")
    assigned = ws.call(
        "boards_assignTask", id=task["id"], assigneeIds=[mail, "user-010", "user-002"]
    )
    assert assigned == {**task, "assigneeIds": ["user-010", "user-002"]}
    assert ws.call("boards_assignTask", id=task["id"], assigneeIds=[])["assigneeIds"] == []
    fails(ws, "not_found", "boards_assignTask", id=task["id"], assigneeIds=["user-002", "user-999"])
    fails(ws, "not_found", "boards_assignTask", id="btask-404", assigneeIds=["user-002"])
    fails(ws, "invalid_arguments", "boards_assignTask", id=task["id"])


def test_delete_task(ws: Workspace) -> None:
    task = a_task(ws)
    before = ws.call("boards_get", id="board-001")["taskCount"]
    assert ws.call("boards_deleteTask", id=task["id"]) == {
        "deleted": task["id"],
        "boardId": "board-001",
    }
    assert ws.call("boards_get", id="board-001")["taskCount"] == before - 1
    fails(ws, "not_found", "boards_getTask", id=task["id"])
    fails(ws, "not_found", "boards_deleteTask", id=task["id"])


def test_reset_restores_boards(ws: Workspace) -> None:
    pristine = ws.digest()
    ws.call("boards_create", name="Scratch")
    ws.call("boards_deleteTask", id="btask-001")
    assert ws.digest() != pristine
    ws.reset()
    assert ws.digest() == pristine
    assert ws.call("boards_create", name="Scratch")["id"] == "board-5001"
