"""Cumulative upkeep paid by drawing (702.24a, 118.11), Obstinate Familiar and Psychic Vortex."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step
from kb.examples import narrate


def _game(script, *others):
    vortex = Card("Psychic Vortex", counters={"age": 1})
    ana = Player("Ana", battlefield=[vortex, "Island", *others], hand=["Grizzly Bears"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)], decisions=ScriptedDecisions(Ana=script))
    game.start(at=Step.UPKEEP, turn=3)
    game.resolve_stack()
    return game, ana, vortex


@pytest.mark.rules("702.24a", "118.11")
def test_paying_by_drawing_draws_and_not_paying_sacrifices():
    game, ana, vortex = _game(["draw 2 cards"])
    assert len(ana.hand) == 3 and len(ana.library) == 3
    game, ana, vortex = _game([False])
    assert vortex.zone.name == "GRAVEYARD"
    assert any("robar 2 cartas" in line.text or "mantenimiento" in line.text for line in narrate(game.events, "es"))


@pytest.mark.rules("702.24a", "118.11")
def test_the_familiar_may_skip_some_draws_and_the_vortex_empties_the_hand_at_end_step():
    game, ana, vortex = _game(["draw 2 cards", True, False], "Obstinate Familiar")
    assert len(ana.hand) == 2
    game.advance_to(Step.END)
    game.resolve_stack()
    assert ana.hand == [] and not [c for c in ana.battlefield if c.is_land]
