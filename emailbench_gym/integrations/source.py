"""Which scenarios an integration serves: the one place a scenario source is resolved.

Every surface (the MCP suite mode, the verifiers taskset, the Inspect dataset, the TRL
dataset rows, OpenEnv's reset) takes `scenarios`: a list of scenario ids, or None for the
whole 206-scenario suite, or `"split:NAME"` for a split (issue 13: train, dev and
heldout are generated tasks over generated worlds, test the 206), resolved here so every
surface gets it at once.
"""

from __future__ import annotations

from collections.abc import Sequence


def resolve_scenarios(scenarios: Sequence[str] | str | None = None) -> list[str]:
    """The scenario ids to serve: `scenarios` checked against the suite, or the whole suite.

    `"split:train"` (alone, or as an entry of the list) stands for every task of a split
    (train, dev, heldout: generated tasks; test: the 206); generated task ids are accepted.
    """
    import re

    from emailbench_gym.families.serve import SPLIT_PREFIX, expand
    from emailbench_gym.scenarios import GENERATED_ID, scenario_ids

    known = scenario_ids()
    if scenarios is None:
        return list(known)
    if isinstance(scenarios, str):
        if not scenarios.startswith(SPLIT_PREFIX):
            raise TypeError(
                f"scenarios must be a list of scenario ids or 'split:NAME', got {scenarios!r}"
            )
        scenarios = [scenarios]
    chosen = expand(scenarios)
    unknown = sorted(
        set(chosen) - set(known) - {s for s in chosen if re.fullmatch(GENERATED_ID, s)}
    )
    if unknown:
        raise ValueError(
            f"unknown scenario ids: {', '.join(unknown)}; `emailbench list` shows the {len(known)} ids"
        )
    if not chosen:
        raise ValueError("no scenarios given: pass scenario ids, or None for the whole suite")
    return chosen
