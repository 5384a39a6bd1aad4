"""EmailBench as Gymnasium environments: a typed email API, a persona corpus, graded scenarios."""

from __future__ import annotations

import importlib.metadata
from typing import TYPE_CHECKING, Any

from emailbench_gym.catalog import scenario_ids
from emailbench_gym.errors import ToolError

if TYPE_CHECKING:
    from emailbench_gym.corpus import Corpus, load_corpus
    from emailbench_gym.scenarios import load_scenario
    from emailbench_gym.workspace import Workspace

SCENARIO_IDS: tuple[str, ...] = tuple(scenario_ids())

# Heavy parts load on first use, so `import emailbench_gym` stays cheap (it only registers envs).
_LAZY = {
    "Corpus": "emailbench_gym.corpus",
    "load_corpus": "emailbench_gym.corpus",
    "load_scenario": "emailbench_gym.scenarios",
    "Workspace": "emailbench_gym.workspace",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'emailbench_gym' has no attribute {name!r}")


__all__ = ["SCENARIO_IDS", "Corpus", "ToolError", "Workspace", "load_corpus", "load_scenario"]
try:
    __version__ = importlib.metadata.version("emailbench-gym")
except importlib.metadata.PackageNotFoundError:  # a source tree on PYTHONPATH, not installed
    __version__ = "0+unknown"


def _register_envs() -> None:
    """Register `EmailBench-<scenario id>` for every scenario, `EmailBench-Suite`, and the
    splits: `EmailBench-Train`, `-Dev`, `-Heldout` (generated tasks) and `-Test` (the 206)."""
    from gymnasium.envs.registration import register, registry

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
    for split in ("train", "dev", "heldout", "test"):  # generated splits; test: the 206
        if f"EmailBench-{split.title()}" not in registry:
            register(id=f"EmailBench-{split.title()}", entry_point=entry, kwargs={"split": split})


_register_envs()
