"""Corpus data to Markdown pages: one folder per language under the docs folder, rendered with the
jinja2 templates of `site/templates/`, and the navigation of each language.

This step knows nothing of the site builder: it writes Markdown (whose corpus text sits in HTML
blocks, escaped) and static assets, and returns the navigation for whoever builds the site.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from kb.site import runner, sitedata, views
from kb.site.anchors import entry_key, glossary_anchors, terminology_anchors
from kb.site.api import write_api_page, write_cite_page
from kb.site.extras import TEXT_CHUNK
from kb.site.fulltext import write_fulltext_page
from kb.site.glossary_changes import term_key
from kb.site.locale import LANGS, format_count, format_release, other_lang, plural, short_release, sorted_words, strings
from kb.site.paths import ASSETS_DIR, TEMPLATES_DIR
from kb.site.text import linkify, linkify_text, title_text, yaml_string
from kb.site.urls import source_path
from kb.site.sitedata import SiteData
from kb.site.views import Linker
from kb.workers import forked_begin


@dataclass(frozen=True)
class GeneratedPage:
    key: str
    lang: str
    title: str


@dataclass
class Generated:
    docs_dir: Path
    pages: list[GeneratedPage] = field(default_factory=list)
    nav: dict[str, list[Any]] = field(default_factory=dict)
    # Files written beside a page in the built site: (page key, lang, file name) -> text
    extras: dict[tuple[str, str, str], str] = field(default_factory=dict)

    def count(self, lang: str | None = None) -> int:
        return sum(1 for p in self.pages if lang is None or p.lang == lang)


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["yaml"] = lambda text: Markup(yaml_string(title_text(str(text))))
    env.filters["release"] = format_release
    env.filters["short_release"] = short_release
    env.filters["plural"] = plural
    env.filters["number"] = format_count
    env.filters["nl2br"] = _nl2br
    env.filters["tojson_script"] = _json_for_script
    env.filters["css_string"] = css_string
    return env


def css_string(value: Any) -> str:
    """`value` as a quoted CSS string (for a custom property a stylesheet shows with `content`);
    plain text, for the template to escape as any attribute value."""
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(f"\\{ord(c):x} " if ord(c) < 32 else c for c in text) + '"'


def _nl2br(value: Any) -> Markup:
    escaped = value if isinstance(value, Markup) else Markup.escape(value)
    return Markup("<br>").join(escaped.split("\n"))


def _json_for_script(value: Any) -> Markup:
    """JSON inside <script type="application/json">: "<", ">" and "&" as \\u escapes, so no text
    can close the element."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)


class _Writer:
    def __init__(self, data: SiteData, docs_dir: Path, search: bool):
        self.data = data
        self.docs_dir = docs_dir
        self.search = search
        self.env = environment()
        self.generated = Generated(docs_dir)

    def write(self, template: str, key: str, lang: str, title: str, **context: Any) -> None:
        linker = Linker(self.data, key, lang)
        text = self.env.get_template(template).render(
            data=self.data,
            key=key,
            lang=lang,
            other=other_lang(lang),
            t=strings(lang),
            link=linker,
            title=title,
            search=self.search,
            **context,
        )
        path = self.docs_dir / lang / source_path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        self.generated.pages.append(GeneratedPage(key, lang, title))


def generate(data: SiteData, docs_dir: Path, search: bool = True) -> Generated:
    """Write every page of both languages under `docs_dir` (emptied first) and the assets."""
    docs_dir = Path(docs_dir)
    if docs_dir.exists():
        shutil.rmtree(docs_dir)
    docs_dir.mkdir(parents=True)
    shutil.copytree(ASSETS_DIR, docs_dir / "assets")
    writer = _Writer(data, docs_dir, search)
    first, *others = LANGS
    # The other languages' pages are written in forked workers (`kb.workers`) while this process
    # writes the first's; each sends back what it generated. Without workers, they are written here.
    pending = forked_begin(partial(_language_apart, writer), others, len(others))
    _language(writer, first)
    made = pending()
    if made is None:
        for lang in others:
            _language(writer, lang)
    else:
        for pages, nav, extras in made:
            writer.generated.pages.extend(pages)
            writer.generated.nav.update(nav)
            writer.generated.extras.update(extras)
    return writer.generated


def _language_apart(writer: _Writer, lang: str) -> tuple[list[GeneratedPage], dict[str, list[Any]], dict]:
    """`_language` in a worker of its own: what it generated, to be added to the caller's."""
    writer.generated = Generated(writer.docs_dir)
    _language(writer, lang)
    return writer.generated.pages, writer.generated.nav, writer.generated.extras


