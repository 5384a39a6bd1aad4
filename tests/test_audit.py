"""The audit finds wrong trajectories that pass, and finds none in a well-graded scenario."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from emailbench_gym.audit import audit_scenario
from emailbench_gym.audit.state_mutants import as_questions, negate_text
from emailbench_gym.cli import main
from emailbench_gym.scenarios import load_scenario
from tests.grading_support import STATE_CALLS, make_scenario

if TYPE_CHECKING:
    from emailbench_gym.audit.state_mutants import Mutant
    from emailbench_gym.episode import Episode


def test_a_weak_scenario_has_survivors_of_the_expected_operators():
    weak = make_scenario(
        [
            {
                "type": "exists",
                "id": "raptor",
                "query": {
                    "collection": "folders",
                    "where": [{"path": "displayName", "value": "Raptor"}],
                },
            }
        ],
        calls=STATE_CALLS,
    )
    result = audit_scenario(weak)
    survived = {s.operator for s in result.survivors}
    assert {"skip-step", "other-target"} <= survived
    # the footprint alone catches collateral damage, mail sent to the wrong people, text
    # that withdraws itself (every sentence denied, "please disregard everything above") and
    # mail sent with no text where the reference wrote some (its sent copy is unlike the
    # reference's)
    assert not survived & {"delete-message", "forward-outside", "to-into-cc", "duplicate"}
    assert not survived & {"negate-text", "retract-text", "empty-text"}
    assert result.operators["empty-text"]
    assert result.operators["negate-text"] and result.operators["retract-text"]
    assert result.mutants > 50


def test_well_graded_scenarios_have_no_survivors(capsys):
    for scenario_id in ("OB-P101", "OB-B103", "OB-R105"):
        result = audit_scenario(load_scenario(scenario_id))
        assert result.mutants > 50 and not result.survivors, result.survivors
    assert main(["audit", "OB-P101", "--json", "--jobs", "1"]) == 0
    assert '"survivors": []' in capsys.readouterr().out


def test_calibration_audit_mutates_each_calibration_answer():
    scenario = load_scenario("OB-P101")
    result = audit_scenario(scenario, calibration=True)
    assert result.mutants > 20 and not result.survivors, result.survivors
    assert result.operators["negate-answer"] == sum(1 for c in scenario.calibration if not c.calls)


def test_negated_text_denies_every_sentence():
    assert negate_text("I'll send it by noon. Thanks!") == (
        "It is not true that i'll send it by noon. It is not true that thanks!"
    )


def test_a_write_that_leaves_an_item_as_it_was_is_not_a_mutant():
    from emailbench_gym.audit import _fingerprint
    from emailbench_gym.episode import Episode

    episode = Episode(make_scenario([{"type": "footprint", "id": "footprint"}], calls=[]))
    episode.reset()
    untouched = _fingerprint(episode.workspace.mailbox.changes_since(episode.mark), "")
    read = next(m.id for m in episode.initial.messages if m.isRead)
    episode.call("messages_markRead", {"messageIds": [read], "isRead": True})
    changes = episode.workspace.mailbox.changes_since(episode.mark)
    assert read in changes.items["messages"]  # the overlay saw the write...
    assert _fingerprint(changes, "") == untouched  # ...but nothing changed


def test_the_operators_for_rules_rsvps_invites_calendars_and_retractions_fire():
    """Each of these wrong writes is made; a scenario that checks only that things exist lets an
    unsent RSVP through, and its footprint alone rejects the rest."""
    calls = [
        {
            "name": "filters_create",
            "arguments": {
                "displayName": "Nathan",
                "fromAddresses": ["nathan.pryor@andersen.com"],
                "assignCategories": ["Legal"],
            },
        },
        {"name": "calendar_respondToEvent", "arguments": {"id": "evt-009", "response": "accept"}},
        {
            "name": "calendar_createEvent",
            "arguments": {
                "subject": "Focus time",
                "startDateTime": "2001-10-16T09:00:00",
                "endDateTime": "2001-10-16T10:00:00",
            },
        },
        {
            "name": "messages_reply",
            "arguments": {"id": "msg-042", "comment": "Rob, see you at 11."},
        },
    ]
    exists = [
        ("filters", "displayName", "Nathan"),
        ("events", "subject", "Focus time"),
    ]
    weak = make_scenario(
        [
            {
                "type": "exists",
                "id": f"made-{collection}",
                "query": {"collection": collection, "where": [{"path": path, "value": value}]},
            }
            for collection, path, value in exists
        ],
        calls=calls,
    )
    result = audit_scenario(weak)
    survived = {(s.operator, s.description) for s in result.survivors}
    operators = {operator for operator, _ in survived}
    made = ("rule-marks-read", "rule-narrowed", "silent-response", "invite-someone")
    assert all(result.operators[operator] for operator in made)
    assert "silent-response" in operators  # an RSVP left unsent: the scenario's checks must see it
    # created items are compared field by field with the reference's: a rule that also marks
    # mail read or never matches, an invitation nobody asked for, an event made in another
    # calendar fail the footprint alone
    assert not operators & {"rule-marks-read", "rule-narrowed", "invite-someone"}
    assert result.operators["other-target"]
    assert not any(op == "other-target" and "calendarId" in d for op, d in survived), survived
    # a reply that takes itself back and an event described as called off are made, and the
    # footprint alone rejects them (whatever the episode wrote must not withdraw itself)
    assert result.operators["retract-text"] and result.operators["retract-description"]
    assert not operators & {"retract-text", "retract-description"}


def test_bodies_and_answers_asked_hedged_corrected_or_taken_back_are_mutants_and_fail():
    """Wrong text that keeps every word of the reference: statements asked as questions, put
    under a hedge before a colon, "corrected" to another day and time, taken back."""
    for scenario_id, operators in (
        (
            "OB-X103",
            {
                "question-text",
                "colon-hedge",
                "quoted-text",
                "correct-when",
                "retract-description",
                "offer-another-time",
            },
        ),
        (
            "OB-H336",
            {
                "question-answer",
                "colon-hedge",
                "retract-answer",
                "disown-answer",
                "correct-value",
                "rotate-values",
                "every-value",
                "summary-values",
            },
        ),
        ("OB-H339", {"every-value", "disown-answer"}),
    ):
        result = audit_scenario(load_scenario(scenario_id))
        assert operators <= set(result.operators), result.operators
        assert not result.survivors, result.survivors


def test_as_questions_asks_statements_and_leaves_requests():
    assert as_questions("Rob, the pack is ready. Could you check it before 1pm?") == (
        "Quick question, is this right? Rob, the pack is ready? Could you check it before 1pm?"
    )
    assert as_questions("Sally,\n\nPlease bring the numbers.\n\nThanks,\nDana") is None
    assert as_questions("1. Dynegy: 5\n2. Andersen: 41.7% of them.") == (
        "Quick question, is this right? 1. Dynegy: 5?\n2. Andersen: 41.7% of them?"
    )


def test_a_please_in_a_quoted_title_does_not_make_a_statement_a_request():
    """'Priya said ... 110% ... (her reply "RE: Q3 VaR summary draft - please check").' states
    the answer: the "please" is the subject's, so the sentence is asked like any other. It was
    left declarative, so the question-answer mutants of finch's and moss's OB-H304 answers
    (cal8, cal9) still asserted the peak and passed; a real request stays as it is."""
    asked = as_questions(
        'Priya said the peak is 110% (her reply "RE: draft - please check"). '
        "Could you 'please confirm' it with John?"
    )
    assert asked == (
        "Quick question, is this right? Priya said the peak is 110% (her reply "
        "\"RE: draft - please check\")? Could you 'please confirm' it with John?"
    )
    result = audit_scenario(load_scenario("OB-H304"), calibration=True)
    assert result.operators["question-answer"] >= 10
    assert not [s.id for s in result.survivors], result.survivors


def test_a_contact_created_under_a_misspelt_first_or_last_name_is_a_mutant():
    """'Add a contact for Tom Reyes' done with surname 'Reyes 2' (the display name right) is wrong
    work: rename mutates the first and last names too, and a check that reads only the display
    name lets it through."""
    calls = [
        {
            "name": "contacts_create",
            "arguments": {
                "displayName": "Tom Reyes",
                "givenName": "Tom",
                "surname": "Reyes",
                "emailAddress": "tom.reyes@andersen.com",
            },
        }
    ]
    weak = make_scenario(
        [
            {
                "type": "exists",
                "id": "tom",
                "query": {
                    "collection": "contacts",
                    "where": [{"path": "displayName", "value": "Tom Reyes"}],
                },
            }
        ],
        calls=calls,
    )
    survived = {s.description for s in audit_scenario(weak).survivors if s.operator == "rename"}
    assert any("givenName" in d for d in survived) and any("surname" in d for d in survived)


def test_a_meeting_booked_in_another_room_is_a_mutant():
    calls = [
        {
            "name": "calendar_createEvent",
            "arguments": {
                "subject": "Prep",
                "startDateTime": "2001-10-16T15:00:00",
                "endDateTime": "2001-10-16T15:45:00",
                "location": "EB 2801 Conference Room",
            },
        }
    ]
    weak = make_scenario(
        [
            {
                "type": "exists",
                "id": "prep",
                "query": {
                    "collection": "events",
                    "where": [
                        {"path": "location/displayName", "op": "icontains", "value": "EB 2801"}
                    ],
                },
            }
        ],
        calls=calls,
    )
    survived = {
        s.description for s in audit_scenario(weak).survivors if s.operator == "other-place"
    }
    assert any("longer" in d for d in survived), survived


def test_rotate_values_swaps_the_values_bound_to_the_subjects():
    """In "Outside Advisors, 3 members, 2 of whom have emailed you" over a table of Nathan
    Pryor's 3 and Claire Boudreaux's 2 emails, the operator swaps the two rows' values, not
    the first numbers equal to them (a rotated "2 members, 3 of whom" says nothing the
    question asks, and passed)."""
    from emailbench_gym.audit import calibration_mutants, reference_of
    from emailbench_gym.episode import Episode

    scenario = load_scenario("OB-H324")
    episode = Episode(scenario)
    reference = reference_of(scenario, episode)
    lead = "Outside Advisors, 3 members, 2 of whom have emailed you"
    index = next(i for i, c in enumerate(scenario.calibration) if c.answer.startswith(lead))
    rotated = [
        m
        for m in calibration_mutants(scenario, episode, reference)
        if m.operator == "rotate-values" and f":cal{index}:" in m.id
    ]
    assert rotated
    for mutant in rotated:
        assert mutant.answer.startswith(lead), mutant.answer
        assert "| Nathan Pryor | Arthur Andersen LLP | 2 " in mutant.answer
        assert not episode.grade(mutant.answer).passed


def test_questions_ask_every_sentence_the_reader_reads():
    """The operator splits sentences as the claims reader does: "8:30 a.m. this morning" is
    one sentence, a quoted title's period ends one ('... "V&E comments." It's ...'), and a
    line ending in a colon ("Tie at the top: 3 people w/ 5 emails each:") is asked too; each
    was left stated, so the mutant still passed (OB-H302, OB-H314, OB-H327, OB-H338)."""
    asked = as_questions(
        'It came in at 8:30 a.m. this morning; the subject reads "V&E comments." It\'s unread.'
        "\n\nTie at the top: 3 people w/ 5 emails each:\n- Rick (5)"
    )
    assert asked == (
        "Quick question, is this right? It came in at 8:30 a.m. this morning; the subject "
        'reads "V&E comments?" It\'s unread?\n\nTie at the top: 3 people w/ 5 emails each?'
        "\n- Rick (5)?"
    )
    from emailbench_gym.audit import calibration_mutants, reference_of
    from emailbench_gym.episode import Episode

    for scenario_id in ("OB-H302", "OB-H314", "OB-H327", "OB-H338"):
        scenario = load_scenario(scenario_id)
        episode = Episode(scenario)
        reference = reference_of(scenario, episode)
        asked = [
            m
            for m in calibration_mutants(scenario, episode, reference)
            if m.operator == "question-answer"
        ]
        assert len(asked) >= 5
        assert not [m.id for m in asked if episode.grade(m.answer).passed]


def test_extra_items_of_a_claim_with_a_subject_go_where_the_subject_is_answered():
    """A claim with a subject ("the company of Rob Delacroix") counts only what the answer
    binds to that subject: the wrong company goes next to the subject's own member ("Rob
    Delacroix, Dynegy Inc, Arthur Andersen LLP."), not after a summary that names no person,
    and a bare line of another subject's right item ("- Rob Delacroix" under a paragraph that
    names him for the Dynegy Review) is not made: it says again what is right elsewhere."""
    from emailbench_gym.audit import calibration_mutants, reference_of
    from emailbench_gym.episode import Episode

    scenario = load_scenario("OB-R102")
    episode = Episode(scenario)
    reference = reference_of(scenario, episode)
    mutants = {m.id: m for m in calibration_mutants(scenario, episode, reference)}
    summary = "Summary: 3 meetings with outside people: Andersen, Vinson & Elkins and Dynegy."
    index = next(i for i, c in enumerate(scenario.calibration) if summary in c.answer)
    extra = mutants[f"OB-R102:cal{index}:extra-item:company-dynegy:arthur andersen llp"]
    assert summary in extra.answer
    assert "Rob Delacroix, Dynegy Inc, Arthur Andersen LLP." in extra.answer
    assert not episode.grade(extra.answer).passed
    lines = [m for m in mutants.values() if m.operator == "extra-line"]
    assert lines and not [m.id for m in lines if m.id.endswith(":rob.delacroix@dynegy.com")]
    assert not [m.id for m in lines if episode.grade(m.answer).passed]


def test_a_note_that_adds_a_wrong_item_is_a_mutant_and_fails():
    """ "Notes: - Weekly Credit Exposure Meeting too." under a right answer adds a meeting to
    the set: the context-extra operator makes it for every wrong candidate it samples."""
    result = audit_scenario(load_scenario("OB-R104"))
    assert result.operators["context-extra"] >= 5
    assert not [s for s in result.survivors if s.operator == "context-extra"]


def test_marking_an_opened_message_read_is_the_tasks_latitude_and_unread_a_mutant():
    """A generated task lets a correct solution mark the messages it opens read ("Opening a
    message to read it may mark it read"). train-w068-attachment-name-s1 opens unread msg-046:
    no toggle-read mutant marks it read (that is the latitude's own case, not a wrong step).
    train-w120-note-on-sender-contact-s0 opens read msg-0096: marking it unread is a mutant and
    fails (it survived while the latitude covered isRead either way, and dropped the task)."""
    from emailbench_gym.audit import mutants_of, reference_of
    from emailbench_gym.episode import Episode

    opens_unread = load_scenario("train-w068-attachment-name-s1")
    episode = Episode(opens_unread)
    reference = reference_of(opens_unread, episode)
    assert reference.may_read == {"msg-046"}
    ids = {m.id for m in mutants_of(opens_unread, episode, reference)}
    assert f"{opens_unread.id}:toggle-read:msg-046" not in ids
    assert not audit_scenario(opens_unread).survivors
    opens_read = load_scenario("train-w120-note-on-sender-contact-s0")
    result = audit_scenario(opens_read)
    assert result.operators.get("toggle-read") and not result.survivors, result.survivors


def _operator_mutants(scenario_id: str, operator: str) -> tuple[Episode, list[Mutant]]:
    """A scenario's episode and the mutants one operator makes of its reference and of its
    calibration answers."""
    from emailbench_gym.audit import calibration_mutants, mutants_of, reference_of
    from emailbench_gym.episode import Episode

    scenario = load_scenario(scenario_id)
    episode = Episode(scenario)
    reference = reference_of(scenario, episode)
    made = mutants_of(scenario, episode, reference) + calibration_mutants(
        scenario, episode, reference
    )
    return episode, [m for m in made if m.operator == operator]


def test_a_label_said_not_to_be_covered_is_a_mutant_and_fails():
    """The label-exclusion operator puts "(not covered)" before the colon of the label heading
    a member's every mention ("two to-dos are due (not covered): A and B"); all such mutants
    fail. A subject's "RE:" is part of a name, not a label: OB-H311's sent subjects get none."""
    for scenario_id in ("OB-M110", "OB-H311"):
        episode, made = _operator_mutants(scenario_id, "label-exclusion")
        assert not [m.id for m in made if "RE (not covered)" in m.answer]
        assert not [m.id for m in made if episode.grade(m.answer).passed]
        if scenario_id == "OB-M110":
            assert any("to-dos are due (not covered):" in m.answer for m in made)


def test_a_runner_up_put_above_the_top_in_the_answers_own_paragraph_is_a_mutant_and_fails():
    """overturn-rank also puts the wrong candidate above the top at the end of the answer's last
    prose line ("X is second but bigger.", "Next is X, though it is actually the biggest.",
    "X is second, which tops the list."), or by the sentence after naming it ("Next is X. It is
    second but bigger."): OB-H310's reference answer gets all four per candidate, and they
    fail."""
    from emailbench_gym.audit import mutants_of, reference_of
    from emailbench_gym.episode import Episode

    scenario = load_scenario("OB-H310")
    episode = Episode(scenario)
    reference = reference_of(scenario, episode)
    made = [m for m in mutants_of(scenario, episode, reference) if m.operator == "overturn-rank"]
    details = {m.id.rsplit(":", 1)[-1] for m in made}
    assert {"inline", "restated", "top-place", "carried"} <= details
    assert not [m.id for m in made if episode.grade(m.answer).passed]


def test_a_wrong_item_added_after_a_contrast_opening_is_a_mutant_and_fails():
    """contrast-extra adds a wrong candidate in a sentence a contrast opens ('Instead of leaving
    it out, "RE: X" is one too.'), a message by its reply subject, whose colon is not a label's;
    all fail. OB-H332 reads "RE:" as context (the replies), so its mutants name the bare subject."""
    for scenario_id in ("OB-H320", "OB-H332"):
        episode, made = _operator_mutants(scenario_id, "contrast-extra")
        assert made
        assert any('"RE: ' in m.answer for m in made) == (scenario_id == "OB-H320")
        assert not [m.id for m in made if episode.grade(m.answer).passed]


def test_a_wrong_item_in_a_members_place_with_the_member_as_context_is_a_mutant_and_fails():
    """context-swap puts a wrong candidate in a member's place and keeps the member beside it
    under one of the claim's context words ("Louise Kitchen (cc Richard Shapiro)", or after a
    comma: "Louise Kitchen, cc Richard Shapiro"); all fail, also OB-H306's "A (left out B)",
    whose aside is about B (a phrase such as "left out" gets no comma form: "A, left out" may
    close A's clause)."""
    from emailbench_gym.audit import mutants_of, reference_of
    from emailbench_gym.episode import Episode

    for scenario_id in ("OB-H302", "OB-H306"):
        scenario = load_scenario(scenario_id)
        episode = Episode(scenario)
        reference = reference_of(scenario, episode)
        made = [m for m in mutants_of(scenario, episode, reference) if m.operator == "context-swap"]
        assert made
        assert any(m.id.endswith(":comma") for m in made) == (scenario_id == "OB-H302")
        assert not [m.id for m in made if episode.grade(m.answer).passed]


def test_a_right_value_kept_only_in_an_aside_is_a_mutant_and_fails():
    """aside-value keeps the right value only in an aside beside a wrong one: closing the label
    ("X (2 of 3): 3 of 3") or after it ("3 of 3 (was 2 of 3)"); all fail (OB-T103, OB-H321)."""
    for scenario_id in ("OB-T103", "OB-H321"):
        episode, made = _operator_mutants(scenario_id, "aside-value")
        assert {m.id.rsplit(":", 1)[-1] for m in made} == {"after", "label"}
        assert not [m.id for m in made if episode.grade(m.answer).passed]


def test_a_person_introduced_then_left_out_by_it_or_added_back_is_a_mutant_and_fails():
    """introduced-person asserts a wrong person in a sentence left out by "it" (which stands
    for a member named after it): as the thing introduced ("There's also X, one of them too,
    on a note with M on cc, so I didn't count it.") or added back by a pronoun after it ("...
    so I didn't count it. He is one of them too."); all fail (OB-H331, OB-H340)."""
    for scenario_id in ("OB-H331", "OB-H340"):
        episode, made = _operator_mutants(scenario_id, "introduced-person")
        assert {m.id.rsplit(":", 1)[-1] for m in made} == {"introduced", "pronoun"}
        assert not [m.id for m in made if episode.grade(m.answer).passed]


def test_a_runner_up_given_the_top_value_is_a_mutant_and_fails():
    """tied-runner-up names a wrong candidate as the next one with the members' own count
    or size under a measure of the greatest ("Next is Legal, also with 10.", "Next is X with
    512,000 bytes."): a tie; all fail (OB-H338's ten, OB-H327's five, OB-H310's size)."""
    for scenario_id in ("OB-H338", "OB-H327", "OB-H310"):
        episode, made = _operator_mutants(scenario_id, "tied-runner-up")
        assert made
        assert not [m.id for m in made if episode.grade(m.answer).passed]


def test_a_digit_run_onto_a_phone_number_is_a_mutant_and_fails():
    """stray-digit runs a digit onto each phone number a claim finds ("(713) 502-7719-9"), an
    item's or a value's; all fail (OB-P101, OB-P104)."""
    for scenario_id in ("OB-P101", "OB-P104"):
        episode, made = _operator_mutants(scenario_id, "stray-digit")
        assert made
        assert not [m.id for m in made if episode.grade(m.answer).passed]


def _replayed(episode: Episode, mutant: Mutant) -> bool:
    """Whether a state mutant passes when replayed from a reset."""
    episode.reset()
    for name, arguments in mutant.calls:
        episode.call(name, arguments)
    return episode.grade(mutant.answer).passed


@pytest.mark.parametrize(
    ("scenario_id", "operator", "detail"),
    [
        ("OB-T104", "unasked-field", ":importance"),  # the task never asked for high importance
        ("OB-E112", "unasked-field", ":isOnlineMeeting"),
        ("OB-O114", "add-list-item", ":categories"),
        ("OB-E112", "other-zone", ":UTC"),
        ("OB-E103", "drop-recipient", ":attendees"),
        ("OB-O102", "condition-widened", ":fromAddresses"),
    ],
)
def test_the_write_operators_make_wrong_writes_that_fail(scenario_id, operator, detail):
    """One mutant of each write operator on a scenario where it is wrong: all fail."""
    episode, made = _operator_mutants(scenario_id, operator)
    chosen = [m for m in made if m.id.endswith(detail)]
    assert chosen
    assert not [m.id for m in chosen if _replayed(episode, m)]


def test_a_created_rule_put_first_among_the_new_rules_only_is_declared_equivalent():
    """OB-F108's two new rules must both run before the EnronOnline rule, in either order:
    Route V&E put first is no wrong step. The footprint reads a created rule's place among
    the rules there were, not its number, so it passes; the scenario declares it equivalent."""
    episode, made = _operator_mutants("OB-F108", "put-first")
    chosen = [m for m in made if m.id == "OB-F108:put-first:3:sequence"]
    assert chosen and _replayed(episode, chosen[0])


def test_a_wrong_item_on_a_crossed_line_that_asserts_it_is_a_mutant_and_fails():
    """crossed-extra puts a wrong candidate on a line a cross mark opens, after a check mark
    ("✗ Spam folder ✓ X") or adding it ("✗ X belongs here too"); all fail (OB-M107, OB-H331)."""
    for scenario_id in ("OB-M107", "OB-H331"):
        episode, made = _operator_mutants(scenario_id, "crossed-extra")
        assert {m.id.rsplit(":", 1)[-1] for m in made} == {"ticked", "additive"}
        assert not [m.id for m in made if episode.grade(m.answer).passed]


def test_another_value_assured_after_without_is_a_mutant_and_fails():
    """assured-value adds another value of an exhaustive claim after "without" as an
    assurance ("Without a doubt, it would be 48.7%."); all fail (OB-R103, OB-H319)."""
    for scenario_id in ("OB-R103", "OB-H319"):
        episode, made = _operator_mutants(scenario_id, "assured-value")
        assert made
        assert not [m.id for m in made if episode.grade(m.answer).passed]


def test_a_wrong_item_added_then_said_not_to_count_twice_is_a_mutant_and_fails():
    """added-then-denied adds a wrong candidate, then "but does not count twice" ("X is one
    of them too, but does not count twice."); all fail (OB-H321, OB-M110)."""
    for scenario_id in ("OB-H321", "OB-M110"):
        episode, made = _operator_mutants(scenario_id, "added-then-denied")
        assert made
        assert not [m.id for m in made if episode.grade(m.answer).passed]
