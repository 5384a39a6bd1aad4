"""Questions about mail: what came in, from whom, what is unread, flagged or attached.

Read-only tasks: each changes nothing (the footprint is empty; opening a message may
mark it read unless the request says not to), and is graded on the claims its answer
makes: the items it names, against every other item of the kind, and the values bound
to them.
"""

from __future__ import annotations

from collections import Counter
from datetime import date

from emailbench_gym.families import lookup, phrasing
from emailbench_gym.families.answers import Item, Report, Val
from emailbench_gym.families.base import family
from emailbench_gym.families.builder import TaskBuilder

CHANGE_NOTHING = "Change nothing in the mailbox: it is a question."


def _subject(message: dict) -> str:
    return message["subject"]


def _day(message: dict) -> date:
    return lookup.received(message).date()


def _distinct_subjects(messages: list[dict], others: list[dict]) -> bool:
    """Whether every one of `messages` can be named by subject without naming one of `others`."""
    ours = {m["subject"].casefold().removeprefix("re: ").removeprefix("fw: ") for m in messages}
    theirs = {m["subject"].casefold().removeprefix("re: ").removeprefix("fw: ") for m in others}
    return not ours & theirs


@family("messages-read", "D2", ["messages"], "triage")
def unread_from_sender(t: TaskBuilder) -> None:
    """Which of one person's inbox emails are still unread (leaving them unread)."""
    inbox = lookup.folder_mail(t, "inbox")
    by_sender: dict[str, list[dict]] = {}
    for message in inbox:
        if lookup.is_person(t, lookup.sender(message)):
            by_sender.setdefault(lookup.sender(message), []).append(message)
    candidates = [
        who
        for who, mail in by_sender.items()
        if any(not m["isRead"] for m in mail) and any(m["isRead"] for m in mail)
    ]
    who = t.pick(candidates, "no one has both read and unread mail in the inbox")
    name = phrasing.person(t, who)
    t.ask(
        [
            "Which of {who}'s emails in my inbox haven't I read yet? [Don't mark anything as "
            "read.|Leave them unread.]",
            "[Can you check|Check] whether I've left any of {who}'s messages unread in my inbox "
            "and list them, without opening them as read.",
            "List the unread inbox emails from {who}. [I'll read them later, so keep them "
            "unread.|Keep them unread.]",
        ],
        who=name,
    )
    r1 = t.require(f"Name exactly the unread inbox emails from {name[0]}.")
    r2 = t.require("Leave them unread and change nothing else.")
    page = t.call(
        "messages_list",
        folderId="inbox",
        filter=f"isRead eq false and from/emailAddress/address eq '{who}'",
        top=100,
    )
    unread = page["items"]
    read = [m for m in by_sender[who] if m["isRead"]]
    t.require_that(_distinct_subjects(unread, read), "read and unread mail share a subject")
    t.items(r1, "unread", "message", [m["id"] for m in unread], context=["from"])
    t.footprint(r2, "Nothing changes: no message is marked read.")
    t.report(
        Report(
            opening=f"{{n}} of {phrasing.possessive(name[0])} inbox emails "
            f"{'is' if len(unread) == 1 else 'are'} still unread",
            count=len(unread),
            items=[Item(_subject(m), [("received", Val("date", _day(m)))]) for m in unread],
            excluded=[(Item(_subject(m)), "already read") for m in read],
            noun="Subject",
            columns=["Received"],
        )
    )


