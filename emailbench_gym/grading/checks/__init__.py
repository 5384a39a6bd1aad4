"""The static check types, as one discriminated union (`Assertion`) over the scenario file's `assertions`."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, TypeAdapter

from emailbench_gym.grading.checks.answer import (
    AnswerItemsCheck,
    AnswerTextCheck,
    AnswerValuesCheck,
)
from emailbench_gym.grading.checks.base import CheckBase, EpisodeView, Outcome
from emailbench_gym.grading.checks.footprint import Footprint, FootprintCheck, Latitude
from emailbench_gym.grading.checks.outgoing import DraftMessageCheck, SentMessageCheck
from emailbench_gym.grading.checks.state import (
    CountAssertion,
    ExistsAssertion,
    MovedMessageAssertion,
    NotExistsAssertion,
    PropertyAssertion,
    StateCheckAssertion,
)

Assertion = Annotated[
    CountAssertion
    | ExistsAssertion
    | NotExistsAssertion
    | PropertyAssertion
    | StateCheckAssertion
    | MovedMessageAssertion
    | SentMessageCheck
    | DraftMessageCheck
    | FootprintCheck
    | AnswerItemsCheck
    | AnswerValuesCheck
    | AnswerTextCheck,
    Field(discriminator="type"),
]
ASSERTION_TYPES: tuple[str, ...] = (
    "count",
    "exists",
    "not-exists",
    "property",
    "state-check",
    "moved-message",
    "sent-message",
    "draft-message",
    "footprint",
    "answer-items",
    "answer-values",
    "answer-text",
)
ANSWER_TYPES = frozenset({"answer-items", "answer-values", "answer-text"})
assertion_adapter: TypeAdapter[Assertion] = TypeAdapter(Assertion)

__all__ = [
    "ANSWER_TYPES",
    "ASSERTION_TYPES",
    "Assertion",
    "CheckBase",
    "EpisodeView",
    "Footprint",
    "FootprintCheck",
    "Latitude",
    "Outcome",
    "assertion_adapter",
]
