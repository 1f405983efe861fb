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

from markupsafe import Markup, escape

from kb.refs import Reference, find_references
from kb.site import urls
from kb.site.examples import ExampleRuns
from kb.site.locale import LANGS, format_release, other_lang, sort_key, strings
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


@dataclass
class DiffData:
    key: str
    old: str
    new: str
    entries: list[Any]
    counts: dict[str, int]
    texts: dict[tuple[str, str], str]  # (release, id) -> text
    _inline: dict[int, Markup] = field(default_factory=dict, repr=False)

    def inline(self, entry: Any) -> Markup:
        """The entry's text as HTML: the old and new words merged where its words changed."""
        key = id(entry)
        if key not in self._inline:
            old = self.texts.get((self.old, entry.old_id), "") if entry.old_id else ""
            new = self.texts.get((self.new, entry.new_id), "") if entry.new_id else ""
            if entry.words and old and new:
                self._inline[key] = inline_diff(old, new)
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
                history=list(kb.history(rule.id)),
                executable=executable_by_rule.get(rule.id, []),
            )
            order.append(rule.id)

        titles = kb.section_titles_es()
        titles_es = {key: getattr(value, "title_es", value) for key, value in titles.items() if key}

        self.progress("glossary")
        glossary = {lang: list(kb.glossary(lang)) for lang in LANGS}
        pairs = list(kb.glossary_pairs())
        terminology = list(kb.terminology())
        coverage = [_coverage_row(key, row) for key, row in _rows(kb.translation_stats())]

        self.progress("wiki")
        wiki = [self._wiki(page) for page in kb.pages]

        self.progress("diffs")
        diffs = []
        for old, new in zip(releases, releases[1:]):
            diff = kb.diff(old, new)
            texts: dict[tuple[str, str], str] = {}
            for entry in diff.entries:
                for release, rule_id in ((old, entry.old_id), (new, entry.new_id)):
                    if rule_id:
                        texts[(release, rule_id)] = kb.rule(rule_id, release).text
            diffs.append(
                DiffData(
                    key=f"releases/{old}--{new}",
                    old=old,
                    new=new,
                    entries=sorted(diff.entries, key=lambda e: _natural(e.new_id or e.old_id or "")),
                    counts=diff.counts(),
                    texts=texts,
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
        )

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

    def _spanish(self, rule_id: str) -> SpanishData | None:
        found = self.kb.spanish(rule_id)
        if found is None:
            return None
        references = []
        for ref in find_references(found.text, "es"):
            target = self._newest_id(ref.target, found.english_release)
            if target:
                references.append(Reference(target, ref.surface, ref.start, ref.end, ref.kind))
        stamp = getattr(found, "stamp", None)
        return SpanishData(
            id_es=found.id_es,
            text=found.text,
            examples=list(found.examples or []),
            origin=found.origin,
            source=str(found.source),
            page_title=found.page_title or "",
            stamp=getattr(stamp, "raw", "") or "",
            english_release=found.english_release,
            status=found.status,
            evidence=list(found.evidence or []),
            newest_id=found.newest_id,
            changed_since=bool(found.changed_since),
            references=references,
        )

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
        return WikiData(slug=wiki_slug(page.source), page=page, lines=lines, quoted=quoted, refs=refs)


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
class SpanishView:
    status: str
    status_label: str
    evidence: list[str]
    id_es: str
    newest_id: str | None
    renumbered: bool
    source_title: str
    source_url: str | None
    stamp: str
    english_release: str
    changed_since: bool
    # Where the Spanish comes from, in the page's language: "wiki page" or "translation catalog".
    origin: str = "wiki"
    source_kind: str = ""
    # For a catalog entry: current, marked fuzzy, or behind an English text changed since.
    source_state: str = ""
    # What the Spanish numbers the rule with: the number a wiki page quotes, a catalog's msgctxt.
    id_label: str = ""


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
    output: str
    url: str
    rules: list[Link]


@dataclass
class ExampleText:
    text: Markup
    lang: str
    untranslated: bool


@dataclass
class RuleView:
    id: str
    kind: str
    level: int
    text: Markup
    text_lang: str
    untranslated: bool
    alt_text: Markup | None
    alt_lang: str
    examples: list[ExampleText]
    executable: list[ExampleRunView]
    backlinks: list[Link]
    release: str
    spanish: SpanishView | None
    history: list[HistoryView]
    changed: bool
    since: str
    other_url: str
    graph_url: str


def _status_label(status: str, lang: str) -> str:
    return strings(lang).get(f"status_{status}", status)


def _event_detail(event, lang: str) -> str:
    t = strings(lang)
    status = event.status
    if status == "moved" and event.old_id and event.new_id:
        detail = f"{event.old_id} → {event.new_id}"
        if event.words:
            detail += f" · {len(event.words)} {t['words']}"
        return detail
    if status == "changed":
        return f"{len(event.words)} {t['words']}"
    if status == "removed" and event.old_id:
        return event.old_id
    return event.new_id or event.old_id or ""


def spanish_view(data: SiteData, spanish: SpanishData, linker: Linker) -> SpanishView:
    """How a rule's Spanish text says where it comes from: a wiki page (linked to its page on the
    site) or an imported translation catalog (named, with the state of its entry)."""
    lang = linker.lang
    t = strings(lang)
    from_catalog = spanish.origin == "po"
    source_url = None
    if not from_catalog:
        slug = wiki_slug(spanish.source)
        if any(w.slug == slug for w in data.wiki):
            source_url = linker.page(f"wiki/{slug}")
    if from_catalog:
        source_title = Path(spanish.source).name
        if spanish.status == "drifted":
            state = t["catalog_fuzzy"]
        elif spanish.changed_since:
            state = t["catalog_behind"]
        else:
            state = t["catalog_current"]
    else:
        source_title = spanish.page_title or Path(spanish.source).name
        state = ""
    return SpanishView(
        status=spanish.status,
        status_label=_status_label(spanish.status, lang),
        evidence=spanish.evidence,
        id_es=spanish.id_es,
        newest_id=spanish.newest_id,
        renumbered=bool(spanish.newest_id and spanish.newest_id != spanish.id_es),
        source_title=source_title,
        source_url=source_url,
        stamp=spanish.stamp,
        english_release=format_release(spanish.english_release, lang),
        changed_since=spanish.changed_since,
        origin="po" if from_catalog else "wiki",
        source_kind=t["source_po"] if from_catalog else t["source_wiki"],
        source_state=state,
        id_label=t["catalog_id"] if from_catalog else t["quoted_as"],
    )


def rule_view(data: SiteData, rule: RuleData, linker: Linker) -> RuleView:
    lang = linker.lang
    t = strings(lang)
    url_for = linker.rule
    english = linkify(rule.text, rule.references, url_for)
    spanish = rule.spanish
    spanish_text = linkify(spanish.text, spanish.references, url_for) if spanish else None

    if lang == "es" and spanish_text is not None:
        text, text_lang, untranslated, alt_text, alt_lang = spanish_text, "es", False, english, "en"
    elif lang == "es":
        text, text_lang, untranslated, alt_text, alt_lang = english, "en", True, None, "en"
    else:
        text, text_lang, untranslated, alt_text, alt_lang = english, "en", False, spanish_text, "es"

    examples: list[ExampleText] = []
    if lang == "es" and spanish is not None and spanish.examples:
        examples = [ExampleText(linkify_text(x, "es", url_for), "es", False) for x in spanish.examples]
    else:
        examples = [
            ExampleText(linkify_text(x, "en", url_for), "en", lang == "es") for x in rule.examples
        ]

    backlinks = [Link(source, url_for(source)) for source in rule.backlinks if source != rule.id]

    history = []
    for event in rule.history:
        if event.status == "unchanged":
            continue
        diff_key = data.diff_key(event.release)
        url = None
        if diff_key and event.status in ("added", "changed", "moved", "removed"):
            url = linker.page(diff_key, diff_anchor(event.new_id, event.old_id))
        history.append(
            HistoryView(
                status=event.status,
                label=t.get(f"event_{event.status}", event.status),
                release=format_release(event.release, lang),
                url=url,
                detail=_event_detail(event, lang),
            )
        )

    executable = [example_run_view(data, name, linker) for name in rule.executable]
    return RuleView(
        id=rule.id,
        kind=rule.kind,
        level=1 if rule.kind == "rule" else 2,
        text=text,
        text_lang=text_lang,
        untranslated=untranslated,
        alt_text=alt_text,
        alt_lang=alt_lang,
        examples=examples,
        executable=[e for e in executable if e is not None],
        backlinks=backlinks,
        # The release the shown text comes from: the one a Spanish text translates, else the newest.
        release=format_release(
            spanish.english_release if (text_lang == "es" and spanish and spanish.english_release) else rule.release,
            lang,
        ),
        spanish=spanish_view(data, spanish, linker) if spanish else None,
        history=history,
        changed=any(h.status != "present" for h in history),
        since=history[0].release if history else "",
        other_url=linker.other(rule.id),
        graph_url=linker.page("graph/index") + "?rule=" + rule.id,
    )


def diff_anchor(new_id: str | None, old_id: str | None) -> str:
    return new_id if new_id else f"removed-{old_id}"


def example_run_view(data: SiteData, name: str, linker: Linker) -> ExampleRunView | None:
    lang = linker.lang
    t = strings(lang)
    example = next((e for e in data.examples if e.name == name), None)
    if example is None:
        return None
    status, output = example.results.get(lang, ("error", ""))
    return ExampleRunView(
        name=example.name,
        title=example.title.get(lang) or example.title.get(other_lang(lang)) or example.name,
        text=linkify_text(example.text.get(lang) or "", lang, linker.rule),
        code=example.code,
        status=status,
        status_label=t.get(f"example_{status}", status),
        output=output,
        url=linker.page(f"examples/{example_slug(example.name)}"),
        rules=[Link(r, linker.rule(r)) for r in example.rules],
    )


# ---------------------------------------------------------------------------------------------
# Page-level helpers


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
    newest = diff.new == data.newest
    for entry in diff.entries:
        link = None
        if newest and entry.new_id and entry.new_id in data.rules:
            link = linker.rule(entry.new_id)
        groups.setdefault(entry.status, []).append(
            {
                "anchor": diff_anchor(entry.new_id, entry.old_id),
                "old_id": entry.old_id,
                "new_id": entry.new_id,
                "kind": entry.kind,
                "link": link,
                "inline": diff.inline(entry),
                "words": len(entry.words),
            }
        )
    return groups


# Words with the spaces after them: a diff over these is a diff of words.
_TOKENS = re.compile(r"\S+\s*|\s+")


def inline_diff(old: str, new: str) -> Markup:
    """Old and new text merged word by word: removed words in <del>, added in <ins>, all escaped."""
    a = _TOKENS.findall(old)
    b = _TOKENS.findall(new)
    matcher = difflib.SequenceMatcher(None, a, b)
    out: list[Markup] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            out.append(escape("".join(a[i1:i2])))
            continue
        if i2 > i1:
            out.append(Markup("<del>{}</del>").format("".join(a[i1:i2])))
        if j2 > j1:
            out.append(Markup("<ins>{}</ins>").format("".join(b[j1:j2])))
    return Markup("").join(out)
