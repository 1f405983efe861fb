"""The citation box (site/assets/cite.js on the page cite/): in headless Chromium, from the API's
traces, it gives the answers of `kb cite --json` on the real corpus (the number in the release asked
for, the outcome, each step on the way, whether the words changed, the summary, the refusals word for
word); on the page it labels its field, answers in a live region in the page's language, links the
rule's page, and shows what a reader typed as text."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from fakes import NEW, OLD

pytestmark = [pytest.mark.browser, pytest.mark.slow]

FIELDS = ["rule", "release", "to", "id", "outcome", "stale", "text_changed", "ended", "release_note", "to_note",
          "last_seen", "last_seen_id_to", "summary"]

# (citation, release to follow it to): the issue's, a date of no release, a publication date, a rule
# gone or not yet there, a rule the release cited does not have, and the refusals.
CITATIONS = [
    ("717.1", None),
    ("CR 717.1 (2019-10-04)", None),
    ("505.5a as of 2010-06-18", None),
    ("regla 702.9b (2024-06-07)", None),
    ("CR 716.1 (2019-08-23)", "2019-10-04"),
    ("723.1", "2019-10-04"),
    ("702.19c, October 4, 2019", "2012-01-01"),
    ("MagicCompRules 20191004.txt 717.1", None),
    ("505.5a (2004-10-01)", None),
    ("505.5a (2013-04-29)", "2013-07-11"),
    ("999.9 (2019-10-04)", None),
    ("hello", None),
    ("717.1 (1999-01-01)", None),
    ("717.1 (2019-02-30)", None),
    ("", None),
]


def open_box(page, url: str) -> None:
    """Open the box's page and wait for the lines of descent (read when the box is first used)."""
    page.goto(url)
    page.focus("#kb-cite-input")
    page.wait_for_function("document.getElementById('kb-cite').dataset.ready === 'true'", timeout=60000)


def in_browser(page, citation: str, to: str | None) -> dict:
    return page.evaluate("([c, to]) => window.kbCiteResolve(c, to)", [citation, to])


def steps(found: dict) -> list[tuple]:
    return [(s["release"], s["status"], s["old_id"], s["new_id"], s["text_changed"]) for s in found["steps"]]


def cli_steps(data: dict) -> list[tuple]:
    return [(s["release"], s["status"], s["old_id"], s["new_id"], bool(s["words"] or s["examples"])) for s in data["steps"]]


def library_answer(lineage, citation: str, to: str | None) -> dict:
    """What `kb cite CITATION [--to TO] --json` prints, or {"error": its one line}."""
    from dataclasses import asdict

    from kb.cite import CitationError, resolve
    from kb.cli.cite import _resolution_data

    try:
        data = _resolution_data(resolve(lineage, citation, to), citation)
    except CitationError as err:
        return {"error": str(err)}
    return json.loads(json.dumps(data, default=asdict))