@family("messages-read", "D2", ["messages", "contacts"], "triage")
def unread_from_group(t: TaskBuilder) -> None:
    """The unread inbox emails from the members of one contact group (left unread)."""
    inbox = lookup.folder_mail(t, "inbox")
    options = []
    for group in lookup.groups(t):
        members = t.read("contacts_listGroupMembers", id=group["id"])["items"]
        addresses = {lookup.contact_address(c) for c in members}
        if not 2 <= len(members) <= 8 or None in addresses or len(addresses) != len(members):
            continue
        unread = [m for m in inbox if not m["isRead"] and lookup.sender(m) in addresses]
        ids = {m["id"] for m in unread}
        others = [m for m in inbox if m["id"] not in ids]
        if (
            1 <= len(unread) <= 6
            and any(lookup.sender(m) in addresses for m in others)  # their read mail
            and any(not m["isRead"] for m in others)  # unread mail from outside the group
            and _distinct_subjects(unread, others)
        ):
            options.append((group, unread, others, addresses))
    group, unread, others, addresses = t.pick(options, "no group with unread and read mail")
    t.ask(
        [
            "Is there anything unread in my inbox from the people in my {group} contact group? "
            "List those emails by subject and sender, and leave them unread.",
            "[Check|Look at] my {group} group in contacts: which of its members' inbox emails "
            "haven't I opened yet? [Keep them unread.|Don't mark them as read.]",
            "List the inbox emails I haven't read from anyone in the {group} contact group, "
            "with who sent each one. They should stay unread.",
        ],
        group=group["displayName"],
    )
    r1 = t.require("Name exactly the unread inbox emails from the group's members.")
    r2 = t.require("Leave them unread and change nothing else.")
    t.call("contacts_listGroupMembers", id=group["id"])
    t.call_all("messages_list", folderId="inbox", filter="isRead eq false")
    t.items(r1, "unread", "message", [m["id"] for m in unread])
    t.footprint(r2, "Nothing changes: no message is marked read.")
    read = [m for m in others if lookup.sender(m) in addresses]
    t.report(
        Report(
            opening=f"{{n}} unread inbox email{'s' if len(unread) > 1 else ''} from your "
            f"{group['displayName']} group",
            count=len(unread),
            items=[Item(_subject(m), [("from", lookup.sender_name(m))]) for m in unread],
            excluded=[(Item(_subject(m)), "already read") for m in read[:3]],
            noun="Subject",
            columns=["From"],
        )
    )


@family("messages-read", "D1", ["messages"], "message lookup")
def latest_inbox_email(t: TaskBuilder) -> None:
    """The newest email in the inbox: who sent it and its subject."""
    inbox = lookup.folder_mail(t, "inbox")
    t.require_that(len(inbox) >= 2, "the inbox is nearly empty")
    newest = t.call("messages_list", folderId="inbox", top=1)["items"][0]
    t.require_that(lookup.received(newest) != lookup.received(inbox[1]), "two newest tie")
    t.ask(
        [
            "What's the [newest|most recent|latest] email in my inbox? Who sent it, and what's "
            "the subject?",
            "Who sent the last email that [arrived in|came into] my inbox, and what is it about "
            "(subject line)?",
            "[Quick one:|] tell me the sender and subject of the [most recent|latest] message in "
            "my inbox.",
        ]
    )
    r1 = t.require("Name the newest inbox email by its subject.")
    r2 = t.require("Name who sent it.")
    r3 = t.require(CHANGE_NOTHING)
    t.items(r1, "newest", "message", [newest["id"]])
    t.items(r2, "sender", "person", [lookup.sender(newest)])
    t.footprint(r3)
    t.may_mark_read()
    who = lookup.sender_name(newest)
    t.report(
        Report(
            opening=f"The most recent email in your inbox is from {who}",
            items=[Item(_subject(newest), [("received", Val("date", _day(newest)))])],
            noun="Subject",
            columns=["Received"],
        )
    )


