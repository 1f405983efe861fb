"""The translation workflow over the small corpus of test_align_corpus: a release out as a PO catalog,
a filled catalog back in (a round trip the knowledge base then shows), and every validation error
with its line."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from kb.cli.main import cli
from kb.knowledge import KnowledgeBase
from kb.translations import (
    CatalogError,
    ImportRefused,
    build_catalog,
    catalog_bytes,
    check_catalog,
    export_catalog,
    import_catalog,
    read_catalog,
)
from kb.translations.check import previous_msgid
from test_align_corpus import write_tiny_corpus

NEWEST = "2021-03-05"


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    return write_tiny_corpus(tmp_path_factory.mktemp("pristine"))


@pytest.fixture(scope="module")
def kb(pristine) -> KnowledgeBase:
    return KnowledgeBase.build(pristine)


@pytest.fixture()
def corpus(pristine, tmp_path) -> Path:
    """A copy of the corpus a test may import into."""
    return Path(shutil.copytree(pristine, tmp_path / "corpus"))


@pytest.fixture(scope="module")
def exported(kb, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("po") / "es.po"
    export_catalog(kb, path, NEWEST, "es")
    return path


def messages(path: Path) -> dict[str, object]:
    with path.open("rb") as handle:
        return {m.context: m for m in read_po(handle) if m.id}


def fill(source: Path, target: Path, strings: dict[str, str], fuzzy: set[str] = frozenset(),
         unfuzzy: set[str] = frozenset()) -> Path:
    """A copy of the catalog at `source` with some translations set (and flags changed)."""
    catalog = read_catalog(source)
    for message in catalog:
        if message.context in strings:
            message.string = strings[message.context]
        if message.context in fuzzy:
            message.flags.add("fuzzy")
        if message.context in unfuzzy:
            message.flags.discard("fuzzy")
    target.write_bytes(catalog_bytes(catalog))
    return target


def line_of(path: Path, context: str) -> int:
    """The line of the msgid of the entry `context` (what babel and the problems report)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    at = lines.index(f'msgctxt "{context}"')
    return at + 2


# -- export ------------------------------------------------------------------------------------------


def test_one_entry_per_record(kb, exported):
    found = messages(exported)
    doc = kb.documents[NEWEST]
    expected = {r.id for r in doc.rules} | {e.id for r in doc.rules for e in r.examples}
    expected |= {f"glossary:{g.term}" for g in doc.glossary}
    expected |= {"document:title", "document:Introduction", "document:Contents", "document:Glossary"}
    expected |= {f"document:intro#{n}" for n in range(1, len(doc.intro) + 1)}
    # The back matter: the credits' heading, each line of credits and each publisher's notice.
    notices = [s for s in doc.skipped if s.reason == "publisher, trademark and contact notices" and s.text.strip()]
    expected |= {"document:Credits"} | {f"document:credits#{n}" for n in range(1, len(doc.credits) + 1)}
    expected |= {f"document:notice#{n}" for n in range(1, len(notices) + 1)}
    assert set(found) == expected and doc.credits
    assert found["702.1a"].id == kb.rule("702.1a").text
    assert found["glossary:Active Player"].id == "Active Player\nThe player whose turn it is. See rule 101.1."


def test_header_is_the_release_and_nothing_else_varies(kb, exported, tmp_path):
    catalog = read_catalog(exported)
    assert catalog.version == NEWEST and str(catalog.locale) == "es"
    assert catalog.creation_date.strftime("%Y-%m-%d %H:%M") == "2021-03-05 00:00"
    assert catalog.revision_date.strftime("%Y-%m-%d %H:%M") == "2021-03-05 00:00"
    assert (catalog.language_team, catalog.last_translator, catalog.msgid_bugs_address) == ("es", "", "")
    header = exported.read_text(encoding="utf-8").split("\n\n", 1)[0]
    assert "FULL NAME" not in header and "EMAIL@ADDRESS" not in header and "LANGUAGE" not in header
    again = tmp_path / "again.po"
    export_catalog(KnowledgeBase.build(kb.corpus_root), again, NEWEST, "es")
    assert again.read_bytes() == exported.read_bytes()


