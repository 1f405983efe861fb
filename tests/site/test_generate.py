"""Generation (knowledge base -> Markdown pages), on a small fake knowledge base: what each page
says, in which language, with which links; no site builder involved."""

from __future__ import annotations

import re

import pytest
import yaml
from conftest import HOSTILE, HOSTILE_TITLE, fake_kb
from fakes import fake_examples

from kb.site.generate import generate
from kb.site.sitedata import SiteData


@pytest.fixture(scope="module")
def docs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("generate")
    kb = fake_kb(tmp, {"101.4a": HOSTILE, "405": HOSTILE_TITLE, "glossary:Priority": HOSTILE,
                       "glossary:Stack": f"A zone where {HOSTILE}. See rule 405."})
    data = SiteData.collect(kb, fake_examples())
    generated = generate(data, tmp / "docs")
    return generated


def read(docs, lang, key):
    return (docs.docs_dir / lang / f"{key}.md").read_text(encoding="utf-8")


def details(docs, lang, key, rule_id) -> str:
    """What a reader gets on asking for more about a rule (read on demand from the section's file)."""
    import json

    from kb.site.generate import details_file

    return json.loads(docs.extras[(key, lang, details_file(rule_id))])[rule_id]


def rule_block(text: str, rule_id: str) -> str:
    start = text.index(f'id="{rule_id}"')
    start = text.rindex("<section", 0, start)
    return text[start : text.index("</section>", start)]


def test_one_page_per_section_in_each_language(docs):
    for lang in ("es", "en"):
        for section in ("100", "101", "102", "405"):
            assert (docs.docs_dir / lang / "cr" / f"{section}.md").is_file()
    assert docs.count("es") == docs.count("en")


def test_every_rule_and_subrule_has_its_anchor_on_its_section_page(docs):
    text = read(docs, "es", "cr/101")
    for rule_id in ("101.1", "101.4", "101.4a", "101.4b"):
        assert re.search(rf'<h[23] id="{re.escape(rule_id)}">', text)
    assert 'id="405.1"' not in text


def test_spanish_page_shows_the_translation_and_keeps_english_one_click_away(docs):
    block = rule_block(read(docs, "es", "cr/101"), "101.4")
    assert '<p class="kb-rule__text">Si varios jugadores' in block
    assert "sin traducción" not in block
    # The rule number is a link to the rule itself.
    assert '<h2 id="101.4"><a href="#101.4">101.4</a>' in block
    more = details(docs, "es", "cr/101", "101.4")
    assert "Texto original en inglés" in more and "If multiple players" in more
    assert 'href="../../en/cr/101/#101.4"' in more
    assert "If multiple players" not in block


def test_untranslated_rule_shows_english_with_a_visible_mark(docs):
    page = read(docs, "es", "cr/101")
    block = rule_block(page, "101.1")
    # English text on a Spanish page is marked as English (the stylesheet labels it "EN"), and the
    # page says how many of its rules are not translated yet.
    assert re.search(r"\d+ de \d+ reglas aún sin traducción", page)
    assert '<p class="kb-rule__text" lang="en">Whenever a card' in block


def test_english_page_shows_english_with_the_spanish_text_folded(docs):
    block = rule_block(read(docs, "en", "cr/101"), "101.4")
    assert '<p class="kb-rule__text">If multiple players' in block
    more = details(docs, "en", "cr/101", "101.4")
    assert "Spanish text" in more and "Si varios jugadores" in more
    assert 'href="../../../cr/101/#101.4"' in more
    assert "untranslated" not in rule_block(read(docs, "en", "cr/101"), "101.1")


def test_references_are_links_and_backlinks_are_listed(docs):
    es = read(docs, "es", "cr/101")
    block = rule_block(es, "101.4")
    assert '<a class="kb-ref" href="../405/">405</a>' in block
    assert "Referenciada por: <a href=\"../102/#102.1\" class=\"kb-backlink\">102.1</a>" in block
    en_block = rule_block(read(docs, "en", "cr/101"), "101.4")
    assert "Referenced by: <a href=\"../102/#102.1\" class=\"kb-backlink\">102.1</a>" in en_block
    # A range links once, to its first rule, on the same page when it is there.
    stack = rule_block(read(docs, "es", "cr/405"), "405.2")
    assert '<a class="kb-ref" href="../101/#101.4a">101.4a\u2013b</a>' in stack


