"""The index of shipped scenario files: ids to paths, without parsing anything.

Kept free of heavy imports so that `import emailbench_gym` can register one env per
scenario cheaply; `emailbench_gym.scenarios` parses the files on demand.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from emailbench_gym.paths import data_dir


@functools.lru_cache(maxsize=1)
def _index() -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {}
    for path in sorted(data_dir("scenarios").glob("*/OB-*.json")):
        found.setdefault(path.stem, []).append(path)
    return found


@functools.lru_cache(maxsize=1)
def scenario_paths() -> dict[str, Path]:
    """Scenario id -> its file, for every `scenarios/<category>/OB-*.json` (the first of
    several files with one id: `duplicate_paths` names them all, and loading the id fails)."""
    return {sid: paths[0] for sid, paths in _index().items()}


def duplicate_paths() -> dict[str, list[Path]]:
    """Scenario ids defined by more than one file, with every such file."""
    return {sid: list(paths) for sid, paths in _index().items() if len(paths) > 1}


def scenario_ids() -> list[str]:
    """Every scenario id in the shipped suite, sorted."""
    return sorted(scenario_paths())


@functools.lru_cache(maxsize=1)
def suite_hash() -> str:
    """SHA-256 over every shipped scenario file, the corpus and the tool profiles, by path.

    Two installs with the same hash grade the same tasks on the same mailbox the same way:
    results stamped with it can be compared (or refused) across versions and forks.
    """
    digest = hashlib.sha256()
    root = data_dir("scenarios").parent
    files = [
        *data_dir("scenarios").glob("*/OB-*.json"),
        *data_dir("corpus").glob("*.json"),
        *data_dir("envs").glob("*.toml"),
    ]
    for path in sorted(files, key=lambda p: p.relative_to(root).as_posix()):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()
