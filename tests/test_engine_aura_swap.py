"""Aura swap (702.65), Arcanum Wings and Animate Artifact."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step


def _game(hand, script=()):
    bears, juggernaut = Card("Grizzly Bears"), Card("Juggernaut")
    ana = Player("Ana", hand=["Arcanum Wings", *hand], battlefield=[bears, juggernaut], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)], decisions=ScriptedDecisions(Ana=list(script)))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Arcanum Wings", targets=[bears])
    game.resolve_stack()
    return game, ana, bears, ana.battlefield[-1]


@pytest.mark.rules("702.65")
def test_the_swap_may_be_declined():
    game, ana, bears, wings = _game(["Arcanum Wings"], [False])
    game.activate(ana, wings)
    game.resolve_stack()
    assert wings.attached_to is bears and len(ana.hand) == 1


@pytest.mark.rules("702.65")
def test_animate_artifact_makes_a_noncreature_artifact_a_creature_of_its_mana_value():
    ana = Player("Ana", hand=["Animate Artifact"], battlefield=["Black Vise"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    vise = ana.battlefield[0]
    game.cast(ana, "Animate Artifact", targets=[vise])
    game.resolve_stack()
    assert vise.is_creature and (vise.power, vise.toughness) == (1, 1)


@pytest.mark.rules("702.65")
def test_an_aura_swapped_in_stays_on_the_same_permanent_and_the_other_returns():
    game, ana, bears, wings = _game(["Arcanum Wings"])
    other = ana.hand[0]
    game.activate(ana, wings)
    game.resolve_stack()
    assert other.attached_to is bears and wings in ana.hand and "Flying" in bears.keywords
