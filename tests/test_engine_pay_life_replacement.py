"""614.13c with 119.4: a replacement of paying life (Ashiok) applied as a permanent enters from a
library leaves out the entering card; lands played from the top of a library (Courser)."""

from __future__ import annotations

import pytest

from kb.engine import Game, IllegalActionError, NotModelledError, Player, ScriptedDecisions, Step


def _game(battlefield=("Courser of Kruphix", "Ashiok, Wicked Manipulator"), library=("Breeding Pool", "Forest", "Island", "Plains"), hand=(), script=(True,)):
    ana = Player("Ana", battlefield=list(battlefield), library=list(library), hand=list(hand))
    game = Game(players=[ana, Player("Bruno", library=5)], decisions=ScriptedDecisions(Ana=list(script)))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


@pytest.mark.rules("614.13c", "119.4")
def test_the_entering_card_is_not_exiled_the_next_two_are():
    game, ana = _game()
    game.play_land(ana, "Breeding Pool")
    assert [c.name for c in game.exile] == ["Forest", "Island"] and ana.life == 20
    assert not ana.battlefield[-1].tapped


@pytest.mark.rules("614.13c", "119.4")
def test_without_ashiok_the_life_is_paid():
    game, ana = _game(battlefield=("Courser of Kruphix",))
    game.play_land(ana, "Breeding Pool")
    assert ana.life == 18 and game.exile == []


@pytest.mark.rules("614.13c", "119.4")
def test_not_paying_makes_it_enter_tapped():
    game, ana = _game(script=(False,))
    game.play_land(ana, "Breeding Pool")
    assert ana.battlefield[-1].tapped and ana.life == 20 and game.exile == []


@pytest.mark.rules("614.13c", "119.4")
def test_ashiok_needs_that_many_cards():
    game, ana = _game(library=("Breeding Pool", "Forest", "Island"))
    game.play_land(ana, "Breeding Pool")  # two cards left: enough
    assert len(game.exile) == 2
    game, ana = _game(battlefield=("Ashiok, Wicked Manipulator",), library=("Forest",), hand=("Breeding Pool",))
    game.play_land(ana, "Breeding Pool")  # one card: Ashiok doesn't apply
    assert ana.life == 18 and game.exile == []


@pytest.mark.rules("614.13c", "119.4")
def test_whether_the_entering_card_counts_is_not_modelled():
    game, ana = _game(library=("Breeding Pool", "Forest"))
    with pytest.raises(NotModelledError, match="614.13c"):
        game.play_land(ana, "Breeding Pool")


@pytest.mark.rules("614.13c", "119.4")
def test_only_the_top_card_of_the_library_with_the_permission():
    game, ana = _game(library=("Forest", "Breeding Pool"))
    with pytest.raises(IllegalActionError):
        game.play_land(ana, "Breeding Pool")
    game, ana = _game(battlefield=("Ashiok, Wicked Manipulator",))
    with pytest.raises(IllegalActionError):
        game.play_land(ana, "Breeding Pool")
