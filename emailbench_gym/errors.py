"""The one error type the API raises: a code a program can branch on and a message a model can act on."""

from __future__ import annotations


class ToolError(Exception):
    """A failed operation. The state is unchanged when this is raised.

    `code` is a stable machine-readable slug (`not_found`, `invalid_arguments`,
    `unknown_method`, `invalid_filter`, `conflict`, `tool_unavailable`, ...);
    `message` says what was wrong and what is accepted instead.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"error": self.code, "message": self.message}


class CorpusError(ValueError):
    """The corpus files are inconsistent; the message names the file, entity and field."""


class ScenarioError(ValueError):
    """A scenario file is malformed; the message names the file, field and what is accepted."""
