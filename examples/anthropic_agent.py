"""A complete Anthropic Messages tool loop over one EmailBench episode.

    ANTHROPIC_API_KEY=... python examples/anthropic_agent.py --scenario OB-N520 --model claude-sonnet-4-5
    python examples/anthropic_agent.py --base-url http://localhost:8080 --model my-model

Any Messages-compatible server works through --base-url (or ANTHROPIC_BASE_URL).
Prints one JSON line: scenario, score, passed, turns.
"""

from __future__ import annotations

import argparse
import json
import os

import anthropic
import gymnasium as gym

import emailbench_gym  # noqa: F401  (registers the EmailBench-* environments)


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="OB-N520")
    parser.add_argument("--model", default=os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-4-5"))
    parser.add_argument("--base-url", default=os.environ.get("ANTHROPIC_BASE_URL"))
    args = parser.parse_args(argv)
    client = anthropic.Anthropic(
        base_url=args.base_url, api_key=os.environ.get("ANTHROPIC_API_KEY", "-")
    )

    env = gym.make(f"EmailBench-{args.scenario}")
    observation, info = env.reset()
    tools = env.unwrapped.tool_specs("anthropic")
    messages: list[dict] = [{"role": "user", "content": observation["content"]}]
    done, turns = False, 0
    while not done:
        response = client.messages.create(
            model=args.model,
            max_tokens=4096,
            system=info["system_prompt"],
            messages=messages,
            tools=tools,
        )
        messages.append(
            {
                "role": "assistant",
                "content": [b.model_dump(exclude_none=True) for b in response.content],
            }
        )
        # The env reads the content blocks: tool_use blocks are calls, text alone is the answer.
        observation, reward, terminated, truncated, step_info = env.step(response.content)
        done, turns = terminated or truncated, turns + 1
        results = [
            {
                "type": "tool_result",
                "tool_use_id": r["id"],
                "content": r["content"],
                "is_error": r["is_error"],
            }
            for r in observation["results"]
        ]
        if results:
            messages.append({"role": "user", "content": results})
    grade = step_info["grade"]
    summary = {"scenario": args.scenario, "score": reward, "passed": grade.passed, "turns": turns}
    print(json.dumps(summary))
    return summary


if __name__ == "__main__":
    main()
