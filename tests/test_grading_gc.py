"""The grading process and the garbage collector (issue 11): long-lived objects frozen as each
scenario context is built, and no answer's analysis left as cyclic garbage."""

from __future__ import annotations

import gc

import pytest

from emailbench_gym.episode import Episode
from emailbench_gym.grading import context
from emailbench_gym.grading.context import ScenarioContext
from emailbench_gym.scenarios import load_scenario, resolve_refs


def test_each_new_context_freezes_and_refreezes_at_each_doubling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new context: a young collection, then gc.freeze; a cached one: nothing. At
    FIRST_REFREEZE contexts and each doubling: unfreeze, a full collection, freeze."""
    events: list[str] = []
    monkeypatch.setattr(gc, "collect", lambda *a: events.append(f"collect{a}") or 0)
    monkeypatch.setattr(gc, "freeze", lambda: events.append("freeze"))
    monkeypatch.setattr(gc, "unfreeze", lambda: events.append("unfreeze"))
    monkeypatch.setattr(context, "_frozen", {"built": 0, "refreeze": context.FIRST_REFREEZE})
    scenario = load_scenario("OB-G102").model_copy()  # no context cached yet
    built = ScenarioContext.of(scenario)
    assert events == ["collect(1,)", "freeze"]
    events.clear()
    assert ScenarioContext.of(scenario) is built and events == []
    for _ in range(3 * context.FIRST_REFREEZE):
        context.freeze_long_lived()
    full = ["unfreeze", "collect()", "freeze"]
    assert [i for i in range(len(events)) if events[i] == "unfreeze"] == [
        2 * (context.FIRST_REFREEZE - 2),
        2 * (2 * context.FIRST_REFREEZE - 2) + 1,
    ]
    assert events[2 * (context.FIRST_REFREEZE - 2) :][:3] == full
    assert events.count("freeze") == 3 * context.FIRST_REFREEZE


def test_a_grade_leaves_no_cyclic_garbage() -> None:
    """Every answer's analysis (and its binders, polarity reader, outcomes) is freed by
    reference counting when the context lets it go: frozen or not, nothing waits for a full
    collection."""
    scenario = load_scenario("OB-G107")
    episode = Episode(scenario)
    results: list = []
    for call in scenario.solution.calls:
        result, _ = episode.call(call.name, resolve_refs(call.arguments, results))
        results.append(result)
    answer = scenario.solution.answer or ""
    gc.collect()
    gc.disable()
    try:
        for n in range(2 * context._ANALYSES_KEPT):  # half of them dropped by the context
            episode.grade(f"{answer} {n}")
        assert gc.collect() == 0
    finally:
        gc.enable()
