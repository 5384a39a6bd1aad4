"""`EmailBenchEnv`: one EmailBench scenario (or the whole suite) as a Gymnasium environment."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any, Literal

import gymnasium as gym

from emailbench_gym.actions import parse_turn
from emailbench_gym.api import METHODS
from emailbench_gym.api.common import clock_zone_name, local_now
from emailbench_gym.episode import Episode
from emailbench_gym.grading.claims.analysis import MAX_ANSWER_CHARS, MAX_ANSWER_VALUES
from emailbench_gym.grading.grade import Grade
from emailbench_gym.grading.judge import Judge, make_judge
from emailbench_gym.grading.reward import REWARD_MODES, reward_of
from emailbench_gym.rendering import format_arguments, format_result
from emailbench_gym.scenarios import GENERATED_ID, Scenario, load_scenario, scenario_ids
from emailbench_gym.spaces import ObservationSpace, ToolCallSpace
from emailbench_gym.tools import (
    Profile,
    load_profile,
    restrict_arguments,
    shared_specs,
    tool_specs,
)
from emailbench_gym.workspace import Workspace

ToolsKey = tuple[tuple[str, tuple[str, ...] | None], ...]


class ToolList(list):
    """`info["tools"]`: the profile's shared neutral specs (read-only), cheap to send between processes.

    It is a plain list to its readers, but pickles as the tool names and their visible
    parameters (a few hundred bytes instead of about 45 kB), and unpickles to the receiving
    process's own shared copy, so async vector envs do not ship the schemas on every reset.
    """

    def __init__(self, key: ToolsKey, specs: list[dict[str, Any]]) -> None:
        super().__init__(specs)
        self.key = key

    def __reduce__(self) -> tuple[Any, tuple[ToolsKey]]:
        return (tool_list, (self.key,))


@functools.cache
def tool_list(key: ToolsKey) -> ToolList:
    """The shared `ToolList` of a tool set (`key`: sorted (name, visible parameters) pairs)."""
    profile = Profile(name="tools", tools=dict(key))
    return ToolList(key, shared_specs(profile))


#: How an episode of the env ends: a turn without tool calls. Surfaces that end an episode with
#: a tool (MCP, TRL, verifiers: `submit_answer`) state their own rule instead, so every prompt
#: names exactly one way to finish.
FINISH_BY_TEXT = (
    "When the task is done, reply with the final answer in plain text and no tool calls "
    f"(at most {MAX_ANSWER_CHARS:,} characters and {MAX_ANSWER_VALUES:,} numbers, amounts, "
    "dates and times: a longer or denser answer is not read and fails)."
)


def persona_prompt(episode: Episode) -> str:
    """The persona and its fixed "now", as the paper's harness told the model (no finishing rule)."""
    mailbox = episode.workspace.mailbox
    me = mailbox.me
    now = local_now(mailbox)
    return (
        f"You are an email and productivity assistant acting for {me.displayName} <{me.mail}>, "
        f"{me.jobTitle}, {me.department}, {me.companyName}. "
        f"The current date and time is {now:%A, %B %d, %Y %I:%M %p} "
        f"({clock_zone_name(mailbox.settings.timeZone, now)}; "
        f"ISO {now.isoformat()}). Use the tools to read and change the mailbox, calendar, contacts, "
        "to-do lists and settings. Tool results are JSON."
    )


def system_prompt(episode: Episode) -> str:
    """The env's system prompt: the persona and the env's one way to finish."""
    return f"{persona_prompt(episode)} {FINISH_BY_TEXT}"