def cli_answer(citation: str, to: str | None) -> dict:
    command = [sys.executable, "-m", "kb", "cite", citation, "--json"] + (["--to", to] if to else [])
    done = subprocess.run(command, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        # Its one line, after the name of the program.
        return {"error": done.stderr.strip().splitlines()[-1].removeprefix("kb: ")}
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def lineage(real_kb):
    from kb.cite import KnowledgeLineage

    return KnowledgeLineage.of_corpus(real_kb)


def test_the_box_answers_as_kb_cite(page, real_server, lineage):
    open_box(page, f"{real_server}/en/cite/")
    for citation, to in CITATIONS:
        expected = library_answer(lineage, citation, to)
        found = in_browser(page, citation, to)
        if "error" in expected or expected["outcome"] == "missing":
            # kb cite refuses these with one line (a missing rule: its summary) and exit 2.
            line = expected.get("error") or expected["summary"]
            assert (found.get("error") or found.get("summary")) == line, citation
            continue
        assert {k: found[k] for k in FIELDS} == {k: expected[k] for k in FIELDS}, citation
        assert steps(found) == cli_steps(expected), citation
    assert page.js_errors == []


def test_the_library_answer_is_what_the_command_prints(lineage):
    # The command itself, once for an answer and once for a refusal (read before the corpus is).
    for citation, to in (("CR 717.1 (2019-10-04)", None), ("717.1 (1999-01-01)", None)):
        assert cli_answer(citation, to) == library_answer(lineage, citation, to), citation


def test_a_reader_who_passes_by_fetches_no_traces(page, fake_server):
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(f"{fake_server}/cite/")
    page.wait_for_load_state("networkidle")
    assert not any(url.endswith("traces.json") for url in fetched)
    page.focus("#kb-cite-input")
    page.wait_for_function("document.getElementById('kb-cite').dataset.ready === 'true'", timeout=60000)
    assert any(url.endswith("/api/v1/traces.json") for url in fetched)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_box_on_its_page(page, fake_server, lang):
    prefix = "" if lang == "es" else "en/"
    open_box(page, f"{fake_server}/{prefix}cite/")
    box = page.locator("#kb-cite")
    # A label for each field, an answer that is announced.
    assert page.locator("label[for=kb-cite-input]").count() == 1
    assert page.locator("label[for=kb-cite-to]").count() == 1
    result = box.locator(".kb-cite__result")
    assert result.get_attribute("aria-live") == "polite"

    page.fill("#kb-cite-input", f"CR 100.1 ({OLD})")
    page.click(".kb-cite button[type=submit]")
    said = result.inner_text()
    if lang == "es":
        assert f"100.1 ({OLD}) es la 100.1 en {NEW} (mismo número; texto cambiado)" in said
    else:
        assert f"100.1 ({OLD}) is 100.1 in {NEW} (same number; words changed)" in said
    link = result.locator("a.kb-cite__link")
    href = link.get_attribute("href")
    assert href.endswith("cr/100/#100.1")
    link.click()
    page.wait_for_load_state()
    assert page.url.split("#")[0].endswith(f"/{prefix}cr/100/")

    open_box(page, f"{fake_server}/{prefix}cite/")
    page.fill("#kb-cite-input", '<img src=x onerror="window.hit=1"> 101.4')
    page.click(".kb-cite button[type=submit]")
    error = page.locator(".kb-cite__error")
    assert error.count() == 1 and "<img src=x" in error.inner_text()
    assert ("no es una cita" if lang == "es" else "is no citation of a rule") in error.inner_text()
    assert page.locator(".kb-cite__result img").count() == 0
    assert page.locator("#kb-cite-input").get_attribute("aria-invalid") == "true"
    assert page.evaluate("window.hit") is None

    page.fill("#kb-cite-input", "405.7")
    page.select_option("#kb-cite-to", OLD)
    page.click(".kb-cite button[type=submit]")
    said = result.inner_text()
    assert ("añadida en" if lang == "es" else f"added in {NEW}") in said
    assert page.js_errors == []


def test_the_texts_come_from_the_api_as_text(page, fake_server):
    from conftest import HOSTILE

    open_box(page, f"{fake_server}/cite/")
    page.fill("#kb-cite-input", "101.4a")
    page.click(".kb-cite button[type=submit]")
    page.wait_for_selector(".kb-cite__text p[lang=en]")
    assert HOSTILE in page.locator(".kb-cite__text p[lang=en]").inner_text()
    assert page.locator(".kb-cite__result script, .kb-cite__result a[href^='http']").count() == 0

    page.fill("#kb-cite-input", f"101.4 ({OLD})")
    page.click(".kb-cite button[type=submit]")
    page.wait_for_selector(".kb-cite__text p[lang=es]")
    quotes = page.locator(".kb-cite__text")
    assert quotes.count() == 2  # the rule cited, and the rule today
    assert f"101.4 en {OLD}" in quotes.nth(0).inner_text() and f"101.4 en {NEW}" in quotes.nth(1).inner_text()
    assert "cita oficial" in quotes.nth(1).inner_text()
    assert page.locator(".kb-cite__text p[lang=es]").first.inner_text().startswith("Si varios jugadores")
    assert page.js_errors == []


def test_a_citation_in_the_address_is_resolved_on_arrival(page, fake_server):
    page.goto(f"{fake_server}/en/cite/?cite=101.4")
    page.wait_for_function("document.querySelector('.kb-cite__summary') !== null", timeout=60000)
    assert f"101.4 ({NEW}) is 101.4 in {NEW}" in page.locator(".kb-cite__result").inner_text()
