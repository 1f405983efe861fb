"""The whole rules of the newest release on one page per language (`cr/all/`), for Ctrl-F, slow
connections and print: parts, sections, every rule and subrule with its anchor and examples, and the
glossary, with nothing per rule beyond its text (no details, history or scripts).

The Spanish page shows a rule's Spanish only where it translates the newest English (as the
plain-text download does, `kb.documents.ReleaseSpanish`); elsewhere the English, marked "sin
traducción" or, where the Spanish translates an older English, "traducción desactualizada". An
official text quoted by a wiki page says so. References link within the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from kb.documents import ReleaseSpanish
from kb.site.anchors import glossary_anchors
from kb.site.locale import sorted_words
from kb.site.text import linkify_text
from kb.site.urls import source_path

FULLTEXT_PAGE = "cr/all"
RULE_KINDS = ("rule", "subrule")


@dataclass
class FullRule:
    id: str
    subrule: bool
    text: Markup
    lang: str
    examples: list[Markup]
    examples_lang: str
    # "" where the text is in the page's language; else why it is not ("untranslated", "outdated").
    missing: str = ""
    quoted: str = ""


@dataclass
class FullSection:
    id: str
    title: str
    title_lang: str
    rules: list[FullRule] = field(default_factory=list)


@dataclass
class FullPart:
    id: str
    title: str
    title_lang: str
    sections: list[FullSection] = field(default_factory=list)


@dataclass
class FullTerm:
    anchor: str
    term: str
    senses: list[Markup]
    lang: str


@dataclass
class FullText:
    parts: list[FullPart]
    glossary: list[FullTerm]
    rules: int
    in_language: int
    # The download of the same release as plain text, from the site's root ("" if none).
    download: str = ""


def fulltext_view(data: Any, lang: str) -> FullText:
    """Everything the one-page text of the newest release shows in `lang`."""

    spanish = ReleaseSpanish(data) if lang == "es" else None
    newest = data.newest
    anchors = {rule_id for rule_id in data.order} | {s.id for s in data.sections}

    def link(target: str) -> str | None:
        return "#" + target if target in anchors else None

    def title_of(heading: Any) -> tuple[str, str]:
        found = spanish.rule(newest, heading) if spanish is not None else None
        return (found[0], "es") if found else (heading.text, "en")

    parts: list[FullPart] = []
    by_part: dict[str, FullPart] = {}
    for part in data.parts:
        by_part[part.id] = FullPart(part.id, *title_of(part))
        parts.append(by_part[part.id])
    counted = in_language = 0
    for section in data.sections:
        owner = by_part.get(data.section_part.get(section.id, ""))
        if owner is None:
            owner = FullPart("", "", lang)
            parts.append(owner)
            by_part[""] = owner
        full_section = FullSection(section.id, *title_of(section))
        owner.sections.append(full_section)
        for rule in data.section_rules(section.id):
            if rule.kind not in RULE_KINDS:
                continue
            full_section.rules.append(_rule(rule, spanish, newest, lang, link))
            counted += 1
            in_language += not full_section.rules[-1].missing
    glossary_anchor = glossary_anchors(data)["en"]
    terms = []
    for entry in data.glossary.get("en", []):
        found = spanish.glossary(newest, entry) if spanish is not None else None
        term, senses, text_lang = (found[0], found[1], "es") if found else (entry.term, list(entry.senses), "en")
        anchor = glossary_anchor.get((entry.term, str(entry.source), entry.line), "")
        terms.append(FullTerm(anchor, term, [linkify_text(s, text_lang, link) for s in senses], text_lang))
    terms = sorted_words(terms, lang, key=lambda t: t.term)
    return FullText(parts, terms, counted, in_language, data.downloads.get(newest, ""))


def _rule(rule: Any, spanish: ReleaseSpanish | None, newest: str, lang: str, link: Any) -> FullRule:
    chosen = spanish.translation(newest, rule) if spanish is not None else None
    if spanish is None or chosen is not None:
        text = chosen.text if chosen is not None else rule.text
        examples = list(chosen.examples) if chosen is not None and chosen.examples else list(rule.examples)
        examples_lang = "es" if chosen is not None and chosen.examples else "en"
        quoted = (chosen.page_title or "wiki") if chosen is not None and chosen.origin != "po" else ""
        return FullRule(rule.id, rule.kind == "subrule", linkify_text(text, lang, link), lang,
                        [linkify_text(x, examples_lang, link) for x in examples], examples_lang, quoted=quoted)
    missing = "outdated" if rule.spanish is not None else "untranslated"
    return FullRule(rule.id, rule.kind == "subrule", linkify_text(rule.text, "en", link), "en",
                    [linkify_text(x, "en", link) for x in rule.examples], "en", missing=missing)


PAGE_TITLES = {"es": "Reglas completas en una página", "en": "The whole rules on one page"}


def write_fulltext_page(writer: Any, lang: str) -> dict[str, str]:
    """Write the one-page text in `lang` (`site/templates/fulltext.md.j2`); its navigation entry."""
    title = PAGE_TITLES[lang]
    view = fulltext_view(writer.data, lang)
    writer.write("fulltext.md.j2", FULLTEXT_PAGE, lang, title, text=view)
    return {title: source_path(FULLTEXT_PAGE)}


__all__ = ["FULLTEXT_PAGE", "PAGE_TITLES", "FullText", "fulltext_view", "write_fulltext_page"]
