"""The site as a judge reads it, in headless Chromium, in both languages, on a desktop and a phone:
finding a rule in one step, permalinks and short addresses, details on demand, contrast in both
colour schemes (axe-core), no sideways scrolling on a 390 px phone, the language switch from a
scrolled page, and the site served from a sub-path."""

from __future__ import annotations

import functools
import http.server
import re
import threading

import pytest
from conftest import axe_init_script, finish_transitions, new_page, pagefind_search, settle

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def search(page, query: str) -> list[str]:
    """Type `query` in the header's search box; the addresses of the results, first first."""
    page.fill("#kb-search input", "")
    page.fill("#kb-search input", query)
    page.wait_for_function(
        "q => { const d = document.querySelector('.kb-search__drawer'); return d && d.dataset.query === q; }",
        arg=query, timeout=20000,
    )
    return page.eval_on_selector_all(".kb-search__results > li > p > a", "links => links.map(a => a.href)")


# (language prefix, query, what the first result's address ends with)
FIRST_RESULTS = [
    ("", "810.8a", "/cr/810/#810.8a"),
    ("", "702.19", "/cr/702/#702.19"),
    ("", "810.8", "/cr/810/#810.8"),
    ("", "723", "/cr/723/"),
    ("", "APNAP", "/cr/101/#101.4"),
    ("", "JAJNA", "/cr/101/#101.4"),
    ("", "gigante de dos cabezas", "/cr/810/"),
    ("en/", "810.8a", "/en/cr/810/#810.8a"),
    ("en/", "702.19", "/en/cr/702/#702.19"),
    ("en/", "723", "/en/cr/723/"),
    ("en/", "APNAP", "/en/cr/101/#101.4"),
    ("en/", "two-headed giant", "/en/cr/810/"),
    ("en/", "priorty", "/en/cr/117/"),
]


@pytest.mark.parametrize(("prefix", "query", "first"), FIRST_RESULTS)
def test_a_query_offers_the_rule_first(page, real_server, prefix, query, first):
    page.goto(f"{real_server}/{prefix}")
    results = search(page, query)
    assert results and results[0].endswith(first), (query, results[:4])
    assert page.js_errors == []


@pytest.mark.parametrize(("prefix", "query"), [("", "810.8a"), ("en/", "702.19"), ("", "723")])
def test_enter_goes_to_the_rule(page, real_server, prefix, query):
    page.goto(f"{real_server}/{prefix}cr/101/")
    page.fill("#kb-search input", query)
    page.press("#kb-search input", "Enter")
    section = query.split(".")[0]
    page.wait_for_url(re.compile(rf"/{prefix}cr/{section}/(#{re.escape(query)})?$"), timeout=20000)
    if "." in query:
        assert page.locator(f'[id="{query}"]').evaluate("e => e.matches(':target')")


def test_a_key_focuses_the_search(page, real_server):
    page.goto(f"{real_server}/cr/101/")
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.matches('#kb-search input')")


