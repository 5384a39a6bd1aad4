"""`ToolSession`: one EmailBench episode driven one tool call at a time.

MCP clients, TRL's tool loop and verifiers each call one tool per request, so
every call here is one env step (the turn budget counts calls: `max_calls`).
Results are the env's own compact JSON and error results; `submit` sends the
final answer and keeps the grade. Nothing raises on bad input.
"""

from __future__ import annotations

import inspect
import json
import threading
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any, Literal, get_args

from emailbench_gym.api import MethodSpec
from emailbench_gym.api.registry import plain_type
from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.grading.claims.analysis import MAX_ANSWER_CHARS, MAX_ANSWER_VALUES
from emailbench_gym.grading.grade import Grade
from emailbench_gym.grading.judge import Judge
from emailbench_gym.tools import Profile

#: Calls per episode before it ends (graded with an empty answer). Each call is one step here,
#: where the paper's 15 turns could each hold several parallel calls.
DEFAULT_MAX_CALLS = 50

SUBMIT_DESCRIPTION = (
    "Finish the task: send the final answer to the user. This ends the episode and returns "
    "the grade; call it once, after all the work is done."
)
SUBMIT_ANSWER_DOC = (
    "The final answer for the user, in plain text: what was done or found "
    f"(at most {MAX_ANSWER_CHARS:,} characters and {MAX_ANSWER_VALUES:,} numbers, amounts, "
    "dates and times: a longer or denser answer is not read and fails)."
)

#: The one way to finish on every tool surface (the env's own rule is `env.FINISH_BY_TEXT`).
FINISH_BY_SUBMIT = (
    "When the task is done, call the submit_answer tool with the final answer; "
    "nothing else ends the task."
)


def submit_spec() -> dict[str, Any]:
    """The `submit_answer` tool in the neutral spec shape (render it like the API tools)."""
    return {
        "name": "submit_answer",
        "description": SUBMIT_DESCRIPTION,
        "parameters": {
            "type": "object",
            "properties": {"answer": {"type": "string", "description": SUBMIT_ANSWER_DOC}},
            "required": ["answer"],
            "additionalProperties": False,
        },
    }


DATETIME_NOTE = (
    " An ISO 8601 date-time text, e.g. 2001-05-14T09:00:00; without an offset it is in the "
    "mailbox time zone."
)


def _flat(annotation: Any) -> Any:
    """The annotation a tool-schema generator accepts: datetimes become ISO text."""
    annotation = plain_type(annotation)
    if annotation is datetime:
        return str
    args = get_args(annotation)
    if args and datetime in args:
        return str | None if type(None) in args else str
    return annotation


def _mentions_datetime(annotation: Any) -> bool:
    annotation = plain_type(annotation)
    return annotation is datetime or datetime in get_args(annotation)


def tool_method(spec: MethodSpec, visible: tuple[str, ...] | None) -> Any:
    """A method `name(self, <params>)` with the tool's typed signature and Google docstring.

    Schema generators (transformers' `get_json_schema`, MCP's function tools) read the
    signature and docstring; the body forwards any arguments, unchecked, to the owner's
    `_call(name, params, args, kwargs)`, so bad arguments reach the env and come back
    as its error results.
    """
    params = visible if visible is not None else spec.params
    fields = spec.args_model.model_fields
    name = spec.name

    def tool(self: Any, *args: Any, **kwargs: Any) -> Any:
        return self._call(name, params, args, kwargs)

    parameters = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    annotations: dict[str, Any] = {}
    arg_lines = []
    for param in params:
        field = fields[param]
        annotation = _flat(field.annotation)
        default = inspect.Parameter.empty if field.is_required() else field.default
        parameters.append(
            inspect.Parameter(
                param,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=default,
                annotation=annotation,
            )
        )
        annotations[param] = annotation
        note = DATETIME_NOTE if _mentions_datetime(field.annotation) else ""
        arg_lines.append(f"    {param}: {spec.param_docs.get(param, '')}{note}")
    annotations["return"] = str
    tool.__signature__ = inspect.Signature(parameters, return_annotation=annotations["return"])  # type: ignore[attr-defined]
    tool.__annotations__ = annotations
    tool.__name__ = tool.__qualname__ = name
    tool.__doc__ = spec.description + ("\n\nArgs:\n" + "\n".join(arg_lines) if arg_lines else "")
    return tool


