"""The search index is made a bundle per language, each from its language's pages only."""

from __future__ import annotations

import pytest

from kb.site.builder import SiteBuildError
from kb.site.search import bundle_dir, language_glob


def _site(root, names):
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("<html></html>", encoding="utf-8")
    return root


def test_each_language_has_its_own_bundle(tmp_path):
    assert bundle_dir(tmp_path, "es") == tmp_path / "pagefind"
    assert bundle_dir(tmp_path, "en") == tmp_path / "en" / "pagefind"


def test_the_default_language_takes_every_page_but_the_other_languages(tmp_path):
    site = _site(tmp_path, ["index.html", "404.html", "cr/100/index.html", "r/100.1/index.html",
                            "en/index.html", "en/cr/100/index.html", "assets/kb.css", "sitemap.xml"])
    (site / "pagefind").mkdir()  # a bundle left by an earlier run is not a folder of pages
    assert language_glob(site, "es") == "{404.html,assets/**/*.html,cr/**/*.html,index.html,r/**/*.html}"
    assert language_glob(site, "en") == "en/**/*.html"


def test_a_name_a_glob_cannot_hold_is_refused(tmp_path):
    site = _site(tmp_path, ["index.html", "a,b/index.html"])
    with pytest.raises(SiteBuildError, match="glob"):
        language_glob(site, "es")
