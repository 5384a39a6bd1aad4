"""An aside in parentheses after a name in bold or quotes is about that name, as after a bare
name: "**Draft X** (not started): **0 of 2**" states 0 of 2 for Draft X; the "not" of the
status does not negate the figure after the label. A negation outside the aside still does."""

from __future__ import annotations

from tests.test_claims_fairness_fair_a import passes_and_twins_fail

# lark's OB-T103 answer (honest solver, markdown), checked by hand against the corpus
T103 = (
    "**Checklist progress on unfinished to-dos: 3 of 10 steps done (30%)**\n\n## By to-do\n"
    "- **Reconcile Raptor capacity schedule with Andersen** (in progress): **2 of 3**\n"
    "  - Done: Get Andersen's 9/30 price assumptions; Rerun Raptor III at TNPC $10 and $5\n"
    "  - Open: Agree cross-guarantee treatment with Nathan\n"
    "- **Draft Raptor restructuring talking points for Skilling** (not started): **0 of 2**\n"
    "  - Open: Termination vs. share contribution comparison; One-page charge summary\n"
    "- **Compile EnronOnline trade data for FERC data request** (in progress): **1 of 3**\n"
    "  - Done: Western power trades May 2000 - June 2001\n"
    "  - Open: Counterparty identity mapping; Credit limit history by counterparty\n"
    "- **Prepare controls briefing for FERC Review** (not started): **0 of 2**\n"
    "  - Open: List manual override cases on EnronOnline; Talking points for Jeff\n\n"
    "## Overall\n- **3 of 10** checklist steps checked off, which is **30%**.\n\n## Notes\n"
    "- I went through all three lists (10 to-dos).\n"
    "- Not counted: the three completed to-dos, and the unfinished ones with no checklist (RSVP "
    "to Dynegy Review, Submit September expense report, Send Q3 VaR summary to Lavorato).\n"
)
DRAFT = "- **Draft Raptor restructuring talking points for Skilling** (not started): **0 of 2**"


def test_a_status_aside_after_a_bold_name_does_not_negate_its_figure() -> None:
    passes_and_twins_fail(
        "OB-T103",
        "steps-done",
        T103,
        {
            DRAFT: [
                DRAFT.replace("0 of 2", "1 of 2"),  # the wrong figure
                DRAFT.replace("**0 of 2**", "not **0 of 2**"),  # negated outside the aside
                DRAFT.replace("(not started): **0 of 2**", "(not started): not 0 of 2"),
                DRAFT.replace("(not started)", "(not counted)"),  # the aside rules it out
            ],
        },
    )
    quoted = T103.replace(
        "**Draft Raptor restructuring talking points for Skilling** (not started)",
        '"Draft Raptor restructuring talking points for Skilling" (not started)',
    )
    passes_and_twins_fail("OB-T103", "steps-done", quoted, {})
