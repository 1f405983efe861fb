"""Battles (310): protectors, attacking them, damage to them, and the state-based actions."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step
from kb.engine.errors import NotModelledError
from kb.examples.narration import narrate
from engine_scenario import two_player_game


def with_siege(ana_battlefield=(), bruno_battlefield=(), ana=(), bruno=(), defense=None, hand=()):
    siege = Card("Invasion of Ravnica", counters={"defense": defense} if defense else None)
    scripts = ScriptedDecisions(Ana=list(ana), Bruno=list(bruno))
    game, a, b = two_player_game({"battlefield": [siege, *ana_battlefield], "hand": hand}, {"battlefield": bruno_battlefield}, decisions=scripts)
    return game, a, b, siege


def damage(game):
    return [(e["source"].name, e["target"].name, e["amount"]) for e in game.events if e.kind == "damage"]


@pytest.mark.rules("310.4b", "310.11a", "310.8a")
def test_310_4b_and_310_11a_a_siege_enters_with_defense_counters_and_an_opponent_protects_it():
    a = Player("Ana", hand=["Invasion of Ravnica"], library=5)
    b = Player("Bruno", library=5)
    game = Game(players=[a, b])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(a, "Invasion of Ravnica")
    game.resolve_stack()
    siege = a.battlefield[0]
    assert siege.counters == {"defense": 4} and siege.protector is b
    assert [d.rule for d in game.decision_log if d.kind == "protector"] == ["310.8a"]


@pytest.mark.rules("310.8b")
def test_310_8b_its_controller_attacks_it_its_protector_cant():
    game, ana, bruno, siege = with_siege()
    assert siege in game.attack_targets(ana) and siege not in game.attack_targets(bruno)


@pytest.mark.rules("120.3h", "310.6")
def test_an_unblocked_attacker_removes_defense_counters():
    bears = Card("Grizzly Bears")
    game, ana, bruno, siege = with_siege([bears], ana=[[bears], "Invasion of Ravnica"])
    game.advance_to(Step.END_OF_COMBAT)
    assert damage(game) == [("Grizzly Bears", "Invasion of Ravnica", 2)]
    assert siege.counters == {"defense": 2} and bruno.life == 20


@pytest.mark.rules("310.8c")
def test_310_8c_the_protector_blocks_and_trample_goes_to_the_battle_not_the_player():
    trampler, wall = Card.creature(4, 4, keywords=["Trample"]), Card.creature(1, 1)
    game, ana, bruno, siege = with_siege([trampler], [wall], ana=[[trampler], "Invasion of Ravnica"], bruno=[[(wall, trampler)]])
    game.advance_to(Step.END_OF_COMBAT)
    assert damage(game)[:2] == [("a 4/4 creature", "a 1/1 creature", 1), ("a 4/4 creature", "Invasion of Ravnica", 3)]
    assert bruno.life == 20 and siege.counters == {"defense": 1}
    options = [d for d in game.decision_log if d.kind == "assign_damage"][0].options
    assert all(r is not bruno for option in options for r, _ in option)


def test_defeating_a_siege_is_not_modelled():
    bears = Card("Grizzly Bears")
    game, ana, bruno, siege = with_siege([bears], ana=[[bears], "Invasion of Ravnica"], defense=2)
    with pytest.raises(NotModelledError):
        game.advance_to(Step.END_OF_COMBAT)


@pytest.mark.rules("115.4")
def test_any_target_includes_battles():
    game, ana, bruno, siege = with_siege(hand=["Lightning Bolt"])
    game.cast(ana, "Lightning Bolt", targets=[siege])
    game.resolve_stack()
    assert siege.counters == {"defense": 1}


def test_narration_in_spanish():
    a = Player("Ana", hand=["Invasion of Ravnica"], library=5)
    game = Game(players=[a, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(a, "Invasion of Ravnica")
    game.resolve_stack()
    assert "Ana elige a Bruno como protector de Invasion of Ravnica (la única opción)." in [line.text for line in narrate(game.events, "es")]


def test_doubling_season_doubles_the_defense_counters_a_battle_enters_with():
    a = Player("Ana", battlefield=["Doubling Season"], hand=["Invasion of Ravnica"], library=5)
    game = Game(players=[a, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(a, "Invasion of Ravnica")
    game.resolve_stack()
    assert a.battlefield[1].counters == {"defense": 8}
