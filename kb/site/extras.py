"""Files the site carries beside the builder's pages: the short address of every rule (`r/810.8a/`,
a page that forwards to the rule in its section), each section's details read on demand (history,
other-language text, where a translation comes from), what the compare page reads, and the search
vocabularies. They need none of the builder's pages, so they are made while the builder runs and
moved into the built site after it; the builder's pages are then squeezed in place."""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections import Counter
from pathlib import Path

from markupsafe import escape

from kb.site.feed import write_feeds
from kb.site.anchors import entry_key, glossary_anchors, terminology_anchors
from kb.site.locale import LANGS
from kb.site.query import write_query_indexes
from kb.site.sitedata import SiteData
from kb.site.ranking import write_rank_indexes
from kb.site.urls import page_url, relative_url

SHORT_PREFIX = "r"


def short_key(rule_id: str) -> str:
    return f"{SHORT_PREFIX}/{rule_id}"


def _forward_page(lang: str, url: str, title: str, indexed: str = "") -> str:
    """The short address of a rule: a page that forwards to the rule on its section's page. For a
    numbered rule it is also the search index's entry of that rule and its subrules (`indexed`):
    each is found on its own (a sub-result of its heading), ranked within a document of its own
    size, and its result leads to the rule on the section's page."""
    href = escape(url)
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width,initial-scale=1">\n'
        f'<meta name="robots" content="noindex">\n<title>{escape(title)}</title>\n'
        f'<meta http-equiv="refresh" content="0; url={href}">\n'
        f'<link rel="canonical" href="{href}">\n'
        f"<script>location.replace({json.dumps(url)});</script>\n"
        f"</head>\n<body>\n<p><a href=\"{href}\">{escape(title)}</a></p>\n{indexed}</body>\n</html>\n"
    )


def _centrality(backlinks: int) -> float:
    """How much a rule's text counts in search: more for a rule many others cite (APNAP's 101.4
    before the rules that apply it), between 1 and 3."""
    return round(min(3.0, 1.0 + 0.45 * math.log1p(backlinks)), 1)


def _indexed(site_url: str, title: str, entries: list[tuple[str, str, int]]) -> str:
    """The searchable body of a short address: a heading and a paragraph per rule."""
    body = []
    for level, (rule_id, text, backlinks) in enumerate(entries):
        tag = "h2" if level == 0 else "h3"
        body.append(f'<{tag} id="{escape(rule_id)}">{escape(rule_id)}</{tag}>\n'
                    f'<p data-pagefind-weight="{_centrality(backlinks):.1f}">{escape(text)}</p>\n')
    # Metadata from attributes, so that neither the address nor the title is searched as text.
    return (f'<main data-pagefind-body>\n<meta data-pagefind-meta="url[content]" content="{escape(site_url)}">\n'
            f'<meta data-pagefind-meta="title[content]" content="{escape(title)}">\n{"".join(body)}</main>\n')


def write_short_addresses(data: SiteData, site_dir: Path, only: set[str] | None = None) -> int:
    """`r/ID/index.html` in each language for every rule, section and part (those of `only` if
    given); returns how many."""
    from kb.site.views import section_title

    children: dict[str, list[str]] = {}
    for rule_id in data.order:
        rule = data.rules[rule_id]
        if rule.kind == "subrule" and rule.parent in data.rules:
            children.setdefault(rule.parent, []).append(rule_id)
    written = 0
    for lang in LANGS:

        def shown(rule_id: str) -> str:
            rule = data.rules[rule_id]
            spanish = rule.spanish if lang == "es" else None
            return spanish.text if spanish is not None else rule.text

        titles = {s.id: section_title(data, s, lang)[0] for s in [*data.sections, *data.parts]}
        for target in [*data.order, *(s.id for s in data.sections), *(p.id for p in data.parts)]:
            place = data.target_page(target) if only is None or target in only else None
            if place is None:
                continue
            key, fragment = place
            url = relative_url(short_key(target), lang, key, lang, fragment)
            rule = data.rules.get(target)
            if rule is None:
                title = f"{target}. {titles.get(target, '')}"
                indexed = _indexed(page_url(key, lang) + (f"#{fragment}" if fragment else ""), title,
                                   [(target, titles.get(target, ""), 0)])
            elif rule.kind == "rule" or rule.parent not in data.rules:
                title = f"{target} · {rule.section}. {titles.get(rule.section, '')}"
                group = [target, *children.get(target, [])]
                # The index's title is the number alone: the index searches titles too.
                indexed = _indexed(page_url(key, lang), target,
                                   [(r, shown(r), len(data.rules[r].backlinks)) for r in group])
            else:
                title, indexed = target, ""
            path = Path(site_dir) / page_url(short_key(target), lang) / "index.html"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_forward_page(lang, url, title, indexed), encoding="utf-8")
            written += 1
    return written


