"""Action parsing: every provider shape of one assistant turn, and junk that must never raise."""

from __future__ import annotations

import json
from typing import Any

import pytest
from anthropic.types import TextBlock, ThinkingBlock, ToolUseBlock
from openai.types.chat import ChatCompletionMessage, ChatCompletionMessageFunctionToolCall
from openai.types.chat.chat_completion_message_function_tool_call import Function
from openai.types.responses import (
    ResponseFunctionToolCall,
    ResponseOutputMessage,
    ResponseOutputText,
)

from emailbench_gym.actions import ACCEPTED_FORMS, decode_arguments, parse_turn

ARGS = {"query": "Raptor", "top": 5}


def chat_call(
    call_id: str = "call_a", arguments: Any = None
) -> ChatCompletionMessageFunctionToolCall:
    raw = json.dumps(ARGS) if arguments is None else arguments
    return ChatCompletionMessageFunctionToolCall(
        id=call_id, type="function", function=Function(name="messages_search", arguments=raw)
    )


def responses_call(call_id: str = "call_a") -> ResponseFunctionToolCall:
    return ResponseFunctionToolCall(
        type="function_call",
        call_id=call_id,
        id="fc_1",
        name="messages_search",
        arguments=json.dumps(ARGS),
        status="completed",
    )


def tool_use(call_id: str = "call_a") -> ToolUseBlock:
    return ToolUseBlock(type="tool_use", id=call_id, name="messages_search", input=ARGS)


CHAT_DICT = {
    "id": "call_a",
    "type": "function",
    "function": {"name": "messages_search", "arguments": json.dumps(ARGS)},
}

ONE_CALL_SHAPES: dict[str, Any] = {
    "canonical dict": {"name": "messages_search", "arguments": ARGS, "id": "call_a"},
    "canonical JSON string args": {
        "name": "messages_search",
        "arguments": json.dumps(ARGS),
        "id": "call_a",
    },
    "canonical double-encoded args": {
        "name": "messages_search",
        "arguments": json.dumps(json.dumps(ARGS)),
        "id": "call_a",
    },
    "canonical list": [{"name": "messages_search", "arguments": ARGS, "id": "call_a"}],
    "chat tool_call dict": CHAT_DICT,
    "chat tool_calls list": [CHAT_DICT],
    "chat assistant message dict": {
        "role": "assistant",
        "content": None,
        "tool_calls": [CHAT_DICT],
    },
    "chat tool_call SDK object": chat_call(),
    "chat SDK object, double-encoded": chat_call(arguments=json.dumps(json.dumps(ARGS))),
    "chat whole SDK message": ChatCompletionMessage(
        role="assistant", content=None, tool_calls=[chat_call()]
    ),
    "chat SDK message with text": ChatCompletionMessage(
        role="assistant", content="Searching.", tool_calls=[chat_call()]
    ),
    "responses function_call dict": {
        "type": "function_call",
        "call_id": "call_a",
        "name": "messages_search",
        "arguments": json.dumps(ARGS),
    },
    "responses SDK object": responses_call(),
    "responses output list": [
        {"type": "reasoning", "id": "rs_1", "summary": []},
        responses_call(),
    ],
    "anthropic tool_use dict": {
        "type": "tool_use",
        "id": "call_a",
        "name": "messages_search",
        "input": ARGS,
    },
    "anthropic SDK block": tool_use(),
    "anthropic content list": [
        ThinkingBlock(type="thinking", thinking="hmm", signature="sig"),
        TextBlock(type="text", text="Let me search."),
        tool_use(),
    ],
    "anthropic assistant message dict": {
        "role": "assistant",
        "content": [{"type": "text", "text": "Searching."}, tool_use().model_dump()],
    },
}


@pytest.mark.parametrize("action", ONE_CALL_SHAPES.values(), ids=list(ONE_CALL_SHAPES))
def test_one_tool_call_in_every_shape(action: Any) -> None:
    turn = parse_turn(action)
    assert not turn.is_final
    assert len(turn.calls) == 1
    call = turn.calls[0]
    assert (call.id, call.name, call.arguments, call.error) == (
        "call_a",
        "messages_search",
        ARGS,
        None,
    )


