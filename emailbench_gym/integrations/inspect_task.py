"""EmailBench as an Inspect task: the scenarios as the dataset, the env's tools, the env's grade.

    inspect eval emailbench_gym/integrations/inspect_task.py --model openai/gpt-4.1
    inspect eval emailbench_gym/integrations/inspect_task.py -T scenarios=OB-N520,OB-H312 \\
        -T profile=full -T judge=openai:gpt-4.1-mini --model ollama/qwen3

- **Dataset**: one `Sample` per scenario (id = scenario id): the persona, its fixed "now" and
  the one way to finish (`submit_answer`) as the system message, the request as the user's.
- **Solver**: per sample, a fresh episode and Inspect's `react` agent with the profile's
  tools (each a `ToolDef` whose schema is the env's neutral spec) and its submit tool
  named `submit_answer`; a rejected call raises Inspect's `ToolError` with the env's JSON
  error, which the model reads as the tool's error. The episode is then graded with the
  submitted answer (or, if the model never submitted, its last text).
- **Scorer**: that grade. The score's value is `{"score", "passed"}`; its metadata is the
  whole grade (static and rubric scores, every check with what was expected and found),
  and the explanation lists the checks that failed.
- **Parameters** (`-T`): `scenarios` (ids, comma-separated; default: all 206 — the place a
  split plugs in, through `resolve_scenarios`), `profile` (adapter | full), `judge`
  (`openai:MODEL` / `anthropic:MODEL`; default: static grading only), `max_calls` (50).

Needs the optional extra `pip install 'emailbench-gym[inspect]'` (`inspect-ai`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import anyio
from inspect_ai import Task, task
from inspect_ai.agent import AgentSubmit, as_solver, react
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessageSystem, ChatMessageUser
from inspect_ai.scorer import Score, Target, mean, scorer, stderr
from inspect_ai.solver import TaskState, solver
from inspect_ai.tool import ToolDef, ToolError, ToolParams

from emailbench_gym.integrations.session import (
    DEFAULT_MAX_CALLS,
    SUBMIT_DESCRIPTION,
    ToolSession,
)
from emailbench_gym.integrations.source import resolve_scenarios

__all__ = ["emailbench"]

SUBMIT_TOOL = "submit_answer"


def _tool(session: ToolSession, spec: dict[str, Any]) -> ToolDef:
    """An Inspect tool running one env tool on `session` (the sample's own episode)."""
    name = spec["name"]

    async def execute(**arguments: Any) -> str:
        content, is_error = await anyio.to_thread.run_sync(partial(session.call, name, arguments))
        if is_error:
            raise ToolError(content)
        return content

    return ToolDef(
        execute,
        name=name,
        description=spec["description"],
        parameters=ToolParams.model_validate(spec["parameters"]),
    )


def dataset(scenarios: Sequence[str] | None, profile: str) -> MemoryDataset:
    """One sample per scenario, with its own system message (the persona's "now" varies)."""
    session = ToolSession(profile=profile)
    samples = []
    for sid in resolve_scenarios(scenarios):
        session.start(sid)
        scenario = session.env.scenario
        assert scenario is not None
        samples.append(
            Sample(
                id=sid,
                input=[
                    ChatMessageSystem(content=session.system_prompt),
                    ChatMessageUser(content=session.task),
                ],
                metadata={
                    "category": scenario.category,
                    "difficulty": scenario.difficulty,
                    "domains": list(scenario.domains),
                    "retained": scenario.retained,
                },
            )
        )
    return MemoryDataset(samples, name="emailbench")


GRADE_KEY = "emailbench_grade"


@solver
def emailbench_agent(profile: str, max_calls: int, judge: Any) -> Any:
    """Per sample: a fresh episode, Inspect's `react` agent on its tools, then the grade.

    The episode is graded with the submitted answer (or, if the model never submitted, its
    last text), and the grade is kept in the sample's store for the scorer.
    """
    from emailbench_gym.grading.judge import make_judge

    judge = make_judge(judge) if isinstance(judge, str) else judge  # one client for all samples

    async def solve(state: TaskState, generate: Any) -> TaskState:
        session = ToolSession(
            str(state.sample_id), profile=profile, max_calls=max_calls, judge=judge
        )
        session.start()
        agent = react(
            prompt=None,  # the sample's system message has the persona and how to finish
            tools=[_tool(session, spec) for spec in session.env.tool_specs()],
            submit=AgentSubmit(name=SUBMIT_TOOL, description=SUBMIT_DESCRIPTION, answer_only=True),
        )
        try:
            state = await as_solver(agent)(state, generate)
        finally:
            answer = state.output.completion if state.output else ""
            await anyio.to_thread.run_sync(partial(session.finish, answer))
            assert session.grade is not None
            state.store.set(
                GRADE_KEY,
                {
                    **session.grade.model_dump(mode="json"),
                    "answer": session.answer,
                    "calls": len(session.trajectory),
                },
            )
        return state

    return solve


@scorer(metrics={"score": [mean(), stderr()], "passed": [mean()]})
def emailbench_grade() -> Any:
    """The env's grade of the sample's episode (made by `emailbench_agent`), as an Inspect score."""

    async def score(state: TaskState, target: Target) -> Score:
        grade = state.store.get(GRADE_KEY)
        if grade is None:
            return Score(
                value={"score": 0.0, "passed": 0.0}, explanation="the episode was never graded"
            )
        failed = [i for i in grade["items"] if i["outcome"] in ("failed", "judge_error")]
        explanation = "; ".join(
            f"{i['outcome']}: {i['description']}" + (f" ({i['reason']})" if i["reason"] else "")
            for i in failed
        )
        return Score(
            value={"score": grade["score"], "passed": float(grade["passed"])},
            answer=grade["answer"],
            explanation=explanation or "every check passed",
            metadata=grade,
        )

    return score


@task
def emailbench(
    scenarios: str | Sequence[str] | None = None,
    profile: str = "adapter",
    judge: str | None = None,
    max_calls: int = DEFAULT_MAX_CALLS,
) -> Task:
    """EmailBench scenarios graded by the env (see the module docstring for the parameters)."""
    ids = scenarios.split(",") if isinstance(scenarios, str) else scenarios
    return Task(
        dataset=dataset(ids, profile),
        solver=emailbench_agent(profile, max_calls, judge),
        scorer=emailbench_grade(),
        message_limit=2 * max_calls + 4,  # a call and its result per tool call, and the ending
        metadata={"profile": profile, "judge": judge or "none", "max_calls": max_calls},
    )
