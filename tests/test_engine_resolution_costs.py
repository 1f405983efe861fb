"""Costs paid as an ability resolves (118.12): Standstill."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, Step


@pytest.mark.rules("118.12")
def test_standstill_is_sacrificed_and_each_opponent_of_the_caster_draws_three():
    ana = Player("Ana", battlefield=["Standstill"], library=5)
    bruno = Player("Bruno", hand=["Lightning Bolt"], library=5)
    carla = Player("Carla", library=5)
    game = Game(players=[ana, bruno, carla], starting_player=bruno)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(bruno, "Lightning Bolt", targets=[carla])
    game.resolve_stack()
    assert [c.name for c in ana.graveyard] == ["Standstill"]
    assert (len(ana.hand), len(bruno.hand), len(carla.hand)) == (3, 0, 3)


@pytest.mark.rules("118.12")
def test_a_standstill_that_left_and_returned_is_a_new_object():
    ana = Player("Ana", battlefield=["Standstill"], hand=["Lightning Bolt"], library=5)
    bruno = Player("Bruno", library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Lightning Bolt", targets=[bruno])
    standstill = ana.battlefield[0]
    game.exile_cards([standstill])
    game._put_onto_battlefield(standstill, ana)
    game.resolve_stack()
    assert standstill.zone.name == "BATTLEFIELD" and len(bruno.hand) == 0
