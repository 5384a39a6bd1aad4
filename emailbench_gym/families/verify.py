"""Every generated task is proved before it is served, with the suite's own tools.

`verify(scenario)` runs `emailbench validate`'s checks (the reference passes; doing
nothing fails and earns progress reward 0; an answer naming every entity fails;
every calibration answer, in each of its styles, passes; every requirement is
covered; the setup resets) and then a sample of `emailbench audit`'s mutants (spread
over its operators), each of which must fail. A task with any problem is dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from emailbench_gym.audit import audit_scenario
from emailbench_gym.errors import ScenarioError, ToolError
from emailbench_gym.scenarios import Scenario
from emailbench_gym.validation import validate

#: Audit mutants tried per task before it is served.
MUTANTS_PER_TASK = 16


@dataclass
class Verification:
    """The verdict on one task, with what failed."""

    passed: bool
    problems: list[str] = field(default_factory=list)
    mutants: int = 0
    calibration: tuple[int, int] = (0, 0)
    null_reward: float = 0.0


def verify(scenario: Scenario, mutants: int = MUTANTS_PER_TASK) -> Verification:
    """Prove one task both ways (see the module docstring)."""
    try:
        report = validate(scenario)
    except (ToolError, ScenarioError) as exc:
        return Verification(False, [f"validate: {exc}"])
    verdict = Verification(
        report.valid,
        list(report.problems),
        calibration=(report.calibration.accepted, report.calibration.total),
        null_reward=report.null_reward,
    )
    if not report.valid or mutants <= 0:
        return verdict
    try:
        audit = audit_scenario(scenario, limit=mutants)
    except Exception as exc:  # a mutant the API rejects in an unexpected way: drop the task
        verdict.passed = False
        verdict.problems.append(f"audit: {type(exc).__name__}: {exc}")
        return verdict
    verdict.mutants = audit.mutants
    if audit.survivors:
        verdict.passed = False
        verdict.problems.extend(
            f"audit: mutant {s.operator} survives ({s.description})" for s in audit.survivors
        )
    return verdict