def test_release_and_trust_of_a_spanish_text(docs):
    """A wiki quote of the current English says which release it translates, in plain words, at
    the top of the rule; no technical evidence reaches the page."""
    block = rule_block(read(docs, "es", "cr/101"), "101.4")
    assert ("Texto oficial en español, citado en la wiki (Jugador) · traduce el texto inglés del 7 de junio de 2024, "
            "sin cambios desde entonces") in block
    assert "ratio" not in block and "exacta" not in block
    more = details(docs, "es", "cr/101", "101.4")
    assert 'href="../../wiki/es-jugador/">Jugador</a>' in more
    assert 'href="https://mtg.fandom.com/es/wiki/Jugador"' in more
    en = details(docs, "en", "cr/101", "101.4")
    assert "Rules release: January 16, 2026" in en


def test_history_links_each_change_to_its_diff(docs):
    changed = details(docs, "es", "cr/100", "100.1")
    assert "modificada" in changed
    assert 'href="../../releases/2024-06-07--2026-01-16/#100.1"' in changed
    assert re.search(r"\(\d+ palabras?\)", changed) and "(1 palabras)" not in changed
    added = details(docs, "en", "cr/405", "405.7")
    assert "added" in added and "#405.7" in added
    unchanged = details(docs, "es", "cr/101", "101.1")
    assert "sin cambios desde el 7 de junio de 2024" in unchanged
    diff = read(docs, "es", "releases/2024-06-07--2026-01-16")
    assert 'id="100.1"' in diff and 'id="405.7"' in diff
    assert "<ins>" in diff and "multiplayer" in diff


def test_a_change_only_in_an_example_shows_as_one(docs):
    """A rule whose own text stayed but whose example changed shows the changed words on the
    release diff, and its history counts the example rather than "0 words"."""
    diff = read(docs, "es", "releases/2024-06-07--2026-01-16")
    entry = diff[diff.index('id="405.1"'):]
    entry = entry[:entry.index("</div>")]
    assert "it stays <del>there.</del><ins>there until it resolves.</ins>" in entry
    history = details(docs, "es", "cr/405", "405.1")
    assert "1 ejemplo" in history and "0 palabras" not in history
    assert "1 example" in details(docs, "en", "cr/405", "405.1")


def glossary_section(page: str) -> str:
    return page[page.index('<section class="kb-diff__glossary"'):page.index("</section>", page.index('<section class="kb-diff__glossary"'))]


@pytest.mark.parametrize(("lang", "heading", "labels"), [
    ("es", "Glosario (3)", ("Términos añadidos (1)", "Términos eliminados (1)", "Términos modificados (1)")),
    ("en", "Glossary (3)", ("Terms added (1)", "Terms removed (1)", "Terms changed (1)")),
])
def test_a_release_page_lists_the_glossary_changes(docs, lang, heading, labels):
    page = read(docs, lang, "releases/2024-06-07--2026-01-16")
    summary = re.search(r'<p lang="(\w+)" class="kb-diff__glossary-summary">(.*?)</p>', page)
    assert summary[1] == lang and all(label.split(" (")[0] + ": 1" in summary[2] for label in labels)
    section = glossary_section(page)
    # Read, not searched: the glossary itself is what search finds.
    assert section.startswith('<section class="kb-diff__glossary" data-pagefind-ignore>')
    assert f'<h2 id="glossary" lang="{lang}">{heading}</h2>' in section
    positions = [section.index(f'lang="{lang}">{label}</h3>') for label in labels]
    assert positions == sorted(positions)
    added, removed, changed = (section[a:b] for a, b in zip(positions, positions[1:] + [len(section)]))
    assert 'id="g-priority"' in added and 'id="g-tap"' in removed and 'id="g-stack"' in changed
    # Corpus text is data: escaped in a term's definition, added or changed.
    assert "<script>" not in section
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in added
    assert "To turn a permanent sideways." in removed
    # The changed words marked as a rule's are, the rest as it was.
    assert re.search(r"A <del>zone\. </del><ins>zone where &lt;script&gt;.*?</ins>See rule 405\.</dd>", changed), changed
    # A term still in today's glossary links to it: on the page's own glossary where that has
    # the entry, else on the English one, saying so.
    if lang == "es":
        assert '<a href="../../glossary/#t-stack">Stack</a>' in changed
        assert '<a href="../../en/glossary/#t-priority" hreflang="en">Priority</a>' in added
    else:
        assert '<a href="../../glossary/#t-stack">Stack</a>' in changed
        assert '<a href="../../glossary/#t-priority">Priority</a>' in added
    assert "<a" not in removed.split("</h3>", 1)[1]


