"""Labels, mail folders, message rules and mailbox settings.

Rules have already run on the mail the world starts with: messages from a tagged
system account carry the rule's category, and those from a filed one are in the rule's
folder (read, when the rule marks them read), so a task about a rule sees its effect.
"""

from __future__ import annotations

from dataclasses import dataclass

from emailbench_gym.api.models import (
    AutomaticReplies,
    DateTimeTimeZone,
    Label,
    MailboxSettings,
    MailFolder,
    MessageRule,
    MessageRuleActions,
    MessageRulePredicates,
    WorkingHours,
)
from emailbench_gym.worlds.mail import Mail
from emailbench_gym.worlds.people import Org, Person
from emailbench_gym.worlds.projects import Project
from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.text import render
from emailbench_gym.worlds.timeline import WEEKDAYS, Timeline
from emailbench_gym.worlds.vocab import orgs as org_vocab
from emailbench_gym.worlds.vocab import places

FOLDER_NAMES = {
    "inbox": "Inbox",
    "sentitems": "Sent Items",
    "drafts": "Drafts",
    "deleteditems": "Deleted Items",
    "archive": "Archive",
    "junkemail": "Junk Email",
}
RULE_FOLDERS = ("Notifications", "Alerts", "System Reports", "Automated")
RULE_LABELS = ("Notifications", "Reports", "Alerts", "Systems")


@dataclass(frozen=True)
class FolderPlan:
    folders: list[MailFolder]
    custom: list[str]  # custom folder ids, in id order
    rule_folder: str | None
    project_folders: dict[str, str]  # codename -> folder id
    by_name: dict[str, str]  # display name -> id (custom folders)


def build_labels(rng: Rng, projects: list[Project], extra: list[str]) -> list[Label]:
    names = [p.label for p in projects]
    generic = rng.sample(org_vocab.GENERIC_LABELS, rng.randint(2, 4))
    names += [n for n in [*generic, *extra, "Follow Up"] if n not in names]
    colors = rng.shuffled(org_vocab.LABEL_COLORS)
    width = max(3, len(str(len(names))) + 1)
    return [
        Label(id=f"label-{i:0{width}d}", displayName=name, color=colors[(i - 1) % len(colors)])
        for i, name in enumerate(names, 1)
    ]


