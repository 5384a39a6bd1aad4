"""Task families: build the split manifests, and measure what the issue's figures need.

    PYTHONPATH=. python benchmarks/families.py manifests [--split dev] [--jobs 2]
    PYTHONPATH=. python benchmarks/families.py figures [--out /tmp/families-figures.json]
    PYTHONPATH=. python benchmarks/families.py runs runs/reference-heldout runs/random-heldout
    PYTHONPATH=. python benchmarks/families.py speed [--worlds 10] [--repeats 3]
    PYTHONPATH=. python benchmarks/families.py verify --split train [--out F]
    PYTHONPATH=. python benchmarks/families.py prune --split train --report F
    PYTHONPATH=. python benchmarks/families.py contamination

`manifests` fills every split with verified tasks (emailbench_gym/families/splits.py) in
a process pool and writes emailbench_gym/families/manifests/<split>.json. Results do not
depend on the pool: candidates are verified in batches and chosen in their fixed order.

`figures` prints (and writes as JSON) the families per category and domain, the tasks
and worlds per split, the drop rate per family, the reference pass rate and do-nothing
reward over served tasks, verified tasks per second next to `emailbench validate`'s
scenarios per second on the suite (the baseline, same run), the median
`gym.make("EmailBench-Train").reset()` next to `EmailBench-Test`'s (same run), template
and query diversity per family, the largest 8-gram overlap with the 206 test queries,
and heldout's mixes next to the suite's. `runs` reads `emailbench run` folders (the
reference and random agents over dev and heldout) and prints each one's pass rate, mean
paper score and mean progress reward (the env's default reward). `speed` measures
verification in CPU seconds (see `cmd_speed`). `verify` proves a shipped manifest's
tasks again under the grading of the code it runs on (see `cmd_verify`); `prune` takes
the tasks it found failing out of the manifest (see `cmd_prune`); `contamination` measures
every phrasing of every family's request against the test queries.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from emailbench_gym.families import FAMILIES, TaskKey
from emailbench_gym.families.splits import (
    HASH_CHARS,
    SPLIT_NAMES,
    SUITE_CELLS,
    Attempt,
    TaskManifest,
    attempt,
    build_manifest,
    family_versions,
    load_manifest,
    manifest_path,
    split_hash,
)
from emailbench_gym.families.verify import MUTANTS_PER_TASK


def _attempt(job: tuple[TaskKey, frozenset[str], int]) -> Attempt:
    key, taken, mutants = job
    return attempt(key, mutants, taken)


def cmd_manifests(args: argparse.Namespace) -> None:
    """Build split manifests; `--jobs 1` verifies in this process. The output is written
    after every cell (cells not built yet recorded as shortfall), so a build stopped early
    leaves the manifest of its first cells."""
    splits = [args.split] if args.split else list(SPLIT_NAMES)
    with ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else nullcontext() as pool:

        def run(jobs: list[tuple[TaskKey, frozenset[str]]]) -> list[Attempt]:
            batch = [(key, taken, args.mutants) for key, taken in jobs]
            return list(pool.map(_attempt, batch) if pool else map(_attempt, batch))

        for split in splits:
            start = time.perf_counter()
            categories = set(args.categories.split(",")) if args.categories else None
            out = Path(args.out) if args.out else manifest_path(split)
            out.parent.mkdir(parents=True, exist_ok=True)

            def save(manifest: TaskManifest, out: Path = out) -> None:
                partial = out.with_name(out.name + ".partial")
                partial.write_text(manifest.text(), encoding="utf-8")
                partial.replace(out)

            manifest = build_manifest(
                split,
                cells=[c for c in sorted(SUITE_CELLS) if c[0] in categories]
                if categories
                else None,
                per_scenario=args.per_scenario,
                mutants=args.mutants,
                run=run,
                progress=(lambda line: print(line, flush=True)),
                checkpoint=save,
            )
            save(manifest)
            tried = sum(a.tried for a in manifest.attempts.values())
            print(
                f"{split}: {manifest.count} tasks ({tried} candidates) in "
                f"{time.perf_counter() - start:.0f} s; shortfall {manifest.shortfall or 'none'}",
                flush=True,
            )


def _rehash(task_id: str) -> tuple[str, str]:
    from emailbench_gym.families.generate import generate, task_hash
    from emailbench_gym.families.worlds import built_world
    from emailbench_gym.worlds import world_ref

    key = TaskKey.parse(task_id)
    ref = world_ref(key.split, key.world)
    return task_id, task_hash(generate(key, built_world(ref.seed, ref.size)).scenario)


def cmd_rehash(args: argparse.Namespace) -> None:
    """Record new content hashes for a manifest's tasks when only the hash's serialisation
    changed (the tasks are made again from their family, world and seed; none is chosen
    anew and none re-verified: use `manifests` for that)."""
    manifest = load_manifest(args.split)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        found = dict(pool.map(_rehash, manifest.task_ids(), chunksize=16))
    tasks = {
        family: sorted(
            f"{world}:{seed}:{found[TaskKey(args.split, int(world), family, int(seed)).id][:HASH_CHARS]}"
            for world, seed, _old in (e.split(":") for e in entries)
        )
        for family, entries in manifest.tasks.items()
    }
    updated = manifest.model_copy(update={"tasks": tasks, "sha256": split_hash(tasks)})
    manifest_path(args.split).write_text(updated.text(), encoding="utf-8")
    print(f"{args.split}: {len(found)} tasks rehashed; split sha256 {updated.sha256}")


def cmd_merge(args: argparse.Namespace) -> None:
    """One split manifest from parts built over disjoint categories (`manifests --categories`).

    Cells of different categories never share families (fallbacks stay in the category),
    so parts merged in category order equal the manifest one process would build. A part
    built with fewer tasks per scenario than the others (an earlier, smaller build kept for
    categories a larger build did not reach) counts the difference as its cells' shortfall.
    """
    parts = [
        TaskManifest.model_validate_json(Path(p).read_text(encoding="utf-8")) for p in args.parts
    ]
    k = max(p.tasks_per_scenario for p in parts)
    first = next(p for p in parts if p.tasks_per_scenario == k)
    same = {(p.split, p.families_version, p.world_generator, p.mutants_per_task) for p in parts}
    if len(same) != 1:
        raise SystemExit(f"parts differ in split, versions or settings: {sorted(same)}")
    families = [f for p in parts for f in p.tasks]
    if len(families) != len(set(families)):
        raise SystemExit("parts share families: build them over disjoint categories")
    parts.sort(key=lambda p: min((FAMILIES[f].category for f in p.attempts), default=""))
    tasks = {f: e for p in parts for f, e in p.tasks.items()}
    tasks = dict(sorted(tasks.items()))
    merged = first.model_copy(
        update={
            "count": sum(len(v) for v in tasks.values()),
            "family_versions": family_versions(tasks),
            "sha256": split_hash(tasks),
            "tasks": tasks,
            "attempts": dict(sorted({f: a for p in parts for f, a in p.attempts.items()}.items())),
            "shortfall": {c: n for p in parts for c, n in _shortfall(p, k).items()},
            "dropped": [d for p in parts for d in p.dropped],
        }
    )
    manifest_path(first.split).write_text(merged.text(), encoding="utf-8")
    print(
        f"{first.split}: {merged.count} tasks from {len(parts)} parts; shortfall {merged.shortfall or 'none'}"
    )


def _shortfall(part: TaskManifest, k: int) -> dict[str, int]:
    """A part's shortfall at `k` tasks per scenario (it was built with `part.tasks_per_scenario`)."""
    found = dict(part.shortfall)
    if part.tasks_per_scenario < k:
        categories = {FAMILIES[f].category for f in part.attempts}
        for cell in sorted(SUITE_CELLS):
            if cell[0] in categories:
                name = "/".join(map(str, cell))
                extra = SUITE_CELLS[cell] * (k - part.tasks_per_scenario)
                found[name] = found.get(name, 0) + extra
    return found


