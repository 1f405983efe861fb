"""An example's page: the result first, the engine's log wrapping its lines (nothing to scroll
sideways on a 390 px phone), and the code folded below the result, still editable and runnable."""

from __future__ import annotations

import re
from html import unescape

import pytest
from conftest import _Server, fake_kb, new_page
from fakes import FakeExamples, RunResult, fake_examples

# One line of the engine's log longer than any phone is wide, with a word that has no break in it.
LONG_LINE = "Turn 1, upkeep: " + "the active player puts a trigger on the stack, " * 6 + "X" * 120


class LongLogExamples(FakeExamples):
    def run(self, name: str, lang: str) -> RunResult:
        return RunResult(True, f"{LONG_LINE}\n{name}: {lang} ok\n")


@pytest.fixture(scope="module")
def long_log_site(tmp_path_factory):
    from kb.site import build_site

    tmp = tmp_path_factory.mktemp("long-log-site")
    examples = LongLogExamples(fake_examples().catalog())
    return build_site(fake_kb(tmp), tmp / "out", examples=examples, search=False)


def _page(site, prefix: str) -> str:
    return (site.site_dir / f"{prefix}examples/apnap-sacrifice" / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(("prefix", "summary"), [("", "Código del ejemplo"), ("en/", "The example&#39;s code")])
def test_the_result_comes_first_and_the_code_is_folded_below_it(long_log_site, prefix, summary):
    html = _page(long_log_site, prefix)
    result = html.index('class="kb-run__result')
    fold = html.index('<details class="kb-example-code">')
    assert result < fold
    folded = html[fold:html.index("</details>", fold)]
    assert f"<summary>{summary}" in folded
    # The code area, its Run button and the playground's link are inside the fold, not elsewhere.
    area = re.search(r"<textarea[^>]*>(.*?)</textarea>", folded, re.S)
    assert area and unescape(area.group(1)) == fake_examples().catalog()[0].code
    assert "data-kb-run" in folded and "kb-runner__more" in folded
    assert html.count("<textarea") == 1 and html.count("data-kb-run>") == 1
    assert LONG_LINE in unescape(html[result:fold])


@pytest.mark.browser
@pytest.mark.parametrize("prefix", ["", "en/"])
def test_the_engine_log_wraps_on_a_phone_and_the_code_opens_to_run(browser, long_log_site, prefix):
    server = _Server(long_log_site.site_dir)
    context, page = new_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{server.url}/{prefix}examples/apnap-sacrifice/")
        sideways = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        assert page.evaluate(sideways) <= 0
        log = page.locator(".kb-run__output")
        box = log.bounding_box()
        assert box and box["width"] <= 390
        assert page.evaluate("e => e.scrollWidth - e.clientWidth", log.element_handle()) <= 0
        assert page.evaluate("e => e.scrollWidth - e.clientWidth", page.locator(".kb-run__output code").element_handle()) <= 0
        # Folded: the code is not shown until asked for; then it can be edited and its Run pressed.
        assert not page.is_visible("textarea") and not page.is_visible("[data-kb-run]")
        page.click("details.kb-example-code > summary")
        assert page.is_visible("textarea") and page.is_visible("[data-kb-run]")
        page.fill("textarea", "print('edited')\n")
        assert page.input_value("textarea") == "print('edited')\n"
        assert page.evaluate(sideways) <= 0
        assert page.js_errors == []
    finally:
        context.close()
        server.close()
