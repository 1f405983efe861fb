"""Imported catalogs as a Spanish source of the knowledge base.

Catalogs live with the corpus, in `po/` (or as manifest entries of kind "po"). Each usable entry
becomes a Spanish record (language es, origin "po", source the catalog's path, line the msgid's)
aligned with the English record of the catalog's release: "exact" when the translation is current,
"drifted" when the entry is fuzzy (it translates an earlier English, its previous msgid). The entry's
state (translated, fuzzy, reviewed) goes with it.

A catalog that does not parse is read as nothing, and its error is kept: every command that reads
the knowledge base reports it (`unreadable_catalogs`). When two catalogs translate the same msgctxt of
the same release, one is used and both are told which, by an explicit precedence: reviewed before
translated before fuzzy, then the file whose name sorts first.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from kb.align.records import Alignment
from kb.model import Example, GlossaryEntry, Rule
from kb.translations.check import CheckedCatalog, Entry, Problem, check_catalog
from kb.translations.files import po_files, unreadable_catalogs  # noqa: F401 (a public name here too)
_STATE_ORDER = {"reviewed": 0, "translated": 1, "fuzzy": 2}


@dataclass
class CatalogSource:
    """An imported catalog as the knowledge base read it. `headings`: the document headings it
    translates, msgctxt → (Spanish, state, line, English)."""

    source: str
    release: str | None
    locale: str | None
    messages: int = 0
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0
    problems: list[Problem] = field(default_factory=list)
    kind: str = "po"
    lang: str = "es"
    reviewed: int = 0
    readable: bool = True
    headings: dict[str, tuple[str, str, int, str]] = field(default_factory=dict)

    @classmethod
    def of(cls, checked: CheckedCatalog) -> CatalogSource:
        return cls(
            source=checked.source,
            release=checked.release,
            locale=checked.locale,
            messages=checked.messages,
            translated=checked.translated,
            fuzzy=checked.fuzzy,
            untranslated=checked.untranslated,
            problems=list(checked.problems),
            reviewed=checked.reviewed,
            readable=checked.readable,
            headings={e.context: (e.text, e.state, e.line, e.english) for e in checked.entries
                      if isinstance(e.target, str)},
        )

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "error"]


def catalog_paths(root: Path) -> list[Path]:
    """Catalogs with the corpus: `po/*.po`, and manifest entries of kind "po"."""
    from kb.corpus import load_manifest

    found = set(po_files(root))
    found.update(entry.path for entry in load_manifest(root) if entry.kind == "po")
    return sorted(found)


def release_index(contents):
    """What carries a catalog's entries to the newest release (`kb.align.index.ReleaseIndex`)."""
    from kb.align.index import ReleaseIndex

    documents = contents.documents or {}
    if contents.history is not None:
        return ReleaseIndex.from_history(documents, contents.history)
    return ReleaseIndex(documents)


def catalog_alignments(contents, paths: list[Path] | None = None, index=None,
                       parsed: dict | None = None) -> tuple[list[CatalogSource], list[Alignment]]:
    """Read every catalog of the corpus of `contents` (with its `corpus_root`, `documents` and
    `history`), or those of `paths`, and align its entries (`index`: `release_index(contents)`,
    made if not given; `parsed`: path -> `PoFile` of catalogs already parsed). Catalogs read apart
    are settled apart: `paths` must hold every catalog that translates a text another of them
    translates."""
    from kb.align import follow_to_newest

    documents = contents.documents or {}
    paths = catalog_paths(Path(contents.corpus_root)) if paths is None else paths
    if not paths or not documents:
        return [], []
    index = index or release_index(contents)
    parsed = parsed or {}
    checked_all = [check_catalog(path, documents, po=parsed.get(path), advice=False) for path in paths]
    _settle_overlaps(checked_all)
    sources, alignments = [], []
    for checked in checked_all:
        sources.append(CatalogSource.of(checked))
        for alignment in entry_alignments(checked):
            if alignment.status == "drifted" and alignment.kind == "rule" and contents.history is not None:
                _english_of_previous(alignment, documents, contents.history)
            follow_to_newest(alignment, index)
            if alignment.status == "drifted":
                # A fuzzy translation is behind the English it stands beside, whatever came after.
                alignment.changed_since = True
                alignment.changed_in = alignment.changed_in or alignment.english_release
            alignments.append(alignment)
    return sources, alignments


