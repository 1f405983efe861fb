"""The lines of one page and the account of each: which record took it, or why it was skipped.

Every line is claimed exactly once while the page is read. A line may feed two records only
where the page glued them together ("…simultáneamente.- 101.4a …"); such lines are marked shared.
"""

from __future__ import annotations

from kb.model import Diagnostic, Skipped, WikiPage
from kb.parse.wiki.text import clean

BLANK = "blank"


class PageLines:
    def __init__(self, raw: list[str], page: WikiPage):
        self.raw = raw
        self.page = page
        self.source = page.source
        self._clean: list[str | None] = [None] * len(raw)
        self.claims: dict[int, str] = {}
        self.shared: set[int] = set()

    def __len__(self) -> int:
        return len(self.raw)

    def text(self, index: int) -> str:
        """Line `index` (0-based) with plain spaces, trimmed."""
        cached = self._clean[index]
        if cached is None:
            cached = self._clean[index] = clean(self.raw[index])
        return cached

    def is_blank(self, index: int) -> bool:
        return not self.text(index)

    def next_nonblank(self, index: int) -> int | None:
        """The first non-blank line at or after `index`."""
        while index < len(self.raw):
            if self.text(index):
                return index
            index += 1
        return None

    def previous_is_blank(self, index: int) -> bool:
        return index == 0 or self.is_blank(index - 1)

    def next_is_blank(self, index: int) -> bool:
        return index + 1 >= len(self.raw) or self.is_blank(index + 1)

    def claim(self, index: int, record: str) -> None:
        if index in self.claims and index not in self.shared:
            self.error(index, f"line taken twice ({self.claims[index]}, then {record})")
        self.claims.setdefault(index, record)

    def share(self, index: int) -> None:
        """The line holds more than one record (glued in the copy)."""
        self.shared.add(index)

    def skip(self, index: int, reason: str) -> None:
        self.page.skipped.append(Skipped(self.source, index + 1, reason, self.raw[index]))
        self.claim(index, f"skipped: {reason}")

    def skip_blank(self, index: int) -> None:
        self.skip(index, BLANK)

    def warn(self, index: int, message: str) -> None:
        self.page.diagnostics.append(Diagnostic(self.source, index + 1, "warning", message))

    def error(self, index: int, message: str) -> None:
        self.page.diagnostics.append(Diagnostic(self.source, index + 1, "error", message))

    def unclaimed(self) -> list[int]:
        return [i for i in range(len(self.raw)) if i not in self.claims]
