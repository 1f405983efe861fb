"""The glossary: each entry is a term line followed by its definition lines, up to a blank line.

Definitions with several senses write them as "1. ...", "2. ..." lines, often closed by a
"See rule ..." line for all of them; every definition line is kept, as written, as one element
of `senses`, so `GlossaryEntry.text` gives the definition back line for line. A term such as
"Active Player, Nonactive Player Order" is one term: commas do not split it.
"""

from __future__ import annotations

from kb.model import GlossaryEntry
from kb.parse.cr.lines import Line
from kb.parse.cr.report import Report


class Glossary:
    def __init__(self, report: Report):
        self.report = report
        self.entries: list[GlossaryEntry] = []
        self._open: GlossaryEntry | None = None
        self._terms: dict[str, int] = {}

    def line(self, line: Line) -> None:
        self.add(line.number, line.text)

    def add(self, number: int, text: str) -> None:
        """Line `number`, cleaned to `text`: a term if no entry is open, else a line of its definition."""
        if self._open is None:
            self._open = GlossaryEntry(text, [], "", "en", self.report.source, number)
            self.entries.append(self._open)
            first = self._terms.setdefault(text.casefold(), number)
            if first != number:
                self.report.warn(number, f"glossary term {text!r} again (first at line {first})")
        else:
            self._open.senses.append(text)

    def at_term(self) -> bool:
        """Whether the next line starts an entry (is a term)."""
        return self._open is None

    def blank(self) -> None:
        self.close()

    def close(self) -> None:
        entry, self._open = self._open, None
        if entry is not None and not entry.senses:
            self.report.warn(entry.line, f"glossary term {entry.term!r} has no definition")
