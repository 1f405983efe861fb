"""The release feeds (Atom, one per language): made with the site, valid Atom as the standard library
and a feed reader's parser read it, dated by the releases only, corpus text escaped, and linked from
each language's home page."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from urllib.parse import urljoin

import pytest
from conftest import HOSTILE

from kb.site.feed import feed_bytes, feed_path

A = "{http://www.w3.org/2005/Atom}"
FEEDS = {"es": "feed.xml", "en": "en/feed.xml"}


def _feed(fake_site, lang):
    return (fake_site.site_dir / FEEDS[lang]).read_bytes()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_each_feed_is_atom_with_every_required_element(fake_site, lang):
    assert feed_path(lang) == FEEDS[lang]
    root = ET.fromstring(_feed(fake_site, lang))
    assert root.tag == f"{A}feed" and root.get("{http://www.w3.org/XML/1998/namespace}lang") == lang
    for name in ("id", "title", "updated"):
        assert (root.findtext(f"{A}{name}") or "").strip(), name
    assert root.find(f"{A}author/{A}name") is not None
    assert root.find(f"{A}link[@rel='self']").get("href") == "feed.xml"
    entries = root.findall(f"{A}entry")
    assert len(entries) == 2  # the fake corpus's two releases
    ids = [e.findtext(f"{A}id") for e in entries]
    assert len(set(ids)) == len(ids) and all(i.startswith("urn:uuid:") for i in ids)
    for entry in entries:
        for name in ("id", "title", "updated"):
            assert (entry.findtext(f"{A}{name}") or "").strip(), name
        assert entry.find(f"{A}link[@rel='alternate']").get("href")
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T00:00:00Z", entry.findtext(f"{A}updated"))
    # Dated by the newest release, newest first: never the time of the build.
    assert root.findtext(f"{A}updated") == entries[0].findtext(f"{A}updated")
    assert entries[0].findtext(f"{A}updated") > entries[1].findtext(f"{A}updated")


def test_a_feed_reader_parses_both_and_their_links_are_pages_of_the_site(fake_site):
    feedparser = pytest.importorskip("feedparser")
    for lang, name in FEEDS.items():
        parsed = feedparser.parse(_feed(fake_site, lang), response_headers={
            "content-location": f"http://kb.test/{name}", "content-type": "application/atom+xml"})
        assert not parsed.bozo, parsed.get("bozo_exception")
        assert parsed.version == "atom10" and parsed.feed.title and len(parsed.entries) == 2
        newest = parsed.entries[0]
        assert newest.updated_parsed[:3] == tuple(int(x) for x in re.findall(r"\d+", newest.updated)[:3])
        # Every link of the feed and of its entries' content is a file of the site.
        links = [newest.link, *re.findall(r'href="([^"]+)"', newest.content[0].value)]
        assert len(links) > 2
        for link in links:
            url = urljoin(f"http://kb.test/{name}", link)
            path = url.removeprefix("http://kb.test/").split("#")[0]
            target = fake_site.site_dir / path
            assert (target / "index.html").is_file() or target.is_file(), (lang, link)


def test_the_rules_of_each_release_are_listed_with_links_and_corpus_text_stays_text(fake_site):
    root = ET.fromstring(_feed(fake_site, "en"))
    newest = root.find(f"{A}entry")
    content = newest.find(f"{A}content")
    assert content.get("type") == "html"
    text = content.text
    assert "101.4a" in text and "<h2>Changed</h2>" in text

    class Collect(HTMLParser):
        def __init__(self):
            super().__init__()
            self.tags, self.data = [], []

        def handle_starttag(self, tag, attrs):
            self.tags.append(tag)

        def handle_data(self, data):
            self.data.append(data)

    reader = Collect()
    reader.feed(text)
    # The hostile rule text is a text of the feed's HTML, never an element of it.
    assert "script" not in reader.tags and "b" not in reader.tags
    assert HOSTILE in html.unescape(text) and HOSTILE in "".join(reader.data)
    assert b"<script>" not in _feed(fake_site, "en")


def test_the_feeds_are_the_same_bytes_each_time(fake_site, tmp_path, monkeypatch):
    import time

    from conftest import HOSTILE_TITLE, fake_kb

    from kb.site.views import SiteData

    data = SiteData.collect(fake_kb(tmp_path, {"101.4a": HOSTILE, "405": HOSTILE_TITLE}))
    first = feed_bytes(data, "es")
    monkeypatch.setattr(time, "time", lambda: 4102444800.0)  # another day: nothing may change
    assert feed_bytes(data, "es") == first == _feed(fake_site, "es")
    assert feed_bytes(data, "en") == _feed(fake_site, "en")


@pytest.mark.parametrize("lang, home", [("es", "index.html"), ("en", "en/index.html")])
def test_each_home_page_links_its_feed_in_the_head_and_in_the_page(fake_site, lang, home):
    page = (fake_site.site_dir / home).read_text(encoding="utf-8")
    head = page.split("</head>")[0]
    assert re.search(r'<link rel="alternate" type="application/atom\+xml" title="[^"]+" href="feed.xml">', head)
    body = page.split("</head>")[1]
    assert re.search(r'<a href="feed.xml" type="application/atom\+xml">', body)


def test_a_rule_only_renumbered_is_told_by_its_numbers_and_a_changed_one_with_its_text():
    from types import SimpleNamespace

    from kb.history.model import DiffEntry, WordChange

    moved = DiffEntry("moved", "rule", "702.5", "702.6")
    moved_and_changed = DiffEntry("moved", "rule", "702.7", "702.8", words=(WordChange("insert", "", "new"),))
    diff = SimpleNamespace(key="releases/2026-01-01--2026-02-01", old="2026-01-01", new="2026-02-01",
                           entries=[moved, moved_and_changed],
                           texts={("2026-02-01", "702.6"): "Unchanged words.", ("2026-02-01", "702.8"): "Some new words."})
    data = SimpleNamespace(newest="2026-02-01", releases=["2026-01-01", "2026-02-01"], diffs=[diff], newest_of={},
                           rules={}, target_page=lambda rule_id: ("cr/702", rule_id))
    content = ET.fromstring(feed_bytes(data, "en")).find(f"{A}entry/{A}content").text
    assert '702.6</a> (was 702.5)</li>' in content and "Unchanged words." not in content
    assert '702.8</a> (was 702.7): Some new words.</li>' in content
