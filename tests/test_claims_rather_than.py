"""A ruled-out phrase opening with "not" also reads with "rather than" / "instead of" for it: "it
is a new message rather than a reply" says what "it is not a reply" says (finch's OB-H320, checked
by hand against the corpus: 2 of the 15 sent emails got a reply). A twin that turns it round
("a reply rather than a new message") still asserts the message."""

from __future__ import annotations

from tests.test_claims_fairness_fair_a import passes_and_twins_fail

H320 = (
    "Hi Dana,\n\n2 of the 15 emails in your Sent Items got a reply back from the person"
    ' you wrote to:\n\n1. "RE: FERC data request on EnronOnline trades" to Richard Shap'
    "iro (sent September 25, 2001 at 10:30 AM). Rick replied on October 8 at 4:15 PM:"
    " V&E confirmed that counterparty identities can be produced under a confidential"
    "ity request, so you can go ahead with the full pull. He also said Claire will se"
    'nd a revised narrative once she has your corrections.\n\n2. "Q3 VaR summary draft '
    '- please check" to Priya Raman (sent October 11 at 4:20 PM). Priya replied on Oc'
    "tober 12 at 1:30 PM. She made two small corrections on the East power desk, said"
    " the gas desk peak should show 110% on September 24, and said that otherwise the"
    " summary is ready for John.\n\nThe other 13 have had no reply so far. These are yo"
    "ur replies to Louise Kitchen, Marcus Hale, Sally Beck, Rob Delacroix (twice), Je"
    "ff Skilling (twice), Steven Kean, Nathan Pryor, Priya (stress scenarios) and Cla"
    'ire Boudreaux, plus your two new emails: "Risk desk priorities for October" to t'
    'he team and "Dynegy exposure for Wednesday\'s review" to Tanya and Priya.\n\nOne ne'
    "ar-miss: your October 11 corrections to Claire on the FERC draft response (Rick "
    "copied) got no direct reply. Rick's email this morning, \"FERC Review: V&E commen"
    'ts on the data response", follows up on that topic, but it is a new message rath'
    "er than a reply, and Claire herself has not written back.\n\nBest, Finch\n"
)


def test_rather_than_a_reply_is_not_a_reply() -> None:
    passes_and_twins_fail(
        "OB-H320",
        "sent-emails-replied-to",
        H320,
        {
            "but it is a new message rather than a reply": [
                "but it is a reply rather than a new message",
                "but it counts as a reply rather than a note",
                "and it is a reply",
            ],
        },
    )
    instead = H320.replace("rather than a reply", "instead of a reply")
    passes_and_twins_fail("OB-H320", "sent-emails-replied-to", instead, {})
