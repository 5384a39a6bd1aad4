"""Property tests (hypothesis) and a 10,000-action fuzz run over the registered envs.

Random call sequences over every API method, with plausible or junk arguments, raise
nothing but `ToolError`; a failed call changes nothing; `reset()` always restores the
digest. The fuzz run feeds `action_space.sample()` and malformed actions to the envs:
nothing raises and every reset restores the scenario's start state.
"""

from __future__ import annotations

import contextlib
import types
import typing
from datetime import datetime
from typing import Any

import gymnasium as gym
import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emailbench_gym import SCENARIO_IDS, ToolError, Workspace, load_corpus
from emailbench_gym.api import METHODS
from emailbench_gym.api.registry import plain_type
from emailbench_gym.env import EmailBenchEnv

TOOLS = sorted(n for n, s in METHODS.items() if s.kind != "evaluation")
CORPUS = load_corpus()
IDS = sorted({key for items in CORPUS.collections.values() for key in items})
WORDS = [
    "inbox",
    "sentitems",
    "archive",
    "Raptor",
    "FERC",
    "Dynegy",
    "sally.beck@enron.com",
    "jeff.skilling@enron.com",
    "isRead eq false",
    "importance eq 'high'",
    "contains(subject, 'Raptor')",
    "receivedDateTime desc",
    "subject asc",
    "2001-10-16T10:00:00",
    "2001-10-20",
    "Projects",
    "high",
    "flagged",
    "accept",
    "folder-5001",
    "evt-5001",
]
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)
PLAUSIBLE_TEXT = st.one_of(st.sampled_from(IDS), st.sampled_from(WORDS), st.text(max_size=30))


def plausible(annotation: Any) -> st.SearchStrategy[Any]:
    """Values of a parameter's type, drawn mostly from the corpus's world."""
    annotation = plain_type(annotation)
    origin = typing.get_origin(annotation)
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(st.none(), *(plausible(a) for a in args))
    if origin is list:
        return st.lists(plausible(args[0]), max_size=4)
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        return st.integers(min_value=-3, max_value=120)
    if annotation is float:
        return st.floats(min_value=-1, max_value=100, allow_nan=False)
    if annotation is datetime:
        return st.one_of(
            st.datetimes(min_value=datetime(2001, 9, 1), max_value=datetime(2002, 1, 31)).map(
                datetime.isoformat
            ),
            st.sampled_from(["2001-10-16T10:00:00Z", "2001-10-16", "tomorrow", ""]),
        )
    return PLAUSIBLE_TEXT


def arguments_for(name: str) -> st.SearchStrategy[dict[str, Any]]:
    """Plausible arguments, sometimes with a junk value, a missing or an unknown argument."""
    fields = METHODS[name].args_model.model_fields
    required = {p: plausible(f.annotation) for p, f in fields.items() if f.is_required()}
    optional = {p: plausible(f.annotation) for p, f in fields.items() if not f.is_required()}
    base = st.fixed_dictionaries(required, optional=optional)
    junk_keys = st.sampled_from([*fields, "unexpected"]) if fields else st.just("unexpected")
    return st.one_of(
        *[base] * 6,
        st.tuples(base, junk_keys, JUNK).map(lambda t: {**t[0], t[1]: t[2]}),
        base.map(lambda a: dict(list(a.items())[1:])),
    )


