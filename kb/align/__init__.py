"""Spanish ↔ English alignment by release.

`align_corpus(documents, pages, history)` pairs every Spanish rule and glossary entry the wiki pages
quote with the English record it translates, says how sure that is (`Alignment.status`) and why
(`Alignment.evidence`), and follows the English record to the newest release. It also infers the
release each navigation box reflects and maps its Spanish section titles to English sections.

Signals are language-independent (`kb.align.signals`); the release a quote's stamp names is a
hypothesis to confirm, not a fact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kb.align.records import STATUSES, Alignment, Status
from kb.model import CRDocument, GlossaryEntry, WikiPage

if TYPE_CHECKING:
    from kb.align.index import ReleaseIndex
    from kb.align.navbox import BoxRelease, SectionTitle

# Imported on first use: reading a stored alignment needs only the records.
_LAZY = {"ReleaseIndex": "kb.align.index", "BoxRelease": "kb.align.navbox", "SectionTitle": "kb.align.navbox"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'kb.align' has no attribute {name!r}")

__all__ = [
    "STATUSES",
    "Alignment",
    "AlignmentResult",
    "BoxRelease",
    "ReleaseIndex",
    "SectionTitle",
    "Status",
    "align_corpus",
    "follow_to_newest",
]


@dataclass
class AlignmentResult:
    rules: list[Alignment] = field(default_factory=list)
    glossary: list[Alignment] = field(default_factory=list)
    boxes: list[BoxRelease] = field(default_factory=list)
    section_titles: list[SectionTitle] = field(default_factory=list)

    @property
    def all(self) -> list[Alignment]:
        return self.rules + self.glossary

    def counts(self) -> dict[str, int]:
        counts = {status: 0 for status in STATUSES}
        for alignment in self.all:
            counts[alignment.status] += 1
        return counts


def align_corpus(
    documents: dict[str, CRDocument], pages: list[WikiPage], history=None, index: ReleaseIndex | None = None,
    vocabulary=None,
) -> AlignmentResult:
    """Align every Spanish page of `pages` against the English `documents` (by release).

    `history` (a `kb.history.History` of the same documents) lets rules be followed when renumbered;
    without it a rule is only looked for under its own number. `vocabulary` (the term base, see
    `kb.align.wording`) tells which of a rule's wordings a quote translates when they differ in terms.
    """
    from kb.align.glossary import GlossaryAligner, TermKnowledge
    from kb.align.index import ReleaseIndex
    from kb.align.lexicon import Lexicon
    from kb.align.navbox import box_releases, section_titles, title_pairs
    from kb.align.rules import RuleAligner, TitleKnowledge

    if index is None:
        index = ReleaseIndex.from_history(documents, history) if history is not None else ReleaseIndex(documents)
    spanish = [page for page in pages if page.lang == "es"]
    term_pairs = [(pair.es, pair.en) for page in pages for pair in page.term_pairs]
    # Boxes are dated by their shape first; their titles then help align the quotes, and the
    # headings the quotes align date the boxes again where shapes alone leave a doubt.
    boxes = box_releases(spanish, index)
    titles = section_titles(boxes, index)
    rule_aligner = RuleAligner(index, TitleKnowledge(title_pairs(titles)), vocabulary)
    rules = [alignment for page in spanish for alignment in rule_aligner.align_page(page)]
    headings = [
        (a.es.text, a.en.text)
        for a in rules
        if a.en is not None and a.es.kind in ("part", "section") and a.status != "unmatched"
    ]
    redated = box_releases(spanish, index, TitleKnowledge(headings + term_pairs))
    if [b.release for b in redated] != [b.release for b in boxes]:
        boxes = redated
        titles = section_titles(boxes, index)
        rule_aligner = RuleAligner(index, TitleKnowledge(title_pairs(titles)), vocabulary)
        rules = [alignment for page in spanish for alignment in rule_aligner.align_page(page)]
    else:
        boxes = redated
    known_titles = title_pairs(titles)
    glossary_aligner = GlossaryAligner(
        index, TermKnowledge(term_pairs + known_titles), Lexicon(term_pairs + known_titles)
    )
    glossary = glossary_aligner.align_pages(spanish)
    for alignment in rules + glossary:
        follow_to_newest(alignment, index)
    return AlignmentResult(rules, glossary, boxes, titles)


def follow_to_newest(alignment: Alignment, index: ReleaseIndex) -> None:
    """Set where the English record stands in the newest release and whether its English changed."""
    newest = index.newest
    release, english = alignment.english_release, alignment.en
    if english is None or release is None or newest is None:
        return
    if isinstance(english, GlossaryEntry):
        alignment.newest_id = english.term if english.term in index.glossary[newest] else None
        alignment.changed_in = _glossary_changed_in(english, release, index)
    else:
        alignment.newest_id = index.traced(english.id, release, newest)
        alignment.changed_in = index.changed_in(english.id, release) or _references_renumbered_in(english.id, release, index)
    alignment.changed_since = alignment.changed_in is not None


def _references_renumbered_in(rule_id: str, release: str, index: ReleaseIndex) -> str | None:
    """The first release after `release` whose English of the rule cites other rule numbers (its
    references renumbered), though its words stayed: the history does not count that as a change,
    but a Spanish text of the older English would send its reader to numbers that are wrong there."""
    cited = index.fingerprint(release, rule_id)
    if cited is None:
        return None
    for later in index.later(release):
        other = index.traced(rule_id, release, later)
        found = index.fingerprint(later, other) if other is not None else None
        if found is None or found.refs != cited.refs:
            return later
    return None


def _glossary_changed_in(entry: GlossaryEntry, release: str, index: ReleaseIndex) -> str | None:
    from kb.history import comparable

    def signature(at: str, text: str) -> tuple[str, tuple[str, ...]]:
        refs = index.glossary_fingerprint(at, entry.term).refs
        mapped = index.map_refs(refs, at, index.newest)
        return comparable(text), tuple(sorted(mapped))

    base = signature(release, entry.text)
    for later in index.later(release):
        other = index.glossary[later].get(entry.term)
        if other is None or signature(later, other.text) != base:
            return later
    return None
