"""Mailbox settings and labels: 6 read and 9 write operations.

Settings (automatic replies, working hours, time zone, language, signature) are one
`MailboxSettings` value; labels are the category master list that messages, events,
contacts, todo tasks and message rules draw their `categories` from, so renaming or
deleting a label carries through to every item tagged with it.
"""

from __future__ import annotations

import re
from typing import Any, Literal, get_args

from emailbench_gym.api.common import (
    SUPPORTED_TIME_ZONES,
    date_time_time_zone,
    unique_name,
    updated,
    zone,
)
from emailbench_gym.api.limits import DateTime, Days, Id, Name, Short, Signature, Text
from emailbench_gym.api.models import (
    AutomaticReplies,
    DayOfWeek,
    Label,
    MailboxSettings,
    WorkingHours,
)
from emailbench_gym.api.registry import operation
from emailbench_gym.api.results import Page, everything
from emailbench_gym.errors import ToolError
from emailbench_gym.mailbox import Mailbox

LANGUAGES = ("en-US", "en-GB", "es-ES", "fr-FR", "de-DE", "pt-BR", "ja-JP")
LABEL_COLORS = tuple(f"preset{n}" for n in range(25))
WEEK: tuple[DayOfWeek, ...] = get_args(DayOfWeek)
#: Collections whose items carry a `categories` list of label names.
CATEGORIZED = ("messages", "events", "contacts", "todo_tasks")
_CLOCK = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def _change(mb: Mailbox, **changes: Any) -> MailboxSettings:
    settings: MailboxSettings = updated(mb.settings, **changes)
    mb.set_settings(settings)
    return settings


def _clock(value: str, argument: str) -> str:
    value = value.strip()
    if not _CLOCK.match(value):
        raise ToolError(
            "invalid_arguments",
            f"{argument}: {value!r} is not a 24-hour time. Accepted: 'HH:MM', e.g. '08:30' or '17:00'.",
        )
    return value


def _zone_name(value: str) -> str:
    """A supported time-zone name, matched case-insensitively and spelled as settings store it."""
    by_key = {name.casefold(): name for name in SUPPORTED_TIME_ZONES}
    name = by_key.get(value.strip().casefold(), value)
    zone(name)
    return name


def _label_name(mb: Mailbox, name: str, exclude: str | None = None) -> str:
    return unique_name(
        mb.all("labels"),
        name,
        noun="label",
        exclude=exclude,
        hint="Use that label, or settings_updateLabel to change it.",
    )


def _color(color: str) -> str:
    if color not in LABEL_COLORS:
        raise ToolError(
            "invalid_arguments",
            f"color: {color!r} is not a label color. Accepted: preset0 .. preset24.",
        )
    return color


def _retag(mb: Mailbox, old: str, new: str | None) -> dict[str, int]:
    """Rename (or, with `new` None, remove) category `old` on every item; counts per collection."""
    key = old.casefold()

    def swap(names: list[str]) -> list[str] | None:
        if not any(n.casefold() == key for n in names):
            return None
        kept = [new if n.casefold() == key else n for n in names]
        return list(dict.fromkeys(n for n in kept if n is not None))

    counts: dict[str, int] = {}
    for collection in CATEGORIZED:
        counts[collection] = 0
        tagged = (
            mb.messages.select(category=old) if collection == "messages" else mb.all(collection)
        )
        for item in tagged:
            names = swap(item.categories)  # type: ignore[attr-defined]
            if names is not None:
                mb.put(collection, updated(item, categories=names))
                counts[collection] += 1
    counts["filters"] = 0
    for rule in mb.all("filters"):
        actions = rule.actions  # type: ignore[attr-defined]
        names = swap(actions.assignCategories)
        if names is not None:
            mb.put("filters", updated(rule, actions=updated(actions, assignCategories=names)))
            counts["filters"] += 1
    return counts


@operation("settings", "read")
def settings_get(mb: Mailbox) -> MailboxSettings:
    """Get all mailbox settings: automatic replies, working hours, time zone, language, formats, signature."""
    return mb.settings


@operation("settings", "read")
def settings_getAutomaticReplies(mb: Mailbox) -> AutomaticReplies:
    """Get the automatic replies (out of office) setting: status, audience, messages and schedule."""
    return mb.settings.automaticRepliesSetting


