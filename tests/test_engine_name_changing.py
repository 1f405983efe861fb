"""Effects that change a name in layer 3, with name stickers in timestamp order (123.6c):
Witness Protection."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step


def _game(battlefield, hand=("Witness Protection",), answers=()):
    ana = Player("Ana", battlefield=list(battlefield), hand=list(hand), library=5)
    bruno = Player("Bruno", library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=list(answers)))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


def _protect(game, ana, creature):
    game.cast(ana, "Witness Protection", targets=[creature])
    game.resolve_stack()


@pytest.mark.rules("123.6c")
def test_the_enchanted_creature_is_a_legitimate_businessperson():
    game, ana, _ = _game(["Serra Angel"])
    angel = ana.battlefield[0]
    _protect(game, ana, angel)
    assert angel.name == "Legitimate Businessperson"
    assert (angel.types, angel.subtypes, angel.colors) == (("Creature",), ("Citizen",), ("W", "G"))
    assert (angel.power, angel.toughness, angel.keywords) == (1, 1, ())


@pytest.mark.rules("123.6c")
def test_counters_still_apply_after_the_base_power_and_toughness():
    game, ana, _ = _game(["Serra Angel"])
    angel = ana.battlefield[0]
    _protect(game, ana, angel)
    game.add_counters(angel, "+1/+1", 2)
    assert (angel.power, angel.toughness) == (3, 3)


@pytest.mark.rules("123.6c")
def test_an_older_sticker_is_overwritten_a_newer_one_applies():
    game, ana, _ = _game(["Bear Cub"], answers=["Bear Dark Cub", "Legitimate Businessperson Grim"])
    cub = ana.battlefield[0]
    game.put_name_sticker(ana, cub, "Dark")
    _protect(game, ana, cub)
    assert cub.name == "Legitimate Businessperson"
    game.put_name_sticker(ana, cub, "Grim")
    assert cub.name == "Legitimate Businessperson Grim"


@pytest.mark.rules("123.6c")
def test_when_the_aura_leaves_the_creature_has_its_own_name_again():
    game, ana, _ = _game(["Serra Angel"])
    angel = ana.battlefield[0]
    _protect(game, ana, angel)
    aura = next(c for c in ana.battlefield if c.name == "Witness Protection")
    game.destroy([aura])
    assert (angel.name, angel.keywords, angel.power) == ("Serra Angel", ("Flying", "Vigilance"), 4)


@pytest.mark.rules("123.6c")
def test_a_clone_copies_the_printed_name_not_the_auras():
    game, ana, _ = _game(["Serra Angel"], hand=("Witness Protection", "Clone"), answers=["Legitimate Businessperson"])
    angel = ana.battlefield[0]
    _protect(game, ana, angel)
    game.cast(ana, "Clone")
    game.resolve_stack()
    clone = ana.battlefield[-1]
    assert (clone.name, clone.power, clone.keywords) == ("Serra Angel", 4, ("Flying", "Vigilance"))
