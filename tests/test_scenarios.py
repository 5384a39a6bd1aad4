"""Scenario files (format and errors), the CLI, and the published scenarios against wrong trajectories."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from emailbench_gym.cli import main
from emailbench_gym.episode import Episode
from emailbench_gym.errors import ScenarioError
from emailbench_gym.scenarios import load_scenario, parse_scenario_file, resolve_refs

N520 = load_scenario("OB-N520").model_dump(mode="json", exclude_none=True)


def write(tmp_path: Path, data: dict, category: str = "folders", name: str = "OB-N520") -> Path:
    path = tmp_path / category / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path


def test_a_valid_file_round_trips(tmp_path):
    assert parse_scenario_file(write(tmp_path, N520)).id == "OB-N520"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"difficulty": "D4"}, r"field 'difficulty': Input should be 'D1', 'D2' or 'D3'"),
        ({"category": "email"}, r"field 'category'"),
        ({"id": "N520"}, r"field 'id': String should match pattern"),
        ({"rubrics": []}, r"field 'rubrics'"),
        ({"assertions": [{"type": "nearly", "values": ["x"]}]}, r"field 'assertions\.0'"),
        ({"domains": ["messages", "messages"]}, r"domains must not repeat"),
        ({"extra": 1}, r"field 'extra': Extra inputs are not permitted"),
        (
            {
                "assertions": [
                    {
                        "type": "exists",
                        "query": {"collection": "folders", "where": [{"path": "name"}]},
                    }
                ]
            },
            r"Unknown field 'name'.*Fields of MailFolder: displayName",
        ),
    ],
)
def test_malformed_files_name_file_field_and_rule(tmp_path, change, message):
    path = write(tmp_path, {**N520, **change})
    with pytest.raises(ScenarioError, match=message) as caught:
        parse_scenario_file(path)
    assert str(path) in str(caught.value)


def test_invalid_json_and_misplaced_files_are_reported(tmp_path):
    path = tmp_path / "folders" / "OB-N520.json"
    path.parent.mkdir()
    path.write_text("{not json")
    with pytest.raises(ScenarioError, match="invalid JSON at line 1"):
        parse_scenario_file(path)
    with pytest.raises(ScenarioError, match=re.escape("expected scenarios/folders/OB-N520.json")):
        parse_scenario_file(write(tmp_path, N520, category="todo"))


def test_references_resolve_and_bad_ones_are_explained():
    results = [{"id": "folder-5001"}, [{"id": "msg-001"}, {"id": "msg-002"}]]
    assert resolve_refs(
        {"a": "$0.id", "b": "$1[*].id", "c": "$1[0].id", "d": "plain"}, results
    ) == {
        "a": "folder-5001",
        "b": ["msg-001", "msg-002"],
        "c": "msg-001",
        "d": "plain",
    }
    with pytest.raises(ScenarioError, match="points past"):
        resolve_refs("$5.id", results)
    with pytest.raises(ScenarioError, match=re.escape("no '.name'")):
        resolve_refs("$0.name", results)


# --- the CLI -------------------------------------------------------------------------------


def test_list_json_has_every_label_and_count(capsys):
    assert main(["list", "--json"]) == 0
    rows = {row["id"]: row for row in json.loads(capsys.readouterr().out)}
    assert len(rows) == 206
    assert set(rows["OB-N520"]) == {
        "id",
        "query",
        "category",
        "difficulty",
        "domains",
        "requirements",
        "static",
        "rubrics",
        "static_types",
        "retained",
        "completable",
    }
    assert rows["OB-N520"]["completable"] == {"adapter": True, "full": True}
    assert rows["OB-B101"]["completable"] == {"adapter": False, "full": True}
    assert rows["OB-N520"]["static"] >= 5 and "moved-message" in rows["OB-N520"]["static_types"]


def test_list_filters_by_category_and_completability(capsys):
    assert main(["list", "--json", "--category", "boards"]) == 0
    boards = json.loads(capsys.readouterr().out)
    assert len(boards) == 10 and {row["category"] for row in boards} == {"boards"}
    assert main(["list", "--json", "--completable", "adapter"]) == 0
    adapter = json.loads(capsys.readouterr().out)
    assert adapter and all(row["completable"]["adapter"] for row in adapter)
    assert not any(row["category"] == "boards" for row in adapter)
    assert main(["list", "--category", "nope"]) == 2
    assert "accepted: messages-read" in capsys.readouterr().err
    assert main(["list", "--completable", "tiny"]) == 2
    assert "accepted: adapter, full" in capsys.readouterr().err


def test_list_filters_by_difficulty_and_split(capsys):
    assert main(["list", "--json", "--difficulty", "D1"]) == 0
    easy = json.loads(capsys.readouterr().out)
    assert len(easy) == 17 and {row["difficulty"] for row in easy} == {"D1"}
    assert main(["list", "--json", "--split", "test", "--difficulty", "D3"]) == 0
    hard = json.loads(capsys.readouterr().out)
    assert len(hard) == 68 and all(row["id"].startswith("OB-") for row in hard)
    assert (
        main(["list", "--json", "--split", "dev", "--category", "todo", "--difficulty", "D1"]) == 0
    )
    dev = json.loads(capsys.readouterr().out)
    assert dev and all(row["id"].startswith("dev-") for row in dev)
    assert {(row["category"], row["difficulty"]) for row in dev} == {("todo", "D1")}
    assert all(row["completable"]["full"] for row in dev)
    assert main(["list", "--split", "nope"]) == 2
    assert "splits: test, train, dev, heldout" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["list", "--difficulty", "D4"])


def test_show_validate_and_schema(capsys):
    assert main(["show", "OB-H312", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["category"] == "messages-read"
    assert main(["show", "OB-H312"]) == 0
    shown = capsys.readouterr().out
    assert "Requirements and the checks that cover them:" in shown and "Footprint" in shown
    assert main(["show", "OB-X999"]) == 2
    main(["validate", "OB-H312", "OB-N520", "--json"])
    rows = json.loads(capsys.readouterr().out)
    assert [r["reference_passed"] for r in rows] == [True, True]
    assert [r["null_passed"] for r in rows] == [False, False]
    assert main(["validate", "OB-X999"]) == 2
    assert main(["schema", "scenario"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert {"id", "query", "assertions", "rubrics", "solution"} <= set(schema["properties"])


# --- OB-H307 against trajectories the paper's grading let through -----------------------------


def triage(skip: set[str] = frozenset(), extra: list[tuple[str, dict]] = ()) -> Episode:
    """Replay OB-H307's reference, leaving out named steps and adding extra calls."""
    episode = Episode(load_scenario("OB-H307"))
    results: list = []
    steps = ["folders"] * 3 + ["automated"] * 2 + ["high"] * 2 + ["unread"] * 2
    for step, call in zip(steps, episode.scenario.solution.calls, strict=True):
        if step in skip:
            results.append([])
            continue
        result, is_error = episode.call(call.name, resolve_refs(call.arguments, results))
        assert not is_error, result
        results.append(result)
    for name, arguments in extra:
        episode.call(name, arguments)
    return episode


