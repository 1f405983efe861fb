"""Effects on spells on the stack (112.4) and the permanents they become (400.7a)."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, Step
from kb.engine.layers import modify, set_colors


def _game(**zones):
    ana = Player("Ana", hand=["Drudge Skeletons", "Savannah Lions"], library=5, **zones)
    bruno = Player("Bruno", hand=["Purelace"], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


@pytest.mark.rules("112.4", "400.7a")
def test_effects_that_select_permanents_leave_spells_alone():
    game, ana, bruno = _game(battlefield=["Crusade"])  # white creatures get +1/+1
    spell = game.cast(ana, "Savannah Lions")
    assert spell.card.power == 2
    game.resolve_stack()
    assert spell.card.power == 3


@pytest.mark.rules("112.4", "400.7a")
def test_an_effect_on_a_spell_changes_it_on_the_stack_and_follows_it():
    game, ana, bruno = _game()
    spell = game.cast(ana, "Savannah Lions")
    game.add_effect(modify(2, 0, affected=[spell.card]))
    assert spell.card.power == 4
    game.resolve_stack()
    assert spell.card.power == 4
    game.advance_to(Step.UPKEEP, turn=4)
    assert spell.card.power == 2  # until end of turn


@pytest.mark.rules("112.4", "400.7a")
def test_an_effect_on_a_spell_that_is_countered_doesnt_follow_the_card():
    game, ana, bruno = _game()
    spell = game.cast(ana, "Drudge Skeletons")
    game.add_effect(set_colors("W", affected=[spell.card], duration="indefinite"))
    game._move(spell.card, spell.card.zone.GRAVEYARD)  # as if countered
    game._put_onto_battlefield(spell.card, ana)  # and later returned from the graveyard
    assert spell.card.colors == ("B",)


@pytest.mark.rules("112.4", "400.7a")
def test_purelace_targets_a_permanent_too():
    game, ana, bruno = _game(battlefield=["Grizzly Bears"])
    bears = ana.battlefield[0]
    game.pass_priority(ana)
    game.cast(bruno, "Purelace", targets=[bears])
    game.resolve_stack()
    assert bears.colors == ("W",)
