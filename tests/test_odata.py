"""The OData filter / orderBy subset: every operator, lambdas, nested paths, and errors that quote the token."""

from __future__ import annotations

import pytest

from emailbench_gym.api.models import Message
from emailbench_gym.api.odata import compile_filter, compile_order_by
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
