"""Where the shipped data folders live: inside the wheel, or at the top of a source checkout."""

from __future__ import annotations

import functools
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@functools.cache
def data_dir(name: str) -> Path:
    """The `corpus`, `scenarios` or `envs` folder, wherever the package was installed from.

    A wheel carries them as `emailbench_gym/_data/<name>`; an editable install or a
    source checkout has them beside the package.
    """
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"EmailBench data folder {name!r} not found next to {_PACKAGE}; reinstall the package."
    )
