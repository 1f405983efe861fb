"""The whole site from the embedded corpus, built once per session: every section and rule is
there, every link resolves, pages declare their language, and search works in both languages."""

from __future__ import annotations

import re

import pytest
from checks import external_references, html_lang, lychee, lychee_errors
from conftest import pagefind_search

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def kb(real_kb):
    return real_kb


def test_the_builder_gave_no_warning(real_site):
    assert real_site.builder.warnings == []
    assert real_site.pages["es"] == real_site.pages["en"] > 100


def test_one_page_per_section_with_an_anchor_for_every_rule(real_site, kb):
    by_section: dict[str, list[str]] = {}
    for rule in kb.rules():
        if rule.kind in ("rule", "subrule"):
            by_section.setdefault(rule.id.split(".")[0], []).append(rule.id)
    sections = [s.id for s in kb.sections()]
    assert len(sections) > 100
    for prefix in ("", "en/"):
        for section in sections:
            page = real_site.site_dir / f"{prefix}cr/{section}/index.html"
            html = page.read_text(encoding="utf-8")
            ids = set(re.findall(r'\sid="([^"]+)"', html))
            missing = [r for r in by_section.get(section, []) if r not in ids]
            assert missing == [], (page, missing[:5])


def test_every_link_and_fragment_resolves(real_site):
    proc = lychee(real_site.site_dir)
    assert lychee_errors(proc) == [], "\n".join(lychee_errors(proc)[:20])
    assert proc.returncode == 0, proc.stdout[-2000:]


def test_nothing_is_loaded_from_outside_the_site(real_site):
    assert external_references(real_site.site_dir) == []


def test_every_page_declares_the_language_of_its_folder(real_site):
    site = real_site.site_dir
    wrong = []
    for page in site.rglob("*.html"):
        expected = "en" if page.relative_to(site).parts[0] == "en" else "es"
        if html_lang(page) != expected:
            wrong.append(str(page.relative_to(site)))
    assert wrong == []
    assert set(real_site.search_bytes) == {"es", "en"}


def test_spanish_rule_text_and_the_untranslated_mark(real_site, kb):
    html = (real_site.site_dir / "cr" / "101" / "index.html").read_text(encoding="utf-8")
    spanish = kb.spanish("101.4")
    assert spanish is not None
    start = html.index('id="101.4"')
    block = html[start : html.index("</section>", start)]
    assert re.search(r'class="kb-rule__text">Si varios jugadores', block)
    untranslated = next((r.id for r in kb.rules() if r.kind == "rule" and r.id.startswith("101.") and kb.spanish(r.id) is None), None)
    if untranslated:
        start = html.index(f'id="{untranslated}"')
        assert 'class="kb-rule__text" lang="en"' in html[start : html.index("</section>", start)]


