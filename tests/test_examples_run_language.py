"""A run told wholly in its language: the verdict, each failure ("Esperado / Obtenido"), an
exception, code that states no expected output (shown, never failed), code that is no doctest (one
line saying why); cards named by one rule per language, and found by either name."""

from __future__ import annotations

import pytest

from kb.examples.card_names import CardNamesError, read_table, spanish_names
from kb.examples.runner import run_code

SETUP = """>>> from kb.engine import Game, Player, Step
>>> ana = Player('Ana', hand=['Lightning Bolt'], library=10)
>>> bruno = Player('Bruno', battlefield=['Grizzly Bears', 'Island'], library=10)
>>> game = Game(players=[ana, bruno])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> game.cast(ana, 'Lightning Bolt', targets=[bruno.battlefield[0]])
"""


def test_a_game_with_no_expected_output_shows_what_happened_and_is_not_failed():
    result = run_code(SETUP + ">>> game.pass_all()\n", "es")
    assert result.outcome == "shown" and result.passed and result.failures == ()
    assert "(704.5g)" in result.report
    assert result.report.endswith("Sin resultado esperado que comprobar: esto es lo que ocurrió.\n")
    assert "doctest" not in result.verdict


@pytest.mark.parametrize(("lang", "verdict", "expected", "got"), [
    ("es", "doctest: FALLIDO (7/8 comprobaciones)", "Esperado:\n19\nObtenido:\n20\n", "línea 9"),
    ("en", "doctest: FAILED (7/8 checks)", "Expected:\n19\nGot:\n20\n", "line 9"),
])
def test_a_failure_is_told_in_the_runs_language(lang, verdict, expected, got):
    code = SETUP + "Spell(Card('Lightning Bolt'), controller=Player('Ana'))\n>>> game.pass_all()\n>>> bruno.life\n19\n"
    result = run_code(code, lang)
    assert result.outcome == "failed" and result.verdict == verdict
    assert len(result.failures) == 1 and expected in result.failures[0] and got in result.failures[0]
    assert "Failed example" not in result.failures[0] or lang == "en"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_code_that_is_not_a_doctest_gets_one_line_saying_why(lang):
    result = run_code("game.cast(ana, 'Lightning Bolt')\n", lang)
    assert result.outcome == "not_doctest" and not result.passed
    assert result.report.count("\n") == 1 and ">>> " in result.report
    assert "0/0" not in result.report


def test_a_card_the_engine_does_not_know_is_one_line_in_the_runs_language():
    result = run_code(">>> from kb.engine import Player\n>>> Player('Ana', hand=['Lightning Bolts'])\n", "es")
    assert result.outcome == "error" and not result.passed
    line = result.checks[-1].got
    assert "«Lightning Bolts»" in line and "Lightning Bolt" in line.partition(":")[2]
    assert "kb.engine.errors" not in result.report and "UnknownCardError" not in result.report


def test_a_card_is_named_in_spanish_only_where_the_names_table_confirms_it():
    names = spanish_names()
    assert names["Flame Rift"] == "Fisura llameante" and "Lightning Bolt" not in names
    es = run_code(SETUP + ">>> game.pass_all()\n", "es").report
    # Not confirmed: the English name, everywhere; a card the engine once named otherwise too.
    assert "Lightning Bolt hace 3 puntos de daño a Grizzly Bears" in es
    flame = run_code(""">>> from kb.engine import Game, Player, Step
>>> ana = Player('Ana', hand=['Flame Rift', 'Doubling Season'], library=10)
>>> game = Game(players=[ana, Player('Bruno', library=10)])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> game.cast(ana, 'Fisura llameante')
Spell(Card('Flame Rift'), controller=Player('Ana'))
>>> game.pass_all()
""", "es")
    assert flame.passed and "Fisura llameante hace 4 puntos de daño" in flame.report
    assert "Temporada duplicadora" not in flame.report


def test_the_engine_finds_a_card_by_its_confirmed_spanish_name_too():
    result = run_code(">>> from kb.engine import Player\n>>> Player('Ana', hand=['isla', 'Fisura llameante']).hand\n"
                      "[Card('Island'), Card('Flame Rift')]\n", "en")
    assert result.outcome == "passed", result.failures


def test_every_name_in_the_table_is_a_card_of_the_engine_with_its_source():
    import kb.engine.cards  # noqa: F401
    from kb.engine.objects import CardDefinition

    assert set(spanish_names()) <= set(CardDefinition.registry)


@pytest.mark.parametrize(("text", "reason"), [
    ("en\tes\n", "header"),
    ("en\tes\tsource\tnote\nIsland\tIsla\t\t\n", "source"),
    ("en\tes\tsource\tnote\nIsland\tIsla\tx\t\nIsland\tIsla\ty\t\n", "twice"),
])
def test_a_bad_names_table_is_one_line_naming_file_and_line(text, reason):
    with pytest.raises(CardNamesError, match=reason) as caught:
        read_table(text, "card-names.tsv")
    assert str(caught.value).startswith("card-names.tsv:") and "\n" not in str(caught.value)