SEARCH_COPIES = "kb-search"


def write_search_copies(data: SiteData, site_dir: Path) -> int:
    """The glossary and the terminology as the search index reads them (`kb-search/glossary/`,
    `kb-search/terms/`): an entry or a pair per heading, its anchor the page's, so that a hit opens
    the page at that entry; the pages themselves are not indexed. Each copy forwards to its page."""
    from kb.site.locale import other_lang, strings

    glossary = glossary_anchors(data)
    pairs = terminology_anchors(data)
    written = 0
    for lang in LANGS:
        t = strings(lang)
        other = other_lang(lang)
        copies = {
            "glossary": (t["glossary"], [(glossary[lang][entry_key(entry)], entry.term, " ".join(entry.senses))
                                         for entry in data.glossary.get(lang, [])]),
            "terms": (t["terminology"], [(pairs[id(term)], getattr(term, lang) or getattr(term, other),
                                          getattr(term, other)) for term in data.terminology]),
        }
        for key, (title, entries) in copies.items():
            body = "".join(f'<h2 id="{escape(anchor)}">{escape(heading)}</h2>\n<p>{escape(text)}</p>\n'
                           for anchor, heading, text in entries)
            indexed = (f'<main data-pagefind-body>\n<meta data-pagefind-meta="url[content]" '
                       f'content="{escape(page_url(key, lang))}">\n'
                       f'<meta data-pagefind-meta="title[content]" content="{escape(title)}">\n{body}</main>\n')
            copy_key = f"{SEARCH_COPIES}/{key}"
            path = Path(site_dir) / page_url(copy_key, lang) / "index.html"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_forward_page(lang, relative_url(copy_key, lang, key, lang), title, indexed),
                            encoding="utf-8")
            written += 1
    return written


def write_page_files(generated, site_dir: Path) -> int:
    """The files generation made for the built site (each section's details), beside their pages."""
    for (key, lang, name), text in sorted(generated.extras.items()):
        path = Path(site_dir) / page_url(key, lang) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return len(generated.extras)


_WORD = re.compile(r"[^\W\d_]{4,}")
MAX_WORDS = 15000


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word.casefold()) if not unicodedata.combining(c))


def vocabulary(data: SiteData, lang: str) -> list[str]:
    """The words a reader of `lang` finds on the rule pages, most frequent first (folded as the
    search box folds a query): what a misspelt query is corrected against."""
    counts: Counter[str] = Counter()
    for rule in data.rules.values():
        spanish = rule.spanish if lang == "es" else None
        texts = [spanish.text, *spanish.examples] if spanish is not None else [rule.text, *rule.examples]
        for text in texts:
            counts.update(_fold(w) for w in _WORD.findall(text))
    for entry in data.glossary.get(lang, []):
        counts.update(_fold(w) for w in _WORD.findall(" ".join([entry.term, *entry.senses])))
    return [word for word, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:MAX_WORDS]]


