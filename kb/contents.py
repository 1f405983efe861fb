"""What a knowledge base holds (`Contents`), and the history of its releases with each diff made
once and its lookups indexed (`CachedHistory`): the data the facade `kb.knowledge.KnowledgeBase`
answers from, whether built from the corpus (`kb.knowledge_build`) or read from the store."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb.history import History, HistoryEvent, ReleaseDiff, UnknownRule
from kb.history.descent import follow
from kb.model import CRDocument, WikiPage
from kb.refs import Reference

if TYPE_CHECKING:
    from kb.align import AlignmentResult
    from kb.terms import Term


class _IndexedDiff(ReleaseDiff):
    """A release diff with its lookups indexed (a rule's history asks them once per release)."""

    def index(self) -> _IndexedDiff:
        self._reverse = {new: old for old, new in self.mapping.items()}
        self._by_old: dict[str, int] = {}
        self._by_new: dict[str, int] = {}
        for position, entry in enumerate(self.entries):
            if entry.old_id is not None:
                self._by_old.setdefault(entry.old_id, position)
            if entry.new_id is not None:
                self._by_new.setdefault(entry.new_id, position)
        return self

    @property
    def reverse_mapping(self) -> dict[str, str]:
        return self._reverse

    def entry_for(self, *, old_id: str | None = None, new_id: str | None = None):
        found = [
            self._by_old.get(old_id) if old_id is not None else None,
            self._by_new.get(new_id) if new_id is not None else None,
        ]
        positions = [p for p in found if p is not None]
        return self.entries[min(positions)] if positions else None


def indexed(diff: ReleaseDiff) -> _IndexedDiff:
    return _IndexedDiff(diff.old, diff.new, diff.entries, diff.mapping, diff.unchanged, diff.via).index()


class CachedHistory(History):
    """`kb.history.History` with its consecutive diffs given (from a store) or computed once, and
    their lookups indexed."""

    def __init__(self, docs, diffs: list[ReleaseDiff] | None = None, cache=None):
        super().__init__(docs, cache=cache)
        self._indexed: dict[tuple[str, str], _IndexedDiff] = {}
        self._ids = {doc.release: {rule.id for rule in doc.rules} for doc in self.docs}
        # Each rule's history and trace, made once: the alignment and the site both ask for most of them.
        self._histories: dict[tuple[str, str], list[HistoryEvent]] = {}
        self._traces: dict[tuple[str, str], dict[str, str | None]] = {}
        self._by_chain: dict[tuple[str | None, ...], list[HistoryEvent]] = {}
        self._position = {release: i for i, release in enumerate(self.releases)}
        self._links: tuple[list[dict[str, str]], list[dict[str, str]]] | None = None
        for diff in diffs or ():
            self._indexed[(diff.old, diff.new)] = indexed(diff)

    def diff(self, old: str, new: str) -> ReleaseDiff:
        key = (old, new)
        if key not in self._indexed:
            self._indexed[key] = indexed(super().diff(old, new))
        return self._indexed[key]

    def trace(self, rule_id: str, release: str | None = None) -> dict[str, str | None]:
        release = release or self.releases[-1]
        if release not in self._ids:
            raise UnknownRule(f"no release {release}")
        if rule_id not in self._ids[release]:
            raise UnknownRule(f"release {release} has no rule {rule_id}")
        key = (rule_id, release)
        ids = self._traces.get(key)
        if ids is None:
            ids = self._traces[key] = self._trace(rule_id, self._position[release])
        return dict(ids)

    def _trace(self, rule_id: str, at: int) -> dict[str, str | None]:
        forward, backward = self._neighbour_links()
        return follow(self.releases, forward, backward, rule_id, at)

    def _neighbour_links(self) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
        """The mapping of each release's rules to the next release's, and back, oldest first."""
        if self._links is None:
            diffs = [self.diff(older, newer) for older, newer in zip(self.releases, self.releases[1:])]
            self._links = [d.mapping for d in diffs], [d.reverse_mapping for d in diffs]
        return self._links

    def rule_history(self, rule_id: str, release: str | None = None) -> list[HistoryEvent]:
        key = (rule_id, release or self.releases[-1])
        events = self._histories.get(key)
        if events is None:
            # A history is made from the rule's ids across the releases alone: a rule asked for from
            # another release, with the same ids, has the same history.
            chain = tuple(self.trace(rule_id, release).values())
            events = self._by_chain.get(chain)
            if events is None:
                events = self._by_chain[chain] = super().rule_history(rule_id, release)
            self._histories[key] = events
        return list(events)


@dataclass
class Contents:
    """Everything a knowledge base holds; a stored knowledge base fills it in on demand."""

    corpus_root: Path
    releases: list[str]
    documents: dict[str, CRDocument] | None = None
    pages: list[WikiPage] | None = None
    history: CachedHistory | None = None
    alignment: AlignmentResult | None = None
    references: list[tuple[str, str, str, Reference]] | None = None  # (release, lang, source id, ref)
    terminology: list[Term] | None = None
    catalogs: list[Any] | None = None
    unavailable: list[str] | None = None  # one line per release of the manifest that could not be read
