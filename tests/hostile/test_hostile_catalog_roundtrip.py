"""A round trip of the team's real catalogs changes no byte: export (one file, or split), no edit,
import back; a catalog imported into itself; an export that lost the review marks or carries this
machine's paths. An edit changes its own entry and nothing else. An export onto the catalogs is
refused unless asked for, and then it too changes nothing. All on a copy of the corpus."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from hostile_catalog_support import REAL_RELEASE, kb_env, real_corpus_copy, snapshot
from kb.cli.main import cli


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    base = tmp_path_factory.mktemp("roundtrip")
    releases = base / "elsewhere" / "releases"
    corpus = real_corpus_copy(base / "corpus", releases)
    env = kb_env(corpus, base / "store", KB_RELEASES=str(releases))
    pristine = snapshot(corpus / "po")
    return corpus, env, pristine


@pytest.fixture(scope="module")
def exported(world, tmp_path_factory) -> Path:
    """The catalogs exported once, as one file (`all.po`) and split by part (`split/`)."""
    out = tmp_path_factory.mktemp("exported")
    for args in ([str(out / "all.po")], [str(out / "split"), "--split"]):
        result = kb(world, "translations", "export", *args)
        assert result.exit_code == 0, result.output
    return out


@pytest.fixture()
def corpus(world):
    """The copy of the corpus, its catalogs put back as they were after each test."""
    corpus, env, pristine = world
    yield corpus
    shutil.rmtree(corpus / "po")
    (corpus / "po").mkdir()
    for name, data in pristine.items():
        (corpus / "po" / name).write_bytes(data)


def kb(world, *args: str):
    result = CliRunner().invoke(cli, list(args), env=world[1], catch_exceptions=False)
    return result


def stamps(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in folder.iterdir()}


def assert_untouched(world, corpus: Path, before: dict) -> None:
    assert snapshot(corpus / "po") == world[2]
    assert stamps(corpus / "po") == before  # not even rewritten with the same bytes


def test_an_export_imported_back_changes_no_byte(world, corpus, exported):
    before = stamps(corpus / "po")
    text = (exported / "all.po").read_text(encoding="utf-8")
    assert str(exported.parent) not in text and "/shared/" not in text and not re.search(r"(?m)^#: /", text)
    assert f"#: cr/{REAL_RELEASE}:1" in text
    assert text.count("# reviewed") == sum(t.count(b"# reviewed") for t in world[2].values())
    assert '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in text
    result = kb(world, "translations", "import", str(exported / "all.po"))
    assert result.exit_code == 0, result.output
    assert "nothing changed, nothing written" in result.stdout
    assert_untouched(world, corpus, before)


def test_a_split_export_imported_back_with_replace_changes_no_byte(world, corpus, exported):
    before = stamps(corpus / "po")
    parts = sorted(str(p) for p in (exported / "split").glob("*.po"))
    assert len(parts) == 10
    result = kb(world, "translations", "import", *parts, "--replace")
    assert result.exit_code == 0, result.output
    assert "nothing changed" in result.stdout
    assert_untouched(world, corpus, before)


def test_each_catalog_imported_into_itself_changes_nothing(world, corpus):
    before = stamps(corpus / "po")
    result = kb(world, "translations", "import", *sorted(str(p) for p in (corpus / "po").glob("*.po")))
    assert result.exit_code == 0, result.output
    assert "0 added, 0 replaced, 0 removed, 0 kept; nothing changed" in result.stdout
    assert_untouched(world, corpus, before)


def test_an_export_without_marks_and_with_machine_paths_takes_nothing_away(world, corpus, exported, tmp_path):
    """An export made elsewhere (references to that machine's files) from which a PO editor dropped
    the review marks: the stored marks stay, and no path of that machine enters the catalogs."""
    before = stamps(corpus / "po")
    text = (exported / "all.po").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^# (earlier )?reviewed.*\n", "", text)
    text = text.replace("#: cr/", "#: /home/ana/shared/cr/")
    assert "reviewed" not in text and "/home/ana" in text
    (tmp_path / "all.po").write_text(text, encoding="utf-8")
    result = kb(world, "translations", "import", str(tmp_path / "all.po"))
    assert result.exit_code == 0, result.output
    assert "nothing changed" in result.stdout
    assert_untouched(world, corpus, before)


def test_an_edit_changes_its_own_entry_and_no_other_byte(world, corpus, exported, tmp_path):
    text = (exported / "split" / "part-1.po").read_text(encoding="utf-8")
    old = ('msgctxt "100.1a"\nmsgid "A two-player game is a game that begins with only two players."\n'
           'msgstr "Un juego de dos jugadores es un juego que comienza con solo dos jugadores."')
    assert old in text
    text = text.replace(old, old.replace("Un juego de dos", "Una partida de dos").replace("es un juego", "es una partida"))
    text = text.replace('msgctxt "100.1b"', '# note: Ana, compare with 100.1a\nmsgctxt "100.1b"', 1)
    (tmp_path / "edited.po").write_text(text, encoding="utf-8")
    result = kb(world, "translations", "import", str(tmp_path / "edited.po"), "--replace")
    assert result.exit_code == 0, result.output
    after = snapshot(corpus / "po")
    assert {n for n in after if after[n] != world[2][n]} == {"part-1.po"}
    old_blocks = world[2]["part-1.po"].decode("utf-8").split("\n\n")
    new_blocks = after["part-1.po"].decode("utf-8").split("\n\n")
    assert len(new_blocks) == len(old_blocks)
    changed = [b for a, b in zip(old_blocks, new_blocks) if a != b]
    assert len(changed) == 2 and 'msgctxt "100.1a"' in changed[0] and 'msgctxt "100.1b"' in changed[1]
    assert "Una partida de dos" in changed[0]
    assert "# reviewed" in changed[0]  # the mark the file gives the edited entry
    assert "# note: Ana, compare with 100.1a" in changed[1] and "# reviewed" in changed[1]
    assert new_blocks[0] == old_blocks[0]  # the header as it was


@pytest.mark.parametrize("target, split", [
    ("po", True), ("po/part-1.po", False), ("po/new/", True), ("po/../po/x.po", False), ("link-to-po", True),
])
def test_an_export_onto_the_catalogs_is_refused(world, corpus, target, split):
    (corpus / "link-to-po").unlink(missing_ok=True)
    os.symlink(corpus / "po", corpus / "link-to-po")
    try:
        before = stamps(corpus / "po")
        result = kb(world, "translations", "export", str(corpus / target), *(["--split"] if split else []))
        assert result.exit_code == 2, result.output
        assert result.stdout == "" and len(result.stderr.strip().splitlines()) == 1
        assert "--into-catalogs" in result.stderr
        assert_untouched(world, corpus, before)
    finally:
        (corpus / "link-to-po").unlink()


def test_an_export_into_the_catalogs_when_asked_keeps_every_mark(world, corpus):
    before = stamps(corpus / "po")
    result = kb(world, "translations", "export", str(corpus / "po"), "--split", "--into-catalogs")
    assert result.exit_code == 0, result.output
    assert "nothing changed" in result.stdout
    assert_untouched(world, corpus, before)
    wrong = kb(world, "translations", "export", str(corpus / "po" / "part-1.po"), "--into-catalogs")
    assert wrong.exit_code == 2 and len(wrong.stderr.strip().splitlines()) == 1


def test_a_review_mark_goes_with_the_same_words_into_another_release(tmp_path):
    """A reviewed entry whose English is the same in an older release is exported there reviewed: a
    release migration keeps the team's review, and only of the very words reviewed."""
    from kb.knowledge import KnowledgeBase
    from kb.translations import export_catalog, import_catalog
    from kb.translations.pofile import read_po_file
    from test_align_corpus import write_tiny_corpus
    from test_translations import fill

    corpus = write_tiny_corpus(tmp_path / "corpus")
    kb = KnowledgeBase.build(corpus)
    newest, oldest = kb.releases[-1], kb.releases[0]
    export_catalog(kb, tmp_path / "es.po", newest)
    filled = fill(tmp_path / "es.po", tmp_path / "filled.po", {"100.1": "Estas reglas se aplican a cualquier partida."})
    text = filled.read_text(encoding="utf-8").replace('msgctxt "100.1"\n', '# reviewed: Ana, 2026-02-01\nmsgctxt "100.1"\n', 1)
    filled.write_text(text, encoding="utf-8")
    assert import_catalog(filled, kb, corpus_root=corpus).ok
    rebuilt = KnowledgeBase.build(corpus)
    export_catalog(rebuilt, tmp_path / "old.po", oldest)
    entries = {e.context: e for e in read_po_file(tmp_path / "old.po").entries}
    assert entries["100.1"].msgstr == "Estas reglas se aplican a cualquier partida."
    assert entries["100.1"].state == "reviewed" and "reviewed: Ana, 2026-02-01" in entries["100.1"].comments
    assert all(e.state != "reviewed" for c, e in entries.items() if c != "100.1")
