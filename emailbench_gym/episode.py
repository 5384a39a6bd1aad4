"""One scenario episode over a `Workspace`: reset, tool calls, final answer, grade.

The env, the `validate` command and the reference agent all run episodes through
this class, so setup, call logging and grading happen in one place.
"""

from __future__ import annotations

from typing import Any

from emailbench_gym.api.models import APISnapshot
from emailbench_gym.errors import ToolError
from emailbench_gym.grading.context import ScenarioContext
from emailbench_gym.grading.grade import Grade, grade_episode
from emailbench_gym.grading.judge import Judge
from emailbench_gym.mailbox import Mark
from emailbench_gym.scenarios import Scenario, resolve_refs
from emailbench_gym.workspace import Workspace


class Episode:
    """Runs tool calls for one scenario and grades the outcome."""

    def __init__(self, scenario: Scenario, workspace: Workspace | None = None) -> None:
        self.scenario = scenario
        self.workspace = workspace or Workspace(scenario.corpus())
        self.context = ScenarioContext.of(scenario, self.workspace.mailbox.corpus)
        self.calls: list[dict[str, Any]] = []
        self.mark: Mark | None = None
        self.reset()

    @property
    def initial(self) -> APISnapshot:
        """The start state: the corpus after the scenario's setup."""
        return self.context.initial

    def reset(self) -> None:
        """Restore the corpus, apply the scenario's clock and setup, and mark the start state."""
        self.workspace.reset(now=self.scenario.now)
        results: list[Any] = []
        for call in self.scenario.setup:
            results.append(self.workspace.call(call.name, **resolve_refs(call.arguments, results)))
        self.calls = []
        self.mark = self.workspace.mailbox.mark()

    def call(
        self,
        name: str,
        arguments: dict[str, Any] | None,
        allowed: frozenset[str] | None = None,
        rejected: str | None = None,
    ) -> tuple[Any, bool]:
        """Run and log one tool call; returns (result or error dict, is_error). Never raises.

        `rejected` is a reason found before the call (unreadable action, hidden parameter):
        the call is logged as an `invalid_action` error without running.
        """
        try:
            if rejected is not None:
                raise ToolError("invalid_action", rejected)
            if allowed is not None and name not in allowed:
                raise ToolError(
                    "tool_unavailable",
                    f"The tool {name!r} is not available in this environment. "
                    f"Available tools: {', '.join(sorted(allowed))}.",
                )
            result, is_error = self.workspace.call(name, **(arguments or {})), False
        except ToolError as exc:
            result, is_error = exc.to_dict(), True
        except Exception as exc:
            result = {"error": "internal_error", "message": f"{type(exc).__name__}: {exc}"}
            is_error = True
        self.calls.append(
            {"name": name, "arguments": arguments, "is_error": is_error, "content": result}
        )
        return result, is_error

    def grade(self, answer: str, judge: Judge | None = None) -> Grade:
        """Grade the episode so far with `answer` as its final answer."""
        assert self.mark is not None
        changes = self.workspace.mailbox.changes_since(self.mark)
        return grade_episode(
            self.context, self.workspace.snapshot(), changes, answer, self.calls, judge
        )

    def replay_reference(self) -> tuple[list[Any], str]:
        """Run the scenario's reference calls (resolving `$N` references); returns results and answer."""
        results: list[Any] = []
        for call in self.scenario.solution.calls:
            result, is_error = self.call(call.name, resolve_refs(call.arguments, results))
            if is_error:
                raise ToolError(
                    "reference_failed",
                    f"{self.scenario.id}: reference call #{len(results)} {call.name} failed: {result}",
                )
            results.append(result)
        return results, self.scenario.solution.answer
