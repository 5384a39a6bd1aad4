"""Where the shipped data folders live: inside the wheel, or at the top of a source checkout."""

from __future__ import annotations

import functools
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@functools.cache
def data_dir(name: str) -> Path:
    """The `corpus`, `scenarios`, `envs`, `docs` or `examples` folder, wherever the package
    was installed from.

    A wheel carries them as `emailbench_gym/_data/<name>`; an editable install or a
    source checkout has them beside the package.
    """
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"EmailBench data folder {name!r} not found next to {_PACKAGE}; reinstall the package."
    )


@functools.cache
def readme() -> Path:
    """The README, beside the docs and examples folders it links (wheel or checkout)."""
    for candidate in (_PACKAGE / "_data" / "README.md", _PACKAGE.parent / "README.md"):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"README.md not found next to {_PACKAGE}; reinstall the package.")
