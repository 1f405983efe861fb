"""The records the alignment produces: one per Spanish rule or glossary entry, with the English record
it translates (or None), how sure that is, and why."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from kb.model import GlossaryEntry, Rule, Stamp

Status = Literal["exact", "nearest", "renumbered", "drifted", "unmatched"]
STATUSES: tuple[Status, ...] = ("exact", "nearest", "renumbered", "drifted", "unmatched")
RecordKind = Literal["rule", "glossary"]


@dataclass
class Alignment:
    """A Spanish record paired with the English record it translates.

    `stated_release` is the release the Spanish source names (its stamp), `english_release` the one
    whose English the Spanish was found to translate; `newest_id` is where that English record stands
    in the newest release (None if it is gone), `changed_since` whether its English changed on the way
    there, and `changed_in` the first release after `english_release` whose English differs.
    """

    kind: RecordKind
    es: Rule | GlossaryEntry
    en: Rule | GlossaryEntry | None
    status: Status
    evidence: list[str] = field(default_factory=list)
    origin: Literal["wiki", "po"] = "wiki"
    page_title: str = ""
    stamp: Stamp | None = None
    stated_release: str | None = None
    english_release: str | None = None
    newest_id: str | None = None
    changed_since: bool | None = None
    changed_in: str | None = None
    state: str | None = None  # a catalog entry's state: "translated", "fuzzy" or "reviewed"

    @property
    def es_id(self) -> str:
        return _record_id(self.es)

    @property
    def en_id(self) -> str | None:
        return None if self.en is None else _record_id(self.en)

    @property
    def source(self) -> str:
        return self.es.source

    @property
    def line(self) -> int:
        return self.es.line

    def __repr__(self) -> str:
        return (
            f"Alignment(kind={self.kind!r}, es_id={self.es_id!r}, en_id={self.en_id!r}, "
            f"status={self.status!r}, english_release={self.english_release!r})"
        )


def _record_id(record: Rule | GlossaryEntry) -> str:
    return record.term if isinstance(record, GlossaryEntry) else record.id
