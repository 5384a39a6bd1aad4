"""The entity universe a compiled corpus stores (grading.claims.stored): the one grading builds.

A compiled corpus carries the universe of its pristine state, tagged with a hash of the
reader's source; grading reads it instead of building it (seconds at 100,000 messages).
These tests check that what is read back is what would be built, entity for entity and
name for name, that grades are the same either way, and that a stored universe of another
reader (a stale hash) is not used.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import sqlite3
from collections import defaultdict
from pathlib import Path

import pytest

from emailbench_gym.corpus import Corpus, compile_corpus, load_corpus
from emailbench_gym.corpus_scale import write_scaled_corpus
from emailbench_gym.episode import Episode
from emailbench_gym.grading.claims import stored
from emailbench_gym.grading.claims.entities import MessageGroups, Universe
from emailbench_gym.grading.claims.text import Text
from emailbench_gym.grading.context import ScenarioContext, pristine_universe
from emailbench_gym.scenarios import load_scenario
from emailbench_gym.workspace import Workspace

#: Setup-less scenarios whose answers name people, messages, attachments, events and labels.
GRADED = ("OB-W105", "OB-S103", "OB-E103")


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("stored")
    return compile_corpus(write_scaled_corpus(root / "grown", 700, seed=2), root / "grown.sqlite")


def _stale_copy(compiled: Path, target: Path) -> Path:
    """The compiled file with its stored universe tagged as another reader's."""
    target.write_bytes(compiled.read_bytes())
    connection = sqlite3.connect(target)
    with connection:
        assert (
            connection.execute(
                "UPDATE derived SET key = 'another reader' WHERE name = ?", (stored.UNIVERSE,)
            ).rowcount
            == 1
        )
    connection.close()
    return target


def _built(corpus: Corpus) -> Universe:
    return stored.universe_of(Workspace(corpus).snapshot())


def _names(universe: Universe) -> dict:
    """The name index with every stored entry read (as `find_mentions` reads it)."""
    universe.find_mentions(Text(""))  # builds it if need be
    return {
        name: json.loads(refs) if refs and isinstance(refs, str) else (refs or None)
        for name, refs in universe._names.items()
    }


def test_the_stored_universe_is_the_one_grading_would_build(compiled: Path) -> None:
    corpus = load_corpus(compiled)
    read, built = stored.stored_universe(corpus), _built(corpus)
    assert read is not None and isinstance(read.message_group, MessageGroups)
    assert read._unread  # nothing read yet but the index of names
    assert read.kitchen_sink() == built.kitchen_sink()
    assert read.of_kind("attachment") == built.entities["attachment"]  # one kind alone
    assert list(read.entities) == list(built.entities)  # the kinds in their order
    assert read.entities == built.entities
    assert read.contents == built.contents and read.contents
    assert _names(read) == _names(built)
    ids = corpus.store.ids()
    assert len(ids) == 700
    for message_id in ids:
        assert read.key("message", message_id) == built.key("message", message_id)
    assert read.key("message", "msg-none") == built.key("message", "msg-none") == "msg-none"
    texts = [built.kitchen_sink(), *(m.subject for m in corpus.store.in_order())][:300]
    for text in texts:
        assert read.find_mentions(Text(text)) == built.find_mentions(Text(text))


def test_a_stored_universe_lists_a_kinds_keys_without_reading_its_entities(
    compiled: Path,
) -> None:
    corpus = load_corpus(compiled)
    read, built = stored.stored_universe(corpus), _built(corpus)
    assert read is not None
    derived = read.derive()
    for kind, entities in built.entities.items():
        assert list(read.keys_of(kind)) == list(entities), kind
        assert list(derived.keys_of(kind)) == list(entities), kind
    assert set(read._unread) == set(built.entities)  # no kind was decoded for its keys
    derived.add("attachment", "new.pdf", "new.pdf", ["new.pdf"])  # its own copy of the kind
    assert list(derived.keys_of("attachment")) == [*built.entities["attachment"], "new.pdf"]
    assert list(read.keys_of("attachment")) == list(built.entities["attachment"])
    assert list(read.keys_of("no such kind")) == list(built.keys_of("no such kind")) == []
    for kind in built.entities:  # read or not, the same keys
        read.of_kind(kind)
        assert list(read.keys_of(kind)) == list(built.entities[kind]), kind


