"""Argument limits and safe text (issue 11): every failure a ToolError that says what is accepted."""

from __future__ import annotations

import json
import typing
from datetime import datetime
from typing import Any

import pytest

from emailbench_gym.api import METHODS
from emailbench_gym.api.limits import (
    ADDRESS_CHARS,
    NAME_CHARS,
    RECIPIENTS,
    TEXT_CHARS,
    WRITTEN_CHARS,
)
from emailbench_gym.api.registry import plain_type, shown
from emailbench_gym.errors import ToolError
from emailbench_gym.text import safe_text
from emailbench_gym.workspace import Workspace
from tests.api.support import fails

SEND = {"subject": "Hi", "body": "Text", "toRecipients": ["sally.beck@enron.com"]}


def _params_of(kind: type) -> list[tuple[str, str]]:
    """(tool, parameter) for every tool parameter whose plain type mentions `kind`."""
    found = []
    for name, spec in METHODS.items():
        for param, field in spec.args_model.model_fields.items():
            plain = plain_type(field.annotation)
            if plain is kind or kind in typing.get_args(plain):
                found.append((name, param))
    return found


@pytest.mark.parametrize(
    "value",
    [
        "0001-01-01T00:00:00+05:00",
        "0001-01-01T00:00:00",
        "9999-12-31T23:59:59-05:00",
        "9999-12-31T23:59:59",
        "1899-12-31T23:00:00-14:00",
    ],
)
def test_every_datetime_argument_refuses_out_of_range_values(ws: Workspace, value: str) -> None:
    params = _params_of(datetime)
    assert len(params) >= 20
    for tool, param in params:
        before = ws.digest()
        with pytest.raises(ToolError) as caught:
            ws.call(tool, **{param: value})
        assert ws.digest() == before
        if caught.value.code == "invalid_arguments" and param in caught.value.message:
            assert "between 1900-01-01 and 2100-12-31" in caught.value.message, (tool, param)


@pytest.mark.parametrize("value", [10**5000, -(10**4400), 2**64], ids=["1e5000", "-1e4400", "2^64"])
def test_every_integer_argument_refuses_huge_numbers_with_its_range(
    ws: Workspace, value: int
) -> None:
    params = _params_of(int)
    assert len(params) >= 20
    for tool, param in params:
        error = fails(ws, "invalid_arguments", tool, **{param: value})
        if f"argument '{param}'" in error.message:
            assert "than or equal to" in error.message, (tool, param, error.message)
            assert len(error.message) < 1_000


def test_string_and_list_limits_name_the_argument_and_the_limit(ws: Workspace) -> None:
    error = fails(ws, "invalid_arguments", "messages_send", **{**SEND, "subject": "s" * 256})
    assert "'subject'" in error.message and f"at most {NAME_CHARS} characters" in error.message
    error = fails(ws, "invalid_arguments", "messages_send", **{**SEND, "body": "b" * 50_001})
    assert f"at most {WRITTEN_CHARS} characters" in error.message
    many = [f"person{i}@enron.com" for i in range(RECIPIENTS + 1)]
    error = fails(ws, "invalid_arguments", "messages_send", **{**SEND, "toRecipients": many})
    assert f"at most {RECIPIENTS} items" in error.message
    long_address = ["a" * ADDRESS_CHARS + "@enron.com"]
    error = fails(
        ws, "invalid_arguments", "messages_send", **{**SEND, "toRecipients": long_address}
    )
    assert "toRecipients.0" in error.message


