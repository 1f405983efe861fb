"""Wiki pages (English MTG Wiki and Spanish MTG Wiki, copied as plain text from a browser) read
into `kb.model.WikiPage`: the rules, glossary entries and Tournament Rules they quote with the
release each quote names, the Spanish-English term pairs they state, the section titles of their
navigation boxes, their headings, prose and examples, and every other line skipped with a reason.

`parse_wiki(path)` reads a file; `parse_wiki_text(text, source)` reads text and never raises;
`parse_stamp(raw)` reads a quote's release stamp; `check_accounting(page)` lists any line that
is in no record, or in a record and skipped too (an empty list for a sound parse).

Modules, by concern: `text` (line shapes), `language`, `headings` (layouts and levels), `quotes`
(rules, glossary and Tournament Rules blocks), `stamps` and `sets` (releases), `terms` (term
pairs), `nav` (navigation boxes), `ledger` and `accounting` (where each line went), `page` (the
reader that ties them together).
"""

from __future__ import annotations

from pathlib import Path

from kb.decode import count_line_endings, read_text, split_lines
from kb.model import Decoding, Diagnostic, WikiPage
from kb.parse.wiki.accounting import check_accounting, line_accounting
from kb.parse.wiki.blanks import compact_lines, restore_lines
from kb.parse.wiki.language import detect_language
from kb.parse.wiki.page import read_page
from kb.parse.wiki.stamps import parse_stamp

__all__ = [
    "parse_wiki",
    "parse_wiki_text",
    "parse_stamp",
    "line_accounting",
    "check_accounting",
    "detect_language",
    "page_lines",
]


def page_lines(text: str) -> list[str]:
    """The page's lines; a final line break ends the last line rather than opening an empty one."""
    if not text:
        return []
    lines = split_lines(text)
    if lines and lines[-1] == "" and text.endswith(("\n", "\r")):
        lines.pop()
    return lines


def parse_wiki_text(
    text: str,
    source: str,
    lang: str | None = None,
    decoding: Decoding | None = None,
    title: str | None = None,
) -> WikiPage:
    """Read a page's text. Never raises: what cannot be read is skipped and reported in
    `diagnostics`. `lang` ("es"/"en") skips language detection; `title` overrides the title
    found in the text."""
    if decoding is None:
        decoding = Decoding("str", False, count_line_endings(text), text.count("\u00a0"))
    notes: list[str] = []
    if lang not in ("es", "en"):
        if lang is not None:
            notes.append(f"unknown language {lang!r}; detected from the text instead")
        lang, evident = detect_language(text)
        if not evident and text.strip():
            notes.append("language not evident from the text; read as English")
    lines, cuts, line_count = compact_lines(text)
    page = read_page(lines, source, lang, decoding, title)
    if cuts:
        restore_lines(page, cuts, line_count)
    page.diagnostics[:0] = [Diagnostic(source, 1, "warning", note) for note in notes]
    return page


def parse_wiki(path: str | Path, lang: str | None = None, title: str | None = None) -> WikiPage:
    """Read and parse a wiki page file. Raises `kb.decode.DecodeError` for bytes that are not
    text, and `OSError` for a path that cannot be read."""
    text, decoding = read_text(path)
    return parse_wiki_text(text, str(path), lang=lang, decoding=decoding, title=title)
