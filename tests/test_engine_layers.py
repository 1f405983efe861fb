"""Unit and property tests of continuous effects, the layer system, counters, tokens, keyword
actions and the damage keywords, each built from the wording of the rule it checks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.engine import Card, Game, Player, ScriptedDecisions, Step
from kb.engine.errors import NotModelledError
from kb.engine.layers import (
    ContinuousEffect,
    add_types,
    combine,
    gain_control,
    grant,
    modify,
    remove,
    set_colors,
    set_power_toughness,
    switch_power_toughness,
)


def setup(*battlefield, decisions=None, **bruno):
    ana = Player("Ana", battlefield=list(battlefield), library=10)
    other = Player("Bruno", library=10, **bruno)
    game = Game(players=[ana, other], decisions=decisions)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, other


# ----- 613.4: "Within layer 7, apply effects in a series of sublayers ... Within each sublayer,
# apply effects in timestamp order."

pt_effects = st.lists(
    st.one_of(
        st.tuples(st.just("modify"), st.integers(-5, 5), st.integers(-5, 5)),
        st.tuples(st.just("set"), st.integers(0, 6), st.integers(0, 6)),
        st.tuples(st.just("switch"), st.just(0), st.just(0)),
        st.tuples(st.just("counter"), st.sampled_from(["+1/+1", "-1/-1"]), st.integers(1, 3)),
    ),
    max_size=8,
)


@pytest.mark.rules("613.4", "613.7")
@settings(max_examples=120, deadline=None)
@given(base=st.tuples(st.integers(0, 6), st.integers(1, 6)), effects=pt_effects)
def test_power_and_toughness_follow_the_sublayers_whatever_the_timestamps(base, effects):
    creature = Card.creature(*base)
    game, ana, _ = setup(creature)
    for kind, a, b in effects:
        if kind == "modify":
            game.add_effect(modify(a, b, affected=[creature]))
        elif kind == "set":
            game.add_effect(set_power_toughness(a, b, affected=[creature]))
        elif kind == "switch":
            game.add_effect(switch_power_toughness(affected=[creature]))
        else:
            creature.counters[a] = creature.counters.get(a, 0) + b
    # The model: 7b sets (last one wins), then 7c adds (effects and counters), then 7d switches.
    power, toughness = base
    for kind, a, b in effects:
        if kind == "set":
            power, toughness = a, b
    for kind, a, b in effects:
        if kind == "modify":
            power, toughness = power + a, toughness + b
        elif kind == "counter":
            sign = 1 if a == "+1/+1" else -1
            power, toughness = power + sign * b, toughness + sign * b
    if sum(1 for kind, _, _ in effects if kind == "switch") % 2:
        power, toughness = toughness, power
    assert (creature.power, creature.toughness) == (power, toughness)


@pytest.mark.rules("613.5")
def test_a_layer_five_color_change_decides_a_layer_seven_c_bonus():
    """613.5 example: a creature turned white gets +1/+1 from Honor of the Pure."""
    creature = Card.creature(2, 2, colors="B")
    game, ana, _ = setup("Honor of the Pure", creature)
    assert (creature.power, creature.toughness) == (2, 2)
    game.add_effect(set_colors("white", affected=[creature]))
    assert (creature.power, creature.toughness) == (3, 3)


def test_honor_of_the_pure_affects_only_its_controllers_creatures():
    """"White creatures you control get +1/+1."""
    mine, theirs = Card.creature(2, 2, colors="W"), Card.creature(2, 2, colors="W")
    game, ana, bruno = setup("Honor of the Pure", mine, battlefield=[theirs])
    assert mine.power == 3 and theirs.power == 2


@pytest.mark.rules("613.1b")
def test_control_changes_in_layer_two_decide_you_control():
    """613.1b: control-changing effects apply before layer 7, so "creatures you control" follows them."""
    theirs = Card.creature(2, 2, colors="W")
    game, ana, bruno = setup("Honor of the Pure", battlefield=[theirs])
    assert theirs.power == 2
    game.add_effect(gain_control(ana, affected=[theirs]))
    assert theirs.controller is ana and theirs in ana.battlefield and theirs.power == 3


