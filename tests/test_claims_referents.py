"""Honest answers (finch, messages-read) that name other items to set them apart, read as meant,
each with wrong twins that must still fail:

- "that one" / "this one" as the subject of a verb points back at the item just named, as "it"
  does ("..., but that one is the preliminary capacity build"); as a determiner ("that one
  email") it points at nothing.
- under "latest", "just before it" ranks below the top, as "earlier" does: the messages it names
  are the runners-up (under "oldest", "after it").
- a context word given in its past form reads in its other forms too ("copied": "copies").
"""

from __future__ import annotations

from tests.test_claims_fairness_fair_a import passes_and_twins_fail

H301 = (
    'Hi Dana,\n\nThe spreadsheet Marcus Hale attached to his "Raptor restructuring model v3" '
    "email (received October 10, 2001 at 6:05 PM) is named Raptor_restructuring_model_v3.xls. "
    "It is the only attachment on that message, an Excel file of about 500 KB.\n\n"
    'For context, his earlier "Raptor hedge capacity shortfall - preliminary" email of September '
    "26 also carried a spreadsheet (Raptor_capacity_prelim_0926.xls), but that one is the "
    "preliminary capacity build, not the restructuring model.\n\nBest, Finch\n"
)
H302 = (
    "Hi Dana,\n\nThe latest email in your inbox is from Richard Shapiro "
    '(richard.shapiro@enron.com), with the subject line "FERC Review: V&E comments on the data '
    'response". It arrived today, Monday, October 15, 2001, at 8:30 AM CDT, is marked high '
    "importance, copies Claire Boudreaux of V&E, and is still unread.\n\n"
    "The two messages just before it were Louise Kitchen's \"Weather derivatives product "
    'approval" at 8:10 AM and Jeff Skilling\'s "Today 2pm - earnings prep, bring the reserve '
    'walk" at 7:52 AM.\n\nBest, Finch\n'
)


def test_that_one_as_a_subject_points_back_at_the_item() -> None:
    passes_and_twins_fail(
        "OB-H301",
        "attachment-name",
        H301,
        {
            "but that one is the preliminary capacity build, not the restructuring model": [
                "and that one is the restructuring model too",
                "and that one is the one you want",
                "and that one is it as well",
            ],
            "is named Raptor_restructuring_model_v3.xls": [
                "is named Raptor_capacity_prelim_0926.xls",
            ],
        },
    )


def test_just_before_it_names_the_runners_up_of_the_latest() -> None:
    passes_and_twins_fail(
        "OB-H302",
        "latest-message",
        H302,
        {
            "The two messages just before it were": [
                "The two messages at the same time were",
                "Two more of the latest were",
            ],
        },
    )


def test_a_context_word_reads_in_its_other_forms() -> None:
    passes_and_twins_fail(
        "OB-H302",
        "sender",
        H302,
        {
            "is from Richard Shapiro (richard.shapiro@enron.com)": [
                "is from Claire Boudreaux",
                "is from Richard Shapiro and Claire Boudreaux",
            ],
        },
    )
