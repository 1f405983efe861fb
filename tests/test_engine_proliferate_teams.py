"""Rule 701.34b: in Two-Headed Giant, proliferating gives a team one poison counter however many of
its players are chosen; the proliferating player chooses which player gets it."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step, Team, TwoHeadedGiant
from kb.examples.narration import narrate


def _giant(script, b_poison=3):
    a = Team("A", [Player("Ana", library=5), Player("Bea", library=5)])
    b = Team("B", [Player("Carlos", library=5), Player("Dani", library=5)], poison=b_poison)
    game = TwoHeadedGiant(teams=[a, b], decisions=ScriptedDecisions(script, fallback=None))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, a, b


@pytest.mark.rules("701.34b")
def test_a_team_gets_one_poison_counter_when_both_its_players_are_chosen():
    game, a, b = _giant({"Ana": [["Carlos", "Dani"], "Dani"]})
    carlos, dani = b.players
    carlos.counters["experience"] = 1
    game.proliferate(a.players[0])
    assert b.poison == 4
    assert [e["player"].name for e in game.events if e.kind == "poison"] == ["Dani"]
    assert carlos.counters["experience"] == 2  # counters players don't share still grow
    (decision,) = [d for d in game.decision_log if d.kind == "proliferate_poison"]
    assert decision.player.name == "Ana" and decision.rule == "701.34b" and decision.answer is dani
    english = [line.text for line in narrate(game.events, "en") if "team gets the poison" in line.text]
    spanish = [line.text for line in narrate(game.events, "es") if "contador de veneno:" in line.text]
    assert english == ["Ana chooses which player of the team gets the poison counter: Dani."]
    assert spanish == ["Ana elige qué jugador del equipo obtiene el contador de veneno: Dani."]


@pytest.mark.rules("701.34b")
def test_one_chosen_player_of_a_team_needs_no_choice():
    game, a, b = _giant({"Ana": [["Carlos"]]})
    game.proliferate(a.players[0])
    assert b.poison == 4 and not [d for d in game.decision_log if d.kind == "proliferate_poison"]


@pytest.mark.rules("701.34b")
def test_players_who_do_not_share_poison_each_get_one():
    players = [Player(name, library=5) for name in ("Ana", "Bruno", "Carla")]
    game = Game(players=players, decisions=ScriptedDecisions({"Ana": [["Bruno", "Carla"]]}, fallback=None))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.give_poison(players[1], 2)
    game.give_poison(players[2], 5)
    game.proliferate(players[0])
    assert (game.poison_of(players[1]), game.poison_of(players[2])) == (3, 6)