@pytest.mark.rules("611.2c")
def test_an_effect_from_a_resolved_spell_keeps_its_objects():
    """611.2c: "...affects only objects that are affected by it at that time ... are determined only once."""
    creature = Card.creature(2, 2, colors="W")
    game, ana, _ = setup(creature)
    effect = game.add_effect(modify(1, 1, affected=[creature]))
    game.add_effect(set_colors("red", affected=[creature]))
    assert creature.power == 3 and effect.affected == [creature]


@pytest.mark.rules("400.7")
def test_an_object_that_leaves_and_returns_is_a_new_object():
    """400.7: an effect that affected the old object doesn't affect the new one."""
    creature = Card.creature(2, 2)
    game, ana, _ = setup(creature)
    game.add_effect(modify(3, 3, affected=[creature]))
    game._move(creature, __import__("kb.engine.objects", fromlist=["Zone"]).Zone.HAND)
    game._put_onto_battlefield(creature, ana)
    assert creature.power == 2


@pytest.mark.rules("514.2")
def test_until_end_of_turn_effects_end_in_the_cleanup_step():
    """514.2: "...all "until end of turn" and "this turn" effects end."""
    creature = Card.creature(2, 2)
    game, ana, _ = setup(creature)
    game.add_effect(modify(3, 3, affected=[creature]))
    game.add_effect(grant("Flying", affected=[creature], duration="indefinite"))
    game.advance_to(Step.UPKEEP)
    assert creature.power == 2 and creature.has("Flying")


@pytest.mark.rules("613.6")
def test_later_parts_of_an_effect_apply_to_the_objects_its_first_part_chose():
    """613.6: the power-setting part applies to "those same permanents" as the type-changing part."""
    game, ana, _ = setup("Black Vise")
    vise = ana.battlefield[0]
    noncreature_artifacts = lambda g, c, now: "Artifact" in now.types and "Creature" not in now.types
    game.add_effect(add_types("Creature", power=2, toughness=2, applies_to=noncreature_artifacts))
    assert vise.is_creature and (vise.power, vise.toughness) == (2, 2)


@pytest.mark.rules("613.8a", "613.8b")
def test_a_dependency_changes_the_order_inside_a_layer():
    """613.8a-b: an effect that depends on another is applied after it, whatever the timestamps.
    An earlier "all Forests are creatures"... here: an earlier effect giving flying to creatures
    with reach waits for a later one that gives reach (both layer 6)."""
    creature = Card.creature(2, 2)
    game, ana, _ = setup(creature)
    with_reach = lambda g, c, now: "Reach" in now.keywords
    game.add_effect(grant("Flying", applies_to=with_reach))
    game.add_effect(grant("Reach", affected=[creature]))
    assert creature.has("Flying") and creature.has("Reach")


def test_text_changing_effects_are_not_modelled():
    with pytest.raises(NotModelledError, match="text-changing"):
        ContinuousEffect({"3": lambda chars: None}, affected=[])


def test_an_effect_needs_what_it_affects():
    game, ana, _ = setup()
    with pytest.raises(ValueError):
        game.add_effect(modify(1, 1))


def test_combined_effects_have_one_part_per_layer():
    creature = Card.creature(2, 2)
    effect = combine(modify(1, 1), modify(1, 0), set_colors("green"), affected=[creature])
    assert sorted(effect.parts) == ["5", "7c"]
    game, ana, _ = setup(creature)
    game.add_effect(effect)
    assert (creature.power, creature.toughness, creature.colors) == (4, 3, ("G",))


@pytest.mark.rules("613.7")
def test_keywords_lost_and_gained_in_timestamp_order():
    creature = Card.creature(2, 2, keywords=["Flying"])
    game, ana, _ = setup(creature)
    game.add_effect(remove("Flying", affected=[creature]))
    assert not creature.has("Flying")
    game.add_effect(grant("Flying", affected=[creature]))
    assert creature.has("Flying")


# ----- counters (122) and 704.5q


@pytest.mark.rules("704.5q")
@settings(max_examples=60, deadline=None)
@given(plus=st.integers(0, 5), minus=st.integers(0, 5))
def test_plus_and_minus_counters_annihilate_in_pairs(plus, minus):
    """704.5q: "N +1/+1 and N -1/-1 counters are removed from it, where N is the smaller..."."""
    creature = Card.creature(3, 9)
    creature.counters = {k: v for k, v in {"+1/+1": plus, "-1/-1": minus}.items() if v}
    game, ana, _ = setup(creature)
    power = creature.power
    game.check_state_based_actions()
    left = min(plus, minus)
    assert creature.counters.get("+1/+1", 0) == plus - left
    assert creature.counters.get("-1/-1", 0) == minus - left
    assert creature.power == power


