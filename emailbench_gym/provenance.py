"""What a result was graded against: the package version, its commit and the suite's hash.

Stamped into every episode record (the suite hash), `run.json` and `summary.json`, so
results from another version or an edited suite are told apart (a resume against another
suite hash is refused).
"""

from __future__ import annotations

import functools
import subprocess
from datetime import datetime, timezone
from pathlib import Path


@functools.cache
def stamp() -> dict[str, str | None]:
    """`emailbench_version`, `commit` and `suite_hash` of this install (computed once per process)."""
    from emailbench_gym import __version__
    from emailbench_gym.catalog import suite_hash

    return {"emailbench_version": __version__, "commit": commit(), "suite_hash": suite_hash()}


def commit() -> str | None:
    """The git commit the package runs from (with "-dirty" for local edits), or None.

    Known only for a source checkout (`pip install -e`); an installed wheel has no git
    metadata, and then the version and the suite hash identify it.
    """
    root = Path(__file__).resolve().parent.parent
    if not (root / ".git").exists():
        return None
    try:
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True, text=True, timeout=5, check=True,
        ).stdout.strip()  # fmt: skip
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no", "--",
             "emailbench_gym"],
            capture_output=True, text=True, timeout=5, check=True,
        ).stdout.strip()  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    return f"{head}-dirty" if dirty else head or None


def now() -> str:
    """The current UTC time, ISO 8601 to the second (run.json's `started`, summary's `finished`)."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()