def test_spanish_filled_in_and_fuzzy_where_the_english_moved_on(exported):
    found = messages(exported)
    current = found["101.1"]
    assert current.string.startswith("Un jugador es una de las personas") and not current.fuzzy
    assert any("status exact" in c for c in current.user_comments)
    assert any(c.startswith("release 2021-03-05") for c in current.user_comments)
    # The Spanish of 801.2 translates the English of 2020-01-10, rewritten since.
    drifted = found["801.2"]
    assert drifted.fuzzy
    assert previous_msgid(drifted) == "The Team variant uses a modified version of the combat rules."
    assert any("status drifted" in c for c in drifted.user_comments)
    # Same words, other numbers: 702.1a cited 702.1b in the Spanish's English as in the newest release.
    assert not found["702.1a"].fuzzy
    assert found["700.1"].string == "" and not found["700.1"].fuzzy
    assert found["glossary:Active Player"].string == "Jugador activo\nEl jugador cuyo turno se está jugando. Ver la regla 101.1."


def test_gettext_reads_the_catalog(exported):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("gettext's msgfmt is not installed")
    done = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(exported)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    # Not even a warning about a header field left at its default.
    assert done.stderr == ""


def test_an_older_release(kb, tmp_path):
    path = tmp_path / "old.po"
    summary = export_catalog(kb, path, "2020-01-10", "es")
    found = messages(path)
    assert summary.release == "2020-01-10"
    assert found["801.2"].string.startswith("La variante por equipos usa una versión modificada")
    assert not found["801.2"].fuzzy
    # The Spanish 702.x translates the rules this release numbers 701.x, with the same words.
    assert found["701.1a"].string.startswith("Exilia cada objeto")
    assert found["701.1a"].fuzzy  # it cites 702.1b where this release says 701.1b


def test_export_refuses_unknown_release_or_language(kb, tmp_path):
    with pytest.raises(CatalogError, match="no release 1999-01-01"):
        build_catalog(kb, "1999-01-01")
    with pytest.raises(CatalogError, match="only es"):
        build_catalog(kb, NEWEST, "fr")


# -- round trip --------------------------------------------------------------------------------------


def test_round_trip(kb, exported, corpus, tmp_path):
    filled = fill(exported, tmp_path / "equipo.po", {
        "100.1": "Estas reglas de Magic se aplican a cualquier juego con dos o más jugadores.",
        "101.2": "En una partida de dos jugadores, el oponente de un jugador es el otro jugador.",
        "801.2": "La variante por equipos usa las reglas de combate de los turnos compartidos (ver la regla 805.10).",
        "glossary:Team Variant": "Variante por equipos\nUna variante jugada por equipos. Ver la regla 801, “Variante por equipos”.",
    }, unfuzzy={"801.2"})
    report = import_catalog(filled, kb, corpus_root=corpus)
    assert report.checked.errors == [] and report.refused is None
    po = corpus / "po"
    assert sorted(p.name for p in report.stored) == ["glossary.po", "part-1.po", "part-7.po", "part-8.po"]
    assert sorted(p.name for p in po.iterdir()) == ["glossary.po", "part-1.po", "part-7.po", "part-8.po"]
    added = {c.context for c in report.changes if c.action == "added"}
    assert {"100.1", "101.2", "801.2", "glossary:Team Variant"} <= added
    assert all(c.action in ("added", "state") for c in report.changes)
    # Every entry of the given catalog is in the stored ones, with its text and state.
    given = {m.context: m for m in read_po(filled.open("rb")) if m.id}
    stored = {}
    for path in report.stored:
        stored.update({m.context: m for m in read_po(path.open("rb")) if m.id})
    assert set(stored) == set(given)
    assert all(stored[c].string == given[c].string and stored[c].fuzzy == given[c].fuzzy for c in given)

    rebuilt = KnowledgeBase.load(corpus, tmp_path / "store")
    spanish = rebuilt.spanish("100.1")
    assert spanish.origin == "po" and Path(spanish.source) == po / "part-1.po"
    assert spanish.status == "exact" and spanish.changed_since is False and spanish.current
    assert spanish.text.startswith("Estas reglas de Magic")
    # An official quote of the current English stands; the team's translation follows it.
    texts = rebuilt.spanish_texts("101.2")
    assert [(t.kind, t.current) for t in texts] == [("wiki", True), ("catalog", True)]
    assert texts[1].state == "translated" and texts[1].source == "po/part-1.po"
    # Where the quote translates an older English, the team's current translation comes first.
    texts = rebuilt.spanish_texts("801.2")
    assert [(t.kind, t.current) for t in texts] == [("catalog", True), ("wiki", False)]
    assert texts[1].english_release != NEWEST and "no el actual" in texts[1].label
    assert rebuilt.spanish("801.2").status == "exact"
    stats = rebuilt.translation_stats()
    assert stats["100"].from_po == 1 and stats["100"].translated == 1
    assert stats["801"].fuzzy == 0
    assert [Path(c.source).name for c in rebuilt.catalogs] == ["glossary.po", "part-1.po", "part-7.po", "part-8.po"]
    filled_in = [m for m in given.values() if m.string and not m.fuzzy]
    assert sum(c.translated for c in rebuilt.catalogs) == len(filled_in) == 12  # 8 as exported, 4 added
    glossary = {g.term: g for g in rebuilt.glossary("es")}
    assert glossary["Variante por equipos"].source == str(po / "glossary.po")
    # Read back from the store, the same.
    again = KnowledgeBase.load(corpus, tmp_path / "store")
    assert again.spanish("100.1") == spanish
    assert again.spanish_texts("801.2") == rebuilt.spanish_texts("801.2")
    from kb.store import StoreReader

    records = StoreReader(tmp_path / "store").rows("records", None, lang="es")
    assert {r["id"] for r in records if r["source"].startswith("po/")} >= {"100.1", "101.2", "801.2"}


