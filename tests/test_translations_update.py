"""`kb translations update` and `kb translations todo` on two small releases made for them: a rule
unchanged, one changed, one renumbered (its references renumbered too), one renumbered and changed,
one removed, one new, examples and glossary entries among them."""

from __future__ import annotations

import dataclasses

from pathlib import Path

import pytest

from kb.knowledge import KnowledgeBase
from kb.translations import export_catalogs, todo, update_catalogs
from kb.translations.pofile import read_po_file
from test_align_corpus import cr_text
from test_translations import fill

OLD, NEW = "2025-01-10", "2025-02-14"
RELEASES = {
    OLD: ("January 10, 2025", [("100", "General", [
        ("100.1", "The players take turns in the order the rules of the game give them.", []),
        ("100.2", "Each player draws seven cards at the start of the game and shuffles nothing else.", []),
        ("100.3", "An ante rule about playing for ownership that no later release keeps at all.", []),
        ("100.4", "A creature card in a graveyard can be returned to the battlefield by effects. See rule 100.5.",
         ["If a player casts Raise Dead, the creature card returns to its owner's hand.",
          "A token is never a card in a graveyard."]),
        ("100.5", "Tokens cease to exist when they leave the battlefield for any zone whatsoever.", []),
    ])], [("Token", "A marker used to represent any permanent that isn't a card. See rule 100.5."),
          ("Ante", "An old way of playing for ownership of cards. See rule 100.3."),
          ("Mana Pool", "Where mana a player has made is kept until it is spent or lost.")]),
    NEW: ("February 14, 2025", [("100", "General", [
        ("100.1", "The players take turns in the order the rules of the game give them.", []),
        ("100.2", "Each player draws seven cards at the start of the game and may then take a mulligan.", []),
        ("100.3", "A creature card in a graveyard can be returned to the battlefield by effects. See rule 100.4.",
         ["If a player casts Raise Dead, the creature card returns to its owner's hand.",
          "A token is never a card in a graveyard."]),
        ("100.4", "Tokens cease to exist when they leave the battlefield for any other zone whatsoever.", []),
        ("100.5", "A brand new rule about companions that this release adds to the game.", []),
    ])], [("Token", "A marker used to represent any permanent that isn't a card. See rule 100.4."),
          ("Mana Reserve", "Where mana a player has made is kept until it is spent or lost.")]),
}
SPANISH = {
    "1": "Conceptos del juego",
    "100": "General",
    "100.1": "Los jugadores juegan sus turnos en el orden que les dan las reglas del juego.",
    "100.2": "Cada jugador roba siete cartas al comienzo del juego y no baraja nada más.",
    "100.3": "Una regla de apuesta sobre jugar por la propiedad que ninguna versión posterior conserva.",
    "100.4": "Una carta de criatura en un cementerio puede regresar al campo de batalla por efectos. Ver regla 100.5.",
    "100.4#ex1": "Si un jugador lanza Reanimar, la carta de criatura regresa a la mano de su propietario.",
    "100.4#ex2": "Una ficha nunca es una carta en un cementerio.",
    "100.5": "Las fichas dejan de existir cuando abandonan el campo de batalla hacia cualquier zona.",
    "glossary:Token": "Ficha\nUn marcador que representa un permanente que no es una carta. Ver regla 100.5.",
    "glossary:Mana Pool": "Reserva de maná\nDonde se guarda el maná que un jugador produce hasta que se gasta o se pierde.",
    "glossary:Ante": "Apuesta\nUna antigua forma de jugar por la propiedad de las cartas. Ver regla 100.3.",
}


def corpus_with(root: Path, releases: list[str]) -> Path:
    (root / "cr").mkdir(parents=True, exist_ok=True)
    manifest = []
    for iso in releases:
        words, sections, glossary = RELEASES[iso]
        name = f"cr/MagicCompRules-{iso}.txt"
        (root / name).write_bytes(cr_text(words, sections, glossary).encode("utf-8"))
        manifest.append(f'[[file]]\npath = "{name}"\nkind = "cr"\nlang = "en"\ntitle = "Comprehensive Rules"\n'
                        f'release = "{words}"\n')
    (root / "manifest.toml").write_text("\n".join(manifest), encoding="utf-8")
    return root


@pytest.fixture
def updated(tmp_path):
    """A corpus of both releases whose catalogs translate the older one (100.1 reviewed); updated."""
    root = corpus_with(tmp_path / "corpus", [OLD, NEW])
    kb = KnowledgeBase.build(root)
    scratch = tmp_path / "scratch"
    export_catalogs(kb, scratch, OLD)
    (root / "po").mkdir()
    for path in scratch.glob("*.po"):
        fill(path, root / "po" / path.name, SPANISH)
    part = root / "po" / "part-1.po"
    part.write_text(part.read_text(encoding="utf-8").replace(
        'msgctxt "100.1"', '# reviewed: Ana, 2025-01-20\nmsgctxt "100.1"').replace(
        'msgctxt "100.2"', '# reviewed: Ana, 2025-01-21\nmsgctxt "100.2"'), encoding="utf-8")
    before = {p.name: p.read_bytes() for p in (root / "po").glob("*.po")}
    checked = update_catalogs(kb, NEW, dry_run=True)
    assert {p.name: p.read_bytes() for p in (root / "po").glob("*.po")} == before
    report = update_catalogs(kb, NEW)
    entries = {e.context: e for p in (root / "po").glob("*.po") for e in read_po_file(p).entries}
    obsolete = {e.context: e for p in (root / "po").glob("*.po") for e in read_po_file(p).obsolete}
    return kb, root, checked, report, entries, obsolete


