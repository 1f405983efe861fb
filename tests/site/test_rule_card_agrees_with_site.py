"""One rule card: what `kb rule --lang es` shows of a rule's Spanish and what the site shows of it
agree, text by text, on the decisions both make, each made by one function of
`kb.translations.precedence`: which texts are shown and in what order (`in_order`), whose each is
(`catalog_state`), the release whose English it translates (`bound_release`) and whether it
translates an English that changed since (`is_stale`, the card's `current`)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from kb.align.records import Alignment
from kb.knowledge import SpanishText
from kb.model import Rule
from kb.rulecard import card_of
from kb.site.sitedata import spanish_reader
from kb.site.views import trust
from kb.translations.precedence import catalog_state, is_stale, relative_to, spanish_sources

# Every rule of these sections: official quotes (current, renumbered, paired through the nearest
# release, drifted to an older wording) and the team's translations, several texts to a rule.
SECTIONS = ("101", "405", "723", "805", "810")


def _site_texts(reader, kb, rule_id: str) -> list:
    """The rule's Spanish texts as the site's `RuleData.spanish` holds them: the first, then the
    others in their order."""
    spanish = reader.rule_spanish(SimpleNamespace(id=rule_id, history=list(kb.history(rule_id))))
    return [spanish, *spanish.others] if spanish is not None else []


def _disagreements(kb, rule_id: str, reader) -> list[str]:
    card = card_of(kb, rule_id, lang="es")
    site = _site_texts(reader, kb, rule_id)
    card_texts = card.texts or []
    found = []
    if len(card_texts) != len(site):
        return [f"{rule_id}: the card shows {len(card_texts)} Spanish texts, the site {len(site)}"]
    if (card.spanish is None) != (not site):
        found.append(f"{rule_id}: a main Spanish text on one side only")
    data = SimpleNamespace(newest=kb.newest)
    for position, (shown, page) in enumerate(zip(card_texts, site)):
        where = f"{rule_id} text {position + 1}"
        pairs = {
            "text": (shown.text, page.text),
            "examples": (list(shown.examples), list(page.examples)),
            "source": ((shown.source, shown.id_es), (relative_to(kb.corpus_root)(page.source), page.id_es)),
            "whose": ((shown.kind, shown.state), ("catalog" if page.origin == "po" else "wiki", catalog_state(page))),
            "stale": (not shown.current, is_stale(page)),
            "label": ("stale" if not shown.current else "project" if shown.kind == "catalog" else "wiki",
                      trust(data, page, "es").kind),
            "bound to": (shown.english_release, page.english_release),
            "changed in": (None if shown.current else shown.changed_in, page.changed_in),
        }
        found += [f"{where}: {name} {card_side!r} on the card, {site_side!r} on the site"
                  for name, (card_side, site_side) in pairs.items() if card_side != site_side]
    if card.spanish is not None and site:
        main = site[0]
        if (card.spanish.text, card.spanish.english_release, card.spanish.state, card.spanish.current) != \
                (main.text, main.english_release, catalog_state(main), not is_stale(main)):
            found.append(f"{rule_id}: the card's main text is not the site's")
    return found


@pytest.fixture(scope="module")
def sample(real_kb):
    rules = [r.id for r in real_kb.documents[real_kb.newest].rules
             if r.kind in ("rule", "subrule") and r.id.split(".")[0] in SECTIONS]
    reader = spanish_reader(real_kb)
    return rules, {rule_id: _site_texts(reader, real_kb, rule_id) for rule_id in rules}, reader


def test_the_sample_holds_every_kind_of_spanish_text(sample):
    rules, texts, _reader = sample
    shown = [t for found in texts.values() for t in found]
    assert len(rules) > 80
    assert sum(len(found) > 1 for found in texts.values()) >= 5, "rules with several Spanish texts"
    assert {t.origin for t in shown} == {"po", "wiki"}
    assert any(is_stale(t) for t in shown) and any(t.status == "drifted" for t in shown)
    assert {t.status for t in shown} >= {"exact", "nearest", "renumbered", "drifted"}


def test_the_rule_card_and_the_site_agree_on_every_spanish_text_of_the_sample(real_kb, sample):
    rules, _texts, reader = sample
    found = [line for rule_id in rules for line in _disagreements(real_kb, rule_id, reader)]
    assert not found, "\n".join(found[:20])


def _fuzzy_entry(previous_matched: bool) -> Alignment:
    """A fuzzy catalog entry of 2026-01-16 for 702.2b: its previous msgid read as the English of
    2025-11-14 (`previous_matched`), or as no release's, when it stands for its own release's."""
    english_release = "2025-11-14" if previous_matched else "2026-01-16"
    en = Rule(id="702.2b", kind="subrule", parent="702.2", text="Older English.", release=english_release,
              lang="en", source="", line=0)
    es = Rule(id="702.2b", kind="subrule", parent="702.2", text="Texto dudoso.", release="2026-01-16", lang="es",
              source="po/part-7.po", line=40)
    return Alignment(kind="rule", es=es, en=en, status="drifted", origin="po", page_title="part-7.po",
                     stated_release="2026-01-16", english_release=english_release, newest_id="702.2b",
                     changed_since=False, state="fuzzy")


@pytest.mark.parametrize("previous_matched", [True, False])
def test_a_fuzzy_entry_is_bound_to_the_same_release_on_the_card_and_the_site(previous_matched):
    alignment = _fuzzy_entry(previous_matched)
    listed = spanish_sources([alignment], lambda a: False, relative_to(Path("/corpus")))[0]
    card = SpanishText.of(alignment)
    kb = SimpleNamespace(newest="2026-01-16", alignment=[alignment], history=lambda *args: [])
    page = spanish_reader(kb)._spanish_data(None, alignment)
    expected = "2025-11-14" if previous_matched else None
    assert listed.english_release == card.english_release == page.english_release == expected
    assert not listed.current and not card.current and is_stale(page)
    assert listed.state == card.state == catalog_state(page) == "fuzzy"
    assert trust(SimpleNamespace(newest="2026-01-16"), page, "es").kind == "stale"
