"""Adventurer cards (715) and casting cards from exile (601.3)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step, Zone
from kb.engine.errors import IllegalActionError


def _game(fae_zone="hand", answers=(True,), sideboard=("Lightning Bolt",)):
    fae = Card("Fae of Wishes")
    zones = {"hand": [], "graveyard": []}
    zones[fae_zone if fae_zone != "exile" else "graveyard"].append(fae)
    ana = Player("Ana", hand=zones["hand"], graveyard=zones["graveyard"], sideboard=list(sideboard), library=5)
    game = Game(players=[ana, Player("Bruno", library=5)], decisions=ScriptedDecisions(Ana=list(answers)))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    if fae_zone == "exile":
        game.exile_cards([fae])
    return game, ana, fae


@pytest.mark.rules("715.4")
def test_off_the_stack_the_card_has_only_its_normal_characteristics():
    fae = Card("Fae of Wishes")
    assert (fae.name, fae.types, fae.mana_cost.text, fae.power) == ("Fae of Wishes", ("Creature",), "{1}{U}", 1)
    assert fae.definition.adventure.adventure_name == "Granted"  # its Adventure, no name of the card (715.4)


@pytest.mark.rules("715.3d")
def test_cast_as_an_adventure_from_hand_then_exiled_and_castable_as_the_creature():
    game, ana, fae = _game()
    spell = game.cast(ana, fae, adventure=True)
    assert (spell.card.name, spell.card.types, spell.card.mana_cost.text) == ("Granted", ("Sorcery",), "{3}{U}")
    game.resolve_stack()
    assert fae.zone is Zone.EXILE and [c.name for c in ana.hand] == ["Lightning Bolt"]
    with pytest.raises(IllegalActionError):
        game.cast(ana, fae, adventure=True)  # 715.3d: not as an Adventure
    game.cast(ana, fae)
    game.resolve_stack()
    assert fae.zone is Zone.BATTLEFIELD and fae.name == "Fae of Wishes"


@pytest.mark.rules("715.4")
def test_cast_as_the_creature_it_is_an_ordinary_creature_spell():
    game, ana, fae = _game()
    spell = game.cast(ana, fae)
    assert spell.card.name == "Fae of Wishes"
    game.resolve_stack()
    assert fae.zone is Zone.BATTLEFIELD


@pytest.mark.rules("715.3")
def test_an_unknown_adventure_name_or_a_card_without_one_is_refused():
    game, ana, fae = _game()
    with pytest.raises(IllegalActionError, match="715.3"):
        game.cast(ana, fae, half="Granted")  # an Adventure is no half of a split card
    bears = Card("Grizzly Bears")
    ana.hand.append(bears)
    bears.owner, bears.zone = ana, Zone.HAND
    with pytest.raises(IllegalActionError):
        game.cast(ana, bears, adventure=True)


@pytest.mark.rules("601.3")
def test_no_card_in_exile_is_cast_without_an_effect_allowing_it():
    game, ana, fae = _game("exile")
    with pytest.raises(IllegalActionError):
        game.cast(ana, fae)
    game.allow_cast_from_exile(ana, fae, as_adventure=True)
    with pytest.raises(IllegalActionError):
        game.cast(ana, fae)  # only as its Adventure
    game.cast(ana, fae, adventure=True)
    game.resolve_stack()
    assert fae.zone is Zone.EXILE


@pytest.mark.rules("400.7")
def test_a_permission_is_for_that_object_and_that_player_only():
    game, ana, fae = _game("exile")
    bruno = game.player("Bruno")
    game.allow_cast_from_exile(bruno, fae)
    with pytest.raises(IllegalActionError):
        game.cast(ana, fae)
    game.allow_cast_from_exile(ana, fae)
    ana_fae_incarnation = fae.incarnation
    game.return_to_hand([fae])
    game.exile_cards([fae])
    assert fae.incarnation != ana_fae_incarnation
    with pytest.raises(IllegalActionError):
        game.cast(ana, fae)  # a new object (400.7)


def test_declining_to_reveal_brings_nothing_in():
    game, ana, fae = _game(answers=(False,))
    game.cast(ana, fae, adventure=True)
    game.resolve_stack()
    assert ana.hand == [] and [c.name for c in ana.sideboard] == ["Lightning Bolt"]
    assert fae.zone is Zone.EXILE


def test_only_noncreature_cards_from_outside_the_game():
    game, ana, fae = _game(sideboard=("Grizzly Bears",))
    game.cast(ana, fae, adventure=True)
    game.resolve_stack()
    assert ana.hand == [] and not [d for d in game.decision_log if d.kind == "may_reveal"]


@pytest.mark.rules("601.3", "601.3e")
def test_a_permission_to_cast_from_exile_is_judged_on_the_spell_as_proposed():
    # 601.3, 601.3e: Aether Storm prohibits creature spells; Granted is a sorcery.
    game, ana, fae = _game("exile")
    game.put_onto_battlefield(Card("Aether Storm"), game.player("Bruno"))
    assert not game.may_begin_to_cast(ana, fae)
    game.allow_cast_from_exile(ana, fae)
    assert game.may_begin_to_cast(ana, fae, "adventure") and not game.may_begin_to_cast(ana, fae, "normal")
    with pytest.raises(IllegalActionError, match="Aether Storm"):
        game.cast(ana, "Fae of Wishes")
    spell = game.cast(ana, "Fae of Wishes", adventure=True)  # found in exile by its name
    assert spell.card is fae and fae.name == "Granted"


@pytest.mark.rules("715.3")
def test_only_a_card_with_an_adventure_may_be_allowed_as_one():
    game, ana, fae = _game("exile")
    bolt = ana.sideboard[0]
    with pytest.raises(IllegalActionError, match="not in exile"):
        game.allow_cast_from_exile(ana, bolt)
    game.bring_into_game(ana, bolt, Zone.HAND)
    game.exile_cards([bolt])
    with pytest.raises(IllegalActionError, match="715.3"):
        game.allow_cast_from_exile(ana, bolt, as_adventure=True)