@pytest.mark.rules("701.34a")
def test_counters_on_players_and_proliferate():
    """701.34a: "give each one additional counter of each kind that permanent or player already has"."""
    creature = Card.creature(1, 1)
    creature.counters = {"+1/+1": 1}
    game, ana, bruno = setup(creature)
    game.add_counters(ana, "energy", 2)
    game.give_poison(bruno, 1)
    game.decision_maker = ScriptedDecisions(Ana=[[creature, ana, bruno]])
    chosen = game.proliferate(ana)
    assert creature.counters == {"+1/+1": 2} and ana.counters == {"energy": 3} and bruno.poison == 2
    assert len(chosen) == 3


def test_counters_go_on_permanents_only():
    game, ana, _ = setup()
    with pytest.raises(ValueError):
        game.add_counters(Card("Grizzly Bears"), "+1/+1")


# ----- tokens (111) and 704.5d


@pytest.mark.rules("704.5d")
def test_a_token_that_leaves_the_battlefield_ceases_to_exist():
    """704.5d: "If a token is in a zone other than the battlefield, it ceases to exist."""
    game, ana, _ = setup()
    token, = game.create_tokens(ana, Card.token(power=1, toughness=1, subtypes=["Saproling"]))
    assert token in ana.battlefield and token.owner is ana
    game.destroy([token])
    game.check_state_based_actions()
    assert token not in ana.graveyard and token.zone is None


@pytest.mark.rules("111.4")
def test_a_token_name_is_its_subtypes_and_token():
    """111.4: "...its name is the same as its subtype(s) plus the word "Token"."""
    assert Card.token(subtypes=["Dwarf", "Berserker"], power=2, toughness=1).name == "Dwarf Berserker Token"
    assert Card.token("Boo", subtypes=["Hamster"]).name == "Boo"


def test_only_tokens_are_created():
    game, ana, _ = setup()
    with pytest.raises(ValueError):
        game.create_tokens(ana, Card("Grizzly Bears"))


# ----- keyword actions (701)


@pytest.mark.rules("701.22a", "701.22b")
def test_scry_puts_chosen_cards_on_the_bottom():
    """701.22a: look at the top N, put any number on the bottom ... and the rest on top."""
    game, ana, _ = setup()
    ana.library[:] = []
    for name in ("Grizzly Bears", "Hill Giant", "Gray Ogre", "Forest"):
        card = Card(name)
        card.owner = ana
        ana.library.append(card)
    first, second = ana.library[0], ana.library[1]
    game.decision_maker = ScriptedDecisions(Ana=[[first], [second]])
    game.scry(ana, 2)
    assert ana.library[0] is second and ana.library[-1] is first
    events = [e for e in game.events if e.kind == "scry"]
    game.scry(ana, 0)  # 701.22b: no scry event
    assert [e for e in game.events if e.kind == "scry"] == events


@pytest.mark.rules("701.25a")
def test_surveil_puts_chosen_cards_into_the_graveyard():
    game, ana, _ = setup()
    top = ana.library[0]
    game.decision_maker = ScriptedDecisions(Ana=[[top]])
    game.surveil(ana, 1)
    assert top in ana.graveyard


@pytest.mark.rules("701.14a", "701.14c")
def test_fight_and_fighting_itself():
    """701.14a and 701.14c: "...deals damage to itself equal to twice its power."""
    bears, giant = Card("Grizzly Bears"), Card("Hill Giant")
    game, ana, bruno = setup(bears, battlefield=[giant])
    assert game.fight(bears, giant)
    assert bears.damage == 3 and giant.damage == 2
    assert game.fight(giant, giant) and giant.damage == 2 + 6


@pytest.mark.rules("701.14b")
def test_no_fight_if_one_is_gone():
    """701.14b: if one is no longer on the battlefield, neither deals damage."""
    bears, giant = Card("Grizzly Bears"), Card("Hill Giant")
    game, ana, bruno = setup(bears, battlefield=[giant])
    game.destroy([bears])
    assert not game.fight(bears, giant) and giant.damage == 0


