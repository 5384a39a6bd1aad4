"""Public holidays by country: fixed dates, n-th weekdays of a month, and days relative to Easter."""

from __future__ import annotations

from datetime import date, timedelta

# (month, day, name)
Fixed = tuple[int, int, str]
# (month, weekday 0=Monday, n (1-based, -1 = last), name)
Nth = tuple[int, int, int, str]
# (days after Easter Sunday, name)
Easter = tuple[int, str]

# fmt: off
FIXED: dict[str, tuple[Fixed, ...]] = {
    "US": ((1, 1, "New Year's Day"), (7, 4, "Independence Day"), (11, 11, "Veterans Day"),
           (12, 25, "Christmas Day")),
    "UK": ((1, 1, "New Year's Day"), (12, 25, "Christmas Day"), (12, 26, "Boxing Day")),
    "DE": ((1, 1, "Neujahr"), (5, 1, "Tag der Arbeit"), (10, 3, "Tag der Deutschen Einheit"),
           (12, 25, "1. Weihnachtstag"), (12, 26, "2. Weihnachtstag")),
    "AT": ((1, 1, "Neujahr"), (1, 6, "Heilige Drei Könige"), (5, 1, "Staatsfeiertag"),
           (8, 15, "Mariä Himmelfahrt"), (10, 26, "Nationalfeiertag"), (11, 1, "Allerheiligen"),
           (12, 8, "Mariä Empfängnis"), (12, 25, "Christtag"), (12, 26, "Stefanitag")),
    "CH": ((1, 1, "New Year's Day"), (8, 1, "Swiss National Day"), (12, 25, "Christmas Day"),
           (12, 26, "St. Stephen's Day")),
    "NL": ((4, 27, "King's Day"), (5, 5, "Liberation Day"), (12, 25, "Christmas Day"),
           (12, 26, "Second Day of Christmas"), (1, 1, "New Year's Day")),
    "SE": ((1, 1, "New Year's Day"), (1, 6, "Epiphany"), (5, 1, "May Day"),
           (6, 6, "National Day of Sweden"), (12, 24, "Christmas Eve"), (12, 25, "Christmas Day"),
           (12, 26, "Boxing Day"), (12, 31, "New Year's Eve")),
    "IT": ((1, 1, "Capodanno"), (1, 6, "Epifania"), (4, 25, "Festa della Liberazione"),
           (5, 1, "Festa del Lavoro"), (6, 2, "Festa della Repubblica"), (8, 15, "Ferragosto"),
           (11, 1, "Ognissanti"), (12, 8, "Immacolata Concezione"), (12, 25, "Natale"),
           (12, 26, "Santo Stefano")),
    "JP": ((1, 1, "New Year's Day"), (2, 11, "National Foundation Day"), (4, 29, "Showa Day"),
           (5, 3, "Constitution Memorial Day"), (5, 4, "Greenery Day"), (5, 5, "Children's Day"),
           (11, 3, "Culture Day"), (11, 23, "Labour Thanksgiving Day")),
}
NTH: dict[str, tuple[Nth, ...]] = {
    "US": ((1, 0, 3, "Martin Luther King Jr. Day"), (2, 0, 3, "Presidents' Day"),
           (5, 0, -1, "Memorial Day"), (9, 0, 1, "Labor Day"), (10, 0, 2, "Columbus Day"),
           (11, 3, 4, "Thanksgiving Day")),
    "UK": ((5, 0, 1, "Early May Bank Holiday"), (5, 0, -1, "Spring Bank Holiday"),
           (8, 0, -1, "Summer Bank Holiday")),
    "JP": ((1, 0, 2, "Coming of Age Day"), (7, 0, 3, "Marine Day"),
           (9, 0, 3, "Respect for the Aged Day"), (10, 0, 2, "Health and Sports Day")),
}
EASTER: dict[str, tuple[Easter, ...]] = {
    "UK": ((-2, "Good Friday"), (1, "Easter Monday")),
    "DE": ((-2, "Karfreitag"), (1, "Ostermontag"), (39, "Christi Himmelfahrt"), (50, "Pfingstmontag")),
    "AT": ((1, "Ostermontag"), (39, "Christi Himmelfahrt"), (50, "Pfingstmontag"), (60, "Fronleichnam")),
    "CH": ((-2, "Good Friday"), (1, "Easter Monday"), (39, "Ascension Day"), (50, "Whit Monday")),
    "NL": ((-2, "Good Friday"), (1, "Easter Monday"), (39, "Ascension Day"), (50, "Whit Monday")),
    "SE": ((-2, "Good Friday"), (1, "Easter Monday"), (39, "Ascension Day")),
    "IT": ((1, "Pasquetta"),),
}
# fmt: on


def easter_sunday(year: int) -> date:
    """Western Easter (the anonymous Gregorian algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    m = (32 + 2 * e + 2 * i - h - k) % 7
    n = (a + 11 * h + 22 * m) // 451
    month, day = divmod(h + m - 7 * n + 114, 31)
    return date(year, month, day + 1)


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    following = date(year + month // 12, month % 12 + 1, 1)
    last = following - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def holidays(country: str, first: date, last: date) -> list[tuple[date, str]]:
    """The country's public holidays in [first, last], in date order."""
    found: dict[date, str] = {}
    for year in range(first.year, last.year + 1):
        for month, day, name in FIXED.get(country, ()):
            found.setdefault(date(year, month, day), name)
        for month, weekday, n, name in NTH.get(country, ()):
            found.setdefault(_nth_weekday(year, month, weekday, n), name)
        easter = easter_sunday(year)
        for offset, name in EASTER.get(country, ()):
            found.setdefault(easter + timedelta(days=offset), name)
    return sorted((d, name) for d, name in found.items() if first <= d <= last)
