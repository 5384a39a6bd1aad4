"""Boards: columns, cards with assignees, priorities, due dates and labels, owned by the persona."""

from __future__ import annotations

from datetime import timedelta

from emailbench_gym.api.models import Board, BoardColumn, BoardTask
from emailbench_gym.worlds.people import Org
from emailbench_gym.worlds.projects import Project
from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.text import render
from emailbench_gym.worlds.timeline import Timeline

COLUMN_SETS = (
    ("To Do", "In Progress", "Done"),
    ("Backlog", "Doing", "Review", "Done"),
    ("Not Started", "In Progress", "Blocked", "Complete"),
    ("Ideas", "Planned", "In Progress", "Shipped"),
    ("To Do", "In Progress", "Waiting", "Done"),
)
CARD_TITLES = (
    "[Draft|Finalise|Review|Refresh] the {deliverable}",
    "{deliverable^} for {project}",
    "[Agree|Confirm] {deliverable} with {partner}",
    "[Fix|Investigate] {metric} [gap|drop|variance]",
    "[Plan|Run] {project} [workshop|pilot|training]",
    "[Close out|Hand over] {deliverable}",
)


def build_boards(
    rng: Rng,
    org: Org,
    projects: list[Project],
    timeline: Timeline,
    boards: int,
    cards: int,
    labels: list[str],
) -> tuple[list[Board], list[BoardColumn], list[BoardTask]]:
    industry = org.company.industry
    assert industry is not None
    people = [org.persona, *org.with_role("report"), *org.with_role("peer")[:2]]
    out_boards, columns, tasks = [], [], []
    names: list[str] = []
    for index in range(boards):
        project = projects[index % len(projects)] if projects else None
        for _ in range(6):
            template = rng.choice(industry.boards)
            name = render(
                template,
                rng,
                {
                    "dept": org.department.name,
                    "project": project.codename if project else org.function,
                },
            )
            if name not in names:
                break
        names.append(name)
        board_id = f"board-{index + 1:03d}"
        out_boards.append(
            Board(
                id=board_id,
                name=name,
                description=render(
                    "[Work items|Open work|Tracking] for [the {f} team|{f}|the {d} leadership team].",
                    rng,
                    {"f": org.function, "d": org.department.name},
                ),
                ownerId=org.persona.id,
            )
        )
        for order, column in enumerate(rng.choice(COLUMN_SETS)):
            columns.append(BoardColumn(id="", boardId=board_id, name=column, order=order))
    width = max(3, len(str(len(columns))) + 1)
    columns = [c.model_copy(update={"id": f"col-{i:0{width}d}"}) for i, c in enumerate(columns, 1)]
    by_board: dict[str, list[BoardColumn]] = {}
    for column in columns:
        by_board.setdefault(column.boardId, []).append(column)
    task_width = max(3, len(str(cards)) + 1)
    seen: set[str] = set()
    for index in range(cards * 3):
        if len(tasks) >= cards:
            break
        board = out_boards[index % len(out_boards)]
        board_index = index % len(out_boards)
        project = (
            projects[board_index % len(projects)]
            if projects and rng.chance(0.7)
            else (rng.choice(projects) if projects else None)
        )
        values = {
            "deliverable": rng.choice(project.deliverables if project else industry.deliverables),
            "project": project.codename if project else org.function,
            "partner": project.partner.short
            if project and project.partner
            else (org.partners[0].short if org.partners else "the vendor"),
            "metric": project.metric if project else rng.choice(industry.metrics),
        }
        title = render(rng.choice(CARD_TITLES), rng, values)
        if project is not None and project.codename not in title:
            title = f"{title} ({project.codename})"
        if title in seen:
            continue
        seen.add(title)
        column = rng.choice(by_board[board.id])
        done = column.order == len(by_board[board.id]) - 1
        assignees = rng.sample(people, rng.weighted((1, 2), (70, 30)))
        days = rng.randint(-15, -1) if done else rng.randint(-4, 30)
        due = timeline.at(
            timeline.next_workday(timeline.today + timedelta(days=days)), rng.choice((10, 12, 17))
        )
        card_labels = (
            [project.label]
            if project is not None and project.label in labels and rng.chance(0.6)
            else ([rng.choice(labels)] if labels and rng.chance(0.3) else [])
        )
        tasks.append(
            BoardTask(
                id=f"btask-{len(tasks) + 1:0{task_width}d}",
                boardId=board.id,
                columnId=column.id,
                title=title,
                description=render(
                    "[{d^} for {p}.|Owner to update the board when done.|See the {p} tracker for detail.|]",
                    rng,
                    {"d": values["deliverable"], "p": values["project"]},
                ),
                assigneeIds=[p.id for p in assignees],
                dueDateTime=due if rng.chance(0.85) else None,
                priority=rng.weighted(("low", "medium", "high", "urgent"), (15, 45, 28, 12)),  # type: ignore[arg-type]
                labels=card_labels,
            )
        )
    return out_boards, columns, tasks
