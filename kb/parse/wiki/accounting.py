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
    blank = {n for s in page.skipped if s.reason == "blank" for n in range(s.line, max(s.end_line, s.line) + 1)}

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


def check_accounting(page: WikiPage) -> list[str]:
    """What is wrong with the account of the page's lines: a line in no record and not skipped,
    in a record and skipped too, skipped twice, or held by two records where the page did not
    glue them together. Empty when every line is in exactly one place."""
    problems: list[str] = []
    held = line_accounting(page)
    skipped: dict[int, str] = {}
    for item in page.skipped:
        for line in range(item.line, max(item.end_line, item.line) + 1):
            if line in skipped:
                problems.append(f"line {line} skipped twice ({skipped[line]}, {item.reason})")
            skipped[line] = item.reason
    glued = {d.line for d in page.diagnostics if "glued" in d.message}
    for line in range(1, page.line_count + 1):
        records = held.get(line, [])
        if not records and line not in skipped:
            problems.append(f"line {line} is in no record and not skipped")
        elif records and line in skipped:
            problems.append(f"line {line} is in {', '.join(records)} and skipped ({skipped[line]})")
        elif len(records) > 1 and line not in glued:
            problems.append(f"line {line} is in several records: {', '.join(records)}")
    outside = sorted(set(held) - set(range(1, page.line_count + 1)))
    if outside:
        problems.append(f"records name lines beyond the page: {outside[:5]}")
    return problems
