"""The phrases that name each rule, and the query index of each language.

The search box ranks with `kb.site.ranking`, whose names of a rule (titles, glossary terms, the
term base's pairs, the curated synonyms) are gathered here. `kb-query.LANG.json` gives the same
in one file for whoever reads the site's data:

- `release`: the release whose rules the site shows;
- `pages`: every rule, section and part of that release by the page it is on (`{"cr/702/":
  ["702#", "702.1", ...]}`, an id written `ID#FRAGMENT` where its anchor is not its number, `ID#`
  where it is the page itself): a
  number a reader types is a rule when it is in there, and no rule when it is not;
- `sections`: each section's and part's title in the language (`"702": "Habilidades de palabra
  clave"`), and `labels`: the short title of a titled rule (`"702.19": "Arrollar"`), which name a
  result ("702.19 Arrollar · Habilidades de palabra clave");
- `terms`: a phrase folded as the box folds a query (`"toque mortal"`, `"2hg"`) → `[rule,
  glossary anchor]` (either may be ""): keywords and titled rules, section titles, glossary terms
  (each to the first rule its entry cites, or to the entry a "See ..." names), the term base's
  pairs and the curated synonyms of `corpus/terms/synonyms.tsv` — in both languages on both sites,
  so that a term typed in the other language still leads to its rule.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from kb.site.anchors import entry_key, glossary_anchors
from kb.site.locale import LANGS
from kb.site.sitedata import SiteData
from kb.site.synonyms import fold
from kb.site.urls import page_url
from kb.site.views import section_title

# A rule whose whole text is this short and ends without a full stop or colon is a title
# ("Deathtouch", "Brawl Option"): its text names it.
TITLE_LENGTH = 45
QUERY_FILE = "kb-query.{lang}.json"


def _rule_text(data: SiteData, rule_id: str, lang: str) -> str:
    rule = data.rules[rule_id]
    if lang == "es" and rule.spanish is not None:
        return rule.spanish.text
    return rule.text


def _title(text: str) -> str | None:
    text = text.strip()
    if not text or "\n" in text or len(text) > TITLE_LENGTH or text.endswith((".", ":", "…")):
        return None
    return text


def rule_labels(data: SiteData, lang: str) -> dict[str, str]:
    """The short title of every titled rule of the newest release, in `lang`."""
    labels = {}
    for rule_id in data.order:
        title = _title(_rule_text(data, rule_id, lang))
        if title:
            labels[rule_id] = title
    return labels


def _known(data: SiteData) -> set[str]:
    return set(data.order) | {s.id for s in data.sections} | {p.id for p in data.parts}


def _glossary_targets(data: SiteData) -> dict[str, tuple[str, str]]:
    """Each glossary term (folded, both languages) → (rule its entry cites first, entry anchor).
    An entry that cites no rule and says "See OTHER TERM." takes that term's rule."""
    from kb.refs import find_references

    anchors = glossary_anchors(data)
    known = _known(data)
    english: dict[str, tuple[str, str, str]] = {}  # folded term -> (rule, anchor, senses)
    for entry in data.glossary.get("en", []):
        senses = " ".join(entry.senses)
        rule = next((ref.target for ref in find_references(senses, "en") if ref.target in known), "")
        english.setdefault(fold(entry.term), (rule, anchors["en"][entry_key(entry)], senses))
    see = re.compile(r"^See (?:also )?([^.]+)\.")
    for key, (rule, anchor, senses) in list(english.items()):
        found = see.match(senses)
        if not rule and found:
            other = english.get(fold(found.group(1)))
            if other and other[0]:
                english[key] = (other[0], anchor, senses)
    targets = {key: (rule, anchor) for key, (rule, anchor, _) in english.items()}
    by_anchor = {anchor: rule for rule, anchor in targets.values()}
    for entry in data.glossary.get("es", []):
        anchor = anchors["es"][entry_key(entry)]
        rule = by_anchor.get(anchor)
        if rule is None:
            senses = " ".join(entry.senses)
            rule = next((ref.target for ref in find_references(senses, "es") if ref.target in known), "")
        targets.setdefault(fold(entry.term), (rule, anchor))
    # "Trample Over Planeswalkers (Obsolete)" is found as its name alone too.
    for key, value in list(targets.items()):
        bare = fold(re.sub(r"\([^)]*\)", " ", key))
        if bare and bare != key:
            targets.setdefault(bare, value)
    return targets


def term_targets(data: SiteData) -> dict[str, list[str]]:
    """Every phrase the search box takes to a rule or a glossary entry: folded phrase → [rule id,
    glossary anchor]. The first source to name a phrase keeps it: the curated synonyms, then the
    titled rules, the sections and parts, the glossary, the term base."""
    known = _known(data)
    terms: dict[str, list[str]] = {}

    def add(phrase: str, rule: str, anchor: str = "") -> None:
        key = fold(phrase)
        if key and (rule in known or (not rule and anchor)):
            terms.setdefault(key, [rule, anchor])

    glossary = _glossary_targets(data)
    for synonym in data.synonyms:
        add(synonym.phrase, synonym.target)
    for lang in LANGS:
        for rule_id, title in rule_labels(data, lang).items():
            add(title, rule_id, glossary.get(fold(title), ("", ""))[1])
    for section in [*data.sections, *data.parts]:
        for lang in LANGS:
            title = section_title(data, section, lang)[0]
            add(title, section.id)
            # "Two-Headed Giant Variant", "Variante Gigante de Dos Cabezas": the name alone too.
            add(re.sub(r"^(?:the|el|la|los|las)\s+|\s+variant$|^variante\s+(?:de\s+)?", "", title, flags=re.IGNORECASE),
                section.id)
    for key, (rule, anchor) in glossary.items():
        add(key, rule, anchor)
    english_targets = {fold(term.en): terms.get(fold(term.en)) for term in data.term_base}
    for term in data.term_base:
        target = english_targets.get(fold(term.en))
        if target:
            for phrase in (term.es, *term.variants):
                add(phrase, *target)
    return dict(sorted(terms.items()))


def query_index(data: SiteData, lang: str) -> dict[str, Any]:
    pages: dict[str, list[str]] = {}
    for target in [*(p.id for p in data.parts), *(s.id for s in data.sections), *data.order]:
        place = data.target_page(target)
        if place is None:
            continue
        key, fragment = place
        # "702.19" is at #702.19; "702#" is the page itself; "7#part-7" at that anchor.
        pages.setdefault(page_url(key, lang), []).append(target if fragment == target else f"{target}#{fragment or ''}")
    return {
        "release": data.newest,
        "pages": pages,
        "sections": {s.id: section_title(data, s, lang)[0] for s in [*data.parts, *data.sections]},
        "labels": rule_labels(data, lang),
        "terms": term_targets(data),
    }


def write_query_indexes(data: SiteData, site_dir: Path) -> None:
    for lang in LANGS:
        path = Path(site_dir) / QUERY_FILE.format(lang=lang)
        path.write_text(json.dumps(query_index(data, lang), ensure_ascii=False, separators=(",", ":")),
                        encoding="utf-8")
