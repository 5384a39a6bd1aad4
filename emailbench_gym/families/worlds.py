"""Which world a generated task runs on, and finding it again from a scenario's `world` link.

A task's `WorldLink` carries the world's seed, size and content hash, and, in files
written by `emailbench generate`, the folder of the world's files relative to the
scenario file. Resolving a link reads that folder (once per process) or rebuilds the
world from its seed; either way the content hash must match, so a task is only ever
graded on the world it was verified on.
"""

from __future__ import annotations

import functools
from pathlib import Path

from emailbench_gym.corpus import Corpus
from emailbench_gym.scenarios import WorldLink
from emailbench_gym.worlds import SPLITS, World, build_world, load_manifest, load_world

#: Worlds kept in memory per process (built or read). Every split world fits (128 train,
#: 10 dev, 24 heldout; 1 to 5 MB each at 65 to 400 messages), so serving a split or building
#: its manifest builds each world once: a rebuild costs 0.1 to 0.5 s, far more than a task.
WORLDS_KEPT = 192


@functools.lru_cache(maxsize=WORLDS_KEPT)
def built_world(seed: int, size: int) -> World:
    """The world of this seed and size, built once per process (then cached)."""
    return build_world(seed, size)


@functools.lru_cache(maxsize=1024)
def world_hash(seed: int, size: int) -> str:
    """A world's content hash: from the split manifests when it is a split world, else built."""
    return _split_hashes().get((seed, size)) or built_world(seed, size).content_hash()


@functools.cache
def _split_hashes() -> dict[tuple[int, int], str]:
    found = {}
    for name in SPLITS:
        for entry in load_manifest(name).worlds:
            found[(entry.seed, entry.size)] = entry.sha256
    return found


@functools.lru_cache(maxsize=WORLDS_KEPT)
def _read_world(folder: Path) -> tuple[World, str]:
    world = load_world(folder)
    return world, world.content_hash()


def world_link(world: World, path: str | None = None) -> WorldLink:
    """The link a task over `world` records (with `path` when its files sit beside it)."""
    return WorldLink(
        seed=world.seed, size=world.size, content_hash=world_hash(world.seed, world.size), path=path
    )


def linked_world(link: WorldLink, source: Path | None = None) -> World:
    """The world a link names: its files next to `source` (a scenario file), or rebuilt."""
    if link.path is not None and source is not None:
        folder = (source.parent / link.path).resolve()
        if not folder.is_dir():
            raise ValueError(f"world folder {link.path!r} not found (looked in {folder})")
        world, digest = _read_world(folder)
        if digest != link.content_hash:
            raise ValueError(
                f"the world in {folder} has content hash {digest[:12]}..., the task was "
                f"made on {link.content_hash[:12]}...; regenerate the task or the world"
            )
        return world
    world = built_world(link.seed, link.size)
    if world_hash(link.seed, link.size) != link.content_hash:
        raise ValueError(
            f"world seed {link.seed} size {link.size} now builds with hash "
            f"{world_hash(link.seed, link.size)[:12]}..., the task was made on "
            f"{link.content_hash[:12]}... (another generator version); regenerate the task"
        )
    return world


def linked_corpus(link: WorldLink, source: Path | None = None) -> Corpus:
    return linked_world(link, source).corpus
