"""What a reader's browser fetches and what axe-core finds, on the built site: the first view of any
page is at most 300 KB of HTML and data (uncompressed), the compare page at most 1 MB before and
after the two newest releases are picked, and every kind of page, in both languages and both colour
schemes, has no serious or critical accessibility violation."""

from __future__ import annotations

import re

import pytest
from conftest import axe_init_script, new_page, open_every_fold, settle

pytestmark = [pytest.mark.browser, pytest.mark.slow]

FIRST_VIEW = 300_000
COMPARE = 1_000_000
# Every kind of page, as a reader opens it (a rule in the address opens its details).
KINDS = ["", "cr/", "cr/702/#702.19", "cr/101/#101.4a", "cr/810/#810.7", "glossary/#t-deathtouch", "terms/", "examples/",
         "examples/playground/", "examples/two-headed-giant-flame-rift/",
         "releases/", "releases/compare/", "releases/2025-11-14--2026-01-16/", "coverage/", "graph/?rule=702.19",
         "wiki/", "wiki/es-pila/", "cite/"]
# What a page shows once it has drawn what it fetched, beyond the page itself: the details of the
# rule in the address, the graph of the rule asked for.
DRAWN = {"cr/702/#702.19": ".kb-more a", "cr/101/#101.4a": ".kb-more a", "cr/810/#810.7": ".kb-more a",
         "graph/?rule=702.19": ".kb-graph__svg"}
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def fetched_while(page, action) -> dict[str, int]:
    """The HTML and JSON each response brought while `action` ran and the page settled (every request
    it started has ended): url -> bytes."""
    sizes: dict[str, int] = {}

    def seen(response):
        kind = response.headers.get("content-type", "")
        if "html" in kind or "json" in kind:
            try:
                sizes[response.url] = len(response.body())
            except Exception:  # a response the page left (a redirect) has no body
                pass

    page.on("response", seen)
    action()
    settle(page)
    page.remove_listener("response", seen)
    return sizes


# The whole rules on one page (kb.site.fulltext) is the one page meant to hold them all: it is
# bounded on its own, gzipped as a server sends it.
FULLTEXT_GZIP = 600_000


def test_no_html_page_weighs_more_than_a_first_view(real_site):
    import gzip

    from kb.site.fulltext import FULLTEXT_PAGE

    whole = {f"{FULLTEXT_PAGE}/index.html", f"en/{FULLTEXT_PAGE}/index.html"}
    heavy = sorted((p.stat().st_size, str(p.relative_to(real_site.site_dir)))
                   for p in real_site.site_dir.rglob("*.html") if p.stat().st_size > FIRST_VIEW)
    assert [page for page in heavy if page[1] not in whole] == []
    for name in whole:
        assert len(gzip.compress((real_site.site_dir / name).read_bytes())) <= FULLTEXT_GZIP, name


@pytest.mark.parametrize("lang", ["", "en/"])
@pytest.mark.parametrize("path", KINDS)
def test_the_first_view_of_a_page_is_light(page, real_server, lang, path):
    sizes = fetched_while(page, lambda: page.goto(f"{real_server}/{lang}{path}"))
    if "#" in path and path.startswith("cr/"):
        page.wait_for_selector(".kb-more a")
    assert sum(sizes.values()) <= FIRST_VIEW, sorted(sizes.items(), key=lambda item: -item[1])[:5]


@pytest.mark.parametrize("lang", ["", "en/"])
def test_the_compare_page_reads_only_what_it_shows(page, real_server, lang):
    before = fetched_while(page, lambda: page.goto(f"{real_server}/{lang}releases/compare/"))
    assert sum(before.values()) <= COMPARE
    # The two newest releases, picked by default: their tables and the texts of what changed.
    after = fetched_while(page, lambda: page.click(".kb-compare__form button"))
    page.wait_for_selector(".kb-diff__summary")
    assert re.search(r"\d", page.locator(".kb-compare__view .kb-diff__summary").inner_text())
    assert sum(before.values()) + sum(after.values()) <= COMPARE, sorted(after.items(), key=lambda i: -i[1])[:5]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["", "en/"])
def test_no_serious_accessibility_violation_on_any_kind_of_page(browser, real_server, scheme, lang, artifacts):
    context, page = new_page(browser, init_script=axe_init_script(), viewport={"width": 1280, "height": 900},
                             color_scheme=scheme)
    found = []
    try:
        for path in KINDS + ["search"]:
            if path == "search":
                # The search box open on its results.
                page.goto(f"{real_server}/{lang}cr/101/")
                page.fill("#kb-search input", "arrollar" if not lang else "trample")
                page.wait_for_selector(".kb-search__result--rule", timeout=15000)
            else:
                page.goto(f"{real_server}/{lang}{path}")
                if path in DRAWN:
                    page.wait_for_selector(DRAWN[path])
            settle(page)
            # Every fold opened before axe looks.
            open_every_fold(page)
            violations = page.evaluate(
                """async (tags) => {
                    const r = await axe.run(document, {resultTypes: ['violations'], runOnly: {type: 'tag', values: tags}});
                    return r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
                        .map(v => v.id + ' x' + v.nodes.length + ': ' + v.nodes[0].target.join(' '));
                }""",
                AXE_TAGS,
            )
            if violations:
                page.screenshot(path=str(artifacts / f"axe-{scheme}-{(lang + path).replace('/', '_') or 'home'}.png"))
                found.extend(f"{lang}{path}: {v}" for v in violations)
    finally:
        context.close()
    assert found == [], "\n".join(found[:20])
