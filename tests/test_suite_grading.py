"""The suite's graders hold on every scenario: validate's proofs and the audit's mutants.

Every scenario: its reference passes and doing nothing fails with reward 0. Scenarios on
requirement-driven grading (requirements, no first-wave word checks): valid in every
respect (calibration answers pass, requirements covered, a name-everything answer fails)
and no audit mutant survives but the known open ones listed with their reason. The floor on
their number only rises as scenarios migrate.
"""

from __future__ import annotations

import pytest

from emailbench_gym.audit import audit
from emailbench_gym.grading.checks import LEGACY_TYPES
from emailbench_gym.scenarios import Scenario, load_all
from emailbench_gym.validation import ValidationReport, validate

MIGRATED_FLOOR = 203

#: Survivors known and open, each with why it is not yet killed; any other survivor fails.
KNOWN_OPEN: dict[str, str] = {}


def migrated(scenario: Scenario) -> bool:
    return bool(scenario.requirements) and not any(
        a.type in LEGACY_TYPES for a in scenario.assertions
    )


@pytest.fixture(scope="module")
def reports() -> dict[str, ValidationReport]:
    return {s.id: validate(s) for s in load_all()}


def test_every_reference_passes_and_doing_nothing_earns_nothing(reports) -> None:
    assert len(reports) >= 206
    wrong = {
        sid: r.problems
        for sid, r in reports.items()
        if not r.reference_passed or r.null_passed or r.null_reward != 0
    }
    assert wrong == {}


def test_migrated_scenarios_are_valid_in_every_respect(reports) -> None:
    ids = [s.id for s in load_all() if migrated(s)]
    assert len(ids) >= MIGRATED_FLOOR
    assert {sid: reports[sid].problems for sid in ids if not reports[sid].valid} == {}
    assert all(reports[sid].calibration.total for sid in ids if reports[sid].calibration)


def test_no_mutant_survives_in_a_migrated_scenario() -> None:
    ids = [s.id for s in load_all() if migrated(s)]
    report = audit(ids, jobs=2)
    assert sorted(s.id for s in report.survivors if s.id not in KNOWN_OPEN) == []
    assert report.mutants >= 50 * len(ids)
