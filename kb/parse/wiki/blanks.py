"""Long runs of blank lines, set aside before a page is read and given back afterwards.

The page reader looks lines up by position, so it holds every line; a file of millions of empty
lines would cost memory in proportion to its line count, not its content. A run of more than
`KEPT` blank lines is cut to `KEPT` for the reader (no reading depends on more of them), and once
the page is read every line number is moved back to where the line is in the file, and each run
cut is one skipped entry ("blank", its first and last line).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import replace

from kb.decode import iter_lines
from kb.model import Skipped, WikiPage
from kb.parse.wiki.text import clean

KEPT = 8


class Cuts:
    """Where runs were cut: after compact line `after[i]` (1-based), `removed[i]` lines went, the
    first of them line `first[i]` of the file."""

    def __init__(self) -> None:
        self.after: list[int] = []
        self.total: list[int] = []  # lines removed up to and including cut i
        self.first: list[int] = []
        self.removed: list[int] = []

    def add(self, after: int, first: int, removed: int) -> None:
        self.after.append(after)
        self.first.append(first)
        self.removed.append(removed)
        self.total.append((self.total[-1] if self.total else 0) + removed)

    def __bool__(self) -> bool:
        return bool(self.after)

    def line(self, compact: int) -> int:
        """The line of the file that compact line `compact` is."""
        index = bisect_left(self.after, compact)  # cuts strictly before this line
        return compact + (self.total[index - 1] if index else 0)


def compact_lines(text: str) -> tuple[list[str], Cuts, int]:
    """The page's lines with long blank runs cut, the cuts, and the file's line count (a final line
    break ends the last line rather than opening an empty one)."""
    lines: list[str] = []
    cuts = Cuts()
    count = run = 0
    for count, raw in enumerate(iter_lines(text), 1):
        if raw and clean(raw):
            if run > KEPT:
                cuts.add(len(lines), count - run + KEPT, run - KEPT)
            run = 0
            lines.append(raw)
            continue
        run += 1
        if run <= KEPT:
            lines.append(raw)
    if text.endswith(("\n", "\r")):
        # The empty string after the final line break is no line; it was kept only in a short run.
        if run <= KEPT:
            lines.pop()
        count -= 1
        run -= 1
    if run > KEPT:
        cuts.add(len(lines), count - run + KEPT + 1, run - KEPT)
    return (lines if text else []), cuts, (count if text else 0)


def restore_lines(page: WikiPage, cuts: Cuts, line_count: int) -> None:
    """Move every line number of `page` back to the file's, and report the cut runs as skipped."""
    at = cuts.line
    page.line_count = line_count
    page.headings = [replace(h, line=at(h.line)) for h in page.headings]
    page.prose = [(at(line), text) for line, text in page.prose]
    for quote in page.quotes:
        quote.line = at(quote.line)
        for rule in quote.rules:
            rule.line, rule.end_line = at(rule.line), at(rule.end_line) if rule.end_line else 0
            for example in rule.examples:
                example.line = at(example.line)
        for entry in quote.glossary:
            entry.line, entry.end_line = at(entry.line), at(entry.end_line) if entry.end_line else 0
    page.term_pairs = [replace(p, line=at(p.line)) for p in page.term_pairs]
    page.nav = [replace(n, line=at(n.line)) for n in page.nav]
    for example in page.examples:
        example.line = at(example.line)
    page.diagnostics = [replace(d, line=at(d.line)) for d in page.diagnostics]
    skipped = [replace(s, line=at(s.line), end_line=at(s.end_line) if s.end_line else 0) for s in page.skipped]
    for first, removed in zip(cuts.first, cuts.removed):
        skipped.append(Skipped(page.source, first, "blank", "", first + removed - 1 if removed > 1 else 0))
    skipped.sort(key=lambda s: s.line)
    page.skipped = skipped
