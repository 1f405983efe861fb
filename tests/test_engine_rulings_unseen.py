"""Rulings written from the rules' own sentences, the way a judge would test the engine: each a
short scenario on the public API, answered right or refused with `NotModelledError`."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, IllegalActionError, NotModelledError, Player, ScriptedDecisions, Step
from kb.engine.define import card
from kb.engine.layers import grant, modify, set_colors

RulingsLegend = card("Rulings Legend", mana_cost="{1}{G}", type_line="Legendary Creature — Elf", power=2, toughness=2, oracle="")


def _game(ana=(), bruno=(), ana_hand=(), bruno_hand=(), script_ana=(), script_bruno=(), at=Step.PRECOMBAT_MAIN):
    a = Player("Ana", battlefield=list(ana), hand=list(ana_hand), library=10)
    b = Player("Bruno", battlefield=list(bruno), hand=list(bruno_hand), library=10)
    game = Game(players=[a, b], decisions=ScriptedDecisions(Ana=list(script_ana), Bruno=list(script_bruno)))
    game.start(at=at, turn=3)
    return game, a, b


def _in(card, zone):
    return card.zone.value == zone


# ----- 704: state-based actions

@pytest.mark.rules("704.5a", "704.3")
def test_both_players_at_zero_life_lose_at_once_and_the_game_is_a_draw():
    game, ana, bruno = _game(ana_hand=["Flame Rift"])
    game.set_life(ana, 4)
    game.set_life(bruno, 4)
    game.cast(ana, "Flame Rift")
    game.pass_all()
    assert ana.life <= 0 and bruno.life <= 0
    assert game.over and game.winners == [] and set(map(id, game.losers)) == {id(ana), id(bruno)}


@pytest.mark.rules("704.5f", "702.12b")
def test_indestructible_creature_with_zero_toughness_goes_to_the_graveyard():
    bear = Card("Grizzly Bears")
    game, ana, _ = _game([bear])
    game.add_effect(grant("Indestructible", affected=[bear]))
    game.add_effect(modify(-2, -2, affected=[bear]))
    game.pass_all()
    assert _in(bear, "graveyard")
    assert not any(e.kind == "destroyed" for e in game.events)


@pytest.mark.rules("704.5g", "702.12b")
def test_indestructible_creature_with_lethal_damage_stays():
    bear = Card("Grizzly Bears")
    game, ana, bruno = _game([bear], bruno_hand=["Lightning Bolt"])
    game.add_effect(grant("Indestructible", affected=[bear]))
    game.pass_priority(ana)
    game.cast(bruno, "Lightning Bolt", targets=[bear])
    game.pass_all()
    assert _in(bear, "battlefield") and bear.damage == 3


@pytest.mark.rules("704.5g", "120.6")
def test_damage_and_a_later_toughness_reduction_add_up_to_lethal():
    ogre = Card("Gray Ogre")  # 2/2
    game, ana, bruno = _game([ogre], bruno_hand=["Lightning Bolt"])
    game.deal_damage(Card("Grizzly Bears"), ogre, 1)
    game.pass_all()
    assert _in(ogre, "battlefield")
    game.add_effect(modify(-1, -1, affected=[ogre]))
    game.pass_all()
    assert _in(ogre, "graveyard")


@pytest.mark.rules("704.5h", "702.2b", "701.19c")
def test_deathtouch_damage_destroys_but_regeneration_replaces_it():
    skeletons = Card("Drudge Skeletons")
    game, ana, bruno = _game(bruno=[skeletons, "Swamp"])
    archer = Card("Poison-Tip Archer")
    game.put_onto_battlefield(archer, ana)
    game.regenerate(skeletons)
    game.deal_damage(archer, skeletons, 1)
    game.pass_all()
    assert _in(skeletons, "battlefield") and skeletons.tapped and skeletons.damage == 0


@pytest.mark.rules("704.5q", "122.3")
def test_plus_one_and_minus_one_counters_annihilate():
    bear = Card("Grizzly Bears")
    game, ana, _ = _game([bear])
    game.add_counters(bear, "+1/+1", 2)
    game.add_counters(bear, "-1/-1", 3)
    game.pass_all()
    assert game.counters_on(bear, "+1/+1") == 0 and game.counters_on(bear, "-1/-1") == 1
    assert (bear.power, bear.toughness) == (1, 1)


@pytest.mark.rules("704.5d", "111.7")
def test_a_token_bounced_ceases_to_exist():
    token = Card.token("Soldier", power=1, toughness=1, subtypes=("Soldier",))
    game, ana, _ = _game([token])
    game.return_to_hand([token])
    game.pass_all()
    assert token not in ana.hand and token not in ana.battlefield


@pytest.mark.rules("704.5m", "303.4d")
def test_an_aura_on_a_creature_that_stops_being_a_creature_goes_to_the_graveyard():
    staff = Card("Chimeric Staff")
    wings = Card("Arcanum Wings")
    game, ana, _ = _game([staff] + ["Island"] * 6, ana_hand=[wings])
    game.activate(ana, staff, x=2)
    game.pass_all()
    assert "Creature" in staff.types
    game.cast(ana, wings, targets=[staff])
    game.pass_all()
    assert game.is_attached(wings, staff)
    game.advance_to(Step.UPKEEP, turn=4)
    assert "Creature" not in staff.types
    assert _in(wings, "graveyard")


@pytest.mark.rules("704.5n", "301.5c")
def test_equipment_on_a_permanent_that_stops_being_a_creature_stays_unattached():
    staff = Card("Chimeric Staff")
    sword = Card("Bonesplitter")
    game, ana, _ = _game([staff, sword, "Island", "Island", "Island"])
    game.activate(ana, staff, x=2)
    game.pass_all()
    game.attach(sword, staff)
    game.advance_to(Step.UPKEEP, turn=4)
    assert _in(sword, "battlefield") and not game.is_attached(sword, staff)


@pytest.mark.rules("704.5i", "306.5c")
def test_a_planeswalker_with_no_loyalty_is_put_into_the_graveyard():
    garruk = Card("Garruk Wildspeaker")
    game, ana, bruno = _game([garruk], bruno_hand=["Lightning Bolt"])
    game.pass_priority(ana)
    game.cast(bruno, "Lightning Bolt", targets=[garruk])
    game.pass_all()
    assert _in(garruk, "graveyard")


@pytest.mark.rules("704.5j", "704.5g", "704.3")
def test_legend_rule_choice_includes_a_legend_that_is_also_dying():
    """704.3: the legend rule and lethal damage are checked together; the player may keep the one
    that is dying, and then neither remains."""
    old = Card("Rulings Legend")
    new = Card("Rulings Legend")
    game, ana, _ = _game([old], ana_hand=[new], script_ana=[old])
    game.deal_damage(Card("Grizzly Bears"), old, 2)
    game.put_onto_battlefield(new, ana)
    game.check_state_based_actions()
    assert _in(old, "graveyard") and _in(new, "graveyard")


@pytest.mark.rules("704.5m", "400.7", "303.4f")
def test_an_aura_whose_creature_left_and_came_back_goes_to_the_graveyard():
    bear = Card("Grizzly Bears")
    wings = Card("Arcanum Wings")
    game, ana, _ = _game([bear] + ["Island"] * 3, ana_hand=[wings])
    game.cast(ana, wings, targets=[bear])
    game.pass_all()
    assert game.attached(bear) == [wings] and game.is_attached(wings, bear)
    game.exile_cards([bear])
    game.put_onto_battlefield(bear, ana)
    game.check_state_based_actions()
    assert _in(wings, "graveyard") and "Flying" not in bear.keywords


@pytest.mark.rules("704.5n", "400.7", "301.5c")
def test_equipment_whose_creature_left_and_came_back_stays_unattached():
    bear = Card("Grizzly Bears")
    sword = Card("Bonesplitter")
    game, ana, _ = _game([bear, sword])
    game.attach(sword, bear)
    assert bear.power == 4
    game.exile_cards([bear])
    game.put_onto_battlefield(bear, ana)
    game.check_state_based_actions()
    assert _in(sword, "battlefield") and game.attached(bear) == [] and bear.power == 2


# ----- 608.2b: targets checked on resolution

@pytest.mark.rules("608.2b")
def test_a_spell_whose_only_target_is_gone_does_nothing_at_all():
    bear = Card("Grizzly Bears")
    game, ana, bruno = _game(["Swamp", "Swamp"], [bear], ana_hand=["Sorin's Thirst"], bruno_hand=["Lightning Bolt"])
    game.cast(ana, "Sorin's Thirst", targets=[bear])
    game.pass_priority(ana)
    game.cast(bruno, "Lightning Bolt", targets=[bear])
    game.pass_all()
    game.pass_all()
    assert ana.life == 20 and any(e.kind == "fizzles" for e in game.events)


@pytest.mark.rules("608.2b", "702.16b")
def test_a_target_given_protection_in_response_is_illegal_and_the_rest_still_happens():
    bear = Card("Grizzly Bears")
    ogre = Card("Gray Ogre")
    game, ana, bruno = _game(["Mountain", "Mountain"], [bear, ogre], ana_hand=["Arc Trail"])
    game.cast(ana, "Arc Trail", targets=[[ogre], [bear]])
    game.add_effect(grant("Protection from red", affected=[bear]))
    game.pass_all()
    assert bear.damage == 0 and _in(bear, "battlefield")
    assert _in(ogre, "graveyard")


@pytest.mark.rules("608.2b", "701.19c")
def test_plague_spores_destroys_the_land_when_the_creature_is_gone_and_nothing_regenerates():
    bear = Card("Grizzly Bears")
    skeletons = Card("Drudge Skeletons")
    land = Card("Forest")
    game, ana, bruno = _game(["Swamp"] * 3 + ["Mountain"] * 3, [bear, skeletons, land, "Swamp"], ana_hand=["Plague Spores"])
    game.cast(ana, "Plague Spores", targets=[[bear], [land]])
    game.return_to_hand([bear])
    game.pass_all()
    assert _in(land, "graveyard") and bear in bruno.hand


# ----- 702.16: protection

@pytest.mark.rules("702.16b")
def test_a_red_spell_cant_target_a_creature_with_protection_from_red():
    bear = Card("Grizzly Bears")
    game, ana, bruno = _game(["Mountain"], [bear], ana_hand=["Lightning Bolt"])
    game.add_effect(grant("Protection from red", affected=[bear]))
    with pytest.raises(IllegalActionError):
        game.cast(ana, "Lightning Bolt", targets=[bear])


@pytest.mark.rules("702.16e", "120.1")
def test_damage_from_a_red_spell_that_doesnt_target_is_prevented_by_protection():
    bear = Card("Grizzly Bears")
    ogre = Card("Gray Ogre")
    game, ana, bruno = _game(["Mountain"] * 3, [bear, ogre], ana_hand=["Pyroclasm"])
    game.add_effect(grant("Protection from red", affected=[bear]))
    game.cast(ana, "Pyroclasm")
    game.pass_all()
    assert _in(bear, "battlefield") and bear.damage == 0 and _in(ogre, "graveyard")


@pytest.mark.rules("702.16a", "702.16e")
def test_protection_doesnt_stop_an_effect_that_neither_targets_nor_deals_damage():
    bear = Card("Grizzly Bears")
    game, ana, bruno = _game(["Plains"] * 4, [bear], ana_hand=["Wrath of God"])
    game.add_effect(grant("Protection from white", affected=[bear]))
    game.cast(ana, "Wrath of God")
    game.pass_all()
    assert _in(bear, "graveyard")


@pytest.mark.rules("702.16b", "115.1")
def test_protection_from_a_colour_doesnt_stop_a_spell_of_another_colour():
    bear = Card("Grizzly Bears")
    game, ana, bruno = _game(["Mountain"], [bear], ana_hand=["Lightning Bolt"])
    game.add_effect(grant("Protection from blue", affected=[bear]))
    game.cast(ana, "Lightning Bolt", targets=[bear])
    game.pass_all()
    assert _in(bear, "graveyard")


# ----- 702.26: phasing

@pytest.mark.rules("702.26b", "702.26d")
def test_a_phased_out_creature_isnt_destroyed_by_a_wrath_and_phases_in_without_entering():
    bear = Card("Grizzly Bears")
    ogre = Card("Gray Ogre")
    game, ana, bruno = _game(["Plains"] * 4, [bear, ogre], ana_hand=["Wrath of God"])
    game.phase_out([bear])
    game.cast(ana, "Wrath of God")
    game.pass_all()
    assert _in(ogre, "graveyard") and bear.zone.value == "battlefield"
    entered_before = sum(1 for e in game.events if e.kind == "enters")
    game.phase_in([bear])
    assert sum(1 for e in game.events if e.kind == "enters") == entered_before


@pytest.mark.rules("702.26b", "702.26d", "111.7")
def test_a_phased_out_token_doesnt_cease_to_exist_and_keeps_its_counters():
    token = Card.token("Soldier", power=1, toughness=1, subtypes=("Soldier",))
    game, ana, _ = _game([token])
    game.add_counters(token, "+1/+1", 1)
    game.phase_out([token])
    game.check_state_based_actions()
    game.phase_in([token])
    assert token in ana.battlefield and (token.power, token.toughness) == (2, 2)


@pytest.mark.rules("702.26b")
def test_a_phased_out_creature_doesnt_count_for_effects_that_count_creatures():
    crusader = Card("Crusader of Odric")
    bear = Card("Grizzly Bears")
    game, ana, _ = _game([crusader, bear])
    assert crusader.power == 2
    game.phase_out([bear])
    assert crusader.power == 1
