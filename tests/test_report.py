"""`emailbench report`: every table against values computed by hand from a small fixed run.

Run A ("openai:gpt-4o", judged): five finished episodes S1-S5 plus an errored S6, and S3
recorded first as an error then as ok (a resumed run). Run B ("anthropic:claude", no
judge): S1 and S2 twice each (repeats). The expected numbers in the comments were worked
out on paper from the records below.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest

from emailbench_gym.cli import main
from emailbench_gym.report.plots import plots_available
from emailbench_gym.report.runs import Run, RunLoadError, label_runs, read_run, select_episodes
from emailbench_gym.report.tables import (
    Frac,
    Table,
    build_report,
    pass_hat_k,
    table_by_category,
    table_completable,
    wilson_interval,
)

META = {
    "S1": ("folders", "D1", ["folders"], True),
    "S2": ("folders", "D2", ["folders", "messages"], True),
    "S3": ("messages-read", "D2", ["messages"], False),
    "S4": ("messages-read", "D3", ["messages", "calendar", "todo"], True),
    "S5": ("settings", "D2", ["settings"], False),
    "S6": ("settings", "D1", ["settings"], True),
}


def call(name: str, ok: bool = True, **arguments: Any) -> dict[str, Any]:
    return {"id": "c", "name": name, "arguments": arguments, "is_error": not ok, "content": ""}


def episode(
    model: str,
    scenario: str,
    *,
    passed: bool = False,
    score: float = 0.0,
    static: float | None = None,
    rubric: float | None = None,
    calls: tuple[dict[str, Any], ...] = (),
    iterations: int = 1,
    latency: float = 1.0,
    answer: str = "done",
    truncated: bool = False,
    repeat: int = 0,
    status: str = "ok",
    judge: str | None = None,
) -> dict[str, Any]:
    category, difficulty, domains, retained = META[scenario]
    return {
        "id": scenario,
        "model": model,
        "agent": "test",
        "repeat": repeat,
        "status": status,
        "error": None if status == "ok" else "provider error",
        "category": category,
        "difficulty": difficulty,
        "domains": domains,
        "retained": retained,
        "passed": passed,
        "score": score,
        "static_score": static,
        "rubric_score": rubric,
        "calls": len(calls),
        "failed_calls": sum(c["is_error"] for c in calls),
        "iterations": iterations,
        "terminated": not truncated,
        "truncated": truncated,
        "latency": latency,
        "tokens": {"input": 10, "output": 5},
        "final_answer": answer,
        "trajectory": [
            {"iteration": 1, "text": "", "latency": latency, "tokens": {"input": 10, "output": 5},
             "calls": list(calls)}
        ],
        "grade": None
        if status == "error"
        else {"score": score, "passed": passed, "static_score": static,
              "rubric_score": rubric, "items": [], "judge": judge},
    }  # fmt: skip


def run_a() -> list[dict[str, Any]]:
    m, j = "openai:gpt-4o", "openai:judge"
    return [
        episode(m, "S3", status="error", judge=j),
        episode(m, "S6", status="error", judge=j),
        episode(m, "S1", passed=True, score=1.0, static=1.0, rubric=1.0, iterations=1,
                latency=2.0, calls=(call("folders_create", displayName="Projects"),
                                    call("folders_create", displayName="Raptor"),
                                    call("folders_create", displayName="Dynegy")), judge=j),
        episode(m, "S2", passed=True, score=0.75, static=0.5, rubric=1.0, iterations=4,
                latency=6.0, answer="", calls=(call("messages_search", False, query="x"),
                                               call("folders_create", displayName="A"),
                                               call("messages_search", query="y")), judge=j),
        episode(m, "S3", score=0.0, static=None, rubric=0.0, iterations=1, latency=1.0,
                answer="I can't", judge=j),
        episode(m, "S4", score=0.25, static=0.5, rubric=None, iterations=15, latency=20.0,
                answer="partial", truncated=True,
                calls=(call("calendar_list"), call("messages_get", False, id="m1"),
                       call("messages_get", False, id="m2"), call("todo_list"),
                       call("todo_create", False, title="t")), judge=j),
        episode(m, "S5", passed=True, score=0.6, static=0.2, rubric=1.0, iterations=8,
                latency=11.0, answer="ok", calls=(call("settings_get"),), judge=j),
    ]  # fmt: skip


def run_b() -> list[dict[str, Any]]:
    m = "anthropic:claude"
    return [
        episode(m, "S1", passed=True, score=1.0, static=1.0, iterations=2, latency=3.0,
                calls=(call("folders_create", displayName="X"),)),
        episode(m, "S1", repeat=1, score=0.0, static=0.0, iterations=3, latency=5.0,
                calls=(call("folders_create", False, displayName="X"),
                       call("folders_create", displayName="X"))),
        episode(m, "S2", passed=True, score=0.5, static=0.5, iterations=2, latency=4.0,
                calls=(call("folders_list"), call("messages_list"))),
        episode(m, "S2", repeat=1, passed=True, score=1.0, static=1.0, iterations=3,
                latency=8.0, calls=(call("folders_list"), call("messages_list"),
                                    call("messages_move", id="m1"))),
    ]  # fmt: skip


def write_run(path: Path, records: list[dict[str, Any]], torn_tail: bool = False) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(r) + "\n" for r in records)
    (path / "results.jsonl").write_text(text + ('{"id": "S9", "mod' if torn_tail else ""))
    return path


@pytest.fixture
def dirs(tmp_path: Path) -> list[Path]:
    return [
        write_run(tmp_path / "a", run_a(), torn_tail=True),
        write_run(tmp_path / "b", run_b()),
    ]


@pytest.fixture
def tables(dirs: list[Path]) -> dict[str, dict[str, tuple[Any, ...]]]:
    """{table key: {first cell: row}}."""
    runs = [read_run(d) for d in dirs]
    return {t.key: {row[0]: row[1:] for row in t.rows} for t in build_report(runs)}


A, B = "openai:gpt-4o", "anthropic:claude"


def approx(*values: float | None) -> tuple[Any, ...]:
    return tuple(None if v is None else pytest.approx(v, abs=1e-9) for v in values)


# --- loading -------------------------------------------------------------------------------


def test_read_run_keeps_the_last_ok_record_and_counts_errors(dirs: list[Path]) -> None:
    a = read_run(dirs[0])
    assert a.label == A
    assert sorted(r["id"] for r in a.records) == ["S1", "S2", "S3", "S4", "S5"]
    assert a.errors == 1  # S6; S3's error was retried successfully; the torn line is skipped


def test_an_ok_record_is_not_replaced_by_a_later_error() -> None:
    ok = episode(A, "S1", passed=True)
    records, errors = select_episodes([ok, episode(A, "S1", status="error")])
    assert records == [ok] and errors == 0


def test_a_missing_results_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(RunLoadError, match=r"no results\.jsonl"):
        read_run(tmp_path)


def test_duplicate_models_get_their_directory_name() -> None:
    runs = label_runs([Run("m", ()), Run("m", ()), Run("n", ())], ["x", "y", "z"])
    assert [r.label for r in runs] == ["m (x)", "m (y)", "n"]


# --- tables --------------------------------------------------------------------------------


def test_results_table_3(tables: dict[str, Any]) -> None:
    # A: 3/5 pass; retained S1 S2 S4 -> 2/3; removed S3 S5 -> 1/2; static (1+.5+.5+.2)/4;
    # LLM (1+1+0+0+1)/5 with the missing S4 rubric as 0; score 2.6/5; calls 12/5;
    # call ok 8/12; clean S1 S5 -> 2/5; latency 40/5.
    a = tables["results"][A]
    assert a[0] == Frac(3, 5)
    assert a[1:] == approx(60.0, 200 / 3, 50.0, 0.55, 0.6, 0.52, 2.4, 200 / 3, 40.0, 8.0)
    # B: no judge -> LLM N/A; nothing removed -> Rem. N/A; call ok 7/8; clean 3/4.
    b = tables["results"][B]
    assert b[0] == Frac(3, 4)
    assert b[1:] == approx(75.0, 75.0, None, 0.625, None, 0.625, 2.0, 87.5, 75.0, 5.0)


def test_every_table_counts_errored_episodes_apart(dirs: list[Path]) -> None:
    for table in build_report([read_run(d) for d in dirs]):
        assert "openai:gpt-4o: 1 error, 0 judge_error" in table.note, table.key


def test_judge_errors_are_neither_passes_nor_fails(tmp_path: Path) -> None:
    run_dir = write_run(
        tmp_path / "j",
        [episode("m", "S1", passed=True, score=1.0),
         episode("m", "S2", status="judge_error"),
         episode("m", "S3", status="judge_error"),
         episode("m", "S3", passed=True, score=1.0)],  # regraded later
    )  # fmt: skip
    run = read_run(run_dir)
    assert run.judge_errors == 1 and run.errors == 0 and len(run.records) == 2
    tables = {t.key: t for t in build_report([run])}
    assert tables["results"].rows[0][1] == Frac(2, 2)
    assert "m: 0 error, 1 judge_error" in tables["wilson"].note


@pytest.mark.parametrize("passed", [True, False])
def test_report_works_at_100_and_0_percent(tmp_path: Path, passed: bool, capsys) -> None:
    scenarios = ["S1", "S2", "S3"]
    run_dir = write_run(
        tmp_path / "r", [episode("m", s, passed=passed, score=float(passed)) for s in scenarios]
    )
    low, high = wilson_interval(3 if passed else 0, 3)
    assert (high == 1.0) if passed else (low == 0.0)
    formats = ["md", "json", "html"] if plots_available() else ["md", "json"]
    for fmt in formats:
        assert main(["report", str(run_dir), "--format", fmt, "--out", str(tmp_path / fmt)]) == 0
    if plots_available():
        assert main(["report", str(run_dir), "--plots", str(tmp_path / "plots")]) == 0
        assert (tmp_path / "plots" / "figure5_wilson.png").stat().st_size > 0


def test_groups_with_different_n_show_k_of_n(tables: dict[str, Any]) -> None:
    # Largest category first; B has no messages-read or settings episode.
    assert list(tables["category"]) == ["folders", "messages-read", "settings"]
    assert tables["category"]["folders"] == (Frac(2, 2), Frac(3, 4))
    assert tables["category"]["messages-read"] == (Frac(0, 2), None)
    assert tables["category"]["settings"] == (Frac(1, 1), None)
    assert tables["difficulty"] == {
        "D1": (Frac(1, 1), Frac(1, 2)),
        "D2": (Frac(2, 3), Frac(2, 2)),
        "D3": (Frac(0, 1), None),
    }
    assert tables["domains"] == {
        "1": (Frac(2, 3), Frac(1, 2)),
        "2": (Frac(1, 1), Frac(2, 2)),
        "3": (Frac(0, 1), None),
    }


def test_groups_with_the_same_n_get_an_n_column() -> None:
    x = run_a()[2:]
    y = [*x[:1], episode(A, "S2"), *x[2:]]  # S2 fails in y
    table = table_by_category([Run("x", tuple(x)), Run("y", tuple(y))])
    assert [c.name for c in table.columns] == ["Category", "n", "x", "y"]
    assert table.rows[0] == ("folders", 2, Frac(2, 2), Frac(1, 2))


def test_wilson_interval_known_value() -> None:
    low, high = wilson_interval(69, 206)  # the paper's Sonnet 4.5: 27.4% .. 40.2%
    assert low == pytest.approx(0.27404, abs=1e-5)
    assert high == pytest.approx(0.40190, abs=1e-5)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_table(tables: dict[str, Any]) -> None:
    # 3/5: centre (0.6 + z²/10) / (1 + z²/5), the textbook 23.1% .. 88.2%.
    assert tables["wilson"][A][:2] == (Frac(3, 5), 60.0)
    assert tables["wilson"][A][2:] == (
        pytest.approx(23.07, abs=0.01),
        pytest.approx(88.24, abs=0.01),
    )


def test_jaccard_of_pass_sets(tables: dict[str, Any]) -> None:
    # A passes {S1, S2, S5}; B passes S2 in both repeats but S1 only once -> {S2}.
    assert tables["jaccard"][A] == approx(None, 1 / 3)
    assert tables["jaccard"][B] == approx(1 / 3, None)


def test_completed_passes_by_iteration(tables: dict[str, Any]) -> None:
    # A passes at iterations 1, 4 and 8 of 5 episodes; B at 2, 2 and 3 of 4.
    assert tables["completion"][A] == approx(20, 20, 20, 40, 40, 60, 60)
    assert tables["completion"][B] == approx(0, 50, 75, 75, 75, 75, 75)


def test_trajectory_partition(tables: dict[str, Any]) -> None:
    assert tables["partition"][A] == (1, 2, 1, 1)
    assert tables["partition"][B] == (0, 3, 1, 0)


def test_repeated_same_tool_calls(tables: dict[str, Any]) -> None:
    # A's S4 calls messages_get twice with different ids; B's failure repeats the same call.
    assert tables["repeated"][A] == approx(1, 1, 100.0)
    assert tables["repeated"][B] == approx(1, 0, 0.0)


def test_calls_and_iterations_by_outcome(tables: dict[str, Any]) -> None:
    assert tables["outcome"][A] == approx(7 / 3, 5 / 2, 13 / 3, 8.0)
    assert tables["outcome"][B] == approx(2.0, 2.0, 7 / 3, 3.0)


def test_iteration_buckets(tables: dict[str, Any]) -> None:
    assert tables["buckets"][A] == (Frac(1, 2), Frac(0, 0), Frac(1, 1), Frac(0, 0), Frac(1, 2))
    assert tables["buckets"][B] == (Frac(0, 0), Frac(2, 2), Frac(1, 2), Frac(0, 0), Frac(0, 0))


def test_indicators(tables: dict[str, Any]) -> None:
    # A answers: S1, S3, S5 (S2 is empty, S4 ran out of iterations).
    assert tables["indicators"][A] == approx(80.0, 40.0, 60.0, 60.0)
    assert tables["indicators"][B] == approx(100.0, 75.0, 100.0, 75.0)


def test_tool_call_statistics(tables: dict[str, Any]) -> None:
    # First calls: A's S2 fails, S1 S4 S5 succeed; B's repeat of S1 fails.
    assert tables["tool_calls"][A] == approx(12, 200 / 3, 75.0, 4)
    assert tables["tool_calls"][B] == approx(8, 87.5, 75.0, 1)


def test_next_call_after_a_failure(tables: dict[str, Any]) -> None:
    # A: S2 search -> folders_create (ok); S4 get m1 -> get m2 (failed, same tool);
    # get m2 -> todo_list (ok); todo_create is last (no next call).
    assert tables["after_failure"][A] == approx(4, 3, 200 / 3, 100 / 3)
    assert tables["after_failure"][B] == approx(1, 1, 100.0, 100.0)


def test_iteration_distribution(tables: dict[str, Any]) -> None:
    # A: 1, 4, 1, 15, 8 -> mean 5.8, population variance 138.8 / 5.
    assert tables["iterations"][A] == approx(5.8, 4, 27.76**0.5, 15, 2, 1, 1)
    assert tables["iterations"][B] == approx(2.5, 2.5, 0.5, 3, 0, 0, 0)


def test_pass_hat_k(tables: dict[str, Any]) -> None:
    # B: S1 passes 1 of 2 (pass^2 = 0), S2 2 of 2 (pass^2 = 1).
    assert tables["pass_hat_k"][A] == approx(1, 0.6, None)
    assert tables["pass_hat_k"][B] == approx(2, 0.75, 0.5)
    three = [episode(B, "S1", passed=p, repeat=i) for i, p in enumerate([True, True, False])]
    assert pass_hat_k(three, 2) == pytest.approx(1 / 3)  # C(2,2) / C(3,2)


def test_no_pass_hat_k_without_repeats(dirs: list[Path]) -> None:
    assert "pass_hat_k" not in {t.key for t in build_report([read_run(dirs[0])])}


def test_empty_run_has_no_crash() -> None:
    tables: list[Table] = build_report([Run("empty", ())])
    assert tables[0].rows[0][1] == Frac(0, 0)


# --- CLI -----------------------------------------------------------------------------------


def test_cli_markdown(dirs: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", *map(str, dirs)]) == 0
    out = capsys.readouterr().out
    assert "## Table 3 / 17: results per run" in out
    assert (
        f"| {A} | 3/5 | 60.0 | 66.7 | 50.0 | 0.550 | 0.600 | 0.520 | 2.40 | 66.7 | 40.0 | 8.00 |"
        in out
    )
    assert f"| {B} | 3/4 | 75.0 | 75.0 | N/A | 0.625 | N/A |" in out
    assert "| folders | 2/2 (100.0) | 3/4 (75.0) |" in out


def test_completable_table_counts_the_runs_scenarios_per_profile() -> None:
    records = ({"id": "OB-N520", "passed": True}, {"id": "OB-B101", "passed": False})
    table = table_completable([Run("m", records)])
    rows = {row[0]: row for row in table.rows}
    names = [c.name for c in table.columns]
    assert rows["boards"][names.index("adapter")] == (0, 1)  # board tools are not in the adapter
    assert rows["boards"][names.index("full")] == (1, 1)
    assert rows["folders"][names.index("adapter")] == (1, 1)


def test_cli_json_has_every_table(dirs: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    assert main(["report", *map(str, dirs), "--format", "json", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert [r["label"] for r in data["runs"]] == [A, B]
    assert data["runs"][0]["errors"] == 1
    assert set(data["tables"]) == {
        "results", "category", "difficulty", "domains", "wilson", "jaccard", "completion",
        "partition", "repeated", "outcome", "buckets", "indicators", "tool_calls",
        "after_failure", "iterations", "completable", "pass_hat_k",
    }  # fmt: skip
    row = data["tables"]["results"]["rows"][0]
    assert row["Pass"] == {"k": 3, "n": 5, "pct": 60.0}
    assert row["Latency"] == 8.0


def test_cli_html_is_self_contained(dirs: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    assert main(["report", *map(str, dirs), "--format", "html", "--out", str(out)]) == 0
    page = out.read_text()
    assert page.startswith("<!DOCTYPE html>") and "Table 40: iteration distribution" in page
    assert not re.search(r"(src|href)=(?!\"data:|\"#)", page)  # nothing fetched
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    if plots_available():
        assert len(images) == 5
        assert all(base64.b64decode(i).startswith(b"\x89PNG") for i in images)
    else:
        assert not images and "Plots need matplotlib" in page


def test_cli_unknown_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path / "missing")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_cli_plots_without_matplotlib(
    dirs: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("emailbench_gym.report.plots.plots_available", lambda: False)
    assert main(["report", str(dirs[0]), "--plots", str(tmp_path / "png")]) == 2
    page = tmp_path / "r.html"
    assert main(["report", str(dirs[0]), "--format", "html", "--out", str(page)]) == 0
    assert "Plots need matplotlib" in page.read_text()


@pytest.mark.skipif(not plots_available(), reason="plots need matplotlib")
def test_cli_writes_png_plots(dirs: list[Path], tmp_path: Path) -> None:
    plots = tmp_path / "png"
    assert (
        main(["report", *map(str, dirs), "--plots", str(plots), "--out", str(tmp_path / "r")]) == 0
    )
    names = sorted(p.name for p in plots.iterdir())
    assert names == [
        "figure2_completion.png", "figure3_latency.png", "figure5_wilson.png",
        "figure6_categories.png", "figure7_domains.png",
    ]  # fmt: skip
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in plots.iterdir())
