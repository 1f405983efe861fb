"""Release news: an Atom feed per language (`feed.xml` at the Spanish root, `en/feed.xml`), one
entry per release with the rules it added, changed, renumbered and removed, each linked to the rule
as the site shows it today, and the release's page of changes.

Made from the site's data alone: every date is a release's (an entry's `updated` is its release, the
feed's is the newest release), never the time of the build, so the same corpus gives the same bytes.
The site has no fixed address, so ids are URNs made from the release (`urn:uuid:`, a name-based UUID)
and links are relative to the feed, which Atom resolves against the feed's own address (RFC 4287 §2,
xml:base). Corpus text goes into the XML as text: escaped by the XML writer, and inside the entry's
HTML content escaped once more as HTML.
"""

from __future__ import annotations

import html
import uuid
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from kb.site.locale import LANGS, format_release
from kb.site.urls import page_url

ATOM = "http://www.w3.org/2005/Atom"
FEED_FILE = "feed.xml"
# The newest releases a feed tells of: two to three years of releases, enough for a reader who
# checks now and then, in a feed of about 300 KB (each release lists its rules with their texts).
FEED_RELEASES = 10
_NAMESPACE = uuid.UUID("6f1c8f0a-5b7e-4c1e-9a63-2f4b8c9d0e11")

_WORDS = {
    "es": {
        "title": "Reglas completas de Magic: versiones",
        "subtitle": "Cada versión de las Reglas completas y las reglas que cambió.",
        "entry": "Versión del {date}",
        "summary": "Respecto a la versión del {old}: nuevas {added}, cambiadas {changed}, renumeradas {moved}, "
                   "eliminadas {removed}.",
        "added": "Nuevas", "changed": "Cambiadas", "moved": "Renumeradas", "removed": "Eliminadas",
        "was": "antes {old}", "page": "Todos los cambios de esta versión",
    },
    "en": {
        "title": "Magic Comprehensive Rules: releases",
        "subtitle": "Each release of the Comprehensive Rules and the rules it changed.",
        "entry": "Release of {date}",
        "summary": "Since the release of {old}: added {added}, changed {changed}, renumbered {moved}, "
                   "removed {removed}.",
        "added": "Added", "changed": "Changed", "moved": "Renumbered", "removed": "Removed",
        "was": "was {old}", "page": "Every change of this release",
    },
}
_STATUSES = ("added", "changed", "moved", "removed")


def feed_path(lang: str) -> str:
    """Where the feed of `lang` is, from the site's root."""
    return page_url("index", lang) + FEED_FILE


def _stamp(release: str) -> str:
    return f"{release}T00:00:00Z"


def _urn(*parts: str) -> str:
    return uuid.uuid5(_NAMESPACE, "/".join(parts)).urn


def _relative(path: str, lang: str) -> str:
    """`path` (from the site's root) relative to the feed of `lang`."""
    depth = page_url("index", lang).count("/")
    return "../" * depth + path


def _rule_link(data: Any, release: str, rule_id: str | None, lang: str) -> str | None:
    """Where the site shows the rule today (its id in the newest release), if it still is."""
    if rule_id is None:
        return None
    newest = rule_id if release == data.newest else data.newest_of.get((release, rule_id))
    place = data.target_page(newest) if newest else None
    if place is None:
        return None
    key, fragment = place
    return page_url(key, lang) + (f"#{fragment}" if fragment else "")


def _text(data: Any, diff: Any, release: str, rule_id: str | None, lang: str) -> str:
    """The rule's text in that release, escaped: in Spanish where the site has it (the newest
    release's Spanish, as its pages show it), else the English, marked as English."""
    rule = data.rules.get(rule_id) if release == data.newest and rule_id else None
    spanish = getattr(rule, "spanish", None) if lang == "es" and rule is not None else None
    if spanish is not None and getattr(spanish, "text", None):
        return ": " + html.escape(spanish.text)
    text = diff.texts.get((release, rule_id), "")
    if not text:
        return ""
    return ": " + (f'<span lang="en">{html.escape(text)}</span>' if lang != "en" else html.escape(text))


