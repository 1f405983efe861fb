"""Spanish narration: a card is named the same way on every line, and words agree with it in
gender and number ("Bear Cub: girado", "una criatura 2/2: girada", "dos fichas de Soldado"); a
player chosen takes the personal "a" ("Ana elige a Bruno"); layers are listed ("capas 4 y 7b")."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step
from kb.engine.layers import combine, grant, modify, set_colors
from kb.examples.narration import narrate, spanish_agreement


def _game(battlefield=(), **decisions):
    ana = Player("Ana", battlefield=list(battlefield), library=5)
    bruno = Player("Bruno", library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(**decisions))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


def _told(game: Game, lang: str = "es") -> list[str]:
    return [line.text for line in narrate(game.events, lang)]


@pytest.mark.parametrize("name, agreement", [
    ("una criatura 2/2", "f"), ("una ficha de Soldado", "f"), ("Ratas icóridas", "fp"), ("Mal furtivo", "m"),
    ("Faro de inmortalidad", "m"), ("Devolver el favor", "m"), ("Temporada duplicadora", "f"), ("atacante obligada", "f"),
])
def test_the_agreement_of_a_spanish_name(name, agreement):
    assert spanish_agreement(name) == agreement


def test_a_name_kept_in_english_is_masculine_singular_and_a_spanish_one_agrees():
    cub, plain = Card("Bear Cub"), Card.creature(2, 2)
    game, ana, _ = _game([cub, plain])
    game.tap([cub])
    game.tap([plain])
    told = _told(game)
    assert "Bear Cub: girado." in told and "Una criatura 2/2: girada." in told


def test_several_cards_are_plural_feminine_only_if_each_is():
    game, ana, _ = _game([Card.creature(2, 2), Card.creature(3, 3), Card("Bear Cub")])
    first, second, cub = ana.battlefield
    game.tap([first, second])
    game.untap([first, second])
    game.tap([first, cub])
    told = _told(game)
    assert "Una criatura 2/2 y una criatura 3/3: giradas." in told
    assert "Una criatura 2/2 y Bear Cub: girados." in told


def test_tokens_alike_are_counted_and_a_token_is_named_with_its_article_everywhere():
    game, ana, _ = _game()
    soldiers = [Card.token(power=1, toughness=1, subtypes=("Soldier",)) for _ in range(2)]
    game.create_tokens(ana, *soldiers)
    game.create_tokens(ana, Card.token(power=1, toughness=1, subtypes=("Soldier",)))
    game.tap([soldiers[0]])
    told = _told(game)
    assert "Ana crea dos fichas de Soldado." in told and "Ana crea una ficha de Soldado." in told
    assert "Una ficha de Soldado: girada." in told
    for line in told:
        for start in range(len(line)):
            if line.startswith("ficha de Soldado", start):
                before = line[:start].rstrip().lower()
                assert before.endswith("una"), line  # never a bare "ficha de Soldado"
    english = _told(game, "en")
    assert "Ana creates two Soldier Tokens." in english and "Ana creates Soldier Token." in english


def test_a_player_chosen_takes_the_personal_a_and_a_card_doesnt():
    bears = Card("Grizzly Bears")
    ana = Player("Ana", hand=["Lightning Bolt", "Lightning Bolt"], library=5)
    bruno = Player("Bruno", battlefield=[bears], library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=[bruno, bears]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Lightning Bolt")
    game.resolve_stack()
    game.cast(ana, "Lightning Bolt")
    told = _told(game)
    assert "Ana elige a Bruno como objetivo de Lightning Bolt." in told
    assert "Ana elige Grizzly Bears como objetivo de Lightning Bolt." in told


def test_layers_are_a_list_and_the_word_agrees_with_their_number():
    bears = Card("Grizzly Bears")
    game, ana, _ = _game([bears])
    game.add_effect(combine(set_colors("R"), modify(1, 1), affected=[bears]))
    game.add_effect(grant("Flying", affected=[bears]))
    told = _told(game)
    assert "Empieza un efecto continuo; se aplica a Grizzly Bears (capas 5 y 7c)." in told
    assert "Empieza un efecto continuo; se aplica a Grizzly Bears (capa 6)." in told
    assert "A continuous effect begins; it applies to Grizzly Bears (layers 5 and 7c)." in _told(game, "en")


def test_the_legend_rule_is_told_in_both_languages():
    boshes = [Card("Bosh, Iron Golem"), Card("Bosh, Iron Golem")]
    game, ana, _ = _game(boshes, Ana=[boshes[1]])
    assert any("regla de leyendas" in line for line in _told(game))
    assert any("the legend rule" in line for line in _told(game, "en"))


def test_one_card_with_a_plural_spanish_name_is_told_as_one_card():
    rats = Card("Ichor Rats")
    game, ana, _ = _game([rats])
    game.tap([rats])
    assert "Ratas icóridas: girada." in _told(game)
