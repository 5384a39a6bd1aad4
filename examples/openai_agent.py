"""A complete OpenAI Chat Completions tool loop over one EmailBench episode.

    OPENAI_API_KEY=sk-... python examples/openai_agent.py --scenario OB-N520 --model gpt-4.1
    python examples/openai_agent.py --base-url http://localhost:8000/v1 --model my-model

Any Chat Completions-compatible server works through --base-url (or OPENAI_BASE_URL).
Prints one JSON line: scenario, score, passed, turns.
"""

from __future__ import annotations

import argparse
import json
import os

import gymnasium as gym
import openai

import emailbench_gym  # noqa: F401  (registers the EmailBench-* environments)


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="OB-N520")
    parser.add_argument("--model", default=os.environ.get("OPENAI_MODEL", "gpt-4.1-mini"))
    parser.add_argument("--base-url", default=os.environ.get("OPENAI_BASE_URL"))
    args = parser.parse_args(argv)
    client = openai.OpenAI(base_url=args.base_url, api_key=os.environ.get("OPENAI_API_KEY", "-"))

    env = gym.make(f"EmailBench-{args.scenario}")
    observation, info = env.reset()
    tools = env.unwrapped.tool_specs("openai_chat")
    messages: list[dict] = [
        {"role": "system", "content": info["system_prompt"]},
        {"role": "user", "content": observation["content"]},
    ]
    done, turns = False, 0
    while not done:
        response = client.chat.completions.create(model=args.model, messages=messages, tools=tools)
        message = response.choices[0].message
        messages.append(message.model_dump(exclude_none=True))
        # The env reads the whole assistant message: its tool calls, or its text as the answer.
        observation, reward, terminated, truncated, step_info = env.step(message)
        done, turns = terminated or truncated, turns + 1
        for result in observation["results"]:
            messages.append(
                {"role": "tool", "tool_call_id": result["id"], "content": result["content"]}
            )
    grade = step_info["grade"]
    summary = {"scenario": args.scenario, "score": reward, "passed": grade.passed, "turns": turns}
    print(json.dumps(summary))
    return summary


if __name__ == "__main__":
    main()
