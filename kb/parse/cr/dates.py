"""The effective date a release states: "These rules are effective as of January 16, 2026."

Older releases say "current as of"; the date is read with English month names from Babel's
locale data, so the result does not depend on the machine's locale.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from babel.dates import get_month_names

_MONTHS: dict[str, int] = {}
for _width in ("wide", "abbreviated"):
    for _number, _name in get_month_names(_width, locale="en").items():
        _MONTHS[_name.lower().rstrip(".")] = _number
_MONTHS["sept"] = 9

_STATEMENT = re.compile(
    r"(?:these\s+rules\s+are\s+)?(?:effective|current|updated):?\s+(?:as\s+of|from|on)?\s*"
    r"(?P<date>"
    r"(?P<month>[A-Za-z]+)\.?\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})"
    r"|(?P<day2>\d{1,2})\s+(?P<month2>[A-Za-z]+)\.?,?\s+(?P<year2>\d{4})"
    r")\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class EffectiveDate:
    """`written` is the date as the file gives it; `iso` is "" when it names no real day,
    and `problem` then says why."""

    written: str
    iso: str
    problem: str = ""


def read_effective_date(text: str) -> EffectiveDate | None:
    """The date a line states the rules take effect, or None if the line states none."""
    match = _STATEMENT.match(text)
    if match is None:
        return None
    month_name = match["month"] or match["month2"]
    day = int(match["day"] or match["day2"])
    year = int(match["year"] or match["year2"])
    written = match["date"]
    month = _MONTHS.get(month_name.lower())
    if month is None:
        return EffectiveDate(written, "", f"{month_name!r} is not an English month name")
    try:
        return EffectiveDate(written, dt.date(year, month, day).isoformat())
    except ValueError as err:
        return EffectiveDate(written, "", f"{written!r} is no date ({err})")
