"""Redirecting damage (614.9) and its limit with range of influence (801.13a)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, Step
from kb.engine.cards.redirection import redirect_next


def _game(range_of_influence=None):
    alex = Player("Alex", hand=["Lava Axe", "Lava Axe"], library=5)
    rob, carissa, dani = (Player(n, library=5) for n in ("Rob", "Carissa", "Dani"))
    game = Game(players=[alex, rob, carissa, dani], range_of_influence=range_of_influence)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, alex, rob, carissa


@pytest.mark.rules("614.9", "801.13a")
def test_the_redirected_part_is_dealt_to_the_other_target():
    game, alex, rob, carissa = _game()
    game.add_replacement(redirect_next(3, rob, carissa))
    game.cast(alex, "Lava Axe", targets=[rob])
    game.resolve_stack()
    assert (rob.life, carissa.life) == (18, 17)
    game.cast(alex, "Lava Axe", targets=[rob])  # the shield is used up
    game.resolve_stack()
    assert (rob.life, carissa.life) == (13, 17)


@pytest.mark.rules("614.9", "801.13a")
def test_a_redirection_to_a_creature_and_a_lifelink_source_gains_once():
    linker = Card.creature(4, 4, keywords=["Lifelink"])
    bears = Card("Grizzly Bears")
    ana = Player("Ana", battlefield=[linker], library=5)
    bruno = Player("Bruno", battlefield=[bears], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.add_replacement(redirect_next(2, bruno, bears))
    game.deal_damage(linker, bruno, 4)
    assert bruno.life == 18 and bears.damage == 2
    assert [e["amount"] for e in game.events if e.kind == "life_gain"] == [4]
