"""Phasing (702.26) and what a permanent carries along when it phases, from the rules' sentences."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step
from kb.engine.errors import IllegalTargetError


def _game(ana_battlefield=(), ana_hand=(), bruno_battlefield=(), bruno_hand=(), ana=(), bruno=(), step=Step.PRECOMBAT_MAIN):
    a = Player("Ana", battlefield=list(ana_battlefield), hand=list(ana_hand), library=10)
    b = Player("Bruno", battlefield=list(bruno_battlefield), hand=list(bruno_hand), library=10)
    game = Game(players=[a, b], decisions=ScriptedDecisions(Ana=list(ana), Bruno=list(bruno)))
    game.start(at=step, turn=3)
    return game, a, b


def _equipped(game: Game, ana: Player, equipment: Card, creature: Card) -> None:
    assert game.attach(equipment, creature)


@pytest.mark.rules("702.26g")
def test_equipment_phases_out_indirectly_with_its_creature_and_stays_attached():
    bears, splitter = Card("Grizzly Bears"), Card("Bonesplitter")
    game, ana, bruno = _game([bears, splitter])
    _equipped(game, ana, splitter, bears)
    gone = game.phase_out([bears])
    assert {id(c) for c in gone} == {id(bears), id(splitter)}
    assert splitter not in game.battlefield and splitter.attached_to is bears
    game.pass_all()  # state-based actions: nothing becomes unattached
    game.phase_in([bears])
    assert splitter in game.battlefield and splitter.attached_to is bears and bears.power == 4


@pytest.mark.rules("702.26g", "702.26b")
def test_an_indirectly_phased_out_equipment_cant_be_targeted():
    bears, splitter = Card("Grizzly Bears"), Card("Bonesplitter")
    game, ana, bruno = _game([bears, splitter], bruno_battlefield=["Seal of Cleansing"])
    _equipped(game, ana, splitter, bears)
    game.phase_out([bears])
    game.pass_priority(ana)
    with pytest.raises(IllegalTargetError):
        game.activate(bruno, "Seal of Cleansing", targets=[splitter])


@pytest.mark.rules("702.26g")
def test_an_aura_phases_out_and_in_with_the_creature_it_enchants():
    bears = Card("Grizzly Bears")
    game, ana, bruno = _game([bears], ["Lure"])
    game.cast(ana, "Lure", targets=[bears])
    game.resolve_stack()
    lure = next(c for c in ana.battlefield if c.name == "Lure")
    game.phase_out([bears])
    assert lure not in game.battlefield
    game.pass_all()  # no state-based action puts the Aura into the graveyard
    assert lure.zone.value == "battlefield" and lure not in ana.graveyard
    game.phase_in([bears])
    assert lure in game.battlefield and lure.attached_to is bears


@pytest.mark.rules("702.26g")
def test_an_indirectly_phased_out_permanent_doesnt_phase_in_by_itself():
    bears, splitter = Card("Grizzly Bears"), Card("Bonesplitter")
    game, ana, bruno = _game([bears, splitter])
    _equipped(game, ana, splitter, bears)
    game.phase_out([bears])
    assert game.phase_in([splitter]) == [] and splitter not in game.battlefield


@pytest.mark.rules("702.26h")
def test_phasing_out_directly_and_indirectly_at_once_is_indirectly():
    bears, splitter = Card("Grizzly Bears"), Card("Bonesplitter")
    game, ana, bruno = _game([bears, splitter])
    _equipped(game, ana, splitter, bears)
    game.phase_out([bears, splitter])
    assert game.phase_in([splitter]) == []
    game.phase_in([bears])
    assert splitter in game.battlefield and splitter.attached_to is bears


@pytest.mark.rules("702.26i")
def test_a_directly_phased_out_equipment_phases_in_attached_if_the_creature_is_the_same_object():
    bears, splitter = Card("Grizzly Bears"), Card("Bonesplitter")
    game, ana, bruno = _game([bears, splitter])
    _equipped(game, ana, splitter, bears)
    game.phase_out([splitter])
    game.phase_in([splitter])
    assert splitter.attached_to is bears and bears.power == 4


@pytest.mark.rules("702.26i", "400.7")
def test_a_directly_phased_out_equipment_phases_in_unattached_if_the_creature_left():
    bears, splitter = Card("Grizzly Bears"), Card("Bonesplitter")
    game, ana, bruno = _game([bears, splitter])
    _equipped(game, ana, splitter, bears)
    game.phase_out([splitter])
    game.exile_cards([bears])
    game.put_onto_battlefield(bears, ana)
    game.phase_in([splitter])
    assert splitter.attached_to is None and bears.power == 2


@pytest.mark.rules("702.26a", "702.26c", "502.1")
def test_phased_out_permanents_phase_in_in_their_controllers_untap_step_with_their_equipment():
    bears, splitter = Card("Grizzly Bears"), Card("Bonesplitter")
    game, ana, bruno = _game([bears, splitter])
    _equipped(game, ana, splitter, bears)
    game.phase_out([bears])
    game.advance_to(Step.UPKEEP, turn=4)  # Bruno's turn: nothing phases in
    assert bears not in game.battlefield
    game.advance_to(Step.UPKEEP, turn=5)
    assert bears in game.battlefield and splitter.attached_to is bears


@pytest.mark.rules("702.26a")
def test_a_permanent_with_phasing_phases_out_in_its_controllers_untap_step_and_back_in_the_next():
    shade = Card.creature(2, 2, name="Phasing Shade", keywords=["Phasing"])
    game, ana, bruno = _game([shade], step=Step.END)
    game.advance_to(Step.UPKEEP, turn=5)
    assert shade not in game.battlefield
    game.advance_to(Step.UPKEEP, turn=7)
    assert shade in game.battlefield


@pytest.mark.rules("702.26b", "506.4")
def test_an_attacking_creature_that_phases_out_is_removed_from_combat():
    attacker = Card.creature(3, 3, name="Attacker")
    a = Player("Ana", battlefield=[attacker], library=5)
    b = Player("Bruno", library=5)
    game = Game(players=[a, b], decisions=ScriptedDecisions(Ana=[[attacker]]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.phase_out([attacker])
    game.advance_to(Step.END_OF_COMBAT)
    assert b.life == 20 and attacker.attacking is None


@pytest.mark.rules("702.26d")
def test_phasing_is_no_zone_change_counters_stay_and_no_leaves_trigger():
    bears = Card("Grizzly Bears", counters={"+1/+1": 2})
    game, ana, bruno = _game([bears])
    incarnation = bears.incarnation
    game.phase_out([bears])
    game.phase_in([bears])
    assert bears.incarnation == incarnation and bears.counters == {"+1/+1": 2}
    assert not any(e.kind in ("leaves_battlefield", "enters") and e.get("card") is bears for e in game.events)


@pytest.mark.rules("702.26k", "800.4a")
def test_phased_out_permanents_leave_the_game_with_their_owner():
    bears = Card("Grizzly Bears")
    ana, bruno, carla = Player("Ana", library=5), Player("Bruno", battlefield=[bears], library=5), Player("Carla", library=5)
    game = Game(players=[ana, bruno, carla])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.phase_out([bears])
    game.set_life(bruno, 0)
    game.pass_all()
    assert bruno in game.losers and bears not in game.phased_out and bears.zone is None


@pytest.mark.rules("702.26b", "506.4", "509.1h")
def test_an_attacker_whose_blocker_phases_out_stays_blocked_and_deals_no_damage():
    attacker, blocker = Card.creature(3, 3, name="Attacker"), Card.creature(1, 1, name="Blocker")
    a = Player("Ana", battlefield=[attacker], library=5)
    b = Player("Bruno", battlefield=[blocker], library=5)
    game = Game(players=[a, b], decisions=ScriptedDecisions(Ana=[[attacker]], Bruno=[[(blocker, attacker)]]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.phase_out([blocker])
    game.advance_to(Step.END_OF_COMBAT)
    assert b.life == 20 and blocker.damage == 0 and not attacker.blocked_by