def write_vocabularies(data: SiteData, site_dir: Path) -> None:
    for lang in LANGS:
        words = vocabulary(data, lang)
        (Path(site_dir) / f"kb-words.{lang}.json").write_text(
            json.dumps(words, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


# Where white space is content: kept as it is.
_VERBATIM = re.compile(r"(<(pre|textarea|script)\b.*?</\2>)", re.DOTALL | re.IGNORECASE)
_INDENT = re.compile(r"\n[ \t]*(?:\n[ \t]*)*")


def squeeze(html: str) -> str:
    """The builder's pages without their indentation and blank lines (a third of a small page's
    weight), white space inside <pre>, <textarea> and <script> untouched. A run of white space
    with a line break still reads as one space to a browser, so the page shows the same."""
    parts = _VERBATIM.split(html)
    out = []
    # split() gives text, then (element, tag name) pairs: the text parts are squeezed.
    for i in range(0, len(parts), 3):
        out.append(_INDENT.sub("\n", parts[i]))
        if i + 1 < len(parts):
            out.append(parts[i + 1])
    return "".join(out)


def squeeze_pages(site_dir: Path, workers: int = 1) -> int:
    """Every page of the site squeezed in place (`squeeze`), shared out among up to `workers` forked
    processes (`kb.workers`); the characters saved."""
    from kb.workers import forked_map

    pages = sorted(Path(site_dir).rglob("*.html"))
    saved = forked_map(_squeeze_page, pages, workers)
    if saved is None:
        saved = [_squeeze_page(path) for path in pages]
    return sum(saved)


def _squeeze_page(path: Path) -> int:
    text = path.read_text(encoding="utf-8")
    small = squeeze(text)
    if small == text:
        return 0
    path.write_text(small, encoding="utf-8")
    return len(text) - len(small)


RELEASE_DATA = "releases-data"


# The compare page reads the texts it shows, fifty to a file: comparing the two newest releases
# reads about a hundred kilobytes of them, not every text of every release.
TEXT_CHUNK = 50


def _compact_json(value, ascii_only: bool) -> str:
    """`json.dumps(value, ensure_ascii=ascii_only, separators=(",", ":"))` for strings, integers,
    lists and string-keyed objects (keys in their order), written by msgspec where its bytes are
    those: always with non-ASCII kept, with ASCII alone when nothing needs escaping (no character past
    "~", which the json module writes as an escape and msgspec as it is)."""
    import msgspec

    raw = msgspec.json.encode(value)
    if ascii_only and not (raw.isascii() and b"\x7f" not in raw):
        return json.dumps(value, separators=(",", ":"))
    return raw.decode("utf-8")


def write_release_data(data: SiteData, site_dir: Path) -> int:
    """What the compare page reads to set any two releases side by side: every distinct rule text of
    every release once, numbered, in files of `TEXT_CHUNK` (`texts/N.json` holds the texts numbered
    from N × TEXT_CHUNK), and for each release its rules' ids, each with the number of its text and
    the number of its line of descent (`RELEASE.json`: `{"702.19b": [text, descent]}`), so that rules
    pair across any renumbering between the two. A text that stays the same across releases is stored
    once."""
    folder = Path(site_dir) / RELEASE_DATA
    (folder / "texts").mkdir(parents=True, exist_ok=True)
    texts: dict[str, int] = {}
    for release in data.releases:
        table = {}
        descent = data.descent[release]
        for rule_id, text in data.release_texts.get(release, {}).items():
            table[rule_id] = [texts.setdefault(text, len(texts)), descent[rule_id]]
        (folder / f"{release}.json").write_text(_compact_json(table, ascii_only=True), encoding="utf-8")
    ordered = list(texts)
    for start in range(0, len(ordered), TEXT_CHUNK):
        (folder / "texts" / f"{start // TEXT_CHUNK}.json").write_text(
            _compact_json(ordered[start:start + TEXT_CHUNK], ascii_only=False), encoding="utf-8")
    return len(texts)


def write_standalone_extras(data: SiteData, folder: Path, generated=None) -> None:
    """The extra files that need none of the builder's pages (what the compare page reads, the short
    addresses, the search vocabularies, each section's details, the release feeds), laid out under `folder` as in the
    site: they can be made while the builder runs, and moved in after (`kb.site.output.move_tree_into`)."""
    Path(folder).mkdir(parents=True, exist_ok=True)
    write_release_data(data, folder)
    write_short_addresses(data, folder)
    write_search_copies(data, folder)
    write_vocabularies(data, folder)
    write_query_indexes(data, folder)
    write_feeds(data, folder)
    write_rank_indexes(data, folder)
    if generated is not None:
        write_page_files(generated, folder)