@operation("settings", "read")
def settings_getWorkingHours(mb: Mailbox) -> WorkingHours:
    """Get the working days, start and end time and their time zone (used for scheduling)."""
    return mb.settings.workingHours


@operation("settings", "read")
def settings_getSignature(mb: Mailbox) -> dict[str, str]:
    """Get the email signature."""
    return {"signature": mb.settings.signature}


@operation("settings", "read")
def settings_listLabels(mb: Mailbox) -> Page[Label]:
    """List the labels (categories) that messages, events, contacts and tasks can be tagged with."""
    return everything(mb.all("labels"))


@operation("settings", "read")
def settings_listTimeZones(mb: Mailbox) -> Page[str]:
    """List the time-zone names accepted by settings_setTimeZone and settings_setWorkingHours."""
    return everything(SUPPORTED_TIME_ZONES)


@operation("settings", "write")
def settings_setAutomaticReplies(
    mb: Mailbox,
    internalReplyMessage: Text,
    externalReplyMessage: Text | None = None,
    status: Literal["alwaysEnabled", "scheduled"] = "alwaysEnabled",
    externalAudience: Literal["none", "contactsOnly", "all"] = "all",
    scheduledStartDateTime: DateTime | None = None,
    scheduledEndDateTime: DateTime | None = None,
) -> AutomaticReplies:
    """Turn on automatic replies (out of office), now until disabled or for a scheduled period.

    Nothing is sent now: while on, mail that arrives is answered (the internal message to
    people in your organization, the external one to others as externalAudience allows).

    Args:
        internalReplyMessage: Reply sent to senders inside the organization.
        externalReplyMessage: Reply sent to outside senders; omit to use the internal message.
        status: alwaysEnabled (on until disabled) or scheduled (on between the two scheduled times).
        externalAudience: Which outside senders get a reply: none, contactsOnly or all.
        scheduledStartDateTime: Start of the period, required when status is scheduled; without an offset it is mailbox-local time.
        scheduledEndDateTime: End of the period, after the start, required when status is scheduled.
    """
    internal = internalReplyMessage.strip()
    if not internal:
        raise ToolError("invalid_arguments", "internalReplyMessage must not be empty.")
    start = end = None
    if status == "scheduled":
        if scheduledStartDateTime is None or scheduledEndDateTime is None:
            raise ToolError(
                "invalid_arguments",
                "status 'scheduled' needs both scheduledStartDateTime and scheduledEndDateTime.",
            )
        start = date_time_time_zone(mb, scheduledStartDateTime)
        end = date_time_time_zone(mb, scheduledEndDateTime)
        if end.dateTime <= start.dateTime:
            raise ToolError(
                "invalid_arguments",
                f"scheduledEndDateTime ({end.dateTime.isoformat()}) must be after "
                f"scheduledStartDateTime ({start.dateTime.isoformat()}).",
            )
    elif scheduledStartDateTime is not None or scheduledEndDateTime is not None:
        raise ToolError(
            "invalid_arguments",
            "scheduledStartDateTime and scheduledEndDateTime only apply with status 'scheduled'; "
            "pass status='scheduled' or omit them.",
        )
    external = (externalReplyMessage or "").strip() or internal
    replies = AutomaticReplies(
        status=status,
        externalAudience=externalAudience,
        internalReplyMessage=internal,
        externalReplyMessage=external,
        scheduledStartDateTime=start,
        scheduledEndDateTime=end,
    )
    return _change(mb, automaticRepliesSetting=replies).automaticRepliesSetting


@operation("settings", "write")
def settings_disableAutomaticReplies(mb: Mailbox) -> AutomaticReplies:
    """Turn off automatic replies; the messages are kept for next time."""
    replies = updated(
        mb.settings.automaticRepliesSetting,
        status="disabled",
        scheduledStartDateTime=None,
        scheduledEndDateTime=None,
    )
    return _change(mb, automaticRepliesSetting=replies).automaticRepliesSetting


