"""Parse one assistant turn, in any provider's shape, into tool calls or a final answer.

Accepted (DESIGN.md "Action"): the canonical `{"name", "arguments", "id"?}`; OpenAI
chat `tool_calls` entries (dicts or SDK objects) or the whole assistant message;
Responses `function_call` items (or a whole output list); Anthropic `tool_use`
blocks (or a whole content list); `{"final_answer": str}`; a plain string; a list
of any of these. A turn with text and no tool calls is the final answer.
Arguments may be a dict or a JSON string (a double-encoded string is decoded once
more). Nothing here raises: what cannot be read becomes a `ParsedCall` with an
`error`, so the env can answer it with an error result.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

ACCEPTED_FORMS = (
    'Send a tool call {"name": "<tool>", "arguments": {...}}, a list of tool calls, '
    "OpenAI tool_calls / Responses function_call items / Anthropic tool_use blocks, "
    'or a final answer {"final_answer": "<text>"} (plain text also ends the episode).'
)


@dataclass
class ParsedCall:
    id: str
    name: str
    arguments: dict[str, Any] | None
    error: str | None = None


@dataclass
class Turn:
    calls: list[ParsedCall] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    final_answer: str | None = None

    @property
    def is_final(self) -> bool:
        return self.final_answer is not None or (not self.calls and bool(self.text))


def _plain(obj: Any) -> Any:
    """SDK objects (pydantic models) to plain data."""
    if hasattr(obj, "model_dump") and not isinstance(obj, dict | list | str):
        try:
            return obj.model_dump(exclude_none=False)
        except Exception:
            return repr(obj)
    return obj


def decode_arguments(raw: Any, name: str) -> tuple[dict[str, Any] | None, str | None]:
    """A call's arguments as a dict, or an error message saying what is accepted."""
    value = _plain(raw)
    for _ in range(2):  # JSON text, possibly double-encoded
        if not isinstance(value, str):
            break
        if not value.strip():
            value = {}
            break
        try:
            value = json.loads(value)
        except (json.JSONDecodeError, RecursionError) as exc:
            return None, f"{name}: arguments are not valid JSON ({exc}). Send a JSON object."
    if value is None:
        return {}, None
    if not isinstance(value, dict):
        return None, f"{name}: arguments must be a JSON object, got {type(value).__name__}."
    if not all(isinstance(k, str) for k in value):
        return None, f"{name}: argument names must be strings."
    return value, None


def _call(name: Any, arguments: Any, call_id: Any, index: int) -> ParsedCall:
    ident = call_id if isinstance(call_id, str) and call_id else f"call_{index}"
    if not isinstance(name, str) or not name:
        return ParsedCall(
            ident, str(name)[:80], None, f"A tool call needs a tool name. {ACCEPTED_FORMS}"
        )
    args, error = decode_arguments(arguments, name)
    return ParsedCall(ident, name, args, error)


def parse_turn(action: Any) -> Turn:
    """Read an action into a `Turn` (never raises)."""
    turn = Turn()
    try:
        _collect(_plain(action), turn)
    except RecursionError:
        turn.calls.append(
            ParsedCall("call_0", "?", None, f"The action is nested too deeply. {ACCEPTED_FORMS}")
        )
    if not turn.calls and not turn.text and turn.final_answer is None:
        turn.calls.append(
            ParsedCall("call_0", "?", None, f"Could not read the action. {ACCEPTED_FORMS}")
        )
    return turn


def _collect(item: Any, turn: Turn) -> None:
    item = _plain(item)
    index = len(turn.calls)
    if isinstance(item, str):
        turn.text.append(item)
    elif isinstance(item, list | tuple):
        for element in item:
            _collect(element, turn)
    elif isinstance(item, dict):
        _collect_dict(item, turn, index)
    else:
        turn.calls.append(
            ParsedCall(
                f"call_{index}",
                "?",
                None,
                f"Unsupported action type {type(item).__name__}. {ACCEPTED_FORMS}",
            )
        )


def _collect_dict(item: dict[str, Any], turn: Turn, index: int) -> None:
    kind = item.get("type")
    if "final_answer" in item:
        answer = item["final_answer"]
        turn.final_answer = answer if isinstance(answer, str) else json.dumps(answer, default=str)
    elif isinstance(item.get("function"), dict):  # OpenAI chat tool call
        function = item["function"]
        turn.calls.append(
            _call(function.get("name"), function.get("arguments"), item.get("id"), index)
        )
    elif kind == "function_call":  # Responses API
        turn.calls.append(
            _call(
                item.get("name"),
                item.get("arguments"),
                item.get("call_id") or item.get("id"),
                index,
            )
        )
    elif kind == "tool_use":  # Anthropic
        turn.calls.append(_call(item.get("name"), item.get("input"), item.get("id"), index))
    elif kind in ("text", "output_text", "input_text"):
        if isinstance(item.get("text"), str):
            turn.text.append(item["text"])
    elif kind in ("thinking", "redacted_thinking", "reasoning"):
        return  # model reasoning is not an action
    elif "tool_calls" in item or item.get("role") == "assistant" or kind == "message":
        for call in item.get("tool_calls") or []:
            _collect(call, turn)
        content = item.get("content")
        if content is not None:
            _collect(content, turn)
    elif "name" in item:  # canonical
        turn.calls.append(_call(item.get("name"), item.get("arguments", {}), item.get("id"), index))
    else:
        turn.calls.append(
            ParsedCall(
                f"call_{index}", "?", None, f"Could not read {sorted(item)[:6]}. {ACCEPTED_FORMS}"
            )
        )
