"""What a result was graded against: the package version and the suite's content hash.

Stamped into every episode record, `run.json` and `summary.json`, so results from another
version or an edited suite are told apart (a resume against another suite hash is refused).
"""

from __future__ import annotations

import functools
from datetime import datetime, timezone


@functools.cache
def stamp() -> dict[str, str]:
    """`emailbench_version` and `suite_hash` of this install (hashed once per process)."""
    from emailbench_gym import __version__
    from emailbench_gym.catalog import suite_hash

    return {"emailbench_version": __version__, "suite_hash": suite_hash()}


def now() -> str:
    """The current UTC time, ISO 8601 to the second (run.json's `started`, summary's `finished`)."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()
