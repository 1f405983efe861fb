"""Terminology: the Spanish and English names the corpus pairs, and where it pairs them.

Three sources, each a `Term` of its own kind:
- `term-pair`: a page names the English term beside the Spanish one, "jugador activo (en Inglés,
  active player)";
- `glossary`: a Spanish glossary entry aligned with an English one (Jugador activo ↔ Active Player);
- `section-title`: a navigation box's Spanish section title, read against the English title the same
  section has in the release the box reflects (Finalizando turnos y fases ↔ Ending Turns and Phases).

The same pair found in several places is listed once, at its first place (by source, then line).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from kb.model import WikiPage

TermKind = Literal["term-pair", "glossary", "section-title"]
TERM_KINDS: tuple[TermKind, ...] = ("term-pair", "glossary", "section-title")


@dataclass(frozen=True)
class Term:
    es: str
    en: str
    source: str
    line: int
    kind: TermKind

    def __repr__(self) -> str:
        return (
            f"Term(es={self.es!r}, en={self.en!r}, source={self.source!r}, line={self.line}, kind={self.kind!r})"
        )


def term_pairs(pages: Iterable[WikiPage]) -> list[Term]:
    """Every "(en Inglés, X)" pair the pages make."""
    return [
        Term(pair.es, pair.en, pair.source, pair.line, "term-pair") for page in pages for pair in page.term_pairs
    ]


def glossary_terms(alignments: Iterable) -> list[Term]:
    """Spanish glossary headings paired with English ones (alignments of kind "glossary")."""
    out = []
    for alignment in alignments:
        if alignment.kind != "glossary" or alignment.en is None:
            continue
        out.append(Term(alignment.es.term, alignment.en.term, alignment.es.source, alignment.es.line, "glossary"))
    return out


def section_title_terms(titles: Iterable) -> list[Term]:
    """Navigation-box titles with the English title of their section (`kb.align.navbox.SectionTitle`)."""
    return [Term(t.title_es, t.title_en, t.source, t.line, "section-title") for t in titles if t.title_en]


def build_terminology(pages: Iterable[WikiPage], alignments: Iterable, titles: Iterable) -> list[Term]:
    """All terms, each (Spanish, English, kind) once, ordered by kind, then Spanish term."""
    return unique_terms([*term_pairs(pages), *glossary_terms(alignments), *section_title_terms(titles)])


def unique_terms(terms: Iterable[Term]) -> list[Term]:
    first: dict[tuple[str, str, str], Term] = {}
    for term in sorted(terms, key=lambda t: (t.source, t.line)):
        key = (_fold(term.es), _fold(term.en), term.kind)
        first.setdefault(key, term)
    return sorted(first.values(), key=lambda t: (TERM_KINDS.index(t.kind), _fold(t.es), _fold(t.en), t.source))


def translate(terms: Iterable[Term], text: str, to: Literal["en", "es"] = "en") -> list[str]:
    """The known translations of a term (case and spacing ignored), most attested first."""
    counts: dict[str, int] = {}
    wanted = _fold(text)
    for term in terms:
        source, target = (term.es, term.en) if to == "en" else (term.en, term.es)
        if _fold(source) == wanted:
            counts[target] = counts.get(target, 0) + 1
    return sorted(counts, key=lambda t: (-counts[t], t))


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())
