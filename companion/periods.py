"""Periods of the statistics -- this month, this year, all time, from one day to another --
in the group's time zone.

A game that ended at 00:30 on 1 March in Berlin belongs to March, though it was still
February in UTC. So a period is made of local days and turned into UTC bounds once; the
summaries keep their times in UTC as ISO text, so a game is in a period when its time
compares between the bounds as text -- no parsing per game.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import pytz  # type: ignore[import-untyped]  # no stubs installed

from .games.base import Msg, msg
from .markers import N_

KINDS = ("all", "month", "year", "range")
# The calendar a record's times live in. Import has always refused a time before 1970, so
# the new-game form must refuse it too (or a group's backup could not be restored); a
# statistics day is turned into UTC with its next day, which past 9998 leaves the calendar
# in some zone or other.
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
FIRST_DAY, LAST_DAY = EARLIEST.date(), date(9998, 12, 31)
OUTSIDE = msg(N_("Enter days from %(first)s to %(last)s."), first=FIRST_DAY.isoformat(),
              last=LAST_DAY.isoformat())
# A start a few minutes ahead is a phone's clock; more is a typing mistake.
AHEAD = timedelta(minutes=5)


# The regions of the tz database whose zones are places. Left out: "Factory" (no place,
# and unknown to pytz, which Flask-Babel formats times with), "localtime" (this machine's
# own setting, a link that means something else on another one) and the old aliases.
REGIONS = ("Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia",
           "Europe", "Indian", "Pacific")


def _loads(name: str) -> bool:
    try:
        ZoneInfo(name)
        pytz.timezone(name)
    except (ZoneInfoNotFoundError, ValueError, OSError, pytz.UnknownTimeZoneError):
        return False
    return True


@lru_cache(maxsize=1)
def zones() -> tuple[str, ...]:
    """The time zones offered for a group and accepted from a phone: UTC and every place
    this machine knows that both zoneinfo and pytz load, sorted."""
    return tuple(sorted(name for name in available_timezones()
                        if (name == "UTC" or name.split("/")[0] in REGIONS) and _loads(name)))


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    return frozenset(zones())


def is_zone(name: str | None) -> bool:
    return bool(name) and name in _known()


def zone(name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def utc_iso(moment: datetime) -> str:
    """As the records write times: UTC, to the second, so they compare as text."""
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def start_of(day: date, where: ZoneInfo) -> str:
    """The first moment of ``day`` in ``where``, as UTC text."""
    return utc_iso(datetime.combine(day, time(), tzinfo=where))


def parse_day(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value or "")
    except ValueError:
        return None


@dataclass(frozen=True)
class Period:
    kind: str = "all"
    since: str = ""  # UTC ISO, inclusive ("" = no bound)
    until: str = ""  # UTC ISO, exclusive
    first: date | None = None  # the local days it covers, for the page
    last: date | None = None

    def __contains__(self, when: str) -> bool:
        return (not self.since or when >= self.since) and (not self.until or when < self.until)

    @property
    def bounded(self) -> bool:
        return bool(self.since or self.until)


def between(first: date | None, last: date | None, where: ZoneInfo, kind: str = "range") -> Period:
    """Local days ``first`` to ``last``, both included (either may be open)."""
    return Period(kind, start_of(first, where) if first else "",
                  start_of(last + timedelta(days=1), where) if last else "", first, last)


def period(kind: str, where: ZoneInfo, now: datetime, first: str = "",
           last: str = "") -> tuple[Period, Msg | None]:
    """The period asked for, and a message when the request could not be read (then all
    time, so the page still answers)."""
    today = now.astimezone(where).date()
    if kind == "month":
        start = today.replace(day=1)
        return between(start, (start + timedelta(days=32)).replace(day=1) - timedelta(days=1),
                       where, kind), None
    if kind == "year":
        return between(date(today.year, 1, 1), date(today.year, 12, 31), where, kind), None
    if kind == "range" or first or last:
        a, b = parse_day(first), parse_day(last)
        if (first and a is None) or (last and b is None):
            return Period(), msg(N_("Enter the days as dates (YYYY-MM-DD)."))
        if any(day and not FIRST_DAY <= day <= LAST_DAY for day in (a, b)):
            return Period(), OUTSIDE
        if a and b and a > b:
            return Period(), msg(N_("The first day is after the last day."))
        try:
            return between(a, b, where), None
        except OverflowError:  # a zone whose offsets reach past the calendar's ends
            return Period(), OUTSIDE
    return Period(), None
