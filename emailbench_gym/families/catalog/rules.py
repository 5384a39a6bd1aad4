"""Inbox rules: new rules that file, tag or mark a sender's or subject's mail, rules turned
off, and a rule applied to the mail already there.

Graded on the rule's conditions and actions in the end state (one rule of that name or
condition, nothing else about the other rules changed) and, where existing mail is to
be filed too, on where it ends up.
"""

from __future__ import annotations

from emailbench_gym.families import lookup
from emailbench_gym.families.base import family
from emailbench_gym.families.builder import TaskBuilder


def _rules_from(address: str) -> dict:
    return {
        "collection": "filters",
        "where": [{"path": "conditions/fromAddresses", "op": "eq", "value": address}],
    }


def _rules_on_subject(word: str) -> dict:
    return {
        "collection": "filters",
        "where": [{"path": "conditions/subjectContains", "op": "icontains", "value": word}],
    }


def _automated_senders(t: TaskBuilder) -> dict[str, list[dict]]:
    """Inbox mail of automated senders no rule handles yet, by sender."""
    ruled = {a.casefold() for r in lookup.rules(t) for a in r["conditions"]["fromAddresses"]}
    found: dict[str, list[dict]] = {}
    junk = {a.casefold() for a in t.facts.junk_senders}
    for message in lookup.folder_mail(t, "inbox"):
        who = lookup.sender(message)
        if not lookup.is_person(t, who) and who != lookup.me(t) and who not in junk | ruled:
            found.setdefault(who, []).append(message)
    return found


def _custom_folders(t: TaskBuilder) -> list[dict]:
    return [f for f in t.read("folders_list")["items"] if not f["wellKnownName"]]


@family("filters", "D2", ["filters"], "rules")
def rule_file_sender(t: TaskBuilder) -> None:
    """A rule moving an automated sender's mail to an existing folder, optionally marked read."""
    senders = _automated_senders(t)
    who = t.pick(sorted(senders), "every automated sender already has a rule")
    folder = t.pick(_custom_folders(t), "no custom folder")
    mark = t.rng.chance(0.5)
    name = f"File {who.split('@')[0]}"
    t.ask(
        [
            "Set up an inbox rule named '{name}': mail from {who} goes to my {folder} "
            "folder{read}.",
            "Create a rule called '{name}' that moves anything from {who} into {folder}{read}.",
        ],
        name=name,
        who=who,
        folder=folder["displayName"],
        read=" and is marked as read" if mark else "",
    )
    r1 = t.require(f"One rule '{name}' with the condition: from {who}.")
    r2 = t.require(
        f"It moves the mail to {folder['displayName']}" + (" and marks it read." if mark else ".")
    )
    t.call(
        "filters_create",
        displayName=name,
        fromAddresses=[who],
        moveToFolder=folder["id"],
        markAsRead=True if mark else None,
    )
    query = _rules_from(who)
    t.check(r1, "one-rule", "count", query=query, value=1)
    t.check(
        r1,
        "enabled",
        "state-check",
        query=query,
        expect=[{"path": "isEnabled", "op": "eq", "value": True}],
    )
    t.check(
        r2,
        "actions",
        "state-check",
        query=query,
        expect=[
            {"path": "actions/moveToFolder", "op": "eq", "value": folder["id"]},
            {"path": "actions/markAsRead", "op": "eq", "value": mark},
            {"path": "actions/delete", "op": "eq", "value": False},
        ],
    )
    t.answer(f"Created '{name}': mail from {who} goes to {folder['displayName']}.")


@family("filters", "D1", ["filters"], "rules")
def rule_tag_subject(t: TaskBuilder) -> None:
    """A rule putting mail whose subject mentions a project into its category."""
    project = t.pick(
        [p for p in t.facts.projects if not lookup.rules_on_subject(t, p.codename)],
        "every project has a subject rule",
    )
    important = t.rng.chance(0.4)
    t.ask(
        [
            "Make a rule: any email with '{word}' in the subject gets the {label} "
            "category{importance}.",
            "I'd like incoming mail whose subject contains '{word}' tagged {label} "
            "automatically{importance}. Set up a rule for that.",
        ],
        word=project.codename,
        label=project.label,
        importance=" and is marked high importance" if important else "",
    )
    r1 = t.require(f"One rule on subjects containing '{project.codename}'.")
    r2 = t.require(
        f"It assigns the {project.label} category"
        + (" and high importance." if important else ", and does nothing else.")
    )
    t.call(
        "filters_create",
        displayName=f"Tag {project.codename}",
        subjectContains=[project.codename],
        assignCategories=[project.label],
        markImportance="high" if important else None,
    )
    query = _rules_on_subject(project.codename)
    t.check(r1, "one-rule", "count", query=query, value=1)
    t.check(
        r2,
        "actions",
        "state-check",
        query=query,
        expect=[
            {"path": "actions/assignCategories", "op": "eq", "value": [project.label]},
            {"path": "actions/markImportance", "op": "eq", "value": "high" if important else None},
            {"path": "actions/moveToFolder", "op": "eq", "value": None},
            {"path": "actions/delete", "op": "eq", "value": False},
            {"path": "isEnabled", "op": "eq", "value": True},
        ],
    )
    t.answer(f"Rule created: '{project.codename}' subjects are tagged {project.label}.")


