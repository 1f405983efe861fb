"""The translator's desk on a simulated new release: `kb translations todo` shows each change of an
entry's English in its sentence with the catalog's own quotes, the whole English, and a suggestion
from the translation memory that is written only when taken (`--take`, marked fuzzy); and
`kb translations check`, the quality checks on every translated entry, on crafted entries and on the
team's own catalogs."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from test_align_corpus import cr_text
from test_translations import fill

from kb.knowledge import KnowledgeBase
from kb.translations import export_catalogs, todo, update_catalogs
from kb.translations.desk import Memory, TakeRefused, take_suggestion, word_diff
from kb.translations.pofile import PoEntry, read_po_file
from kb.translations.qa import CHECKS, check_catalog_files, entry_findings
from kb.translations.stored import read_stored

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS / "hostile"))
from hostile_catalog_support import REAL_CORPUS, kb_env, run_kb  # noqa: E402 - found on the path set just above

OLD, NEW = "2025-03-07", "2025-04-11"
LONG = ("A copy of a permanent spell becomes a token as it resolves. The token has the characteristics of the "
        "spell that became that token. The token is not “created” for the purposes of any replacement effects "
        "or triggered abilities that refer to creating a token.")
NAMES_OLD = "Advisor, Aetherborn, Alien, Ally, Angel, Antelope, Ape, Archer, Archon, Sorceress, Spellshaper, Sphinx."
NAMES_NEW = "Advisor, Aetherborn, Alien, Ally, Angel, Antelope, Ape, Archer, Archon, Sorcerer, Sorceress, Spellshaper, Sphinx."
RELEASES = {
    OLD: ("March 7, 2025", [("100", "General", [
        ("100.1", "The creature types are " + NAMES_OLD, []),
        ("100.2", ("If an effect says a player “can’t” do something, that player can’t do it even if another "
                   "effect says they can."), []),
        ("100.3", "Tokens cease to exist when they leave the battlefield for any zone whatsoever.", []),
    ])], [("Token", "A marker used to represent any permanent that isn't a card. See rule 100.3.")]),
    NEW: ("April 11, 2025", [("100", "General", [
        ("100.1", "The creature types are " + NAMES_NEW, []),
        ("100.2", ("If an effect says a player “can’t” do something, that player can’t do it even if another "
                   "effect says that player “can.”"), []),
        ("100.3", "Tokens cease to exist when they leave the battlefield for any zone whatsoever.", []),
        ("100.4", "Tokens cease to exist when they leave the battlefield for any zone at all.", []),
        ("100.5", LONG, []),
    ])], [("Token", "A marker used to represent any permanent that isn't a card. See rule 100.3.")]),
}
SPANISH = {
    "1": "Conceptos del juego",
    "100": "General",
    "100.1": "Los tipos de criatura son Advisor, Aetherborn, Alien, Ally, Angel, Antelope, Ape, Archer, Archon, "
             "Sorceress, Spellshaper, Sphinx.",
    "100.2": "Si un efecto dice que un jugador “no puede” hacer algo, ese jugador no puede hacerlo aunque otro "
             "efecto diga que puede.",
    "100.3": "Las fichas dejan de existir cuando abandonan el campo de batalla hacia cualquier zona.",
    "glossary:Token": "Ficha\nUn marcador que representa un permanente que no es una carta. Ver regla 100.3.",
}


def corpus_of(root: Path) -> Path:
    (root / "cr").mkdir(parents=True)
    manifest = []
    for iso, (words, sections, glossary) in RELEASES.items():
        name = f"cr/MagicCompRules-{iso}.txt"
        (root / name).write_bytes(cr_text(words, sections, glossary).encode("utf-8"))
        manifest.append(f'[[file]]\npath = "{name}"\nkind = "cr"\nlang = "en"\ntitle = "Comprehensive Rules"\n'
                        f'release = "{words}"\n')
    (root / "manifest.toml").write_text("\n".join(manifest), encoding="utf-8")
    return root


@pytest.fixture
def desk(tmp_path):
    """A corpus of both releases whose catalogs, filled for the older one, are updated to the newer."""
    root = corpus_of(tmp_path / "corpus")
    kb = KnowledgeBase.build(root)
    export_catalogs(kb, tmp_path / "scratch", OLD)
    (root / "po").mkdir()
    for path in (tmp_path / "scratch").glob("*.po"):
        fill(path, root / "po" / path.name, SPANISH)
    update_catalogs(kb, NEW)
    return kb, root


def _items(root):
    return {i.context: i for i in todo(root) if not i.context.startswith("document:")}


# -- the word diff in its sentence -----------------------------------------------------------------------


def test_a_name_added_to_a_long_list_is_shown_among_its_neighbours_only():
    hunks = word_diff(NAMES_OLD, NAMES_NEW)
    assert [str(h) for h in hunks] == ["… Antelope, Ape, Archer, Archon, {+Sorcerer,+} Sorceress, Spellshaper, Sphinx."]
    assert hunks[0].leading and not hunks[0].trailing and hunks[0].new == "Sorcerer," and hunks[0].old == ""


def test_the_diff_keeps_the_texts_own_curly_quotes():
    old = "that player can’t do it even if another effect says they can."
    new = "that player can’t do it even if another effect says that player “can.”"
    (hunk,) = word_diff(old, new)
    assert str(hunk) == "… if another effect says [-they can.-] {+that player “can.”+}"
    # A word that differs only by how its quote is written is the same word: no change.
    assert word_diff("the player’s turn", "the player's turn") == []


def test_changes_close_together_share_one_hunk_and_far_apart_do_not():
    words = list("abcdefghijklmnopqrst")
    near = words.copy()
    near[3], near[7] = "X", "Y"
    (hunk,) = word_diff(" ".join(words), " ".join(near))
    assert str(hunk) == "a b c [-d-] {+X+} e f g [-h-] {+Y+} i j k l …"
    far = words.copy()
    far[1], far[18] = "X", "Y"
    assert [str(h) for h in word_diff(" ".join(words), " ".join(far))] == [
        "a [-b-] {+X+} c d e f …", "… o p q r [-s-] {+Y+} t"]


# -- todo -------------------------------------------------------------------------------------------------


def test_todo_shows_each_change_in_its_sentence_and_the_whole_english(desk):
    _kb, root = desk
    items = _items(root)
    assert items["100.1"].state == "fuzzy"
    assert [str(h) for h in items["100.1"].hunks] == [
        "… Antelope, Ape, Archer, Archon, {+Sorcerer,+} Sorceress, Spellshaper, Sphinx."]
    assert [str(h) for h in items["100.2"].hunks] == ["… if another effect says [-they can.-] {+that player “can.”+}"]
    # Each hunk's words are today's English as the catalog writes it (searchable there).
    for item in (items["100.1"], items["100.2"]):
        for hunk in item.hunks:
            shown = f"{hunk.before} {hunk.new} {hunk.after}".strip()
            assert shown in " ".join(item.english.split())
    assert items["100.5"].state == "untranslated" and items["100.5"].english == LONG


def test_todo_suggests_the_closest_translated_english_never_the_entry_itself(desk):
    _kb, root = desk
    before = {p.name: p.read_bytes() for p in (root / "po").glob("*.po")}
    items = _items(root)
    suggestion = items["100.4"].suggestion
    assert suggestion is not None and suggestion.context == "100.3"
    assert suggestion.spanish == SPANISH["100.3"] and 80 <= suggestion.score < 100
    # The fuzzy 100.2 is not in the memory (its Spanish translates an older English), nor is an entry
    # its own suggestion: 100.3 is translated, but not a candidate for itself.
    memory = Memory.of_catalogs(sorted((root / "po").glob("*.po")))
    contexts = {e[0] for e in memory.entries[False]}
    assert "100.3" in contexts and "100.2" not in contexts
    # 100.3's only close English is its own: excluded, so nothing is suggested for it.
    assert memory.suggest("100.3", RELEASES[NEW][1][0][2][2][1]) is None
    assert memory.suggest("100.9", RELEASES[NEW][1][0][2][2][1]).context == "100.3"
    # Nothing close enough: no suggestion rather than a poor one.
    assert items["100.5"].suggestion is None
    # Looking never writes.
    assert {p.name: p.read_bytes() for p in (root / "po").glob("*.po")} == before


def test_a_suggestion_taken_is_written_fuzzy_with_its_source_and_nothing_else_changes(desk):
    _kb, root = desk
    before = {p.name: p.read_bytes() for p in (root / "po").glob("*.po")}
    path, suggestion = take_suggestion(root, "100.4")
    assert path.name == "part-1.po" and suggestion.context == "100.3"
    entries = {e.context: e for e in read_po_file(path).entries}
    taken = entries["100.4"]
    assert taken.msgstr == SPANISH["100.3"] and taken.fuzzy and taken.state == "fuzzy"
    assert any(c.startswith("suggested: from 100.3 (") for c in taken.comments)
    after = {p.name: p.read_bytes() for p in (root / "po").glob("*.po")}
    assert {n for n in after if after[n] != before[n]} == {"part-1.po"}
    # Every other entry keeps its bytes, and so do the header and the obsolete entries.
    scratch = root.parent / "before.po"
    scratch.write_bytes(before["part-1.po"])
    old_stored, new_stored = read_stored(scratch), read_stored(path)
    assert old_stored.header == new_stored.header and old_stored.others == new_stored.others
    assert list(old_stored.texts) == list(new_stored.texts)
    assert [c for c in new_stored.texts if new_stored.texts[c] != old_stored.texts[c]] == ["100.4"]
    # The knowledge base reads the catalogs without an error.
    assert not [p for c in KnowledgeBase.build(root).catalogs for p in c.problems if p.level == "error"]


def test_a_suggestion_is_never_taken_over_spanish_or_for_an_unknown_entry(desk):
    _kb, root = desk
    before = {p.name: p.read_bytes() for p in (root / "po").glob("*.po")}
    with pytest.raises(TakeRefused, match="has Spanish already"):
        take_suggestion(root, "100.2")
    with pytest.raises(TakeRefused, match="nothing in the translation memory"):
        take_suggestion(root, "100.5")
    with pytest.raises(TakeRefused, match="no entry 999.9"):
        take_suggestion(root, "999.9")
    assert {p.name: p.read_bytes() for p in (root / "po").glob("*.po")} == before


def test_todo_and_take_from_the_command_line(desk, tmp_path):
    _kb, root = desk
    env = kb_env(root, tmp_path / "store")
    listing = run_kb(["translations", "todo"], env)
    assert listing.returncode == 0, listing.stderr
    out = listing.stdout
    assert "changed: … if another effect says [-they can.-] {+that player “can.”+}" in out
    assert f"English: {LONG}" in out  # whole, never cut
    assert re.search(r"suggestion: \d+% alike, from 100\.3 \(po/part-1\.po\)", out)
    data = json.loads(run_kb(["translations", "todo", "--json", "--context", "100.4"], env).stdout)
    (item,) = data["items"]
    assert item["suggestion"]["context"] == "100.3" and item["suggestion"]["spanish"] == SPANISH["100.3"]
    taken = run_kb(["translations", "todo", "--take", "100.4"], env)
    assert taken.returncode == 0, taken.stderr
    assert "[100.4] fuzzy, from 100.3" in taken.stdout
    refused = run_kb(["translations", "todo", "--take", "100.2"], env)
    assert refused.returncode == 1 and "has Spanish already" in refused.stderr
    assert run_kb(["translations", "todo", "--take", "100.4", "--state", "fuzzy"], env).returncode == 2


# -- check ------------------------------------------------------------------------------------------------


def _entry(english: str, spanish: str, context: str = "100.1") -> PoEntry:
    return PoEntry(english, spanish, context, line=7)


@pytest.mark.parametrize("english, spanish, check", [
    ("See rule 702.19b.", "Ver la regla 702.19c.", "references"),
    ("{T}: Add {G}.", "{T}: Agrega {W}.", "symbols"),
    ("Each player draws 7 cards.", "Cada jugador roba cartas.", "numbers"),
    ("It says “Flying.”", "Dice “Vuela.", "quotes"),
    ("The player’s hand.", "La mano del jugador 'activo’.", "quotes"),
    ("A player draws a card.", "Un jugador roba una carta de de su biblioteca.", "doubled"),
    ("A player draws a card.", "Un jugador roba una carta", "punctuation"),
    ("Draw a card", "Roba una carta.", "punctuation"),
    ("A player draws a card.", " Un jugador roba una carta.", "spaces"),
    ("A player draws a card.", "Un jugador roba  una carta.", "spaces"),
    ("A player draws a card from their library.", "A player draws a card from their library.", "untranslated"),
])
def test_each_check_finds_its_mistake(english, spanish, check):
    findings = entry_findings(_entry(english, spanish), "po/part-1.po")
    assert check in {f.check for f in findings}
    assert str(findings[0]).startswith("po/part-1.po:7: [100.1] ")


@pytest.mark.parametrize("english, spanish", [
    ("See rule 702.19b.", "Ver la regla 702.19b."),
    ("It says “Flying.”", "Dice “Vuela”."),  # Spanish puts the stop after the quote
    ("See rule 702.179, “Start Your Engines!”", "Ver la regla 702.179, “¡Enciende el motor!”."),
    ("Token\nA marker.", "Ficha\nFicha es un marcador."),  # a heading and its first word are two lines
    ("Advisor", "Advisor"),  # a name may stay English
    ("with {T}, Sacrifice this token: Exile it.” More.", "con {T}, Sacrifica esta ficha: Exíliala.” Más."),
])
def test_a_right_translation_has_no_finding(english, spanish):
    assert entry_findings(_entry(english, spanish), "x.po") == []


def test_check_on_the_simulated_release_and_its_exit_codes(desk, tmp_path):
    _kb, root = desk
    env = kb_env(root, tmp_path / "store")
    clean = run_kb(["translations", "check"], env)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    part = root / "po" / "part-1.po"
    text = part.read_text(encoding="utf-8")
    assert text.count('zona."') == 1
    part.write_text(text.replace('zona."', 'zona de de juego"'), encoding="utf-8")
    found = run_kb(["translations", "check"], env)
    assert found.returncode == 1
    lines = [line for line in found.stdout.splitlines() if ": [100.3] " in line]
    assert {line.split("] ", 1)[1].split(":")[0] for line in lines} == {"doubled", "punctuation"}
    assert all(re.match(r"^po/part-1\.po:\d+: \[100\.3\] \w+: ", line) or line.startswith(str(root)) for line in lines)
    data = json.loads(run_kb(["translations", "check", "--json"], env).stdout)
    assert data["counts"]["doubled"] == 1 and data["counts"]["punctuation"] == 1 and set(data["counts"]) == set(CHECKS)
    assert run_kb(["translations", "check", "--only", "nonsense"], env).returncode == 2
    assert run_kb(["translations", "check", str(tmp_path / "missing.po")], env).returncode == 2


def test_the_teams_catalogs_pass_every_check():
    from kb.translations.files import po_files
    from kb.translations.termbase import load_term_base

    base = load_term_base(REAL_CORPUS / "terms" / "terms.tsv")
    findings, problems, checked = check_catalog_files(po_files(REAL_CORPUS), base)
    assert checked > 4000 and not problems
    assert [str(f) for f in findings] == []