def generate_some(data: SiteData, docs_dir: Path, sections: set[str], counts: bool, search: bool = True,
                  details_of: set[str] | None = None) -> Generated:
    """Write, in both languages, the pages of `sections` (with the details of their rules, or of
    those of `details_of`) and, with `counts`, the pages that count the translation (the home page,
    the coverage page and the releases page), as `generate` writes them, into `docs_dir`, which need hold nothing
    else. What a preview refreshes after a catalog changes the Spanish of a few rules
    (`kb.site.preview`)."""
    writer = _Writer(data, Path(docs_dir), search)
    parts = {part.id: part for part in data.parts}
    for lang in LANGS:
        t = strings(lang)
        for section in data.sections:
            if section.id not in sections:
                continue
            title, known = views.section_title(data, section, lang)
            part = parts.get(data.section_part.get(section.id, ""))
            place = {"id": part.id, "title": views.section_title(data, part, lang)[0]} if part is not None else None
            _section_page(writer, section, data.section_key(section.id), lang, f"{section.id}. {title}", title,
                          known, place, details_of)
        if sections and lang == "es":
            # The one-page rules show every rule's text; the English page shows no Spanish.
            write_fulltext_page(writer, lang)
        if counts:
            writer.write(f"home.{lang}.md.j2", "index", lang, t["site_name"], stats=_home_stats(data))
            writer.write("coverage.md.j2", "coverage", lang, t["coverage"], rows=_coverage(data, lang))
            # The releases page says how much of each release is in Spanish.
            writer.write("releases.md.j2", "releases/index", lang, t["release_history"])
        _graph_files(writer, _graph(data, lang), lang)
    return writer.generated