def static_pass(episode: Episode) -> bool:
    return episode.grade(episode.scenario.solution.answer).passed


def test_h307_reference_passes():
    assert static_pass(triage())


def test_h307_skipping_step_4_fails():
    assert not static_pass(triage(skip={"unread"}))


def test_h307_moving_a_sent_message_fails():
    assert not static_pass(
        triage(extra=[("messages_move", {"id": "msg-051", "destinationId": "folder-5002"})])
    )


def test_h307_creating_the_folders_twice_fails():
    again = [
        ("folders_create", {"displayName": n, "parentFolderId": "inbox"})
        for n in ("Action Required", "FYI Only", "Automated")
    ]
    assert not static_pass(triage(extra=again))


def test_n520_moving_matches_to_the_wrong_subfolder_fails():
    episode = Episode(load_scenario("OB-N520"))
    results, answer = episode.replay_reference()
    first_match = results[4]["items"][0]["id"]
    episode.call("messages_move", {"id": first_match, "destinationId": results[3]["id"]})
    assert not episode.grade(answer).passed


def test_version_names_the_package_and_the_suite_hash(capsys, tmp_path, monkeypatch):
    from emailbench_gym import __version__, catalog

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"emailbench-gym {__version__} (suite: 206 scenarios, sha256 ")
    first = catalog.suite_hash()
    assert len(first) == 64 and first in out
    # the hash follows the content: a changed scenario file changes it
    root = tmp_path / "data"
    for name in ("scenarios", "corpus", "envs"):
        (root / name).mkdir(parents=True)
    (root / "scenarios" / "folders").mkdir()
    scenario = root / "scenarios" / "folders" / "OB-Z901.json"
    scenario.write_text("{}")
    monkeypatch.setattr(catalog, "data_dir", lambda name: root / name)
    catalog.suite_hash.cache_clear()
    try:
        before = catalog.suite_hash()
        scenario.write_text("{ }")
        catalog.suite_hash.cache_clear()
        assert catalog.suite_hash() != before
    finally:
        catalog.suite_hash.cache_clear()
