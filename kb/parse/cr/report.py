"""The account every part of the parser keeps: lines that went into no record, and problems found."""

from __future__ import annotations

from kb.model import Diagnostic, Skipped
from kb.parse.cr.lines import Line


def skipped_entry(source: str, line: int, reason: str, text: str, end_line: int = 0) -> Skipped:
    # A release has thousands of skipped lines (blank runs); a frozen dataclass's __init__ sets
    # each field through object.__setattr__, several times slower than filling its __dict__.
    item = object.__new__(Skipped)
    fields = item.__dict__
    fields["source"], fields["line"], fields["reason"] = source, line, reason
    fields["text"], fields["end_line"] = text, end_line
    return item


class Report:
    def __init__(self, source: str, ascii_trimmed: bool = False):
        self.source = source
        # Whether an ASCII line of the text needs only trimming (see `normalize.only_trimmed`):
        # known of the whole text at once, so the loops over lines skip the test line by line.
        self.ascii_trimmed = ascii_trimmed
        # The release records are dated with as they are made: "" until the effective date is read.
        self.release = ""
        self.skipped: list[Skipped] = []
        self.diagnostics: list[Diagnostic] = []

    def skip(self, line: Line, reason: str) -> None:
        self.skipped.append(skipped_entry(self.source, line.number, reason, line.raw))

    def skip_run(self, first: int, last: int, reason: str, text: str) -> None:
        """Lines `first`..`last`, all alike (blank): one entry; `text` is the first one's."""
        self.skipped.append(skipped_entry(self.source, first, reason, text, last if last > first else 0))

    def warn(self, line_number: int, message: str) -> None:
        self.diagnostics.append(Diagnostic(self.source, line_number, "warning", message))

    def error(self, line_number: int, message: str) -> None:
        self.diagnostics.append(Diagnostic(self.source, line_number, "error", message))
