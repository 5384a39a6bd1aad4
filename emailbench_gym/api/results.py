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
from typing import Any, Generic, TypeVar

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
#: Summaries one workspace keeps (`Summaries`): more than the longest page (`MAX_TOP`) of
#: every list tool; each shares its entity's values, so it costs little beyond the entity.
SUMMARIES_KEPT = 1_024


class Page(BaseModel, Generic[T]):
    """A page of a list result (see the module docstring)."""

    model_config = ConfigDict(frozen=True)

    items: list[T]
    total: int = Field(description="How many items match in all, on every page.")
    nextSkip: int | None = Field(
        description="The skip of the next page; null when this page is the last."
    )


#: What a list tool maps its chosen items with: their summaries (`Summaries`), in order.
Summarize = Callable[[Sequence[T]], list[S]]


def page(items: Sequence[T], top: int, skip: int, summarize: Summarize | None = None) -> Page:
    """Items `skip` .. `skip + top` of `items` (as summaries), with the total and the next skip."""
    return window(items, top, skip, len(items), summarize)


def window(
    head: Sequence[T],
    top: int,
    skip: int,
    total: int,
    summarize: Summarize | None = None,
) -> Page:
    """Like `page`, for a query that returned only its first `skip + top` matches of `total`."""
    chosen = head[skip : skip + top]
    end = skip + len(chosen)
    return _page(
        summarize(chosen) if summarize else list(chosen), total, end if end < total else None
    )


def everything(items: Sequence[T], summarize: Summarize | None = None) -> Page:
    """A whole (small) collection as one page."""
    return _page(summarize(items) if summarize else list(items), len(items), None)


def _page(items: list[Any], total: int, next_skip: int | None) -> Page:
    """`Page(items=items, total=total, nextSkip=next_skip)`, validated by the model's core
    validator without `BaseModel.__init__`'s Python layer (every list call builds one)."""
    return _PAGE({"items": items, "total": total, "nextSkip": next_skip})


_PAGE = Page.__pydantic_validator__.validate_python


def preview(text: str) -> str:
    """The first PREVIEW_CHARS characters of a text, whitespace collapsed."""
    return " ".join(text.split())[:PREVIEW_CHARS]


# --- summaries ------------------------------------------------------------------------------


class Summaries:
    """One workspace's list summaries, kept per entity object: entities are frozen, so an
    object's summary never changes, and a list or search call builds only the summaries of
    entities it has not shown before (building them was most of a call's time). Bounded
    (`SUMMARIES_KEPT`, emptied when full); kept across resets, since the corpus's entities
    are the same objects in every episode."""

    def __init__(self) -> None:
        #: id(entity) -> (entity, summary function, summary); the entity is kept so that its
        #: id is not reused while the entry lives.
        self._kept: dict[int, tuple[Any, Callable[[Any], Any], Any]] = {}
        #: summary function -> its list form
        self._cached: dict[Callable[[Any], Any], Summarize] = {}

    def __call__(self, summary: Callable[[T], S]) -> Summarize:
        """A list form of `summary`, answered from this workspace's kept summaries where it
        can be (made once per function: every list call asks for one)."""
        summarize = self._cached.get(summary)
        if summarize is None:
            summarize = self._cached[summary] = self._caching(summary)
        return summarize

    def _caching(self, summary: Callable[[T], S]) -> Summarize:
        kept = self._kept
        get = kept.get

        def summarize(items: Sequence[T]) -> list[S]:
            made: list[S] = []
            for item in items:
                entry = get(id(item))
                if entry is None or entry[0] is not item or entry[1] is not summary:
                    if len(kept) >= SUMMARIES_KEPT:
                        kept.clear()
                    entry = kept[id(item)] = (item, summary, summary(item))
                made.append(entry[2])
            return made

        return summarize


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


@functools.cache
def _shares(model: type[Model], source: type[Model]) -> bool:
    """Whether a `model` summary can share a `source`'s `__dict__`: its fields are the
    source's own, in the source's order (serializing follows the `__dict__`'s order)."""
    return _field_names(model) == tuple(n for n in _field_names(source) if n in model.model_fields)


def _copy(model: type[Model], source: Model, **computed: object) -> Model:
    """A summary of `source`: its fields that the summary has, plus the computed ones.

    Built as `model_construct` builds a model (the values are the source's, already
    validated), without its per-field alias and default lookups: a page of 25 summaries was
    most of a list call's time. A summary of the source's own fields (a message's, a
    contact's) shares the source's `__dict__` rather than copying it: entities are frozen,
    so it never changes, and serializing, comparing and hashing a model read only its own
    fields, so the others (a message's body) are never shown. The summary model stays the
    one source of the fields.
    """
    values = source.__dict__
    names = _field_names(model)
    if computed or not _shares(model, type(source)):
        values = {n: computed[n] if n in computed else values[n] for n in names}
    summary = object.__new__(model)
    object.__setattr__(summary, "__dict__", values)
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
