"""The typed, provider-neutral EmailBench API: 119 operations and 2 evaluation utilities.

`METHODS` maps each method name (`<domain>_<verb>`) to its `MethodSpec`
(`.domain`, `.kind` in {"read", "write", "evaluation"}, `.args_model`, ...);
`INTERFACES` lists the 36 typed models.

The method modules (`boards`, `calendar`, ...) are imported, and so registered, the first
time `METHODS` is read, not when the package is: the leaf modules `api.models`, `api.limits`
and `api.odata` are imported by the layers under the methods (the mailbox, the store), and
the methods import the mailbox, so registering them eagerly here made
`import emailbench_gym.mailbox` (or any store module) as a first import circular.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from emailbench_gym.api.models import INTERFACES
from emailbench_gym.api.registry import MethodSpec, registry

if TYPE_CHECKING:
    METHODS: dict[str, MethodSpec]

#: The modules whose `@operation` functions are the API (importing one registers its methods).
_METHOD_MODULES = (
    "boards",
    "calendar",
    "contacts",
    "evaluation",
    "filters",
    "folders",
    "identity",
    "messages",
    "settings",
    "todo",
)


def __getattr__(name: str) -> Any:
    if name == "METHODS":
        for module in _METHOD_MODULES:
            importlib.import_module(f"{__name__}.{module}")
        methods = dict(sorted(registry().items()))
        globals()["METHODS"] = methods  # later reads find it without this hook
        return methods
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["INTERFACES", "METHODS", "MethodSpec"]
