"""Modular—Sunburst (702.43, 702.44): Arcbound Wanderer."""

from __future__ import annotations

import pytest

from kb.engine import Game, NotModelledError, Player, Step


def _game(pay_mana=True, battlefield=()):
    ana = Player("Ana", hand=["Arcbound Wanderer"], battlefield=list(battlefield), library=5)
    game = Game(players=[ana, Player("Bruno", library=5)], pay_mana=pay_mana)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


@pytest.mark.rules("702.43", "702.44")
def test_colorless_mana_gives_no_counters_and_the_0_0_dies():
    game, ana = _game()
    game.add_mana(ana, "{C}{C}{C}{C}{C}{C}")
    game.cast(ana, "Arcbound Wanderer")
    game.resolve_stack()
    assert [c.name for c in ana.graveyard] == ["Arcbound Wanderer"]


@pytest.mark.rules("702.43", "702.44")
def test_sunburst_needs_mana_paid():
    game, ana = _game(pay_mana=False)
    game.cast(ana, "Arcbound Wanderer")
    with pytest.raises(NotModelledError, match="702.44"):
        game.resolve_stack()
