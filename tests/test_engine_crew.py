"""Crewing Vehicles (702.122) and the power and toughness of noncreature permanents (208.3,
208.3a)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, Step
from kb.engine.errors import CannotPayError, IllegalActionError


def _game(*battlefield):
    ana = Player("Ana", battlefield=list(battlefield), library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


@pytest.mark.rules("208.3")
def test_a_vehicle_that_isnt_a_creature_has_no_power_or_toughness():
    game, ana = _game("Sky Skiff")
    skiff = ana.battlefield[0]
    assert (skiff.power, skiff.toughness, skiff.is_creature) == (None, None, False)
    # Off the battlefield the card has its printed power and toughness.
    assert (Card("Sky Skiff").power, Card("Sky Skiff").toughness) == (2, 3)


@pytest.mark.rules("208.3")
def test_counters_on_a_noncreature_vehicle_count_once_it_is_a_creature():
    game, ana = _game("Sky Skiff", "Grizzly Bears")
    skiff, bears = ana.battlefield
    game.add_counters(skiff, "+1/+1", 1)
    assert skiff.power is None
    game.crew(ana, skiff, [bears])
    game.resolve_stack()
    assert (skiff.power, skiff.toughness, skiff.keywords) == (3, 4, ("Flying", "Crew 1"))


@pytest.mark.rules("702.122a")
def test_crewed_until_end_of_turn_only():
    game, ana = _game("Sky Skiff", "Grizzly Bears")
    skiff, bears = ana.battlefield
    game.crew(ana, skiff, [bears])
    game.resolve_stack()
    assert skiff.is_creature and bears.tapped
    game.advance_to(Step.UPKEEP, turn=4)
    assert not skiff.is_creature and skiff.power is None


@pytest.mark.rules("702.122a")
def test_the_crew_cost_needs_enough_power_from_other_untapped_creatures():
    game, ana = _game("Sky Skiff", "Grizzly Bears", "Hill Giant")
    skiff, bears, giant = ana.battlefield
    with pytest.raises(CannotPayError):
        game.crew(ana, skiff, [])
    with pytest.raises(CannotPayError):
        game.crew(ana, skiff, [skiff])
    game.tap([bears])
    with pytest.raises(CannotPayError):
        game.crew(ana, skiff, [bears])
    assert not game.stack and not giant.tapped
    # More creatures than needed may be tapped.
    game.untap([bears])
    game.crew(ana, skiff, [bears, giant])
    assert bears.tapped and giant.tapped
    assert [e["card"].name for e in game.events if e.kind == "crews"] == ["Grizzly Bears", "Hill Giant"]


def test_a_creature_without_crew_has_nothing_to_crew():
    game, ana = _game("Grizzly Bears", "Hill Giant")
    bears, giant = ana.battlefield
    with pytest.raises(IllegalActionError):
        game.crew(ana, giant, [bears])


@pytest.mark.rules("302.6", "702.122a")
def test_summoning_sick_creatures_may_crew():
    game, ana = _game("Sky Skiff")
    bears = Card("Grizzly Bears")
    bears.owner = ana
    game.put_onto_battlefield(bears, ana)
    skiff = ana.battlefield[0]
    game.crew(ana, skiff, [bears])
    game.resolve_stack()
    assert skiff.is_creature


@pytest.mark.rules("208.3a")
def test_motorist_pump_made_before_the_vehicle_is_a_creature_lasts_the_turn():
    game, ana = _game("Veteran Motorist", "Sky Skiff")
    motorist, skiff = ana.battlefield
    game.crew(ana, skiff, [motorist])
    game.pass_all()  # the Motorist's trigger resolves first
    assert skiff.power is None and len(game.effects) == 1
    game.resolve_stack()
    assert (skiff.power, skiff.toughness) == (3, 4)
    # Crewing it again, with nothing to tap, is refused; the effect stays.
    with pytest.raises(CannotPayError):
        game.crew(ana, skiff, [motorist])
    assert (skiff.power, skiff.toughness) == (3, 4)
