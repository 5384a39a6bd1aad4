"""Judge reliability figures (issue 11): fault modes through env.step, the cache, an outage.

Run: `PYTHONPATH=. python benchmarks/judge_reliability.py`. Everything is offline: the
judge is a loopback server (tests/fakellm.py) driven by the real openai SDK.

1. Each fault mode, through `env.step` of a real scenario with a critical rubric: the
   rubric's outcome, requests sent, wall time, exceptions out of `env.step`, silent
   passes (a rubric passed though the judge never gave a valid verdict).
2. The verdict cache: 8 threads x 1,000 judge calls on one key (plus a run where a
   ninth thread keeps deleting the entry, so reads race real rewrites): errors.
3. A judge outage during a run (the reference agent over 30 scenarios; the judge
   answers 503 to every verdict request for the first half of the run): episodes
   counted as model failures, then recovered by a rerun, and by `regrade`.
"""

from __future__ import annotations

import json
import sys
import tempfile
import threading
import time
from pathlib import Path

from emailbench_gym.agents import make_agent_factory
from emailbench_gym.env import EmailBenchEnv
from emailbench_gym.grading.evidence import Evidence
from emailbench_gym.grading.judge import make_judge
from emailbench_gym.runner import read_records, regrade_run, run
from emailbench_gym.scenarios import load_scenario, scenario_ids
from tests.fakellm import FakeLLM, Reply, chat_text, error, sequence

SCENARIO = "OB-N520"
VERDICT = chat_text(json.dumps({"score": 1, "reason": "criterion met"}))
EMPTY = {"id": "x", "object": "chat.completion", "created": 1, "model": "m", "choices": []}
FAULTS: dict[str, Reply] = {
    "timeout (judge waits 2 s per attempt)": Reply(body={}, delay=3.0),
    "429 without Retry-After": error(429),
    "429 with Retry-After: 2": Reply(
        status=429, body=error(429).body, headers={"retry-after": "2"}
    ),
    "429 with Retry-After: 3600": Reply(
        status=429, body=error(429).body, headers={"retry-after": "3600"}
    ),
    "500": error(500),
    "503": error(503),
    "400": error(400),
    "401": error(401),
    "403": error(403),
    "404": error(404),
    "HTML body (200)": Reply(
        raw=b"<!doctype html><title>Sign in</title>", content_type="text/html"
    ),
    "wrong shape (200)": Reply(body={"result": "yes"}),
    "empty choices": Reply(body=EMPTY),
    "garbage text": chat_text("Looks good to me!"),
    "out-of-range score (7)": chat_text(json.dumps({"score": 7, "reason": "great"})),
    "slow (1.5 s, within timeout)": Reply(body=VERDICT.body, delay=1.5),
}
JUDGE_OPTIONS = {"timeout": 2.0, "max_attempts": 4, "backoff": 0.5, "max_wait": 60.0}


def solve(env: EmailBenchEnv) -> dict:
    """The reference solution through env.step, then its answer; returns the final info."""
    from emailbench_gym.agents.reference import ReferenceAgent

    agent = ReferenceAgent()
    observation, info = env.reset(options={"scenario_id": SCENARIO})
    agent.start(observation, info)
    while True:
        observation, _reward, terminated, truncated, step = env.step(agent.act(observation))
        if terminated or truncated:
            return step


def fault_modes(cache: Path) -> bool:
    print(f"1. judge fault modes through env.step ({SCENARIO}, options {JUDGE_OPTIONS})")
    print(f"   {'fault':<38} {'outcome':<12} {'requests':>8} {'seconds':>8}  reason")
    silent = exceptions = 0
    for n, (name, reply) in enumerate(FAULTS.items()):
        with FakeLLM(sequence(reply)) as server:
            judge = make_judge(
                "openai:judge",
                base_url=server.openai_base_url,
                api_key="k",
                cache_dir=cache / f"faults-{n}",
                **JUDGE_OPTIONS,
            )
            env = EmailBenchEnv(SCENARIO, profile="full", judge=judge)
            began = time.perf_counter()
            try:
                info = solve(env)
            except Exception as exc:
                exceptions += 1
                print(f"   {name:<38} EXCEPTION {type(exc).__name__}: {exc}")
                continue
            seconds = time.perf_counter() - began
            requests = len(server.requests)
        rubrics = [i for i in info["grade"].items if i.kind == "rubric"]
        outcomes = sorted({i.outcome for i in rubrics})
        valid = name.startswith("slow")
        silent += sum(i.outcome == "passed" for i in rubrics) if not valid else 0
        reason = rubrics[0].reason.split(": ", 1)[-1][:70]
        print(f"   {name:<38} {','.join(outcomes):<12} {requests:>8} {seconds:>8.2f}  {reason}")
    print(f"   silent passes: {silent}; exceptions out of env.step: {exceptions}")
    return silent == 0 and exceptions == 0


