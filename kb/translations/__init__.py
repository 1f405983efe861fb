"""The translation workflow: a release of the rules out as a gettext catalog, filled catalogs back in.

    build_catalog(kb, release)            the release as a babel Catalog, Spanish filled in where known
    export_catalog(kb, "es.po", release)  written as a PO file (the same bytes for the same corpus)
    check_catalog("es.po", kb.documents)  every problem of a filled catalog, with its line
    import_catalog("es.po", kb)           checked, then stored in the corpus's po/ folder
    kb.translation_stats()                translated, fuzzy and untranslated records per section

Imported catalogs are Spanish sources like the wiki pages (`kb.translations.source`).
"""

from kb.translations.catalog import (
    CatalogError,
    ExportSummary,
    build_catalog,
    catalog_bytes,
    export_catalog,
    write_catalog,
)
from kb.translations.check import CheckedCatalog, Problem, check_catalog, read_catalog
from kb.translations.importer import ImportRefused, ImportReport, import_catalog

__all__ = [
    "CatalogError",
    "CheckedCatalog",
    "ExportSummary",
    "ImportRefused",
    "ImportReport",
    "Problem",
    "build_catalog",
    "catalog_bytes",
    "check_catalog",
    "export_catalog",
    "import_catalog",
    "read_catalog",
    "write_catalog",
]
