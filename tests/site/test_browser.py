"""The built site in headless Chromium: reading, switching language, following references both
ways, searching in each language, opening an example. Screenshots go to test-artifacts/site/."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def wait_for_results(page, query: str) -> list[str]:
    """The result links of `query`, once the box has shown them: it draws a query's results in one
    go, then names the query on its drawer (`data-query`), so the links are read in one go, never
    one element at a time, and never those of the query typed before."""
    page.wait_for_function("q => { const d = document.getElementById('kb-search-drawer'); return d && d.dataset.query === q; }",
                           arg=query, timeout=15000)
    return page.locator(".pagefind-ui__result-link").evaluate_all("els => els.map(e => e.getAttribute('href'))")


def test_home_page(page, real_server, artifacts):
    page.goto(f"{real_server}/")
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.locator("h1").first.inner_text().startswith("Reglas completas de Magic")
    assert page.locator("#kb-search input").count() == 1
    page.screenshot(path=str(artifacts / "home-es.png"))
    assert page.js_errors == []


def test_switching_language_keeps_the_rule(page, real_server, artifacts):
    page.goto(f"{real_server}/cr/101/#101.4a")
    page.locator(".md-header .md-select").first.hover()
    page.locator('.md-select__link[hreflang="en"]').first.click()
    page.wait_for_url(re.compile(r"/en/cr/101/#101\.4a$"))
    assert page.locator("html").get_attribute("lang") == "en"
    target = page.locator('[id="101.4a"]')
    assert target.is_visible() and target.evaluate("e => e.matches(':target')")
    page.screenshot(path=str(artifacts / "language-switch-en-101.4a.png"))
    # The rule in the address has its details open, with the link to the same rule in Spanish.
    page.locator('section:has(> [id="101.4a"]) .kb-more a.kb-other').click()
    page.wait_for_url(re.compile(r"/cr/101/#101\.4a$"))
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.js_errors == []


def test_following_a_reference_and_a_backlink(page, real_server, artifacts):
    page.goto(f"{real_server}/cr/101/")
    link = page.locator('.kb-rule__text a.kb-ref[href^="../"]').first
    href = link.get_attribute("href")
    link.click()
    section, fragment = re.match(r"\.\./(\d+)/(?:#(.+))?$", href).groups()
    page.wait_for_url(re.compile(rf"/cr/{section}/"))
    if fragment:
        assert page.locator(f'[id="{fragment}"]').evaluate("e => e.matches(':target')")
    page.screenshot(path=str(artifacts / "reference-followed.png"))

    page.goto(f"{real_server}/cr/101/#101.4")
    backlink = page.locator('section:has([id="101.4"]) a.kb-backlink').first
    citing = backlink.inner_text()
    backlink.click()
    page.wait_for_url(re.compile(rf"#{re.escape(citing)}$"))
    target = page.locator(f'[id="{citing}"]')
    assert target.is_visible()
    # The citing rule does cite 101.4: its text links back.
    assert page.locator(f'section:has([id="{citing}"]) a.kb-ref[href$="#101.4"], section:has([id="{citing}"]) a.kb-ref[href$="101/"]').count() >= 1
    page.screenshot(path=str(artifacts / "backlink-followed.png"))
    assert page.js_errors == []


def test_search_box_in_spanish(page, real_server, artifacts):
    page.goto(f"{real_server}/cr/101/")
    page.fill("#kb-search input", "accion")
    hrefs = wait_for_results(page, "accion")
    assert hrefs and not any(re.match(r"(?:https?://[^/]+)?/en/", h) for h in hrefs)
    page.screenshot(path=str(artifacts / "search-es-accion.png"))
    page.fill("#kb-search input", "APNAP")
    wait_for_results(page, "APNAP")
    page.wait_for_selector('.pagefind-ui__result a[href$="/cr/101/#101.4"]', timeout=15000)
    page.locator('.pagefind-ui__result a[href$="/cr/101/#101.4"]').first.click()
    page.wait_for_url(re.compile(r"/cr/101/#101\.4$"))
    assert page.js_errors == []


def test_search_box_in_english(page, real_server, artifacts):
    page.goto(f"{real_server}/en/")
    page.fill("#kb-search input", "player")
    hrefs = wait_for_results(page, "player")
    assert hrefs and all(re.match(r"(?:https?://[^/]+)?/en/", h) for h in hrefs)
    page.screenshot(path=str(artifacts / "search-en-player.png"))
    assert page.js_errors == []


def test_opening_an_example(page, real_server, real_site, artifacts):
    page.goto(f"{real_server}/examples/")
    links = page.locator(".kb-examples td:first-child a")
    if links.count() == 0:
        pytest.skip("this build has no executable examples")
    title = links.first.inner_text()
    links.first.click()
    page.wait_for_selector("h1")
    assert page.locator("h1").first.inner_text() == title
    assert page.locator("textarea.kb-runner__code").input_value().strip()
    assert page.locator(".kb-run__result .kb-badge").inner_text() in ("correcto", "fallido", "error")
    # The narration of the run, when the run says more than its code (the code is shown once).
    if page.locator(".kb-run__output").count():
        assert page.locator(".kb-run__output").inner_text().strip()
    page.screenshot(path=str(artifacts / "example-page.png"), full_page=True)
    assert page.js_errors == []


def test_graph_view(page, real_server, artifacts):
    page.goto(f"{real_server}/graph/?rule=101.4")
    page.wait_for_selector(".kb-graph__svg")
    assert page.locator(".kb-graph__centre text").text_content() == "101.4"
    assert page.locator(".kb-graph__node").count() >= 1
    page.screenshot(path=str(artifacts / "graph-101.4.png"))
    page.locator(".kb-graph__node").first.click()
    page.wait_for_url(re.compile(r"\?rule="))
    page.wait_for_selector(".kb-graph__svg")
    assert page.js_errors == []


def test_search_results_show_corpus_text_as_text(page, fake_server):
    # Rule 101.4a of the fake corpus is markup: the result's sentence shows it as it is written.
    page.goto(f"{fake_server}/en/")
    page.fill("#kb-search input", "alert")
    page.wait_for_function("document.querySelector('.kb-search__excerpt mark') !== null", timeout=15000)
    excerpt = page.locator(".kb-search__result", has=page.locator('a[href$="#101.4a"]')).locator(".kb-search__excerpt")
    assert '<script>alert("x")</script>' in excerpt.inner_text()
    assert page.locator(".kb-search__drawer script, .kb-search__drawer b").count() == 0
    assert page.js_errors == []
