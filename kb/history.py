"""How the rules changed from one release to the next.

`diff_releases(old, new)` pairs every rule of one release with its rule in the other, then sorts the
pairs into unchanged, changed (with the words that changed), moved (renumbered; possibly changed
too), and the rules left over into added and removed.

Pairing goes level by level, parts first, so that a section's own pairing can guide its rules':
1. rules whose text is the same, once the references inside it are replaced by a placeholder (when a
   section is renumbered the numbers inside its rules move with it) and quotes and spaces are evened
   out, are paired; ties go to the same id, then to the rule under the matching parent;
2. the rest are paired by similarity (difflib ratio over words) among likely candidates: the same
   id, or a rule under the parent this rule's parent was paired with; a last pass pairs
   near-identical rules anywhere;
3. a rule left over on both sides under the same number and parent was rewritten in place if
   enough of its words remain;
4. finally, bottom up, a leftover section (or part, or rule) is paired with the leftover one most
   of its paired children went to: a renamed section ("Tribals" -> "Kindreds") is known by its rules.
A paired rule whose text differs only by references that follow the renumbering ("see rule 716" ->
"see rule 717" when 716 became 717) has not changed.

`History(docs)` computes the diff of every pair of consecutive releases once; `rule_history` and
`trace` follow one rule through them.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Literal

from kb.corpus import CorpusFile, load_manifest
from kb.model import CRDocument, Rule
from kb.refs import RANGE_JOIN, Reference, find_references

DiffStatus = Literal["added", "removed", "changed", "moved"]
EventStatus = Literal["present", "added", "unchanged", "changed", "moved", "removed"]

LEVELS = ("part", "section", "rule", "subrule")
# Similarity a pair needs: with a structural hint (same id, or under the matching parent), without one.
HINTED_THRESHOLD = 0.5
UNHINTED_THRESHOLD = 0.85
# A rule rewritten where it stood (same number, matching parent) keeps this much of its words
# (ratio), or this share of the shorter of its two texts.
IN_PLACE_RATIO = 0.25
IN_PLACE_KEPT = 0.6
# The last, unhinted pass compares every leftover pair; above this many pairs it is skipped.
MAX_GLOBAL_PAIRS = 400_000

_PLACEHOLDER = "§"
_EVEN = (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("–", "-"), ("‑", "-"))


class UnknownRelease(ValueError):
    """A release that is not among the documents given."""


class UnknownRule(ValueError):
    """A rule id that the release asked about does not have."""


@dataclass(frozen=True)
class WordChange:
    """One edit of a word-level diff: `op` is "replace", "delete" or "insert"."""

    op: Literal["replace", "delete", "insert"]
    old: str
    new: str

    def __str__(self) -> str:
        if self.op == "insert":
            return f"+[{self.new}]"
        if self.op == "delete":
            return f"-[{self.old}]"
        return f"[{self.old}] -> [{self.new}]"


@dataclass(frozen=True)
class DiffEntry:
    """One rule that did not stay as it was. For "moved", `words` is non-empty if it also changed."""

    status: DiffStatus
    kind: str
    old_id: str | None
    new_id: str | None
    words: tuple[WordChange, ...] = ()
    similarity: float = 1.0

    @property
    def text_changed(self) -> bool:
        return bool(self.words)


@dataclass
class ReleaseDiff:
    """What changed from release `old` to release `new`; `mapping` takes every paired old id to its new id."""

    old: str
    new: str
    entries: list[DiffEntry]
    mapping: dict[str, str]
    unchanged: int

    def only(self, status: DiffStatus) -> list[DiffEntry]:
        return [entry for entry in self.entries if entry.status == status]

    @property
    def added(self) -> list[DiffEntry]:
        return self.only("added")

    @property
    def removed(self) -> list[DiffEntry]:
        return self.only("removed")

    @property
    def changed(self) -> list[DiffEntry]:
        return self.only("changed")

    @property
    def moved(self) -> list[DiffEntry]:
        return self.only("moved")

    @cached_property
    def reverse_mapping(self) -> dict[str, str]:
        return {new: old for old, new in self.mapping.items()}

    @cached_property
    def _by_old(self) -> dict[str, DiffEntry]:
        return {e.old_id: e for e in self.entries if e.old_id is not None}

    @cached_property
    def _by_new(self) -> dict[str, DiffEntry]:
        return {e.new_id: e for e in self.entries if e.new_id is not None}

    def counts(self) -> dict[str, int]:
        counts = {status: len(self.only(status)) for status in ("added", "removed", "changed", "moved")}
        counts["moved_and_changed"] = sum(1 for e in self.moved if e.text_changed)
        counts["unchanged"] = self.unchanged
        return counts

    def entry_for(self, *, old_id: str | None = None, new_id: str | None = None) -> DiffEntry | None:
        """The entry of the old rule `old_id` or the new rule `new_id`; None if it stayed as it was."""
        if old_id is not None:
            return self._by_old.get(old_id)
        if new_id is not None:
            return self._by_new.get(new_id)
        return None


@dataclass
class _Prepared:
    """A release read once for diffing: each rule's comparable text and its references."""

    doc: CRDocument
    rules: dict[str, Rule] = field(default_factory=dict)
    order: dict[str, int] = field(default_factory=dict)
    content: dict[str, str] = field(default_factory=dict)
    key: dict[str, str] = field(default_factory=dict)
    words: dict[str, list[str]] = field(default_factory=dict)
    refs: dict[str, list[Reference]] = field(default_factory=dict)

    @classmethod
    def of(cls, doc: CRDocument) -> _Prepared:
        prepared = cls(doc)
        lang = doc.lang or "en"
        for position, rule in enumerate(doc.rules):
            if rule.id in prepared.rules:
                continue  # a duplicated id is the parser's to report; the first one is the rule
            content = rule_content(rule)
            refs = find_references(content, lang)
            prepared.rules[rule.id] = rule
            prepared.order[rule.id] = position
            prepared.content[rule.id] = content
            prepared.refs[rule.id] = refs
            prepared.key[rule.id] = key = comparable(content, refs)
            prepared.words[rule.id] = key.split(" ")
        return prepared

    def ids_of(self, kind: str) -> list[str]:
        return [rule_id for rule_id, rule in self.rules.items() if rule.kind == kind]


