"""`emailbench audit`: mutation testing of the graders. Every wrong trajectory must fail.

For each scenario, mutation operators (state_mutants.py, answer_mutants.py) turn the
reference solution into wrong trajectories; each is replayed through a fresh episode
and graded statically. A mutant that passes is a survivor: a hole in the scenario's
grading, unless the scenario declares it equivalent (not actually wrong) with a reason.
Mutants that change nothing the reference did not (same end state, same mail, same
answer) are not counted.

With `calibration=True` the answer operators mutate each honest solver's calibration answer
instead of the reference answer (the calls stay the reference's; answers given with their own
calls are skipped): a grader that only rejects the reference's wording shows up here.
"""

from __future__ import annotations

import dataclasses
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pydantic import BaseModel

from emailbench_gym.audit.answer_mutants import answer_mutants
from emailbench_gym.audit.state_mutants import (
    Call,
    Mutant,
    Reference,
    fallback_time_mutants,
    state_mutants,
)
from emailbench_gym.audit.write_mutants import write_mutants
from emailbench_gym.episode import Episode
from emailbench_gym.grading.checks import ANSWER_TYPES
from emailbench_gym.grading.checks.answer import AnswerValuesCheck
from emailbench_gym.grading.checks.footprint import OPENING_TOOLS, FootprintCheck
from emailbench_gym.mailbox import Changes
from emailbench_gym.scenarios import Scenario, load_scenario, resolve_refs
from emailbench_gym.validation import kitchen_sink_answer


class Survivor(BaseModel):
    id: str
    operator: str
    description: str


class Equivalent(BaseModel):
    id: str
    reason: str


class ScenarioAudit(BaseModel):
    scenario: str
    mutants: int
    survivors: list[Survivor]
    equivalent: list[Equivalent]
    operators: dict[str, int]


class AuditReport(BaseModel):
    """What `emailbench audit --json` prints."""

    mutants: int
    survivors: list[Survivor]
    equivalent: list[Equivalent]
    scenarios: int
    seconds: float
    operators: dict[str, int]


def _fingerprint(changes: Changes, answer: str) -> tuple:
    items = tuple(
        sorted(
            (collection, item_id, after.model_dump_json() if after is not None else None)
            for collection, entries in changes.items.items()
            for item_id, (before, after) in entries.items()
            if before != after  # a write that left the item as it was changed nothing
        )
    )
    settings = changes.settings[1].model_dump_json() if changes.settings else None
    sent = tuple(
        (
            "reply" if s.kind == "replyAll" else s.kind,
            s.inReplyTo,
            s.to,
            s.cc,
            s.bcc,
            s.subject,
            s.text,
        )
        for s in changes.sent
    )
    return items, settings, sent, answer


def reference_of(scenario: Scenario, episode: Episode) -> Reference:
    """Replay the reference, keeping its calls with every `$N` reference resolved."""
    episode.reset()
    calls, results = [], []
    for call in scenario.solution.calls:
        arguments = resolve_refs(call.arguments, results)
        result, is_error = episode.call(call.name, arguments)
        if is_error:
            raise RuntimeError(f"{scenario.id}: reference call {call.name} failed: {result}")
        calls.append((call.name, arguments))
        results.append(result)
    return Reference(
        scenario.id,
        calls,
        results,
        scenario.solution.answer,
        episode.initial,
        episode.context.footprint,
        episode.initial.me.mail.casefold(),
        _may_read(scenario, episode, calls),
    )


def _may_read(scenario: Scenario, episode: Episode, calls: list[Call]) -> frozenset[str]:
    """Messages the reference opens that its footprint latitude lets any correct solution mark
    read (`only_read` latitude on `isRead`, with no other condition): a mutant marking one of
    them read does what the scenario declares another correct solution may do."""
    allowed = [
        lat
        for check in scenario.assertions
        if isinstance(check, FootprintCheck)
        for lat in check.latitude
        if lat.collection == "messages" and lat.only_read and "isRead" in lat.fields
        and not lat.where
    ]  # fmt: skip
    if not allowed:
        return frozenset()
    messages = {m.id: m for m in episode.initial.messages}
    opened: set[str] = set()
    conversations: set[str] = set()
    for name, arguments in calls:
        ident = arguments.get("id")
        if name in OPENING_TOOLS and isinstance(ident, str) and ident in messages:
            opened.add(ident)
            if name == "messages_getConversation" and messages[ident].conversationId:
                conversations.add(messages[ident].conversationId)
    opened |= {i for i, m in messages.items() if m.conversationId in conversations}
    return frozenset(i for i in opened if any(lat.ids is None or i in lat.ids for lat in allowed))


def _states_when(check: Any) -> bool:
    """A mail check whose body must state a date or time."""
    return any(
        isinstance(claim, AnswerValuesCheck)
        and any(spec.kind in ("date", "time", "time-range") for spec in claim.values)
        for claim in getattr(check, "body", None) or []
    )


def mutants_of(scenario: Scenario, episode: Episode, reference: Reference) -> list[Mutant]:
    found = [*state_mutants(reference), *write_mutants(reference)]
    if any(_states_when(check) for check in scenario.assertions):
        found.extend(fallback_time_mutants(reference))
    claims = [a for a in scenario.assertions if a.type in ANSWER_TYPES]
    if claims:
        analysis = episode.context.analyse(reference.answer)
        found.extend(answer_mutants(reference, claims, analysis, kitchen_sink_answer(episode)))
    unique: dict[str, Mutant] = {}
    for mutant in found:
        unique.setdefault(mutant.id, mutant)
    return list(unique.values())


