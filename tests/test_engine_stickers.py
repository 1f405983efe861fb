"""Name stickers (123.6): position, copies, public and hidden zones."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step, Zone


def _game(answers, *battlefield):
    ana = Player("Ana", battlefield=list(battlefield), library=5)
    game = Game(players=[ana, Player("Bruno", battlefield=[Card("Wastes")], library=5)], decisions=ScriptedDecisions(Ana=answers))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


@pytest.mark.rules("123.6")
def test_a_sticker_after_more_words_than_the_name_has_goes_at_the_end():
    game, ana = _game(["Grizzly Bears Hungry"], "Grizzly Bears")
    bears = ana.battlefield[0]
    game.put_name_sticker(ana, bears, "Hungry")
    game.become_copy(bears, game.player("Bruno").battlefield[0])
    assert bears.name == "Wastes Hungry"


@pytest.mark.rules("123.6")
def test_a_sticker_is_lost_in_a_hidden_zone():
    game, ana = _game(["Dark Bear Cub"], "Bear Cub")
    cub = ana.battlefield[0]
    game.put_name_sticker(ana, cub, "Dark")
    game._move(cub, Zone.HAND)
    game._put_onto_battlefield(cub, ana)
    assert cub.name == "Bear Cub"


@pytest.mark.rules("123.6")
def test_two_stickers_apply_in_timestamp_order():
    game, ana = _game(["Dark Bear Cub", "Dark Bear Cub Tiny"], "Bear Cub")
    cub = ana.battlefield[0]
    game.put_name_sticker(ana, cub, "Dark")
    game.put_name_sticker(ana, cub, "Tiny")
    assert cub.name == "Dark Bear Cub Tiny"
