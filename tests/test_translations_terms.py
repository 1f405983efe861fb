"""The term base (its fixed format, checked line by line), the term check (English inflections and word
boundaries, the longest term first; Spanish folded, stemmed, with variants) with its exceptions, and
the consistency check across catalogs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from kb.cli.main import cli
from kb.translations import export_catalog
from kb.translations.termbase import (
    Term,
    TermBase,
    TermError,
    check_consistency,
    check_terms,
    english_forms,
    load_term_base,
    spanish_stem,
)
from test_align_corpus import write_tiny_corpus
from test_translations import fill

HEADER = "en\tes\tkind\tsource\tvariants\tnote\n"


def base_of(tmp_path: Path, rows: str, exceptions: str | None = None) -> TermBase:
    path = tmp_path / "terms.tsv"
    path.write_text(HEADER + rows, encoding="utf-8")
    if exceptions is not None:
        (tmp_path / "exceptions.tsv").write_text("msgctxt\ten\treason\n" + exceptions, encoding="utf-8")
    return load_term_base(path)


TERMS = (
    "trample\tarrollar\tkeyword-ability\tofficial\t\t\n"
    "first strike\tdañar primero\tkeyword-ability\twiki:es-jugador.txt:12\tdaña primero\t\n"
    "strike\tgolpe\tterm\tteam\t\t\n"
    "active player\tjugador activo\tglossary\tofficial\t\tJAJNA\n"
    "exile\texiliar\tkeyword-action\tofficial\texilio\t\n"
    "deal\thacer\tterm\tteam\t\t\n"
    "prevention effect\tefecto de prevención\tglossary\tofficial\t\t\n"
)


def entry(english: str, spanish: str, context: str = "702.19b") -> tuple[str, int, str, str, str]:
    return ("part-7.po", 10, context, english, spanish)


def test_inflections_count_as_the_term(tmp_path):
    base = base_of(tmp_path, TERMS)
    ok = [
        entry("Trample is a static ability.", "Arrollar es una habilidad estática."),
        entry("The creature tramples over.", "La criatura arrolla."),
        entry("It was trampled.", "Fue arrollada."),
        entry("The active player exiles it.", "El jugador activo lo exilia."),
        entry("The active players exile them.", "Los jugadores activos las exilian."),
        entry("Exiled cards.", "Las cartas en el exilio."),  # a variant
        entry("A creature with first strike", "Una criatura que daña primero"),
        entry("A creature with FIRST STRIKE deals combat damage first.", "Una criatura que hace DAÑO PRIMERO."),
        entry("It deals damage.", "Hará daño.", "120.1"),  # an irregular form of hacer
        entry("A replacement or prevention effect.", "Un efecto de reemplazo o de prevención."),
    ]
    report = check_terms(ok, base)
    assert report.violations == [] and report.entries == len(ok)


def test_a_missing_term_is_reported_with_where_and_what(tmp_path):
    base = base_of(tmp_path, TERMS)
    report = check_terms([entry("The creature tramples over the blocker.", "La criatura pisotea al bloqueador.")], base)
    [violation] = report.violations
    assert (violation.context, violation.term.en, violation.found) == ("702.19b", "trample", "tramples")
    assert str(violation).startswith("part-7.po:10: [702.19b]") and "arrollar" in str(violation)


def test_the_longest_term_wins_and_words_are_whole(tmp_path):
    base = base_of(tmp_path, TERMS)
    # "strike" inside "first strike" is not the term "strike".
    assert [t.en for t, _ in base.find("A creature with first strike strikes first.")] == ["first strike", "strike"]
    report = check_terms([entry("A creature with first strike.", "Una criatura con dañar primero.")], base)
    assert report.violations == []
    # Word boundaries: "exiled" is "exile", "exileborn" is not.
    assert [t.en for t, _ in base.find("Exileborn trampler")] == []
    # A term's words stand together: "active, player" or "active. Player" is not "active player".
    assert [t.en for t, _ in base.find("Each active, player, or “active” player")] == []


def test_exceptions_excuse_one_term_in_one_entry(tmp_path):
    base = base_of(tmp_path, TERMS, "702.19b\ttrample\tthe card's printed name is kept in English\n"
                                    "999.9\texile\tno such entry any more\n")
    report = check_terms([entry("It tramples.", "Pisotea."), entry("It tramples.", "Pisotea.", "702.19c")], base)
    assert [v.context for v in report.violations] == ["702.19c"]
    assert [v.excused for v in report.excused] == ["the card's printed name is kept in English"]
    assert [(line, context) for line, context, _, _ in report.unused_exceptions] == [(3, "999.9")]


@pytest.mark.parametrize("rows, where", [
    ("trample\tarrollar\tability\tofficial\t\t\n", "kind 'ability'"),
    ("trample\tarrollar\tterm\twiki:page\t\t\n", "source 'wiki:page'"),
    ("trample\t\tterm\tteam\t\t\n", "needs its English and its Spanish"),
    ("trample\tarrollar\tterm\tteam\t\t\textra\n", "7 columns"),
    ("trample\tarrollar\tterm\tteam\t\t\ntrample\tpisotear\tterm\tteam\t\t\n", "already given"),
])
def test_a_malformed_term_base_names_its_line(tmp_path, rows, where):
    with pytest.raises(TermError, match=where) as caught:
        base_of(tmp_path, rows)
    assert str(caught.value).startswith(f"{tmp_path / 'terms.tsv'}:")


def test_the_header_is_fixed(tmp_path):
    path = tmp_path / "terms.tsv"
    path.write_text("en\tes\tkind\n", encoding="utf-8")
    with pytest.raises(TermError, match=":1: the header"):
        load_term_base(path)


def test_spanish_folding():
    assert spanish_stem("Arrolla") == spanish_stem("arrollar") == spanish_stem("ARROLLARÁN")
    assert spanish_stem("ataque") == spanish_stem("atacar")
    assert spanish_stem("lance") == spanish_stem("lanzar")
    # Pronouns attached to an imperative: muévelo, muéstrala, exílialas.
    assert spanish_stem("muévelo") == spanish_stem("mover")
    assert spanish_stem("muéstrala") == spanish_stem("mostrar")
    assert spanish_stem("exílialas") == spanish_stem("exiliar")
    assert spanish_stem("pelo") != spanish_stem("pe")  # no accent, no pronoun taken off


@given(st.sampled_from(["trample", "exile", "attack", "deal", "copy", "stop", "tap"]))
def test_every_english_form_is_the_word(word):
    forms = english_forms(word)
    assert word in forms and word + "s" in forms or word + "es" in forms
    assert any(f.endswith(("ed", "t", "d")) for f in forms if f != word)


def test_consistency_across_catalogs():
    entries = [
        ("part-1.po", 5, "100.1", "Draw a card.", "Roba una carta."),
        ("part-7.po", 9, "702.2", "Draw  a card.", "Roba una carta."),
        ("part-8.po", 3, "801.1", "Draw a card.", "Roba un naipe."),
        ("part-8.po", 7, "801.3", "Each team wins.", "Cada equipo gana."),
    ]
    [conflict] = check_consistency(entries)
    assert conflict.english == "Draw a card."
    assert [text for text, _ in conflict.renderings] == ["Roba una carta.", "Roba un naipe."]
    assert [r.catalog for r in conflict.renderings[0][1]] == ["part-1.po", "part-7.po"]
    assert "part-8.po:3 [801.1]" in str(conflict)
    assert check_consistency(entries, {("801.1", "draw a card"): (2, "a deck of cards, not the card")}) == []


def test_the_commands(tmp_path):
    corpus = write_tiny_corpus(tmp_path / "corpus")
    env = {"KB_CORPUS": str(corpus), "KB_STORE": str(tmp_path / "store")}
    runner = CliRunner()
    (corpus / "terms").mkdir()
    (corpus / "terms" / "terms.tsv").write_text(HEADER + "team\tequipo\tterm\tteam\t\t\n", encoding="utf-8")
    from kb.knowledge import KnowledgeBase

    kb = KnowledgeBase.build(corpus)
    exported = tmp_path / "es.po"
    export_catalog(kb, exported)
    a = fill(exported, tmp_path / "a.po", {"800.1": "Una partida multijugador empieza con más de dos jugadores.",
                                           "801.1": "Cada grupo comparte un total de vidas que empieza en 30."})
    b = fill(exported, tmp_path / "b.po", {"800.1": "Una partida de varios jugadores empieza con más de dos."})
    result = runner.invoke(cli, ["translations", "check-terms", str(a), "--json"], env=env)
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert [(v["context"], v["en"]) for v in data["violations"]] == [("801.1", "team")]
    text = runner.invoke(cli, ["translations", "check-terms", str(a)], env=env)
    assert f"{a}:" in text.stdout and "1 violation" in text.stdout
    (corpus / "terms" / "exceptions.tsv").write_text("msgctxt\ten\treason\n801.1\tteam\tgrupo reads better here\n",
                                                     encoding="utf-8")
    excused = runner.invoke(cli, ["translations", "check-terms", str(a)], env=env)
    assert excused.exit_code == 0 and "0 violations, 1 excused" in excused.stdout
    clash = runner.invoke(cli, ["translations", "check-consistency", str(a), str(b), "--json"], env=env)
    assert clash.exit_code == 1
    conflicts = {c["english"]: c for c in json.loads(clash.stdout)["conflicts"]}
    assert set(conflicts) == {kb.rule("800.1").text, kb.rule("801.1").text}  # b keeps the exported 801.1
    assert all(len(c["translations"]) == 2 for c in conflicts.values())
    checked = runner.invoke(cli, ["translations", "import", str(a), str(b), "--check"], env=env)
    assert "consistency: 2 conflicts" in checked.stdout and "terms: 0 violations, 1 excused" in checked.stdout
    missing = runner.invoke(cli, ["translations", "check-terms", "--terms", str(tmp_path / "none.tsv")], env=env)
    assert missing.exit_code == 2 and "no term base" in missing.stderr


def test_terms_match_the_real_catalog_shape():
    """A term base line in the documented format reads, with its variants."""
    term = Term("trample", "arrollar", "keyword-ability", "official", ("arrolla",), "", 2)
    assert TermBase([term]).uses(term, "Esta criatura arrolla.")
    assert not TermBase([term]).uses(term, "Esta criatura pisotea.")
