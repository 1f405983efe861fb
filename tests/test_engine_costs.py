"""The total cost of a spell, each test built from the wording of rules 601.2f, 601.2h, 118.7
and 118.8."""

import pytest

from kb.engine import CannotPayError, Card, Game, IllegalActionError, ManaCost, Player, Step


def game_with(battlefield=(), hand=(), bruno_battlefield=(), **kw):
    ana = Player("Ana", battlefield=list(battlefield), hand=list(hand), library=5)
    bruno = Player("Bruno", battlefield=list(bruno_battlefield), library=5)
    game = Game(players=[ana, bruno], **kw)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


# 601.2f "The total cost is the mana cost ... plus all additional costs and cost increases, and
# minus all cost reductions. ... If the mana component of the total cost is reduced to nothing by
# cost reduction effects, it is considered to be {0}. It can't be reduced to less than {0}."


@pytest.mark.rules("601.2f")
@pytest.mark.parametrize(
    "familiars, thalias, spell, expected",
    [
        (0, 0, "Altar's Reap", "{1}{B}"),
        (1, 0, "Altar's Reap", "{B}"),
        (2, 0, "Altar's Reap", "{B}"),  # 118.7a: the {B} can't be reduced
        (1, 1, "Altar's Reap", "{1}{B}"),  # one more, one less
        (0, 1, "Lightning Bolt", "{1}{R}"),
        (1, 0, "Lightning Bolt", "{R}"),  # red: not reduced
        (0, 2, "Grizzly Bears", "{1}{G}"),  # a creature spell: not increased
        (3, 0, "Grizzly Bears", "{G}"),
    ],
)
def test_total_cost(familiars, thalias, spell, expected):
    game, ana, _ = game_with(["Thunderscape Familiar"] * familiars + ["Thalia, Guardian of Thraben"] * thalias, [spell])
    assert game.total_cost(ana, ana.hand[0]) == ManaCost(expected)


def test_an_opponents_familiar_does_not_reduce_your_spells():
    game, ana, _ = game_with(hand=["Altar's Reap"], bruno_battlefield=["Thunderscape Familiar"])
    assert game.total_cost(ana, ana.hand[0]) == ManaCost("{1}{B}")


@pytest.mark.rules("601.2f")
def test_x_is_part_of_the_total_cost():
    game, ana, _ = game_with(["Thalia, Guardian of Thraben"], ["Lightning Bolt"])
    assert game.total_cost(ana, ana.hand[0], x=3) == ManaCost("{1}{R}")  # no X: x is ignored


# 601.2h "The player pays the total cost ... Partial payments are not allowed."


@pytest.mark.rules("601.2f")
def test_the_locked_in_cost_is_paid_even_if_paying_removes_the_reducer():
    game, ana, _ = game_with(["Thunderscape Familiar"], ["Altar's Reap"], pay_mana=True)
    game.add_mana(ana, "{B}")
    game.cast(ana, "Altar's Reap", sacrifice="Thunderscape Familiar")
    assert len(ana.mana_pool) == 0 and [c.name for c in ana.graveyard] == ["Thunderscape Familiar"]


def test_an_unpayable_total_cost_sacrifices_nothing():
    game, ana, _ = game_with(["Grizzly Bears"], ["Altar's Reap"], pay_mana=True)
    game.add_mana(ana, "{B}")
    with pytest.raises(CannotPayError):
        game.cast(ana, "Altar's Reap", sacrifice="Grizzly Bears")
    assert [c.name for c in ana.battlefield] == ["Grizzly Bears"] and str(ana.mana_pool) == "{B}"


# 118.8 "Some spells and abilities have additional costs."


@pytest.mark.rules("118.8")
def test_an_additional_sacrifice_needs_a_creature():
    game, ana, _ = game_with([], ["Altar's Reap"])
    with pytest.raises(CannotPayError):
        game.cast(ana, "Altar's Reap")
    assert [c.name for c in ana.hand] == ["Altar's Reap"]


@pytest.mark.rules("118.8")
def test_the_creature_to_sacrifice_is_chosen_when_not_given():
    game, ana, _ = game_with(["Grizzly Bears"], ["Altar's Reap"])
    game.cast(ana, "Altar's Reap")
    assert [c.name for c in ana.graveyard] == ["Grizzly Bears"]