def test_corpus_text_is_escaped_in_the_markdown(docs):
    block = rule_block(read(docs, "es", "cr/101"), "101.4a")
    assert "<script>" not in block
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in block
    # The whole rule is inside an HTML block, so Markdown never reads "[a link](...)" as a link.
    assert block.startswith("<section") and "[a link](http://example.invalid/)" in block
    page = read(docs, "en", "cr/405")
    front = yaml.safe_load(page.split("---\n")[1])
    assert front["title"] == "405. &lt;b&gt;Bold&lt;/b&gt; [title](http://example.invalid/)"
    assert "<b>Bold</b>" not in page


def test_executable_example_is_linked_from_its_rule_and_shown_on_its_page(docs):
    block = rule_block(read(docs, "es", "cr/101"), "101.4")
    assert "Cada jugador sacrifica una criatura" in block and "Ejemplo ejecutable" in block
    # A passing example needs no badge on the rule's page: only one that fails or errs carries one.
    assert "kb-badge--passed" not in block
    # The code and the run are on the example's page, not indexed within the rule's.
    assert "not markup" not in block and "apnap-sacrifice: es ok" not in block
    assert 'href="../../examples/apnap-sacrifice/"' in block
    page = read(docs, "en", "examples/apnap-sacrifice")
    assert "Each player sacrifices a creature" in page and "apnap-sacrifice: en ok" in page
    assert page.count("# &lt;b&gt;not markup&lt;/b&gt;") == 1
    assert 'href="../../cr/101/#101.4"' in page


def test_spanish_glossary_is_sorted_for_a_spanish_reader(docs):
    text = read(docs, "es", "glossary")
    terms = re.findall(r'<dt id="[^"]+"><a href="#[^"]+">([^<]+)</a>', text)
    assert terms == ["Ábaco", "Jugador activo", "Nómada", "Ñandú", "Pila"]
    # Definitions link the rules they name; paired terms link their English entry.
    assert '<a class="kb-ref" href="../cr/102/#102.1">102.1</a>' in text
    assert 'href="../en/glossary/#t-active-player"' in text


def test_english_glossary_and_terminology(docs):
    text = read(docs, "en", "glossary")
    terms = re.findall(r'<dt id="[^"]+"><a href="#[^"]+">([^<]+)</a>', text)
    assert terms == ["Ability", "Active Player", "Priority", "Stack"]
    terms_es = read(docs, "es", "terms")
    assert terms_es.index(">jugador<") < terms_es.index(">Jugadores<") < terms_es.index(">pila<")
    assert 'href="../wiki/es-jugador/#L1"' in terms_es


def test_wiki_page_text_is_escaped_with_links_to_the_rules_it_quotes(docs):
    text = read(docs, "es", "wiki/es-jugador")
    assert "&lt;b&gt;no es HTML&lt;/b&gt; [ni un enlace](http://example.invalid)" in text
    assert 'id="L4"' in text and 'href="../../cr/101/#101.4"' in text
    assert '<a class="kb-ref" href="../../cr/405/">405</a>' in text


def test_coverage_counts_sections(docs):
    text = read(docs, "es", "coverage")
    assert "Secciones y reglas con texto en español: <strong>1</strong> de 14" in text
    assert re.search(r"101\. Las reglas de oro de Magic</a></td><td role=\"cell\">1 / 5</td>", text)


