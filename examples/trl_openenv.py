"""TRL's GRPOTrainer consuming EmailBench as an OpenEnv environment (`emailbench serve`).

    emailbench serve --port 8000 &
    python examples/trl_openenv.py --url http://127.0.0.1:8000 --model Qwen/Qwen3-0.6B
    python examples/trl_openenv.py --dry-run        # serves one itself; replays a reference

The `environment_factory` class talks to the server with OpenEnv's own client: each TRL
rollout opens its own WebSocket session (so its own episode), `reset(**row)` resets it to
the row's scenario and returns the task prompt, every tool of the profile is a typed method
(generated from the API's `MethodSpec`s, as `emailbench_gym.integrations.trl` does) that sends
an MCP `call_tool` step, and `get_reward()` is the reward the server gave when the episode
ended (`submit_answer`, or the call budget; a rollout that never submitted is submitted with
an empty answer). Tool errors come back as the env's JSON text. `--dry-run` checks the wiring
without a model: rows, tool schemas (`transformers.utils.get_json_schema`), and the scenario's
reference solution replayed through the methods to reward 1.0.
Needs `pip install 'emailbench-gym[openenv,trl]'`.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import json
import threading
from collections.abc import Iterator
from typing import Any

from openenv.core.generic_client import GenericEnvClient

from emailbench_gym.api import METHODS
from emailbench_gym.integrations.session import SUBMIT_ANSWER_DOC, SUBMIT_DESCRIPTION, tool_method
from emailbench_gym.integrations.trl import scenario_dataset
from emailbench_gym.tools import load_profile


class _RemoteToolEnv:
    """The non-tool part of the factory class: one OpenEnv session per instance."""

    url = "http://127.0.0.1:8000"

    def __init__(self) -> None:
        self._client = GenericEnvClient(base_url=self.url).sync()
        self._client.connect()
        self._done = False
        self._reward = 0.0

    def reset(self, **row: Any) -> str:
        """Reset the session to `row["scenario_id"]`; returns the task prompt."""
        result = self._client.reset(scenario_id=row["scenario_id"])
        self._done, self._reward = False, 0.0
        observation = result.observation
        return f"{observation['system_prompt']}\n\nTask: {observation['content']}"

    def get_reward(self) -> float:
        """The score the server gave at the episode's end (submits "" if it never ended)."""
        if not self._done:
            self.submit_answer("")
        return self._reward

    def submit_answer(self, answer: str) -> str:
        return self._step("submit_answer", {"answer": answer})

    def _call(self, name: str, params: tuple[str, ...], args: tuple, kwargs: dict) -> str:
        return self._step(name, {**dict(zip(params, args, strict=False)), **kwargs})

    def _step(self, name: str, arguments: dict[str, Any]) -> str:
        result = self._client.step({"type": "call_tool", "tool_name": name, "arguments": arguments})
        if result.done:
            self._done, self._reward = True, float(result.reward or 0.0)
        observation = result.observation
        if observation.get("error"):
            return observation["error"]["message"]  # the env's JSON error
        return observation["result"]["content"][0]["text"]


_RemoteToolEnv.submit_answer.__doc__ = (
    f"{SUBMIT_DESCRIPTION}\n\nArgs:\n    answer: {SUBMIT_ANSWER_DOC}"
)


def openenv_environment(url: str, profile: str = "adapter") -> type:
    """An `environment_factory` class for a server at `url` serving `profile`'s tools."""
    methods = {
        name: tool_method(METHODS[name], visible)
        for name, visible in load_profile(profile).tools.items()
    }
    return type("EmailBenchOpenEnv", (_RemoteToolEnv,), {**methods, "url": url})


@contextlib.contextmanager
def local_server(scenarios: list[str]) -> Iterator[str]:
    """`emailbench serve` in this process on a free loopback port (for --dry-run)."""
    import socket

    import uvicorn

    from emailbench_gym.integrations.openenv_env import build_app

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            build_app(scenarios=scenarios), host="127.0.0.1", port=port, log_level="warning"
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        threading.Event().wait(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def dry_run(factory: type, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Everything but the model: one environment, its tool schemas, a reference replay."""
    from transformers.utils import get_json_schema

    from emailbench_gym.scenarios import load_scenario, resolve_refs

    env = factory()
    prompt = env.reset(**rows[0])
    schemas = [
        get_json_schema(getattr(env, name))
        for name, _ in inspect.getmembers(type(env), inspect.isfunction)
        if not name.startswith("_") and name not in ("reset", "get_reward")
    ]
    solution = load_scenario(rows[0]["scenario_id"]).solution
    results: list[Any] = []
    for step in solution.calls:
        text = getattr(env, step.name)(**resolve_refs(step.arguments, results))
        results.append(json.loads(text))  # resolve_refs reads a list page's items
    env.submit_answer(solution.answer)
    return {
        "rows": len(rows),
        "prompt_chars": len(prompt),
        "tools": len(schemas),
        "reference_reward": env.get_reward(),
    }


def main(argv: list[str] | None = None) -> dict[str, Any] | None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=None, help="the OpenEnv server (emailbench serve)")
    parser.add_argument("--model", default="Qwen/Qwen3-0.6B")
    parser.add_argument("--scenarios", nargs="*", default=["OB-N520"])
    parser.add_argument("--profile", default="adapter")
    parser.add_argument("--num-generations", type=int, default=4)
    parser.add_argument("--max-steps", type=int, default=100)
    parser.add_argument("--dry-run", action="store_true", help="check the wiring and stop")
    args = parser.parse_args(argv)
    rows = scenario_dataset(args.scenarios)
    if args.dry_run:
        with contextlib.ExitStack() as stack:
            url = args.url or stack.enter_context(local_server(args.scenarios))
            report = dry_run(openenv_environment(url, args.profile), rows)
        print(json.dumps(report))
        return report

    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer

    trainer = GRPOTrainer(
        model=args.model,
        train_dataset=Dataset.from_list(rows),
        environment_factory=openenv_environment(args.url or "http://127.0.0.1:8000", args.profile),
        args=GRPOConfig(
            per_device_train_batch_size=args.num_generations,
            num_generations=args.num_generations,
            max_tool_calling_iterations=30,
            chat_template_kwargs={"enable_thinking": False},
            max_steps=args.max_steps,
            report_to="none",
        ),
    )
    trainer.train()
    return None


if __name__ == "__main__":
    main()
