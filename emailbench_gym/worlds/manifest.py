"""Split manifests: the generator, package version, seeds, sizes and content hashes of every
world of a split, so a split can be cited and checked ("train of emailbench-worlds/2").

The shipped manifests live in `emailbench_gym/worlds/manifests/<split>.json`;
`verify_manifest` rebuilds worlds and compares their hashes. Regenerate them (after a
deliberate generator change, with GENERATOR_VERSION bumped) with `write_manifests()`
(`emailbench worlds manifest --write`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from emailbench_gym.worlds.builder import GENERATOR, build_world
from emailbench_gym.worlds.splits import SPLITS, split, split_worlds

MANIFESTS = Path(__file__).resolve().parent / "manifests"


class WorldEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int
    seed: int
    size: int
    sha256: str  # World.content_hash()


class SplitManifest(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    split: str
    generator: str
    package_version: str
    first_seed: int
    count: int
    worlds: list[WorldEntry]
    sha256: str  # over the worlds' entries: one hash names the whole split

    def text(self) -> str:
        return json.dumps(self.model_dump(mode="json"), indent=2) + "\n"


def _split_hash(worlds: list[WorldEntry]) -> str:
    return hashlib.sha256(
        json.dumps([w.model_dump() for w in worlds], sort_keys=True).encode()
    ).hexdigest()


def build_manifest(name: str) -> SplitManifest:
    """Build every world of split `name` and record its hash."""
    from emailbench_gym import __version__

    spec = split(name)
    worlds = [
        WorldEntry(
            index=ref.index,
            seed=ref.seed,
            size=ref.size,
            sha256=build_world(ref.seed, ref.size).content_hash(),
        )
        for ref in split_worlds(name)
    ]
    return SplitManifest(
        split=name,
        generator=GENERATOR,
        package_version=__version__,
        first_seed=spec.first_seed,
        count=spec.count,
        worlds=worlds,
        sha256=_split_hash(worlds),
    )


def load_manifest(name: str) -> SplitManifest:
    """The shipped manifest of split `name`."""
    split(name)
    return SplitManifest.model_validate_json(
        (MANIFESTS / f"{name}.json").read_text(encoding="utf-8")
    )


def verify_manifest(manifest: SplitManifest, indexes: list[int] | None = None) -> list[str]:
    """Problems found rebuilding the manifest's worlds (all, or those at `indexes`)."""
    problems = []
    if manifest.generator != GENERATOR:
        problems.append(f"manifest is for {manifest.generator}, this package generates {GENERATOR}")
    if _split_hash(manifest.worlds) != manifest.sha256:
        problems.append("the split hash does not match its world entries")
    expected = {ref.index: ref for ref in split_worlds(manifest.split)}
    if sorted(expected) != [w.index for w in manifest.worlds]:
        problems.append(
            f"manifest lists {len(manifest.worlds)} worlds, the split has {len(expected)}"
        )
    for entry in manifest.worlds:
        if indexes is not None and entry.index not in indexes:
            continue
        ref = expected.get(entry.index)
        if ref is None or (ref.seed, ref.size) != (entry.seed, entry.size):
            problems.append(
                f"world {entry.index}: seed/size {entry.seed}/{entry.size} differ from the split's"
            )
            continue
        actual = build_world(entry.seed, entry.size).content_hash()
        if actual != entry.sha256:
            problems.append(
                f"world {entry.index} (seed {entry.seed}): hash {actual[:12]} != manifest {entry.sha256[:12]}"
            )
    return problems


def write_manifests(
    names: list[str] | None = None, folder: Path = MANIFESTS
) -> list[SplitManifest]:
    """Build and write the manifests of `names` (default: every split) into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in names or list(SPLITS):
        manifest = build_manifest(name)
        (folder / f"{name}.json").write_text(manifest.text(), encoding="utf-8")
        written.append(manifest)
    return written
