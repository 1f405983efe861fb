"""Equipment and Fortifications (301.5, 301.6), equip and fortify (702.6, 702.67), attaching and
unattaching (701.3) and the state-based actions 704.5n and 704.5p, from the rules' sentences."""

from __future__ import annotations

import pytest

from kb.engine import Card, Step
from kb.engine.errors import IllegalTargetError, NotModelledError, TimingError
from kb.engine.layers import add_types, gain_control
from kb.examples.narration import narrate
from engine_scenario import two_player_game


def setup(*battlefield, bruno=(), hand=()):
    return two_player_game({"battlefield": battlefield, "hand": hand}, {"battlefield": bruno})


def equip(game, player, equipment, creature):
    game.activate(player, equipment, targets=[creature])
    game.resolve_stack()


@pytest.mark.rules("702.6a", "301.5a")
def test_equip_attaches_and_the_equipped_creature_gets_the_bonus():
    game, ana, _ = setup("Loxodon Warhammer", "Grizzly Bears")
    hammer, bears = ana.battlefield
    assert bears.power == 2 and not bears.has("Trample")
    equip(game, ana, hammer, bears)
    assert hammer.attached_to is bears and game.attached(bears) == [hammer]
    assert (bears.power, bears.toughness) == (5, 2)
    assert bears.has("Trample") and bears.has("Lifelink")
    assert [e.kind for e in game.events if e.kind == "attaches"] == ["attaches"]


@pytest.mark.rules("701.3c", "701.3d")
def test_equip_moves_an_equipment_and_gives_it_a_new_timestamp():
    # 701.3c and 701.3d: attached to a different object, it gets a new timestamp and becomes
    # unattached from the first.
    game, ana, _ = setup("Bonesplitter", "Grizzly Bears", "Llanowar Elves")
    splitter, bears, elves = ana.battlefield
    equip(game, ana, splitter, bears)
    stamp = splitter.timestamp
    equip(game, ana, splitter, elves)
    assert splitter.attached_to is elves and splitter.timestamp > stamp
    assert (bears.power, elves.power) == (2, 3)
    unattached = [e for e in game.events if e.kind == "unattaches"]
    assert len(unattached) == 1 and unattached[0]["previous"] is bears and unattached[0].rule == "701.3d"


@pytest.mark.rules("701.3b")
def test_equipping_the_creature_it_already_equips_does_nothing():
    game, ana, _ = setup("Bonesplitter", "Grizzly Bears")
    splitter, bears = ana.battlefield
    equip(game, ana, splitter, bears)
    stamp = splitter.timestamp
    equip(game, ana, splitter, bears)
    assert splitter.timestamp == stamp and bears.power == 4
    assert [e.kind for e in game.events].count("attaches") == 1


@pytest.mark.rules("702.6a")
def test_equip_is_activated_only_as_a_sorcery():
    game, ana, _ = setup("Bonesplitter", "Grizzly Bears")
    game.advance_to(Step.BEGINNING_OF_COMBAT)
    with pytest.raises(TimingError):
        game.activate(ana, "Bonesplitter", targets=[ana.battlefield[1]])


@pytest.mark.rules("702.6a")
def test_equip_targets_only_a_creature_you_control():
    game, ana, bruno = setup("Bonesplitter", bruno=["Grizzly Bears"])
    with pytest.raises(IllegalTargetError):
        game.activate(ana, "Bonesplitter", targets=[bruno.battlefield[0]])


@pytest.mark.rules("301.5b")
def test_equip_does_nothing_when_its_target_changed_control_before_it_resolved():
    # 301.5b: control of the creature matters when the ability is activated and resolves.
    game, ana, bruno = setup("Bonesplitter", "Grizzly Bears")
    splitter, bears = ana.battlefield
    game.activate(ana, splitter, targets=[bears])
    game.add_effect(gain_control(bruno, affected=[bears]))
    game.resolve_stack()
    assert splitter.attached_to is None and bears.power == 2
    assert any(e.kind == "fizzles" for e in game.events)


@pytest.mark.rules("301.5d")
def test_the_equipment_stays_when_the_creature_changes_control():
    # 301.5d: changing control of the creature doesn't change control of the Equipment.
    game, ana, bruno = setup("Bonesplitter", "Grizzly Bears")
    splitter, bears = ana.battlefield
    equip(game, ana, splitter, bears)
    game.add_effect(gain_control(bruno, affected=[bears]))
    game.check_state_based_actions()
    assert splitter.attached_to is bears and bears.power == 4
    assert bears.controller is bruno and splitter.controller is ana


@pytest.mark.rules("704.5n")
def test_704_5n_the_creature_dies_and_the_equipment_stays_unattached():
    game, ana, _ = setup("Vulshok Morningstar", "Grizzly Bears")
    star, bears = ana.battlefield
    equip(game, ana, star, bears)
    game.destroy([bears])
    assert game.check_state_based_actions()
    assert star.zone.value == "battlefield" and star.attached_to is None
    event = [e for e in game.events if e.kind == "unattaches"][-1]
    assert event.rule == "704.5n" and event["previous"] is bears


@pytest.mark.rules("400.7", "704.5n")
def test_704_5n_a_creature_that_left_and_came_back_is_a_new_object():
    game, ana, _ = setup("Bonesplitter", "Grizzly Bears")
    splitter, bears = ana.battlefield
    equip(game, ana, splitter, bears)
    game.exile_cards([bears])
    game.put_onto_battlefield(bears, ana)
    assert bears.power == 2  # 400.7: the new object isn't equipped
    game.check_state_based_actions()
    assert splitter.attached_to is None


