"""Where each generated page lives, and the relative links between pages.

A page is named by its key, the path of its Markdown file without the language folder and the
`.md` ("index", "cr/101", "releases/2024-06-07--2026-01-16"). The same key exists in every
language; Spanish is served from the site root and English under `en/`, one folder per page
(directory URLs), so a key maps to one URL per language and links are computed between URLs.
Links inside generated HTML are written relative, as the builder would, so the site works from
any folder, a file server, or a sub-path.
"""

from __future__ import annotations

import posixpath
from functools import lru_cache
from urllib.parse import quote

from kb.site.locale import DEFAULT_LANG


def source_path(key: str) -> str:
    return f"{key}.md"


def page_url(key: str, lang: str) -> str:
    """The URL path of a page from the site root, ending in "/" ("" for the Spanish home)."""
    prefix = "" if lang == DEFAULT_LANG else f"{lang}/"
    if key == "index":
        path = ""
    elif key.endswith("/index"):
        path = key[: -len("index")]
    else:
        path = key + "/"
    return prefix + path


@lru_cache(maxsize=1 << 16)
def _relative_path(here: str, there: str) -> str:
    if here == there:
        return ""
    link = posixpath.relpath("/" + there, "/" + here.rstrip("/") if here else "/")
    if link == ".":
        return "./"
    return link if link.endswith("/") else link + "/"


def relative_url(from_key: str, from_lang: str, to_key: str, to_lang: str, fragment: str | None = None) -> str:
    link = _relative_path(page_url(from_key, from_lang), page_url(to_key, to_lang))
    if fragment:
        link += "#" + quote(fragment, safe=".-_~")
    return link or "./"


def asset_url(from_key: str, from_lang: str, asset: str) -> str:
    """A file the site keeps once at its root (the shared assets)."""
    here = page_url(from_key, from_lang)
    return posixpath.relpath("/" + asset, "/" + here.rstrip("/") if here else "/")


def source_link(from_key: str, to_key: str, fragment: str | None = None) -> str:
    """A relative link from one Markdown source to another of the same language."""
    here = posixpath.dirname(source_path(from_key)) or "."
    link = posixpath.relpath(source_path(to_key), here)
    return link + ("#" + fragment if fragment else "")
