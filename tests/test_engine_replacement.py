"""Tests of replacement and prevention effects (rules 614–616), from the rules' wording."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step
from kb.engine.objects import Zone
from kb.engine.replacement import Replacement, prevent_damage


def setup(*battlefield, answers=()):
    ana = Player("Ana", battlefield=list(battlefield), library=10)
    bruno = Player("Bruno", library=10)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=list(answers)))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


@pytest.mark.rules("615.7")
def test_a_shield_runs_out():
    """615.7: "Each 1 damage that would be dealt to the "shielded" permanent or player is
    prevented. Preventing 1 damage reduces the remaining shield by 1."""
    game, ana, bruno = setup()
    shield = game.add_replacement(prevent_damage(3, to=ana))
    game.deal_damage(None, ana, 2)
    assert ana.life == 20 and shield.shield == 1
    game.deal_damage(None, ana, 2)
    assert ana.life == 19 and shield not in game.replacements


@pytest.mark.rules("614.5")
def test_each_replacement_applies_once_to_an_event():
    """614.5: "A replacement effect doesn't invoke itself repeatedly"."""
    game, ana, bruno = setup("Gratuitous Violence", "Grizzly Bears")
    bears = ana.battlefield[1]
    game.deal_damage(bears, bruno, 2)
    assert bruno.life == 16


@pytest.mark.rules("616.1a")
def test_self_replacement_effects_come_first():
    """616.1a: if any are self-replacement effects, one of them must be chosen."""
    game, ana, bruno = setup()
    order = []
    double = Replacement("double", "gain_life", lambda g, e: True, lambda g, e: order.append("double") or {**e, "amount": 2 * e["amount"]}, duration="indefinite")
    plus = Replacement("plus one", "gain_life", lambda g, e: True, lambda g, e: order.append("plus") or {**e, "amount": e["amount"] + 1}, self_replacement=True, duration="indefinite")
    game.add_replacement(double)
    game.add_replacement(plus)
    game.gain_life(ana, 1)
    assert order == ["plus", "double"] and ana.life == 24


@pytest.mark.rules("616.1")
def test_the_affected_player_chooses_the_order():
    """616.1: the affected player chooses one to apply."""
    game, ana, bruno = setup(answers=["double"])
    game.add_replacement(Replacement("double", "gain_life", lambda g, e: True, lambda g, e: {**e, "amount": 2 * e["amount"]}, duration="indefinite"))
    game.add_replacement(Replacement("plus one", "gain_life", lambda g, e: True, lambda g, e: {**e, "amount": e["amount"] + 1}, duration="indefinite"))
    game.gain_life(ana, 1)
    assert ana.life == 23
    decision = next(d for d in game.decision_log if d.kind == "order_replacements")
    assert decision.player is ana


def test_effects_until_end_of_turn_end():
    game, ana, bruno = setup()
    game.add_replacement(prevent_damage(to=ana))
    game.advance_to(Step.UPKEEP)
    game.deal_damage(None, ana, 2)
    assert ana.life == 18


@pytest.mark.rules("614.6")
def test_a_replaced_draw_never_happens():
    """614.6: "If an event is replaced, it never happens."""
    game, ana, bruno = setup()
    game.add_replacement(Replacement("skip draw", "draw", lambda g, e: True, lambda g, e: None))
    assert game.draw(ana, 2) == [] and len(ana.library) == 10


def test_unknown_event_kind():
    with pytest.raises(ValueError):
        Replacement("x", "explodes", lambda g, e: True, lambda g, e: e)


@pytest.mark.rules("702.12b")
def test_an_indestructible_permanent_is_not_destroyed():
    """702.12b: "A permanent with indestructible can't be destroyed"."""
    game, ana, bruno = setup("Darksteel Colossus")
    colossus = ana.battlefield[0]
    game.destroy([colossus])
    colossus.damage = 20
    game.check_state_based_actions()
    assert colossus.zone is Zone.BATTLEFIELD


def test_a_card_that_would_go_to_a_graveyard_from_anywhere():
    """Darksteel Colossus: discarded, it is shuffled into the library instead."""
    ana = Player("Ana", hand=["Darksteel Colossus"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    colossus = ana.hand[0]
    game.discard(ana, [colossus])
    assert colossus.zone is Zone.LIBRARY and len(ana.library) == 6


def test_fog_prevents_combat_damage_without_range_limits():
    ana = Player("Ana", battlefield=["Hill Giant"], library=5)
    bruno = Player("Bruno", hand=["Fog"], library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=[["Hill Giant"]]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(Step.DECLARE_BLOCKERS)
    game.pass_priority(ana)
    game.cast(bruno, "Fog")
    game.resolve_stack()
    game.advance_to(Step.END_OF_COMBAT)
    assert bruno.life == 20


def test_two_shields_from_two_spells_both_apply():
    game, ana, bruno = setup()
    game.add_replacement(prevent_damage(1, to=ana))
    game.add_replacement(prevent_damage(1, to=ana))
    game.deal_damage(None, ana, 3)
    assert ana.life == 19


@pytest.mark.rules("701.19a", "704.5f")
def test_regeneration_replaces_destruction_but_not_zero_toughness():
    """701.19a: regeneration replaces being destroyed; a creature with 0 toughness isn't
    destroyed (704.5f), so regeneration doesn't save it."""
    game, ana, bruno = setup("Drudge Skeletons")
    skeletons = ana.battlefield[0]
    game.regenerate(skeletons)
    skeletons.damage = 5
    game.check_state_based_actions()
    assert skeletons.zone is Zone.BATTLEFIELD and skeletons.damage == 0 and skeletons.tapped
    game.regenerate(skeletons)
    from kb.engine.layers import modify

    game.add_effect(modify(0, -1, affected=[skeletons]))
    game.check_state_based_actions()
    assert skeletons in ana.graveyard


def test_regeneration_does_not_replace_sacrifice():
    game, ana, bruno = setup("Drudge Skeletons")
    skeletons = ana.battlefield[0]
    game.regenerate(skeletons)
    game.sacrifice([skeletons])
    assert skeletons in ana.graveyard


@pytest.mark.rules("800.4a")
def test_objects_still_controlled_by_a_player_who_leaves_are_exiled():
    """800.4a: "...if there are any objects still controlled by that player, those objects are
    exiled." Here, after the control effect of the leaving player ends, none is left."""
    alex = Player("Alex", battlefield=["Grizzly Bears"], library=5)
    bianca = Player("Bianca", library=5)
    carla = Player("Carla", battlefield=["Hill Giant"], library=5)
    game = Game(players=[alex, bianca, carla])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    from kb.engine.layers import gain_control

    giant = carla.battlefield[0]
    game.add_effect(gain_control(alex, affected=[giant], duration="indefinite"))
    game.concede(alex)
    assert giant.controller is carla and giant.zone is Zone.BATTLEFIELD
    assert all(c.owner is not alex for c in game.battlefield)


@pytest.mark.rules("701.23b")
def test_search_finds_every_card_in_a_public_zone():
    """701.23b: only in a hidden zone may the searcher not find cards."""
    ana = Player("Ana", library=5)
    bruno = Player("Bruno", graveyard=["Howling Mine", "Howling Mine"], library=["Howling Mine"])
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=[[]]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    found = game.search(ana, bruno, (Zone.GRAVEYARD, Zone.LIBRARY), lambda c: c.name == "Howling Mine")
    assert len(found) == 2 and all(c.zone is Zone.GRAVEYARD for c in found)
