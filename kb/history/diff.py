"""The diff of two releases: every rule paired (see `kb.history.pairing`), then sorted into
unchanged, changed (with the words that changed, in its text and in its examples), moved
(renumbered; possibly changed too), and the rules left over into added and removed.

A paired rule whose text differs only by references that follow the renumbering ("see rule 716" ->
"see rule 717" when 716 became 717) has not changed.
"""

from __future__ import annotations

import difflib

from kb.history.model import DiffEntry, ExampleChange, ReleaseDiff
from kb.history.pairing import Content, Pairing, Prepared
from kb.history.text import loose, renumbered, sort_key, word_changes
from kb.model import CRDocument


def prepared(doc: CRDocument | Prepared) -> Prepared:
    return doc if isinstance(doc, Prepared) else Prepared.of(doc)


def diff_releases(
    old: CRDocument | Prepared,
    new: CRDocument | Prepared,
    seed: dict[str, str] | None = None,
    via: tuple[str, ...] = (),
) -> ReleaseDiff:
    """Every rule added, removed, changed or moved (renumbered) from release `old` to release `new`.
    `seed` gives pairs already known (the composition of the diffs of the releases `via` between)."""
    before, after = prepared(old), prepared(new)
    pairing = Pairing(before, after, seed)
    mapping = pairing.run()
    entries: list[DiffEntry] = []
    unchanged = 0
    for old_id, rule in before.rules.items():
        new_id = mapping.get(old_id)
        if new_id is None:
            entries.append(DiffEntry("removed", rule.kind, old_id, None, similarity=0.0))
            continue
        words, examples = changes(before.content[old_id], after.content[new_id], mapping)
        if old_id != new_id:
            entries.append(DiffEntry("moved", rule.kind, old_id, new_id, words,
                                     round(pairing.similarity[old_id], 4), examples))
        elif words or examples:
            entries.append(DiffEntry("changed", rule.kind, old_id, new_id, words,
                                     round(pairing.similarity[old_id], 4), examples))
        else:
            unchanged += 1
    for new_id, rule in after.rules.items():
        if new_id not in pairing.taken:
            entries.append(DiffEntry("added", rule.kind, None, new_id, similarity=0.0))
    entries.sort(key=lambda e: (sort_key(e.new_id or e.old_id or ""), e.status))
    return ReleaseDiff(before.release, after.release, entries, dict(mapping), unchanged, tuple(via))


def changes(old: Content, new: Content, mapping: dict[str, str]):
    """The word changes of a paired rule's text and the changes of its examples. A text has not
    changed if it reads the same, or if it does once its references are rewritten to the new
    numbers; the words shown are the ones each release writes (a reference the new release did
    not follow to its new number is no change)."""
    if old is new and old.follows(mapping):
        return (), ()
    pieces = _renumbered_pieces(old, mapping)
    words = ()
    new_key = loose(new.text)
    if loose(pieces[0]) != new_key and loose(old.text) != new_key:
        words = word_changes(old.text, new.text)
    return words, example_changes(old.examples, pieces[1:], new.examples)


def _renumbered_pieces(content: Content, mapping: dict[str, str]) -> tuple[str, ...]:
    if content.follows(mapping):
        return content.pieces
    return tuple(renumbered(piece, refs, mapping) for piece, refs in zip(content.pieces, content.refs))


def example_changes(
    old: tuple[str, ...], old_renumbered: tuple[str, ...], new: tuple[str, ...]
) -> tuple[ExampleChange, ...]:
    """The examples added, removed and changed: equal examples in order are matched first (equal as
    written, or once their references are renumbered); between them, examples are paired in order,
    and the ones left over were added or removed."""
    if not old and not new:
        return ()
    new_keys = [loose(x) for x in new]
    written = set(new_keys)
    old_keys = [key if (key := loose(x)) in written else loose(y) for x, y in zip(old, old_renumbered)]
    if old_keys == new_keys:
        return ()
    found: list[ExampleChange] = []
    matcher = difflib.SequenceMatcher(None, old_keys, new_keys, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        common = min(i2 - i1, j2 - j1)
        for k in range(common):
            i, j = i1 + k, j1 + k
            found.append(ExampleChange("changed", i + 1, j + 1, old[i], new[j], word_changes(old[i], new[j])))
        for i in range(i1 + common, i2):
            found.append(ExampleChange("removed", i + 1, None, old[i], ""))
        for j in range(j1 + common, j2):
            found.append(ExampleChange("added", None, j + 1, "", new[j]))
    return tuple(found)
