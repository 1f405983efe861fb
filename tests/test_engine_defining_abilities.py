"""Characteristic-defining abilities that count other objects (604.3) work in every zone, use last
known information once their card has left the battlefield (608.2h, 603.10a), and never depend on
themselves."""

from __future__ import annotations

import pytest

from kb.engine import Card, CardDefinition, Game, NotModelledError, Player, Step, Zone


def _defining_cards() -> list[str]:
    return sorted(
        name
        for name, cls in CardDefinition.registry.items()
        if cls.power_of is not CardDefinition.power_of and not name.startswith("Sample")
    )


def _game(battlefield, hand=(), graveyard=()):
    ana = Player("Ana", battlefield=list(battlefield), hand=list(hand), graveyard=list(graveyard), library=["Forest"] * 5)
    game = Game(players=[ana, Player("Bruno", battlefield=["Grizzly Bears"])])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


@pytest.mark.rules("604.3")
def test_the_library_has_several_cards_that_count_other_zones():
    assert {"Tarmogoyf", "Lhurgoyf", "Cognivore", "Maro", "Nightmare", "Crusader of Odric"} <= set(_defining_cards())


@pytest.mark.rules("704.5f")
@pytest.mark.parametrize("name", _defining_cards())
@pytest.mark.parametrize("move", ["bolt", "destroy", "sacrifice", "exile", "discard", "mill", "bounce"])
def test_a_counting_creature_has_a_size_in_every_zone_it_goes_to(name, move):
    if move in ("discard", "mill"):
        game, ana = _game(["Grizzly Bears"], hand=[name] if move == "discard" else [], graveyard=["Lightning Bolt"])
        if move == "discard":
            game.discard(ana, [ana.hand[0]])
        else:
            ana.library.insert(0, Card(name))
            ana.library[0].owner, ana.library[0].zone = ana, Zone.LIBRARY
            game.mill(ana, 1)
        card = ana.graveyard[-1]
    else:
        game, ana = _game([name, "Swamp"], hand=["Lightning Bolt"], graveyard=["Grizzly Bears", "Island", "Lightning Bolt"])
        card = next(c for c in ana.battlefield + ana.graveyard if c.name == name)
        if card.zone is Zone.GRAVEYARD:
            # Nothing here for it to count (Ixidron with no face-down creature): a 0/0, it was
            # put into the graveyard as a state-based action (704.5f), with a size there too.
            assert any(e.kind == "dies_toughness" and e["card"] is card for e in game.events)
            assert isinstance(card.power, int) and isinstance(card.toughness, int)
            return
        if move == "bolt":
            game.cast(ana, "Lightning Bolt", targets=[card])
            game.resolve_stack()
        elif move == "destroy":
            game.destroy([card])
        elif move == "sacrifice":
            game.sacrifice([card])
        elif move == "exile":
            game.exile_cards([card])
        else:
            game._move(card, Zone.HAND)
    assert card.zone is not Zone.BATTLEFIELD or move == "bolt"
    assert isinstance(card.power, int) and isinstance(card.toughness, int)


@pytest.mark.rules("604.3")
def test_tarmogoyf_dies_to_lightning_bolt_and_counts_itself_in_the_graveyard():
    game, ana = _game(["Tarmogoyf"], hand=["Lightning Bolt"], graveyard=["Grizzly Bears"])
    goyf = ana.battlefield[0]
    assert (goyf.power, goyf.toughness) == (1, 2)
    game.cast(ana, "Lightning Bolt", targets=[goyf])
    game.resolve_stack()
    # The Bolt was in the graveyard before state-based actions: a 2/3 with 3 damage dies.
    assert goyf.zone is Zone.GRAVEYARD
    assert (goyf.last_known["power"], goyf.last_known["toughness"]) == (2, 3)
    assert (goyf.power, goyf.toughness) == (2, 3)  # creature and instant, in the graveyard


def test_tarmogoyf_survives_lightning_bolt_when_the_bolt_makes_it_bigger():
    game, ana = _game(["Tarmogoyf"], hand=["Lightning Bolt"], graveyard=["Grizzly Bears", "Island", "Wrath of God"])
    goyf = ana.battlefield[0]
    game.cast(ana, "Lightning Bolt", targets=[goyf])
    game.resolve_stack()
    assert goyf.zone is Zone.BATTLEFIELD and (goyf.power, goyf.toughness, goyf.damage) == (4, 5, 3)


@pytest.mark.rules("608.2h")
def test_last_known_size_is_taken_before_any_of_the_creatures_dying_together_moves():
    game, ana = _game(["Lhurgoyf", "Grizzly Bears", "Tarmogoyf"], hand=["Wrath of God"], graveyard=[])
    lhurgoyf, goyf = ana.battlefield[0], ana.battlefield[2]
    assert (lhurgoyf.power, goyf.power) == (0, 0)
    game.add_mana(ana, list("WWWW"))
    game.cast(ana, "Wrath of God")
    game.resolve_stack()
    assert lhurgoyf.last_known["power"] == 0 and goyf.last_known["power"] == 0
    assert lhurgoyf.power == 4  # Lhurgoyf, Grizzly Bears, Tarmogoyf, and Bruno's Bears
    assert goyf.power == 2  # creature and sorcery


def test_a_size_that_depends_on_itself_is_refused_not_recursed():
    class Ouroboros(CardDefinition):
        name = "Sample Ouroboros"
        types = ("Creature",)
        oracle = "Its power is equal to its power."

        def power_of(self, card):
            return card.power

    card = Card("Sample Ouroboros")
    with pytest.raises(NotModelledError, match="depends on itself"):
        card.power
    assert card.types == ("Creature",)
