"""Helpers shared by the domain modules: recipients, queries, text search, well-known folders."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

from pydantic import BaseModel

from emailbench_gym.api.models import DateTimeTimeZone, EmailAddress, MailFolder, Recipient, User
from emailbench_gym.api.odata import compile_filter, compile_order_by
from emailbench_gym.errors import ToolError
from emailbench_gym.mailbox import Mailbox
from emailbench_gym.store.search import message_search_text as message_search_text
from emailbench_gym.store.search import words

T = TypeVar("T")

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def email_address(mb: Mailbox, address: str, argument: str) -> EmailAddress:
    """Validate an address and give it the display name the directory or contacts know."""
    address = address.strip()
    if not _EMAIL.match(address):
        raise ToolError(
            "invalid_arguments",
            f"{argument}: {address!r} is not an email address. Accepted: 'name@domain', "
            "e.g. 'alex.morgan@example.com' (look people up with contacts_search or identity_searchUsers).",
        )
    key = address.casefold()
    for user in mb.all("users"):
        if user.mail.casefold() == key:  # type: ignore[attr-defined]
            return EmailAddress(name=user.displayName, address=user.mail)  # type: ignore[attr-defined]
    for contact in mb.all("contacts"):
        for entry in contact.emailAddresses:  # type: ignore[attr-defined]
            if entry.address.casefold() == key:
                return EmailAddress(name=contact.displayName, address=entry.address)  # type: ignore[attr-defined]
    return EmailAddress(name="", address=address)


def recipients(mb: Mailbox, addresses: Sequence[str] | None, argument: str) -> list[Recipient]:
    return [Recipient(emailAddress=email_address(mb, a, argument)) for a in addresses or []]


def apply_query(
    mb: Mailbox,
    items: Iterable[T],
    model: type[BaseModel],
    filter: str | None,
    orderBy: str | None,
) -> list[T]:
    """Filter then sort items with OData expressions checked against `model`.

    Compiled expressions are kept per workspace (`Mailbox.compiled`), not per process.
    """
    selected = list(items)
    if filter:
        predicate = mb.compiled(("filter", filter, model), lambda: compile_filter(filter, model))
        selected = [i for i in selected if predicate(i)]
    if orderBy:
        sort = mb.compiled(("order", orderBy, model), lambda: compile_order_by(orderBy, model))
        selected = sort(selected)
    return selected


def matches_words(query: str, haystack: str) -> bool:
    """Case-insensitive word match: every word of the query occurs as a word (prefix) in the text."""
    terms = words(query)
    if not terms:
        return False
    tokens = set(words(haystack))
    return all(any(tok.startswith(term) for tok in tokens) for term in terms)


def resolve_folder(mb: Mailbox, folder_id: str, argument: str = "folderId") -> MailFolder:
    """A folder by id, or by its well-known name (`inbox`, `sentitems`, `drafts`, ...)."""
    found = mb.get("folders", folder_id)
    if found is None:
        key = folder_id.casefold().replace(" ", "")
        for folder in mb.all("folders"):
            if (folder.wellKnownName or "").casefold() == key:  # type: ignore[attr-defined]
                return folder  # type: ignore[return-value]
        names = ", ".join(f"{f.displayName} ({f.id})" for f in mb.all("folders"))  # type: ignore[attr-defined]
        raise ToolError(
            "not_found",
            f"{argument}: no folder with id {folder_id!r}. Existing folders: {names}. "
            "Well-known names (inbox, sentitems, drafts, deleteditems, archive, junkemail) also work.",
        )
    return found  # type: ignore[return-value]


def categories(mb: Mailbox, names: Sequence[str] | None, argument: str) -> list[str]:
    """Existing label names (case-insensitive), deduplicated, spelled as the labels are."""
    labels = {label.displayName.casefold(): label.displayName for label in mb.all("labels")}  # type: ignore[attr-defined]
    out: list[str] = []
    for name in names or []:
        label = labels.get(name.strip().casefold())
        if label is None:
            raise ToolError(
                "invalid_arguments",
                f"{argument}: {name!r} is not a label. Existing labels: {', '.join(labels.values())}. "
                "Create one first with settings_createLabel.",
            )
        if label not in out:
            out.append(label)
    return out


def updated(model: BaseModel, **changes: Any) -> Any:
    """A validated copy of a frozen model with `changes` applied.

    Unchanged fields keep their (frozen) values, so the copy shares them with the
    original: cheap to build, and grading tells changed fields apart by identity.
    """
    return type(model).model_validate({**model.__dict__, **changes})


_WINDOWS_ZONES = {
    "UTC": "UTC",
    "Central Standard Time": "America/Chicago",
    "Eastern Standard Time": "America/New_York",
    "Mountain Standard Time": "America/Denver",
    "Pacific Standard Time": "America/Los_Angeles",
    "GMT Standard Time": "Europe/London",
    "W. Europe Standard Time": "Europe/Berlin",
    "Tokyo Standard Time": "Asia/Tokyo",
}
SUPPORTED_TIME_ZONES = tuple(_WINDOWS_ZONES)


def zone(name: str) -> ZoneInfo:
    """The tz database zone for a Windows time-zone name (as mailbox settings use)."""
    if name not in _WINDOWS_ZONES:
        raise ToolError(
            "invalid_arguments",
            f"Unknown time zone {name!r}. Accepted: {', '.join(SUPPORTED_TIME_ZONES)}.",
        )
    return ZoneInfo(_WINDOWS_ZONES[name])


def localize(mb: Mailbox, value: datetime) -> datetime:
    """A datetime argument without an offset is in the mailbox's time zone (as a person means it)."""
    if value.tzinfo is not None:
        return value
    return value.replace(tzinfo=zone(mb.settings.timeZone))