def test_graph_data_is_read_by_section(docs):
    import json

    text = read(docs, "en", "graph/index")
    assert 'data-nodes="kb-graph/"' in text and "kb-graph-data" not in text
    nodes = json.loads(docs.extras[("graph/index", "en", "kb-graph/101.json")])
    assert set(nodes) == {"101", "101.1", "101.4", "101.4a", "101.4b"}
    assert nodes["101.4"]["o"] == ["405"] and nodes["101.4"]["i"] == ["102.1"]
    assert nodes["101.4"]["u"] == "../cr/101/#101.4"
    ids = json.loads(docs.extras[("graph/index", "en", "kb-graph/ids.json")])
    assert "405.7" in ids and "101" in ids


def test_details_are_read_rule_by_rule(docs):
    import json

    assert 'data-details="kb-details/"' in read(docs, "es", "cr/101")
    for rule_id in ("101.4", "101.4a"):
        assert set(json.loads(docs.extras[("cr/101", "es", f"kb-details/{rule_id}.json")])) == {rule_id}


def test_navigation_groups_sections_by_part(docs):
    es = docs.nav["es"]
    rules = next(item["Reglas"] for item in es if "Reglas" in item)
    assert rules[0] == "cr/index.md"
    # Second, the whole rules on one page; then the parts.
    assert rules[1] == {"Reglas completas en una página": "cr/all.md"}
    part = rules[2]
    assert list(part) == ["1. Conceptos de juego"]
    assert part["1. Conceptos de juego"][1] == {"101. Las reglas de oro de Magic": "cr/101.md"}
    en_rules = next(item["Rules"] for item in docs.nav["en"] if "Rules" in item)
    assert en_rules[1] == {"The whole rules on one page": "cr/all.md"}
    assert en_rules[3] == {"4. Zones": [{"405. &lt;b&gt;Bold&lt;/b&gt; [title](http://example.invalid/)": "cr/405.md"}]}


def test_navigation_lists_the_release_diffs_by_year(docs):
    for lang in ("es", "en"):
        releases = next(v for item in docs.nav[lang] for v in item.values() if isinstance(v, list) and v[:1] == ["releases/index.md"])
        assert releases[0] == "releases/index.md" and list(releases[1].values()) == ["releases/compare.md"]
        years = releases[2:]
        assert years and all(len(group) == 1 and list(group)[0].isdigit() for group in years)
        listed = [path for group in years for entries in group.values() for entry in entries for path in entry.values()]
        diff_pages = [f"{p.key}.md" for p in docs.pages if p.lang == lang and p.key.startswith("releases/") and "--" in p.key]
        assert listed == diff_pages
        for group in years:
            (year, entries), = group.items()
            assert all(list(entry.values())[0].split("--")[1].startswith(year) for entry in entries)


def test_navigation_lists_the_examples_by_the_part_of_their_first_rule(docs):
    from fakes import fake_examples

    from kb.site.sitedata import example_slug

    first_rule = {f"examples/{example_slug(e.name)}.md": e.rules[0] for e in fake_examples().catalog() if e.rules}
    assert first_rule
    for lang in ("es", "en"):
        examples = next(v for item in docs.nav[lang] for v in item.values()
                        if isinstance(v, list) and v[:1] == ["examples/index.md"])
        listed = []
        for item in examples[1:]:
            (label, value), = item.items()
            if isinstance(value, list):
                part = label.split(".")[0]
                for entry in value:
                    (path,) = entry.values()
                    listed.append(path)
                    if path in first_rule:
                        assert first_rule[path].startswith(part), (path, label)
            else:
                listed.append(value)
        example_pages = [f"{p.key}.md" for p in docs.pages if p.lang == lang and p.key.startswith("examples/")
                         and p.key != "examples/index"]
        assert sorted(listed) == sorted(example_pages)


def test_every_page_starts_with_front_matter_that_names_its_title(docs):
    for page in docs.pages:
        text = read(docs, page.lang, page.key)
        assert text.startswith("---\n"), page
        front = yaml.safe_load(text.split("---\n")[1])
        assert front["title"], page


