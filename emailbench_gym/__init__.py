"""EmailBench as Gymnasium environments: a typed email API, a persona corpus, graded scenarios."""

from __future__ import annotations

from emailbench_gym.corpus import Corpus, load_corpus
from emailbench_gym.errors import ToolError
from emailbench_gym.scenarios import load_scenario, scenario_ids
from emailbench_gym.workspace import Workspace

SCENARIO_IDS: tuple[str, ...] = tuple(scenario_ids())

__all__ = ["SCENARIO_IDS", "Corpus", "ToolError", "Workspace", "load_corpus", "load_scenario"]
__version__ = "0.1.0"


def _register_envs() -> None:
    """Register `EmailBench-<scenario id>` for every scenario, and `EmailBench-Suite`."""
    from gymnasium.envs.registration import register, registry

    from emailbench_gym.scenarios import scenario_ids

    entry = "emailbench_gym.env:EmailBenchEnv"
    for scenario_id in scenario_ids():
        if f"EmailBench-{scenario_id}" not in registry:
            register(
                id=f"EmailBench-{scenario_id}",
                entry_point=entry,
                kwargs={"scenario_id": scenario_id},
            )
    if "EmailBench-Suite" not in registry:
        register(id="EmailBench-Suite", entry_point=entry)


_register_envs()
