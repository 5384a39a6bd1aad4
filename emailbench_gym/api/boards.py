"""Task boards: 6 read and 9 write operations (boards, their ordered columns, and the task cards in them)."""

from __future__ import annotations

from typing import Any, Literal, TypeVar, cast

from emailbench_gym.api.common import (
    find_user,
    localize,
    matches_words,
    nonempty,
    unique_name,
    updated,
)
from emailbench_gym.api.limits import (
    DateTime,
    Id,
    Ids,
    Name,
    Names,
    Position,
    Query,
    Skip,
    Text,
    Top,
)
from emailbench_gym.api.models import Board, BoardColumn, BoardTask, Model
from emailbench_gym.api.registry import operation
from emailbench_gym.api.results import (
    BoardTaskSummary,
    Page,
    board_task_summary,
    everything,
    page,
)
from emailbench_gym.errors import ToolError
from emailbench_gym.mailbox import Mailbox

Priority = Literal["low", "medium", "high", "urgent"]
DEFAULT_COLUMNS = ("To Do", "In Progress", "Done")

M = TypeVar("M", bound=Model)


def _items(mb: Mailbox, collection: str, model: type[M]) -> list[M]:
    return cast(list[M], mb.all(collection))


def _left_to_right(columns: list[BoardColumn]) -> list[BoardColumn]:
    return sorted(columns, key=lambda c: c.order)


def _columns(mb: Mailbox, board_id: str) -> list[BoardColumn]:
    """The columns of one board, left to right (sorted once per change of the columns)."""
    columns = mb.derived("board_columns", _left_to_right)  # type: ignore[arg-type]
    return [c for c in columns if c.boardId == board_id]


def _by_board(tasks: list[BoardTask]) -> dict[str, list[BoardTask]]:
    boards: dict[str, list[BoardTask]] = {}
    for task in tasks:
        boards.setdefault(task.boardId, []).append(task)
    return boards


def _tasks(mb: Mailbox, board_id: str) -> list[BoardTask]:
    """The tasks of one board, in `all` order (grouped once per change of the tasks; shared:
    do not mutate it)."""
    return mb.derived("board_tasks", _by_board).get(board_id, [])  # type: ignore[arg-type]


def _column_on_board(mb: Mailbox, board: Board, column_id: str) -> BoardColumn:
    """A column that must belong to `board`; the error lists the board's columns."""
    column = mb.require("board_columns", column_id, BoardColumn)
    if column.boardId != board.id:
        valid = ", ".join(f"{c.name} ({c.id})" for c in _columns(mb, board.id)) or "none"
        raise ToolError(
            "invalid_arguments",
            f"columnId: column {column.id} belongs to board {column.boardId}, not {board.id}. "
            f"Columns of {board.name!r}: {valid}.",
        )
    return column


def _check_column_name(mb: Mailbox, board_id: str, name: str, exclude: str | None = None) -> str:
    name = nonempty(name, "name")
    for column in _columns(mb, board_id):
        if column.id != exclude and column.name.casefold() == name.casefold():
            raise ToolError(
                "conflict",
                f"Board {board_id} already has a column named {column.name!r} (id {column.id}).",
            )
    return name


def _assignees(mb: Mailbox, who: list[str]) -> list[str]:
    """User ids for `who`, deduplicated, in the order given."""
    return list(dict.fromkeys(find_user(mb, w, "assigneeIds").id for w in who))


def _labels(labels: list[str]) -> list[str]:
    return list(dict.fromkeys(nonempty(label, "labels") for label in labels))


@operation("boards", "read")
def boards_list(mb: Mailbox) -> Page[Board]:
    """List every task board."""
    return everything(_items(mb, "boards", Board))


