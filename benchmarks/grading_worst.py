"""Worst-case static grading (issue 11): every scenario graded on the largest inputs accepted.

Run: `PYTHONPATH=. python benchmarks/grading_worst.py [--repeat 3] [IDS...]`. Each scenario's
reference episode is played, then graded (CPU time, median of `--repeat`) with its reference
answer (the baseline, same run) and with final answers of `MAX_ANSWER_CHARS` characters (the
most the claim reader reads; longer ones fail as too long) in shapes that stress each part of
the reader: the reference answer and every entity name of the workspace repeated (`names`),
the names and values run together in one sentence (`one-line`), each under its own header line
(`headers`), behind negations, hedges and pronouns (`cues`), inside one long parenthetical
(`aside`) and as table rows (`table`), and the densest texts for the value recognizers and the
self-correction reader: `MAX_ANSWER_VALUES` values (the most a text may hold and still be read:
numbers, then the names (`numbers`); the values of `one-line` (`values`); number words and
"a"s, then the names (`words-at-cap`)), about 2,700 numbers (`numbers-over`) and 8,000 characters
of number words (`words`), which fail unread as too dense, and "make that ... instead" over and
over (`corrections`). Each shape's line says how many of its grades read nothing (`unread`). Every shape is graded after a sent message with the
largest body (`WRITTEN_CHARS`, built the same way) and a signature of `SIGNATURE_CHARS` were added
to the episode, so body claims and setting checks read the largest inputs too. Each grade reads
its answer afresh (the per-scenario analysis cache is bypassed by a distinct answer per run).
A final answer has no size limit of its own, so one of `OVER_CHARS` (over the limit: it fails
unread) is graded too (`over`).
Prints the median and slowest grade per shape, the slowest single grade (the most of any
repeat: where a garbage-collector pause lands, which the medians hide), the slowest scenarios
and their ratio to the reference answer's grade. `--freeze` runs `gc.collect(); gc.freeze()`
once each scenario's grading context is built, on top of the product's own `gc.freeze()` as a
context is built (`grading.context.freeze_long_lived`, which skips the full collection).
"""

from __future__ import annotations

import argparse
import gc
import re
import statistics
import time
from collections.abc import Callable
from datetime import date

from emailbench_gym.api.limits import SIGNATURE_CHARS, WRITTEN_CHARS
from emailbench_gym.episode import Episode
from emailbench_gym.grading.claims.analysis import MAX_ANSWER_CHARS, MAX_ANSWER_VALUES
from emailbench_gym.grading.claims.text import normalize
from emailbench_gym.grading.claims.values import find_values
from emailbench_gym.scenarios import Scenario, load_all, resolve_refs
from emailbench_gym.validation import kitchen_sink_answer

#: Characters kept free at the end of each answer for the run's distinct suffix.
_SUFFIX = 8
#: An answer far over the limit (a final answer is any text the agent ends with).
OVER_CHARS = 1_000_000


def _repeat_to(pieces: list[str], separator: str, chars: int) -> str:
    out: list[str] = []
    size = 0
    while size < chars:
        for piece in pieces:
            out.append(piece)
            size += len(piece) + len(separator)
            if size >= chars:
                break
    return separator.join(out)[:chars]


def _values_in(text: str) -> int:
    return len(find_values(normalize(text), date(2001, 10, 1)))


def _at_cap(pieces: list[str], filler: str, chars: int) -> str:
    """As many of `pieces` (cycled) as keep the text at MAX_ANSWER_VALUES values with the run's
    distinct suffix (one number more), then `filler` up to `chars`: the densest text that is
    still read (a value more and it fails unread as too dense)."""
    filler = re.sub(r"\d+", "", filler)

    def built(count: int) -> str:
        head = " ".join(pieces[i % len(pieces)] for i in range(count))
        return (head + "\n" + filler)[: chars - _SUFFIX]

    low, high = 0, chars // 2
    while low < high:  # the most pieces whose text (and suffix) holds at most the cap
        middle = (low + high + 1) // 2
        if _values_in(built(middle) + " 1234567") <= MAX_ANSWER_VALUES:
            low = middle
        else:
            high = middle - 1
    return built(low)


def shapes(reference: str, names: list[str]) -> dict[str, Callable[[int], str]]:
    """Answer shapes of `chars` characters built from the reference answer and every name."""
    values = ["3", "45%", "$1.2 million", "2h 30m", "10:30 am", "8 June", "17"]
    mixed = [f"{n} {values[i % len(values)]}" for i, n in enumerate(names)]
    dense = [str(n * 7 % 97) for n in range(97)]
    words = ["a", "twelve", "half an hour", "by about", "3"]
    plain = next((n for n in names if not any(c.isdigit() for c in n)), "Nothing")
    cues = ["not", "maybe", "they", "except", "possibly", "none of them", "it", "excluded"]
    return {
        "names": lambda c: _repeat_to([reference, *names], "\n", c),
        "one-line": lambda c: _repeat_to(mixed, " and ", c),
        "headers": lambda c: _repeat_to(
            [f"{n}:\n{v}" for n, v in zip(names, mixed, strict=True)], "\n", c
        ),
        "cues": lambda c: _repeat_to(
            [f"{cues[i % len(cues)]} {m}" for i, m in enumerate(mixed)], ", ", c
        ),
        "aside": lambda c: "(" + _repeat_to([f"not {m}" for m in mixed], " ", c - 2) + ")",
        "numbers": lambda c: _at_cap(dense, _repeat_to([reference, *names], "\n", c), c),
        "values": lambda c: _at_cap(values, _repeat_to(mixed, " and ", c), c),
        "words-at-cap": lambda c: _at_cap(words, _repeat_to([reference, *names], "\n", c), c),
        "numbers-over": lambda c: _repeat_to(dense, " ", c),
        "words": lambda c: _repeat_to(words, " ", c),
        "corrections": lambda c: _repeat_to(["make that", plain, "instead"], " ", c),
        "table": lambda c: (
            "| item | no | value |\n"
            + _repeat_to(
                [f"| {n} | no | {v} |" for n, v in zip(names, values * len(names), strict=False)],
                "\n",
                c,
            )
        ),
    }


