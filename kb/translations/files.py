"""Where the imported catalogs are kept: `po/` in the corpus, one file per part and the glossary."""

from __future__ import annotations

from pathlib import Path

PO_DIR = "po"


def po_files(root: Path | str) -> list[Path]:
    """Translation catalogs kept with the corpus in `po/`: every `*.po` there (a file of another
    name is no catalog, and `kb translations import` never stores one)."""
    folder = Path(root) / PO_DIR
    return sorted(folder.glob("*.po")) if folder.is_dir() else []
