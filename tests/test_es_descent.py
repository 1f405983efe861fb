"""The Spanish of a rule in an older release, carried along the rule's line of descent.

The tiny corpus of test_align_corpus numbers "Ending the Turn" 701 in its first two releases and 702
in the newest; its Spanish page is stamped with the second release but numbers the rules 702, as the
newest does (as the real page on ending the turn does: stamped 2019-08-23, numbered as 2019-10-04).
The Spanish of 702.1 of the newest release is the Spanish of 701.1 of the older ones, whose English
is the same; 801.2 was rewritten after the first release, so a translation of its first English is
not one of the later English, and is said so.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli.main import cli
from kb.knowledge import KnowledgeBase
from kb.rulecard import NO_TRANSLATION, card_of, rule_card
from kb.translations import export_catalog, import_catalog
from test_align_corpus import write_tiny_corpus

OLDEST, MIDDLE, NEWEST = "2020-01-10", "2020-06-20", "2021-03-05"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    return write_tiny_corpus(tmp_path_factory.mktemp("corpus"))


@pytest.fixture(scope="module")
def kb(corpus) -> KnowledgeBase:
    return KnowledgeBase.build(corpus)


@pytest.fixture()
def env(corpus, tmp_path) -> dict[str, str]:
    return {"KB_CORPUS": str(corpus), "KB_STORE": str(tmp_path / "store")}


def test_the_spanish_follows_a_renumbered_rule_back(kb):
    assert kb.trace("701.1", MIDDLE)[NEWEST] == "702.1"
    [text] = kb.spanish_texts("701.1", MIDDLE)
    assert text.current and text.kind == "wiki" and text.text.startswith("Algunas cartas finalizan el turno")
    assert (text.english_release, text.english_id, text.shown_release) == (NEWEST, "702.1", MIDDLE)
    assert "traduce el mismo texto inglés, el de 2021-03-05 (regla 702.1)" in text.label
    assert "reads as 701.1 of 2020-06-20" in text.evidence[-1]
    # The same in the first release, two renumberings away from nothing: the line of descent holds.
    assert [t.current for t in kb.spanish_texts("701.1", OLDEST)] == [True]


def test_references_renumbered_along_the_descent_are_no_change(kb):
    """701.1a cites 701.1b where 702.1a cites 702.1b: the same text, as the history compares."""
    [text] = kb.spanish_texts("701.1a", MIDDLE)
    assert text.current and "once its references are renumbered" in text.evidence[-1]
    [ref] = kb.spanish_references("701.1a", MIDDLE)
    assert (ref.written.target, ref.target, ref.numbering) == ("702.1b", "701.1b", NEWEST)
    assert [r.target for r in kb.refs_out("701.1a", MIDDLE, lang="es")] == ["701.1b"]
    assert [r.target for r in kb.refs_out("702.1a", lang="es")] == ["702.1b"]


def test_a_translation_of_another_english_is_said_so(kb):
    [text] = kb.spanish_texts("801.2", MIDDLE)
    assert not text.current and (text.english_release, text.english_id) == (OLDEST, "801.2")
    assert "traduce otro texto inglés, el de 2020-01-10 (regla 801.2), no el de 2020-06-20" in text.label
    assert "differs from that of 801.2 of 2020-06-20" in text.evidence[-1]
    card = card_of(kb, "801.2", MIDDLE, "es")
    assert card.spanish is not None and card.spanish.current is False
    assert card.notice.startswith(NO_TRANSLATION)
    # In the release whose English it translates it is current.
    assert [t.current for t in kb.spanish_texts("801.2", OLDEST)] == [True]
    assert card_of(kb, "801.2", OLDEST, "es").notice is None


def test_a_rule_with_no_spanish_on_its_line_stays_without(kb):
    assert kb.spanish_texts("701.1", NEWEST) == []  # the Saga rule of the newest release
    assert kb.spanish_texts("100.1", OLDEST) == []
    assert card_of(kb, "100.1", OLDEST, "es").notice.startswith(NO_TRANSLATION)


def test_the_store_answers_as_the_knowledge_base(corpus, tmp_path):
    store = tmp_path / "store"
    built = KnowledgeBase.load(corpus, store)
    for rule_id, release in (("701.1", MIDDLE), ("701.1a", OLDEST), ("801.2", MIDDLE), ("801.2", OLDEST),
                             ("801.2a", OLDEST), ("100.1", OLDEST), ("702.1", NEWEST)):
        stored = rule_card(rule_id, release, "es", corpus, store)
        assert stored == card_of(built, rule_id, release, "es"), (rule_id, release)


def test_kb_rule_shows_the_ids_of_the_release_asked_for(env):
    result = CliRunner().invoke(cli, ["rule", "701.1", "--release", MIDDLE, "--lang", "es"], env=env)
    assert result.exit_code == 0, result.output
    assert "701.1 (español; numerada 702.1 en su fuente)" in result.output
    assert "translates the English of this release, 2020-06-20 (the same text as 702.1 of 2021-03-05)" in result.output
    other = CliRunner().invoke(cli, ["rule", "801.2", "--release", MIDDLE, "--lang", "es"], env=env)
    assert "NOT THIS RELEASE'S ENGLISH: translates 801.2 of 2020-01-10" in other.output
    data = json.loads(CliRunner().invoke(cli, ["rule", "701.1", "--release", MIDDLE, "--lang", "es", "--json"],
                                         env=env).stdout)
    assert data["spanish"]["current"] is True and data["texts"][0]["shown_release"] == MIDDLE


def test_kb_refs_in_spanish_names_the_release_asked_for(env):
    runner = CliRunner()
    data = json.loads(runner.invoke(cli, ["refs", "702.1a", "--lang", "es", "--json"], env=env).stdout)
    # The page is stamped 2020-06-20, where 702.1a is no rule: the rule asked for is the newest's.
    assert (data["node"], data["rule"], data["release"]) == ("es:cr:2021-03-05:702.1a", "702.1a", NEWEST)
    assert [(r["target"], r["surface"], r["broken"]) for r in data["out"]] == [("cr:2021-03-05:702.1b", "702.1b", False)]
    assert data["quoted_by"] == ["page:es-jugador-activo"]
    older = runner.invoke(cli, ["refs", "701.1a", "--lang", "es", "--release", MIDDLE, "--json"], env=env)
    assert older.exit_code == 0, older.output
    data = json.loads(older.stdout)
    assert (data["node"], data["release"], data["current"]) == ("es:cr:2020-06-20:701.1a", MIDDLE, True)
    assert [(r["target"], r["surface"]) for r in data["out"]] == [("cr:2020-06-20:701.1b", "702.1b")]
    # The Saga rule of the newest release has no Spanish: said, not another rule's.
    missing = runner.invoke(cli, ["refs", "701.1", "--lang", "es"], env=env)
    assert missing.exit_code == 2 and "no Spanish text of rule 701.1 of 2021-03-05" in missing.stderr


def test_a_fuzzy_entry_translates_its_previous_msgid_in_every_release(corpus, tmp_path):
    """A fuzzy catalog entry of the newest release whose previous msgid is the first release's English
    is the translation of that release's rule, and of no later one; the store knows it too."""
    own = Path(shutil.copytree(corpus, tmp_path / "corpus"))
    kb = KnowledgeBase.build(own)
    exported = tmp_path / "es.po"
    export_catalog(kb, exported, NEWEST, "es")
    # The export carries the wiki's Spanish of the first English as a fuzzy entry, that English as
    # its previous msgid (#| msgid); the team rewords it and keeps it fuzzy.
    text = exported.read_text(encoding="utf-8")
    entry = text[text.index('#| msgid "The Team variant uses a modified version'):]
    entry = entry[:entry.index("\n\n")]
    assert 'msgctxt "801.2"' in entry and "#, fuzzy" in text[text.index(entry) - 12:text.index(entry)]
    reworded = entry[:entry.index("msgstr")] + 'msgstr "La variante usa una versión modificada del combate."'
    filled = tmp_path / "filled.po"
    filled.write_text(text.replace(entry, reworded), encoding="utf-8")
    assert import_catalog(filled, kb, corpus_root=own).ok
    rebuilt = KnowledgeBase.load(own, tmp_path / "store")
    first = [t for t in rebuilt.spanish_texts("801.2", OLDEST) if t.kind == "catalog"]
    assert [(t.current, t.english_release, t.state) for t in first] == [(True, OLDEST, "fuzzy")]
    later = [t for t in rebuilt.spanish_texts("801.2", MIDDLE) if t.kind == "catalog"]
    # Known to translate the first release's English (its previous msgid), not this one's.
    assert [(t.current, t.english_release) for t in later] == [(False, OLDEST)]
    for release in (OLDEST, MIDDLE):
        stored = rule_card("801.2", release, "es", own, tmp_path / "store")
        assert stored.texts == card_of(KnowledgeBase.build(own), "801.2", release, "es").texts, release
