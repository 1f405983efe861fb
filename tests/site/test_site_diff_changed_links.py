"""A rule named inside a changed diff entry ("See rule 601.2a" among <ins> and <del> marks) is a
link: in words kept or added, to the rule the newer release numbers so; in words removed, to the
rule the older release numbered so; each as it stands today."""

from __future__ import annotations

import re

import pytest
from conftest import HOSTILE, fake_kb
from fakes import fake_examples

from kb.site.diff_markup import inline_diff
from kb.site.generate import generate
from kb.site.sitedata import SiteData

CHANGED = ("A player is one of the people in the game. The active player is the player whose turn it is. "
           "See rules 101.4a and 405.2.")


def test_references_link_by_the_numbers_of_their_own_text():
    old = "Cast it (see rule 601.2a). Then rule 405 applies."
    new = "Cast it (see rule 601.2b). Then rule 405 applies & more."
    merged = str(inline_diff(old, new, lambda t: f"/old/{t}", lambda t: f"/new/{t}"))
    assert '<del><a class="kb-ref" href="/old/601.2a">601.2a</a>). </del>' in merged
    assert '<ins><a class="kb-ref" href="/new/601.2b">601.2b</a>). </ins>' in merged
    assert 'Then rule <a class="kb-ref" href="/new/405">405</a> <del>' in merged and "&amp; more" in merged
    # Without addresses, the same merge without links.
    plain = str(inline_diff(old, new))
    assert "<a" not in plain and re.sub(r"<a [^>]*>|</a>", "", merged) == plain


def test_a_number_with_no_page_stays_text_and_corpus_text_stays_data():
    merged = str(inline_diff(f"See rule 999.9. {HOSTILE}", "See rule 101.4.", lambda t: None, lambda t: f"/new/{t}"))
    assert "999.9" in merged and "/old/" not in merged and "<script>" not in merged
    assert '<ins><a class="kb-ref" href="/new/101.4">101.4</a>.</ins>' in merged


@pytest.fixture(scope="module")
def changed_site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diff-changed-links")
    data = SiteData.collect(fake_kb(tmp, {"102.1": CHANGED}), fake_examples())
    return data, generate(data, tmp / "docs", search=False)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_rule_named_in_a_changed_entry_is_a_link(changed_site, lang):
    data, docs = changed_site
    diff = data.diffs[0]
    page = (docs.docs_dir / lang / f"{diff.key_of('102.1', '102.1')}.md").read_text(encoding="utf-8")
    entry = page[page.index('id="102.1"'):]
    entry = entry[:entry.index("</div>")]
    assert "<ins>" in entry and "<del>" in entry, entry
    link = r'<a class="kb-ref" href="[./]*/?{}">{}</a>'
    # Removed words: the older release's 101.4. Added words: 101.4a and 405.2 of the newer one.
    assert re.search(r"<del>[^<]*" + link.format(r"cr/101/#101\.4", r"101\.4") + r"\.\s*</del>", entry), entry
    added = re.search(r"<ins>(.*?)</ins>", entry, re.S).group(1)
    assert re.search(link.format(r"cr/101/#101\.4a", r"101\.4a"), added), added
    assert re.search(link.format(r"cr/405/#405\.2", r"405\.2"), added), added
