"""Separating cards into piles (700.3): Fact or Fiction."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step
from kb.examples import narrate

LIBRARY = ["Juggernaut", "Island", "Lightning Bolt", "Forest", "Clone", "Swamp"]


def _play(script, players=("Bruno",)):
    ana = Player("Ana", hand=["Fact or Fiction"], library=LIBRARY)
    others = [Player(name, library=5) for name in players]
    game = Game(players=[ana, *others], decisions=ScriptedDecisions(**script))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Fact or Fiction")
    game.resolve_stack()
    return game, ana


@pytest.mark.rules("700.3")
def test_a_pile_may_be_empty_and_the_caster_chooses():
    game, ana = _play({"Bruno": [[]], "Ana": ["second"]})
    assert [c.name for c in ana.hand] == LIBRARY[:5]
    assert [c.name for c in ana.graveyard] == ["Fact or Fiction"]
    lines = [line.text for line in narrate(game.events, "es")]
    assert "Bruno separa las cartas mostradas en dos montones: uno vacío, y otro con todas ellas." in lines
    assert "Ana elige el segundo montón para su mano." in lines


@pytest.mark.rules("700.3")
def test_with_several_opponents_the_caster_chooses_who_separates():
    game, ana = _play({"Ana": ["Carla", "first"], "Carla": [["Island"]]}, players=("Bruno", "Carla"))
    piles = next(d for d in game.decision_log if d.kind == "piles")
    assert piles.player.name == "Carla"
    assert [c.name for c in ana.hand] == ["Island"]
    assert [c.name for c in ana.library] == ["Swamp"]


@pytest.mark.rules("700.3")
def test_with_no_opponent_in_range_the_nearest_to_the_left_separates():
    from kb.engine import Team

    ana = Player("Ana", hand=["Fact or Fiction"], library=LIBRARY)
    first, second, near, far = (Player(name, library=5) for name in ("First", "Second", "Near", "Far"))
    Team("A", [ana, first, second])
    Team("B", [near, far])
    game = Game(players=[first, ana, second, near, far], starting_player=ana, range_of_influence=1)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Fact or Fiction")
    game.resolve_stack()
    piles = next(d for d in game.decision_log if d.kind == "piles")
    assert piles.player is near
