"""Haunt (702.55): Absolver Thrull."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step


def _game(answers):
    ana = Player("Ana", battlefield=["Absolver Thrull"], library=5)
    bruno = Player("Bruno", battlefield=["Crusade", "Hill Giant", "Grizzly Bears"], library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=answers))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.destroy([ana.battlefield[0]])
    game.resolve_stack()
    return game, ana, bruno


@pytest.mark.rules("702.55")
def test_only_the_death_of_the_haunted_creature_triggers():
    game, ana, bruno = _game(["Hill Giant", "Crusade"])
    crusade, giant, bears = bruno.battlefield
    game.destroy([bears])
    game.resolve_stack()
    assert crusade.zone.name == "BATTLEFIELD"
    game.destroy([giant])
    game.resolve_stack()
    assert crusade.zone.name == "GRAVEYARD"


@pytest.mark.rules("702.55")
def test_a_haunted_creature_that_left_and_returned_is_a_new_object():
    game, ana, bruno = _game(["Hill Giant"])
    crusade, giant, bears = bruno.battlefield
    game.exile_cards([giant])
    game._put_onto_battlefield(giant, bruno)
    game.destroy([giant])
    game.resolve_stack()
    assert crusade.zone.name == "BATTLEFIELD"
