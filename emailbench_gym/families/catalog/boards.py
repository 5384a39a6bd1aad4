"""Boards: cards moved to done, assigned and prioritised, new cards with an assignee and
due date, one person's open cards handed to another, and which cards are overdue.

Graded on the cards in the end state (column, assignees as a set, priority, due day)
or, for the question, on the answer's claims about the cards.
"""

from __future__ import annotations

from datetime import time, timedelta

from emailbench_gym.families import lookup, phrasing
from emailbench_gym.families.answers import Item, Report, Val
from emailbench_gym.families.base import family
from emailbench_gym.families.builder import TaskBuilder

PRIORITIES = ("low", "medium", "high", "urgent")


def _card(card_id: str) -> dict:
    return {"collection": "board_tasks", "where": [{"path": "id", "op": "eq", "value": card_id}]}


def _cards_named(t: TaskBuilder) -> list[dict]:
    """Cards whose title no other card (or to-do) shares."""
    titles = [c["title"].casefold() for c in lookup.cards(t)]
    titles += [x["title"].casefold() for x in lookup.todo_tasks(t)]
    return [c for c in lookup.cards(t) if titles.count(c["title"].casefold()) == 1]


def _open_cards(t: TaskBuilder) -> list[dict]:
    return [
        c for c in _cards_named(t) if c["columnId"] != lookup.done_column(t, c["boardId"])["id"]
    ]


def _board_name(t: TaskBuilder, board_id: str) -> str:
    return next(b["name"] for b in lookup.boards(t) if b["id"] == board_id)


def _people(t: TaskBuilder) -> list[str]:
    """User ids of the people cards can be assigned to (no systems, not the persona)."""
    roles = t.facts.roles
    return [*roles.get("peer", []), *roles.get("report", []), *roles.get("colleague", [])]


def _assignees_exactly(t: TaskBuilder, covers: str, card_id: str, ids: list[str]) -> None:
    t.check(
        covers,
        "assignees",
        "property",
        query=_card(card_id),
        path="assigneeIds",
        compute="value",
        expected=ids,
    )


@family("boards", "D1", ["boards"], "boards")
def card_to_done(t: TaskBuilder) -> None:
    """One open card moved to its board's last (done) column."""
    card = t.pick(_open_cards(t), "no open card with its own title")
    done = lookup.done_column(t, card["boardId"])
    t.ask(
        [
            "The '{title}' card is finished: move it to {done} on the {board} board.",
            "Mark '{title}' as done on {board} (move it to the {done} column).",
        ],
        title=card["title"],
        done=done["name"],
        board=_board_name(t, card["boardId"]),
    )
    r1 = t.require(f"The card is in the {done['name']} column.")
    t.call("boards_moveTask", id=card["id"], columnId=done["id"])
    t.check(r1, "moved", "property", query=_card(card["id"]), path="columnId", expected=done["id"])
    t.answer(f"Moved '{card['title']}' to {done['name']}.")


@family("boards", "D2", ["boards"], "boards")
def assign_and_prioritise(t: TaskBuilder) -> None:
    """One open card handed to one person (only them) and given a priority."""
    card = t.pick(_open_cards(t), "no open card with its own title")
    person = t.pick([p for p in _people(t) if [p] != card["assigneeIds"]], "no one to assign")
    priority = t.pick([p for p in PRIORITIES if p != card["priority"]])
    who = phrasing.person(t, lookup.address(t, person))
    t.ask(
        [
            "Assign the '{title}' card to {who} only, and set its priority to {priority}.",
            "Make {who} the sole assignee of '{title}' and change the priority to {priority}.",
        ],
        title=card["title"],
        who=who,
        priority=priority,
    )
    r1 = t.require("The card's only assignee is that person.")
    r2 = t.require(f"Its priority is {priority}.")
    t.call("boards_assignTask", id=card["id"], assigneeIds=[person])
    t.call("boards_updateTask", id=card["id"], priority=priority)
    _assignees_exactly(t, r1, card["id"], [person])
    t.check(r2, "priority", "property", query=_card(card["id"]), path="priority", expected=priority)
    t.answer(f"'{card['title']}' is now {who[0]}'s, priority {priority}.")


@family("boards", "D2", ["boards"], "boards")
def new_card(t: TaskBuilder) -> None:
    """A new card in a board's first column with an assignee, a priority and a due day."""
    board = t.pick(lookup.boards(t), "no board")
    first = min(lookup.columns(t, board["id"]), key=lambda c: c["order"])
    project = t.rng.choice(t.facts.projects)
    title = f"{t.rng.choice(['Draft', 'Review', 'Finalise', 'Circulate'])} {project.codename} " + (
        t.rng.choice(project.deliverables)
    )
    t.require_that(
        all(c["title"].casefold() != title.casefold() for c in lookup.cards(t)), "title taken"
    )
    person = t.pick(_people(t), "no one to assign")
    priority = t.pick(PRIORITIES)
    day = lookup.today(t) + timedelta(days=t.rng.below(12) + 2)
    t.ask(
        [
            "Add a card '{title}' to the {column} column of the {board} board, assigned to "
            "{who}, priority {priority}, due {day}.",
            "On {board}, create '{title}' in {column} for {who}; {priority} priority; due {day}.",
        ],
        title=title,
        column=first["name"],
        board=board["name"],
        who=phrasing.person(t, lookup.address(t, person)),
        priority=priority,
        day=phrasing.day(t, day),
    )
    r1 = t.require("One card with that title in that column of that board.")
    r2 = t.require("Assigned to that person only, with that priority.")
    r3 = t.require("Due that day.")
    t.call(
        "boards_createTask",
        boardId=board["id"],
        columnId=first["id"],
        title=title,
        assigneeIds=[person],
        priority=priority,
        dueDateTime=lookup.at(t, day, time(17, 0)).isoformat(),
    )
    query = {"collection": "board_tasks", "where": [{"path": "title", "op": "eq", "value": title}]}
    t.check(r1, "one", "count", query=query, value=1)
    t.check(r1, "column", "property", query=query, path="columnId", expected=first["id"])
    t.check(r2, "assignees", "property", query=query, path="assigneeIds", expected=[person])
    t.check(r2, "priority", "property", query=query, path="priority", expected=priority)
    start, end = lookup.day_bounds(t, day)
    t.check(
        r3,
        "due",
        "state-check",
        query=query,
        expect=[
            {"path": "dueDateTime", "op": "gte", "value": start.isoformat()},
            {"path": "dueDateTime", "op": "lt", "value": end.isoformat()},
        ],
    )
    t.answer(f"Created '{title}' on {board['name']}.")


