"""One main Spanish text per rule, in one order everywhere: the knowledge base (`kb.spanish`,
`kb.spanish_texts`, what `kb rule --lang es` prints), a rule on its section page, the rule's details
and what search indexes. The current translation comes first (an official quote of the current
English before the team's translation); every other text is folded under its label."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import unescape

import pytest

from kb.site.generate import environment
from kb.site.locale import strings
from kb.site.search import EXCLUDED
from kb.site.sitedata import SiteData
from kb.site.views import Linker, rule_details, rule_view
from kb.translations.precedence import best_spanish, in_order, relative_to

# Sections where a rule had two Spanish texts shown in different orders from place to place.
SECTIONS = ("101", "102", "405", "723", "810")


@dataclass
class _Record:
    source: str
    line: int
    text: str = ""
    examples: list = field(default_factory=list)


@dataclass
class _Alignment:
    origin: str
    status: str
    source: str
    line: int
    english_release: str = "2026-01-16"
    changed_since: str | None = None
    state: str | None = None
    es: _Record = None  # type: ignore[assignment]

    def __post_init__(self):
        self.es = _Record(self.source, self.line)


def test_an_official_quote_of_the_current_english_comes_first_however_it_was_paired():
    team = _Alignment("po", "exact", "po/part-8.po", 10, state="reviewed")
    # The stamp named a release the corpus lacks; the nearest agrees, and the English has not changed.
    quote = _Alignment("wiki", "nearest", "wiki/es-x.txt", 5, english_release="2017-09-29")
    older = _Alignment("wiki", "drifted", "wiki/es-y.txt", 7, english_release="2017-09-29",
                       changed_since="2018-07-13")
    order = [a for a, _current in in_order([team, older, quote])]
    assert order == [quote, team, older]
    assert best_spanish([older, team, quote]) is quote
    # Where the English moved on, the team's translation of the current text comes first.
    assert [a for a, _ in in_order([older, team])] == [team, older]


def test_a_text_met_twice_is_listed_once():
    once = _Alignment("wiki", "exact", "wiki/es-x.txt", 5)
    again = _Alignment("wiki", "exact", "wiki/es-x.txt", 5)
    assert len(in_order([once, again])) == 1


def test_folded_texts_are_left_out_of_search():
    assert ".kb-quote" in EXCLUDED


def _plain(html: str) -> str:
    """The words of a text as shown, without the newest number a renumbered reference is given."""
    html = re.sub(r' <span class="kb-renum">.*?</span>', "", html)
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


@pytest.fixture(scope="module")
def site_data(real_kb):
    return SiteData.collect(real_kb, None)


def _sample(kb, data: SiteData) -> list[str]:
    """Every rule of the five sections with more than one Spanish text, and every 40th other rule
    with Spanish."""
    others = [rid for rid, rule in data.rules.items() if rule.spanish is not None and rule.section not in SECTIONS]
    mine = [rid for rid, rule in data.rules.items() if rule.section in SECTIONS and rule.spanish is not None]
    return mine + others[::40]


def test_the_first_text_is_the_same_on_the_page_in_the_details_and_in_the_knowledge_base(real_kb, site_data):
    env = environment()
    macros = env.get_template("macros.html.j2").module
    relative = relative_to(real_kb.corpus_root)
    sample = _sample(real_kb, site_data)
    several = [rid for rid in sample if len(real_kb.spanish_texts(rid)) > 1]
    assert {rid.split(".")[0] for rid in several} >= set(SECTIONS)
    for rid in sample:
        rule = site_data.rules[rid]
        texts = real_kb.spanish_texts(rid)
        first, rest = texts[0], texts[1:]
        assert real_kb.spanish(rid).text == first.text, rid
        assert [(relative(s.source), s.text) for s in [rule.spanish, *rule.spanish.others]] == [
            (t.source, t.text) for t in texts], rid
        key = site_data.section_key(rule.section)

        # The Spanish section page: the main text, then each other text folded under its label.
        es = Linker(site_data, key, "es")
        page = str(macros.rule(rule_view(site_data, rule, es), strings("es"), "es"))
        main = re.search(r'<p class="kb-rule__text"[^>]*>(.*?)</p>', page, re.S).group(1)
        assert _plain(main) == " ".join(first.text.split()), rid
        folds = re.findall(r'<details class="kb-quote"><summary[^>]*>(.*?)</summary>\s*'
                           r'(?:<p class="kb-warning">[^<]*</p>\s*)?<p lang="es">(.*?)</p></details>', page, re.S)
        assert [_plain(text) for _label, text in folds] == [" ".join(t.text.split()) for t in rest], rid
        unfolded = re.sub(r"<details.*?</details>", "", page, flags=re.S)
        for other in rest:
            if other.text not in first.text:
                assert " ".join(other.text.split()) not in _plain(unfolded), rid

        # Its details in Spanish name the main text's source; in English they show the same
        # Spanish first, and fold the others in the same order.
        details_es = rule_details(site_data, rule, es)["spanish_source"]
        assert details_es["origin"] == ("po" if first.kind == "catalog" else "wiki"), rid
        en = Linker(site_data, key, "en")
        details = str(macros.details(rule_details(site_data, rule, en), strings("en"), "en"))
        head = details.split('<details class="kb-quote">', 1)[0]
        assert " ".join(first.text.split()) in _plain(head), rid
        folds = re.findall(r'<details class="kb-quote"><summary[^>]*>.*?</summary>\s*'
                           r'(?:<p class="kb-warning">[^<]*</p>\s*)?<p lang="es">(.*?)</p></details>', details, re.S)
        assert [_plain(text) for text in folds] == [" ".join(t.text.split()) for t in rest], rid
