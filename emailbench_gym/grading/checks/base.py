"""What every static check shares: its id, the requirements it covers, and what it reads.

A check is a pydantic model (data in the scenario file) with `check(episode)`,
which returns an `Outcome`: passed, plus what was expected and what was found, so a
failed grade explains itself. `EpisodeView` is everything a check may read: the start
and end states, what changed in between, what was sent, the final answer and the
calls, and the scenario's derived data (its entity universe, the reference footprint).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pydantic import Field

from emailbench_gym.api.models import APISnapshot
from emailbench_gym.grading.query import Strict
from emailbench_gym.mailbox import Changes, Transmission

if TYPE_CHECKING:
    from emailbench_gym.grading.claims.analysis import Analysis
    from emailbench_gym.grading.context import ScenarioContext

CHECK_ID = r"^[a-z0-9][a-z0-9-]{0,47}$"


@dataclass(frozen=True)
class Outcome:
    passed: bool
    expected: Any
    found: Any


@dataclass
class EpisodeView:
    """One finished episode as the checks see it."""

    initial: APISnapshot
    final: APISnapshot
    changes: Changes
    answer: str
    calls: Sequence[dict[str, Any]]
    context: ScenarioContext
    _by_id: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)
    _by_folder: dict[str, set[str]] | None = field(default=None, repr=False)

    @property
    def sent(self) -> tuple[Transmission, ...]:
        return self.changes.sent

    @cached_property
    def analysis(self) -> Analysis:
        """The final answer, read once for every answer check."""
        return self.context.analyse(self.answer)

    def final_by_id(self, collection: str) -> dict[str, Any]:
        """The end state's items of a collection by id (built once per grade, shared by checks)."""
        index = self._by_id.get(collection)
        if index is None:
            items = (
                [self.final.settings]
                if collection == "settings"
                else getattr(self.final, collection)
            )
            index = self._by_id[collection] = {getattr(i, "id", None): i for i in items}
        return index

    def messages_in(self, folder: str) -> set[str]:
        """Ids of the end state's messages in a folder (indexed once per grade)."""
        if self._by_folder is None:
            self._by_folder = {}
            for message in self.final.messages:
                self._by_folder.setdefault(message.parentFolderId, set()).add(message.id)
        return self._by_folder.get(folder, set())

    def analyse(self, text: str) -> Analysis:
        """Any other text the persona wrote (a sent message's body), read the same way."""
        return self.context.analyse(text)


class CheckBase(Strict):
    """Fields every static check has."""

    id: str = Field("", pattern=r"^$|" + CHECK_ID, description="Unique within the scenario.")
    covers: list[str] = Field([], description="Ids of the requirements this check verifies.")
    description: str = ""
    critical: bool = True

    def check(self, episode: EpisodeView) -> Outcome:  # pragma: no cover - abstract
        raise NotImplementedError
