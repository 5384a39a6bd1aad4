"""Do two checkouts answer the same over one corpus? Searches and grades, compared exactly.

Run: `PYTHONPATH=. python benchmarks/same_answers.py CORPUS --tree OTHER_CHECKOUT [--fts]
[--other-corpus FILE]`, CORPUS a corpus folder, a compiled corpus file or `shipped`
(`--other-corpus`: the same corpus as the other trees read it, e.g. compiled by them, so each
reads the entity universe it stored). Each tree (this one first), in its own fresh process,
answers:

- `messages_search` for 700 queries (every letter and digit, 90 two-letter and 60 random
  three-letter prefixes, hand-picked ones, and generated words, prefixes, pairs and triples
  of the shipped corpus's words, some with words no message has): ids in order and totals of
  the first 100 and of the second page of 3, on a pristine workspace and after five writes;
- every scenario's grade (the whole `Grade`, every item) of its reference end state with its
  reference answer, graded twice (the second from the cached context), and of an untouched
  episode with an empty answer.

Prints, per part, how many answers differ between each tree and the first (and the first few
that do); exits 1 if any do. `--fts` searches a small corpus through FTS5, as a large one is.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.common import run_in_tree

_ANSWER = r"""
import json, random, sys
from emailbench_gym.corpus import load_corpus
from emailbench_gym.episode import Episode
from emailbench_gym.scenarios import load_all
from emailbench_gym.store import database
from emailbench_gym.store.search import message_search_text, words
from emailbench_gym.workspace import Workspace

source, fts = sys.argv[1], sys.argv[2] == "1"
if fts:
    database.SCAN_SEARCH_BELOW = 0
corpus = load_corpus(None if source == "shipped" else source)
vocabulary = sorted(
    {w for m in load_corpus().store.in_order() for w in words(message_search_text(m))}
)
rng = random.Random(14)
alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
queries = ["v e comments", "a b", "th", "enron", "collateral", "Raptor", "jeff skilling", "zz",
           "é", "ü", "_", "20", "200", *alphabet]
queries += [a + b for a in "aeiostcmpr" for b in "aeiotnrhs"]
queries += ["".join(rng.choice(alphabet) for _ in range(3)) for _ in range(60)]
while len(queries) < 700:
    picked = [rng.choice(vocabulary) for _ in range(rng.choice((1, 1, 2, 3)))]
    picked = [w[: rng.randint(1, 6)] if rng.random() < 0.6 else w for w in picked]
    if rng.random() < 0.1:
        picked.append(rng.choice(["zzqx", "ünïcødé", "x" * 40, "_", "0", "é"]))
    text = rng.choice([" ", ", ", " - ", "/"]).join(picked)
    queries.append(text.upper() if rng.random() < 0.2 else text)


def searched(ws):
    out = {}
    for query in queries:
        first = ws.call("messages_search", query=query, top=100)
        later = ws.call("messages_search", query=query, top=3, skip=3)
        out[query] = [[m["id"] for m in first["items"]], first["total"],
                      [m["id"] for m in later["items"]], later["total"]]
    return out


ws = Workspace(corpus)
answers = {"search, pristine": searched(ws)}
ws.call("messages_move", id="msg-001", destinationId="archive")
ws.call("messages_markRead", messageIds=["msg-002"], isRead=False)
ws.call("messages_delete", id="msg-004")
ws.call("messages_send", subject="Raptor note", body="Café ß collateral energy",
        toRecipients=["dana@example.com"])
ws.call("messages_reply", id="msg-005", comment="Collateral is fine.")
answers["search, after five writes"] = searched(ws)
grades = {}
workspace = Workspace(corpus)
for scenario in load_all():
    episode = Episode(scenario, workspace)
    _, answer = episode.replay_reference()
    grades[f"{scenario.id} reference"] = episode.grade(answer).model_dump(mode="json")
    grades[f"{scenario.id} reference, again"] = episode.grade(answer).model_dump(mode="json")
    grades[f"{scenario.id} untouched"] = Episode(scenario, workspace).grade("").model_dump(
        mode="json"
    )
answers["grades"] = grades
print(json.dumps(answers))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", help="corpus folder, compiled corpus file, or 'shipped'")
    parser.add_argument("--tree", action="append", required=True, help="checkout to compare")
    parser.add_argument("--fts", action="store_true", help="search through FTS5 at any size")
    parser.add_argument("--other-corpus", help="the corpus file the other trees read")
    args = parser.parse_args()

    def where(corpus: str) -> str:
        return corpus if corpus == "shipped" else str(Path(corpus).resolve())

    trees = [Path(".").resolve(), *(Path(t).resolve() for t in args.tree)]
    fts = "1" if args.fts else "0"
    corpora = {tree: where(args.corpus) for tree in trees}
    if args.other_corpus:
        corpora.update((tree, where(args.other_corpus)) for tree in trees[1:])
    results = {
        tree: run_in_tree(tree, ["-c", _ANSWER, corpora[tree], fts], what="answering")
        for tree in trees
    }
    first = results[trees[0]]
    differ = 0
    for tree in trees[1:]:
        for part, answers in first.items():
            other = results[tree][part]
            different = [k for k in answers if answers[k] != other.get(k)] + [
                k for k in other if k not in answers
            ]
            differ += len(different)
            print(
                f"{part}: {len(answers)} answers, {len(different)} differ "
                f"({tree.name} vs {trees[0].name}){': ' if different else ''}"
                + ", ".join(different[:8])
            )
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
