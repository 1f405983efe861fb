"""`kb translations stats` counts the entries `kb translations export` writes: per section, the
glossary in a row of its own, and in all; the totals are those of the exported file as gettext reads
it, for the real corpus and for the small one of test_align_corpus."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from kb.cli.main import cli
from kb.knowledge import KnowledgeBase
from kb.translations import (
    CatalogError,
    catalog_bytes,
    catalog_stats,
    export_catalog,
    import_catalog,
    read_catalog,
)
from test_align_corpus import write_tiny_corpus

NEWEST = "2021-03-05"


@pytest.fixture(scope="module")
def tiny_corpus(tmp_path_factory) -> Path:
    return write_tiny_corpus(tmp_path_factory.mktemp("tiny"))


@pytest.fixture(scope="module")
def tiny(tiny_corpus) -> KnowledgeBase:
    return KnowledgeBase.build(tiny_corpus)


@pytest.fixture(scope="module")
def real() -> KnowledgeBase:
    return KnowledgeBase.load()


def po_counts(path: Path) -> dict[str, int]:
    """What the exported file holds, as gettext counts it (a fuzzy entry needs a translation)."""
    counts = {"entries": 0, "translated": 0, "fuzzy": 0, "untranslated": 0}
    with path.open("rb") as handle:
        for message in read_po(handle):
            if not message.id:
                continue
            counts["entries"] += 1
            if not message.string:
                counts["untranslated"] += 1
            elif message.fuzzy:
                counts["fuzzy"] += 1
            else:
                counts["translated"] += 1
    return counts


def po_sections(path: Path) -> dict[str, int]:
    """Entries per section, from the msgctxt of each entry of the exported file."""
    found: dict[str, int] = {}
    with path.open("rb") as handle:
        for message in read_po(handle):
            if not message.id:
                continue
            context = message.context
            if context.startswith("document:"):
                section = "document"
            elif context.startswith("glossary:"):
                section = "glossary"
            else:
                section = context.split("#")[0].split(".")[0]
            found[section] = found.get(section, 0) + 1
    return found


def assert_stats_match_export(kb: KnowledgeBase, release: str, path: Path) -> None:
    export_catalog(kb, path, release)
    stats = catalog_stats(kb, release)
    totals = stats.totals
    assert {key: getattr(totals, key) for key in ("entries", "translated", "fuzzy", "untranslated")} == po_counts(path)
    assert {row.section: row.entries for row in stats.sections} == po_sections(path)
    for row in [*stats.sections, totals]:
        assert row.entries == row.translated + row.fuzzy + row.untranslated == (
            row.rules + row.examples + row.glossary + row.documents)


def test_totals_are_the_exported_catalog_tiny(tiny, tmp_path):
    for release in tiny.releases:
        assert_stats_match_export(tiny, release, tmp_path / f"{release}.po")


def test_totals_are_the_exported_catalog_real(real, tmp_path):
    assert_stats_match_export(real, real.newest, tmp_path / "es.po")
    stats = catalog_stats(real)
    assert stats.release == real.newest
    glossary = stats.sections[-1]
    assert (glossary.section, glossary.title_en, glossary.title_es) == ("glossary", "Glossary", "Glosario")
    assert glossary.entries == glossary.glossary == len(real.documents[real.newest].glossary)
    # More than the rule texts the knowledge base has in Spanish: examples and glossary entries count too.
    rule_texts = sum(s.translated + s.fuzzy for s in real.translation_stats().values())
    assert stats.totals.translated + stats.totals.fuzzy > rule_texts


def test_an_older_release_is_counted_from_its_own_catalog(real, tmp_path):
    older = real.releases[0]
    assert_stats_match_export(real, older, tmp_path / "old.po")
    assert catalog_stats(real, older).totals.entries != catalog_stats(real).totals.entries


def test_sections_follow_the_rules_with_their_titles(tiny):
    stats = catalog_stats(tiny)
    doc = tiny.documents[stats.release]
    expected = []
    for rule in doc.rules:
        section = rule.id if rule.kind == "part" else rule.id.split(".")[0]
        if rule.text and section not in expected:
            expected.append(section)
    assert [row.section for row in stats.sections] == ["document"] + expected + (["glossary"] if doc.glossary else [])
    titles = {rule.id: rule.text for rule in doc.rules if rule.kind in ("part", "section")}
    for row in stats.sections:
        if row.section in titles:
            assert row.title_en == titles[row.section]


def test_imported_translations_count_as_from_po(tiny_corpus, tmp_path):
    corpus = Path(shutil.copytree(tiny_corpus, tmp_path / "corpus"))
    kb = KnowledgeBase.build(corpus)
    before = catalog_stats(kb)
    exported = tmp_path / "es.po"
    export_catalog(kb, exported)
    catalog = read_catalog(exported)
    target = next(m for m in catalog if m.context == "100.1")
    assert not target.string
    target.string = "Estas reglas se aplican a juegos de dos o más jugadores."
    filled = tmp_path / "filled.po"
    filled.write_bytes(catalog_bytes(catalog))
    import_catalog(filled, kb)
    after_kb = KnowledgeBase.build(corpus)
    after = catalog_stats(after_kb)
    row_before = next(r for r in before.sections if r.section == "100")
    row_after = next(r for r in after.sections if r.section == "100")
    assert (row_after.translated, row_after.untranslated) == (row_before.translated + 1, row_before.untranslated - 1)
    assert row_after.from_po == row_before.from_po + 1
    # The catalog's texts count as from po, except where an official quote of the same English stands.
    assert after.totals.translated == before.totals.translated + 1
    assert 0 == before.totals.from_po < after.totals.from_po <= sum(1 for m in catalog if m.id and m.string)
    for row in after.sections:
        assert row.from_po <= row.translated + row.fuzzy
    assert_stats_match_export(after_kb, after.release, tmp_path / "again.po")


def test_unknown_release_or_language(tiny):
    with pytest.raises(CatalogError, match="no release 1999-01-01"):
        catalog_stats(tiny, "1999-01-01")
    with pytest.raises(CatalogError, match="language 'fr'"):
        catalog_stats(tiny, None, "fr")


def test_command_table_and_json(tiny_corpus, tiny, tmp_path):
    env = {"KB_CORPUS": str(tiny_corpus), "KB_STORE": str(tmp_path / "store")}
    runner = CliRunner()
    result = runner.invoke(cli, ["translations", "stats", "--json"], env=env)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    checks = data.pop("checks")
    assert checks["consistency_conflicts"] == 0 and checks["term_base_problem"].startswith("no term base")
    assert data == json.loads(json.dumps(catalog_stats(tiny).to_data()))
    assert data["release"] == NEWEST
    for key in ("entries", "translated", "fuzzy", "untranslated", "from_po"):
        assert data["totals"][key] == sum(s[key] for s in data["sections"])
    output = runner.invoke(cli, ["translations", "stats"], env=env).stdout.splitlines()
    assert output[-2:] == ["terms: no term base at " + str(tiny_corpus / "terms" / "terms.tsv"),
                           "consistency: 0 conflicts"]
    table = output[:-2]
    assert table[0].split() == ["section", "title", "entries", "translated", "fuzzy", "untranslated", "from", "po"]
    last = table[-1].split()
    totals = data["totals"]
    assert last[0] == "all" and f"release {NEWEST}" in table[-1]
    assert [int(n) for n in last[-5:]] == [totals[k] for k in ("entries", "translated", "fuzzy", "untranslated",
                                                                  "from_po")]
    rows = {line.split()[0]: line for line in table[2:-1]}
    assert set(rows) == {s["section"] for s in data["sections"]}
    oldest = tiny.releases[0]
    older = json.loads(runner.invoke(cli, ["translations", "stats", "--release", oldest, "--json"], env=env).stdout)
    older.pop("checks")
    assert older == json.loads(json.dumps(catalog_stats(tiny, oldest).to_data()))
    bad = runner.invoke(cli, ["translations", "stats", "--release", "1999-01-01"], env=env)
    assert bad.exit_code == 2 and "no release 1999-01-01" in bad.stderr
