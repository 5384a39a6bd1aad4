"""The reference agent: replays a scenario's reference solution through the env, offline.

Each solution call is one turn; `$N` references are resolved against the parsed
results the env returned (what a model would see). When the solution has more calls
than the turn budget allows, independent calls are packed into parallel turns.
It plays the solution that fits the episode's tool profile (`Scenario.solution_for`); a
scenario that cannot be completed with the profile's tools gets an answer saying so, at once.
"""

from __future__ import annotations

import json
from typing import Any

from emailbench_gym.agents.base import TimedAgent
from emailbench_gym.scenarios import ToolCall, load_scenario, resolve_refs
from emailbench_gym.tools import Profile, domain_profile, load_profile

_REF_INDEX = "$"


def _refs(value: Any) -> set[int]:
    """Indexes of the earlier results an argument value refers to (`$N...`)."""
    if isinstance(value, dict):
        return set().union(*(_refs(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_refs(v) for v in value))
    if isinstance(value, str) and value.startswith(_REF_INDEX):
        digits = value[1:].split(".", 1)[0].split("[", 1)[0]
        return {int(digits)} if digits.isdigit() else set()
    return set()


def plan_turns(calls: list[ToolCall], budget: int) -> list[list[int]]:
    """Call indexes per turn: one call per turn if `budget` allows, else dependency-packed turns."""
    if len(calls) <= budget:
        return [[i] for i in range(len(calls))]
    turns: list[list[int]] = []
    for index, call in enumerate(calls):
        if turns and not _refs(call.arguments) & set(turns[-1]):
            turns[-1].append(index)
        else:
            turns.append([index])
    return turns


def _parse(content: str) -> Any:
    """A result as the model saw it (a page's `[*]` and `[N]` refer to its items)."""
    try:
        return json.loads(content)
    except json.JSONDecodeError:
        return content


class ReferenceAgent(TimedAgent):
    """Replays the scenario's reference solution one call per turn, then gives its answer."""

    def __init__(self) -> None:
        super().__init__(model="reference", kind="reference")
        self._calls: list[ToolCall] = []
        self._turns: list[list[int]] = []
        self._results: list[Any] = []
        self._answer = ""

    def start(self, observation: dict[str, Any], info: dict[str, Any]) -> None:
        scenario = load_scenario(info["scenario_id"])
        try:
            profile: Profile | None = load_profile(info["profile"])
        except ValueError:  # a custom profile: play the main solution
            profile = None
        if profile is not None and {t["name"] for t in info["tools"]} != set(profile.tools):
            profile = domain_profile(profile, tuple(info["domains"]))  # tools="domains"
        solution = scenario.solution_for(profile) if profile else scenario.solution
        self._calls = list(solution.calls) if solution else []
        self._turns = plan_turns(self._calls, info["max_turns"] - 1)
        self._results = []
        self._answer = (
            solution.answer
            if solution
            else "This task cannot be completed with the tools of the "
            f"{profile.name if profile else info['profile']} profile."
        )

    def turn(self, observation: dict[str, Any]) -> Any:
        self._results.extend(_parse(r["content"]) for r in observation["results"])
        if not self._turns:
            self.last_turn.text = self._answer
            return {"final_answer": self._answer}
        return [
            {
                "id": f"ref_{i}",
                "name": self._calls[i].name,
                "arguments": resolve_refs(self._calls[i].arguments, self._results),
            }
            for i in self._turns.pop(0)
        ]
