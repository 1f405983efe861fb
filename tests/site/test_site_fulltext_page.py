"""The whole rules of the newest release on one page per language (cr/all/): every rule once with
its anchor, the glossary, the Spanish only where it translates the current English and labelled in
Spanish where not, linked from the home page and the navigation, and a print stylesheet that leaves
the text alone, black on white."""

from __future__ import annotations

import gzip
import re

import pytest
from fakes import OLD

from conftest import HOSTILE, axe_init_script, fake_kb, new_page, settle

ANCHOR = re.compile(r' id="([^"]+)"')


def _render(data, tmp_path, lang: str) -> str:
    from kb.site.fulltext import write_fulltext_page
    from kb.site.generate import _Writer

    write_fulltext_page(_Writer(data, tmp_path, search=False), lang)
    return (tmp_path / lang / "cr" / "all.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def real_data(real_kb):
    from kb.site.sitedata import SiteData

    return SiteData.collect(real_kb)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_rule_of_the_newest_release_is_an_anchor_once(real_data, tmp_path, lang):
    page = _render(real_data, tmp_path, lang)
    anchors = ANCHOR.findall(page)
    assert len(anchors) == len(set(anchors))
    doc = real_data.documents[real_data.newest]
    wanted = {r.id for r in doc.rules if r.kind in ("section", "rule", "subrule")}
    wanted |= {f"part-{r.id}" for r in doc.rules if r.kind == "part"}
    assert wanted <= set(anchors), sorted(wanted - set(anchors))[:10]
    assert len(re.findall(r'<p id="', page)) == sum(1 for r in doc.rules if r.kind in ("rule", "subrule"))
    assert len(re.findall(r"<dt[ >]", page)) == len(doc.glossary)
    examples = sum(len(r.examples) for r in doc.rules if r.kind in ("rule", "subrule"))
    assert page.count('<p class="x') == examples
    # Light: no script, no per-rule details; the weight is the text's.
    assert "<script" not in page and "kb-details" not in page
    raw = page.encode("utf-8")
    assert len(gzip.compress(raw)) < 400_000, len(gzip.compress(raw))


def test_the_spanish_page_is_spanish_where_a_translation_of_the_current_english_exists(real_data, tmp_path):
    page = _render(real_data, tmp_path, "es")
    rule = real_data.rules["101.4"]
    assert rule.spanish is not None
    line = re.search(r'<p id="101\.4"[^>]*>.*?</p>', page).group(0)
    assert 'lang="en"' not in line and rule.spanish.text[:30].replace('"', "&#34;") in line


@pytest.fixture
def fake_data(tmp_path):
    from kb.site.sitedata import SiteData

    return SiteData.collect(fake_kb(tmp_path, {"101.4a": HOSTILE}))


def test_untranslated_and_outdated_rules_say_so_in_spanish_and_show_the_english(fake_data, tmp_path):
    page = _render(fake_data, tmp_path / "a", "es")
    untranslated = re.search(r'<p id="101\.4a"[^>]*>.*?</p>', page).group(0)
    assert untranslated.startswith('<p id="101.4a" class="s" lang="en">')
    assert '<span class="kb-u" lang="es">sin traducción</span>' in untranslated
    assert "&lt;script&gt;" in untranslated and "<script" not in untranslated
    quoted = re.search(r'<p id="101\.4"[^>]*>.*?</p>', page).group(0)
    assert "texto oficial" in quoted and "Si varios jugadores" in quoted
    # The English the quote translates is no longer the English of that release: the English shows.
    fake_data.release_texts[OLD]["101.4"] = "An older English that the quote translates."
    page = _render(fake_data, tmp_path / "b", "es")
    outdated = re.search(r'<p id="101\.4"[^>]*>.*?</p>', page).group(0)
    assert 'lang="en"' in outdated and "traducción desactualizada" in outdated
    assert "Si varios jugadores" not in outdated
    english = _render(fake_data, tmp_path / "c", "en")
    assert "kb-u" not in english and 'lang="es"' not in english.split("</nav>", 1)[1]


def test_linked_from_the_home_page_and_the_navigation_in_both_languages(fake_site):
    import yaml

    config = yaml.safe_load(fake_site.config_file.read_text(encoding="utf-8"))
    languages = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)["languages"]
    for language in languages:
        assert "cr/all.md" in str(language["nav"]), language["locale"]
    for home in (fake_site.site_dir / "index.html", fake_site.site_dir / "en" / "index.html"):
        assert 'href="cr/all/"' in home.read_text(encoding="utf-8") or 'href="./cr/all/"' in home.read_text(encoding="utf-8")
    for page in (fake_site.site_dir / "cr" / "all" / "index.html", fake_site.site_dir / "en" / "cr" / "all" / "index.html"):
        assert page.is_file()


