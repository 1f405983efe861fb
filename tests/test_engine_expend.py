"""Expend (700.14)."""

from __future__ import annotations

import pytest

from kb.engine import Game, NotModelledError, Player, Step


def _game(pay_mana=True, hand=("Divination", "Divination")):
    ana = Player("Ana", battlefield=["Bark-Knuckle Boxer"], hand=list(hand), library=8)
    game = Game(players=[ana, Player("Bruno", library=5)], pay_mana=pay_mana)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


def _triggers(game):
    return sum(1 for e in game.events if e.kind == "triggers")


@pytest.mark.rules("700.14")
def test_expend_triggers_once_as_the_total_crosses_four_each_turn():
    game, ana = _game()
    game.add_mana(ana, "{2}{U}")
    game.cast(ana, "Divination")
    game.resolve_stack()
    assert _triggers(game) == 0  # three mana
    game.add_mana(ana, "{2}{U}")
    game.cast(ana, "Divination")
    game.resolve_stack()
    assert _triggers(game) == 1 and "Indestructible" in ana.battlefield[0].keywords
    game.advance_to(Step.PRECOMBAT_MAIN, turn=5)
    assert "Indestructible" not in ana.battlefield[0].keywords


@pytest.mark.rules("700.14")
def test_expend_needs_mana_actually_paid():
    game, ana = _game(pay_mana=False)
    with pytest.raises(NotModelledError, match="700.14"):
        game.cast(ana, "Divination")
