"""The whole pipeline (generation, strict build with link and anchor validation, search index)
on the small fake knowledge base: quick, and free to put hostile text in the corpus."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml
from checks import external_references, html_lang, lychee, lychee_errors, tree_digest
from conftest import HOSTILE, fake_kb
from fakes import fake_examples

from kb.site import SiteBuildError, build_site
from kb.site.builder import BUILDER_COMMAND, run_builder


def test_strict_build_passes_without_warnings(fake_site):
    assert fake_site.builder is not None
    assert fake_site.builder.warnings == []
    assert "--strict" in BUILDER_COMMAND
    config = yaml.safe_load(fake_site.config_file.read_text(encoding="utf-8"))
    assert config["validation"]["anchors"] == "warn"
    assert config["validation"]["not_found"] == "warn"
    assert "search" not in [p if isinstance(p, str) else next(iter(p)) for p in config["plugins"]]
    assert "navigation.instant" not in config["theme"]["features"]
    assert "navigation.prune" in config["theme"]["features"]


def test_the_builder_rejects_a_broken_link_and_a_missing_anchor(fake_site, tmp_path):
    docs = tmp_path / "docs"
    shutil.copytree(fake_site.docs_dir, docs)
    config = yaml.safe_load(fake_site.config_file.read_text(encoding="utf-8"))
    config["docs_dir"] = str(docs)
    config["site_dir"] = str(tmp_path / "site")
    config_file = tmp_path / "mkdocs.yml"
    config_file.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    home = docs / "es" / "index.md"
    home.write_text(home.read_text(encoding="utf-8") + "\n[roto](cr/999.md)\n", encoding="utf-8")
    with pytest.raises(SiteBuildError) as err:
        run_builder(config_file)
    assert "cr/999.md" in err.value.output
    home.write_text(home.read_text(encoding="utf-8").replace("[roto](cr/999.md)", "[ancla](cr/101.md#101.99z)"), encoding="utf-8")
    with pytest.raises(SiteBuildError) as err:
        run_builder(config_file)
    assert "101.99z" in err.value.output


def test_one_builder_per_language_makes_the_files_of_one_builder_for_all(fake_site, tmp_path):
    """Each language built by a process of its own, laid over the default language's output, gives
    the files, byte for byte, of the one process that builds them all in turn; a warning in either
    fails the build."""
    config = yaml.safe_load(fake_site.config_file.read_text(encoding="utf-8"))
    sites = {}
    for name, languages in (("together", ()), ("apart", ("es", "en"))):
        config["site_dir"] = str(tmp_path / name / "site")
        config_file = tmp_path / name / "mkdocs.yml"
        config_file.parent.mkdir()
        config_file.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
        run = run_builder(config_file, 0, languages=languages)
        assert run.warnings == []
        sites[name] = tmp_path / name / "site"
        assert sorted(p.name for p in config_file.parent.iterdir()) == ["mkdocs.yml", "site"]
    files = {name: sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
             for name, site in sites.items()}
    assert files["apart"] == files["together"] and any(f.startswith("en/") for f in files["apart"])
    assert tree_digest(sites["apart"]) == tree_digest(sites["together"])

    docs = tmp_path / "docs"
    shutil.copytree(fake_site.docs_dir, docs)
    english = docs / "en" / "index.md"
    english.write_text(english.read_text(encoding="utf-8") + "\n[broken](cr/999.md)\n", encoding="utf-8")
    config["docs_dir"] = str(docs)
    config["site_dir"] = str(tmp_path / "broken" / "site")
    config_file = tmp_path / "broken" / "mkdocs.yml"
    config_file.parent.mkdir()
    config_file.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    with pytest.raises(SiteBuildError) as err:
        run_builder(config_file, 0, languages=("es", "en"))
    assert "cr/999.md" in err.value.output
    assert not (tmp_path / "broken" / "site-en").exists()


def test_every_link_and_fragment_resolves(fake_site):
    proc = lychee(fake_site.site_dir)
    assert lychee_errors(proc) == [], proc.stdout[-2000:]
    assert proc.returncode == 0, proc.stdout[-2000:]


def test_nothing_is_loaded_from_outside_the_site(fake_site):
    assert external_references(fake_site.site_dir) == []


def test_pages_declare_their_language(fake_site):
    site = fake_site.site_dir
    assert html_lang(site / "cr" / "101" / "index.html") == "es"
    assert html_lang(site / "en" / "cr" / "101" / "index.html") == "en"
    assert fake_site.search_bytes.keys() == {"es", "en"}


def test_hostile_corpus_text_is_shown_as_text(fake_site):
    html = (fake_site.site_dir / "cr" / "101" / "index.html").read_text(encoding="utf-8")
    assert '<script>alert("x")</script>' not in html
    assert 'href="http://example.invalid/' not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; [a link](http://example.invalid/) *not emphasis*" in html
    assert "<em>not emphasis</em>" not in html
    title_page = (fake_site.site_dir / "en" / "cr" / "405" / "index.html").read_text(encoding="utf-8")
    assert "<b>Bold</b>" not in title_page
    assert re.search(r"<title>405\. &lt;b&gt;Bold&lt;/b&gt; \[title\]\(http://example\.invalid/\) - ", title_page)


@pytest.mark.browser
def test_hostile_text_reads_as_written_in_the_browser(fake_server, page, artifacts):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(f"{fake_server}/cr/101/#101.4a")
    text = page.locator('section:has([id="101.4a"]) .kb-rule__text').inner_text()
    assert text == HOSTILE
    assert page.locator('a[href^="http://example.invalid"]').count() == 0
    page.goto(f"{fake_server}/en/cr/405/")
    assert page.locator("h1").inner_text().startswith("405. <b>Bold</b> [title](http://example.invalid/)")
    assert page.title().startswith("405. <b>Bold</b>")
    page.screenshot(path=str(artifacts / "fake-hostile-title.png"))
    assert dialogs == [] and page.js_errors == []


def test_two_builds_give_the_same_bytes(fake_site, tmp_path):
    kb = fake_kb(tmp_path, {"101.4a": HOSTILE, "405": "<b>Bold</b> [title](http://example.invalid/)"})
    again = build_site(kb, tmp_path / "again", examples=fake_examples())
    first, second = tree_digest(fake_site.site_dir), tree_digest(again.site_dir)
    assert first.keys() == second.keys()
    assert [name for name in first if first[name] != second[name]] == []


def test_without_search_there_is_no_index_and_no_search_box(tmp_path):
    kb = fake_kb(tmp_path)
    result = build_site(kb, tmp_path / "out", search=False, examples=None)
    assert not (result.site_dir / "pagefind").exists()
    html = (result.site_dir / "index.html").read_text(encoding="utf-8")
    assert "pagefind/" not in html and 'id="kb-search"' not in html
    assert "pagefind" not in result.timings
    assert lychee_errors(lychee(result.site_dir)) == []


def test_a_single_release_without_spanish_sources_builds_cleanly(tmp_path):
    from fakes import NEW

    from kb.history import History

    kb = fake_kb(tmp_path)
    kb.documents = {NEW: kb.documents[NEW]}
    kb.releases = [NEW]
    kb._history = History(kb.documents.values())
    kb.pages, kb.alignment = [], []
    kb.spanish = lambda rule_id: None
    kb.glossary_pairs = lambda: []
    kb.terminology = lambda: []
    kb.section_titles_es = lambda: {}
    english_only = kb.glossary
    kb.glossary = lambda lang, release=None: english_only(lang, release) if lang == "en" else []
    result = build_site(kb, tmp_path / "out", examples=None)
    assert result.builder.warnings == []
    assert lychee_errors(lychee(result.site_dir)) == []
    html = (result.site_dir / "cr" / "101" / "index.html").read_text(encoding="utf-8")
    assert re.search(r"(\d+) de \1 reglas aún sin traducción", html) and "título sin traducción" in html
    assert html.count('class="kb-rule__text" lang="en"') >= 4
    releases = (result.site_dir / "releases" / "index.html").read_text(encoding="utf-8")
    assert "16 de enero de 2026" in releases
