"""Returning permanents and cards to their owners' hands (400.3) as a public action, with the
events abilities trigger on (603.2, 603.10a)."""

from __future__ import annotations

import pytest

from kb.engine import Card, CardDefinition
from kb.engine.define import Trigger, draw, gain_life, whenever
from kb.engine.errors import IllegalActionError
from kb.engine.layers import gain_control
from kb.engine.objects import Zone
from kb.examples.narration import narrate
from engine_scenario import two_player_game


class SampleHomingPigeon(CardDefinition):
    name = "Sample Homing Pigeon"
    mana_cost, types, power, toughness = "{1}{U}", ("Creature",), 1, 1
    oracle = "When this creature is returned to its owner's hand, draw a card."
    triggered = (Trigger(oracle, whenever("returned_to_hand", card="this"), draw(1)),)


class SampleWatcher(CardDefinition):
    name = "Sample Bounce Watcher"
    mana_cost, types = "{W}", ("Enchantment",)
    oracle = "Whenever a permanent is returned to a player's hand from the battlefield, you gain 1 life."
    triggered = (Trigger(oracle, whenever("returned_to_hand", origin=Zone.BATTLEFIELD), gain_life(1)),)


def setup(*battlefield, bruno=(), graveyard=()):
    return two_player_game({"battlefield": battlefield, "graveyard": graveyard}, {"battlefield": bruno})


@pytest.mark.rules("400.7", "400.3")
def test_a_permanent_goes_to_its_owners_hand_whoever_controls_it():
    game, ana, bruno = setup("Grizzly Bears")
    bears = ana.battlefield[0]
    game.add_effect(gain_control(bruno, affected=[bears]))
    bears.damage = 1
    game.add_counters(bears, "+1/+1", 1)
    assert game.return_to_hand([bears]) == [bears]
    assert bears in ana.hand and bears not in bruno.hand and bears.zone is Zone.HAND
    assert bears.counters == {} and bears.damage == 0  # 400.7: a new object
    event = [e for e in game.events if e.kind == "returned_to_hand"][-1]
    assert event["controller"] is bruno and event["origin"] is Zone.BATTLEFIELD and event.rule == "400.3"


def test_its_own_ability_looks_back_and_triggers():
    game, ana, _ = setup("Sample Homing Pigeon")
    pigeon = ana.battlefield[0]
    hand = len(ana.hand)
    game.return_to_hand([pigeon])
    game.resolve_stack()
    assert len(ana.hand) == hand + 2  # the Pigeon and the card drawn


def test_other_permanents_see_every_permanent_returned_in_the_same_event():
    game, ana, bruno = setup("Sample Bounce Watcher", "Grizzly Bears", bruno=["Llanowar Elves"])
    bears, elves = ana.battlefield[1], bruno.battlefield[0]
    game.return_to_hand([bears, elves])
    game.resolve_stack()
    assert ana.life == 22 and elves in bruno.hand


def test_a_card_from_a_graveyard_is_not_a_permanent_leaving():
    game, ana, _ = setup("Sample Bounce Watcher", graveyard=["Grizzly Bears"])
    bears = ana.graveyard[0]
    game.return_to_hand([bears])
    game.resolve_stack()
    assert bears in ana.hand and ana.life == 20


@pytest.mark.rules("111.7")
def test_a_token_returned_to_a_hand_ceases_to_exist():
    game, ana, _ = setup()
    token = game.create_tokens(ana, Card.token(power=1, toughness=1, subtypes=["Saproling"]))[0]
    game.return_to_hand([token])
    assert token in ana.hand
    game.check_state_based_actions()
    assert token not in ana.hand and any(e.kind == "token_ceases" for e in game.events)


@pytest.mark.rules("704.5n")
def test_an_equipment_on_a_returned_creature_stays_and_becomes_unattached():
    game, ana, _ = setup("Bonesplitter", "Grizzly Bears")
    splitter, bears = ana.battlefield
    game.attach(splitter, bears)
    game.return_to_hand([bears])
    game.check_state_based_actions()
    assert splitter.zone is Zone.BATTLEFIELD and splitter.attached_to is None


def test_cards_elsewhere_are_refused():
    game, ana, _ = setup()
    with pytest.raises(IllegalActionError):
        game.return_to_hand([ana.library[0]])


def test_narration_in_spanish():
    game, ana, _ = setup("Grizzly Bears")
    game.return_to_hand(list(ana.battlefield))
    spanish = [line.text for line in narrate(game.events, "es")]
    assert any("mano de su propietario" in text for text in spanish)


def test_a_card_that_returns_a_permanent_does_it_through_the_public_action():
    # Wall of Tears returns what it blocked at end of combat: the same event as any return,
    # with the permanent's last controller and origin, which other abilities watch.
    from kb.engine import ScriptedDecisions, Step

    game, ana, bruno = two_player_game(
        {"battlefield": ["Hill Giant"]}, {"battlefield": ["Wall of Tears", "Sample Bounce Watcher"]},
        decisions=ScriptedDecisions(Ana=[["Hill Giant"]], Bruno=[{"Wall of Tears": "Hill Giant"}]),
    )
    game.advance_to(Step.POSTCOMBAT_MAIN)
    game.resolve_stack()
    event = [e for e in game.events if e.kind == "returned_to_hand"][-1]
    assert event["card"].name == "Hill Giant" and event["controller"] is ana and event["origin"] is Zone.BATTLEFIELD
    assert bruno.life == 21
