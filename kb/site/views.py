"""The view models of the pages: what each page shows in its language, worked out from `SiteData`.

The data comes from the knowledge base once (`kb.site.sitedata`); everything language- or
page-dependent (which text is shown, links relative to the page, labels, merged diffs) is worked
out here by the `*_view` functions and their kin, so the templates only lay things out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from kb.site import urls
from kb.site.diff_markup import inline_diff
from kb.site.glossary_changes import STATUSES as GLOSSARY_STATUSES
from kb.site.glossary_changes import GlossaryChange, term_key
from kb.site.locale import format_release, other_lang, plural, strings
from kb.site.sitedata import (
    DIFF_STATUSES,
    DiffData,
    RuleData,
    SiteData,
    SpanishData,
    example_slug,
    term_anchor,
    wiki_slug,
)
from kb.site.text import linkify, linkify_text
from kb.translations.precedence import catalog_state, is_stale


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
    stale = is_stale(spanish)
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



def section_title(data: SiteData, section, lang: str) -> tuple[str, bool]:
    """The title of a section or part in `lang`, and whether it is in that language."""
    if lang == "es":
        title = data.titles_es.get(section.id)
        if title:
            return title, True
        return section.text, False
    return section.text, True


def diff_rows(data: SiteData, diff: DiffData, linker: Linker,
              entries: list[Any] | None = None) -> dict[str, list[dict[str, Any]]]:
    """The entries of one release diff (or those of `entries`, one page's) grouped by status, each
    with its text (an inline word diff where the words changed)."""
    groups: dict[str, list[dict[str, Any]]] = {s: [] for s in ("added", "removed", "changed", "moved")}
    for entry in diff.entries if entries is None else entries:
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
        if not diff.merged_plainly(entry):
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
