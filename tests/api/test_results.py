"""List summaries: built without validation, yet the same models validation would build."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError

from emailbench_gym.api import results
from emailbench_gym.api.models import Model
from emailbench_gym.workspace import Workspace

SUMMARIES: dict[str, tuple[type[Model], Callable[[Any], Model]]] = {
    "messages": (results.MessageSummary, results.message_summary),
    "events": (results.EventSummary, results.event_summary),
    "todo_tasks": (results.TaskSummary, results.task_summary),
    "contacts": (results.ContactSummary, results.contact_summary),
    "board_tasks": (results.BoardTaskSummary, results.board_task_summary),
}


def _computed(entity: Any) -> dict[str, Any]:
    """The summary fields that are not the entity's own, worked out the plain way."""
    if hasattr(entity, "checklistItems"):
        return {
            "bodyPreview": results.preview(entity.body.content),
            "checklistItemCount": len(entity.checklistItems),
        }
    if hasattr(entity, "description") and hasattr(entity, "columnId"):
        return {"descriptionPreview": results.preview(entity.description)}
    if hasattr(entity, "calendarId"):
        return {"bodyPreview": results.preview(entity.body.content)}
    return {}


@pytest.mark.parametrize("collection", SUMMARIES)
def test_every_summary_equals_the_validated_model(ws: Workspace, collection: str) -> None:
    model, summarize = SUMMARIES[collection]
    entities = ws.mailbox.all(collection)
    assert entities
    for entity in entities:
        summary = summarize(entity)
        computed = _computed(entity)
        expected = model.model_validate(
            {n: computed.get(n, getattr(entity, n, None)) for n in model.model_fields}
        )
        assert type(summary) is model
        assert summary == expected, entity.id
        assert summary.model_fields_set == expected.model_fields_set
        assert summary.model_dump(mode="json", by_alias=True) == expected.model_dump(
            mode="json", by_alias=True
        )
        with pytest.raises(ValidationError):  # frozen like every API model
            summary.id = "changed"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("listing", "update"),
    [
        (("contacts_list", {}), ("contacts_update", {"surname": "Changed"})),
        (("todo_listTasks", {}), ("todo_updateTask", {"body": "A changed note."})),
    ],
)
def test_summaries_outlive_a_reset_and_never_show_a_past_episode(
    ws: Workspace, listing: tuple[str, dict], update: tuple[str, dict]
) -> None:
    """A reset keeps the summaries built (an episode's first list call builds none again), and
    a summary of an entity an episode changed is never shown after the reset."""
    pristine = ws.call(listing[0], **listing[1])
    first = pristine["items"][0]["id"]
    ws.call(update[0], id=first, **update[1])
    assert ws.call(listing[0], **listing[1]) != pristine
    kept = {key: entry[2] for key, entry in ws.mailbox.summaries._kept.items()}
    ws.reset()
    assert ws.call(listing[0], **listing[1]) == pristine
    after = ws.mailbox.summaries._kept
    assert after.keys() == kept.keys()
    assert all(after[key][2] is summary for key, summary in kept.items())
