"""Restarting the game (726) and cards from outside the game (400.11)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, IllegalActionError, NotModelledError, Player, Step, Team, TwoHeadedGiant


@pytest.mark.rules("726.1", "726.2")
def test_a_restart_leaves_tokens_behind_and_resets_everything():
    bears = Card("Grizzly Bears", counters={"+1/+1": 2})
    ana = Player("Ana", battlefield=[bears, "Jade Mage"], hand=["Lightning Bolt"], library=10, life=7)
    bruno = Player("Bruno", hand=["Lightning Bolt"], library=10)
    game = Game(players=[ana, bruno], starting_player=ana)
    game.start(at=Step.PRECOMBAT_MAIN, turn=5)
    game.activate(ana, "Jade Mage")
    game.resolve_stack()
    assert any(c.is_token for c in game.battlefield)
    game.pass_priority(ana)
    spell = game.cast(bruno, "Lightning Bolt", targets=[ana])
    game.restart(bruno)
    assert game.active_player is bruno and game.turn == 1 and ana.life == 20 and not game.stack
    cards = ana.hand + ana.library
    assert len(cards) == 13 and not any(c.is_token for c in cards) and bears.counters == {}
    assert spell.card in bruno.hand + bruno.library
    assert game.decision_log[-1].kind == "mulligan"


@pytest.mark.rules("400.11")
def test_only_cards_owned_outside_the_game_are_brought_in():
    ana = Player("Ana", library=5, sideboard=["Hill Giant"])
    game = Game(players=[ana, Player("Bruno", library=5)])
    with pytest.raises(IllegalActionError):
        game.bring_into_game(ana, Card("Hill Giant"))


def test_restarting_a_variant_is_not_modelled():
    teams = [Team(t, [Player(f"{t}1", library=8), Player(f"{t}2", library=8)]) for t in "AB"]
    giant = TwoHeadedGiant(teams=teams)
    giant.start(at=Step.PRECOMBAT_MAIN, turn=3)
    with pytest.raises(NotModelledError):
        giant.restart(teams[0].players[0])
