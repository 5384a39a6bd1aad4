"""Mail messages: 7 read operations (list, get, search, count, conversation, attachments) and
15 write operations (send, drafts, reply, forward, mark, flag, categorize, move, copy, delete).

Sent mail, replies and forwards are stored in Sent Items, drafts in Drafts, all stamped with
the mailbox's fixed `now`. Recipients are plain address strings; `common.recipients`
validates them and adds the display name the directory or the contacts know.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from emailbench_gym.api.common import (
    localize,
    recipients,
    resolve_folder,
    updated,
    words,
    zone,
)
from emailbench_gym.api.limits import (
    Addresses,
    DateTime,
    FilterText,
    Id,
    Ids,
    Name,
    Names,
    OrderByText,
    Query,
    Skip,
    Top,
    Written,
)
from emailbench_gym.api.models import (
    Attachment,
    BatchMoveResult,
    EmailAddress,
    FlagStatus,
    FollowupFlag,
    Importance,
    ItemBody,
    Message,
    Recipient,
)
from emailbench_gym.api.registry import operation
from emailbench_gym.api.results import (
    MessageSummary,
    Page,
    everything,
    message_summary,
    page,
    preview,
    window,
)
from emailbench_gym.errors import ToolError
from emailbench_gym.mailbox import Mailbox, TransmissionKind

ORIGINAL_HEADER = "-----Original Message-----"  # where a reply's quoted original starts
_REPLY_PREFIXES = ("re:",)
_FORWARD_PREFIXES = ("fw:", "fwd:")


# --- lookups -----------------------------------------------------------------------------


def _message(mb: Mailbox, message_id: str) -> Message:
    return mb.require("messages", message_id, Message)


def _folder(mb: Mailbox, folder_id: str | None) -> str | None:
    return None if folder_id is None else resolve_folder(mb, folder_id, "folderId").id


def _ids_present(mb: Mailbox, message_ids: Sequence[str]) -> list[Message]:
    """Every listed message (duplicates once), or `not_found` naming all the missing ids."""
    if not message_ids:
        raise ToolError("invalid_arguments", "messageIds must list at least one message id.")
    unique = list(dict.fromkeys(message_ids))
    missing = [i for i in unique if mb.get("messages", i) is None]
    if missing:
        raise ToolError(
            "not_found",
            f"messageIds: no message with id {', '.join(map(repr, missing))}; nothing was changed. "
            "Use messages_list or messages_search to find ids.",
        )
    return [_message(mb, i) for i in unique]


# --- building messages ---------------------------------------------------------------------


def _me(mb: Mailbox) -> Recipient:
    return Recipient(emailAddress=EmailAddress(name=mb.me.displayName, address=mb.me.mail))


def _is_me(mb: Mailbox, person: Recipient) -> bool:
    return person.emailAddress.address.casefold() == mb.me.mail.casefold()


def _prefixed(prefix: str, subject: str, known: tuple[str, ...]) -> str:
    """`RE: subject` / `FW: subject`, without stacking a prefix that is already there."""
    return subject if subject.strip().casefold().startswith(known) else f"{prefix} {subject}"


def _copy_attachments(mb: Mailbox, attachments: list[Attachment]) -> list[Attachment]:
    return [updated(a, id=mb.new_id("att")) for a in attachments]


def _outgoing(
    mb: Mailbox,
    *,
    subject: str,
    body: str,
    to: list[Recipient],
    cc: list[Recipient] | None = None,
    bcc: list[Recipient] | None = None,
    importance: Importance = "normal",
    conversation_id: str | None = None,
    in_reply_to: str | None = None,
    attachments: list[Attachment] | None = None,
    draft: bool = False,
    kind: TransmissionKind = "new",
    text: str | None = None,
    forwarded: str | None = None,
) -> Message:
    """Store a new message from the persona: in Drafts, or sent (in Sent Items) at `now`.

    A sent message is also recorded in the mailbox's transmission log as `kind`, with
    `text` (what the persona wrote; the whole body when not given).
    """
    folder = resolve_folder(mb, "drafts" if draft else "sentitems").id
    message = Message(
        id=mb.new_id("messages"),
        conversationId=conversation_id or mb.new_id("conv"),
        parentFolderId=folder,
        subject=subject,
        body=ItemBody(content=body),
        bodyPreview=preview(body),
        from_=_me(mb),
        toRecipients=to,
        ccRecipients=cc or [],
        bccRecipients=bcc or [],
        receivedDateTime=mb.now,
        sentDateTime=None if draft else mb.now,
        isRead=True,
        isDraft=draft,
        importance=importance,
        hasAttachments=bool(attachments),
        attachments=attachments or [],
        inReplyTo=in_reply_to,
    )
    if not draft:
        answered = in_reply_to or forwarded
        mb.transmit(message, kind, text=body if text is None else text, in_reply_to=answered)
    return mb.put("messages", message)  # type: ignore[return-value]


def _require_recipient(*lists: Sequence[Any] | None) -> None:
    if not any(lists):
        raise ToolError(
            "invalid_arguments",
            "A message needs at least one recipient in toRecipients, ccRecipients or bccRecipients.",
        )


def _names(people: list[Recipient]) -> str:
    return "; ".join(
        f"{p.emailAddress.name} <{p.emailAddress.address}>"
        if p.emailAddress.name
        else p.emailAddress.address
        for p in people
    )


def _quoted(mb: Mailbox, comment: str, original: Message) -> str:
    """The comment above an Outlook-style header and the original text."""
    sent = (original.sentDateTime or original.receivedDateTime).astimezone(
        zone(mb.settings.timeZone)
    )
    header = [
        ORIGINAL_HEADER,
        f"From: {_names([original.from_]) if original.from_ else ''}",
        f"Sent: {sent.strftime('%A, %B %d, %Y %I:%M %p')}",
        f"To: {_names(original.toRecipients)}",
    ]
    if original.ccRecipients:
        header.append(f"Cc: {_names(original.ccRecipients)}")
    header.append(f"Subject: {original.subject}")
    return f"{comment}\n\n" + "\n".join(header) + f"\n\n{original.body.content}"


def _not_draft(message: Message, action: str) -> None:
    if message.isDraft:
        raise ToolError(
            "forbidden",
            f"{message.id} is an unsent draft and cannot be {action}; "
            "send it with messages_sendDraft first.",
        )


def _unique_others(mb: Mailbox, people: Iterable[Recipient], seen: set[str]) -> list[Recipient]:
    """`people` minus the persona and anyone already in `seen` (which is updated)."""
    out = []
    for person in people:
        key = person.emailAddress.address.casefold()
        if key not in seen and not _is_me(mb, person):
            seen.add(key)
            out.append(person)
    return out


def _reply(
    mb: Mailbox,
    original: Message,
    comment: str,
    to: list[Recipient],
    cc: list[Recipient] | None = None,
    kind: TransmissionKind = "reply",
    draft: bool = False,
) -> Message:
    if not to:
        raise ToolError(
            "invalid_arguments",
            f"{original.id} has nobody to reply to but you; use messages_send to write to someone.",
        )
    return _outgoing(
        mb,
        subject=_prefixed("RE:", original.subject, _REPLY_PREFIXES),
        body=_quoted(mb, comment, original),
        to=to,
        cc=cc,
        conversation_id=original.conversationId,
        in_reply_to=original.id,
        kind=kind,
        text=comment,
        draft=draft,
    )


def _reply_targets(mb: Mailbox, original: Message) -> list[Recipient]:
    """The original sender; for a message you sent, its recipients (as Outlook does)."""
    if original.from_ is not None and not _is_me(mb, original.from_):
        return [original.from_]
    return list(original.toRecipients)


# --- read ----------------------------------------------------------------------------------


@operation("messages", "read")
def messages_list(
    mb: Mailbox,
    top: Top = 25,
    filter: FilterText | None = None,
    orderBy: OrderByText | None = None,
    skip: Skip = 0,
    folderId: Id | None = None,
) -> Page[MessageSummary]:
    """List messages, newest first, optionally in one folder, filtered and sorted with OData.

    Items are summaries with a bodyPreview; messages_get returns the full body.

    Args:
        top: How many messages to return.
        filter: OData filter, e.g. "isRead eq false and importance eq 'high'" or "contains(subject, 'budget')".
        orderBy: OData sort, e.g. 'receivedDateTime asc' or 'subject, receivedDateTime desc'; default newest first.
        skip: How many matching messages to skip: the nextSkip of the previous page.
        folderId: Only messages in this folder id or well-known name (inbox, sentitems, drafts, deleteditems, archive, junkemail); omit for all folders.
    """
    folder = _folder(mb, folderId)
    selected = mb.messages.select(folder=folder, filter=filter, order_by=orderBy, limit=skip + top)
    total = mb.messages.count(folder=folder, filter=filter)
    return window(selected, top, skip, total, mb.summaries(message_summary))


@operation("messages", "read")
def messages_get(mb: Mailbox, id: Id) -> Message:
    """Get one message with its full body, recipients, flag and attachments list.

    Args:
        id: Message id, e.g. 'msg-001'.
    """
    return _message(mb, id)


@operation("messages", "read")
def messages_search(
    mb: Mailbox, query: Query, top: Top = 25, skip: Skip = 0
) -> Page[MessageSummary]:
    """Search all folders for messages whose subject, body, sender or recipients contain every word of the query.

    Items are summaries, newest first; messages_get returns the full body.

    Args:
        query: Words to look for (case-insensitive; a word also matches longer words it starts), e.g. 'budget'.
        top: How many messages to return.
        skip: How many matches to skip: the nextSkip of the previous page.
    """
    terms = words(query)
    if not terms:
        raise ToolError("invalid_arguments", f"query: {query!r} contains no word to search for.")
    hits, total = mb.messages.search_page(terms, skip + top)
    return window(hits, top, skip, total, mb.summaries(message_summary))


@operation("messages", "read")
def messages_count(
    mb: Mailbox, filter: FilterText | None = None, folderId: Id | None = None
) -> dict[str, int]:
    """Count messages, optionally matching an OData filter and/or in one folder.

    Args:
        filter: OData filter, e.g. 'isRead eq false'; omit to count every message.
        folderId: Only messages in this folder id or well-known name; omit for all folders.
    """
    return {"count": mb.messages.count(folder=_folder(mb, folderId), filter=filter)}


@operation("messages", "read")
def messages_getConversation(mb: Mailbox, id: Id, top: Top = 25, skip: Skip = 0) -> Page[Message]:
    """Get the messages of a conversation (thread), oldest first, in any folder, with full bodies.

    Args:
        id: A message id of the thread (e.g. 'msg-001') or its conversationId (e.g. 'conv-001').
        top: How many messages to return.
        skip: How many messages to skip: the nextSkip of the previous page.
    """
    found = mb.get("messages", id)
    conversation = found.conversationId if found is not None else id  # type: ignore[attr-defined]
    thread = mb.messages.select(conversation=conversation)
    if not thread:
        raise ToolError(
            "not_found",
            f"id: {id!r} is neither a message id nor a conversationId. "
            "Use messages_list or messages_search to find ids.",
        )
    return page(sorted(thread, key=lambda m: m.receivedDateTime), top, skip)


@operation("messages", "read")
def messages_listAttachments(mb: Mailbox, id: Id) -> Page[Attachment]:
    """List the attachments of a message (name, content type, size).

    Args:
        id: Message id.
    """
    return everything(_message(mb, id).attachments)


@operation("messages", "read")
def messages_getAttachment(mb: Mailbox, messageId: Id, attachmentId: Id) -> Attachment:
    """Get one attachment of a message.

    Args:
        messageId: Id of the message that carries the attachment.
        attachmentId: Attachment id, as listed by messages_listAttachments.
    """
    message = _message(mb, messageId)
    for attachment in message.attachments:
        if attachment.id == attachmentId:
            return attachment
    listed = ", ".join(a.id for a in message.attachments) or "none"
    raise ToolError(
        "not_found",
        f"attachmentId: {messageId} has no attachment {attachmentId!r}. Its attachments: {listed}.",
    )


# --- write: compose --------------------------------------------------------------------------


@operation("messages", "write")
def messages_send(
    mb: Mailbox,
    subject: Name,
    body: Written,
    toRecipients: Addresses,
    ccRecipients: Addresses | None = None,
    bccRecipients: Addresses | None = None,
    importance: Importance = "normal",
) -> Message:
    """Send a new email now to its recipients; a copy is saved in Sent Items.

    Your signature is not added (settings_getSignature has it; put it in the body if wanted).
    One episode may send at most 32,000 characters of text in all (bodies and comments).

    Args:
        subject: Subject line.
        body: Plain-text body.
        toRecipients: Email addresses of the main recipients, e.g. ['alex.morgan@example.com'].
        ccRecipients: Email addresses to copy.
        bccRecipients: Email addresses to blind-copy.
        importance: low, normal or high.
    """
    _require_recipient(toRecipients, ccRecipients, bccRecipients)
    return _outgoing(
        mb,
        subject=subject,
        body=body,
        to=recipients(mb, toRecipients, "toRecipients"),
        cc=recipients(mb, ccRecipients, "ccRecipients"),
        bcc=recipients(mb, bccRecipients, "bccRecipients"),
        importance=importance,
    )


@operation("messages", "write")
def messages_createDraft(
    mb: Mailbox,
    subject: Name,
    body: Written,
    toRecipients: Addresses | None = None,
    ccRecipients: Addresses | None = None,
    importance: Importance = "normal",
) -> Message:
    """Save a new unsent message in Drafts; nothing is sent until messages_sendDraft.

    Args:
        subject: Subject line.
        body: Plain-text body.
        toRecipients: Email addresses of the main recipients (may be added later).
        ccRecipients: Email addresses to copy.
        importance: low, normal or high.
    """
    return _outgoing(
        mb,
        subject=subject,
        body=body,
        to=recipients(mb, toRecipients, "toRecipients"),
        cc=recipients(mb, ccRecipients, "ccRecipients"),
        importance=importance,
        draft=True,
    )


@operation("messages", "write")
def messages_updateDraft(
    mb: Mailbox,
    id: Id,
    subject: Name | None = None,
    body: Written | None = None,
    toRecipients: Addresses | None = None,
    ccRecipients: Addresses | None = None,
) -> Message:
    """Change a draft's subject, body or recipients (nothing is sent); omitted fields stay as they are.

    Args:
        id: Id of a draft message.
        subject: New subject line.
        body: New plain-text body.
        toRecipients: New full list of main recipients (replaces the old list).
        ccRecipients: New full list of copied recipients (replaces the old list).
    """
    draft = _message(mb, id)
    if not draft.isDraft:
        raise ToolError(
            "forbidden",
            f"{id} is not a draft; only drafts can be edited (create one with messages_createDraft).",
        )
    changes: dict[str, Any] = {}
    if subject is not None:
        changes["subject"] = subject
    if body is not None:
        changes["body"] = ItemBody(content=body)
        changes["bodyPreview"] = preview(body)
    if toRecipients is not None:
        changes["toRecipients"] = recipients(mb, toRecipients, "toRecipients")
    if ccRecipients is not None:
        changes["ccRecipients"] = recipients(mb, ccRecipients, "ccRecipients")
    return mb.put("messages", updated(draft, **changes))  # type: ignore[return-value]


@operation("messages", "write")
def messages_sendDraft(mb: Mailbox, id: Id) -> Message:
    """Send a draft now to its recipients; it moves from Drafts to Sent Items.

    Args:
        id: Id of a draft message that has at least one recipient.
    """
    draft = _message(mb, id)
    if not draft.isDraft:
        raise ToolError("forbidden", f"{id} is not a draft (it was already sent or received).")
    if not (draft.toRecipients or draft.ccRecipients or draft.bccRecipients):
        raise ToolError(
            "invalid_arguments",
            f"Draft {id} has no recipients; add them with messages_updateDraft first.",
        )
    sent = updated(
        draft,
        parentFolderId=resolve_folder(mb, "sentitems").id,
        isDraft=False,
        sentDateTime=mb.now,
        receivedDateTime=mb.now,
    )
    written = sent.body.content.split(ORIGINAL_HEADER, 1)[0].rstrip()
    mb.transmit(
        sent,
        "reply" if sent.inReplyTo else "new",
        text=written,
        in_reply_to=sent.inReplyTo,
    )
    return mb.put("messages", sent)  # type: ignore[return-value]


@operation("messages", "write")
def messages_reply(mb: Mailbox, id: Id, comment: Written, draft: bool = False) -> Message:
    """Reply to the sender of a message, in its thread ('RE: subject', the original quoted below).

    Sent at once to the sender only (for a message you sent: to its recipients), a copy in
    Sent Items; with draft=true it is saved in Drafts instead and nothing is sent until
    messages_sendDraft. Your signature is not added.

    Args:
        id: Id of the message to answer.
        comment: Your reply text.
        draft: true to save the reply in Drafts without sending it.
    """
    original = _message(mb, id)
    _not_draft(original, "replied to")
    return _reply(mb, original, comment, _reply_targets(mb, original), draft=draft)


@operation("messages", "write")
def messages_replyAll(mb: Mailbox, id: Id, comment: Written, draft: bool = False) -> Message:
    """Reply to the sender and every other recipient (To and Cc) of a message, except yourself.

    In the message's thread ('RE: subject', the original quoted below), sent at once (a copy in
    Sent Items); with draft=true it is saved in Drafts instead and nothing is sent until
    messages_sendDraft. Your signature is not added.

    Args:
        id: Id of the message to answer.
        comment: Your reply text.
        draft: true to save the reply in Drafts without sending it.
    """
    original = _message(mb, id)
    _not_draft(original, "replied to")
    seen: set[str] = set()
    to = _unique_others(mb, [*_reply_targets(mb, original), *original.toRecipients], seen)
    cc = _unique_others(mb, original.ccRecipients, seen)
    return _reply(mb, original, comment, to, cc, kind="replyAll", draft=draft)


@operation("messages", "write")
def messages_forward(
    mb: Mailbox, id: Id, toRecipients: Addresses, comment: Written = ""
) -> Message:
    """Forward a message, with its attachments, to new recipients: sent at once, a copy in Sent Items.

    The subject gets 'FW:', the original is quoted below your comment; your signature is not added.

    Args:
        id: Id of the message to forward.
        toRecipients: Email addresses to forward to, e.g. ['alex.morgan@example.com'].
        comment: Text written above the forwarded message.
    """
    original = _message(mb, id)
    _not_draft(original, "forwarded")
    _require_recipient(toRecipients)
    return _outgoing(
        mb,
        subject=_prefixed("FW:", original.subject, _FORWARD_PREFIXES),
        body=_quoted(mb, comment, original),
        to=recipients(mb, toRecipients, "toRecipients"),
        conversation_id=original.conversationId,
        attachments=_copy_attachments(mb, original.attachments),
        kind="forward",
        text=comment,
        forwarded=original.id,
    )


# --- write: state and organization ------------------------------------------------------------


@operation("messages", "write")
def messages_markRead(mb: Mailbox, messageIds: Ids, isRead: bool = True) -> dict[str, Any]:
    """Mark messages as read or unread (all ids must exist, or nothing changes).

    Args:
        messageIds: Ids of the messages to mark.
        isRead: true to mark read, false to mark unread.
    """
    marked = [
        mb.put("messages", updated(m, isRead=isRead)).id for m in _ids_present(mb, messageIds)
    ]  # type: ignore[attr-defined]
    return {"messageIds": marked, "isRead": isRead}


@operation("messages", "write")
def messages_flag(
    mb: Mailbox,
    id: Id,
    flagStatus: FlagStatus = "flagged",
    dueDateTime: DateTime | None = None,
) -> Message:
    """Flag a message for follow-up, mark the follow-up complete, or clear the flag.

    Args:
        id: Message id.
        flagStatus: flagged, complete or notFlagged (clears the flag and its due date).
        dueDateTime: When the follow-up is due, e.g. '2001-10-19T17:00:00' (mailbox time zone unless an offset is given); only with flagged or complete.
    """
    message = _message(mb, id)
    if flagStatus == "notFlagged":
        if dueDateTime is not None:
            raise ToolError(
                "invalid_arguments",
                "dueDateTime only applies to flagStatus 'flagged' or 'complete', not 'notFlagged'.",
            )
        flag = FollowupFlag()
    else:
        due = localize(mb, dueDateTime) if dueDateTime is not None else message.flag.dueDateTime
        flag = FollowupFlag(flagStatus=flagStatus, dueDateTime=due)
    return mb.put("messages", updated(message, flag=flag))  # type: ignore[return-value]


@operation("messages", "write")
def messages_setImportance(mb: Mailbox, id: Id, importance: Importance) -> Message:
    """Set a message's importance.

    Args:
        id: Message id.
        importance: low, normal or high.
    """
    message = _message(mb, id)
    return mb.put("messages", updated(message, importance=importance))  # type: ignore[return-value]


@operation("messages", "write")
def messages_setCategories(mb: Mailbox, id: Id, categories: Names) -> Message:
    """Replace a message's categories with existing labels (an empty list clears them).

    Args:
        id: Message id.
        categories: Label names, e.g. ['Budget', 'Follow Up'] (see settings_listLabels; settings_createLabel adds one).
    """
    message = _message(mb, id)
    labels = {label.displayName.casefold(): label.displayName for label in mb.all("labels")}  # type: ignore[attr-defined]
    unknown = [c for c in categories if c.strip().casefold() not in labels]
    if unknown:
        raise ToolError(
            "invalid_arguments",
            f"categories: no label named {', '.join(map(repr, unknown))}. Existing labels: "
            f"{', '.join(labels.values()) or 'none'}. Create one with settings_createLabel.",
        )
    chosen = list(dict.fromkeys(labels[c.strip().casefold()] for c in categories))
    return mb.put("messages", updated(message, categories=chosen))  # type: ignore[return-value]


@operation("messages", "write")
def messages_move(mb: Mailbox, id: Id, destinationId: Id) -> Message:
    """Move a message to another folder.

    Args:
        id: Message id.
        destinationId: Folder id (e.g. one returned by folders_create) or well-known name such as archive.
    """
    message = _message(mb, id)
    target = resolve_folder(mb, destinationId, "destinationId").id
    return mb.put("messages", updated(message, parentFolderId=target))  # type: ignore[return-value]


@operation("messages", "write")
def messages_copy(mb: Mailbox, id: Id, destinationId: Id) -> Message:
    """Copy a message into a folder; the copy gets a new id and the original stays where it is.

    Args:
        id: Message id.
        destinationId: Folder id or well-known name to put the copy in.
    """
    message = _message(mb, id)
    target = resolve_folder(mb, destinationId, "destinationId").id
    copy = updated(
        message,
        id=mb.new_id("messages"),
        parentFolderId=target,
        attachments=_copy_attachments(mb, message.attachments),
    )
    return mb.put("messages", copy)  # type: ignore[return-value]


@operation("messages", "write")
def messages_batchMove(mb: Mailbox, messageIds: Ids, destinationId: Id) -> BatchMoveResult:
    """Move many messages to one folder; unknown ids are reported in `failed`, the others move.

    Args:
        messageIds: Ids of the messages to move, e.g. the ids returned by messages_search.
        destinationId: Folder id (e.g. one returned by folders_create) or well-known name.
    """
    target = resolve_folder(mb, destinationId, "destinationId").id
    if not messageIds:
        raise ToolError("invalid_arguments", "messageIds must list at least one message id.")
    succeeded: list[str] = []
    failed: list[str] = []
    errors: dict[str, str] = {}
    for message_id in messageIds:
        message = mb.get("messages", message_id)
        if message is None or message_id in succeeded:
            failed.append(message_id)
            errors[message_id] = (
                "listed more than once; moved once"
                if message is not None
                else "no such message (use messages_list or messages_search to find ids)"
            )
            continue
        mb.put("messages", updated(message, parentFolderId=target))
        succeeded.append(message_id)
    return BatchMoveResult(destinationId=target, succeeded=succeeded, failed=failed, errors=errors)


@operation("messages", "write")
def messages_delete(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Delete a message: it moves to Deleted Items, or is removed for good if it is already there (nobody is notified).

    Args:
        id: Message id.
    """
    message = _message(mb, id)
    trash = resolve_folder(mb, "deleteditems").id
    if message.parentFolderId == trash:
        mb.delete("messages", id)
        return {"id": id, "outcome": "permanentlyDeleted"}
    mb.put("messages", updated(message, parentFolderId=trash))
    return {"id": id, "outcome": "movedToDeletedItems", "parentFolderId": trash}
