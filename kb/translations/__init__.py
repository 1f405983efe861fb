"""The translation workflow: a release of the rules out as gettext catalogs, filled catalogs back in.

    build_catalog(kb, release)              the release as a babel Catalog, Spanish filled in where known
    export_catalog(kb, "es.po", release)    written as one PO file (the same bytes for the same corpus)
    export_catalogs(kb, "po/", release)     written split by part: part-1.po … part-9.po, glossary.po
    check_catalog("es.po", kb.documents)    every problem of a filled catalog, with its line
    import_catalogs(["a.po", "b.po"], kb)   checked, merged entry by entry into the corpus's po/ folder:
                                            unchanged bytes kept, all or nothing, one writer at a time
    catalog_stats(kb, release)              the catalog's entries per section: translated, fuzzy, untranslated
    update_catalogs(kb, "2026-01-16")       the catalogs brought to a new release: changed entries fuzzy,
                                            renumbered ones carried, new ones untranslated, removed obsolete
    todo(corpus_root)                       the fuzzy and untranslated entries, with their English's word diff
    check_terms(entries, term_base)         English terms of the term base whose Spanish is not used
    check_consistency(entries)              one English text translated two ways

The catalogs are a source read below the knowledge base: nothing here imports `kb.knowledge`,
`kb.store` or `kb.site` (functions that need a knowledge base take it as an argument). Names are
loaded on first use, so reading the list of stored catalogs does not load babel.
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "kb.translations.catalog": (
        "CatalogEntry", "CatalogError", "ExportSummary", "build_catalog", "catalog_bytes", "catalog_entries",
        "export_catalog", "export_catalogs", "write_catalog",
    ),
    "kb.translations.check": ("CheckedCatalog", "Problem", "check_catalog", "read_catalog"),
    "kb.translations.importer": ("ImportRefused", "ImportReport", "import_catalog", "import_catalogs"),
    "kb.translations.update": ("TodoItem", "UpdateRefused", "UpdateReport", "todo", "update_catalogs"),
    "kb.translations.stats": ("CatalogStats", "EntryCounts", "catalog_stats", "release_coverage"),
    "kb.translations.pofile": ("PoSyntaxError", "read_po_file"),
    "kb.translations.termbase": ("TermBase", "TermError", "check_terms", "check_consistency", "load_term_base"),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}
__all__ = sorted(_WHERE)


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'kb.translations' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
