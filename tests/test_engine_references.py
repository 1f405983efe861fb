"""Rule 201.5a: an ability granted to a token refers to the object that granted it (Gutter Grime)."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, Step


def _game():
    ana = Player("Ana", battlefield=["Gutter Grime", "Grizzly Bears", "Hill Giant"], library=5)
    bruno = Player("Bruno", battlefield=["Runeclaw Bear"], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


@pytest.mark.rules("201.5a")
def test_only_nontoken_creatures_you_control_make_oozes():
    game, ana, bruno = _game()
    game.destroy([bruno.battlefield[0]])
    game.resolve_stack()
    assert [c.name for c in ana.battlefield].count("Ooze Token") == 0
    game.destroy([ana.battlefield[1]])
    game.resolve_stack()
    ooze = next(c for c in ana.battlefield if c.name == "Ooze Token")
    assert (ooze.power, ooze.toughness) == (1, 1) and "G" in ooze.colors
    game.destroy([ooze])
    game.resolve_stack()
    assert ana.battlefield[0].counters == {"slime": 1}  # a token dying adds nothing


@pytest.mark.rules("201.5a")
def test_the_oozes_die_when_their_gutter_grime_leaves():
    game, ana, bruno = _game()
    grime = ana.battlefield[0]
    game.destroy([ana.battlefield[1]])
    game.resolve_stack()
    game.exile_cards([grime])
    game.check_state_based_actions()
    assert not [c for c in ana.battlefield if c.name == "Ooze Token"]
