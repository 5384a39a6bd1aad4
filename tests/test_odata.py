"""The OData filter / orderBy subset: every operator, lambdas, nested paths, and errors that quote the token."""

from __future__ import annotations

import pytest

from emailbench_gym.api.models import Event, Message, TodoTask
from emailbench_gym.api.odata import (
    MAX_NESTING,
    MAX_NUMBER_CHARS,
    MAX_ORDER_KEYS,
    compile_filter,
    compile_order_by,
    sortable_fields,
)
from emailbench_gym.errors import ToolError

MESSAGE = Message.model_validate(
    {
        "id": "msg-1",
        "conversationId": "conv-1",
        "parentFolderId": "folder-inbox",
        "subject": "Raptor update",
        "from": {"emailAddress": {"name": "Jeff Skilling", "address": "jeff.skilling@enron.com"}},
        "toRecipients": [{"emailAddress": {"address": "dana.whitfield@enron.com"}}],
        "receivedDateTime": "2001-10-12T10:00:00-05:00",
        "importance": "high",
        "categories": ["Raptor"],
    }
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("isRead eq false", True),
        ("isRead", False),
        ("not isRead", True),
        ("importance eq 'HIGH'", True),  # string comparison ignores case
        ("importance ne 'high'", False),
        ("importance eq 'high' and isRead eq true", False),
        ("importance eq 'low' or isRead eq false", True),
        ("(importance eq 'low' or isRead eq false) and not (subject eq 'x')", True),
        ("contains(subject, 'raptor')", True),
        ("startswith(subject, 'Rap')", True),
        ("endswith(subject, 'date')", True),
        ("from/emailAddress/address eq 'jeff.skilling@enron.com'", True),
        ("receivedDateTime ge 2001-10-12T00:00:00-05:00", True),
        ("receivedDateTime lt 2001-10-12T15:00:00Z", False),  # 10:00 -05:00 is 15:00Z
        ("receivedDateTime le '2001-10-12T15:00:00Z'", True),  # quoted datetimes work too
        ("receivedDateTime gt 2001-10-12", True),
        ("toRecipients/any(r: r/emailAddress/address eq 'dana.whitfield@enron.com')", True),
        ("toRecipients/all(r: contains(r/emailAddress/address, 'enron'))", True),
        ("categories eq 'raptor'", True),  # a list field matches when any element does
        ("flag/flagStatus eq 'notFlagged'", True),
        ("sentDateTime eq null", True),
        ("subject eq 'It''s'", False),  # '' escapes a quote
    ],
)
def test_filters(text, expected):
    assert compile_filter(text, Message)(MESSAGE) is expected


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("isRead eqq false", "'eqq'"),
        ("subject eq 'unterminated", "'unterminat"),
        ("isRead eq", "after 'eq'"),
        ("isRead eq true and", "after 'and'"),
        ("fromm eq 'x'", "Unknown field 'fromm'"),
        ("from/emailAddress/adress eq 'x'", "Fields of EmailAddress: address, name"),
        ("contains(subject)", "contains() takes 2 arguments"),
        ("", "empty"),
    ],
)
def test_errors_quote_the_offending_token_and_show_the_accepted_form(text, quoted):
    with pytest.raises(ToolError) as caught:
        compile_filter(text, Message)
    assert caught.value.code == "invalid_filter"
    message = caught.value.message
    assert quoted in message
    assert "Accepted" in message or "Fields of" in message


def test_order_by_sorts_by_each_key_with_missing_values_last():
    day = MESSAGE.receivedDateTime
    older = MESSAGE.model_copy(
        update={"id": "msg-0", "receivedDateTime": day.replace(day=1), "sentDateTime": day}
    )
    same_time = MESSAGE.model_copy(update={"id": "msg-2", "subject": "b"})
    by_time = compile_order_by("receivedDateTime desc, subject", Message)(
        [older, MESSAGE, same_time]
    )
    assert [m.id for m in by_time] == ["msg-2", "msg-1", "msg-0"]  # "b" < "raptor update"
    by_sent = compile_order_by("sentDateTime desc", Message)([MESSAGE, older])
    assert [m.id for m in by_sent] == ["msg-0", "msg-1"]  # no sentDateTime sorts last
    with pytest.raises(ToolError, match="Accepted: 'field \\[asc\\|desc\\]'"):
        compile_order_by("receivedDateTime downwards", Message)
    with pytest.raises(ToolError, match="Unknown field 'recieved'"):
        compile_order_by("recieved desc", Message)


# --- limits and sortable fields (issue 11) ------------------------------------------------


