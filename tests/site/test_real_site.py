"""The whole site from the embedded corpus, built once per session: every section and rule is
there, every link resolves, pages declare their language, and search works in both languages."""

from __future__ import annotations

import re

import pytest
from checks import external_references, html_lang, lychee, lychee_errors, tree_digest
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
    assert re.search(r'class="kb-rule__text" lang="es"[^>]*>Si varios jugadores', block)
    # The corpus's translation is nearly complete: any rule still without Spanish shows the mark.
    untranslated = next((r for r in kb.rules() if r.kind in ("rule", "subrule") and kb.spanish(r.id) is None), None)
    if untranslated is None:
        assert "sin traducción" not in html
        return
    section = untranslated.id.split(".", 1)[0]
    html = (real_site.site_dir / "cr" / section / "index.html").read_text(encoding="utf-8")
    start = html.index(f'id="{untranslated.id}"')
    assert "sin traducción" in html[start : html.index("</section>", start)]


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


def test_two_builds_of_the_corpus_give_the_same_bytes(real_site, kb, tmp_path):
    from kb.site import build_site

    again = build_site(kb, tmp_path / "again")
    first, second = tree_digest(real_site.site_dir), tree_digest(again.site_dir)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []
