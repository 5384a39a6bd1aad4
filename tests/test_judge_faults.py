"""Every judge fault mode through `env.step`: never an exception, never a silent pass."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fakellm import FakeLLM, Reply, chat_text, error, sequence

from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.grading.judge import make_judge
from tests import runner_support

EMPTY = {"id": "x", "object": "chat.completion", "created": 1, "model": "m", "choices": []}
FAULTS = {
    "timeout": Reply(body={}, delay=1.0),
    "429": error(429),
    "429 retry-after": Reply(status=429, body=error(429).body, headers={"retry-after": "1"}),
    "500": error(500),
    "503": error(503),
    "400": error(400),
    "401": error(401),
    "403": error(403),
    "404": error(404),
    "html body": Reply(raw=b"<!doctype html><title>Sign in</title>", content_type="text/html"),
    "wrong shape": Reply(body={"result": "yes"}),
    "empty choices": Reply(body=EMPTY),
    "garbage": chat_text("The assistant did great!"),
    "out-of-range score": chat_text(json.dumps({"score": 7, "reason": "excellent"})),
    "score as text": chat_text(json.dumps({"score": "1", "reason": "excellent"})),
}


@pytest.fixture
def scenario_id(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    return runner_support.install(monkeypatch, tmp_path)[0]


def finish(env: EmailBenchEnv) -> dict:
    env.reset()
    env.step({"name": "folders_create", "arguments": {"displayName": "Projects"}})
    _obs, reward, terminated, _truncated, info = env.step({"final_answer": "Created Projects."})
    assert terminated
    return {"reward": reward, **info}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_faulty_judge_is_a_judge_error_never_a_pass(scenario_id, tmp_path, fault):
    with FakeLLM(sequence(FAULTS[fault])) as server:
        judge = make_judge(
            "openai:judge",
            base_url=server.openai_base_url,
            api_key="k",
            cache_dir=tmp_path / "cache",
            timeout=0.2,
            max_attempts=2,
            sleep=lambda seconds: None,
        )
        info = finish(EmailBenchEnv(scenario_id, judge=judge))
    grade = info["grade"]
    [rubric] = [i for i in grade.items if i.kind == "rubric"]
    assert rubric.outcome == "judge_error" and rubric.score == 0.0
    assert rubric.reason.startswith("openai:judge: no verdict after")
    assert not grade.passed  # the rubric is critical
    assert grade.static_score == 1.0  # the static part is still graded


def test_a_slow_judge_within_its_timeout_grades(scenario_id, tmp_path):
    slow = Reply(body=chat_text(json.dumps({"score": 1, "reason": "done"})).body, delay=0.3)
    with FakeLLM(sequence(slow)) as server:
        judge = make_judge(
            "openai:judge", base_url=server.openai_base_url, api_key="k", cache_dir=tmp_path
        )
        info = finish(EmailBenchEnv(scenario_id, judge=judge))
    assert info["grade"].passed and info["grade"].rubric_score == 1.0


def test_a_custom_judge_that_raises_anything_is_a_judge_error(scenario_id):
    class Broken:
        name = "custom:broken"

        def judge(self, criterion, evidence):
            raise KeyError("boom")

    info = finish(EmailBenchEnv(scenario_id, judge=Broken()))
    [rubric] = [i for i in info["grade"].items if i.kind == "rubric"]
    assert rubric.outcome == "judge_error" and "KeyError" in rubric.reason
