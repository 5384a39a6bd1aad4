"""Grading: static assertions over snapshots and answers, LLM rubrics, the paper's score."""

from emailbench_gym.grading.assertions import ASSERTION_TYPES, Assertion
from emailbench_gym.grading.grade import Grade, ItemResult, grade_episode
from emailbench_gym.grading.judge import Evidence, JudgeError, Verdict, make_judge

__all__ = [
    "ASSERTION_TYPES",
    "Assertion",
    "Evidence",
    "Grade",
    "ItemResult",
    "JudgeError",
    "Verdict",
    "grade_episode",
    "make_judge",
]