@family("messages-read", "D2", ["messages"], "sender statistics")
def top_sender(t: TaskBuilder) -> None:
    """Who sent the most mail to the inbox (people, not systems); ties all named."""
    inbox = lookup.folder_mail(t, "inbox")
    counts = Counter(
        lookup.sender(m) for m in inbox if lookup.is_person(t, lookup.sender(m))
    ).most_common()
    t.require_that(len(counts) >= 3, "too few senders")
    best = counts[0][1]
    top = [who for who, n in counts if n == best]
    t.require_that(len(top) <= 3, "too many tied at the top")
    runner_up = [(who, n) for who, n in counts if n < best][:2]
    t.ask(
        [
            "Who has sent me the most emails [in my inbox|that are in my inbox]? Count people "
            "only, not automated senders, and if there's a tie, name everyone tied.",
            "Among actual people (ignore system notifications), who is the top sender in my "
            "inbox, and how many emails is that? Name all of them if it's a tie.",
            "Which person fills my inbox the most? Give me the name and the number of emails "
            "(people only; name each one if several are tied).",
        ]
    )
    r1 = t.require("Name exactly the people with the most emails in the inbox (ties included).")
    r2 = t.require("Give how many emails each of them sent.")
    r3 = t.require(CHANGE_NOTHING)
    t.call_all("messages_list", folderId="inbox")
    t.items(r1, "top-senders", "person", top)
    t.values(
        r2, "counts", [{"subject": f"person:{who}", "kind": "count", "value": best} for who in top]
    )
    t.footprint(r3)
    t.may_mark_read()
    names = [lookup.display_name(t, who) for who in top]
    t.report(
        Report(
            opening="Top sender in your inbox (people only)"
            if len(top) == 1
            else "Tied for the most emails in your inbox (people only)",
            items=[Item(n, [("", Val("count", best), "emails")]) for n in names],
            excluded=[
                (Item(lookup.display_name(t, who)), f"fewer emails ({n})") for who, n in runner_up
            ],
            noun="Sender",
            columns=["Emails"],
        )
    )


@family("messages-read", "D2", ["messages"], "triage", version=2)
def flagged_follow_ups(t: TaskBuilder) -> None:
    """Flagged emails with a follow-up due date, soonest first, with the dates."""
    mail = t.call_all("messages_list", filter="flag/flagStatus eq 'flagged'")
    dated = [m for m in mail if (m.get("flag") or {}).get("dueDateTime")]
    t.require_that(len(dated) >= 2, "fewer than two flags with due dates")
    due = {m["id"]: lookup.local(t, m["flag"]["dueDateTime"]) for m in dated}
    dated.sort(key=lambda m: due[m["id"]])
    t.require_that(len(set(due.values())) == len(due), "two flags fall due at the same time")
    others = [m for m in lookup.all_mail(t) if m["id"] not in due]
    t.require_that(_distinct_subjects(dated, others), "a flagged subject is shared")
    t.ask(
        [
            "Some of my flags carry a deadline. Which flagged messages [have one|are dated], and "
            "when is each due? Nearest deadline first.",
            "[Go through|Check] my flagged mail: which flags have a due date? Give me each email "
            "and its due date, [earliest|soonest] first.",
            "I need my follow-up deadlines: every flagged email that has a due date, in due-date "
            "order (soonest first), with the date.",
        ]
    )
    r1 = t.require("Name exactly the flagged emails that have a due date, soonest first.")
    r2 = t.require("Give each one's due date.")
    r3 = t.require(CHANGE_NOTHING)
    t.items(r1, "flagged", "message", [m["id"] for m in dated], ordered=True)
    t.values(
        r2,
        "due-dates",
        [
            {
                "subject": f"message:{m['id']}",
                "kind": "date",
                "value": due[m["id"]].date().isoformat(),
            }
            for m in dated
        ],
    )
    t.footprint(r3)
    t.may_mark_read()
    t.report(
        Report(
            opening=f"{{n}} flagged email{'s have' if len(dated) > 1 else ' has'} a due date",
            count=len(dated),
            ordered=True,
            items=[Item(_subject(m), [("due", Val("date", due[m["id"]].date()))]) for m in dated],
            noun="Email",
            columns=["Due"],
        )
    )