def _language(w: _Writer, lang: str) -> None:
    data = w.data
    t = strings(lang)
    nav: list[Any] = []

    w.write(f"home.{lang}.md.j2", "index", lang, t["site_name"], stats=_home_stats(data))
    nav.append({t["home"]: source_path("index")})

    # Rules: a contents page, then one page per section, grouped by part.
    parts = []
    rules_nav: list[Any] = [source_path("cr/index")]
    for part in data.parts:
        part_title, part_known = views.section_title(data, part, lang)
        sections = []
        part_nav = []
        for section in data.sections:
            if data.section_part.get(section.id) != part.id:
                continue
            title, known = views.section_title(data, section, lang)
            full = f"{section.id}. {title}"
            key = data.section_key(section.id)
            sections.append({"id": section.id, "title": title, "known": known, "key": key})
            _section_page(w, section, key, lang, full, title, known, {"id": part.id, "title": part_title})
            part_nav.append({title_text(full): source_path(key)})
        parts.append({"id": part.id, "title": part_title, "known": part_known, "sections": sections})
        if part_nav:
            rules_nav.append({title_text(f"{part.id}. {part_title}"): part_nav})
    orphans = [s for s in data.sections if data.section_part.get(s.id) not in {p.id for p in data.parts}]
    for section in orphans:
        title, known = views.section_title(data, section, lang)
        key = data.section_key(section.id)
        _section_page(w, section, key, lang, f"{section.id}. {title}", title, known, None)
        rules_nav.append({title_text(f"{section.id}. {title}"): source_path(key)})
    w.write("contents.md.j2", "cr/index", lang, t["contents"], parts=parts)
    rules_nav.insert(1, write_fulltext_page(w, lang))
    nav.append({t["rules"]: rules_nav})

    w.write("glossary.md.j2", "glossary", lang, t["glossary"], entries=_glossary(data, lang))
    nav.append({t["glossary"]: source_path("glossary")})
    w.write("terms.md.j2", "terms", lang, t["terminology"], terms=_terms(data, lang))
    nav.append({t["terminology"]: source_path("terms")})

    examples_nav: list[Any] = [source_path("examples/index")]
    # Listed by the part of the rules their first rule is in, as the rules are.
    parts_by_id = {part.id: part for part in data.parts}
    examples_by_part: dict[str, list[Any]] = {}
    unplaced: list[Any] = []
    sources = runner.example_sources([example.name for example in data.examples])
    for example in data.examples:
        key = f"examples/{sitedata.example_slug(example.name)}"
        run = views.example_run_view(data, example.name, Linker(data, key, lang))
        w.write("example.md.j2", key, lang, run.title, example=run,
                runner=runner.runner_context(key, lang, example.name, sources[example.name]))
        part_id = example.rules[0][:1] if example.rules else ""
        entry = {title_text(run.title): source_path(key)}
        (examples_by_part.setdefault(part_id, []) if part_id in parts_by_id else unplaced).append(entry)
    for part_id in sorted(examples_by_part):
        part_title, _ = views.section_title(data, parts_by_id[part_id], lang)
        examples_nav.append({title_text(f"{part_id}. {part_title}"): examples_by_part[part_id]})
    examples_nav.extend(unplaced)
    cards_page = CARDS_GUIDE / f"cards_api.{lang}.md"
    if cards_page.is_file():
        body = cards_page.read_text(encoding="utf-8")
        heading = next((line[2:].strip() for line in body.splitlines() if line.startswith("# ")), t["examples"])
        w.write("markdown.md.j2", "examples/cards", lang, heading, body=body)
        examples_nav.append({title_text(heading): source_path("examples/cards")})
    examples_nav.append({runner.STRINGS[lang]["playground"]: source_path(runner.PLAYGROUND)})
    w.write("playground.md.j2", runner.PLAYGROUND, lang, runner.STRINGS[lang]["playground"],
            runner=runner.runner_context(runner.PLAYGROUND, lang), blank=runner.BLANK_GAME, cards=runner.engine_cards(),
            examples=[views.example_run_view(data, e.name, Linker(data, runner.PLAYGROUND, lang)) for e in data.examples])
    index_linker = Linker(data, "examples/index", lang)
    w.write("examples.md.j2", "examples/index", lang, t["executable_examples"],
            examples=[views.example_run_view(data, e.name, index_linker) for e in data.examples])
    nav.append({t["examples"]: examples_nav})

    # The diffs are listed by the year of their newer release: a hundred links in one list would
    # be long to read, and drawn again on every page of it.
    diffs_by_year: dict[str, list[Any]] = {}
    in_glossary = _glossary_places(data, lang)
    for diff in data.diffs:
        title = f"{short_release(diff.old, lang)} → {short_release(diff.new, lang)}"
        for key, page_title in _diff_pages(w, diff, lang, title, in_glossary):
            diffs_by_year.setdefault(diff.new[:4], []).append({title_text(page_title): source_path(key)})
    w.write("releases.md.j2", "releases/index", lang, t["release_history"])
    w.write("compare.md.j2", "releases/compare", lang, t["compare"], text_chunk=TEXT_CHUNK)
    releases_nav: list[Any] = [source_path("releases/index"), {t["compare"]: source_path("releases/compare")}]
    releases_nav.extend({year: entries} for year, entries in diffs_by_year.items())
    nav.append({t["releases"]: releases_nav})

    write_api_page(w, lang, nav)
    write_cite_page(w, lang, nav)
    w.write("coverage.md.j2", "coverage", lang, t["coverage"], rows=_coverage(data, lang))
    nav.append({t["coverage"]: source_path("coverage")})
    if data.conformance is not None:
        w.write("engine.md.j2", "engine", lang, t["engine_conformance"], **_engine_map(data, lang))
        nav.append({t["engine_conformance"]: source_path("engine")})
    w.write("graph.md.j2", "graph/index", lang, t["graph"], graph_data=GRAPH_FOLDER)
    _graph_files(w, _graph(data, lang), lang)
    nav.append({t["graph"]: source_path("graph/index")})

    wiki_nav: list[Any] = [source_path("wiki/index")]
    for wiki in data.wiki:
        key = f"wiki/{wiki.slug}"
        w.write("wiki.md.j2", key, lang, wiki.page.title, wiki=wiki, lines=_wiki_lines(data, wiki, key, lang))
        wiki_nav.append({title_text(wiki.page.title): source_path(key)})
    w.write("wiki_index.md.j2", "wiki/index", lang, t["wiki_sources"])
    nav.append({t["sources"]: wiki_nav})

    w.generated.nav[lang] = nav


# A rule's details (its history, other-language text, sources) are read when the rule is opened,
# from a file of its own beside its section's page: a page of many rules (702) would otherwise
# fetch the details of all of them for one.
DETAILS_FOLDER = "kb-details/"


def details_file(rule_id: str) -> str:
    """The file that holds `rule_id`'s details (as kb.js reads it)."""
    return f"{DETAILS_FOLDER}{rule_id}.json"