def rule_content(rule: Rule) -> str:
    """A rule's text with its examples: what a change to the rule can touch."""
    return "\n".join([rule.text, *(example.text for example in rule.examples)])


def even_out(text: str) -> str:
    """Quotes, dashes and runs of white space (no-break spaces too) written one way."""
    for written, even in _EVEN:
        if written in text:
            text = text.replace(written, even)
    return " ".join(text.split())


def comparable(text: str, refs: Sequence[Reference] | None = None, lang: str = "en") -> str:
    """`text` evened out, with every reference replaced by a placeholder."""
    if refs is None:
        refs = find_references(text, lang)
    pieces, last = [], 0
    for start in sorted({(r.start, r.end) for r in refs}):
        if start[0] < last:
            continue
        pieces.append(text[last : start[0]])
        pieces.append(_PLACEHOLDER)
        last = start[1]
    pieces.append(text[last:])
    return even_out("".join(pieces))


def _renumbered(text: str, refs: Sequence[Reference], mapping: dict[str, str]) -> str:
    """`text` with each reference rewritten to the id its target has under `mapping`, where it can be."""
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


def _words(text: str) -> list[str]:
    return even_out(text).split(" ") if text.strip() else []


def word_changes(old: str, new: str) -> tuple[WordChange, ...]:
    """The word-level edits turning `old` into `new`."""
    old_words, new_words = _words(old), _words(new)
    matcher = difflib.SequenceMatcher(None, old_words, new_words, autojunk=False)
    changes = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal":
            changes.append(WordChange(op, " ".join(old_words[i1:i2]), " ".join(new_words[j1:j2])))  # type: ignore[arg-type]
    return tuple(changes)


