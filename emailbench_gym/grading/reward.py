"""The env's reward modes: progress (the RL default), the paper's score, or pass/fail.

- `progress`: partial credit for the requirements, never for inaction. Checks that an
  empty episode (no calls, no answer) already passes are guards, not progress: they pay
  nothing, and a failed critical guard (collateral damage, unexpected mail) makes the
  reward 0. The reward is the mean, over the scenario's requirements, of the share of
  each requirement's other checks that passed (judged rubrics count as such checks).
  Doing nothing earns exactly 0; passing every check earns 1.
- `score`: the paper's score (Table 17), as reported in Table 3. An empty episode can
  earn a fair share of it (the "nothing else changed" checks pass).
- `pass`: 1 if the episode passes (paper's rule), else 0.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Literal

from emailbench_gym.grading.grade import Grade

RewardMode = Literal["progress", "score", "pass"]
REWARD_MODES: tuple[str, ...] = RewardMode.__args__  # type: ignore[attr-defined]


def progress(grade: Grade) -> float:
    """Requirement progress in [0, 1] (see the module docstring)."""
    items = [i for i in grade.items if i.outcome in ("passed", "failed")]
    if any(i.vacuous and i.critical and i.outcome == "failed" for i in items):
        return 0.0
    scores: dict[str, list[float]] = defaultdict(list)
    for item in items:
        if item.kind == "static" and item.vacuous:
            continue
        for requirement in item.covers or ["(uncovered)"]:
            scores[requirement].append(item.score or 0.0)
    if not scores:
        return 0.0
    return sum(sum(s) / len(s) for s in scores.values()) / len(scores)


def reward_of(grade: Grade, mode: str) -> float:
    """The reward of a graded episode under `mode`."""
    if mode == "progress":
        return progress(grade)
    if mode == "score":
        return grade.score
    if mode == "pass":
        return float(grade.passed)
    raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, got {mode!r}")