def _diff_pages(w: _Writer, diff: Any, lang: str, title: str,
                in_glossary: dict[str, tuple[str, str]]) -> list[tuple[str, str]]:
    """Write the page or pages of a release diff (`DiffData.pages`); the glossary's changes go on
    the last, or on a page of their own where they would make it too heavy. Returns (key, title) of
    each page."""
    entry_pages = diff.pages()
    keys = [diff.page_key(n) for n in range(len(entry_pages))]
    # A changed entry shows its old and new texts merged, about as long as both.
    glossary_size = sum(len(change.term) + len(change.old_text) + len(change.new_text) + sitedata.DIFF_ENTRY_MARKUP
                        for change in diff.glossary)
    last_size = sum(len(diff.inline(e)) + sitedata.DIFF_ENTRY_MARKUP for e in entry_pages[-1])
    if len(entry_pages) > 1 or last_size + glossary_size > sitedata.DIFF_PAGE_BYTES:
        keys.append(diff.page_key(len(entry_pages)))
        entry_pages = [*entry_pages, []]
    glossary_key = keys[-1]
    anchors_of = [{views.diff_anchor(e.new_id, e.old_id) for e in page} for page in entry_pages]
    starts: dict[str, str] = {}
    for key, page in zip(keys, entry_pages):
        for entry in page:
            starts.setdefault(entry.status, key)
    # The entries of each status, counted on every page.
    groups: dict[str, list[Any]] = {status: [] for status in sitedata.DIFF_STATUSES}
    for entry in diff.entries:
        groups.setdefault(entry.status, []).append(entry)
    written = []
    for number, key in enumerate(keys):
        linker = Linker(w.data, key, lang)
        # Rows are made for this page's entries alone; the others are only counted.
        here = views.diff_rows(w.data, diff, linker,
                               [e for e in diff.entries if views.diff_anchor(e.new_id, e.old_id) in anchors_of[number]])
        page_title = title if len(keys) == 1 else f"{title} ({number + 1}/{len(keys)})"
        w.write("diff.md.j2", key, lang, page_title, diff=diff, groups=groups, here=here,
                first_page=number == 0, status_url={status: linker.page(starts.get(status, keys[0]), status)
                                                    for status in sitedata.DIFF_STATUSES},
                glossary_here=key == glossary_key, glossary_url="" if key == glossary_key else linker.page(glossary_key),
                pager=[{"label": str(n + 1), "url": linker.page(k), "current": k == key} for n, k in enumerate(keys)]
                if len(keys) > 1 else [],
                glossary=views.glossary_rows(diff.glossary, linker, in_glossary))
        written.append((key, page_title))
    return written


# The card-definition guide's folder: one Markdown file per language beside the example catalog.
CARDS_GUIDE = Path(__file__).resolve().parents[1] / "examples"
# A section with more rules than this opens with a list of its numbered rules.
CONTENTS_FROM = 40


def _section_page(w: _Writer, section: Any, key: str, lang: str, full: str, title: str, known: bool,
                  part: dict[str, str] | None, details_of: set[str] | None = None) -> None:
    data = w.data
    linker = Linker(data, key, lang)
    rules = data.section_rules(section.id)
    rule_views = [views.rule_view(data, rule, linker) for rule in rules]
    contents = []
    if len(rules) > CONTENTS_FROM:
        for rule, view in zip(rules, rule_views):
            if rule.kind == "rule":
                contents.append({"id": rule.id, "label": _contents_label(rule, lang)})
    # The label most of the section's Spanish texts share is said once, at the top of the page;
    # a rule whose text differs says its own.
    labels = [v.trust.words for v in rule_views if v.trust is not None and v.trust.kind == "project"]
    common = max(sorted(set(labels)), key=labels.count) if labels else ""
    untranslated = sum(1 for v in rule_views if v.untranslated)
    w.write("section.md.j2", key, lang, full, section=section, section_title=title, title_known=known,
            part=part, rules=rule_views, contents=contents, details_file=DETAILS_FOLDER, common_trust=common,
            untranslated=untranslated)
    macro = w.env.get_template("macros.html.j2").module.details  # type: ignore[attr-defined]
    t = strings(lang)
    for rule in rules:
        if details_of is not None and rule.id not in details_of:
            continue
        details = {rule.id: str(macro(views.rule_details(data, rule, linker), t, lang))}
        w.generated.extras[(key, lang, details_file(rule.id))] = json.dumps(details, ensure_ascii=False,
                                                                            separators=(",", ":"))


