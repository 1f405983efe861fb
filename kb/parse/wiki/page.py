"""A copied wiki page, read line by line: chrome, headings, the page's own prose and examples,
quoted rules, navigation boxes; every line taken by a record or skipped with its reason."""

from __future__ import annotations

import re

from kb.model import Decoding, Diagnostic, Heading, NavEntry, PageExample, TermPair, WikiPage
from kb.parse.wiki import nav
from kb.parse.wiki.headings import (
    EXAMPLE_SECTIONS,
    REFERENCE_SECTIONS,
    SINGLE_EXAMPLE_SECTIONS,
    Outline,
    plain_heading_shape,
    suffix_heading,
)
from kb.parse.wiki.ledger import PageLines
from kb.parse.wiki.quotes import quote_header, read_quote, split_pieces
from kb.parse.wiki.terms import ARTICLES, find_term_pairs
from kb.parse.wiki.text import (
    drop_footnote_marks,
    fold,
    is_art_credit,
    is_chrome,
    is_contents_entry,
    is_contents_label,
    is_empty_row,
    is_footnote,
    is_image_name,
    is_table_rule,
    looks_like_title,
    shape,
    strip_table_bars,
)

CAPTION_MAX = 200
_ENGLISH_LEAD = re.compile(
    r"(?:A|An|The)[ ]+(?:Magic[ ]+)?(?P<term>[^.,;:()]{1,60}?)[ ]+(?:is|are|refers[ ]+to|means)\b"
)


class PageReader:
    def __init__(self, lines: PageLines, lang: str):
        self.lines = lines
        self.page = lines.page
        self.lang = lang
        self.plain_layout = not any(suffix_heading(lines.text(i)) for i in range(len(lines)) if lines.text(i))
        self.outline = Outline()
        self.section = ""  # folded title of the current heading
        self.section_title = ""
        # Under a plural "Examples" heading every paragraph is an example; a singular "Example"
        # heading introduces one paragraph, and the page's own text resumes after it.
        self.example_open = False
        self.examples_here = 0
        self.expect_caption = False
        self.in_contents = False
        self.seen_content = False
        self.title_line: str | None = None
        self.nav_part: str | None = None

    def read(self) -> None:
        index = 0
        while index < len(self.lines):
            index = self.step(index)

    def step(self, index: int) -> int:
        lines = self.lines
        text = lines.text(index)
        if not text:
            lines.skip_blank(index)
            if self.section in SINGLE_EXAMPLE_SECTIONS and self.examples_here:
                self.example_open = False
            return index + 1
        expecting_caption, self.expect_caption = self.expect_caption, False
        in_contents, self.in_contents = self.in_contents, False
        if is_chrome(text):
            self.in_contents = is_contents_label(text)
            lines.skip(index, "site chrome")
            return index + 1
        if in_contents and is_contents_entry(text):
            self.in_contents = True
            lines.skip(index, "table of contents")
            return index + 1
        header = quote_header(text)
        if header is not None:
            return self.quote(index, *header)
        handled = self.navigation(index, text)
        if handled is not None:
            return handled
        if is_table_rule(text):
            lines.skip(index, "table rule")
            return index + 1
        if is_empty_row(text):
            lines.skip(index, "empty table row")
            return index + 1
        if is_footnote(text):
            lines.skip(index, "footnote")
            return index + 1
        title = suffix_heading(text)
        line_shape = shape(lines.raw[index])
        if title is None and not self.seen_content and self.title_line is None and self._is_title_line(index, text):
            self.title_line = text
            self.page.headings.append(Heading(text, 1, index + 1))
            lines.claim(index, "title")
            return index + 1
        if title is None and self.plain_layout and self._is_plain_heading(index, text, line_shape.indent):
            title = text
        if title is not None:
            self.heading(index, title)
            return index + 1
        if is_image_name(text) and line_shape.indent == 0:
            self.expect_caption = True
            lines.skip(index, "image caption")
            return index + 1
        if is_art_credit(text) or (expecting_caption and len(text) <= CAPTION_MAX and line_shape.indent == 0):
            lines.skip(index, "image caption")
            return index + 1
        if self.section in REFERENCE_SECTIONS:
            lines.skip(index, "reference list")
            return index + 1
        if line_shape.listed and self._starts_unheaded_quote(line_shape.content):
            return self.quote(index, "cr", None, header=False)
        if self.section in EXAMPLE_SECTIONS and (self.section not in SINGLE_EXAMPLE_SECTIONS or self.example_open):
            self.page.examples.append(PageExample(self._prose_text(line_shape.content), index + 1, self.section_title))
            self.examples_here += 1
            lines.claim(index, "page example")
            self.outline.content()
            self.seen_content = True
            return index + 1
        self.prose(index, line_shape.content)
        return index + 1

    # -- records -------------------------------------------------------------------------

    def heading(self, index: int, title: str) -> None:
        level = self.outline.level(title)
        self.page.headings.append(Heading(title, level, index + 1))
        self.lines.claim(index, "heading")
        self.section = fold(title)
        self.section_title = title
        self.example_open = self.section in EXAMPLE_SECTIONS
        self.examples_here = 0
        self.seen_content = True

    def prose(self, index: int, content: str) -> None:
        text = self._prose_text(content)
        if not text:
            self.lines.skip(index, "footnote marks")
            return
        self.page.prose.append((index + 1, text))
        self.lines.claim(index, "prose")
        self.outline.content()
        self.seen_content = True
        if self.lang == "es":
            pairs, problems = find_term_pairs(text)
            for spanish, english in pairs:
                self.page.term_pairs.append(TermPair(spanish, english, self.lines.source, index + 1))
            for problem in problems:
                self.lines.warn(index, problem)

    def quote(self, index: int, document: str, stamp: str | None, header: bool = True) -> int:
        quote, end = read_quote(self.lines, index, document, stamp, self.lang, self.plain_layout, header)
        self.page.quotes.append(quote)
        self.outline.content()
        self.seen_content = True
        return end

    def navigation(self, index: int, text: str) -> int | None:
        """Read a navigation box row at `index`; None when the line is not one."""
        lines = self.lines
        if nav.is_box_title(text) and nav.next_part_row(lines, index + 1) is not None:
            lines.skip(index, "navigation box header")
            self.nav_part = None
            return index + 1
        part = nav.part_row(text)
        if part is not None and nav.items_follow(lines, index + 1):
            number, title = part
            self.page.nav.append(NavEntry(number, title, True, lines.source, index + 1))
            lines.claim(index, "navigation entry")
            self.nav_part = number
            self.seen_content = True
            return index + 1
        if self.nav_part is not None and nav.looks_like_item_row(text):
            items, problems = nav.item_row(text, self.nav_part)
            for item in items:
                self.page.nav.append(NavEntry(item.section, item.title, item.numbered, lines.source, index + 1))
            for problem in problems:
                lines.warn(index, f"navigation box: {problem}")
            if items:
                lines.claim(index, "navigation entry")
            else:
                lines.skip(index, "navigation row with no section in it")
            self.nav_part = None
            return index + 1
        if not is_table_rule(text):
            self.nav_part = None
        return None

    # -- shapes that depend on the lines around --------------------------------------------

    def _is_title_line(self, index: int, text: str) -> bool:
        if shape(self.lines.raw[index]).listed or is_image_name(text) or is_art_credit(text):
            return False
        return looks_like_title(text, 80, 8) and text[0].isupper() and not text.endswith(")")

    def _is_plain_heading(self, index: int, text: str, indent: int) -> bool:
        lines = self.lines
        if indent or not plain_heading_shape(text) or is_image_name(text):
            return False
        return lines.previous_is_blank(index) and lines.next_is_blank(index)

    def _starts_unheaded_quote(self, content: str) -> bool:
        head = split_pieces(content, None)[0]
        return head.kind == "rule" and head.number is not None and head.number.kind in ("rule", "subrule")

    def _prose_text(self, content: str) -> str:
        return " ".join(drop_footnote_marks(strip_table_bars(content) if content.endswith("|") else content).split())

    # -- the page's name -----------------------------------------------------------------

    def title(self) -> str:
        if self.title_line:
            return self.title_line
        for _, text in self.page.prose:
            defined = _defined_term(text, self.lang)
            if defined:
                return defined
        for heading in self.page.headings:
            return heading.title
        return ""


