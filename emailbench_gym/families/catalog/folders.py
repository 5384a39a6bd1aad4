"""Filing mail: new folders and subfolders, a sender's mail moved into a folder, renamed
folders, and inbox clean-ups (system notices filed and marked read, old read mail
archived).

Graded on where the messages end up (`moved-message`, exact where the folder is new),
on the folders' names and parents, and on the footprint: no other message moves.
"""

from __future__ import annotations

from emailbench_gym.families import lookup, phrasing
from emailbench_gym.families.base import family
from emailbench_gym.families.builder import TaskBuilder

FOLDER_WORDS = ("Filed", "Reference", "Keep", "Review", "Later", "Correspondence")


def _folder_named(name: str) -> dict:
    return {"collection": "folders", "where": [{"path": "displayName", "op": "eq", "value": name}]}


def _taken(t: TaskBuilder) -> set[str]:
    return {f["displayName"].casefold() for f in lookup.folders(t)}


def _new_name(t: TaskBuilder, options: list[str]) -> str:
    free = [o for o in options if o.casefold() not in _taken(t)]
    return t.pick(free, "every folder name is taken")


def _inbox_by_sender(t: TaskBuilder, people: bool) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for message in lookup.folder_mail(t, "inbox"):
        who = lookup.sender(message)
        if lookup.is_person(t, who) == people and who != lookup.me(t):
            found.setdefault(who, []).append(message)
    return found


def _ids(mail: list[dict]) -> list[str]:
    return [m["id"] for m in mail]


@family("folders", "D1", ["folders"], "folder routing")
def folder_with_subfolder(t: TaskBuilder) -> None:
    """A new top-level folder with a subfolder for one project."""
    project = t.rng.choice(t.facts.projects)
    parent = _new_name(t, ["Projects", "Programs", "Workstreams", "Initiatives"])
    child = project.codename
    t.require_that(child.casefold() not in _taken(t), "the project already has a folder")
    t.ask(
        [
            "Create a top-level mail folder called '{parent}' with a subfolder '{child}' inside "
            "it.",
            "Make a new folder '{parent}' (at the top level) and put a '{child}' subfolder in it.",
        ],
        parent=parent,
        child=child,
    )
    r1 = t.require(f"A top-level folder '{parent}'.")
    r2 = t.require(f"A folder '{child}' inside it.")
    made = t.call("folders_create", displayName=parent)
    t.call("folders_create", displayName=child, parentFolderId=made.ref("id"))
    t.check(r1, "parent", "count", query=_folder_named(parent), value=1)
    t.check(
        r1,
        "top-level",
        "state-check",
        query=_folder_named(parent),
        expect=[{"path": "parentFolderId", "op": "eq", "value": None}],
    )
    t.check(
        r2,
        "child",
        "state-check",
        query=_folder_named(child),
        expect=[{"path": "parentFolderId", "op": "eq", "value": {"$ids": _folder_named(parent)}}],
    )
    t.answer(f"Created '{parent}' with '{child}' inside it.")


@family("folders", "D1", ["folders"], "folder routing")
def rename_folder(t: TaskBuilder) -> None:
    """A custom folder renamed."""
    custom = [f for f in t.read("folders_list")["items"] if not f["wellKnownName"]]
    folder = t.pick(custom, "no custom folder")
    new = _new_name(t, [f"{folder['displayName']} {w}" for w in ("Archive", "Old", "2024")])
    t.ask(
        [
            "Rename my '{old}' folder to '{new}'.",
            "Change the name of the '{old}' mail folder to '{new}', please.",
        ],
        old=folder["displayName"],
        new=new,
    )
    r1 = t.require(f"The folder is called '{new}', keeping its mail and place.")
    t.call("folders_rename", id=folder["id"], displayName=new)
    t.check(
        r1,
        "renamed",
        "property",
        query={
            "collection": "folders",
            "where": [{"path": "id", "op": "eq", "value": folder["id"]}],
        },
        path="displayName",
        expected=new,
    )
    t.answer(f"Renamed '{folder['displayName']}' to '{new}'.")


