"""To Do lists and tasks: 4 read and 10 write operations (lists, tasks, checklist items).

Task datetimes are stored as `DateTimeTimeZone` in the mailbox time zone (as
Microsoft To Do shows them); a datetime argument without an offset is local time.
Task categories are labels (see `settings_listLabels`), stored with the label's spelling.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from emailbench_gym.api import common
from emailbench_gym.api.common import (
    apply_query,
    date_time_time_zone,
    matches_words,
    nonempty,
    unique_name,
    updated,
)
from emailbench_gym.api.limits import (
    DateTime,
    FilterText,
    Id,
    Name,
    Names,
    OrderByText,
    Query,
    Skip,
    Text,
    Top,
)
from emailbench_gym.api.models import (
    ChecklistItem,
    Importance,
    ItemBody,
    TaskStatus,
    TodoList,
    TodoTask,
)
from emailbench_gym.api.registry import operation
from emailbench_gym.api.results import (
    Page,
    Summarize,
    TaskSummary,
    everything,
    page,
    task_summary,
)
from emailbench_gym.errors import ToolError
from emailbench_gym.mailbox import Mailbox

#: A field `todo_listTasks(select=...)` can show: any of the task's own (`TodoTask` is the source).
TaskField = Literal[tuple(TodoTask.model_fields)]  # type: ignore[valid-type]
TaskFields = Annotated[list[TaskField], Field(max_length=len(TodoTask.model_fields))]


def _check_unique_list_name(mb: Mailbox, name: str, exclude: str | None = None) -> str:
    return unique_name(mb.all("todo_lists"), name, noun="todo list", exclude=exclude)


def _default_list(mb: Mailbox) -> TodoList:
    for todo_list in mb.all("todo_lists"):
        if todo_list.wellknownListName == "defaultList":  # type: ignore[attr-defined]
            return todo_list  # type: ignore[return-value]
    raise ToolError("not_found", "There is no default todo list; pass listId (see todo_listLists).")


def _checklist_index(task: TodoTask, item_id: str) -> int:
    for index, item in enumerate(task.checklistItems):
        if item.id == item_id:
            return index
    known = ", ".join(i.id for i in task.checklistItems) or "none"
    raise ToolError(
        "not_found",
        f"itemId: task {task.id} has no checklist item {item_id!r}. Its items: {known}.",
    )


def _task_text(task: TodoTask) -> str:
    """What `todo_searchTasks` matches against: title, notes and checklist items."""
    return "\n".join([task.title, task.body.content, *(i.displayName for i in task.checklistItems)])


@operation("todo", "read")
def todo_listLists(mb: Mailbox) -> Page[TodoList]:
    """List the To Do lists; the one with wellknownListName 'defaultList' receives new tasks by default."""
    return everything(mb.all("todo_lists"))


@operation("todo", "read")
def todo_listTasks(
    mb: Mailbox,
    listId: Id | None = None,
    status: TaskStatus | None = None,
    filter: FilterText | None = None,
    orderBy: OrderByText | None = None,
    top: Top = 50,
    skip: Skip = 0,
    select: TaskFields | None = None,
) -> Page[TaskSummary | dict[str, Any]]:
    """List To Do tasks, from every list by default, optionally filtered and sorted.

    Items are summaries (bodyPreview, checklistItemCount) unless `select` names the fields to
    show; todo_getTask returns one whole task.

    Args:
        listId: Only tasks in this list id (see todo_listLists); omit for all lists.
        status: Only tasks with this status.
        filter: OData filter over task fields, e.g. "importance eq 'high'" or "dueDateTime/dateTime lt 2001-10-20T00:00:00-05:00".
        orderBy: OData order, e.g. 'dueDateTime/dateTime asc' or 'createdDateTime desc'.
        top: Maximum number of tasks to return.
        skip: Number of tasks to skip: the nextSkip of the previous page.
        select: The task fields each item shows in full instead of the summary (id always), e.g. ['title', 'body', 'checklistItems'] for the notes and the checklist steps with their ids and isChecked.
    """
    list_id = mb.require("todo_lists", listId).id if listId is not None else None  # type: ignore[attr-defined]
    tasks = [
        t
        for t in mb.all("todo_tasks")
        if (list_id is None or t.listId == list_id) and (status is None or t.status == status)  # type: ignore[attr-defined]
    ]
    shown = mb.summaries(task_summary) if select is None else _selection(select)
    return page(apply_query(mb, tasks, TodoTask, filter, orderBy), top, skip, shown)  # type: ignore[arg-type]


def _selection(fields: list[str]) -> Summarize:
    """Tasks as their ids and the selected fields, whole (Graph's `$select`)."""
    if not fields:
        raise ToolError(
            "invalid_arguments",
            "select: name at least one field, or omit it for summaries. Accepted fields: "
            f"{', '.join(TodoTask.model_fields)}.",
        )
    include = {"id", *fields}
    return lambda tasks: [t.model_dump(mode="json", by_alias=True, include=include) for t in tasks]


@operation("todo", "read")
def todo_getTask(mb: Mailbox, id: Id) -> TodoTask:
    """Get one To Do task with its checklist items.

    Args:
        id: Task id (see todo_listTasks or todo_searchTasks).
    """
    return mb.require("todo_tasks", id)


@operation("todo", "read")
def todo_searchTasks(mb: Mailbox, query: Query, top: Top = 25, skip: Skip = 0) -> Page[TaskSummary]:
    """Find To Do tasks whose title, notes or checklist items contain every word of the query.

    Args:
        query: Words to look for (case-insensitive, word prefixes), e.g. 'budget'.
        top: Maximum number of tasks to return.
        skip: Number of matches to skip: the nextSkip of the previous page.
    """
    nonempty(query, "query")
    found = [t for t in mb.all("todo_tasks") if matches_words(query, _task_text(t))]  # type: ignore[arg-type]
    return page(found, top, skip, mb.summaries(task_summary))  # type: ignore[arg-type]


@operation("todo", "write")
def todo_createList(mb: Mailbox, displayName: Name) -> TodoList:
    """Create a To Do list.

    Args:
        displayName: Name of the new list; must be unique (case-insensitive).
    """
    name = _check_unique_list_name(mb, displayName)
    return mb.put("todo_lists", TodoList(id=mb.new_id("todo_lists"), displayName=name))  # type: ignore[return-value]


@operation("todo", "write")
def todo_renameList(mb: Mailbox, id: Id, displayName: Name) -> TodoList:
    """Rename a To Do list.

    Args:
        id: List id (see todo_listLists).
        displayName: The new name; must be unique (case-insensitive).
    """
    todo_list = mb.require("todo_lists", id)
    name = _check_unique_list_name(mb, displayName, exclude=todo_list.id)  # type: ignore[attr-defined]
    return mb.put("todo_lists", updated(todo_list, displayName=name))  # type: ignore[return-value]


@operation("todo", "write")
def todo_deleteList(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Delete a To Do list and every task in it (the default list cannot be deleted).

    Args:
        id: List id (see todo_listLists).
    """
    todo_list: TodoList = mb.require("todo_lists", id)
    if todo_list.wellknownListName != "none":
        raise ToolError(
            "forbidden",
            f"{todo_list.displayName!r} ({todo_list.id}) is a built-in list and cannot be deleted; "
            "delete its tasks with todo_deleteTask instead.",
        )
    doomed = [t.id for t in mb.all("todo_tasks") if t.listId == todo_list.id]  # type: ignore[attr-defined]
    for task_id in doomed:
        mb.delete("todo_tasks", task_id)
    mb.delete("todo_lists", todo_list.id)
    return {"deleted": todo_list.id, "deletedTaskIds": doomed}


@operation("todo", "write")
def todo_createTask(
    mb: Mailbox,
    title: Name,
    listId: Id | None = None,
    dueDateTime: DateTime | None = None,
    reminderDateTime: DateTime | None = None,
    importance: Importance = "normal",
    body: Text | None = None,
    categories: Names | None = None,
    linkedMessageId: Id | None = None,
) -> TodoTask:
    """Create a To Do task, in the default list unless a list is given.

    Args:
        title: What the task is, e.g. 'Send the budget summary'.
        listId: List id (see todo_listLists); omit for the default list.
        dueDateTime: When the task is due; without an offset it is mailbox-local time.
        reminderDateTime: When to be reminded; without an offset it is mailbox-local time.
        importance: low, normal or high.
        body: Notes for the task (plain text).
        categories: Label names to tag the task with (see settings_listLabels).
        linkedMessageId: Id of the email this task follows up on.
    """
    todo_list = mb.require("todo_lists", listId) if listId is not None else _default_list(mb)
    if linkedMessageId is not None:
        mb.require("messages", linkedMessageId)
    title = nonempty(title, "title")
    tags = common.categories(mb, categories, "categories")
    task = TodoTask(
        id=mb.new_id("todo_tasks"),
        listId=todo_list.id,  # type: ignore[attr-defined]
        title=title,
        body=ItemBody(content=body or ""),
        importance=importance,
        createdDateTime=mb.now,
        dueDateTime=date_time_time_zone(mb, dueDateTime) if dueDateTime else None,
        reminderDateTime=date_time_time_zone(mb, reminderDateTime) if reminderDateTime else None,
        categories=tags,
        linkedMessageId=linkedMessageId,
    )
    return mb.put("todo_tasks", task)  # type: ignore[return-value]


@operation("todo", "write")
def todo_updateTask(
    mb: Mailbox,
    id: Id,
    title: Name | None = None,
    dueDateTime: DateTime | None = None,
    importance: Importance | None = None,
    body: Text | None = None,
    status: TaskStatus | None = None,
    categories: Names | None = None,
    listId: Id | None = None,
) -> TodoTask:
    """Change fields of a To Do task, or move it to another list; omitted fields stay as they are.

    Args:
        id: Task id (see todo_listTasks).
        title: New title.
        dueDateTime: New due date; without an offset it is mailbox-local time.
        importance: low, normal or high.
        body: New notes (replaces the old ones).
        status: notStarted, inProgress, completed, waitingOnOthers or deferred; completed records the completion time.
        categories: Label names replacing the task's categories (see settings_listLabels); [] clears them.
        listId: Id of the list to move the task to (see todo_listLists).
    """
    task: TodoTask = mb.require("todo_tasks", id)
    changes: dict[str, Any] = {}
    if title is not None:
        changes["title"] = nonempty(title, "title")
    if dueDateTime is not None:
        changes["dueDateTime"] = date_time_time_zone(mb, dueDateTime)
    if importance is not None:
        changes["importance"] = importance
    if body is not None:
        changes["body"] = ItemBody(content=body)
    if status is not None:
        changes.update(_status_change(mb, task, status))
    if categories is not None:
        changes["categories"] = common.categories(mb, categories, "categories")
    if listId is not None:
        changes["listId"] = mb.require("todo_lists", listId).id  # type: ignore[attr-defined]
    if not changes:
        raise ToolError(
            "invalid_arguments",
            "todo_updateTask needs at least one field to change: title, dueDateTime, importance, "
            "body, status, categories or listId.",
        )
    return mb.put("todo_tasks", updated(task, **changes))  # type: ignore[return-value]


def _status_change(mb: Mailbox, task: TodoTask, status: TaskStatus) -> dict[str, Any]:
    """The new status and completion time: set when a task becomes completed, cleared otherwise."""
    if status != "completed":
        return {"status": status, "completedDateTime": None}
    kept = task.completedDateTime if task.status == "completed" else None
    return {"status": status, "completedDateTime": kept or date_time_time_zone(mb, mb.now)}


@operation("todo", "write")
def todo_completeTask(mb: Mailbox, id: Id) -> TodoTask:
    """Mark a To Do task completed (a task already completed keeps its completion time).

    Args:
        id: Task id (see todo_listTasks).
    """
    task: TodoTask = mb.require("todo_tasks", id)
    return mb.put("todo_tasks", updated(task, **_status_change(mb, task, "completed")))  # type: ignore[return-value]


@operation("todo", "write")
def todo_deleteTask(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Delete a To Do task.

    Args:
        id: Task id (see todo_listTasks).
    """
    task: TodoTask = mb.require("todo_tasks", id)
    mb.delete("todo_tasks", task.id)
    return {"deleted": task.id, "title": task.title}


@operation("todo", "write")
def todo_addChecklistItem(mb: Mailbox, taskId: Id, displayName: Name) -> TodoTask:
    """Add a checklist item (a sub-step) at the end of a task's checklist.

    Args:
        taskId: Task id (see todo_listTasks).
        displayName: Text of the checklist item.
    """
    task: TodoTask = mb.require("todo_tasks", taskId)
    item = ChecklistItem(
        id=mb.new_id("checklist"), displayName=nonempty(displayName, "displayName")
    )
    return mb.put("todo_tasks", updated(task, checklistItems=[*task.checklistItems, item]))  # type: ignore[return-value]


@operation("todo", "write")
def todo_updateChecklistItem(
    mb: Mailbox,
    taskId: Id,
    itemId: Id,
    isChecked: bool | None = None,
    displayName: Name | None = None,
) -> TodoTask:
    """Check, uncheck or rename a checklist item of a task.

    Args:
        taskId: Task id (see todo_listTasks).
        itemId: Checklist item id (see todo_getTask).
        isChecked: True to check the item off, false to uncheck it.
        displayName: New text of the item.
    """
    task: TodoTask = mb.require("todo_tasks", taskId)
    index = _checklist_index(task, itemId)
    changes: dict[str, Any] = {}
    if isChecked is not None:
        changes["isChecked"] = isChecked
    if displayName is not None:
        changes["displayName"] = nonempty(displayName, "displayName")
    if not changes:
        raise ToolError(
            "invalid_arguments",
            "todo_updateChecklistItem needs isChecked or displayName (or both).",
        )
    items = list(task.checklistItems)
    items[index] = updated(items[index], **changes)
    return mb.put("todo_tasks", updated(task, checklistItems=items))  # type: ignore[return-value]


@operation("todo", "write")
def todo_deleteChecklistItem(mb: Mailbox, taskId: Id, itemId: Id) -> TodoTask:
    """Remove a checklist item from a task.

    Args:
        taskId: Task id (see todo_listTasks).
        itemId: Checklist item id (see todo_getTask).
    """
    task: TodoTask = mb.require("todo_tasks", taskId)
    index = _checklist_index(task, itemId)
    items = [item for i, item in enumerate(task.checklistItems) if i != index]
    return mb.put("todo_tasks", updated(task, checklistItems=items))  # type: ignore[return-value]
