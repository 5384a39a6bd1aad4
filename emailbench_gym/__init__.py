"""EmailBench as Gymnasium environments: a typed email API, a persona corpus, graded scenarios."""

from __future__ import annotations

from emailbench_gym.corpus import Corpus, load_corpus
from emailbench_gym.errors import ToolError
from emailbench_gym.workspace import Workspace

__all__ = ["Corpus", "ToolError", "Workspace", "load_corpus"]
__version__ = "0.1.0"
