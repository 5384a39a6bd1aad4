"""The world splits: which seeds (and sizes) make up `train`, `dev` and `heldout`.

Each split owns its own block of seeds, `[first_seed, first_seed + SEED_BLOCK)`, so no
world can be in two splits (disjoint by construction, whatever the split sizes grow
to). A world's size is drawn from its split's sizes by its seed. The paper's 206
scenarios over the shipped persona are the `test` split and need no generated world.
Manifests (`manifest.py`) pin every split's worlds by content hash.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from emailbench_gym.worlds.builder import GENERATOR, World, build_world
from emailbench_gym.worlds.rng import Rng

SEED_BLOCK = 1_000_000
TEST_SPLIT = "test"  # the 206 paper scenarios over the shipped corpus


@dataclass(frozen=True)
class Split:
    name: str
    first_seed: int
    count: int  # worlds in the split
    sizes: tuple[int, ...]  # the message counts its worlds are drawn from


SPLITS: dict[str, Split] = {
    "train": Split("train", 1 * SEED_BLOCK, 128, (65, 80, 100, 150, 250, 400)),
    "dev": Split("dev", 2 * SEED_BLOCK, 10, (65, 80, 100, 150, 250, 400)),
    "heldout": Split("heldout", 3 * SEED_BLOCK, 24, (65, 80, 100, 150)),
}


@dataclass(frozen=True)
class WorldRef:
    """Where a world is in a split, and what to build it from."""

    split: str
    index: int
    seed: int
    size: int


def split(name: str) -> Split:
    found = SPLITS.get(name)
    if found is None:
        hint = (
            " (the test split is the shipped persona's 206 scenarios)" if name == TEST_SPLIT else ""
        )
        raise ValueError(f"unknown split {name!r}{hint}; generated splits: {', '.join(SPLITS)}")
    return found


def world_ref(name: str, index: int) -> WorldRef:
    """The seed and size of world `index` (0-based) of split `name`."""
    spec = split(name)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < spec.count:
        raise ValueError(f"split {name!r} has worlds 0..{spec.count - 1}, got index {index!r}")
    seed = spec.first_seed + index
    size = Rng(f"{GENERATOR}/size/{seed}").choice(spec.sizes)
    return WorldRef(name, index, seed, size)


def split_worlds(name: str) -> list[WorldRef]:
    """Every world of a split, in index order."""
    return [world_ref(name, i) for i in range(split(name).count)]


@functools.lru_cache(maxsize=16)
def world_for(name: str, index: int) -> World:
    """World `index` of split `name` (built once per process, then cached)."""
    ref = world_ref(name, index)
    return build_world(ref.seed, ref.size)