def test_parallel_calls_keep_order_and_ids() -> None:
    message = ChatCompletionMessage(
        role="assistant",
        content=None,
        tool_calls=[chat_call("call_1"), chat_call("call_2"), chat_call("call_3")],
    )
    turn = parse_turn(message)
    assert [c.id for c in turn.calls] == ["call_1", "call_2", "call_3"]


def test_missing_ids_are_numbered() -> None:
    turn = parse_turn([{"name": "identity_getMe"}, {"name": "folders_list", "arguments": None}])
    assert [(c.id, c.arguments) for c in turn.calls] == [("call_0", {}), ("call_1", {})]


FINAL_SHAPES: dict[str, tuple[Any, str]] = {
    "final_answer": ({"final_answer": "All done."}, "All done."),
    "plain string": ("All done.", "All done."),
    "chat message, text only": (
        ChatCompletionMessage(role="assistant", content="All done."),
        "All done.",
    ),
    "chat dict, text only": ({"role": "assistant", "content": "All done."}, "All done."),
    "responses message": (
        ResponseOutputMessage(
            type="message",
            id="msg_1",
            role="assistant",
            status="completed",
            content=[ResponseOutputText(type="output_text", text="All done.", annotations=[])],
        ),
        "All done.",
    ),
    "anthropic text block list": ([TextBlock(type="text", text="All done.")], "All done."),
}


@pytest.mark.parametrize(("action", "answer"), FINAL_SHAPES.values(), ids=list(FINAL_SHAPES))
def test_final_answers(action: Any, answer: str) -> None:
    turn = parse_turn(action)
    assert turn.is_final
    assert not turn.calls
    assert (turn.final_answer or "\n".join(turn.text)) == answer


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"a": 1}, {"a": 1}),
        ('{"a": 1}', {"a": 1}),
        (json.dumps('{"a": 1}'), {"a": 1}),
        ("", {}),
        ("   ", {}),
        (None, {}),
    ],
)
def test_decode_arguments(raw: Any, expected: dict[str, Any]) -> None:
    assert decode_arguments(raw, "tool") == (expected, None)


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", "42", "null ", json.dumps("[1]"), 7, [1]])
def test_bad_arguments_say_what_is_accepted(raw: Any) -> None:
    arguments, error = decode_arguments(raw, "tool")
    if arguments == {}:  # "null " decodes to None: no arguments
        assert error is None
        return
    assert arguments is None
    assert error and "JSON object" in error


def _deep(depth: int) -> Any:
    value: Any = "x"
    for _ in range(depth):
        value = [value]
    return value


JUNK: list[Any] = [
    None,
    0,
    3.5,
    True,
    b"bytes",
    bytearray(b"\x00\xff"),
    object(),
    {},
    [],
    {"unexpected": 1},
    {"name": None, "arguments": {}},
    {"name": 42},
    {"name": "", "arguments": {}},
    {"name": "messages_get", "arguments": "{bad"},
    {"name": "messages_get", "arguments": [1, 2]},
    {"name": "messages_get", "arguments": {1: "int key"}},
    {"type": "function_call"},
    {"type": "tool_use", "input": "x"},
    {"function": {"arguments": "{}"}},
    {"tool_calls": "not a list", "role": "assistant"},
    _deep(5000),
    {"name": "x" * 100_000, "arguments": {"y": "z" * 100_000}},
    {"name": "messages_get", "arguments": "\udcff\u202e\U0001f4e7"},
]


@pytest.mark.parametrize("junk", JUNK, ids=[type(j).__name__ for j in JUNK])
def test_junk_never_raises_and_explains(junk: Any) -> None:
    turn = parse_turn(junk)
    assert turn.calls or turn.text or turn.final_answer is not None
    errors = [c.error for c in turn.calls if c.error]
    if errors and "JSON" not in errors[0]:
        assert ACCEPTED_FORMS in errors[0] or "argument" in errors[0]
