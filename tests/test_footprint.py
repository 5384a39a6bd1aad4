"""Collateral damage by default, outgoing mail checked as mail, and a reward that does not pay for inaction."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from emailbench_gym.episode import Episode
from emailbench_gym.grading.context import _READINGS_KEPT
from emailbench_gym.grading.reward import progress, reward_of
from tests.grading_support import STATE_CALLS, make_scenario, outcome, play

MOVED_TO_RAPTOR = {
    "type": "moved-message",
    "id": "moved",
    "covers": ["R1"],
    "message_ids": ["msg-001"],
    "folder": "Projects/Raptor",
}
REQUIREMENTS = [{"id": "R1", "text": "Move msg-001 to Projects/Raptor."}]


def scenario(latitude=None, **extra):
    footprint = {"type": "footprint", "id": "footprint", "latitude": latitude or []}
    return make_scenario([MOVED_TO_RAPTOR, footprint], requirements=REQUIREMENTS, **extra)


def footprint_passes(calls, latitude=None) -> bool:
    return outcome(play(scenario(latitude), calls), "footprint")


def test_the_reference_stays_inside_its_own_footprint():
    assert footprint_passes(STATE_CALLS)


@pytest.mark.parametrize(
    "extra",
    [
        {"name": "messages_delete", "arguments": {"id": "msg-030"}},
        {"name": "messages_markRead", "arguments": {"messageIds": ["msg-021"]}},
        {"name": "messages_flag", "arguments": {"id": "msg-001", "flagStatus": "flagged"}},
        {"name": "calendar_deleteEvent", "arguments": {"id": "evt-001"}},
        {"name": "contacts_delete", "arguments": {"id": "contact-001"}},
        {"name": "filters_delete", "arguments": {"id": "rule-001"}},
        {"name": "folders_create", "arguments": {"displayName": "Junk"}},
        {
            "name": "settings_setWorkingHours",
            "arguments": {"startTime": "10:00", "endTime": "18:00"},
        },
        {
            "name": "messages_forward",
            "arguments": {"id": "msg-030", "toRecipients": ["someone@example.com"]},
        },
    ],
)
def test_any_change_outside_the_footprint_fails(extra):
    assert not footprint_passes([*STATE_CALLS, extra])


def test_duplicated_creates_and_sends_fail():
    assert not footprint_passes([*STATE_CALLS, STATE_CALLS[-1]])


def test_recipients_by_role_are_part_of_the_envelope():
    send = dict(STATE_CALLS[-1])
    swapped = {
        **send,
        "arguments": {
            **send["arguments"],
            "toRecipients": ["jeff.skilling@enron.com"],
            "ccRecipients": ["sally.beck@enron.com"],
        },
    }
    assert not footprint_passes([*STATE_CALLS[:-1], swapped])
    widened = {
        **send,
        "arguments": {**send["arguments"], "ccRecipients": ["jeff.skilling@enron.com"]},
    }
    assert not footprint_passes([*STATE_CALLS[:-1], widened])
    allowed = [
        {
            "collection": "outbox",
            "recipients": ["jeff.skilling@enron.com"],
            "reason": "The query lets the user copy Jeff.",
        }
    ]
    assert footprint_passes([*STATE_CALLS[:-1], widened], allowed)


def test_latitude_widens_the_footprint_with_a_reason():
    read = {"name": "messages_markRead", "arguments": {"messageIds": ["msg-021"]}}
    room = [
        {"collection": "messages", "fields": ["isRead"], "reason": "Opening mail may mark it read."}
    ]
    assert footprint_passes([*STATE_CALLS, read], room)
    opened_only = [{**room[0], "only_read": True}]
    assert not footprint_passes([*STATE_CALLS, read], opened_only)
    opened = {"name": "messages_get", "arguments": {"id": "msg-021"}}
    assert footprint_passes([*STATE_CALLS, opened, read], opened_only)
    # opening a message may mark it read, never unread: msg-022 is read at the start
    get = {"name": "messages_get", "arguments": {"id": "msg-022"}}
    unread = {
        "name": "messages_markRead",
        "arguments": {"messageIds": ["msg-022"], "isRead": False},
    }
    assert not footprint_passes([*STATE_CALLS, get, unread], opened_only)
    assert footprint_passes([*STATE_CALLS, get, unread], room)  # latitude without only_read


def test_a_latitude_needs_a_reason_and_known_fields():
    with pytest.raises(ValidationError, match="reason"):
        scenario([{"collection": "messages", "fields": ["isRead"]}])
    with pytest.raises(ValidationError, match="not fields of messages"):
        scenario(
            [{"collection": "messages", "fields": ["colour"], "reason": "A good reason here."}]
        )


def test_a_read_only_scenario_fails_on_any_write():
    read_only = make_scenario(
        [{"type": "answer-text", "id": "says", "statements": ["Raptor"], "covers": ["R1"]}],
        calls=[{"name": "messages_search", "arguments": {"query": "Raptor"}}],
        requirements=REQUIREMENTS,
    )
    assert outcome(play(read_only, answer="Raptor."), "footprint")
    flag = [{"name": "messages_flag", "arguments": {"id": "msg-001", "flagStatus": "flagged"}}]
    assert not outcome(play(read_only, flag, answer="Raptor."), "footprint")


def test_sent_message_checks_kind_thread_roles_and_body():
    reply = {
        "name": "messages_reply",
        "arguments": {"id": "msg-042", "comment": "See you Wednesday at 11:00 AM."},
    }
    spec = {
        "type": "sent-message",
        "id": "reply",
        "covers": ["R1"],
        "kind": ["reply"],
        "in_reply_to": "msg-042",
        "to": ["rob.delacroix@dynegy.com"],
        "body": [{"type": "answer-values", "values": [{"kind": "time", "value": "11:00"}]}],
    }
    checked = make_scenario([spec], calls=[reply], requirements=REQUIREMENTS)
    assert outcome(play(checked), "reply")
    negated = {**reply, "arguments": {"id": "msg-042", "comment": "Not 11:00 AM, sorry."}}
    assert not outcome(play(checked, [negated]), "reply")
    empty = {**reply, "arguments": {"id": "msg-042", "comment": ""}}
    assert not outcome(play(checked, [empty]), "reply")
    for retraction in (
        "See you Wednesday at 11:00 AM.\n\nSorry, please disregard everything above.",
        "See you Wednesday at 11:00 AM. Scratch that, none of this is happening.",
        "See you Wednesday at 11:00 AM.\n\nForget what I said.",
        "See you Wednesday at 11:00 AM. Never mind.",
        "See you Wednesday at 11:00 AM. (Sent to the wrong person, sorry.)",
        "See you Wednesday at 11:00 AM. Just kidding.",
        "See you Wednesday at 11:00 AM. Actually, make that Friday at 15:00 instead.",
        "Thanks.\n\n> See you Wednesday at 11:00 AM.",
        "Thanks.\n\n-----Original Message-----\nSee you Wednesday at 11:00 AM.",
        "I might possibly, but probably won't: see you Wednesday at 11:00 AM.",
        "Quick question, is this right? See you Wednesday at 11:00 AM?",
        "See you Wednesday at 11:00 AM. If that doesn't work, Thursday at 3pm is fine too.",
        "See you Wednesday at 11:00 AM. Alternatively, Friday at 9:00.",
        "See you Wednesday at 11:00 AM. (Tentatively.)",
    ):
        taken_back = {**reply, "arguments": {"id": "msg-042", "comment": retraction}}
        assert not outcome(play(checked, [taken_back]), "reply")
    unclaimed = make_scenario([{**spec, "body": []}], calls=[reply], requirements=REQUIREMENTS)
    # an optional note (no body claims) may be empty, but never withdrawn or denied
    assert outcome(play(unclaimed, [empty]), "reply")
    withdrawn = "See you Wednesday at 11:00 AM.\n\nSorry, please disregard everything above."
    taken_back = {**reply, "arguments": {"id": "msg-042", "comment": withdrawn}}
    assert not outcome(play(unclaimed, [taken_back]), "reply")
    denied = "It is not true that I will see you Wednesday. It's false that 11:00 AM works."
    denial = {**reply, "arguments": {"id": "msg-042", "comment": denied}}
    assert not outcome(play(unclaimed, [denial]), "reply")
    for fair in (
        "See you Wednesday at 11:00 AM. Ignore this email if Tanya already confirmed.",
        "See you Wednesday at 11:00 AM. Don't forget the pack.",
        "Could you meet Wednesday at 11:00 AM?",
        "See you Wednesday at 11:00 AM. Does that work for you?",
        "See you Wednesday at 11:00 AM. If that doesn't work, let me know by Tuesday.",
    ):
        kept = {**reply, "arguments": {"id": "msg-042", "comment": fair}}
        assert outcome(play(checked, [kept]), "reply"), fair
    conditional = "See you Wednesday at 11:00 AM. Ignore this email if Tanya already confirmed."
    kept = {**reply, "arguments": {"id": "msg-042", "comment": conditional}}
    assert outcome(play(checked, [kept]), "reply")
    new = {
        "name": "messages_send",
        "arguments": {
            "subject": "RE: Materials",
            "body": "See you Wednesday at 11:00 AM.",
            "toRecipients": ["rob.delacroix@dynegy.com"],
        },
    }
    assert not outcome(play(checked, [new]), "reply")
    copied = {"name": "messages_copy", "arguments": {"id": "msg-042", "destinationId": "sentitems"}}
    assert not outcome(play(checked, [copied]), "reply")


@pytest.mark.parametrize(
    "call",
    [
        {
            "name": "calendar_createEvent",
            "arguments": {
                "subject": "Prep",
                "startDateTime": "2001-10-16T09:00:00",
                "endDateTime": "2001-10-16T10:00:00",
                "body": "Please ignore this; it is cancelled and not happening.",
            },
        },
        {
            "name": "todo_createTask",
            "arguments": {"title": "Prep", "body": "This task is cancelled."},
        },
        {
            "name": "calendar_updateEvent",
            "arguments": {
                "id": "evt-001",
                "body": "Agenda: Raptor.\n\nScratch that, none of this is true.",
            },
        },
        {
            "name": "messages_send",
            "arguments": {
                "subject": "Agenda",
                "body": "It is not true that the agenda is in the invite.",
                "toRecipients": ["tanya.ortiz@enron.com"],
            },
        },
    ],
)
def test_whatever_the_episode_wrote_must_not_take_itself_back(call):
    """Inside the footprint, a written text that withdraws itself (or calls off the item it
    describes) fails; the same write with an honest text passes."""
    honest = {
        "calendar_createEvent": "Walk through the reserve numbers.",
        "todo_createTask": "Bring the September true-up.",
        "calendar_updateEvent": "Agenda: Raptor.",
        "messages_send": "The agenda is in the invite. Ignore this email if you already saw it.",
    }[call["name"]]
    fair = {**call, "arguments": {**call["arguments"], "body": honest}}
    spec = {"type": "footprint", "id": "footprint"}
    for calls, passes in (([fair], True), ([call], False)):
        checked = make_scenario([spec], calls=[fair], requirements=REQUIREMENTS)
        assert outcome(play(checked, calls), "footprint") is passes


def test_draft_message_checks_recipients_and_what_the_persona_wrote_not_the_quote():
    draft = {
        "name": "messages_createDraft",
        "arguments": {
            "subject": "RE: Materials",
            "body": "Rob, we'll bring six months of collateral history.\n\n"
            "-----Original Message-----\nFrom: Rob\n\nPlease bring six months of history.",
            "toRecipients": ["rob.delacroix@dynegy.com"],
        },
    }
    spec = {
        "type": "draft-message",
        "id": "draft",
        "covers": ["R1"],
        "to": ["rob.delacroix@dynegy.com"],
        "body": [{"type": "answer-text", "statements": [["six months"]]}],
    }
    checked = make_scenario([spec], calls=[draft], requirements=REQUIREMENTS)
    assert outcome(play(checked), "draft")
    quoted_only = dict(
        draft["arguments"], body="Rob, noted.\n\n> Please bring six months of history."
    )
    assert not outcome(play(checked, [{**draft, "arguments": quoted_only}]), "draft")
    negated = dict(draft["arguments"], body="Rob, we won't bring six months of collateral history.")
    assert not outcome(play(checked, [{**draft, "arguments": negated}]), "draft")
    copied = dict(draft["arguments"], ccRecipients=["tanya.ortiz@enron.com"])
    assert not outcome(play(checked, [{**draft, "arguments": copied}]), "draft")
    sent = {"name": "messages_sendDraft", "arguments": {"id": "$0.id"}}
    assert not outcome(play(checked, [draft, sent]), "draft")  # sent: no longer a draft


# --- reward ----------------------------------------------------------------------------------


def test_progress_pays_nothing_for_inaction_and_nothing_for_damage():
    checked = scenario()
    nothing = play(checked, [])
    assert nothing.score > 0  # the paper's score pays for the passing footprint check
    assert progress(nothing) == 0.0
    done = play(checked, STATE_CALLS)
    assert reward_of(done, "progress") == 1.0 == reward_of(done, "pass")
    damage = play(
        checked, [*STATE_CALLS, {"name": "messages_delete", "arguments": {"id": "msg-030"}}]
    )
    assert reward_of(damage, "progress") == 0.0


def test_progress_is_partial_over_requirements():
    two = make_scenario(
        [
            MOVED_TO_RAPTOR,
            {
                "type": "state-check",
                "id": "flagged",
                "covers": ["R2"],
                "query": {"collection": "messages", "where": [{"path": "id", "value": "msg-002"}]},
                "expect": [{"path": "flag/flagStatus", "value": "complete"}],
            },
        ],
        requirements=[*REQUIREMENTS, {"id": "R2", "text": "Mark msg-002 complete."}],
    )
    half = play(two, STATE_CALLS[:3] + STATE_CALLS[4:])
    assert progress(half) == 0.5  # R1 done, R2 (the flag) not


def test_what_grading_remembers_is_kept_per_context_and_never_grows_with_answers():
    """What grading remembers lives in the scenario's context and its entity universe, not in
    the process: the readings of texts taking themselves back are bounded however many
    distinct answers are graded, not shared with another scenario's context and never mixed
    up between an answer and its retraction; the universe's remembered name tokens hold its
    names and the scenario's phrases only, never text an answer wrote."""
    spec = {"type": "answer-text", "id": "said", "statements": ["Raptor"]}
    episode = Episode(make_scenario([spec], calls=[], answer="Raptor."))
    other = Episode(make_scenario([spec], calls=[], answer="Raptor."))
    assert outcome(episode.grade("Raptor."), "said")
    names = episode.context.universe.names
    remembered = (len(names._words), len(names._raw))
    for n in range(3 * _READINGS_KEPT):
        answer = f"Raptor, item {n}.\nNot counted {n}: x\n| Col {n}? | y |\n| no | z |"
        assert outcome(episode.grade(answer), "said")
        assert not outcome(episode.grade(f"Raptor, item {n}. Scratch that."), "said")
    assert len(episode.context._readings) <= _READINGS_KEPT
    assert (len(names._words), len(names._raw)) == remembered
    assert other.context is not episode.context and not other.context._readings
    assert outcome(other.grade("Raptor, item 1."), "said")
