"""The query index: what the search box understands before it ranks (kb.site.query), and the
curated synonyms table of the corpus (corpus/terms/synonyms.tsv)."""

from __future__ import annotations

import json

import pytest
from conftest import fake_kb

from kb.corpus import PROJECT_ROOT
from kb.site.query import query_index
from kb.site.synonyms import Synonym, SynonymError, fold, load_synonyms
from kb.site.sitedata import SiteData

SYNONYMS = PROJECT_ROOT / "corpus" / "terms" / "synonyms.tsv"


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    site = SiteData.collect(fake_kb(tmp_path_factory.mktemp("query")))
    site.synonyms = [Synonym("APNAP", "both", "101.4", "", 2), Synonym("JAJNA", "es", "101.4", "", 3),
                     Synonym("no such", "en", "999.9", "", 4)]
    return site


def test_fold_is_what_the_search_box_compares():
    assert fold("Regla de  Leyendas") == "regla de leyendas"
    assert fold("Acción ilegal") == "accion ilegal"
    assert fold("Two-Headed Giant") == "two headed giant"
    assert fold("can’t beats can") == "cant beats can"
    assert fold("P/T") == "p/t"


def test_every_rule_section_and_part_is_on_its_page(data):
    index = query_index(data, "es")
    where = {entry.split("#")[0]: (page, entry) for page, ids in index["pages"].items() for entry in ids}
    assert where["101.4a"] == ("cr/101/", "101.4a")
    assert where["405"] == ("cr/405/", "405#")
    assert where["4"] == ("cr/", "4#part-4")
    assert "999.9" not in where
    english = query_index(data, "en")
    assert "en/cr/101/" in english["pages"]


def test_terms_lead_to_rules_in_both_languages(data):
    terms = query_index(data, "en")["terms"]
    # Curated synonyms, glossary terms of either language (to the rule their entry cites), section titles.
    assert terms["apnap"][0] == terms["jajna"][0] == "101.4"
    assert terms["active player"] == ["102.1", "t-active-player"]
    assert terms["jugador activo"][0] == "102.1"
    assert terms["pila"][0] == terms["stack"][0] == "405"
    assert terms["las reglas de oro de magic"][0] == "101"
    # A synonym whose target is no rule of the release leads nowhere.
    assert "no such" not in terms


def test_section_titles_and_labels_are_in_the_language(data):
    es, en = query_index(data, "es"), query_index(data, "en")
    assert es["sections"]["102"] == "Jugadores" and en["sections"]["102"] == "Players"
    assert es["release"] == en["release"] == data.newest


def test_the_built_site_carries_the_query_index(fake_site):
    for lang in ("es", "en"):
        index = json.loads((fake_site.site_dir / f"kb-query.{lang}.json").read_text(encoding="utf-8"))
        assert set(index) == {"release", "pages", "sections", "labels", "terms"}
    # The glossary is searched through a copy whose headings are its entries' anchors.
    copy = (fake_site.site_dir / "kb-search" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert '<h2 id="t-active-player">Jugador activo</h2>' in copy
    assert 'data-pagefind-meta="url[content]" content="glossary/"' in copy


@pytest.mark.parametrize("rows, message", [
    ("phrase\tlang\ttarget\tnote\nSBA\ten\t704\t\nSBA\ten\t704\tagain\n", r"synonyms.tsv:3: 'SBA' is already given at line 2"),
    ("phrase\tlang\ttarget\tnote\nSBA\tfr\t704\t\n", r"synonyms.tsv:2: lang 'fr'"),
    ("phrase\tlang\ttarget\tnote\nSBA\ten\tsee 704\t\n", r"synonyms.tsv:2: target 'see 704'"),
    ("phrase\ttarget\nSBA\t704\n", r"synonyms.tsv:1: the header"),
])
def test_a_malformed_synonyms_table_names_its_line(tmp_path, rows, message):
    path = tmp_path / "synonyms.tsv"
    path.write_text(rows, encoding="utf-8")
    with pytest.raises(SynonymError, match=message):
        load_synonyms(path)


def test_the_corpus_synonyms_are_curated_both_ways():
    synonyms = load_synonyms(SYNONYMS)
    langs = {s.lang for s in synonyms}
    assert {"en", "es", "both"} <= langs
    # The phrases the issue names.
    phrases = {fold(s.phrase): s.target for s in synonyms}
    for phrase, target in {"2hg": "810", "sba": "704", "apnap": "101.4", "jajna": "101.4", "cda": "604.3",
                           "etb": "603.6a", "legend rule": "704.5j", "regla de leyendas": "704.5j",
                           "commander tax": "903.8", "layers": "613", "capas": "613"}.items():
        assert phrases[phrase] == target, phrase


@pytest.mark.slow
def test_every_synonym_target_is_a_rule_of_the_newest_release(real_kb):
    known = {rule.id for rule in real_kb.rules()}
    missing = [(s.line, s.phrase, s.target) for s in load_synonyms(SYNONYMS) if s.target not in known]
    assert missing == []
