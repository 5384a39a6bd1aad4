"""Tool profiles and schemas: counts, Table 34 parameters, strict validity, SDK round-trips."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import anthropic
import openai
import pytest
from anthropic.types import ToolParam as AnthropicToolParam
from openai.types.chat import ChatCompletionToolParam
from openai.types.responses import FunctionToolParam
from openai.types.shared import FunctionDefinition
from pydantic import TypeAdapter

from emailbench_gym.api import METHODS
from emailbench_gym.api.limits import unbounded
from emailbench_gym.tools import FORMATS, load_profile, openai_strict, tool_specs
from tests.fakellm import FakeLLM, chat_text, messages_text, responses_text

TABLE_34 = {
    "messages_list": ["top", "filter", "orderBy", "skip", "folderId"],
    "messages_get": ["id"],
    "messages_search": ["query", "top"],
    "messages_count": ["filter"],
    "messages_send": ["subject", "body", "toRecipients", "ccRecipients", "importance"],
    "messages_createDraft": ["subject", "body", "toRecipients"],
}
PROFILES = ("adapter", "full")
#: JSON Schema keywords OpenAI's strict mode accepts everywhere in these tool schemas.
STRICT_KEYWORDS = {
    "type",
    "properties",
    "required",
    "additionalProperties",
    "description",
    "items",
    "enum",
    "anyOf",
    "format",
    "const",
}
#: The neutral, Anthropic and MCP schemas also state size limits as keywords.
LIMIT_KEYWORDS = {"maxLength", "maxItems", "minimum", "maximum"}
ALLOWED_KEYWORDS = STRICT_KEYWORDS | LIMIT_KEYWORDS


def _by_name(specs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {s["name"]: s for s in specs}


def test_adapter_has_46_tools_and_no_boards() -> None:
    names = [s["name"] for s in tool_specs("adapter")]
    assert len(names) == len(set(names)) == 46
    assert not [n for n in names if n.startswith("boards_")]
    assert {n.split("_")[0] for n in names} == {
        "messages",
        "calendar",
        "contacts",
        "todo",
        "folders",
        "filters",
        "settings",
        "identity",
    }


def test_full_has_all_119_operations() -> None:
    names = {s["name"] for s in tool_specs("full")}
    assert names == {n for n, s in METHODS.items() if s.kind != "evaluation"}
    assert len(names) == 119
    assert "snapshot" not in names and "reset" not in names


@pytest.mark.parametrize("profile", ["adapter", "full"])
def test_descriptions_say_what_the_profile_leaves_out(profile: str) -> None:
    """A description that names a tool the profile does not offer, or a method whose
    parameters the profile hides, says so: the adapter's messages_count described 'in one
    folder' with no folderId to pass."""
    specs = tool_specs(profile)
    offered = {s["name"] for s in specs}
    for spec in specs:
        method, shown = METHODS[spec["name"]], set(spec["parameters"]["properties"])
        named = {w for w in re.findall(r"\b[a-z]+_[a-z][A-Za-z]*\b", method.description)}
        note = spec["description"].partition("Not offered here: ")[2]
        for tool in named - offered - {spec["name"]}:
            assert tool in note, (spec["name"], tool)
        for param in set(method.params) - shown:
            assert f"the {param} parameter" in note, (spec["name"], param)
        if not (named - offered - {spec["name"]}) and set(method.params) <= shown:
            assert not note, spec["name"]
    if profile == "adapter":
        count = next(s for s in specs if s["name"] == "messages_count")
        assert count["description"].endswith("Not offered here: the folderId parameter.")


def test_unknown_profile_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="adapter"):
        load_profile("nope")


@pytest.mark.parametrize(("tool", "params"), TABLE_34.items())
def test_table34_message_tools_expose_exactly_those_parameters(
    tool: str, params: list[str]
) -> None:
    spec = _by_name(tool_specs("adapter"))[tool]
    assert list(spec["parameters"]["properties"]) == params


def test_full_profile_exposes_every_parameter() -> None:
    for spec in tool_specs("full"):
        assert tuple(spec["parameters"]["properties"]) == METHODS[spec["name"]].params


def _check_strict(
    schema: Any, where: str, allowed: set[str] = ALLOWED_KEYWORDS, required: Any = None
) -> None:
    """Every object closed, no defaults/titles/free-form maps/refs; its `required` is
    `required` at the top (the neutral schemas' required parameters) and every property
    elsewhere (strict mode's rule)."""
    assert isinstance(schema, dict), where
    unknown = set(schema) - allowed
    assert not unknown, f"{where}: keywords {unknown}"
    kinds = schema.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    if "object" in kinds:
        assert schema.get("additionalProperties") is False, where
        assert isinstance(schema.get("properties"), dict), f"{where}: free-form object"
        expected = list(schema["properties"]) if required is None else required
        assert schema["required"] == expected, where
        for key, sub in schema["properties"].items():
            _check_strict(sub, f"{where}.{key}", allowed)
    if "array" in kinds:
        _check_strict(schema["items"], f"{where}[]", allowed)
    for index, branch in enumerate(schema.get("anyOf", [])):
        _check_strict(branch, f"{where}|{index}", allowed)


def _nullable(schema: dict[str, Any]) -> bool:
    kinds = schema.get("type")
    if isinstance(kinds, list) and "null" in kinds:
        return True
    return any(b.get("type") == "null" for b in schema.get("anyOf", []))


