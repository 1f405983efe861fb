"""The account every part of the parser keeps: lines that went into no record, and problems found."""

from __future__ import annotations

from kb.model import Diagnostic, Skipped
from kb.parse.cr.lines import Line


class Report:
    def __init__(self, source: str):
        self.source = source
        self.skipped: list[Skipped] = []
        self.diagnostics: list[Diagnostic] = []

    def skip(self, line: Line, reason: str) -> None:
        self.skipped.append(Skipped(self.source, line.number, reason, line.raw))

    def skip_run(self, first: int, last: int, reason: str, text: str) -> None:
        """Lines `first`..`last`, all alike (blank): one entry; `text` is the first one's."""
        self.skipped.append(Skipped(self.source, first, reason, text, last if last > first else 0))

    def warn(self, line_number: int, message: str) -> None:
        self.diagnostics.append(Diagnostic(self.source, line_number, "warning", message))

    def error(self, line_number: int, message: str) -> None:
        self.diagnostics.append(Diagnostic(self.source, line_number, "error", message))