@operation("settings", "write")
def settings_setWorkingHours(
    mb: Mailbox,
    daysOfWeek: Days | None = None,
    startTime: Short | None = None,
    endTime: Short | None = None,
    timeZone: Short | None = None,
) -> WorkingHours:
    """Change the working hours used for scheduling; omitted fields stay as they are.

    Args:
        daysOfWeek: Working days, e.g. ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].
        startTime: Start of the working day, 24-hour 'HH:MM', e.g. '08:00'.
        endTime: End of the working day, 24-hour 'HH:MM', after startTime, e.g. '17:00'.
        timeZone: Time zone of the hours, one of settings_listTimeZones, e.g. 'Central Standard Time'.
    """
    hours = mb.settings.workingHours
    changes: dict[str, Any] = {}
    if daysOfWeek is not None:
        if not daysOfWeek:
            raise ToolError("invalid_arguments", "daysOfWeek must name at least one day.")
        changes["daysOfWeek"] = [d for d in WEEK if d in daysOfWeek]
    if startTime is not None:
        changes["startTime"] = _clock(startTime, "startTime")
    if endTime is not None:
        changes["endTime"] = _clock(endTime, "endTime")
    if timeZone is not None:
        changes["timeZone"] = _zone_name(timeZone)
    if not changes:
        raise ToolError(
            "invalid_arguments",
            "settings_setWorkingHours needs at least one of daysOfWeek, startTime, endTime, timeZone.",
        )
    hours = updated(hours, **changes)
    if hours.endTime <= hours.startTime:
        raise ToolError(
            "invalid_arguments",
            f"endTime ({hours.endTime}) must be after startTime ({hours.startTime}).",
        )
    return _change(mb, workingHours=hours).workingHours


@operation("settings", "write")
def settings_setTimeZone(mb: Mailbox, timeZone: Short) -> MailboxSettings:
    """Set the mailbox time zone, in which dates are shown and times without an offset are read.

    Args:
        timeZone: One of settings_listTimeZones, e.g. 'Eastern Standard Time'.
    """
    return _change(mb, timeZone=_zone_name(timeZone))


@operation("settings", "write")
def settings_setSignature(mb: Mailbox, signature: Signature) -> dict[str, str]:
    """Set the email signature; an empty string removes it (the send and reply tools do not add it).

    Args:
        signature: The signature text (plain text, may span lines).
    """
    return {"signature": _change(mb, signature=signature.strip()).signature}


@operation("settings", "write")
def settings_setLanguage(mb: Mailbox, locale: Short) -> MailboxSettings:
    """Set the mailbox language.

    Args:
        locale: A language tag, one of en-US, en-GB, es-ES, fr-FR, de-DE, pt-BR, ja-JP.
    """
    by_key = {tag.casefold(): tag for tag in LANGUAGES}
    tag = by_key.get(locale.strip().replace("_", "-").casefold())
    if tag is None:
        raise ToolError(
            "invalid_arguments",
            f"locale: {locale!r} is not supported. Accepted: {', '.join(LANGUAGES)}.",
        )
    return _change(mb, language=tag)


@operation("settings", "write")
def settings_createLabel(mb: Mailbox, displayName: Name, color: Short = "preset0") -> Label:
    """Create a label (category) that messages, events, contacts and tasks can be tagged with.

    Args:
        displayName: Label name; must be unique (case-insensitive).
        color: preset0 .. preset24.
    """
    name, color = _label_name(mb, displayName), _color(color)
    label = Label(id=mb.new_id("labels"), displayName=name, color=color)
    return mb.put("labels", label)  # type: ignore[return-value]


@operation("settings", "write")
def settings_updateLabel(
    mb: Mailbox, id: Id, displayName: Name | None = None, color: Short | None = None
) -> Label:
    """Rename or recolor a label; a rename also renames the category on every item tagged with it.

    Args:
        id: Label id (see settings_listLabels).
        displayName: New name; must be unique (case-insensitive).
        color: New color, preset0 .. preset24.
    """
    label: Label = mb.require("labels", id)
    if displayName is None and color is None:
        raise ToolError("invalid_arguments", "settings_updateLabel needs displayName or color.")
    name = label.displayName if displayName is None else _label_name(mb, displayName, label.id)
    new = updated(label, displayName=name, color=label.color if color is None else _color(color))
    if name != label.displayName:
        _retag(mb, label.displayName, name)
    return mb.put("labels", new)  # type: ignore[return-value]


@operation("settings", "write")
def settings_deleteLabel(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Delete a label and remove its category from every item tagged with it.

    Args:
        id: Label id (see settings_listLabels).
    """
    label: Label = mb.require("labels", id)
    removed = _retag(mb, label.displayName, None)
    mb.delete("labels", label.id)
    return {"deleted": label.id, "displayName": label.displayName, "removedFrom": removed}