class _Pairing:
    def __init__(self, old: _Prepared, new: _Prepared):
        self.old, self.new = old, new
        self.pairs: dict[str, str] = {}
        self.similarity: dict[str, float] = {}
        self.taken: set[str] = set()
        self._matchers: dict[str, difflib.SequenceMatcher] = {}

    def ratio(self, old_id: str, new_id: str) -> float:
        """Word-level similarity of two rules (words are few where characters are many, so it is fast);
        0.0 when a cheap upper bound already rules the pair out."""
        matcher = self._matchers.get(new_id)
        if matcher is None:
            matcher = difflib.SequenceMatcher(None, b=self.new.words[new_id], autojunk=False)
            self._matchers[new_id] = matcher
        matcher.set_seq1(self.old.words[old_id])
        if matcher.real_quick_ratio() < HINTED_THRESHOLD or matcher.quick_ratio() < HINTED_THRESHOLD:
            return 0.0
        return matcher.ratio()

    def run(self) -> dict[str, str]:
        # Parts first, then sections, rules, subrules; any other kind a parser may give, after them.
        others = {r.kind for r in self.old.rules.values()} | {r.kind for r in self.new.rules.values()}
        levels = [*LEVELS, *sorted(others - set(LEVELS))]
        for level in levels:
            olds = [i for i in self.old.ids_of(level) if i not in self.pairs]
            news = [i for i in self.new.ids_of(level) if i not in self.taken]
            self._pair_identical(olds, news)
            self._pair_similar(level)
            self._pair_in_place(level)
        for level in reversed(levels):
            self._pair_by_children(level)
        return self.pairs

    def _pair(self, old_id: str, new_id: str, similarity: float) -> None:
        self.pairs[old_id] = new_id
        self.similarity[old_id] = similarity
        self.taken.add(new_id)

    def _parent_follows(self, old_id: str, new_id: str) -> bool:
        old_parent = self.old.rules[old_id].parent
        new_parent = self.new.rules[new_id].parent
        if old_parent is None or new_parent is None:
            return old_parent is None and new_parent is None
        if old_parent not in self.old.rules and new_parent not in self.new.rules:
            return old_parent == new_parent  # neither release has the parent: its number is all there is
        return self.pairs.get(old_parent) == new_parent

    def _pair_identical(self, olds: list[str], news: list[str]) -> None:
        by_key_old: dict[str, list[str]] = defaultdict(list)
        by_key_new: dict[str, list[str]] = defaultdict(list)
        for i in olds:
            by_key_old[self.old.key[i]].append(i)
        for i in news:
            by_key_new[self.new.key[i]].append(i)
        for key, old_ids in by_key_old.items():
            new_ids = by_key_new.get(key)
            if not new_ids:
                continue
            free = list(new_ids)
            # Ties: the same id under the matching parent, then any id under it, then the same id.
            for accept in (
                lambda o, n: o == n and self._parent_follows(o, n),
                self._parent_follows,
                lambda o, n: o == n,
            ):
                for old_id in list(old_ids):
                    match = next((n for n in free if accept(old_id, n)), None)
                    if match is not None:
                        self._pair(old_id, match, 1.0)
                        free.remove(match)
                        old_ids.remove(old_id)
            if len(old_ids) == 1 and len(free) == 1:
                self._pair(old_ids[0], free[0], 1.0)

    def _candidates(self, old_id: str, level: str, news_by_parent: dict[str | None, list[str]]) -> set[str]:
        if level in ("part", "section"):
            return {n for ids in news_by_parent.values() for n in ids}
        rule = self.old.rules[old_id]
        found = set(news_by_parent.get(self.pairs.get(rule.parent or ""), ()))
        found |= set(news_by_parent.get(rule.parent, ()))
        if old_id in self.new.rules and old_id not in self.taken:
            found.add(old_id)
        return found

    def _pair_similar(self, level: str) -> None:
        olds = [i for i in self.old.ids_of(level) if i not in self.pairs]
        news = [i for i in self.new.ids_of(level) if i not in self.taken]
        if not olds or not news:
            return
        news_by_parent: dict[str | None, list[str]] = defaultdict(list)
        for n in news:
            news_by_parent[self.new.rules[n].parent].append(n)
        scored = []
        for o in olds:
            for n in self._candidates(o, level, news_by_parent):
                hints = (n == o) + self._parent_follows(o, n)
                ratio = self.ratio(o, n)
                threshold = HINTED_THRESHOLD if hints else UNHINTED_THRESHOLD
                if ratio >= threshold:
                    scored.append((-(ratio + 0.05 * hints), self.old.order[o], self.new.order[n], o, n, ratio))
        self._accept(scored)
        olds = [i for i in olds if i not in self.pairs]
        news = [i for i in news if i not in self.taken]
        if not olds or not news or len(olds) * len(news) > MAX_GLOBAL_PAIRS:
            return
        scored = []
        for o in olds:
            for n in news:
                ratio = self.ratio(o, n)
                if ratio >= UNHINTED_THRESHOLD:
                    scored.append((-ratio, self.old.order[o], self.new.order[n], o, n, ratio))
        self._accept(scored)

    def _pair_in_place(self, level: str) -> None:
        """A rule left over on both sides under the same number and the matching parent was rewritten
        in place, if enough of it remains: a quarter of the words, or most of the shorter text."""
        for o in self.old.ids_of(level):
            if o in self.pairs or o in self.taken or o not in self.new.rules:
                continue
            if self.new.rules[o].kind != level or not self._parent_follows(o, o):
                continue
            old_words, new_words = self.old.words[o], self.new.words[o]
            matcher = difflib.SequenceMatcher(None, old_words, new_words, autojunk=False)
            kept = sum(block.size for block in matcher.get_matching_blocks())
            ratio = 2 * kept / (len(old_words) + len(new_words) or 1)
            if ratio >= IN_PLACE_RATIO or kept >= IN_PLACE_KEPT * min(len(old_words), len(new_words)) > 0:
                self._pair(o, o, ratio)

    def _pair_by_children(self, level: str) -> None:
        """A section renamed ("Tribals" -> "Kindreds") is known by its rules: pair a leftover old
        part, section or rule with the leftover new one most of its paired children went to."""
        children: dict[str, list[str]] = defaultdict(list)
        for rule_id, rule in self.old.rules.items():
            if rule.parent is not None:
                children[rule.parent].append(rule_id)
        for o in self.old.ids_of(level):
            if o in self.pairs or not children.get(o):
                continue
            went_to = defaultdict(int)
            for child in children[o]:
                if child in self.pairs:
                    went_to[self.new.rules[self.pairs[child]].parent] += 1
            if not went_to:
                continue
            target, count = max(went_to.items(), key=lambda item: (item[1], item[0] == o))
            if (
                target is not None and target not in self.taken and target in self.new.rules
                and self.new.rules[target].kind == level and 2 * count > len(children[o])
            ):
                ratio = difflib.SequenceMatcher(None, self.old.words[o], self.new.words[target], autojunk=False).ratio()
                self._pair(o, target, ratio)

    def _accept(self, scored: list[tuple]) -> None:
        for *_, o, n, ratio in sorted(scored):
            if o not in self.pairs and n not in self.taken:
                self._pair(o, n, ratio)


