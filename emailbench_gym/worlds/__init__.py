"""Generated worlds: new personas in new organisations, from a seed (issue 13, part 1).

`build_world(seed, size)` returns a `World`: a `Corpus` usable exactly like the shipped one
(`Workspace(corpus=world.corpus)`, `world.workspace()`) plus `WorldFacts` (roles, projects
and their keywords, conflicts, meeting threads). `world_for(split, index)` gives the worlds
of the train / dev / heldout splits; manifests pin them by content hash. See docs/worlds.md.
"""

from emailbench_gym.worlds.builder import (
    DEFAULT_SIZE,
    GENERATOR,
    GENERATOR_VERSION,
    MAX_SIZE,
    MIN_SIZE,
    World,
    build_world,
    generate_world,
    load_world,
)
from emailbench_gym.worlds.checks import check_world
from emailbench_gym.worlds.facts import WorldFacts
from emailbench_gym.worlds.manifest import (
    SplitManifest,
    build_manifest,
    load_manifest,
    verify_manifest,
)
from emailbench_gym.worlds.splits import SPLITS, WorldRef, split_worlds, world_for, world_ref

__all__ = [
    "DEFAULT_SIZE",
    "GENERATOR",
    "GENERATOR_VERSION",
    "MAX_SIZE",
    "MIN_SIZE",
    "SPLITS",
    "SplitManifest",
    "World",
    "WorldFacts",
    "WorldRef",
    "build_manifest",
    "build_world",
    "check_world",
    "generate_world",
    "load_manifest",
    "load_world",
    "split_worlds",
    "verify_manifest",
    "world_for",
    "world_ref",
]
