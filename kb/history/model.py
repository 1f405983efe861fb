"""What a comparison of releases gives: plain data (frozen dataclasses, lists and dicts) that pickles
and turns into JSON as it is, so that it can be kept and read back without being computed again."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

DiffStatus = Literal["added", "removed", "changed", "moved"]
EventStatus = Literal["present", "added", "unchanged", "changed", "moved", "removed"]
ExampleOp = Literal["added", "removed", "changed"]

# A pair of releases where more than this share of the paired rules changed number renumbered the
# rules (as the 2009-07-11 release did): a rule with no pair across it may be older than it looks.
RENUMBERING_SHARE = 0.5


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
class ExampleChange:
    """One example of a rule that did not stay as it was: "added" (`new_number` in the new release),
    "removed" (`old_number` in the old one) or "changed" (both, with the words that changed).
    `old` and `new` are the example's texts as each release writes them."""

    op: ExampleOp
    old_number: int | None
    new_number: int | None
    old: str = ""
    new: str = ""
    words: tuple[WordChange, ...] = ()

    def __str__(self) -> str:
        if self.op == "added":
            return f"example {self.new_number} added"
        if self.op == "removed":
            return f"example {self.old_number} removed"
        number = str(self.new_number) if self.old_number == self.new_number else f"{self.old_number}->{self.new_number}"
        return f"example {number}: " + "; ".join(str(w) for w in self.words)


@dataclass(frozen=True)
class DiffEntry:
    """One rule that did not stay as it was. `words` are the changes of the rule's own text (its
    title for a part or section), `examples` those of its examples; a "moved" rule (renumbered) has
    either only if it changed too."""

    status: DiffStatus
    kind: str
    old_id: str | None
    new_id: str | None
    words: tuple[WordChange, ...] = ()
    similarity: float = 1.0
    examples: tuple[ExampleChange, ...] = ()

    @property
    def text_changed(self) -> bool:
        """Whether anything a reader sees changed: the rule's text or one of its examples."""
        return bool(self.words or self.examples)

    @property
    def rule_text_changed(self) -> bool:
        return bool(self.words)

    @property
    def examples_changed(self) -> bool:
        return bool(self.examples)


@dataclass
class ReleaseDiff:
    """What changed from release `old` to release `new`; `mapping` takes every paired old id to its
    new id. `via` lists the releases between them whose diffs were composed to pair the rules
    (empty when the two were compared directly)."""

    old: str
    new: str
    entries: list[DiffEntry]
    mapping: dict[str, str]
    unchanged: int
    via: tuple[str, ...] = ()
    _lookups: dict = field(default_factory=dict, repr=False, compare=False)

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_lookups"] = {}  # rebuilt on demand
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)

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

    @property
    def reverse_mapping(self) -> dict[str, str]:
        if "reverse" not in self._lookups:
            self._lookups["reverse"] = {new: old for old, new in self.mapping.items()}
        return self._lookups["reverse"]

    def _index(self) -> tuple[dict[str, DiffEntry], dict[str, DiffEntry]]:
        if "entries" not in self._lookups:
            by_old: dict[str, DiffEntry] = {}
            by_new: dict[str, DiffEntry] = {}
            for entry in self.entries:
                if entry.old_id is not None:
                    by_old.setdefault(entry.old_id, entry)
                if entry.new_id is not None:
                    by_new.setdefault(entry.new_id, entry)
            self._lookups["entries"] = (by_old, by_new)
        return self._lookups["entries"]

    @property
    def renumbering(self) -> bool:
        """Whether most rules changed number between the two releases (a renumbering of the rules)."""
        if "renumbering" not in self._lookups:
            paired = len(self.mapping)
            moved = sum(1 for old, new in self.mapping.items() if old != new)
            self._lookups["renumbering"] = paired > 0 and moved > RENUMBERING_SHARE * paired
        return self._lookups["renumbering"]

    def counts(self) -> dict[str, int]:
        counts = {status: len(self.only(status)) for status in ("added", "removed", "changed", "moved")}
        counts["moved_and_changed"] = sum(1 for e in self.moved if e.text_changed)
        counts["examples_changed"] = sum(1 for e in self.entries if e.examples)
        counts["unchanged"] = self.unchanged
        return counts

    def entry_for(self, *, old_id: str | None = None, new_id: str | None = None) -> DiffEntry | None:
        """The entry of the old rule `old_id` or the new rule `new_id`; None if it stayed as it was."""
        by_old, by_new = self._index()
        if old_id is not None:
            return by_old.get(old_id)
        if new_id is not None:
            return by_new.get(new_id)
        return None


@dataclass(frozen=True)
class HistoryEvent:
    """What happened to one rule in one release, compared with the release before: "present" (the
    first release given, nothing to compare with), "added", "unchanged", "changed", "moved" (renumbered;
    `words` or `examples` non-empty if it changed too) or "removed" (`old_id` the id it last had).
    `renumbering` is set when that release renumbered the rules: an "added" rule there is one whose
    text no rule of the release before kept closely enough to be followed back."""

    release: str
    status: EventStatus
    old_id: str | None
    new_id: str | None
    words: tuple[WordChange, ...] = ()
    examples: tuple[ExampleChange, ...] = ()
    renumbering: bool = False

    @property
    def text_changed(self) -> bool:
        return bool(self.words or self.examples)