class EmailBenchEnv(gym.Env[dict, Any]):
    """An enterprise email task over a typed mailbox API, graded at the end of the episode.

    ## Action
    One assistant turn: a tool call `{"name": str, "arguments": dict | JSON str, "id": str?}`,
    a list of them (parallel calls), OpenAI chat `tool_calls` / whole assistant messages,
    Responses `function_call` items, Anthropic `tool_use` blocks / content lists, or a final
    answer `{"final_answer": str}` (a turn with text and no tool calls is also the final answer).

    ## Observation
    `{"kind": "task" | "tool_results" | "final", "content": str, "results": [{"id", "name",
    "content", "is_error"}]}`: the task text at reset, then one result per call (compact JSON;
    errors say what was wrong and what is accepted). Bad input never raises and never changes
    state: it becomes an error result and uses up the turn.

    ## Reward
    0.0 on every step but the last; then, by `reward`:
    - "progress" (default): partial credit for the scenario's requirements, never for
      inaction: checks an empty episode already passes pay nothing, and collateral damage
      or unexpected mail (a failed critical guard) makes it 0. Doing nothing earns 0,
      every check passed earns 1 (grading/reward.py).
    - "score": the paper's score in [0, 1] (Table 17), as reported in Table 3.
    - "pass": 1 if the episode passes (score >= 0.5 and every critical check), else 0.
    `info["grade"]` holds the `Grade` breakdown; `info["score"]` the paper's score.

    ## Episode end
    `terminated` on a final answer; `truncated` when `max_turns` (15, as in the paper) turns pass
    without one. Both are graded. Limit turns with `max_turns`, not a `TimeLimit` wrapper
    (`gym.make(..., max_episode_steps=N)`): a wrapper cuts the episode without the env knowing,
    so there is no grade; on such a truncation call `env.unwrapped.grade()`. Stepping a
    finished episode raises until `reset()`.

    ## Arguments
    `scenario_id` (one scenario) or a suite filtered by `scenarios`, `categories`,
    `difficulty`, `retained`; `split` ("train", "dev", "heldout": generated tasks over
    generated worlds, drawn by the reset seed; "test": the 206 scenarios); `profile`
    ("adapter": the paper's 46 tools, "full": all 119); `tools` ("profile": every tool of the
    profile; "domains": only those of the scenario's declared domains, plus identity and mail
    reading, for shorter prompts; `info["tools"]` lists the episode's); `max_turns`; `judge`
    (None, "openai:MODEL", "anthropic:MODEL" or a judge object; without one
    rubrics are skipped and the score is the static part); `reward`; `render_mode="ansi"`.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        scenario_id: str | None = None,
        *,
        split: str | None = None,
        scenarios: Sequence[str] | None = None,
        categories: Sequence[str] | None = None,
        difficulty: Sequence[str] | str | None = None,
        retained: bool | None = None,
        profile: str | Profile = "adapter",
        tools: Literal["profile", "domains"] = "profile",
        max_turns: int | None = None,
        judge: str | Judge | None = None,
        reward: str | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.profile = load_profile(profile) if isinstance(profile, str) else profile
        if tools == "domains" or self.profile.per_domains:  # a per_domains profile means it too
            self.profile = self.profile.with_tools_mode("domains")
        elif tools != "profile":
            raise ValueError(f"tools must be 'profile' or 'domains', got {tools!r}")
        self.tools_mode = "domains" if self.profile.per_domains else "profile"
        self._episode_profile = self.profile  # the tools offered in the current episode
        # With no selection at all, a reset may also name any generated task (tool surfaces do).
        self._unrestricted = not (
            scenario_id or split or scenarios or categories or difficulty or retained is not None
        )
        if split is not None:
            scenarios = [f"split:{split}", *(scenarios or [])]
        self.pool = _select_pool(scenario_id, scenarios, categories, difficulty, retained)
        self.max_turns = max_turns or self.profile.max_turns
        self.reward_mode = reward or self.profile.reward
        if self.reward_mode not in REWARD_MODES:
            raise ValueError(
                f"reward must be one of {', '.join(REWARD_MODES)}, got {self.reward_mode!r}"
            )
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.judge = make_judge(judge) if isinstance(judge, str) or judge is None else judge
        self.action_space = ToolCallSpace(list(self.profile.tools))
        self.observation_space = ObservationSpace()
        self._profile_tools = tool_list(tuple(sorted(self.profile.tools.items())))  # shared
        self._tools = self._profile_tools  # this episode's tools (read-only)
        self._offers: dict[str, tuple[Profile, ToolList, bool]] = {}  # per scenario id, see _offer
        self._workspace = Workspace()
        self._shipped = self._workspace.mailbox.corpus
        self._episode: Episode | None = None
        self._turn = 0
        self._done = True
        self._transcript: list[str] = []

    # --- public helpers -------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario | None:
        return self._episode.scenario if self._episode else None

    @property
    def workspace(self) -> Workspace:
        return self._workspace

    @property
    def episode_profile(self) -> Profile:
        """The tools the current episode offers: the profile, or with `tools="domains"` the
        profile narrowed to the scenario's declared domains."""
        return self._episode_profile

    def tool_specs(self, fmt: str = "neutral") -> list[dict[str, Any]]:
        """This episode's tools for a provider: one of neutral, openai_chat, openai_responses, anthropic, mcp."""
        return tool_specs(self._episode_profile, fmt)

    def persona_prompt(self) -> str:
        """The current episode's persona and "now", without a finishing rule (for tool surfaces)."""
        if self._episode is None:
            raise RuntimeError("No episode has started: call env.reset() first.")
        return persona_prompt(self._episode)

    def grade(self, answer: str = "") -> Grade:
        """Grade the episode as it stands, with `answer` as the final answer; changes nothing.

        For episodes an outside wrapper cut short (a `TimeLimit` applied by hand, a training
        loop's own step limit): `env.unwrapped.grade()` gives the grade the env would have
        given at that point. Works before and after the episode ended, until the next reset.
        """
        if self._episode is None:
            raise RuntimeError("No episode has started: call env.reset() first.")
        return self._episode.grade(answer, self.judge)

    # --- gymnasium API --------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict, dict]:
        super().reset(seed=seed)
        requested = (options or {}).get("scenario_id")
        if requested is not None:
            unrestricted = self._unrestricted and isinstance(requested, str)
            if requested not in self.pool and not (
                unrestricted and re.fullmatch(GENERATED_ID, requested)
            ):
                raise ValueError(
                    f"scenario {requested!r} is not in this env's pool of {len(self.pool)}"
                )
            scenario_id = requested
        elif len(self.pool) == 1:
            scenario_id = self.pool[0]
        else:
            scenario_id = self.pool[int(self.np_random.integers(len(self.pool)))]
        scenario = load_scenario(scenario_id)
        corpus = scenario.corpus() or self._shipped  # a generated task runs on its world
        if self._workspace.mailbox.corpus is not corpus:
            self._workspace = Workspace(corpus)
        if self._episode is None or self._episode.scenario is not scenario:
            self._episode = Episode(scenario, self._workspace)
        else:
            self._episode.reset()
        self._episode_profile, self._tools, completable = self._offer(scenario)
        self._turn = 0
        self._done = False
        self._transcript = [f"[task {scenario.id}] {scenario.query}"]
        observation = {"kind": "task", "content": scenario.query, "results": []}
        info = {
            "scenario_id": scenario.id,
            "category": scenario.category,
            "difficulty": scenario.difficulty,
            "domains": list(scenario.domains),
            "retained": scenario.retained,
            "profile": self.profile.name,
            # whether a reference solution exists within this profile's tools (else zero signal)
            "completable": completable,
            "max_turns": self.max_turns,
            "system_prompt": system_prompt(self._episode),
            "tools": self._tools,
        }
        return observation, info

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        if self._done or self._episode is None:
            raise RuntimeError(
                "This episode has finished (or never started): call env.reset() first."
            )
        self._turn += 1
        turn = parse_turn(action)
        if turn.is_final:
            answer = turn.final_answer if turn.final_answer is not None else "\n".join(turn.text)
            self._transcript.append(f"[answer] {answer}")
            return self._finish(answer, [], terminated=True)
        results = [self._run_call(call) for call in turn.calls]
        errors = sum(r["is_error"] for r in results)
        if self._turn >= self.max_turns:
            return self._finish("", results, terminated=False)
        observation = {
            "kind": "tool_results",
            "content": "\n".join(f"[{r['name']} {r['id']}] {r['content']}" for r in results),
            "results": results,
        }
        info = {"turn": self._turn, "calls": len(results), "errors": errors}
        return observation, 0.0, False, False, info

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return "\n".join(self._transcript) + "\n"
        return None

    # --- internals ------------------------------------------------------------------------

    def _run_call(self, call: Any) -> dict[str, Any]:
        assert self._episode is not None
        profile = self._episode_profile
        rejected = call.error or restrict_arguments(profile, call.name, call.arguments or {})
        result, is_error = self._episode.call(call.name, call.arguments, profile.allowed, rejected)
        content = format_result(result, pageable=self._pageable(call.name))
        self._transcript.append(f"[call {call.name}] {format_arguments(call.arguments)}")
        self._transcript.append(f"[{'error' if is_error else 'result'}] {content[:500]}")
        return {"id": call.id, "name": call.name, "content": content, "is_error": is_error}

    def _offer(self, scenario: Scenario) -> tuple[Profile, ToolList, bool]:
        """The tools an episode of `scenario` offers, and whether a reference solution fits them.

        Both depend only on the scenario (and this env's profile and tools mode), so they are
        worked out once per scenario, not on every reset.
        """
        offer = self._offers.get(scenario.id)
        if offer is None:
            profile, tools = self.profile, self._profile_tools
            if self.profile.per_domains:
                profile = self.profile.for_domains(scenario.domains)
                tools = tool_list(tuple(sorted(profile.tools.items())))
            offer = (profile, tools, scenario.solution_for(profile) is not None)
            self._offers[scenario.id] = offer
        return offer

    def _pageable(self, name: str) -> bool:
        """Whether this profile lets the agent pass `skip` to the tool (so a nextSkip is usable)."""
        visible = self._episode_profile.tools.get(name)
        spec = METHODS.get(name)
        return "skip" in (visible if visible is not None else spec.params if spec else ())

    def _finish(
        self, answer: str, results: list[dict[str, Any]], terminated: bool
    ) -> tuple[dict, float, bool, bool, dict]:
        assert self._episode is not None
        self._done = True
        grade: Grade = self._episode.grade(answer, self.judge)
        reward = reward_of(grade, self.reward_mode)
        ending = "final answer" if terminated else f"turn budget of {self.max_turns} used up"
        summary = f"Episode over ({ending}). Score {grade.score:.2f}, {'passed' if grade.passed else 'failed'}."
        self._transcript.append(f"[end] {summary}")
        observation = {"kind": "final", "content": summary, "results": results}
        info = {
            "turn": self._turn,
            "calls": len(results),
            "errors": sum(r["is_error"] for r in results),
            "grade": grade,
            "score": grade.score,
            "answer": answer,
        }
        return observation, float(reward), terminated, not terminated, info


