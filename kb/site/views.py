"""What each page shows, read from the knowledge base once and handed to the templates.

`SiteData.collect(kb)` is the only place that asks the knowledge base anything: the rules of the
newest release, their Spanish text, references both ways, history, examples, glossary,
terminology, wiki pages and release diffs. Everything language- or page-dependent (which text is
shown, links relative to the page) is worked out by the `*_view` functions from that data, so the
templates only lay things out.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from markupsafe import Markup, escape

from kb.refs import Reference, find_references
from kb.site import urls
from kb.site.examples import ExampleRuns
from kb.site.glossary_changes import STATUSES as GLOSSARY_STATUSES
from kb.site.glossary_changes import GlossaryChange, cut_short, glossary_changes, last_complete, term_key
from kb.site.locale import LANGS, format_release, other_lang, plural, sort_key, strings
from kb.site.text import linkify, linkify_text

RULE_KINDS = ("rule", "subrule")


# ---------------------------------------------------------------------------------------------
# Language-independent data, collected once


@dataclass
class SpanishData:
    id_es: str
    text: str
    examples: list[str]
    origin: str
    source: str
    page_title: str
    stamp: str
    english_release: str | None
    status: str
    evidence: list[str]
    newest_id: str | None
    changed_since: bool
    # References in the Spanish text, with targets carried to the newest release's numbering.
    references: list[Reference] = field(default_factory=list)
    # The first release after `english_release` whose English differs (None if unknown or current).
    changed_in: str | None = None
    # A catalog entry's state ("reviewed", "translated", "fuzzy"), if the catalog says.
    state: str = ""
    # The rule's other Spanish texts (another quote, the team's translation, a translation of an
    # older English), in the order shown, folded beneath this one under their labels.
    others: list[SpanishData] = field(default_factory=list)


@dataclass
class RuleData:
    id: str
    kind: str
    parent: str | None
    section: str
    text: str
    release: str
    examples: list[str]
    references: list[Reference]
    spanish: SpanishData | None
    backlinks: list[str]
    history: list[Any]
    executable: list[str]


@dataclass
class ExampleData:
    name: str
    title: dict[str, str]
    text: dict[str, str]
    rules: list[str]
    code: str
    results: dict[str, tuple[str, str]]  # lang -> (status, output)


@dataclass
class WikiData:
    slug: str
    page: Any
    lines: list[str]
    # line number -> newest rule id the line quotes
    quoted: dict[int, str]
    # line number -> references in the line, targets in the newest release's numbering
    refs: dict[int, list[Reference]] = field(default_factory=dict)
    # The page's address on its wiki, if known.
    original: str | None = None
    # line numbers of the site chrome the page was copied with (not shown)
    chrome: set[int] = field(default_factory=set)


DIFF_STATUSES = ("added", "removed", "changed", "moved")
# A page of a release diff holds about this much of its entries' text (the markup around each is
# counted as DIFF_ENTRY_MARKUP): with the site's frame it stays under 300 KB.
DIFF_PAGE_BYTES = 200_000
DIFF_ENTRY_MARKUP = 160


@dataclass
class DiffData:
    key: str
    old: str
    new: str
    entries: list[Any]
    counts: dict[str, int]
    texts: dict[tuple[str, str], str]  # (release, id) -> text
    # The glossary entries added, removed and changed (see `kb.site.glossary_changes`)
    glossary: list[GlossaryChange] = field(default_factory=list)
    # (release, its glossary's last whole term) for each of the two releases whose text ends inside
    # its glossary: the glossaries are compared only as far as that term
    glossary_cut: list[tuple[str, str]] = field(default_factory=list)
    _inline: dict[int, Markup] = field(default_factory=dict, repr=False)
    _pages: list[list[Any]] = field(default_factory=list, repr=False)

    def pages(self) -> list[list[Any]]:
        """The entries in the order shown (added, removed, changed, moved), cut into pages of about
        `DIFF_PAGE_BYTES` of text each: a release that renumbered the rules (2009-07-11) would make
        one page of a megabyte."""
        if not self._pages:
            ordered = [e for status in DIFF_STATUSES for e in self.entries if e.status == status]
            pages: list[list[Any]] = [[]]
            size = 0
            for entry in ordered:
                weight = len(self.inline(entry)) + DIFF_ENTRY_MARKUP
                if pages[-1] and size + weight > DIFF_PAGE_BYTES:
                    pages.append([])
                    size = 0
                pages[-1].append(entry)
                size += weight
            self._pages = pages
        return self._pages

    def page_key(self, number: int) -> str:
        """The key of page `number` (from 0): the diff's own key, then `KEY/2`, `KEY/3`..."""
        return self.key if number == 0 else f"{self.key}/{number + 1}"

    def key_of(self, new_id: str | None, old_id: str | None) -> str:
        """The page that shows the entry of these ids."""
        for number, page in enumerate(self.pages()):
            if any(e.new_id == new_id and e.old_id == old_id for e in page):
                return self.page_key(number)
        return self.key

    def inline(self, entry: Any) -> Markup:
        """The entry's text as HTML: the old and new words merged where its text or one of its
        examples changed."""
        key = id(entry)
        if key not in self._inline:
            old = self.texts.get((self.old, entry.old_id), "") if entry.old_id else ""
            new = self.texts.get((self.new, entry.new_id), "") if entry.new_id else ""
            if (entry.words or entry.examples) and old and new:
                merged = inline_diff(old, new)
                if "<ins>" not in merged and "<del>" not in merged and old != new:
                    # Only the spacing differs: say so rather than show two texts that look the same.
                    merged = inline_diff(" ".join(old.split()), " ".join(new.split())) + Markup(
                        ' <span class="kb-diff__spacing">(␣)</span>')
                self._inline[key] = merged
            else:
                self._inline[key] = escape(new or old)
        return self._inline[key]


