"""`emailbench generate`: a split's verified tasks as scenario files, with their worlds' files."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any


def cmd_generate(args: argparse.Namespace) -> int:
    from emailbench_gym.families.generate import TaskKey
    from emailbench_gym.families.serve import load_task, split_task_ids
    from emailbench_gym.families.worlds import built_world
    from emailbench_gym.worlds import world_ref
    from emailbench_gym.worlds.rng import Rng

    try:
        ids = list(split_task_ids(args.split))
    except (ValueError, FileNotFoundError) as exc:
        print(f"emailbench generate: {exc}", file=sys.stderr)
        return 2
    if args.family:
        ids = [i for i in ids if TaskKey.parse(i).family in set(args.family)]
    if args.n is not None:
        if args.n < 1:
            print("emailbench generate: --n must be at least 1", file=sys.stderr)
            return 2
        ids = sorted(Rng(f"generate/{args.split}/{args.seed}").sample(ids, min(args.n, len(ids))))
    if not ids:
        print("emailbench generate: no task matches", file=sys.stderr)
        return 2
    out = Path(args.out)
    written_worlds: set[int] = set()
    for task_id in ids:
        key = TaskKey.parse(task_id)
        world_dir = out / "worlds" / f"{key.split}-w{key.world:03d}"
        if key.world not in written_worlds:
            ref = world_ref(key.split, key.world)
            built_world(ref.seed, ref.size).write(world_dir)
            written_worlds.add(key.world)
        scenario = load_task(task_id)
        folder = out / "scenarios" / scenario.category
        folder.mkdir(parents=True, exist_ok=True)
        data = scenario.model_dump(mode="json", exclude_none=True)
        data["world"]["path"] = Path(os.path.relpath(world_dir, folder)).as_posix()
        (folder / f"{scenario.id}.json").write_text(
            json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    print(
        f"{len(ids)} tasks of split {args.split} over {len(written_worlds)} worlds written to "
        f"{out}/scenarios and {out}/worlds; check them with `emailbench validate {out}`"
    )
    return 0


def register(sub: Any) -> None:
    """Register `emailbench generate` on the CLI's subparsers."""
    p = sub.add_parser(
        "generate",
        help="write a split's verified generated tasks as scenario files plus their worlds",
    )
    p.add_argument("--split", required=True, choices=("train", "dev", "heldout"))
    p.add_argument("--n", type=int, help="how many tasks (default: the whole split)")
    p.add_argument("--seed", type=int, default=0, help="which N tasks are drawn (default 0)")
    p.add_argument("--family", action="append", help="only this family (repeatable)")
    p.add_argument("--out", required=True, help="output folder")
    p.set_defaults(func=cmd_generate)
