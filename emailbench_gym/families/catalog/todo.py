"""To-dos: tasks made from an email (linked, due a day), a list's open tasks completed,
checklists added, tasks moved between lists, and which open tasks are overdue.

Graded on the to-dos in the end state (title, list, due day, link, status, checklist
items as a list) or, for the question, on the answer's claims about them.
"""

from __future__ import annotations

from datetime import date, time, timedelta

from emailbench_gym.families import lookup, phrasing
from emailbench_gym.families.answers import Item, Report, Val
from emailbench_gym.families.base import family
from emailbench_gym.families.builder import TaskBuilder

STEPS = (
    "collect inputs",
    "draft the summary",
    "check the numbers",
    "circulate for comments",
    "book a review slot",
    "send the final version",
)


def _task(task_id: str) -> dict:
    return {"collection": "todo_tasks", "where": [{"path": "id", "op": "eq", "value": task_id}]}


def _titled(title: str) -> dict:
    return {"collection": "todo_tasks", "where": [{"path": "title", "op": "eq", "value": title}]}


def _open(t: TaskBuilder) -> list[dict]:
    return [x for x in lookup.todo_tasks(t) if x["status"] != "completed"]


def _unique_titles(t: TaskBuilder, tasks: list[dict]) -> list[dict]:
    titles = [x["title"].casefold() for x in lookup.todo_tasks(t)]
    return [x for x in tasks if titles.count(x["title"].casefold()) == 1]


def _due_on(t: TaskBuilder, covers: str, check_id: str, query: dict, day: date) -> None:
    start, end = lookup.day_bounds(t, day)
    t.check(
        covers,
        check_id,
        "state-check",
        query=query,
        expect=[
            {"path": "dueDateTime/dateTime", "op": "gte", "value": start.isoformat()},
            {"path": "dueDateTime/dateTime", "op": "lt", "value": end.isoformat()},
        ],
    )


@family("todo", "D2", ["todo", "messages"], "to-dos")
def todo_from_email(t: TaskBuilder) -> None:
    """A to-do on a named list, linked to an email, due a given day."""
    mail = [
        m
        for m in lookup.folder_mail(t, "inbox")
        if lookup.is_person(t, lookup.sender(m)) and lookup.unique_message_subject(t, m)
    ]
    message = t.pick(mail, "no email from a person")
    todo_list = t.pick(lookup.todo_lists(t))
    day = lookup.today(t) + timedelta(days=t.rng.below(8) + 1)
    title = f"Follow up: {lookup.bare_subject(message['subject'])}"
    t.require_that(not any(x["title"] == title for x in lookup.todo_tasks(t)), "title taken")
    t.ask(
        [
            "Make a to-do '{title}' on my {list} list, due {day}, linked to the email '{subject}'.",
            "Add a task called '{title}' to the {list} list for {day} and link it to the "
            "'{subject}' email.",
        ],
        title=title,
        list=todo_list["displayName"],
        day=phrasing.day(t, day),
        subject=message["subject"],
    )
    r1 = t.require("One to-do with that title on that list.")
    r2 = t.require("Due that day and linked to the email.")
    t.call(
        "todo_createTask",
        title=title,
        listId=todo_list["id"],
        dueDateTime=lookup.at(t, day, time(17, 0)).isoformat(),
        linkedMessageId=message["id"],
    )
    query = _titled(title)
    t.check(r1, "one", "count", query=query, value=1)
    t.check(r1, "list", "property", query=query, path="listId", expected=todo_list["id"])
    _due_on(t, r2, "due", query, day)
    t.check(r2, "link", "property", query=query, path="linkedMessageId", expected=message["id"])
    t.may_mark_read()
    t.answer(f"Added '{title}' to {todo_list['displayName']}, due {day:%d %B}, linked.")


@family("todo", "D2", ["todo"], "to-dos")
def complete_list(t: TaskBuilder) -> None:
    """Every open to-do on one list marked complete."""
    lists = []
    for todo_list in lookup.todo_lists(t):
        open_tasks = [x for x in _open(t) if x["listId"] == todo_list["id"]]
        if 1 <= len(open_tasks) <= 8:
            lists.append((todo_list, open_tasks))
    todo_list, open_tasks = t.pick(lists, "no list with one to eight open to-dos")
    t.ask(
        [
            "Everything on my {list} list is done. Mark all its open tasks complete.",
            "Close out the {list} to-do list: complete every task still open on it.",
        ],
        list=todo_list["displayName"],
    )
    r1 = t.require("Every task on the list is completed; other lists are untouched.")
    t.call_all("todo_listTasks", listId=todo_list["id"])
    for task in open_tasks:
        t.call("todo_completeTask", id=task["id"])
    t.check(
        r1,
        "completed",
        "state-check",
        query={
            "collection": "todo_tasks",
            "where": [{"path": "listId", "op": "eq", "value": todo_list["id"]}],
        },
        expect=[{"path": "status", "op": "eq", "value": "completed"}],
    )
    t.answer(f"Completed {len(open_tasks)} tasks on {todo_list['displayName']}.")


