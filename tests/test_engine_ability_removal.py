"""Effects that remove abilities and set land types (613.1f, 305.7: Humility, Blood Moon), with
dependency (613.8) applied before timestamp order (613.7)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, Step
from kb.engine.define import card
from kb.engine.errors import NotModelledError
from kb.engine.layers import grant, modify


def lord(game, source):
    return modify(1, 1, applies_to=lambda g, c, chars: "Creature" in chars.types and c is not source, text="Other creatures get +1/+1.")


card("Sample Lord", mana_cost="{1}{W}", power=2, toughness=2, oracle="Other creatures get +1/+1.", static=[lord])


def setup(*battlefield, hand=()):
    ana = Player("Ana", battlefield=list(battlefield), hand=list(hand), library=10)
    game = Game(players=[ana, Player("Bruno", library=10)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


@pytest.mark.rules("613.1f")
def test_humility_makes_every_creature_a_1_1_with_no_abilities():
    game, ana = setup("Humility", "Serra Angel", "Grizzly Bears")
    _, angel, bears = ana.battlefield
    assert (angel.power, angel.toughness, angel.keywords) == (1, 1, ())
    assert (bears.power, bears.toughness) == (1, 1)


@pytest.mark.rules("613.6")
def test_a_static_ability_removed_in_layer_6_never_begins_in_layer_7():
    # 613.6: the lord's "+1/+1" would begin in layer 7c, after Humility removed it in layer 6.
    game, ana = setup("Sample Lord", "Grizzly Bears")
    bears = ana.battlefield[1]
    assert bears.power == 3
    game.put_onto_battlefield(Card("Humility"), ana)
    assert (bears.power, ana.battlefield[0].power) == (1, 1)


def test_humility_stops_enters_triggers():
    game, ana = setup("Humility", hand=["Wall of Omens"])
    game.cast(ana, "Wall of Omens")
    game.resolve_stack()
    assert not any(e.kind == "triggers" for e in game.events) and len(ana.hand) == 0


@pytest.mark.rules("613.7")
def test_humility_and_opalescence_in_timestamp_order_humility_first():
    game, ana = setup("Humility", "Opalescence", "Grizzly Bears")
    humility, opalescence, bears = ana.battlefield
    assert (humility.power, humility.toughness) == (4, 4)  # Opalescence's 7b comes later
    assert bears.power == 1 and not opalescence.is_creature


@pytest.mark.rules("613.7")
def test_humility_and_opalescence_in_timestamp_order_opalescence_first():
    game, ana = setup("Opalescence", "Humility", "Grizzly Bears")
    opalescence, humility, bears = ana.battlefield
    assert humility.is_creature and (humility.power, humility.toughness) == (1, 1)
    assert bears.power == 1


@pytest.mark.rules("305.7")
def test_blood_moon_makes_nonbasic_lands_mountains_that_lose_their_text():
    game, ana = setup("Blood Moon", "Urborg, Tomb of Yawgmoth", "Forest")
    _, urborg, forest = ana.battlefield
    assert urborg.subtypes == ("Mountain",) and forest.subtypes == ("Forest",)
    assert game.could_produce(urborg) == frozenset("R")
    assert [a.text for a in game.activated_abilities(urborg)] == ["{T}: Add {R}."]


@pytest.mark.rules("613.8")
@pytest.mark.parametrize("order", [("Blood Moon", "Urborg, Tomb of Yawgmoth"), ("Urborg, Tomb of Yawgmoth", "Blood Moon")])
def test_613_8_urborg_depends_on_blood_moon_whatever_the_timestamps(order):
    game, ana = setup(*order, "Forest")
    forest = ana.battlefield[2]
    urborg = next(c for c in ana.battlefield if c.name.startswith("Urborg"))
    assert forest.subtypes == ("Forest",) and urborg.subtypes == ("Mountain",)


@pytest.mark.rules("305.7")
def test_without_blood_moon_urborg_makes_every_land_a_swamp():
    game, ana = setup("Urborg, Tomb of Yawgmoth", "Forest")
    urborg, forest = ana.battlefield
    assert forest.subtypes == ("Forest", "Swamp") and "Swamp" in urborg.subtypes


@pytest.mark.rules("305.7")
def test_305_7_abilities_granted_by_other_effects_stay():
    game, ana = setup("Blood Moon", "Urborg, Tomb of Yawgmoth")
    urborg = ana.battlefield[1]
    game.add_effect(grant("Indestructible", affected=[urborg]))
    assert urborg.keywords == ("Indestructible",)


def test_removing_an_ability_that_acts_outside_the_layers_is_not_modelled():
    with pytest.raises(NotModelledError):
        game, ana = setup("Humility", "Platinum Angel")
        ana.battlefield[1].power


@pytest.mark.rules("614.12")
def test_614_12_entering_with_its_own_as_enters_under_humility_is_not_modelled():
    game, ana = setup("Humility", hand=["Servant of the Scale"])
    game.cast(ana, "Servant of the Scale")
    with pytest.raises(NotModelledError):
        game.resolve_stack()


def test_protection_from_artifacts_cant_be_equipped():
    game, ana = setup("Bonesplitter", Card.creature(2, 2, keywords=["Protection from artifacts"]))
    splitter, creature = ana.battlefield
    assert not game.attach(splitter, creature) and creature.power == 2


def test_creatures_that_lost_their_abilities_have_no_abilities_for_muraganda_petroglyphs():
    game, ana = setup("Humility", "Muraganda Petroglyphs", "Serra Angel")
    angel = ana.battlefield[2]
    assert (angel.power, angel.toughness) == (3, 3)


@pytest.mark.rules("603.10a")
def test_603_10a_a_creature_that_had_no_abilities_has_no_dies_trigger():
    from kb.engine.define import Trigger, draw, when_dies

    card("Sample Dying Seer", mana_cost="{1}{U}", power=1, toughness=1, oracle="When this creature dies, draw a card.",
         triggered=[Trigger("When this creature dies, draw a card.", when_dies(), draw(1))])
    game, ana = setup("Humility", "Sample Dying Seer")
    game.destroy([ana.battlefield[1]])
    game.resolve_stack()
    assert not any(e.kind == "triggers" for e in game.events) and len(ana.hand) == 0
    game, ana = setup("Sample Dying Seer")
    game.destroy([ana.battlefield[0]])
    game.resolve_stack()
    assert len(ana.hand) == 1
