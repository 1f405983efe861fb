"""Texts made comparable across releases: written one way, references set aside or renumbered,
and the word-level edits between two of them."""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from collections.abc import Sequence

from kb.history.model import WordChange
from kb.refs import RANGE_JOIN, Reference, find_references

PLACEHOLDER = "§"
_EVEN = (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("–", "-"), ("‑", "-"))
# One release (2008-05-01) was published with every curly quote, apostrophe, dash and trademark
# sign turned into "?" by a lossy conversion; comparing texts, all of those are the same mark.
_LOOSE = str.maketrans({'"': "'", "?": "'", "-": "'", "—": "'", "™": "'", "®": "'", "_": None})
# A dash however a release writes it: "cards—even", "cards -- even", "R - W", and, in 2008-05-01,
# "cards?even", "R ? W" or "one ?," (a question mark after a space stands for a lost dash, unless
# a word follows: then it stands for an opening quote).
_DASH = re.compile(r"\s*(?:--+|—)\s*|\s+-\s+|\s+\?(?=[\s,.;:)?])\s*")
# A trademark sign spelled out after a name: "Oracle(tm)", "Odyssey_(TM)", "Ravnica(r)".
_SPELLED_MARK = re.compile(r"(?<=[^\W_])_?\((?:tm|TM|r|R)\)")


def even_out(text: str) -> str:
    """Quotes, dashes and runs of white space (no-break spaces too) written one way."""
    for written, even in _EVEN:
        if written in text:
            text = text.replace(written, even)
    return " ".join(text.split())


def loose(text: str) -> str:
    """`text` evened out for telling whether it changed: a dash written one way (see `_DASH`); quotes,
    dashes, trademark signs and question marks written as one mark (see `_LOOSE`); and without the
    underscores some releases put around a title for italics ("_Magic_")."""
    text = even_out(text)
    if "-" in text or "—" in text or "?" in text:
        text = _DASH.sub("—", text)
    if "(" in text:
        text = _SPELLED_MARK.sub("™", text)
    return text.translate(_LOOSE)


def comparable(text: str, refs: Sequence[Reference] | None = None, lang: str = "en") -> str:
    """`text` evened out, with every reference replaced by a placeholder."""
    if refs is None:
        refs = find_references(text, lang)
    if not refs:
        return even_out(text)
    pieces, last = [], 0
    for start, end in sorted({(r.start, r.end) for r in refs}):
        if start < last:
            continue
        pieces.append(text[last:start])
        pieces.append(PLACEHOLDER)
        last = end
    pieces.append(text[last:])
    return even_out("".join(pieces))


def renumbered(text: str, refs: Sequence[Reference], mapping: dict[str, str]) -> str:
    """`text` with each reference rewritten to the id its target has under `mapping`, where it can be."""
    if not refs:
        return text
    spans: dict[tuple[int, int], list[Reference]] = defaultdict(list)
    for ref in refs:
        spans[(ref.start, ref.end)].append(ref)
    pieces, last = [], 0
    for (start, end), group in sorted(spans.items()):
        if start < last:
            continue
        pieces.append(text[last:start])
        pieces.append(_rewrite_surface(group, mapping))
        last = end
    pieces.append(text[last:])
    return "".join(pieces)


def _rewrite_surface(group: list[Reference], mapping: dict[str, str]) -> str:
    surface = group[0].surface
    if len(group) == 1:
        return mapping.get(group[0].target, surface)
    first, last = group[0].target, group[-1].target
    new_first, new_last = mapping.get(first), mapping.get(last)
    if new_first is None or new_last is None:
        return surface
    tail = RANGE_JOIN.split(surface, maxsplit=1)[1]
    dash = surface[len(group[0].target) : len(surface) - len(tail)]
    if tail == last:
        return f"{new_first}{dash}{new_last}"
    if tail.isalpha() and new_first[:-1] == new_last[:-1]:
        return f"{new_first}{dash}{new_last[-1]}"
    head_first, _, number_last = new_last.rpartition(".")
    if tail.isdigit() and new_first.rpartition(".")[0] == head_first:
        return f"{new_first}{dash}{number_last}"
    return surface


def words_of(text: str) -> list[str]:
    return even_out(text).split(" ") if text.strip() else []


def word_changes(old: str, new: str) -> tuple[WordChange, ...]:
    """The word-level edits turning `old` into `new` (words differing only by how their quotes are
    written are the same word)."""
    old_words, new_words = words_of(old), words_of(new)
    matcher = difflib.SequenceMatcher(
        None, [w.translate(_LOOSE) for w in old_words], [w.translate(_LOOSE) for w in new_words], autojunk=False
    )
    changes = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal":
            changes.append(WordChange(op, " ".join(old_words[i1:i2]), " ".join(new_words[j1:j2])))  # type: ignore[arg-type]
    return tuple(changes)


_RULE_ID = re.compile(r"(\d+)(?:\.(\d+)([a-z]?))?")


def sort_key(rule_id: str) -> tuple:
    """Rule ids in reading order: 100 < 100.1 < 100.1a < 100.2 < 100.10 < 101."""
    match = _RULE_ID.fullmatch(rule_id)
    if not match:
        return (10**6, -1, rule_id)
    return (int(match[1]), int(match[2] or -1), match[3] or "")