def _prepared(doc: CRDocument | _Prepared) -> _Prepared:
    return doc if isinstance(doc, _Prepared) else _Prepared.of(doc)


def diff_releases(old: CRDocument | _Prepared, new: CRDocument | _Prepared) -> ReleaseDiff:
    """Every rule added, removed, changed or moved (renumbered) from release `old` to release `new`."""
    before, after = _prepared(old), _prepared(new)
    pairing = _Pairing(before, after)
    mapping = pairing.run()
    entries: list[DiffEntry] = []
    unchanged = 0
    for old_id in before.rules:
        new_id = mapping.get(old_id)
        kind = before.rules[old_id].kind
        if new_id is None:
            entries.append(DiffEntry("removed", kind, old_id, None, similarity=0.0))
            continue
        renumbered = _renumbered(before.content[old_id], before.refs[old_id], mapping)
        same = renumbered == after.content[new_id] or even_out(renumbered) == even_out(after.content[new_id])
        words = () if same else word_changes(
            renumbered, after.content[new_id]
        )
        if old_id != new_id:
            entries.append(DiffEntry("moved", kind, old_id, new_id, words, round(pairing.similarity[old_id], 4)))
        elif words:
            entries.append(DiffEntry("changed", kind, old_id, new_id, words, round(pairing.similarity[old_id], 4)))
        else:
            unchanged += 1
    for new_id in after.rules:
        if new_id not in pairing.taken:
            entries.append(DiffEntry("added", after.rules[new_id].kind, None, new_id, similarity=0.0))
    entries.sort(key=lambda e: (_sort_key(e.new_id or e.old_id or ""), e.status))
    return ReleaseDiff(before.doc.release, after.doc.release, entries, dict(mapping), unchanged)


