"""Outgoing mail checked as mail: kind, thread, recipients by role, and what the persona wrote.

`sent-message` reads the mailbox's transmission log (what was actually sent: a copy
moved into Sent Items is not a send), not the Sent Items folder. A message matches
when its kind is one of `kind` (a reply-all counts as a reply: the recipients tell
them apart), it answers `in_reply_to`, its To, Cc and Bcc are exactly the given sets
(plus anyone in `may_also_include`), its subject makes the `subject` statements and
its own text (a reply's comment, not the quoted original) satisfies every `body`
claim: statements made positively, values stated, items named. `count` matching
messages must exist (exactly, by default). Messages that no envelope of the
reference accounts for fail the scenario's `footprint` check.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from emailbench_gym.grading.checks.answer import AnswerClaim, AnswerTextCheck, Phrases
from emailbench_gym.grading.checks.base import CheckBase, EpisodeView, Outcome
from emailbench_gym.grading.checks.footprint import KIND_CLASS
from emailbench_gym.mailbox import Transmission, TransmissionKind


class SentMessageCheck(CheckBase):
    """Messages sent during the episode with this kind, thread, recipients and content."""

    type: Literal["sent-message"]
    kind: list[TransmissionKind] | None = Field(
        None, description="Accepted kinds (reply covers reply-all); null: any kind."
    )
    in_reply_to: str | None = Field(
        None, description="Id of the message answered or forwarded (or the event answered)."
    )
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

    def _envelope_ok(self, sent: Transmission) -> bool:
        if self.kind is not None:
            kinds = {KIND_CLASS.get(k, k) for k in self.kind}
            if KIND_CLASS.get(sent.kind, sent.kind) not in kinds:
                return False
        if self.in_reply_to is not None and sent.inReplyTo != self.in_reply_to:
            return False
        extra = {a.casefold() for a in self.may_also_include}
        for wanted, got in ((self.to, sent.to), (self.cc, sent.cc), (self.bcc, sent.bcc)):
            if wanted is None:
                continue
            want = {a.casefold() for a in wanted}
            if not want <= set(got) or set(got) - want - extra:
                return False
        return True

    def _content_problems(self, sent: Transmission, episode: EpisodeView) -> list[str]:
        problems = []
        if self.subject:
            outcome = AnswerTextCheck(type="answer-text", statements=self.subject).evaluate(
                episode.analyse(sent.subject)
            )
            if not outcome.passed:
                problems.append(f"subject: {outcome.found}")
        if self.body:
            analysis = episode.analyse(sent.text)
            for claim in self.body:
                outcome = claim.evaluate(analysis)
                if not outcome.passed:
                    problems.append(f"body: {outcome.found}")
        return problems

    def check(self, episode: EpisodeView) -> Outcome:
        envelopes = [s for s in episode.sent if self._envelope_ok(s)]
        matching, near = [], []
        for sent in envelopes:
            problems = self._content_problems(sent, episode)
            (near if problems else matching).append((sent, problems))
        n = len(matching)
        ok = n == self.count if self.exact else n >= self.count
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
            found["right envelope, wrong content"] = [p for _, p in near[:3]]
        return Outcome(ok, expected, found)
