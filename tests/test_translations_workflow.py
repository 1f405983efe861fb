"""The translation workflow at the scale the team uses it: catalogs split by part, several imported at
once, and every way a catalog can go wrong — each reproduced first, then shown refused or reported."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from kb.cli.main import cli
from kb.knowledge import KnowledgeBase
from kb.translations import (
    ImportRefused,
    check_catalog,
    export_catalog,
    export_catalogs,
    import_catalog,
    import_catalogs,
    release_coverage,
)
from kb.translations.catalog import group_of
from kb.translations.check import previous_msgid
from kb.translations.pofile import PoSyntaxError, parse_po
from test_align_corpus import write_tiny_corpus
from test_translations import fill

NEWEST = "2021-03-05"
KB = Path(__file__).resolve().parent.parent / "kb"


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    return write_tiny_corpus(tmp_path_factory.mktemp("pristine"))


@pytest.fixture(scope="module")
def kb(pristine) -> KnowledgeBase:
    return KnowledgeBase.build(pristine)


@pytest.fixture()
def corpus(pristine, tmp_path) -> Path:
    return Path(shutil.copytree(pristine, tmp_path / "corpus"))


@pytest.fixture(scope="module")
def exported(kb, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("po") / "es.po"
    export_catalog(kb, path, NEWEST, "es")
    return path


def env_of(corpus: Path, tmp_path: Path) -> dict[str, str]:
    return {"KB_CORPUS": str(corpus), "KB_STORE": str(tmp_path / "store")}


def stored_strings(corpus: Path) -> dict[str, str]:
    found = {}
    for path in sorted((corpus / "po").glob("*.po")):
        with path.open("rb") as handle:
            found.update({m.context: m.string for m in read_po(handle) if m.id})
    return found


# -- one way down --------------------------------------------------------------------------------------


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at its top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_the_catalogs_import_nothing_above_them():
    above = ("kb.knowledge", "kb.contents", "kb.rulecard", "kb.store", "kb.site", "kb.cli", "kb.export", "kb.graph")
    for path in sorted((KB / "translations").glob("*.py")):
        bad = sorted(m for m in imported_modules(path) if m.startswith(above))
        assert bad == [], f"{path.name} imports {bad}"
    # And the knowledge base reads them from below, never the other way round.
    assert any(m.startswith("kb.translations") for m in imported_modules(KB / "knowledge.py"))


# -- malformed files (what msgfmt -c rejects) -----------------------------------------------------------

HEADER = (
    'msgid ""\nmsgstr ""\n"Project-Id-Version: Magic: The Gathering Comprehensive Rules 2021-03-05\\n"\n'
    '"Language: es\\n"\n"MIME-Version: 1.0\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n'
    '"Content-Transfer-Encoding: 8bit\\n"\n\n'
)
MALFORMED = {
    "unterminated": ('msgctxt "1"\nmsgid "Game Concepts"\nmsgstr "Conceptos de juego\n', 11, "end-of-line within string"),
    "stray msgstr": ('msgstr "x"\nmsgctxt "1"\nmsgid "Game Concepts"\nmsgstr "Conceptos"\n', 9, "msgstr without a msgid"),
    "invalid escape": ('msgctxt "1"\nmsgid "Game Concepts"\nmsgstr "Concep\\qtos"\n', 11, "invalid control sequence"),
    "garbage after": ('msgctxt "1"\nmsgid "Game Concepts"\nmsgstr "Conceptos" x\n', 11, "after the string"),
    "no msgstr": ('msgctxt "1"\nmsgid "Game Concepts"\n\nmsgctxt "7"\nmsgid "Additional Rules"\nmsgstr ""\n', 12,
                  "missing 'msgstr'"),
    "duplicate": ('msgctxt "1"\nmsgid "G"\nmsgstr "a"\n\nmsgctxt "1"\nmsgid "G"\nmsgstr "b"\n', 14, "duplicate"),
    "newline mismatch": ('msgctxt "1"\nmsgid "Game Concepts"\nmsgstr "Conceptos\\n"\n', 10, "end with '\\n'"),
    "plural without msgid_plural": ('msgctxt "1"\nmsgid "G"\nmsgstr[0] "a"\n', 11, "msgid_plural"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_catalog_is_refused_with_its_line(name, kb, corpus, tmp_path):
    body, line, reason = MALFORMED[name]
    path = tmp_path / "bad.po"
    path.write_text(HEADER + body, encoding="utf-8")
    with pytest.raises(PoSyntaxError) as caught:
        parse_po(path.read_bytes(), path)
    assert (caught.value.line, reason in caught.value.reason) == (line, True), caught.value
    [problem] = check_catalog(path, kb.documents).errors
    assert problem.line == line and reason in problem.message
    # --check and the import say the same, and the import stores nothing.
    runner = CliRunner()
    env = env_of(corpus, tmp_path)
    checked = runner.invoke(cli, ["translations", "import", str(path), "--check"], env=env)
    done = runner.invoke(cli, ["translations", "import", str(path)], env=env)
    assert checked.exit_code == done.exit_code == 1
    assert f"{path}:{line}: error:" in checked.stderr and f"{path}:{line}: error:" in done.stderr
    # The summary of a file read as no catalog names no release, and says so in words.
    assert f"{path}: no release named, 0 entries" in done.stdout and "None" not in done.stdout
    assert not (corpus / "po").exists()


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
def test_the_reader_agrees_with_msgfmt(exported, tmp_path):
    for name, (body, line, _) in MALFORMED.items():
        path = tmp_path / f"{name.replace(' ', '-')}.po"
        path.write_text(HEADER + body, encoding="utf-8")
        result = subprocess.run(["msgfmt", "-c", "-o", os.devnull, str(path)], capture_output=True, text=True)
        assert result.returncode != 0, name
        with pytest.raises(PoSyntaxError):
            parse_po(path.read_bytes(), path)
    result = subprocess.run(["msgfmt", "-c", "-o", os.devnull, str(exported)], capture_output=True, text=True)
    assert result.returncode == 0
    parse_po(exported.read_bytes(), exported)


def test_the_reader_keeps_what_babel_reads(exported):
    po = parse_po(exported.read_bytes(), exported)
    with exported.open("rb") as handle:
        babel = {(m.context, m.id): m for m in read_po(handle) if m.id}
    assert {(e.context, e.msgid) for e in po.entries} == set(babel)
    for entry in po.entries:
        message = babel[(entry.context, entry.msgid)]
        assert (entry.msgstr, entry.fuzzy) == (message.string, bool(message.fuzzy))
    assert po.release == NEWEST and po.locale == "es"


# -- several catalogs, and what the import says is what happens ----------------------------------------


def test_two_catalogs_that_disagree(kb, exported, corpus, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = fill(exported, tmp_path / "a" / "es.po", {"100.1": "Primera."})
    second = fill(exported, tmp_path / "b" / "es.po", {"100.1": "Segunda."})
    report = import_catalogs([first, second], kb, corpus_root=corpus)
    assert report.refused and "--replace" in report.refused and not (corpus / "po").exists()
    [conflict] = [c for c in report.changes if c.action == "conflict"]
    assert conflict.context == "100.1" and f"{first}:" in conflict.new_text
    report = import_catalogs([first, second], kb, corpus_root=corpus, replace=True)
    assert report.ok
    [added] = [c for c in report.changes if c.context == "100.1" and c.action == "added"]
    assert added.new_text == "Segunda." == stored_strings(corpus)["100.1"]
    # A later import of the first one is a replacement: refused, then done when asked, as said.
    with pytest.raises(ImportRefused, match="would replace"):
        import_catalog(first, kb, corpus_root=corpus)
    assert stored_strings(corpus)["100.1"] == "Segunda."
    report = import_catalog(first, kb, corpus_root=corpus, replace=True)
    [replaced] = [c for c in report.changes if c.action == "replaced"]
    assert (replaced.old_text, replaced.new_text) == ("Segunda.", "Primera.") and "replaces the Spanish of 100.1" in str(replaced)
    assert stored_strings(corpus)["100.1"] == "Primera."
    assert KnowledgeBase.build(corpus).spanish("100.1").text == "Primera."


def test_an_empty_entry_removes_only_when_removing_is_asked_and_says_so(kb, exported, corpus, tmp_path):
    filled = fill(exported, tmp_path / "es.po", {"100.1": "Estas reglas."})
    import_catalog(filled, kb, corpus_root=corpus)
    emptied = fill(exported, tmp_path / "empty.po", {"100.1": ""})
    for replace in (False, True):  # --replace replaces texts given; it never removes one
        report = import_catalog(emptied, kb, corpus_root=corpus, replace=replace)
        [kept] = [c for c in report.changes if c.context == "100.1"]
        assert kept.action == "kept" and stored_strings(corpus)["100.1"] == "Estas reglas."
    report = import_catalog(emptied, kb, corpus_root=corpus, remove_missing=True)
    [removed] = [c for c in report.changes if c.context == "100.1"]
    assert removed.action == "removed" and "removes the Spanish of 100.1" in str(removed)
    assert removed in report.replacements
    assert stored_strings(corpus)["100.1"] == ""


def test_a_catalog_of_another_extension_is_stored_as_po(kb, exported, corpus, tmp_path):
    text = fill(exported, tmp_path / "traduccion.txt", {"100.1": "Estas reglas."})
    report = import_catalog(text, kb, corpus_root=corpus)
    assert report.ok
    assert sorted(report.destinations[str(text)]) == ["po/glossary.po", "po/part-1.po", "po/part-7.po", "po/part-8.po"]
    assert sorted(p.name for p in (corpus / "po").iterdir()) == ["glossary.po", "part-1.po", "part-7.po", "part-8.po"]
    assert KnowledgeBase.build(corpus).spanish("100.1").text == "Estas reglas."


def test_an_interrupted_import_leaves_the_catalog_as_it_was(kb, exported, corpus, tmp_path, monkeypatch):
    import_catalog(fill(exported, tmp_path / "one.po", {"100.1": "Uno."}), kb, corpus_root=corpus)
    before = {p.name: p.read_bytes() for p in (corpus / "po").iterdir()}

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        import_catalog(fill(exported, tmp_path / "two.po", {"100.1": "Dos."}), kb, corpus_root=corpus, replace=True)
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in (corpus / "po").iterdir()} == before  # no temporary file left either


def test_a_stored_catalog_that_does_not_parse_is_said_by_every_command(kb, exported, corpus, tmp_path):
    import_catalog(fill(exported, tmp_path / "es.po", {"100.1": "Estas reglas."}), kb, corpus_root=corpus)
    stored = corpus / "po" / "part-1.po"
    data = stored.read_bytes()
    cut = data.index("Estas reglas.".encode()) + 5
    stored.write_bytes(data[:cut])  # as an interrupted copy would leave it
    env = env_of(corpus, tmp_path)
    runner = CliRunner()
    for args in (["translations", "stats"], ["rule", "100.1", "--lang", "es"], ["align"], ["terms"],
                 ["build", "--out", str(tmp_path / "site"), "--no-search"]):
        result = runner.invoke(cli, args, env=env)
        assert result.exit_code == 0, (args, result.output)
        assert f"{stored}:" in result.stderr and "not a valid PO catalog" in result.stderr, args
    # And an import into it is refused rather than building on a broken file.
    again = runner.invoke(cli, ["translations", "import", str(tmp_path / "es.po")], env=env)
    assert again.exit_code == 1 and "does not parse" in again.stderr
    assert stored.read_bytes() == data[:cut]


# -- split by part ---------------------------------------------------------------------------------------


def test_export_split_by_part_and_import_back(kb, exported, corpus, tmp_path):
    written = export_catalogs(kb, tmp_path / "split", NEWEST)
    names = [path.name for path, _ in written]
    assert names == ["part-1.po", "part-7.po", "part-8.po", "glossary.po"]
    whole = {m.context: m for m in read_po(exported.open("rb")) if m.id}
    seen = {}
    for path, summary in written:
        found = {m.context: m for m in read_po(path.open("rb")) if m.id}
        assert summary.entries == len(found)
        assert {group_of(c) for c in found} == {path.stem.replace("part-", "")}
        seen.update(found)
    assert set(seen) == set(whole)
    assert all(seen[c].string == whole[c].string for c in whole)
    runner = CliRunner()
    env = env_of(corpus, tmp_path)
    result = runner.invoke(cli, ["translations", "export", str(tmp_path / "seven"), "--part", "7", "--json"], env=env)
    assert result.exit_code == 0, result.output
    assert [Path(d["path"]).name for d in json.loads(result.stdout)] == ["part-7.po"]
    bad = runner.invoke(cli, ["translations", "export", str(tmp_path / "x"), "--part", "12"], env=env)
    assert bad.exit_code == 2
    part = fill(tmp_path / "split" / "part-7.po", tmp_path / "part-7-700.po", {"700.1": "Todo lo que ocurre en una partida es un evento."})
    rest = fill(tmp_path / "split" / "part-1.po", tmp_path / "part-1.po", {"100.1": "Estas reglas."})
    result = runner.invoke(cli, ["translations", "import", str(part), str(rest)], env=env)
    assert result.exit_code == 0, result.output
    assert stored_strings(corpus)["700.1"] == "Todo lo que ocurre en una partida es un evento."
    assert sorted(p.name for p in (corpus / "po").iterdir()) == ["part-1.po", "part-7.po"]


def test_the_document_headings_are_entries(kb, exported, corpus, tmp_path):
    found = {m.context: m.id for m in read_po(exported.open("rb")) if m.id}
    assert found["document:Introduction"] == "Introduction"
    assert found["document:Contents"] == "Contents"
    assert found["document:Glossary"] == "Glossary"
    assert found["document:intro#1"] == kb.documents[NEWEST].intro[0]
    filled = fill(exported, tmp_path / "es.po", {"document:Introduction": "Introducción", "document:Glossary": "Glosario"})
    assert import_catalog(filled, kb, corpus_root=corpus).ok
    built = KnowledgeBase.load(corpus, tmp_path / "store")
    assert built.document_spanish()["document:Introduction"] == ("Introducción", "Introduction")
    again = KnowledgeBase.load(corpus, tmp_path / "store")  # from the store
    assert again.document_spanish() == built.document_spanish()
    export_catalog(again, tmp_path / "again.po")
    messages = {m.context: m.string for m in read_po((tmp_path / "again.po").open("rb")) if m.id}
    assert messages["document:Glossary"] == "Glosario"


# -- older releases ----------------------------------------------------------------------------------------


def test_a_translation_carries_to_every_release_with_the_same_english(kb, exported, corpus, tmp_path):
    filled = fill(exported, tmp_path / "es.po", {
        "100.1": "Estas reglas se aplican a cualquier partida.",
        "701.1": "Una carta de Saga tiene habilidades de capítulo.",
    })
    import_catalog(filled, kb, corpus_root=corpus)
    rebuilt = KnowledgeBase.build(corpus)
    oldest = rebuilt.releases[0]
    old = tmp_path / "old.po"
    export_catalog(rebuilt, old, oldest)
    messages = {m.context: m for m in read_po(old.open("rb")) if m.id}
    # 100.1 reads the same in every release: translated there too, not fuzzy.
    assert messages["100.1"].string == "Estas reglas se aplican a cualquier partida." and not messages["100.1"].fuzzy
    # 701.1 of the oldest release is another rule (Ending the Turn): the Saga text does not go there.
    assert messages["701.1"].string != "Una carta de Saga tiene habilidades de capítulo."
    texts = rebuilt.spanish_texts("100.1", oldest)
    assert texts[0].kind == "catalog" and texts[0].current
    rows = {r.release: r for r in release_coverage(rebuilt)}
    assert list(rows) == rebuilt.releases
    assert rows[oldest].translated >= 1 and rows[NEWEST].from_po >= 2
    runner = CliRunner()
    env = env_of(corpus, tmp_path)
    table = runner.invoke(cli, ["translations", "stats", "--all", "--json"], env=env)
    assert table.exit_code == 0, table.output
    data = json.loads(table.stdout)
    assert [r["release"] for r in data["releases"]] == rebuilt.releases
    assert all(r["entries"] == r["translated"] + r["fuzzy"] + r["untranslated"] for r in data["releases"])
    text = runner.invoke(cli, ["translations", "stats", "--all"], env=env).stdout
    assert all(release in text for release in rebuilt.releases)


def test_a_new_release_makes_only_its_changed_entries_fuzzy(kb, exported, corpus, tmp_path):
    oldest = kb.releases[0]
    old = tmp_path / "old.po"
    export_catalog(kb, old, oldest)
    filled = fill(old, tmp_path / "old-filled.po", {
        "100.1": "Estas reglas se aplican a cualquier partida.",
        "801.2": "La variante por equipos usa una versión modificada de las reglas de combate.",
    }, unfuzzy={"801.2"})
    import_catalog(filled, kb, corpus_root=corpus)
    rebuilt = KnowledgeBase.build(corpus)
    new = tmp_path / "new.po"
    export_catalog(rebuilt, new, NEWEST)
    messages = {m.context: m for m in read_po(new.open("rb")) if m.id}
    assert not messages["100.1"].fuzzy and messages["100.1"].string.startswith("Estas reglas")
    assert messages["801.2"].fuzzy  # its English changed after the oldest release
    assert "modified version" in previous_msgid(messages["801.2"])


# -- labels --------------------------------------------------------------------------------------------------


def test_rule_texts_from_the_store_are_those_of_the_knowledge_base(kb, exported, corpus, tmp_path):
    from kb.rulecard import card_of, rule_card

    filled = fill(exported, tmp_path / "es.po", {"801.2": "La variante usa las reglas de combate (ver la regla 805.10)."},
                  unfuzzy={"801.2"})
    assert import_catalog(filled, kb, corpus_root=corpus).ok
    built = KnowledgeBase.load(corpus, tmp_path / "store")
    for rule_id, release in (("801.2", None), ("100.1", None), ("801.2", kb.releases[0]), ("702.1a", None)):
        stored = rule_card(rule_id, release, "es", corpus, tmp_path / "store")
        fresh = card_of(built, rule_id, release, "es")
        assert stored.texts == fresh.texts, rule_id
    texts = built.spanish_texts("801.2")
    assert [(t.kind, t.current) for t in texts] == [("catalog", True), ("wiki", False)]
    assert texts[0].label.startswith("traducción de este proyecto")
    runner = CliRunner()
    shown = runner.invoke(cli, ["rule", "801.2", "--lang", "es"], env=env_of(corpus, tmp_path))
    assert shown.output.index("traducción de este proyecto") < shown.output.index("NOT CURRENT")
    data = json.loads(runner.invoke(cli, ["rule", "801.2", "--lang", "es", "--json"], env=env_of(corpus, tmp_path)).stdout)
    assert [t["current"] for t in data["texts"]] == [True, False] and data["spanish"]["current"] is True


def test_reviewed_is_a_translator_comment(kb, exported, corpus, tmp_path):
    text = fill(exported, tmp_path / "es.po", {"100.1": "Estas reglas."}).read_text(encoding="utf-8")
    marked = text.replace('msgctxt "100.1"', '# reviewed: Ana, 2026-02-01\nmsgctxt "100.1"', 1)
    path = tmp_path / "reviewed.po"
    path.write_text(marked, encoding="utf-8")
    report = import_catalog(path, kb, corpus_root=corpus)
    [change] = [c for c in report.changes if c.context == "100.1"]
    assert change.new_state == "reviewed"
    [text] = KnowledgeBase.build(corpus).spanish_texts("100.1")
    assert (text.state, text.current) == ("reviewed", True) and "revisada" in text.label


def test_exporting_what_was_imported_changes_nothing(kb, exported, corpus, tmp_path):
    """The team's catalog text is what an export carries, even where an official quote is shown
    first: exported again and imported again, nothing changes."""
    filled = fill(exported, tmp_path / "es.po", {
        "101.2": "En una partida de dos, el oponente es el otro jugador.",  # differs from the wiki quote
        "100.1": "Estas reglas se aplican a cualquier partida.",
    })
    import_catalog(filled, kb, corpus_root=corpus)
    rebuilt = KnowledgeBase.build(corpus)
    assert rebuilt.spanish_texts("101.2")[0].kind == "wiki"  # shown first, as it translates today's English
    again = export_catalogs(rebuilt, tmp_path / "again", NEWEST)
    report = import_catalogs([path for path, _ in again], rebuilt, corpus_root=corpus, dry_run=True)
    assert report.ok and report.changes == []
