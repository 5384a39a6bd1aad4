"""Task families: thousands of verified training tasks over generated worlds (issue 13).

A family (families/base.py) makes, for a world and a seed, a complete task in the
suite's own format: the request (several phrasings, varying slots), any setup, a
reference solution computed through the API on that world, requirements with the
checks covering each, the derived footprint with any latitude, sent-message checks
and answer claims, and calibration answers in several styles. Tasks are verified
before they are served (verify.py); splits (splits.py) pin which ones make up
train, dev and heldout; serve.py loads a task by id. See docs/families.md.
"""

from emailbench_gym.families import catalog  # noqa: F401 - registers every family
from emailbench_gym.families.base import FAMILIES, Family, NotApplicable
from emailbench_gym.families.generate import GeneratedTask, TaskKey, generate, task_hash
from emailbench_gym.families.verify import Verification, verify

__all__ = [
    "FAMILIES",
    "Family",
    "GeneratedTask",
    "NotApplicable",
    "TaskKey",
    "Verification",
    "generate",
    "task_hash",
    "verify",
]
