"""Escaping, reference links and relative URLs."""

import json

from kb.refs import Reference, find_references
from kb.site.text import linkify, linkify_text, title_text, yaml_string
from kb.site.urls import asset_url, page_url, relative_url, source_link


def link_to(target):
    return {"405": "../405/", "601.2f": "../601/#601.2f", "101.4": "#101.4"}.get(target)


def test_text_is_escaped_and_references_become_links():
    text = 'See rule 405 <b>and</b> [x](y) & "so on"'
    html = str(linkify(text, find_references(text, "en"), link_to))
    assert '<a class="kb-ref" href="../405/">405</a>' in html
    assert "&lt;b&gt;and&lt;/b&gt;" in html
    assert "[x](y) &amp; &#34;so on&#34;" in html


def test_a_range_links_once_to_its_first_target():
    text = "See rules 601.2f\u2013h."
    refs = find_references(text, "en")
    assert [r.target for r in refs] == ["601.2f", "601.2g", "601.2h"]
    html = str(linkify(text, refs, link_to))
    assert html.count("<a ") == 1
    assert 'href="../601/#601.2f">601.2f\u2013h</a>' in html


def test_unknown_targets_and_mismatched_spans_stay_text():
    text = "See rule 999.9 and rule 405."
    refs = find_references(text, "en") + [Reference("405", "nope", 0, 4, "section")]
    html = str(linkify(text, refs, link_to))
    assert html.count("<a ") == 1
    assert "999.9" in html


def test_spanish_references_are_found_too():
    html = str(linkify_text("Ver la regla 101.4.", "es", link_to))
    assert '<a class="kb-ref" href="#101.4">101.4</a>' in html


def test_titles_for_the_theme_are_escaped_and_yaml_cannot_break_out():
    assert title_text("a <b>\n b") == "a &lt;b&gt; b"
    value = yaml_string('x"\n---\ny: 1')
    assert json.loads(value) == 'x"\n---\ny: 1'
    assert "\n" not in value


def test_page_urls_put_spanish_at_the_root_and_english_under_en():
    assert page_url("index", "es") == ""
    assert page_url("index", "en") == "en/"
    assert page_url("cr/101", "es") == "cr/101/"
    assert page_url("cr/index", "en") == "en/cr/"


def test_relative_urls_between_pages_and_languages():
    assert relative_url("cr/101", "es", "cr/405", "es", "405.1") == "../405/#405.1"
    assert relative_url("cr/101", "es", "cr/101", "en", "101.4a") == "../../en/cr/101/#101.4a"
    assert relative_url("cr/101", "en", "cr/101", "es", "101.4a") == "../../../cr/101/#101.4a"
    assert relative_url("index", "es", "cr/101", "es") == "cr/101/"
    assert relative_url("index", "en", "index", "es") == "../"
    assert relative_url("cr/101", "es", "cr/101", "es", "101.4") == "#101.4"
    assert asset_url("cr/101", "en", "pagefind/pagefind-ui.js") == "../../../pagefind/pagefind-ui.js"


def test_source_links_are_relative_markdown_paths():
    assert source_link("index", "cr/101") == "cr/101.md"
    assert source_link("cr/101", "glossary", "x") == "../glossary.md#x"
