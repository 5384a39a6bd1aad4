"""Grade outcomes of every answer the checks are tested with, for a before/after comparison (issue 11).

Run: `PYTHONHASHSEED=0 PYTHONPATH=. python benchmarks/grading_equivalence.py OUT [--jobs 2]
[--from N]` (N: skip the first N scenarios, to split a run),
once on each revision, then `cmp` the two files. For each scenario with an answer check, its
reference episode is played and graded with its reference answer, each calibration answer
(on the solver's own calls where it gives them), the kitchen-sink answer and every answer
mutant of the audit (of the reference and of the calibration answers, on the reference's
calls). One line per grade: the scenario, what was graded, and the whole grade as JSON
(every item's outcome, score, found value and reason), so a speed-up that changes any
outcome or what a check reports shows as a difference.
"""

from __future__ import annotations

import argparse
import json
from multiprocessing import Pool

from emailbench_gym.audit import calibration_mutants, mutants_of, reference_of
from emailbench_gym.episode import Episode
from emailbench_gym.grading.checks import ANSWER_TYPES
from emailbench_gym.scenarios import load_all, load_scenario, resolve_refs
from emailbench_gym.validation import kitchen_sink_answer


def _lines(scenario_id: str) -> list[str]:
    scenario = load_scenario(scenario_id)
    episode = Episode(scenario)
    reference = reference_of(scenario, episode)
    same = tuple(reference.calls)
    answers = [("reference", reference.answer or ""), ("sink", kitchen_sink_answer(episode))]
    answers += [
        (f"calibration{n}", sample.answer)
        for n, sample in enumerate(scenario.calibration)
        if sample.calls is None
    ]
    mutants = mutants_of(scenario, episode, reference)
    mutants += calibration_mutants(scenario, episode, reference)
    answers += [(m.id, m.answer) for m in mutants if tuple(m.calls) == same]
    out = [
        json.dumps([scenario_id, label, episode.grade(answer).model_dump(mode="json")])
        for label, answer in answers
    ]
    for n, sample in enumerate(scenario.calibration):
        if sample.calls is None:
            continue
        episode.reset()
        results: list = []
        for call in sample.calls:
            result, _ = episode.call(call.name, resolve_refs(call.arguments, results))
            results.append(result)
        grade = episode.grade(sample.answer).model_dump(mode="json")
        out.append(json.dumps([scenario_id, f"calibration{n}", grade]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--from", dest="first", type=int, default=0, help="skip the first N")
    args = parser.parse_args()
    ids = [s.id for s in load_all() if any(a.type in ANSWER_TYPES for a in s.assertions)]
    ids = ids[args.first :]
    grades = 0
    with Pool(args.jobs) as pool, open(args.out, "w") as out:
        for lines in pool.imap(_lines, ids):  # in order, written as they come: a run cut
            out.writelines(line + "\n" for line in lines)  # short is a prefix of a full one
            out.flush()
            grades += len(lines)
    print(f"{len(ids)} scenarios, {grades} grades -> {args.out}")


if __name__ == "__main__":
    main()