def _english_of_previous(alignment: Alignment, documents, history) -> None:
    """For a fuzzy entry of a rule: the release whose English its Spanish translates (its previous
    msgid), found back along the rule's line of descent, the newest first; the alignment then stands
    for that English (its release, its number, its record), and `changed_in` is the release after it,
    where the English changed. Left as it is when no older release reads as the previous msgid."""
    from kb.history.text import loose

    release, rule_id = alignment.english_release, alignment.en_id
    releases = history.releases
    if release not in releases or not alignment.en.text:
        return
    wanted = loose(alignment.en.text)
    at = releases.index(release)
    current: str | None = rule_id
    for i in range(at - 1, -1, -1):
        current = history.diff(releases[i], releases[i + 1]).reverse_mapping.get(current)
        if current is None:
            return
        record = next((r for r in documents[releases[i]].rules if r.id == current), None)
        if record is None:
            return
        if loose(record.text) == wanted:
            alignment.en = dataclasses.replace(record, examples=alignment.en.examples)
            alignment.english_release = releases[i]
            alignment.changed_in = releases[i + 1]
            alignment.evidence.append(f"its previous msgid is the English of {current} in {releases[i]}")
            return


def _settle_overlaps(catalogs: list[CheckedCatalog]) -> None:
    """Where several catalogs of one release translate the same msgctxt, keep one (reviewed, then
    translated, then fuzzy; then the first file by name) and say so in each."""
    claims: dict[tuple[str | None, str], list[tuple[CheckedCatalog, Entry]]] = {}
    for checked in sorted(catalogs, key=lambda c: Path(c.source).name):
        for entry in checked.entries:
            claims.setdefault((checked.release, entry.context), []).append((checked, entry))
    for (release, context), found in claims.items():
        if len(found) < 2:
            continue
        ranked = sorted(found, key=lambda pair: _STATE_ORDER.get(pair[1].state, 9))
        winner, kept = ranked[0]
        for checked, entry in ranked[1:]:
            same = entry.text == kept.text
            message = (f"also translated by {Path(winner.source).name}:{kept.line}, which is used "
                       f"({kept.state}{', the same text' if same else ', a different text'}); this entry is not")
            checked.problems.append(Problem(checked.source, entry.line, "warning", message, context))
            winner.problems.append(Problem(winner.source, kept.line, "warning",
                                           f"also translated by {Path(checked.source).name}:{entry.line}; this "
                                           "entry is used", context))
            checked.entries.remove(entry)


def _with_text(english: Rule | GlossaryEntry, text: str) -> Rule | GlossaryEntry:
    import dataclasses

    if isinstance(english, GlossaryEntry):
        heading, *senses = text.split("\n")
        return dataclasses.replace(english, term=english.term, senses=senses or english.senses)
    return dataclasses.replace(english, text=text)


def entry_alignments(checked: CheckedCatalog) -> list[Alignment]:
    """The usable entries of a checked catalog as alignments (a rule with its translated examples);
    document headings are no records (see `CatalogSource.headings`)."""
    release = checked.release
    name = Path(checked.source).name
    examples: dict[str, list[Entry]] = {}
    for entry in checked.entries:
        if entry.example is not None:
            examples.setdefault(entry.target.id, []).append(entry)
    out = []
    for entry in checked.entries:
        if entry.example is not None or isinstance(entry.target, str):
            continue
        english = entry.target
        if isinstance(english, GlossaryEntry):
            heading, *senses = entry.text.split("\n")
            spanish: Rule | GlossaryEntry = GlossaryEntry(
                heading.strip(), [s for s in senses], release, "es", checked.source, entry.line, entry.line
            )
            kind = "glossary"
        else:
            spanish = Rule(
                id=english.id, kind=english.kind, parent=english.parent, text=entry.text, release=release,
                lang="es", source=checked.source, line=entry.line, end_line=entry.line,
                examples=[
                    Example(english.id, e.example, e.text, e.line)
                    for e in sorted(examples.get(english.id, []), key=lambda e: e.example)
                ],
            )
            kind = "rule"
        evidence = [f"catalog {name} for release {release}, msgctxt {entry.context!r} at line {entry.line}"]
        if entry.fuzzy:
            status = "drifted"
            if entry.previous:
                # The English a fuzzy entry translates is its previous msgid, not today's.
                english = _with_text(english, entry.previous)
            before = f": {entry.previous!r}" if entry.previous else ""
            evidence.append(f"marked fuzzy: the translation is of an earlier English text{before}")
        else:
            status = "exact"
            evidence.append(f"its msgid is the English of {release}")
        if entry.state == "reviewed":
            evidence.append("marked reviewed by a translator comment")
        out.append(
            Alignment(
                kind=kind, es=spanish, en=english, status=status, evidence=evidence, origin="po",
                page_title=name, stamp=None, stated_release=release, english_release=release,
                state=entry.state,
            )
        )
    return out
