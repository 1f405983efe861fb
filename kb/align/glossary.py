"""Pair each Spanish glossary entry with the English entry it translates.

A glossary entry has no number to go by, so the pairing rests on content and known terms: the rules
the definition cites, its numbers and quoted phrases, the terms the pages pair explicitly ("jugador
activo (en Inglés, active player)"), and for an entry that only points elsewhere ("Ver Orden del
jugador activo, jugador no activo."), the entry it points at. Entries are paired in two passes so the
second can follow pointers to entries paired in the first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from kb.align.index import ReleaseIndex
from kb.align.lexicon import Lexicon
from kb.align.records import Alignment, Status
from kb.align.signals import Agreement, Fingerprint, Signal, compare
from kb.align.stamps import proximity, reference_release, stamp_evidence
from kb.model import GlossaryEntry, Quote, WikiPage

_POINTS = {"agrees": 2, "partial": 1, "disagrees": 0}
_MENTION = re.compile(r"(?<![\d.])\d{3}(?:\.\d+[a-z]?)?(?![\d])")
_SEE = {"es": re.compile(r"^(?:Ver|Véase)\s+(.+?)\.?$"), "en": re.compile(r"^See\s+(.+?)\.?$")}


def normalize_term(term: str) -> str:
    """Case, hyphens and spacing evened out: "Non-active player" and "Nonactive Player" are one term."""
    return " ".join(term.casefold().replace("-", "").replace("’", "'").split()).strip(" .")


class TermKnowledge:
    """Spanish terms and the English terms they translate, to judge a pair of glossary headings."""

    def __init__(self, pairs: Iterable[tuple[str, str]] = ()):
        self._known: dict[str, set[str]] = {}
        self._expected: dict[str, tuple[set[str] | None, set[str]]] = {}
        for es, en in pairs:
            self.add(es, en)

    def add(self, es: str, en: str) -> None:
        self._known.setdefault(normalize_term(es), set()).add(normalize_term(en))
        self._expected.clear()

    def translations(self, es: str) -> set[str]:
        return set(self._known.get(normalize_term(es), ()))

    def _expectations(self, es: str) -> tuple[set[str] | None, set[str]]:
        """The English the Spanish term is known to be, and the English terms it holds parts of."""
        if es not in self._expected:
            exact = self._known.get(es)
            held = set()
            for known_es, known_en in self._known.items():
                if _holds(es, known_es):
                    held |= known_en
            self._expected[es] = (exact, held)
        return self._expected[es]

    def matching(self, term_es: str, normalized_en: dict[str, str]) -> set[str]:
        """The English terms (given with their normalized forms) the Spanish term agrees with."""
        exact, held = self._expectations(normalize_term(term_es))
        if exact:
            return {term for term, norm in normalized_en.items() if norm in exact}
        if not held:
            return set()
        return {term for term, norm in normalized_en.items() if any(_holds(norm, e) for e in held)}

    def agrees(self, term_es: str, term_en: str) -> bool | None:
        """True if the pair is known (or the English holds the known translation of a term the Spanish
        holds), False if the Spanish term is known to translate something else, None if unknown."""
        es, en = normalize_term(term_es), normalize_term(term_en)
        exact, held = self._expectations(es)
        if exact:
            return en in exact
        if any(_holds(en, e) for e in held):
            return True
        return None


def _holds(text: str, part: str) -> bool:
    return f" {part} " in f" {text} "


@dataclass
class _Pick:
    release: str
    entry: GlossaryEntry
    agreement: Agreement
    likeness: float = 0.0


class GlossaryAligner:
    def __init__(self, index: ReleaseIndex, terms: TermKnowledge | None = None, lexicon: Lexicon | None = None):
        self.index = index
        self.terms = terms or TermKnowledge()
        self.lexicon = lexicon or Lexicon()
        self.paired: dict[str, str] = {}  # normalized Spanish term -> English term
        self._by_release: dict[str, tuple] = {}

    def align_pages(self, pages: list[WikiPage]) -> list[Alignment]:
        work = [
            (page, quote, entry)
            for page in pages
            if page.lang == "es"
            for quote in page.quotes
            if quote.document == "glossary"
            for entry in quote.glossary
        ]
        results: dict[int, Alignment] = {}
        for second in (False, True):
            for number, (page, quote, entry) in enumerate(work):
                if number in results and results[number].status != "unmatched":
                    continue
                found = self.align_entry(entry, quote, page.title, follow_pointers=second)
                results[number] = found
                if found.en is not None:
                    self.paired[normalize_term(entry.term)] = found.en.term
        return [results[n] for n in range(len(work))]

    def align_entry(
        self, entry: GlossaryEntry, quote: Quote, page_title: str = "", follow_pointers: bool = True
    ) -> Alignment:
        index = self.index
        stamp = quote.stamp
        stated = stamp.date if stamp else None
        es_print = Fingerprint.of(entry.text, (), "es")
        base = dict(kind="glossary", es=entry, page_title=page_title, stamp=stamp, stated_release=stated)
        picks: list[tuple[tuple, _Pick]] = []
        ambiguous: list[str] = []
        for release in index.releases:
            scored = []
            for candidate in self._candidates(entry, es_print, release, follow_pointers):
                agreement = self._compare(entry, es_print, release, candidate, follow_pointers)
                if agreement.level == "disagrees" or not _enough(agreement):
                    continue
                likeness = self.lexicon.similarity(entry.term, candidate.term)
                key = (-_POINTS[agreement.level], -agreement.score, -likeness)
                scored.append((key, _Pick(release, candidate, agreement, likeness)))
            if not scored:
                continue
            scored.sort(key=lambda item: (item[0], item[1].entry.term))
            top = [p for k, p in scored if k == scored[0][0]]
            if len({p.entry.term for p in top}) > 1:
                ambiguous.append(f"{release}: {', '.join(sorted(p.entry.term for p in top))}")
                continue
            key, pick = scored[0]
            picks.append(((*key[:2], proximity(release, stated)), pick))
        evidence = [stamp_evidence(stamp, stated, index)]
        if not picks:
            if ambiguous:
                evidence.append("equally good English entries: " + "; ".join(ambiguous))
            else:
                evidence.append("no English glossary entry agrees in content or by a known term")
            return Alignment(status="unmatched", en=None, evidence=evidence, **base)
        picks.sort(key=lambda item: item[0])
        pick = picks[0][1]
        release, english = pick.release, pick.entry
        evidence.append(f"English {english.term!r} of {release} {pick.agreement.describe()}")
        if pick.likeness:
            evidence.append(f"the words of the two terms correspond ({pick.likeness:.0%} by the corpus's own term pairs)")

        status: Status
        reference = reference_release(stated, index)
        drift = None
        if reference and reference > release:
            drift = self._drift(entry, es_print, release, english, reference)
        if drift:
            status = "drifted"
            evidence.append(drift)
        elif stated is None:
            status = "nearest"
        elif stated in index.releases:
            if release == stated:
                status = "exact"
            else:
                at_stated = index.glossary[stated].get(english.term)
                mapped = self._compare_mapped(entry, es_print, stated, release, at_stated) if at_stated else None
                raw = self._compare(entry, es_print, stated, at_stated, True) if at_stated else None
                if raw is not None and raw.level == "agrees":
                    status = "exact"
                    release, english = stated, at_stated
                    evidence.append(f"English {english.term!r} of {stated} {raw.describe()}")
                elif mapped is not None and mapped.level == "agrees":
                    status = "renumbered"
                    evidence.append(
                        f"in the stated release {stated} the entry cites the same rules under other numbers "
                        f"({_ids(index.glossary_fingerprint(stated, at_stated.term).refs)}); the Spanish "
                        f"numbers are those of {release}"
                    )
                else:
                    status = "nearest"
                    evidence.append(f"the stated release {stated} does not agree; {release} does")
        else:
            status = "nearest"
        return Alignment(status=status, en=english, evidence=evidence, english_release=release, **base)

    # -- candidates and comparison ---------------------------------------------------------------

    def _candidates(
        self, entry: GlossaryEntry, es_print: Fingerprint, release: str, follow: bool
    ) -> list[GlossaryEntry]:
        entries, normalized, mentions, pointers = self._tables(release)
        found = self.terms.matching(entry.term, normalized)
        if es_print.refs:
            sets = [mentions.get(ref, set()) for ref in es_print.refs]
            found |= set.intersection(*sets)
        pointer = _SEE["es"].match(entry.text.strip()) if follow else None
        if pointer:
            target = self.paired.get(normalize_term(pointer.group(1)))
            if target:
                found |= pointers.get(normalize_term(target), set())
        return [entries[t] for t in sorted(found)]

    def _tables(self, release: str):
        """Per release: entries by term, normalized terms, terms by the numbers their text mentions,
        and terms by the term their "See X" points at."""
        if release not in self._by_release:
            entries = self.index.glossary[release]
            normalized = {term: normalize_term(term) for term in entries}
            mentions: dict[str, set[str]] = {}
            pointers: dict[str, set[str]] = {}
            for term, candidate in entries.items():
                for number in _MENTION.findall(candidate.text):
                    mentions.setdefault(number, set()).add(term)
                match = _SEE["en"].match(candidate.text.strip())
                if match:
                    pointers.setdefault(normalize_term(match.group(1)), set()).add(term)
            self._by_release[release] = (entries, normalized, mentions, pointers)
        return self._by_release[release]

    def _compare(
        self, entry: GlossaryEntry, es_print: Fingerprint, release: str, candidate: GlossaryEntry, follow: bool
    ) -> Agreement:
        en_print = self.index.glossary_fingerprint(release, candidate.term)
        term = self.terms.agrees(entry.term, candidate.term)
        agreement = compare(es_print, en_print, title_agrees=term, title_label=f"known term {candidate.term!r}")
        pointer = self._pointer(entry, candidate) if follow else None
        if pointer is not None:
            agreement = Agreement(agreement.signals + (pointer,))
        return agreement

    def _compare_mapped(self, entry, es_print, release, target_release, candidate) -> Agreement:
        """Compare with the references of `release` renumbered as `target_release` numbers them."""
        en_print = self.index.glossary_fingerprint(release, candidate.term)
        mapped = replace(en_print, refs=self.index.map_refs(en_print.refs, release, target_release))
        term = self.terms.agrees(entry.term, candidate.term)
        return compare(es_print, mapped, title_agrees=term, title_label=f"known term {candidate.term!r}")

    def _pointer(self, entry: GlossaryEntry, candidate: GlossaryEntry) -> Signal | None:
        """For "Ver X" against "See Y": whether X is paired with Y."""
        es = _SEE["es"].match(entry.text.strip())
        en = _SEE["en"].match(candidate.text.strip())
        if not es or not en:
            return None
        target = self.paired.get(normalize_term(es.group(1)))
        if target is None:
            return None
        if normalize_term(target) == normalize_term(en.group(1)):
            return Signal("title", "agree", f"points at {target!r}, as the Spanish points at {es.group(1)!r}")
        return Signal("title", "disagree", f"points at {en.group(1)!r}, not {target!r}")

    def _drift(self, entry, es_print, release, english, reference) -> str | None:
        later = self.index.glossary[reference].get(english.term)
        if later is None:
            return f"the English changed after {release}: {reference} has no entry {english.term!r}"
        agreement = self._compare_mapped(entry, es_print, reference, release, later)
        if agreement.level == "disagrees":
            return (
                f"the English changed after {release}: {english.term!r} of {reference} {agreement.describe()} "
                f"(the Spanish agrees with the older text)"
            )
        return None


def _enough(agreement: Agreement) -> bool:
    """A glossary pair needs positive evidence: a hard fact or a known term, or two softer signals."""
    positive = agreement.positive
    return any(s.name in ("refs", "numbers", "title") for s in positive) or len(positive) >= 2


def _ids(values) -> str:
    return ", ".join(sorted(values)) or "none"