@pytest.mark.parametrize("profile", PROFILES)
def test_schemas_require_the_required_and_let_the_optional_be_omitted_or_null(
    profile: str,
) -> None:
    for spec in tool_specs(profile):
        assert spec["description"], spec["name"]
        params = spec["parameters"]
        assert params["type"] == "object"
        method = METHODS[spec["name"]]
        required = [p for p in params["properties"] if p in method.required]
        _check_strict(params, spec["name"], required=required)
        for name, schema in params["properties"].items():
            assert schema.get("description"), f"{spec['name']}.{name}"
            optional = name not in method.required
            assert _nullable(schema) == optional, f"{spec['name']}.{name}"
            assert ("Optional: omit or null." in schema["description"]) == optional


@pytest.mark.parametrize("profile", PROFILES)
def test_openai_schemas_use_only_strict_keywords_and_state_limits_in_words(profile: str) -> None:
    neutral = {s["name"]: s for s in tool_specs(profile)}
    for spec in tool_specs(profile, "openai_chat"):
        function = spec["function"]
        _check_strict(function["parameters"], function["name"], STRICT_KEYWORDS)
        plain = neutral[function["name"]]["parameters"]["properties"]
        for name, schema in function["parameters"]["properties"].items():
            if "maxItems" in json.dumps(plain[name]):
                assert "Max " in schema["description"] and " items." in schema["description"]
            if '"maximum"' in json.dumps(plain[name]):
                assert "Range " in schema["description"], (function["name"], name)


def test_every_argument_has_a_stated_limit() -> None:
    for spec in tool_specs("full"):
        for name, schema in spec["parameters"]["properties"].items():
            assert not unbounded(schema), (spec["name"], name, unbounded(schema))
    top = {s["name"]: s for s in tool_specs("full")}["messages_list"]["parameters"]["properties"]
    assert (top["top"]["minimum"], top["top"]["maximum"]) == (1, 100)


@pytest.mark.parametrize("profile", PROFILES)
def test_schemas_are_a_fixed_point_of_openais_strict_helper(profile: str) -> None:
    strict_helper = pytest.importorskip("openai.lib._pydantic")
    for spec in tool_specs(profile, "openai_chat"):
        function = spec["function"]
        params = copy.deepcopy(function["parameters"])
        ensured = strict_helper._ensure_strict_json_schema(params, path=(), root=params)
        assert ensured == function["parameters"], function["name"]


def test_openais_strict_schema_of_the_signature_has_the_same_parameters() -> None:
    strict_helper = pytest.importorskip("openai.lib._pydantic")
    for spec in tool_specs("full"):
        derived = strict_helper.to_strict_json_schema(METHODS[spec["name"]].args_model)
        assert list(derived["properties"]) == list(spec["parameters"]["properties"])
        assert derived["required"] == openai_strict(spec)["parameters"]["required"]


@pytest.mark.parametrize("profile", PROFILES)
def test_round_trip_through_sdk_types(profile: str) -> None:
    chat = TypeAdapter(ChatCompletionToolParam)
    responses = TypeAdapter(FunctionToolParam)
    anthropic_param = TypeAdapter(AnthropicToolParam)
    for spec in tool_specs(profile, "openai_chat"):
        assert chat.validate_python(spec) == spec
        definition = FunctionDefinition.model_validate(spec["function"])
        assert definition.model_dump(exclude_unset=True) == spec["function"]
    for spec in tool_specs(profile, "openai_responses"):
        assert responses.validate_python(spec) == spec
    for spec in tool_specs(profile, "anthropic"):
        assert anthropic_param.validate_python(spec) == spec


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_renders_the_same_schemas(fmt: str) -> None:
    neutral = tool_specs("adapter")
    rendered = tool_specs("adapter", fmt)
    assert len(rendered) == len(neutral)
    for plain, wrapped in zip(neutral, rendered, strict=True):
        schema = (
            wrapped.get("parameters")
            or wrapped.get("input_schema")
            or wrapped.get("inputSchema")
            or wrapped["function"]["parameters"]
        )
        expected = openai_strict(plain) if fmt.startswith("openai") else plain
        assert schema == expected["parameters"]


def test_unknown_format_is_rejected() -> None:
    with pytest.raises(ValueError, match="openai_chat"):
        tool_specs("adapter", "gemini")


def test_specs_are_independent_copies() -> None:
    first = tool_specs("adapter")
    first[0]["parameters"]["properties"].clear()
    assert tool_specs("adapter")[0]["parameters"]["properties"]


def test_tools_go_through_real_sdk_requests() -> None:
    """The rendered specs are accepted by the SDKs' request builders and sent verbatim."""
    replies = iter([chat_text("ok"), responses_text("ok"), messages_text("ok")])
    with FakeLLM(lambda request: next(replies)) as server:
        client = openai.OpenAI(base_url=server.openai_base_url, api_key="test", max_retries=0)
        chat_tools = tool_specs("adapter", "openai_chat")
        client.chat.completions.create(
            model="fake-model", messages=[{"role": "user", "content": "hi"}], tools=chat_tools
        )
        responses_tools = tool_specs("adapter", "openai_responses")
        client.responses.create(model="fake-model", input="hi", tools=responses_tools)
        claude = anthropic.Anthropic(
            base_url=server.anthropic_base_url, api_key="test", max_retries=0
        )
        anthropic_tools = tool_specs("adapter", "anthropic")
        claude.messages.create(
            model="fake-model",
            max_tokens=16,
            messages=[{"role": "user", "content": "hi"}],
            tools=anthropic_tools,
        )
    sent = [request.body["tools"] for request in server.requests]
    assert sent == [chat_tools, responses_tools, anthropic_tools]