@family("folders", "D2", ["folders", "messages"], "folder routing")
def file_sender_mail(t: TaskBuilder) -> None:
    """A new folder under the inbox with every inbox email from one person moved into it."""
    by_sender = {w: m for w, m in _inbox_by_sender(t, people=True).items() if 2 <= len(m) <= 12}
    who = t.pick(sorted(by_sender), "no person with two to twelve inbox emails")
    mail = by_sender[who]
    name = lookup.display_name(t, who)
    folder = _new_name(t, [f"{name.split()[-1]} {w}" for w in FOLDER_WORDS])
    t.ask(
        [
            "Create a folder '{folder}' under my Inbox and move every inbox email from {who} "
            "into it.",
            "Move all of {whose} emails out of my inbox into a new subfolder of the Inbox called "
            "'{folder}'.",
        ],
        folder=folder,
        who=phrasing.person(t, who),
        whose=[phrasing.possessive(n) for n in phrasing.person(t, who)],
    )
    r1 = t.require(f"A folder '{folder}' inside the Inbox.")
    r2 = t.require(f"Exactly the inbox emails from {name} are in it; nothing else moves.")
    made = t.call("folders_create", displayName=folder, parentFolderId="inbox")
    t.call(
        "messages_list",
        folderId="inbox",
        filter=f"from/emailAddress/address eq '{who}'",
        top=100,
    )
    t.call("messages_batchMove", messageIds=_ids(mail), destinationId=made.ref("id"))
    t.check(
        r1,
        "folder",
        "state-check",
        query=_folder_named(folder),
        expect=[
            {
                "path": "parentFolderId",
                "op": "eq",
                "value": {
                    "$ids": {
                        "collection": "folders",
                        "where": [{"path": "wellKnownName", "op": "eq", "value": "inbox"}],
                    }
                },
            }
        ],
    )
    t.check(
        r2, "moved", "moved-message", message_ids=_ids(mail), folder=f"Inbox/{folder}", exact=True
    )
    t.answer(f"Moved {len(mail)} emails from {name} into Inbox/{folder}.")


@family("inbox-cleanup", "D2", ["messages", "folders"], "triage")
def file_system_notices(t: TaskBuilder) -> None:
    """Every inbox email from one automated sender filed into a new folder and marked read."""
    by_sender = {
        w: m
        for w, m in _inbox_by_sender(t, people=False).items()
        if len(m) >= 2 and w not in {a.casefold() for a in t.facts.junk_senders}
    }
    who = t.pick(sorted(by_sender), "no automated sender with two or more inbox emails")
    mail = by_sender[who]
    folder = _new_name(t, ["Notifications", "Alerts", "System mail", "Automated"])
    t.ask(
        [
            "Clean up my inbox: move every email from {who} into a new top-level folder "
            "'{folder}' and mark them all as read.",
            "All the automated mail from {who} in my inbox should go to a new folder called "
            "'{folder}' (top level), marked read.",
        ],
        who=who,
        folder=folder,
    )
    r1 = t.require(f"A top-level folder '{folder}' holding exactly those emails.")
    r2 = t.require("They are all marked read; nothing else moves or changes.")
    made = t.call("folders_create", displayName=folder)
    t.call("messages_list", folderId="inbox", filter=f"from/emailAddress/address eq '{who}'")
    t.call("messages_batchMove", messageIds=_ids(mail), destinationId=made.ref("id"))
    unread = [m["id"] for m in mail if not m["isRead"]]
    if unread:
        t.call("messages_markRead", messageIds=unread, isRead=True)
    t.check(r1, "filed", "moved-message", message_ids=_ids(mail), folder=folder, exact=True)
    t.check(
        r2,
        "read",
        "state-check",
        query={
            "collection": "messages",
            "where": [{"path": "id", "op": "in", "value": _ids(mail)}],
        },
        min_matches=len(mail),
        expect=[{"path": "isRead", "op": "eq", "value": True}],
    )
    t.require_that(bool(unread), "they are all read already")
    t.latitude(
        "messages",
        "Marking read before or after the move is the same end state.",
        fields=["isRead"],
        only_read=True,
    )
    t.answer(f"Filed {len(mail)} emails from {who} in '{folder}', all read.")


