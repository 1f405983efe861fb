"""Olivia Voldaren: "another target creature", "target Vampire", and control for as long as you
control her; the ability refers to the object that has it (707.11)."""

from __future__ import annotations

import pytest

from kb.engine import Game, IllegalTargetError, Player, Step


def _game():
    ana = Player("Ana", battlefield=["Olivia Voldaren"], library=5)
    bruno = Player("Bruno", battlefield=["Grizzly Bears"], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


@pytest.mark.rules("707.11")
def test_another_target_creature_excludes_olivia():
    game, ana, bruno = _game()
    olivia = ana.battlefield[0]
    with pytest.raises(IllegalTargetError):
        game.activate(ana, olivia, targets=[olivia])


@pytest.mark.rules("707.11")
def test_a_vampire_made_by_olivia_is_stolen_for_as_long_as_she_is_controlled():
    game, ana, bruno = _game()
    olivia, bears = ana.battlefield[0], bruno.battlefield[0]
    with pytest.raises(IllegalTargetError):
        game.activate(ana, olivia, 1, targets=[bears])  # not yet a Vampire
    game.activate(ana, olivia, 0, targets=[bears])
    game.resolve_stack()
    game.activate(ana, olivia, 1, targets=[bears])
    game.resolve_stack()
    assert bears.controller is ana and olivia.counters == {"+1/+1": 1}
    game.destroy([olivia])
    assert bears.controller is bruno
