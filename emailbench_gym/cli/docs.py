"""`emailbench docs`: where the README, the docs and the examples are, or one of them as text.

They ship inside the package (`emailbench_gym/_data/` in a wheel, beside the package in a
checkout) in the README's own layout, so its relative links resolve there too.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def _documents() -> dict[str, Path]:
    """Every shipped document by short name: README, running, integrations, ... and examples."""
    from emailbench_gym.paths import data_dir, readme

    found = {"README": readme()}
    for folder in ("docs", "examples"):
        for path in sorted(data_dir(folder).iterdir()):
            if path.suffix in (".md", ".py"):
                found.setdefault(path.stem, path)
    return found


def cmd_docs(args: argparse.Namespace) -> int:
    try:
        documents = _documents()
    except FileNotFoundError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.name is None:
        for name, path in documents.items():
            print(f"{name:<20} {path}")
        return 0
    key = Path(args.name).stem if args.name.endswith((".md", ".py")) else args.name
    path = documents.get(key)
    if path is None:
        print(f"no document {args.name!r}; shipped: {', '.join(documents)}", file=sys.stderr)
        return 2
    print(path.read_text(encoding="utf-8"), end="")
    return 0


def register(sub: Any) -> None:
    """Register `emailbench docs` on the CLI's subparsers."""
    p = sub.add_parser(
        "docs",
        help="where the README, docs and examples are (shipped with the package), or one as text",
        description="Without NAME: every shipped document and example with its path. With NAME "
        "(README, running, integrations, scenarios, ..., or an example such as openai_agent): "
        "its text.",
    )
    p.add_argument("name", nargs="?", metavar="NAME", help="a document or example to print")
    p.set_defaults(func=cmd_docs)
