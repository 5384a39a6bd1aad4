"""`emailbench worlds`: build a world folder the corpus loader reads, check, list, verify manifests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from emailbench_gym.cli import main
from emailbench_gym.corpus import load_corpus
from emailbench_gym.worlds import build_world, load_world, world_ref


def test_build_writes_a_loadable_world(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["worlds", "build", "--seed", "9", "--size", "80", "--out", str(tmp_path / "w")]) == 0
    )
    out = capsys.readouterr().out
    world = build_world(9, 80)
    assert world.content_hash() in out
    assert len(load_corpus(tmp_path / "w").items("messages")) == 80
    assert load_world(tmp_path / "w").content_hash() == world.content_hash()


def test_build_from_a_split(tmp_path: Path) -> None:
    assert (
        main(
            ["worlds", "build", "--split", "heldout", "--index", "2", "--out", str(tmp_path / "h")]
        )
        == 0
    )
    ref = world_ref("heldout", 2)
    assert load_world(tmp_path / "h").facts.seed == ref.seed


def test_check_list_and_manifest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["worlds", "check", "--seed", "3"]) == 0
    assert "seed 3 (size 65): ok" in capsys.readouterr().out
    assert main(["worlds", "list", "--split", "dev", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["index"] for r in rows] == list(range(10))
    assert main(["worlds", "manifest", "--split", "heldout", "--sample", "2"]) == 0
    assert "heldout: 2/24 worlds rebuilt, ok" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["worlds", "build", "--split", "dev", "--out", "x"],
            "name one world of 'dev' with --index (0..9)",
        ),
        (["worlds", "check", "--seed", "1", "--split", "dev"], "not both"),
        (["worlds", "check"], "name a world"),
        (["worlds", "check", "--split", "dev", "--size", "100"], "--size applies to --seed"),
        (["worlds", "check", "--split", "nope"], "unknown split 'nope'"),
        (["worlds", "check", "--seed", "1", "--size", "5"], "size must be an integer from 40"),
        (["worlds", "list", "--split", "test"], "test split is the shipped persona"),
        (["worlds", "manifest", "--split", "nope"], "unknown split(s) nope"),
    ],
)
def test_bad_arguments_say_what_is_accepted(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err
