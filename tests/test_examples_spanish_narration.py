"""Every example, run in Spanish, is told with no English in it: no sentence takes a word from the
engine untranslated (a counter's name, a cost's text, a creature type, a token's name)."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step
from kb.examples import catalog, narrate, run_example

EXAMPLES = catalog()


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_every_example_is_told_in_spanish_with_no_untranslated_word(example):
    result = run_example(example, "es")
    leaks = [(line.text, line.untranslated) for game in result.games for line in game.narration if line.untranslated]
    assert not leaks, f"{example.name}: untranslated in Spanish: {leaks}"


def test_the_examples_cover_the_words_that_leaked_before():
    # "contador age" and "pay 1 life" in Spanish, reported in issue 21.
    text = "\n".join(run_example(next(e for e in EXAMPLES if e.name == "two-instances-of-cumulative-upkeep"), "es").narration)
    assert "contador de edad" in text and "pagar 1 vida" in text and "pagar 2 vidas" in text
    assert "age" not in text.split() and "pay" not in text


def _spanish(game: Game) -> list[str]:
    return [line.text for line in narrate(game.events, "es")]


def test_an_unknown_engine_word_is_flagged_not_hidden():
    game = Game(players=[Player("Ana", battlefield=["Grizzly Bears"]), Player("Bruno")])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    bears = game.players[0].battlefield[0]
    game.add_counters(bears, "oil", 1)
    game.add_counters(bears, "+1/+1", 2)
    lines = [line for line in narrate(game.events, "es") if line.kind == "counters_put"]
    assert [line.untranslated for line in lines] == [("oil",), ()]
    assert lines[1].text == "Grizzly Bears recibe 2 contadores +1/+1."


def test_tokens_and_declined_sacrifices_are_told_in_spanish():
    ana = Player("Ana", battlefield=["Jade Mage"], hand=["Heart-Piercer Manticore"])
    game = Game(players=[ana, Player("Bruno")], decisions=ScriptedDecisions(Ana=[False]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.activate(ana, ana.battlefield[0])
    game.resolve_stack()
    game.cast(ana, "Heart-Piercer Manticore")
    game.resolve_stack()
    spanish = _spanish(game)
    assert "Ana crea una ficha de Saprolín." in spanish
    assert "Ana elige no sacrificar nada." in spanish
    english = [line.text for line in narrate(game.events, "en")]
    assert "Ana creates Saproling Token." in english and "Ana chooses not to sacrifice anything." in english
