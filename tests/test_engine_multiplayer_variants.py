"""The Grand Melee (807) and Emperor (809) variants: seats, ranges of influence, attacks and
how a team wins or loses."""

from __future__ import annotations

import pytest

from kb.engine import Emperor, GrandMelee, NotModelledError, Player, SetupError, Step, Team


def _teams(size: int, names: str = "AB", **zones) -> list[Team]:
    return [Team(t, [Player(f"{t}{i}", library=5, **zones.get(f"{t}{i}", {})) for i in range(1, size + 1)]) for t in names]


@pytest.mark.rules("809.3a")
def test_three_player_teams_get_the_default_ranges_of_809_3a():
    game = Emperor(teams=_teams(3, "ABC"))
    assert {p.name: game.influence_of(p) for p in game.seats} == {
        "A1": 1, "A2": 2, "A3": 1, "B1": 1, "B2": 2, "B3": 1, "C1": 1, "C2": 2, "C3": 1,
    }


@pytest.mark.rules("809.2")
def test_the_emperor_sits_between_generals():
    with pytest.raises(SetupError, match="middle"):
        Emperor(teams=_teams(4), emperors={"A": "A1", "B": "B2"})
    with pytest.raises(SetupError, match="name its emperor"):
        Emperor(teams=_teams(4))
    with pytest.raises(SetupError, match="three or more"):
        Emperor(teams=_teams(2))


def test_emperors_never_begin_within_each_others_range():
    # Teams of five with the emperors on the inner seats of both teams put them too close.
    teams = _teams(5)
    with pytest.raises(SetupError, match="809.6a"):
        Emperor(teams=teams, emperors={"A": "A4", "B": "B2"})


def test_generals_attack_only_the_opponents_beside_them():
    game = Emperor(teams=_teams(3))
    names = {p.name: [q.name for q in game.attackable_players(p)] for p in game.seats}
    assert names == {"A1": ["B3"], "A2": [], "A3": ["B1"], "B1": ["A3"], "B2": [], "B3": ["A1"]}


@pytest.mark.rules("809.5a")
def test_a_team_loses_when_its_emperor_loses_and_wins_with_it():
    game = Emperor(teams=_teams(3))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.lose(game.player("A1"))
    assert not game.over and game.player("A1").left_game and not game.player("A2").left_game
    game.lose(game.player("B2"))
    assert game.over and [t.name for t in game.winners] == ["A"]
    assert all(p.left_game for p in game.teams[1].players)


def test_an_emperor_winning_wins_for_the_team_and_a_general_is_not_modelled():
    game = Emperor(teams=_teams(3))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    with pytest.raises(NotModelledError):
        game.win(game.player("A1"))
    game.win(game.player("B2"))
    assert game.over and [t.name for t in game.winners] == ["B"]


@pytest.mark.rules("807.4")
def test_grand_melee_turn_markers():
    game = GrandMelee(players=[Player(f"P{i}") for i in range(1, 12)], starting_player=None)
    assert game.turn_markers == 2 and game.influence_of(game.seats[0]) == 1
    assert [p.name for p in game.turn_marker_holders()] == ["P1", "P5"]
    assert GrandMelee(players=[Player(f"P{i}") for i in range(1, 8)]).turn_markers == 1
    with pytest.raises(NotModelledError):
        game.start()
