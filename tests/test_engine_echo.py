"""Echo (702.30) with a cost counted as it resolves (702.1b): Volcano Hellion."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, NotModelledError, Player, ScriptedDecisions, Step


def _game(answers, entered=2):
    hellion = Card("Volcano Hellion")
    hellion.entered_turn = entered
    ana = Player("Ana", battlefield=[hellion], hand=["Volcano Hellion"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)], decisions=ScriptedDecisions(Ana=answers))
    return game, ana, hellion


@pytest.mark.rules("702.30", "702.1b")
def test_not_paying_echo_sacrifices_and_an_old_permanent_has_no_echo_trigger():
    game, ana, hellion = _game([False])
    game.start(at=Step.UPKEEP, turn=3)
    game.resolve_stack()
    assert hellion.zone.name == "GRAVEYARD"
    game, ana, hellion = _game([], entered=None)
    game.start(at=Step.UPKEEP, turn=3)
    assert not game.stack


@pytest.mark.rules("702.30", "702.1b")
def test_the_enters_ability_is_not_modelled():
    game, ana, hellion = _game([])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Volcano Hellion")
    with pytest.raises(NotModelledError):
        game.resolve_stack()