def test_the_rule_counts_are_those_of_the_history(updated):
    kb, _root, checked, report, _entries, _obsolete = updated
    counts = kb.diff(OLD, NEW).counts()
    assert report.rules == checked.rules
    assert (report.rules["unchanged"], report.rules["renumbered"], report.rules["changed"], report.rules["new"],
            report.rules["removed"]) == (counts["unchanged"], counts["moved"], counts["changed"], counts["added"],
                                         counts["removed"])
    assert report.rules["renumbered"] == 2 and report.rules["renumbered_and_changed"] == 1
    assert report.rules["changed"] == 1 and report.rules["new"] == 1 and report.rules["removed"] == 1
    assert checked.changed and not checked.written and report.written


def test_each_entry_goes_where_its_rule_went(updated):
    _kb, _root, _checked, report, entries, obsolete = updated
    # Unchanged: the Spanish and the review mark kept, the reference and release comment the new release's.
    assert entries["100.1"].msgstr == SPANISH["100.1"] and entries["100.1"].state == "reviewed"
    assert entries["100.1"].references[0].startswith(f"cr/MagicCompRules-{NEW}.txt:")
    assert f"release {NEW}" in entries["100.1"].comments
    # Changed: fuzzy, the English it translated kept as the previous msgid.
    assert entries["100.2"].fuzzy and entries["100.2"].msgstr == SPANISH["100.2"]
    assert entries["100.2"].previous == RELEASES[OLD][1][0][2][1][1]
    # Its review was of the older English: kept as such, so clearing the flag does not make it reviewed.
    assert "earlier reviewed: Ana, 2025-01-21" in entries["100.2"].comments
    assert dataclasses.replace(entries["100.2"], flags=[]).state == "translated"
    # Renumbered, the same text once its reference is renumbered: carried, the Spanish's reference too.
    assert entries["100.3"].msgstr == SPANISH["100.4"].replace("100.5", "100.4") and not entries["100.3"].fuzzy
    assert entries["100.3#ex1"].msgstr == SPANISH["100.4#ex1"] and entries["100.3#ex2"].msgstr == SPANISH["100.4#ex2"]
    # Renumbered and changed: fuzzy, with its old number as the previous msgctxt.
    assert entries["100.4"].fuzzy and entries["100.4"].msgstr == SPANISH["100.5"]
    assert entries["100.4"].previous_context == "100.5"
    # New: untranslated. Removed: obsolete, its Spanish kept.
    assert entries["100.5"].msgstr == "" and entries["100.5"].msgid.startswith("A brand new rule")
    assert obsolete["100.3"].msgstr == SPANISH["100.3"] and obsolete["100.3"].comments == [f"release {OLD}"]
    assert obsolete["glossary:Ante"].msgstr == SPANISH["glossary:Ante"]
    assert entries["glossary:Token"].msgstr == SPANISH["glossary:Token"].replace("100.5", "100.4")
    assert not entries["glossary:Token"].fuzzy
    # A term renamed, its definition kept: carried to the new term, fuzzy (its heading changed).
    renamed = entries["glossary:Mana Reserve"]
    assert renamed.fuzzy and renamed.previous_context == "glossary:Mana Pool"
    assert renamed.msgstr == SPANISH["glossary:Mana Pool"]
    entry_counts = report.entries()
    assert entry_counts["rule"] == {"unchanged": 3, "renumbered": 2, "changed": 1, "new": 1, "removed": 1}
    assert entry_counts["example"]["renumbered"] == 2
    assert entry_counts["glossary"]["removed"] == 1


def test_the_catalogs_read_back_and_a_second_update_writes_nothing(updated):
    kb, root, _checked, _report, _entries, _obsolete = updated
    text = (root / "po" / "part-1.po").read_text(encoding="utf-8")
    assert '#| msgctxt "100.5"' in text and "#~ msgctxt \"100.3\"" in text
    assert f"Project-Id-Version: Magic: The Gathering Comprehensive Rules {NEW}" in text
    before = {p.name: p.read_bytes() for p in (root / "po").glob("*.po")}
    again = update_catalogs(kb, NEW)
    assert not again.written and not again.changed
    assert {p.name: p.read_bytes() for p in (root / "po").glob("*.po")} == before
    reread = KnowledgeBase.build(root)
    assert not [p for c in reread.catalogs for p in c.problems if p.level == "error"]


