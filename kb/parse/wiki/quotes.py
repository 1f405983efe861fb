"""Quoted blocks: what a page quotes from the Comprehensive Rules, their glossary, or the
Tournament Rules, under a header that names the source and the release ("De las Reglas completas
(Horizontes de Modern 3 — 7 junio, 2024)").

Rules come one per line, bulleted ("•", "-") or not, indented by depth or not. "Example:" lines
belong to the rule above them. A page may glue the next rule onto the end of an example
("…simultáneamente.- 101.4a Si un efecto…"): the line is split, and the rule after the glue is a
record of its own. Glossary entries are a term line followed by its definition line(s). A
Tournament Rules item ("1.10 Players") keeps its whole indented body, bullets included, as text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.model import Example, GlossaryEntry, Quote, Rule, Stamp
from kb.parse.wiki import nav
from kb.parse.wiki.headings import plain_heading_shape, suffix_heading
from kb.parse.wiki.ledger import PageLines
from kb.parse.wiki.numbers import RuleId, parse_rule_id, rule_id, tournament_id
from kb.parse.wiki.stamps import parse_stamp
from kb.parse.wiki.text import (
    ends_sentence,
    is_chrome,
    is_footnote,
    is_table_rule,
    looks_like_title,
    shape,
)

_SOURCES = {
    "cr": (
        r"De[ ]+las[ ]+Reglas[ ]+completas",
        r"From[ ]+the[ ]+(?:Magic(?::[ ]+The[ ]+Gathering)?[ ]+)?Comprehensive[ ]+Rules",
    ),
    "glossary": (
        r"Del[ ]+glosario[ ]+de[ ]+las[ ]+Reglas[ ]+completas",
        r"From[ ]+the[ ]+glossary[ ]+of[ ]+the[ ]+Comprehensive[ ]+Rules",
    ),
    "tr": (
        r"De[ ]+las[ ]+Reglas[ ]+de[ ]+torneos?(?:[ ]+de[ ]+Magic(?::[ ]+The[ ]+Gathering)?)?",
        r"From[ ]+the[ ]+(?:Magic(?::[ ]+The[ ]+Gathering)?[ ]+)?Tournament[ ]+Rules",
    ),
}
_HEADERS = tuple(
    (document, re.compile(rf"(?:{pattern})[ ]*(?P<stamp>\(.*\))?[ ]*:?", re.IGNORECASE))
    for document, patterns in _SOURCES.items()
    for pattern in patterns
)
_HEADER_MAX = 300

_RULE = re.compile(
    r"(?P<id>(?P<section>[1-9]\d\d)(?:\.(?P<rule>\d{1,3})(?P<letter>[a-z])?)?)"
    r"(?P<dot>\.)?(?:[ ]+|(?<=\.)(?=[^\d\s.])|$)(?P<text>.*)",
    re.DOTALL,
)
_PART = re.compile(r"(?P<id>[1-9])\.[ ]+(?P<text>[^\d\s].{0,99})")
_TOURNAMENT_ITEM = re.compile(r"(?P<id>\d{1,2}\.\d{1,2})\.?[ ]+(?P<text>\S.*)", re.DOTALL)
_EXAMPLE = re.compile(r"(?:Example|Ejemplo)s?[ ]*:[ ]*(?P<text>.*)", re.IGNORECASE | re.DOTALL)
_SENTENCE_END = r"(?<=[.!?)\]”\"’»])"
_GLUE = re.compile(
    _SENTENCE_END
    + r"[ ]*(?:(?P<bullet>[-•–*][ ]*)?(?=(?P<rule_id>[1-9]\d\d\.\d{1,3}[a-z]?)\.?[ ]+[^\s\d])"
    + r"|(?=(?i:Example|Ejemplo)s?[ ]*:))"
    # No closing punctuation before the bullet: only a capitalised rule text tells a glued rule
    # from a range such as "702.19b-702.19d and".
    + r"|[ ]*(?P<bare_bullet>[-•][ ]*)(?=(?P<bare_id>[1-9]\d\d\.\d{1,3}[a-z]?)\.?[ ]+[A-ZÁÉÍÓÚÑ¿¡“\"])"
)
_SENSE_NUMBER = re.compile(r"(?P<number>\d{1,2})\.[ ]+(?P<text>\S.*)")


def quote_header(text: str) -> tuple[str, str | None] | None:
    """(document, stamp as written or None) for a quote's header line, else None."""
    if len(text) > _HEADER_MAX or text[:1] not in "DdFf":
        return None
    for document, pattern in _HEADERS:
        match = pattern.fullmatch(text)
        if match is not None:
            return document, match["stamp"]
    return None


@dataclass
class Piece:
    """Part of a quoted line: a rule's start, an example, or text continuing what came before."""

    kind: str  # "rule", "example", "text"
    text: str
    number: RuleId | None = None
    glued: bool = False


