"""The MCP server, the TRL environment factory and the verifiers adapter, each driven by its own framework."""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from emailbench_gym.api import METHODS
from emailbench_gym.integrations.session import ToolSession
from emailbench_gym.scenarios import load_scenario, resolve_refs
from emailbench_gym.tools import load_profile
from tests.integration_helpers import (
    ROOT,
    SCENARIO,
    cli_command,
    free_port,
    parse_result,
    solve,
    subprocess_env,
)

# --- the shared session -------------------------------------------------------------------


def test_session_errors_never_raise_and_episode_closes() -> None:
    scenario = SCENARIO
    session = ToolSession(scenario)
    assert session.call("folders_list", {})[1] is True  # not started yet
    assert session.start() and session.scenario_id == scenario
    before = session.env.workspace.digest()
    for name, arguments in [
        ("folders_create", {"displayName": "X", "bogus": 1}),
        ("no_such_tool", {}),
        ("folders_create", "{not json"),
        ("folders_get", {"id": "folder-404"}),
    ]:
        content, is_error = session.call(name, arguments)
        assert is_error and "error" in json.loads(content)
    assert session.env.workspace.digest() == before
    summary, is_error = session.submit("nothing done")
    assert not is_error and summary["score"] < 1.0
    assert session.submit("again")[1] is True
    assert json.loads(session.call("folders_list", {})[0])["error"] == "episode_over"


def test_session_budget_ends_and_grades_the_episode() -> None:
    session = ToolSession(SCENARIO, max_calls=2)
    session.start()
    assert session.call("folders_list", {})[1] is False
    content, _ = session.call("folders_list", {})
    assert "Episode over" in content and session.grade is not None
    assert session.submit("late")[1] is True
    session.start()
    session.call("folders_list", {})
    content, is_error = session.call("folders_get", {"id": "folder-404"})  # error on the last call
    assert is_error and "Episode over" in json.loads(content)["message"]


# --- MCP ----------------------------------------------------------------------------------


async def _mcp_episode(client: Any, scenario: str) -> None:
    tools = await client.list_tools()
    names = {t.name for t in tools.tools}
    assert names == set(load_profile("adapter").tools) | {"submit_answer"}
    create = next(t for t in tools.tools if t.name == "folders_create")
    assert create.input_schema["required"] == ["displayName"]  # parentFolderId: omit or null

    listed = await client.call_tool("folders_list", {})
    assert not listed.is_error and json.loads(listed.content[0].text)
    bad = await client.call_tool("folders_create", {"displayName": "X", "bogus": 1})
    assert bad.is_error and "bogus" in bad.content[0].text
    unknown = await client.call_tool("no_such_tool", {})
    assert unknown.is_error and "not available" in unknown.content[0].text
    missing = await client.call_tool("messages_get", {"id": "msg-does-not-exist"})
    assert missing.is_error and json.loads(missing.content[0].text)["error"] == "not_found"

    resource = await client.read_resource("emailbench://task")
    assert "Raptor" in resource.contents[0].text
    prompt = await client.get_prompt("task")
    assert "submit_answer" in prompt.messages[0].content.text

    async def call(name: str, arguments: dict[str, Any]) -> str:
        result = await client.call_tool(name, arguments)
        assert not result.is_error, result.content[0].text
        return result.content[0].text

    # the reference trajectory, call by call
    reference = load_scenario(scenario).solution
    parsed: list[Any] = []
    for step in reference.calls:
        text = await call(step.name, resolve_refs(step.arguments, parsed))
        parsed.append(parse_result(text))
    bad_submit = await client.call_tool("submit_answer", {"answer": 42})
    assert bad_submit.is_error
    graded = await client.call_tool("submit_answer", {"answer": reference.answer})
    assert not graded.is_error
    grade = json.loads(graded.content[0].text)
    assert grade["score"] == 1.0 and grade["passed"] is True
    after = await client.call_tool("folders_list", {})
    assert after.is_error and "episode is over" in after.content[0].text


def test_mcp_over_stdio_with_the_sdk_client() -> None:
    pytest.importorskip("mcp")
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    scenario = SCENARIO
    command = cli_command("mcp", "--scenario", scenario)
    params = StdioServerParameters(
        command=command[0], args=command[1:], env=subprocess_env(), cwd=str(ROOT)
    )

    async def run() -> None:
        async with Client(stdio_client(params)) as client:
            await _mcp_episode(client, scenario)

    asyncio.run(run())