def _contents_label(rule: Any, lang: str) -> str:
    """A rule's first words, for a section's list of contents ("Deathtouch", "Toque mortal")."""
    text = rule.spanish.text if lang == "es" and rule.spanish is not None else rule.text
    first = text.split("\n", 1)[0].strip()
    return first if len(first) <= 60 else first[:57].rstrip() + "…"


def _home_stats(data: SiteData) -> dict[str, Any]:
    # Counted as the coverage page counts them (sections and rules with a Spanish text), so the two
    # pages give the same figure.
    translated = sum(row["with_spanish"] for row in data.coverage) if data.coverage else sum(
        1 for r in data.rules.values() if r.spanish is not None)
    return {
        "releases": len(data.releases),
        "oldest": data.releases[0] if data.releases else "",
        "newest": data.newest,
        "sections": len(data.sections),
        "rules": len(data.rules),
        "translated": translated,
        "examples": len(data.examples),
        "wiki": len(data.wiki),
        "example_section": next((s.id for s in data.sections if s.id == "101"), data.sections[0].id if data.sections else ""),
    }


def _glossary(data: SiteData, lang: str) -> list[dict[str, Any]]:
    """Entries sorted as a reader of `lang` expects, each with an anchor (the same in both
    languages) and its counterpart."""
    entries = sorted_words(data.glossary.get(lang, []), lang, key=lambda g: g.term)
    other = other_lang(lang)
    anchors = glossary_anchors(data)
    counterpart: dict[tuple, Any] = {}
    for es, en in data.glossary_pairs:
        mine, theirs = (es, en) if lang == "es" else (en, es)
        counterpart[entry_key(mine)] = theirs
    linker = Linker(data, "glossary", lang)
    out = []
    for entry in entries:
        match = counterpart.get(entry_key(entry))
        out.append(
            {
                "term": entry.term,
                "anchor": anchors[lang][entry_key(entry)],
                "senses": [linkify_text(sense, lang, linker.rule) for sense in entry.senses],
                "source": entry.source,
                "other_term": match.term if match else None,
                "other_url": linker.other(_other_anchor(anchors, other, match)) if match is not None else None,
            }
        )
    return out


def _other_anchor(anchors: dict[str, dict[tuple, str]], lang: str, entry: Any) -> str | None:
    """The anchor of `entry` on the glossary of `lang` (an English entry of an older release is
    found by its term)."""
    found = anchors[lang].get(entry_key(entry))
    if found is None and lang == "en":
        found = next((a for (term, *_), a in anchors["en"].items() if term.casefold() == entry.term.casefold()), None)
    return found


def _glossary_places(data: SiteData, lang: str) -> dict[str, tuple[str, str]]:
    """Where each term of today's English glossary is read from a page in `lang`: (anchor, language
    of the glossary page), the page's own where it has the entry, else the English one."""
    anchors = glossary_anchors(data)
    own = set(anchors[lang].values())
    places: dict[str, tuple[str, str]] = {}
    for entry in data.glossary.get("en", []):
        anchor = anchors["en"][entry_key(entry)]
        places.setdefault(term_key(entry.term), (anchor, lang if anchor in own else "en"))
    return places


def _terms(data: SiteData, lang: str) -> list[dict[str, Any]]:
    linker = Linker(data, "terms", lang)
    pages = {str(w.page.source): w for w in data.wiki}
    rows = []
    anchors = terminology_anchors(data)
    for term in sorted_words(data.terminology, lang, key=lambda term: getattr(term, lang)):
        wiki = pages.get(str(term.source))
        slug = wiki.slug if wiki else None
        # A line of the wiki's navigation (not shown on the site's copy) links to the page itself.
        line_anchor = f"L{term.line}" if wiki and term.line and term.line not in wiki.chrome else None
        rows.append(
            {
                "es": term.es,
                "en": term.en,
                "anchor": anchors[id(term)],
                "kind": strings(lang).get(f"kind_{term.kind}", term.kind),
                "source": Path(str(term.source)).name,
                "line": term.line,
                "url": linker.page(f"wiki/{slug}", line_anchor) if slug else None,
            }
        )
    return rows


