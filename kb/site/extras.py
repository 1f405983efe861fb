"""Files the site carries beside the builder's pages, written straight into the built site: the
short address of every rule (`r/810.8a/`, a page that forwards to the rule in its section) and
each section's details read on demand (history, other-language text, where a translation comes
from)."""

from __future__ import annotations

import json
from pathlib import Path

from markupsafe import escape

from kb.site.locale import LANGS
from kb.site.urls import page_url, relative_url
from kb.site.views import SiteData

SHORT_PREFIX = "r"


def short_key(rule_id: str) -> str:
    return f"{SHORT_PREFIX}/{rule_id}"


def _forward_page(lang: str, rule_id: str, url: str) -> str:
    href = escape(url)
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="robots" content="noindex">\n<title>{escape(rule_id)}</title>\n'
        f'<meta http-equiv="refresh" content="0; url={href}">\n'
        f'<link rel="canonical" href="{href}">\n'
        f"<script>location.replace({json.dumps(url)});</script>\n"
        f'</head>\n<body>\n<p><a href="{href}">{escape(rule_id)}</a></p>\n</body>\n</html>\n'
    )


def write_short_addresses(data: SiteData, site_dir: Path) -> int:
    """`r/ID/index.html` in each language for every rule, section and part; returns how many."""
    targets = [*data.order, *(s.id for s in data.sections), *(p.id for p in data.parts)]
    written = 0
    for lang in LANGS:
        for target in targets:
            place = data.target_page(target)
            if place is None:
                continue
            key, fragment = place
            url = relative_url(short_key(target), lang, key, lang, fragment)
            path = Path(site_dir) / page_url(short_key(target), lang) / "index.html"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_forward_page(lang, target, url), encoding="utf-8")
            written += 1
    return written


def write_extras(data: SiteData, site_dir: Path) -> None:
    write_short_addresses(data, site_dir)