def _select_pool(
    scenario_id: str | None,
    scenarios: Sequence[str] | None,
    categories: Sequence[str] | None,
    difficulty: Sequence[str] | str | None,
    retained: bool | None,
) -> list[str]:
    if scenario_id is not None:
        try:
            load_scenario(scenario_id)  # cached: no scan of the suite on every gym.make
        except KeyError:
            raise ValueError(
                f"unknown scenario {scenario_id!r}; "
                f"`emailbench list` shows the {len(scenario_ids())} ids"
            ) from None
        return [scenario_id]
    from emailbench_gym.families.serve import expand, labels

    known = scenario_ids()
    pool = expand(scenarios) if scenarios else known
    generated = {sid for sid in pool if re.fullmatch(GENERATED_ID, sid)}
    unknown = sorted(set(pool) - set(known) - generated)
    if unknown:
        raise ValueError(f"unknown scenario ids: {', '.join(unknown)}")
    levels = [difficulty] if isinstance(difficulty, str) else difficulty
    chosen = []
    for sid in pool:
        if sid in generated:  # labels from the family: nothing is generated to filter
            category, level, _domains = labels(sid)
            kept = False
        else:
            scenario = load_scenario(sid)
            category, level, kept = scenario.category, scenario.difficulty, scenario.retained
        if categories and category not in categories:
            continue
        if levels and level not in levels:
            continue
        if retained is not None and kept != retained:
            continue
        chosen.append(sid)
    if not chosen:
        raise ValueError(
            "no scenario matches the given filters (scenarios, categories, difficulty, retained)"
        )
    return chosen