def _sort_key(rule_id: str) -> tuple:
    """Rule ids in reading order: 100 < 100.1 < 100.1a < 100.2 < 100.10 < 101."""
    match = re.fullmatch(r"(\d+)(?:\.(\d+)([a-z]?))?", rule_id)
    if not match:
        return (10**6, rule_id)
    return (int(match[1]), int(match[2] or -1), match[3] or "")


@dataclass(frozen=True)
class HistoryEvent:
    """What happened to one rule in one release, compared with the release before: "present" (the
    first release given, nothing to compare with), "added", "unchanged", "changed", "moved" (renumbered;
    `words` non-empty if its text changed too) or "removed" (`old_id` the id it last had)."""

    release: str
    status: EventStatus
    old_id: str | None
    new_id: str | None
    words: tuple[WordChange, ...] = ()

    @property
    def text_changed(self) -> bool:
        return bool(self.words)


class History:
    """The releases in date order, each diffed against the next once (on first use)."""

    def __init__(self, docs: Iterable[CRDocument]):
        self.docs = sorted(docs, key=lambda d: d.release)
        if not self.docs:
            raise ValueError("no releases to compare")
        releases = [d.release for d in self.docs]
        if len(set(releases)) != len(releases):
            raise ValueError(f"the same release given twice: {sorted(r for r in releases if releases.count(r) > 1)}")
        self.releases = releases
        self._prepared: dict[str, _Prepared] = {}
        self._diffs: dict[tuple[str, str], ReleaseDiff] = {}

    def __repr__(self) -> str:
        return f"History(<{len(self.docs)} releases {self.releases[0]}..{self.releases[-1]}>)"

    def doc(self, release: str) -> CRDocument:
        try:
            return self.docs[self.releases.index(release)]
        except ValueError:
            raise UnknownRelease(f"no release {release}; known: {', '.join(self.releases)}") from None

    def prepared(self, release: str) -> _Prepared:
        if release not in self._prepared:
            self._prepared[release] = _Prepared.of(self.doc(release))
        return self._prepared[release]

    def diff(self, old: str, new: str) -> ReleaseDiff:
        """The diff between any two of the releases (cached)."""
        if (old, new) not in self._diffs:
            self._diffs[(old, new)] = diff_releases(self.prepared(old), self.prepared(new))
        return self._diffs[(old, new)]

    def consecutive(self) -> list[ReleaseDiff]:
        """The diff of every release against the next."""
        return [self.diff(a, b) for a, b in zip(self.releases, self.releases[1:])]

    def trace(self, rule_id: str, release: str | None = None) -> dict[str, str | None]:
        """The id the rule `rule_id` of `release` (default: the newest) has in every release, or None."""
        release = release or self.releases[-1]
        if rule_id not in self.prepared(release).rules:
            raise UnknownRule(f"release {release} has no rule {rule_id}")
        at = self.releases.index(release)
        ids: dict[str, str | None] = {release: rule_id}
        current: str | None = rule_id
        for i in range(at, 0, -1):
            older, newer = self.releases[i - 1], self.releases[i]
            current = self.diff(older, newer).reverse_mapping.get(current) if current else None
            ids[older] = current
        current = rule_id
        for i in range(at, len(self.releases) - 1):
            older, newer = self.releases[i], self.releases[i + 1]
            current = self.diff(older, newer).mapping.get(current) if current else None
            ids[newer] = current
        return {r: ids[r] for r in self.releases}

    def rule_history(self, rule_id: str, release: str | None = None) -> list[HistoryEvent]:
        """What happened to the rule in each release, from the first it is in to the last (or its removal)."""
        ids = self.trace(rule_id, release)
        events: list[HistoryEvent] = []
        for i, current in enumerate(self.releases):
            now = ids[current]
            before = ids[self.releases[i - 1]] if i else None
            if now is None:
                if before is not None:
                    events.append(HistoryEvent(current, "removed", before, None))
                continue
            if i == 0:
                events.append(HistoryEvent(current, "present", None, now))
                continue
            if before is None:
                events.append(HistoryEvent(current, "added", None, now))
                continue
            entry = self.diff(self.releases[i - 1], current).entry_for(old_id=before)
            if entry is None:
                events.append(HistoryEvent(current, "unchanged", before, now))
            else:
                events.append(HistoryEvent(current, entry.status, before, now, entry.words))  # type: ignore[arg-type]
        return events


