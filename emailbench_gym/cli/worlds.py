"""`emailbench worlds`: build, check and list generated worlds, and verify or write split manifests.

emailbench worlds build --seed 7 --size 1000 --out worlds/7   # a corpus folder + world.json
emailbench worlds build --split dev --index 3 --out worlds/dev-3
emailbench worlds check --split heldout                        # every promise, every world
emailbench worlds list --split train
emailbench worlds manifest --verify [--split dev] [--sample 3]
emailbench worlds manifest --write                             # after a generator change
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def _world_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, help="world seed (a non-negative integer)")
    parser.add_argument("--size", type=int, default=None, help="messages in the world (default 65)")
    parser.add_argument("--split", help="train, dev or heldout (with --index, or alone for all)")
    parser.add_argument("--index", type=int, help="world index within --split")


def _selected(args: argparse.Namespace, need_one: bool):
    """The worlds the arguments name, as (label, seed, size); or an error message."""
    from emailbench_gym.worlds import DEFAULT_SIZE, split_worlds, world_ref

    if args.seed is not None and args.split is not None:
        return "give either --seed (with --size) or --split (with --index), not both"
    if args.seed is not None:
        return [(f"seed {args.seed}", args.seed, args.size or DEFAULT_SIZE)]
    if args.split is None:
        return "name a world: --seed N [--size N], or --split NAME [--index I]"
    if args.size is not None:
        return "--size applies to --seed; a split's worlds have their own sizes"
    try:
        refs = (
            [world_ref(args.split, args.index)]
            if args.index is not None
            else split_worlds(args.split)
        )
    except ValueError as exc:
        return str(exc)
    if need_one and len(refs) != 1:
        return f"name one world of {args.split!r} with --index (0..{len(refs) - 1})"
    return [(f"{r.split}[{r.index}] seed {r.seed}", r.seed, r.size) for r in refs]


def cmd_build(args: argparse.Namespace) -> int:
    from emailbench_gym.worlds import build_world

    selected = _selected(args, need_one=True)
    if isinstance(selected, str):
        print(selected, file=sys.stderr)
        return 2
    label, seed, size = selected[0]
    try:
        world = build_world(seed, size)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    folder = world.write(Path(args.out))
    facts = world.facts
    print(
        f"{label}: {facts.company} ({facts.industry}, {facts.city}); persona {world.corpus.me.displayName}"
    )
    print(
        f"  {size} messages, {len(world.corpus.items('events'))} events, {len(facts.projects)} projects: {', '.join(p.codename for p in facts.projects)}"
    )
    print(f"  sha256 {world.content_hash()}  -> {folder}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from emailbench_gym.worlds import build_world, check_world

    selected = _selected(args, need_one=False)
    if isinstance(selected, str):
        print(selected, file=sys.stderr)
        return 2
    failed = 0
    for label, seed, size in selected:
        try:
            problems = check_world(build_world(seed, size))
        except ValueError as exc:
            print(exc, file=sys.stderr)
            return 2
        failed += bool(problems)
        print(f"{label} (size {size}): {'ok' if not problems else f'{len(problems)} problems'}")
        for problem in problems:
            print(f"  - {problem}")
    return 1 if failed else 0


def cmd_list(args: argparse.Namespace) -> int:
    from emailbench_gym.worlds import split_worlds

    try:
        refs = split_worlds(args.split)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    rows = [{"split": r.split, "index": r.index, "seed": r.seed, "size": r.size} for r in refs]
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            print(
                f"{row['split']:<8} {row['index']:>4}  seed {row['seed']:>8}  size {row['size']:>6}"
            )
    return 0


def cmd_manifest(args: argparse.Namespace) -> int:
    from emailbench_gym.worlds import SPLITS
    from emailbench_gym.worlds.manifest import load_manifest, verify_manifest, write_manifests

    names = args.split or list(SPLITS)
    unknown = [n for n in names if n not in SPLITS]
    if unknown:
        print(
            f"unknown split(s) {', '.join(unknown)}; generated splits: {', '.join(SPLITS)}",
            file=sys.stderr,
        )
        return 2
    if args.write:
        for manifest in write_manifests(names):
            print(f"{manifest.split}: {manifest.count} worlds written, sha256 {manifest.sha256}")
        return 0
    failed = 0
    for name in names:
        manifest = load_manifest(name)
        count = len(manifest.worlds)
        indexes = (
            None
            if args.sample is None
            else sorted(
                {round(i * (count - 1) / max(1, args.sample - 1)) for i in range(args.sample)}
            )
        )
        problems = verify_manifest(manifest, indexes)
        checked = count if indexes is None else len(indexes)
        print(
            f"{name}: {checked}/{count} worlds rebuilt, {'ok' if not problems else f'{len(problems)} problems'} (sha256 {manifest.sha256[:16]})"
        )
        for problem in problems:
            print(f"  - {problem}")
        failed += bool(problems)
    return 1 if failed else 0


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "worlds", help="build, check and list generated worlds; split manifests"
    )
    commands = parser.add_subparsers(dest="worlds_command", required=True)

    build = commands.add_parser("build", help="write a world as a corpus folder plus world.json")
    _world_args(build)
    build.add_argument("--out", required=True, help="folder to write (created if needed)")
    build.set_defaults(func=cmd_build)

    check = commands.add_parser("check", help="check a world's (or a split's) promises")
    _world_args(check)
    check.set_defaults(func=cmd_check)

    listing = commands.add_parser("list", help="the worlds of a split: index, seed, size")
    listing.add_argument("--split", required=True)
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(func=cmd_list)

    manifest = commands.add_parser(
        "manifest", help="verify the shipped split manifests, or rewrite them"
    )
    manifest.add_argument("--split", action="append", help="a split (repeatable; default all)")
    mode = manifest.add_mutually_exclusive_group()
    mode.add_argument(
        "--verify", action="store_true", help="rebuild worlds and compare hashes (default)"
    )
    mode.add_argument(
        "--write", action="store_true", help="rebuild every world and rewrite the manifests"
    )
    manifest.add_argument(
        "--sample", type=int, help="with --verify: rebuild only this many worlds per split"
    )
    manifest.set_defaults(func=cmd_manifest)