@dataclass
class SiteData:
    newest: str
    releases: list[str]
    counts: dict[str, dict[str, int]]
    parts: list[Any]
    sections: list[Any]
    section_part: dict[str, str]
    rules: dict[str, RuleData]
    order: list[str]
    titles_es: dict[str, str]
    glossary: dict[str, list[Any]]
    glossary_pairs: list[tuple[Any, Any]]
    terminology: list[Any]
    coverage: list[dict[str, Any]]
    examples: list[ExampleData]
    wiki: list[WikiData]
    diffs: list[DiffData]
    # Every release's rules as text (with their examples): release -> rule id -> text
    release_texts: dict[str, dict[str, str]] = field(default_factory=dict)
    # (release, id in that release) -> id of the same rule in the newest release
    newest_of: dict[tuple[str, str], str] = field(default_factory=dict)
    # release -> rule id -> number of the rule's line of descent: the same number in two releases
    # is the same rule, followed through every renumbering between them (see `lines_of_descent`)
    descent: dict[str, dict[str, int]] = field(default_factory=dict)
    # The corpus's term base (`kb.translations.termbase.Term`) and the search box's curated phrases
    # (`kb.site.query.Synonym`): what a query is understood by before it is ranked.
    term_base: list[Any] = field(default_factory=list)
    synonyms: list[Any] = field(default_factory=list)
    # The releases whose Spanish text the site offers to download: release -> path from the site's root
    # (`kb.site.downloads`).
    downloads: dict[str, str] = field(default_factory=dict)
    # How much of each of those files is in Spanish: release -> (rules and subrules, in Spanish).
    spanish_shares: dict[str, tuple[int, int]] = field(default_factory=dict)
    # Every release's parsed document (`kb.model.CRDocument`), by release.
    documents: dict[str, Any] = field(default_factory=dict, repr=False)
    # How far the rules engine goes, rule by rule, in the newest release (`kb.conformance`).
    conformance: Any = None
    # The document's own headings, paragraphs, credits and notices in Spanish, as the catalogs
    # translate them (not fuzzy): msgctxt ("document:Introduction", ...) -> (Spanish, its English).
    document_es: dict[str, tuple[str, str]] = field(default_factory=dict)
    _by_section: dict[str, list[RuleData]] = field(default_factory=dict, repr=False)

    @classmethod
    def collect(cls, kb: Any, examples: Any = None, progress: Callable[[str], None] | None = None) -> SiteData:
        """Everything the pages show. `examples` is a provider of executable examples
        (`catalog()`, `run(name, lang)`), an `ExampleRuns` already started, or None."""
        return _Collector(kb, examples, progress).run()

    def section_rules(self, section: str) -> list[RuleData]:
        """The rules and subrules of a section, in document order."""
        if not self._by_section:
            for rule_id in self.order:
                self._by_section.setdefault(self.rules[rule_id].section, []).append(self.rules[rule_id])
        return self._by_section.get(section, [])

    def section_key(self, section: str) -> str:
        return f"cr/{section}"

    def target_page(self, target: str) -> tuple[str, str | None] | None:
        """(page key, fragment) where rule, section or part `target` of the newest release is shown."""
        if target in self.rules:
            section = self.rules[target].section
            return self.section_key(section), target
        if target in self.section_part:
            return self.section_key(target), None
        if any(part.id == target for part in self.parts):
            return "cr/index", f"part-{target}"
        return None

    def diff_to(self, release: str) -> DiffData | None:
        """The diff that ends at `release`, if there is one."""
        return next((diff for diff in self.diffs if diff.new == release), None)

    def diff_key(self, release: str) -> str | None:
        """The diff page that ends at `release`, if there is one."""
        for diff in self.diffs:
            if diff.new == release:
                return diff.key
        return None