class ToolSession:
    """An `EmailBenchEnv` episode as individual tool calls plus one `submit`.

    Thread-safe: calls on one session run one at a time (servers run them in worker threads,
    so a slow judge in one session never holds up another). `on_finish(session)` runs once
    per episode, when it is graded (by `submit` or by the call budget).
    """

    def __init__(
        self,
        scenario_id: str | None = None,
        *,
        profile: str | Profile = "adapter",
        tools: Literal["profile", "domains"] = "profile",
        max_calls: int = DEFAULT_MAX_CALLS,
        judge: str | Judge | None = None,
        on_finish: Callable[[ToolSession], None] | None = None,
    ) -> None:
        self.env = EmailBenchEnv(
            scenario_id, profile=profile, tools=tools, max_turns=max_calls, judge=judge
        )
        self.on_finish = on_finish
        self.scenario_id: str | None = None
        self.task = ""
        self.system_prompt = ""
        self.grade: Grade | None = None
        self.answer = ""
        self.submitted = False  # ended by `submit`, not by the call budget
        self.trajectory: list[dict[str, Any]] = []
        self.started_at = 0.0
        self.elapsed = 0.0
        self._lock = threading.Lock()

    @property
    def tool_names(self) -> list[str]:
        """The current episode's tools (with `tools="domains"`: its scenario's domains')."""
        return sorted(self.offered)

    @property
    def offered(self) -> dict[str, tuple[str, ...] | None]:
        """The current episode's tools and the parameters each shows (None: all of them)."""
        return dict(self.env.episode_profile.tools)

    @property
    def active(self) -> bool:
        return self.scenario_id is not None and self.grade is None

    def start(self, scenario_id: str | None = None) -> str:
        """Reset to `scenario_id` (or the env's own choice) and return the task text."""
        options = {"scenario_id": scenario_id} if scenario_id else None
        with self._lock:
            observation, info = self.env.reset(options=options)
            self.scenario_id = info["scenario_id"]
            self.task = observation["content"]
            self.system_prompt = f"{self.env.persona_prompt()} {FINISH_BY_SUBMIT}"
            self.grade = None
            self.answer = ""
            self.submitted = False
            self.trajectory = []
            self.started_at = time.perf_counter()
            self.elapsed = 0.0
        return self.task

    def task_prompt(self) -> str:
        """The persona, the fixed "now" and the task, with how to finish: a model's first message."""
        return f"{self.system_prompt}\n\nTask: {self.task}"

    def call(self, name: str, arguments: Any = None) -> tuple[str, bool]:
        """Run one tool call; returns (result JSON text, is_error). Ends the episode at the budget."""
        with self._lock:
            if not self.active:
                return json.dumps(self._closed_error()), True
            call_id = f"call_{len(self.trajectory) + 1}"
            action = {"name": name, "arguments": {} if arguments is None else arguments}
            action["id"] = call_id
            observation, _reward, terminated, truncated, info = self.env.step(action)
            result = observation["results"][0]
            self.trajectory.append(
                {
                    "id": call_id,
                    "name": name,
                    "arguments": arguments,
                    "is_error": result["is_error"],
                    "content": result["content"],
                }
            )
            if not (terminated or truncated):
                return result["content"], result["is_error"]
            self._graded(
                info["grade"], "", submitted=False
            )  # the call budget is used up: say so with the result
        if result["is_error"]:
            error = json.loads(result["content"])
            error["message"] = f"{error['message']} {observation['content']}"
            return json.dumps(error), True
        return f"{result['content']}\n{observation['content']}", False

    def submit(self, answer: str) -> tuple[dict[str, Any], bool]:
        """Send the final answer; returns (grade summary, is_error). A second submit is an error."""
        with self._lock:
            if not self.active:
                return self._closed_error(), True
            if not isinstance(answer, str):
                answer = json.dumps(answer, default=str)
            _observation, _reward, _terminated, _truncated, info = self.env.step(
                {"final_answer": answer}
            )
            self._graded(info["grade"], answer, submitted=True)
        return self.summary(), False

    def finish(self, answer: str = "") -> None:
        """Grade an episode that is still open with `answer` (what its model last said, or "")."""
        if self.active:
            self.submit(answer)

    def summary(self) -> dict[str, Any]:
        """The grade as JSON-able data (score, passed, and why each item passed or failed)."""
        if self.grade is None:
            return {}
        return {"scenario_id": self.scenario_id, **self.grade.model_dump(mode="json")}

    @property
    def score(self) -> float:
        """The grade's score, 0.0 while the episode has no grade."""
        return self.grade.score if self.grade is not None else 0.0

    def _graded(self, grade: Grade, answer: str, submitted: bool) -> None:
        self.grade, self.answer, self.submitted = grade, answer, submitted
        self.elapsed = time.perf_counter() - self.started_at
        if self.on_finish is not None:
            self.on_finish(self)

    def _closed_error(self) -> dict[str, str]:
        if self.scenario_id is None:
            return {"error": "no_episode", "message": "No episode has started: reset first."}
        return {
            "error": "episode_over",
            "message": f"The episode is over (score {self.score:.2f}); tools and submit_answer "
            "no longer run. Start a new episode to continue.",
        }