def test_todo_lists_fuzzy_with_word_diff_and_untranslated_in_catalog_order(updated):
    _kb, root, _checked, _report, _entries, _obsolete = updated
    items = [i for i in todo(root) if not i.context.startswith("document:")]
    assert [(i.context, i.state) for i in items] == [("100.2", "fuzzy"), ("100.4", "fuzzy"), ("100.5", "untranslated"),
                                                  ("glossary:Mana Reserve", "fuzzy")]
    words = [str(w) for w in items[0].words]
    assert words == ["[shuffles nothing else.] -> [may then take a mulligan.]"]
    assert items[1].previous_context == "100.5" and [str(w) for w in items[1].words] == ["+[other]"]


def test_a_fuzzy_entry_is_known_as_the_translation_of_the_older_english(updated):
    _kb, root, _checked, _report, _entries, _obsolete = updated
    kb = KnowledgeBase.build(root)
    fuzzy = {a.es_id: a for a in kb.alignment if a.origin == "po" and a.status == "drifted" and a.kind == "rule"}
    assert set(fuzzy) == {"100.2", "100.4"}
    assert (fuzzy["100.2"].english_release, fuzzy["100.2"].changed_in) == (OLD, NEW)
    # Renumbered and changed: the English it translates is that of 100.5 in the older release.
    assert (fuzzy["100.4"].en_id, fuzzy["100.4"].english_release) == ("100.5", OLD)


@pytest.fixture
def stale_catalogs(tmp_path):
    """The corpus of both releases with catalogs of the older one, not yet updated."""
    root = corpus_with(tmp_path / "corpus", [OLD, NEW])
    kb = KnowledgeBase.build(root)
    export_catalogs(kb, tmp_path / "scratch", OLD)
    (root / "po").mkdir()
    for path in (tmp_path / "scratch").glob("*.po"):
        fill(path, root / "po" / path.name, SPANISH)
    return kb, root


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_an_update_interrupted_before_its_commit_leaves_every_catalog(stale_catalogs, monkeypatch):
    import kb.corpus_write as corpus_write

    kb, root = stale_catalogs
    before = _snapshot(root / "po")

    def stop(step: str) -> None:
        if step == "journal":
            raise KeyboardInterrupt

    monkeypatch.setattr(corpus_write, "STEP_HOOK", stop)
    with pytest.raises(KeyboardInterrupt):
        update_catalogs(kb, NEW)
    assert _snapshot(root / "po") == before


def test_a_second_writer_waits_then_is_refused(stale_catalogs, monkeypatch):
    import subprocess
    import sys

    from kb.corpus_write import CorpusBusy

    kb, root = stale_catalogs
    before = _snapshot(root / "po")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom kb.corpus_write import corpus_lock\n"
         f"with corpus_lock({str(root)!r}):\n    print('held', flush=True)\n    time.sleep(30)\n"],
        cwd=Path(__file__).resolve().parents[1], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        monkeypatch.setenv("KB_LOCK_WAIT", "0.3")
        with pytest.raises(CorpusBusy):
            update_catalogs(kb, NEW)
    finally:
        holder.kill()
        holder.wait(timeout=10)
    assert _snapshot(root / "po") == before


def test_catalogs_of_several_releases_are_refused(stale_catalogs):
    from kb.translations import UpdateRefused

    kb, root = stale_catalogs
    glossary = root / "po" / "glossary.po"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace(f"Rules {OLD}", f"Rules {NEW}"),
                        encoding="utf-8")
    before = _snapshot(root / "po")
    with pytest.raises(UpdateRefused, match="several releases"):
        update_catalogs(kb, NEW)
    assert _snapshot(root / "po") == before


def test_the_rule_command_names_the_release_a_fuzzy_entry_translates(updated):
    _kb, root, _checked, _report, _entries, _obsolete = updated
    kb = KnowledgeBase.build(root)
    texts = kb.spanish_texts("100.2")
    fuzzy = next(t for t in texts if t.kind == "catalog")
    assert fuzzy.english_release == OLD and not fuzzy.current
    assert f"el de {OLD}" in fuzzy.label


def test_a_fuzzy_entry_whose_previous_msgid_is_the_new_english_is_current_again(stale_catalogs):
    kb, root = stale_catalogs
    new_english = RELEASES[NEW][1][0][2][1][1]
    part = root / "po" / "part-1.po"
    text = part.read_text(encoding="utf-8")
    part.write_text(text.replace('msgctxt "100.2"', f'#, fuzzy\n#| msgid "{new_english}"\nmsgctxt "100.2"'),
                    encoding="utf-8")
    report = update_catalogs(kb, NEW)
    entry = next(e for e in read_po_file(part).entries if e.context == "100.2")
    assert (entry.msgstr, entry.fuzzy, entry.previous, entry.msgid) == (SPANISH["100.2"], False, None, new_english)
    assert report.fuzzy == 2  # 100.4 and the renamed glossary term
