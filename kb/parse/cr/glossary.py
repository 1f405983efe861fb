"""The glossary: each entry is a term line followed by its definition lines, up to a blank line.

Definitions with several senses write them as "1. ...", "2. ..." lines, often closed by a
"See rule ..." line for all of them; every definition line is kept, as written, as one element
of `senses`, so `GlossaryEntry.text` gives the definition back line for line (the lines of a
hard-wrapped release are then joined into paragraphs: `kb.parse.cr.wrapping`). A term such as
"Active Player, Nonactive Player Order" is one term: commas do not split it.
"""

from __future__ import annotations

import re

from collections.abc import Callable, Iterator

from kb.model import GlossaryEntry, Skipped
from kb.parse.cr.lines import _HEADING_MAX, Line, heading_of
from kb.parse.cr.normalize import _BOM_AS_CP1252, clean, only_trimmed
from kb.parse.cr.report import Report


# A term run into its first numbered sense, the line break between them lost ("Ability1. Text on
# an object ..." in 2021-06-09).
_GLUED_SENSE = re.compile(r"(.*[^\W\d_][\"\u201d')]?)(1\. [^\W\d_].*)")


def glued_sense(text: str) -> tuple[str, str] | None:
    """The term and its first sense, when a term line holds both (see `_GLUED_SENSE`).

    >>> glued_sense("Ability1. Text on an object that explains what that object does.")
    ('Ability', '1. Text on an object that explains what that object does.')
    >>> glued_sense("Active Player, Nonactive Player Order") is None
    True
    """
    if "1. " not in text:
        return None
    match = _GLUED_SENSE.fullmatch(text)
    return (match[1], match[2]) if match else None


class Glossary:
    def __init__(self, report: Report):
        self.report = report
        self.entries: list[GlossaryEntry] = []
        self._open: GlossaryEntry | None = None
        self._terms: dict[str, int] = {}
        # Entries whose term line holds their first sense too: their definition ends a line sooner
        # than their count of senses says (`close` writes `end_line`).
        self._glued: list[GlossaryEntry] = []

    def line(self, line: Line) -> None:
        self.add(line.number, line.text)

    def add(self, number: int, text: str) -> None:
        """Line `number`, cleaned to `text`: a term if no entry is open, else a line of its definition."""
        if self._open is None:
            glued = glued_sense(text)
            term = glued[0] if glued else text
            self._open = GlossaryEntry(term, [], self.report.release, "en", self.report.source, number)
            self.entries.append(self._open)
            first = self._terms.setdefault(term.casefold(), number)
            if first != number:
                self.report.warn(number, f"glossary term {term!r} again (first at line {first})")
            if glued:
                self._split_glued(self._open, glued[1])
        else:
            self._open.senses.append(text)

    def _split_glued(self, entry: GlossaryEntry, sense: str) -> None:
        entry.senses.append(sense)
        self._glued.append(entry)
        self.report.warn(entry.line, f"glossary term {entry.term!r} runs into its first sense "
                                     f"{sense[:30]!r} (line break lost): read as the term and its sense")

    def read_lines(self, lines: Iterator[tuple[int, str]], number: int,
                   other: Callable[[int, str, str], bool]) -> tuple[int, tuple[int, str] | None]:
        """Read numbered lines `(number, raw)` of the glossary until `other` says it is over: blank
        runs and the lines of terms and definitions are taken here; a line that starts with a
        digit or is the "Credits" heading goes to `other(number, raw, text)`, which returns False
        once the line has ended the glossary. Returns what `RuleTree.read_lines` returns."""
        report = self.report
        source, add_skipped, warn = report.source, report.skipped.append, report.warn
        bom, heading_max, ascii_trimmed = _BOM_AS_CP1252, _HEADING_MAX, report.ascii_trimmed
        entry_type, entries_append, terms = GlossaryEntry, self.entries.append, self._terms
        new_object, release, skipped_type = object.__new__, report.release, Skipped
        blank_from, blank_raw = 0, ""
        # The open entry, held in a local variable and written back around `other`.
        entry = self._open
        for number, raw in lines:
            # Most blank lines are empty and need no cleaning.
            text = (raw.strip() if (raw.isascii() and (ascii_trimmed or only_trimmed(raw))
                                    or raw.isprintable() and not raw.startswith(bom)) else clean(raw)) if raw else ""
            if not text:
                if not blank_from:
                    blank_from, blank_raw = number, raw
                    if entry is not None:  # `close`, inlined
                        if not entry.senses:
                            warn(entry.line, f"glossary term {entry.term!r} has no definition")
                        entry = None
                continue
            if blank_from:
                # `skipped_entry`, inlined (see `RuleTree.read_lines`)
                item = new_object(skipped_type)
                fields = item.__dict__
                fields["source"] = source
                fields["line"] = blank_from
                fields["reason"] = "blank"
                fields["text"] = blank_raw
                last = number - 1
                fields["end_line"] = last if last > blank_from else 0
                add_skipped(item)
                blank_from = 0
            first = text[0]
            # Only a line that starts with "C" can be the "Credits" heading.
            if not first.isdigit() and (first not in "Cc" or len(text) > heading_max or heading_of(text) != "Credits"):
                if entry is None:  # `add`, inlined, and `GlossaryEntry(...)` set field by field
                    glued = glued_sense(text) if "1. " in text else None
                    term = glued[0] if glued else text
                    entry = new_object(entry_type)
                    entry.term, entry.senses, entry.release, entry.lang = term, [], release, "en"
                    entry.source, entry.line, entry.end_line = source, number, 0
                    entries_append(entry)
                    first_at = terms.setdefault(term.casefold(), number)
                    if first_at != number:
                        warn(number, f"glossary term {term!r} again (first at line {first_at})")
                    if glued:
                        self._split_glued(entry, glued[1])
                else:
                    entry.senses.append(text)
                continue
            self._open = entry
            going_on = other(number, raw, text)
            entry = self._open
            if not going_on:
                return number, None
        self._open = entry
        return number, (blank_from, blank_raw)

    def at_term(self) -> bool:
        """Whether the next line starts an entry (is a term)."""
        return self._open is None

    def blank(self) -> None:
        self.close()

    def close(self) -> None:
        entry, self._open = self._open, None
        if entry is not None and not entry.senses:
            self.report.warn(entry.line, f"glossary term {entry.term!r} has no definition")
        for glued in self._glued:
            glued.end_line = glued.line + len(glued.senses) - 1
