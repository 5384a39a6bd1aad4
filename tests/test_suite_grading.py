"""The suite's graders hold on every scenario: validate's proofs and the audit's mutants.

Every scenario: its reference passes and doing nothing fails with reward 0; it is valid in
every respect (calibration answers pass, requirements covered, a name-everything answer
fails) and no audit mutant survives but the known open ones listed with their reason.
"""

from __future__ import annotations

import pytest

from emailbench_gym.audit import audit
from emailbench_gym.scenarios import load_all
from emailbench_gym.validation import ValidationReport, validate

#: The paper's suite: every scenario is on requirement-driven grading.
SUITE_SIZE = 206

#: Survivors known and open, each with why it is not yet killed; any other survivor fails.
KNOWN_OPEN: dict[str, str] = {}


@pytest.fixture(scope="module")
def reports() -> dict[str, ValidationReport]:
    return {s.id: validate(s) for s in load_all()}


def test_every_reference_passes_and_doing_nothing_earns_nothing(reports) -> None:
    assert len(reports) >= SUITE_SIZE
    wrong = {
        sid: r.problems
        for sid, r in reports.items()
        if not r.reference_passed or r.null_passed or r.null_reward != 0
    }
    assert wrong == {}


def test_every_scenario_is_valid_in_every_respect(reports) -> None:
    assert all(s.requirements for s in load_all())
    assert {sid: r.problems for sid, r in reports.items() if not r.valid} == {}
    assert all(r.calibration.total for r in reports.values() if r.calibration)


def test_no_mutant_survives_in_any_scenario() -> None:
    ids = [s.id for s in load_all()]
    report = audit(ids, jobs=2)
    assert sorted(s.id for s in report.survivors if s.id not in KNOWN_OPEN) == []
    assert report.mutants >= 50 * len(ids)
