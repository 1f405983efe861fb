"""Rule 801.7: with a limited range of influence, an ability triggers only if its trigger event,
as its trigger condition speaks of it, happens entirely within its controller's range."""

from __future__ import annotations

import pytest

from kb.engine import CardDefinition, Game, Player, ScriptedDecisions, Step, Trigger
from kb.engine.define import gain_life, whenever
from kb.engine.layers import gain_control


def _enchanted(game, aura, creature):
    return creature is aura.attached_to


class _WardedBlock(CardDefinition):
    name, mana_cost, type_line, spell_target = "Test Block Ward", "{W}", "Enchantment — Aura", "creature"
    oracle = "Enchant creature. Whenever enchanted creature becomes blocked, you gain 1 life."
    triggered = (Trigger(oracle, whenever("becomes_blocked", card=_enchanted), gain_life(1)),)


class _WardedBlocker(CardDefinition):
    name, mana_cost, type_line, spell_target = "Test Blocker Ward", "{W}", "Enchantment — Aura", "creature"
    oracle = "Enchant creature. Whenever enchanted creature becomes blocked by a creature, you gain 1 life."
    triggered = (Trigger(oracle, whenever("becomes_blocked", card=_enchanted, blockers=lambda g, a, b: bool(b)), gain_life(1)),)


class _Watcher(CardDefinition):
    name, mana_cost, type_line, power, toughness = "Test Grave Watcher", "{B}", "Creature — Spirit", 1, 1
    oracle = "Whenever a creature is put into a graveyard from the battlefield, you gain 1 life."
    triggered = (Trigger(oracle, whenever("put_into_graveyard", card=lambda g, c, v: "Creature" in v.last_known.get("types", ())), gain_life(1)),)


def _triggered(range_of_influence, defender_name="Carissa"):
    rob = Player("Rob", hand=["Test Block Ward", "Test Blocker Ward"], library=5)
    alex = Player("Alex", battlefield=["Runeclaw Bear"], library=5)
    carissa = Player("Carissa", battlefield=["Grizzly Bears"], library=5)
    dani = Player("Dani", battlefield=["Grizzly Bears"], library=5)
    script = ScriptedDecisions(
        Alex=[["Runeclaw Bear"], defender_name],
        Carissa=[{"Grizzly Bears": "Runeclaw Bear"}],
    )
    game = Game(players=[rob, alex, carissa, dani], range_of_influence=range_of_influence, decisions=script)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    for aura in ("Test Block Ward", "Test Blocker Ward"):
        game.cast(rob, aura, targets=[alex.battlefield[0]])
        game.resolve_stack()
    game.advance_to(Step.DECLARE_BLOCKERS, turn=4)
    return sorted(e["ability"].source.name for e in game.events if e.kind == "triggers")


@pytest.mark.rules("801.7")
def test_without_a_limited_range_both_trigger():
    assert _triggered(None, "Carissa") == ["Test Block Ward", "Test Blocker Ward"]


@pytest.mark.rules("801.7")
def test_the_blocking_creature_out_of_range_stops_only_the_trigger_that_speaks_of_it():
    assert _triggered(1, "Carissa") == ["Test Block Ward"]
    assert _triggered(2, "Carissa") == ["Test Block Ward", "Test Blocker Ward"]


@pytest.mark.rules("801.7")
def test_a_permanent_leaving_the_battlefield_counts_as_its_last_controllers():
    # Carissa controls Alex's Bear; Alex and Carissa are out of each
    # other's range. The Bear leaves from Carissa's control: within her range, not Alex's.
    alex = Player("Alex", battlefield=["Runeclaw Bear", "Test Grave Watcher"], library=5)
    rob = Player("Rob", library=5)
    carissa = Player("Carissa", battlefield=["Test Grave Watcher"], library=5)
    dani = Player("Dani", library=5)
    game = Game(players=[alex, rob, carissa, dani], starting_player=carissa, range_of_influence=1)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    bear = alex.battlefield[0]
    game.add_effect(gain_control(carissa, affected=[bear]))
    assert bear.controller is carissa
    game.destroy([bear])
    watchers = [e["ability"].controller.name for e in game.events if e.kind == "triggers"]
    assert watchers == ["Carissa"]
    assert bear.zone.name == "GRAVEYARD" and bear.owner is alex


@pytest.mark.rules("801.7")
def test_an_opponents_choice_of_target_without_a_limited_range():
    ana = Player("Ana", battlefield=["Cuombajj Witches"], library=5)
    bruno = Player("Bruno", battlefield=["Grizzly Bears"], library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Bruno=["Cuombajj Witches"]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.activate(ana, "Cuombajj Witches", targets=[bruno.battlefield[0]])
    game.resolve_stack()
    witches, bears = ana.battlefield[0], bruno.battlefield[0]
    assert witches.damage == 1 and bears.damage == 1 and witches.tapped