def rule_history(docs: Sequence[CRDocument] | History, rule_id: str, release: str | None = None) -> list[HistoryEvent]:
    """The history of rule `rule_id` of `release` (default: the newest) across the releases `docs`."""
    history = docs if isinstance(docs, History) else History(docs)
    return history.rule_history(rule_id, release)


def trace(docs: Sequence[CRDocument] | History, rule_id: str, release: str | None = None) -> dict[str, str | None]:
    """The id rule `rule_id` of `release` has in every release of `docs` (None where it is absent)."""
    history = docs if isinstance(docs, History) else History(docs)
    return history.trace(rule_id, release)


# --- the releases of the corpus ------------------------------------------------------------------

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")


@dataclass(frozen=True)
class CorpusRelease:
    """A release of the rules in the corpus: its file, the date it was published (the file name's)
    and the date it takes effect (the one the file states). Either date names it."""

    entry: CorpusFile
    published: str
    effective: str

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(n for n in (self.effective, self.published) if n))

    def load(self) -> CRDocument:
        from kb.ingest import parse_corpus_file

        doc = parse_corpus_file(self.entry)
        assert isinstance(doc, CRDocument)
        return doc


def _iso(written: str) -> str:
    if _ISO_DATE.match(written):
        return written
    from kb.parse.cr.dates import read_effective_date

    found = read_effective_date(f"effective as of {written}")
    return found.iso if found else ""


def corpus_releases(root: Path | None = None, lang: str = "en") -> list[CorpusRelease]:
    """The rules releases in `lang` the corpus manifest lists, oldest first."""
    releases = [
        CorpusRelease(entry, _iso(entry.published) if entry.published else "", _iso(entry.release))
        for entry in load_manifest(root)
        if entry.kind == "cr" and entry.lang == lang
    ]
    return sorted(releases, key=lambda r: (r.effective or r.published, r.published))


def find_release(name: str, releases: Sequence[CorpusRelease]) -> CorpusRelease:
    """The release `name` (its effective or its publication date, ISO) names."""
    for release in releases:
        if name in release.names:
            return release
    known = ", ".join("/".join(r.names) for r in releases) or "none"
    raise UnknownRelease(f"no release {name!r} in the corpus; known: {known}")
