"""Run-folder reliability figures (issue 11): kill -9 and resume, two runners on one folder.

Run: `PYTHONPATH=. python benchmarks/run_folder_reliability.py [CYCLES]` (default 20).

1. `emailbench run --agent reference` over the suite with 2 repeats is killed with
   SIGKILL CYCLES times, each at a random moment after that resume wrote its first record, each time resumed by the same command;
   a last resume finishes it. Counted: lost episodes (an (id, repeat) missing at the
   end), duplicated ones (two records of one episode), torn lines (not valid JSON),
   and episodes whose record changed between the cycles it survived.
2. Two `emailbench run` processes started together on one --out: how many were
   refused (exit 2 with the lock message) and records against episodes.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from emailbench_gym.scenarios import scenario_ids

REPEATS = 2


def command(out: Path) -> list[str]:
    return [sys.executable, "-m", "emailbench_gym.cli", "run", "--agent", "reference",
            "--repeats", str(REPEATS), "--out", str(out), "--quiet"]  # fmt: skip


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def kill_cycles(root: Path, cycles: int, rng: random.Random) -> bool:
    out = root / "killed"
    results = out / "results.jsonl"
    expected = {(i, k) for i in scenario_ids() for k in range(REPEATS)}
    seen: dict[tuple[str, int], str] = {}
    changed = kills = 0
    for _ in range(cycles):
        process = subprocess.Popen(command(out), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        before = len(lines_of(results))
        while process.poll() is None and len(lines_of(results)) <= before:
            time.sleep(0.01)  # wait for this resume's first record, then kill mid-run
        time.sleep(rng.uniform(0.0, 0.3))
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
            kills += 1
        process.communicate()
        for line in lines_of(results):
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue  # a torn last line: dropped by the next resume
            key = (record["id"], record["repeat"])
            text = json.dumps(record, sort_keys=True)
            if key in seen and seen[key] != text:
                changed += 1
            seen[key] = text
    saved_by_cycles = len(seen)
    final = subprocess.run(command(out), capture_output=True, text=True)
    torn = 0
    keys = []
    for line in lines_of(results):
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            torn += 1
            continue
        keys.append((record["id"], record["repeat"]))
    lost = len(expected - set(keys))
    duplicated = len(keys) - len(set(keys))
    print(
        f"1. {kills} kill -9 + resume cycles (of {cycles} started; the rest finished first), "
        f"saving {saved_by_cycles} episodes between kills, then a last resume (exit "
        f"{final.returncode}): {len(expected)} episodes expected, "
        f"{len(keys)} records; lost {lost}, duplicated {duplicated}, torn {torn}, "
        f"records changed after they were written {changed}"
    )
    return final.returncode == 0 and lost == duplicated == torn == changed == 0


def two_runners(root: Path) -> bool:
    out = root / "shared"
    first = subprocess.Popen(
        command(out), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    while not (out / "run.lock").exists():
        time.sleep(0.01)
    second = subprocess.Popen(
        command(out), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    outputs = [p.communicate() for p in (first, second)]
    codes = [first.returncode, second.returncode]
    refused = sum("another emailbench process is writing" in err for _out, err in outputs)
    records = len(lines_of(out / "results.jsonl"))
    expected = len(scenario_ids()) * REPEATS
    print(
        f"2. two runners on one folder: exit codes {codes}, refused {refused}, "
        f"{records} records for {expected} episodes"
    )
    return sorted(codes) == [0, 2] and refused == 1 and records == expected


def main() -> bool:
    cycles = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as tmp:
        checks = [kill_cycles(Path(tmp), cycles, rng), two_runners(Path(tmp))]
    print("PASS" if all(checks) else "MISS", checks)
    return all(checks)


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
