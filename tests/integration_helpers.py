"""Shared by the integration and example tests: the scenario they use and a scripted solver."""

from __future__ import annotations

import json
import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from emailbench_gym.scenarios import load_scenario, resolve_refs

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = "OB-N520"


def subprocess_env() -> dict[str, str]:
    """The current environment with the checkout importable (for servers run as subprocesses)."""
    path = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{path}" if path else str(ROOT)}


def cli_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "emailbench_gym.cli", *args]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def parse_result(content: str) -> Any:
    """A tool result's JSON (a page's `[*]` and `[N]` refer to its items in `resolve_refs`)."""
    return json.loads(content)


def solve(scenario_id: str, call: Callable[[str, dict[str, Any]], str]) -> str:
    """Replay the reference calls through `call(name, arguments) -> result text`; return the answer."""
    scenario = load_scenario(scenario_id)
    results: list[Any] = []
    for step in scenario.solution.calls:
        results.append(parse_result(call(step.name, resolve_refs(step.arguments, results))))
    return scenario.solution.answer
