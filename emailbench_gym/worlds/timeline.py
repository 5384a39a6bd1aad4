"""A world's clock: its fixed "now", the mail window before it, the calendar horizon after it,
working hours and public holidays, with every datetime in the mailbox time zone.

Datetimes carry the fixed UTC offset that the zone has on that day (daylight saving is
applied per date through the tz database), so they serialise the way the shipped corpus
writes them (`2014-03-10T09:00:00-05:00`) and mean the same instant in any process.
Worlds are set in past years (2005-2019), whose time-zone rules no longer change.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone

from emailbench_gym.api.common import zone
from emailbench_gym.worlds.rng import Rng
from emailbench_gym.worlds.vocab.holidays import holidays

HORIZON_DAYS = 21  # the calendar runs three weeks past "now"
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


@dataclass(frozen=True)
class Timeline:
    time_zone: str  # the Windows zone name the settings use
    now: datetime
    first_day: date  # the first day with mail
    last_day: date  # the last day of the calendar horizon
    work_start: time
    work_end: time
    workdays: tuple[int, ...]  # 0 = Monday
    holidays: dict[date, str]

    def at(self, day: date, hour: int, minute: int = 0) -> datetime:
        """`day` at local `hour:minute`, with that day's UTC offset."""
        local = datetime.combine(day, time(hour, minute), tzinfo=zone(self.time_zone))
        offset = local.utcoffset()
        assert offset is not None
        return local.astimezone(timezone(offset))

    def local(self, moment: datetime) -> datetime:
        """An instant re-expressed with the mailbox zone's offset on its day."""
        there = moment.astimezone(zone(self.time_zone))
        offset = there.utcoffset()
        assert offset is not None
        return there.astimezone(timezone(offset))

    @property
    def today(self) -> date:
        return self.now.date()

    def is_workday(self, day: date) -> bool:
        return day.weekday() in self.workdays and day not in self.holidays

    def workdays_between(self, first: date, last: date) -> list[date]:
        days, day = [], first
        while day <= last:
            if self.is_workday(day):
                days.append(day)
            day += timedelta(days=1)
        return days

    def next_workday(self, day: date, skip: int = 0) -> date:
        """The first workday on or after `day`, then `skip` more."""
        while not self.is_workday(day):
            day += timedelta(days=1)
        for _ in range(skip):
            day += timedelta(days=1)
            while not self.is_workday(day):
                day += timedelta(days=1)
        return day

    def week_of(self, day: date) -> tuple[date, date]:
        """Monday and Sunday of `day`'s week."""
        monday = day - timedelta(days=day.weekday())
        return monday, monday + timedelta(days=6)


def build_timeline(rng: Rng, time_zone: str, country: str, span_days: int) -> Timeline:
    """A "now" on a working weekday morning in 2005-2019, `span_days` of mail before it."""
    hours = rng.choice(
        (
            ("08:00", "17:00"),
            ("09:00", "17:30"),
            ("08:30", "17:30"),
            ("09:00", "18:00"),
            ("07:30", "16:30"),
            ("08:00", "16:30"),
        )
    )
    work_start = time.fromisoformat(hours[0])
    work_end = time.fromisoformat(hours[1])
    workdays = (0, 1, 2, 3, 4) if rng.chance(0.92) else (0, 1, 2, 3)
    year = rng.randint(2005, 2019)
    day = date(year, 1, 1) + timedelta(days=rng.below(365))
    known = dict(
        holidays(
            country, day - timedelta(days=span_days + 7), day + timedelta(days=HORIZON_DAYS + 60)
        )
    )
    while day.weekday() not in workdays[:4] or day in known:
        day += timedelta(days=1)
    start_hour = max(work_start.hour, 8)
    minute = rng.choice((0, 0, 15, 30, 45))
    local_now = datetime.combine(day, time(start_hour, minute), tzinfo=zone(time_zone))
    offset = local_now.utcoffset()
    assert offset is not None
    now = local_now.astimezone(timezone(offset))
    first_day = day - timedelta(days=span_days)
    last_day = day + timedelta(days=HORIZON_DAYS)
    in_range = {
        d: name for d, name in known.items() if first_day - timedelta(days=7) <= d <= last_day
    }
    return Timeline(time_zone, now, first_day, last_day, work_start, work_end, workdays, in_range)
