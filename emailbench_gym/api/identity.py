"""Identity: 7 read operations over the organization directory (me, users, managers, recipients)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from emailbench_gym.api.common import apply_query, find_user, matches_words
from emailbench_gym.api.limits import FilterText, Id, Query, Skip, Top
from emailbench_gym.api.models import User
from emailbench_gym.api.registry import operation
from emailbench_gym.api.results import Page, everything, page
from emailbench_gym.errors import ToolError
from emailbench_gym.mailbox import Mailbox


def _users(mb: Mailbox) -> list[User]:
    return mb.all("users")  # type: ignore[return-value]


def _find_user(mb: Mailbox, id: str | None) -> User:
    """A user by id or email address; the persona when `id` is None."""
    return mb.me if id is None else find_user(mb, id, "id")


def _require_text(value: str, argument: str) -> None:
    if not value.strip():
        raise ToolError(
            "invalid_arguments", f"{argument} must not be empty, e.g. 'Morgan' or 'finance'."
        )


@operation("identity", "read")
def identity_getMe(mb: Mailbox) -> User:
    """Get the signed-in user (the mailbox owner): name, address, title, department, manager id."""
    return mb.me


@operation("identity", "read")
def identity_listUsers(
    mb: Mailbox,
    top: Top = 50,
    skip: Skip = 0,
    filter: FilterText | None = None,
) -> Page[User]:
    """List the people and accounts in the organization directory, optionally filtered.

    Args:
        top: Maximum number of users to return.
        skip: Number of users to skip: the nextSkip of the previous page.
        filter: OData filter over User fields, e.g. "department eq 'Trading'" or "userType eq 'guest'".
    """
    return page(apply_query(mb, _users(mb), User, filter, None), top, skip)


@operation("identity", "read")
def identity_getUser(mb: Mailbox, id: Id) -> User:
    """Get one directory user by id or email address.

    Args:
        id: A user id (e.g. 'user-004') or email address (case-insensitive, e.g. 'alex.morgan@example.com').
    """
    return _find_user(mb, id)


@operation("identity", "read")
def identity_searchUsers(mb: Mailbox, query: Query, top: Top = 25, skip: Skip = 0) -> Page[User]:
    """Search the directory by name, address, job title, department, company or office.

    Args:
        query: Words to look for; every word must start a word of the user's details, e.g. 'alex' or 'finance analyst'.
        top: Maximum number of users to return.
        skip: Number of matches to skip: the nextSkip of the previous page.
    """
    _require_text(query, "query")
    found = [
        u
        for u in _users(mb)
        if matches_words(
            query,
            " ".join(
                (u.displayName, u.mail, u.jobTitle, u.department, u.companyName, u.officeLocation)
            ),
        )
    ]
    return page(found, top, skip)


@operation("identity", "read")
def identity_getManager(mb: Mailbox, id: Id | None = None) -> User:
    """Get the manager of a user (by default, of the mailbox owner).

    Args:
        id: User id or email address; omit for the signed-in user.
    """
    user = _find_user(mb, id)
    if user.managerId is None:
        raise ToolError(
            "not_found", f"{user.displayName} ({user.id}) has no manager in the directory."
        )
    return mb.require("users", user.managerId)


@operation("identity", "read")
def identity_listDirectReports(mb: Mailbox, id: Id | None = None) -> Page[User]:
    """List the users who report directly to a user (by default, to the mailbox owner).

    Args:
        id: User id or email address; omit for the signed-in user.
    """
    user = _find_user(mb, id)
    return everything([u for u in _users(mb) if u.managerId == user.id])


def _people(mb: Mailbox) -> Iterator[tuple[str, str, str, str]]:
    """(source, id, display name, address) for every directory user, then every contact address."""
    for user in _users(mb):
        yield "directory", user.id, user.displayName, user.mail
    for contact in mb.all("contacts"):
        for email in contact.emailAddresses:  # type: ignore[attr-defined]
            yield "contacts", contact.id, contact.displayName, email.address  # type: ignore[attr-defined]


def _match_rank(name: str, display_name: str, address: str) -> int | None:
    """How well `name` designates a person: 0 exact address, 1 exact name, 2 word match, None not at all."""
    key = name.strip().casefold()
    if key == address.casefold():
        return 0
    if key == display_name.casefold():
        return 1
    if matches_words(name, f"{display_name} {address}"):
        return 2
    return None


@operation("identity", "read")
def identity_resolveRecipient(mb: Mailbox, query: Query) -> Page[dict[str, Any]]:
    """Turn a person's name (or part of it, or an address) into email addresses to send to.

    Looks in the directory and in your contacts; one entry per address, best matches
    first (exact address, then exact name, then partial matches; directory before
    contacts). No items means nobody matched: try identity_searchUsers or contacts_search.
    (Its parameter is `query`, as in every search tool; it used to be `name`.)

    Args:
        query: A name, part of one or an email address, e.g. 'Alex Morgan', 'sam' or 'alex.morgan@example.com'.
    """
    _require_text(query, "query")
    ranked = []
    for source, item_id, display_name, address in _people(mb):
        rank = _match_rank(query, display_name, address)
        if rank is not None:
            key = (rank, source != "directory", display_name.casefold())
            ranked.append((key, source, item_id, display_name, address))
    results: list[dict[str, Any]] = []
    seen: set[str] = set()
    for _, source, item_id, display_name, address in sorted(ranked, key=lambda r: r[0]):
        if address.casefold() not in seen:
            seen.add(address.casefold())
            results.append(
                {"displayName": display_name, "address": address, "source": source, "id": item_id}
            )
    return everything(results)
