"""The per-scenario view (`emailbench view`, the HTML report's grid and episodes), run metadata,
tokens and cost, figures' axes, and bad run folders, on runs made by `emailbench run`.

The reference agent passes every scenario and the random agent fails them all, so each check
below has both outcomes to show.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from emailbench_gym.catalog import suite_hash
from emailbench_gym.cli import main
from emailbench_gym.provenance import stamp
from emailbench_gym.report.cost import estimate, load_prices
from emailbench_gym.report.plots import plots_available
from emailbench_gym.report.runs import RunLoadError, read_run
from emailbench_gym.submission import EpisodeRecord

SCENARIOS = ["OB-G103", "OB-H313", "OB-P103"]


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("runs")
    ids = ",".join(SCENARIOS)
    for agent, profile in (("reference", "full"), ("random", "adapter")):
        out = root / agent
        code = main(["run", "--agent", agent, "--profile", profile, "--scenarios", ids,
                     "--out", str(out), "--quiet"])  # fmt: skip
        assert code == 0
    return {"ref": root / "reference", "rand": root / "random"}


def records(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (folder / "results.jsonl").read_text().splitlines()]


def copy_run(src: Path, dst: Path, keep: list[str] | None = None) -> Path:
    shutil.copytree(src, dst)
    if keep is not None:
        kept = [r for r in records(dst) if r["id"] in keep]
        (dst / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in kept))
    return dst


# --- emailbench view -----------------------------------------------------------------------


def test_view_summarises_the_run_with_its_metadata(runs: dict[str, Path], capsys) -> None:
    assert main(["view", str(runs["ref"])]) == 0
    out = capsys.readouterr().out
    assert "reference: 3/3 passed (100.0%)" in out
    for scenario in SCENARIOS:
        assert re.search(rf"{scenario} .* pass 1\.00", out)
    assert suite_hash()[:16] in out and re.search(r"Profile\s+full", out)
    seen = stamp()["commit"]  # what the run saw, shown as git's short form
    assert re.search(
        rf"Commit\s+{seen[:12] + '-dirty' * seen.endswith('-dirty') if seen else 'unknown'}", out
    )
    assert re.search(r"emailbench-gym\s+\d", out) and re.search(
        r"Sampling\s+provider defaults", out
    )
    assert re.search(r"Est\. cost\s+\$0\.0000 \(offline agent", out)


def test_view_of_an_episode_shows_failed_checks_and_the_trajectory(
    runs: dict[str, Path], capsys
) -> None:
    record = next(r for r in records(runs["rand"]) if r["id"] == "OB-P103")
    failed = [i for i in record["grade"]["items"] if i["outcome"] == "failed"]
    assert failed and record["calls"] > 0
    assert main(["view", str(runs["rand"]), "OB-P103", "--full"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # rich wraps long lines
    assert "OB-P103 repeat 0: fail" in out
    for item in failed:
        assert f"FAILED {item['id']}" in out
        assert f"expected: {json.dumps(item['expected'])}" in out
        assert f"found: {json.dumps(item['found'])}" in out
    for turn in record["trajectory"]:
        for call in turn["calls"]:
            assert f"-> {call['name']}({json.dumps(call['arguments'])})" in out
            assert " ".join(call["content"].split()) in out
    assert "Final answer " + record["final_answer"] in out


def test_view_filters(runs: dict[str, Path], capsys) -> None:
    assert main(["view", str(runs["rand"]), "--category", "contacts"]) == 0
    out = capsys.readouterr().out
    assert "OB-P103" in out and "OB-H313" not in out
    assert main(["view", str(runs["ref"]), "--failed"]) == 0
    assert "No scenario matches the filters" in capsys.readouterr().out
    assert main(["view", str(runs["ref"]), "--category", "nope"]) == 2
    assert "its categories: contacts, meeting-prep, messages-read" in capsys.readouterr().err
    assert main(["view", str(runs["ref"]), "OB-X999"]) == 2
    assert "has no episode of OB-X999; it has 3 scenarios" in capsys.readouterr().err


# --- the HTML report -----------------------------------------------------------------------


def test_html_report_has_the_grid_and_each_episode_once(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "report.html"
    assert main(["report", str(runs["ref"]), str(runs["rand"]), "--format", "html",
                 "--out", str(out)]) == 0  # fmt: skip
    page = out.read_text()
    grid = page[page.index('<h2 id="scenarios">') : page.index('<h2 id="episodes">')]
    for scenario in SCENARIOS:
        row = re.search(rf'<tr data-cat="[^"]+" data-failed="1" data-differs="1">'
                        rf'<td><a href="#s-{scenario}">.*?</tr>', grid)  # fmt: skip
        assert row, scenario
        assert f'href="#e0-{scenario}-0">pass 1.00' in row.group(0)
        assert re.search(rf'href="#e1-{scenario}-0">fail 0\.\d\d', row.group(0))
    # Every link has its target; each episode (and so its trajectory) is on the page once.
    for target in re.findall(r'href="#([^"]+)"', page):
        assert page.count(f'id="{target}"') == 1, target
    assert page.count('class="trajectory"') == 2 * len(SCENARIOS)
    # A section per scenario, holding each run's episode with its trajectory: all collapsed.
    assert page.count("<details") == len(SCENARIOS) * (1 + 2 * 2)
    assert "<details open" not in page
    options = re.findall(r'<option value="([^"]+)">', page)
    assert {"contacts", "meeting-prep", "messages-read", "failed", "differs"} <= set(options)
    # The random agent's failed checks with what was expected and found.
    record = next(r for r in records(runs["rand"]) if r["id"] == "OB-P103")
    for item in record["grade"]["items"]:
        if item["outcome"] == "failed":
            assert html.escape(json.dumps(item["expected"]), quote=False) in page
            assert html.escape(json.dumps(item["found"]), quote=False) in page
    for call in (c for t in record["trajectory"] for c in t["calls"]):
        assert page.count(html.escape(call["content"], quote=False)) == 1
    # Metadata of both runs.
    assert page.count(suite_hash()[:16]) >= 2 and "<td>Commit</td>" in page
    assert "tool profile (reference: full, random: adapter)" in page


def test_runs_over_different_scenarios_are_warned_about(
    runs: dict[str, Path], tmp_path: Path, capsys
) -> None:
    part = copy_run(runs["rand"], tmp_path / "part", keep=["OB-H313"])
    out = tmp_path / "r.json"
    assert main(["report", str(runs["ref"]), str(part), "--format", "json",
                 "--out", str(out)]) == 0  # fmt: skip
    warning = (
        "The runs cover different scenarios: 3 in all, 1 graded in every run; random lacks 2 "
        "(OB-G103, OB-P103)"
    )
    assert warning in capsys.readouterr().err
    report = json.loads(out.read_text())
    assert any(w.startswith(warning) for w in report["warnings"])
    assert [s["id"] for s in report["scenarios"]] == SCENARIOS
    assert report["scenarios"][0]["runs"][1] == []  # OB-G103: not in the second run
    for fmt in ("md", "html"):
        target = tmp_path / f"r.{fmt}"
        assert main(["report", str(runs["ref"]), str(part), "--format", fmt,
                     "--out", str(target)]) == 0  # fmt: skip
        assert warning in html.unescape(target.read_text())
    # The same scenarios in every run: no warning.
    capsys.readouterr()
    assert main(["report", str(runs["ref"]), str(runs["ref"])]) == 0
    assert "cover different scenarios" not in capsys.readouterr().err


def test_markdown_report_ends_with_the_scenario_grid(
    runs: dict[str, Path], tmp_path: Path, capsys
) -> None:
    part = copy_run(runs["rand"], tmp_path / "part", keep=["OB-H313"])
    repeated = records(part)[0] | {"repeat": 1, "passed": True, "score": 1.0}
    with (part / "results.jsonl").open("a") as file:  # a second repeat, which passed
        file.write(json.dumps(repeated) + "\n")
    assert main(["report", str(runs["ref"]), str(part)]) == 0
    text = capsys.readouterr().out
    grid = text[text.index("## Scenarios") :].splitlines()
    assert grid[4:6] == [
        "| Scenario | Category | Level | reference | random |",
        "|---|---|---|---|---|",
    ]
    rows = {line.split(" | ")[0].lstrip("| "): line for line in grid[6:] if line}
    assert list(rows) == SCENARIOS
    first = records(part)[0]
    assert rows["OB-H313"] == (
        f"| OB-H313 | {first['category']} | {first['difficulty']} | pass 1.00 | "
        f"fail {first['score']:.2f} / pass 1.00 |"
    )
    assert rows["OB-G103"].endswith("| pass 1.00 | not run |")
    assert "3 scenarios" in grid[2]


@pytest.mark.skipif(not plots_available(), reason="needs matplotlib")
@pytest.mark.parametrize("passed", [0, 1])
def test_figures_fit_the_page_and_rate_axes_stay_in_0_to_100(
    runs: dict[str, Path], passed: int
) -> None:
    from emailbench_gym.report.plots import FIGURES, WIDTH

    run = read_run(runs["ref" if passed else "rand"])
    assert {r["passed"] for r in run.records} == {bool(passed)}
    for stem, _caption, draw in FIGURES:
        figure = draw([run, run])
        assert figure.get_figwidth() == WIDTH, stem
        ax = figure.axes[0]
        rate_axis = ax.get_xlim() if stem in ("figure5_wilson", "figure6_categories",
                                              "figure7_domains") else ax.get_ylim()  # fmt: skip
        assert tuple(rate_axis) == (0, 100), stem
        assert min(ax.get_xlim()) >= 0 and min(ax.get_ylim()) >= -0.5, stem


@pytest.mark.skipif(not plots_available(), reason="needs matplotlib")
def test_the_category_figure_keeps_its_width_for_many_categories() -> None:
    from emailbench_gym.report.plots import WIDTH, figure_categories
    from emailbench_gym.report.runs import make_run

    many = [{"id": f"S{i}", "category": f"category-{i}", "passed": i % 2 == 0} for i in range(30)]
    runs = [make_run(f"run {k}", many) for k in range(3)]
    figure = figure_categories(runs)
    assert figure.get_figwidth() == WIDTH and figure.get_figheight() > 10


# --- tokens and cost -----------------------------------------------------------------------


def priced_run(folder: Path, model: str, tokens: tuple[int, int]) -> Path:
    """A one-episode run folder of `model` whose record used `tokens` (validated by the model)."""
    folder.mkdir()
    record = EpisodeRecord(
        id="OB-H313", model=model, repeat=0, status="ok", suite_hash=suite_hash(),
        passed=True, score=1.0, static_score=1.0, rubric_score=None, calls=0,
        failed_calls=0, latency=1.0, tokens={"input": tokens[0], "output": tokens[1]},
        final_answer="x", trajectory=[], grade=None, agent="openai_chat",
        category="messages-read", difficulty="D2", domains=["messages"], retained=True,
        iterations=1, terminated=True, truncated=False,
    )  # fmt: skip
    (folder / "results.jsonl").write_text(record.model_dump_json() + "\n")
    return folder


def test_cost_from_the_price_table_and_an_override(tmp_path: Path, capsys) -> None:
    run_dir = priced_run(tmp_path / "gpt", "openai:gpt-4o", (1_000_000, 100_000))
    meta = read_run(run_dir).meta
    assert meta is not None and (meta.input_tokens, meta.output_tokens) == (1_000_000, 100_000)
    assert estimate(meta, load_prices()).usd == pytest.approx(2.5 + 1.0)
    prices = tmp_path / "prices.toml"
    prices.write_text('[prices."openai:gpt-4o"]\ninput = 1.0\noutput = 2.0\n')
    assert estimate(meta, load_prices(prices)).usd == pytest.approx(1.0 + 0.2)
    assert main(["view", str(run_dir), "--prices", str(prices)]) == 0
    assert "$1.2000 ($1 in / $2 out per million tokens" in capsys.readouterr().out
    assert main(["report", str(run_dir), "--format", "json", "--prices", str(prices)]) == 0
    cost = json.loads(capsys.readouterr().out)["runs"][0]["cost"]
    assert cost["usd"] == pytest.approx(1.2)


def test_an_unknown_model_has_no_cost(tmp_path: Path, capsys) -> None:
    run_dir = priced_run(tmp_path / "local", "openai:my-local-model", (5000, 500))
    assert main(["report", str(run_dir)]) == 0
    out = capsys.readouterr().out
    assert "5,000 in / 500 out" in out
    assert "unknown: no price for openai:my-local-model (add it with --prices FILE)" in out
    assert "$" not in out.split("Est. cost")[1].split("\n")[0]


def test_a_model_served_elsewhere_under_a_priced_name_is_not_priced(tmp_path: Path, capsys) -> None:
    from tests.fakellm import FakeLLM, chat_text

    out = tmp_path / "local-gpt-4o"
    with FakeLLM(lambda request: chat_text("done")) as server:
        assert main(["run", "--model", "openai:gpt-4o", "--base-url", server.openai_base_url,
                     "--scenarios", "OB-H313", "--out", str(out), "--quiet"]) == 0  # fmt: skip
    where = server.url.removeprefix("http://")
    assert main(["report", str(out)]) == 0
    line = capsys.readouterr().out.split("Est. cost")[1].split("\n")[0]
    assert (
        f"unknown: served by a local server ({server.openai_base_url}/), not api.openai.com, "
        f'which the price of openai:gpt-4o is for (price it with --prices FILE: hosts = ["{where}"])'
    ) in line
    assert "$" not in line
    # Priced where an entry says it applies: that host, or anywhere.
    for hosts in (f'["{where}"]', '["api.openai.com", "*"]'):
        prices = tmp_path / "prices.toml"
        prices.write_text(f'[prices."openai:gpt-4o"]\ninput = 1.0\noutput = 2.0\nhosts = {hosts}\n')
        assert main(["report", str(out), "--format", "json", "--prices", str(prices)]) == 0
        cost = json.loads(capsys.readouterr().out)["runs"][0]["cost"]
        assert cost["usd"] == pytest.approx((11 * 1.0 + 7 * 2.0) / 1e6), hosts


@pytest.mark.parametrize(
    ("model", "base_url", "note"),
    [
        ("openai:gpt-4o", "https://api.openai.com/v1/", "$2.5 in / $10 out"),
        ("openai-responses:gpt-4o", "https://API.openai.com/v1", "$2.5 in / $10 out"),
        ("anthropic:claude-sonnet-4-20250514", "https://api.anthropic.com", "$3 in / $15 out"),
        ("openai:gpt-4o", None, "endpoint not recorded, taken as the price's"),
        ("openai:gpt-4o", "http://10.1.2.3:8000/v1", "unknown: served by a local server"),
        ("openai:gpt-4o", "http://localhost/v1", "unknown: served by a local server"),
        ("anthropic:claude-sonnet-4-20250514", "https://api.openai.com", "not api.anthropic.com"),
        ("openai:gpt-4o", "https://openrouter.ai/api/v1", "unknown: served by another endpoint"),
    ],
)
def test_vendor_prices_apply_only_at_the_vendors_api(
    model: str, base_url: str | None, note: str
) -> None:
    from emailbench_gym.report.runs import RunMeta

    meta = RunMeta(source="run.json", model=model, agent="openai_chat", base_url=base_url,
                   input_tokens=1_000_000, output_tokens=0)  # fmt: skip
    cost = estimate(meta, load_prices())
    assert note in cost.note
    assert (cost.usd is None) == note.startswith(("unknown", "not"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[prices", "not TOML"),
        ('[prices."m"]\ninput = -1\noutput = 1\n', "prices.m.input: Input should be greater"),
        ('[prices."m"]\ninput = 1\n', "prices.m.output: Field required"),
        ("price = 1\n", "price: Extra inputs are not permitted"),
        ('[prices."m"]\ninput = 1\noutput = 1\nhosts = []\n', "prices.m.hosts: List should"),
    ],
)
def test_a_bad_price_file_is_refused_with_what_is_accepted(
    runs: dict[str, Path], tmp_path: Path, capsys, text: str, message: str
) -> None:
    prices = tmp_path / "p.toml"
    prices.write_text(text)
    for command in ("report", "view"):
        assert main([command, str(runs["ref"]), "--prices", str(prices)]) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err
    assert main(["view", str(runs["ref"]), "--prices", str(tmp_path / "none.toml")]) == 2
    assert "none.toml: not readable" in capsys.readouterr().err


# --- bad input -----------------------------------------------------------------------------


def test_bad_run_folders_are_clear_errors(runs: dict[str, Path], tmp_path: Path, capsys) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    bad_config = copy_run(runs["ref"], tmp_path / "bad-config")
    (bad_config / "run.json").write_text("{not json")
    bad_field = copy_run(runs["ref"], tmp_path / "bad-field")
    lines = (bad_field / "results.jsonl").read_text().splitlines()
    broken = json.loads(lines[1])
    broken["score"] = 2
    lines[1] = json.dumps(broken)
    (bad_field / "results.jsonl").write_text("\n".join(lines) + "\n")
    garbage = copy_run(runs["ref"], tmp_path / "garbage")
    (garbage / "results.jsonl").write_text("\x00\x01 garbage\nmore garbage\n")
    bad_stamp = copy_run(runs["ref"], tmp_path / "bad-stamp")
    (bad_stamp / "run.json").unlink()
    (bad_stamp / "summary.json").write_text('{"run": {"max_turns": "many"}}')
    cases = {
        tmp_path / "missing": "no such folder",
        bad_stamp: "summary.json: max_turns: Input should be a valid integer",
        empty: "no results.jsonl",
        bad_config: "run.json: not readable JSON",
        bad_field: "results.jsonl line 2: score: Input should be less than or equal to 1",
        garbage: "no line is a record",
    }
    for folder, message in cases.items():
        for command in (["view", str(folder)], ["report", str(folder)]):
            assert main(command) == 2, (folder, command)
            err = capsys.readouterr().err
            assert message in err and "Traceback" not in err, (folder, err)


def test_a_torn_last_line_is_left_out_with_a_warning(
    runs: dict[str, Path], tmp_path: Path, capsys
) -> None:
    torn = copy_run(runs["rand"], tmp_path / "torn")
    with (torn / "results.jsonl").open("a") as handle:
        handle.write('{"id": "OB-X1", "model": "ran')
    with pytest.raises(RunLoadError):
        read_run(tmp_path / "nowhere")
    run = read_run(torn)
    assert len(run.episodes) == 3 and "line 4 is cut short" in run.warnings[0]
    assert main(["view", str(torn)]) == 0
    assert "line 4 is cut short" in " ".join(capsys.readouterr().out.split())
    assert main(["report", str(torn)]) == 0
    assert "line 4 is cut short" in capsys.readouterr().err


def test_a_folder_without_run_json_shows_what_its_records_tell(
    runs: dict[str, Path], tmp_path: Path, capsys
) -> None:
    bare = copy_run(runs["rand"], tmp_path / "bare")
    (bare / "run.json").unlink()
    (bare / "summary.json").unlink()
    meta = read_run(bare).meta
    assert meta is not None and meta.source == "the records (no run.json)"
    assert (meta.model, meta.suite_hash, meta.profile) == ("random", suite_hash(), None)
    assert main(["view", str(bare)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"Profile\s+unknown", out) and re.search(r"Sampling\s+unknown", out)
    assert re.search(r"Metadata from\s+the records \(no run.json\)", out)


def test_summary_json_sums_the_tokens_of_every_episode(tmp_path: Path) -> None:
    from emailbench_gym.runner import summarize

    gpt = priced_run(tmp_path / "gpt", "openai:gpt-4o", (1200, 30))
    [record] = records(gpt)
    errored = {**record, "id": "OB-G103", "status": "error", "passed": False,
               "tokens": {"input": 800, "output": 5}}  # fmt: skip
    superseded = {**record, "tokens": {"input": 999_999, "output": 999_999}}
    summary = summarize([superseded, record, errored])  # the last record of an episode counts
    assert (summary["input_tokens"], summary["output_tokens"]) == (2000, 35)
    meta = read_run(gpt).meta
    assert meta is not None and (meta.input_tokens, meta.output_tokens) == (1200, 30)


def test_unfinished_episodes_are_in_the_view_but_in_no_table(
    runs: dict[str, Path], tmp_path: Path, capsys
) -> None:
    folder = copy_run(runs["rand"], tmp_path / "errored")
    kept = records(folder)
    kept[0].update(status="error", error="APIStatusError: 529 overloaded", grade=None,
                   trajectory=None, trace_error="the trajectory could not be written: x")  # fmt: skip
    (folder / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in kept))
    run = read_run(folder)
    assert (run.errors, len(run.records), len(run.episodes)) == (1, 2, 3)
    assert main(["view", str(folder), kept[0]["id"]]) == 0
    out = capsys.readouterr().out
    assert f"{kept[0]['id']} repeat 0: error" in out
    assert "error: APIStatusError: 529 overloaded" in out
    assert "trace_error: the trajectory could not be written: x" in out
    page = tmp_path / "r.html"
    assert main(["report", str(folder), "--format", "html", "--out", str(page)]) == 0
    text = page.read_text()
    assert f'href="#e0-{kept[0]["id"]}-0">error</a>' in text
    assert '<p class="warn">APIStatusError: 529 overloaded</p>' in text
    assert "random: 1 error, 0 judge_error" in text  # every table's note


def test_a_run_offered_its_domains_tools_shows_it_in_the_profile(tmp_path: Path, capsys) -> None:
    out = tmp_path / "domains"
    code = main(["run", "--agent", "reference", "--profile", "full", "--tools", "domains",
                 "--scenarios", "OB-G103", "--out", str(out), "--quiet"])  # fmt: skip
    assert code == 0
    assert read_run(out).meta.profile == "full + domains"
    assert main(["view", str(out)]) == 0
    assert re.search(r"Profile\s+full \+ domains", capsys.readouterr().out)
