"""614.13a: while applying an effect that modifies how a permanent enters, the objects chosen to
change zones can't be the permanent itself or anything entering with it."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, ScriptedDecisions, Step, Zone
from kb.engine.entering import entering_now, put_onto_battlefield_together


def _game(graveyard, script=None, hand=()):
    ana = Player("Ana", graveyard=list(graveyard), hand=list(hand), library=5)
    game = Game(players=[ana, Player("Bruno", library=5)], decisions=ScriptedDecisions(Ana=script or []))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


def _options(game):
    return [[c.name for c in d.options] for d in game.decision_log if d.kind == "exile_as_enters"]


@pytest.mark.rules("614.13a")
def test_what_enters_at_the_same_time_cannot_be_chosen_whichever_goes_first():
    for order in ((0, 1), (1, 0)):
        game, ana = _game(["Sutured Ghoul", "Runeclaw Bear", "Hill Giant"], [["Hill Giant"]])
        cards = [ana.graveyard[0], ana.graveyard[1]]
        put_onto_battlefield_together(game, [cards[i] for i in order], ana)
        assert _options(game) == [["Hill Giant"]]
        assert sorted(c.name for c in ana.battlefield) == ["Runeclaw Bear", "Sutured Ghoul"]


@pytest.mark.rules("614.13a")
def test_entering_alone_the_other_creature_cards_may_be_exiled():
    game, ana = _game(["Sutured Ghoul", "Runeclaw Bear", "Hill Giant"], [["Runeclaw Bear", "Hill Giant"]])
    game.put_onto_battlefield(ana.graveyard[0], ana)
    ghoul = ana.battlefield[0]
    assert _options(game) == [["Runeclaw Bear", "Hill Giant"]]
    assert (ghoul.power, ghoul.toughness) == (5, 5)
    assert entering_now(game) == []


@pytest.mark.rules("704.5f")
def test_only_creature_cards_and_no_choice_means_a_zero_zero():
    game, ana = _game(["Sutured Ghoul", "Forest"], [[]])
    game.put_onto_battlefield(ana.graveyard[0], ana)
    game.put_triggered_abilities_on_stack()  # 0/0: it dies (704.5f)
    assert _options(game) == [] and ana.graveyard[-1].name == "Sutured Ghoul"


@pytest.mark.rules("614.13a")
def test_a_new_object_does_not_keep_the_old_ones_exiled_cards():
    game, ana = _game(["Sutured Ghoul", "Hill Giant"], [["Hill Giant"]])
    game.put_onto_battlefield(ana.graveyard[0], ana)
    ghoul = ana.battlefield[0]
    assert ghoul.power == 3
    game.return_to_hand([ghoul])
    assert ghoul.zone is Zone.HAND and ghoul.power == 0
