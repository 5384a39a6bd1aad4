"""build_corpus and write_corpus: a corpus from models gets the files' checks; writing round-trips."""

from __future__ import annotations

from pathlib import Path

import pytest

from emailbench_gym.api.models import MailFolder
from emailbench_gym.corpus import CORPUS_FILES, Corpus, build_corpus, load_corpus, write_corpus
from emailbench_gym.errors import CorpusError
from emailbench_gym.workspace import Workspace


def collections(corpus: Corpus) -> dict[str, list]:
    return {name: corpus.items(name) for name in CORPUS_FILES}


def test_writing_the_shipped_corpus_reproduces_its_files(tmp_path: Path) -> None:
    shipped = load_corpus()
    assert shipped.root is not None
    write_corpus(shipped, tmp_path)
    for file in ["persona.json", *(f for f, _ in CORPUS_FILES.values())]:
        assert (tmp_path / file).read_bytes() == (shipped.root / file).read_bytes(), file


def test_build_from_models_equals_the_loaded_corpus() -> None:
    shipped = load_corpus()
    built = build_corpus(shipped.now, shipped.me.id, shipped.settings, collections(shipped))
    assert built.root is None
    assert (built.now, built.me, built.settings) == (shipped.now, shipped.me, shipped.settings)
    for name in CORPUS_FILES:
        assert built.items(name) == shipped.items(name), name
    assert Workspace(corpus=built).digest() == Workspace(corpus=shipped).digest()


def test_written_corpus_loads_back_equal(tmp_path: Path) -> None:
    shipped = load_corpus()
    built = build_corpus(shipped.now, shipped.me.id, shipped.settings, collections(shipped))
    again = load_corpus(write_corpus(built, tmp_path / "copy"))
    assert again.root == (tmp_path / "copy").resolve()
    for name in CORPUS_FILES:
        assert again.items(name) == built.items(name), name


def test_duplicate_ids_are_refused() -> None:
    shipped = load_corpus()
    parts = collections(shipped)
    parts["folders"] = [*parts["folders"], parts["folders"][0]]
    with pytest.raises(
        CorpusError, match=r"folders\.json: entity folder-inbox: field .id.: duplicate"
    ):
        build_corpus(shipped.now, shipped.me.id, shipped.settings, parts)


def test_unresolved_references_are_refused() -> None:
    shipped = load_corpus()
    parts = collections(shipped)
    parts["folders"] = [
        *parts["folders"],
        MailFolder(id="folder-x", displayName="X", parentFolderId="folder-nowhere"),
    ]
    with pytest.raises(CorpusError, match="unknown reference 'folder-nowhere'"):
        build_corpus(shipped.now, shipped.me.id, shipped.settings, parts)


def test_wrong_models_missing_collections_and_unknown_me_are_refused() -> None:
    shipped = load_corpus()
    parts = collections(shipped)
    with pytest.raises(CorpusError, match="expected a Label, got MailFolder"):
        build_corpus(
            shipped.now, shipped.me.id, shipped.settings, {**parts, "labels": parts["folders"]}
        )
    with pytest.raises(CorpusError, match="collections missing: boards"):
        build_corpus(
            shipped.now,
            shipped.me.id,
            shipped.settings,
            {k: v for k, v in parts.items() if k != "boards"},
        )
    with pytest.raises(CorpusError, match=r"'user-999' is not in users\.json"):
        build_corpus(shipped.now, "user-999", shipped.settings, parts)
    with pytest.raises(CorpusError, match="needs a UTC offset"):
        build_corpus(shipped.now.replace(tzinfo=None), shipped.me.id, shipped.settings, parts)