def _rule_start(content: str, allow_part: bool) -> Piece | None:
    match = _RULE.fullmatch(content)
    if match is not None:
        text = match["text"].strip()
        if match["rule"] is None:
            # A section is a number with its dot and a title ("102. Jugadores").
            if match["dot"] is None or not text or text[0].isdigit() or len(text) > 120:
                return None
        number = rule_id(match["section"], match["rule"], match["letter"])
        return Piece("rule", text, number)
    if allow_part:
        match = _PART.fullmatch(content)
        if match is not None and not ends_sentence(match["text"]):
            return Piece("rule", match["text"].strip(), rule_id(None, None, None, part=match["id"]))
    return None


def split_pieces(content: str, current: RuleId | None, allow_part: bool = False) -> list[Piece]:
    """Cut a quoted line into the rule, examples and text it holds, glued ones included."""
    first = _rule_start(content, allow_part)
    if first is None:
        example = _EXAMPLE.fullmatch(content)
        first = Piece("example", example["text"].strip()) if example else Piece("text", content)
    last_rule = first.number if first.kind == "rule" else current
    text = first.text
    # (end of the text before the glue, start of what is glued on)
    cuts: list[tuple[int, int]] = []
    for match in _GLUE.finditer(text):
        if match.start() == 0:
            continue
        if match["rule_id"] is not None or match["bare_id"] is not None:
            number = parse_rule_id(match["rule_id"] or match["bare_id"])
            follows = last_rule is not None and _comes_after(number, last_rule)
            # After closing punctuation and a bullet, any number starts a rule; otherwise only
            # the number that comes next in the rules does: "ver la regla 117.5." followed by
            # text is common, "… 101.4. 101.4a …" glued is not.
            if not (follows or (match["bullet"] and match["rule_id"])):
                continue
            last_rule = number
        cuts.append((match.start(), match.end()))
    if not cuts:
        return [first]
    first.text = text[: cuts[0][0]].rstrip()
    pieces = [first]
    for index, (_, start) in enumerate(cuts):
        stop = cuts[index + 1][0] if index + 1 < len(cuts) else len(text)
        rest = text[start:stop].rstrip()
        piece = _rule_start(rest, False)
        if piece is None:
            example = _EXAMPLE.fullmatch(rest)
            piece = Piece("example", example["text"].strip() if example else rest.strip())
        piece.glued = True
        pieces.append(piece)
    return pieces


def _comes_after(number: RuleId, previous: RuleId) -> bool:
    return number.key[:2] == previous.key[:2] and number.key > previous.key


def ends_quote(lines: PageLines, index: int, plain_layout: bool) -> bool:
    """Whether line `index` (not blank) closes any open quote."""
    text = lines.text(index)
    if quote_header(text) is not None or suffix_heading(text) is not None or is_chrome(text):
        return True
    if is_footnote(text) or is_table_rule(text) or nav.opens_box(lines, index):
        return True
    if plain_layout and plain_heading_shape(text) and shape(lines.raw[index]).indent == 0:
        return lines.previous_is_blank(index) and lines.next_is_blank(index)
    return False


class QuoteReader:
    """Reads the body of one quote, claiming its lines; `read` returns the index after it."""

    def __init__(self, lines: PageLines, quote: Quote, lang: str, plain_layout: bool):
        self.lines = lines
        self.quote = quote
        self.lang = lang
        self.plain_layout = plain_layout
        self.release = quote.stamp.date or ""
        self.seen: dict[str, int] = {}

    def new_rule(self, number: RuleId, text: str, index: int) -> Rule:
        if number.id in self.seen:
            self.lines.warn(index, f"rule {number.id} quoted twice in one quote (first at line {self.seen[number.id]})")
        self.seen.setdefault(number.id, index + 1)
        rule = Rule(
            id=number.id,
            kind=number.kind,
            parent=number.parent,
            text=text,
            release=self.release,
            lang=self.lang,
            source=self.lines.source,
            line=index + 1,
            end_line=index + 1,
        )
        self.quote.rules.append(rule)
        return rule

    def read(self, index: int) -> int:
        raise NotImplementedError


class RulesReader(QuoteReader):
    """A quote of numbered rules, with their examples."""

    def read(self, index: int) -> int:
        lines = self.lines
        rule: Rule | None = None
        example: Example | None = None
        after_blank = False
        while index < len(lines):
            if lines.is_blank(index):
                lines.skip_blank(index)
                after_blank = True
                index += 1
                continue
            if ends_quote(lines, index, self.plain_layout):
                break
            line_shape = shape(lines.raw[index])
            current = parse_rule_id(rule.id) if rule is not None and rule.kind != "part" else None
            pieces = split_pieces(line_shape.content, current, allow_part=True)
            head = pieces[0]
            if head.kind == "text" and not (rule is not None and line_shape.listed):
                break
            if head.kind == "example" and rule is None:
                lines.skip(index, "example outside any quoted rule")
                lines.warn(index, "example with no rule above it in the quote")
                index += 1
                continue
            for piece in pieces:
                if piece.glued:
                    lines.share(index)
                    what = f"rule {piece.number.id}" if piece.kind == "rule" else "example"
                    lines.warn(index, f"{what} glued to the text before it on this line; split")
                if piece.kind == "rule":
                    rule, example = self.new_rule(piece.number, piece.text, index), None
                elif piece.kind == "example":
                    example = Example(rule.id, len(rule.examples) + 1, piece.text, index + 1)
                    rule.examples.append(example)
                elif example is not None and not after_blank:
                    example.text = f"{example.text}\n{piece.text}"
                else:
                    example = None
                    rule.text = f"{rule.text}\n{piece.text}" if rule.text else piece.text
                rule.end_line = index + 1
            lines.claim(index, "quoted rule")
            after_blank = False
            index += 1
        return index


