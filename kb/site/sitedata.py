"""What the pages show, read from the knowledge base once: `SiteData.collect(kb)`.

`SiteData.collect` is the only place that asks the knowledge base anything: the rules of the
newest release, their Spanish text, references both ways, history, examples, glossary,
terminology, wiki pages and release diffs, all independent of the language and the page a reader
opens (the view models of `kb.site.views` work those out from this data).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from markupsafe import Markup, escape

from kb.refs import Reference, find_references
from kb.site.diff_markup import inline_diff
from kb.site.examples import ExampleRuns
from kb.site.glossary_changes import (
    GlossaryChange,
    cut_short,
    glossary_changes,
    last_complete,
)
from kb.site.locale import LANGS, sort_key
from kb.translations.precedence import bound_release, catalog_state, is_stale

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
    _plain: set[int] = field(default_factory=set, repr=False)
    _pages: list[list[Any]] = field(default_factory=list, repr=False)
    _page_of: dict[tuple[str | None, str | None], int] = field(default_factory=dict, repr=False)

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
            # Where each entry is shown, found once: every rule's history links to its entries.
            for number, page in enumerate(pages):
                for entry in page:
                    self._page_of.setdefault((entry.new_id, entry.old_id), number)
        return self._pages

    def page_key(self, number: int) -> str:
        """The key of page `number` (from 0): the diff's own key, then `KEY/2`, `KEY/3`..."""
        return self.key if number == 0 else f"{self.key}/{number + 1}"

    def key_of(self, new_id: str | None, old_id: str | None) -> str:
        """The page that shows the entry of these ids."""
        self.pages()
        number = self._page_of.get((new_id, old_id))
        return self.key if number is None else self.page_key(number)

    def merged_plainly(self, entry: Any) -> bool:
        """Whether the entry's `inline` text is its old and new texts merged word by word as they are
        (not a plain text, nor a merge of their words with the spacing set aside)."""
        self.inline(entry)
        return id(entry) in self._plain

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
                else:
                    self._plain.add(key)
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
    # (`kb.site.synonyms.Synonym`): what a query is understood by before it is ranked.
    term_base: list[Any] = field(default_factory=list)
    synonyms: list[Any] = field(default_factory=list)
    # A player's everyday words and the rules' own words for them (`kb.site.synonyms.EverydayWord`).
    everyday: list[Any] = field(default_factory=list)
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
                if found is not None and not is_stale(found) and found.text.strip():
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
                       and bound_release(a) == found.english_release), None)
        spanish = self._spanish_data(found, chosen)
        for alignment in self._folded_texts(found, candidates):
            spanish.others.append(self._spanish_data(None, alignment))
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
        """A Spanish text from what `kb.spanish` gives (`found`, a `kb.knowledge.SpanishText`, with
        its `alignment` when known) or from an alignment alone: whose it is, the release it is bound
        to and whether it is stale decided as the rule card decides them
        (`kb.translations.precedence`: `catalog_state`, `bound_release`, `is_stale`)."""
        if found is None:
            record = alignment.es
            found_text, examples = record.text, [e.text for e in getattr(record, "examples", [])]
            origin, source = getattr(alignment, "origin", "wiki"), str(record.source)
            page_title = getattr(alignment, "page_title", "") or ""
            stamp_obj, english_release = getattr(alignment, "stamp", None), bound_release(alignment)
            status, evidence = alignment.status, list(getattr(alignment, "evidence", None) or [])
            newest_id = getattr(alignment, "newest_id", None)
            changed_since, id_es = bool(getattr(alignment, "changed_since", False)), _es_id(alignment)
            state = catalog_state(alignment)
        else:
            found_text, examples = found.text, list(found.examples or [])
            origin, source, page_title = found.origin, str(found.source), found.page_title or ""
            stamp_obj, english_release = getattr(found, "stamp", None), found.english_release
            status, evidence, newest_id = found.status, list(found.evidence or []), found.newest_id
            changed_since, id_es = bool(found.changed_since), found.id_es
            state = found.state
        # The numbers in the text are those of the release it translates; a fuzzy entry that
        # translates no known release keeps its catalog's (as the rule card carries them).
        numbering = english_release or (getattr(alignment, "stated_release", None) if alignment is not None else None)
        references = []
        for ref in find_references(found_text, "es"):
            target = self._newest_id(ref.target, numbering)
            if target:
                references.append(Reference(target, ref.surface, ref.start, ref.end, ref.kind))
        source_obj = found if found is not None else alignment
        changed_in = getattr(alignment, "changed_in", None) if alignment is not None else None
        changed_in = getattr(found, "changed_in", None) or changed_in
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


def _query_sources(corpus_root: Any) -> dict[str, list[Any]]:
    """The term base and the synonyms of the corpus at `corpus_root`, where it has them (an error
    in either fails the build: the search box would lose its understanding of the queries)."""
    if corpus_root is None:
        return {}
    from kb.site.synonyms import load_everyday_words, load_synonyms
    from kb.translations.termbase import load_term_base

    folder = Path(corpus_root) / "terms"
    found: dict[str, list[Any]] = {}
    if (folder / "terms.tsv").is_file():
        found["term_base"] = list(load_term_base(folder / "terms.tsv").terms)
    if (folder / "synonyms.tsv").is_file():
        found["synonyms"] = load_synonyms(folder / "synonyms.tsv")
    if (folder / "everyday.tsv").is_file():
        found["everyday"] = load_everyday_words(folder / "everyday.tsv")
    return found


def full_text(rule: Any) -> str:
    """A rule's text with its examples, one paragraph each: what a change to the rule can touch."""
    return "\n".join([rule.text, *(example.text for example in getattr(rule, "examples", []) or [])])


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