def build_folders(
    rng: Rng, size: int, projects: list[Project], rule_folder: str | None
) -> FolderPlan:
    folders = [
        MailFolder(id=f"folder-{key}", displayName=name, wellKnownName=key)
        for key, name in FOLDER_NAMES.items()
    ]
    names: list[tuple[str, str | None]] = [
        (name, None) for name in rng.choice(org_vocab.FOLDER_SETS)
    ]
    if rule_folder:
        names.append((rule_folder, None))
    filed_projects = rng.sample(projects, len(projects) // 2) if size >= 300 and projects else []
    if filed_projects:
        names.append(("Projects", None))
        names += [(p.codename, "Projects") for p in filed_projects]
    width = max(3, len(str(len(names))) + 1)
    by_name: dict[str, str] = {}
    custom = []
    for index, (name, parent) in enumerate(names, 1):
        folder = f"folder-{index:0{width}d}"
        by_name[name if parent is None else f"{parent}/{name}"] = folder
        folders.append(
            MailFolder(
                id=folder, displayName=name, parentFolderId=by_name[parent] if parent else None
            )
        )
        custom.append(folder)
    project_folders = {p.codename: by_name[f"Projects/{p.codename}"] for p in filed_projects}
    return FolderPlan(
        folders, custom, by_name.get(rule_folder) if rule_folder else None, project_folders, by_name
    )


def plan_rules(
    rng: Rng, org: Org
) -> tuple[Person | None, str | None, Person | None, str | None, bool]:
    """Which system accounts the rules act on: (tagged, its label, filed, its folder, mark read)."""
    systems = rng.shuffled(org.systems())
    tagged = systems[0] if systems else None
    filed = systems[1] if len(systems) > 1 and rng.chance(0.7) else None
    return (
        tagged,
        rng.choice(RULE_LABELS) if tagged else None,
        filed,
        rng.choice(RULE_FOLDERS) if filed else None,
        rng.chance(0.5),
    )


def build_rules(
    rng: Rng,
    org: Org,
    tagged: Person | None,
    label: str | None,
    filed: Person | None,
    folder_id: str | None,
    mark_read: bool,
    folder_name: str | None,
) -> list[MessageRule]:
    rules: list[MessageRule] = []
    if tagged and label:
        rules.append(
            MessageRule(
                id="rule-001",
                displayName=render(
                    f"[Tag|Label|Categorise] {tagged.name} [notices|mail|messages]", rng
                ),
                sequence=1,
                conditions=MessageRulePredicates(fromAddresses=[tagged.email]),
                actions=MessageRuleActions(assignCategories=[label]),
            )
        )
    if filed and folder_id:
        rules.append(
            MessageRule(
                id=f"rule-{len(rules) + 1:03d}",
                displayName=f"Move {filed.name} to {folder_name}",
                sequence=len(rules) + 1,
                conditions=MessageRulePredicates(fromAddresses=[filed.email]),
                actions=MessageRuleActions(
                    moveToFolder=folder_id,
                    markAsRead=mark_read,
                    stopProcessingRules=rng.chance(0.5),
                ),
            )
        )
    if rng.chance(0.4):
        boss = org.manager
        rules.append(
            MessageRule(
                id=f"rule-{len(rules) + 1:03d}",
                displayName=f"Flag mail from {boss.name}",
                sequence=len(rules) + 1,
                isEnabled=False,
                conditions=MessageRulePredicates(fromAddresses=[boss.email]),
                actions=MessageRuleActions(markImportance="high"),
            )
        )
    return rules


def apply_rules(
    mails: list[Mail],
    tagged: Person | None,
    label: str | None,
    filed: Person | None,
    folder_id: str | None,
    mark_read: bool,
) -> None:
    """The effect of the enabled rules on the mail that arrived while they were on."""
    for mail in mails:
        if tagged is not None and mail.author is tagged and label and label not in mail.categories:
            mail.categories = [*mail.categories, label]
        if filed is not None and mail.author is filed and folder_id and mail.folder == "inbox":
            mail.folder = folder_id
            if mark_read:
                mail.is_read = True


def build_settings(rng: Rng, org: Org, timeline: Timeline) -> MailboxSettings:
    persona = org.persona
    company = org.company
    country = places.COUNTRIES[company.city.country]
    address = f"{company.street}, {company.city.name}"
    if company.city.country == "US":
        address += f", {company.city.region} {company.postcode}"
    else:
        address += f" {company.postcode}"
    lines = [persona.name, persona.title, company.name, address, persona.phone]
    signature = "\n".join(lines if rng.chance(0.7) else lines[:3] + lines[4:])
    replies = AutomaticReplies()
    if rng.chance(0.2):
        first = timeline.next_workday(timeline.today, skip=rng.randint(4, 9))
        last = timeline.next_workday(first, skip=rng.randint(2, 6))
        back = timeline.next_workday(last, skip=1)
        message = render(
            f"[I am out of the office|I'm away] until {back:%B} {back.day} with [limited|no] access to email. [For urgent matters|If it's urgent], please contact {org.manager.name} ({org.manager.email}).",
            rng,
        )
        replies = AutomaticReplies(
            status="scheduled",
            externalAudience=rng.choice(("all", "contactsOnly")),
            internalReplyMessage=message,
            externalReplyMessage=message,
            scheduledStartDateTime=DateTimeTimeZone(
                dateTime=timeline.at(first, 0), timeZone=timeline.time_zone
            ),
            scheduledEndDateTime=DateTimeTimeZone(
                dateTime=timeline.at(back, 0), timeZone=timeline.time_zone
            ),
        )
    return MailboxSettings(
        automaticRepliesSetting=replies,
        workingHours=WorkingHours(
            daysOfWeek=[WEEKDAYS[d] for d in timeline.workdays],  # type: ignore[misc]
            startTime=f"{timeline.work_start:%H:%M}",
            endTime=f"{timeline.work_end:%H:%M}",
            timeZone=timeline.time_zone,
        ),
        timeZone=timeline.time_zone,
        language=country.language,
        dateFormat=country.date_format,
        timeFormat=country.time_format,
        signature=signature,
    )
