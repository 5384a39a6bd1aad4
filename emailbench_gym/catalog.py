"""The index of shipped scenario files: ids to paths, without parsing anything.

Kept free of heavy imports so that `import emailbench_gym` can register one env per
scenario cheaply; `emailbench_gym.scenarios` parses the files on demand.
"""

from __future__ import annotations

import functools
from pathlib import Path

from emailbench_gym.paths import data_dir


@functools.lru_cache(maxsize=1)
def scenario_paths() -> dict[str, Path]:
    """Scenario id -> its file, for every `scenarios/<category>/OB-*.json`."""
    return {p.stem: p for p in sorted(data_dir("scenarios").glob("*/OB-*.json"))}


def scenario_ids() -> list[str]:
    """Every scenario id in the shipped suite, sorted."""
    return sorted(scenario_paths())
