"""World splits: disjoint seeds, the world for (split, index), and manifests that pin hashes."""

from __future__ import annotations

import itertools

import pytest

from emailbench_gym.worlds import build_world
from emailbench_gym.worlds.checks import check_world
from emailbench_gym.worlds.manifest import build_manifest, load_manifest, verify_manifest
from emailbench_gym.worlds.splits import SEED_BLOCK, SPLITS, split_worlds, world_for, world_ref


def test_split_sizes_and_disjoint_seeds() -> None:
    assert SPLITS["train"].count >= 100
    assert SPLITS["dev"].count == 10
    assert SPLITS["heldout"].count >= 10
    seeds = {name: {ref.seed for ref in split_worlds(name)} for name in SPLITS}
    names = list(SPLITS)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not seeds[a] & seeds[b], (a, b)
        first = SPLITS[a].first_seed
        assert all(first <= s < first + SEED_BLOCK for s in seeds[a])
        assert SPLITS[a].count <= SEED_BLOCK
    blocks = sorted(s.first_seed for s in SPLITS.values())
    assert all(b - a >= SEED_BLOCK for a, b in itertools.pairwise(blocks))


def test_world_for_is_the_seeded_world() -> None:
    ref = world_ref("dev", 3)
    world = world_for("dev", 3)
    assert world is world_for("dev", 3)
    assert (world.seed, world.size) == (ref.seed, ref.size)
    assert world.content_hash() == build_world(ref.seed, ref.size).content_hash()
    assert ref.size in SPLITS["dev"].sizes


def test_bad_splits_and_indexes_say_what_is_accepted() -> None:
    with pytest.raises(
        ValueError, match="unknown split 'validation'; generated splits: train, dev, heldout"
    ):
        world_ref("validation", 0)
    with pytest.raises(ValueError, match="test split is the shipped persona"):
        world_ref("test", 0)
    for index in (-1, 10, "0", True):
        with pytest.raises(ValueError, match=r"split 'dev' has worlds 0\.\.9"):
            world_ref("dev", index)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(SPLITS))
def test_shipped_manifests_describe_their_splits(name: str) -> None:
    manifest = load_manifest(name)
    refs = split_worlds(name)
    assert (manifest.split, manifest.count, manifest.first_seed) == (
        name,
        SPLITS[name].count,
        SPLITS[name].first_seed,
    )
    assert [(w.index, w.seed, w.size) for w in manifest.worlds] == [
        (r.index, r.seed, r.size) for r in refs
    ]
    assert len({w.sha256 for w in manifest.worlds}) == len(refs)
    sample = sorted({0, len(refs) // 2, len(refs) - 1})
    assert verify_manifest(manifest, indexes=sample) == []


def test_dev_worlds_match_the_manifest_and_keep_their_promises() -> None:
    manifest = load_manifest("dev")
    assert verify_manifest(manifest) == []
    for ref in split_worlds("dev"):
        assert check_world(world_for("dev", ref.index)) == [], ref


def test_a_tampered_manifest_is_caught() -> None:
    manifest = load_manifest("heldout")
    entry = manifest.worlds[1]
    forged = manifest.model_copy(
        update={
            "worlds": [
                *manifest.worlds[:1],
                entry.model_copy(update={"sha256": "0" * 64}),
                *manifest.worlds[2:],
            ]
        }
    )
    problems = verify_manifest(forged, indexes=[1])
    assert any("split hash does not match" in p for p in problems)
    assert any(p.startswith("world 1 (seed") for p in problems)
    assert build_manifest("dev").sha256 == load_manifest("dev").sha256
