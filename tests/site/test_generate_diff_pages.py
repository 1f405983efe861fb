"""A release diff too long for one page is cut into pages: each page is in the navigation, says
which of how many it is, the summary leads to the page where each kind of change starts, and a
rule's history links the page that shows its change."""

from __future__ import annotations

import json
import re

import pytest
from conftest import fake_kb
from fakes import fake_examples

from kb.site import sitedata, views
from kb.site.generate import details_file, generate
from kb.site.sitedata import SiteData


@pytest.fixture(scope="module")
def paged(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diff-pages")
    data = SiteData.collect(fake_kb(tmp), fake_examples())
    with pytest.MonkeyPatch.context() as patch:
        # One entry to a page.
        patch.setattr(sitedata, "DIFF_PAGE_BYTES", 1)
        return data, generate(data, tmp / "docs")


def test_a_long_diff_is_cut_into_pages(paged):
    data, docs = paged
    diff = data.diffs[0]
    entries = len(diff.entries)
    assert entries >= 2 and len(diff.pages()) == entries
    keys = [diff.page_key(n) for n in range(entries + 1)]  # the glossary's changes on a page of their own
    for key in keys:
        text = (docs.docs_dir / "es" / f"{key}.md").read_text(encoding="utf-8")
        assert 'class="kb-pager"' in text and 'aria-current="page"' in text
    first = (docs.docs_dir / "en" / f"{keys[0]}.md").read_text(encoding="utf-8")
    last = (docs.docs_dir / "en" / f"{keys[-1]}.md").read_text(encoding="utf-8")
    assert 'id="glossary"' in last and 'id="glossary"' not in first
    assert f'href="{keys[-1].rsplit("/", 1)[1]}/#glossary"' in first
    nav = json.dumps(docs.nav["en"], ensure_ascii=False)
    assert all(f"{key}.md" in nav for key in keys)
    assert f"(1/{len(keys)})" in nav


def test_a_rules_history_links_the_page_of_its_change(paged):
    data, docs = paged
    diff = data.diffs[0]
    entry = diff.pages()[-1][0]
    rule_id = entry.new_id or entry.old_id
    rule = data.rules.get(rule_id)
    if rule is None:
        pytest.skip("the last entry is a removed rule")
    details = json.loads(docs.extras[(data.section_key(rule.section), "en", details_file(rule_id))])[rule_id]
    anchor = views.diff_anchor(entry.new_id, entry.old_id)
    page = diff.key_of(entry.new_id, entry.old_id).rsplit("/", 1)[1]
    assert re.search(rf'href="[^"]*/{page}/#{re.escape(anchor)}"', details), details


def test_the_spanish_release_pages_say_their_text_is_the_english(paged):
    data, docs = paged
    for key in (data.diffs[0].key, "releases/compare"):
        spanish = (docs.docs_dir / "es" / f"{key}.md").read_text(encoding="utf-8")
        english = (docs.docs_dir / "en" / f"{key}.md").read_text(encoding="utf-8")
        assert "es el inglés oficial" in spanish and "official English" not in english


def test_a_rule_named_in_a_diffs_text_is_a_link(paged):
    data, docs = paged
    diff = data.diffs[0]
    key = diff.key_of("405.7", None)
    page = (docs.docs_dir / "en" / f"{key}.md").read_text(encoding="utf-8")
    entry = page[page.index('id="405.7"'):]
    entry = entry[:entry.index("</div>")]
    assert re.search(r'refers to rule <a class="kb-ref" href="[./]*/?cr/102/#102\.1">102\.1</a>', entry), entry


def test_every_entry_is_found_on_the_page_that_shows_it(paged):
    data, _ = paged
    for diff in data.diffs:
        for number, page in enumerate(diff.pages()):
            for entry in page:
                shown = [n for n, p in enumerate(diff.pages())
                         if any(e.new_id == entry.new_id and e.old_id == entry.old_id for e in p)]
                assert diff.key_of(entry.new_id, entry.old_id) == diff.page_key(shown[0])
        # An entry the diff does not have is looked for on its first page.
        assert diff.key_of("999.99z", "999.99z") == diff.key
