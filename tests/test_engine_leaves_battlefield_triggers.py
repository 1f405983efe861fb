"""603.6c and 801.7a: abilities that trigger on a permanent leaving the battlefield by any means,
looking back at it as it last existed (603.10a), within range of influence."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step
from kb.engine.layers import gain_control


def _two_player(script=None, mine=("Extractor Demon", "Runeclaw Bear", "Plains")):
    ana = Player("Ana", battlefield=list(mine), library=6)
    bruno = Player("Bruno", library=6)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=script or []))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


def _named(player, name):
    return next(c for c in player.battlefield if c.name == name)


@pytest.mark.rules("603.6c")
@pytest.mark.parametrize("departure", ["destroy", "exile", "return_to_hand", "sacrifice"])
def test_every_kind_of_departure_triggers(departure):
    game, ana, bruno = _two_player(["Bruno", True])
    bear = _named(ana, "Runeclaw Bear")
    {"destroy": lambda: game.destroy([bear]), "exile": lambda: game.exile_cards([bear]),
     "return_to_hand": lambda: game.return_to_hand([bear]), "sacrifice": lambda: game.sacrifice([bear])}[departure]()
    assert [e["card"].name for e in game.events if e.kind == "leaves_battlefield"] == ["Runeclaw Bear"]
    game.put_triggered_abilities_on_stack()
    game.resolve_stack()
    assert len(bruno.graveyard) == 2


def test_a_noncreature_leaving_does_not_trigger():
    game, ana, bruno = _two_player()
    game.destroy([_named(ana, "Plains")])
    game.put_triggered_abilities_on_stack()
    assert list(game.stack) == []


@pytest.mark.rules("603.10a")
def test_the_demon_leaving_with_another_creature_still_sees_it_but_not_itself():
    game, ana, bruno = _two_player(["Bruno", True])
    demon, bear = _named(ana, "Extractor Demon"), _named(ana, "Runeclaw Bear")
    game.destroy([demon, bear])
    game.put_triggered_abilities_on_stack()
    assert [a.source for a in game.stack] == [demon]  # one trigger: for the bear (603.10a)
    game.resolve_stack()
    assert len(bruno.graveyard) == 2


def test_the_player_may_decline():
    game, ana, bruno = _two_player(["Bruno", False])
    game.destroy([_named(ana, "Runeclaw Bear")])
    game.put_triggered_abilities_on_stack()
    game.resolve_stack()
    assert bruno.graveyard == [] and [d.kind for d in game.decision_log][-1] == "may_mill"


def _four_players(script):
    alex = Player("Alex", battlefield=["Extractor Demon", "Runeclaw Bear"], library=5)
    rob, dani = Player("Rob", library=5), Player("Dani", library=5)
    carissa = Player("Carissa", battlefield=["Extractor Demon"], library=5)
    game = Game(players=[alex, rob, carissa, dani], range_of_influence=1, decisions=ScriptedDecisions(**script))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, alex, carissa


@pytest.mark.rules("801.7a")
def test_801_7a_the_last_controller_not_the_owner_decides_whose_range():
    game, alex, carissa = _four_players({"Carissa": ["Dani", True]})
    bear = alex.battlefield[1]
    game.add_effect(gain_control(carissa, affected=[bear]))
    game.destroy([bear])
    game.put_triggered_abilities_on_stack()
    assert [a.controller for a in game.stack] == [carissa]


@pytest.mark.rules("801.7a")
def test_801_7a_a_departure_within_alexs_range_triggers_only_his_demon():
    game, alex, carissa = _four_players({"Alex": ["Rob", True]})
    game.exile_cards([alex.battlefield[1]])
    game.put_triggered_abilities_on_stack()
    assert [a.controller for a in game.stack] == [alex]
