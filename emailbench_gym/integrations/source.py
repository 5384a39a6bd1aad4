"""Which scenarios an integration serves: the one place a scenario source is resolved.

Every surface (the MCP suite mode, the verifiers taskset, the Inspect dataset, the TRL
dataset rows, OpenEnv's reset) takes `scenarios`: a list of scenario ids, or None for the
whole 206-scenario suite. The training/dev/held-out splits (issue 13) plug in here: a split
name resolves to its list of ids (or a provider of them), and every surface gets it at once.
"""

from __future__ import annotations

from collections.abc import Sequence


def resolve_scenarios(scenarios: Sequence[str] | None = None) -> list[str]:
    """The scenario ids to serve: `scenarios` checked against the suite, or the whole suite."""
    from emailbench_gym.scenarios import scenario_ids

    known = scenario_ids()
    if scenarios is None:
        return list(known)
    if isinstance(scenarios, str):
        raise TypeError(f"scenarios must be a list of scenario ids, got the string {scenarios!r}")
    chosen = list(dict.fromkeys(scenarios))
    unknown = sorted(set(chosen) - set(known))
    if unknown:
        raise ValueError(
            f"unknown scenario ids: {', '.join(unknown)}; `emailbench list` shows the {len(known)} ids"
        )
    if not chosen:
        raise ValueError("no scenarios given: pass scenario ids, or None for the whole suite")
    return chosen
