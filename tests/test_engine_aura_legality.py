"""Rule 704.5m: an Aura attached to an object or player it can't enchant goes to its owner's
graveyard; one attached to what its enchant ability allows, a player included, stays."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, Step, Zone
from kb.examples.narration import narrate


def _game(ana_battlefield, ana_hand, bruno_battlefield=()):
    ana = Player("Ana", battlefield=list(ana_battlefield), hand=list(ana_hand), library=["Island"] * 5)
    bruno = Player("Bruno", battlefield=list(bruno_battlefield), library=["Island"] * 5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.add_mana(ana, list("UUUUUBBBBB"))
    return game, ana, bruno


def test_enchant_abilities_are_read_from_the_oracle_text():
    assert Card("Mind Control").definition.enchant_kind == "creature"
    assert Card("Curse of Death's Hold").definition.enchant_kind == "player"
    assert Card("Grizzly Bears").definition.enchant_kind is None


@pytest.mark.rules("704.5m")
def test_an_enchant_creature_aura_leaves_a_planeswalker_that_is_a_creature_only_on_its_controllers_turn():
    game, ana, bruno = _game(["Gideon Blackblade"], ["Mind Control"])
    gideon = ana.battlefield[0]
    assert gideon.is_creature and (gideon.power, gideon.toughness) == (4, 4)
    game.cast(ana, "Mind Control", targets=[gideon])
    game.resolve_stack()
    aura = next(c for c in ana.battlefield if c.name == "Mind Control")
    assert aura.attached_to is gideon
    game.advance_to(Step.UPKEEP, turn=4)
    assert not gideon.is_creature and gideon.zone is Zone.BATTLEFIELD
    assert aura.zone is Zone.GRAVEYARD and aura in ana.graveyard
    (event,) = [e for e in game.events if e.kind == "aura_illegal"]
    assert event.rule == "704.5m" and event["to"] is gideon
    english = [line.text for line in narrate(game.events, "en") if line.kind == "aura_illegal"]
    spanish = [line.text for line in narrate(game.events, "es") if line.kind == "aura_illegal"]
    assert english == ["Mind Control is attached to Gideon Blackblade, which it can't enchant, and is put into its owner's graveyard as a state-based action."]
    assert spanish and "cementerio" in spanish[0]


@pytest.mark.rules("704.5m")
def test_an_aura_leaves_an_object_whose_animation_ends_at_cleanup():
    game, ana, bruno = _game(["Chimeric Staff"], ["Mind Control"])
    staff = ana.battlefield[0]
    game.add_mana(ana, ["C", "C"])
    game.activate(ana, staff, x=2)
    game.resolve_stack()
    assert staff.is_creature
    game.cast(ana, "Mind Control", targets=[staff])
    game.resolve_stack()
    game.advance_to(Step.UPKEEP, turn=4)
    assert not staff.is_creature
    assert [c.name for c in ana.graveyard] == ["Mind Control"]


@pytest.mark.rules("704.5m")
def test_an_enchant_player_aura_on_a_player_stays_and_works():
    game, ana, bruno = _game([], ["Curse of Death's Hold"], ["Grizzly Bears", "Savannah Lions"])
    game.cast(ana, "Curse of Death's Hold", targets=[bruno])
    game.resolve_stack()
    curse = ana.battlefield[0]
    assert curse.attached_to is bruno
    game.advance_to(Step.UPKEEP, turn=4)
    assert curse.zone is Zone.BATTLEFIELD and curse.attached_to is bruno
    assert [c.name for c in bruno.graveyard] == ["Savannah Lions"]
    assert [(c.name, c.power, c.toughness) for c in bruno.battlefield] == [("Grizzly Bears", 1, 1)]
    assert not [e for e in game.events if e.kind in ("aura_illegal", "aura_unattached")]


@pytest.mark.rules("704.5m")
def test_an_enchant_creature_aura_attached_to_a_player_goes_to_the_graveyard():
    mind_control, curse = Card("Mind Control"), Card("Curse of Death's Hold")
    bruno = Player("Bruno")
    mind_control.attached_to = curse.attached_to = bruno
    ana = Player("Ana", battlefield=[mind_control, curse])
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    assert mind_control.zone is Zone.GRAVEYARD and curse.zone is Zone.BATTLEFIELD
