"""The Inspect task, offline: Inspect's mock model scripted with the reference solutions, and
`inspect eval` itself against a loopback Chat Completions server."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("inspect_ai")

from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log
from inspect_ai.model import ChatMessageTool, ModelOutput, ModelUsage, get_model

from emailbench_gym.integrations.inspect_task import emailbench
from emailbench_gym.scenarios import load_scenario, resolve_refs
from tests.fakellm import FakeLLM, Reply, Request
from tests.integration_helpers import ROOT, parse_result, subprocess_env

TASK_FILE = "emailbench_gym/integrations/inspect_task.py"


def scripted(endings: dict[str, str]) -> Any:
    """A mock-model script: the reference calls of the sample's scenario, then `endings[id]`:
    "submit" (submit_answer with the reference answer), "text" (the answer as plain text,
    never submitted) or "bad" (one invalid call first, then a wrong submitted answer)."""
    by_query = {load_scenario(sid).query: sid for sid in endings}

    def respond(messages: list[Any], tools: list[Any], *_: Any) -> ModelOutput:
        user = next(m for m in messages if m.role == "user").text
        scenario_id = next(sid for q, sid in by_query.items() if q in user)
        solution, ending = load_scenario(scenario_id).solution, endings[scenario_id]
        tool_messages = [m for m in messages if isinstance(m, ChatMessageTool)]
        if ending == "bad" and not tool_messages:
            output = ModelOutput.for_tool_call("mockllm/model", "folders_get", {"id": "nope"})
        elif ending == "bad":
            assert tool_messages[0].error is not None  # the env's error, as Inspect's ToolError
            assert "not_found" in tool_messages[0].error.message
            output = ModelOutput.for_tool_call("mockllm/model", "submit_answer", {"answer": "?"})
        elif len(tool_messages) < len(solution.calls):
            results = [parse_result(m.text) for m in tool_messages]
            step = solution.calls[len(results)]
            arguments = resolve_refs(step.arguments, results)
            output = ModelOutput.for_tool_call("mockllm/model", step.name, arguments)
        elif ending == "submit":
            answer = {"answer": solution.answer}
            output = ModelOutput.for_tool_call("mockllm/model", "submit_answer", answer)
        else:
            output = ModelOutput.from_content("mockllm/model", solution.answer)
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)  # no tokenizer
        return output

    return respond


def test_inspect_task_with_the_mock_model(tmp_path: Path) -> None:
    endings = {"OB-N520": "submit", "OB-F110": "text", "OB-T102": "bad"}
    task = emailbench(scenarios=list(endings), max_calls=12)
    model = get_model("mockllm/model", custom_outputs=scripted(endings))
    (log,) = inspect_eval(task, model=model, log_dir=str(tmp_path), display="none")
    assert log.status == "success", log.error
    scores = {s.id: s.scores["emailbench_grade"] for s in log.samples}
    assert scores["OB-N520"].value == {"score": 1.0, "passed": 1.0}
    assert scores["OB-N520"].explanation == "every check passed"
    # never submitted: the last text is the answer, and it is graded
    assert scores["OB-F110"].value["passed"] == 1.0
    assert scores["OB-F110"].answer == load_scenario("OB-F110").solution.answer
    bad = scores["OB-T102"]
    assert bad.value["passed"] == 0.0 and "failed:" in bad.explanation
    checks = bad.metadata["items"]
    assert len(checks) == len(load_scenario("OB-T102").assertions) + len(
        load_scenario("OB-T102").rubrics
    )
    assert {"expected", "found", "outcome", "description"} <= set(checks[0])
    assert log.eval.task_args["max_calls"] == 12


def messages_stream(blocks: list[dict[str, Any]], stop: str) -> Reply:
    """A streamed Anthropic Messages reply (Inspect's Anthropic provider streams)."""
    message = {"id": "msg_fake", "type": "message", "role": "assistant", "model": "fake-model"}
    message |= {"content": [], "stop_reason": None, "stop_sequence": None}
    message["usage"] = {"input_tokens": 10, "output_tokens": 1}
    events: list[dict[str, Any]] = [{"type": "message_start", "message": message}]
    for index, block in enumerate(blocks):
        if block["type"] == "tool_use":
            start = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        else:
            start, delta = (
                {"type": "text", "text": ""},
                {"type": "text_delta", "text": block["text"]},
            )
        events += [
            {"type": "content_block_start", "index": index, "content_block": start},
            {"type": "content_block_delta", "index": index, "delta": delta},
            {"type": "content_block_stop", "index": index},
        ]
    events += [
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop, "stop_sequence": None},
            "usage": {"output_tokens": 5},
        },
        {"type": "message_stop"},
    ]
    body = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events)
    return Reply(raw=body.encode(), content_type="text/event-stream")


def tool_use(name: str, arguments: dict[str, Any], index: int) -> Reply:
    block = {"type": "tool_use", "id": f"toolu_{index}", "name": name, "input": arguments}
    return messages_stream([block], "tool_use")


def _tool_results(body: dict[str, Any]) -> list[str]:
    """The tool results of a Messages request, in order (content as text or text blocks)."""
    results = []
    for message in body["messages"]:
        if message["role"] != "user" or not isinstance(message["content"], list):
            continue
        for block in message["content"]:
            if block.get("type") == "tool_result":
                content = block.get("content")
                if isinstance(content, list):
                    content = "".join(part.get("text", "") for part in content)
                results.append(content or "")
    return results


def test_inspect_eval_cli_against_a_loopback_model(tmp_path: Path) -> None:
    """`inspect eval` from the command line, its Anthropic provider pointed at a loopback server.

    (Inspect's OpenAI provider needs openai>=3.4, which verifiers 0.4 excludes; the test
    extra installs both, so the CLI is driven through the Messages API.)"""
    inspect = shutil.which("inspect")
    assert inspect, "the inspect CLI is not installed (the inspect extra)"
    solution = load_scenario("OB-N520").solution

    def respond(request: Request) -> Any:
        results = [parse_result(text) for text in _tool_results(request.body)]
        assert request.body.get("stream") is True
        if len(results) < len(solution.calls):
            step = solution.calls[len(results)]
            return tool_use(step.name, resolve_refs(step.arguments, results), len(results))
        if len(results) == len(solution.calls):
            return tool_use("submit_answer", {"answer": solution.answer}, len(results))
        return messages_stream([{"type": "text", "text": "Done."}], "end_turn")

    with FakeLLM(respond) as llm:
        result = subprocess.run(
            [
                inspect,
                "eval",
                TASK_FILE,
                "--model",
                "anthropic/fake-model",
                "--model-base-url",
                llm.anthropic_base_url,
                "-T",
                "scenarios=OB-N520",
                "-T",
                "profile=adapter",
                "--log-dir",
                str(tmp_path),
                "--display",
                "plain",
                "--log-format",
                "json",
            ],
            env={**subprocess_env(), "ANTHROPIC_API_KEY": "test"},
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert result.returncode == 0, (result.stdout[-2000:], result.stderr[-3000:])
    (path,) = tmp_path.glob("*.json")
    log = read_eval_log(str(path))
    assert log.status == "success", log.error
    (sample,) = log.samples
    assert sample.scores["emailbench_grade"].value == {"score": 1.0, "passed": 1.0}
    assert len(llm.requests) == len(solution.calls) + 1