CALLS = st.one_of(
    st.sampled_from(TOOLS).flatmap(lambda n: arguments_for(n).map(lambda a: (n, a))),
    st.tuples(st.sampled_from(["snapshot", "reset", "nope", "messages_"]), st.just({})),
)
WORKSPACE = Workspace()
PRISTINE = WORKSPACE.digest()
FAST = settings(
    max_examples=120,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FAST
@given(st.lists(CALLS, min_size=1, max_size=25))
def test_random_call_sequences_raise_only_tool_errors(calls: list[tuple[str, Any]]) -> None:
    ws = WORKSPACE
    ws.reset()
    for name, arguments in calls:
        try:
            ws.call(name, **arguments)
        except ToolError as exc:
            assert exc.code and exc.message
    ws.reset()
    assert ws.digest() == PRISTINE


@settings(FAST, max_examples=60)
@given(st.lists(CALLS, min_size=1, max_size=12))
def test_failed_calls_change_nothing(calls: list[tuple[str, Any]]) -> None:
    ws = WORKSPACE
    ws.reset()
    for name, arguments in calls:
        before = ws.digest()
        try:
            ws.call(name, **arguments)
        except ToolError:
            assert ws.digest() == before, name
    ws.reset()
    assert ws.digest() == PRISTINE


@settings(FAST, max_examples=60)
@given(st.lists(CALLS, max_size=10), st.integers(1, 6))
def test_ids_restart_after_any_history(calls: list[tuple[str, Any]], count: int) -> None:
    ws = WORKSPACE
    ws.reset()
    for name, arguments in calls:
        with contextlib.suppress(ToolError):
            ws.call(name, **arguments)
    for index in range(count):
        ws.call("folders_create", displayName=f"Fresh {index}")
    ws.reset()
    assert ws.call("folders_create", displayName="Again")["id"] == "folder-5001"
    ws.reset()


# --- fuzzing the envs ------------------------------------------------------------------------

FUZZ_ACTIONS = 10_000


def _nested(depth: int) -> Any:
    value: Any = {"name": "messages_get", "arguments": {"id": "msg-001"}}
    for index in range(depth):
        value = [value] if index % 2 else {"content": value, "role": "assistant"}
    return value


def junk_action(rng: np.random.Generator, tool: str) -> Any:
    """A malformed action: wrong types, huge strings, unicode, deep nesting, None, numbers."""
    huge = "\U0001f4e7" * int(rng.integers(1, 20_000))
    makers: list[typing.Callable[[], Any]] = [
        lambda: None,
        lambda: int(rng.integers(-(10**9), 10**9)),
        lambda: float(rng.random()),
        lambda: huge,
        lambda: b"\x00\xff bytes",
        lambda: {"name": tool, "arguments": {"id": "\x00\x1b[31m\xff\ufffd" * 50, "query": "\x00"}},
        lambda: {"name": tool, "arguments": {"id": {"deep": [[[[{"x": None}]]]]}, "top": 1e308}},
        lambda: {"name": tool, "arguments": huge},
        lambda: {"name": tool, "arguments": {"id": huge, "top": -1, "filter": "((("}},
        lambda: {"name": tool, "arguments": [1, None, {"a": b"x"}]},
        lambda: {"name": tool, "arguments": '{"id": "msg-001"'},
        lambda: {"name": ["not", "a", "name"], "arguments": {}},
        lambda: {"name": "\u202e\u0000tool", "arguments": {"\ud800": 1}},
        lambda: _nested(int(rng.integers(1, 3_000))),
        lambda: {"type": "function_call", "name": tool, "arguments": '"{\\"x\\": 1}"'},
        lambda: {"type": "tool_use", "name": tool, "input": None, "id": 7},
        lambda: {"function": {"name": tool, "arguments": "null"}, "id": None},
        lambda: [{"name": tool, "arguments": {"unexpected": float("nan")}}] * 3,
    ]
    return makers[int(rng.integers(len(makers)))]()


def _make(env_id: str) -> EmailBenchEnv:
    if env_id == "suite/full":  # every scenario, every tool (boards too), short episodes
        return EmailBenchEnv(profile="full", max_turns=6)
    return gym.make(env_id).unwrapped


def test_fuzz_10000_actions_across_registered_envs() -> None:
    rng = np.random.default_rng(20011015)
    env_ids = [f"EmailBench-{sid}" for sid in SCENARIO_IDS] + ["EmailBench-Suite", "suite/full"]
    envs: dict[str, EmailBenchEnv] = {}  # made when first drawn, so many scenarios stay cheap
    start: dict[tuple[str, str], str] = {}

    def reset(env_id: str, seed: int) -> None:
        env = envs[env_id]
        _, info = env.reset(seed=seed)
        digest = env.workspace.digest()
        assert start.setdefault((env_id, info["scenario_id"]), digest) == digest

    steps = 0
    while steps < FUZZ_ACTIONS:
        env_id = env_ids[int(rng.integers(len(env_ids)))]
        env = envs.setdefault(env_id, _make(env_id))
        reset(env_id, int(rng.integers(10**6)))
        env.action_space.seed(int(rng.integers(10**6)))
        done = False
        while not done and steps < FUZZ_ACTIONS:
            if rng.random() < 0.5:
                action = env.action_space.sample()
            else:
                action = junk_action(rng, env.action_space.tool_names[int(rng.integers(3))])
            observation, reward, terminated, truncated, _ = env.step(action)
            steps += 1
            assert observation in env.observation_space
            assert 0.0 <= reward <= 1.0
            done = terminated or truncated
    for env_id in envs:  # mid-episode or not, every env resets to its scenario's start state
        reset(env_id, 0)
    assert len(start) > 1
