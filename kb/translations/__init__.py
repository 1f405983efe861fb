"""The translation workflow: a release of the rules out as a gettext catalog, filled catalogs back in.

    build_catalog(kb, release)            the release as a babel Catalog, Spanish filled in where known
    export_catalog(kb, "es.po", release)  written as a PO file (the same bytes for the same corpus)
    check_catalog("es.po", kb.documents)  every problem of a filled catalog, with its line
    import_catalog("es.po", kb)           checked, then stored in the corpus's po/ folder
    catalog_stats(kb, release)            the catalog's entries per section: translated, fuzzy, untranslated
    kb.translation_stats()                the newest release's rule texts per section with Spanish, current or not

Imported catalogs are Spanish sources like the wiki pages (`kb.translations.source`).
"""

from kb.translations.catalog import (
    CatalogEntry,
    CatalogError,
    ExportSummary,
    build_catalog,
    catalog_bytes,
    catalog_entries,
    export_catalog,
    write_catalog,
)
from kb.translations.check import CheckedCatalog, Problem, check_catalog, read_catalog
from kb.translations.importer import ImportRefused, ImportReport, import_catalog
from kb.translations.stats import CatalogStats, EntryCounts, catalog_stats

__all__ = [
    "CatalogEntry",
    "CatalogError",
    "CatalogStats",
    "EntryCounts",
    "CheckedCatalog",
    "ExportSummary",
    "ImportRefused",
    "ImportReport",
    "Problem",
    "build_catalog",
    "catalog_bytes",
    "catalog_entries",
    "catalog_stats",
    "check_catalog",
    "export_catalog",
    "import_catalog",
    "read_catalog",
    "write_catalog",
]
