"""The glossary entries added, removed and changed from one release to the next, for the release pages.

Entries are paired by their term as the history pairs rules' texts: however a release writes its
quotes, dashes, trademark signs or italics ("Planar _Magic_", "?As Though?"), and whatever its
case. A term left without a pair on both sides whose definition reads the same is one entry
renamed. A definition has changed when it reads otherwise, line breaks, marks and references that
follow the rules' renumbering aside (`kb.history.diff.changes`, as for a rule's text).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from kb.history.diff import changes
from kb.history.pairing import Content
from kb.history.text import loose

GlossaryStatus = Literal["added", "removed", "changed"]
STATUSES: tuple[GlossaryStatus, ...] = ("added", "removed", "changed")


@dataclass(frozen=True)
class GlossaryChange:
    """One entry that did not stay as it was; `old_*` empty for an added entry, `new_*` for a removed one.
    Each text is the entry's senses, one a line, each written on one line."""

    status: GlossaryStatus
    old_term: str
    new_term: str
    old_text: str
    new_text: str

    @property
    def term(self) -> str:
        return self.new_term or self.old_term

    @property
    def renamed(self) -> bool:
        return bool(self.old_term and self.new_term) and loose(self.old_term) != loose(self.new_term)


def definition(entry: Any) -> str:
    """An entry's senses, one a line, each with its white space (a wrapped line's break) made one space."""
    return "\n".join(" ".join(sense.split()) for sense in entry.senses if sense.strip())


def term_key(term: str) -> str:
    return loose(term).casefold()


def cut_short(doc: Any) -> bool:
    """Whether the text of a release ends inside its glossary (as the published 2013-02-01 does):
    the parser found a glossary and nothing after it, not even the credits."""
    names = [region[0] for region in getattr(doc, "regions", [])]
    return "glossary" in names and names[-1] == "glossary" and "credits" not in names


def last_complete(entries: Sequence[Any]) -> Any | None:
    """The last entry of a glossary cut short that is whole: the one before the last, which the
    cut may have left without its definition or with part of it."""
    return entries[-2] if len(entries) >= 2 else None


def _beyond(entries: Sequence[Any], cut: Sequence[Any]) -> set[int]:
    """The entries of `entries` (ids) that stand after where the glossary `cut` was cut short: after
    the entry of its last whole term, or, if `entries` has no such term, after every term that
    sorts before it."""
    last = last_complete(cut)
    if last is None:
        return {id(entry) for entry in entries}
    key = term_key(last.term)
    keys = [term_key(entry.term) for entry in entries]
    if key in keys:
        at = keys.index(key)
        return {id(entry) for entry in entries[at + 1:]}
    return {id(entry) for entry, other in zip(entries, keys) if other > key}


def glossary_changes(old: Iterable[Any], new: Iterable[Any], mapping: dict[str, str] | None = None, *,
                     old_cut: bool = False, new_cut: bool = False) -> list[GlossaryChange]:
    """What changed from the glossary `old` to `new` (entries with `term` and `senses`); `mapping`
    takes the old release's rule ids to the new one's (a reference following it is no change).
    Sorted by term, the statuses in the order of `STATUSES`.

    A glossary cut short (`old_cut`, `new_cut`: its text ends inside it) is compared as far as it
    goes: its last entry, which the cut may have left incomplete, is not compared, and the other
    glossary's terms beyond the cut are neither added nor removed."""
    mapping = mapping or {}
    old, new = list(old), list(new)
    unknown: set[int] = set()
    if new_cut:
        unknown |= _beyond(old, new)
        new = new[:-1]
    if old_cut:
        unknown |= _beyond(new, old)
        old = old[:-1]
    before: dict[str, list[Any]] = defaultdict(list)
    for entry in old:
        before[term_key(entry.term)].append(entry)
    pairs: list[tuple[Any, Any]] = []
    added: list[Any] = []
    for entry in new:
        waiting = before.get(term_key(entry.term))
        if waiting:
            pairs.append((waiting.pop(0), entry))
        else:
            added.append(entry)
    removed = [entry for entries in before.values() for entry in entries if id(entry) not in unknown]
    added = [entry for entry in added if id(entry) not in unknown]
    # Renamed: a removed and an added entry that say the same.
    by_text: dict[str, list[Any]] = defaultdict(list)
    for entry in removed:
        by_text[loose(definition(entry))].append(entry)
    still_added = []
    for entry in added:
        same = by_text.get(loose(definition(entry)))
        if same and loose(definition(entry)):
            pairs.append((same.pop(0), entry))
        else:
            still_added.append(entry)
    renamed_from = {id(old_entry) for old_entry, _ in pairs}
    out = [GlossaryChange("added", "", e.term, "", definition(e)) for e in still_added]
    out += [GlossaryChange("removed", e.term, "", definition(e), "") for e in removed if id(e) not in renamed_from]
    for old_entry, new_entry in pairs:
        old_text, new_text = definition(old_entry), definition(new_entry)
        if _differs(old_text, new_text, mapping) or loose(old_entry.term) != loose(new_entry.term):
            out.append(GlossaryChange("changed", old_entry.term, new_entry.term, old_text, new_text))
    out.sort(key=lambda c: (STATUSES.index(c.status), term_key(c.term), c.term, c.old_term))
    return out


def _differs(old: str, new: str, mapping: dict[str, str]) -> bool:
    if old == new or loose(old) == loose(new):
        return False
    words, _ = changes(Content.read((old,), "en"), Content.read((new,), "en"), mapping)
    return bool(words)


def counts(found: Sequence[GlossaryChange]) -> dict[str, int]:
    return {status: sum(1 for c in found if c.status == status) for status in STATUSES}
