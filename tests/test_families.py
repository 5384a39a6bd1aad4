"""Task families: generated tasks verify on generated worlds, splits mirror the suite, serving works."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from emailbench_gym.errors import ScenarioError
from emailbench_gym.families import FAMILIES, NotApplicable, TaskKey, generate, task_hash, verify
from emailbench_gym.families.splits import SPLIT_NAMES, SUITE_CELLS, check_manifest, load_manifest
from emailbench_gym.families.worlds import built_world
from emailbench_gym.worlds import world_ref

ROOT = Path(__file__).resolve().parent.parent


def world(split: str, index: int):
    ref = world_ref(split, index)
    return built_world(ref.seed, ref.size)


def first_task(family_id: str, split: str = "train"):
    """The first task the family makes on the split's first worlds (seeds 0 and 1)."""
    for index in range(4):
        for seed in range(2):
            key = TaskKey(split, index, family_id, seed)
            try:
                return generate(key, world(split, index))
            except NotApplicable:
                continue
    raise AssertionError(f"{family_id} makes no task on the first four {split} worlds")


@pytest.mark.parametrize("family_id", sorted(FAMILIES))
def test_every_family_makes_tasks_that_verify(family_id):
    """Reference passes, doing nothing fails with reward 0, calibration passes, mutants die."""
    task = first_task(family_id)
    verdict = verify(task.scenario, mutants=8)
    assert verdict.passed, verdict.problems
    assert verdict.null_reward == 0
    scenario = task.scenario
    family = FAMILIES[family_id]
    assert (scenario.category, scenario.difficulty, tuple(scenario.domains)) == (
        family.category,
        family.difficulty,
        family.domains,
    )
    assert scenario.world is not None and not scenario.uncovered_requirements()
    if scenario.answer_graded:
        assert len(scenario.calibration) >= 4
        assert len({c.answer for c in scenario.calibration}) == len(scenario.calibration)


def test_families_cover_every_category_domain_and_kind_of_work():
    from emailbench_gym.families.base import WORK_KINDS
    from emailbench_gym.scenarios import CATEGORIES, DOMAINS

    families = list(FAMILIES.values())
    assert len(families) >= 60
    assert {f.category for f in families} == set(CATEGORIES)
    assert {d for f in families for d in f.domains} == set(DOMAINS)
    assert {f.work for f in families} == set(WORK_KINDS)
    assert {f.difficulty for f in families} == {"D1", "D2", "D3"}


def test_a_task_whose_correct_answer_fails_is_dropped():
    from emailbench_gym.scenarios import CalibrationAnswer

    task = first_task("top-sender")
    wrong = task.scenario.model_copy(
        update={"calibration": [CalibrationAnswer(answer="I could not find it.", style="terse")]}
    )
    wrong._corpus = task.scenario.corpus()
    verdict = verify(wrong, mutants=0)
    assert not verdict.passed
    assert any("calibration" in p for p in verdict.problems)


def test_the_same_key_makes_the_same_task_in_another_process():
    key = TaskKey("dev", 1, "unread-from-sender", 0)
    here = task_hash(generate(key, world("dev", 1)).scenario)
    code = (
        "from emailbench_gym.families import TaskKey, generate, task_hash\n"
        "from emailbench_gym.families.worlds import built_world\n"
        "from emailbench_gym.worlds import world_ref\n"
        "r = world_ref('dev', 1)\n"
        "print(task_hash(generate(TaskKey('dev', 1, 'unread-from-sender', 0), "
        "built_world(r.seed, r.size)).scenario))\n"
    )
    there = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "321", "PATH": "/usr/bin:/bin"},
        cwd=ROOT,
    ).stdout.strip()
    assert here == there


def test_task_ids_say_where_a_task_comes_from():
    key = TaskKey.parse("train-w017-unread-from-sender-s2")
    assert (key.split, key.world, key.family, key.seed) == ("train", 17, "unread-from-sender", 2)
    assert key.id == "train-w017-unread-from-sender-s2"
    for bad in ("train-17-unread-from-sender-s2", "test-w001-top-sender-s0", "OB-N520"):
        with pytest.raises(ValueError, match="not a generated task id"):
            TaskKey.parse(bad)
    with pytest.raises(ValueError, match="unknown family"):
        TaskKey.parse("train-w001-no-such-family-s0")


def test_splits_mirror_the_suite_cell_by_cell():
    from emailbench_gym.scenarios import load_all

    suite = Counter((s.category, s.difficulty, len(s.domains)) for s in load_all())
    assert dict(suite) == SUITE_CELLS


