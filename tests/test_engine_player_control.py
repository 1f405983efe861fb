"""Controlling another player (rule 722): whose decisions go to whom, for how long, and the
discard cost paid from the controlled player's hand."""

from __future__ import annotations

import pytest

from kb.engine import CannotPayError, Game, IllegalActionError, Player, ScriptedDecisions, Step
from kb.examples import narrate


def _game(alex_hand=("Tormenting Voice", "Grizzly Bears"), **script):
    alex = Player("Alex", hand=alex_hand, library=8)
    bianca = Player("Bianca", hand=["Tormenting Voice", "Hill Giant", "Juggernaut"], library=8)
    carissa = Player("Carissa", library=8)
    game = Game(players=[alex, bianca, carissa], decisions=ScriptedDecisions(fallback=None, **script))
    return game, alex, bianca, carissa


@pytest.mark.rules("722.1")
def test_control_begins_with_the_controlled_players_next_turn_and_ends_with_it():
    game, alex, bianca, carissa = _game()
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.control_player(carissa, bianca)
    assert game.controller_of_player(bianca) is bianca  # Alex's turn: not yet (722.1)
    game.advance_to(Step.UPKEEP, turn=4)
    assert game.active_player is bianca and game.controller_of_player(bianca) is carissa
    game.advance_to(Step.UPKEEP, turn=5)
    assert game.controller_of_player(bianca) is bianca
    assert [e.kind for e in game.events if e.kind.startswith("player_control")] == ["player_controlled", "player_control_ends"]


@pytest.mark.rules("722.1a")
def test_the_last_effect_created_is_the_one_that_works():
    game, alex, bianca, carissa = _game(Carissa=["Juggernaut"])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.control_player(alex, bianca)
    game.control_player(carissa, bianca)  # 722.1a: overwrites Alex's
    game.advance_to(Step.PRECOMBAT_MAIN, turn=4)
    game.cast(bianca, "Tormenting Voice")
    discard = game.decision_log[-1]
    assert discard.player is bianca and discard.decided_by is carissa
    assert [c.name for c in bianca.graveyard] == ["Juggernaut"]


def test_a_player_given_control_of_themselves_decides_as_usual():
    game, alex, bianca, carissa = _game(Bianca=["Hill Giant"])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.control_player(bianca, bianca)
    game.advance_to(Step.PRECOMBAT_MAIN, turn=4)
    game.cast(bianca, "Tormenting Voice")
    assert game.decision_log[-1].decided_by is None


@pytest.mark.rules("722.8")
def test_the_controller_still_makes_their_own_decisions_and_sees_the_hand():
    game, alex, bianca, carissa = _game(("Lightning Bolt",), Alex=["Hill Giant", "Carissa"])
    game.start(at=Step.END, turn=3)
    game.control_player(alex, bianca)
    assert not game.sees(alex, bianca.hand[0])
    game.advance_to(Step.PRECOMBAT_MAIN, turn=4)
    assert game.sees(alex, bianca.hand[0]) and not game.sees(carissa, bianca.hand[0])
    assert not game.sees(alex, bianca.library[0]) and game.sees(carissa, alex.hand[0]) is False
    game.cast(bianca, "Tormenting Voice")
    game.pass_priority(bianca)
    game.pass_priority(carissa)
    # Alex answers for Bianca, then for himself as he casts his own Lightning Bolt (722.8).
    game.cast(alex, "Lightning Bolt")
    assert [(d.player.name, d.decided_by and d.decided_by.name) for d in game.decision_log] == [("Bianca", "Alex"), ("Alex", None)]
    lines = [line.text for line in narrate(game.events, "es")]
    assert any(line.startswith("Alex decide por Bianca:") for line in lines)
    assert any("Alex controla a Bianca durante este turno" in line for line in lines)


def test_a_discard_cost_needs_another_card_in_hand():
    alex = Player("Alex", hand=["Tormenting Voice"], library=5)
    game = Game(players=[alex, Player("Bianca")])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    with pytest.raises(CannotPayError):
        game.cast(alex, "Tormenting Voice")
    assert alex.hand[0].name == "Tormenting Voice"


def test_only_players_in_the_game_control_or_are_controlled():
    game, alex, bianca, carissa = _game()
    with pytest.raises(IllegalActionError):
        game.control_player(alex, Player("Stranger"))