@operation("boards", "read")
def boards_get(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Get one board with its columns in order and the number of tasks in each column.

    Args:
        id: Board id (boards_list lists them).
    """
    board = mb.require("boards", id, Board)
    tasks = _tasks(mb, board.id)
    columns = [
        {**c.model_dump(mode="json"), "taskCount": sum(t.columnId == c.id for t in tasks)}
        for c in _columns(mb, board.id)
    ]
    return {**board.model_dump(mode="json"), "columns": columns, "taskCount": len(tasks)}


@operation("boards", "read")
def boards_listColumns(mb: Mailbox, boardId: Id) -> Page[BoardColumn]:
    """List the columns of a board, left to right (by order).

    Args:
        boardId: Board id (boards_list lists them).
    """
    return everything(_columns(mb, mb.require("boards", boardId, Board).id))


@operation("boards", "read")
def boards_listTasks(
    mb: Mailbox,
    boardId: Id,
    columnId: Id | None = None,
    assigneeId: Id | None = None,
    top: Top = 50,
    skip: Skip = 0,
) -> Page[BoardTaskSummary]:
    """List the tasks of a board, column by column, optionally only one column or one assignee.

    Items are summaries with a descriptionPreview; boards_getTask returns the whole task.

    Args:
        boardId: Board id (boards_list lists them).
        columnId: Only tasks in this column of the board (boards_listColumns lists them).
        assigneeId: Only tasks assigned to this user, by user id or email address.
        top: Maximum number of tasks to return.
        skip: Number of tasks to skip: the nextSkip of the previous page.
    """
    board = mb.require("boards", boardId, Board)
    column = _column_on_board(mb, board, columnId).id if columnId is not None else None
    user = find_user(mb, assigneeId, "assigneeId").id if assigneeId is not None else None
    columns = _items(mb, "board_columns", BoardColumn)
    position = {c.id: c.order for c in columns if c.boardId == board.id}  # no need to sort
    tasks = _tasks(mb, board.id)
    if column is not None or user is not None:
        tasks = [
            t
            for t in tasks
            if column in (None, t.columnId) and (user is None or user in t.assigneeIds)
        ]
    tasks = sorted(tasks, key=lambda t: position[t.columnId])
    return page(tasks, top, skip, mb.summaries(board_task_summary))


@operation("boards", "read")
def boards_getTask(mb: Mailbox, id: Id) -> BoardTask:
    """Get one board task.

    Args:
        id: Board task id (boards_listTasks or boards_searchTasks find them).
    """
    return mb.require("board_tasks", id, BoardTask)


@operation("boards", "read")
def boards_searchTasks(
    mb: Mailbox, query: Query, top: Top = 25, skip: Skip = 0
) -> Page[BoardTaskSummary]:
    """Search the tasks of every board by words in their title, description or labels.

    Items are summaries with a descriptionPreview; boards_getTask returns the whole task.

    Args:
        query: Words that must all occur (as word prefixes, case-insensitive), e.g. 'budget memo'.
        top: Maximum number of tasks to return.
        skip: Number of matches to skip: the nextSkip of the previous page.
    """
    nonempty(query, "query")
    found = [
        t
        for t in _items(mb, "board_tasks", BoardTask)
        if matches_words(query, "\n".join([t.title, t.description, *t.labels]))
    ]
    return page(found, top, skip, mb.summaries(board_task_summary))


@operation("boards", "write")
def boards_create(
    mb: Mailbox, name: Name, description: Text = "", columns: Names | None = None
) -> Board:
    """Create a board owned by you, with its columns (To Do, In Progress, Done by default).

    Args:
        name: Board name; must be unique among boards.
        description: What the board is for.
        columns: Column names from left to right; omit for To Do, In Progress, Done.
    """
    name = unique_name(mb.all("boards"), name, noun="board", argument="name", attribute="name")
    names = [nonempty(c, "columns") for c in (DEFAULT_COLUMNS if columns is None else columns)]
    if not names:
        raise ToolError(
            "invalid_arguments", "columns must name at least one column, or be omitted."
        )
    if len({n.casefold() for n in names}) != len(names):
        raise ToolError("invalid_arguments", f"columns must have distinct names (got {names}).")
    board = Board(id=mb.new_id("boards"), name=name, description=description, ownerId=mb.me.id)
    mb.put("boards", board)
    for order, column in enumerate(names, start=1):
        mb.put(
            "board_columns",
            BoardColumn(id=mb.new_id("board_columns"), boardId=board.id, name=column, order=order),
        )
    return board


@operation("boards", "write")
def boards_createColumn(
    mb: Mailbox, boardId: Id, name: Name, order: Position | None = None
) -> BoardColumn:
    """Add a column to a board, at the right end or at a given position.

    Args:
        boardId: Board id (boards_list lists them).
        name: Column name; must be unique within the board.
        order: 1-based position from the left; columns at or after it shift right. Omit for last.
    """
    board = mb.require("boards", boardId, Board)
    name = _check_column_name(mb, board.id, name)
    existing = _columns(mb, board.id)
    end = existing[-1].order + 1 if existing else 1
    if order is None:
        order = end
    elif not 1 <= order <= end:
        raise ToolError(
            "invalid_arguments",
            f"order must be between 1 and {end} for board {board.id} (got {order}); omit it to add the column last.",
        )
    for column in existing:
        if column.order >= order:
            mb.put("board_columns", updated(column, order=column.order + 1))
    column = BoardColumn(id=mb.new_id("board_columns"), boardId=board.id, name=name, order=order)
    return mb.put("board_columns", column)  # type: ignore[return-value]


@operation("boards", "write")
def boards_renameColumn(mb: Mailbox, id: Id, name: Name) -> BoardColumn:
    """Rename a board column.

    Args:
        id: Column id (boards_listColumns lists them).
        name: The new name; must be unique within the board.
    """
    column = mb.require("board_columns", id, BoardColumn)
    name = _check_column_name(mb, column.boardId, name, exclude=column.id)
    return mb.put("board_columns", updated(column, name=name))  # type: ignore[return-value]


@operation("boards", "write")
def boards_deleteColumn(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Delete an empty board column (move its tasks elsewhere first with boards_moveTask).

    Args:
        id: Column id (boards_listColumns lists them).
    """
    column = mb.require("board_columns", id, BoardColumn)
    inside = [t.id for t in _tasks(mb, column.boardId) if t.columnId == column.id]
    if inside:
        raise ToolError(
            "conflict",
            f"Column {column.name!r} ({column.id}) still holds {len(inside)} task(s): "
            f"{', '.join(inside)}. Move them to another column with boards_moveTask first.",
        )
    mb.delete("board_columns", column.id)
    return {"deleted": column.id, "boardId": column.boardId}


@operation("boards", "write")
def boards_createTask(
    mb: Mailbox,
    boardId: Id,
    columnId: Id,
    title: Name,
    description: Text = "",
    assigneeIds: Ids | None = None,
    dueDateTime: DateTime | None = None,
    priority: Priority = "medium",
    labels: Names | None = None,
) -> BoardTask:
    """Create a task card in a column of a board.

    Args:
        boardId: Board id (boards_list lists them).
        columnId: Id of a column of that board (boards_listColumns lists them).
        title: Task title.
        description: Details of the task.
        assigneeIds: Users to assign, by user id or email address.
        dueDateTime: When the task is due; without an offset it is in the mailbox time zone.
        priority: low, medium, high or urgent.
        labels: Free-text labels for the card, e.g. ['Budget', 'Legal'].
    """
    board = mb.require("boards", boardId, Board)
    column = _column_on_board(mb, board, columnId)
    fields = {
        "title": nonempty(title, "title"),
        "description": description,
        "assigneeIds": _assignees(mb, assigneeIds or []),
        "dueDateTime": localize(mb, dueDateTime) if dueDateTime else None,
        "priority": priority,
        "labels": _labels(labels or []),
    }
    task = BoardTask(id=mb.new_id("board_tasks"), boardId=board.id, columnId=column.id, **fields)
    return mb.put("board_tasks", task)  # type: ignore[return-value]


@operation("boards", "write")
def boards_updateTask(
    mb: Mailbox,
    id: Id,
    title: Name | None = None,
    description: Text | None = None,
    dueDateTime: DateTime | None = None,
    priority: Priority | None = None,
    labels: Names | None = None,
) -> BoardTask:
    """Change a board task's title, description, due date, priority or labels (only the fields given).

    Args:
        id: Board task id (boards_listTasks or boards_searchTasks find them).
        title: New title.
        description: New description.
        dueDateTime: New due date; without an offset it is in the mailbox time zone.
        priority: New priority: low, medium, high or urgent.
        labels: New labels, replacing the current ones ([] removes them all).
    """
    task = mb.require("board_tasks", id, BoardTask)
    changes: dict[str, Any] = {}
    if title is not None:
        changes["title"] = nonempty(title, "title")
    if description is not None:
        changes["description"] = description
    if dueDateTime is not None:
        changes["dueDateTime"] = localize(mb, dueDateTime)
    if priority is not None:
        changes["priority"] = priority
    if labels is not None:
        changes["labels"] = _labels(labels)
    if not changes:
        raise ToolError(
            "invalid_arguments",
            "Give at least one of title, description, dueDateTime, priority, labels. "
            "To move or assign the task use boards_moveTask or boards_assignTask.",
        )
    return mb.put("board_tasks", updated(task, **changes))  # type: ignore[return-value]


@operation("boards", "write")
def boards_moveTask(mb: Mailbox, id: Id, columnId: Id) -> BoardTask:
    """Move a board task to another column of the same board (e.g. from In Progress to Done).

    Args:
        id: Board task id (boards_listTasks or boards_searchTasks find them).
        columnId: Id of the destination column on the task's board (boards_listColumns lists them).
    """
    task = mb.require("board_tasks", id, BoardTask)
    board = mb.require("boards", task.boardId, Board)
    column = _column_on_board(mb, board, columnId)
    return mb.put("board_tasks", updated(task, columnId=column.id))  # type: ignore[return-value]


@operation("boards", "write")
def boards_assignTask(mb: Mailbox, id: Id, assigneeIds: Ids) -> BoardTask:
    """Set who a board task is assigned to, replacing the current assignees (nobody is notified).

    Args:
        id: Board task id (boards_listTasks or boards_searchTasks find them).
        assigneeIds: Users by user id or email address; [] leaves the task unassigned.
    """
    task = mb.require("board_tasks", id, BoardTask)
    return mb.put("board_tasks", updated(task, assigneeIds=_assignees(mb, assigneeIds)))  # type: ignore[return-value]


@operation("boards", "write")
def boards_deleteTask(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Delete a board task.

    Args:
        id: Board task id (boards_listTasks or boards_searchTasks find them).
    """
    task = mb.require("board_tasks", id, BoardTask)
    mb.delete("board_tasks", task.id)
    return {"deleted": task.id, "boardId": task.boardId}