@pytest.mark.parametrize("split", SPLIT_NAMES)
def test_manifests_pin_what_the_families_make(split):
    manifest = load_manifest(split)
    ids = manifest.task_ids()
    assert manifest.count == len(ids) == len(set(ids))
    sample = ids[:: max(1, len(ids) // 4)][:4]
    assert check_manifest(manifest, sample) == []
    assert all(TaskKey.parse(i).split == split for i in ids)


def test_manifests_record_the_versions_of_their_families():
    from emailbench_gym.families.splits import family_versions

    assert FAMILIES["double-bookings"].version == 2
    for split in SPLIT_NAMES:
        manifest = load_manifest(split)
        assert manifest.family_versions == family_versions(manifest.tasks)
        if "double-bookings" in manifest.tasks:
            assert manifest.family_versions["double-bookings"] == 2
    stale = load_manifest("heldout").model_copy(update={"family_versions": {}})
    assert any("family versions" in p for p in check_manifest(stale, []))


def test_a_build_stopped_early_leaves_the_manifest_of_its_first_cells():
    from emailbench_gym.families.splits import build_manifest

    cells = [("boards", "D1", 1), ("todo", "D1", 1)]
    saved = []
    final = build_manifest("heldout", cells=cells, mutants=0, checkpoint=saved.append)
    assert len(saved) == 2 and saved[-1] == final
    first = saved[0]
    assert first.count == SUITE_CELLS[cells[0]] and first.shortfall == {"todo/D1/1": 1}
    assert {FAMILIES[f].category for f in first.tasks} == {"boards"}
    assert final.count == 2 and final.shortfall == {}


def test_renderings_list_every_text_a_template_can_render():
    from emailbench_gym.worlds.rng import Rng
    from emailbench_gym.worlds.text import render, renderings

    template = "[Check|Go through] {who^}'s mail[ now|], [soonest|[earliest|first]] first."
    slots = {"who": ["ana", "Ana Ruiz"]}
    found = list(renderings(template, slots))
    assert len(found) == len(set(found)) == 2 * 2 * 2 * 3
    assert "Check Ana's mail, soonest first." in found
    assert "Go through Ana Ruiz's mail now, first first." in found
    for seed in range(20):
        rng = Rng(f"renderings/{seed}")
        assert render(template, rng, {"who": rng.choice(slots["who"])}) in found


def test_no_generated_request_copies_a_suite_request():
    """No phrasing of any family's request (every template, every alternative, every form of
    its slots, as drawn for the family's tasks on the first four train worlds, seeds 0 and 1:
    slot forms such as "tomorrow" vary by task) shares more than two runs of eight words with
    the 206 queries. Stock phrases ('between now and the end of next week', 'with the time
    and add a to-do') share 1 or 2; a paraphrased suite query shared 10 to 20."""
    import re

    from emailbench_gym.scenarios import load_all

    def grams(text: str) -> set[tuple[str, ...]]:
        words = re.findall(r"[a-z0-9']+", text.casefold())
        return {tuple(words[i : i + 8]) for i in range(len(words) - 7)}

    suite = set().union(*(grams(s.query) for s in load_all()))
    shared = {}
    for family_id in sorted(FAMILIES):
        found: set[tuple[str, ...]] = set()
        for index in range(4):
            for seed in range(2):
                try:
                    task = generate(TaskKey("train", index, family_id, seed), world("train", index))
                except NotApplicable:
                    continue
                phrasings = list(task.phrasings())
                assert task.scenario.query in phrasings and len(task.templates) >= 2
                found |= set().union(*(grams(p) for p in phrasings))
        assert found, f"{family_id} makes no task on the first four train worlds"
        shared[family_id] = found & suite
    assert {f: g for f, g in shared.items() if len(g) > 2} == {}


def test_splits_fill_the_suite_cells_and_their_worlds_are_disjoint():
    """Each split holds its multiple of the suite's scenarios (less any recorded shortfall),
    on its own worlds only: no held-out or dev world is ever a train world."""
    from emailbench_gym.scenarios import load_all
    from emailbench_gym.worlds.splits import split as world_split

    seeds = {}
    for split in SPLIT_NAMES:
        manifest = load_manifest(split)
        ids = manifest.task_ids()
        missing = sum(manifest.shortfall.values())
        assert len(ids) == sum(SUITE_CELLS.values()) * manifest.tasks_per_scenario - missing
        worlds = {TaskKey.parse(i).world for i in ids}
        assert max(worlds) < world_split(split).count
        seeds[split] = {world_ref(split, w).seed for w in worlds}
    assert not seeds["train"] & seeds["dev"]
    assert not seeds["train"] & seeds["heldout"]
    assert not seeds["dev"] & seeds["heldout"]
    # heldout has the suite's category mix, task for scenario
    heldout = Counter(
        FAMILIES[TaskKey.parse(i).family].category for i in load_manifest("heldout").task_ids()
    )
    assert heldout == Counter(s.category for s in load_all())


def test_the_docs_list_every_family():
    text = (ROOT / "docs" / "families.md").read_text(encoding="utf-8")
    assert [f for f in FAMILIES if f"`{f}`" not in text] == []
    assert f"{len(FAMILIES)} families" in text


def test_the_docs_python_example_runs():
    import re

    text = (ROOT / "docs" / "families.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/families.md", "exec"), namespace)
    assert namespace["info"]["scenario_id"].startswith("train-w")


def test_a_task_that_no_longer_matches_its_manifest_is_refused(monkeypatch):
    from emailbench_gym.families import serve

    task_id = load_manifest("heldout").task_ids()[0]
    serve.load_task.cache_clear()
    monkeypatch.setitem(serve._digests("heldout"), task_id, "0" * 16)
    with pytest.raises(ValueError, match="no longer matches its split manifest"):
        serve.load_task(task_id)
    serve.load_task.cache_clear()


def test_generated_files_validate_and_name_their_world(tmp_path):
    from emailbench_gym.cli import main

    out = tmp_path / "gen"
    assert main(["generate", "--split", "heldout", "--n", "3", "--out", str(out)]) == 0
    files = sorted((out / "scenarios").glob("*/*.json"))
    assert len(files) == 3
    data = json.loads(files[0].read_text())
    assert data["world"]["path"].startswith("../../worlds/heldout-w")
    assert main(["validate", str(out)]) == 0
    # A world that is missing, or not the one the task was made on, is refused by field.
    data["world"]["path"] = "../../worlds/nowhere"
    files[0].write_text(json.dumps(data))
    from emailbench_gym.scenarios import parse_scenario_file

    with pytest.raises(ScenarioError, match=r"field 'world'.*not found"):
        parse_scenario_file(files[0])
    data["world"].pop("path")
    data["world"]["content_hash"] = "0" * 64
    files[0].write_text(json.dumps(data))
    with pytest.raises(ScenarioError, match=r"field 'world'.*regenerate"):
        parse_scenario_file(files[0])
    assert main(["validate", str(files[0])]) == 1


def test_gym_splits_draw_generated_tasks_by_seed():
    import gymnasium as gym

    import emailbench_gym
    from emailbench_gym.scenarios import load_scenario

    gym.register_envs(emailbench_gym)
    env = gym.make("EmailBench-Heldout")
    pool = set(env.unwrapped.pool)
    assert pool == set(load_manifest("heldout").task_ids())
    _obs, first = env.reset(seed=3)
    _obs, again = env.reset(seed=3)
    assert first["scenario_id"] == again["scenario_id"] in pool
    scenario = load_scenario(first["scenario_id"])
    assert env.unwrapped.workspace.mailbox.corpus is scenario.corpus()
    for call in scenario.solution.calls:
        env.step({"name": call.name, "arguments": call.arguments})
    *_, reward, _term, _trunc, info = env.step({"final_answer": scenario.solution.answer})
    assert info["grade"].passed and reward == 1.0
    env.reset(seed=3)
    *_, reward, _term, _trunc, _info = env.step({"final_answer": ""})
    assert reward == 0.0
    from emailbench_gym.families.serve import labels

    narrow = gym.make("EmailBench-Heldout", difficulty="D1")
    assert narrow.unwrapped.pool and all(labels(i)[1] == "D1" for i in narrow.unwrapped.pool)
    assert len(narrow.unwrapped.pool) < len(pool)


def test_every_surface_takes_a_split():
    from emailbench_gym.integrations.session import ToolSession
    from emailbench_gym.integrations.source import resolve_scenarios
    from emailbench_gym.integrations.trl import scenario_dataset
    from emailbench_gym.runner import select_scenarios

    heldout = load_manifest("heldout").task_ids()
    assert resolve_scenarios("split:heldout") == heldout
    assert len(resolve_scenarios(["split:test"])) == 206
    assert [row["scenario_id"] for row in scenario_dataset("split:heldout")] == heldout
    assert sorted(select_scenarios("split:heldout")) == sorted(heldout)
    assert select_scenarios(f"split:heldout,{heldout[0]}") == [heldout[0]]
    session = ToolSession()
    task = session.start(heldout[0])
    assert task and session.scenario_id == heldout[0]
    with pytest.raises(ValueError, match="unknown split"):
        resolve_scenarios("split:nope")


def test_the_audit_samples_mutants_across_operators():
    from emailbench_gym.audit import audit_scenario

    task = first_task("top-sender")
    full = audit_scenario(task.scenario)
    sample = audit_scenario(task.scenario, limit=6)
    assert 0 < sample.mutants <= 6 < full.mutants
    assert len(sample.operators) >= min(4, len(full.operators))
    assert not sample.survivors and not full.survivors
