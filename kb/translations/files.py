"""Where the imported catalogs are kept: `po/` in the corpus, one file per part and the glossary."""

from __future__ import annotations

from pathlib import Path

PO_DIR = "po"


def po_files(root: Path | str) -> list[Path]:
    """Translation catalogs kept with the corpus in `po/`: every `*.po` there (a file of another
    name is no catalog, and `kb translations import` never stores one)."""
    folder = Path(root) / PO_DIR
    return sorted(folder.glob("*.po")) if folder.is_dir() else []


def unreadable_catalogs(catalogs) -> list:
    """The first error of each catalog that could not be read at all (`kb.translations.source.
    CatalogSource`s): a file that does not parse, or of a release or language the corpus lacks."""
    out = []
    for catalog in catalogs:
        errors = [p for p in catalog.problems if p.level == "error"]
        if errors and (not getattr(catalog, "readable", True) or not catalog.messages):
            out.append(errors[0])
    return out


def unreadable_lines(catalogs) -> list[str]:
    """One line for each catalog that could not be read, for standard error."""
    return [f"{p.source}:{p.line}: {p.message} (this catalog is not read)" for p in unreadable_catalogs(catalogs)]