def test_results_are_readable_and_no_code_is_indexed(page, real_server, artifacts):
    page.goto(f"{real_server}/")
    search(page, "prevención de daño")
    size = page.eval_on_selector(".kb-search__excerpt", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 12
    page.screenshot(path=str(artifacts / "search-es-results.png"))
    # No indexed text holds code, on a rule's page or an example's: what such a query finds, if
    # anything, is a near word elsewhere.
    for query in ("game.events", "loss_prevented", "ScriptedDecisions"):
        assert [r["url"] for r in pagefind_search(page, query) if query in r["content"]] == [], query


def test_every_rule_number_is_a_permalink_and_shows_its_details(page, real_server, artifacts):
    page.goto(f"{real_server}/cr/405/")
    wrong = page.evaluate(
        """() => [...document.querySelectorAll('.kb-rules > section > :is(h2, h3)')]
              .filter(h => { const a = h.querySelector('a'); return !a || a.getAttribute('href') !== '#' + h.id; })
              .map(h => h.id)"""
    )
    assert wrong == []
    page.locator('[id="405.2"] > a').click()
    page.wait_for_url(re.compile(r"/cr/405/#405\.2$"))
    panel = page.locator('section:has(> [id="405.2"]) .kb-more')
    panel.wait_for()
    page.wait_for_function("() => !document.querySelector('.kb-more').textContent.includes('Cargando')")
    text = panel.inner_text()
    assert "Texto original en inglés" in text or "Versión de las reglas" in text
    assert panel.locator('a[hreflang="en"]').get_attribute("href").endswith("en/cr/405/#405.2")
    page.screenshot(path=str(artifacts / "details-405.2.png"))


@pytest.mark.parametrize("prefix", ["", "en/"])
def test_short_addresses_lead_to_the_rule(page, real_server, prefix):
    for rule, section in (("810.8a", "810"), ("702.19", "702"), ("101.4", "101")):
        page.goto(f"{real_server}/{prefix}r/{rule}/")
        page.wait_for_url(re.compile(rf"/{prefix}cr/{section}/#{re.escape(rule)}$"))
        assert page.locator(f'[id="{rule}"]').evaluate("e => e.matches(':target')")
    page.goto(f"{real_server}/{prefix}r/723/")
    page.wait_for_url(re.compile(rf"/{prefix}cr/723/$"))


@pytest.mark.parametrize(("prefix", "removed", "added"), [("", "[eliminado: ", "[añadido: "), ("en/", "[removed: ", "[added: ")])
def test_marked_words_say_so_to_a_screen_reader_and_only_to_it(page, real_server, prefix, removed, added):
    page.goto(f"{real_server}/{prefix}releases/2025-11-14--2026-01-16/")
    for mark, said in (("del", removed), ("ins", added)):
        word = page.locator(f".kb-diff__text {mark}").first
        before = word.evaluate("e => getComputedStyle(e, '::before').content")
        after = word.evaluate("e => getComputedStyle(e, '::after').content")
        assert said in before and "]" in after
        # Out of sight: the words keep their place and their marks take none.
        assert word.evaluate("e => getComputedStyle(e, '::before').position") == "absolute"
        assert word.evaluate("e => getComputedStyle(e, '::before').width") == "1px"
    # Generated content is no text of the page: copying or indexing it gets the words alone.
    assert removed.strip() not in page.locator("main").inner_text()


def test_the_language_switch_keeps_the_rule_being_read(page, real_server, artifacts):
    page.goto(f"{real_server}/cr/702/")
    page.evaluate("document.getElementById('702.19').scrollIntoView({block: 'start'})")
    page.mouse.wheel(0, 2)
    page.wait_for_timeout(200)
    page.locator(".md-header .md-select").first.hover()
    page.locator('.md-select__link[hreflang="en"]').first.click()
    page.wait_for_url(re.compile(r"/en/cr/702/#702\.19[a-z]?$"))
    assert page.locator("html").get_attribute("lang") == "en"
    page.screenshot(path=str(artifacts / "language-switch-scrolled.png"))


def test_glossary_anchors_are_the_same_in_both_languages(real_site):
    def anchors(path):
        return set(re.findall(r'<dt id="(t-[^"]+)"', path.read_text(encoding="utf-8")))

    es, en = anchors(real_site.site_dir / "glossary" / "index.html"), anchors(real_site.site_dir / "en" / "glossary" / "index.html")
    html = (real_site.site_dir / "glossary" / "index.html").read_text(encoding="utf-8")
    # Every Spanish entry with an English counterpart links to the entry of the same anchor.
    for anchor, other in re.findall(r'<dt id="(t-[^"]+)".*?href="\.\./en/glossary/#(t-[^"]+)"', html):
        assert anchor == other
    assert es & en


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", ["", "cr/405/#405.2", "en/cr/101/#101.4", "glossary/", "en/releases/", "wiki/es-pila/"])
def test_every_text_meets_contrast_in_both_schemes(browser, real_server, scheme, path, artifacts):
    context, page = new_page(browser, init_script=axe_init_script(), viewport={"width": 1280, "height": 900},
                             color_scheme=scheme)
    try:
        page.goto(f"{real_server}/{path}")
        if "#" in path:
            page.wait_for_selector(".kb-more a")
        # The header's title changes as the page scrolls to the rule, fading: measured once faded.
        settle(page)
        finish_transitions(page)
        result = page.evaluate(
            """async () => {
                const r = await axe.run(document, {runOnly: {type: 'rule', values: ['color-contrast']}});
                return r.violations.map(v => v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary.split('\\n').slice(-1)[0]));
            }"""
        )
        failures = [n for v in result for n in v]
        if failures:
            page.screenshot(path=str(artifacts / f"contrast-{scheme}-{path.replace('/', '_') or 'home'}.png"))
        assert failures == [], "\n".join(failures[:10])
    finally:
        context.close()


# Every box on the page that scrolls sideways inside itself (a table in its scroller, a code block):
# on a phone these hide part of what they hold with nothing to show it.
_SCROLLING_BOXES = """() => [...document.querySelectorAll('.md-content *')].filter(e => {
    const s = getComputedStyle(e);
    return ['auto', 'scroll'].includes(s.overflowX) && e.scrollWidth > e.clientWidth + 1;
}).map(e => e.tagName.toLowerCase() + '.' + e.className + ': ' + e.scrollWidth + ' > ' + e.clientWidth)"""


@pytest.mark.parametrize("path", ["", "en/", "cr/702/", "en/cr/702/", "glossary/", "releases/", "wiki/es-pila/", "coverage/",
                                  "terms/", "en/releases/2008-02-01--2008-05-01/"])
def test_nothing_scrolls_sideways_on_a_phone(browser, real_server, path, artifacts):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{real_server}/{path}")
        page.fill("#kb-search input", "prioridad" if not path.startswith("en/") else "priority")
        page.wait_for_selector(".kb-search__result", timeout=20000)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        boxes = page.evaluate(
            """() => ['#kb-search input', '.kb-search__clear', '.kb-search__drawer'].map(s => {
                const r = document.querySelector(s).getBoundingClientRect(); return [s, r.left, r.right]; })"""
        )
        page.screenshot(path=str(artifacts / f"phone-{path.replace('/', '_') or 'home'}.png"))
        assert overflow <= 0, (path, overflow)
        assert page.evaluate(_SCROLLING_BOXES) == [], path
        for selector, left, right in boxes:
            assert left >= 0 and right <= 390, (selector, left, right)
    finally:
        context.close()


@pytest.mark.parametrize(("prefix", "labels"), [("", ("Reglas", "Glosario")), ("en/", ("Rules", "Glossary"))])
def test_the_releases_index_fits_a_phone_and_is_a_table_on_a_desktop(browser, real_server, real_site, prefix,
                                                                     labels, artifacts):
    releases = sum(1 for p in (real_site.site_dir / "releases-data").glob("*.json") if p.stem != "texts")
    phone = browser.new_context(viewport={"width": 375, "height": 812}, device_scale_factor=2, is_mobile=True,
                                has_touch=True)
    page = phone.new_page()
    try:
        page.goto(f"{real_server}/{prefix}releases/")
        page.screenshot(path=str(artifacts / f"phone-releases-{prefix.strip('/') or 'es'}.png"))
        assert page.evaluate(_SCROLLING_BOXES) == []
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
        cells = page.eval_on_selector_all(".kb-releases tbody td", """cells => cells.map(c => {
            const r = c.getBoundingClientRect(); return [r.left, r.right, r.width]; })""")
        assert len(cells) == 4 * releases
        assert all(left >= 0 and right <= 375 for left, right, _ in cells), [c for c in cells if c[1] > 375][:3]
        # Each count says what it counts, as the column heading it no longer stands under did.
        first = page.locator(".kb-releases tbody tr").first
        shown = [first.locator("td").nth(i).evaluate("c => getComputedStyle(c, '::before').content") for i in (1, 2)]
        assert [label in text for label, text in zip(labels, shown)] == [True, True], shown
        # Still a table to a screen reader: its headings, a row per release, each cell under them.
        assert page.get_by_role("columnheader").count() == 4
        assert page.get_by_role("row").count() == releases + 1
        assert page.get_by_role("cell").count() == 4 * releases
    finally:
        phone.close()

    desktop = browser.new_context(viewport={"width": 1280, "height": 900})
    page = desktop.new_page()
    try:
        page.goto(f"{real_server}/{prefix}releases/")
        assert page.locator(".kb-releases thead").is_visible()
        tops = page.locator(".kb-releases tbody tr").first.locator("td").evaluate_all(
            "cells => cells.map(c => Math.round(c.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, tops  # the four cells of a row side by side
        assert page.evaluate(_SCROLLING_BOXES) == []
        labels_shown = page.locator(".kb-releases tbody td").nth(1).evaluate("c => getComputedStyle(c, '::before').content")
        assert labels_shown in ("none", "normal"), labels_shown
    finally:
        desktop.close()


class _SubPathHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="module")
def sub_path_server(real_site, tmp_path_factory):
    """The built site served under /rules/ of a server whose root is elsewhere."""
    root = tmp_path_factory.mktemp("sub-path")
    (root / "rules").symlink_to(real_site.site_dir.resolve(), target_is_directory=True)
    handler = functools.partial(_SubPathHandler, directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/rules"
    httpd.shutdown()
    httpd.server_close()


def test_the_site_works_from_a_sub_path(page, sub_path_server):
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    page.goto(f"{sub_path_server}/")
    page.locator(".md-header .md-select").first.hover()
    page.locator('.md-select__link[hreflang="en"]').first.click()
    page.wait_for_url(re.compile(r"/rules/en/$"))
    results = search(page, "APNAP")
    assert results[0].startswith(f"{sub_path_server}/en/cr/101/")
    page.goto(results[0])
    page.goto(f"{sub_path_server}/en/r/810.8a/")
    page.wait_for_url(re.compile(r"/rules/en/cr/810/#810\.8a$"))
    page.goto(f"{sub_path_server}/cr/101/#101.4")
    page.wait_for_selector(".kb-more a")
    for href in page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)"):
        if href.startswith("http://127.0.0.1"):
            assert href.startswith(sub_path_server), href
    assert missing == []
    assert page.js_errors == []


def test_any_two_releases_can_be_compared(page, real_server, real_site, artifacts):
    releases = sorted(p.stem for p in (real_site.site_dir / "releases-data").glob("*.json") if p.stem != "texts")
    if len(releases) < 2:
        pytest.skip("one release only")
    page.goto(f"{real_server}/en/releases/compare/?old={releases[0]}&new={releases[-1]}")
    page.wait_for_selector(".kb-compare__view .kb-diff__summary", timeout=60000)
    assert re.search(r"Added: \d+ · Removed: \d+ · Changed: [1-9]", page.locator(".kb-diff__summary").inner_text())
    # Years apart: the counts first, then one folded line per section with its own counts, each
    # drawn when opened (the whole comparison was once ~387,000 px tall on a phone).
    folds = page.locator(".kb-compare__section")
    assert folds.count() > 50 and page.locator(".kb-compare__view .kb-diff__entry").count() == 0
    assert re.fullmatch(r"Section \d+ · .*\d", folds.first.locator("summary").inner_text())
    assert page.evaluate("document.documentElement.scrollHeight") < 60 * folds.count() + 3000
    folds.first.locator("summary").click()
    # A fold is drawn on its toggle event, which the browser dispatches after the click returns.
    folds.first.locator(".kb-diff__entry").first.wait_for(timeout=10000)
    assert folds.first.locator(".kb-diff__entry").count() > 0
    page.screenshot(path=str(artifacts / "compare-oldest-newest.png"))
    assert page.js_errors == []


def _compare_summary(page, url: str) -> tuple[dict[str, int], list[str]]:
    page.goto(url)
    page.wait_for_selector(".kb-compare__view .kb-diff__summary", timeout=60000)
    view = page.locator(".kb-compare__view")
    counts = {name: int(n) for name, n in re.findall(r"(\w+): (\d+)", view.locator(".kb-diff__summary").inner_text())}
    return counts, view.locator(".kb-compare__note").all_inner_texts()


def test_compare_follows_renumbering_as_the_release_pages_do(page, real_server, real_site):
    """Two neighbouring releases compared on the page give the counts of their diff page (the
    renumbered rules paired, not taken for removed and added ones), and in reverse order they are
    compared the same way round, saying so."""
    releases = sorted(p.stem for p in (real_site.site_dir / "releases-data").glob("*.json") if p.stem != "texts")
    if len(releases) < 2:
        pytest.skip("one release only")
    old, new = releases[-2], releases[-1]
    page.goto(f"{real_server}/en/releases/{old}--{new}/")
    static = {name: int(n) for name, n in re.findall(r"(\w+): (\d+)", page.locator(".kb-diff__summary").inner_text())}
    counts, notes = _compare_summary(page, f"{real_server}/en/releases/compare/?old={old}&new={new}")
    # The page compares texts word for word, so a rule whose only change is a reference that
    # follows the renumbering counts as changed there; nothing else may differ.
    assert (counts["Added"], counts["Removed"], counts["Renumbered"]) == (static["Added"], static["Removed"], static["Renumbered"])
    assert counts["Changed"] >= static["Changed"] and notes == []
    swapped, notes = _compare_summary(page, f"{real_server}/en/releases/compare/?old={new}&new={old}")
    assert swapped == counts and len(notes) == 1 and page.url.endswith(f"?old={old}&new={new}")
    same, notes = _compare_summary(page, f"{real_server}/releases/compare/?old={new}&new={new}")
    assert set(same.values()) == {0} and len(notes) == 1
    assert page.js_errors == []


@pytest.mark.parametrize(("width", "folded"), [(390, True), (1280, False)])
def test_a_rule_opened_by_its_address_comes_first_on_a_phone(browser, real_server, width, folded):
    """On a phone the rule reached by its address shows first, with its label, and its details are
    one folded line (613.1's layer list stays in view); on a wide screen they are open."""
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{real_server}/cr/613/#613.1")
        page.wait_for_selector("section:has(> [id='613.1']) details.kb-more", state="attached")
        panel = page.locator("section:has(> [id='613.1']) details.kb-more")
        assert panel.evaluate("d => d.open") is (not folded)
        rule = page.locator("section:has(> [id='613.1'])")
        assert rule.locator(".kb-trust").first.inner_text().startswith("Texto en español: ")
        if folded:
            # The next rule of the list is on the first screen, below the rule and its folded line.
            assert page.locator('[id="613.1a"]').bounding_box()["y"] < 844
            panel.locator("summary").click()
            page.wait_for_function("() => !document.querySelector('.kb-more').textContent.includes('Cargando')")
            assert panel.locator("a.kb-other").is_visible()
    finally:
        context.close()
