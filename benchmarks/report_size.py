"""The HTML report's size and render time for a 206-scenario x 3-run comparison.

The three runs are synthetic but built from real records: `emailbench run --agent
reference` over the whole suite gives every scenario's real trajectory (tool calls with
their real results) and grade; each run then passes a different share of scenarios
(failed episodes get their critical checks failed, with `found` values, and a lower score),
other token counts and latencies, and every record and run.json is validated with the
submission models (`EpisodeRecord`, `RunConfig`) before it is written. `--calls-factor`
repeats each trajectory's turns (the reference solves a scenario in fewer calls than a model
does), so the page's growth with trajectory length is measured too.

Reported, medians over `--repeats` renders (CPU time of this process): reading the three
folders, the tables, the figures, the HTML page; the page's size (and gzipped), split into
figures and the per-scenario part; and the Markdown report (the Runs table, the tables and
the scenario grid: no figures, no episodes) rendered in the same run as the baseline, with
its size.

    PYTHONPATH=. python benchmarks/report_size.py [--repeats 5] [--calls-factor 1 4]
        [--keep DIR]   # keep the run folders and report.html (for screenshots)
"""

from __future__ import annotations

import argparse
import copy
import gzip
import json
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from emailbench_gym.agents import make_agent_factory  # noqa: E402
from emailbench_gym.report.cost import load_prices  # noqa: E402
from emailbench_gym.report.html import render_html  # noqa: E402
from emailbench_gym.report.plots import draw_figures  # noqa: E402
from emailbench_gym.report.render import render_markdown  # noqa: E402
from emailbench_gym.report.runs import label_runs, read_run  # noqa: E402
from emailbench_gym.report.tables import build_report  # noqa: E402
from emailbench_gym.runfolder import CONFIG, RESULTS, SUMMARY, read_records  # noqa: E402
from emailbench_gym.runner import run, summarize  # noqa: E402
from emailbench_gym.scenarios import scenario_ids  # noqa: E402
from emailbench_gym.submission import EpisodeRecord, RunConfig  # noqa: E402

#: (model, pass probability, input tokens per turn, output tokens per turn, mean latency s)
RUNS = (
    ("openai:gpt-4o", 0.45, 4200, 180, 14.0),
    ("anthropic:claude-sonnet-4-20250514", 0.55, 5100, 260, 18.0),
    ("openai:gpt-4o-mini", 0.25, 3900, 150, 9.0),
)


def reference_records(out: Path) -> list[dict[str, Any]]:
    """Every scenario played by the reference agent (real trajectories and grades)."""
    ids = scenario_ids()
    run(make_agent_factory("reference"), ids, out, profile="full", progress=False)
    records = read_records(out / RESULTS)
    assert len(records) == len(ids) and all(r["status"] == "ok" for r in records)
    return records


def synthetic(
    source: dict[str, Any], model: str, rng: random.Random, spec: tuple, factor: int
) -> dict[str, Any]:
    """One episode of `model` derived from a reference record, validated by EpisodeRecord."""
    _, pass_rate, tokens_in, tokens_out, latency = spec
    record = copy.deepcopy(source)
    turns = []
    for _ in range(factor):
        turns += copy.deepcopy(source["trajectory"])
    for index, turn in enumerate(turns, 1):
        turn["iteration"] = index
        turn["tokens"] = {
            "input": int(tokens_in * rng.uniform(0.7, 1.3)) + 300 * index,
            "output": int(tokens_out * rng.uniform(0.5, 1.5)),
        }
        turn["text"] = "Let me check the mailbox for that." if turn["calls"] else ""
        turn["latency"] = rng.uniform(0.5, 3.0)
    passed = rng.random() < pass_rate
    grade = record["grade"]
    if not passed:
        for item in grade["items"]:
            if item["kind"] == "static" and item["critical"]:
                item["outcome"], item["score"] = "failed", 0.0
                item["found"] = {"not asserted": item.get("expected")}
                break
        statics = [i["score"] for i in grade["items"] if i["kind"] == "static"]
        grade["static_score"] = sum(statics) / len(statics) if statics else None
        grade["score"] = grade["static_score"] or 0.0
        grade["passed"] = False
    calls = [c for t in turns for c in t["calls"]]
    record.update(
        model=model,
        agent=model.split(":")[0].replace("-", "_"),
        passed=passed,
        score=grade["score"],
        static_score=grade["static_score"],
        calls=len(calls),
        failed_calls=sum(c["is_error"] for c in calls),
        iterations=len(turns),
        latency=latency * rng.uniform(0.3, 2.0),
        tokens={
            "input": sum(t["tokens"]["input"] for t in turns),
            "output": sum(t["tokens"]["output"] for t in turns),
        },
        trajectory=turns,
        grade=grade,
    )
    return EpisodeRecord.model_validate(record).model_dump(mode="json")


