"""Solve OB-N520 by hand through `env.step`, using the ids the tool results return.

The task: create 'Projects' with subfolders 'Raptor', 'Dynegy' and 'FERC', then move every
email mentioning each keyword into its subfolder. No LLM and no judge: the static
assertions grade the final state, so a correct run earns reward 1.0.
Run: `python examples/scripted_episode.py`.
"""

from __future__ import annotations

import json
from typing import Any

import gymnasium as gym

import emailbench_gym  # noqa: F401  (registers the EmailBench-* envs)

KEYWORDS = ("Raptor", "Dynegy", "FERC")


def tool(name: str, call_id: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments, "id": call_id}


def results(observation: dict[str, Any]) -> dict[str, Any]:
    """Each call's decoded result, by call id (an error stops the script)."""
    out = {}
    for result in observation["results"]:
        if result["is_error"]:
            raise SystemExit(f"{result['name']} failed: {result['content']}")
        out[result["id"]] = json.loads(result["content"])
    return out


def main() -> float:
    env = gym.make("EmailBench-OB-N520")
    observation, info = env.reset(seed=0)
    print(f"task: {observation['content']}")

    observation, *_ = env.step(tool("folders_create", "projects", displayName="Projects"))
    projects = results(observation)["projects"]["id"]

    # Parallel calls in one turn: the three subfolders, then the three searches.
    observation, *_ = env.step(
        [tool("folders_create", k, displayName=k, parentFolderId=projects) for k in KEYWORDS]
    )
    folders = {k: r["id"] for k, r in results(observation).items()}
    observation, *_ = env.step([tool("messages_search", k, query=k, top=50) for k in KEYWORDS])
    matches = {k: [m["id"] for m in r["items"]] for k, r in results(observation).items()}

    moves = [
        tool("messages_batchMove", k, messageIds=matches[k], destinationId=folders[k])
        for k in KEYWORDS
    ]
    observation, *_ = env.step(moves)
    for keyword, moved in results(observation).items():
        print(f"moved {len(moved['succeeded'])} {keyword} emails to Projects/{keyword}")

    counts = ", ".join(f"{len(matches[k])} to Projects/{k}" for k in KEYWORDS)
    answer = f"Created Projects with subfolders Raptor, Dynegy and FERC. Moved {counts}."
    observation, reward, terminated, _, info = env.step({"final_answer": answer})
    assert terminated and observation["kind"] == "final"
    grade = info["grade"]
    for item in grade.items:
        print(f"  [{item.outcome}] {item.kind}: {item.description}")
    print(f"score {grade.score:.2f}, passed {grade.passed}, reward {reward:.2f}")
    env.close()
    return reward


if __name__ == "__main__":
    main()