def calibration_mutants(scenario: Scenario, episode: Episode, reference: Reference) -> list[Mutant]:
    """The answer mutants of each calibration answer given on the reference's calls, ids
    prefixed `cal<N>` (mutants that leave the calibration answer as it was are not kept)."""
    claims = [a for a in scenario.assertions if a.type in ANSWER_TYPES]
    if not claims:
        return []
    sink = kitchen_sink_answer(episode)
    unique: dict[str, Mutant] = {}
    for index, sample in enumerate(scenario.calibration):
        if sample.calls is not None:
            continue
        honest = dataclasses.replace(reference, answer=sample.answer)
        analysis = episode.context.analyse(sample.answer)
        for mutant in answer_mutants(honest, claims, analysis, sink):
            if mutant.answer == sample.answer:
                continue
            prefix, _, rest = mutant.id.partition(":")
            unique.setdefault(
                f"{prefix}:cal{index}:{rest}",
                dataclasses.replace(mutant, id=f"{prefix}:cal{index}:{rest}"),
            )
    return list(unique.values())


def sample_mutants(mutants: list[Mutant], limit: int) -> list[Mutant]:
    """At most `limit` mutants, spread over the operators (round-robin, in generation order)."""
    by_operator: dict[str, list[Mutant]] = {}
    for mutant in mutants:
        by_operator.setdefault(mutant.operator, []).append(mutant)
    chosen: list[Mutant] = []
    queues = list(by_operator.values())
    while len(chosen) < limit and any(queues):
        for queue in queues:
            if queue and len(chosen) < limit:
                chosen.append(queue.pop(0))
    return chosen


def audit_scenario(
    scenario: Scenario, limit: int | None = None, calibration: bool = False
) -> ScenarioAudit:
    """Every mutant of one scenario (or a sample of `limit`, spread over operators), graded.

    The episode runs on the scenario's own corpus (a generated task's world included).
    `calibration`: the answer mutants of its calibration answers instead (see the module).
    """
    episode = Episode(scenario)
    reference = reference_of(scenario, episode)
    base = _fingerprint(episode.workspace.mailbox.changes_since(episode.mark), reference.answer)
    declared = {e.id: e.reason for e in scenario.equivalent_mutants}
    survivors, equivalent = [], []
    operators: dict[str, int] = {}
    counted = 0
    if calibration:
        mutants = calibration_mutants(scenario, episode, reference)
    else:
        mutants = mutants_of(scenario, episode, reference)
    if limit is not None:
        mutants = sample_mutants(mutants, limit)
    # Mutants that make the reference's own calls (answer mutants) are graded first, on the
    # reference's end state the episode still holds: replaying the same calls after a reset
    # rebuilds exactly that state. The others are replayed from a reset.
    same_calls = tuple(reference.calls)
    order = sorted(range(len(mutants)), key=lambda i: tuple(mutants[i].calls) != same_calls)
    verdicts: dict[int, tuple[bool, bool]] = {}  # index -> (a mutant, it passes)
    on_reference = True
    for index in order:
        mutant = mutants[index]
        if not on_reference or tuple(mutant.calls) != same_calls:
            episode.reset()
            for name, arguments in mutant.calls:
                episode.call(name, arguments)
            on_reference = False
        changes = episode.workspace.mailbox.changes_since(episode.mark)
        if _fingerprint(changes, mutant.answer) == base:
            verdicts[index] = (False, False)  # changes nothing the reference did not
            continue
        verdicts[index] = (True, episode.grade(mutant.answer).passed)
    for index, mutant in enumerate(mutants):
        counts, passes = verdicts[index]
        if not counts:
            continue
        counted += 1
        operators[mutant.operator] = operators.get(mutant.operator, 0) + 1
        if not passes:
            continue
        if mutant.id in declared:
            equivalent.append(Equivalent(id=mutant.id, reason=declared[mutant.id]))
        else:
            survivors.append(
                Survivor(id=mutant.id, operator=mutant.operator, description=mutant.description)
            )
    episode.reset()
    return ScenarioAudit(
        scenario=scenario.id,
        mutants=counted,
        survivors=survivors,
        equivalent=equivalent,
        operators=operators,
    )


def _audit_id(job: tuple[str, bool]) -> dict[str, Any]:
    scenario_id, calibration = job
    return audit_scenario(load_scenario(scenario_id), calibration=calibration).model_dump()


def audit(
    scenario_ids: list[str], jobs: int | None = None, calibration: bool = False
) -> AuditReport:
    """Audit scenarios, in `jobs` processes (default: one per core); `calibration`: mutate the
    calibration answers instead of the reference."""
    start = time.perf_counter()
    jobs = jobs or os.cpu_count() or 1
    if jobs > 1 and len(scenario_ids) > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = [
                ScenarioAudit(**r)
                for r in pool.map(_audit_id, [(i, calibration) for i in scenario_ids], chunksize=4)
            ]
    else:
        results = [audit_scenario(load_scenario(i), calibration=calibration) for i in scenario_ids]
    operators: dict[str, int] = {}
    for result in results:
        for name, count in result.operators.items():
            operators[name] = operators.get(name, 0) + count
    return AuditReport(
        mutants=sum(r.mutants for r in results),
        survivors=[s for r in results for s in r.survivors],
        equivalent=[e for r in results for e in r.equivalent],
        scenarios=len(results),
        seconds=round(time.perf_counter() - start, 2),
        operators=dict(sorted(operators.items())),
    )
