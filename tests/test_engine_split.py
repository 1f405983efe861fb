"""Split cards, each test built from the wording of rules 709.2–709.4."""

import pytest

from kb.engine import Card, Game, IllegalActionError, ManaCost, NotModelledError, Player, Step
from kb.engine.objects import Zone


def game_with(hand, bruno_battlefield=("Grizzly Bears",), **kw):
    ana = Player("Ana", hand=list(hand), library=5)
    bruno = Player("Bruno", battlefield=list(bruno_battlefield), library=5)
    game = Game(players=[ana, bruno], **kw)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


# 709.4 "In every zone except the stack, the characteristics of a split card are those of its two
# halves combined." 709.4a "Each split card has two names." 709.4c "A split card has each card
# type specified on either of its halves"


@pytest.mark.rules("709.4")
def test_off_the_stack_a_split_card_has_both_halves():
    card = Card("Assault // Battery")
    assert card.definition.names == ("Assault", "Battery")
    assert card.types == ("Sorcery",)
    assert card.colors == ("R", "G") and card.mana_cost.mana_value == 5


# 709.3 "A player chooses which half of a split card they are casting before putting it onto the
# stack." 709.3b "While on the stack, only the characteristics of the half being cast exist."


@pytest.mark.rules("709.3")
def test_a_half_must_be_chosen():
    game, ana, _ = game_with(["Assault // Battery"])
    with pytest.raises(IllegalActionError, match="709.3"):
        game.cast(ana, "Assault // Battery")
    with pytest.raises(IllegalActionError, match="no half named"):
        game.cast(ana, "Assault // Battery", half="Fire")


def test_only_a_split_card_has_halves():
    game, ana, _ = game_with(["Lightning Bolt"])
    with pytest.raises(IllegalActionError, match="not a split card"):
        game.cast(ana, "Lightning Bolt", half="Lightning")


@pytest.mark.rules("709.3a")
@pytest.mark.parametrize("half, colors, value", [("Assault", ("R",), 1), ("Battery", ("G",), 4)])
def test_on_the_stack_only_the_half_cast_exists(half, colors, value):
    game, ana, bruno = game_with(["Assault // Battery"])
    targets = [bruno.battlefield[0]] if half == "Assault" else None
    spell = game.cast(ana, "Assault // Battery", half=half, targets=targets)
    card = spell.card
    assert card.zone is Zone.STACK
    assert (card.name, card.colors, card.mana_cost.mana_value) == (half, colors, value)
    game.resolve_stack()
    assert card.name == "Assault // Battery" and card.mana_cost.mana_value == 5


def test_battery_makes_an_elephant_and_assault_needs_a_creature_target():
    game, ana, bruno = game_with(["Assault // Battery"], bruno_battlefield=())
    with pytest.raises(IllegalActionError):
        game.cast(ana, "Assault // Battery", half="Assault")  # no creature to target
    game.cast(ana, "Assault // Battery", half="Battery")
    game.resolve_stack()
    assert [c.subtypes for c in ana.battlefield] == [("Elephant",)]


# 709.3a "Only the chosen half is evaluated to see if it can be cast."


@pytest.mark.rules("709.3a")
def test_only_the_chosen_half_is_paid_for():
    game, ana, bruno = game_with(["Assault // Battery"], pay_mana=True)
    game.add_mana(ana, "{R}")
    game.cast(ana, "Assault // Battery", half="Assault", targets=[bruno.battlefield[0]])
    assert len(ana.mana_pool) == 0


def test_a_half_whose_targets_are_not_modelled_says_so():
    game, ana, _ = game_with(["Fire // Ice"])
    with pytest.raises(NotModelledError):
        game.cast(ana, "Fire // Ice", half="Fire")
    assert [c.name for c in ana.hand] == ["Fire // Ice"]


def test_ice_taps_and_draws():
    game, ana, bruno = game_with(["Fire // Ice"])
    bears = bruno.battlefield[0]
    game.cast(ana, "Fire // Ice", half="Ice", targets=[bears])
    game.resolve_stack()
    assert bears.tapped and len(ana.hand) == 1


# 709.4b "The mana cost of a split card is the combined mana costs of its two halves ... An effect
# that refers specifically to the symbols in a split card's mana cost sees the separate symbols
# rather than the whole mana cost."


@pytest.mark.rules("709.4b")
@pytest.mark.parametrize(
    "left, right, same",
    [
        ("{1}{R} // {1}{U}", "{2}{U}{R}", True),
        ("{R} // {3}{G}", "{3}{R}{G}", True),
        ("{2}{W}", "{1}{1}{W}", True),
        ("{2}{W}", "{2}{U}", False),
        ("{W/U}", "{W}{U}", False),
        ("{X}{R}", "{R}", False),
    ],
)
def test_mana_costs_compare_by_their_total(left, right, same):
    assert (ManaCost(left) == ManaCost(right)) is same
    if same:
        assert hash(ManaCost(left)) == hash(ManaCost(right))


@pytest.mark.rules("709.4b")
def test_the_symbols_stay_separate():
    cost = ManaCost("{1}{R} // {1}{U}")
    assert [str(s) for s in cost.symbols] == ["{1}", "{R}", "{1}", "{U}"]
    assert cost.repeated_symbols() == ["{1}"] and cost.mana_value == 4
    assert len(cost.halves) == 2
