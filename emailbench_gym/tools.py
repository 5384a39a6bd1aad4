"""Tool profiles (`envs/*.toml`) and tool specs rendered for every provider from one source.

A profile names the API methods an agent may call and, optionally, the subset of
each method's parameters it sees (the paper's adapter exposes abbreviated
payloads, Table 34). Each tool's JSON Schema is derived from the method's typed
signature and docstring (`MethodSpec`): `additionalProperties: false`, no defaults,
the method's required parameters required and its optional ones nullable, so an
optional argument may be omitted or passed as null, which mean the same. It is
wrapped for OpenAI Chat Completions and Responses (strict mode: every property
listed as required, `openai_strict`), Anthropic Messages and MCP.
"""

from __future__ import annotations

import copy
import functools
import re
import sys
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from emailbench_gym.api import METHODS, MethodSpec
from emailbench_gym.paths import data_dir

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

Format = Literal["neutral", "openai_chat", "openai_responses", "anthropic", "mcp"]
FORMATS: tuple[str, ...] = Format.__args__  # type: ignore[attr-defined]


class Profile(BaseModel):
    """Which tools an env offers, with which parameters, and its episode settings."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    description: str = ""
    max_turns: int = Field(15, ge=1)
    reward: Literal["progress", "score", "pass"] = "progress"
    tools: dict[str, tuple[str, ...] | None]
    base: str | None = Field(
        None, description="The shipped profile this one narrows (its profile solutions apply)."
    )
    per_domains: bool = Field(
        False,
        description="Offer each task only its declared domains' tools (tools='domains'): "
        "see `for_domains`.",
    )

    @property
    def allowed(self) -> frozenset[str]:
        return frozenset(self.tools)

    def for_domains(self, domains: Sequence[str]) -> Profile:
        """The tools a task of `domains` is offered: this profile, or with `per_domains` its
        narrowing to those domains (`domain_profile`)."""
        return domain_profile(self, tuple(domains)) if self.per_domains else self

    def with_tools_mode(self, tools: str) -> Profile:
        """This profile for a tools mode: "profile" (every tool) or "domains" (`per_domains`)."""
        if tools not in ("profile", "domains"):
            raise ValueError(f"tools must be 'profile' or 'domains', got {tools!r}")
        return self.model_copy(update={"per_domains": tools == "domains"})


def _parse_profile(name: str, raw: dict[str, Any]) -> Profile:
    tools_raw = raw.pop("tools", {})
    tools: dict[str, tuple[str, ...] | None] = {}
    if tools_raw == "*":
        tools = {n: None for n, s in METHODS.items() if s.kind != "evaluation"}
    else:
        for tool, params in tools_raw.items():
            spec = METHODS.get(tool)
            if spec is None or spec.kind == "evaluation":
                raise ValueError(f"envs/{name}.toml: unknown tool {tool!r}")
            if params == "*":
                tools[tool] = None
                continue
            unknown = set(params) - set(spec.params)
            hidden_required = set(spec.required) - set(params)
            if unknown or hidden_required:
                raise ValueError(
                    f"envs/{name}.toml: {tool}: unknown parameters {sorted(unknown)} "
                    f"or required parameters left out {sorted(hidden_required)}"
                )
            tools[tool] = tuple(params)
    raw.setdefault("name", name)
    return Profile(tools=tools, **raw)


def profile_names() -> list[str]:
    """The shipped tool profiles (`envs/*.toml`), by name."""
    return sorted(p.stem for p in data_dir("envs").glob("*.toml"))


@functools.cache
def load_profile(name: str = "adapter") -> Profile:
    """The profile `envs/<name>.toml` (`adapter`: the paper's 46 tools; `full`: all 119)."""
    path = data_dir("envs") / f"{name}.toml"
    if not path.exists():
        raise ValueError(f"unknown tool profile {name!r}; accepted: {', '.join(profile_names())}")
    with path.open("rb") as handle:
        return _parse_profile(name, tomllib.load(handle))


#: Domains every task may need whatever it declares: who the user is and who people are.
ALWAYS_OFFERED_DOMAINS = frozenset({"identity"})


def domain_profile(profile: Profile, domains: tuple[str, ...]) -> Profile:
    """`profile` narrowed to the tools of a task's `domains` (for `tools="domains"`).

    Kept: the declared domains' tools, the identity tools and the mail read tools (mail is
    the substrate every task lives in: a rule's or a meeting's messages are read with them).
    Shorter prompts; a scenario's reference solution always fits its own domains.
    """
    keep = set(domains) | ALWAYS_OFFERED_DOMAINS
    tools = {
        name: params
        for name, params in profile.tools.items()
        if METHODS[name].domain in keep
        or (METHODS[name].domain == "messages" and METHODS[name].kind == "read")
    }
    return profile.model_copy(
        update={
            "name": f"{profile.name}+domains",
            "tools": tools,
            "base": profile.base or profile.name,
            "per_domains": False,
        }
    )


# --- schemas ------------------------------------------------------------------------------


def _clean(schema: Any) -> Any:
    """Drop keys strict mode rejects or that add noise (titles, defaults)."""
    if isinstance(schema, dict):
        return {k: _clean(v) for k, v in schema.items() if k not in ("title", "default")}
    if isinstance(schema, list):
        return [_clean(v) for v in schema]
    return schema


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    if "anyOf" in schema:
        if not any(s.get("type") == "null" for s in schema["anyOf"]):
            schema["anyOf"].append({"type": "null"})
        return schema
    kind = schema.get("type")
    if isinstance(kind, str) and "enum" not in schema:
        schema["type"] = [kind, "null"]
        return schema
    rest = {k: v for k, v in schema.items() if k != "description"}
    out: dict[str, Any] = {"anyOf": [rest, {"type": "null"}]}
    if "description" in schema:
        out["description"] = schema["description"]
    return out


def _property(spec: MethodSpec, param: str) -> dict[str, Any]:
    field = spec.args_model.model_fields[param]
    annotation = (
        Annotated[(field.annotation, *field.metadata)] if field.metadata else field.annotation
    )
    schema = _clean(TypeAdapter(annotation).json_schema())
    if "anyOf" in schema:  # `X | None`: keep the non-null branch, strictness re-adds null
        branches = [s for s in schema["anyOf"] if s.get("type") != "null"]
        schema = branches[0] if len(branches) == 1 else {"anyOf": branches}
    description = spec.param_docs.get(param, "")
    if not field.is_required() and field.default not in (None, [], ""):
        description += f" Default: {field.default}."
    if not field.is_required():
        description += " Optional: omit or null."
        schema = _nullable(schema)
    schema["description"] = description.strip()
    return schema


#: A tool name written in a description ("nothing is sent until messages_sendDraft").
_TOOL_NAME = re.compile(r"\b[a-z]+_[a-z][A-Za-z]*\b")


def _absent_note(spec: MethodSpec, names: Sequence[str], offered: frozenset[str]) -> str:
    """What this tool set leaves out of the method, said after its description: the tools
    the description names that are not offered and the parameters the profile hides, so a
    description never points to what the agent cannot call ("... and/or in one folder. Not
    offered here: the folderId parameter.")."""
    tools = sorted(set(_TOOL_NAME.findall(spec.description)) - offered - {spec.name})
    hidden = [p for p in spec.params if p not in names]
    absent = [*tools, *(f"the {p} parameter" for p in hidden)]
    return f" Not offered here: {'; '.join(absent)}." if absent else ""


@functools.cache
def _neutral(name: str, params: tuple[str, ...] | None, offered: frozenset[str]) -> dict[str, Any]:
    spec = METHODS[name]
    names = params if params is not None else spec.params
    properties = {p: _property(spec, p) for p in names}
    return {
        "name": name,
        "description": spec.description + _absent_note(spec, names, offered),
        "parameters": {
            "type": "object",
            "properties": properties,
            "required": [p for p in names if p in spec.required],
            "additionalProperties": False,
        },
    }


def neutral_specs(profile: Profile) -> list[dict[str, Any]]:
    """The profile's tools as `{name, description, parameters}` (JSON Schema), sorted by name."""
    return copy.deepcopy(shared_specs(profile))


def shared_specs(profile: Profile) -> list[dict[str, Any]]:
    """Like `neutral_specs`, but built once per tool set and shared: treat it as read-only."""
    return _specs(tuple(sorted(profile.tools.items())))


@functools.cache
def _specs(tools: tuple[tuple[str, tuple[str, ...] | None], ...]) -> list[dict[str, Any]]:
    offered = frozenset(name for name, _ in tools)
    return [_neutral(name, params, offered) for name, params in tools]


#: Size keywords that OpenAI's strict mode does not accept everywhere: stated in words instead,
#: for the limits real work can reach (ranges, list sizes, long texts; not id or name lengths).
_LIMIT_KEYWORDS = ("maxLength", "maxItems", "minimum", "maximum")
_LONG_TEXT = 1_000


def _limits_in_words(schema: dict[str, Any]) -> str:
    """A property's reachable limits (through nullable branches) as a short sentence, or ''."""
    words = []
    for branch in schema.get("anyOf", [schema]):
        if "minimum" in branch and "maximum" in branch:
            words.append(f"Range {branch['minimum']:,}-{branch['maximum']:,}.")
        if "maxItems" in branch:
            words.append(f"Max {branch['maxItems']:,} items.")
        if branch.get("maxLength", 0) >= _LONG_TEXT:
            words.append(f"Max {branch['maxLength']:,} characters.")
    return " ".join(words)


def _without_limits(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {k: _without_limits(v) for k, v in schema.items() if k not in _LIMIT_KEYWORDS}
    if isinstance(schema, list):
        return [_without_limits(v) for v in schema]
    return schema


def openai_strict(spec: dict[str, Any]) -> dict[str, Any]:
    """A neutral spec for OpenAI's strict mode: every property required (the optional ones are
    nullable already) and size keywords moved into the descriptions."""
    params = spec["parameters"]
    properties = {}
    for name, schema in params["properties"].items():
        limits = _limits_in_words(schema)
        schema = _without_limits(schema)
        if limits:
            schema["description"] = f"{schema.get('description', '')} {limits}".strip()
        properties[name] = schema
    strict = {**params, "properties": properties, "required": list(properties)}
    return {**spec, "parameters": strict, "strict": True}


def render(specs: list[dict[str, Any]], fmt: str) -> list[dict[str, Any]]:
    """Wrap neutral specs for a provider: see `FORMATS`."""
    if fmt == "neutral":
        return specs
    if fmt == "openai_chat":
        return [{"type": "function", "function": openai_strict(s)} for s in specs]
    if fmt == "openai_responses":
        return [{"type": "function", **openai_strict(s)} for s in specs]
    if fmt == "anthropic":
        return [
            {"name": s["name"], "description": s["description"], "input_schema": s["parameters"]}
            for s in specs
        ]
    if fmt == "mcp":
        return [
            {"name": s["name"], "description": s["description"], "inputSchema": s["parameters"]}
            for s in specs
        ]
    raise ValueError(f"unknown tool format {fmt!r}; accepted: {', '.join(FORMATS)}")


def tool_specs(profile: str | Profile = "adapter", fmt: str = "neutral") -> list[dict[str, Any]]:
    """Tool specs of a profile in one of `FORMATS`."""
    resolved = load_profile(profile) if isinstance(profile, str) else profile
    return render(neutral_specs(resolved), fmt)


def restrict_arguments(profile: Profile, name: str, arguments: dict[str, Any]) -> str | None:
    """An error message if the call uses a parameter the profile hides from this tool."""
    visible = profile.tools.get(name)
    if visible is None:
        return None
    hidden = sorted(set(arguments) - set(visible))
    if hidden:
        return (
            f"{name}: unknown argument(s) {', '.join(repr(h) for h in hidden)}. "
            f"Accepted arguments: {', '.join(visible)}."
        )
    return None
