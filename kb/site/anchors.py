"""The anchors of the glossary's entries and of the terminology's pairs on their pages: made once from
the site's data, and read by the pages themselves, the search index's copies of them, the query
index and the one-page rules, so that every link to an entry finds it."""

from __future__ import annotations

from typing import Any

from kb.site import sitedata
from kb.site.locale import sorted_words
from kb.site.sitedata import SiteData


def glossary_anchors(data: SiteData) -> dict[str, dict[tuple, str]]:
    """The anchor of every glossary entry in each language, the same in both for a pair: an English
    entry's anchor is made from its term, and its Spanish counterpart takes the same one, so
    `glossary/#t-stack` names the entry in both languages. A Spanish entry without an English
    counterpart has an anchor of its own."""
    taken: set[str] = set()
    anchors: dict[str, dict[tuple, str]] = {"en": {}, "es": {}}
    by_term: dict[str, str] = {}
    for entry in sorted_words(data.glossary.get("en", []), "en", key=lambda g: g.term):
        anchors["en"][entry_key(entry)] = sitedata.term_anchor(entry.term, "en", taken)
        by_term.setdefault(entry.term.casefold(), anchors["en"][entry_key(entry)])
    # A pair names the English entry of the release the Spanish translates: found by its term.
    paired: dict[tuple, str] = {}
    for es, en in data.glossary_pairs:
        paired.setdefault(entry_key(es), en.term.casefold())
    used: set[str] = set()
    for entry in sorted_words(data.glossary.get("es", []), "es", key=lambda g: g.term):
        key = entry_key(entry)
        anchor = by_term.get(paired.get(key, ""))
        if anchor is None or anchor in used:
            anchor = sitedata.term_anchor(entry.term, "es", taken)
        used.add(anchor)
        anchors["es"][key] = anchor
    return anchors


def entry_key(entry: Any) -> tuple:
    """What tells one glossary entry from another (of any release and language): its term, source and line."""
    return (entry.term, str(entry.source), entry.line)


def terminology_anchors(data: SiteData) -> dict[int, str]:
    """The anchor of each pair of the terminology page, made from its English term: the same in
    both languages (keyed by the pair's identity)."""
    taken: set[str] = set()
    return {id(term): sitedata.term_anchor(term.en or term.es, "en", taken).replace("t-", "p-", 1)
            for term in data.terminology}
