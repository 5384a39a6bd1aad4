"""The 36 typed interfaces of the EmailBench API (pydantic v2).

Field names follow Microsoft Graph's camelCase so that tool arguments, filters
(`from/emailAddress/address`) and results read the same everywhere. Stored
entities are frozen: a change always produces a new object, which is what makes
the copy-on-write `Mailbox` and its instant `reset()` safe.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Importance = Literal["low", "normal", "high"]
FlagStatus = Literal["notFlagged", "flagged", "complete"]
ResponseType = Literal[
    "none", "organizer", "tentativelyAccepted", "accepted", "declined", "notResponded"
]
ShowAs = Literal["free", "tentative", "busy", "oof", "workingElsewhere", "unknown"]
TaskStatus = Literal["notStarted", "inProgress", "completed", "waitingOnOthers", "deferred"]
DayOfWeek = Literal["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]


class Model(BaseModel):
    """Base of every interface: frozen, camelCase, `from` spelled `from_` in Python."""

    model_config = ConfigDict(frozen=True, populate_by_name=True, extra="forbid")


# --- mail ------------------------------------------------------------------------------


class EmailAddress(Model):
    name: str = ""
    address: str


class Recipient(Model):
    emailAddress: EmailAddress


class ItemBody(Model):
    contentType: Literal["text", "html"] = "text"
    content: str = ""


class FollowupFlag(Model):
    flagStatus: FlagStatus = "notFlagged"
    dueDateTime: datetime | None = None


class Attachment(Model):
    id: str
    name: str
    contentType: str = "application/octet-stream"
    size: int = 0


class Message(Model):
    id: str
    conversationId: str
    parentFolderId: str
    subject: str = ""
    body: ItemBody = ItemBody()
    bodyPreview: str = ""
    from_: Recipient | None = Field(default=None, alias="from")
    toRecipients: list[Recipient] = []
    ccRecipients: list[Recipient] = []
    bccRecipients: list[Recipient] = []
    receivedDateTime: datetime
    sentDateTime: datetime | None = None
    isRead: bool = False
    isDraft: bool = False
    importance: Importance = "normal"
    flag: FollowupFlag = FollowupFlag()
    categories: list[str] = []
    hasAttachments: bool = False
    attachments: list[Attachment] = []
    inReplyTo: str | None = None


class MailFolder(Model):
    id: str
    displayName: str
    parentFolderId: str | None = None
    wellKnownName: str | None = None


class MessageRulePredicates(Model):
    fromAddresses: list[str] = []
    senderContains: list[str] = []
    subjectContains: list[str] = []
    bodyContains: list[str] = []
    importance: Importance | None = None


class MessageRuleActions(Model):
    moveToFolder: str | None = None
    markAsRead: bool = False
    markImportance: Importance | None = None
    assignCategories: list[str] = []
    delete: bool = False
    forwardTo: list[str] = []
    stopProcessingRules: bool = False


class MessageRule(Model):
    id: str
    displayName: str
    sequence: int = 1
    isEnabled: bool = True
    conditions: MessageRulePredicates = MessageRulePredicates()
    actions: MessageRuleActions = MessageRuleActions()


class BatchMoveResult(Model):
    destinationId: str
    succeeded: list[str]
    failed: list[str]
    errors: dict[str, str] = {}


# --- calendar --------------------------------------------------------------------------


class DateTimeTimeZone(Model):
    dateTime: datetime
    timeZone: str = "UTC"


class Location(Model):
    displayName: str = ""


class ResponseStatus(Model):
    response: ResponseType = "none"
    time: datetime | None = None


class Attendee(Model):
    emailAddress: EmailAddress
    type: Literal["required", "optional", "resource"] = "required"
    status: ResponseStatus = ResponseStatus()


class Event(Model):
    id: str
    calendarId: str
    subject: str
    body: ItemBody = ItemBody()
    start: DateTimeTimeZone
    end: DateTimeTimeZone
    location: Location = Location()
    organizer: Recipient
    attendees: list[Attendee] = []
    isAllDay: bool = False
    isCancelled: bool = False
    isOnlineMeeting: bool = False
    showAs: ShowAs = "busy"
    importance: Importance = "normal"
    categories: list[str] = []
    responseStatus: ResponseStatus = ResponseStatus(response="organizer")
    isReminderOn: bool = True
    reminderMinutesBeforeStart: int = 15


class Calendar(Model):
    id: str
    name: str
    color: str = "auto"
    isDefaultCalendar: bool = False
    canEdit: bool = True
    owner: EmailAddress


class Reminder(Model):
    eventId: str
    eventSubject: str
    eventStartTime: DateTimeTimeZone
    reminderFireTime: DateTimeTimeZone
    location: Location = Location()


class TimeSlot(Model):
    start: DateTimeTimeZone
    end: DateTimeTimeZone


class MeetingTimeSuggestion(Model):
    meetingTimeSlot: TimeSlot
    confidence: float
    attendeeAvailability: dict[str, ShowAs] = {}


class ScheduleItem(Model):
    start: DateTimeTimeZone
    end: DateTimeTimeZone
    status: ShowAs
    subject: str = ""


class ScheduleInformation(Model):
    scheduleId: str
    scheduleItems: list[ScheduleItem] = []
    workingHours: WorkingHours | None = None


# --- contacts, identity ----------------------------------------------------------------


class Contact(Model):
    id: str
    displayName: str
    givenName: str = ""
    surname: str = ""
    emailAddresses: list[EmailAddress] = []
    businessPhones: list[str] = []
    mobilePhone: str | None = None
    jobTitle: str = ""
    department: str = ""
    companyName: str = ""
    officeLocation: str = ""
    categories: list[str] = []
    personalNotes: str = ""


class ContactGroup(Model):
    id: str
    displayName: str
    memberIds: list[str] = []


class User(Model):
    id: str
    displayName: str
    mail: str
    jobTitle: str = ""
    department: str = ""
    companyName: str = ""
    officeLocation: str = ""
    managerId: str | None = None
    userType: Literal["member", "guest", "system"] = "member"


# --- todo, boards ----------------------------------------------------------------------


class ChecklistItem(Model):
    id: str
    displayName: str
    isChecked: bool = False


class TodoList(Model):
    id: str
    displayName: str
    isOwner: bool = True
    wellknownListName: Literal["none", "defaultList", "flaggedEmails"] = "none"


class TodoTask(Model):
    id: str
    listId: str
    title: str
    body: ItemBody = ItemBody()
    status: TaskStatus = "notStarted"
    importance: Importance = "normal"
    createdDateTime: datetime
    dueDateTime: DateTimeTimeZone | None = None
    completedDateTime: DateTimeTimeZone | None = None
    reminderDateTime: DateTimeTimeZone | None = None
    categories: list[str] = []
    checklistItems: list[ChecklistItem] = []
    linkedMessageId: str | None = None


class Board(Model):
    id: str
    name: str
    description: str = ""
    ownerId: str


class BoardColumn(Model):
    id: str
    boardId: str
    name: str
    order: int


class BoardTask(Model):
    id: str
    boardId: str
    columnId: str
    title: str
    description: str = ""
    assigneeIds: list[str] = []
    dueDateTime: datetime | None = None
    priority: Literal["low", "medium", "high", "urgent"] = "medium"
    labels: list[str] = []


# --- settings --------------------------------------------------------------------------


class AutomaticReplies(Model):
    status: Literal["disabled", "alwaysEnabled", "scheduled"] = "disabled"
    externalAudience: Literal["none", "contactsOnly", "all"] = "all"
    internalReplyMessage: str = ""
    externalReplyMessage: str = ""
    scheduledStartDateTime: DateTimeTimeZone | None = None
    scheduledEndDateTime: DateTimeTimeZone | None = None


class WorkingHours(Model):
    daysOfWeek: list[DayOfWeek] = ["monday", "tuesday", "wednesday", "thursday", "friday"]
    startTime: str = "08:00"
    endTime: str = "17:00"
    timeZone: str = "Central Standard Time"


class MailboxSettings(Model):
    automaticRepliesSetting: AutomaticReplies = AutomaticReplies()
    workingHours: WorkingHours = WorkingHours()
    timeZone: str = "Central Standard Time"
    language: str = "en-US"
    dateFormat: str = "M/d/yyyy"
    timeFormat: str = "h:mm tt"
    signature: str = ""


class Label(Model):
    id: str
    displayName: str
    color: str = "preset0"


# --- evaluation ------------------------------------------------------------------------


class APISnapshot(Model):
    """Every collection of the workspace at one moment: what the static graders inspect."""

    now: datetime
    me: User
    messages: list[Message]
    folders: list[MailFolder]
    filters: list[MessageRule]
    events: list[Event]
    calendars: list[Calendar]
    contacts: list[Contact]
    contact_groups: list[ContactGroup]
    todo_lists: list[TodoList]
    todo_tasks: list[TodoTask]
    boards: list[Board]
    board_columns: list[BoardColumn]
    board_tasks: list[BoardTask]
    users: list[User]
    labels: list[Label]
    settings: MailboxSettings


ScheduleInformation.model_rebuild()

INTERFACES: tuple[type[Model], ...] = (
    EmailAddress,
    Recipient,
    ItemBody,
    FollowupFlag,
    Attachment,
    Message,
    MailFolder,
    MessageRulePredicates,
    MessageRuleActions,
    MessageRule,
    BatchMoveResult,
    DateTimeTimeZone,
    Location,
    ResponseStatus,
    Attendee,
    Event,
    Calendar,
    Reminder,
    TimeSlot,
    MeetingTimeSuggestion,
    ScheduleItem,
    ScheduleInformation,
    Contact,
    ContactGroup,
    User,
    ChecklistItem,
    TodoList,
    TodoTask,
    Board,
    BoardColumn,
    BoardTask,
    AutomaticReplies,
    WorkingHours,
    MailboxSettings,
    Label,
    APISnapshot,
)
assert len(INTERFACES) == 36
