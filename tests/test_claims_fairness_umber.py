"""umber's memo-style answers (correct, failing on main) read as they are meant, each with wrong
twins that must still fail. A file of its own so that the three fairness engineers' tests do
not collide at the end of tests/test_claims_fairness.py; the helpers are that file's."""

from __future__ import annotations

from functools import cache

from tests.test_claims_fairness import scenario_check


@cache
def umber(scenario_id: str) -> str:
    """umber's answer to the scenario (/work/solver is not in the repo: the answers are quoted)."""
    return UMBER[scenario_id]


H338 = (
    "Trading sends you the most mail, with 10 messages. They come from three people:\n"
    "- Louise Kitchen (President, EnronOnline): 5\n"
    "- John Lavorato (CEO, Enron Americas): 3\n"
    "- Tanya Ortiz (Gas Trading Analyst): 2\n\n"
    "The next department is Executive, with 7 messages: 4 from Jeff Skilling and 3 from Steve "
    "Kean. After that come Government Affairs (Rick Shapiro) and Risk Management (Priya Raman) "
    "with 5 each, then Operations (Sally Beck) and Global Finance (Marcus Hale) with 4 each.\n\n"
    "I used each sender's department from the company directory and counted every message they "
    "sent you, across all folders. I left out the three system accounts: EnronOnline, GasBank "
    "and Legal Tickets. Including the EnronOnline system mailbox, which the directory lists "
    "under Trading Systems rather than Trading, would not change the answer. Outside senders "
    "(Dynegy, Andersen and V&E) are also excluded, since you asked about people at Enron."
)
UMBER = {"OB-H338": H338}


def test_a_sentence_opening_with_a_condition_that_says_would_is_context():
    """umber's OB-H338: "Including the EnronOnline system mailbox, which the directory lists
    under Trading Systems rather than Trading, would not change the answer" says what another
    count would give, as "If ..., it becomes ..." does: the department it names is context."""
    answer = umber("OB-H338")
    assert scenario_check("OB-H338", "top-department", answer)
    # wrong twins: the system account's department asserted as the top one, plainly or after the
    # same condition without "would"; the answer's own department hedged
    top = answer.replace("Trading sends you", "Trading Systems sends you")
    assert not scenario_check("OB-H338", "top-department", top)
    plain = answer.replace(
        "which the directory lists under Trading Systems rather than Trading, would not change "
        "the answer",
        "Trading Systems sends the most mail, with 13",
    )
    assert not scenario_check("OB-H338", "top-department", plain)
    polite = answer + " Including the system mailbox, the top one would be Trading Systems."
    assert not scenario_check("OB-H338", "top-department", polite)
    # (Tanya Ortiz's title "Gas Trading Analyst" names the department too: a weakness of its own,
    # so the hedged twin leaves it out)
    hedged = answer.replace("Trading sends you the most", "Trading probably sends you the most")
    hedged = hedged.replace("Gas Trading Analyst", "analyst")
    assert not scenario_check("OB-H338", "top-department", hedged)