def test_mcp_over_streamable_http_with_the_sdk_client() -> None:
    pytest.importorskip("mcp")
    from mcp import Client

    scenario = SCENARIO
    port = free_port()
    server = subprocess.Popen(
        cli_command("mcp", "--scenario", scenario, "--transport", "http", "--port", str(port)),
        env=subprocess_env(),
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        _wait_for_port(port, server)

        async def run() -> None:
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                await _mcp_episode(client, scenario)

        asyncio.run(run())
    finally:
        server.terminate()
        server.wait(timeout=10)


def _wait_for_port(port: int, process: subprocess.Popen[bytes]) -> None:
    import socket

    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"server exited: {process.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"no server on port {port} after 20 s")


def test_mcp_cli_rejects_unknown_scenario() -> None:
    result = subprocess.run(
        cli_command("mcp", "--scenario", "OB-Z999"),
        env=subprocess_env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "unknown scenario" in result.stderr


def _domain_tools(scenario_id: str, profile: str = "adapter") -> set[str]:
    from emailbench_gym.tools import domain_profile

    domains = tuple(load_scenario(scenario_id).domains)
    return set(domain_profile(load_profile(profile), domains).tools)


def test_mcp_tools_domains_lists_the_scenarios_domains_and_completes_it() -> None:
    """`--tools domains`: OB-K102 (calendar, todo) lists no mail-writing, folder or contact tool,
    and its adapter solution, played over the SDK client, passes."""
    pytest.importorskip("mcp")
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    scenario = "OB-K102"
    command = cli_command("mcp", "--scenario", scenario, "--tools", "domains")
    params = StdioServerParameters(
        command=command[0], args=command[1:], env=subprocess_env(), cwd=str(ROOT)
    )
    expected = _domain_tools(scenario)
    assert "todo_listTasks" in expected and "messages_send" not in expected

    async def run() -> None:
        async with Client(stdio_client(params)) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert names == expected | {"submit_answer"}
            outside = await client.call_tool("folders_list", {})
            assert outside.is_error and "not available" in outside.content[0].text
            solution = load_scenario(scenario).profile_solutions["adapter"]
            parsed: list[Any] = []
            for step in solution.calls:
                result = await client.call_tool(step.name, resolve_refs(step.arguments, parsed))
                assert not result.is_error, result.content[0].text
                parsed.append(parse_result(result.content[0].text))
            graded = await client.call_tool("submit_answer", {"answer": solution.answer})
            assert json.loads(graded.content[0].text)["passed"] is True

    asyncio.run(run())


async def _suite_with_domain_tools(client: Any, suite: list[str], changed: Any) -> None:
    """Play `suite` on an MCP SDK client of a `--tools domains` suite server: after every
    next_task the client is told the tools changed (`await changed()`), the task lists its
    domains' tools, and its solution passes."""
    from emailbench_gym.tools import domain_profile

    assert client.server_capabilities.tools.list_changed is True
    assert {t.name for t in (await client.list_tools()).tools} == {"next_task"}
    for sid in suite:
        started = await client.call_tool("next_task", {})
        assert not started.is_error and started.structured_content["scenario_id"] == sid
        await changed()
        names = {t.name for t in (await client.list_tools()).tools}
        assert names == _domain_tools(sid) | {"submit_answer", "next_task"}
        assert started.structured_content["tools"] == sorted(_domain_tools(sid))
        scenario = load_scenario(sid)
        solution = scenario.solution_for(
            domain_profile(load_profile("adapter"), tuple(scenario.domains))
        )
        assert solution is not None
        parsed: list[Any] = []
        for step in solution.calls:
            result = await client.call_tool(step.name, resolve_refs(step.arguments, parsed))
            assert not result.is_error, result.content[0].text
            parsed.append(parse_result(result.content[0].text))
        graded = await client.call_tool("submit_answer", {"answer": solution.answer})
        assert json.loads(graded.content[0].text)["passed"] is True
    done = await client.call_tool("next_task", {})
    assert done.structured_content["done"] is True


def _check_suite_folder(out: Path, suite: list[str]) -> None:
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [(r["id"], r["passed"]) for r in records] == [(sid, True) for sid in suite]
    assert json.loads((out / "run.json").read_text())["tools"] == "domains"


#: Two tasks of different domains (calendar + todo; folders + messages).
DOMAIN_SUITE = ["OB-K102", "OB-N507"]


def test_mcp_suite_tools_domains_over_stdio_lists_each_tasks_tools(tmp_path: Path) -> None:
    """stdio negotiates the 2026-07-28 protocol: the change comes on the client's
    subscriptions/listen stream."""
    pytest.importorskip("mcp")
    import anyio
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    assert _domain_tools(DOMAIN_SUITE[0]) != _domain_tools(DOMAIN_SUITE[1])
    out = tmp_path / "suite"
    command = cli_command(
        "mcp", "--suite", *DOMAIN_SUITE, "--out", str(out), "--tools", "domains", "--quiet"
    )
    params = StdioServerParameters(
        command=command[0], args=command[1:], env=subprocess_env(), cwd=str(ROOT)
    )

    async def run() -> None:
        async with (
            Client(stdio_client(params)) as client,
            client.listen(tools_list_changed=True) as events,
        ):
            stream = aiter(events)

            async def changed() -> None:
                with anyio.fail_after(30):
                    assert type(await anext(stream)).__name__ == "ToolsListChanged"

            await _suite_with_domain_tools(client, DOMAIN_SUITE, changed)

    asyncio.run(run())
    _check_suite_folder(out, DOMAIN_SUITE)


def test_mcp_suite_tools_domains_over_http_notifies_each_session(tmp_path: Path) -> None:
    """Streamable HTTP speaks the handshake era: notifications/tools/list_changed per session."""
    pytest.importorskip("mcp")
    import anyio
    import mcp_types as types
    from mcp import Client

    out, port = tmp_path / "suite", free_port()
    server = subprocess.Popen(
        cli_command(
            "mcp",
            "--suite",
            *DOMAIN_SUITE,
            "--out",
            str(out),
            "--tools",
            "domains",
            "--transport",
            "http",
            "--port",
            str(port),
            "--quiet",
        ),
        env=subprocess_env(),
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    notices: list[Any] = []

    async def run() -> None:
        arrived = anyio.Event()

        async def on_message(message: Any) -> None:
            if isinstance(message, types.ToolListChangedNotification):
                notices.append(message)
                arrived.set()

        seen = 0

        async def changed() -> None:  # it may come on the GET stream after the call's reply
            nonlocal arrived, seen
            with anyio.fail_after(30):
                while len(notices) <= seen:
                    await arrived.wait()
                    arrived = anyio.Event()
            seen += 1

        url = f"http://127.0.0.1:{port}/mcp"
        async with Client(url, message_handler=on_message) as client:
            await _suite_with_domain_tools(client, DOMAIN_SUITE, changed)

    try:
        _wait_for_port(port, server)
        asyncio.run(run())
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert len(notices) == len(DOMAIN_SUITE)  # none when the suite is done
    _check_suite_folder(out, DOMAIN_SUITE)


# --- TRL ----------------------------------------------------------------------------------


def _tool_methods(env: Any) -> dict[str, Any]:
    """The methods TRL exposes as tools (its own rule: public functions but reset/get_reward)."""
    import inspect

    return {
        name: getattr(env, name)
        for name, _ in inspect.getmembers(type(env), predicate=inspect.isfunction)
        if name not in ("reset", "get_reward") and not name.startswith("_")
    }


@pytest.mark.parametrize("profile", ["adapter", "full"])
def test_trl_every_tool_schema_round_trips_through_get_json_schema(profile: str) -> None:
    pytest.importorskip("transformers")
    from transformers.utils import get_json_schema

    from emailbench_gym.integrations.trl import environment_class

    env = environment_class(profile)()
    methods = _tool_methods(env)
    expected = load_profile(profile).tools
    assert set(methods) == set(expected) | {"submit_answer"}
    for name, method in methods.items():
        schema = get_json_schema(method)["function"]
        assert schema["name"] == name and schema["description"]
        properties = schema["parameters"].get("properties", {})
        if name == "submit_answer":
            assert schema["parameters"]["required"] == ["answer"]
            continue
        visible = expected[name] or tuple(properties)
        assert tuple(properties) == tuple(visible)
        assert set(schema["parameters"].get("required", [])) == set(METHODS[name].required) & set(
            properties
        )
        assert all(p.get("description") for p in properties.values())


def test_trl_scripted_episode_reaches_reward_one() -> None:
    from emailbench_gym.integrations.trl import EmailBenchToolEnv, scenario_dataset

    scenario = SCENARIO
    env = EmailBenchToolEnv()
    (row,) = scenario_dataset([scenario])
    prompt = env.reset(**row)
    assert load_scenario(scenario).query in prompt and "submit_answer" in prompt

    def call(name: str, arguments: dict[str, Any]) -> str:
        result = getattr(env, name)(**arguments)
        assert isinstance(result, str), result
        return result

    answer = solve(scenario, call)
    grade = json.loads(env.submit_answer(answer))
    assert grade["passed"] is True
    assert env.get_reward() == 1.0
    # a fresh episode on the same instance starts clean
    env.reset(**row)
    assert env.get_reward() < 1.0


def test_trl_bad_calls_return_json_errors_not_exceptions() -> None:
    from emailbench_gym.integrations.trl import EmailBenchToolEnv

    def error(result: Any) -> str:
        assert isinstance(result, str)  # TRL shows str(result): JSON, never a dict repr
        return json.loads(result)["error"]

    env = EmailBenchToolEnv()
    assert error(env.folders_list()) == "no_episode"
    env.reset(scenario_id=SCENARIO, prompt=[])
    digest = env._session.env.workspace.digest()
    assert error(env.folders_create(displayName="X", bogus=1)) == "invalid_arguments"
    assert error(env.folders_create()) == "invalid_arguments"
    assert error(env.folders_get(id="folder-404")) == "not_found"
    assert error(env.messages_search("a", 5, "extra")) == "invalid_arguments"
    assert error(env.messages_list(top="many")) == "invalid_arguments"
    assert env._session.env.workspace.digest() == digest
    assert isinstance(json.loads(env.folders_get("inbox")), dict)  # positional arguments work too
    env.submit_answer("done")
    assert error(env.submit_answer("twice")) == "episode_over"
    assert error(env.folders_list()) == "episode_over"
    with pytest.raises(ValueError, match="scenario_id"):
        env.reset(prompt=[])


def test_trl_raise_errors_makes_trl_count_failures() -> None:
    """With raise_errors, a rejected call raises (TRL's tool loop counts exceptions as failures)."""
    from emailbench_gym.integrations.trl import ToolCallError, environment_class

    env = environment_class("adapter", raise_errors=True)()
    env.reset(scenario_id=SCENARIO, prompt=[])
    with pytest.raises(ToolCallError) as raised:
        env.folders_get(id="folder-404")
    assert json.loads(str(raised.value))["error"] == "not_found"
    assert isinstance(env.folders_list(), str)  # good calls still return their result
    env.submit_answer("done")
    with pytest.raises(ToolCallError, match="episode_over"):
        env.submit_answer("twice")


def test_trl_tools_domains_routes_each_row_to_its_domains_class() -> None:
    """A dict `environment_factory` (TRL's multi-environment form) and rows naming their class."""
    pytest.importorskip("transformers")
    from transformers.utils import get_json_schema

    from emailbench_gym.integrations.trl import environment_factory, scenario_dataset

    ids = [SCENARIO, "OB-T101", "OB-K102"]
    factories = environment_factory(tools="domains", scenario_ids=ids)
    assert set(factories) == {"folders+messages", "todo", "calendar+todo"}
    assert environment_factory(scenario_ids=ids) is environment_factory()  # tools="profile"
    rows = scenario_dataset(ids, tools="domains")
    assert [row["environment"] for row in rows] == ["folders+messages", "todo", "calendar+todo"]
    for row in rows:
        env = factories[row["environment"]]()
        methods = _tool_methods(env)
        assert set(methods) == _domain_tools(row["scenario_id"]) | {"submit_answer"}
        assert all(get_json_schema(m)["function"]["name"] == n for n, m in methods.items())
    # TRL passes the row without its 'environment' column to reset
    env = factories["folders+messages"]()
    prompt = env.reset(**{k: v for k, v in rows[0].items() if k != "environment"})
    assert load_scenario(SCENARIO).query in prompt
    answer = solve(SCENARIO, lambda name, arguments: getattr(env, name)(**arguments))
    assert json.loads(env.submit_answer(answer))["passed"] is True
    assert env.get_reward() == 1.0
    with pytest.raises(ValueError, match="declares the domains todo"):
        env.reset(scenario_id="OB-T101")
    with pytest.raises(ValueError, match="tools must be"):
        scenario_dataset(ids, tools="some")  # type: ignore[arg-type]


def test_every_tool_surface_names_one_way_to_finish() -> None:
    """The env's prompt says: a turn without tool calls; MCP, TRL and verifiers say: submit_answer."""
    from emailbench_gym.env import EmailBenchEnv
    from emailbench_gym.integrations.trl import EmailBenchToolEnv

    info = EmailBenchEnv(SCENARIO).reset()[1]
    assert "no tool calls" in info["system_prompt"] and "submit_answer" not in info["system_prompt"]
    session = ToolSession(SCENARIO)
    session.start()
    trl_prompt = EmailBenchToolEnv().reset(scenario_id=SCENARIO)
    for prompt in (session.system_prompt, session.task_prompt(), trl_prompt):
        assert "submit_answer" in prompt and "no tool calls" not in prompt
        assert "plain text" not in prompt


# --- verifiers ----------------------------------------------------------------------------


def test_verifiers_environment_tools_and_reward_offline() -> None:
    pytest.importorskip("verifiers.v1")
    from mcp import Client
    from mcp.server.mcpserver import MCPServer

    import emailbench_gym.integrations.verifiers as ebv

    scenario = SCENARIO
    env = ebv.load_environment([scenario])
    (task,) = list(env.taskset)
    assert task.data.prompt == load_scenario(scenario).query
    assert "submit_answer" in task.data.system_prompt
    (toolset,) = type(task).toolsets(task.config)

    # The rollout's state channel, kept in memory: one state object across calls.
    state = ebv.EmailBenchState()
    trace = type("Trace", (), {"state": state})()

    async def pull() -> ebv.EmailBenchState:
        return state

    async def push(before: bytes) -> None:
        return None

    toolset._pull_state, toolset._push_state = pull, push  # type: ignore[method-assign]
    reference = load_scenario(scenario).solution

    async def run() -> None:
        await toolset.setup_task(task.data)
        server = MCPServer("emailbench")
        toolset.register(server)
        async with Client(server) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert names == set(load_profile("adapter").tools) | {"submit_answer"}
            bad = await client.call_tool("folders_get", {"id": "folder-404"})
            assert bad.is_error and "not_found" in bad.content[0].text
            # Not submitted: the scorer replays the recorded calls and grades the state as is.
            assert await task.emailbench_score(trace) < 1.0
            parsed: list[Any] = []
            for step in reference.calls:
                result = await client.call_tool(step.name, resolve_refs(step.arguments, parsed))
                assert not result.is_error, result.content[0].text
                parsed.append(parse_result(result.content[0].text))
            assert len(state.calls) == 1 + len(reference.calls)
            graded = await client.call_tool("submit_answer", {"answer": reference.answer})
            assert not graded.is_error and json.loads(graded.content[0].text)["passed"]
            assert await task.emailbench_score(trace) == 1.0

    asyncio.run(run())


def test_verifiers_tools_domains_serves_only_the_scenarios_domains() -> None:
    pytest.importorskip("verifiers.v1")
    from mcp import Client
    from mcp.server.mcpserver import MCPServer

    import emailbench_gym.integrations.verifiers as ebv

    scenario = "OB-T101"
    env = ebv.load_environment([scenario], tools="domains")
    (task,) = list(env.taskset)
    assert task.config.tools.tools == "domains"
    (toolset,) = type(task).toolsets(task.config)
    state = ebv.EmailBenchState()

    async def pull() -> ebv.EmailBenchState:
        return state

    async def push(before: bytes) -> None:
        return None

    toolset._pull_state, toolset._push_state = pull, push  # type: ignore[method-assign]

    async def run() -> None:
        await toolset.setup_task(task.data)
        server = MCPServer("emailbench")
        toolset.register(server)
        async with Client(server) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert names == _domain_tools(scenario) | {"submit_answer"}
            assert "todo_listTasks" in names and "calendar_listEvents" not in names

    asyncio.run(run())