@family("messages-read", "D1", ["messages"], "message lookup")
def attachment_name(t: TaskBuilder) -> None:
    """The file name attached to one person's email, named by its subject."""
    mail = [
        m
        for m in lookup.folder_mail(t, "inbox")
        if m["hasAttachments"] and lookup.is_person(t, lookup.sender(m))
    ]
    message = t.pick(mail, "no email with an attachment from a person")
    full = t.call("messages_get", id=message["id"])
    names = [a["name"] for a in full["attachments"]]
    t.require_that(len(names) == 1, "more than one attachment")
    who = phrasing.person(t, lookup.sender(message))
    t.ask(
        [
            "What's the file name of the attachment on {whose} email '{subject}'?",
            "{who^} sent me '{subject}' with a file attached. What is the file called?",
            "Which file did {who} attach to the email with the subject '{subject}'? Just the "
            "file name.",
        ],
        who=who,
        whose=[phrasing.possessive(n) for n in who],
        subject=message["subject"],
    )
    r1 = t.require("Name the attached file.")
    r2 = t.require(CHANGE_NOTHING)
    t.items(r1, "attachment", "attachment", names)
    t.footprint(r2)
    t.may_mark_read()
    t.report(
        Report(
            opening=f"The file on {phrasing.possessive(who[0])} email is",
            items=[Item(names[0])],
            noun="Attachment",
        )
    )


@family("messages-read", "D2", ["messages"], "sender statistics")
def unread_share_by_sender(t: TaskBuilder) -> None:
    """Senders whose inbox mail is mostly unread, highest share first, with the shares."""
    inbox = lookup.folder_mail(t, "inbox")
    totals: Counter[str] = Counter()
    unread: Counter[str] = Counter()
    for message in inbox:
        who = lookup.sender(message)
        if lookup.is_person(t, who):
            totals[who] += 1
            unread[who] += not message["isRead"]
    share = {who: 100 * unread[who] / totals[who] for who in totals if totals[who] >= 2}
    fitting = [p for p in (10, 20, 25, 30, 40, 50) if 1 <= sum(s > p for s in share.values()) <= 5]
    threshold = t.pick(fitting, "no threshold leaves one to five senders above it")
    above = sorted((who for who, p in share.items() if p > threshold), key=lambda w: -share[w])
    shares = [round(share[w], 1) for w in above]
    t.require_that(len(set(shares)) == len(shares), "tied shares make the order ambiguous")
    t.ask(
        [
            "For each person with at least two emails in my inbox, what share of their emails "
            "is unread? Show only those above {p}%, highest first.",
            "Which senders (people, two or more emails in my inbox) have more than {p}% of their "
            "emails still unread? Sort them by that percentage, highest first, and give the "
            "percentages.",
        ],
        p=str(threshold),
    )
    r1 = t.require(f"Name exactly the people above {threshold}% unread, highest first.")
    r2 = t.require("Give each one's unread percentage.")
    r3 = t.require(CHANGE_NOTHING)
    t.call_all("messages_list", folderId="inbox")
    t.items(r1, "senders", "person", above, ordered=True)
    t.values(
        r2,
        "shares",
        [{"subject": f"person:{w}", "kind": "percent", "value": share[w]} for w in above],
    )
    t.footprint(r3)
    t.may_mark_read()
    below = sorted((w for w in share if w not in above), key=lambda w: -share[w])[:2]
    t.report(
        Report(
            opening=f"{{n}} {'person is' if len(above) == 1 else 'people are'} above {threshold}% "
            "unread",
            count=len(above),
            ordered=True,
            items=[
                Item(
                    lookup.display_name(t, w),
                    [("", Val("percent", share[w]), "unread"), ("of", totals[w], "emails")],
                )
                for w in above
            ],
            excluded=[
                (Item(lookup.display_name(t, w)), f"only {share[w]:.0f}% unread") for w in below
            ],
            noun="Sender",
            columns=["Unread"],
        )
    )


