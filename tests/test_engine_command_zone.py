"""Emblems in the command zone (114, 408) and the monarch (724)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step
from kb.engine.define import Trigger, gain_life, whenever
from kb.engine.objects import Zone
from kb.examples.narration import narrate


def setup(ana_battlefield=(), bruno_battlefield=(), ana_hand=(), decisions=None, players=2):
    ana = Player("Ana", battlefield=list(ana_battlefield), hand=list(ana_hand), library=10)
    bruno = Player("Bruno", battlefield=list(bruno_battlefield), library=10)
    others = [Player("Carla", library=10)] if players == 3 else []
    game = Game(players=[ana, bruno, *others], decisions=decisions)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


def test_elspeths_emblem_makes_her_controllers_permanents_indestructible():
    game, ana, bruno = setup(["Grizzly Bears", "Forest"], ["Llanowar Elves"])
    elspeth = Card("Elspeth, Knight-Errant", counters={"loyalty": 8})
    elspeth.owner = ana
    game.put_onto_battlefield(elspeth, ana)
    elspeth.counters["loyalty"] = 8
    game.activate(ana, elspeth, 2)
    game.resolve_stack()
    assert elspeth in ana.graveyard  # 0 loyalty: the emblem stays
    emblem = game.command[0]
    assert emblem.zone is Zone.COMMAND and emblem.controller is ana and emblem.types == () and emblem.colors == ()
    bears, forest = ana.battlefield[0], ana.battlefield[1]
    assert bears.has("Indestructible") and forest.has("Indestructible")
    assert not bruno.battlefield[0].has("Indestructible")
    game.destroy([bears, bruno.battlefield[0]])
    assert bears.zone is Zone.BATTLEFIELD and bruno.battlefield == []


def test_an_emblems_triggered_ability_works_from_the_command_zone():
    game, ana, bruno = setup(["Grizzly Bears"])
    game.create_emblem(ana, "Whenever a creature dies, you gain 2 life.", triggered=[Trigger("Whenever a creature dies, you gain 2 life.", whenever("dies"), gain_life(2))])
    game.destroy([ana.battlefield[0]])
    game.resolve_stack()
    assert ana.life == 22


def test_emblems_of_a_player_who_left_are_gone():
    game, ana, bruno = setup(players=3)
    game.create_emblem(bruno, "Nothing.")
    game.concede(bruno)
    assert game.command == []


def test_palace_sentinels_makes_its_controller_the_monarch_who_draws_at_their_end_step():
    game, ana, bruno = setup(ana_hand=["Palace Sentinels"])
    game.cast(ana, "Palace Sentinels")
    game.resolve_stack()
    game.resolve_stack()
    assert game.monarch is ana
    hand = len(ana.hand)
    game.advance_to(Step.END)
    game.resolve_stack()
    assert len(ana.hand) == hand + 1


@pytest.mark.rules("724.2")
def test_724_2_combat_damage_to_the_monarch_takes_the_crown():
    bears = Card("Grizzly Bears")
    game, ana, bruno = setup(bruno_battlefield=[bears], decisions=ScriptedDecisions(Bruno=[[bears]]))
    game.become_monarch(ana)
    game.advance_to(Step.UPKEEP, turn=4)
    game.advance_to(Step.END_OF_COMBAT)
    game.resolve_stack()
    assert ana.life == 18 and game.monarch is bruno
    crowned = [e for e in game.events if e.kind == "becomes_monarch"][-1]
    assert crowned["previous"] is ana and crowned.rule == "724.2"


@pytest.mark.rules("724.4")
def test_724_4_the_monarch_leaving_makes_the_active_player_monarch():
    game, ana, bruno = setup(players=3)
    game.become_monarch(bruno)
    game.concede(bruno)
    assert game.monarch is ana


def test_narration_in_spanish():
    game, ana, bruno = setup()
    game.become_monarch(ana)
    game.create_emblem(ana, "Nothing.")
    spanish = [line.text for line in narrate(game.events, "es")]
    assert "Ana pasa a ser el monarca." in spanish and "Ana obtiene un emblema en la zona de mando." in spanish