@pytest.mark.browser
class TestSearch:
    """Queries on the Pagefind index, through the same API the search box uses."""

    def spanish(self, page, real_server, query):
        page.goto(f"{real_server}/")
        return pagefind_search(page, query)

    def english(self, page, real_server, query):
        page.goto(f"{real_server}/en/")
        return pagefind_search(page, query)

    def test_spanish_search_stems(self, page, real_server):
        results = self.spanish(page, real_server, "jugador")
        assert results
        assert any(re.search(r"\bjugadores\b", r["content"], re.IGNORECASE) for r in results)

    def test_spanish_search_ignores_accents(self, page, real_server):
        results = self.spanish(page, real_server, "accion")
        assert results
        assert any("acción" in r["content"].lower() for r in results)

    def test_spanish_search_finds_apnap_and_the_rule_number(self, page, real_server):
        for query in ("APNAP", "101.4"):
            results = self.spanish(page, real_server, query)
            assert results, query
            urls = [u for r in results for u in [r["url"], *r["sub"]]]
            assert any(u.endswith("/cr/101/#101.4") for u in urls), (query, urls[:10])

    def test_spanish_results_are_spanish_pages(self, page, real_server):
        for query in ("jugador", "regla", "APNAP"):
            assert all(not r["url"].startswith("/en/") for r in self.spanish(page, real_server, query))

    def test_english_search_finds_english_pages_only(self, page, real_server):
        results = self.english(page, real_server, "players")
        assert results and all(r["url"].startswith("/en/") for r in results)
        urls = [u for r in self.english(page, real_server, "101.4") for u in [r["url"], *r["sub"]]]
        assert any(u.endswith("/en/cr/101/#101.4") for u in urls)
        assert all(r["url"].startswith("/en/") for r in self.english(page, real_server, "jugador"))


    def test_code_and_the_narration_of_runs_are_not_searched_but_examples_are_found(self, page, real_server,
                                                                                     real_site):
        pages = sorted((real_site.site_dir / "examples").glob("*/index.html"))
        if not pages:
            pytest.skip("no executable examples in this build")
        # What a query finds, if anything, is not the code: no indexed text holds it.
        for query in ("ScriptedDecisions", "resolve_stack", "advance_to"):
            results = self.spanish(page, real_server, query)
            assert not [r["url"] for r in results if query in r["content"]], query
        html = next(p for p in pages if p.parent.name != "cards").read_text(encoding="utf-8")
        title = re.sub(r"<[^>]+>", "", re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S).group(1)).strip()
        found = [r for r in self.spanish(page, real_server, title) if r["url"].startswith("/examples/")]
        mine = [r for r in found if r["title"] == title]
        assert mine, (title, [r["url"] for r in found])
        assert ">>>" not in mine[0]["content"] and "Comienza el turno" not in mine[0]["content"]

    def test_where_a_term_pair_comes_from_is_not_searched(self, page, real_server):
        results = self.spanish(page, real_server, "glossary.po")
        assert all(not r["url"].startswith("/terms/") for r in results), [r["url"] for r in results]


def test_the_site_and_each_search_index_stay_within_their_budgets(real_site):
    """The built site at most 150 MB besides its downloads, which have a budget of their own (every
    release's Spanish text, kb.site.downloads: 110 plain-text files of up to 1 MB); each language's
    search index, which a reader's browser loads piece by piece as they type, at most 1.5 MB."""
    from kb.site.downloads import DOWNLOADS_DIR

    downloads = sum(p.stat().st_size for p in (real_site.site_dir / DOWNLOADS_DIR).rglob("*") if p.is_file())
    assert real_site.site_bytes - downloads <= 150 * 1024 * 1024, real_site.site_bytes
    assert downloads <= 110 * 1024 * 1024, downloads
    assert set(real_site.search_bytes) == {"es", "en"}
    for lang, size in real_site.search_bytes.items():
        assert 0 < size <= 1.5 * 1024 * 1024, (lang, size)


def _rule_pages(site):
    """The section pages (the whole rules on one page, kb.site.fulltext, is not one)."""
    from kb.site.fulltext import FULLTEXT_PAGE

    whole = {site / FULLTEXT_PAGE / "index.html", site / "en" / FULLTEXT_PAGE / "index.html"}
    return sorted(p for p in [*site.glob("cr/*/index.html"), *site.glob("en/cr/*/index.html")] if p not in whole)


def test_rule_pages_stay_within_their_budget(real_site):
    """The largest section page at most 300 KB of HTML, the median at most 30 KB."""
    import statistics

    sizes = sorted(p.stat().st_size for p in _rule_pages(real_site.site_dir))
    assert len(sizes) > 200
    assert sizes[-1] <= 300 * 1024, sizes[-1]
    assert statistics.median(sizes) <= 30 * 1024, statistics.median(sizes)


def test_every_link_is_relative(real_site):
    """No page links to the server's root: the site works from any sub-path."""
    absolute = []
    for path in real_site.site_dir.rglob("*.html"):
        if re.search(r'(?:href|src)="/(?!/)', path.read_text(encoding="utf-8")):
            absolute.append(str(path.relative_to(real_site.site_dir)))
    assert absolute == []


def test_counts_and_words_read_right(real_site):
    site = real_site.site_dir
    texts = [p.read_text(encoding="utf-8") for p in site.rglob("kb-details/*.json")]
    assert texts and not any(re.search(r"\b1 (?:palabras|words)\b", t) for t in texts)
    home = (site / "index.html").read_text(encoding="utf-8")
    coverage = (site / "coverage" / "index.html").read_text(encoding="utf-8")
    on_home = re.search(r"<strong>(\d+)</strong> secciones y reglas con texto en español", home).group(1)
    on_coverage = re.search(r"Secciones y reglas con texto en español: <strong>(\d+)</strong>", coverage).group(1)
    assert on_home == on_coverage