@family("inbox-cleanup", "D3", ["messages", "folders"], "triage")
def archive_old_read_mail(t: TaskBuilder) -> None:
    """Every read inbox email received before a cut-off day moved to the Archive folder."""
    inbox = lookup.folder_mail(t, "inbox")
    days = sorted({lookup.received(m).date() for m in inbox})
    t.require_that(len(days) >= 6, "the inbox spans too few days")
    cut = t.pick(days[len(days) // 4 : 3 * len(days) // 4])
    old = [m for m in inbox if m["isRead"] and lookup.local(t, lookup.received(m)).date() < cut]
    t.require_that(2 <= len(old) <= 60, "too few or too many old read emails")
    unread_old = sum(
        not m["isRead"] and lookup.local(t, lookup.received(m)).date() < cut for m in inbox
    )
    t.require_that(unread_old > 0, "no old unread email to leave")
    t.ask(
        [
            "Move every email in my inbox that I've already read and that arrived before {day} "
            "to the Archive folder. Leave unread ones where they are.",
            "Archive my old read mail: read inbox emails received before {day} go to Archive; "
            "unread ones stay in the inbox.",
        ],
        day=phrasing.day(t, cut),
    )
    r1 = t.require("Every read inbox email from before that day is in Archive.")
    r2 = t.require("Unread ones and newer ones stay in the inbox.")
    start = lookup.day_bounds(t, cut)[0]
    t.call_all(
        "messages_list",
        folderId="inbox",
        filter=f"isRead eq true and receivedDateTime lt {start.isoformat()}",
    )
    t.call("messages_batchMove", messageIds=_ids(old), destinationId="archive")
    t.check(r1, "archived", "moved-message", message_ids=_ids(old), folder="Archive")
    kept = [m["id"] for m in inbox if m["id"] not in set(_ids(old))]
    t.check(r2, "kept", "moved-message", message_ids=kept, folder="Inbox", exact=True)
    t.answer(f"Archived {len(old)} read emails from before {cut:%d %B}.")


@family("inbox-cleanup", "D2", ["messages", "folders"], "triage")
def junk_to_deleted(t: TaskBuilder) -> None:
    """The Junk Email folder emptied into Deleted Items (moved, not deleted for good)."""
    junk = lookup.folder_mail(t, "junkemail")
    t.require_that(len(junk) >= 2, "almost no junk")
    t.ask(
        [
            "Move everything in my Junk Email folder to Deleted Items.",
            "[Please clear out|Empty] my junk folder by moving all of it to Deleted Items "
            "(don't delete anything permanently).",
        ]
    )
    r1 = t.require("Every junk email is in Deleted Items; nothing else moves.")
    t.call_all("messages_list", folderId="junkemail")
    t.call("messages_batchMove", messageIds=_ids(junk), destinationId="deleteditems")
    t.check(r1, "moved", "moved-message", message_ids=_ids(junk), folder="Deleted Items")
    t.check(
        r1,
        "junk-empty",
        "not-exists",
        query={
            "collection": "messages",
            "where": [
                {
                    "path": "parentFolderId",
                    "op": "eq",
                    "value": {
                        "$ids": {
                            "collection": "folders",
                            "where": [{"path": "wellKnownName", "op": "eq", "value": "junkemail"}],
                        }
                    },
                }
            ],
        },
    )
    t.answer(f"Moved {len(junk)} junk emails to Deleted Items.")


@family("folders", "D3", ["folders", "messages"], "folder routing")
def folders_for_top_senders(t: TaskBuilder) -> None:
    """A subfolder of the inbox for each of the two people with most inbox mail, mail moved in."""
    by_sender = _inbox_by_sender(t, people=True)
    ranked = sorted(by_sender.items(), key=lambda kv: -len(kv[1]))
    t.require_that(len(ranked) >= 3, "too few senders")
    t.require_that(
        len(ranked[1][1]) > len(ranked[2][1]) and len(ranked[0][1]) <= 25,
        "no clear top two senders",
    )
    top = ranked[:2]
    names = [lookup.display_name(t, w) for w, _ in top]
    t.require_that(
        all(n.casefold() not in _taken(t) for n in names) and names[0] != names[1], "taken"
    )
    t.ask(
        [
            "Find the two people who have sent me the most emails in my inbox. Give each of them "
            "a folder inside the Inbox named after them (full name) and move their inbox emails "
            "into it.",
            "For the top two senders (people) in my inbox, create an Inbox subfolder each, "
            "called by their full name, and file their inbox mail there.",
        ]
    )
    requirements = [
        t.require(f"A folder '{n}' inside the Inbox holding exactly their inbox mail.")
        for n in names
    ]
    r3 = t.require("No other email moves.")
    t.call_all("messages_list", folderId="inbox")
    for (_who, mail), name in zip(top, names, strict=True):
        made = t.call("folders_create", displayName=name, parentFolderId="inbox")
        t.call("messages_batchMove", messageIds=_ids(mail), destinationId=made.ref("id"))
    for index, ((_who, mail), name) in enumerate(zip(top, names, strict=True)):
        t.check(
            requirements[index],
            f"folder-{index + 1}",
            "moved-message",
            message_ids=_ids(mail),
            folder=f"Inbox/{name}",
            exact=True,
        )
    t.footprint(r3)
    t.answer(f"Filed mail from {names[0]} and {names[1]} into their own folders.")


def _top_custom(t: TaskBuilder) -> list[dict]:
    """Top-level folders the persona made, without subfolders (well-known ones cannot move)."""
    parents = {f["id"] for f in lookup.folders(t) if f.get("children")}
    return [
        f
        for f in t.read("folders_list")["items"]
        if not f["wellKnownName"] and f["id"] not in parents
    ]


def _by_folder_id(folder_id: str) -> dict:
    return {"collection": "folders", "where": [{"path": "id", "op": "eq", "value": folder_id}]}


@family("folders", "D2", ["folders"], "folder routing")
def nest_and_rename_folder(t: TaskBuilder) -> None:
    """A top-level folder moved inside another folder and given a new name, its mail kept."""
    movable = _top_custom(t)
    folder = t.pick(movable, "no top-level folder of the persona's")
    hosts = [
        f
        for f in t.read("folders_list")["items"]
        if f["id"] != folder["id"] and f["wellKnownName"] in (None, "archive", "inbox")
    ]
    host = t.pick(hosts, "nowhere to put it")
    new = _new_name(t, [f"{folder['displayName']} ({w})" for w in ("old", "done", "closed")])
    t.ask(
        [
            "[Take|Move] my '{old}' folder [and put it|so it sits] inside '{host}', and [rename "
            "it to|call it] '{new}'. [Its mail stays in it.|Keep the emails in it.]",
            "Rename the '{old}' folder to '{new}' and [file|tuck] it under '{host}'.",
        ],
        old=folder["displayName"],
        host=host["displayName"],
        new=new,
    )
    r1 = t.require(f"The folder is called '{new}'.")
    r2 = t.require(f"It sits inside '{host['displayName']}', with its mail; nothing else moves.")
    t.call("folders_rename", id=folder["id"], displayName=new)
    t.call("folders_move", id=folder["id"], destinationId=host["id"])
    query = _by_folder_id(folder["id"])
    t.check(r1, "renamed", "property", query=query, path="displayName", expected=new)
    t.check(
        r2,
        "nested",
        "state-check",
        query=query,
        expect=[{"path": "parentFolderId", "op": "eq", "value": host["id"]}],
    )
    t.answer(
        f"Renamed '{folder['displayName']}' to '{new}' and moved it into '{host['displayName']}'."
    )


@family("folders", "D3", ["folders"], "folder routing")
def gather_folders_under_new(t: TaskBuilder) -> None:
    """Two top-level folders gathered under a new top-level folder, with a new third one beside them."""
    first, second = t.sample(_top_custom(t), 2, "fewer than two top-level folders of the persona's")
    parent = _new_name(t, ["Filing", "Sorted", "Collected", "Personal", "Old folders"])
    extra = _new_name(t, [w for w in FOLDER_WORDS if w.casefold() != parent.casefold()])
    t.ask(
        [
            "[Tidy|Reorganise] my folders: make a new top-level folder '{parent}', move '{a}' "
            "and '{b}' into it, and [add|create] an empty '{c}' folder in there [too|as well].",
            "I want '{a}' and '{b}' [grouped|kept together] under a new top-level folder "
            "called '{parent}', plus a new subfolder '{c}' [alongside them|next to them].",
        ],
        parent=parent,
        a=first["displayName"],
        b=second["displayName"],
        c=extra,
    )
    r1 = t.require(f"One top-level folder '{parent}'.")
    r2 = t.require(f"'{first['displayName']}' and '{second['displayName']}' sit inside it.")
    r3 = t.require(f"A new folder '{extra}' inside it; nothing else moves.")
    made = t.call("folders_create", displayName=parent)
    t.call("folders_move", id=first["id"], destinationId=made.ref("id"))
    t.call("folders_move", id=second["id"], destinationId=made.ref("id"))
    t.call("folders_create", displayName=extra, parentFolderId=made.ref("id"))
    inside = [{"path": "parentFolderId", "op": "eq", "value": {"$ids": _folder_named(parent)}}]
    t.check(r1, "parent", "count", query=_folder_named(parent), value=1)
    t.check(
        r1,
        "top-level",
        "state-check",
        query=_folder_named(parent),
        expect=[{"path": "parentFolderId", "op": "eq", "value": None}],
    )
    t.check(r2, "first-inside", "state-check", query=_by_folder_id(first["id"]), expect=inside)
    t.check(r2, "second-inside", "state-check", query=_by_folder_id(second["id"]), expect=inside)
    t.check(r3, "extra", "count", query=_folder_named(extra), value=1)
    t.check(r3, "extra-inside", "state-check", query=_folder_named(extra), expect=inside)
    t.answer(
        f"Created '{parent}' with '{first['displayName']}', '{second['displayName']}' and a new "
        f"'{extra}' inside it."
    )