CHROME = [".md-header", ".md-sidebar--primary", ".md-footer", ".kb-search", ".kb-fulltext__links"]


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["", "en/"])
def test_printing_leaves_the_text_alone_black_on_white(browser, fake_server, lang):
    context, page = new_page(browser, viewport={"width": 1280, "height": 300})
    try:
        page.goto(f"{fake_server}/{lang}cr/all/#101.4")
        page.emulate_media(media="screen", color_scheme="dark")
        assert page.locator(".md-header").is_visible()
        # A rule opened by its anchor shows whole, below the fixed header.
        header = page.locator(".md-header").bounding_box()
        rule = page.locator('[id="101.4"]').bounding_box()
        assert rule["y"] >= header["y"] + header["height"] - 1, (rule, header)
        page.emulate_media(media="print", color_scheme="dark")
        for selector in CHROME:
            assert page.locator(selector).count() > 0, selector
            assert not page.locator(selector).first.is_visible(), selector
        style = page.evaluate("""() => {
            const text = document.querySelector('.kb-fulltext p[id]');
            const part = document.querySelector('.kb-fulltext__part');
            const heading = document.querySelector('.kb-fulltext h3');
            const link = document.querySelector('.kb-fulltext a.kb-ref');
            const css = e => getComputedStyle(e);
            return {font: css(text).fontFamily, color: css(text).color, size: parseFloat(css(text).fontSize),
                    background: css(document.body).backgroundColor, breakBefore: css(part).breakBefore,
                    headingAfter: css(heading).breakAfter, link: css(link).color,
                    underline: css(link).textDecorationLine};
        }""")
        assert "serif" in style["font"] and "sans" not in style["font"].split(",")[0], style
        assert style["color"] == "rgb(0, 0, 0)" and style["link"] == "rgb(0, 0, 0)", style
        assert style["background"] in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"), style
        assert style["breakBefore"] == "page" and style["headingAfter"] == "avoid", style
        assert style["underline"] == "none" and style["size"] >= 12, style
        assert page.js_errors == []
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["", "en/"])
def test_no_serious_accessibility_violation(browser, fake_server, scheme, lang):
    context, page = new_page(browser, init_script=axe_init_script(), viewport={"width": 1280, "height": 900},
                             color_scheme=scheme)
    try:
        page.goto(f"{fake_server}/{lang}cr/all/")
        found = page.evaluate("""async () => {
            const r = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa']}});
            return r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
                .map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '));
        }""")
        assert found == [], found
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.slow
def test_the_printed_rules_carry_page_numbers_and_the_section_as_a_running_head(browser, real_server, tmp_path):
    """Printed by Chromium (as a reader's "Save as PDF"): every page numbered "n / total" in its
    foot, and headed by the section it runs in, whichever page of the section it is."""
    pypdf = pytest.importorskip("pypdf")
    context, page = new_page(browser)
    try:
        page.goto(f"{real_server}/cr/all/")
        settle(page)
        page.pdf(path=str(tmp_path / "rules.pdf"), format="A4", prefer_css_page_size=True)
    finally:
        context.close()
    pages = [p.extract_text().splitlines() for p in pypdf.PdfReader(str(tmp_path / "rules.pdf")).pages]
    total = len(pages)
    assert total > 150
    assert [lines[0] for lines in pages] == [f"{n} / {total}" for n in range(1, total + 1)]
    headed, wrong, rule_pages = 0, [], 0
    for number, lines in enumerate(pages[2:], start=3):
        first_rule = next((line for line in lines[2:] if re.match(r"\d{3}\.\d+", line)), None)
        if first_rule is None:
            continue
        rule_pages += 1
        # A part begins on a page of its own, under its title; any other page is headed by the
        # section it runs in: the first rule's, or the one that ends before that rule's begins.
        if re.match(r"\d\. \S", lines[1]) or lines[1] == "Glosario":
            headed += 1
            continue
        head = re.match(r"(\d{3})\. \S", lines[1])
        if head:
            headed += 1
            if head.group(1) > first_rule[:3]:
                wrong.append((number, lines[1], first_rule[:12]))
    assert rule_pages > 100 and headed >= 0.95 * rule_pages and wrong == [], (headed, rule_pages, wrong[:5])
    assert any(lines[1] == "Glosario" for lines in pages[-5:])
