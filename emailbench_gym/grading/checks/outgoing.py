"""Outgoing mail checked as mail: kind, thread, recipients by role, and what the persona wrote.

`sent-message` reads the mailbox's transmission log (what was actually sent: a copy
moved into Sent Items is not a send), not the Sent Items folder. A message matches
when its kind is one of `kind` (a reply-all counts as a reply: the recipients tell
them apart), it answers `in_reply_to`, its To, Cc and Bcc are exactly the given sets
(plus anyone in `may_also_include`), its subject makes the `subject` statements and
its own text (a reply's comment, not the quoted original) satisfies every `body`
claim: statements made positively, values stated, items named. A text that takes
itself back ("please disregard everything above", every sentence "It is not true
that ...") fails even a check with no body claims: an optional note (an RSVP's or a
forward's comment) may be empty, never withdrawn. `count` matching
messages must exist (exactly, by default). A check with an `optional` reason (the query
read another correct way: "skip any that already got a reply", where a reply came in
another thread) also passes when nothing at all was sent on its thread (or, for a new
message, to its To); anything sent there must still match. Messages that no envelope of the
reference accounts for fail the scenario's `footprint` check.

`draft-message` checks mail the persona asked to leave unsent: drafts saved during the
episode (in any folder, still drafts), with the same recipient, subject and body rules.
For both, the body claims read the text above any quoted original the persona typed
("-----Original Message-----", "On ... wrote:", "> " lines), so a message whose words
are all inside a quote ("Thanks.\n\n> See you at 11:00") does not pass, and a body that must
state a date or time must not offer another as a fallback ("If that doesn't work, Friday at
3pm is fine too").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cached_property
from typing import Any, Literal

from pydantic import Field

from emailbench_gym.grading.checks.answer import (
    AnswerClaim,
    AnswerTextCheck,
    AnswerValuesCheck,
    Phrases,
)
from emailbench_gym.grading.checks.base import CheckBase, EpisodeView, Outcome
from emailbench_gym.grading.checks.footprint import KIND_CLASS
from emailbench_gym.grading.claims.analysis import Analysis
from emailbench_gym.grading.claims.values import value_matches
from emailbench_gym.mailbox import Transmission, TransmissionKind

#: Where hand-quoted original mail starts in a draft (Outlook and common client headers).
_QUOTE_HEADER = re.compile(
    r"^\s*-{2,}\s*(?:original message|forwarded message)\s*-{2,}\s*$|^\s*on .{1,200} wrote:\s*$",
    re.I | re.M,
)


#: Words that offer a fallback after them ("If that doesn't work, Friday at 3pm", "Alternatively,
#: Monday 10am") or just before them ("Friday at 3pm is fine too").
_FALLBACK_AFTER = re.compile(
    r"\bif\s+(?:that|this|it|the\s+time)\s+(?:doesn['’]?t|does\s+not|won['’]?t|will\s+not|can['’]?t"
    r"|cannot)\s+work\b|\balternatively\b|\bas\s+a\s+(?:backup|fallback)\b|\bor\s+else\b",
    re.I,
)
_FALLBACK_BEFORE = re.compile(
    r"\b(?:is|are|would\s+be|works?)\s+(?:fine|ok|okay|good)\s+too\b|\b(?:would|could)\s+also\s+work\b",
    re.I,
)
#: Before a date or time that is a deadline for a reply, not a time offered ("let me know by Wednesday").
_DEADLINE = re.compile(r"\b(?:by|before|until|till|no\s+later\s+than)\s+$", re.I)
_WHEN_KINDS = {"date": {"date"}, "time": {"time", "time-range"}, "time-range": {"time-range"}}


def _another_time_offered(claim: AnswerValuesCheck, analysis: Analysis) -> str | None:
    """A date or time the body offers as a fallback to the one it must state ("Confirming
    Thursday 2pm. If that doesn't work, Friday at 3pm is fine too."): a message that must give
    one time gives one, not a choice. "If that doesn't work, let me know" offers nothing, and
    a deadline ("let me know by Wednesday") is not a time offered."""
    kinds = {k for spec in claim.values for k in _WHEN_KINDS.get(spec.kind, ())}
    if not kinds:
        return None
    text = analysis.text.text
    windows = [(m.end(), m.end() + 80) for m in _FALLBACK_AFTER.finditer(text)]
    windows += [(max(0, m.start() - 40), m.start()) for m in _FALLBACK_BEFORE.finditer(text)]
    for start, end in windows:
        for value in analysis.values:
            if not (start <= value.start < end) or value.kind not in kinds:
                continue
            if _DEADLINE.search(text[max(0, value.start - 20) : value.start]):
                continue
            if not any(
                value_matches(value, spec.kind, spec.expected(), spec.tolerance)
                for spec in claim.values
            ):
                return text[start:end].strip()
    return None


def own_text(body: str) -> str:
    """What the persona wrote in a message body: above any quoted original, without "> " lines."""
    match = _QUOTE_HEADER.search(body)
    head = body[: match.start()] if match else body
    return "\n".join(line for line in head.splitlines() if not line.lstrip().startswith(">"))


class _MailCheck(CheckBase):
    """Recipients by role, subject statements and body claims: what sent mail and drafts share."""

    to: list[str] | None = Field(None, description="Exactly these To addresses; null: not checked.")
    cc: list[str] | None = Field([], description="Exactly these Cc addresses; null: not checked.")
    bcc: list[str] | None = Field([], description="Exactly these Bcc addresses; null: not checked.")
    may_also_include: list[str] = Field(
        [], description="Addresses allowed in any role beyond those."
    )
    subject: list[Phrases] = Field([], description="Statements the subject line makes.")
    body: list[AnswerClaim] = Field([], description="Claims on the text the persona wrote.")
    count: int = Field(1, ge=0)
    exact: bool = True

    @cached_property
    def subject_check(self) -> AnswerTextCheck:
        """The subject statements as an answer-text claim (built once per check)."""
        return AnswerTextCheck(type="answer-text", statements=self.subject)

    def _recipients_ok(self, *roles: Iterable[str]) -> bool:
        extra = {a.casefold() for a in self.may_also_include}
        for wanted, got in zip((self.to, self.cc, self.bcc), roles, strict=True):
            if wanted is None:
                continue
            want = {a.casefold() for a in wanted}
            have = {a.casefold() for a in got}
            if not want <= have or have - want - extra:
                return False
        return True

    def _content_problems(self, subject: str, text: str, episode: EpisodeView) -> list[str]:
        problems = []
        if self.subject:
            outcome = self.subject_check.judge(episode.analyse(subject))
            if not outcome.passed:
                problems.append(f"subject: {outcome.found}")
        withdrawn = episode.takes_back(text)
        if withdrawn:  # even with no body claims: an optional note may be empty, not withdrawn
            return [*problems, f"body: takes back what it says ({withdrawn!r})"]
        if self.body:
            analysis = episode.analyse(text)
            if (
                analysis.unread
            ):  # too dense, or a sent draft the corpus wrote longer than the tools take
                return [*problems, f"body: {analysis.unread}"]
            for claim in self.body:
                outcome = claim.judge(analysis)
                if not outcome.passed:
                    problems.append(f"body: {outcome.found}")
                elif isinstance(claim, AnswerValuesCheck):
                    offered = _another_time_offered(claim, analysis)
                    if offered:
                        problems.append(f"body: offers another time too ({offered!r})")
        return problems

    def _tally(
        self, candidates: list[tuple[Any, str, str]], episode: EpisodeView
    ) -> tuple[bool, int, list[list[str]]]:
        """(passed, matching, problems of near misses) over (item, subject, text) candidates."""
        matching, near = 0, []
        for _item, subject, text in candidates:
            problems = self._content_problems(subject, text, episode)
            if problems:
                near.append(problems)
            else:
                matching += 1
        ok = matching == self.count if self.exact else matching >= self.count
        return ok, matching, near


class SentMessageCheck(_MailCheck):
    """Messages sent during the episode with this kind, thread, recipients and content."""

    type: Literal["sent-message"]
    kind: list[TransmissionKind] | None = Field(
        None, description="Accepted kinds (reply covers reply-all); null: any kind."
    )
    in_reply_to: str | None = Field(
        None, description="Id of the message answered or forwarded (or the event answered)."
    )
    optional: str | None = Field(
        None,
        min_length=10,
        description="Why a correct solution may send no such message at all (another reading "
        "of the query); then nothing sent on its thread passes, and whatever is sent there "
        "must match.",
    )

    def _attempt(self, sent: Transmission) -> bool:
        """Whether a sent message is one this check is about: it answers `in_reply_to`, or
        (a new message) it goes to one of `to`; what an optional check must see match."""
        if self.in_reply_to is not None:
            return sent.inReplyTo == self.in_reply_to
        if self.to:
            wanted = {a.casefold() for a in self.to}
            return any(a.casefold() in wanted for a in (*sent.to, *sent.cc, *sent.bcc))
        return True

    def _envelope_ok(self, sent: Transmission) -> bool:
        if self.kind is not None:
            kinds = {KIND_CLASS.get(k, k) for k in self.kind}
            if KIND_CLASS.get(sent.kind, sent.kind) not in kinds:
                return False
        if self.in_reply_to is not None and sent.inReplyTo != self.in_reply_to:
            return False
        return self._recipients_ok(sent.to, sent.cc, sent.bcc)

    def check(self, episode: EpisodeView) -> Outcome:
        envelopes = [(s, s.subject, own_text(s.text)) for s in episode.sent if self._envelope_ok(s)]
        ok, n, near = self._tally(envelopes, episode)
        skipped = self.optional is not None and not any(map(self._attempt, episode.sent))
        expected: dict[str, Any] = {
            "matching": self.count if self.exact else f">= {self.count}",
            "kind": self.kind,
            "in_reply_to": self.in_reply_to,
            "to": self.to,
            "cc": self.cc,
        }
        found: dict[str, Any] = {
            "matching": n,
            "sent": [
                {"kind": s.kind, "to": list(s.to), "cc": list(s.cc), "subject": s.subject}
                for s in episode.sent[:5]
            ],
        }
        if near:
            found["right envelope, wrong content"] = near[:3]
        if self.optional is not None:
            expected["or none sent, as"] = self.optional
            if skipped:
                found["none sent on it"] = True
        return Outcome(ok or skipped, expected, found)


class DraftMessageCheck(_MailCheck):
    """Drafts saved (not sent) during the episode with these recipients and content."""

    type: Literal["draft-message"]

    def check(self, episode: EpisodeView) -> Outcome:
        drafts = [
            after
            for before, after in episode.changes.items.get("messages", {}).values()
            if before is None and after is not None and after.isDraft
        ]

        def addresses(people: list[Any]) -> list[str]:
            return [p.emailAddress.address for p in people]

        envelopes = [
            (d, d.subject, own_text(d.body.content))
            for d in drafts
            if self._recipients_ok(
                addresses(d.toRecipients), addresses(d.ccRecipients), addresses(d.bccRecipients)
            )
        ]
        ok, n, near = self._tally(envelopes, episode)
        expected = {"matching": self.count if self.exact else f">= {self.count}", "to": self.to}
        found: dict[str, Any] = {
            "matching": n,
            "drafts": [
                {
                    "to": addresses(d.toRecipients),
                    "cc": addresses(d.ccRecipients),
                    "subject": d.subject,
                }
                for d in drafts[:5]
            ],
        }
        if near:
            found["right recipients, wrong content"] = near[:3]
        return Outcome(ok, expected, found)
