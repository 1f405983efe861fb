"""Corpus text turned into safe page text.

Everything the corpus says is data: it reaches a page only escaped. Rule text goes out as HTML
with `markupsafe.escape` applied to every piece, so `<script>` or `[a](b)` shows as written; the
references a text makes become links around their own (escaped) surface text. Markdown never
sees corpus text outside an HTML block, and the one place it could (YAML front matter and
navigation titles) gets `yaml_string`, a JSON string of the HTML-escaped title.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable

from markupsafe import Markup, escape

from kb.refs import Reference, find_references


def title_text(text: str) -> str:
    """A title as the page chrome prints it unescaped (page title, navigation): HTML-escaped."""
    return str(escape(" ".join(text.split())))


def yaml_string(text: str) -> str:
    """A YAML scalar for front matter: JSON is YAML, and a JSON string cannot break out."""
    return json.dumps(text, ensure_ascii=False)


def linkify(text: str, references: Iterable[Reference], url_for: Callable[[str], str | None]) -> Markup:
    """`text` escaped, with each reference's span wrapped in a link to its first resolvable target.

    A range ("601.2f–h") yields several references over one span: the span links once, to the first
    target the site has. Spans that overlap an earlier one are left as text.
    """
    spans: dict[tuple[int, int], tuple[str, str | None]] = {}
    for ref in sorted(references, key=lambda r: (r.start, r.end)):
        if (ref.start, ref.end) in spans:
            continue
        url = url_for(ref.target)
        if url is not None and 0 <= ref.start < ref.end <= len(text) and text[ref.start:ref.end] == ref.surface:
            # A text quoting an older release names the rule by its number then: the link says
            # the number it has now too.
            renumbered = None if ref.surface.startswith(ref.target) else ref.target
            spans[(ref.start, ref.end)] = (url, renumbered)
    out: list[str] = []
    cursor = 0
    for (start, end), (url, renumbered) in sorted(spans.items()):
        if start < cursor:
            continue
        out.append(escape(text[cursor:start]))
        out.append(Markup('<a class="kb-ref" href="{}">{}</a>').format(url, text[start:end]))
        if renumbered:
            out.append(Markup(' <span class="kb-renum">(→\u00a0{})</span>').format(renumbered))
        cursor = end
    out.append(escape(text[cursor:]))
    return Markup("").join(out)


def linkify_text(text: str, lang: str, url_for: Callable[[str], str | None]) -> Markup:
    """Find the references in any text (glossary definitions, examples) and link them."""
    return linkify(text, find_references(text, lang), url_for)
