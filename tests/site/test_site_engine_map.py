"""The engine's conformance on the site: a page with the counts and each section's rules by status
(Spanish at the root, English under /en/), and one line on each rule's details."""

from __future__ import annotations

import json

import pytest
from conftest import fake_kb
from fakes import fake_examples

from kb.site.generate import details_file, generate
from kb.site.sitedata import SiteData


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("engine-map")
    data = SiteData.collect(fake_kb(tmp), fake_examples())
    return data, generate(data, tmp / "docs")


def read(docs, lang, key):
    return (docs.docs_dir / lang / f"{key}.md").read_text(encoding="utf-8")


def details(docs, lang, key, rule_id) -> str:
    return json.loads(docs.extras[(key, lang, details_file(rule_id))])[rule_id]


@pytest.mark.parametrize(
    "lang, title, modelled, not_modelled",
    [("es", "Conformidad del motor de reglas", "modelada", "no modelada"), ("en", "Rules engine conformance", "modelled", "not modelled")],
)
def test_the_page_counts_first_then_folds_each_sections_rules(site, lang, title, modelled, not_modelled):
    data, docs = site
    page = read(docs, lang, "engine")
    assert f"<h1>{title}</h1>" in page
    # The counts of the whole map come before any section's list.
    total = data.conformance.counts("part")["all"]
    assert page.index('data-part="all"') < page.index("<details")
    row = page[page.index('data-part="all"') : page.index("</tr>", page.index('data-part="all"'))]
    assert [int(n) for n in row.split('<td role="cell">')[2:] for n in [n.split("<")[0]]] == list(total.values())
    # The fake example runs 101.4: modelled, and linked to its place on its section's page.
    section = page[page.index('id="engine-101"') : page.index("</details>", page.index('id="engine-101"'))]
    assert f"<b>{modelled}:</b> " in section and ">101.4</a>" in section.split(f"<b>{modelled}:</b>")[1].split("</p>")[0]
    assert f"<b>{not_modelled}:</b>" in section
    assert '<a href="../cr/101/#101.4">101.4</a>' in section
    assert {"engine.md"} <= {p.name for p in (docs.docs_dir / lang).iterdir()}


def test_the_page_is_in_the_navigation_of_both_languages(site):
    _, docs = site
    assert any("Conformidad del motor de reglas" in item for item in docs.nav["es"])
    assert any("Rules engine conformance" in item for item in docs.nav["en"])


@pytest.mark.parametrize("lang, label, shown_in", [("es", "modelada", "se ve en"), ("en", "modelled", "shown in")])
def test_a_rule_modelled_by_an_example_says_so_and_links_the_example(site, lang, label, shown_in):
    _, docs = site
    line = details(docs, lang, "cr/101", "101.4")
    engine = line[line.index('class="kb-engine') : line.index("</p>", line.index('class="kb-engine'))]
    assert f">{label}</a>" in engine and shown_in in engine and "examples/apnap-sacrifice/" in engine
    assert "engine/#engine-101" in engine


@pytest.mark.parametrize("lang, label", [("es", "no modelada"), ("en", "not modelled")])
def test_a_rule_nothing_backs_is_told_as_not_modelled(site, lang, label):
    data, docs = site
    unbacked = next(e.rule for e in data.conformance.entries if e.status == "not modelled" and e.section == "101")
    line = details(docs, lang, "cr/101", unbacked)
    assert 'kb-engine--not-modelled">' in line and f">{label}</a>" in line