def _defined_term(paragraph: str, lang: str) -> str | None:
    """The term a defining sentence opens with: "Un jugador (en Inglés, player) es…" gives
    "Jugador"; "A Magic player is…" gives "Player"."""
    if lang == "es":
        pairs, _ = find_term_pairs(paragraph)
        if not pairs:
            return None
        term = pairs[0][0]
        rest = paragraph
        first = paragraph.split(maxsplit=1)
        if len(first) == 2 and first[0].casefold() in ARTICLES:
            rest = first[1]
        if rest.startswith(term) and rest[len(term) :].lstrip().startswith("("):
            return term[0].upper() + term[1:]
        return None
    match = _ENGLISH_LEAD.match(paragraph)
    if match is None:
        return None
    term = match["term"].strip()
    return term[0].upper() + term[1:]


def read_page(raw_lines: list[str], source: str, lang: str, decoding: Decoding, title: str | None) -> WikiPage:
    page = WikiPage(source=source, lang=lang, title="", decoding=decoding, line_count=len(raw_lines))
    lines = PageLines(raw_lines, page)
    reader = PageReader(lines, lang)
    try:
        reader.read()
    except Exception as err:  # noqa: BLE001 - one odd page must not stop the reading of others
        first = min((i for i in range(len(lines)) if i not in lines.claims), default=0)
        lines.error(first, f"internal error while reading the page ({type(err).__name__}: {err}); the rest is skipped")
    for index in lines.unclaimed():
        lines.skip(index, "not read")
    page.skipped.sort(key=lambda s: s.line)
    page.title = title or reader.title()
    if not page.title:
        page.diagnostics.append(Diagnostic(source, 1, "warning", "the page's title could not be found"))
    return page
