"""An import only adds or replaces the entries it carries: entries it does not carry (or leaves
empty) stay with their marks whatever the options, removing is its own named action, and a catalog
of another release never moves a stored catalog to that release (issue 33, items 1 and 2)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hostile_catalog_support import TINY_NEWEST, snapshot  # noqa: E402

from kb.cli.main import cli  # noqa: E402
from kb.knowledge import KnowledgeBase  # noqa: E402
from kb.translations import export_catalog, import_catalog  # noqa: E402
from test_align_corpus import write_tiny_corpus  # noqa: E402
from test_translations import fill  # noqa: E402

OLDEST = "2020-01-10"
TEAM = {"100.1": "Estas reglas se aplican a cualquier partida.", "101.1": "Un jugador es una persona del juego. Ver la regla 100.1.",
        "101.2": "En una partida de dos, el oponente es el otro jugador.", "801.1": "Cada equipo comparte vidas."}


@pytest.fixture()
def stored(tmp_path):
    """A corpus whose part-1 and part-8 catalogs hold the team's work, one entry reviewed."""
    corpus = write_tiny_corpus(tmp_path / "corpus")
    kb = KnowledgeBase.build(corpus)
    blank(kb, TINY_NEWEST, tmp_path / "es.po")
    work = fill(tmp_path / "es.po", tmp_path / "work.po", TEAM)
    blocks = work.read_text(encoding="utf-8").split("\n\n")
    blocks = ["# reviewed: Ana, 2026-02-01\n" + b if 'msgctxt "101.1"' in b else b for b in blocks]
    work.write_text("\n\n".join(blocks), encoding="utf-8")
    report = import_catalog(work, kb, corpus_root=corpus)
    assert report.ok and report.written, [str(p) for p in report.problems]
    return corpus, kb, tmp_path


def blank(kb, release: str, path: Path) -> Path:
    """An export of `release` with every entry left empty (the export fills some from other sources)."""
    export_catalog(kb, path, release)
    every = {context: "" for context in entries(path)}
    return fill(path, path, every, unfuzzy=set(every))


def entries(path: Path) -> dict:
    with path.open("rb") as handle:
        return {m.context: m for m in read_po(handle) if m.id}


def header_release(path: Path) -> str:
    return next(line for line in path.read_text(encoding="utf-8").splitlines() if "release" in line.lower())


def env_of(corpus: Path, tmp_path: Path) -> dict[str, str]:
    return {"KB_CORPUS": str(corpus), "KB_STORE": str(tmp_path / "store"), "KB_RELEASES": ""}


