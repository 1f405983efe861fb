"""Where each line of a parsed page went: the records that hold it, rebuilt from the records
themselves (not from the parser's own bookkeeping), so that a test can check that every line is
in a record or skipped, and never both."""

from __future__ import annotations

from collections import defaultdict

from kb.model import WikiPage


def line_accounting(page: WikiPage) -> dict[int, list[str]]:
    """Line number -> the records holding it ("heading", "prose", "quote header", "rule 101.4",
    "glossary Jugador", "navigation", "page example"). Blank lines inside a multi-line record
    are skipped lines, not part of it. Lines absent from the map should all be in `page.skipped`."""
    held: dict[int, list[str]] = defaultdict(list)
    blank = {s.line for s in page.skipped if s.reason == "blank"}

    def span(first: int, last: int, what: str) -> None:
        for line in range(first, max(first, last) + 1):
            if line == first or line not in blank:
                held[line].append(what)

    for heading in page.headings:
        held[heading.line].append("heading")
    for line, _ in page.prose:
        held[line].append("prose")
    for quote in page.quotes:
        opens_rule = bool(quote.rules) and quote.rules[0].line == quote.line
        opens_entry = bool(quote.glossary) and quote.glossary[0].line == quote.line
        if not (opens_rule or opens_entry):
            held[quote.line].append("quote header")
        for rule in quote.rules:
            span(rule.line, rule.end_line or rule.line, f"{quote.document} {rule.id}")
        for entry in quote.glossary:
            span(entry.line, entry.end_line or entry.line, f"glossary {entry.term}")
    for line in sorted({entry.line for entry in page.nav}):
        held[line].append("navigation")
    for example in page.examples:
        held[example.line].append("page example")
    return dict(held)