def cmd_extract(args: argparse.Namespace) -> None:
    """A part of a shipped manifest: its families of the categories kept (to merge with parts
    rebuilt for the other categories, when only some families changed)."""
    manifest = load_manifest(args.split)
    dropped = set(args.without.split(","))
    keep = {f for f in {*manifest.tasks, *manifest.attempts} if FAMILIES[f].category not in dropped}
    tasks = {f: e for f, e in manifest.tasks.items() if f in keep}
    part = manifest.model_copy(
        update={
            "count": sum(len(v) for v in tasks.values()),
            "sha256": split_hash(tasks),
            "tasks": tasks,
            "family_versions": family_versions(tasks),
            "attempts": {f: a for f, a in manifest.attempts.items() if f in keep},
            "shortfall": {
                c: n for c, n in manifest.shortfall.items() if c.split("/")[0] not in dropped
            },
            "dropped": [d for d in manifest.dropped if TaskKey.parse(d[0]).family in keep],
        }
    )
    Path(args.out).write_text(part.text(), encoding="utf-8")
    print(f"{args.split}: {part.count} tasks kept outside {', '.join(sorted(dropped))}")


def _reverify(job: tuple[str, int]) -> tuple[str, str, str, float]:
    """One shipped task made and verified again: (id, outcome, first problem, CPU seconds)."""
    from emailbench_gym.families.generate import generate, task_hash
    from emailbench_gym.families.verify import verify
    from emailbench_gym.families.worlds import built_world
    from emailbench_gym.worlds import world_ref

    task_id, mutants = job
    key = TaskKey.parse(task_id)
    ref = world_ref(key.split, key.world)
    world = built_world(ref.seed, ref.size)  # world builds are not counted: once per world
    start = time.process_time()
    task = generate(key, world)
    digest = task_hash(task.scenario)[:HASH_CHARS]
    verdict = verify(task.scenario, mutants=mutants)
    seconds = time.process_time() - start
    if digest != _digests(key.split)[task_id]:
        return task_id, "changed", f"hash {digest} != manifest", seconds
    problem = verdict.problems[0][:300] if verdict.problems else ""
    return task_id, "verified" if verdict.passed else "failed", problem, seconds


