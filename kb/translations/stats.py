"""How much of a release's catalog is translated, per section: the entries `build_catalog` would
export (rules and subrules with their examples under their section, glossary entries in a row of
their own), each counted translated, fuzzy or untranslated as gettext counts it, and how many of the
translations come from imported catalogs. Counted from `catalog_entries`, the very entries the export
writes, so the figures are those of the exported file."""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.translations.catalog import CatalogEntry, catalog_entries, catalog_release

GLOSSARY = "glossary"
GLOSSARY_TITLES = ("Glossary", "Glosario")
DOCUMENT_TITLES = ("Title, introduction, contents", "Título, introducción, índice")
COUNTS = ("entries", "rules", "examples", "glossary", "documents", "translated", "fuzzy", "untranslated", "from_po")


@dataclass
class EntryCounts:
    """The entries of one section of a catalog (or of all of it), by kind (`rules`: parts, sections,
    rules and subrules; `examples`; `glossary`: glossary entries) and by state."""

    section: str
    title_en: str = ""
    title_es: str = ""
    entries: int = 0
    rules: int = 0
    examples: int = 0
    glossary: int = 0
    documents: int = 0
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0
    from_po: int = 0

    def count(self, entry: CatalogEntry) -> None:
        self.entries += 1
        kind = {"rule": "rules", "example": "examples", "glossary": "glossary", "document": "documents"}[entry.kind]
        setattr(self, kind, getattr(self, kind) + 1)
        setattr(self, entry.state, getattr(self, entry.state) + 1)
        if entry.origin == "po":
            self.from_po += 1

    def to_data(self) -> dict:
        return {"section": self.section, "title_en": self.title_en, "title_es": self.title_es,
                **{key: getattr(self, key) for key in COUNTS}}


@dataclass
class CatalogStats:
    """Per section of `release`, in the order of the rules (the glossary last), and in all."""

    release: str
    lang: str
    sections: list[EntryCounts] = field(default_factory=list)

    @property
    def totals(self) -> EntryCounts:
        totals = EntryCounts("all")
        for row in self.sections:
            for key in COUNTS:
                setattr(totals, key, getattr(totals, key) + getattr(row, key))
        return totals

    def to_data(self) -> dict:
        totals = self.totals.to_data()
        for key in ("section", "title_en", "title_es"):
            del totals[key]
        return {"release": self.release, "lang": self.lang, "sections": [row.to_data() for row in self.sections],
                "totals": totals}


def catalog_stats(kb, release: str | None = None, lang: str = "es") -> CatalogStats:
    """The entries of the catalog of `release` (default: the newest) of `kb`, counted per section."""
    release = catalog_release(kb, release, lang)
    rows: dict[str, EntryCounts] = {}
    for entry in catalog_entries(kb, release):
        row = rows.get(entry.section)
        if row is None:
            row = rows[entry.section] = EntryCounts(entry.section)
            if entry.section == GLOSSARY:
                row.title_en, row.title_es = GLOSSARY_TITLES
            elif entry.section == "document":
                row.title_en, row.title_es = DOCUMENT_TITLES
        if entry.kind == "rule" and entry.context == entry.section:
            row.title_en = entry.english
            row.title_es = entry.spanish
        row.count(entry)
    return CatalogStats(release, lang, list(rows.values()))


@dataclass
class ReleaseCoverage:
    """The catalog of one release, counted: entries translated (by identical English anywhere, or
    paired with the rule itself), fuzzy (a translation of an earlier English) and untranslated."""

    release: str
    entries: int = 0
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0
    from_po: int = 0

    @property
    def percent(self) -> float:
        return round(100.0 * self.translated / self.entries, 1) if self.entries else 0.0

    def to_data(self) -> dict:
        return {**vars(self), "percent": self.percent}


def release_coverage(kb, releases: list[str] | None = None, lang: str = "es",
                     progress=None) -> list[ReleaseCoverage]:
    """`ReleaseCoverage` of each of `releases` (default: every release), oldest first."""
    from kb.translations.catalog import translation_memory

    traces: dict = {}
    memory = translation_memory(kb)
    out = []
    for release in releases or kb.releases:
        catalog_release(kb, release, lang)
        if progress is not None:
            progress(f"counting {release}")
        row = ReleaseCoverage(release)
        for entry in catalog_entries(kb, release, traces, memory):
            row.entries += 1
            setattr(row, entry.state, getattr(row, entry.state) + 1)
            if entry.origin == "po":
                row.from_po += 1
        out.append(row)
    return out
