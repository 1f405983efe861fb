"""The records every stage of the knowledge base exchanges: rules, examples, glossary entries,
wiki quotes, and the account of every input line that did not become part of a record."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Literal

Lang = Literal["en", "es"]
RuleKind = Literal["part", "section", "rule", "subrule"]


@dataclass(frozen=True)
class Decoding:
    """How the bytes of one file were turned into text."""

    encoding: str
    bom: bool
    line_endings: dict[str, int]
    nbsp: int = 0
    notes: tuple[str, ...] = ()

    def describe(self) -> str:
        endings = ", ".join(f"{k} {v}" for k, v in self.line_endings.items() if v) or "none"
        bom = " with BOM" if self.bom else ""
        return f"{self.encoding}{bom}; line endings: {endings}; no-break spaces: {self.nbsp}"


@dataclass
class Example:
    """One example paragraph of a rule; `number` counts from 1 within its rule."""

    rule: str
    number: int
    text: str
    line: int

    @property
    def id(self) -> str:
        return f"{self.rule}#ex{self.number}"


@dataclass
class Rule:
    """A part, section, rule or subrule. For parts and sections `text` is the title. A number a
    release gives twice keeps its second record under a copy mark ("702.30d-2"), reported."""

    id: str
    kind: RuleKind
    parent: str | None
    text: str
    release: str
    lang: Lang
    source: str
    line: int
    examples: list[Example] = field(default_factory=list)
    end_line: int = 0


@dataclass
class GlossaryEntry:
    """A glossary term and its definition; a multi-sense definition keeps one string per sense."""

    term: str
    senses: list[str]
    release: str
    lang: Lang
    source: str
    line: int
    # Last line of the definition (0 when not known); `line` is the term's.
    end_line: int = 0

    @property
    def text(self) -> str:
        return "\n".join(self.senses)


@dataclass(frozen=True)
class Skipped:
    """An input line that is in no record, and why; with `end_line`, the run of lines `line` to
    `end_line` (all blank), whose `text` is the first one's."""

    source: str
    line: int
    reason: str
    text: str
    end_line: int = 0


@dataclass(frozen=True)
class Diagnostic:
    source: str
    line: int
    level: Literal["warning", "error"]
    message: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: {self.level}: {self.message}"


@dataclass
class CRDocument:
    """One release of the official Comprehensive Rules, parsed."""

    source: str
    release: str
    effective: str
    decoding: Decoding
    line_count: int
    intro: list[str] = field(default_factory=list)
    contents: list[tuple[str, str]] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    credits: list[str] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    kind: str = "cr"
    lang: Lang = "en"
    # (name, first line, last line) of each stretch of the file: "intro", "contents", "rules",
    # "glossary", "credits", "notices". The lines of intro, contents and credits that are not in
    # `skipped` are, in order, what `intro`, `contents` and `credits` hold (a contents line
    # may hold several entries).
    regions: list[tuple[str, int, int]] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        by_kind = {k: 0 for k in ("part", "section", "rule", "subrule")}
        for rule in self.rules:
            by_kind[rule.kind] += 1
        return {
            "parts": by_kind["part"],
            "sections": by_kind["section"],
            "rules": by_kind["rule"],
            "subrules": by_kind["subrule"],
            "examples": sum(len(r.examples) for r in self.rules),
            "glossary": len(self.glossary),
            "skipped": len(self.skipped),
            "diagnostics": len(self.diagnostics),
        }

    def rule(self, rule_id: str) -> Rule:
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)


@dataclass(frozen=True)
class Stamp:
    """The release a wiki quote says it was taken from."""

    raw: str
    date: str | None
    set_en: str | None
    set_es: str | None


@dataclass
class Quote:
    """A block a wiki page quotes: from the rules (`cr`), their glossary, or the Tournament Rules (`tr`)."""

    document: Literal["cr", "glossary", "tr"]
    stamp: Stamp
    line: int
    rules: list[Rule] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)


@dataclass(frozen=True)
class TermPair:
    """A term the Spanish text pairs with its English name: "jugador (en Inglés, player)"."""

    es: str
    en: str
    source: str
    line: int


@dataclass(frozen=True)
class NavEntry:
    """A section title in a navigation box: `section` is the number, e.g. "723"."""

    section: str
    title: str
    numbered: bool
    source: str
    line: int


@dataclass(frozen=True)
class Heading:
    title: str
    level: int
    line: int


@dataclass
class PageExample:
    """An example the page tells in its own words."""

    text: str
    line: int
    heading: str


@dataclass
class WikiPage:
    source: str
    lang: Lang
    title: str
    decoding: Decoding
    line_count: int
    headings: list[Heading] = field(default_factory=list)
    prose: list[tuple[int, str]] = field(default_factory=list)
    quotes: list[Quote] = field(default_factory=list)
    term_pairs: list[TermPair] = field(default_factory=list)
    nav: list[NavEntry] = field(default_factory=list)
    examples: list[PageExample] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    kind: str = "wiki"

    @property
    def rules(self) -> list[Rule]:
        return [r for q in self.quotes if q.document == "cr" for r in q.rules]

    @property
    def glossary(self) -> list[GlossaryEntry]:
        return [g for q in self.quotes for g in q.glossary]

    def counts(self) -> dict[str, int]:
        return {
            "quotes": len(self.quotes),
            "rules": sum(1 for r in self.rules if r.kind == "rule"),
            "subrules": sum(1 for r in self.rules if r.kind == "subrule"),
            "sections": sum(1 for r in self.rules if r.kind == "section"),
            "examples": sum(len(r.examples) for r in self.rules),
            "glossary": len(self.glossary),
            "tournament_rules": sum(len(q.rules) for q in self.quotes if q.document == "tr"),
            "term_pairs": len(self.term_pairs),
            "nav_entries": len(self.nav),
            "page_examples": len(self.examples),
            "skipped": len(self.skipped),
            "diagnostics": len(self.diagnostics),
        }


def to_data(obj: Any) -> Any:
    """A record as plain JSON-ready data (dataclasses become dicts, tuples lists)."""
    if is_dataclass(obj) and not isinstance(obj, type):
        data = {f.name: to_data(getattr(obj, f.name)) for f in fields(obj)}
        for name in ("id", "text"):
            if isinstance(getattr(type(obj), name, None), property):
                data[name] = getattr(obj, name)
        return data
    if isinstance(obj, dict):
        return {k: to_data(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_data(v) for v in obj]
    return obj
