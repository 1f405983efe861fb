"""Attacking planeswalkers (506.2, 508.1b, 510.1b), trample and trample over planeswalkers
(702.19b–f): damage to a planeswalker never spills over to its controller unless the rules say
so, from the rules' sentences."""

from __future__ import annotations

import pytest

from kb.engine import Card, ScriptedDecisions, Step
from kb.engine.errors import IllegalChoiceError, NotModelledError
from kb.examples.narration import narrate
from engine_scenario import two_player_game

TOP = "Trample over planeswalkers"


def combat(attackers, bruno_battlefield, ana=(), bruno=(), loyalty=3):
    walker = Card("Garruk Wildspeaker", counters={"loyalty": loyalty})
    scripts = ScriptedDecisions(Ana=list(ana), Bruno=list(bruno))
    game, a, b = two_player_game({"battlefield": attackers, "library": 5}, {"battlefield": [walker, *bruno_battlefield], "library": 5}, decisions=scripts)
    return game, a, b, walker


def damage(game):
    return [(e["source"].name, e["target"].name, e["amount"]) for e in game.events if e.kind == "damage"]


@pytest.mark.rules("508.1b")
def test_508_1b_the_planeswalkers_of_the_defending_player_can_be_attacked():
    bears = Card("Grizzly Bears")
    game, ana, bruno, walker = combat([bears], [], ana=[[bears], "Garruk Wildspeaker"], bruno=[])
    game.advance_to(Step.DECLARE_BLOCKERS)
    decision = [d for d in game.decision_log if d.kind == "attack_target"][0]
    assert decision.options == (bruno, walker) and decision.rule == "508.1b"
    assert bears.attacking is walker and game.defending_player_of(bears) is bruno


@pytest.mark.rules("510.1b")
def test_510_1b_an_unblocked_creature_deals_all_its_damage_to_the_planeswalker():
    big = Card.creature(5, 5)
    game, ana, bruno, walker = combat([big], [], ana=[[big], "Garruk Wildspeaker"], bruno=[])
    game.advance_to(Step.END_OF_COMBAT)
    assert damage(game) == [("a 5/5 creature", "Garruk Wildspeaker", 5)]
    assert bruno.life == 20 and walker in bruno.graveyard


@pytest.mark.rules("702.19f")
def test_702_19f_trample_against_a_planeswalker_never_reaches_the_player():
    trampler = Card.creature(6, 6, keywords=["Trample"])
    wall = Card.creature(1, 1)
    game, ana, bruno, walker = combat([trampler], [wall], ana=[[trampler], "Garruk Wildspeaker"], bruno=[[(wall, trampler)]])
    game.advance_to(Step.END_OF_COMBAT)
    assignment = [d for d in game.decision_log if d.kind == "assign_damage"][0]
    assert all(r is not bruno for option in assignment.options for r, _ in option)
    assert damage(game)[0:2] == [("a 6/6 creature", "a 1/1 creature", 1), ("a 6/6 creature", "Garruk Wildspeaker", 5)]
    assert bruno.life == 20


@pytest.mark.rules("702.19c")
def test_702_19c_the_example_of_the_rule():
    # A planeswalker with three loyalty counters attacked by a 1/1 and a 7/7 with trample over
    # planeswalkers: 1 and 2 to the planeswalker and 5 to the defending player.
    small, big = Card.creature(1, 1), Card.creature(7, 7, keywords=[TOP])
    game, ana, bruno, walker = combat(
        [small, big], [], ana=[[small, big], "Garruk Wildspeaker", "Garruk Wildspeaker", [("Garruk Wildspeaker", 2), ("Bruno", 5)]], bruno=[]
    )
    game.advance_to(Step.END_OF_COMBAT)
    assert damage(game) == [("a 1/1 creature", "Garruk Wildspeaker", 1), ("a 7/7 creature", "Garruk Wildspeaker", 2), ("a 7/7 creature", "Bruno", 5)]
    assert bruno.life == 15 and walker in bruno.graveyard


