"""Mail folders: 5 read and 5 write operations (list, get, tree, children, find; create, rename, move, delete, empty)."""

from __future__ import annotations

from typing import Any

from emailbench_gym.api.common import resolve_folder, unique_name, updated
from emailbench_gym.api.limits import Id, Name
from emailbench_gym.api.models import MailFolder
from emailbench_gym.api.registry import operation
from emailbench_gym.api.results import Page, everything
from emailbench_gym.errors import ToolError
from emailbench_gym.mailbox import Mailbox


def _children(mb: Mailbox, folder_id: str | None) -> list[MailFolder]:
    return [f for f in mb.all("folders") if f.parentFolderId == folder_id]  # type: ignore[attr-defined]


def _descendants(mb: Mailbox, folder_id: str) -> list[MailFolder]:
    out: list[MailFolder] = []
    for child in _children(mb, folder_id):
        out.append(child)
        out.extend(_descendants(mb, child.id))
    return out


def _check_unique_name(
    mb: Mailbox, name: str, parent_id: str | None, exclude: str | None = None
) -> str:
    where = "at the top level" if parent_id is None else f"under {parent_id}"
    return unique_name(_children(mb, parent_id), name, noun="folder", exclude=exclude, scope=where)


@operation("folders", "read")
def folders_list(mb: Mailbox, parentFolderId: Id | None = None) -> Page[MailFolder]:
    """List mail folders, every folder by default or only the children of one folder.

    Args:
        parentFolderId: Only folders directly under this folder id (or well-known name); omit for all folders.
    """
    if parentFolderId is None:
        return everything(mb.all("folders"))
    parent = resolve_folder(mb, parentFolderId, "parentFolderId")
    return everything(_children(mb, parent.id))


@operation("folders", "read")
def folders_get(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Get one folder with its message counts.

    Args:
        id: Folder id or well-known name (inbox, sentitems, drafts, deleteditems, archive, junkemail).
    """
    folder = resolve_folder(mb, id, "id")
    return {
        **folder.model_dump(mode="json"),
        "totalItemCount": mb.messages.count(folder=folder.id),
        "unreadItemCount": mb.messages.count(folder=folder.id, filter="isRead eq false"),
        "childFolderCount": len(_children(mb, folder.id)),
    }


@operation("folders", "read")
def folders_getTree(mb: Mailbox) -> Page[dict[str, Any]]:
    """Get the whole folder hierarchy: the top-level folders as nodes with nested children."""

    def node(folder: MailFolder) -> dict[str, Any]:
        return {
            "id": folder.id,
            "displayName": folder.displayName,
            "children": [node(c) for c in _children(mb, folder.id)],
        }

    return everything([node(f) for f in _children(mb, None)])


@operation("folders", "read")
def folders_listChildren(mb: Mailbox, id: Id) -> Page[MailFolder]:
    """List the direct subfolders of a folder.

    Args:
        id: Parent folder id or well-known name.
    """
    return everything(_children(mb, resolve_folder(mb, id, "id").id))


@operation("folders", "read")
def folders_find(mb: Mailbox, displayName: Name) -> Page[MailFolder]:
    """Find folders by display name (case-insensitive exact match), anywhere in the tree.

    Args:
        displayName: The folder name to look for, e.g. 'Budget'.
    """
    key = displayName.strip().casefold()
    return everything([f for f in mb.all("folders") if f.displayName.casefold() == key])  # type: ignore[attr-defined]


@operation("folders", "write")
def folders_create(mb: Mailbox, displayName: Name, parentFolderId: Id | None = None) -> MailFolder:
    """Create a mail folder, at the top level or under a parent folder.

    Args:
        displayName: Name of the new folder; must be unique among its siblings.
        parentFolderId: Id of the parent folder (e.g. one returned by an earlier folders_create); omit for top level.
    """
    parent_id = resolve_folder(mb, parentFolderId, "parentFolderId").id if parentFolderId else None
    name = _check_unique_name(mb, displayName, parent_id)
    folder = MailFolder(id=mb.new_id("folders"), displayName=name, parentFolderId=parent_id)
    return mb.put("folders", folder)  # type: ignore[return-value]


@operation("folders", "write")
def folders_rename(mb: Mailbox, id: Id, displayName: Name) -> MailFolder:
    """Rename a folder you created (well-known folders cannot be renamed).

    Args:
        id: Folder id.
        displayName: The new name; must be unique among its siblings.
    """
    folder = resolve_folder(mb, id, "id")
    if folder.wellKnownName:
        raise ToolError(
            "forbidden", f"{folder.displayName} is a well-known folder and cannot be renamed."
        )
    name = _check_unique_name(mb, displayName, folder.parentFolderId, exclude=folder.id)
    return mb.put("folders", updated(folder, displayName=name))  # type: ignore[return-value]


@operation("folders", "write")
def folders_move(mb: Mailbox, id: Id, destinationId: Id | None = None) -> MailFolder:
    """Move a folder under another folder, or to the top level.

    Args:
        id: Folder id to move.
        destinationId: New parent folder id; omit to move the folder to the top level.
    """
    folder = resolve_folder(mb, id, "id")
    if folder.wellKnownName:
        raise ToolError(
            "forbidden", f"{folder.displayName} is a well-known folder and cannot be moved."
        )
    target = resolve_folder(mb, destinationId, "destinationId").id if destinationId else None
    if target == folder.id or target in {d.id for d in _descendants(mb, folder.id)}:
        raise ToolError(
            "invalid_arguments", "A folder cannot be moved into itself or its subfolders."
        )
    _check_unique_name(mb, folder.displayName, target, exclude=folder.id)
    return mb.put("folders", updated(folder, parentFolderId=target))  # type: ignore[return-value]


@operation("folders", "write")
def folders_delete(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Delete a folder and its subfolders; their messages move to Deleted Items.

    Args:
        id: Folder id to delete (well-known folders cannot be deleted).
    """
    folder = resolve_folder(mb, id, "id")
    if folder.wellKnownName:
        raise ToolError(
            "forbidden", f"{folder.displayName} is a well-known folder and cannot be deleted."
        )
    doomed = [folder, *_descendants(mb, folder.id)]
    doomed_ids = {f.id for f in doomed}
    trash = resolve_folder(mb, "deleteditems").id
    moved = 0
    for doomed_id in doomed_ids:
        for message in mb.messages.select(folder=doomed_id):
            mb.put("messages", updated(message, parentFolderId=trash))
            moved += 1
    for f in doomed:
        mb.delete("folders", f.id)
    return {"deleted": sorted(doomed_ids), "messagesMovedToDeletedItems": moved}


@operation("folders", "write")
def folders_empty(mb: Mailbox, id: Id) -> dict[str, Any]:
    """Permanently delete every message in a folder (subfolders are kept).

    Args:
        id: Folder id or well-known name, typically deleteditems or junkemail.
    """
    folder = resolve_folder(mb, id, "id")
    removed = [m.id for m in mb.messages.select(folder=folder.id, corpus_order=True)]
    for message_id in removed:
        mb.delete("messages", message_id)
    return {"folderId": folder.id, "deletedMessageIds": removed}