_DIGESTS: dict[str, dict[str, str]] = {}


def _digests(split: str) -> dict[str, str]:
    if split not in _DIGESTS:
        _DIGESTS[split] = load_manifest(split).digests()
    return _DIGESTS[split]


def cmd_verify(args: argparse.Namespace) -> None:
    """Prove every task of a shipped manifest again (the manifest's mutants per task) under
    this code's grading: a manifest records what verified when it was built, and grading
    moves on. Prints the tasks that still verify, those that fail (with the first problem)
    and verified tasks per CPU second (worlds built beforehand, not counted)."""
    manifest = load_manifest(args.split)
    ids = manifest.task_ids()
    if args.categories:
        keep = set(args.categories.split(","))
        ids = [i for i in ids if FAMILIES[TaskKey.parse(i).family].category in keep]
    jobs = [(i, manifest.mutants_per_task) for i in ids]
    with ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else nullcontext() as pool:
        results = list(pool.map(_reverify, jobs, chunksize=8) if pool else map(_reverify, jobs))
    outcomes = Counter(outcome for _i, outcome, _p, _s in results)
    cpu = sum(s for *_rest, s in results)
    failed = [[i, outcome, p] for i, outcome, p, _s in results if outcome != "verified"]
    by_family = Counter(TaskKey.parse(i).family for i, _o, _p in failed)
    figures = {
        "split": args.split,
        "tasks": len(ids),
        "outcomes": dict(sorted(outcomes.items())),
        "cpu_seconds": round(cpu, 1),
        "verified_per_cpu_second": round(len(ids) / cpu, 2) if cpu else None,
        "failed_by_family": dict(by_family.most_common()),
        "failed": failed,
    }
    text = json.dumps(figures, indent=1)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")


