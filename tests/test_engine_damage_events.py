"""Boon Reflection (614) and the results of a damage event (120.4)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, Step


@pytest.mark.rules("120.4")
def test_boon_reflection_doubles_its_controllers_life_gain_only():
    lifelinker = Card.creature(2, 2, keywords=["Lifelink"])
    ana = Player("Ana", battlefield=["Boon Reflection"], library=5)
    bruno = Player("Bruno", battlefield=[lifelinker], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.gain_life(ana, 3)
    game.deal_damage(lifelinker, ana, 2)
    assert ana.life == 24 and bruno.life == 22
