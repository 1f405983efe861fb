"""701.23f: a search of a library replaced with a search of part of it; the other instructions
that refer to the search, such as shuffling, still apply to the whole library."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step, Zone


def _explorer_dies(ana_battlefield=("Aven Mindcensor",), bruno_battlefield=("Veteran Explorer",), script=None):
    ana = Player("Ana", battlefield=list(ana_battlefield), library=["Grizzly Bears"] * 5 + ["Forest"] * 2)
    bruno = Player("Bruno", battlefield=list(bruno_battlefield), library=["Grizzly Bears"] * 3 + ["Forest"] * 4)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(**(script or {"Ana": [True], "Bruno": [True]})))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    shuffled = []
    shuffle = game.random.shuffle
    game.random.shuffle = lambda cards: shuffled.append(len(cards)) or shuffle(cards)
    explorer = next(c for c in game.battlefield if c.name == "Veteran Explorer")
    game.destroy([explorer])
    game.resolve_stack()
    return game, ana, bruno, shuffled


def _finds(game):
    return {d.player.name: len(d.options) for d in game.decision_log if d.kind == "find"}


@pytest.mark.rules("701.23f")
def test_an_opponent_of_the_mindcensors_controller_searches_only_the_top_four():
    game, ana, bruno, shuffled = _explorer_dies(script={"Ana": [True, []], "Bruno": [True, ["Forest"]]})
    assert _finds(game) == {"Ana": 2, "Bruno": 1}
    assert [c.name for c in bruno.battlefield] == ["Forest"]
    assert shuffled == [7, 6]  # each shuffles the whole library


@pytest.mark.rules("701.23f")
def test_the_search_trigger_event_still_happens():
    game, ana, bruno, shuffled = _explorer_dies()
    assert [e["player"].name for e in game.events if e.kind == "search"] == ["Ana", "Bruno"]


@pytest.mark.rules("701.23f")
def test_a_player_who_does_not_search_does_not_shuffle():
    game, ana, bruno, shuffled = _explorer_dies(script={"Ana": [False], "Bruno": [False]})
    assert shuffled == [] and not any(e.kind == "search" for e in game.events)


@pytest.mark.rules("701.23f")
def test_without_the_mindcensor_the_whole_library_is_searched():
    game, ana, bruno, shuffled = _explorer_dies(ana_battlefield=(), script={"Ana": [True, []], "Bruno": [True, ["Forest", "Forest"]]})
    assert _finds(game) == {"Ana": 2, "Bruno": 4}
    assert not any(e.kind == "search_portion" for e in game.events)
    assert [c.name for c in bruno.battlefield] == ["Forest", "Forest"]


@pytest.mark.rules("701.23f")
def test_a_library_shorter_than_four_is_searched_whole():
    ana = Player("Ana", battlefield=["Aven Mindcensor"], library=5)
    bruno = Player("Bruno", library=["Forest", "Forest"])
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Bruno=[["Forest"]]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    found = game.search(bruno, bruno, (Zone.LIBRARY,), lambda c: c.is_land)
    assert [c.name for c in found] == ["Forest"]
