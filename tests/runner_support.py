"""A small synthetic scenario for agent and runner tests, installed beside the shipped suite.

The shipped suite is authored concurrently; LLM-loop tests need one scenario whose
tools and grading they control. `install(monkeypatch, tmp_path)` writes it under a
temporary `scenarios/` folder and adds it to the scenario index for the test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from emailbench_gym import catalog, scenarios

SYNTHETIC_ID = "OB-Z901"
SYNTHETIC_ID_2 = "OB-Z902"


def synthetic(scenario_id: str, folder: str) -> dict[str, Any]:
    """Create one top-level folder and name it in the answer."""
    return {
        "id": scenario_id,
        "query": f"Create a top-level mail folder named {folder} and tell me when it is done.",
        "category": "folders",
        "difficulty": "D1",
        "domains": ["folders"],
        "retained": scenario_id == SYNTHETIC_ID,
        "assertions": [
            {
                "type": "exists",
                "description": f"{folder} exists",
                "query": {
                    "collection": "folders",
                    "where": [{"path": "displayName", "op": "eq", "value": folder}],
                },
            },
            {"type": "answer-text", "statements": [folder], "critical": False},
        ],
        "rubrics": [{"criterion": f"The assistant confirms that {folder} was created."}],
        "solution": {
            "calls": [
                {"name": "folders_create", "arguments": {"displayName": folder}},
                {"name": "folders_get", "arguments": {"id": "$0.id"}},
            ],
            "answer": f"Created the {folder} folder.",
        },
    }


def install(monkeypatch: pytest.MonkeyPatch, root: Path) -> list[str]:
    """Add the synthetic scenarios to the index for this test; returns their ids."""
    index = dict(catalog.scenario_paths())
    for scenario_id, folder in ((SYNTHETIC_ID, "Projects"), (SYNTHETIC_ID_2, "Archive2001")):
        path = root / "scenarios" / "folders" / f"{scenario_id}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(synthetic(scenario_id, folder)))
        index[scenario_id] = path
        scenarios.load_scenario.cache_clear()
    monkeypatch.setattr(catalog, "scenario_paths", lambda: index)
    monkeypatch.setattr(scenarios, "scenario_paths", lambda: index)
    return [SYNTHETIC_ID, SYNTHETIC_ID_2]
