"""Copy effects with exceptions (707.9): Moritte of the Frost and Altered Ego."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step


def _game(hand, battlefield, answers):
    ana = Player("Ana", battlefield=battlefield, hand=hand, library=5)
    game = Game(players=[ana, Player("Bruno", library=5)], decisions=ScriptedDecisions(Ana=answers))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


@pytest.mark.rules("707.9")
def test_moritte_copying_a_creature_is_legendary_snow_with_counters_and_changeling():
    game, ana = _game(["Moritte of the Frost"], ["Grizzly Bears"], ["Grizzly Bears"])
    game.cast(ana, "Moritte of the Frost")
    game.resolve_stack()
    moritte = ana.battlefield[-1]
    assert moritte.name == "Grizzly Bears" and moritte.supertypes == ("Legendary", "Snow")
    assert moritte.counters == {"+1/+1": 2} and (moritte.power, moritte.toughness) == (4, 4)
    assert "Changeling" in moritte.keywords and "Elf" in moritte.subtypes


@pytest.mark.rules("707.9")
def test_altered_ego_with_x_0_and_without_a_creature_to_copy():
    game, ana = _game(["Altered Ego"], ["Grizzly Bears"], ["Grizzly Bears"])
    game.cast(ana, "Altered Ego", x=0)
    game.resolve_stack()
    assert ana.battlefield[-1].counters == {} and ana.battlefield[-1].name == "Grizzly Bears"
    game, ana = _game(["Altered Ego"], [], [])
    game.cast(ana, "Altered Ego", x=2)
    game.resolve_stack()
    assert [c.name for c in ana.graveyard] == ["Altered Ego"]  # a 0/0 with nothing to copy