def test_a_catalog_text_names_its_catalog_and_links_no_wiki_page(tmp_path):
    """A Spanish text from an imported catalog is labelled the project's translation, with the state
    of its entry; when it translates an older English, the top of the rule says which and when the
    English changed; a catalog named like a wiki page still does not link to that page."""
    kb = fake_kb(tmp_path)
    quoted = kb.spanish

    def from_catalog(rule_id):
        found = quoted(rule_id)
        if found is not None:
            found.origin, found.source, found.page_title = "po", str(tmp_path / "po" / "es-jugador.po"), "es-jugador.po"
            found.stamp, found.status, found.changed_since = None, "drifted", True
        return found

    kb.spanish = from_catalog
    generated = generate(SiteData.collect(kb), tmp_path / "docs")
    es = rule_block(read(generated, "es", "cr/101"), "101.4")
    assert "Traducción de este proyecto, pendiente de actualizar · traduce el texto inglés del 7 de junio de 2024" in es
    assert 'class="kb-warning"' in es
    assert "kb-trust--stale" in es and "exacta" not in es
    more = details(generated, "es", "cr/101", "101.4")
    assert "wiki/es-jugador" not in es + more and "página de la wiki" not in es + more
    assert "Dónde se guarda el texto en español: catálogo de traducción, es-jugador · " in more and ".po" not in more
    en = details(generated, "en", "cr/101", "101.4")
    assert "This project&#39;s translation, needs updating" in en and 'class="kb-warning"' in en


def test_a_wiki_text_names_its_page_with_a_link(docs):
    more = details(docs, "es", "cr/101", "101.4")
    assert 'Dónde se guarda el texto en español: página de la wiki <a href="../../wiki/es-jugador/">Jugador</a>' in more
    assert "Horizontes de Modern 3 \u2014 7 junio, 2024" in more
    en = details(docs, "en", "cr/101", "101.4")
    assert 'Where the Spanish is kept: wiki page <a href="../../wiki/es-jugador/">Jugador</a>' in en


def test_lines_of_descent_follow_renumbering_and_never_join_two_rules():
    from kb.site.sitedata import lines_of_descent

    releases = ["2001", "2002", "2003"]
    ids = {"2001": {"1.1": "", "1.2": "", "1.3": ""}, "2002": {"1.1": "", "1.2": ""}, "2003": {"1.1": "", "1.2": "", "1.3": ""}}
    # 2002: 1.2 removed, 1.3 renumbered 1.2; 2003: a new 1.3, not the 1.3 of 2001.
    mappings = [{"1.1": "1.1", "1.3": "1.2"}, {"1.1": "1.1", "1.2": "1.2"}]
    descent = lines_of_descent(releases, ids, mappings)
    assert descent["2001"]["1.3"] == descent["2002"]["1.2"] == descent["2003"]["1.2"]
    assert descent["2001"]["1.1"] == descent["2003"]["1.1"]
    assert descent["2001"]["1.2"] not in descent["2002"].values()
    assert descent["2003"]["1.3"] not in descent["2001"].values()
    assert len(set(descent["2003"].values())) == 3


def test_a_label_given_to_a_stylesheet_is_one_css_string():
    from kb.site.generate import css_string

    assert css_string("Inglés") == '"Inglés"'
    # A quote or a backslash cannot end the string, a line break cannot break it.
    assert css_string('a"b\\c\nd') == '"a\\"b\\\\c\\a d"'


def test_tables_of_many_rows_name_their_columns_for_narrow_screens(docs):
    for key, labels in (("releases/index", ("Reglas", "Glosario")), ("terms", ("Inglés", "Tipo", "Fuente"))):
        page = read(docs, "es", key)
        style = re.search(r"<table role=\"table\" style='([^']*)'>", page).group(1)
        assert [re.search(rf"--kb-label-{n}: &#34;([^&]*)&#34;", style).group(1) for n in range(2, 2 + len(labels))] == list(labels)
        assert ' kb-cards">' in page and '<th role="columnheader">' in page
