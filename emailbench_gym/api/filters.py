"""Filters (message rules): 3 read and 3 write operations (list, get, test; create, update, delete).

A rule's conditions are ANDed across kinds and ORed within a list; its actions run on
mail that arrives after the rule exists. Nothing here touches messages already delivered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from emailbench_gym.api import common
from emailbench_gym.api.common import email_address, resolve_folder, unique_name, updated
from emailbench_gym.api.limits import Addresses, Id, Name, Names, Position
from emailbench_gym.api.models import (
    Importance,
    Message,
    MessageRule,
    MessageRuleActions,
    MessageRulePredicates,
)
from emailbench_gym.api.registry import operation
from emailbench_gym.api.results import Page, everything
from emailbench_gym.errors import ToolError
from emailbench_gym.mailbox import Mailbox

CONDITIONS = ("fromAddresses", "senderContains", "subjectContains", "bodyContains", "importance")
ACTIONS = (
    "moveToFolder",
    "markAsRead",
    "markImportance",
    "assignCategories",
    "forwardTo",
    "delete",
)
#: Every condition and action argument of filters_create / filters_update.
RULE_FIELDS = (*CONDITIONS, *ACTIONS, "stopProcessingRules")


def _in_sequence(rules: list[MessageRule]) -> list[MessageRule]:
    return sorted(rules, key=lambda r: (r.sequence, r.id))


def _rules(mb: Mailbox) -> list[MessageRule]:
    """Every rule in the order they run (sorted once per change of the rules; shared: do not
    mutate it)."""
    return mb.derived("filters", _in_sequence)  # type: ignore[arg-type]


# --- validation of rule fields -----------------------------------------------------------


def _addresses(mb: Mailbox, values: list[str], argument: str) -> list[str]:
    return list(dict.fromkeys(email_address(mb, a, argument).address for a in values))


def _phrases(mb: Mailbox, values: list[str], argument: str) -> list[str]:
    phrases = [v.strip() for v in values]
    if not all(phrases):
        raise ToolError(
            "invalid_arguments", f"{argument}: phrases must not be empty (got {values!r})."
        )
    return list(dict.fromkeys(phrases))


def _folder(mb: Mailbox, value: str, argument: str) -> str | None:
    return resolve_folder(mb, value, argument).id if value.strip() else None


#: Rule fields that need checking or resolving; the others are stored as given.
_NORMALIZERS: dict[str, Callable[[Mailbox, Any, str], Any]] = {
    "fromAddresses": _addresses,
    "forwardTo": _addresses,
    "senderContains": _phrases,
    "subjectContains": _phrases,
    "bodyContains": _phrases,
    "moveToFolder": _folder,
    "assignCategories": common.categories,
}


def _normalize(mb: Mailbox, given: dict[str, Any]) -> dict[str, Any]:
    """The given (non-None) condition and action fields, validated and resolved."""
    out: dict[str, Any] = {}
    for name, value in given.items():
        if value is not None:
            normalize = _NORMALIZERS.get(name)
            out[name] = normalize(mb, value, name) if normalize else value
    return out


def _build(
    mb: Mailbox,
    rule_id: str,
    displayName: str,
    sequence: int,
    isEnabled: bool,
    fields: dict[str, Any],
) -> MessageRule:
    """A complete, checked rule: unique name, positive sequence, a condition and an action."""
    name = unique_name(
        mb.all("filters"),
        displayName,
        noun="rule",
        exclude=rule_id,
        hint="Pick another name or change that rule with filters_update.",
    )
    conditions = MessageRulePredicates(**{k: v for k, v in fields.items() if k in CONDITIONS})
    actions = MessageRuleActions(**{k: v for k, v in fields.items() if k not in CONDITIONS})
    if not any(getattr(conditions, k) for k in CONDITIONS):
        raise ToolError(
            "invalid_arguments",
            f"A rule needs at least one condition; accepted: {', '.join(CONDITIONS)}.",
        )
    if not any(getattr(actions, k) for k in ACTIONS):
        raise ToolError(
            "invalid_arguments",
            f"A rule needs at least one action; accepted: {', '.join(ACTIONS)} "
            "(stopProcessingRules alone does nothing).",
        )
    return MessageRule(
        id=rule_id,
        displayName=name,
        sequence=sequence,
        isEnabled=isEnabled,
        conditions=conditions,
        actions=actions,
    )


def _make_room(mb: Mailbox, rule_id: str, sequence: int) -> None:
    """If another rule holds `sequence`, shift it and those after it down one, keeping their order."""
    others = [r for r in _rules(mb) if r.id != rule_id]
    if any(r.sequence == sequence for r in others):
        for rule in others:
            if rule.sequence >= sequence:
                mb.put("filters", updated(rule, sequence=rule.sequence + 1))


# --- matching ----------------------------------------------------------------------------


def _contains_any(phrases: list[str], text: str) -> bool:
    text = text.casefold()
    return any(p.casefold() in text for p in phrases)


def _matches(conditions: MessageRulePredicates, message: Message) -> bool:
    sender = message.from_.emailAddress if message.from_ else None
    address = sender.address.casefold() if sender else ""
    checks = []
    if conditions.fromAddresses:
        checks.append(address in {a.casefold() for a in conditions.fromAddresses})
    if conditions.senderContains:
        sender_text = f"{sender.name} {sender.address}" if sender else ""
        checks.append(_contains_any(conditions.senderContains, sender_text))
    if conditions.subjectContains:
        checks.append(_contains_any(conditions.subjectContains, message.subject))
    if conditions.bodyContains:
        checks.append(_contains_any(conditions.bodyContains, message.body.content))
    if conditions.importance:
        checks.append(message.importance == conditions.importance)
    return all(checks)


# --- operations --------------------------------------------------------------------------


@operation("filters", "read")
def filters_list(mb: Mailbox) -> Page[MessageRule]:
    """List your inbox rules in the order they run (by sequence)."""
    return everything(_rules(mb))


@operation("filters", "read")
def filters_get(mb: Mailbox, id: Id) -> MessageRule:
    """Get one inbox rule with its conditions and actions.

    Args:
        id: Rule id, e.g. 'rule-001'.
    """
    return mb.require("filters", id)


@operation("filters", "read")
def filters_test(mb: Mailbox, messageId: Id) -> Page[MessageRule]:
    """Dry run: which enabled rules match a message, in the order they would run (nothing changes).

    Conditions are ANDed across kinds and ORed within a list; the *Contains conditions
    are case-insensitive substrings, fromAddresses compares exact addresses. A matching
    rule with stopProcessingRules keeps the later ones from running on real mail.

    Args:
        messageId: Id of the message to test the rules against.
    """
    message: Message = mb.require("messages", messageId)
    return everything([r for r in _rules(mb) if r.isEnabled and _matches(r.conditions, message)])


@operation("filters", "write")
def filters_create(
    mb: Mailbox,
    displayName: Name,
    fromAddresses: Addresses | None = None,
    senderContains: Names | None = None,
    subjectContains: Names | None = None,
    bodyContains: Names | None = None,
    importance: Importance | None = None,
    moveToFolder: Id | None = None,
    markAsRead: bool = False,
    markImportance: Importance | None = None,
    assignCategories: Names | None = None,
    forwardTo: Addresses | None = None,
    delete: bool = False,
    stopProcessingRules: bool = False,
    sequence: Position | None = None,
    isEnabled: bool = True,
) -> MessageRule:
    """Create an inbox rule: at least one condition and one action.

    Rules act on incoming mail only; messages already in your mailbox are not changed
    (move or categorize those with the messages tools). Conditions are ANDed across
    kinds and ORed within a list.

    Args:
        displayName: Name of the rule; must differ from existing rule names.
        fromAddresses: Condition: the sender is one of these exact addresses.
        senderContains: Condition: the sender's name or address contains one of these phrases.
        subjectContains: Condition: the subject contains one of these phrases.
        bodyContains: Condition: the body contains one of these phrases.
        importance: Condition: the message has this importance.
        moveToFolder: Action: move the message to this folder (id or well-known name such as 'archive').
        markAsRead: Action: mark the message as read.
        markImportance: Action: set the message's importance.
        assignCategories: Action: tag with these existing labels (settings_listLabels lists them).
        forwardTo: Action: forward each arriving message to these addresses (nothing is sent now).
        delete: Action: move the message to Deleted Items.
        stopProcessingRules: Do not run later rules on a message this rule matched.
        sequence: Position in the run order (1 runs first; rules at or after it move down one); default last.
        isEnabled: Whether the rule is active.
    """
    fields = _normalize(mb, {k: v for k, v in locals().items() if k in RULE_FIELDS})
    if sequence is None:
        sequence = max((r.sequence for r in _rules(mb)), default=0) + 1
    rule = _build(mb, mb.new_id("filters"), displayName, sequence, isEnabled, fields)
    _make_room(mb, rule.id, rule.sequence)
    return mb.put("filters", rule)  # type: ignore[return-value]


@operation("filters", "write")
def filters_update(
    mb: Mailbox,
    id: Id,
    displayName: Name | None = None,
    fromAddresses: Addresses | None = None,
    senderContains: Names | None = None,
    subjectContains: Names | None = None,
    bodyContains: Names | None = None,
    importance: Importance | None = None,
    moveToFolder: Id | None = None,
    markAsRead: bool | None = None,
    markImportance: Importance | None = None,
    assignCategories: Names | None = None,
    forwardTo: Addresses | None = None,
    delete: bool | None = None,
    stopProcessingRules: bool | None = None,
    sequence: Position | None = None,
    isEnabled: bool | None = None,
) -> MessageRule:
    """Change an inbox rule; omitted fields keep their value, an empty list clears a condition or action.

    Like filters_create, the change applies to mail arriving from now on only.

    Args:
        id: Rule id (filters_list lists them).
        displayName: New name.
        fromAddresses: Condition: the sender is one of these exact addresses.
        senderContains: Condition: the sender's name or address contains one of these phrases.
        subjectContains: Condition: the subject contains one of these phrases.
        bodyContains: Condition: the body contains one of these phrases.
        importance: Condition: the message has this importance.
        moveToFolder: Action: move to this folder (id or well-known name); '' stops moving.
        markAsRead: Action: mark the message as read.
        markImportance: Action: set the message's importance.
        assignCategories: Action: tag with these existing labels.
        forwardTo: Action: forward the message to these addresses.
        delete: Action: move the message to Deleted Items.
        stopProcessingRules: Do not run later rules on a message this rule matched.
        sequence: New position in the run order (1 runs first; rules at or after it move down one).
        isEnabled: True to turn the rule on, false to turn it off.
    """
    given = {k: v for k, v in locals().items() if k in RULE_FIELDS}
    rule: MessageRule = mb.require("filters", id)
    if all(v is None for v in (displayName, sequence, isEnabled, *given.values())):
        raise ToolError(
            "invalid_arguments",
            "filters_update needs at least one field to change: displayName, sequence, "
            f"isEnabled, {', '.join(given)}.",
        )
    fields = {**rule.conditions.model_dump(), **rule.actions.model_dump(), **_normalize(mb, given)}
    changed = _build(
        mb,
        rule.id,
        rule.displayName if displayName is None else displayName,
        rule.sequence if sequence is None else sequence,
        rule.isEnabled if isEnabled is None else isEnabled,
        fields,
    )
    if sequence is not None:
        _make_room(mb, rule.id, sequence)
    return mb.put("filters", changed)  # type: ignore[return-value]


@operation("filters", "write")
def filters_delete(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Delete an inbox rule (messages it already acted on stay as they are).

    Args:
        id: Rule id to delete.
    """
    mb.require("filters", id)
    mb.delete("filters", id)
    return {"deleted": id}