@family("todo", "D2", ["todo"], "to-dos")
def add_checklist(t: TaskBuilder) -> None:
    """Three checklist steps added to an open to-do, in order."""
    task = t.pick(_unique_titles(t, _open(t)), "no open to-do with its own title")
    steps = t.sample(list(STEPS), 3)
    full = lookup.todo_full(t, task["id"])
    before = [c["displayName"] for c in full.get("checklistItems", [])]
    t.ask(
        [
            "Add three checklist steps to my to-do '{title}': {a}, {b}, then {c}.",
            "On the task '{title}', add these checklist items in this order: {a}; {b}; {c}.",
        ],
        title=task["title"],
        a=steps[0],
        b=steps[1],
        c=steps[2],
    )
    r1 = t.require("The three steps are on the to-do's checklist, after any it had, in order.")
    for step in steps:
        t.call("todo_addChecklistItem", taskId=task["id"], displayName=step)
    t.check(
        r1,
        "checklist",
        "property",
        query=_task(task["id"]),
        path="checklistItems/displayName",
        expected=[*before, *steps],
    )
    t.answer(f"Added {', '.join(steps)} to '{task['title']}'.")


@family("todo", "D1", ["todo"], "to-dos")
def move_todo_to_list(t: TaskBuilder) -> None:
    """One to-do moved to another list, made high importance."""
    t.require_that(len(lookup.todo_lists(t)) >= 2, "one list only")
    task = t.pick(_unique_titles(t, _open(t)), "no open to-do with its own title")
    target = t.pick([x for x in lookup.todo_lists(t) if x["id"] != task["listId"]])
    t.ask(
        [
            "Move '{title}' to my {list} list and make it high importance.",
            "Put the to-do '{title}' on the {list} list instead, marked important (high).",
        ],
        title=task["title"],
        list=target["displayName"],
    )
    r1 = t.require(f"The to-do is on {target['displayName']}.")
    r2 = t.require("It is high importance.")
    t.call("todo_updateTask", id=task["id"], listId=target["id"], importance="high")
    t.check(r1, "list", "property", query=_task(task["id"]), path="listId", expected=target["id"])
    t.check(
        r2, "importance", "property", query=_task(task["id"]), path="importance", expected="high"
    )
    t.answer(f"Moved '{task['title']}' to {target['displayName']}, high importance.")


@family("todo", "D3", ["todo"], "to-dos")
def overdue_todos(t: TaskBuilder) -> None:
    """The open to-dos past their due date, oldest due first, with the due dates."""
    today = lookup.today(t)
    late = [
        x
        for x in _open(t)
        if lookup.due(x) is not None and lookup.local(t, lookup.due(x)).date() < today
    ]
    t.require_that(1 <= len(late) <= 8, "no (or too many) overdue to-dos")
    t.require_that(len(_unique_titles(t, late)) == len(late), "two to-dos share a title")
    late.sort(key=lambda x: lookup.due(x))
    dues = [lookup.local(t, lookup.due(x)).date() for x in late]
    t.require_that(len(set(dues)) == len(dues), "two due the same day")
    t.ask(
        [
            "Which of my open to-dos are overdue? List them with their due dates, oldest first.",
            "[Check|Look through] my to-do lists: what's past due and not done yet? Give the due "
            "date of each, most overdue first.",
        ]
    )
    r1 = t.require("Name exactly the open to-dos due before today, oldest due first.")
    r2 = t.require("Give each one's due date.")
    r3 = t.require("Change nothing: it is a question.")
    for todo_list in lookup.todo_lists(t):
        t.call_all("todo_listTasks", listId=todo_list["id"])
    t.items(r1, "overdue", "task", [x["id"] for x in late], ordered=True)
    t.values(
        r2,
        "due-dates",
        [
            {"subject": f"task:{x['id']}", "kind": "date", "value": d.isoformat()}
            for x, d in zip(late, dues, strict=True)
        ],
    )
    t.footprint(r3)
    upcoming = [x for x in _open(t) if x not in late and lookup.due(x) is not None][:2]
    t.report(
        Report(
            opening=f"{{n}} open to-do{'s are' if len(late) > 1 else ' is'} overdue",
            count=len(late),
            ordered=True,
            items=[
                Item(x["title"], [("due", Val("date", d))]) for x, d in zip(late, dues, strict=True)
            ],
            excluded=[(Item(x["title"]), "not due yet") for x in upcoming],
            noun="To-do",
            columns=["Due"],
        )
    )
