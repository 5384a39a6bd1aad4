"""To Do API: every method's happy path, and errors that leave the workspace unchanged.

Only the documented corpus ids are assumed (list-001 the default "Tasks" list,
list-002, list-003, task-001..010, label-001..006); titles, statuses and checklist
contents are read through the API because the corpus content may change.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from emailbench_gym.api import METHODS
from emailbench_gym.workspace import Workspace
from tests.api.support import fails, listed

CDT = timezone(timedelta(hours=-5))


def label(ws: Workspace) -> str:
    return listed(ws, "settings_listLabels")[0]["displayName"]


def with_checklist(ws: Workspace, *names: str) -> dict[str, Any]:
    task = ws.call("todo_createTask", title="Prepare FERC binder")
    for name in names:
        task = ws.call("todo_addChecklistItem", taskId=task["id"], displayName=name)
    return task


def test_fourteen_methods_four_reads() -> None:
    kinds = [spec.kind for spec in METHODS.values() if spec.domain == "todo"]
    assert (len(kinds), kinds.count("read"), kinds.count("write")) == (14, 4, 10)


# --- reads -----------------------------------------------------------------------------


def test_list_lists(ws: Workspace) -> None:
    lists = listed(ws, "todo_listLists")
    assert [x["id"] for x in lists] == ["list-001", "list-002", "list-003"]
    assert lists[0]["wellknownListName"] == "defaultList"
    fails(ws, "invalid_arguments", "todo_listLists", listId="list-001")


def test_list_tasks_all_by_list_status_filter_order_and_page(ws: Workspace) -> None:
    everything = listed(ws, "todo_listTasks")
    assert [t["id"] for t in everything] == [f"task-{n:03d}" for n in range(1, 11)]
    in_list = listed(ws, "todo_listTasks", listId="list-002")
    assert in_list and {t["listId"] for t in in_list} == {"list-002"}
    assert len(in_list) == sum(t["listId"] == "list-002" for t in everything)
    status = everything[0]["status"]
    assert listed(ws, "todo_listTasks", status=status) == [
        t for t in everything if t["status"] == status
    ]
    filtered = listed(ws, "todo_listTasks", filter="listId eq 'list-003'")
    assert filtered == [t for t in everything if t["listId"] == "list-003"]
    ordered = listed(ws, "todo_listTasks", orderBy="title desc")
    assert [t["title"] for t in ordered] == sorted(
        (t["title"] for t in everything), key=str.casefold, reverse=True
    )
    assert listed(ws, "todo_listTasks", top=3, skip=2) == everything[2:5]


def test_list_tasks_select_shows_the_named_fields_whole(ws: Workspace) -> None:
    selected = listed(ws, "todo_listTasks", select=["checklistItems", "title", "body"])
    whole = [ws.call("todo_getTask", id=t["id"]) for t in selected]
    assert [list(t) for t in selected] == [["id", "title", "body", "checklistItems"]] * 10
    assert selected == [{k: t[k] for k in ("id", "title", "body", "checklistItems")} for t in whole]
    assert any(t["checklistItems"] for t in selected)  # the steps, with their ids and isChecked
    paged = ws.call("todo_listTasks", select=["title"], top=3, skip=8)
    assert paged["items"] == [{"id": t["id"], "title": t["title"]} for t in whole[8:]]
    assert (paged["total"], paged["nextSkip"]) == (10, None)
    assert "checklistItemCount" in listed(ws, "todo_listTasks", select=None)[0]  # null: summaries


def test_list_tasks_bad_selection_names_the_fields_and_changes_nothing(ws: Workspace) -> None:
    before = ws.snapshot().model_dump()
    unknown = fails(ws, "invalid_arguments", "todo_listTasks", select=["notes"]).message
    assert "'notes'" in unknown and "'checklistItems'" in unknown and "'body'" in unknown
    empty = fails(ws, "invalid_arguments", "todo_listTasks", select=[]).message
    assert "at least one field" in empty and "checklistItems" in empty
    fails(ws, "invalid_arguments", "todo_listTasks", select="title")
    fails(ws, "invalid_arguments", "todo_listTasks", select=["title"] * 14)
    assert ws.snapshot().model_dump() == before


def test_list_tasks_errors(ws: Workspace) -> None:
    assert "todo_listLists" in fails(ws, "not_found", "todo_listTasks", listId="list-999").message
    fails(ws, "invalid_arguments", "todo_listTasks", status="done")
    fails(ws, "invalid_filter", "todo_listTasks", filter="priority eq 'high'")
    fails(ws, "invalid_arguments", "todo_listTasks", top=0)


def ids(items: list[dict[str, Any]]) -> list[str]:
    return [i["id"] for i in items]


def test_get_task(ws: Workspace) -> None:
    task = ws.call("todo_getTask", id="task-004")
    assert task["id"] == "task-004" and task["title"]
    assert "todo_listTasks" in fails(ws, "not_found", "todo_getTask", id="task-999").message


def test_search_tasks_matches_title_body_and_checklist(ws: Workspace) -> None:
    by_title = ws.call("todo_createTask", title="Zebrafish exposure memo")
    by_body = ws.call("todo_createTask", title="Other", body="Ask about zebrafish hedges")
    by_item = with_checklist(ws, "Call the Zebrafish desk")
    found = listed(ws, "todo_searchTasks", query="zebra")
    assert [t["id"] for t in found] == [by_title["id"], by_body["id"], by_item["id"]]
    assert ids(listed(ws, "todo_searchTasks", query="zebrafish memo")) == [by_title["id"]]
    assert len(listed(ws, "todo_searchTasks", query="zebrafish", top=1)) == 1
    assert listed(ws, "todo_searchTasks", query="no-such-word-anywhere") == []


def test_search_tasks_errors(ws: Workspace) -> None:
    fails(ws, "invalid_arguments", "todo_searchTasks", query="  ")
    fails(ws, "invalid_arguments", "todo_searchTasks", query="FERC", top=0)


def test_reads_do_not_change_state(ws: Workspace) -> None:
    before = ws.digest()
    listed(ws, "todo_listLists")
    listed(ws, "todo_listTasks", orderBy="createdDateTime desc")
    ws.call("todo_getTask", id="task-001")
    listed(ws, "todo_searchTasks", query="FERC")
    assert ws.digest() == before


# --- lists -----------------------------------------------------------------------------


def test_create_list(ws: Workspace) -> None:
    created = ws.call("todo_createList", displayName="  Dynegy Diligence ")
    assert created == {
        "id": "list-5001",
        "displayName": "Dynegy Diligence",
        "isOwner": True,
        "wellknownListName": "none",
    }
    assert listed(ws, "todo_listLists")[-1] == created


def test_create_list_errors(ws: Workspace) -> None:
    existing = listed(ws, "todo_listLists")[1]
    message = fails(
        ws, "conflict", "todo_createList", displayName=existing["displayName"].upper()
    ).message
    assert existing["id"] in message
    fails(ws, "invalid_arguments", "todo_createList", displayName=" ")


def test_rename_list(ws: Workspace) -> None:
    renamed = ws.call("todo_renameList", id="list-003", displayName="FERC Hearing Prep")
    assert renamed["displayName"] == "FERC Hearing Prep"
    assert listed(ws, "todo_listLists")[2] == renamed
    same = ws.call("todo_renameList", id="list-003", displayName="ferc hearing prep")
    assert same["displayName"] == "ferc hearing prep"  # its own name is not a conflict


def test_rename_list_errors(ws: Workspace) -> None:
    other = listed(ws, "todo_listLists")[1]["displayName"]
    fails(ws, "conflict", "todo_renameList", id="list-003", displayName=other)
    fails(ws, "not_found", "todo_renameList", id="list-999", displayName="X")
    fails(ws, "invalid_arguments", "todo_renameList", id="list-003", displayName="")


def test_delete_list_deletes_its_tasks(ws: Workspace) -> None:
    doomed = [t["id"] for t in listed(ws, "todo_listTasks", listId="list-002")]
    result = ws.call("todo_deleteList", id="list-002")
    assert result == {"deleted": "list-002", "deletedTaskIds": doomed}
    assert [x["id"] for x in listed(ws, "todo_listLists")] == ["list-001", "list-003"]
    remaining = {t["id"] for t in listed(ws, "todo_listTasks")}
    assert remaining and not remaining & set(doomed)


def test_delete_list_errors(ws: Workspace) -> None:
    assert "built-in" in fails(ws, "forbidden", "todo_deleteList", id="list-001").message
    fails(ws, "not_found", "todo_deleteList", id="list-999")


# --- tasks -----------------------------------------------------------------------------


def test_create_task_defaults(ws: Workspace) -> None:
    task = ws.call("todo_createTask", title="Review Raptor hedges")
    assert task["id"] == "task-5001"
    assert task["listId"] == "list-001"
    assert task["status"] == "notStarted" and task["importance"] == "normal"
    assert datetime.fromisoformat(task["createdDateTime"]) == ws.now
    assert task["dueDateTime"] is None and task["checklistItems"] == []
    assert ws.call("todo_getTask", id="task-5001") == task


def test_create_task_all_fields_naive_times_are_local(ws: Workspace) -> None:
    name = label(ws)
    message_id = ws.snapshot().messages[0].id
    task = ws.call(
        "todo_createTask",
        title="Send FERC summary",
        listId="list-003",
        dueDateTime="2001-10-19T17:00:00",
        reminderDateTime="2001-10-19T14:00:00Z",
        importance="high",
        body="Two pages, no more.",
        categories=[name.upper(), name],
        linkedMessageId=message_id,
    )
    assert task["listId"] == "list-003"
    assert task["dueDateTime"]["timeZone"] == "Central Standard Time"
    assert datetime.fromisoformat(task["dueDateTime"]["dateTime"]) == datetime(
        2001, 10, 19, 17, tzinfo=CDT
    )
    reminder = datetime.fromisoformat(task["reminderDateTime"]["dateTime"])
    assert reminder.utcoffset() == timedelta(hours=-5) and reminder.hour == 9
    assert task["body"]["content"] == "Two pages, no more."
    assert task["categories"] == [name]
    assert task["linkedMessageId"] == message_id


def test_create_task_errors(ws: Workspace) -> None:
    fails(ws, "invalid_arguments", "todo_createTask", title="  ")
    fails(ws, "not_found", "todo_createTask", title="X", listId="list-999")
    fails(ws, "not_found", "todo_createTask", title="X", linkedMessageId="msg-999")
    assert (
        "settings_createLabel"
        in fails(ws, "invalid_arguments", "todo_createTask", title="X", categories=["Nope"]).message
    )
    fails(ws, "invalid_arguments", "todo_createTask", title="X", importance="urgent")
    fails(ws, "invalid_arguments", "todo_createTask", title="X", dueDateTime="next friday")
    assert ws.call("todo_createTask", title="X")["id"] == "task-5001"  # no id was used up


def test_update_task_fields_and_move(ws: Workspace) -> None:
    name = label(ws)
    task = ws.call(
        "todo_updateTask",
        id="task-001",
        title="Renamed",
        dueDateTime="2001-10-22T09:00:00-05:00",
        importance="low",
        body="New notes",
        categories=[name],
        listId="list-003",
    )
    assert (task["title"], task["importance"], task["listId"]) == ("Renamed", "low", "list-003")
    assert task["body"]["content"] == "New notes" and task["categories"] == [name]
    assert datetime.fromisoformat(task["dueDateTime"]["dateTime"]) == datetime(
        2001, 10, 22, 9, tzinfo=CDT
    )
    assert ws.call("todo_updateTask", id="task-001", categories=[])["categories"] == []


def test_update_task_status_sets_and_clears_completion(ws: Workspace) -> None:
    done = ws.call("todo_updateTask", id="task-002", status="completed")
    assert done["status"] == "completed"
    assert datetime.fromisoformat(done["completedDateTime"]["dateTime"]) == ws.now
    again = ws.call("todo_updateTask", id="task-002", status="inProgress")
    assert again["status"] == "inProgress" and again["completedDateTime"] is None


def test_update_task_errors(ws: Workspace) -> None:
    assert (
        "at least one" in fails(ws, "invalid_arguments", "todo_updateTask", id="task-001").message
    )
    fails(ws, "not_found", "todo_updateTask", id="task-999", title="X")
    fails(ws, "not_found", "todo_updateTask", id="task-001", listId="list-999")
    fails(ws, "invalid_arguments", "todo_updateTask", id="task-001", status="done")
    fails(ws, "invalid_arguments", "todo_updateTask", id="task-001", categories=["Nope"])
    fails(ws, "invalid_arguments", "todo_updateTask", id="task-001", title=" ")


def test_complete_task_keeps_first_completion_time(ws: Workspace) -> None:
    done = ws.call("todo_completeTask", id="task-002")
    assert done["status"] == "completed"
    assert datetime.fromisoformat(done["completedDateTime"]["dateTime"]) == ws.now
    ws.reset(now=ws.now + timedelta(days=1))
    first = ws.call("todo_completeTask", id="task-002")
    ws.mailbox.now += timedelta(hours=2)
    assert ws.call("todo_completeTask", id="task-002") == first


def test_complete_task_error(ws: Workspace) -> None:
    fails(ws, "not_found", "todo_completeTask", id="task-999")


def test_delete_task(ws: Workspace) -> None:
    title = ws.call("todo_getTask", id="task-005")["title"]
    assert ws.call("todo_deleteTask", id="task-005") == {"deleted": "task-005", "title": title}
    assert "task-005" not in {t["id"] for t in listed(ws, "todo_listTasks")}
    fails(ws, "not_found", "todo_getTask", id="task-005")


def test_delete_task_error(ws: Workspace) -> None:
    fails(ws, "not_found", "todo_deleteTask", id="task-999")


# --- checklist items -------------------------------------------------------------------


def test_add_checklist_items(ws: Workspace) -> None:
    task = with_checklist(ws, "Pull exposure report", "Draft memo")
    assert task["checklistItems"] == [
        {"id": "checklist-5001", "displayName": "Pull exposure report", "isChecked": False},
        {"id": "checklist-5002", "displayName": "Draft memo", "isChecked": False},
    ]
    assert ws.call("todo_getTask", id=task["id"]) == task


def test_add_checklist_item_errors(ws: Workspace) -> None:
    fails(ws, "not_found", "todo_addChecklistItem", taskId="task-999", displayName="X")
    fails(ws, "invalid_arguments", "todo_addChecklistItem", taskId="task-001", displayName=" ")


def test_update_checklist_item(ws: Workspace) -> None:
    task = with_checklist(ws, "One", "Two")
    task = ws.call(
        "todo_updateChecklistItem", taskId=task["id"], itemId="checklist-5002", isChecked=True
    )
    assert [i["isChecked"] for i in task["checklistItems"]] == [False, True]
    task = ws.call(
        "todo_updateChecklistItem", taskId=task["id"], itemId="checklist-5001", displayName="Uno"
    )
    assert [i["displayName"] for i in task["checklistItems"]] == ["Uno", "Two"]


def test_update_checklist_item_errors(ws: Workspace) -> None:
    task_id = with_checklist(ws, "One")["id"]
    message = fails(
        ws,
        "not_found",
        "todo_updateChecklistItem",
        taskId=task_id,
        itemId="chk-999",
        isChecked=True,
    ).message
    assert "checklist-5001" in message
    fails(
        ws, "invalid_arguments", "todo_updateChecklistItem", taskId=task_id, itemId="checklist-5001"
    )
    fails(
        ws, "not_found", "todo_updateChecklistItem", taskId="task-999", itemId="x", isChecked=True
    )


def test_delete_checklist_item(ws: Workspace) -> None:
    task = with_checklist(ws, "One", "Two")
    task = ws.call("todo_deleteChecklistItem", taskId=task["id"], itemId="checklist-5001")
    assert [i["id"] for i in task["checklistItems"]] == ["checklist-5002"]


def test_delete_checklist_item_errors(ws: Workspace) -> None:
    task_id = with_checklist(ws, "One")["id"]
    fails(ws, "not_found", "todo_deleteChecklistItem", taskId=task_id, itemId="checklist-9999")
    fails(ws, "not_found", "todo_deleteChecklistItem", taskId="task-999", itemId="checklist-5001")


def test_reset_restores_corpus_and_counters(ws: Workspace) -> None:
    before = ws.digest()
    ws.call("todo_createTask", title="Temp")
    ws.call("todo_deleteList", id="list-003")
    ws.reset()
    assert ws.digest() == before
    assert ws.call("todo_createTask", title="Again")["id"] == "task-5001"
