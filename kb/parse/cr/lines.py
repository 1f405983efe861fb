"""What each line of a rules file is, on its own, before the reader decides what it means where
it stands: blank, a numbered line, an example, a heading, the effective-date statement, or text."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from kb.parse.cr.dates import EffectiveDate, read_effective_date
from kb.parse.cr.normalize import clean
from kb.parse.cr.rules import NumberedLine, looks_numbered, match_numbered


class LineKind(enum.Enum):
    BLANK = "blank"
    NUMBERED = "numbered"
    # Starts like a rule number the numbering cannot give ("101.4aaaa Text", "101.99999999.").
    MALFORMED = "malformed number"
    EXAMPLE = "example"
    HEADING = "heading"
    EFFECTIVE = "effective date"
    TEXT = "text"


# The document's own headings, by the name the reader knows them by.
HEADINGS = {
    "introduction": "Introduction",
    "contents": "Contents",
    "table of contents": "Contents",
    "glossary": "Glossary",
    "credits": "Credits",
    "questions?": "Questions?",
}
_EXAMPLE = re.compile(r"Examples?[ ]*:[ ]*")
# Long lines are prose; skip the costlier tests on them (a 5 MB line must stay cheap).
_SHORT = 200
_HEADING_MAX = max(map(len, HEADINGS)) + 2


@dataclass(slots=True)
class Line:
    """`number` is 1-based; `text` is the cleaned line; `numbered`, `heading`, `effective` and
    `example` are set for the matching kinds (`example` is the text after the label)."""

    number: int
    raw: str
    text: str
    kind: LineKind
    numbered: NumberedLine | None = None
    heading: str = ""
    effective: EffectiveDate | None = None
    example: str = ""


def heading_of(text: str) -> str | None:
    """The document heading a short cleaned line is ("Glossary", "Credits", ...), or None."""
    return HEADINGS.get(text.lower().rstrip(":").strip())


def classify(number: int, raw: str, text: str | None = None, dates: bool = True) -> Line:
    """What line `number` is; `text` is `clean(raw)` when the caller has it already. With `dates`
    False the effective-date statement is not looked for (inside the rules and the glossary it
    means nothing more than any text)."""
    if text is None:
        text = clean(raw)
    if not text:
        return Line(number, raw, text, LineKind.BLANK)
    first = text[0]
    if first.isdigit():
        numbered = match_numbered(text)
        if numbered is not None:
            return Line(number, raw, text, LineKind.NUMBERED, numbered)
        if looks_numbered(text):
            return Line(number, raw, text, LineKind.MALFORMED)
        return Line(number, raw, text, LineKind.TEXT)
    if first == "E" and text.startswith("Example"):
        label = _EXAMPLE.match(text)
        if label is not None:
            return Line(number, raw, text, LineKind.EXAMPLE, example=text[label.end() :])
    size = len(text)
    if size <= _HEADING_MAX:
        heading = heading_of(text)
        if heading is not None:
            return Line(number, raw, text, LineKind.HEADING, heading=heading)
    if dates and size < _SHORT:
        effective = read_effective_date(text)
        if effective is not None:
            return Line(number, raw, text, LineKind.EFFECTIVE, effective=effective)
    return Line(number, raw, text, LineKind.TEXT)
