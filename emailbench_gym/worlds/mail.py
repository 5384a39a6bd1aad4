"""Planned mail, before it has ids: one record per message, numbered at the end.

Threads, notices and junk are planned as `Mail` records; rules, filing and reading then
change their folders and flags; `to_messages` finally numbers them the way the shipped
corpus is numbered (chronologically within each folder, Inbox first, then Sent Items,
then the other folders; conversations and attachments by first appearance) and builds
the `Message` models.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from emailbench_gym.api.models import (
    Attachment,
    EmailAddress,
    FollowupFlag,
    ItemBody,
    Message,
    Recipient,
)
from emailbench_gym.worlds.calendar import Meeting
from emailbench_gym.worlds.people import Person
from emailbench_gym.worlds.projects import Project
from emailbench_gym.worlds.text import preview

WELL_KNOWN = ("inbox", "sentitems", "drafts", "deleteditems", "archive", "junkemail")


@dataclass(eq=False)
class Thread:
    key: int
    intent: str
    project: Project | None = None
    meeting: Meeting | None = None
    topic: str = ""  # what the thread is about ("the Kestrel rollout plan"), for to-dos
    conversation: str = ""


@dataclass(eq=False)
class Mail:
    key: int  # creation order (a tie-breaker for equal times)
    thread: Thread
    sender: EmailAddress
    to: list[EmailAddress]
    subject: str
    body: str
    sent: datetime
    folder: str  # a well-known name or a custom folder id
    cc: list[EmailAddress] = field(default_factory=list)
    author: Person | None = None  # None for junk senders
    is_read: bool = True
    is_draft: bool = False
    importance: str = "normal"
    flag: str = "notFlagged"
    flag_due: datetime | None = None
    categories: list[str] = field(default_factory=list)
    attachments: list[tuple[str, str, int]] = field(default_factory=list)
    in_reply_to: Mail | None = None
    due: datetime | None = None  # the deadline its text names, if any (for flags and to-dos)
    id: str = ""


def folder_id(name: str) -> str:
    return f"folder-{name}" if name in WELL_KNOWN else name


def number(mails: list[Mail], custom_folders: list[str]) -> list[Mail]:
    """Give every mail its id, its thread its conversation id; return them in id order."""
    order = {
        name: index
        for index, name in enumerate([*WELL_KNOWN[:2], *WELL_KNOWN[2:], *custom_folders])
    }
    ordered = sorted(mails, key=lambda m: (order[m.folder], m.sent, m.key))
    width = max(3, len(str(len(ordered))) + 1)
    conversations = 0
    conv_width = width
    for index, mail in enumerate(ordered, 1):
        mail.id = f"msg-{index:0{width}d}"
        if not mail.thread.conversation:
            conversations += 1
            mail.thread.conversation = f"conv-{conversations:0{conv_width}d}"
    return ordered


def to_messages(ordered: list[Mail]) -> list[Message]:
    attachments = sum(len(m.attachments) for m in ordered)
    width = max(3, len(str(attachments)) + 1)
    counter = 0
    out = []
    for mail in ordered:
        files = []
        for name, content_type, size in mail.attachments:
            counter += 1
            files.append(
                Attachment(
                    id=f"att-{counter:0{width}d}", name=name, contentType=content_type, size=size
                )
            )
        out.append(
            Message(
                id=mail.id,
                conversationId=mail.thread.conversation,
                parentFolderId=folder_id(mail.folder),
                subject=mail.subject,
                body=ItemBody(content=mail.body),
                bodyPreview=preview(mail.body),
                from_=Recipient(emailAddress=mail.sender),
                toRecipients=[Recipient(emailAddress=a) for a in mail.to],
                ccRecipients=[Recipient(emailAddress=a) for a in mail.cc],
                receivedDateTime=mail.sent,
                sentDateTime=None if mail.is_draft else mail.sent,
                isRead=mail.is_read,
                isDraft=mail.is_draft,
                importance=mail.importance,  # type: ignore[arg-type]
                flag=FollowupFlag(flagStatus=mail.flag, dueDateTime=mail.flag_due),  # type: ignore[arg-type]
                categories=mail.categories,
                hasAttachments=bool(files),
                attachments=files,
                inReplyTo=mail.in_reply_to.id if mail.in_reply_to else None,
            )
        )
    return out