def test_a_fuzzy_entry_is_kept_but_not_current(kb, exported, corpus, tmp_path):
    filled = fill(exported, tmp_path / "borrador.po", {"100.1": "Un borrador."}, fuzzy={"100.1"})
    report = import_catalog(filled, kb, corpus_root=corpus)
    assert report.checked.errors == [] and report.replacements == []
    assert any(p.context == "100.1" and "fuzzy" in p.message for p in report.checked.warnings)
    rebuilt = KnowledgeBase.build(corpus)
    spanish = rebuilt.spanish("100.1")
    assert (spanish.origin, spanish.status, spanish.changed_since) == ("po", "drifted", True)
    assert rebuilt.translation_stats()["100"].fuzzy == 1


def test_an_import_never_replaces_a_stored_translation_silently(kb, exported, corpus, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = fill(exported, tmp_path / "a" / "es.po", {"100.1": "Primera versión."})
    import_catalog(first, kb, corpus_root=corpus)
    stored = corpus / "po" / "part-1.po"
    before = stored.read_bytes()
    second = fill(exported, tmp_path / "b" / "es.po", {"100.1": "Segunda versión."})
    with pytest.raises(ImportRefused, match="--replace"):
        import_catalog(second, kb, corpus_root=corpus)
    assert stored.read_bytes() == before
    report = import_catalog(second, kb, corpus_root=corpus, replace=True)
    [change] = [c for c in report.changes if c.context == "100.1"]
    assert change.action == "replaced" and "replaces the Spanish of 100.1" in str(change)
    assert "Segunda versión." in stored.read_text(encoding="utf-8")
    assert "Primera versión." not in stored.read_text(encoding="utf-8")


# -- validation ------------------------------------------------------------------------------------------


def edited(exported: Path, target: Path, old: str, new: str) -> Path:
    text = exported.read_text(encoding="utf-8")
    assert old in text, old
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


def problems_of(kb, path: Path) -> list:
    return check_catalog(path, kb.documents).problems


def test_unknown_id(kb, exported, tmp_path):
    path = edited(exported, tmp_path / "x.po", 'msgctxt "700.1"', 'msgctxt "799.9"')
    [problem] = [p for p in problems_of(kb, path) if p.level == "error"]
    assert problem.line == line_of(path, "799.9")
    assert "unknown id" in problem.message and problem.context == "799.9"


def test_msgid_that_no_longer_matches(kb, exported, tmp_path):
    path = edited(exported, tmp_path / "x.po", "Anything that happens in a game is an event.",
                  "Anything that happens in a game is a thing.")
    path = fill(path, tmp_path / "y.po", {"700.1": "Todo lo que sucede en un juego es un evento."})
    [problem] = [p for p in problems_of(kb, path) if p.level == "error"]
    assert problem.line == line_of(path, "700.1")
    assert problem.message == "msgid no longer matches the English of 2021-03-05"


def test_broken_rule_number(kb, exported, tmp_path):
    path = fill(exported, tmp_path / "x.po", {"702.1a": "Exilia cada objeto en la pila (ver la regla 702.1c)."})
    [problem] = [p for p in problems_of(kb, path) if p.level == "error"]
    assert problem.line == line_of(path, "702.1a")
    assert problem.message == "placeholder: the English cites 702.1b, the translation 702.1c"
    report = import_catalog(path, kb, corpus_root=tmp_path / "corpus")
    assert report.stored == [] and not report.ok and not (tmp_path / "corpus" / "po").exists()


def test_broken_symbol(kb, exported, tmp_path):
    path = edited(exported, tmp_path / "x.po", "Anything that happens in a game is an event.",
                  "Anything that happens in a game is an event, even {T}.")
    catalog = read_catalog(path)
    documents = {**kb.documents}
    doc = copy.deepcopy(documents[NEWEST])
    next(r for r in doc.rules if r.id == "700.1").text = "Anything that happens in a game is an event, even {T}."
    documents[NEWEST] = doc
    for message in catalog:
        if message.context == "700.1":
            message.string = "Todo lo que sucede en un juego es un evento, incluso {Q}."
    path.write_bytes(catalog_bytes(catalog))
    [problem] = [p for p in check_catalog(path, documents).problems if p.level == "error"]
    assert problem.message == "placeholder: the English has symbols {T}, the translation {Q}"


def test_a_number_lost_is_a_warning(kb, exported, tmp_path):
    path = fill(exported, tmp_path / "x.po", {"801.1": "Cada equipo tiene un total de vidas compartido."})
    problems = [p for p in problems_of(kb, path) if p.context == "801.1"]
    assert [(p.level, p.message) for p in problems] == [("warning", "the English states 30, the translation does not")]


def test_duplicate_and_missing_msgctxt(kb, exported, tmp_path):
    path = edited(exported, tmp_path / "x.po", 'msgctxt "700.1"', 'msgctxt "100.1"')
    errors = [p for p in problems_of(kb, path) if p.level == "error"]
    assert any("msgctxt '100.1' appears 2 times" in p.message for p in errors)
    path = edited(exported, tmp_path / "y.po", 'msgctxt "700.1"\n', "")
    errors = [p for p in problems_of(kb, path) if p.level == "error"]
    assert [p.message for p in errors] == ["entry without msgctxt: no id to place it"]


def test_glossary_translation_needs_its_heading(kb, exported, tmp_path):
    path = fill(exported, tmp_path / "x.po", {"glossary:Team Variant": "Una variante. Ver la regla 801."})
    [problem] = [p for p in problems_of(kb, path) if p.level == "error"]
    assert problem.context == "glossary:Team Variant" and "heading line" in problem.message


def test_release_and_language_of_the_catalog(kb, exported, tmp_path):
    path = edited(exported, tmp_path / "x.po", "Comprehensive Rules 2021-03-05", "Comprehensive Rules 1999-01-01")
    [problem] = problems_of(kb, path)
    assert (problem.line, problem.level) == (1, "error") and "1999-01-01" in problem.message
    path = edited(exported, tmp_path / "y.po", '"Language: es\\n"', '"Language: fr\\n"')
    [problem] = problems_of(kb, path)
    assert "language is 'fr'" in problem.message


def test_a_file_that_is_no_catalog(kb, tmp_path):
    path = tmp_path / "x.po"
    path.write_text('msgid "a"\nmsgstr "b"\nthis is not po\n', encoding="utf-8")
    [problem] = problems_of(kb, path)
    assert problem.level == "error" and problem.line == 3
    assert problem.message == "not a valid PO catalog: keyword 'this' unknown"


# -- commands ----------------------------------------------------------------------------------------------


def test_commands(corpus, exported, tmp_path):
    env = {"KB_CORPUS": str(corpus), "KB_STORE": str(tmp_path / "store")}
    runner = CliRunner()
    out = tmp_path / "out.po"
    result = runner.invoke(cli, ["translations", "export", "--release", NEWEST, "--lang", "es", str(out)], env=env)
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == exported.read_bytes()
    bad = fill(exported, tmp_path / "bad.po", {"702.1a": "Exilia (ver la regla 702.1c)."})
    refused = runner.invoke(cli, ["translations", "import", str(bad)], env=env)
    assert refused.exit_code == 1
    assert f"{bad}:{line_of(bad, '702.1a')}: error: [702.1a] placeholder" in refused.output
    assert "nothing imported" in refused.output
    good = fill(exported, tmp_path / "good.po", {"100.1": "Estas reglas se aplican a juegos de dos o más jugadores."})
    done = runner.invoke(cli, ["translations", "import", str(good)], env=env)
    assert done.exit_code == 0, done.output
    assert "po/part-1.po" in done.output and (corpus / "po" / "part-1.po").is_file()
    assert not (corpus / "po" / "good.po").exists()
    stats = json.loads(runner.invoke(cli, ["translations", "stats", "--json"], env=env).stdout)
    sections = {s["section"]: s for s in stats["sections"]}
    assert sections["100"]["from_po"] == 1 and sections["100"]["translated"] == 1
    assert stats["totals"]["entries"] == sum(s["entries"] for s in stats["sections"])
    table = runner.invoke(cli, ["translations", "stats"], env=env).stdout
    assert "untranslated" in table and "release 2021-03-05" in table
    assert runner.invoke(cli, ["translations", "import", str(tmp_path / "none.po")], env=env).exit_code == 2
