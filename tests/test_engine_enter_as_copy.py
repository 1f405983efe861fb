"""Entering as a copy because of another permanent's replacement effect, applied first (614.1c,
614.12, 616.1f)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, Step
from kb.engine.errors import NotModelledError


def _game(mine, hand=(), theirs=()):
    ana = Player("Ana", battlefield=list(mine), hand=list(hand), library=5)
    bruno = Player("Bruno", battlefield=list(theirs), library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


@pytest.mark.rules("614.1c")
def test_rusted_sentinel_alone_enters_tapped():
    game, ana, _ = _game([], ["Rusted Sentinel"])
    game.cast(ana, "Rusted Sentinel")
    game.resolve_stack()
    assert ana.battlefield[0].tapped


@pytest.mark.rules("614.12", "616.1f")
def test_a_creature_entering_under_your_control_is_a_copy_untapped():
    game, ana, _ = _game(["Essence of the Wild"], ["Rusted Sentinel"])
    game.cast(ana, "Rusted Sentinel")
    game.resolve_stack()
    sentinel = ana.battlefield[1]
    assert (sentinel.name, sentinel.tapped, sentinel.power) == ("Essence of the Wild", False, 6)
    assert sentinel.printed_definition.name == "Rusted Sentinel"


def test_tokens_enter_as_copies_too():
    game, ana, _ = _game(["Essence of the Wild"])
    (token,) = game.create_tokens(ana, Card.token(power=1, toughness=1, subtypes=("Soldier",)))
    assert (token.name, token.power, token.toughness) == ("Essence of the Wild", 6, 6)


def test_an_opponents_creature_and_a_noncreature_are_not_copies():
    game, ana, bruno = _game(["Essence of the Wild"])
    (token,) = game.create_tokens(bruno, Card.token(power=1, toughness=1, subtypes=("Soldier",)))
    (clue,) = game.create_tokens(ana, Card.token(types=("Artifact",), subtypes=("Clue",)))
    assert token.name == "Soldier Token" and clue.name == "Clue Token"


def test_a_clone_enters_as_a_copy_of_the_essence_without_choosing():
    game, ana, bruno = _game(["Essence of the Wild"], ["Clone"], theirs=["Hill Giant"])
    game.cast(ana, "Clone")
    game.resolve_stack()
    clone = ana.battlefield[1]
    assert clone.name == "Essence of the Wild"
    assert not [e for e in game.events if e.kind == "decision" and e["decision"].kind == "enter_as_copy"]


def test_two_essences_are_not_modelled():
    game, ana, _ = _game(["Essence of the Wild", "Essence of the Wild"], ["Rusted Sentinel"])
    game.cast(ana, "Rusted Sentinel")
    with pytest.raises(NotModelledError):
        game.resolve_stack()