def example_slug(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return slug or "example"


def wiki_slug(source: str) -> str:
    return example_slug(Path(source).stem)


WIKI_ADDRESSES = {
    # Where each language's wiki keeps its pages: the Spanish MTG Wiki on Fandom, the MTG Wiki.
    "es": "https://mtg.fandom.com/es/wiki/{}",
    "en": "https://mtg.wiki/page/{}",
}


def wiki_address(page: Any) -> str | None:
    """The address of a wiki page on its wiki: stated by the corpus, or made from its title."""
    stated = getattr(page, "url", None)
    if stated:
        return str(stated)
    pattern = WIKI_ADDRESSES.get(getattr(page, "lang", "") or "")
    title = (getattr(page, "title", "") or "").strip()
    if not pattern or not title:
        return None
    return pattern.format(quote(title.replace(" ", "_"), safe="_()-,.:'"))


def term_anchor(term: str, lang: str, taken: set[str]) -> str:
    folded = sort_key(lang)(term)[1]
    base = "t-" + (re.sub(r"[^\w]+", "-", folded, flags=re.UNICODE).strip("-") or "term")
    anchor, n = base, 2
    while anchor in taken:
        anchor, n = f"{base}-{n}", n + 1
    taken.add(anchor)
    return anchor


class _Collector:
    def __init__(self, kb: Any, examples: Any, progress: Callable[[str], None] | None):
        self.kb = kb
        self.examples = examples
        self.progress = progress or (lambda message: None)
        self._traced: dict[tuple[str, str], str | None] = {}

    def run(self) -> SiteData:
        kb = self.kb
        newest = kb.newest
        releases = list(kb.releases)
        documents = kb.documents
        all_rules = list(kb.rules())
        parts = [r for r in all_rules if r.kind == "part"]
        sections = [r for r in all_rules if r.kind == "section"]
        by_id = {r.id: r for r in all_rules}
        section_part = {s.id: (s.parent or "") for s in sections}

        def section_of(rule) -> str:
            current = rule
            while current is not None and current.kind not in ("section", "part"):
                current = by_id.get(current.parent) if current.parent else None
            if current is None or current.kind == "part":
                return rule.id.split(".", 1)[0]
            return current.id

        self.progress("rules")
        catalog = self._catalog()
        executable_by_rule: dict[str, list[str]] = defaultdict(list)
        for example in catalog:
            for rule_id in example.rules:
                executable_by_rule[rule_id].append(example.name)

        rules: dict[str, RuleData] = {}
        order: list[str] = []
        for rule in all_rules:
            if rule.kind not in RULE_KINDS:
                continue
            spanish = self._spanish(rule.id)
            history = list(kb.history(rule.id))
            rules[rule.id] = RuleData(
                id=rule.id,
                kind=rule.kind,
                parent=rule.parent,
                section=section_of(rule),
                text=rule.text,
                release=rule.release,
                examples=[e.text for e in rule.examples],
                references=list(kb.refs_out(rule.id)),
                spanish=spanish,
                backlinks=sorted(set(kb.refs_in(rule.id)), key=_natural),
                history=history,
                executable=executable_by_rule.get(rule.id, []),
            )
            order.append(rule.id)
            _date_changes(spanish, history)

        titles = kb.section_titles_es()
        titles_es = {key: getattr(value, "title_es", value) for key, value in titles.items() if key}
        # A title no wiki's navigation gives (a section new since: 720, 721) is the team's
        # translation, where the catalogs have one of the current English.
        for heading in [*parts, *sections]:
            if heading.id not in titles_es:
                found = kb.spanish(heading.id)
                if found is not None and not getattr(found, "changed_since", False) and found.text.strip():
                    titles_es[heading.id] = found.text.strip()

        self.progress("glossary")
        glossary = {lang: list(kb.glossary(lang)) for lang in LANGS}
        glossary["es"], pairs = spanish_glossary(kb)
        terminology = list(kb.terminology())
        coverage = coverage_rows(kb)

        self.progress("wiki")
        wiki = [self._wiki(page) for page in kb.pages]

        self.progress("diffs")
        release_texts: dict[str, dict[str, str]] = {}
        for release in releases:
            release_texts[release] = {
                r.id: full_text(r) for r in documents[release].rules if r.kind in ("section", "rule", "subrule")
            }
        newest_of: dict[tuple[str, str], str] = {}
        for rule_data in rules.values():
            for event in rule_data.history:
                if event.new_id:
                    newest_of[(event.release, event.new_id)] = rule_data.id
        diffs = []
        mappings = []
        for old, new in zip(releases, releases[1:]):
            diff = kb.diff(old, new)
            mappings.append(diff.mapping)
            texts: dict[tuple[str, str], str] = {}
            for entry in diff.entries:
                for release, rule_id in ((old, entry.old_id), (new, entry.new_id)):
                    if rule_id:
                        texts[(release, rule_id)] = release_texts[release].get(rule_id) or full_text(
                            kb.rule(rule_id, release))
            diffs.append(
                DiffData(
                    key=f"releases/{old}--{new}",
                    old=old,
                    new=new,
                    entries=sorted(diff.entries, key=lambda e: _natural(e.new_id or e.old_id or "")),
                    counts=diff.counts(),
                    texts=texts,
                    glossary=glossary_changes(kb.glossary("en", old), kb.glossary("en", new), diff.mapping,
                                              old_cut=cut_short(documents[old]), new_cut=cut_short(documents[new])),
                    glossary_cut=[(release, getattr(last_complete(documents[release].glossary), "term", ""))
                                  for release in (old, new) if cut_short(documents[release])],
                )
            )

        return SiteData(
            newest=newest,
            releases=releases,
            counts={r: documents[r].counts() for r in releases},
            parts=parts,
            sections=sections,
            section_part=section_part,
            rules=rules,
            order=order,
            titles_es=titles_es,
            glossary=glossary,
            glossary_pairs=pairs,
            terminology=terminology,
            coverage=coverage,
            examples=catalog,
            wiki=wiki,
            diffs=diffs,
            release_texts=release_texts,
            newest_of=newest_of,
            document_es=getattr(kb, "document_spanish", dict)(),
            descent=lines_of_descent(releases, release_texts, mappings),
            documents={release: documents[release] for release in releases},
            conformance=_conformance(documents[newest], catalog),
            **_query_sources(getattr(kb, "corpus_root", None)),
        )

    def rule_spanish(self, rule: RuleData) -> SpanishData | None:
        """The Spanish of `rule` as `run` gives it (for a preview that reads a catalog again)."""
        spanish = self._spanish(rule.id)
        _date_changes(spanish, rule.history)
        return spanish

    def _newest_id(self, target: str, release: str | None) -> str | None:
        """Where `target`, numbered as in `release`, stands in the newest release."""
        if not release or release == self.kb.newest:
            return target
        key = (target, release)
        if key not in self._traced:
            try:
                events = self.kb.history(target, release)
            except (LookupError, ValueError):
                # Not a rule of that release (a reference to a rule that did not exist): no link.
                events = []
            newest = None
            for event in events:
                if event.release == self.kb.newest:
                    newest = event.new_id
            self._traced[key] = newest
        return self._traced[key]

    def _alignments(self) -> dict[str, list[Any]]:
        if not hasattr(self, "_by_newest"):
            self._by_newest: dict[str, list[Any]] = defaultdict(list)
            for alignment in getattr(self.kb, "alignment", []) or []:
                if getattr(alignment, "kind", "rule") == "rule" and alignment.newest_id:
                    self._by_newest[alignment.newest_id].append(alignment)
        return self._by_newest

    def _spanish(self, rule_id: str) -> SpanishData | None:
        found = self.kb.spanish(rule_id)
        if found is None:
            return None
        candidates = self._alignments().get(rule_id, [])
        chosen = next((a for a in candidates if _es_id(a) == found.id_es and str(a.source) == str(found.source)
                       and (getattr(a, "english_release", None) == found.english_release)), None)
        spanish = self._spanish_data(found, chosen)
        if chosen is not None and getattr(chosen, "origin", None) == "po" and not spanish.state:
            spanish.state = _catalog_state(chosen)
        for alignment in self._folded_texts(found, candidates):
            other = self._spanish_data(None, alignment)
            if getattr(alignment, "origin", "wiki") == "po":
                other.state = _catalog_state(alignment)
            spanish.others.append(other)
        return spanish

    @staticmethod
    def _folded_texts(found: Any, candidates: list[Any]) -> list[Any]:
        """The rule's other Spanish texts, shown folded beneath the first (`found`), in the one order
        `kb.translations.precedence.in_order` gives: the same order as `kb.spanish_texts`."""
        others = [a for a in candidates if getattr(a, "status", "") != "unmatched"
                  and not (str(a.es.source) == str(found.source) and _es_id(a) == found.id_es)]
        if len(others) < 2:
            return others
        from kb.translations.precedence import in_order

        return [alignment for alignment, _current in in_order(others)]

    def _spanish_data(self, found: Any, alignment: Any) -> SpanishData:
        """A Spanish text from what `kb.spanish` gives (`found`) or from an alignment."""
        if found is None:
            record = alignment.es
            found_text, examples = record.text, [e.text for e in getattr(record, "examples", [])]
            origin, source = getattr(alignment, "origin", "wiki"), str(record.source)
            page_title = getattr(alignment, "page_title", "") or ""
            stamp_obj, english_release = getattr(alignment, "stamp", None), getattr(alignment, "english_release", None)
            status, evidence = alignment.status, list(getattr(alignment, "evidence", None) or [])
            newest_id = getattr(alignment, "newest_id", None)
            changed_since, id_es = bool(getattr(alignment, "changed_since", False)), _es_id(alignment)
        else:
            found_text, examples = found.text, list(found.examples or [])
            origin, source, page_title = found.origin, str(found.source), found.page_title or ""
            stamp_obj, english_release = getattr(found, "stamp", None), found.english_release
            status, evidence, newest_id = found.status, list(found.evidence or []), found.newest_id
            changed_since, id_es = bool(found.changed_since), found.id_es
        references = []
        for ref in find_references(found_text, "es"):
            target = self._newest_id(ref.target, english_release)
            if target:
                references.append(Reference(target, ref.surface, ref.start, ref.end, ref.kind))
        source_obj = found if found is not None else alignment
        changed_in = getattr(alignment, "changed_in", None) if alignment is not None else None
        changed_in = getattr(found, "changed_in", None) or changed_in
        state = getattr(found, "state", None) or (getattr(alignment, "state", None) if alignment is not None else None)
        return SpanishData(
            id_es=id_es,
            text=found_text,
            examples=examples,
            origin=origin,
            source=source,
            page_title=page_title,
            stamp=getattr(stamp_obj, "raw", "") or "",
            english_release=english_release,
            status=status,
            evidence=evidence,
            newest_id=newest_id,
            changed_since=changed_since,
            references=references,
            changed_in=changed_in if changed_since else None,
            state=str(state or ""),
        ) if source_obj is not None else None  # type: ignore[return-value]

    def _catalog(self) -> list[ExampleData]:
        if self.examples is None:
            return []
        self.progress("examples")
        runs = self.examples if isinstance(self.examples, ExampleRuns) else ExampleRuns(self.examples)
        results = runs.results()
        out = []
        for example in runs.catalog:
            out.append(
                ExampleData(
                    name=example.name,
                    title={"es": example.title_es, "en": example.title_en},
                    text={"es": example.text_es, "en": example.text_en},
                    rules=list(example.rules),
                    code=example.code,
                    results={lang: results[(example.name, lang)] for lang in LANGS},
                )
            )
        return sorted(out, key=lambda e: e.name)

    def _wiki(self, page) -> WikiData:
        from kb.decode import read_text, split_lines

        text, _ = read_text(page.source)
        lines = split_lines(text)
        quoted: dict[int, str] = {}
        releases: dict[str, int] = defaultdict(int)
        for alignment in getattr(self.kb, "alignment", []) or []:
            if getattr(alignment, "kind", "rule") != "rule" or str(alignment.source) != str(page.source):
                continue
            if alignment.newest_id:
                quoted[alignment.line] = alignment.newest_id
            release = getattr(alignment, "english_release", None)
            if release:
                releases[release] += 1
        # The page numbers rules as the release its quotes translate; references are carried from
        # that numbering to the newest release's.
        numbering = max(sorted(releases), key=lambda r: releases[r]) if releases else None
        lang = getattr(page, "lang", "es") or "es"
        refs: dict[int, list[Reference]] = {}
        for number, line in enumerate(lines, 1):
            found = []
            for ref in find_references(line, lang):
                target = self._newest_id(ref.target, numbering)
                if target:
                    found.append(Reference(target, ref.surface, ref.start, ref.end, ref.kind))
            if found:
                refs[number] = found
        hidden = {"site chrome", "blank", "image caption", "navigation box header"}
        chrome = {s.line for s in getattr(page, "skipped", []) or [] if getattr(s, "reason", "") in hidden}
        chrome |= {n.line for n in getattr(page, "nav", []) or []}
        return WikiData(slug=wiki_slug(page.source), page=page, lines=lines, quoted=quoted, refs=refs,
                        original=wiki_address(page), chrome=chrome)


def _conformance(document: Any, examples: list[ExampleData]) -> Any:
    """The engine's conformance map of the newest release, its examples those the site shows."""
    from kb.conformance import conformance_map

    return conformance_map([(r.id, r.kind) for r in document.rules], document.release, examples=examples)


def engine_view(data: SiteData, rule_id: str, linker: Linker) -> dict[str, Any] | None:
    """One line on whether the engine models a rule: its status, and the example on the site (or
    else the test) that shows it, the refusal or the reason; None for a rule outside the map."""
    entry = data.conformance.get(rule_id) if data.conformance is not None else None
    if entry is None:
        return None
    t = strings(linker.lang)
    view: dict[str, Any] = {
        "status": entry.status.replace(" ", "-"),
        "label": t["engine_" + entry.status.replace(" ", "_")],
        "map_url": linker.page("engine", f"engine-{entry.section}"),
        "example": None,
        "test": None,
        "note": None,
        # A refusal's message is the engine's own, in English.
        "note_lang": "en",
    }
    titles = {e.name: e.title for e in data.examples}
    example = next((e for e in entry.tests if e.kind == "example" and e.ref in titles), None)
    if example is not None:
        view["example"] = {"url": linker.page(f"examples/{example_slug(example.ref)}"), "title": titles[example.ref].get(linker.lang) or example.ref}
    elif entry.tests:
        view["test"] = entry.tests[0].ref
    if entry.status == "refused":
        view["note"] = entry.refusals[0].message
    elif entry.status == "outside":
        view["note"] = entry.reason_es if linker.lang == "es" else entry.reason
        view["note_lang"] = linker.lang
    return view


def _query_sources(corpus_root: Any) -> dict[str, list[Any]]:
    """The term base and the synonyms of the corpus at `corpus_root`, where it has them (an error
    in either fails the build: the search box would lose its understanding of the queries)."""
    if corpus_root is None:
        return {}
    from kb.site.query import load_synonyms
    from kb.translations.termbase import load_term_base

    folder = Path(corpus_root) / "terms"
    found: dict[str, list[Any]] = {}
    if (folder / "terms.tsv").is_file():
        found["term_base"] = list(load_term_base(folder / "terms.tsv").terms)
    if (folder / "synonyms.tsv").is_file():
        found["synonyms"] = load_synonyms(folder / "synonyms.tsv")
    return found


def full_text(rule: Any) -> str:
    """A rule's text with its examples, one paragraph each: what a change to the rule can touch."""
    return "\n".join([rule.text, *(example.text for example in getattr(rule, "examples", []) or [])])


def _catalog_state(alignment: Any) -> str:
    try:
        from kb.translations.precedence import catalog_state

        state = catalog_state(alignment)
    except (ImportError, AttributeError, TypeError):
        state = ""
    if state in ("translated", "fuzzy", "reviewed"):
        return state
    return "fuzzy" if getattr(alignment, "status", "") == "drifted" else "translated"


def _es_id(alignment: Any) -> str:
    return getattr(alignment, "es_id", None) or getattr(alignment.es, "id", None) or getattr(alignment.es, "term", "")


def _date_changes(spanish: SpanishData | None, history: list[Any]) -> None:
    """Each of a rule's Spanish texts whose English changed since says in which release."""
    for spanish_text in ([spanish, *spanish.others] if spanish else []):
        if spanish_text.changed_since and not spanish_text.changed_in:
            spanish_text.changed_in = _first_change_after(history, spanish_text.english_release)


def _first_change_after(history: list[Any], release: str | None) -> str | None:
    """The first release after `release` in which the rule's English changed."""
    if not release:
        return None
    for event in history:
        if event.release > release and (event.status in ("changed", "added") or (event.status == "moved" and (event.words or event.examples))):
            return event.release
    return None


def coverage_rows(kb: Any) -> list[dict[str, Any]]:
    """The coverage page's rows, one per section (see `_coverage_row`)."""
    return [_coverage_row(key, row) for key, row in _rows(kb.translation_stats())]


def spanish_glossary(kb: Any) -> tuple[list[Any], list[tuple[Any, Any]]]:
    """The Spanish glossary's entries and their pairs with English entries, as the site shows them."""
    entries = list(kb.spanish_glossary())
    kept = {id(entry) for entry in entries}
    return entries, [(es, en) for es, en in kb.glossary_pairs() if id(es) in kept]


def spanish_reader(kb: Any) -> _Collector:
    """What reads a rule's Spanish from `kb` as `SiteData.collect` does (`rule_spanish`)."""
    return _Collector(kb, None, None)


def _rows(stats: Any) -> list[tuple[str | None, Any]]:
    if isinstance(stats, dict):
        return list(stats.items())
    return [(None, row) for row in stats]


def _coverage_row(key: str | None, row: Any) -> dict[str, Any]:
    """One section's translation counts: records (the section and its rules), with a Spanish text
    (current or not), of those from imported catalogs (from_po) and whose English changed since
    (fuzzy), and whether the title is known."""
    get = row.get if isinstance(row, dict) else (lambda name, default=None: getattr(row, name, default))
    return {
        "section": str(get("section", None) or key or ""),
        "records": int(get("records", 0) or 0),
        "with_spanish": int(get("with_spanish", 0) or 0),
        "fuzzy": int(get("fuzzy", 0) or 0),
        "from_po": int(get("from_po", 0) or 0),
        "title_known": bool(get("title_known", False)),
    }


def _natural(value: str) -> list:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", value)]


# ---------------------------------------------------------------------------------------------
# Links from one page


class Linker:
    """Relative links from one page (`key`, `lang`) to any other page, rule or asset."""

    def __init__(self, data: SiteData, key: str, lang: str):
        self.data = data
        self.key = key
        self.lang = lang

    def page(self, key: str, fragment: str | None = None, lang: str | None = None) -> str:
        return urls.relative_url(self.key, self.lang, key, lang or self.lang, fragment)

    def rule(self, target: str, lang: str | None = None) -> str | None:
        place = self.data.target_page(target)
        if place is None:
            return None
        key, fragment = place
        if key == self.key and (lang or self.lang) == self.lang:
            return "#" + fragment if fragment else "./"
        return self.page(key, fragment, lang)

    def md(self, key: str, fragment: str | None = None) -> str:
        """A link between Markdown sources of one language, for the builder to check and resolve."""
        return urls.source_link(self.key, key, fragment)

    def other(self, fragment: str | None = None) -> str:
        return self.page(self.key, fragment, other_lang(self.lang))

    def asset(self, path: str) -> str:
        return urls.asset_url(self.key, self.lang, path)


@dataclass
class Link:
    label: str
    url: str | None


# ---------------------------------------------------------------------------------------------
# Rule views


@dataclass
class Trust:
    """The one label of a Spanish text, in plain words: whose it is (`label`: the team's translation
    with its state, or an official text quoted by a wiki page), which English release it translates
    (`translates`), and, only where the English changed since, a warning (`warning`) shown with the
    text it concerns."""

    kind: str  # "project", "wiki", "stale"
    label: str
    translates: str = ""
    warning: str = ""

    @property
    def words(self) -> str:
        """The label within a sentence: "traducción de este proyecto, revisada · traduce el texto
        inglés del 16 de enero de 2026"."""
        return " · ".join(part for part in (self.label, self.translates) if part)

    @property
    def line(self) -> str:
        """The label as a line of its own, its first letter a capital."""
        return self.words[:1].upper() + self.words[1:]

    @property
    def stale(self) -> bool:
        return bool(self.warning)


@dataclass
class HistoryView:
    status: str
    label: str
    release: str
    url: str | None
    detail: str


@dataclass
class ExampleRunView:
    name: str
    title: str
    text: Markup
    code: str
    status: str
    status_label: str
    output: Markup
    url: str
    rules: list[Link]


@dataclass
class ExampleText:
    text: Markup
    lang: str
    untranslated: bool


@dataclass
class QuoteView:
    """Another Spanish text of a rule (another quote, the team's translation, a translation of an
    older English), shown folded beneath the main one under its label."""

    text: Markup
    trust: Trust


@dataclass
class RuleView:
    id: str
    kind: str
    level: int
    text: Markup
    text_lang: str
    untranslated: bool
    examples: list[ExampleText]
    backlinks: list[Link]
    trust: Trust | None
    others: list[QuoteView]
    executable: list[ExampleRunView]
    stale: Any = None  # kb.site.stale.StaleView: the Spanish translates an older English


def _status_label(status: str, lang: str) -> str:
    return strings(lang).get(f"status_{status}", status)


def words_count(n: int, lang: str) -> str:
    """"1 palabra", "3 palabras", "1 word": the plural form babel gives for the language."""
    return plural(n, lang, "words")


def _change_size(event, lang: str) -> str:
    """How much of a rule changed: "3 palabras", "1 ejemplo", "2 words · 1 example" (the words
    of the rule's own text; the examples added, removed or changed)."""
    sizes = []
    if event.words:
        sizes.append(words_count(len(event.words), lang))
    if event.examples:
        sizes.append(plural(len(event.examples), lang, "examples"))
    return " · ".join(sizes)


def _event_detail(event, lang: str) -> str:
    status = event.status
    if status == "moved" and event.old_id and event.new_id:
        size = _change_size(event, lang)
        return f"{event.old_id} → {event.new_id}" + (f" · {size}" if size else "")
    if status == "changed":
        return _change_size(event, lang)
    if status == "removed" and event.old_id:
        return event.old_id
    return event.new_id or event.old_id or ""


def catalog_state(spanish: SpanishData) -> str:
    """The state of a catalog entry: "reviewed", "translated" or "fuzzy"."""
    if spanish.state in ("reviewed", "translated", "fuzzy"):
        return spanish.state
    return "fuzzy" if spanish.status == "drifted" else "translated"


def trust(data: SiteData, spanish: SpanishData, lang: str) -> Trust:
    """What a reader needs to know about a Spanish text, in `lang`: the project's translation (with
    its catalog state) or an official quote from a wiki page; the English release it translates; and,
    if that English has changed since, a warning saying when."""
    t = strings(lang)
    translated = format_release(spanish.english_release, lang) if spanish.english_release else ""
    if spanish.origin == "po":
        label = t["label_project"].format(state=t["state_" + catalog_state(spanish)])
    else:
        label = t["label_wiki"].format(page=spanish.page_title or Path(spanish.source).stem)
    stale = spanish.changed_since or (spanish.origin == "po" and catalog_state(spanish) == "fuzzy")
    if not translated:
        translates = t["label_translates_older"] if stale else ""
    elif not stale and spanish.english_release != data.newest:
        translates = t["label_translates_unchanged"].format(release=translated)
    else:
        translates = t["label_translates"].format(release=translated)
    if not stale:
        return Trust("project" if spanish.origin == "po" else "wiki", label, translates)
    changed = format_release(spanish.changed_in, lang) if spanish.changed_in else ""
    warning = t["label_warning"].format(changed=changed) if changed else t["label_warning_unknown"]
    return Trust("stale", label, translates, warning)


def rule_view(data: SiteData, rule: RuleData, linker: Linker) -> RuleView:
    from kb.site.stale import stale_view

    """What a section page shows of one rule: kept lean, every byte here is repeated thousands of
    times. The rest (history, the text in the other language, sources) is in `rule_details`."""
    lang = linker.lang
    url_for = linker.rule
    spanish = rule.spanish if lang == "es" else None
    others = folded_texts(data, spanish, linker) if spanish is not None else []
    if spanish is not None:
        text, text_lang, untranslated = linkify(spanish.text, spanish.references, url_for), "es", False
        shown_trust = trust(data, spanish, lang)
    else:
        text, text_lang = linkify(rule.text, rule.references, url_for), "en"
        untranslated = lang == "es"
        shown_trust = None

    if spanish is not None and spanish.examples:
        examples = [ExampleText(linkify_text(x, "es", url_for), "es", False) for x in spanish.examples]
    else:
        examples = [ExampleText(linkify_text(x, "en", url_for), "en", lang == "es") for x in rule.examples]

    backlinks = [Link(source, url_for(source)) for source in rule.backlinks if source != rule.id]
    executable = [example_run_view(data, name, linker) for name in rule.executable]
    return RuleView(
        id=rule.id,
        kind=rule.kind,
        level=1 if rule.kind == "rule" else 2,
        text=text,
        text_lang=text_lang,
        untranslated=untranslated,
        examples=examples,
        backlinks=backlinks,
        trust=shown_trust,
        others=others,
        executable=[e for e in executable if e is not None],
        # The English card says nothing of the Spanish: its details show the Spanish with its label.
        stale=stale_view(data, rule, lang) if spanish is not None else None,
    )


def folded_texts(data: SiteData, spanish: SpanishData, linker: Linker) -> list[QuoteView]:
    """The other Spanish texts of a rule, each with its label, to show folded beneath the first."""
    return [QuoteView(linkify(other.text, other.references, linker.rule), trust(data, other, linker.lang))
            for other in spanish.others]


def history_views(data: SiteData, rule: RuleData, linker: Linker) -> list[HistoryView]:
    lang = linker.lang
    t = strings(lang)
    out = []
    for event in rule.history:
        if event.status == "unchanged":
            continue
        diff = data.diff_to(event.release)
        url = None
        if diff is not None and event.status in DIFF_STATUSES:
            url = linker.page(diff.key_of(event.new_id, event.old_id), diff_anchor(event.new_id, event.old_id))
        out.append(
            HistoryView(
                status=event.status,
                label=t.get(f"event_{event.status}", event.status),
                release=format_release(event.release, lang),
                url=url,
                detail=_event_detail(event, lang),
            )
        )
    return out


def rule_details(data: SiteData, rule: RuleData, linker: Linker) -> dict[str, Any]:
    """What a reader gets on asking for more about a rule: its text in the other language, where
    its Spanish comes from, its history release by release, and links elsewhere."""
    from kb.site.stale import stale_view

    lang = linker.lang
    url_for = linker.rule
    spanish = rule.spanish
    if lang == "es" and spanish is not None:
        alt, alt_lang = linkify(rule.text, rule.references, url_for), "en"
        alt_trust = None
    elif lang == "en" and spanish is not None:
        alt, alt_lang = linkify(spanish.text, spanish.references, url_for), "es"
        alt_trust = trust(data, spanish, lang)
    else:
        alt, alt_lang, alt_trust = None, "", None
    history = history_views(data, rule, linker)
    return {
        "id": rule.id,
        "alt": alt,
        "alt_lang": alt_lang,
        "alt_trust": alt_trust,
        "alt_others": folded_texts(data, spanish, linker) if lang == "en" and spanish is not None else [],
        "alt_stale": stale_view(data, rule, lang) if lang == "en" and alt_trust is not None and alt_trust.warning else None,
        "spanish_source": spanish_source(data, spanish, linker) if spanish is not None else None,
        "history": history,
        "changed": any(h.status != "present" for h in history),
        "since": history[0].release if history and history[0].status == "present" else "",
        "release": format_release(rule.release, lang),
        "other_url": linker.other(rule.id),
        "graph_url": linker.page("graph/index") + "?rule=" + rule.id,
        "short_url": linker.page(f"r/{rule.id}"),
        "engine": engine_view(data, rule.id, linker),
    }


def spanish_source(data: SiteData, spanish: SpanishData, linker: Linker) -> dict[str, Any]:
    """Where a Spanish text comes from: a wiki page (on the site, and its original) or the catalog."""
    wiki = None
    if spanish.origin != "po":
        slug = wiki_slug(spanish.source)
        wiki = next((w for w in data.wiki if w.slug == slug), None)
    return {
        "origin": spanish.origin,
        "title": spanish.page_title or Path(spanish.source).stem,
        "url": linker.page(f"wiki/{wiki.slug}") if wiki else None,
        "original": wiki.original if wiki else None,
        "stamp": spanish.stamp,
        "id_es": spanish.id_es,
        "renumbered": bool(spanish.newest_id and spanish.newest_id != spanish.id_es),
        "catalog": catalog_label(Path(spanish.source).name, linker.lang) if spanish.origin == "po" else "",
        "coverage_url": linker.page("coverage"),
    }


def catalog_label(name: str, lang: str) -> str:
    """A translation catalog in plain words: part-7.po is "part 7 of the rules", glossary.po "the
    glossary" (in the reader's language), any other catalog its name without the extension."""
    t = strings(lang)
    part = re.fullmatch(r"part-(\d+)\.po", name)
    if part:
        return t["catalog_part"].replace("{n}", part.group(1))
    if name == "glossary.po":
        return t["catalog_glossary"]
    return Path(name).stem


def diff_anchor(new_id: str | None, old_id: str | None) -> str:
    return new_id if new_id else f"removed-{old_id}"


# A rule's number in a run's narration: with a dot anywhere in a told line, and the sections a line
# ends with, "(103)" (as the browser's runner links them, site/assets/runner.js).
_RUN_RULE = re.compile(r"\b\d{3}\.\d+[a-z]?\b|\(\d{3}(?:, \d{3})*\)$")


def linked_run_output(output: str, rule_url: Callable[[str], str | None]) -> Markup:
    """A run's output, escaped, with every rule number of its told lines a link to the rule (the
    statements and what they printed are left as they are)."""

    def link(rule_id: str) -> Markup:
        url = rule_url(rule_id)
        return Markup('<a href="{}">{}</a>').format(url, rule_id) if url else escape(rule_id)

    def line_of(line: str) -> Markup:
        if line.startswith((">>> ", "... ")):
            return escape(line)
        out, at = Markup(""), 0
        for found in _RUN_RULE.finditer(line):
            out += escape(line[at:found.start()])
            text = found.group(0)
            if text.startswith("("):
                out += Markup("(") + Markup(", ").join(link(i) for i in text[1:-1].split(", ")) + Markup(")")
            else:
                out += link(text)
            at = found.end()
        return out + escape(line[at:])

    return Markup("\n").join(line_of(line) for line in output.split("\n"))


def example_run_view(data: SiteData, name: str, linker: Linker) -> ExampleRunView | None:
    lang = linker.lang
    t = strings(lang)
    example = next((e for e in data.examples if e.name == name), None)
    if example is None:
        return None
    status, output = example.results.get(lang, ("error", ""))
    if output.strip() == example.code.strip():
        output = ""  # a run that says nothing beyond its own code: the code is shown once
    return ExampleRunView(
        name=example.name,
        title=example.title.get(lang) or example.title.get(other_lang(lang)) or example.name,
        text=linkify_text(example.text.get(lang) or "", lang, linker.rule),
        code=example.code,
        status=status,
        status_label=t.get(f"example_{status}", status),
        output=linked_run_output(output, linker.rule),
        url=linker.page(f"examples/{example_slug(example.name)}"),
        rules=[Link(r, linker.rule(r)) for r in example.rules],
    )


# ---------------------------------------------------------------------------------------------
# Page-level helpers


def lines_of_descent(
    releases: list[str], ids: dict[str, Any], mappings: list[dict[str, str]]
) -> dict[str, dict[str, int]]:
    """For each release, each of its rules (the keys of `ids[release]`) with the number of its line
    of descent: a rule keeps the number of the rule it continues in the release before (the pairs
    of `mappings[k]`, from `releases[k]` to `releases[k + 1]`), and a rule that continues none
    starts a new number. Two releases, however far apart, then pair their rules by number."""
    descent: dict[str, dict[str, int]] = {}
    count = 0
    before: dict[str, int] = {}
    for index, release in enumerate(releases):
        mapping = mappings[index - 1] if index else {}
        inherited = {new_id: before[old_id] for old_id, new_id in mapping.items() if old_id in before}
        numbers: dict[str, int] = {}
        for rule_id in ids.get(release, {}):
            number = inherited.get(rule_id)
            if number is None:
                number, count = count, count + 1
            numbers[rule_id] = number
        descent[release] = before = numbers
    return descent


def section_title(data: SiteData, section, lang: str) -> tuple[str, bool]:
    """The title of a section or part in `lang`, and whether it is in that language."""
    if lang == "es":
        title = data.titles_es.get(section.id)
        if title:
            return title, True
        return section.text, False
    return section.text, True


def diff_rows(data: SiteData, diff: DiffData, linker: Linker) -> dict[str, list[dict[str, Any]]]:
    """The entries of one release diff grouped by status, each with its text (an inline word diff
    where the words changed)."""
    groups: dict[str, list[dict[str, Any]]] = {s: [] for s in ("added", "removed", "changed", "moved")}
    for entry in diff.entries:
        link = now = None
        if entry.new_id:
            # The rule as it stands today, whatever its number then.
            now = data.newest_of.get((diff.new, entry.new_id)) or (entry.new_id if diff.new == data.newest else None)
            if now in data.rules:
                link = linker.rule(now)
        groups.setdefault(entry.status, []).append(
            {
                "anchor": diff_anchor(entry.new_id, entry.old_id),
                "old_id": entry.old_id,
                "new_id": entry.new_id,
                "now": now if now != entry.new_id else None,
                "kind": entry.kind,
                "link": link,
                "inline": _linked_inline(data, diff, entry, linker),
                "words": len(entry.words),
            }
        )
    return groups


def _linked_inline(data: SiteData, diff: DiffData, entry: Any, linker: Linker) -> Markup:
    """An entry's text on its release's page, the rules it names ("See rule 601.2a") linking to them
    as they stand today: a reference in words kept or added is numbered as in the newer release, one
    in words removed as in the older. Where only the spacing changed, the text is left as it is."""
    inline = diff.inline(entry)

    def today_in(release: str) -> Callable[[str], str | None]:
        def today(target: str) -> str | None:
            now = data.newest_of.get((release, target)) or (target if release == data.newest else None)
            return linker.rule(now) if now and data.target_page(now) else None
        return today

    old = diff.texts.get((diff.old, entry.old_id), "") if entry.old_id else ""
    new = diff.texts.get((diff.new, entry.new_id), "") if entry.new_id else ""
    if "<ins>" in inline or "<del>" in inline:
        if inline != inline_diff(old, new):
            return inline
        return inline_diff(old, new, today_in(diff.old), today_in(diff.new))
    release, text = (diff.new, new) if entry.new_id else (diff.old, old)
    if not text or escape(text) != inline:
        return inline
    return linkify_text(text, "en", today_in(release))


def glossary_rows(changes: list[GlossaryChange], linker: Linker,
                  anchors: dict[str, tuple[str, str]]) -> dict[str, list[dict[str, Any]]]:
    """The glossary changes of one release diff grouped by status, each with an anchor of its own
    on the page, its term and definition as HTML (the old and new words merged where they
    changed), and a link to the entry in today's glossary if the term is still there. `anchors`
    takes a term's key (`kb.site.glossary_changes.term_key`) to (anchor, language of the glossary
    page holding it)."""
    groups: dict[str, list[dict[str, Any]]] = {status: [] for status in GLOSSARY_STATUSES}
    taken: set[str] = set()
    for change in changes:
        if change.status == "changed":
            term = inline_diff(change.old_term, change.new_term) if change.renamed else escape(change.new_term)
            text = _senses_diff(change.old_text, change.new_text)
        else:
            term = escape(change.term)
            text = escape(change.new_text or change.old_text)
        found = anchors.get(term_key(change.term))
        link = link_lang = None
        if found is not None:
            anchor, link_lang = found
            link = linker.page("glossary", anchor, link_lang)
        groups[change.status].append({
            "anchor": "g-" + term_anchor(change.term, "en", taken)[2:],
            "term": term,
            "text": text,
            "link": link,
            "link_lang": link_lang if link_lang != linker.lang else None,
        })
    return groups


def _senses_diff(old: str, new: str) -> Markup:
    """Two definitions merged word by word, sense by sense where they have as many senses."""
    old_senses, new_senses = old.split("\n"), new.split("\n")
    if len(old_senses) != len(new_senses):
        return inline_diff(old, new)
    return Markup("\n").join(inline_diff(a, b) for a, b in zip(old_senses, new_senses))


# Words with the spaces after them: a diff over these is a diff of words.
_TOKENS = re.compile(r"\S+\s*|\s+")


def inline_diff(old: str, new: str, old_url: Callable[[str], str | None] | None = None,
                new_url: Callable[[str], str | None] | None = None) -> Markup:
    """Old and new text merged word by word: removed words in <del>, added in <ins>, all escaped.
    With `old_url` and `new_url` (a rule number of that text's release -> its address, or None), the
    references each text makes link there: those in removed words by the old text's numbers, the
    others by the new text's."""
    a = _TOKENS.findall(old)
    b = _TOKENS.findall(new)
    old_at, new_at = _offsets(a), _offsets(b)
    old_refs = find_references(old, "en") if old_url else []
    new_refs = find_references(new, "en") if new_url else []

    def piece(text: str, offsets: list[int], start: int, end: int, refs: list, url_for) -> Markup:
        first, last = offsets[start], offsets[end]
        words = text[first:last]
        if url_for is None:
            return escape(words)
        inside = [Reference(r.target, r.surface, r.start - first, r.end - first, r.kind)
                  for r in refs if first <= r.start and r.end <= last]
        return linkify(words, inside, url_for)

    matcher = difflib.SequenceMatcher(None, a, b)
    out: list[Markup] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            out.append(piece(new, new_at, j1, j2, new_refs, new_url))
            continue
        if i2 > i1:
            out.append(Markup("<del>{}</del>").format(piece(old, old_at, i1, i2, old_refs, old_url)))
        if j2 > j1:
            out.append(Markup("<ins>{}</ins>").format(piece(new, new_at, j1, j2, new_refs, new_url)))
    return Markup("").join(out)


def _offsets(tokens: list[str]) -> list[int]:
    """Where each token starts in the text they make, and the text's length last."""
    at = [0]
    for token in tokens:
        at.append(at[-1] + len(token))
    return at
