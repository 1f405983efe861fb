"""State-based actions (704): the legend rule (704.5j), the world rule (704.5k), all of them
performed at once (704.3), and the ones the engine refuses, written from the rules' sentences."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, NotModelledError, Player, ScriptedDecisions, Step
from kb.engine.define import card
from kb.engine.entering import put_onto_battlefield_together
from kb.engine.facedown import face_down
from kb.engine.layers import grant, modify

SampleWorldA = card("Audit World Alpha", mana_cost="{2}", type_line="World Enchantment", oracle="")
SampleWorldB = card("Audit World Beta", mana_cost="{2}", type_line="World Enchantment", oracle="")
SampleWorldCreature = card("Audit World Beast", mana_cost="{2}", type_line="World Creature — Beast", power=2, toughness=2, oracle="")


def _game(ana_battlefield=(), ana_hand=(), bruno_battlefield=(), ana=(), bruno=()):
    a = Player("Ana", battlefield=list(ana_battlefield), hand=list(ana_hand), library=10)
    b = Player("Bruno", battlefield=list(bruno_battlefield), library=10)
    game = Game(players=[a, b], decisions=ScriptedDecisions(Ana=list(ana), Bruno=list(bruno)))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, a, b


def _names(cards):
    return sorted(c.name for c in cards)


# ----- 704.5j, the legend rule

@pytest.mark.rules("704.5j")
def test_a_second_copy_of_a_legendary_creature_the_player_chooses_which_to_keep():
    new = Card("Bosh, Iron Golem")
    game, ana, _ = _game(["Bosh, Iron Golem"], [new], ana=[new])
    old = ana.battlefield[0]
    game.cast(ana, new)
    game.pass_all()
    assert ana.battlefield == [new] and old in ana.graveyard
    choice = [d for d in game.decision_log if d.kind == "legend_rule"][0]
    assert choice.player is ana and {id(c) for c in choice.options} == {id(old), id(new)}
    assert [e for e in game.events if e.kind == "legend_rule"][0]["card"] is old


@pytest.mark.rules("704.5j")
def test_the_player_may_keep_the_old_one():
    new = Card("Bosh, Iron Golem")
    game, ana, _ = _game(["Bosh, Iron Golem"], [new], ana=["Bosh, Iron Golem"])
    old = ana.battlefield[0]
    game.cast(ana, new)
    game.pass_all()
    assert ana.battlefield == [old] and new in ana.graveyard


@pytest.mark.rules("704.5j", "707.2")
def test_clone_copying_a_legendary_creature_of_its_controller():
    game, ana, _ = _game(["Bosh, Iron Golem"], ["Clone"], ana=["Bosh, Iron Golem", "Bosh, Iron Golem"])
    bosh = ana.battlefield[0]
    game.cast(ana, "Clone")
    game.pass_all()
    assert len(ana.battlefield) == 1 and len(ana.graveyard) == 1
    assert [e.kind for e in game.events].count("legend_rule") == 1
    assert ana.battlefield[0] is bosh  # the first option named is the original


@pytest.mark.rules("704.5j")
def test_legendary_permanents_with_the_same_name_controlled_by_different_players_stay():
    game, ana, bruno = _game((), ["Clone"], ["Bosh, Iron Golem"], ana=["Bosh, Iron Golem"])
    game.cast(ana, "Clone")
    game.pass_all()
    assert _names(ana.battlefield) == ["Bosh, Iron Golem"] and _names(bruno.battlefield) == ["Bosh, Iron Golem"]
    assert not ana.graveyard and not [d for d in game.decision_log if d.kind == "legend_rule"]


@pytest.mark.rules("704.5j", "702.12b")
def test_the_legend_rule_isnt_destruction_indestructible_doesnt_help():
    new = Card("Bosh, Iron Golem")
    game, ana, _ = _game(["Bosh, Iron Golem"], [new], ana=[new])
    old = ana.battlefield[0]
    game.add_effect(grant("Indestructible", affected=[old]))
    game.cast(ana, new)
    game.pass_all()
    assert old in ana.graveyard and not any(e.kind == "destroyed" for e in game.events)


@pytest.mark.rules("704.5j")
def test_three_with_the_same_name_all_but_the_chosen_one_go():
    boshes = [Card("Bosh, Iron Golem") for _ in range(3)]
    game, ana, _ = _game(boshes[:2], [boshes[2]], ana=[boshes[1]])
    game.cast(ana, boshes[2])
    game.pass_all()
    assert ana.battlefield == [boshes[1]] and len(ana.graveyard) == 2


@pytest.mark.rules("704.5j", "111.7", "704.5d")
def test_a_legendary_token_put_into_the_graveyard_ceases_to_exist():
    boo = Card.token("Boo", power=1, toughness=1, supertypes=("Legendary",), subtypes=("Hamster",))
    game, ana, _ = _game([boo], ["Minsc, Beloved Ranger"], ana=[boo])
    game.cast(ana, "Minsc, Beloved Ranger")
    game.resolve_stack()
    assert _names(ana.battlefield) == ["Boo", "Minsc, Beloved Ranger"] and ana.battlefield[0] is boo
    assert not ana.graveyard  # the other Boo went there and ceased to exist


@pytest.mark.rules("704.5j", "201.2c", "708.2")
def test_face_down_permanents_have_no_name_and_no_legend_rule():
    game, ana, _ = _game([face_down(Card("Bosh, Iron Golem")), face_down(Card("Bosh, Iron Golem"))])
    game.pass_all()
    assert len(ana.battlefield) == 2 and not ana.graveyard


@pytest.mark.rules("704.5j")
def test_nonlegendary_permanents_with_the_same_name_stay():
    game, ana, _ = _game(["Grizzly Bears", "Grizzly Bears"])
    game.pass_all()
    assert len(ana.battlefield) == 2


@pytest.mark.rules("704.5j", "704.3")
def test_the_legend_rule_and_lethal_damage_at_once():
    """704.3: all applicable state-based actions are performed simultaneously."""
    new = Card("Bosh, Iron Golem")
    bear = Card("Grizzly Bears")
    game, ana, _ = _game(["Bosh, Iron Golem", bear], [new], ana=[new])
    game.cast(ana, new)
    game.resolve_stack()  # not yet: the check happens before a player would receive priority
    game.add_effect(modify(-2, -2, affected=[bear]))
    game.pass_all()
    assert _names(ana.battlefield) == ["Bosh, Iron Golem"] and len(ana.graveyard) == 2


# ----- 704.5k, the world rule

@pytest.mark.rules("704.5k")
def test_world_rule_the_newest_world_permanent_stays():
    game, ana, bruno = _game(["Audit World Alpha"], ["Audit World Beta"])
    game.cast(ana, "Audit World Beta")
    game.pass_all()
    assert _names(ana.battlefield) == ["Audit World Beta"] and _names(ana.graveyard) == ["Audit World Alpha"]
    assert [e for e in game.events if e.kind == "world_rule"][0]["card"].name == "Audit World Alpha"


@pytest.mark.rules("704.5k")
def test_world_rule_applies_across_controllers():
    game, ana, bruno = _game(["Audit World Beta"], bruno_battlefield=["Audit World Alpha"])
    game.pass_all()  # Alpha is Bruno's, set up after Ana's Beta: it has had world for less time
    assert _names(bruno.battlefield) == ["Audit World Alpha"] and _names(ana.graveyard) == ["Audit World Beta"]


@pytest.mark.rules("704.5k")
def test_world_rule_a_tie_for_the_shortest_time_puts_all_into_graveyards():
    beta, beast = Card("Audit World Beta"), Card("Audit World Beast")
    game, ana, _ = _game(["Audit World Alpha"], [beta, beast])
    put_onto_battlefield_together(game, [beta, beast], ana)
    game.pass_all()
    assert ana.battlefield == [] and _names(ana.graveyard) == ["Audit World Alpha", "Audit World Beast", "Audit World Beta"]


@pytest.mark.rules("704.5k")
def test_a_single_world_permanent_stays():
    game, ana, _ = _game(["Audit World Alpha", "Grizzly Bears"])
    game.pass_all()
    assert len(ana.battlefield) == 2


@pytest.mark.rules("704.5k", "707.2")
def test_a_copy_of_a_world_permanent_has_had_world_since_it_became_a_copy():
    game, ana, _ = _game(["Audit World Beast", "Grizzly Bears"])
    beast, bears = ana.battlefield
    game.become_copy(bears, beast)
    game.pass_all()
    assert ana.battlefield == [bears] and beast in ana.graveyard


# ----- the state-based actions the engine refuses

SampleSaga = card("Audit Saga", mana_cost="{1}", type_line="Enchantment — Saga", oracle="(As this Saga enters and after your draw step, add a lore counter.)")
SampleLimit = card("Audit Limited", mana_cost="{1}", type_line="Artifact", oracle="Audit Limited can't have more than one charge counter on it.")


@pytest.mark.rules("704.5s")
def test_a_saga_is_refused_naming_the_rule():
    with pytest.raises(NotModelledError, match="704.5s"):
        _game(["Audit Saga"])


@pytest.mark.rules("704.5r")
def test_a_counter_limit_is_refused_naming_the_rule():
    with pytest.raises(NotModelledError, match="704.5r"):
        _game(["Audit Limited"])


# ----- the other state-based actions, from their sentences

@pytest.mark.rules("704.5a")
def test_a_player_with_less_than_zero_life_loses():
    game, ana, bruno = _game()
    game.set_life(bruno, -3)
    game.pass_all()
    assert game.over and bruno in game.losers


@pytest.mark.rules("704.5c")
def test_ten_poison_counters_lose_and_nine_dont():
    game, ana, bruno = _game()
    game.give_poison(bruno, 9)
    game.pass_all()
    assert not game.over
    game.give_poison(bruno, 1)
    game.pass_all()
    assert game.over and bruno in game.losers


@pytest.mark.rules("704.5f", "702.12b")
def test_toughness_zero_is_put_into_the_graveyard_even_if_indestructible():
    bears = Card("Grizzly Bears")
    game, ana, _ = _game([bears])
    game.add_effect(grant("Indestructible", affected=[bears]))
    game.add_effect(modify(0, -2, affected=[bears]))
    game.pass_all()
    assert bears in ana.graveyard


@pytest.mark.rules("704.5g", "702.12b")
def test_lethal_damage_destroys_but_not_an_indestructible_creature():
    bears, giant = Card("Grizzly Bears"), Card("Hill Giant")
    game, ana, _ = _game([bears, giant])
    game.add_effect(grant("Indestructible", affected=[giant]))
    bears.damage, giant.damage = 2, 5
    game.pass_all()
    assert bears in ana.graveyard and giant in ana.battlefield


@pytest.mark.rules("704.5i")
def test_a_planeswalker_with_no_loyalty_goes_to_the_graveyard():
    game, ana, _ = _game(["Garruk Wildspeaker"])
    garruk = ana.battlefield[0]
    game.remove_counters(garruk, "loyalty", garruk.counters["loyalty"])
    game.pass_all()
    assert garruk in ana.graveyard


@pytest.mark.rules("704.5q")
def test_plus_one_and_minus_one_counters_are_removed_in_pairs():
    bears = Card("Grizzly Bears", counters={"+1/+1": 3, "-1/-1": 1})
    game, ana, _ = _game([bears])
    game.pass_all()
    assert bears.counters == {"+1/+1": 2}


@pytest.mark.rules("704.5j", "108.3")
def test_a_stolen_legend_with_the_name_of_ones_own_goes_to_its_owners_graveyard():
    mine, theirs = Card("Bosh, Iron Golem"), Card("Bosh, Iron Golem")
    game, ana, bruno = _game([mine], ["Act of Treason"], [theirs], ana=[mine])
    game.cast(ana, "Act of Treason", targets=[theirs])
    game.resolve_stack()
    assert ana.battlefield == [mine] and bruno.graveyard == [theirs]


@pytest.mark.rules("704.5j", "306.4")
def test_two_legendary_planeswalkers_with_the_same_name():
    game, ana, _ = _game(["Garruk Wildspeaker"], ["Garruk Wildspeaker"], ana=["Garruk Wildspeaker"])
    game.cast(ana, "Garruk Wildspeaker")
    game.resolve_stack()
    assert _names(ana.battlefield) == ["Garruk Wildspeaker"] and _names(ana.graveyard) == ["Garruk Wildspeaker"]


@pytest.mark.rules("704.5j", "111.4", "704.5d")
def test_a_token_copy_of_ones_legend():
    bosh = Card("Bosh, Iron Golem")
    game, ana, _ = _game([bosh], ana=[bosh])
    token = game.create_token_copy(ana, bosh)
    game.pass_all()
    assert ana.battlefield == [bosh] and token.zone is None and not ana.graveyard


@pytest.mark.rules("704.5j", "702.26b")
def test_a_phased_out_legend_doesnt_count_until_it_phases_in():
    old, new = Card("Bosh, Iron Golem"), Card("Bosh, Iron Golem")
    game, ana, _ = _game([old], [new], ana=[old])
    game.phase_out([old])
    game.cast(ana, new)
    game.resolve_stack()
    assert new in ana.battlefield and not ana.graveyard
    game.phase_in([old])
    game.pass_all()
    assert ana.battlefield == [old] and ana.graveyard == [new]


@pytest.mark.rules("704.5k", "707.5")
def test_clone_entering_as_a_copy_of_a_world_permanent_is_the_newest():
    beast = Card("Audit World Beast")
    game, ana, _ = _game([beast], ["Clone"], ana=[beast])
    game.cast(ana, "Clone")
    game.resolve_stack()
    assert ana.graveyard == [beast] and [c.printed_definition.name for c in ana.battlefield] == ["Clone"]
