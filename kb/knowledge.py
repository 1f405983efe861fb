"""The knowledge base: every release of the rules, the wiki pages quoting them, the Spanish ↔ English
alignment, the history of each rule, the cross-references, and the terminology — behind one object.

    kb = KnowledgeBase.load()          # the stored build if it is up to date, else build and store
    kb.rule("101.4")                   # the newest release's rule
    kb.spanish("723.1a")               # its best Spanish text, with the status of the alignment
    kb.spanish_texts("810.7")          # every Spanish text of it, in the order to show, each labelled
    kb.history("101.4")                # what happened to it, release by release

`KnowledgeBase.build()` always reads the corpus. A stored knowledge base reads each table the first
time it is needed, so a question about one rule reads only what that needs.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from kb.align.records import Alignment, Status
from kb.contents import CachedHistory, Contents
from kb.history import HistoryEvent, ReleaseDiff
from kb.history.descent import reads_the_same
from kb.model import CRDocument, GlossaryEntry, Rule, Stamp, WikiPage
from kb.refs import Reference, find_references
from kb.store_manifest import CHECKSUMS
from kb.knowledge_build import CorpusError as CorpusError  # raised by `KnowledgeBase.build`
from kb.knowledge_build import build_contents, tell
from kb.translations.precedence import (
    SpanishSource, best_spanish, bound_release, catalog_state, descent_texts, is_current, is_stale, relative_to,
    rule_texts,
)

if TYPE_CHECKING:
    import networkx as nx

    from kb.align import AlignmentResult, BoxRelease, SectionTitle
    from kb.terms import Term


class UnknownRuleError(KeyError):
    """A rule id the release asked about does not have."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown rule"


