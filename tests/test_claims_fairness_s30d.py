"""Session 30's fourth fairness pass: correct answers as honest solvers wrote them, each with
wrong twins of the same shape that must still fail. A file of its own so that the fairness
engineers' tests do not collide; the helpers are tests/test_claims_fairness*.py's."""

from __future__ import annotations

from tests.test_claims_fairness import scenario_check
from tests.test_claims_fairness_fair_a import passes_and_twins_fail

H337_HISTORY = (
    "Dana, two of your back-and-forth threads end with the other person, so the ball "
    'is in your court on both.\n\nThe first is "FERC data request on EnronOnline trades'
    '" with Richard Shapiro. He opened it on September 24, you replied on September 2'
    "5 that RAC would take the credit and controls sections, and he came back on Mond"
    "ay, October 8 at 4:15 PM. In that follow-up he says V&E confirmed Enron can prod"
    "uce counterparty identities under a confidentiality request, and asks you to pro"
    "ceed accordingly. You haven't opened that follow-up yet, and it has been waiting"
    ' a week.\n\nThe second is "Q3 VaR summary draft - please check" with Priya Raman. '
    "You sent her your draft of the Q3 VaR summary for John on October 11. She replie"
    "d on Friday, October 12 at 1:30 PM: she checked the desk numbers against the fin"
    "al runs and found two small corrections on the East power desk. You have read he"
    "r reply but not yet responded.\n\nThe other eleven two-way threads all end with yo"
    "ur reply, so nothing is outstanding on them. Single emails you have never answer"
    "ed, such as John Lavorato's note on the Dynegy credit line, aren't back-and-fort"
    "h threads, so I left them off this list. I only read the mailbox and changed not"
    "hing."
)


def test_your_reply_the_other_party_answers_later_in_the_sentence_is_history():
    """crane OB-H337: "He opened it on September 24, you replied on September 25 ..., and he
    came back on Monday, October 8": "you replied" is a step of the thread, not its last word,
    since he answers later in the same sentence. A reply nobody answers in the sentence, one
    after his answer, or one followed by the user's own turn still rules the thread out."""
    came_back = "and he came back on Monday, October 8 at 4:15 PM."
    passes_and_twins_fail(
        "OB-H337",
        "ball-in-my-court",
        H337_HISTORY,
        {
            came_back: [
                "and he never came back.",
                "and he has not come back.",
                "and you came back on Monday, October 8 at 4:15 PM.",
                "and he came back on Monday, October 8 at 4:15 PM, and you replied again.",
            ],
        },
    )


H331_NEAR_MISS = (
    "Hi Dana,\n\nYes, there's one. Your manager is Steven Kean (VP & Chief of Staff), a"
    'nd he has exactly one unread email waiting for you: "Employee meeting follow-up '
    "questions\", which came in on Friday, October 12 at 4 pm.\n\nHere's what it's about"
    ". Several questions at the all-employee meeting touched on Enron's credit qualit"
    "y and the stock price, and HR is pulling answers together for the intranet FAQ. "
    "Steve wants short answers from you on two of them:\n1. How exposed are we to the "
    "California utilities?\n2. Has our credit rating outlook changed?\n\nHe'd like them "
    "by Wednesday.\n\nI've left it unread, as you asked. For what it's worth, Steve is "
    "also cc'd on Jeff Skilling's unread \"Agenda for Wednesday's FERC Review\", but th"
    "at one is from Jeff, not Steve.\n\nHappy to help draft those two answers if you'd "
    "like."
)


def test_but_that_one_is_from_a_not_the_subject_sets_the_item_apart():
    """dove OB-H331: "Steve is also cc'd on Jeff Skilling's unread "Agenda ...", but that one
    is from Jeff, not Steve": the clause sets the agenda apart from Steve (the sentence's
    subject), so it and its sender Jeff are ruled out, not the answer. The same clause saying
    it is from Steve, with no "not" of the subject, in a new clause or after "and" leaves the
    agenda asserted, and it fails."""
    assert scenario_check("OB-H331", "manager", H331_NEAR_MISS)
    passes_and_twins_fail(
        "OB-H331",
        "unread-email",
        H331_NEAR_MISS,
        {
            "but that one is from Jeff, not Steve.": [
                "but that one is from Steve, not Jeff.",
                "and that one is from Steve too.",
                "but that one is from Jeff.",
                "but that one is from Jeff; not Steve.",
                "but that one is from Jeff and Steve, not only Jeff.",
            ]
        },
    )


H332_REPLIES = (
    "Dana, twelve of the fifteen emails in your Sent Items are replies, which is 80 p"
    "ercent. The other three, 20 percent, are brand-new messages. No forwards are mix"
    'ed in.\n\nThe three new messages are:\n\n1. "Risk desk priorities for October", sent'
    " on Tuesday, October 2 at 8:30 AM to Priya Raman, Marcus Hale and Tanya Ortiz.\n2"
    '. "Q3 VaR summary draft - please check", sent on Thursday, October 11 at 4:20 PM'
    ' to Priya Raman. Priya has since replied to it.\n3. "Dynegy exposure for Wednesda'
    "y's review\", sent on Friday, October 12 at 3:30 PM to Tanya Ortiz and Priya Rama"
    "n.\n\nEach of the twelve replies is tied to the original email it answers. They ru"
    "n from your September 25 reply to Richard Shapiro on the FERC data request throu"
    "gh to your October 11 reply to Jeff Skilling on the Q3 earnings release risk dis"
    "closures. I only read the mailbox and changed nothing."
)


def test_your_reply_on_x_names_x_as_a_reply():
    """crane OB-H332: "They run from your September 25 reply to Richard Shapiro on the FERC
    data request through to your October 11 reply to Jeff Skilling on the Q3 earnings release
    risk disclosures" names both threads as replies, as "was a reply to X" does. Without "your
    ... reply", across a comma, or with another noun, the thread is named as a new message."""
    first = "your September 25 reply to Richard Shapiro on the FERC data request"
    passes_and_twins_fail(
        "OB-H332",
        "new-messages",
        H332_REPLIES,
        {
            first: [
                "the FERC data request",
                "your September 25 reply to Richard Shapiro, and the FERC data request",
                "your September 25 message to Richard Shapiro on the FERC data request",
                "your September 25 note, then a reply on the FERC data request",
            ]
        },
    )