def test_a_stored_universe_reads_only_the_sections_a_grade_asks_for(
    compiled: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The head and the name index first; a kind's entities, a kind's keys and the labels
    each when first asked for, once."""
    corpus = load_corpus(compiled)
    original, read = corpus.store.derived, []
    monkeypatch.setattr(corpus.store, "derived", lambda name: read.append(name) or original(name))
    universe = stored.stored_universe(corpus)
    assert universe is not None and read == ["universe", "universe/names"]
    assert universe.find_mentions(Text("Jeff Skilling wrote")) and len(read) == 2
    universe.of_kind("person")
    universe.of_kind("person")
    assert read[2:] == ["universe/kind/person"]
    assert universe.keys_of("attachment") and read[3:] == ["universe/keys/attachment"]
    assert universe.kitchen_sink() and read[4:] == ["universe/labels"]
    assert "attachment" in universe._unread  # its entities never read


def test_grades_are_the_same_with_the_stored_universe_or_a_built_one(
    compiled: Path, tmp_path: Path
) -> None:
    fast, slow = load_corpus(compiled), load_corpus(_stale_copy(compiled, tmp_path / "s.sqlite"))
    for scenario_id in GRADED:
        grades = []
        for corpus in (fast, slow):
            episode = Episode(load_scenario(scenario_id), Workspace(corpus))
            _, answer = episode.replay_reference()
            grades.append(episode.grade(answer))
            grades.append(episode.grade(answer + "\n" + episode.context.kitchen_sink))
        assert grades[0].passed, scenario_id
        assert grades[:2] == grades[2:], scenario_id
    assert pristine_universe(fast, Workspace(fast).snapshot())._names is not None


def test_a_universe_stored_by_another_reader_is_built_again(compiled: Path, tmp_path: Path) -> None:
    corpus = load_corpus(_stale_copy(compiled, tmp_path / "stale.sqlite"))
    assert stored.stored_universe(corpus) is None
    universe = pristine_universe(corpus, Workspace(corpus).snapshot())
    assert isinstance(universe.message_group, dict) and not universe._unread  # built
    assert universe.entities == _built(corpus).entities


def test_compiling_a_compiled_file_onto_itself_stores_the_universe_again(
    compiled: Path, tmp_path: Path
) -> None:
    stale = _stale_copy(compiled, tmp_path / "refresh.sqlite")
    before = load_corpus(stale)
    assert stored.stored_universe(before) is None
    compile_corpus(stale, stale)
    (tmp_path / "again.sqlite").hardlink_to(stale)  # another path: not the cached load
    after = load_corpus(tmp_path / "again.sqlite")
    assert after.fingerprint == before.fingerprint
    read = stored.stored_universe(after)
    assert read is not None and read.entities == _built(after).entities


def test_a_corpus_from_files_stores_nothing_and_builds() -> None:
    corpus = load_corpus()
    assert corpus.store.derived(stored.UNIVERSE) is None
    assert stored.stored_universe(corpus) is None


def test_the_reader_key_changes_with_any_reader_module(monkeypatch: pytest.MonkeyPatch) -> None:
    key = stored.reader_key.__wrapped__()
    assert key == stored.reader_key() and key is not None
    original = inspect.getsource
    for name in stored.READER_MODULES:

        def edited(module: object, name: str = name) -> str:
            source = original(module)  # type: ignore[arg-type]
            return source + "# edited\n" if module.__name__ == name else source  # type: ignore[attr-defined]

        monkeypatch.setattr(stored.inspect, "getsource", edited)
        assert stored.reader_key.__wrapped__() != key, name
    monkeypatch.setattr(stored.inspect, "getsource", original)
    monkeypatch.setattr(stored.unicodedata, "unidata_version", "0.0.0")
    assert stored.reader_key.__wrapped__() != key


#: Modules the reader imports that do not decide a universe from the data it is given:
#: the message heads it reads are written with the corpus itself (`store.schema`).
_NOT_READING = {"emailbench_gym.store.schema"}


def test_the_reader_key_covers_every_module_the_reader_imports() -> None:
    for name in stored.READER_MODULES[:-1]:  # the last is the codec, `stored` itself
        tree = ast.parse(inspect.getsource(importlib.import_module(name)))
        imported = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("emailbench_gym")
        } | {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
            if alias.name.startswith("emailbench_gym")
        }
        assert imported - _NOT_READING <= set(stored.READER_MODULES), name


@pytest.mark.parametrize("scenario_id", ["OB-G107", "OB-H325", "OB-P112", "OB-S106"])
def test_a_scenarios_own_names_go_where_a_rebuilt_index_puts_them(
    compiled: Path, scenario_id: str
) -> None:
    """Aliases and literals (a derived universe) are indexed one by one, as a rebuild would."""
    for corpus in (load_corpus(compiled), load_corpus()):  # a stored base, a built one
        universe = ScenarioContext.of(load_scenario(scenario_id), corpus).universe
        base = universe._base
        assert base is not None
        incremental, sink = _names(universe), universe.kitchen_sink()
        rebuilt = Universe()
        rebuilt._entities = defaultdict(dict, {k: dict(v) for k, v in universe.entities.items()})
        assert incremental == _names(rebuilt)
        assert sink == rebuilt.kitchen_sink()
        added = set(incremental) - set(_names(base))
        assert added and not added & set(base._names), scenario_id  # the base is unchanged
        assert len(sink) > len(base.kitchen_sink()) or "literal" not in universe.entities


def test_a_derived_alias_goes_before_the_names_of_later_entities() -> None:
    base = Universe()
    base.add("person", "p@x.com", "Alma Berg", ["Alma Berg"])
    base.add("person", "q@x.com", "Cleo Dunn", ["Cleo Dunn"])
    base.add("event", "e1", "Gamma Delta review", ["Gamma Delta review", "Gamma Delta"])
    derived = base.derive()
    derived.add_aliases("person", "q@x.com", ["Gamma Delta"])
    derived.add_aliases("person", "p@x.com", ["Gamma Delta"])
    derived.add("literal", "Gamma Delta", "Gamma Delta", ["Gamma Delta"])
    rebuilt = Universe()
    rebuilt._entities = defaultdict(dict, {k: dict(v) for k, v in derived.entities.items()})
    assert _names(derived) == _names(rebuilt)
    (mention,) = derived.find_mentions(Text("Gamma Delta"))
    assert mention.refs == (
        ("person", "p@x.com"),
        ("person", "q@x.com"),
        ("event", "e1"),
        ("literal", "Gamma Delta"),
    )
    assert base.find_mentions(Text("Gamma Delta"))[0].refs == (("event", "e1"),)
    assert base.of_kind("person")["q@x.com"].aliases != derived.of_kind("person")["q@x.com"].aliases


def test_only_a_shared_universe_writes_its_kitchen_sink_for_an_answer() -> None:
    """Reading an answer writes the kitchen sink (every label, sorted) only where its analysis
    is kept for every scenario: a scenario with names of its own (OB-G107's aliases) reads
    answers without it, and its sink still fails the scenario."""
    scenario = load_scenario("OB-G107")
    own = ScenarioContext(scenario)  # a context of its own: nothing graded with it yet
    assert not own.shared_universe
    own.analyse(scenario.solution.answer)
    assert own.universe._sink is None
    episode = Episode(scenario, Workspace())
    episode.replay_reference()
    assert not episode.grade(episode.context.kitchen_sink).passed
    shared = ScenarioContext(load_scenario("OB-G101"))
    assert shared.shared_universe
    assert shared.analyse(shared.kitchen_sink) is shared.analyse(shared.kitchen_sink)