def date_time_time_zone(mb: Mailbox, value: datetime) -> DateTimeTimeZone:
    """A datetime argument as a `DateTimeTimeZone` in the mailbox time zone (naive = local)."""
    name = mb.settings.timeZone
    return DateTimeTimeZone(dateTime=localize(mb, value).astimezone(zone(name)), timeZone=name)


def clock_zone_name(name: str, moment: datetime) -> str:
    """What a clock in zone `name` calls its time at `moment`: 'Central Daylight Time' in summer.

    Settings hold the Windows zone id, which names the zone all year ('Central Standard Time'
    is Chicago in July too, as in Graph); whether daylight saving time is in effect at
    `moment` comes from the tz database, and its name is Windows' daylight name.
    """
    if not moment.astimezone(zone(name)).dst():
        return name
    return name.replace("Standard Time", "Daylight Time")


def local_now(mb: Mailbox) -> datetime:
    """The persona's "now" in the mailbox time zone."""
    return mb.now.astimezone(zone(mb.settings.timeZone))


def find_user(mb: Mailbox, who: str, argument: str) -> User:
    """A directory user by id or email address (case-insensitive), or a `not_found` error."""
    key = who.strip().casefold()
    for user in mb.all("users"):
        if key in (user.id.casefold(), user.mail.casefold()):  # type: ignore[attr-defined]
            return user  # type: ignore[return-value]
    raise ToolError(
        "not_found",
        f"{argument}: no user with id or email address {who!r}. "
        "Use identity_searchUsers or identity_listUsers to find users.",
    )


def nonempty(value: str, argument: str) -> str:
    """`value` without surrounding blanks, or an error naming the empty argument."""
    value = value.strip()
    if not value:
        raise ToolError("invalid_arguments", f"{argument} must not be empty.")
    return value


def unique_name(
    items: Iterable[Any],
    name: str,
    *,
    noun: str,
    argument: str = "displayName",
    attribute: str = "displayName",
    exclude: str | None = None,
    scope: str = "",
    hint: str = "Use that id instead of creating another.",
) -> str:
    """A non-empty name that no other item (but `exclude`) has, compared case-insensitively."""
    name = nonempty(name, argument)
    key = name.casefold()
    for item in items:
        existing = getattr(item, attribute)
        if item.id != exclude and existing.casefold() == key:
            where = f" {scope}" if scope else ""
            raise ToolError(
                "conflict",
                f"A {noun} named {existing!r} already exists{where} (id {item.id}). {hint}",
            )
    return name