def cache_stress(cache: Path, threads: int = 8, calls: int = 1000) -> bool:
    print(f"2. verdict cache: {threads} threads x {calls:,} judge calls on one key")
    evidence = Evidence("Who emailed me most?", "Louise Kitchen.")
    ok = True
    for churn in (False, True):
        errors: list[BaseException] = []
        stop = threading.Event()
        with FakeLLM(lambda r: VERDICT) as server:
            judge = make_judge(
                "openai:judge",
                base_url=server.openai_base_url,
                api_key="k",
                cache_dir=cache / f"stress-{churn}",
            )
            judge.judge("Names the top sender.", evidence)
            [entry] = list((cache / f"stress-{churn}").rglob("*.json"))

            def delete(stop=stop, entry=entry) -> None:
                while not stop.is_set():
                    entry.unlink(missing_ok=True)

            def work(judge=judge, errors=errors) -> None:
                try:
                    for _ in range(calls):
                        if judge.judge("Names the top sender.", evidence).score != 1.0:
                            raise AssertionError("wrong verdict")
                except BaseException as exc:
                    errors.append(exc)

            workers = [threading.Thread(target=work) for _ in range(threads)]
            deleter = threading.Thread(target=delete)
            began = time.perf_counter()
            if churn:
                deleter.start()
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join()
            stop.set()
            if churn:
                deleter.join()
            seconds = time.perf_counter() - began
            label = "with a thread deleting the entry" if churn else "plain"
            print(
                f"   {label:<34} errors {len(errors)}, requests to the judge "
                f"{len(server.requests) - 1:,}, {seconds:.2f} s"
            )
            ok = ok and not errors
    return ok


class Outage:
    """Every verdict request gets 503 while `down`; the start-up check passes."""

    def __init__(self) -> None:
        self.down = True

    def __call__(self, request) -> Reply:
        if self.down and "RUBRIC CRITERION" in request.body["messages"][-1]["content"]:
            return error(503)
        return VERDICT


def outage(root: Path, count: int = 30) -> bool:
    ids = [i for i in scenario_ids() if load_scenario(i).rubrics][:count]
    print(f"3. a judge outage during a run: reference agent, {len(ids)} scenarios")
    factory = make_agent_factory("reference")
    results = {}
    for recovery in ("rerun", "regrade"):
        out = root / f"outage-{recovery}"
        responder = Outage()
        with FakeLLM(responder) as server:

            def judge(recovery=recovery, server=server):
                return make_judge(
                    "openai:judge",
                    base_url=server.openai_base_url,
                    api_key="k",
                    cache_dir=root / f"cache-{recovery}",
                    max_attempts=2,
                    backoff=0.01,
                )

            def recover_halfway(record, responder=responder, state={"n": 0}):  # noqa: B006
                state["n"] += 1
                if state["n"] == len(ids) // 2:
                    responder.down = False  # the judge comes back halfway through

            run(factory, ids, out, profile="full", judge=judge(), on_record=recover_halfway)
            first = read_records(out / "results.jsonl")
            judge_errors = sum(r["status"] == "judge_error" for r in first)
            as_failures = sum(
                r["status"] == "ok"
                and any(i["outcome"] == "judge_error" for i in r["grade"]["items"])
                for r in first
            )
            if recovery == "rerun":
                summary = run(factory, ids, out, profile="full", judge=judge())
            else:
                summary = regrade_run(out, judge=judge())
            final = read_records(out / "results.jsonl")
        results[recovery] = summary
        print(
            f"   during the outage: {judge_errors} judge_error, {as_failures} counted as model "
            f"failures; after {recovery}: {summary['episodes']} graded, "
            f"{summary['passed']} passed, {summary['judge_errors']} judge_error, "
            f"{len(final)} records for {len(ids)} episodes"
        )
        if as_failures or summary["judge_errors"] or len(final) != len(ids):
            return False
    return results["rerun"]["passed"] == results["regrade"]["passed"] == len(ids)


def main() -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        checks = [fault_modes(root / "cache"), cache_stress(root / "cache"), outage(root)]
    print("PASS" if all(checks) else "MISS", checks)
    return all(checks)


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