@pytest.mark.rules("702.19c")
def test_702_19c_nothing_past_the_planeswalker_before_its_loyalty_is_assigned():
    big = Card.creature(7, 7, keywords=[TOP])
    game, ana, bruno, walker = combat([big], [], ana=[[big], "Garruk Wildspeaker", [("Garruk Wildspeaker", 2), ("Bruno", 5)]], bruno=[])
    with pytest.raises(IllegalChoiceError):
        game.advance_to(Step.END_OF_COMBAT)


@pytest.mark.rules("702.19c")
def test_702_19c_blocked_then_the_planeswalker_then_its_controller():
    big = Card.creature(7, 7, keywords=[TOP])
    wall = Card.creature(2, 2)
    game, ana, bruno, walker = combat([big], [wall], ana=[[big], "Garruk Wildspeaker"], bruno=[[(wall, big)]])
    game.advance_to(Step.END_OF_COMBAT)
    # The usual choice first: lethal to the blocker, the loyalty to the planeswalker, the rest on.
    assert damage(game)[:3] == [("a 7/7 creature", "a 2/2 creature", 2), ("a 7/7 creature", "Garruk Wildspeaker", 3), ("a 7/7 creature", "Bruno", 2)]
    options = [d for d in game.decision_log if d.kind == "assign_damage"][0].options
    for option in options:
        shares = {id(r): a for r, a in option}
        if shares.get(id(bruno)):
            assert shares.get(id(wall), 0) >= 2 and shares.get(id(walker), 0) >= 3


@pytest.mark.rules("506.4c")
def test_506_4c_a_planeswalker_that_left_leaves_its_attacker_dealing_no_damage():
    bears = Card("Grizzly Bears")
    game, ana, bruno, walker = combat([bears], [], ana=[[bears], "Garruk Wildspeaker"], bruno=[])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.destroy([walker])
    game.advance_to(Step.END_OF_COMBAT)
    assert damage(game) == [] and bruno.life == 20 and bears.attacking is walker


@pytest.mark.rules("702.19e")
def test_702_19e_trample_over_planeswalkers_reaches_the_player_when_the_planeswalker_left():
    big = Card.creature(4, 4, keywords=[TOP])
    game, ana, bruno, walker = combat([big], [], ana=[[big], "Garruk Wildspeaker"], bruno=[])
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.destroy([walker])
    game.advance_to(Step.END_OF_COMBAT)
    assert damage(game) == [("a 4/4 creature", "Bruno", 4)]


@pytest.mark.rules("506.4")
def test_a_planeswalker_that_stops_being_one_is_removed_from_combat():
    bears = Card("Grizzly Bears")
    game, ana, bruno, walker = combat([bears], [], ana=[[bears], "Garruk Wildspeaker"], bruno=[])
    game.advance_to(Step.DECLARE_BLOCKERS)
    assert game.attacked(bears) is walker
    walker.becomes["types"] = ()  # a stand-in for an effect that makes it another type
    walker.printed_definition = Card("Forest").printed_definition
    assert game.attacked(bears) is None


def test_blockers_of_the_defending_player_can_block_an_attacker_of_the_planeswalker():
    bears = Card("Grizzly Bears")
    wall = Card.creature(0, 4)
    game, ana, bruno, walker = combat([bears], [wall], ana=[[bears], "Garruk Wildspeaker"], bruno=[[(wall, bears)]])
    game.advance_to(Step.END_OF_COMBAT)
    assert damage(game) == [("Grizzly Bears", "a 0/4 creature", 2)]
    assert walker.counters["loyalty"] == 3


def test_a_battle_of_another_type_than_siege_is_not_modelled():
    bears = Card("Grizzly Bears")
    game, ana, bruno, walker = combat([bears], [], ana=[[bears]], bruno=[])
    battle = Card.token("Sample Battle", types=("Battle",), subtypes=("Skirmish",))
    with pytest.raises(NotModelledError):
        game.create_tokens(bruno, battle)


def test_narration_names_the_planeswalker_attacked():
    bears = Card("Grizzly Bears")
    game, ana, bruno, walker = combat([bears], [], ana=[[bears], "Garruk Wildspeaker"], bruno=[])
    game.advance_to(Step.END_OF_COMBAT)
    spanish = " ".join(line.text for line in narrate(game.events, "es"))
    assert "ataca a Garruk Wildspeaker" in spanish
