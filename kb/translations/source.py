"""Imported catalogs as a Spanish source of the knowledge base.

Catalogs live with the corpus, in `po/` (or as manifest entries of kind "po"). Each usable entry
becomes a Spanish record (language es, origin "po", source the catalog's path, line the msgid's)
aligned with the English record of the catalog's release: "exact" when the translation is current,
"drifted" when the entry is fuzzy (it translates an earlier English, its previous msgid).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from kb.align.records import Alignment
from kb.model import Example, GlossaryEntry, Rule
from kb.translations.check import CheckedCatalog, Entry, Problem, check_catalog


@dataclass
class CatalogSource:
    """An imported catalog as the knowledge base read it."""

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
        )


def catalog_paths(root: Path) -> list[Path]:
    """Catalogs with the corpus: `po/*.po`, and manifest entries of kind "po"."""
    from kb.corpus import load_manifest
    from kb.store import po_files

    found = set(po_files(root))
    found.update(entry.path for entry in load_manifest(root) if entry.kind == "po")
    return sorted(found)


def catalog_alignments(contents) -> tuple[list[CatalogSource], list[Alignment]]:
    """Read every catalog of the corpus of `contents` (a `kb.knowledge.Contents` with its documents
    and history) and align its entries."""
    from kb.align import follow_to_newest
    from kb.align.index import ReleaseIndex

    documents = contents.documents or {}
    paths = catalog_paths(Path(contents.corpus_root))
    if not paths or not documents:
        return [], []
    if contents.history is not None:
        index = ReleaseIndex.from_history(documents, contents.history)
    else:
        index = ReleaseIndex(documents)
    sources, alignments = [], []
    for path in paths:
        checked = check_catalog(path, documents)
        sources.append(CatalogSource.of(checked))
        for alignment in entry_alignments(checked):
            follow_to_newest(alignment, index)
            if alignment.status == "drifted":
                # A fuzzy translation is behind the English it stands beside, whatever came after.
                alignment.changed_since = True
                alignment.changed_in = alignment.changed_in or alignment.english_release
            alignments.append(alignment)
    return sources, alignments


def entry_alignments(checked: CheckedCatalog) -> list[Alignment]:
    """The usable entries of a checked catalog as alignments (a rule with its translated examples)."""
    release = checked.release
    name = Path(checked.source).name
    examples: dict[str, list[Entry]] = {}
    for entry in checked.entries:
        if entry.example is not None:
            examples.setdefault(entry.target.id, []).append(entry)
    out = []
    for entry in checked.entries:
        if entry.example is not None:
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
            before = f": {entry.previous!r}" if entry.previous else ""
            evidence.append(f"marked fuzzy: the translation is of an earlier English text{before}")
        else:
            status = "exact"
            evidence.append(f"its msgid is the English of {release}")
        out.append(
            Alignment(
                kind=kind, es=spanish, en=english, status=status, evidence=evidence, origin="po",
                page_title=name, stamp=None, stated_release=release, english_release=release,
            )
        )
    return out