def test_example_pages_show_their_code_once(real_site):
    pages = list((real_site.site_dir / "examples").glob("*/index.html"))
    if not pages:
        pytest.skip("no executable examples in this build")
    for page in pages:
        html = page.read_text(encoding="utf-8")
        first = re.search(r"&gt;&gt;&gt; [^\n<]+", html)
        assert first and html.count(first.group(0)) == 1, page


def test_wiki_pages_credit_their_source_and_drop_its_chrome(real_site):
    for page in (real_site.site_dir / "wiki").glob("*/index.html"):
        html = page.read_text(encoding="utf-8")
        assert re.search(r'href="https://(?:mtg\.fandom\.com/es/wiki/|mtg\.wiki/page/)[^"]+"', html), page
        assert "CC BY-SA" in html and "Advertisement" not in html
    home = (real_site.site_dir / "index.html").read_text(encoding="utf-8")
    assert 'href="https://magic.wizards.com/en/rules"' in home
    assert "Wizards of the Coast" in home


def test_a_changed_english_never_wears_a_current_label(real_site, kb):
    """A Spanish text whose English changed since says which release it translates, at the top."""
    for rule in kb.rules():
        spanish = kb.spanish(rule.id) if rule.kind in ("rule", "subrule") else None
        if spanish is None or not spanish.changed_since:
            continue
        section = rule.id.split(".")[0]
        html = (real_site.site_dir / "cr" / section / "index.html").read_text(encoding="utf-8")
        start = html.index(f'id="{rule.id}"')
        block = html[start: html.index("</section>", start)]
        assert "kb-trust--stale" in block and "exacta" not in block, rule.id
        assert re.search(r"traduce (?:el texto inglés del|un texto inglés anterior)", block), rule.id
        assert re.search(r'<p class="kb-warning"[^>]*>Aviso: el texto inglés (?:cambió el|ha cambiado)', block), rule.id


def test_the_card_definition_guide_is_a_page_in_both_languages(real_site):
    for folder, heading in (("", "Definir una carta"), ("en/", "Defining a card")):
        page = real_site.site_dir / f"{folder}examples/cards/index.html"
        assert page.is_file(), page
        html = page.read_text(encoding="utf-8")
        assert heading in html and "kb.engine.define" in html
        index = (real_site.site_dir / f"{folder}examples/index.html").read_text(encoding="utf-8")
        assert 'href="cards/"' in index or "href=\"./cards/\"" in index, "the examples' navigation links the guide"


def test_release_pages_list_the_glossary_changes_and_a_cut_short_glossary_says_so(real_site, kb):
    """Each release's page lists its glossary's changes as far as both glossaries go: the release
    whose published text ends inside its glossary (2013-02-01) is said to, and its lost terms are
    neither removed nor added on the pages either side of it."""
    from kb.site.glossary_changes import cut_short

    site = real_site.site_dir
    releases = list(kb.releases)
    cut = [r for r in releases if cut_short(kb.documents[r])]
    listed = 0
    for old, new in zip(releases, releases[1:]):
        for prefix in ("", "en/"):
            # A diff cut into pages has its glossary's changes on its last page.
            folder = site / f"{prefix}releases/{old}--{new}"
            pages = [folder / "index.html", *sorted(folder.glob("*/index.html"), key=lambda p: int(p.parent.name))]
            html = pages[-1].read_text(encoding="utf-8")
            counts = [int(n) for n in re.findall(r'href="#glossary-\w+">[^<:]+: (\d+)</a>', html)]
            assert len(counts) == 3, (old, new)
            listed += sum(counts)
            section = html[html.index('<section class="kb-diff__glossary"'):]
            assert section.count("<dt ") == sum(counts), (old, new)
            said = 'class="kb-diff__cut"' in html
            assert said == (old in cut or new in cut), (old, new)
            if said:
                assert sum(counts[:2]) < 50, (old, new, counts)
    assert listed > 1000