@family("messages-read", "D3", ["messages"], "sender statistics")
def thread_participants(t: TaskBuilder) -> None:
    """Who has written in one thread (not the persona), with how many messages each."""
    threads: dict[str, list[dict]] = {}
    for message in lookup.all_mail(t):
        threads.setdefault(message["conversationId"], []).append(message)
    fitting = []
    for mail in threads.values():
        counts = Counter(lookup.sender(m) for m in mail if lookup.sender(m) != lookup.me(t))
        if (
            len(mail) >= 3
            and 2 <= len(counts) <= 5
            and all(lookup.is_person(t, w) for w in counts)
            and len({lookup.bare_subject(m["subject"]).casefold() for m in mail}) == 1
            and lookup.unique_thread_subject(t, mail)
        ):
            fitting.append((mail, counts))
    mail, counts = t.pick(fitting, "no thread of three or more emails among several people")
    subject = lookup.bare_subject(mail[0]["subject"])
    t.ask(
        [
            "In the '{subject}' thread, who besides me has written, and how many messages has "
            "each of them sent?",
            "Count the messages per person in the '{subject}' conversation (leave me out).",
        ],
        subject=subject,
    )
    r1 = t.require("Name exactly the people other than the persona who wrote in the thread.")
    r2 = t.require("Give each one's message count.")
    r3 = t.require(CHANGE_NOTHING)
    t.call("messages_getConversation", id=mail[0]["id"])
    t.items(r1, "people", "person", sorted(counts))
    t.values(
        r2,
        "counts",
        [
            {"subject": f"person:{w}", "kind": "count", "value": n}
            for w, n in sorted(counts.items())
        ],
    )
    t.footprint(r3)
    t.may_mark_read()
    t.report(
        Report(
            opening=f"{{n}} people wrote in '{subject}' besides you",
            count=len(counts),
            items=[
                Item(lookup.display_name(t, w), [("", Val("count", n), "messages")])
                for w, n in sorted(counts.items())
            ],
            noun="Person",
            columns=["Messages"],
        )
    )


@family("messages-read", "D3", ["messages"], "message lookup")
def oldest_unread_from_manager(t: TaskBuilder) -> None:
    """The oldest unread inbox email from the persona's manager: subject and day received."""
    manager = lookup.address(t, t.facts.manager)
    unread = [
        m for m in lookup.folder_mail(t, "inbox") if lookup.sender(m) == manager and not m["isRead"]
    ]
    t.require_that(len(unread) >= 2, "fewer than two unread emails from the manager")
    oldest = min(unread, key=lookup.received)
    t.require_that(lookup.unique_message_subject(t, oldest), "its subject is shared")
    t.ask(
        [
            "What is the oldest email from my manager that I still haven't read? Subject and "
            "the day it came in, please, and leave it unread.",
            "Find the earliest unread email in my inbox from my boss: tell me its subject and "
            "when it arrived (don't mark anything read).",
        ]
    )
    r1 = t.require("Name that email by its subject.")
    r2 = t.require("Give the day it arrived.")
    r3 = t.require("Leave it unread; change nothing.")
    t.call("identity_getManager")
    t.call(
        "messages_list",
        folderId="inbox",
        filter=f"isRead eq false and from/emailAddress/address eq '{manager}'",
        top=100,
    )
    t.items(r1, "oldest", "message", [oldest["id"]])
    day = lookup.local(t, lookup.received(oldest)).date()
    t.values(
        r2,
        "received",
        [{"subject": f"message:{oldest['id']}", "kind": "date", "value": day.isoformat()}],
    )
    t.footprint(r3)
    newer = sorted(unread, key=lookup.received)[1:2]
    t.report(
        Report(
            opening=f"The oldest unread email from {lookup.display_name(t, manager)} is",
            items=[Item(oldest["subject"], [("received", Val("date", day))])],
            excluded=[(Item(m["subject"]), "unread but newer") for m in newer],
            noun="Subject",
            columns=["Received"],
        )
    )