def _rule(code: str, *args: object) -> ToolError:
    with pytest.raises(ToolError) as caught:
        compile_filter(*args) if code == "invalid_filter" else compile_order_by(*args)  # type: ignore[arg-type]
    assert caught.value.code == code
    return caught.value


@pytest.mark.parametrize("terms", [2, 400, 5_000])
def test_long_or_and_and_chains_are_flat_not_recursive(terms: int) -> None:
    anyone = " or ".join(f"subject eq 'x{i}'" for i in range(terms)) + " or importance eq 'high'"
    assert compile_filter(anyone, Message)(MESSAGE) is True
    everyone = " and ".join(["isRead eq false"] * terms) + " and importance eq 'low'"
    assert compile_filter(everyone, Message)(MESSAGE) is False


def test_nesting_deeper_than_the_limit_is_refused_with_the_limit() -> None:
    assert compile_filter("not " * MAX_NESTING + "isRead", Message)(MESSAGE) is False  # even
    error = _rule("invalid_filter", "not " * (MAX_NESTING + 1) + "isRead", Message)
    assert f"more than {MAX_NESTING} levels" in error.message
    deep_calls = "contains(" * 30 + "subject" + ", 'x')" * 30
    assert "levels" in _rule("invalid_filter", deep_calls, Message).message
    parentheses = "(" * 500 + "isRead eq false" + ")" * 500  # grouping alone is no nesting
    assert compile_filter(parentheses, Message)(MESSAGE) is True


def test_numbers_and_datetimes_outside_the_accepted_range_are_refused() -> None:
    error = _rule("invalid_filter", "isRead eq " + "1" * 4_301, Message)
    assert f"at most {MAX_NUMBER_CHARS}" in error.message
    for literal in ("0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "1899-12-31"):
        error = _rule("invalid_filter", f"receivedDateTime gt {literal}", Message)
        assert "between 1900-01-01 and 2100-12-31" in error.message
    # a quoted value compared as a datetime never raises, whatever it holds
    assert compile_filter("receivedDateTime gt '0001-01-01T00:00:00+05:00'", Message)(MESSAGE)


EVENTS = [
    Event.model_validate(
        {
            "id": f"evt-{n}",
            "calendarId": "cal-1",
            "subject": subject,
            "start": {"dateTime": start, "timeZone": "UTC"},
            "end": {"dateTime": start, "timeZone": "UTC"},
            "organizer": {"emailAddress": {"name": name, "address": f"{name.lower()}@x.com"}},
            "importance": importance,
        }
    )
    for n, subject, start, name, importance in [
        (1, "b", "2001-10-16T10:00:00-05:00", "Zed", "low"),
        (2, "a", "2001-10-16T14:00:00Z", "Amy", "high"),
        (3, "c", "2001-10-15T09:00:00+02:00", "Bob", "normal"),
    ]
]


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        ("start", ["evt-3", "evt-2", "evt-1"]),  # by instant: 07:00Z, 14:00Z, 15:00Z
        ("start desc", ["evt-1", "evt-2", "evt-3"]),
        ("organizer", ["evt-2", "evt-3", "evt-1"]),  # a person sorts by name
        ("importance desc", ["evt-2", "evt-3", "evt-1"]),  # high > normal > low, not a-z
        ("importance, subject desc", ["evt-1", "evt-3", "evt-2"]),
        ("start/dateTime", ["evt-3", "evt-2", "evt-1"]),
    ],
)
def test_structured_fields_sort_by_their_meaning(order: str, expected: list[str]) -> None:
    assert [e.id for e in compile_order_by(order, Event)(EVENTS)] == expected


@pytest.mark.parametrize(
    ("order", "reason"),
    [
        ("attendees", "it is a list"),
        ("categories desc", "it is a list"),
        ("body", "its values have no order"),
        ("attendees/status/response", "it is a list"),
    ],
)
def test_unsortable_fields_are_refused_with_the_sortable_ones(order: str, reason: str) -> None:
    error = _rule("invalid_order_by", order, Event)
    assert reason in error.message
    assert "Sortable fields of Event:" in error.message
    assert "start, end" in error.message and "subject" in error.message


def test_sortable_fields_list_nested_objects_once() -> None:
    fields = sortable_fields(TodoTask)
    assert {"dueDateTime", "title", "importance", "body/content"} <= set(fields)
    assert "categories" not in fields and "checklistItems" not in fields


def test_order_by_takes_a_bounded_number_of_fields() -> None:
    compile_order_by(", ".join(["subject"] * MAX_ORDER_KEYS), Message)
    error = _rule("invalid_order_by", ", ".join(["subject"] * (MAX_ORDER_KEYS + 1)), Message)
    assert f"at most {MAX_ORDER_KEYS}" in error.message
