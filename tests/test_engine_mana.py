"""Mana pools, mana abilities and paying mana, each test built from the wording of rules 106, 107.1b,
305.6, 601.2g–h, 602.2b and 605."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.engine import CannotPayError, Game, IllegalActionError, NotModelledError, Player, Step
from kb.engine.layers import lose_all_abilities, modify
from kb.engine.mana import ManaCost
from kb.engine.pool import ONLY_CREATURE_SPELLS, Mana, ManaPool, ManaUse, payments


def game_with(ana_battlefield=(), bruno_battlefield=(), hand=(), **game_kw):
    ana = Player("Ana", battlefield=list(ana_battlefield), hand=list(hand), library=5)
    bruno = Player("Bruno", battlefield=list(bruno_battlefield), library=5)
    game = Game(players=[ana, bruno], **game_kw)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


# 106.4 "When an effect instructs a player to add mana, that mana goes into a player's mana pool."


@pytest.mark.rules("305.6", "106.4")
def test_tapping_a_basic_land_adds_its_mana_to_the_pool():
    game, ana, _ = game_with(["Forest", "Island", "Wastes"])
    for land in list(ana.battlefield):
        game.activate(ana, land)
    assert str(ana.mana_pool) == "{U}{G}{C}"
    assert all(land.tapped for land in ana.battlefield)


# 106.4 "Each player's mana pool empties at the end of each step and phase"


@pytest.mark.rules("106.4")
def test_the_pool_empties_at_the_end_of_each_step_and_phase():
    game, ana, _ = game_with(["Forest"])
    game.activate(ana, "Forest")
    assert len(ana.mana_pool) == 1
    game.pass_all()
    assert game.step is Step.BEGINNING_OF_COMBAT
    assert len(ana.mana_pool) == 0
    assert any(e.kind == "mana_lost" and e["player"] is ana for e in game.events)


# 305.6 "An object with the land type Forest has '{T}: Add {G}'" — whatever makes it a Forest.


@pytest.mark.rules("305.6")
def test_the_intrinsic_ability_comes_from_the_land_type_not_the_name():
    game, ana, _ = game_with(["Dryad Arbor"])
    arbor = ana.battlefield[0]
    assert game.is_mana_ability(arbor)
    arbor.entered_turn = None
    game.activate(ana, arbor)
    assert str(ana.mana_pool) == "{G}"


def test_a_land_that_loses_its_abilities_has_no_mana_ability():
    game, ana, _ = game_with(["Forest"])
    forest = ana.battlefield[0]
    game.add_effect(lose_all_abilities(affected=[forest]))
    with pytest.raises(IllegalActionError):
        game.activate(ana, forest)


# 605.1a "An activated ability is a mana ability if ... it doesn't require a target ..., it could
# add mana ..., and it's not a loyalty ability."
# 605.2 "A mana ability remains a mana ability even if the game state doesn't allow it to produce
# mana."


@pytest.mark.rules("605.1a")
def test_mana_ability_classification_follows_605_1a():
    game, ana, _ = game_with(["Gaea's Cradle", "Fountain of Youth", "Millstone"])
    cradle, fountain, millstone = ana.battlefield
    assert game.is_mana_ability(cradle)
    assert not game.is_mana_ability(fountain)  # it adds no mana
    assert not game.is_mana_ability(millstone)  # it targets and adds no mana


@pytest.mark.rules("605.5a")
def test_a_mana_ability_with_a_target_is_not_a_mana_ability():
    from kb.engine import AbilityDefinition

    targeted = AbilityDefinition("{T}: Add {G}. Target player gains 1 life.", lambda g, a: None, tap=True, adds_mana=True, target="player")
    untargeted = AbilityDefinition("{T}: Add {G}.", lambda g, a: None, tap=True, adds_mana=True)
    assert untargeted.is_mana_ability and not targeted.is_mana_ability  # 605.5a


@pytest.mark.rules("605.1a")
def test_the_cradle_stays_a_mana_ability_with_no_creatures_and_tapped():
    game, ana, _ = game_with(["Gaea's Cradle"])
    cradle = ana.battlefield[0]
    game.activate(ana, cradle)
    assert len(ana.mana_pool) == 0 and cradle.tapped
    assert game.is_mana_ability(cradle)
    with pytest.raises(CannotPayError):
        game.activate(ana, cradle)


def test_the_cradle_counts_creatures_as_it_resolves():
    game, ana, _ = game_with(["Gaea's Cradle", "Grizzly Bears", "Savannah Lions"], ["Hill Giant"])
    game.activate(ana, "Gaea's Cradle")
    assert str(ana.mana_pool) == "{G}{G}"


# 605.3b "An activated mana ability doesn't go on the stack ... it resolves immediately after it is
# activated."


@pytest.mark.rules("605.3b")
def test_a_mana_ability_does_not_use_the_stack_and_keeps_priority():
    game, ana, _ = game_with(["Forest"])
    game.activate(ana, "Forest")
    assert not game.stack and game.priority is ana
    assert [e.rule for e in game.events if e.kind == "resolves"] == ["605.3b"]


# 107.1b "If a calculation that would determine the result of an effect yields a negative number,
# zero is used instead"


@given(st.integers(min_value=-5, max_value=5))
@settings(max_examples=20, deadline=None)
def test_joiner_adds_its_power_in_green_mana_never_less_than_none(change):
    game, ana, _ = game_with(["Viridian Joiner"])
    joiner = ana.battlefield[0]
    game.add_effect(modify(change, 0, affected=[joiner]))
    game.activate(ana, joiner)
    assert ana.mana_pool.amount("G") == max(0, 1 + change) == len(ana.mana_pool)


# 106.5 "If an ability would produce one or more mana of an undefined type, it produces no mana
# instead."


@pytest.mark.rules("106.5")
def test_meteor_crater_with_no_colored_permanent_produces_no_mana():
    game, ana, _ = game_with(["Meteor Crater", "Forest"], ["Grizzly Bears"])
    game.activate(ana, "Meteor Crater")
    assert len(ana.mana_pool) == 0
    assert any(e.kind == "no_mana" and e.rule == "106.5" for e in game.events)


@pytest.mark.rules("106.7")
def test_meteor_crater_adds_a_color_of_a_permanent_you_control():
    game, ana, _ = game_with(["Meteor Crater", "Grizzly Bears"])
    game.activate(ana, "Meteor Crater")
    assert str(ana.mana_pool) == "{G}"


# 106.7 "The type of mana a permanent could produce at any time includes any type of mana that an
# ability of that permanent would produce if the ability were to resolve at that time ... Ignore
# whether any costs of the ability could or could not be paid."


@pytest.mark.rules("106.7")
def test_could_produce_ignores_costs():
    game, ana, _ = game_with(["Forest"])
    forest = ana.battlefield[0]
    game.activate(ana, forest)
    assert game.could_produce(forest) == frozenset("G")  # tapped, but it could still produce {G}


@pytest.mark.rules("106.7")
@pytest.mark.parametrize(
    "yours, theirs, expected",
    [
        (["Exotic Orchard"], [], ""),
        (["Exotic Orchard"], ["Exotic Orchard"], ""),
        (["Exotic Orchard", "Forest"], ["Exotic Orchard"], "G"),
        (["Exotic Orchard"], ["Mountain", "Island"], "UR"),
        (["Exotic Orchard"], ["Wastes"], ""),  # {C} is not a color: "any color" can't be colorless
    ],
)
def test_exotic_orchard_could_produce(yours, theirs, expected):
    game, ana, bruno = game_with(yours, theirs)
    orchard = ana.battlefield[0]
    assert game.could_produce(orchard) == frozenset(expected)
    game.activate(ana, orchard)
    assert "".join(m.type for m in ana.mana_pool) == expected[:1]


# 106.6 "Some spells or abilities that produce mana restrict how that mana can be spent ... This
# doesn't affect the mana's type."


@pytest.mark.rules("106.6")
def test_restricted_mana_pays_only_for_what_it_allows():
    pool = [Mana("G", restriction=ONLY_CREATURE_SPELLS)]
    from kb.engine import Card

    assert payments(pool, ManaCost("{G}"), ManaUse("cast", Card("Grizzly Bears")))
    assert not payments(pool, ManaCost("{G}"), ManaUse("cast", Card("Giant Growth")))
    assert not payments(pool, ManaCost("{1}"), ManaUse("activate", Card("Fountain of Youth")))


def test_doubling_cube_doubles_each_type_and_the_new_mana_is_unrestricted():
    game, ana, _ = game_with(["Doubling Cube", "Wastes", "Wastes", "Wastes"], pay_mana=True)
    cube, *wastes = ana.battlefield
    game.add_mana(ana, "{R}{G}", restriction=ONLY_CREATURE_SPELLS)
    with pytest.raises(CannotPayError):
        game.activate(ana, cube)  # the restricted mana can't pay the Cube's {3}
    game.activate(ana, cube, mana_abilities=wastes)
    assert str(ana.mana_pool) == "{R}{R}{G}{G}"
    assert ana.mana_pool.restricted() == "{R}{G}"


# 601.2g "Mana abilities must be activated before costs are paid." 601.2h "Partial payments are not
# allowed. Unpayable costs can't be paid."


@pytest.mark.rules("601.2h")
def test_a_cost_that_cannot_be_paid_leaves_the_spell_in_hand():
    game, ana, _ = game_with(["Forest"], hand=["Hill Giant"], pay_mana=True)
    with pytest.raises(CannotPayError, match="601.2h"):
        game.cast(ana, "Hill Giant", mana_abilities=["Forest"])
    assert [c.name for c in ana.hand] == ["Hill Giant"] and not game.stack
    assert str(ana.mana_pool) == "{G}"  # nothing was spent: no partial payment


def test_costs_are_taken_as_paid_unless_the_game_pays_mana():
    game, ana, _ = game_with([], hand=["Hill Giant"])
    game.cast(ana, "Hill Giant")
    assert game.stack


@pytest.mark.rules("107.4b")
def test_generic_mana_can_be_paid_with_any_type_colored_mana_only_with_its_own():
    use = None
    pool = [Mana("U"), Mana("C")]
    assert payments(pool, ManaCost("{2}"), use)
    assert not payments(pool, ManaCost("{1}{G}"), use)
    assert not payments([Mana("G")], ManaCost("{C}"), use)


@given(st.lists(st.sampled_from("WUBRGC"), max_size=6), st.sampled_from(["{1}{G}", "{2}", "{W}{U}", "{G/W}{G/W}", "{C}{1}", "{X}{R}"]))
@settings(max_examples=60, deadline=None)
def test_every_payment_spends_exactly_the_cost(types, text):
    cost = ManaCost(text)
    for way in payments([Mana(t) for t in types], cost, None, x=1):
        spent = [m.type for m in way]
        assert len(spent) == cost.mana_value + (1 if "{X}" in text else 0)
        for symbol in cost.symbols:
            if not symbol.parts[0].isdigit() and symbol.parts[0] != "X":
                assert any(t in symbol.colors | ({"C"} if symbol.text == "C" else set()) for t in spent)


def test_phyrexian_mana_from_a_pool_is_not_modelled():
    with pytest.raises(NotModelledError):
        payments([Mana("G")], ManaCost("{G/P}"), None)


# 602.1a "The activation cost is everything before the colon" — {2} and {T} are both paid.


def test_activation_cost_is_mana_and_tapping():
    game, ana, _ = game_with(["Fountain of Youth", "Island", "Mountain"], pay_mana=True)
    fountain, island, mountain = ana.battlefield
    game.activate(ana, island)
    with pytest.raises(CannotPayError):
        game.activate(ana, fountain)
    assert not fountain.tapped
    game.activate(ana, fountain, mana_abilities=[mountain])
    assert fountain.tapped and len(ana.mana_pool) == 0 and len(game.stack) == 1


# 605.4a "A triggered mana ability doesn't go on the stack ... it resolves immediately after the
# mana ability that triggered it"


def test_mana_flare_adds_mana_at_once_and_it_pays_for_the_spell():
    game, ana, _ = game_with(["Mana Flare", "Forest"], hand=["Grizzly Bears"], pay_mana=True)
    spell = game.cast(ana, "Grizzly Bears", mana_abilities=["Forest"])
    assert list(game.stack) == [spell]
    assert len(ana.mana_pool) == 0


def test_mana_flare_gives_the_mana_to_the_player_who_tapped_the_land():
    game, ana, bruno = game_with(["Island"], ["Mana Flare"])
    game.activate(ana, "Island")
    assert str(ana.mana_pool) == "{U}{U}" and len(bruno.mana_pool) == 0


def test_mana_pool_reads_in_wubrg_order():
    pool = ManaPool([Mana("C"), Mana("G"), Mana("W")])
    assert repr(pool) == "ManaPool('{W}{G}{C}')"
