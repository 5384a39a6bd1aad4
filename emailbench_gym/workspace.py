"""`Workspace`: the public face of the API. Validate, run atomically, serialize."""

from __future__ import annotations

import difflib
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from emailbench_gym.api import METHODS
from emailbench_gym.corpus import Corpus, load_corpus
from emailbench_gym.errors import ToolError
from emailbench_gym.mailbox import Mailbox, Snapshot


class Workspace:
    """One persona's mailbox, calendar, contacts, todo and boards, with an instant reset.

    >>> ws = Workspace()
    >>> ws.call("folders_create", displayName="Projects")["id"]
    'folder-5001'
    >>> ws.reset()

    `call` returns JSON-able data or raises `ToolError`; a failed call changes
    nothing. `now` overrides the persona's fixed clock (scenarios use it).
    """

    def __init__(self, corpus: Corpus | None = None, now: datetime | None = None) -> None:
        self.mailbox = Mailbox(corpus or load_corpus(), now=now)

    @property
    def now(self) -> datetime:
        return self.mailbox.now

    def call(self, name: str, /, **arguments: Any) -> Any:
        """Run API method `name` with keyword `arguments`; see `emailbench_gym.api.METHODS`."""
        spec = METHODS.get(name) if isinstance(name, str) else None
        if spec is None or spec.kind == "evaluation":
            tools = [n for n, s in METHODS.items() if s.kind != "evaluation"]
            close = difflib.get_close_matches(str(name), tools, n=3)
            hint = f" Did you mean {', '.join(close)}?" if close else ""
            raise ToolError("unknown_method", f"No API method named {name!r}.{hint}")
        kwargs = vars(spec.validate(arguments))  # the argument model's fields, by name
        try:
            if spec.kind == "write":
                with self.mailbox.transaction():
                    result = spec.func(self.mailbox, **kwargs)
            else:
                result = spec.func(self.mailbox, **kwargs)
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = "/".join(str(p) for p in first["loc"])
            raise ToolError("invalid_arguments", f"{name}: {where}: {first['msg']}") from None
        return spec.dump(result)

    def reset(self, now: datetime | None = None) -> None:
        """Restore the pristine corpus (and clock); id counters restart at 5001."""
        self.mailbox.reset(now=now)

    def snapshot(self) -> Snapshot:
        """The state now, frozen: what the static graders inspect.

        Taking it costs the number of changes; each collection (`snapshot.messages`) is
        built on first access, and `snapshot.model()` is the whole typed `APISnapshot`.
        """
        return self.mailbox.snapshot()

    def digest(self) -> str:
        """A stable hash of the whole state: equal digests mean equal workspaces."""
        return self.mailbox.digest()