def _content(data: Any, diff: Any, lang: str) -> str:
    words = _WORDS[lang]
    parts = []
    for status in _STATUSES:
        entries = [e for e in diff.entries if e.status == status]
        if status == "moved":
            entries = [e for e in entries if e.old_id != e.new_id]
        if not entries:
            continue
        items = []
        for entry in entries:
            rule_id = entry.old_id if status == "removed" else entry.new_id
            release = diff.old if status == "removed" else diff.new
            link = _rule_link(data, release, rule_id, lang)
            label = html.escape(rule_id or "")
            label = f'<a href="{html.escape(_relative(link, lang))}">{label}</a>' if link else label
            if status == "moved":
                label += " (" + html.escape(words["was"].format(old=entry.old_id)) + ")"
            # A rule renumbered with its text as it was is told by its numbers alone: the releases that
            # renumber a part would otherwise fill the feed with texts that did not change.
            unchanged = status == "moved" and not getattr(entry, "text_changed", True)
            text = "" if unchanged else _text(data, diff, release, rule_id, lang)
            items.append(f"<li>{label}{text}</li>")
        parts.append(f"<h2>{words[status]}</h2>\n<ul>\n" + "\n".join(items) + "\n</ul>")
    page = html.escape(_relative(page_url(diff.key, lang), lang))
    parts.append(f'<p><a href="{page}">{words["page"]}</a></p>')
    return "\n".join(parts)


def feed_bytes(data: Any, lang: str) -> bytes:
    """The Atom feed of `lang`: the newest `FEED_RELEASES` releases, newest first."""
    words = _WORDS[lang]
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed", {"xml:lang": lang})
    ET.SubElement(feed, f"{{{ATOM}}}id").text = _urn("feed", lang)
    ET.SubElement(feed, f"{{{ATOM}}}title").text = words["title"]
    ET.SubElement(feed, f"{{{ATOM}}}subtitle").text = words["subtitle"]
    ET.SubElement(feed, f"{{{ATOM}}}updated").text = _stamp(data.newest)
    ET.SubElement(ET.SubElement(feed, f"{{{ATOM}}}author"), f"{{{ATOM}}}name").text = words["title"]
    ET.SubElement(feed, f"{{{ATOM}}}link", {"rel": "self", "href": FEED_FILE, "type": "application/atom+xml"})
    ET.SubElement(feed, f"{{{ATOM}}}link", {"rel": "alternate", "href": "./", "type": "text/html"})
    for other in LANGS:
        if other != lang:
            ET.SubElement(feed, f"{{{ATOM}}}link", {"rel": "alternate", "hreflang": other,
                                                    "type": "application/atom+xml",
                                                    "href": _relative(feed_path(other), lang)})
    by_new = {d.new: d for d in data.diffs}
    for release in list(reversed(data.releases))[:FEED_RELEASES]:
        diff = by_new.get(release)
        entry = ET.SubElement(feed, f"{{{ATOM}}}entry")
        ET.SubElement(entry, f"{{{ATOM}}}id").text = _urn("release", release, lang)
        ET.SubElement(entry, f"{{{ATOM}}}title").text = words["entry"].format(date=format_release(release, lang))
        ET.SubElement(entry, f"{{{ATOM}}}updated").text = _stamp(release)
        ET.SubElement(entry, f"{{{ATOM}}}published").text = _stamp(release)
        target = page_url(diff.key, lang) if diff else page_url("releases/index", lang)
        ET.SubElement(entry, f"{{{ATOM}}}link", {"rel": "alternate", "type": "text/html",
                                                 "href": _relative(target, lang)})
        if diff is None:
            continue
        counts = {s: sum(1 for e in diff.entries if e.status == s and (s != "moved" or e.old_id != e.new_id))
                  for s in _STATUSES}
        ET.SubElement(entry, f"{{{ATOM}}}summary").text = words["summary"].format(
            old=format_release(diff.old, lang), **counts)
        ET.SubElement(entry, f"{{{ATOM}}}content", {"type": "html"}).text = _content(data, diff, lang)
    ET.indent(feed)
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(feed, encoding="utf-8", xml_declaration=False) + b"\n"


def write_feeds(data: Any, site_dir: Path) -> list[Path]:
    """Write each language's feed under `site_dir`, where `feed_path` says."""
    written = []
    for lang in LANGS:
        path = Path(site_dir) / feed_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(feed_bytes(data, lang))
        written.append(path)
    return written

