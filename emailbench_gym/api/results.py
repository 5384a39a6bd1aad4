"""Result shapes of the list tools: one page shape, and the summaries that list items are.

Every tool that returns several things returns a `Page`: `items`, `total` (how many match
in all) and `nextSkip` (pass it as `skip` to get the next page; null on the last page, so
following it never repeats a page). Tools without `top`/`skip` return everything at once
(`nextSkip` is always null). Lists of messages, events, tasks, contacts and board tasks hold
*summaries*: the entity without its long text (body, notes, description), with a short
preview instead; the get tools return the whole entity.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from emailbench_gym.api.models import (
    Attendee,
    BoardTask,
    Contact,
    DateTimeTimeZone,
    EmailAddress,
    Event,
    FollowupFlag,
    Importance,
    Location,
    Message,
    Model,
    Recipient,
    ResponseStatus,
    ShowAs,
    TaskStatus,
    TodoTask,
)

T = TypeVar("T")
S = TypeVar("S")
PREVIEW_CHARS = 100


class Page(BaseModel, Generic[T]):
    """A page of a list result (see the module docstring)."""

    model_config = ConfigDict(frozen=True)

    items: list[T]
    total: int = Field(description="How many items match in all, on every page.")
    nextSkip: int | None = Field(
        description="The skip of the next page; null when this page is the last."
    )


def page(items: Sequence[T], top: int, skip: int, summary: Callable[[T], S] | None = None) -> Page:
    """Items `skip` .. `skip + top` of `items` (as summaries), with the total and the next skip."""
    return window(items, top, skip, len(items), summary)


def window(
    head: Sequence[T],
    top: int,
    skip: int,
    total: int,
    summary: Callable[[T], S] | None = None,
) -> Page:
    """Like `page`, for a query that returned only its first `skip + top` matches of `total`."""
    chosen = head[skip : skip + top]
    end = skip + len(chosen)
    return Page(
        items=[summary(i) for i in chosen] if summary else list(chosen),
        total=total,
        nextSkip=end if end < total else None,
    )


def everything(items: Sequence[T], summary: Callable[[T], S] | None = None) -> Page:
    """A whole (small) collection as one page."""
    return Page(
        items=[summary(i) for i in items] if summary else list(items),
        total=len(items),
        nextSkip=None,
    )


def preview(text: str) -> str:
    """The first PREVIEW_CHARS characters of a text, whitespace collapsed."""
    return " ".join(text.split())[:PREVIEW_CHARS]


# --- summaries ------------------------------------------------------------------------------


class MessageSummary(Model):
    """A message in a list: no body (`bodyPreview` instead), no attachments list, no Bcc."""

    id: str
    conversationId: str
    parentFolderId: str
    subject: str
    bodyPreview: str
    from_: Recipient | None = Field(alias="from")
    toRecipients: list[Recipient]
    ccRecipients: list[Recipient]
    receivedDateTime: datetime
    isRead: bool
    isDraft: bool
    importance: Importance
    flag: FollowupFlag
    categories: list[str]
    hasAttachments: bool
    inReplyTo: str | None


class EventSummary(Model):
    """An event in a list: no body (`bodyPreview` instead)."""

    id: str
    calendarId: str
    subject: str
    bodyPreview: str
    start: DateTimeTimeZone
    end: DateTimeTimeZone
    location: Location
    organizer: Recipient
    attendees: list[Attendee]
    isAllDay: bool
    isCancelled: bool
    isOnlineMeeting: bool
    showAs: ShowAs
    importance: Importance
    categories: list[str]
    responseStatus: ResponseStatus
    isReminderOn: bool
    reminderMinutesBeforeStart: int


class TaskSummary(Model):
    """A To Do task in a list: no notes (`bodyPreview` instead), the checklist as a count."""

    id: str
    listId: str
    title: str
    bodyPreview: str
    status: TaskStatus
    importance: Importance
    createdDateTime: datetime
    dueDateTime: DateTimeTimeZone | None
    completedDateTime: DateTimeTimeZone | None
    reminderDateTime: DateTimeTimeZone | None
    categories: list[str]
    checklistItemCount: int
    linkedMessageId: str | None


class ContactSummary(Model):
    """A contact in a list: everything but the personal notes."""

    id: str
    displayName: str
    givenName: str
    surname: str
    emailAddresses: list[EmailAddress]
    businessPhones: list[str]
    mobilePhone: str | None
    jobTitle: str
    department: str
    companyName: str
    officeLocation: str
    categories: list[str]


class BoardTaskSummary(Model):
    """A board task in a list: no description (`descriptionPreview` instead)."""

    id: str
    boardId: str
    columnId: str
    title: str
    descriptionPreview: str
    assigneeIds: list[str]
    dueDateTime: datetime | None
    priority: str
    labels: list[str]


@functools.cache
def _field_names(model: type[Model]) -> tuple[str, ...]:
    return tuple(model.model_fields)


def _copy(model: type[Model], source: Model, **computed: object) -> Model:
    """A summary of `source`: its fields that the summary has, plus the computed ones.

    Built as `model_construct` builds a model (the values are the source's, already
    validated), without its per-field alias and default lookups: a page of 25 summaries is
    most of a list call's time. The summary model stays the one source of the fields.
    """
    values = source.__dict__
    names = _field_names(model)
    fields = {n: computed[n] if n in computed else values[n] for n in names}
    summary = object.__new__(model)
    object.__setattr__(summary, "__dict__", fields)
    object.__setattr__(summary, "__pydantic_fields_set__", set(names))
    object.__setattr__(summary, "__pydantic_extra__", None)
    object.__setattr__(summary, "__pydantic_private__", None)
    return summary


def message_summary(message: Message) -> MessageSummary:
    return _copy(MessageSummary, message)  # type: ignore[return-value]


def event_summary(event: Event) -> EventSummary:
    return _copy(EventSummary, event, bodyPreview=preview(event.body.content))  # type: ignore[return-value]


def task_summary(task: TodoTask) -> TaskSummary:
    return _copy(  # type: ignore[return-value]
        TaskSummary,
        task,
        bodyPreview=preview(task.body.content),
        checklistItemCount=len(task.checklistItems),
    )


def contact_summary(contact: Contact) -> ContactSummary:
    return _copy(ContactSummary, contact)  # type: ignore[return-value]


def board_task_summary(task: BoardTask) -> BoardTaskSummary:
    return _copy(BoardTaskSummary, task, descriptionPreview=preview(task.description))  # type: ignore[return-value]
