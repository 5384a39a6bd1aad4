"""The `emailbench` command; each subcommand lives in its own module of this package.

A command module defines `register(subparsers)`, which adds its parser and sets
`func`; heavy dependencies are imported only when a command runs, so `emailbench
--help` stays fast. To add a command, add its module name to COMMANDS.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

#: Command modules of this package, in the order `emailbench --help` lists them.
COMMANDS: tuple[str, ...] = (
    "scenarios",
    "audit",
    "play",
    "run",
    "regrade",
    "check_submission",
    "report",
    "view",
    "mcp",
    "serve",
    "worlds",
    "generate",
    "docs",
)


class _Version(argparse.Action):
    """`--version`: the package version and the suite's content hash (computed only when asked)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version and suite hash")

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from emailbench_gym import SCENARIO_IDS, __version__
        from emailbench_gym.catalog import suite_hash

        print(
            f"emailbench-gym {__version__} (suite: {len(SCENARIO_IDS)} scenarios, "
            f"sha256 {suite_hash()})"
        )
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="emailbench", description="EmailBench: scenarios, validation, runs and reports."
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; a closed pipe (`| head`) or Ctrl-C ends it quietly, without a traceback."""
    args = build_parser().parse_args(argv)
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away: send the rest of the output nowhere (as Python's docs advise).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        print(f"emailbench {args.command}: interrupted", file=sys.stderr)
        return 130
    return code