@pytest.mark.parametrize("options", [[], ["--replace"]])
def test_a_one_entry_catalog_changes_that_entry_and_nothing_else(stored, options):
    corpus, kb, tmp_path = stored
    before = entries(corpus / "po" / "part-1.po")
    one = fill(tmp_path / "es.po", tmp_path / "one.po", {"100.1": "Estas reglas valen en toda partida."})
    text = one.read_text(encoding="utf-8")  # only that entry: the others are not carried at all
    head, *blocks = text.split("\n\n")
    one.write_text("\n\n".join([head, *(b for b in blocks if '"100.1"' in b)]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["translations", "import", str(one), *options], env=env_of(corpus, tmp_path))
    after = entries(corpus / "po" / "part-1.po")
    if options:
        assert result.exit_code == 0, result.output
        assert "1 replaced, 0 removed" in result.stdout
        assert after["100.1"].string == "Estas reglas valen en toda partida."
    else:
        assert result.exit_code == 1 and "give --replace" in result.output
    assert set(after) == set(before)
    for context in ("101.1", "101.2"):
        assert after[context].string == before[context].string and after[context].auto_comments == before[context].auto_comments
        assert after[context].user_comments == before[context].user_comments
    assert any("reviewed" in c for c in after["101.1"].user_comments)


@pytest.mark.parametrize("options", [[], ["--replace"]])
def test_empty_entries_never_remove_whatever_the_options(stored, options):
    corpus, kb, tmp_path = stored
    before = snapshot(corpus / "po")
    result = CliRunner().invoke(cli, ["translations", "import", str(tmp_path / "es.po"), *options],
                                env=env_of(corpus, tmp_path))
    assert result.exit_code == 0, result.output
    assert "0 removed" in result.stdout and "nothing changed" in result.stdout
    assert snapshot(corpus / "po") == before


def test_removing_is_named_listed_and_asked_for(stored):
    corpus, kb, tmp_path = stored
    env = env_of(corpus, tmp_path)
    one = fill(tmp_path / "es.po", tmp_path / "one.po", {"100.1": TEAM["100.1"]})
    before = snapshot(corpus / "po")
    checked = CliRunner().invoke(cli, ["translations", "import", str(one), "--remove-missing", "--check"], env=env)
    assert checked.exit_code == 0, checked.output
    assert "would remove the Spanish of 101.1" in checked.stdout and snapshot(corpus / "po") == before
    unasked = CliRunner().invoke(cli, ["translations", "import", str(one), "--remove-missing"], env=env)
    assert unasked.exit_code == 2 and "give --yes" in unasked.stderr.splitlines()[-1]
    assert "101.1" in unasked.stderr  # what would go is listed before the question
    assert snapshot(corpus / "po") == before
    lone = CliRunner().invoke(cli, ["translations", "import", str(one), "--yes"], env=env)
    assert lone.exit_code == 2 and snapshot(corpus / "po") == before
    done = CliRunner().invoke(cli, ["translations", "import", str(one), "--remove-missing", "--yes"], env=env)
    assert done.exit_code == 0, done.output
    assert "removes the Spanish of 101.1" in done.stdout and "3 removed" in done.stdout
    after = entries(corpus / "po" / "part-1.po")
    assert after["100.1"].string == TEAM["100.1"] and after["101.1"].string == ""
    assert not any("reviewed" in c for c in after["101.1"].user_comments)
    assert set(after) == set(entries(tmp_path / "es.po")) & set(after)  # the entries stay, untranslated


def old_release_catalog(kb, tmp_path: Path, strings: dict[str, str]) -> Path:
    blank(kb, OLDEST, tmp_path / "old.po")
    return fill(tmp_path / "old.po", tmp_path / "old-filled.po", strings)


@pytest.mark.parametrize("options", [[], ["--replace"]])
def test_a_catalog_of_another_release_never_moves_the_stored_one(stored, options):
    corpus, kb, tmp_path = stored
    part1, part8 = corpus / "po" / "part-1.po", corpus / "po" / "part-8.po"
    releases = header_release(part1), header_release(part8)
    kept = entries(part8)
    old = old_release_catalog(kb, tmp_path, {
        "100.1": TEAM["100.1"],                       # the same English in both: taken as any entry
        "101.2": "En una partida de dos jugadores, el oponente es el otro.",  # same English, another text
        "801.1": "Otro texto.",                        # same English, another text
        "801.2": "La variante usa una versión modificada de las reglas de combate.",  # other English
        "801.2a": "En cuanto empieza el paso de declarar atacantes. Ver la regla 508.1.",  # no such entry now
    })
    result = CliRunner().invoke(cli, ["translations", "import", str(old), *options], env=env_of(corpus, tmp_path))
    assert (header_release(part1), header_release(part8)) == releases
    after = entries(part8)
    assert set(after) == set(kept)
    assert "takes 801.2 (as a fuzzy suggestion" in result.stdout or "would take 801.2" in result.stdout
    assert "801.2a" in result.stdout and "has no such entry" in result.stdout
    if not options:
        assert result.exit_code == 1 and "give --replace" in result.output
        assert after == kept or all(after[c].string == kept[c].string for c in kept)
        return
    assert result.exit_code == 0, result.output
    assert "1 suggested, 1 set aside" in result.stdout
    suggestion = after["801.2"]
    assert suggestion.fuzzy and suggestion.string.startswith("La variante usa")
    assert '#| msgid "The Team variant uses a modified version of the combat rules."' in part8.read_text(encoding="utf-8")
    assert suggestion.id == "The Team variant uses the combat rules of the shared team turns option (see rule 805.10)."
    assert after["801.1"].string == "Otro texto." and after["801.1"].id == kept["801.1"].id
    assert "801.2a" not in after


def test_a_suggestion_never_takes_the_place_of_a_translation_of_the_current_english(stored):
    corpus, kb, tmp_path = stored
    env = env_of(corpus, tmp_path)
    current = fill(tmp_path / "es.po", tmp_path / "current.po", {"801.2": "La variante usa las reglas de combate (ver la regla 805.10)."})
    assert CliRunner().invoke(cli, ["translations", "import", str(current)], env=env).exit_code == 0
    before = snapshot(corpus / "po")
    old = old_release_catalog(kb, tmp_path, {"801.2": "La variante usa una versión modificada."})
    result = CliRunner().invoke(cli, ["translations", "import", str(old), "--replace"], env=env)
    assert result.exit_code == 0, result.output
    assert "sets aside 801.2" in result.stdout and "holds a translation of the current English" in result.stdout
    assert snapshot(corpus / "po") == before


def test_a_split_export_of_an_old_release_is_read_against_the_stored_english(stored):
    corpus, kb, tmp_path = stored
    out = tmp_path / "split"
    run = CliRunner().invoke(cli, ["translations", "export", str(out), "--split", "--release", OLDEST],
                             env=env_of(corpus, tmp_path))
    assert run.exit_code == 0, run.output
    before = {name: entries(corpus / "po" / name) for name in ("part-1.po", "part-8.po")}
    releases = {name: header_release(corpus / "po" / name) for name in before}
    result = CliRunner().invoke(cli, ["translations", "import", *map(str, sorted(out.glob("*.po"))), "--replace"],
                                env=env_of(corpus, tmp_path))
    assert result.exit_code == 0, result.output
    for name, kept in before.items():  # nothing removed, no release changed
        after = entries(corpus / "po" / name)
        assert header_release(corpus / "po" / name) == releases[name]
        assert set(after) == set(kept) and all(after[c].string for c in kept if kept[c].string)
        assert all(after[c].id == kept[c].id for c in kept)
