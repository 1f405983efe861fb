"""608.3e: a permanent spell that resolves but can't be put onto the battlefield goes to its
owner's graveyard; whether it can is judged as it would exist there (614.12)."""

from __future__ import annotations

import pytest

from kb.engine import Game, IllegalActionError, NotModelledError, Player, ScriptedDecisions, Step, Zone


def _game(copy_choice, hand=("Clone",)):
    ana = Player("Ana", hand=list(hand), battlefield=["Worms of the Earth"], graveyard=["Forest"], library=5)
    bruno = Player("Bruno", battlefield=["Dryad Arbor", "Grizzly Bears"], library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=[copy_choice]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


@pytest.mark.rules("608.3e", "614.12")
def test_a_clone_copying_a_land_creature_goes_to_the_graveyard():
    game, ana = _game("Dryad Arbor")
    clone = ana.hand[0]
    game.cast(ana, "Clone")
    game.resolve_stack()
    assert clone.zone is Zone.GRAVEYARD and clone in ana.graveyard
    assert not any(c is clone for c in game.battlefield)
    assert [e.kind for e in game.events if e.kind in ("cant_enter", "enters")] == ["cant_enter"]
    assert clone.name == "Clone"  # the copy effect ends with the object it applied to


@pytest.mark.rules("608.3e", "614.12")
def test_a_clone_copying_a_creature_that_is_not_a_land_enters():
    game, ana = _game("Grizzly Bears")
    game.cast(ana, "Clone")
    game.resolve_stack()
    assert [c.name for c in ana.battlefield] == ["Worms of the Earth", "Grizzly Bears"]


@pytest.mark.rules("704.5f", "608.3e")
def test_a_clone_entering_as_itself_is_not_a_land_and_enters():
    game, ana = _game(False)
    game.cast(ana, "Clone")
    game.resolve_stack()
    # It enters as a 0/0 Clone, then dies as a state-based action (704.5f), not by 608.3e.
    assert [e.kind for e in game.events if e.kind in ("cant_enter", "enters", "dies_toughness")] == ["enters", "dies_toughness"]


def test_players_cant_play_lands():
    game, ana = _game(False, hand=("Forest",))
    with pytest.raises(IllegalActionError):
        game.play_land(ana, "Forest")


@pytest.mark.rules("608.3e", "614.12")
def test_a_land_put_onto_the_battlefield_from_another_zone_is_not_modelled():
    game, ana = _game(False)
    with pytest.raises(NotModelledError):
        game.put_onto_battlefield(ana.graveyard[0], ana)