def cmd_prune(args: argparse.Namespace) -> None:
    """Take out of a shipped manifest the tasks a `verify` run found failing (or changed):
    each becomes a drop of its family (with its problem) and a task short in its cell, so
    the manifest serves only tasks that verify under the current grading. For a split
    that must stay full (heldout), rebuild the categories instead (`manifests
    --categories`)."""
    report = json.loads(Path(args.report).read_text(encoding="utf-8"))
    manifest = load_manifest(args.split)
    if report["split"] != args.split:
        raise SystemExit(f"{args.report} is a verify report of {report['split']}, not {args.split}")
    failed = {task_id: problem for task_id, _outcome, problem in report["failed"]}
    tasks = {
        family: [
            e
            for e in entries
            if TaskKey(args.split, int(e.split(":")[0]), family, int(e.split(":")[1])).id
            not in failed
        ]
        for family, entries in manifest.tasks.items()
    }
    tasks = {f: e for f, e in tasks.items() if e}
    attempts = {f: a.model_copy() for f, a in manifest.attempts.items()}
    shortfall = dict(manifest.shortfall)
    for task_id in failed:
        family = FAMILIES[TaskKey.parse(task_id).family]
        stats = attempts[family.id]
        stats.served, stats.passed, stats.dropped = (
            stats.served - 1,
            stats.passed - 1,
            stats.dropped + 1,
        )
        labels = (family.category, family.difficulty, len(family.domains))
        if labels not in SUITE_CELLS:
            raise SystemExit(f"{task_id}: its family serves a fallback cell; rebuild instead")
        cell = "/".join(map(str, labels))
        shortfall[cell] = shortfall.get(cell, 0) + 1
    pruned = manifest.model_copy(
        update={
            "count": sum(len(v) for v in tasks.values()),
            "sha256": split_hash(tasks),
            "tasks": tasks,
            "family_versions": family_versions(tasks),
            "attempts": attempts,
            "shortfall": dict(sorted(shortfall.items())),
            "dropped": [*manifest.dropped, *([i, f"re-verify: {p}"] for i, p in failed.items())],
        }
    )
    manifest_path(args.split).write_text(pruned.text(), encoding="utf-8")
    print(f"{args.split}: {len(failed)} tasks taken out, {pruned.count} left")


def _ngrams(text: str, n: int) -> set[tuple[str, ...]]:
    import re

    words = re.findall(r"[a-z0-9']+", text.casefold())
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def cmd_contamination(args: argparse.Namespace) -> None:
    """The largest 8-gram overlap between any phrasing of each family's request (every
    template, alternative and slot form, as drawn for its tasks on the first `--worlds`
    train worlds with seeds 0 and 1) and the 206 test queries: shared with all of them
    together, and with the closest one (tests/test_families.py holds it at 2 or fewer)."""
    from emailbench_gym.families import NotApplicable
    from emailbench_gym.families.generate import generate
    from emailbench_gym.families.worlds import built_world
    from emailbench_gym.scenarios import load_all
    from emailbench_gym.worlds import world_ref

    suite = [(s.id, _ngrams(s.query, 8)) for s in load_all()]
    every = set().union(*(grams for _id, grams in suite))
    rows = {}
    for family_id in sorted(FAMILIES):
        phrasings: set[str] = set()
        for index in range(args.worlds):
            ref = world_ref("train", index)
            for seed in range(2):
                try:
                    task = generate(
                        TaskKey("train", index, family_id, seed), built_world(ref.seed, ref.size)
                    )
                except NotApplicable:
                    continue
                phrasings.update(task.phrasings())
        grams = set().union(set(), *(_ngrams(p, 8) for p in phrasings))
        closest = max(suite, key=lambda item: len(item[1] & grams))
        rows[family_id] = {
            "phrasings": len(phrasings),
            "shared_with_suite": len(grams & every),
            "closest": closest[0],
            "shared_with_closest": len(closest[1] & grams),
            "example": " ".join(min(grams & every)) if grams & every else "",
        }
    worst = max(rows.items(), key=lambda item: item[1]["shared_with_suite"])
    print(
        json.dumps(
            {
                "families": len(rows),
                "phrasings": sum(r["phrasings"] for r in rows.values()),
                "max_shared_8grams": worst[1]["shared_with_suite"],
                "worst_family": worst[0],
                "over_0": {f: r for f, r in sorted(rows.items()) if r["shared_with_suite"]},
            },
            indent=1,
        )
    )


