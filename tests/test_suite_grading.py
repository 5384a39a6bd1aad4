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
OTHER_TARGET = (
    "created on another calendar or list than the reference's: an operator added at the end of "
    "the session; whether the query allows it is not yet judged per scenario"
)
RETRACTED_NOTE = (
    "a note or body that takes itself back ('please disregard...') still satisfies the check: "
    "the retraction rule applies only to body claims so far (fix drafted, not landed)"
)
SILENT_RESPONSE = "an RSVP sent with sendResponse=false: the response's mail is not yet checked"
KNOWN_OPEN = {
    "OB-H336:rotate-values:company-counts:0<>2": "a total swapped with the same company's "
    "breakdown ('Dynegy: 3 (5 received, 2 sent)') still binds 5 to Dynegy; telling a total "
    "from its parts needs the claim reader to read breakdowns",
    "OB-G105:other-target:2:calendarId": OTHER_TARGET,
    "OB-M109:other-target:1:listId": OTHER_TARGET,
    "OB-X103:other-target:1:calendarId": OTHER_TARGET,
    "OB-X107:other-target:2:listId": OTHER_TARGET,
    "OB-X109:other-target:2:calendarId": OTHER_TARGET,
    "OB-X109:other-target:4:listId": OTHER_TARGET,
    "OB-G108:retract-text:2:body": RETRACTED_NOTE,
    "OB-K102:retract-text:2:comment": RETRACTED_NOTE,
    "OB-O105:retract-text:2:comment": RETRACTED_NOTE,
    "OB-X115:retract-text:2:comment": RETRACTED_NOTE,
    "OB-X107:silent-response:1:sendResponse": SILENT_RESPONSE,
    "OB-X112:silent-response:1:sendResponse": SILENT_RESPONSE,
}


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
