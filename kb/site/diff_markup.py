"""Two texts merged word by word as HTML: what a release diff shows of a changed rule."""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Callable

from markupsafe import Markup, escape

from kb.refs import Reference, find_references
from kb.site.text import linkify

# Words with the spaces after them: a diff over these is a diff of words.
_TOKENS = re.compile(r"\S+\s*|\s+")


def inline_diff(old: str, new: str, old_url: Callable[[str], str | None] | None = None,
                new_url: Callable[[str], str | None] | None = None) -> Markup:
    """Old and new text merged word by word: removed words in <del>, added in <ins>, all escaped.
    With `old_url` and `new_url` (a rule number of that text's release -> its address, or None), the
    references each text makes link there: those in removed words by the old text's numbers, the
    others by the new text's."""
    a, b, opcodes = _word_opcodes(old, new)
    old_at, new_at = _offsets(a), _offsets(b)
    old_refs = find_references(old, "en") if old_url else []
    new_refs = find_references(new, "en") if new_url else []

    def piece(text: str, offsets: list[int], start: int, end: int, refs: list, url_for) -> Markup:
        first, last = offsets[start], offsets[end]
        words = text[first:last]
        if url_for is None:
            return escape(words)
        inside = [Reference(r.target, r.surface, r.start - first, r.end - first, r.kind)
                  for r in refs if first <= r.start and r.end <= last]
        return linkify(words, inside, url_for)

    out: list[Markup] = []
    for op, i1, i2, j1, j2 in opcodes:
        if op == "equal":
            out.append(piece(new, new_at, j1, j2, new_refs, new_url))
            continue
        if i2 > i1:
            out.append(Markup("<del>{}</del>").format(piece(old, old_at, i1, i2, old_refs, old_url)))
        if j2 > j1:
            out.append(Markup("<ins>{}</ins>").format(piece(new, new_at, j1, j2, new_refs, new_url)))
    return Markup("").join(out)


@functools.lru_cache(maxsize=8192)
def _word_opcodes(old: str, new: str) -> tuple[list[str], list[str], list[tuple[str, int, int, int, int]]]:
    """The words of two texts and how to turn the first into the second: worked out once for a pair
    of texts that a release diff shows plain and then with its references linked, page after page."""
    a, b = _TOKENS.findall(old), _TOKENS.findall(new)
    return a, b, difflib.SequenceMatcher(None, a, b).get_opcodes()


def _offsets(tokens: list[str]) -> list[int]:
    """Where each token starts in the text they make, and the text's length last."""
    at = [0]
    for token in tokens:
        at.append(at[-1] + len(token))
    return at
