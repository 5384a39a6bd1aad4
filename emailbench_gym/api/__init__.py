"""The typed, provider-neutral EmailBench API: 119 operations and 2 evaluation utilities.

`METHODS` maps each method name (`<domain>_<verb>`) to its `MethodSpec`
(`.domain`, `.kind` in {"read", "write", "evaluation"}, `.args_model`, ...);
`INTERFACES` lists the 36 typed models.
"""

from __future__ import annotations

from emailbench_gym.api import (  # noqa: F401  (importing registers the methods)
    boards,
    calendar,
    contacts,
    evaluation,
    filters,
    folders,
    identity,
    messages,
    settings,
    todo,
)
from emailbench_gym.api.models import INTERFACES
from emailbench_gym.api.registry import MethodSpec, registry

METHODS: dict[str, MethodSpec] = dict(sorted(registry().items()))

__all__ = ["INTERFACES", "METHODS", "MethodSpec"]
