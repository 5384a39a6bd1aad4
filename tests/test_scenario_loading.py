"""Scenario files that do not load say which file, which field and which rule; never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from emailbench_gym import catalog, scenarios
from emailbench_gym.errors import ScenarioError
from emailbench_gym.scenarios import MAX_DEPTH, load_scenario, parse_scenario_file
from tests.runner_support import synthetic


def write(tmp_path: Path, data: bytes | dict, name: str = "OB-Z901") -> Path:
    path = tmp_path / "scenarios" / "folders" / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    return path


def test_a_good_file_loads(tmp_path: Path) -> None:
    assert parse_scenario_file(write(tmp_path, synthetic("OB-Z901", "Projects"))).id == "OB-Z901"


def test_not_utf8(tmp_path: Path) -> None:
    path = write(tmp_path, b'{"id": "OB-Z901", "query": "caf\xe9"}')
    with pytest.raises(ScenarioError, match=r"not UTF-8 text \(byte 0xe9 at offset 31\)") as exc:
        parse_scenario_file(path)
    assert str(path) in str(exc.value)


@pytest.mark.parametrize("depth", [MAX_DEPTH + 5, 100_000])
def test_nested_too_deeply(tmp_path: Path, depth: int) -> None:
    data = synthetic("OB-Z901", "Projects")
    text = json.dumps(data)[:-1] + ', "setup": [' + "[" * depth + "]" * depth + "]}"
    with pytest.raises(ScenarioError, match=f"at most {MAX_DEPTH} levels") as exc:
        parse_scenario_file(write(tmp_path, text.encode()))
    assert "OB-Z901.json" in str(exc.value)


def test_a_bad_regex_names_its_field(tmp_path: Path) -> None:
    data = synthetic("OB-Z901", "Projects")
    data["assertions"][0]["query"]["where"][0] = {
        "path": "displayName",
        "op": "regex",
        "value": "([",
    }
    with pytest.raises(ScenarioError) as exc:
        parse_scenario_file(write(tmp_path, data))
    message = str(exc.value)
    assert "field 'assertions.0.query.where.0.value'" in message
    assert "not a valid regular expression" in message and "OB-Z901.json" in message


def test_invalid_json_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="invalid JSON at line 1"):
        parse_scenario_file(write(tmp_path, b'{"id": '))
    folder = tmp_path / "scenarios" / "folders" / "OB-Z909.json"
    folder.mkdir(parents=True)
    with pytest.raises(ScenarioError, match="cannot read the file"):
        parse_scenario_file(folder)


def test_a_duplicate_id_is_an_error_naming_both_files(tmp_path, monkeypatch) -> None:
    write(tmp_path, synthetic("OB-Z901", "Projects"))
    other = tmp_path / "scenarios" / "todo" / "OB-Z901.json"
    other.parent.mkdir(parents=True)
    other.write_text(json.dumps(synthetic("OB-Z901", "Projects")))
    monkeypatch.setattr(catalog, "data_dir", lambda name: tmp_path / "scenarios")
    catalog._index.cache_clear()
    catalog.scenario_paths.cache_clear()
    scenarios.load_scenario.cache_clear()
    try:
        with pytest.raises(ScenarioError, match="defined by 2 files") as exc:
            load_scenario("OB-Z901")
        assert "folders/OB-Z901.json" in str(exc.value) and "todo/OB-Z901.json" in str(exc.value)
    finally:
        monkeypatch.undo()
        catalog._index.cache_clear()
        catalog.scenario_paths.cache_clear()
        scenarios.load_scenario.cache_clear()
