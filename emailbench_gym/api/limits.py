"""Argument types with their size limits: the one source for the schemas and for validation.

Every tool parameter is typed with one of these aliases, so its JSON Schema states the
limit (`maxLength`, `maxItems`, `minimum`, `maximum`) and validating the arguments enforces
it, with an error naming the argument and the limit. The registry refuses, at import, a
parameter whose string, list or integer has no bound (`unbounded`).

The limits are generous for real work (a 50,000-character note or description, 500 recipients
as Exchange allows, 1,000 ids in one batch) and small enough that anything computed from an
agent's arguments (search, filters, grading) stays fast. Text that is sent (a message body, a
reply's or a notice's comment) is read by grading as claims, as a final answer is, so it has
the claims reader's limit, `WRITTEN_CHARS`: one number for the schemas, the tools' errors and
the grader (a longer final answer, which no schema bounds, fails unread).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, Field

from emailbench_gym.api.models import DayOfWeek

ID_CHARS = 256
NAME_CHARS = 255  # subjects, titles, display names: Outlook's subject limit
ADDRESS_CHARS = 320  # the longest valid email address (RFC 3696)
QUERY_CHARS = 500
FILTER_CHARS = 4_000
ORDER_BY_CHARS = 300
TEXT_CHARS = 50_000  # notes, descriptions, automatic replies
#: Sent text and final answers: the most the claims reader reads (grading/claims/analysis.py).
WRITTEN_CHARS = 8_000
#: All text one episode may send (four full bodies; the longest reference sends 283): grading
#: reads each sent text for retractions and claims, so an episode's grading stays bounded.
SENT_CHARS = 32_000
SIGNATURE_CHARS = 10_000
SHORT_CHARS = 100  # phone numbers, colors, locales, time zones, clock times
RECIPIENTS = 500  # addresses in one list: Exchange's per-message recipient limit
IDS = 1_000  # ids in one batch call
NAMES = 100  # labels, phrases, columns in one call
MAX_TOP = 100
MAX_SKIP = 1_000_000
FIRST_DATETIME = datetime(1900, 1, 1)
LAST_DATETIME = datetime(2100, 12, 31, 23, 59, 59)


def _in_range(value: datetime) -> datetime:
    """Refuse datetimes outside 1900-2100 (whose offsets would overflow near years 1 and 9999)."""
    wall = value.replace(tzinfo=None)
    if not FIRST_DATETIME <= wall <= LAST_DATETIME:
        raise ValueError(
            f"datetimes must lie between {FIRST_DATETIME:%Y-%m-%d} and {LAST_DATETIME:%Y-%m-%d}"
        )
    return value


Id = Annotated[str, Field(max_length=ID_CHARS)]
Name = Annotated[str, Field(max_length=NAME_CHARS)]
Address = Annotated[str, Field(max_length=ADDRESS_CHARS)]
Query = Annotated[str, Field(max_length=QUERY_CHARS)]
FilterText = Annotated[str, Field(max_length=FILTER_CHARS)]
OrderByText = Annotated[str, Field(max_length=ORDER_BY_CHARS)]
Text = Annotated[str, Field(max_length=TEXT_CHARS)]
Written = Annotated[str, Field(max_length=WRITTEN_CHARS)]
Signature = Annotated[str, Field(max_length=SIGNATURE_CHARS)]
Short = Annotated[str, Field(max_length=SHORT_CHARS)]

Addresses = Annotated[list[Address], Field(max_length=RECIPIENTS)]
Ids = Annotated[list[Id], Field(max_length=IDS)]
Names = Annotated[list[Name], Field(max_length=NAMES)]
Days = Annotated[list[DayOfWeek], Field(max_length=7)]

Top = Annotated[int, Field(ge=1, le=MAX_TOP)]
Skip = Annotated[int, Field(ge=0, le=MAX_SKIP)]
Minutes = Annotated[int, Field(ge=0, le=40_320)]  # four weeks, as Outlook allows reminders
Duration = Annotated[int, Field(ge=1, le=1_440)]  # minutes: up to a day
Position = Annotated[int, Field(ge=1, le=10_000)]

DateTime = Annotated[datetime, AfterValidator(_in_range)]


def unbounded(schema: Any, where: str = "") -> list[str]:
    """Paths in a JSON Schema where a string, list or integer has no size bound."""
    if not isinstance(schema, dict):
        return []
    found: list[str] = []
    kind = schema.get("type")
    if kind == "string" and "enum" not in schema and "format" not in schema:
        if "maxLength" not in schema:
            found.append(where or "(value)")
    elif kind == "array":
        if "maxItems" not in schema:
            found.append(where or "(value)")
        found += unbounded(schema.get("items"), f"{where}[]")
    elif kind == "integer" and ("minimum" not in schema or "maximum" not in schema):
        found.append(where or "(value)")
    for branch in schema.get("anyOf", []):
        found += unbounded(branch, where)
    return found
