"""Grading: static checks over the end state and the answer, LLM rubrics, the paper's score, the RL reward."""

from emailbench_gym.grading.checks import ASSERTION_TYPES, Assertion
from emailbench_gym.grading.grade import Grade, ItemResult, grade_episode
from emailbench_gym.grading.judge import Evidence, JudgeError, Verdict, make_judge
from emailbench_gym.grading.reward import REWARD_MODES, reward_of

__all__ = [
    "ASSERTION_TYPES",
    "REWARD_MODES",
    "Assertion",
    "Evidence",
    "Grade",
    "ItemResult",
    "JudgeError",
    "Verdict",
    "grade_episode",
    "make_judge",
    "reward_of",
]