@family("filters", "D2", ["filters"], "rules")
def disable_rule(t: TaskBuilder) -> None:
    """One existing rule turned off (not deleted)."""
    rule = t.pick([r for r in lookup.rules(t) if r["isEnabled"]], "no enabled rule")
    names = [r["displayName"].casefold() for r in lookup.rules(t)]
    t.require_that(names.count(rule["displayName"].casefold()) == 1, "two rules share the name")
    t.ask(
        [
            "Turn off my '{name}' rule for now, but don't delete it.",
            "Disable the inbox rule '{name}' (keep it, I may switch it back on).",
        ],
        name=rule["displayName"],
    )
    r1 = t.require("The rule is disabled and still exists, otherwise unchanged.")
    t.call("filters_list")
    t.call("filters_update", id=rule["id"], isEnabled=False)
    t.check(
        r1,
        "disabled",
        "property",
        query={"collection": "filters", "where": [{"path": "id", "op": "eq", "value": rule["id"]}]},
        path="isEnabled",
        expected=False,
    )
    t.answer(f"The '{rule['displayName']}' rule is off; it is still there.")


@family("filters", "D3", ["filters", "messages"], "rules")
def rule_and_file_existing(t: TaskBuilder) -> None:
    """A rule filing an automated sender's mail into a new folder, applied to the inbox too."""
    senders = {w: m for w, m in _automated_senders(t).items() if len(m) >= 2}
    who = t.pick(sorted(senders), "no unruled automated sender with two or more inbox emails")
    mail = senders[who]
    taken = {f["displayName"].casefold() for f in lookup.folders(t)}
    folder = t.pick(
        [n for n in ("Automated", "Notices", "System", "Bulletins") if n.casefold() not in taken],
        "the folder names are taken",
    )
    t.ask(
        [
            "Create a top-level folder '{folder}' and a rule that sends all mail from {who} "
            "there. Then move the emails from {who} already in my inbox into it too.",
            "From now on mail from {who} should land in a new top-level folder called "
            "'{folder}' (set up a rule); also file the ones already in my inbox there.",
        ],
        folder=folder,
        who=who,
    )
    r1 = t.require(f"A top-level folder '{folder}'.")
    r2 = t.require(f"One rule moving mail from {who} into it.")
    r3 = t.require("The existing inbox emails from that sender are in it too.")
    made = t.call("folders_create", displayName=folder)
    t.call(
        "filters_create",
        displayName=f"{folder} mail",
        fromAddresses=[who],
        moveToFolder=made.ref("id"),
    )
    t.call("messages_batchMove", messageIds=[m["id"] for m in mail], destinationId=made.ref("id"))
    folder_query = {
        "collection": "folders",
        "where": [{"path": "displayName", "op": "eq", "value": folder}],
    }
    t.check(
        r1,
        "folder",
        "state-check",
        query=folder_query,
        expect=[{"path": "parentFolderId", "op": "eq", "value": None}],
    )
    t.check(r2, "one-rule", "count", query=_rules_from(who), value=1)
    t.check(
        r2,
        "rule-target",
        "state-check",
        query=_rules_from(who),
        expect=[
            {"path": "actions/moveToFolder", "op": "eq", "value": {"$ids": folder_query}},
            {"path": "isEnabled", "op": "eq", "value": True},
        ],
    )
    t.check(
        r3,
        "filed",
        "moved-message",
        message_ids=[m["id"] for m in mail],
        folder=folder,
        exact=True,
    )
    t.answer(f"Folder '{folder}' and rule created; {len(mail)} emails filed there.")


@family("filters", "D2", ["filters", "folders"], "rules")
def rule_into_new_subfolder(t: TaskBuilder) -> None:
    """A subfolder of an existing folder, and a rule filing mail with a phrase in the subject there."""
    folder = t.pick(_custom_folders(t), "no custom folder")
    project = t.rng.choice(t.facts.projects)
    phrase = t.pick([f"{project.codename} {d}" for d in project.deliverables])
    name = phrase.split(" ", 1)[1].title()
    taken = {f["displayName"].casefold() for f in lookup.folders(t)}
    t.require_that(name.casefold() not in taken, "folder name taken")
    t.require_that(not lookup.rules_on_subject(t, phrase), "a rule exists")
    t.ask(
        [
            "Create a folder '{name}' inside my {parent} folder, and a rule that moves mail with "
            "'{phrase}' in the subject into it.",
            "I need a '{name}' subfolder under {parent}, plus a rule: subject contains "
            "'{phrase}' -> move to that new folder.",
        ],
        name=name,
        parent=folder["displayName"],
        phrase=phrase,
    )
    r1 = t.require(f"A folder '{name}' inside {folder['displayName']}.")
    r2 = t.require("One rule on that subject phrase moving mail into the new folder.")
    made = t.call("folders_create", displayName=name, parentFolderId=folder["id"])
    t.call(
        "filters_create",
        displayName=f"File {phrase}",
        subjectContains=[phrase],
        moveToFolder=made.ref("id"),
    )
    target = {
        "collection": "folders",
        "where": [{"path": "displayName", "op": "eq", "value": name}],
    }
    t.check(
        r1,
        "folder",
        "state-check",
        query=target,
        expect=[{"path": "parentFolderId", "op": "eq", "value": folder["id"]}],
    )
    query = _rules_on_subject(phrase)
    t.check(r2, "one-rule", "count", query=query, value=1)
    t.check(
        r2,
        "target",
        "state-check",
        query=query,
        expect=[
            {"path": "actions/moveToFolder", "op": "eq", "value": {"$ids": target}},
            {"path": "isEnabled", "op": "eq", "value": True},
        ],
    )
    t.answer(f"Created {folder['displayName']}/{name} and the rule for '{phrase}'.")