@pytest.mark.rules("118.8")
def test_a_spell_without_an_additional_cost_sacrifices_nothing():
    game, ana, _ = game_with(["Grizzly Bears"], ["Lightning Bolt"])
    with pytest.raises(IllegalActionError):
        game.cast(ana, "Lightning Bolt", targets=["Bruno"], sacrifice="Grizzly Bears")


# 702.51a "For each colored mana in this spell's total cost, you may tap an untapped creature of
# that color you control rather than pay that mana. For each generic mana in this spell's total
# cost, you may tap an untapped creature you control rather than pay that mana." 702.51b "...
# applies only after the total cost of the spell with convoke is determined."


def convoke_game(greens, whites, mana="", summoning=True):
    bears = [Card("Grizzly Bears") for _ in range(greens)]
    soldiers = [Card.creature(3, 3, colors="W", name=f"Test soldier {i}") for i in range(whites)]
    battlefield = (["Heartless Summoning"] if summoning else []) + bears + soldiers
    game, ana, _ = game_with(battlefield, ["Siege Wurm"], pay_mana=True)
    if mana:
        game.add_mana(ana, mana)
    return game, ana, bears, soldiers


@pytest.mark.rules("702.51a")
@pytest.mark.parametrize("greens, whites, mana, payable", [
    (2, 3, "", True),
    (3, 2, "", True),  # a green creature may pay generic mana too
    (0, 5, "", False),  # white creatures can't pay {G}
    (0, 3, "{G}{G}", True),
    (2, 1, "{C}", False),  # one mana short
    (3, 3, "", False),  # more creatures than mana
])
def test_convoke_with_a_reduced_total_cost(greens, whites, mana, payable):
    game, ana, bears, soldiers = convoke_game(greens, whites, mana)
    if payable:
        game.cast(ana, "Siege Wurm", convoke=bears + soldiers)
        assert all(c.tapped for c in bears + soldiers) and len(ana.mana_pool) == 0
    else:
        with pytest.raises(CannotPayError):
            game.cast(ana, "Siege Wurm", convoke=bears + soldiers)
        assert not any(c.tapped for c in bears + soldiers) and ana.hand


@pytest.mark.rules("702.51a")
def test_without_the_reduction_seven_creatures_pay_it_all():
    game, ana, bears, soldiers = convoke_game(2, 5, summoning=False)
    game.cast(ana, "Siege Wurm", convoke=bears + soldiers)
    assert game.stack


@pytest.mark.rules("702.51a")
def test_only_a_spell_with_convoke_convokes():
    game, ana, _ = game_with(["Grizzly Bears"], ["Hill Giant"])
    with pytest.raises(IllegalActionError, match="convoke"):
        game.cast(ana, "Hill Giant", convoke=["Grizzly Bears"])


@pytest.mark.rules("702.51a")
def test_a_tapped_creature_cannot_convoke():
    game, ana, bears, soldiers = convoke_game(2, 3)
    game.tap([soldiers[0]])
    with pytest.raises(IllegalActionError):
        game.cast(ana, "Siege Wurm", convoke=bears + soldiers)


# 608.2i (example): "That spell costs {1} less because the player attacked with a creature, even
# though the Bear Cub they attacked with is no longer a creature."


def test_search_party_captain_counts_creatures_that_attacked():
    from kb.engine import ScriptedDecisions
    from kb.engine.layers import ContinuousEffect

    ana = Player("Ana", battlefield=["Bear Cub", "Grizzly Bears"], hand=["Search Party Captain"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)], decisions=ScriptedDecisions(Ana=[["Bear Cub", "Grizzly Bears"]]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    cub = ana.battlefield[0]
    game.advance_to(Step.POSTCOMBAT_MAIN)
    game.add_effect(ContinuousEffect({"4": lambda chars: setattr(chars, "types", ("Artifact",))}, affected=[cub]))
    assert game.total_cost(ana, ana.hand[0]) == ManaCost("{1}{W}")
    game.advance_to(Step.PRECOMBAT_MAIN, turn=5)
    assert game.total_cost(ana, ana.hand[0]) == ManaCost("{3}{W}")  # a new turn: no attack yet
