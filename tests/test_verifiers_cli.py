"""verifiers' own command lines on the taskset id `emailbench_gym_verifiers`, offline.

`vf-validate` runs its gold (our reference replay) and no-op (an untouched rollout) checks;
`vf-eval` plays full rollouts through verifiers' harness, tool server and interception
proxy against a loopback streaming Chat Completions server scripted with the reference
solutions: one rollout finishes with submit_answer, the other only replies in text (graded
on that reply).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("verifiers.v1")

from emailbench_gym.scenarios import load_scenario, resolve_refs
from tests.fakellm import FakeLLM, Reply, Request
from tests.integration_helpers import ROOT, parse_result, subprocess_env

TASKSET = "emailbench_gym_verifiers"


def vf(command: str, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    executable = shutil.which(command)
    assert executable, f"{command} is not installed (the verifiers extra)"
    return subprocess.run(
        [executable, TASKSET, *args, "--no-rich"],
        env={**subprocess_env(), **(env or {})},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def summary(out: Path) -> dict[str, Any]:
    (path,) = out.rglob("summary.json")
    return json.loads(path.read_text())


def test_vf_validate_gold_and_noop_checks(tmp_path: Path) -> None:
    ids = ["OB-N520", "OB-F110", "OB-B103"]
    result = vf(
        "vf-validate",
        "--select.include.ids",
        *ids,
        "-o",
        str(tmp_path),
        "--runtime.type",
        "subprocess",
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report = summary(tmp_path)
    assert report["outcomes"]["valid"] == len(ids) and report["outcomes"]["unchecked"] == 0
    assert report["checks"]["gold"]["valid"] == len(ids)
    assert report["checks"]["noop"]["valid"] == len(ids)


# --- a scripted model over the streaming Chat Completions wire -------------------------------


def sse(message: dict[str, Any], finish: str) -> Reply:
    """A streamed Chat Completions reply (what verifiers' chat program asks for)."""
    base = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0}
    base["model"] = "fake-model"
    delta: dict[str, Any] = {"role": "assistant", "content": message.get("content")}
    if message.get("tool_calls"):
        delta["tool_calls"] = [{"index": i, **c} for i, c in enumerate(message["tool_calls"])]
    chunks = [
        {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
        {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]},
        {
            **base,
            "choices": [],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
        },
    ]
    body = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"
    return Reply(raw=body.encode(), content_type="text/event-stream")


def tool_call(name: str, arguments: dict[str, Any], index: int) -> Reply:
    call = {"id": f"call_{index}", "type": "function"}
    call["function"] = {"name": name, "arguments": json.dumps(arguments)}
    return sse({"content": None, "tool_calls": [call]}, "tool_calls")


def reference_model(endings: dict[str, str]) -> Any:
    """Replays the reference of whichever scenario the request is about; `endings` says how to end:
    "submit" (submit_answer), "reply" (the answer as text) or "done" (the text "Done.")."""
    by_query = {load_scenario(sid).query: sid for sid in endings}

    def respond(request: Request) -> Reply:
        messages = request.body["messages"]
        query = next(m["content"] for m in messages if m["role"] == "user")
        scenario_id = next(sid for q, sid in by_query.items() if q in query)
        solution = load_scenario(scenario_id).solution
        results = [parse_result(m["content"]) for m in messages if m["role"] == "tool"]
        if len(results) < len(solution.calls):
            step = solution.calls[len(results)]
            return tool_call(step.name, resolve_refs(step.arguments, results), len(results))
        ending = endings[scenario_id]
        if ending == "submit" and len(results) == len(solution.calls):
            return tool_call("submit_answer", {"answer": solution.answer}, len(results))
        if ending == "submit":
            return sse({"content": "Submitted."}, "stop")
        return sse({"content": solution.answer if ending == "reply" else "Done."}, "stop")

    return respond


def test_vf_eval_full_rollouts_offline(tmp_path: Path) -> None:
    endings = {"OB-N520": "submit", "OB-F110": "reply", "OB-G102": "done"}
    with FakeLLM(reference_model(endings)) as llm:
        result = vf(
            "vf-eval",
            "-m",
            "fake-model",
            "--client.base-url",
            llm.openai_base_url,
            "--client.api-key-var",
            "EMAILBENCH_FAKE_KEY",
            "--no-push",
            "--env.agent.runtime.type",
            "subprocess",
            "--select.include.ids",
            *endings,
            "-o",
            str(tmp_path),
            env={"EMAILBENCH_FAKE_KEY": "test", "EMAILBENCH_CACHE": str(tmp_path / "cache")},
        )
    assert result.returncode == 0, (result.stdout[-2000:], result.stderr[-3000:])
    (traces,) = tmp_path.rglob("traces.jsonl")
    rows = [json.loads(line) for line in traces.read_text().splitlines() if line.strip()]
    scores = {
        row["task"]["data"]["scenario_id"]: row["traces"][0]["rewards"]["emailbench_score"]["score"]
        for row in rows
    }
    assert scores["OB-N520"] == 1.0 and scores["OB-F110"] == 1.0, scores
    assert scores["OB-G102"] < 1.0, scores  # same calls as a pass, but "Done." is the answer