@pytest.mark.rules("701.16a")
def test_investigate_creates_a_clue():
    game, ana, _ = setup()
    clue = game.investigate(ana)
    assert clue.name == "Clue Token" and "Artifact" in clue.types


# ----- damage (120.3) with keywords


@pytest.mark.rules("704.5h")
def test_deathtouch_destroys_with_any_damage():
    """704.5h: a creature dealt damage by a source with deathtouch is destroyed."""
    snake, giant = Card.creature(1, 1, keywords=["Deathtouch"]), Card("Hill Giant")
    game, ana, bruno = setup(snake, battlefield=[giant])
    game.deal_damage(snake, giant, 1)
    game.check_state_based_actions()
    assert giant in bruno.graveyard


@pytest.mark.rules("120.3b", "120.3d", "120.3f")
def test_lifelink_wither_infect():
    """120.3b, 120.3d, 120.3f."""
    linker = Card.creature(2, 2, keywords=["Lifelink"])
    witherer = Card.creature(2, 2, keywords=["Wither"])
    infecter = Card.creature(2, 2, keywords=["Infect"])
    giant = Card("Hill Giant")
    game, ana, bruno = setup(linker, witherer, infecter, battlefield=[giant])
    game.deal_damage(linker, bruno, 2)
    assert ana.life == 22 and bruno.life == 18
    game.deal_damage(witherer, giant, 2)
    assert giant.counters == {"-1/-1": 2} and giant.damage == 0 and giant.power == 1
    game.deal_damage(infecter, bruno, 2)
    assert bruno.poison == 2 and bruno.life == 18


@pytest.mark.rules("702.164b")
def test_total_toxic_value_adds_up():
    """702.164b example: "If a creature with toxic 2 gains toxic 1 ... its total toxic value is 3."""
    creature = Card.creature(1, 1, keywords=["Toxic 2"])
    game, ana, bruno = setup(creature)
    game.add_effect(grant("Toxic 1", affected=[creature]))
    game._deal_damage_from_each([(creature, bruno, 1)], combat=True)
    assert bruno.poison == 3 and bruno.life == 19


@pytest.mark.rules("611.2b")
def test_for_as_long_as_ends_for_good():
    """611.2b: an effect "for as long as" ends when the condition stops being true."""
    ana = Player("Ana", hand=["Master Thief"], library=5)
    bruno = Player("Bruno", battlefield=["Black Vise"], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    vise = bruno.battlefield[0]
    game.cast(ana, "Master Thief")
    game.resolve_stack()
    thief = next(c for c in ana.battlefield if c.name == "Master Thief")
    assert vise.controller is ana
    game.destroy([thief])
    assert vise.controller is bruno
    game._put_onto_battlefield(thief, ana)  # a new object: the effect doesn't come back
    assert vise.controller is bruno


@pytest.mark.rules("702.26a")
def test_phased_out_permanents_phase_in_at_their_controllers_untap():
    bears = Card("Grizzly Bears")
    game, ana, bruno = setup(bears)
    game.phase_out([bears])
    assert ana.battlefield == [] and ana.creatures == []
    game.advance_to(Step.UPKEEP, turn=4)
    assert bears not in ana.battlefield
    game.advance_to(Step.UPKEEP, turn=5)
    assert bears in ana.battlefield


@pytest.mark.rules("702.24a", "119.4")
def test_cumulative_upkeep_unpaid_sacrifices_it():
    """702.24a: "Then you may pay [cost] for each age counter on it. If you don't, sacrifice it."""
    creature = Card.creature(2, 2, keywords=["Cumulative upkeep—Pay 3 life"])
    ana = Player("Ana", battlefield=[creature], library=5, life=2)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.UPKEEP, turn=3)
    game.resolve_stack()
    decision = next(d for d in game.decision_log if d.kind == "cumulative_upkeep")
    assert decision.options == (False,)  # 3 life can't be paid with 2 (119.4)
    assert creature in ana.graveyard and ana.life == 2


def test_an_unknown_cumulative_upkeep_cost_is_not_modelled():
    creature = Card.creature(2, 2, keywords=["Cumulative upkeep—Discard a card"])
    ana = Player("Ana", battlefield=[creature], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.UPKEEP, turn=3)
    with pytest.raises(NotModelledError, match="cumulative upkeep"):
        game.resolve_stack()
