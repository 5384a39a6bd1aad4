"""Work one EmailBench episode through `emailbench mcp` with the official MCP SDK client (stdio).

    python examples/mcp_client.py --scenario OB-N520

Starts `python -m emailbench_gym.cli mcp --scenario ID` as a subprocess, reads the task
resource, lists the tools, calls a few (one of them invalid on purpose, to show the
`isError` result), submits an answer and prints the grade as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client


async def run(scenario: str, profile: str) -> dict:
    server = StdioServerParameters(
        command=sys.executable,
        args=["-m", "emailbench_gym.cli", "mcp", "--scenario", scenario, "--profile", profile],
    )
    async with Client(stdio_client(server)) as client:
        task = await client.read_resource("emailbench://task")
        print("task:", task.contents[0].text)
        tools = (await client.list_tools()).tools
        print(f"{len(tools)} tools:", ", ".join(t.name for t in tools[:8]), "...")
        for name, arguments in [
            ("identity_getMe", {}),
            ("folders_list", {}),
            ("messages_search", {"query": "Raptor", "top": 3}),
            ("folders_get", {"id": "no-such-folder"}),  # an error result, not an exception
        ]:
            result = await client.call_tool(name, arguments)
            text = result.content[0].text
            print(f"{name} -> {'ERROR ' if result.is_error else ''}{text[:160]}")
        graded = await client.call_tool("submit_answer", {"answer": "I only looked around."})
        grade = json.loads(graded.content[0].text)
        print(
            json.dumps({"scenario": scenario, "score": grade["score"], "passed": grade["passed"]})
        )
        return grade


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="OB-N520")
    parser.add_argument("--profile", default="adapter")
    args = parser.parse_args(argv)
    return asyncio.run(run(args.scenario, args.profile))


if __name__ == "__main__":
    main()
