"""The releases in date order: each diffed against the next once, any two compared by composing the
diffs between them, and one rule followed through all of them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from kb.history.model import ExampleChange, HistoryEvent, ReleaseDiff, UnknownRelease, UnknownRule, WordChange
from kb.model import CRDocument

if TYPE_CHECKING:
    from kb.history.pairing import Prepared


def diff_releases(*args, **kwargs) -> ReleaseDiff:
    """`kb.history.diff.diff_releases`, imported when a diff is first made: reading a stored history
    needs neither the diff nor the pairing (and rapidfuzz)."""
    from kb.history.diff import diff_releases as made

    return made(*args, **kwargs)


# What a diff says of one rule it pairs: its status, word changes and example changes.
Change = tuple[str, tuple[WordChange, ...], tuple[ExampleChange, ...]]


def line_events(
    releases: Sequence[str],
    ids: Mapping[str, str | None],
    renumbering: Callable[[str, str], bool],
    change: Callable[[str, str, str], Change | None],
) -> list[HistoryEvent]:
    """The events of one line of descent: `ids` gives the rule's number in each of `releases` (None
    where it is absent); `renumbering(older, newer)` says whether the step between two consecutive
    releases renumbers the rules, and `change(older, newer, old_id)` what the step did to the rule
    numbered `old_id` in `older` (None: nothing). `History.rule_history` reads both from its diffs,
    and `kb.cite.IndexLineage` from the stored history, so that the two tell the same events."""
    events: list[HistoryEvent] = []
    for i, current in enumerate(releases):
        now = ids[current]
        if i == 0:
            if now is not None:
                events.append(HistoryEvent(current, "present", None, now))
            continue
        previous = releases[i - 1]
        before = ids[previous]
        renumbered = renumbering(previous, current)
        if now is None:
            if before is not None:
                events.append(HistoryEvent(current, "removed", before, None, renumbering=renumbered))
            continue
        if before is None:
            events.append(HistoryEvent(current, "added", None, now, renumbering=renumbered))
            continue
        changed = change(previous, current, before)
        if changed is None:
            events.append(HistoryEvent(current, "unchanged", before, now, renumbering=renumbered))
        else:
            status, words, examples = changed
            events.append(HistoryEvent(current, status, before, now, words, examples, renumbered))  # type: ignore[arg-type]
    return events


class History:
    """The releases `docs` in date order. Each release is diffed against the next once, on first
    use; `diffs` gives some of those diffs already made (kept from an earlier run). Any other two
    releases are compared by composing the diffs between them (see `diff`)."""

    def __init__(self, docs: Iterable[CRDocument], diffs: Iterable[ReleaseDiff] = (), cache=None):
        self.docs = sorted(docs, key=lambda d: d.release)
        if not self.docs:
            raise ValueError("no releases to compare")
        releases = [d.release for d in self.docs]
        if len(set(releases)) != len(releases):
            raise ValueError(f"the same release given twice: {sorted({r for r in releases if releases.count(r) > 1})}")
        self.releases = releases
        self._at = {release: i for i, release in enumerate(releases)}
        self._memo: dict = {}
        self._prepared: dict[str, Prepared] = {}
        self._diffs: dict[tuple[str, str], ReleaseDiff] = {(d.old, d.new): d for d in diffs}
        self._cache = cache

    def __repr__(self) -> str:
        return f"History(<{len(self.docs)} releases {self.releases[0]}..{self.releases[-1]}>)"

    def _index(self, release: str) -> int:
        try:
            return self._at[release]
        except KeyError:
            raise UnknownRelease(f"no release {release}; known: {', '.join(self.releases)}") from None

    def doc(self, release: str) -> CRDocument:
        return self.docs[self._index(release)]

    def prepared(self, release: str) -> Prepared:
        if release not in self._prepared:
            from kb.history.pairing import Prepared

            self._prepared[release] = Prepared.of(self.doc(release), self._memo)
        return self._prepared[release]

    def diff(self, old: str, new: str) -> ReleaseDiff:
        """The diff between any two of the releases (kept once made). A release and the next are
        compared directly; any other two by pairing their rules as the diffs of the releases between
        pair them, one after the other (in either direction), then pairing what is left over (a
        rule removed and later brought back) as two neighbours would be."""
        key = (old, new)
        if key not in self._diffs:
            i, j = self._index(old), self._index(new)
            if j == i + 1:
                found = self._cache.get(self.doc(old), self.doc(new)) if self._cache is not None else None
                if found is None:
                    found = diff_releases(self.prepared(old), self.prepared(new))
                    if self._cache is not None:
                        self._cache.put(self.doc(old), self.doc(new), found)
                self._diffs[key] = found
            else:
                self._diffs[key] = self._composed(i, j)
        return self._diffs[key]

    def _composed(self, i: int, j: int) -> ReleaseDiff:
        old, new = self.releases[i], self.releases[j]
        mapping = {rule_id: rule_id for rule_id in self.prepared(old).rules}
        step = 1 if j >= i else -1
        for k in range(i, j, step):
            if step == 1:
                pairs = self.diff(self.releases[k], self.releases[k + 1]).mapping
            else:
                pairs = self.diff(self.releases[k - 1], self.releases[k]).reverse_mapping
            mapping = {o: pairs[at] for o, at in mapping.items() if at in pairs}
        via = tuple(self.releases[k] for k in range(i + step, j, step))
        return diff_releases(self.prepared(old), self.prepared(new), seed=mapping, via=via)

    def consecutive(self, workers: int = 1) -> list[ReleaseDiff]:
        """The diff of every release against the next. With `workers` > 1, those neither made nor
        kept in the cache are made in that many worker processes (see `kb.workers`)."""
        pairs = list(zip(self.releases, self.releases[1:]))
        if workers > 1:
            self._make_in_workers(pairs, workers)
        return [self.diff(a, b) for a, b in pairs]

    def _make_in_workers(self, pairs: list[tuple[str, str]], workers: int) -> None:
        from kb.workers import forked_map

        missing = []
        for old, new in pairs:
            if (old, new) in self._diffs:
                continue
            found = self._cache.get(self.doc(old), self.doc(new)) if self._cache is not None else None
            if found is not None:
                self._diffs[(old, new)] = found
            else:
                missing.append((old, new))
        made = forked_map(lambda pair: diff_releases(self.prepared(pair[0]), self.prepared(pair[1])), missing, workers)
        for (old, new), found in zip(missing, made or ()):
            self._diffs[(old, new)] = found
            if self._cache is not None:
                self._cache.put(self.doc(old), self.doc(new), found)

    def trace(self, rule_id: str, release: str | None = None) -> dict[str, str | None]:
        """The id the rule `rule_id` of `release` (default: the newest) has in every release, or None."""
        release = release or self.releases[-1]
        if rule_id not in self.prepared(release).rules:
            raise UnknownRule(f"release {release} has no rule {rule_id}")
        at = self._index(release)
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

        def change(older: str, newer: str, old_id: str) -> Change | None:
            entry = self.diff(older, newer).entry_for(old_id=old_id)
            return None if entry is None else (entry.status, entry.words, entry.examples)

        return line_events(self.releases, self.trace(rule_id, release),
                           lambda older, newer: self.diff(older, newer).renumbering, change)

    def first_release(self, rule_id: str, release: str | None = None) -> str:
        """The oldest release the rule can be followed back to."""
        ids = self.trace(rule_id, release)
        at = self._index(release or self.releases[-1])
        first = self.releases[at]
        for i in range(at, -1, -1):
            if ids[self.releases[i]] is None:
                break
            first = self.releases[i]
        return first


def rule_history(docs: Sequence[CRDocument] | History, rule_id: str, release: str | None = None) -> list[HistoryEvent]:
    """The history of rule `rule_id` of `release` (default: the newest) across the releases `docs`."""
    history = docs if isinstance(docs, History) else History(docs)
    return history.rule_history(rule_id, release)


def trace(docs: Sequence[CRDocument] | History, rule_id: str, release: str | None = None) -> dict[str, str | None]:
    """The id rule `rule_id` of `release` has in every release of `docs` (None where it is absent)."""
    history = docs if isinstance(docs, History) else History(docs)
    return history.trace(rule_id, release)
