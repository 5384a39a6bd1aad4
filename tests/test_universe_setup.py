"""The universe of a scenario whose setup changed the pristine state (grading.claims.setup_changes).

Derived from the pristine universe plus what the setup changed, it must be the universe a
rebuild from the start state gives: entity for entity, name for name, with the same grades;
and where that could differ (a deletion, a rename, a name that is a short form), it is
rebuilt.
"""

from __future__ import annotations

import ast
import inspect
import json
from pathlib import Path

import pytest

from emailbench_gym.corpus import Corpus, compile_corpus, load_corpus
from emailbench_gym.corpus_scale import write_scaled_corpus
from emailbench_gym.episode import Episode
from emailbench_gym.grading import context as context_module
from emailbench_gym.grading.claims import setup_changes
from emailbench_gym.grading.claims.entities import ENTITY_KINDS, Universe
from emailbench_gym.grading.claims.stored import universe_of
from emailbench_gym.grading.claims.text import Text
from emailbench_gym.grading.context import ScenarioContext, pristine_universe
from emailbench_gym.scenarios import load_all, load_scenario
from emailbench_gym.workspace import Workspace

SETUP = sorted(s.id for s in load_all() if s.setup)


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("setup")
    return compile_corpus(write_scaled_corpus(root / "grown", 700, seed=3), root / "grown.sqlite")


def _names(universe: Universe) -> dict:
    universe.find_mentions(Text(""))
    return {
        name: json.loads(refs) if refs and isinstance(refs, str) else (refs or None)
        for name, refs in universe._names.items()
    }


def _same(derived: Universe, rebuilt: Universe, corpus: Corpus) -> None:
    assert [(k, list(v)) for k, v in derived.entities.items()] == [
        (k, list(v)) for k, v in rebuilt.entities.items()
    ]
    assert derived.entities == rebuilt.entities
    assert derived.contents == rebuilt.contents
    assert _names(derived) == _names(rebuilt)
    assert derived.kitchen_sink() == rebuilt.kitchen_sink()
    for message_id in corpus.store.ids():
        assert derived.key("message", message_id) == rebuilt.key("message", message_id)
    sink = rebuilt.kitchen_sink()
    assert derived.find_mentions(Text(sink)) == rebuilt.find_mentions(Text(sink))


def _rebuilt_context(scenario_id: str, corpus: Corpus, monkeypatch: pytest.MonkeyPatch):
    with monkeypatch.context() as patch:
        patch.setattr(context_module, "derive_for_changes", lambda base, changes: None)
        context = ScenarioContext(load_scenario(scenario_id), corpus)
        context.universe  # noqa: B018 (built now, under the patch)
    return context


def test_setup_scenarios_exist_and_most_derive() -> None:
    derived = [s for s in SETUP if ScenarioContext.of(load_scenario(s)).universe._base]
    assert len(SETUP) >= 6 and derived == SETUP


@pytest.mark.parametrize("scenario_id", SETUP)
def test_a_derived_setup_universe_is_the_rebuilt_one_and_grades_the_same(
    compiled: Path, scenario_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for corpus in (load_corpus(), load_corpus(compiled)):
        fast = ScenarioContext(load_scenario(scenario_id), corpus)
        slow = _rebuilt_context(scenario_id, corpus, monkeypatch)
        assert fast.universe._base is not None and slow.universe._base is None
        _same(fast.universe, slow.universe, corpus)
        grades = []
        for context in (fast, slow):
            scenario = load_scenario(scenario_id)
            scenario._grading_contexts[id(corpus)] = context
            episode = Episode(scenario, Workspace(corpus))
            _, answer = episode.replay_reference()
            grades += [episode.grade(answer), episode.grade(answer + "\n" + context.kitchen_sink)]
        assert grades[0].passed, scenario_id
        assert grades[:2] == grades[2:], scenario_id


def _changed(calls: list[tuple[str, dict]]) -> tuple[Universe, Universe | None, Universe]:
    """(pristine, derived, rebuilt) universes of the shipped corpus after `calls`."""
    corpus = load_corpus()
    workspace = Workspace(corpus)
    pristine = pristine_universe(corpus, Workspace(corpus).snapshot())
    mark = workspace.mailbox.mark()
    for name, arguments in calls:
        workspace.call(name, **arguments)
    derived = setup_changes.derive_for_changes(pristine, workspace.mailbox.changes_since(mark))
    return pristine, derived, universe_of(workspace.snapshot())


def test_a_new_folder_named_like_a_short_form_is_rebuilt() -> None:
    """A folder called by a person's last name ("Shapiro") takes that short form away from
    the person in a rebuild: deriving would keep it, so the universe is rebuilt."""
    pristine, derived, rebuilt = _changed([("folders_create", {"displayName": "Shapiro"})])
    assert pristine.find_mentions(Text("Shapiro"))[0].names("person")
    assert derived is None
    assert not rebuilt.find_mentions(Text("Shapiro"))[0].names("person")


def test_a_folder_named_like_a_company_is_derived_and_names_both() -> None:
    pristine, derived, rebuilt = _changed([("folders_create", {"displayName": "Dynegy"})])
    assert derived is not None
    (mention,) = derived.find_mentions(Text("Dynegy"))
    assert mention.refs == rebuilt.find_mentions(Text("Dynegy"))[0].refs
    assert mention.names("folder") and mention.names("company")
    assert not pristine.find_mentions(Text("Dynegy"))[0].names("folder")


@pytest.mark.parametrize(
    "calls",
    [
        [("filters_update", {"id": "rule-001", "displayName": "Tag the desk"})],
        [("filters_delete", {"id": "rule-001"})],
        [("contacts_create", {"displayName": "Zed Quill", "emailAddress": "zed@quill.co"})],
        [("messages_send", {"subject": "Zeppelin", "body": "x", "toRecipients": ["a@b.co"]})],
    ],
    ids=["rename", "deletion", "new person", "new message"],
)
def test_changes_whose_effect_is_not_proven_are_rebuilt(calls: list) -> None:
    _, derived, _ = _changed(calls)
    assert derived is None


def test_the_short_form_kinds_are_add_short_forms_own() -> None:
    tree = ast.parse(inspect.getsource(Universe.add_short_forms).lstrip())
    kinds = {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in ENTITY_KINDS
    }
    assert kinds == setup_changes.SHORT_FORM_KINDS