def test_the_largest_accepted_values_work(ws: Workspace) -> None:
    body = "word " * (WRITTEN_CHARS // 5)
    sent = ws.call(
        "messages_send",
        subject="s" * NAME_CHARS,
        body=body,
        toRecipients=[f"person{i}@enron.com" for i in range(RECIPIENTS)],
    )
    assert len(sent["body"]["content"]) == WRITTEN_CHARS
    notes = ws.call(
        "contacts_create",
        displayName="Long",
        emailAddress="long@example.com",
        personalNotes="n" * TEXT_CHARS,
    )
    assert len(notes["personalNotes"]) == TEXT_CHARS
    ws.digest()


#: Every argument whose text is sent: grading reads it as claims, with the answer's limit.
SENT_TEXTS = [
    ("messages_send", "body"), ("messages_createDraft", "body"), ("messages_updateDraft", "body"),
    ("messages_reply", "comment"), ("messages_replyAll", "comment"),
    ("messages_forward", "comment"), ("calendar_cancelEvent", "comment"),
    ("calendar_respondToEvent", "comment"),
]  # fmt: skip


@pytest.mark.parametrize(("tool", "param"), SENT_TEXTS)
def test_sent_text_has_the_graders_limit_in_its_schema(tool: str, param: str) -> None:
    from emailbench_gym.grading.claims.analysis import MAX_ANSWER_CHARS
    from emailbench_gym.tools import tool_specs

    spec = next(s for s in tool_specs("full") if s["name"] == tool)
    assert spec["parameters"]["properties"][param]["maxLength"] == WRITTEN_CHARS, spec
    assert MAX_ANSWER_CHARS == WRITTEN_CHARS


def test_a_body_over_the_graders_limit_is_refused_and_nothing_changes(ws: Workspace) -> None:
    draft = ws.call("messages_createDraft", subject="Draft", body="short")
    before = ws.digest()
    too_long = "b" * (WRITTEN_CHARS + 1)
    for tool, args in [
        ("messages_send", {**SEND, "body": too_long}),
        ("messages_createDraft", {"subject": "x", "body": too_long}),
        ("messages_updateDraft", {"id": draft["id"], "body": too_long}),
        ("messages_reply", {"id": "msg-001", "comment": too_long}),
    ]:
        error = fails(ws, "invalid_arguments", tool, **args)
        assert f"at most {WRITTEN_CHARS} characters" in error.message, (tool, error.message)
    assert ws.digest() == before


def test_unknown_and_unreadable_argument_names_are_reported(ws: Workspace) -> None:
    error = fails(ws, "invalid_arguments", "messages_get", id="msg-001", **{"\ud800x": 1})
    assert "unknown argument" in error.message and "\ud800" not in error.message
    json.dumps(error.to_dict()).encode("utf-8")


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        ("Budget \ud800 review", "Budget \ufffd review"),
        ("\ud83d\udce7 mail", "\U0001f4e7 mail"),  # a surrogate pair is the character it encodes
        ("red\x1b[31m\x00alert\x7f\x85", "red[31malert"),
        ("line\r\nnext\rlast\ttab", "line\nnext\nlast\ttab"),
    ],
)
def test_written_text_is_made_safe_and_the_state_stays_serializable(
    ws: Workspace, raw: str, stored: str
) -> None:
    sent = ws.call("messages_send", subject=raw, body=raw, toRecipients=["sally.beck@enron.com"])
    assert sent["subject"] == sent["body"]["content"] == stored
    folder = ws.call("folders_create", displayName=raw)
    assert folder["displayName"] == stored.strip()
    ws.call("settings_setSignature", signature=raw)
    ws.call(
        "calendar_createEvent",
        subject=raw,
        startDateTime="2001-10-20T10:00:00",
        endDateTime="2001-10-20T11:00:00",
        body=raw,
    )
    ws.digest()
    ws.snapshot().model_dump_json().encode("utf-8")


def test_safe_text_keeps_ordinary_text_as_it_is() -> None:
    for text in ("plain", "Zürich — 東京 📧", "tab\tand\nnewline", "", "\u202eRTL"):
        assert safe_text(text) == text


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        pytest.param(10**5000, "an integer of about 5000 digits", id="huge-int"),
        (7, "7"),
        ("\ud800" * 3, "'\ufffd\ufffd\ufffd'"),
        ([[[]]] * 3, "a list of 3 items"),
        (b"x", "a value of type bytes"),
    ],
)
def test_error_messages_show_any_value_safely(value: Any, expected: str) -> None:
    assert shown(value) == expected


def test_an_episode_sends_at_most_sent_chars_and_the_refused_send_changes_nothing(
    ws: Workspace,
) -> None:
    from emailbench_gym.api.limits import SENT_CHARS

    full = SENT_CHARS // WRITTEN_CHARS
    for n in range(full):
        ws.call("messages_send", **{**SEND, "subject": f"Part {n}", "body": "w" * WRITTEN_CHARS})
    before = ws.digest()
    error = fails(ws, "invalid_arguments", "messages_send", **SEND)
    assert f"at most {SENT_CHARS:,} in all" in error.message
    error = fails(ws, "invalid_arguments", "messages_reply", id="msg-001", comment="Thanks")
    assert "was not sent" in error.message
    assert ws.digest() == before
    ws.call("messages_createDraft", subject="Later", body="A draft is not sent")
    assert (
        f"at most {SENT_CHARS:,} characters of text in all" in METHODS["messages_send"].description
    )
