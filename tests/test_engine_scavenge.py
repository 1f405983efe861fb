"""Scavenge (702.97) given by Varolz (702.1a)."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, Step, TimingError


def _game():
    ana = Player("Ana", battlefield=["Varolz, the Scar-Striped"], graveyard=["Hill Giant", "Forest"], hand=["Lightning Bolt"], library=5)
    bruno = Player("Bruno", graveyard=["Grizzly Bears"], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


@pytest.mark.rules("702.97", "702.1a")
def test_only_your_creature_cards_get_scavenge():
    game, ana, bruno = _game()
    giant, forest = ana.graveyard
    assert len(game.graveyard_abilities(giant)) == 1
    assert game.graveyard_abilities(forest) == ()
    assert game.graveyard_abilities(bruno.graveyard[0]) == ()
    game.destroy([ana.battlefield[0]])
    assert game.graveyard_abilities(giant) == ()


@pytest.mark.rules("702.97", "702.1a")
def test_scavenge_only_as_a_sorcery():
    game, ana, bruno = _game()
    game.cast(ana, "Lightning Bolt", targets=[bruno])
    with pytest.raises(TimingError):
        game.activate(ana, ana.graveyard[0], targets=[ana.battlefield[0]])
