"""Planeswalkers and loyalty abilities, each test built from the wording of rules 120.3c, 306.5b,
601.2c, 606 and 704.5i."""

import pytest

from kb.engine import CannotPayError, Card, Game, IllegalActionError, IllegalTargetError, Player, Step, TimingError


def setup(*battlefield, hand=(), bruno_hand=(), at=Step.PRECOMBAT_MAIN):
    ana = Player("Ana", battlefield=list(battlefield), hand=list(hand), library=5)
    bruno = Player("Bruno", hand=list(bruno_hand), library=5)
    game = Game(players=[ana, bruno])
    game.start(at=at, turn=3)
    return game, ana, bruno


# 306.5b "A planeswalker has the intrinsic ability 'This permanent enters with a number of loyalty
# counters on it equal to its printed loyalty number.'"


@pytest.mark.rules("306.5b")
def test_a_planeswalker_enters_with_its_printed_loyalty():
    game, ana, _ = setup(hand=["Garruk Wildspeaker"])
    game.cast(ana, "Garruk Wildspeaker")
    game.resolve_stack()
    assert ana.battlefield[0].counters == {"loyalty": 3}


# 606.3 "... any time they have priority and the stack is empty during a main phase of their turn,
# but only if no player has previously activated a loyalty ability of that permanent that turn."


@pytest.mark.rules("606.3")
def test_loyalty_abilities_only_at_sorcery_speed():
    game, ana, _ = setup("Garruk Wildspeaker", at=Step.UPKEEP)
    with pytest.raises(TimingError, match="606.3"):
        game.activate(ana, "Garruk Wildspeaker", 1)


@pytest.mark.rules("606.3")
def test_one_loyalty_ability_per_permanent_per_turn():
    game, ana, _ = setup("Garruk Wildspeaker")
    game.activate(ana, "Garruk Wildspeaker", 1)
    game.resolve_stack()
    with pytest.raises(IllegalActionError, match="606.3"):
        game.activate(ana, "Garruk Wildspeaker", 0, targets=[])
    game.advance_to(Step.PRECOMBAT_MAIN, turn=5)
    game.activate(ana, "Garruk Wildspeaker", 0, targets=[])
    assert ana.battlefield[0].counters == {"loyalty": 3}


# 606.4 "The cost to activate a loyalty ability of a permanent is to put on or remove from that
# permanent a certain number of loyalty counters ... This cost may be modified by other effects."
# 606.5 "... combined into a single cost"


@pytest.mark.rules("606.5", "704.5j")
# Two Carths under one player don't both stay: the legend rule keeps one (704.5j).
@pytest.mark.parametrize("carths, plus, minus", [(0, 1, -4), (1, 2, -3), (2, 2, -3)])
def test_cost_changes_combine(carths, plus, minus):
    game, ana, _ = setup("Garruk Wildspeaker", *["Carth the Lion"] * carths)
    garruk = ana.battlefield[0]
    assert (game.loyalty_cost(garruk, 0), game.loyalty_cost(garruk, 2)) == (plus, minus)
    game.activate(ana, garruk, 0, targets=[])
    assert garruk.counters["loyalty"] == 3 + plus
    assert [e["cost"] for e in game.events if e.kind == "loyalty_ability"] == [plus]


def test_an_opponents_carth_does_not_change_the_cost():
    ana = Player("Ana", battlefield=["Garruk Wildspeaker"], library=5)
    bruno = Player("Bruno", battlefield=["Carth the Lion"], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    assert game.loyalty_cost(ana.battlefield[0], 0) == 1


# 606.6 "A loyalty ability with a negative loyalty cost ... can't be activated unless the permanent
# has at least that many loyalty counters on it."


@pytest.mark.rules("606.6")
def test_not_enough_loyalty():
    game, ana, _ = setup(Card("Garruk Wildspeaker", counters={"loyalty": 3}))
    with pytest.raises(CannotPayError, match="606.6"):
        game.activate(ana, "Garruk Wildspeaker", 2)
    assert ana.battlefield[0].counters == {"loyalty": 3} and not game.stack


@pytest.mark.rules("605.1a")
def test_a_loyalty_ability_is_not_a_mana_ability():
    from kb.engine import AbilityDefinition

    assert not AbilityDefinition("[+1]: Add {G}.", lambda g, a: None, adds_mana=True, loyalty=1).is_mana_ability


# 704.5i "If a planeswalker has loyalty 0, it's put into its owner's graveyard." 120.3c "Damage
# dealt to a planeswalker causes that many loyalty counters to be removed from that planeswalker."


@pytest.mark.rules("704.5i")
def test_damage_to_a_planeswalker_removes_loyalty_and_zero_loyalty_kills_it():
    game, ana, bruno = setup("Garruk Wildspeaker", bruno_hand=["Lightning Bolt"])
    garruk = ana.battlefield[0]
    game.pass_priority(ana)
    game.cast(bruno, "Lightning Bolt", targets=[garruk])
    game.resolve_stack()
    assert garruk in ana.graveyard and garruk.damage == 0
    assert any(e.kind == "no_loyalty" and e.rule == "704.5i" for e in game.events)


@pytest.mark.rules("120.3c")
def test_damage_short_of_lethal_leaves_it_with_fewer_counters():
    game, ana, bruno = setup(Card("Garruk Wildspeaker", counters={"loyalty": 5}), bruno_hand=["Lightning Bolt"])
    garruk = ana.battlefield[0]
    game.pass_priority(ana)
    game.cast(bruno, "Lightning Bolt", targets=[garruk])
    game.resolve_stack()
    assert garruk.counters == {"loyalty": 2}


# 601.2c "... the same player or object can't become a target more than once for each instance of
# the word 'target' on the spell."


@pytest.mark.rules("115.3")
def test_up_to_two_target_lands_are_different_lands():
    game, ana, _ = setup("Garruk Wildspeaker", "Forest", "Island", "Mountain")
    garruk, forest, island, mountain = ana.battlefield
    game.tap([forest, island, mountain])
    with pytest.raises(IllegalTargetError, match="601.2c"):
        game.activate(ana, garruk, 0, targets=[forest, forest])
    with pytest.raises(IllegalTargetError):
        game.activate(ana, garruk, 0, targets=[forest, island, mountain])
    game.activate(ana, garruk, 0, targets=[forest, island])
    game.resolve_stack()
    assert (forest.tapped, island.tapped, mountain.tapped) == (False, False, True)
