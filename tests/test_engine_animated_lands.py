"""Svogthos, the Restless Tomb: a land that becomes a creature counting a graveyard (613.4b)."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, Step


@pytest.mark.rules("613.4b")
def test_svogthos_is_a_creature_until_end_of_turn_and_taps_for_colorless():
    ana = Player("Ana", battlefield=["Svogthos, the Restless Tomb"], graveyard=["Hill Giant", "Forest"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    svogthos = ana.battlefield[0]
    game.activate(ana, svogthos, 1)
    game.resolve_stack()
    assert (svogthos.power, svogthos.toughness, svogthos.is_creature) == (1, 1, True)  # the Forest isn't a creature card
    game.advance_to(Step.UPKEEP, turn=4)
    assert not svogthos.is_creature and svogthos.colors == ()
    assert game.is_mana_ability(svogthos, 0)
