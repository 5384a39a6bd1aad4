"""A run's summary is that of its folder's records, which it keeps without reading them back."""

from __future__ import annotations

import json
from pathlib import Path

from emailbench_gym.agents import make_agent_factory
from emailbench_gym.runfolder import RESULTS, RunFolder
from emailbench_gym.runner import run, summarize

SCENARIOS = ["OB-B101", "OB-W105"]


def test_a_resumed_run_summarizes_what_its_folder_holds(tmp_path: Path) -> None:
    reference = make_agent_factory("reference")
    run(reference, SCENARIOS, tmp_path, repeats=2, progress=False)
    results = tmp_path / RESULTS
    lines = results.read_text().splitlines()
    failed = {**json.loads(lines[1]), "status": "error", "passed": False, "error": "boom"}
    superseded = {**json.loads(lines[2]), "score": 0.25}
    # an error to play again, a superseding line, a repeated line and a torn line
    with results.open("a") as handle:
        handle.write(json.dumps(failed) + "\n" + json.dumps(superseded) + "\n")
        handle.write(lines[3] + "\n" + lines[0][:40])
    summary = run(reference, SCENARIOS, tmp_path, repeats=2, progress=False)
    records = RunFolder(tmp_path).records()
    assert len(records) == 4 and all(r["status"] == "ok" for r in records)
    assert {k: v for k, v in summary.items() if k != "run"} == summarize(records, summary["model"])
    assert summary["episodes"] == 4 and summary["score"] < 1.0  # the superseded line counts