def _engine_map(data: SiteData, lang: str) -> dict[str, Any]:
    """The conformance page: counts per part first, then each section's rules by status."""
    from kb.conformance import STATUSES

    t = strings(lang)
    linker = Linker(data, "engine", lang)
    conformance = data.conformance
    labels = [{"status": s.replace(" ", "-"), "label": t["engine_" + s.replace(" ", "_")]} for s in STATUSES]
    titles = {p.id: views.section_title(data, p, lang)[0] for p in list(data.parts) + list(data.sections)}
    parts = [
        {"id": part, "title": titles.get(part, ""), "counts": [counts[s] for s in STATUSES]}
        for part, counts in conformance.counts("part").items()
    ]
    sections = []
    for section in dict.fromkeys(e.section for e in conformance.entries):
        entries = [e for e in conformance.entries if e.section == section]
        sections.append({
            "id": section,
            "title": titles.get(section, ""),
            "counts": [
                {**label, "rules": [{"id": e.rule, "url": linker.rule(e.rule)} for e in entries if e.status == status]}
                for status, label in zip(STATUSES, labels)
            ],
        })
    return {"release": format_release(conformance.release, lang) if conformance.release else "", "tests_found": conformance.tests_found,
            "statuses": labels, "parts": parts, "sections": sections}


def _coverage(data: SiteData, lang: str) -> list[dict[str, Any]]:
    linker = Linker(data, "coverage", lang)
    titles = {s.id: s for s in data.sections}
    rows = []
    for row in data.coverage:
        section_id = str(row.get("section", ""))
        section = titles.get(section_id)
        records = row["records"]
        spanish = row["with_spanish"]
        rows.append(
            {
                "section": section_id,
                "title": views.section_title(data, section, lang)[0] if section else "",
                "url": linker.rule(section_id),
                "records": records,
                "spanish": spanish,
                "fuzzy": row["fuzzy"],
                "from_po": row.get("from_po", 0),
                "percent": (100.0 * spanish / records) if records else 0.0,
                "title_known": row["title_known"],
            }
        )
    return rows


# The graph page reads the nodes of the sections it draws, a file per section, and the list of
# every rule only when a reader types one: one page with every rule would weigh half a megabyte.
GRAPH_FOLDER = "kb-graph/"


def graph_file(node_id: str) -> str:
    """The file of the graph's nodes that holds `node_id`: its section's (as kb.js reads it)."""
    return f"{GRAPH_FOLDER}{node_id.split('.', 1)[0]}.json"


def _graph_files(w: _Writer, nodes: dict[str, Any], lang: str) -> None:
    files: dict[str, dict[str, Any]] = {}
    for node_id, node in nodes.items():
        files.setdefault(graph_file(node_id), {})[node_id] = node
    for name, part in files.items():
        w.generated.extras[("graph/index", lang, name)] = json.dumps(part, ensure_ascii=False, separators=(",", ":"))
    w.generated.extras[("graph/index", lang, f"{GRAPH_FOLDER}ids.json")] = json.dumps(list(nodes), separators=(",", ":"))


def _graph(data: SiteData, lang: str) -> dict[str, Any]:
    """Every rule of the newest release with the rules it cites and the rules citing it."""
    linker = Linker(data, "graph/index", lang)
    nodes: dict[str, Any] = {}
    for rule_id in data.order:
        rule = data.rules[rule_id]
        if lang == "es" and rule.spanish is not None:
            text = rule.spanish.text
        else:
            text = rule.text
        targets = []
        for ref in rule.references:
            if ref.target != rule_id and ref.target not in targets and data.target_page(ref.target):
                targets.append(ref.target)
        nodes[rule_id] = {
            "t": text if len(text) <= 110 else text[:107].rstrip() + "…",
            "o": targets,
            "i": [b for b in rule.backlinks if b != rule_id],
            "u": linker.rule(rule_id),
        }
    for section in data.sections:
        nodes.setdefault(section.id, {"t": views.section_title(data, section, lang)[0], "o": [], "i": [],
                                      "u": linker.rule(section.id)})
    return nodes


def _wiki_lines(data: SiteData, wiki: sitedata.WikiData, key: str, lang: str) -> list[dict[str, Any]]:
    linker = Linker(data, key, lang)
    headings = {h.line: h.level for h in getattr(wiki.page, "headings", [])}
    rows = []
    for number, line in enumerate(wiki.lines, 1):
        if number in wiki.chrome or not line.strip():
            continue  # the wiki's own navigation and chrome, copied with the page, are not its text
        rows.append(
            {
                "number": number,
                "heading": headings.get(number),
                "html": linkify(line, wiki.refs.get(number, []), linker.rule),
                "quoted": wiki.quoted.get(number),
                "quoted_url": linker.rule(wiki.quoted[number]) if number in wiki.quoted else None,
            }
        )
    return rows