def cmd_figures(args: argparse.Namespace) -> None:
    import gymnasium as gym

    import emailbench_gym
    from emailbench_gym.families.serve import load_task, split_task_ids
    from emailbench_gym.families.worlds import built_world
    from emailbench_gym.scenarios import load_all
    from emailbench_gym.worlds import world_ref

    figures: dict[str, Any] = {}
    by_category = Counter(f.category for f in FAMILIES.values())
    by_domain = Counter(d for f in FAMILIES.values() for d in f.domains)
    figures["families"] = len(FAMILIES)
    figures["families_per_category"] = dict(sorted(by_category.items()))
    figures["families_per_domain"] = dict(sorted(by_domain.items()))
    figures["families_per_work"] = dict(sorted(Counter(f.work for f in FAMILIES.values()).items()))
    splits: dict[str, Any] = {}
    drops: dict[str, dict[str, Any]] = defaultdict(dict)
    for split in SPLIT_NAMES:
        manifest = load_manifest(split)
        ids = manifest.task_ids()
        worlds = {TaskKey.parse(i).world for i in ids}
        splits[split] = {"tasks": len(ids), "worlds": len(worlds), "sha256": manifest.sha256}
        for family, stats in manifest.attempts.items():
            drops[family][split] = {
                **stats.model_dump(),
                "drop_rate": round(stats.drop_rate, 4),
            }
    figures["splits"] = splits
    figures["drops"] = drops

    # Diversity: templates and distinct queries per family over train; contamination.
    suite = load_all()
    suite_grams = set().union(*(_ngrams(s.query, 8) for s in suite))
    templates: dict[str, set[int]] = defaultdict(set)
    queries: dict[str, set[str]] = defaultdict(set)
    worst = (0, "", "")
    sample = split_task_ids("train")[:: max(1, len(split_task_ids("train")) // args.diversity)]
    from emailbench_gym.families.generate import generate

    for task_id in sample:
        key = TaskKey.parse(task_id)
        ref = world_ref(key.split, key.world)
        task = generate(key, built_world(ref.seed, ref.size))
        templates[key.family].add(task.template)
        queries[key.family].add(task.scenario.query)
        shared = _ngrams(task.scenario.query, 8) & suite_grams
        if len(shared) > worst[0]:
            worst = (len(shared), task_id, " ".join(next(iter(shared))))
    figures["diversity"] = {
        "sampled_tasks": len(sample),
        "templates_per_family": {f: len(v) for f, v in sorted(templates.items())},
        "distinct_queries_per_family": {f: len(v) for f, v in sorted(queries.items())},
        "max_8gram_overlap_with_test": {"shared": worst[0], "task": worst[1], "example": worst[2]},
    }

    # Mixes of heldout next to the suite's.
    heldout = [load_task(i) for i in split_task_ids("heldout")]

    def mix(items: list[Any]) -> dict[str, Any]:
        return {
            "category": dict(sorted(Counter(s.category for s in items).items())),
            "difficulty": dict(sorted(Counter(s.difficulty for s in items).items())),
            "domains": dict(sorted(Counter(len(s.domains) for s in items).items())),
            "reference_calls_median": statistics.median(len(s.solution.calls) for s in items),
            "reference_calls": dict(sorted(Counter(len(s.solution.calls) for s in items).items())),
        }

    figures["heldout_vs_suite"] = {"heldout": mix(heldout), "suite": mix(suite)}

    # Rewards over served dev tasks: reference, do-nothing, random (progress reward).
    from emailbench_gym.episode import Episode
    from emailbench_gym.grading.reward import progress

    gym.register_envs(emailbench_gym)
    dev = [
        load_task(i)
        for i in split_task_ids("dev")[:: max(1, len(split_task_ids("dev")) // args.rewards)]
    ]
    ref_pass, null_rewards = 0, []
    for scenario in dev:
        episode = Episode(scenario)
        _results, answer = episode.replay_reference()
        ref_pass += episode.grade(answer).passed
        episode.reset()
        null_rewards.append(progress(episode.grade("")))
    figures["rewards_dev_sample"] = {
        "tasks": len(dev),
        "reference_pass_rate": ref_pass / len(dev),
        "do_nothing_mean_progress": statistics.fmean(null_rewards),
    }

    # Speed: verified tasks per second (one process; generation included, worlds built
    # once), against validate's scenarios per second on the suite in the same run.
    from emailbench_gym.validation import validate

    train_ids = split_task_ids("train")
    keys = [TaskKey.parse(i) for i in train_ids[:: max(1, len(train_ids) // args.speed)]]
    for key in keys:  # worlds built beforehand: the figure is per task, not per world
        ref = world_ref(key.split, key.world)
        built_world(ref.seed, ref.size)
    start = time.perf_counter()
    outcomes = Counter(attempt(key).outcome for key in keys)
    seconds = time.perf_counter() - start
    baseline = suite[:: max(1, len(suite) // args.speed)]
    start = time.perf_counter()
    for scenario in baseline:
        validate(scenario)
    base_seconds = time.perf_counter() - start
    figures["verification_speed"] = {
        "tasks": len(keys),
        "seconds": round(seconds, 2),
        "verified_per_second": round(len(keys) / seconds, 2),
        "outcomes": dict(outcomes),
        "baseline_suite_validated_per_second": round(len(baseline) / base_seconds, 2),
        "ratio_to_baseline": round((len(keys) / seconds) / (len(baseline) / base_seconds), 3),
    }

    def reset_median(env_id: str) -> dict[str, float]:
        env = gym.make(env_id)
        env.reset(seed=0)  # the first reset builds what later ones reuse; not counted
        times = []
        for seed in range(1, args.resets + 1):
            start = time.perf_counter()
            env.reset(seed=seed)
            times.append(time.perf_counter() - start)
        return {"median": round(statistics.median(times), 4), "max": round(max(times), 4)}

    train_reset = reset_median("EmailBench-Train")
    test_reset = reset_median("EmailBench-Test")
    figures["reset_seconds"] = {
        "resets": args.resets,
        "train": train_reset,
        "test_baseline": test_reset,
        "ratio_median": round(train_reset["median"] / test_reset["median"], 2),
    }
    text = json.dumps(figures, indent=2)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")


def cmd_runs(args: argparse.Namespace) -> None:
    """Rewards of `emailbench run` folders: pass rate, mean paper score, mean progress reward."""
    from emailbench_gym.grading.grade import Grade
    from emailbench_gym.grading.reward import progress

    rows = {}
    for folder in args.folders:
        episodes = [
            json.loads(line)
            for line in (Path(folder) / "results.jsonl").read_text(encoding="utf-8").splitlines()
            if line.strip()
        ]
        graded = [e for e in episodes if e.get("grade")]
        rewards = [progress(Grade.model_validate(e["grade"])) for e in graded]
        rows[folder] = {
            "episodes": len(episodes),
            "pass_rate": round(sum(e["passed"] for e in graded) / len(graded), 4),
            "mean_score": round(statistics.fmean(e["score"] for e in graded), 4),
            "mean_progress_reward": round(statistics.fmean(rewards), 4),
            "errors": sum(e["status"] != "ok" for e in episodes),
        }
    print(json.dumps(rows, indent=2))


def _speed_once(worlds: int, mutants: int, baseline: int) -> dict[str, float]:
    """One measurement, in this process (`speed` runs each repeat in a fresh one)."""
    from emailbench_gym.families.worlds import built_world
    from emailbench_gym.scenarios import load_all
    from emailbench_gym.validation import validate
    from emailbench_gym.worlds import world_ref

    ids = load_manifest("train").task_ids()
    chosen = sorted({TaskKey.parse(i).world for i in ids})[:worlds]
    by_world: dict[int, list[TaskKey]] = defaultdict(list)
    for task_id in ids:
        key = TaskKey.parse(task_id)
        if key.world in chosen:
            by_world[key.world].append(key)
    start = time.process_time()
    for world in chosen:
        ref = world_ref("train", world)
        built_world(ref.seed, ref.size)
    world_seconds = time.process_time() - start
    start = time.process_time()
    for keys in by_world.values():  # the first task of a world pays its per-world caches
        attempt(keys[0], mutants)
    warm_seconds = time.process_time() - start
    timed = [key for keys in by_world.values() for key in keys[1:]]
    start = time.process_time()
    outcomes = Counter(attempt(key, mutants).outcome for key in timed)
    seconds = time.process_time() - start
    suite = load_all()
    scenarios = suite[:: max(1, len(suite) // baseline)]
    validate(scenarios[0])  # the shipped corpus's caches, once
    start = time.process_time()
    for scenario in scenarios[1:]:
        validate(scenario)
    base_seconds = time.process_time() - start
    return {
        "tasks": len(timed),
        "served": outcomes["served"],
        "cpu_seconds": seconds,
        "verified_per_cpu_second": len(timed) / seconds,
        "per_world_cpu_seconds": (world_seconds + warm_seconds) / len(chosen),
        "baseline_validated_per_cpu_second": (len(scenarios) - 1) / base_seconds,
    }


def cmd_speed(args: argparse.Namespace) -> None:
    """Verified tasks per CPU second: every shipped train task of the first `--worlds` worlds,
    made and verified with `--mutants` mutants (train's setting) after each world was built
    and its first task verified (per-world costs, reported apart: a build shares them among
    a world's ~80 tasks), next to `validate`'s scenarios per CPU second over suite
    scenarios (the baseline, same process). Each repeat runs in a fresh process; medians.
    CPU time (process_time), so other processes on a shared machine barely move it."""
    import subprocess

    runs = []
    for _ in range(args.repeats):
        out = subprocess.run(
            [
                sys.executable,
                __file__,
                "speed-once",
                str(args.worlds),
                str(args.mutants),
                str(args.baseline),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append(json.loads(out.stdout))
    figures = {key: round(statistics.median(r[key] for r in runs), 3) for key in runs[0]}
    figures["ratio_to_baseline"] = round(
        statistics.median(
            r["verified_per_cpu_second"] / r["baseline_validated_per_cpu_second"] for r in runs
        ),
        3,
    )
    figures["repeats"] = args.repeats
    figures["mutants"] = args.mutants
    print(json.dumps(figures, indent=2))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("manifests", help="build and write the split manifests")
    p.add_argument("--split", choices=SPLIT_NAMES)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument(
        "--mutants",
        type=int,
        default=MUTANTS_PER_TASK,
        help="audit mutants per task (recorded in the manifest)",
    )
    p.add_argument(
        "--per-scenario", type=int, help="tasks per suite scenario (default: the split's own)"
    )
    p.add_argument("--categories", help="only these categories' cells (comma-separated)")
    p.add_argument("--out", help="write here instead of the shipped manifest (a part)")
    p.set_defaults(func=cmd_manifests)
    p = sub.add_parser("rehash", help="record new content hashes (same tasks, not re-verified)")
    p.add_argument("--split", choices=SPLIT_NAMES, required=True)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.set_defaults(func=cmd_rehash)
    p = sub.add_parser("merge", help="merge part manifests built over disjoint categories")
    p.add_argument("parts", nargs="+")
    p.set_defaults(func=cmd_merge)
    p = sub.add_parser("extract", help="a shipped manifest without some categories (a part)")
    p.add_argument("--split", choices=SPLIT_NAMES, required=True)
    p.add_argument("--without", required=True, help="categories left out (comma-separated)")
    p.add_argument("--out", required=True)
    p.set_defaults(func=cmd_extract)
    p = sub.add_parser("contamination", help="8-gram overlap of every request phrasing with test")
    p.add_argument("--worlds", type=int, default=4, help="train worlds whose tasks are phrased")
    p.set_defaults(func=cmd_contamination)
    p = sub.add_parser("figures", help="print the families figures")
    p.add_argument("--out")
    p.add_argument("--diversity", type=int, default=2000, help="train tasks sampled for diversity")
    p.add_argument("--rewards", type=int, default=200, help="dev tasks sampled for rewards")
    p.add_argument(
        "--speed", type=int, default=100, help="train tasks verified for the speed figure"
    )
    p.add_argument("--resets", type=int, default=50)
    p.set_defaults(func=cmd_figures)
    p = sub.add_parser("runs", help="rewards of emailbench run folders (reference, random)")
    p.add_argument("folders", nargs="+")
    p.set_defaults(func=cmd_runs)
    p = sub.add_parser("speed", help="verified tasks per CPU second, against validate's")
    p.add_argument("--worlds", type=int, default=10, help="train worlds whose tasks are verified")
    p.add_argument("--mutants", type=int, default=8)
    p.add_argument("--baseline", type=int, default=40, help="suite scenarios validated")
    p.add_argument("--repeats", type=int, default=3)
    p.set_defaults(func=cmd_speed)
    p = sub.add_parser("verify", help="prove a shipped manifest's tasks again under this grading")
    p.add_argument("--split", choices=SPLIT_NAMES, required=True)
    p.add_argument("--categories", help="only these categories' tasks (comma-separated)")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", help="also write the result here (JSON)")
    p.set_defaults(func=cmd_verify)
    p = sub.add_parser("prune", help="take the tasks a verify run found failing out of a manifest")
    p.add_argument("--split", choices=SPLIT_NAMES, required=True)
    p.add_argument("--report", required=True, help="the JSON `verify --out` wrote")
    p.set_defaults(func=cmd_prune)
    p = sub.add_parser("speed-once", help=argparse.SUPPRESS)
    p.add_argument("worlds", type=int)
    p.add_argument("mutants", type=int)
    p.add_argument("baseline", type=int)
    p.set_defaults(func=lambda a: print(json.dumps(_speed_once(a.worlds, a.mutants, a.baseline))))
    args = parser.parse_args(argv)
    args.func(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
