"""Devotion (700.5): counting mana symbols, effects that increase it, and a type-changing effect
that depends on it (700.5a)."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, Step


def _game(*permanents):
    ana = Player("Ana", battlefield=list(permanents), library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


@pytest.mark.rules("700.5", "700.5a")
def test_the_altar_adds_one_to_devotion_to_any_color_and_combination():
    game, ana = _game("Altar of the Pantheon", "Ball Lightning")
    assert game.devotion(ana, "R") == 4
    assert game.devotion(ana, "U") == 1
    assert game.devotion(ana, "U", "R") == 4


@pytest.mark.rules("700.5", "700.5a")
def test_purphoros_counts_its_own_cost_and_becomes_a_creature_at_five():
    game, ana = _game("Purphoros, God of the Forge", "Ball Lightning", "Altar of the Pantheon")
    purphoros = ana.battlefield[0]
    assert purphoros.is_creature
    game.destroy([ana.battlefield[1]])  # Ball Lightning leaves: devotion 2
    assert game.devotion(ana, "R") == 2 and not purphoros.is_creature
    game.destroy([purphoros])  # indestructible
    assert purphoros in ana.battlefield