def _play(scenario: Scenario) -> Episode:
    episode = Episode(scenario)
    results: list = []
    for call in scenario.solution.calls:
        result, _ = episode.call(call.name, resolve_refs(call.arguments, results))
        results.append(result)
    return episode


def _cpu(grade: Callable[[str], object], answers: list[str], single: list[float]) -> float:
    """The median CPU time of grading each answer; the slowest one is added to `single`."""
    times = []
    for answer in answers:
        start = time.process_time()
        grade(answer)
        times.append(time.process_time() - start)
    single.append(max(times))
    return statistics.median(times)


def _distinct(text: str, repeat: int) -> list[str]:
    return [text[: MAX_ANSWER_CHARS - _SUFFIX] + f" {n:>{_SUFFIX - 1}}" for n in range(repeat)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--freeze", action="store_true", help="gc.freeze() once each grading context is built"
    )
    parser.add_argument("ids", nargs="*")
    args = parser.parse_args()
    rows: dict[str, list[tuple[float, str]]] = {}
    unread: dict[str, int] = {}
    baseline: dict[str, float] = {}
    single: list[float] = []  # the slowest repeat of every (scenario, shape)
    for scenario in load_all():
        if args.ids and scenario.id not in args.ids:
            continue
        episode = _play(scenario)
        reference = scenario.solution.answer or ""
        episode.grade(reference)  # builds the scenario's grading context once (cached)
        if args.freeze:
            gc.collect()
            gc.freeze()
        baseline[scenario.id] = _cpu(episode.grade, [reference] * args.repeat, [])
        names = sorted(set(kitchen_sink_answer(episode).splitlines())) or ["Nothing"]
        built = shapes(reference, names)
        episode.call(
            "messages_send",
            {
                "subject": "Long note",
                "body": built["one-line"](WRITTEN_CHARS),
                "toRecipients": [episode.initial.me.mail],
            },
        )
        episode.call("settings_setSignature", {"signature": built["names"](SIGNATURE_CHARS)})
        for shape, build in built.items():
            answers = _distinct(build(MAX_ANSWER_CHARS), args.repeat)
            rows.setdefault(shape, []).append((_cpu(episode.grade, answers, single), scenario.id))
            read = [episode.context.analyse(a).unread for a in answers]  # cached by the grades
            unread[shape] = unread.get(shape, 0) + sum(1 for reason in read if reason)
        over = [built["names"](OVER_CHARS) + f" {n}" for n in range(args.repeat)]
        rows.setdefault("over", []).append((_cpu(episode.grade, over, single), scenario.id))
        unread["over"] = unread.get("over", 0) + len(over)
    print(
        f"{len(baseline)} scenarios; answers of {MAX_ANSWER_CHARS:,} chars (over: {OVER_CHARS:,}), "
        f"a sent body of {WRITTEN_CHARS:,} chars, a signature of {SIGNATURE_CHARS:,}; CPU ms, "
        f"median of {args.repeat}; freeze: {'per context' if args.freeze else 'none'}"
    )
    print(f"reference answers: median {statistics.median(baseline.values()) * 1e3:.2f} ms")
    slowest: list[tuple[float, str, str]] = []
    for shape, found in rows.items():
        found.sort(reverse=True)
        times = [t for t, _ in found]
        print(
            f"{shape:>12}: median {statistics.median(times) * 1e3:6.1f} ms, "
            f"slowest {found[0][0] * 1e3:6.1f} ms ({found[0][1]}), "
            f"unread {unread[shape]}/{len(found) * args.repeat}"
        )
        slowest.extend((t, sid, shape) for t, sid in found[:3])
    print(
        f"slowest single grade (any repeat): {max(single) * 1e3:.1f} ms; "
        f"{sum(t > 0.05 for t in single)} of {len(single)} shapes' slowest repeats over 50 ms"
    )
    print("slowest grades:")
    for spent, sid, shape in sorted(slowest, reverse=True)[:8]:
        ratio = spent / baseline[sid] if baseline[sid] else float("inf")
        print(f"  {sid} {shape}: {spent * 1e3:.1f} ms ({ratio:.0f}x its reference answer)")


if __name__ == "__main__":
    main()
