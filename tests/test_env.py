"""The Gymnasium env (issue 4): registration, reset/step contract, every action shape, episode end,
profiles, rendering, the suite env, env_checker and vector envs."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import anthropic
import gymnasium as gym
import openai
import pytest
from gymnasium.utils.env_checker import check_env

import emailbench_gym
from emailbench_gym import SCENARIO_IDS
from emailbench_gym.api.common import clock_zone_name
from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.grading.grade import Grade
from emailbench_gym.scenarios import load_scenario
from emailbench_gym.tools import tool_specs
from tests.fakellm import (
    FakeLLM,
    chat_text,
    chat_tool_calls,
    messages_text,
    messages_tool_use,
    responses_text,
    responses_tool_calls,
)
from tests.test_actions import ARGS, ONE_CALL_SHAPES

REGISTERED = [f"EmailBench-{sid}" for sid in SCENARIO_IDS]
N520 = "OB-N520"
INFO_KEYS = {
    "scenario_id",
    "category",
    "difficulty",
    "domains",
    "retained",
    "profile",
    "completable",
    "max_turns",
    "system_prompt",
    "tools",
}
KEYWORDS = ("Raptor", "Dynegy", "FERC")


def call(name: str, call_id: str = "c", **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments, "id": call_id}


def result(observation: dict[str, Any], index: int = 0) -> Any:
    assert not observation["results"][index]["is_error"], observation["results"][index]
    return json.loads(observation["results"][index]["content"])


def solve_n520(env: gym.Env) -> tuple[float, list[float]]:
    """Solve OB-N520 through env.step with the ids the results return; (final reward, rewards)."""
    rewards = []

    def step(action: Any) -> dict[str, Any]:
        observation, reward, terminated, truncated, _ = env.step(action)
        rewards.append(reward)
        assert not (terminated or truncated)
        return observation

    projects = result(step(call("folders_create", displayName="Projects")))["id"]
    created = step(
        [call("folders_create", k, displayName=k, parentFolderId=projects) for k in KEYWORDS]
    )
    folders = {k: result(created, i)["id"] for i, k in enumerate(KEYWORDS)}
    found = step([call("messages_search", k, query=k, top=50) for k in KEYWORDS])
    moves = [
        call(
            "messages_batchMove",
            k,
            messageIds=[m["id"] for m in result(found, i)["items"]],
            destinationId=folders[k],
        )
        for i, k in enumerate(KEYWORDS)
    ]
    step(moves)
    _, reward, terminated, truncated, info = env.step({"final_answer": "Moved 6, 8 and 8 emails."})
    assert terminated and not truncated
    assert isinstance(info["grade"], Grade)
    return reward, rewards


@pytest.fixture
def env() -> EmailBenchEnv:
    if N520 not in SCENARIO_IDS:
        pytest.skip("OB-N520 not authored yet")
    return EmailBenchEnv(N520)


# --- registration and reset ------------------------------------------------------------------


def test_suite_is_registered_and_every_scenario_too() -> None:
    assert "EmailBench-Suite" in gym.registry
    for env_id in REGISTERED:
        spec = gym.spec(env_id)
        assert spec.max_episode_steps is None  # the env owns its turn budget
        assert spec.version is None


@pytest.mark.parametrize("env_id", REGISTERED)
def test_make_and_reset_every_registered_env(env_id: str) -> None:
    env = gym.make(env_id)
    observation, info = env.reset(seed=0)
    assert observation == {
        "kind": "task",
        "content": load_scenario(info["scenario_id"]).query,
        "results": [],
    }
    assert observation in env.observation_space
    assert set(info) == INFO_KEYS
    assert f"EmailBench-{info['scenario_id']}" == env_id
    env.close()


def test_reset_info_contract(env: EmailBenchEnv) -> None:
    _, info = env.reset()
    assert info["max_turns"] == 15
    assert info["profile"] == "adapter"
    assert info["tools"] == tool_specs("adapter")
    assert len(info["tools"]) == 46
    assert "Dana Whitfield" in info["system_prompt"]
    assert "2001" in info["system_prompt"]
    assert info["category"] == "folders" and info["difficulty"] == "D3"


def test_the_prompt_names_the_zone_as_its_clock_shows_it_that_day(env: EmailBenchEnv) -> None:
    _, info = env.reset()  # 15 October 2001, 09:00 at -05:00: Houston on daylight saving time
    assert "(Central Daylight Time; ISO 2001-10-15T09:00:00-05:00)" in info["system_prompt"]
    winter = dt.datetime(2001, 12, 3, 15, tzinfo=dt.timezone.utc)
    summer = dt.datetime(2001, 7, 2, 15, tzinfo=dt.timezone.utc)
    assert clock_zone_name("Central Standard Time", winter) == "Central Standard Time"
    assert clock_zone_name("GMT Standard Time", summer) == "GMT Daylight Time"
    assert clock_zone_name("W. Europe Standard Time", winter) == "W. Europe Standard Time"
    assert clock_zone_name("Tokyo Standard Time", summer) == "Tokyo Standard Time"
    assert clock_zone_name("UTC", summer) == "UTC"


def test_no_wall_clock_values(env: EmailBenchEnv) -> None:
    observation, info = env.reset()
    text = json.dumps([observation, info], default=str)
    today = dt.date.today()
    for stamp in (today.isoformat(), str(today.year), today.strftime("%B %d")):
        assert stamp not in text
    assert (observation, info) == EmailBenchEnv(N520).reset()


def test_make_kwargs() -> None:
    if N520 not in SCENARIO_IDS:
        pytest.skip("OB-N520 not authored yet")
    env = gym.make(f"EmailBench-{N520}", profile="full", max_turns=4, judge=None, reward="pass")
    _, info = env.reset()
    assert (info["profile"], info["max_turns"], len(info["tools"])) == ("full", 4, 119)
    with pytest.raises(ValueError, match="reward"):
        gym.make(f"EmailBench-{N520}", reward="bonus")
    with pytest.raises(ValueError, match="profile"):
        gym.make(f"EmailBench-{N520}", profile="nope")


# --- actions ---------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ONE_CALL_SHAPES.values(), ids=list(ONE_CALL_SHAPES))
def test_step_accepts_every_action_shape(env: EmailBenchEnv, action: Any) -> None:
    env.reset()
    observation, reward, terminated, truncated, info = env.step(action)
    assert observation["kind"] == "tool_results"
    assert observation in env.observation_space
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert info == {"turn": 1, "calls": 1, "errors": 0}
    (entry,) = observation["results"]
    assert (entry["id"], entry["name"]) == ("call_a", "messages_search")
    assert len(json.loads(entry["content"])["items"]) == ARGS["top"]


def test_real_sdk_replies_are_actions(env: EmailBenchEnv) -> None:
    """Replies parsed by the real SDKs (from the loopback server) step the env as they are."""
    calls = [("messages_search", {"query": "Raptor", "top": 50}), ("folders_list", "{}")]
    replies = iter(
        [
            chat_tool_calls(calls),
            chat_text("Done."),
            responses_tool_calls(calls),
            responses_text("Done."),
            messages_tool_use([(n, a if isinstance(a, dict) else {}) for n, a in calls]),
            messages_text("Done."),
        ]
    )
    with FakeLLM(lambda request: next(replies)) as server:
        client = openai.OpenAI(base_url=server.openai_base_url, api_key="test", max_retries=0)
        claude = anthropic.Anthropic(
            base_url=server.anthropic_base_url, api_key="test", max_retries=0
        )
        chat = [{"role": "user", "content": "go"}]
        turns = {
            "chat": lambda: (
                client.chat.completions.create(model="m", messages=chat).choices[0].message
            ),
            "responses": lambda: client.responses.create(model="m", input="go").output,
            "anthropic": lambda: (
                claude.messages.create(
                    model="m", max_tokens=16, messages=[{"role": "user", "content": "go"}]
                ).content
            ),
        }
        for api, turn in turns.items():
            env.reset()
            observation, *_ = env.step(turn())
            assert [r["name"] for r in observation["results"]] == [
                "messages_search",
                "folders_list",
            ]
            assert not any(r["is_error"] for r in observation["results"]), api
            assert len(json.loads(observation["results"][0]["content"])["items"]) == 6
            _, _, terminated, _, info = env.step(turn())
            assert terminated and info["answer"] == "Done.", api


@pytest.mark.parametrize(
    "action",
    [
        {"final_answer": "Nothing to do."},
        "Nothing to do.",
        {"role": "assistant", "content": "Nothing to do."},
        [{"type": "text", "text": "Nothing to do."}],
    ],
)
def test_final_answer_terminates_and_is_graded(env: EmailBenchEnv, action: Any) -> None:
    env.reset()
    observation, reward, terminated, truncated, info = env.step(action)
    assert (observation["kind"], terminated, truncated) == ("final", True, False)
    assert info["answer"] == "Nothing to do."
    assert isinstance(info["grade"], Grade)
    assert info["score"] == info["grade"].score < 1.0  # doing nothing does not pass
    assert reward == 0.0  # and earns no progress reward


def test_bad_input_is_an_error_result_and_changes_nothing(env: EmailBenchEnv) -> None:
    env.reset()
    before = env.workspace.digest()
    junk = {
        None: "final_answer",  # the error lists the accepted forms
        42: "final_answer",
        "{}": "final_answer",
        '{"name": "folders_create", "arguments": "{oops"}': "JSON object",
    }
    for raw, hint in junk.items():
        action = json.loads(raw) if isinstance(raw, str) else raw
        observation, reward, terminated, _, _ = env.step(action)
        assert observation["results"][0]["is_error"]
        assert hint in observation["results"][0]["content"]
        assert (reward, terminated) == (0.0, False)
    assert env.workspace.digest() == before


def test_parallel_calls_each_get_a_result(env: EmailBenchEnv) -> None:
    env.reset()
    observation, *_, info = env.step(
        [call("messages_get", "a", id="msg-001"), call("messages_get", "b", id="msg-nope")]
    )
    assert [r["id"] for r in observation["results"]] == ["a", "b"]
    assert [r["is_error"] for r in observation["results"]] == [False, True]
    assert info == {"turn": 1, "calls": 2, "errors": 1}
    assert "messages_list or messages_search" in observation["results"][1]["content"]


def test_tool_outside_profile_is_unavailable(env: EmailBenchEnv) -> None:
    env.reset()
    before = env.workspace.digest()
    observation, *_ = env.step(call("boards_createTask", boardId="board-001", title="X"))
    content = json.loads(observation["results"][0]["content"])
    assert content["error"] == "tool_unavailable"
    assert env.workspace.digest() == before


def test_hidden_parameter_is_an_error(env: EmailBenchEnv) -> None:
    env.reset()
    observation, *_ = env.step(call("messages_count", filter="isRead eq false", folderId="inbox"))
    entry = observation["results"][0]
    assert entry["is_error"]
    assert "folderId" in entry["content"]
    full = EmailBenchEnv(N520, profile="full")
    full.reset()
    observation, *_ = full.step(call("messages_count", filter="isRead eq false", folderId="inbox"))
    assert not observation["results"][0]["is_error"]


def test_list_pages_are_whole_and_their_next_skip_is_exact() -> None:
    env = EmailBenchEnv(N520, profile="full")
    env.reset()
    observation, *_ = env.step(call("messages_list", top=100))
    page = json.loads(observation["results"][0]["content"])
    assert (len(page["items"]), page["total"], page["nextSkip"]) == (65, 65, None)
    assert all("body" not in item and "bodyPreview" in item for item in page["items"])
    seen: list[str] = []
    skip: int | None = 0
    calls = 0
    while skip is not None:
        observation, *_ = env.step(call("messages_list", top=20, skip=skip))
        page = json.loads(observation["results"][0]["content"])
        seen += [item["id"] for item in page["items"]]
        skip, calls = page["nextSkip"], calls + 1
    assert calls == 4 and len(seen) == len(set(seen)) == 65


def test_a_page_without_skip_in_the_profile_says_how_to_see_the_rest() -> None:
    env = EmailBenchEnv(N520)  # adapter: messages_search takes query and top only (Table 34)
    env.reset()
    observation, *_ = env.step(call("messages_search", query="enron", top=3))
    page = json.loads(observation["results"][0]["content"])
    assert len(page["items"]) == 3 and page["total"] > 3
    assert page["nextSkip"] is None and "narrow the query" in page["note"]


# --- reward and episode end ------------------------------------------------------------------


def test_scripted_solution_scores_one_and_rewards_only_at_the_end(env: EmailBenchEnv) -> None:
    env.reset()
    reward, rewards = solve_n520(env)
    assert rewards == [0.0] * 4
    assert reward == 1.0


def test_reward_pass_mode() -> None:
    if N520 not in SCENARIO_IDS:
        pytest.skip("OB-N520 not authored yet")
    env = EmailBenchEnv(N520, reward="pass")
    env.reset()
    *_, info = env.step("I did nothing.")
    assert info["grade"].passed is False
    env.reset()
    assert solve_n520(env)[0] == 1.0


def test_public_grade_survives_an_outside_time_limit() -> None:
    """A TimeLimit the env cannot see ends the episode ungraded; env.unwrapped.grade() grades it."""
    env = gym.make(f"EmailBench-{N520}", max_episode_steps=2)
    env.reset()
    env.step(call("folders_create", displayName="Projects"))
    _, reward, terminated, truncated, info = env.step(call("folders_list"))
    assert (reward, terminated, truncated, "grade" in info) == (0.0, False, True, False)
    grade = env.unwrapped.grade()
    assert isinstance(grade, Grade) and not grade.passed and 0.0 < grade.score < 1.0
    assert env.unwrapped.grade() == grade  # grading changes nothing
    fresh = EmailBenchEnv(N520)
    with pytest.raises(RuntimeError, match="reset"):
        fresh.grade()
    fresh.reset()
    assert solve_n520(fresh)[0] == 1.0
    assert fresh.grade(load_scenario(N520).solution.answer).passed  # after the end, too


def test_info_tools_pickle_small_and_come_back_equal() -> None:
    import pickle

    info = EmailBenchEnv(N520).reset()[1]
    data = pickle.dumps(info["tools"])
    assert len(data) < 3_000 < len(json.dumps(info["tools"]))
    assert pickle.loads(data) == tool_specs("adapter")


def test_truncated_at_max_turns_and_graded() -> None:
    if N520 not in SCENARIO_IDS:
        pytest.skip("OB-N520 not authored yet")
    env = EmailBenchEnv(N520, max_turns=3)
    env.reset()
    for turn in range(1, 3):
        _, reward, terminated, truncated, info = env.step(call("folders_list"))
        assert (reward, terminated, truncated, info["turn"]) == (0.0, False, False, turn)
    observation, reward, terminated, truncated, info = env.step(call("folders_list"))
    assert (observation["kind"], terminated, truncated) == ("final", False, True)
    assert len(observation["results"]) == 1  # the last turn's calls still ran
    assert isinstance(info["grade"], Grade)
    assert reward == 0.0 and info["score"] == info["grade"].score  # looking around is no progress


def test_stepping_after_the_end_raises_until_reset(env: EmailBenchEnv) -> None:
    with pytest.raises(RuntimeError, match="reset"):
        env.step("too early")
    env.reset()
    env.step("done")
    for _ in range(2):
        with pytest.raises(RuntimeError, match="reset"):
            env.step(call("folders_list"))
    env.reset()
    observation, *_ = env.step(call("folders_list"))
    assert observation["kind"] == "tool_results"


def test_reset_restores_the_start_state(env: EmailBenchEnv) -> None:
    env.reset()
    start = env.workspace.digest()
    solve_n520(env)
    assert env.workspace.digest() != start
    env.reset()
    assert env.workspace.digest() == start
    observation, *_ = env.step(call("folders_create", displayName="Projects"))
    assert result(observation)["id"] == "folder-5001"


def test_render_ansi() -> None:
    if N520 not in SCENARIO_IDS:
        pytest.skip("OB-N520 not authored yet")
    env = gym.make(f"EmailBench-{N520}", render_mode="ansi")
    env.reset()
    env.step(call("folders_create", displayName="Projects"))
    env.step("Done.")
    text = env.render()
    assert isinstance(text, str)
    for piece in (
        "[task OB-N520]",
        "[call folders_create]",
        "folder-5001",
        "[answer] Done.",
        "[end]",
    ):
        assert piece in text
    assert EmailBenchEnv(N520).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        EmailBenchEnv(N520, render_mode="human")


def test_tool_specs_formats(env: EmailBenchEnv) -> None:
    assert env.tool_specs() == tool_specs("adapter")
    assert env.tool_specs("anthropic")[0]["input_schema"]
    with pytest.raises(ValueError, match="mcp"):
        env.tool_specs("xml")


# --- suite -----------------------------------------------------------------------------------


def test_suite_draws_are_seeded_and_cover_the_pool() -> None:
    env = gym.make("EmailBench-Suite")

    def draws(seed: int) -> list[str]:
        first = env.reset(seed=seed)[1]["scenario_id"]
        return [first] + [env.reset()[1]["scenario_id"] for _ in range(29)]

    assert draws(7) == draws(7)
    drawn = set(draws(3))
    assert drawn <= set(SCENARIO_IDS) and len(drawn) > 10


def test_suite_option_scenario_id() -> None:
    env = EmailBenchEnv()
    for sid in SCENARIO_IDS:
        assert env.reset(options={"scenario_id": sid})[1]["scenario_id"] == sid
    with pytest.raises(ValueError, match="pool"):
        env.reset(options={"scenario_id": "OB-Z999"})


def test_suite_filters() -> None:
    sid = SCENARIO_IDS[0]
    scenario = load_scenario(sid)
    by_category = EmailBenchEnv(categories=[scenario.category])
    assert sid in by_category.pool
    assert all(load_scenario(s).category == scenario.category for s in by_category.pool)
    by_level = EmailBenchEnv(difficulty=scenario.difficulty)
    assert all(load_scenario(s).difficulty == scenario.difficulty for s in by_level.pool)
    kept = EmailBenchEnv(retained=scenario.retained)
    assert all(load_scenario(s).retained == scenario.retained for s in kept.pool)
    assert EmailBenchEnv(scenarios=[sid]).pool == [sid]
    assert EmailBenchEnv(scenarios=[sid]).reset(seed=1)[1]["scenario_id"] == sid
    with pytest.raises(ValueError, match="unknown"):
        EmailBenchEnv(scenarios=["OB-Z999"])
    with pytest.raises(ValueError, match="unknown"):
        EmailBenchEnv("OB-Z999")
    with pytest.raises(ValueError, match="no scenario matches"):
        EmailBenchEnv(scenarios=[sid], categories=["nonexistent"])


def test_all_envs_share_spaces() -> None:
    envs = [EmailBenchEnv(sid) for sid in SCENARIO_IDS] + [EmailBenchEnv()]
    assert all(e.action_space == envs[0].action_space for e in envs)
    assert all(e.observation_space == envs[0].observation_space for e in envs)


# --- env_checker and vector envs -------------------------------------------------------------


@pytest.mark.parametrize("env_id", [*REGISTERED, "EmailBench-Suite"] if SCENARIO_IDS else [])
def test_check_env(env_id: str) -> None:
    env = gym.make(env_id)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a checker warning is a failure too
        check_env(env.unwrapped, skip_render_check=True)
    env.close()


@pytest.mark.parametrize(
    ("mode", "kwargs"),
    [("sync", {}), ("async", {}), ("async", {"shared_memory": False})],
)
def test_make_vec(mode: str, kwargs: dict[str, Any]) -> None:
    env_id = f"EmailBench-{N520 if N520 in SCENARIO_IDS else SCENARIO_IDS[0]}"
    envs = gym.make_vec(env_id, num_envs=2, vectorization_mode=mode, vector_kwargs=kwargs)
    try:
        observations, _ = envs.reset(seed=0)
        assert [o["kind"] for o in observations] == [
            "task",
            "task",
        ]  # custom spaces batch as tuples
        actions = (call("folders_list"), "Done.")
        observations, rewards, terminated, truncated, _ = envs.step(actions)
        assert [o["kind"] for o in observations] == ["tool_results", "final"]
        assert list(terminated) == [False, True]
        assert list(truncated) == [False, False]
        assert rewards[0] == 0.0
        observations, *_ = envs.step((call("folders_list"), call("folders_list")))
        assert [o["kind"] for o in observations] == ["tool_results", "task"]  # next-step autoreset
    finally:
        envs.close()


def test_async_shared_memory_matches_sync_including_oversized_observations() -> None:
    """make_vec(..., "async") as users type it (shared memory on): the same observations as sync,
    also for a turn whose results exceed the shared slot (written to a file instead)."""
    from emailbench_gym.spaces import INLINE_BYTES

    big = [call("messages_list", f"c{i}", top=25) for i in range(20)]  # ~20 x 20 kB of results
    script = [call("folders_list"), big, call("folders_create", displayName="X"), "Done."]

    def play(mode: str, **vector_kwargs: Any) -> list[Any]:
        envs = gym.make_vec(
            f"EmailBench-{N520}", num_envs=2, vectorization_mode=mode, vector_kwargs=vector_kwargs
        )
        try:
            seen = [tuple(envs.reset(seed=0)[0])]  # copy=False: a live view, read it now
            for action in script:
                observations, rewards, *_ = envs.step((action, action))
                seen.append((tuple(observations), list(rewards)))
            return seen
        finally:
            envs.close()

    expected = play("sync")
    assert len(json.dumps(expected[2][0][0])) > INLINE_BYTES  # the big turn did spill
    assert play("async") == expected
    assert play("async", copy=False) == expected


def test_package_exports_scenario_ids() -> None:
    assert isinstance(emailbench_gym.SCENARIO_IDS, tuple)
    assert list(emailbench_gym.SCENARIO_IDS) == sorted(emailbench_gym.SCENARIO_IDS)


# --- examples --------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


def _run_example(*args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_random_agent_example() -> None:
    out = _run_example("examples/random_agent.py", "EmailBench-Suite", "2")
    assert out.count("episode ") == 2
    assert "reward" in out


def test_scripted_episode_example() -> None:
    out = _run_example("examples/scripted_episode.py")
    assert "score 1.00, passed True, reward 1.00" in out


def test_tools_domains_offers_only_the_scenarios_domains_and_keeps_every_task_completable():
    from emailbench_gym.scenarios import load_all
    from emailbench_gym.tools import domain_profile, load_profile

    env = EmailBenchEnv("OB-T101", profile="full", tools="domains")
    observation, info = env.reset()
    names = {spec["name"] for spec in info["tools"]}
    assert "todo_listTasks" in names and "identity_getMe" in names and "messages_get" in names
    assert "calendar_listEvents" not in names and "messages_send" not in names
    assert {spec["name"] for spec in env.tool_specs()} == names
    observation, *_ = env.step({"name": "calendar_listEvents", "arguments": {}})
    assert observation["results"][0]["is_error"]
    assert "not available" in observation["results"][0]["content"]
    full = load_profile("full")
    assert all(
        s.solution_for(domain_profile(full, tuple(s.domains))) is not None for s in load_all()
    )
    with pytest.raises(ValueError, match="tools must be 'profile' or 'domains'"):
        EmailBenchEnv("OB-T101", tools="some")


def test_tools_domains_plays_the_adapter_solution_when_it_fits_the_domains() -> None:
    """OB-H337's adapter solution reads threads with messages_list: completable with domains.

    OB-H338's reads departments from the contacts, outside its declared messages domain, so it
    is completable with the adapter but not with the adapter narrowed to its domains.
    """
    from emailbench_gym.scenarios import load_scenario
    from emailbench_gym.tools import domain_profile, load_profile

    adapter = load_profile("adapter")
    for scenario_id, expected in (("OB-H337", True), ("OB-H338", False)):
        scenario = load_scenario(scenario_id)
        assert scenario.solution_for(adapter) is scenario.profile_solutions["adapter"]
        narrowed = domain_profile(adapter, tuple(scenario.domains))
        assert narrowed.base == "adapter"
        _, info = EmailBenchEnv(scenario_id, tools="domains").reset()
        assert info["completable"] is expected
        assert (scenario.solution_for(narrowed) is not None) is expected