@pytest.mark.rules("704.5n")
def test_704_5n_an_equipped_permanent_that_stops_being_a_creature():
    game, ana, _ = setup("Bonesplitter", "Forest")
    splitter, forest = ana.battlefield
    animation = game.add_effect(add_types("Creature", power=1, toughness=1, affected=[forest]))
    equip(game, ana, splitter, forest)
    assert forest.power == 3
    game.end_effect(animation)
    game.check_state_based_actions()
    assert splitter.attached_to is None and forest.zone.value == "battlefield"


@pytest.mark.rules("301.5c", "704.5p")
def test_704_5p_an_equipment_that_becomes_a_creature_becomes_unattached():
    # 301.5c: an Equipment that's also a creature can't equip a creature.
    game, ana, _ = setup("Bonesplitter", "Grizzly Bears")
    splitter, bears = ana.battlefield
    equip(game, ana, splitter, bears)
    game.add_effect(add_types("Creature", power=1, toughness=1, affected=[splitter]))
    game.check_state_based_actions()
    assert splitter.attached_to is None and bears.power == 2
    assert [e for e in game.events if e.kind == "unattaches"][-1].rule == "704.5p"


@pytest.mark.rules("701.3b")
def test_an_equipment_that_is_a_creature_cant_be_attached():
    game, ana, _ = setup("Bonesplitter", "Grizzly Bears")
    splitter, bears = ana.battlefield
    game.add_effect(add_types("Creature", power=1, toughness=1, affected=[splitter]))
    assert game.attach(splitter, bears) is False  # 701.3b: it doesn't move
    assert splitter.attached_to is None and any(e.kind == "doesnt_attach" for e in game.events)


@pytest.mark.rules("301.5", "301.5c")
def test_an_equipment_cant_equip_itself_or_a_player_or_a_noncreature():
    game, ana, bruno = setup("Bonesplitter", "Forest")
    splitter, forest = ana.battlefield
    assert not game.attach(splitter, splitter)
    assert not game.attach(splitter, bruno)
    assert not game.attach(splitter, forest)
    assert splitter.attached_to is None


@pytest.mark.rules("701.3d")
def test_unattach_keeps_the_equipment_on_the_battlefield():
    game, ana, _ = setup("Bonesplitter", "Grizzly Bears")
    splitter, bears = ana.battlefield
    equip(game, ana, splitter, bears)
    assert game.unattach(splitter)
    assert splitter.attached_to is None and bears.power == 2 and splitter in ana.battlefield
    assert not game.unattach(splitter)


def test_the_equipment_leaving_takes_its_bonus_with_it():
    game, ana, _ = setup("Bonesplitter", "Grizzly Bears")
    splitter, bears = ana.battlefield
    equip(game, ana, splitter, bears)
    game.destroy([splitter])
    assert bears.power == 2 and splitter.attached_to is None


@pytest.mark.rules("702.67a", "301.6")
def test_fortify_attaches_to_a_land_you_control_and_gives_it_indestructible():
    game, ana, _ = setup("Darksteel Garrison", "Forest", "Grizzly Bears")
    garrison, forest, bears = ana.battlefield
    with pytest.raises(IllegalTargetError):
        game.activate(ana, garrison, targets=[bears])
    equip(game, ana, garrison, forest)
    assert garrison.attached_to is forest and forest.has("Indestructible")
    game.destroy([forest])
    assert forest.zone.value == "battlefield"


@pytest.mark.rules("704.5n")
def test_a_fortification_on_a_land_that_stops_being_a_land_becomes_unattached():
    game, ana, _ = setup("Darksteel Garrison", "Forest", "Bonesplitter")
    garrison, forest, splitter = ana.battlefield
    assert game.attach(garrison, forest)
    # An illegal attachment (set up directly) is undone as a state-based action.
    garrison.attached_to, garrison.attached_incarnation = splitter, splitter.incarnation
    game.check_state_based_actions()
    assert garrison.attached_to is None


def test_moving_an_aura_is_not_modelled():
    game, ana, _ = setup("Grizzly Bears", hand=["Mind Control"])
    aura = Card("Mind Control")
    aura.owner = ana
    game.put_onto_battlefield(aura, ana)
    with pytest.raises(NotModelledError):
        game.attach(aura, ana.battlefield[0])


def test_narration_in_both_languages():
    game, ana, _ = setup("Bonesplitter", "Grizzly Bears")
    splitter, bears = ana.battlefield
    equip(game, ana, splitter, bears)
    game.destroy([bears])
    game.check_state_based_actions()
    spanish = [line.text for line in narrate(game.events, "es")]
    english = [line.text for line in narrate(game.events, "en")]
    assert "Bonesplitter se anexa a Grizzly Bears." in spanish
    assert any("desanexa como acción basada en estado" in t for t in spanish)
    assert "Bonesplitter becomes attached to Grizzly Bears." in english


@pytest.mark.rules("613.7a")
def test_613_7a_an_ability_granted_to_an_equipment_keeps_its_place_after_the_equipment_moves():
    game, ana, _ = setup("Colossus Hammer", "Serra Angel", hand=["Rune of Flight"])
    hammer, angel = ana.battlefield
    game.cast(ana, "Rune of Flight", targets=[hammer])
    game.resolve_stack()
    equip(game, ana, hammer, angel)
    assert hammer.timestamp > ana.battlefield[2].timestamp
    assert (angel.power, angel.toughness) == (14, 14) and "Flying" in angel.keywords
    game.unattach(hammer)
    assert (angel.power, angel.keywords) == (4, ("Flying", "Vigilance"))


def test_rune_of_flight_on_a_creature_gives_it_flying():
    game, ana, _ = setup("Grizzly Bears", hand=["Rune of Flight"])
    game.cast(ana, "Rune of Flight", targets=[ana.battlefield[0]])
    game.resolve_stack()
    assert ana.battlefield[0].keywords == ("Flying",) and len(ana.hand) == 1
