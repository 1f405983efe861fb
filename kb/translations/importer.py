"""Importing a filled catalog into the corpus.

The catalog is checked first (`kb.translations.check`); a catalog with errors is not imported. A
checked catalog is copied, byte for byte, into the corpus's `po/` folder, where the knowledge base
reads it at its next build. Nothing is replaced silently: a different catalog already stored under
the same name is only replaced when asked, and every rule whose best Spanish text the import changes
is listed with the text it replaces.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

from kb.translations.check import CheckedCatalog, Problem, check_catalog


class ImportRefused(ValueError):
    """An import that would lose something or break the corpus."""


@dataclass(frozen=True)
class Replacement:
    """A Spanish text an import supersedes: rule `rule_id` of the newest release."""

    rule_id: str
    context: str
    line: int
    old_origin: str
    old_source: str
    old_text: str
    new_text: str

    def __str__(self) -> str:
        return (
            f"line {self.line} [{self.context}]: replaces the Spanish of {self.rule_id} from "
            f"{self.old_origin} {self.old_source}: {_short(self.old_text)!r} -> {_short(self.new_text)!r}"
        )


@dataclass
class ImportReport:
    checked: CheckedCatalog
    stored: Path | None = None
    replaced_file: bool = False
    replacements: list[Replacement] = field(default_factory=list)

    @property
    def problems(self) -> list[Problem]:
        return self.checked.problems

    @property
    def ok(self) -> bool:
        return not self.checked.errors and self.stored is not None


def import_catalog(path: str | Path, kb, corpus_root: Path | str | None = None, replace: bool = False,
                   dry_run: bool = False) -> ImportReport:
    """Check the catalog at `path` against `kb` and, if it has no errors, store it in the corpus.

    Raises `ImportRefused` when a different catalog of the same name is stored and `replace` is not
    given, or when the catalog is itself inside the corpus's `po/` folder under another name.
    """
    path = Path(path)
    root = Path(corpus_root) if corpus_root else Path(kb.corpus_root)
    checked = check_catalog(path, kb.documents)
    report = ImportReport(checked)
    if checked.errors:
        return report
    report.replacements = _replacements(checked, kb)
    target = root / "po" / path.name
    if target.exists():
        if target.resolve() == path.resolve():
            report.stored = target
            return report
        if target.read_bytes() != path.read_bytes():
            if not replace:
                raise ImportRefused(
                    f"{target}: a different catalog is stored under this name; give --replace to replace it"
                )
            report.replaced_file = True
    if not dry_run:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        report.stored = target
    return report


def _replacements(checked: CheckedCatalog, kb) -> list[Replacement]:
    """The newest rules whose best Spanish the catalog's current (not fuzzy) entries will replace."""
    found = []
    newest = kb.newest
    for entry in checked.entries:
        if entry.fuzzy or entry.example is not None or not hasattr(entry.target, "id"):
            continue
        rule_id = entry.target.id
        if checked.release != newest:
            try:
                rule_id = kb.trace(rule_id, checked.release).get(newest)
            except LookupError:
                rule_id = None
        if rule_id is None:
            continue
        current = kb.spanish(rule_id)
        if current is None or current.text == entry.text:
            continue
        found.append(
            Replacement(rule_id, entry.context, entry.line, current.origin, str(current.source), current.text,
                        entry.text)
        )
    return found


def _short(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"
