"""Ingestion: recognise what a file is (an official rules text or a wiki page), parse it, and count
what every corpus file yields."""

from __future__ import annotations

import re
from itertools import islice
from pathlib import Path
from typing import Literal

from kb.corpus import CorpusFile, load_manifest
from kb.decode import DEFAULT_MAX_BYTES, iter_lines, read_text
from kb.model import CRDocument, WikiPage

DocumentKind = Literal["cr", "wiki"]

_RULE_LINE = re.compile(r"^\d{3}\.\d+[a-z]?\.?(?:\s|$)")
_EFFECTIVE = re.compile(r"These rules are (?:effective|current) as of", re.IGNORECASE)
_SNIFF_LINES = 400


def sniff_kind(text: str) -> DocumentKind:
    """An official rules text states its effective date near the top ("These rules are effective
    as of ...", in the oldest releases "current as of ..."), or is mostly bare rule lines; anything
    else is read as a wiki page (whose rule lines come bulleted inside quotes)."""
    head = list(islice(iter_lines(text), _SNIFF_LINES))
    if any(_EFFECTIVE.search(line) for line in head[:20]):
        return "cr"
    rule_lines = sum(1 for line in head if _RULE_LINE.match(line))
    return "cr" if rule_lines >= 10 and rule_lines * 4 >= len([h for h in head if h.strip()]) else "wiki"


def parse_text(
    text: str, source: str, kind: DocumentKind | None = None, lang: str | None = None, decoding=None
) -> CRDocument | WikiPage:
    from kb.parse.cr import parse_cr_text
    from kb.parse.wiki import parse_wiki_text

    kind = kind or sniff_kind(text)
    if kind == "cr":
        return parse_cr_text(text, source, decoding)
    return parse_wiki_text(text, source, lang=lang, decoding=decoding)


def parse_file(
    path: str | Path, kind: DocumentKind | None = None, lang: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> CRDocument | WikiPage:
    """Parse any rules text or wiki page. Raises `kb.decode.DecodeError` for bytes that are not
    text, `kb.decode.InputTooLarge` for a file of more than `max_bytes`, and
    `FileNotFoundError`/`IsADirectoryError` for a path that is no file."""
    text, decoding = read_text(path, max_bytes)
    return parse_text(text, str(path), kind=kind, lang=lang, decoding=decoding)


def parse_corpus_file(entry: CorpusFile) -> CRDocument | WikiPage:
    kind = entry.kind if entry.kind in ("cr", "wiki") else None
    return parse_file(entry.path, kind=kind, lang=entry.lang)


def corpus_stats(root: Path | None = None, cache: Path | None = None) -> list[dict]:
    """One row per corpus file: what it is and what it yields. With `cache` (the build cache of
    `kb.cache`), a release parsed by an earlier build is read from there."""
    from kb.cache import BuildCache, file_key
    from kb.corpus import sha256_of
    from kb.parse.cr import parse_cr

    kept = BuildCache(cache)
    rows = []
    for entry in load_manifest(root):
        if entry.kind not in ("cr", "wiki"):
            continue
        if entry.kind == "cr":
            key = file_key(entry.path, entry.sha256.lower() if entry.sha256 else sha256_of(entry.path))
            doc = kept.get("parse", key, lambda: parse_cr(entry.path))
        else:
            doc = parse_corpus_file(entry)
        counts = doc.counts()
        release = doc.release if isinstance(doc, CRDocument) else _page_release(doc)
        rows.append(
            {
                "file": entry.rel,
                "kind": entry.kind,
                "lang": entry.lang,
                "title": entry.title,
                "release": release,
                "encoding": doc.decoding.encoding + (" BOM" if doc.decoding.bom else ""),
                "lines": doc.line_count,
                "parts": counts.get("parts", 0),
                "sections": counts.get("sections", 0),
                "rules": counts.get("rules", 0),
                "subrules": counts.get("subrules", 0),
                "examples": counts.get("examples", 0),
                "glossary": counts.get("glossary", 0),
                "skipped": counts.get("skipped", 0),
                "diagnostics": counts.get("diagnostics", 0),
            }
        )
    return rows


def _page_release(page: WikiPage) -> str:
    dates = sorted({q.stamp.date for q in page.quotes if q.document != "tr" and q.stamp.date})
    return ", ".join(dates)
