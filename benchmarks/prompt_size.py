"""Tool-schema size per profile (issue 12): what every prompt carries before the task.

Run: `PYTHONPATH=. python benchmarks/prompt_size.py`. For each profile and provider format,
the JSON characters of the tool list and an estimate of its tokens (characters / 4: no
tokenizer's vocabulary is available offline), for the whole profile and, with
`tools="domains"`, the median and largest per-scenario tool list over the suite.
"""

from __future__ import annotations

import json
import statistics

from emailbench_gym.scenarios import load_all
from emailbench_gym.tools import domain_profile, load_profile, profile_names, tool_specs

FORMATS = ("openai_chat", "anthropic")
CHARS_PER_TOKEN = 4


def size(profile, fmt: str) -> int:
    return len(json.dumps(tool_specs(profile, fmt)))


def main() -> None:
    scenarios = load_all()
    print(
        f"{'profile':<10} {'format':<12} {'tools':>5} {'chars':>8} {'~tokens':>8}  domains median / max ~tokens"
    )
    for name in profile_names():
        profile = load_profile(name)
        for fmt in FORMATS:
            whole = size(profile, fmt)
            narrowed = [size(domain_profile(profile, tuple(s.domains)), fmt) for s in scenarios]
            print(
                f"{name:<10} {fmt:<12} {len(profile.tools):>5} {whole:>8} "
                f"{whole // CHARS_PER_TOKEN:>8}  "
                f"{int(statistics.median(narrowed)) // CHARS_PER_TOKEN} / "
                f"{max(narrowed) // CHARS_PER_TOKEN}"
            )


if __name__ == "__main__":
    main()
