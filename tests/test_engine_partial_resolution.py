"""Rule 608.2f: an effect applied to each of several objects one at a time (Soulfire Eruption)."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step


def _cast(library, targets_of, script=None):
    ana = Player("Ana", hand=["Soulfire Eruption"], library=library)
    bruno = Player("Bruno", battlefield=["Grizzly Bears"], library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(**(script or {})))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    spell = game.cast(ana, "Soulfire Eruption", targets=[targets_of(ana, bruno)])
    return game, ana, bruno, spell


@pytest.mark.rules("608.2f")
def test_an_empty_library_leaves_the_remaining_targets_undamaged():
    game, ana, bruno, _ = _cast(["Hill Giant"], lambda a, b: [b, b.battlefield[0]], {"Ana": ["Bruno"]})
    game.resolve_stack()
    assert bruno.life == 16 and bruno.battlefield[0].damage == 0


@pytest.mark.rules("608.2f")
def test_an_illegal_target_is_skipped_and_no_card_is_exiled_for_it():
    game, ana, bruno, _ = _cast(["Hill Giant", "Juggernaut"], lambda a, b: [b, b.battlefield[0]])
    game.destroy([bruno.battlefield[0]])  # the Bears leave before the spell resolves
    game.resolve_stack()
    assert [c.name for c in game.exile] == ["Hill Giant"] and bruno.life == 16


@pytest.mark.rules("608.2f")
def test_no_targets_at_all_does_nothing():
    game, ana, bruno, _ = _cast(["Hill Giant"], lambda a, b: [])
    game.resolve_stack()
    assert not game.exile and bruno.life == 20


@pytest.mark.rules("608.2f")
def test_blatant_thievery_has_a_target_for_each_opponent_and_skips_illegal_ones():
    ana = Player("Ana", hand=["Blatant Thievery"], library=5)
    bruno = Player("Bruno", battlefield=["Grizzly Bears"], library=5)
    carla = Player("Carla", battlefield=["Juggernaut"], library=5)
    game = Game(players=[ana, bruno, carla])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Blatant Thievery", targets=[["Grizzly Bears"], ["Juggernaut"]])
    game.destroy([bruno.battlefield[0]])
    game.resolve_stack()
    assert [c.name for c in ana.battlefield] == ["Juggernaut"]
    two = Game(players=[Player("Dee", hand=["Blatant Thievery"], library=5), Player("Eve", battlefield=["Forest"], library=5)])
    two.start(at=Step.PRECOMBAT_MAIN, turn=3)
    spell = two.cast(two.player("Dee"), "Blatant Thievery")
    assert [t.name for t in spell.targets] == ["Forest"]