class GlossaryReader(QuoteReader):
    """A quote of glossary entries: a term line, then its definition line(s)."""

    def read(self, index: int) -> int:
        lines = self.lines
        entry: GlossaryEntry | None = None
        after_blank = False
        while index < len(lines):
            if lines.is_blank(index):
                lines.skip_blank(index)
                after_blank = True
                index += 1
                continue
            if ends_quote(lines, index, self.plain_layout):
                break
            line_shape = shape(lines.raw[index])
            content = line_shape.content
            if entry is None or (entry.senses and self._starts_entry(index)):
                if not looks_like_title(content, 100, 12):
                    break
                entry = GlossaryEntry(content, [], self.release, self.lang, lines.source, index + 1)
                entry.end_line = index + 1
                self.quote.glossary.append(entry)
            elif not entry.senses:
                entry.senses.append(content)
                entry.end_line = index + 1
            elif not after_blank and (line_shape.listed or _SENSE_NUMBER.fullmatch(content)):
                entry.senses.append(content)
                entry.end_line = index + 1
            else:
                break
            lines.claim(index, "glossary entry")
            after_blank = False
            index += 1
        for item in self.quote.glossary:
            if not item.senses:
                lines.warn(item.line - 1, f"glossary term {item.term!r} has no definition")
            elif len(item.senses) > 1 and all(_SENSE_NUMBER.fullmatch(s) for s in item.senses):
                item.senses = [_SENSE_NUMBER.fullmatch(s)["text"] for s in item.senses]
        return index

    def _starts_entry(self, index: int) -> bool:
        """A term line: title-like, with its definition on the very next line."""
        content = shape(self.lines.raw[index]).content
        if not looks_like_title(content, 100, 12) or _SENSE_NUMBER.fullmatch(content):
            return False
        following = index + 1
        if following >= len(self.lines) or self.lines.is_blank(following):
            return False
        return not ends_quote(self.lines, following, self.plain_layout)


class TournamentReader(QuoteReader):
    """A quote of Tournament Rules items: "1.10 Players" and its indented body."""

    def read(self, index: int) -> int:
        lines = self.lines
        rule: Rule | None = None
        while index < len(lines):
            if lines.is_blank(index):
                lines.skip_blank(index)
                index += 1
                continue
            if ends_quote(lines, index, self.plain_layout):
                break
            line_shape = shape(lines.raw[index])
            content = line_shape.content
            item = _TOURNAMENT_ITEM.fullmatch(content)
            example = _EXAMPLE.fullmatch(content)
            if item is not None and (rule is None or line_shape.indent <= _item_indent(lines, rule)):
                rule = self.new_rule(tournament_id(item["id"]), item["text"].strip(), index)
            elif rule is not None and example is not None and line_shape.listed:
                rule.examples.append(Example(rule.id, len(rule.examples) + 1, example["text"].strip(), index + 1))
                rule.end_line = index + 1
            elif rule is not None and line_shape.listed:
                body = f"• {content}" if line_shape.bullet else content
                rule.text = f"{rule.text}\n{body}"
                rule.end_line = index + 1
            elif rule is None and line_shape.listed:
                lines.skip(index, "tournament rules text before any numbered item")
                lines.warn(index, "text in a Tournament Rules quote before its first numbered item")
                index += 1
                continue
            else:
                break
            lines.claim(index, "quoted tournament rule")
            index += 1
        return index


def _item_indent(lines: PageLines, rule: Rule) -> int:
    return shape(lines.raw[rule.line - 1]).indent


READERS = {"cr": RulesReader, "glossary": GlossaryReader, "tr": TournamentReader}


def read_quote(
    lines: PageLines, index: int, document: str, stamp_text: str | None, lang: str, plain_layout: bool,
    header: bool = True,
) -> tuple[Quote, int]:
    """Read the quote whose header is line `index` (or, with `header` False, whose first rule is)."""
    if stamp_text is None:
        stamp = Stamp("", None, None, None)
        lines.warn(index, "quote names no release" if header else "quoted rules with no header naming their source")
    else:
        stamp = parse_stamp(stamp_text, lang)
        if stamp.date is None:
            lines.warn(index, f"release stamp {stamp_text!r} has no date that can be read")
    quote = Quote(document, stamp, index + 1)
    start = index
    if header:
        lines.claim(index, "quote header")
        start += 1
    end = READERS[document](lines, quote, lang, plain_layout).read(start)
    if not quote.rules and not quote.glossary:
        lines.warn(index, f"{'glossary' if document == 'glossary' else 'rules'} quote with nothing in it")
    return quote, end