class UnknownReleaseError(KeyError):
    """A release that is not in the corpus."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown release"


@dataclass
class SpanishText:
    """The best Spanish text for a rule of the newest release, and how it was paired with the English."""

    id_es: str
    text: str
    examples: list[str]
    origin: Literal["wiki", "po"]
    source: str
    page_title: str
    stamp: Stamp | None
    english_release: str | None
    status: Status
    evidence: list[str]
    newest_id: str | None
    changed_since: bool
    current: bool = True
    state: str = "official"

    @classmethod
    def of(cls, alignment: Alignment) -> SpanishText:
        record = alignment.es
        return cls(
            id_es=alignment.es_id,
            text=record.text,
            examples=[e.text for e in getattr(record, "examples", [])],
            origin=alignment.origin,
            source=record.source,
            page_title=alignment.page_title,
            stamp=alignment.stamp,
            english_release=bound_release(alignment),
            status=alignment.status,
            evidence=list(alignment.evidence),
            newest_id=alignment.newest_id,
            changed_since=bool(alignment.changed_since),
            current=is_current(alignment),
            state=catalog_state(alignment),
        )


@dataclass
class SpanishReference:
    """A reference in a Spanish text: as `written` (its target in the numbers of release
    `numbering`, whose English the Spanish translates), the id its `target` has in the release asked
    about (None if that release has no such rule), and the example it is in (None: the rule's text)."""

    written: Reference
    target: str | None
    numbering: str
    example: str | None = None


@dataclass
class SectionStats:
    """Translation coverage of one section of the newest release: `records` counts the section, its
    rules and subrules; `translated` those with a Spanish text of their current English, `fuzzy` those
    whose Spanish translates an older English (`kb.translations.precedence.is_stale`: changed since,
    or a fuzzy catalog entry), `from_po` those whose best
    Spanish comes from an imported catalog. Only Spanish rule texts count (wiki quotes, catalogs); a
    section title known from a navigation box is `title_es`, not a translated record."""

    section: str
    title_en: str
    title_es: str
    records: int = 0
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0
    from_po: int = 0

    @property
    def title_known(self) -> bool:
        return bool(self.title_es)

    @property
    def with_spanish(self) -> int:
        return self.translated + self.fuzzy


class KnowledgeBase:
    """The knowledge base; see the module's documentation."""

    def __init__(self, contents: Contents, loader: Callable[[str], Any] | None = None):
        self._contents = contents
        self._loader = loader

    def __repr__(self) -> str:
        releases = self._contents.releases
        span = f"{releases[0]}..{releases[-1]}" if releases else "no releases"
        return f"KnowledgeBase(<{len(releases)} releases {span}, corpus {self._contents.corpus_root}>)"

    # -- making one ------------------------------------------------------------------------------

    @classmethod
    def build(
        cls,
        corpus_root: Path | str | None = None,
        progress: Callable[[str], None] | None = None,
        warn: Callable[[str], None] | None = None,
        corpus=None,
        cache: Path | str | None = None,
        cache_writable: bool = True,
    ) -> KnowledgeBase:
        """Read and align the whole corpus (no store is read or written; with `cache`, a folder,
        parse results are kept there and reused, see `kb.cache`; only read with `cache_writable`
        False). Each release the manifest lists but that cannot be read, and each cache entry not
        trusted, is told to `warn` in one line (default: standard error)."""
        return cls(build_contents(corpus_root, progress=progress, warn=warn, corpus=corpus, cache=cache,
                                  cache_writable=cache_writable))

    @classmethod
    def load(
        cls,
        corpus_root: Path | str | None = None,
        store: Path | str | None = None,
        progress: Callable[[str], None] | None = None,
        warn: Callable[[str], None] | None = None,
    ) -> KnowledgeBase:
        """The stored build when it is up to date with the corpus, else a fresh build, stored. Each
        unavailable release is told to `warn` in one line (default: standard error), either way."""
        kb, store_it = cls.load_unstored(corpus_root, store, progress, warn)
        if store_it is not None:
            store_it()
        return kb

    @classmethod
    def load_unstored(
        cls,
        corpus_root: Path | str | None = None,
        store: Path | str | None = None,
        progress: Callable[[str], None] | None = None,
        warn: Callable[[str], None] | None = None,
    ) -> tuple[KnowledgeBase, Callable[[], None] | None]:
        """What `load` gives, and, when it is a fresh build, the call that stores it (else None): for
        a caller with other work to do first (a site build stores it while the site builder runs in
        its own process). The call reports a store it cannot write to `progress` and does not raise."""
        from kb import store as stored
        from kb.corpus import corpus_dir, read_corpus

        root = Path(corpus_root) if corpus_root else corpus_dir()
        path = Path(store) if store else stored.store_dir()
        corpus = read_corpus(root, checksums=path / CHECKSUMS)
        fingerprint = stored.corpus_fingerprint(root, corpus)
        problem = stored.store_problem(path, root, fingerprint)
        if problem is None:
            kb = cls.from_store(path, root)
            kb._contents.unavailable = [u.line for u in corpus.unavailable]
            tell(kb._contents.unavailable, warn)
            return kb, None
        if problem not in ("absent", "stale"):
            tell([f"the store in {path} cannot be read ({problem}): rebuilding it from the corpus"], warn)
        # A store that cannot be written costs every command a whole build: said once, up front.
        unwritable = stored.unwritable(path)
        if unwritable is not None:
            tell([f"warning: the store {path} cannot be written ({unwritable}): the knowledge base is built "
                  "for this command alone, and again by every command until it can be (or KB_STORE names "
                  "a folder that can be written)"], warn)
        kb = cls.build(root, progress=progress, warn=warn, corpus=corpus, cache=path / CACHE_FOLDER,
                       cache_writable=unwritable is None)
        if unwritable is not None:
            return kb, None

        def store_it() -> None:
            try:
                kb.save(path, fingerprint)
            except OSError as err:
                # A store that cannot be written costs the next start a build, not this one its answer.
                tell([f"warning: could not store the build in {path} ({err.strerror or err}): the next "
                      "command builds it again"], warn)

        return kb, store_it

    @classmethod
    def from_store(cls, path: Path | str, corpus_root: Path | str | None = None) -> KnowledgeBase:
        """The knowledge base kept in the store at `path`, each part read when first needed (no check
        that it is up to date: see `load`)."""
        from kb import store as stored

        return cls(*stored.stored_contents(path, corpus_root))

    def save(self, path: Path | str | None = None, fingerprint: dict | None = None) -> Path:
        """Write this knowledge base to a store (default: `kb.store.store_dir()`)."""
        from kb import store as stored

        path = Path(path) if path else stored.store_dir()
        fingerprint = fingerprint or stored.corpus_fingerprint(self._contents.corpus_root)
        stored.write_store(stored.frames(self), path, fingerprint, extra={
            "releases": self.releases, "release_names": corpus_release_names(self._contents.corpus_root)})
        return path

    def _part(self, name: str) -> Any:
        value = getattr(self._contents, name)
        if value is None and self._loader is not None:
            value = self._loader(name)
            setattr(self._contents, name, value)
        return value

    # -- releases and rules --------------------------------------------------------------------------

    @property
    def corpus_root(self) -> Path:
        return self._contents.corpus_root

    @property
    def releases(self) -> list[str]:
        return list(self._contents.releases)

    @property
    def unavailable(self) -> list[str]:
        """One line per release the manifest lists that could not be read (missing, other bytes)."""
        return list(self._contents.unavailable or [])

    @property
    def newest(self) -> str:
        if not self._contents.releases:
            raise UnknownReleaseError("the corpus has no release of the rules")
        return self._contents.releases[-1]

    @property
    def documents(self) -> dict[str, CRDocument]:
        return self._part("documents")

    @property
    def pages(self) -> list[WikiPage]:
        return self._part("pages")

    def _release(self, release: str | None) -> str:
        if release is None:
            return self.newest
        if release not in self._contents.releases:
            raise UnknownReleaseError(f"no release {release}; the corpus has {', '.join(self.releases)}")
        return release

    @cached_property
    def _by_id(self) -> dict[str, dict[str, Rule]]:
        return {release: {rule.id: rule for rule in doc.rules} for release, doc in self.documents.items()}

    def rule(self, rule_id: str, release: str | None = None) -> Rule:
        """Rule `rule_id` of `release` (default: the newest). Raises `UnknownRuleError`."""
        release = self._release(release)
        found = self._by_id[release].get(rule_id)
        if found is None:
            raise UnknownRuleError(f"release {release} has no rule {rule_id}")
        return found

    def rules(self, release: str | None = None) -> list[Rule]:
        """Every part, section, rule and subrule of `release`, in document order."""
        return list(self.documents[self._release(release)].rules)

    def sections(self, release: str | None = None) -> list[Rule]:
        return [rule for rule in self.rules(release) if rule.kind == "section"]

    # -- history -------------------------------------------------------------------------------------

    @property
    def history_of_releases(self) -> CachedHistory:
        return self._part("history")

    def history(self, rule_id: str, release: str | None = None) -> list[HistoryEvent]:
        """What happened to rule `rule_id` of `release` in each release (see `kb.history`)."""
        release = self._release(release)
        self.rule(rule_id, release)
        return self.history_of_releases.rule_history(rule_id, release)

    def trace(self, rule_id: str, release: str | None = None) -> dict[str, str | None]:
        """The id rule `rule_id` of `release` has in every release (None where it is absent)."""
        release = self._release(release)
        self.rule(rule_id, release)
        return self.history_of_releases.trace(rule_id, release)

    def diff(self, old: str, new: str) -> ReleaseDiff:
        return self.history_of_releases.diff(self._release(old), self._release(new))

    # -- references ------------------------------------------------------------------------------------

    @cached_property
    def _refs(self) -> tuple[dict, dict]:
        out: dict[tuple[str, str], list[Reference]] = {}
        into: dict[tuple[str, str], list[str]] = {}
        for release, lang, source_id, ref in self._part("references"):
            if lang != "en":
                continue
            out.setdefault((release, source_id), []).append(ref)
            rule_id = source_id.split("#", 1)[0]
            if rule_id.startswith("glossary:"):
                continue
            citing = into.setdefault((release, ref.target), [])
            if rule_id != ref.target and rule_id not in citing:
                citing.append(rule_id)
        return out, into

    def refs_out(self, rule_id: str, release: str | None = None, lang: str = "en") -> list[Reference]:
        """The references in the text of `rule_id` (an example id "101.4#ex1" or "glossary:Term" works
        too). With lang "es", those in the rule's first Spanish text (`spanish_references`), each
        target the id of the rule it names in `release`; one naming no rule of `release` is left out."""
        release = self._release(release)
        if lang == "es":
            return [dataclasses.replace(ref.written, target=ref.target)
                    for ref in self.spanish_references(rule_id, release) if ref.target is not None]
        if lang != "en":
            raise ValueError(f"unknown language {lang!r}: expected 'en' or 'es'")
        return list(self._refs[0].get((release, rule_id), []))

    def spanish_references(self, rule_id: str, release: str | None = None) -> list[SpanishReference]:
        """The references in the first Spanish text of rule `rule_id` of `release` (default: the
        newest; `spanish_texts`), text and examples. A Spanish text keeps the numbers of the release
        whose English it translates (`numbering`): each reference's target is given as the id the
        rule it names has in `release`, followed along its line of descent (None if it has none)."""
        release = self._release(release)
        if rule_id not in self._by_id[release]:
            return []
        texts = self.spanish_texts(rule_id, release)
        if not texts:
            return []
        return spanish_references_of(texts[0], rule_id, release, self._carry, set(self._by_id[release]))

    def refs_in(self, rule_id: str, release: str | None = None) -> list[str]:
        """Ids of the rules (their text or examples) that refer to `rule_id`, in document order."""
        release = self._release(release)
        return list(self._refs[1].get((release, rule_id), []))

    # -- Spanish ----------------------------------------------------------------------------------------

    @property
    def _alignment_result(self) -> AlignmentResult:
        return self._part("alignment")

    @property
    def alignment(self) -> list[Alignment]:
        """Every Spanish record, paired with its English record or not (rules, then glossary)."""
        return self._alignment_result.all

    @cached_property
    def _spanish_by_newest(self) -> dict[str, Alignment]:
        # The first of each rule's texts in the one order (`kb.translations.precedence.in_order`).
        texts: dict[str, list[Alignment]] = defaultdict(list)
        for alignment in self.alignment:
            if alignment.kind == "rule" and alignment.newest_id is not None and alignment.status != "unmatched":
                texts[alignment.newest_id].append(alignment)
        return {rule_id: best_spanish(found) for rule_id, found in texts.items()}

    def spanish(self, rule_id: str) -> SpanishText | None:
        """The best Spanish text for `rule_id` of the newest release, or None if there is none."""
        alignment = self._spanish_by_newest.get(rule_id)
        return SpanishText.of(alignment) if alignment else None

    def spanish_texts(self, rule_id: str, release: str | None = None) -> list[SpanishSource]:
        """Every Spanish text of `rule_id` of `release` (default: the newest), in the order to show
        them, each saying where it comes from (a wiki page's official quote, or the team's catalog
        with its state), the release whose English it translates, and whether that is the English of
        the rule as shown (`kb.translations.precedence`). For an older release, the texts of the
        same rule anywhere on its line of descent (`trace`): current where the English they
        translate reads as that release's, as the history compares texts; else marked as the
        translation of another English."""
        release = self._release(release)
        rule = self.rule(rule_id, release)
        relative = relative_to(self.corpus_root)
        if release == self.newest:
            return rule_texts(self.alignment, rule.id, relative)
        return descent_texts(self.alignment, rule.id, release, self.trace(rule.id, release),
                             lambda alignment: self._reads_as(alignment, rule, release), relative)

    def _reads_as(self, alignment: Alignment, rule: Rule, release: str) -> str | None:
        """Whether the English `alignment`'s Spanish translates reads as `rule` of `release`."""
        def english_of(other: str, rule_id: str) -> str | None:
            found = self._by_id.get(other, {}).get(rule_id)
            return found.text if found is not None else None

        return translation_reads_as(alignment, rule.text, release, english_of, self._carry)

    def _carry(self, rule_id: str, release: str, to: str) -> str | None:
        """The id rule `rule_id` of `release` has in release `to` (None if it has none there)."""
        if release == to:
            return rule_id
        try:
            return self.history_of_releases.trace(rule_id, release).get(to)
        except (LookupError, ValueError):
            return None  # not a rule of that release: a reference that cannot be followed

    def spanish_alignment(self, rule_id: str) -> Alignment | None:
        return self._spanish_by_newest.get(rule_id)

    # -- glossary and terminology ---------------------------------------------------------------------

    def glossary(self, lang: str = "en", release: str | None = None) -> list[GlossaryEntry]:
        """English: the glossary of `release` (default newest). Spanish: the entries the Spanish
        sources give (of `release` if given: those translating that release's English)."""
        if lang == "en":
            return list(self.documents[self._release(release)].glossary)
        if lang != "es":
            raise ValueError(f"unknown language {lang!r}: expected 'en' or 'es'")
        wanted = self._release(release) if release else None
        return [
            a.es
            for a in self._alignment_result.glossary
            if wanted is None or a.english_release == wanted
        ]

    def spanish_glossary(self) -> list[GlossaryEntry]:
        """The Spanish glossary to show: one entry per English term, chosen as a rule's first Spanish
        text is (an official quote whose English is still the newest release's, else the team's
        translation, else the first source), then every entry that pairs with no English term."""
        newest = {entry.term: entry for entry in self.documents[self.newest].glossary}
        groups: dict[str, list[Alignment]] = {}
        order: list[str | GlossaryEntry] = []
        for alignment in self._alignment_result.glossary:
            if alignment.en is None:
                order.append(alignment.es)
                continue
            group = groups.setdefault(alignment.en.term, [])
            if not group:
                order.append(alignment.en.term)
            group.append(alignment)

        def rank(alignment: Alignment) -> int:
            from_catalog = alignment.origin == "po"
            english = newest.get(alignment.en.term)
            current = english is not None and list(alignment.en.senses) == list(english.senses)
            if current and not from_catalog:
                return 0
            return 1 if from_catalog else 2

        return [min(groups[item], key=rank).es if isinstance(item, str) else item for item in order]

    def glossary_pairs(self) -> list[tuple[GlossaryEntry, GlossaryEntry]]:
        """(Spanish entry, English entry) for every paired glossary entry; the English of the newest
        release when it still has the term, else of the release the Spanish translates."""
        newest = {entry.term: entry for entry in self.documents[self.newest].glossary}
        pairs = []
        for alignment in self._alignment_result.glossary:
            if alignment.en is None:
                continue
            pairs.append((alignment.es, newest.get(alignment.en.term, alignment.en)))
        return pairs

    def terminology(self) -> list[Term]:
        return list(self._part("terminology"))

    def section_titles(self) -> list[SectionTitle]:
        """Every navigation-box title with its English section (see `kb.align.navbox`)."""
        return list(self._alignment_result.section_titles)

    def boxes(self) -> list[BoxRelease]:
        return list(self._alignment_result.boxes)

    def section_titles_es(self) -> dict[str, SectionTitle]:
        """Spanish section titles by the section's number in the newest release: the title from the
        box reflecting the newest release wins; a box reflects its own release."""
        chosen: dict[str, SectionTitle] = {}
        for title in self.section_titles():
            if title.section is None:
                continue
            current = chosen.get(title.section)
            if current is None or (title.box_release or "") > (current.box_release or ""):
                chosen[title.section] = title
        return dict(sorted(chosen.items(), key=lambda item: _natural(item[0])))

    # -- graph and statistics ------------------------------------------------------------------------------

    @cached_property
    def graph(self) -> nx.MultiDiGraph:
        """The cross-reference graph of every release, page and alignment (`kb.graph`)."""
        from kb.graph import alignment_pairs, build_graph

        # Catalog imports are not pages: their records are not in the graph.
        wiki = [a for a in self.alignment if a.origin == "wiki"]
        return build_graph(self.documents.values(), self.pages, alignment_pairs(wiki))

    def translation_stats(self) -> dict[str, SectionStats]:
        """Per section of the newest release: how many records have a Spanish text, current or not."""
        titles = self.section_titles_es()
        stats: dict[str, SectionStats] = {}
        for rule in self.rules():
            if rule.kind == "part":
                continue
            section = rule.id.split(".", 1)[0]
            if section not in stats:
                title = titles.get(section)
                section_rule = self._by_id[self.newest].get(section)
                stats[section] = SectionStats(
                    section, section_rule.text if section_rule else "", title.title_es if title else ""
                )
            row = stats[section]
            row.records += 1
            alignment = self._spanish_by_newest.get(rule.id)
            if alignment is None:
                row.untranslated += 1
            elif is_stale(alignment):
                row.fuzzy += 1
            else:
                row.translated += 1
            if alignment is not None and alignment.origin == "po":
                row.from_po += 1
        return stats

    def document_spanish(self) -> dict[str, tuple[str, str]]:
        """The document's own texts (title, headings, introduction, credits, notices) in Spanish, as
        the catalogs translate them, fuzzy entries left out: msgctxt ("document:Introduction",
        "document:intro#1", …) → (Spanish, the English it translates)."""
        found: dict[str, tuple[str, str]] = {}
        for catalog in self.catalogs:
            for context, (text, state, _line, english) in sorted((catalog.headings or {}).items()):
                if text.strip() and state != "fuzzy":
                    found.setdefault(context, (text, english))
        return found

    @property
    def catalogs(self) -> list[Any]:
        """Translation catalogs imported into the corpus, as read (`kb.translations.source.CatalogSource`)."""
        return list(self._part("catalogs") or [])


def _natural(value: str) -> list:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", value)]


CACHE_FOLDER = "cache"  # inside the store: parse results by content (see `kb.cache`)


def corpus_release_names(root: Path | str | None = None) -> dict[str, str] | None:
    """`kb.history.corpus.release_names` of the corpus's releases (None when its manifest cannot be
    read): what the store keeps, so that `kb.rulecard.rule_card` reads no release to name one."""
    from kb.corpus import ManifestError
    from kb.history.corpus import corpus_releases, release_names

    try:
        return release_names(corpus_releases(Path(root) if root else None))
    except (ManifestError, OSError):
        return None


def translation_reads_as(alignment: Alignment, text: str, release: str, english_of, carry) -> str | None:
    """Whether the English that `alignment`'s Spanish translates reads as `text`, the English of a
    rule of `release`, the way the history compares texts (`kb.history.descent.reads_the_same`):
    "same", "renumbered" or None. `english_of(release, id)` gives a release's English of a rule;
    `carry(id, release, to)` the id a rule of one release has in another. A fuzzy catalog entry
    translates its previous msgid; without one, what it translates is not known (None)."""
    if alignment.en is None or alignment.english_release is None:
        return None
    english = alignment.en.text
    source = alignment.english_release
    # A fuzzy entry without a previous msgid stands for its own release's English, which it does not
    # translate; one whose previous msgid an older release reads as stands for that release's.
    if (alignment.origin == "po" and alignment.status == "drifted" and source == alignment.stated_release
            and english == english_of(source, alignment.en_id)):
        return None
    return reads_the_same(english, text, lambda target: carry(target, source, release))


def spanish_references_of(text: SpanishSource, rule_id: str, release: str, carry, known: set[str]) -> list[SpanishReference]:
    """The references in Spanish `text` of rule `rule_id` (its text, then its examples), each target
    carried by `carry(id, from_release, to_release)` from the numbers the Spanish keeps (those of
    the release whose English it translates) to `release`, whose ids are `known`."""
    numbering = text.english_release or text.release or release
    found = []
    bodies = [(None, text.text), *((f"{rule_id}#ex{n}", body) for n, body in enumerate(text.examples, 1))]
    for example, body in bodies:
        for ref in find_references(body, "es"):
            target = carry(ref.target, numbering, release)
            found.append(SpanishReference(ref, target if target in known else None, numbering, example))
    return found
