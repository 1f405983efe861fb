"""Flip cards (710) and the flipped status (110.5)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, Step
from kb.engine.flip import flipped
from kb.engine.objects import oracle_card_names


def _game(*permanents, **zones):
    ana = Player("Ana", battlefield=list(permanents), library=5, **zones)
    bruno = Player("Bruno", library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


@pytest.mark.rules("710.2")
def test_tok_tok_adds_one_to_damage_from_red_sources_to_players():
    game, ana, bruno = _game(flipped(Card("Akki Lavarunner")), hand=["Lightning Bolt"])
    game.cast(ana, "Lightning Bolt", targets=[bruno])
    game.resolve_stack()
    assert bruno.life == 16


@pytest.mark.rules("710.4")
def test_flipping_is_for_flip_cards_only_and_is_forgotten_off_the_battlefield():
    game, ana, bruno = _game("Grizzly Bears", "Jushi Apprentice")
    bears, jushi = ana.battlefield
    assert not game.flip(bears) and not bears.flipped
    assert game.flip(jushi) and not game.flip(jushi)  # one way (710.4)
    game.destroy([jushi])
    assert not jushi.flipped and jushi.name == "Jushi Apprentice"


def test_the_alternative_name_may_be_chosen():
    names = oracle_card_names("Creature")
    assert "Tok-Tok, Volcano Born" in names and "Akki Lavarunner" in names


@pytest.mark.rules("710.2")
def test_stabwhisker_makes_an_opponent_with_few_cards_lose_life():
    game, ana, bruno = _game(flipped(Card("Nezumi Shortfang")))
    game.advance_to(Step.UPKEEP, turn=4)
    game.resolve_stack()
    assert len(bruno.hand) == 0 and bruno.life == 17
