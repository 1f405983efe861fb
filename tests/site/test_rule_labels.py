"""One label per rule, in plain words: a rule's Spanish text says once whose it is and which English
release it translates; only where that English changed since does a warning stand beside the text
it concerns; every other Spanish text is folded under its own label, with its own warning inside."""

from __future__ import annotations

import re
from html import unescape

import pytest

from kb.site.generate import environment
from kb.site.locale import strings
from kb.site.views import Linker, SiteData, rule_details, rule_view

# Sections whose rules have quotes, older quotes and the team's translation side by side.
SECTIONS = ("101", "613", "702", "810")
FOLD = re.compile(r'<details class="kb-quote"><summary class="kb-trust">(.*?)</summary>(.*?)</details>', re.DOTALL)


@pytest.fixture(scope="module")
def site_data(real_kb):
    return SiteData.collect(real_kb, None)


@pytest.fixture(scope="module")
def macros():
    return environment().get_template("macros.html.j2").module


def _rules(data: SiteData) -> list:
    return [rule for rule in data.rules.values() if rule.section in SECTIONS and rule.spanish is not None]


def _plain(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def test_the_spanish_card_labels_its_text_once_and_warns_only_where_the_english_changed(site_data, macros):
    rules = _rules(site_data)
    assert len(rules) > 100
    warned = folded_warnings = 0
    for rule in rules:
        view = rule_view(site_data, rule, Linker(site_data, site_data.section_key(rule.section), "es"))
        # Said on the card itself (no label shared by the section).
        card = str(macros.rule(view, strings("es"), "es", ""))
        shown = FOLD.sub("", card)
        labels = re.findall(r'<p class="kb-trust[^"]*">(.*?)</p>', shown)
        assert len(labels) == 1, (rule.id, labels)
        label = _plain(labels[0])
        assert label.startswith(("Traducción de este proyecto, ", "Texto oficial en español, citado en la wiki")), label
        if rule.spanish.english_release:
            assert "traduce" in label and "texto inglés" in label, label
        # The warning, once, beside the text it concerns, and only if that text's English changed.
        warnings = re.findall(r'<p class="kb-warning"[^>]*>(.*?)</p>', shown)
        assert len(warnings) == (1 if view.trust.warning else 0), (rule.id, warnings)
        assert "cambió" not in label and "ha cambiado" not in label, label
        warned += bool(warnings)
        # Each other text folded under its own label; its warning inside the fold, never on its label.
        folds = FOLD.findall(card)
        assert len(folds) == len(view.others), rule.id
        for (summary, inside), other in zip(folds, view.others):
            summary = _plain(summary)
            assert summary.startswith("Texto anterior en español: " if other.trust.warning else "Otro texto en español: ")
            assert "cambió" not in summary, summary
            assert ('class="kb-warning"' in inside) == bool(other.trust.warning), rule.id
            folded_warnings += bool(other.trust.warning)
    # The sections hold older quotes folded with their warning (810.7's, of the English of 2017).
    assert folded_warnings


def _spanish(**fields):
    from kb.site.views import SpanishData

    base = {"id_es": "700.1", "text": "Texto.", "examples": [], "origin": "po", "source": "po/part-7.po",
            "page_title": "", "stamp": "", "english_release": "2025-11-14", "status": "exact", "evidence": [],
            "newest_id": "700.1", "changed_since": False}
    return SpanishData(**{**base, **fields})


@pytest.mark.parametrize(("fields", "label", "warning"), [
    ({"state": "reviewed", "english_release": "2026-01-16"},
     "Traducción de este proyecto, revisada · traduce el texto inglés del 16 de enero de 2026", ""),
    ({"origin": "wiki", "page_title": "Pila", "english_release": "2017-09-29"},
     ("Texto oficial en español, citado en la wiki (Pila) · traduce el texto inglés del 29 de septiembre de 2017, "
      "sin cambios desde entonces"), ""),
    ({"state": "fuzzy", "changed_since": True, "changed_in": "2026-01-16"},
     "Traducción de este proyecto, pendiente de actualizar · traduce el texto inglés del 14 de noviembre de 2025",
     "Aviso: el texto inglés cambió el 16 de enero de 2026, y este texto en español no recoge el cambio."),
])
def test_a_label_names_whose_text_it_is_and_the_english_it_translates(fields, label, warning):
    from types import SimpleNamespace

    from kb.site.views import trust

    shown = trust(SimpleNamespace(newest="2026-01-16"), _spanish(**fields), "es")
    assert (shown.line, shown.warning) == (label, warning)


def test_the_english_details_say_whose_the_spanish_is_once(site_data, macros):
    for rule in _rules(site_data):
        linker = Linker(site_data, site_data.section_key(rule.section), "en")
        card = str(macros.rule(rule_view(site_data, rule, linker), strings("en"), "en", ""))
        # The English card tells the English rule; the Spanish is its details' to tell.
        assert "kb-trust" not in card and "kb-warning" not in card, rule.id
        details = FOLD.sub("", str(macros.details(rule_details(site_data, rule, linker), strings("en"), "en")))
        text = _plain(details)
        whose = "this project's translation" if rule.spanish.origin == "po" else "official Spanish text"
        assert text.lower().count(whose.lower()) == 1, (rule.id, text)
        assert details.count('<p class="kb-more__head">Spanish text</p>') == 1, rule.id