@family("boards", "D3", ["boards"], "boards")
def hand_over_cards(t: TaskBuilder) -> None:
    """Every open card one person is on, on one board, reassigned to another person."""
    options = []
    for board in lookup.boards(t):
        done = lookup.done_column(t, board["id"])["id"]
        open_cards = [c for c in lookup.cards(t, board["id"]) if c["columnId"] != done]
        for person in _people(t):
            mine = [c for c in open_cards if person in c["assigneeIds"]]
            if 2 <= len(mine) <= 6:
                options.append((board, person, mine))
    board, person, mine = t.pick(options, "no one with two to six open cards on a board")
    other = t.pick(
        [p for p in _people(t) if p != person and all(p not in c["assigneeIds"] for c in mine)],
        "no one to take over",
    )
    t.ask(
        [
            "{a} is handing over: on the {board} board, replace {a} with {b} on every card "
            "that isn't done yet. Leave the other assignees as they are.",
            "Reassign {whose} open cards on {board} to {b} (swap {a} for {b}; keep anyone else "
            "on those cards). Finished cards stay as they are.",
        ],
        a=phrasing.person(t, lookup.address(t, person))[:1],
        whose=[phrasing.possessive(lookup.display_name(t, lookup.address(t, person)))],
        b=phrasing.person(t, lookup.address(t, other)),
        board=board["name"],
    )
    r1 = t.require("Every open card that person was on now has the other person instead.")
    r2 = t.require("The other assignees stay; done cards and other boards are untouched.")
    t.call_all("boards_listTasks", boardId=board["id"])
    for card in mine:
        new = [other if a == person else a for a in card["assigneeIds"]]
        t.call("boards_assignTask", id=card["id"], assigneeIds=new)
    for index, card in enumerate(mine):
        kept = [a for a in card["assigneeIds"] if a != person]
        t.check(
            r1 if not kept else [r1, r2],
            f"card-{index + 1}",
            "state-check",
            query=_card(card["id"]),
            expect=[
                {"path": "assigneeIds", "op": "eq", "value": other},
                *({"path": "assigneeIds", "op": "eq", "value": a} for a in kept),
            ],
        )
    t.check(
        r1,
        "gone",
        "not-exists",
        query={
            "collection": "board_tasks",
            "where": [
                {"path": "id", "op": "in", "value": [c["id"] for c in mine]},
                {"path": "assigneeIds", "op": "eq", "value": person},
            ],
        },
    )
    t.footprint(r2)
    t.answer(f"Reassigned {len(mine)} cards on {board['name']}.")


@family("boards", "D2", ["boards"], "boards")
def overdue_cards(t: TaskBuilder) -> None:
    """The open cards of one board past their due date, with the dates."""
    options = []
    for board in lookup.boards(t):
        done = lookup.done_column(t, board["id"])["id"]
        late = [
            c
            for c in _cards_named(t)
            if c["boardId"] == board["id"]
            and c["columnId"] != done
            and c.get("dueDateTime")
            and lookup.local(t, c["dueDateTime"]) < t.now
        ]
        dues = [lookup.local(t, c["dueDateTime"]).date() for c in late]
        if 1 <= len(late) <= 6 and len(set(dues)) == len(dues):
            options.append((board, sorted(late, key=lambda c: c["dueDateTime"])))
    board, late = t.pick(options, "no board with one to six overdue cards")
    t.ask(
        [
            "Which cards on the {board} board are overdue and not done? Give their due dates.",
            "On {board}, list the unfinished cards that are past their due date, with each due "
            "date.",
        ],
        board=board["name"],
    )
    r1 = t.require("Name exactly the board's open cards past due.")
    r2 = t.require("Give each one's due date.")
    r3 = t.require("Change nothing: it is a question.")
    t.call_all("boards_listTasks", boardId=board["id"])
    t.items(r1, "overdue", "card", [c["id"] for c in late])
    t.values(
        r2,
        "due",
        [
            {
                "subject": f"card:{c['id']}",
                "kind": "date",
                "value": lookup.local(t, c["dueDateTime"]).date().isoformat(),
            }
            for c in late
        ],
    )
    t.footprint(r3)
    t.report(
        Report(
            opening=f"{{n}} card{'s' if len(late) > 1 else ''} on {board['name']} "
            f"{'are' if len(late) > 1 else 'is'} overdue",
            count=len(late),
            items=[
                Item(c["title"], [("due", Val("date", lookup.local(t, c["dueDateTime"]).date()))])
                for c in late
            ],
            noun="Card",
            columns=["Due"],
        )
    )
