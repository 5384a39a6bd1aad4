"""benchmarks/scale.py reuses a cached compiled corpus only when grading can read it as it is:
of this layout, with the entity universe this reader stores (else it is compiled again)."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from emailbench_gym.corpus import load_corpus
from emailbench_gym.grading.claims import stored
from emailbench_gym.paths import data_dir

ROOT = Path(__file__).resolve().parent.parent


def _compile_step(folder: Path) -> dict[str, float]:
    """`scale.py --compile FOLDER` in a fresh process, as the benchmark runs it."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "scale.py"), "--compile", str(folder)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_cached_corpus_is_compiled_again_when_its_universe_is_stale(tmp_path: Path) -> None:
    folder = tmp_path / "corpus"
    shutil.copytree(data_dir("corpus"), folder)
    compiled = folder / "corpus.sqlite"
    assert "compile the corpus (once, not per process), s" in _compile_step(folder)
    assert _compile_step(folder) == {}  # current: reused
    connection = sqlite3.connect(compiled)
    with connection:
        connection.execute("UPDATE derived SET key = 'another reader' WHERE name = 'universe'")
    connection.close()
    (tmp_path / "stale.sqlite").hardlink_to(compiled)  # another path: not the cached load
    assert stored.stored_universe(load_corpus(tmp_path / "stale.sqlite")) is None
    assert _compile_step(folder)  # stale: compiled again
    (tmp_path / "again.sqlite").hardlink_to(compiled)
    assert stored.stored_universe(load_corpus(tmp_path / "again.sqlite")) is not None