def write_runs(records: list[dict[str, Any]], root: Path, factor: int) -> list[Path]:
    """The three run folders (run.json, results.jsonl, summary.json)."""
    reference_config = json.loads((root / "reference" / CONFIG).read_text())
    folders = []
    for index, spec in enumerate(RUNS):
        model = spec[0]
        rng = random.Random(index)
        folder = root / f"x{factor}" / model.split(":")[1]
        folder.mkdir(parents=True)
        episodes = [synthetic(r, model, rng, spec, factor) for r in records]
        config = RunConfig.model_validate(
            {**reference_config, "model": model, "profile": "adapter",
             "request": {"temperature": 0.0}}
        ).model_dump(mode="json")  # fmt: skip
        (folder / CONFIG).write_text(json.dumps(config, indent=2) + "\n")
        (folder / RESULTS).write_text("".join(json.dumps(e) + "\n" for e in episodes))
        summary = {**summarize(episodes, model), "run": {**config, "finished": config["started"]}}
        (folder / SUMMARY).write_text(json.dumps(summary, indent=2) + "\n")
        folders.append(folder)
    return folders


def cpu(func: Any) -> tuple[float, Any]:
    began = time.process_time()
    value = func()
    return time.process_time() - began, value


def measure(folders: list[Path], repeats: int) -> dict[str, Any]:
    prices = load_prices()
    times: dict[str, list[float]] = {k: [] for k in ("read", "tables", "figures", "html", "md")}
    page = markdown = ""
    for _ in range(repeats):
        t, loaded = cpu(lambda: [read_run(f) for f in folders])
        times["read"].append(t)
        runs = label_runs(loaded, [f.name for f in folders])
        t, tables = cpu(lambda runs=runs: build_report(runs))
        times["tables"].append(t)
        t, figures = cpu(lambda runs=runs: draw_figures(runs))
        times["figures"].append(t)
        t, page = cpu(lambda r=runs, tb=tables, fg=figures: render_html(r, tb, fg, prices))
        times["html"].append(t)
        t, markdown = cpu(lambda r=runs, tb=tables: render_markdown(tb, r, prices))
        times["md"].append(t)
    medians = {k: statistics.median(v) for k, v in times.items()}
    size = len(page.encode())
    figures_size = sum(len(m) for m in re.findall(r"data:image/png;base64,([A-Za-z0-9+/=]+)", page))
    scenario_part = len(page[page.index('<h2 id="scenarios">') :].encode())
    return {
        **medians,
        "size": size,
        "gzip": len(gzip.compress(page.encode())),
        "scenario_part": scenario_part,
        "figures_size": figures_size,
        "page": page,
        "md_size": len(markdown.encode()),
        "episodes": sum(len(read_records(f / RESULTS)) for f in folders),
        "calls": sum(r["calls"] for f in folders for r in read_records(f / RESULTS)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--calls-factor", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--keep", type=Path, help="keep the run folders and report.html here")
    args = parser.parse_args()
    root = args.keep or Path(tempfile.mkdtemp(prefix="report-size-"))
    root.mkdir(parents=True, exist_ok=True)
    records = reference_records(root / "reference")
    print(f"{len(records)} scenarios x {len(RUNS)} runs, {args.repeats} renders each "
          "(medians, CPU seconds)")  # fmt: skip
    for factor in args.calls_factor:
        folders = write_runs(records, root, factor)
        m = measure(folders, args.repeats)
        (root / f"x{factor}" / "report.html").write_text(m["page"], encoding="utf-8")
        render = m["tables"] + m["figures"] + m["html"]
        print(
            f"calls x{factor}: {m['episodes']} episodes, {m['calls']} tool calls; "
            f"HTML {m['size'] / 1e6:.2f} MB ({m['gzip'] / 1e6:.2f} MB gzipped; figures "
            f"{m['figures_size'] / 1e6:.2f} MB, grid and episodes {m['scenario_part'] / 1e6:.2f} MB); read {m['read']:.2f} s, tables "
            f"{m['tables']:.2f} s, figures {m['figures']:.2f} s, HTML {m['html']:.2f} s "
            f"(read + render {m['read'] + render:.2f} s); Markdown baseline "
            f"{m['tables'] + m['md']:.2f} s (tables + md, {m['md_size'] / 1e3:.0f} kB), "
            "HTML/Markdown render "
            f"{render / (m['tables'] + m['md']):.1f}x"
        )
    print(f"folders and report.html in {root}")


if __name__ == "__main__":
    main()
