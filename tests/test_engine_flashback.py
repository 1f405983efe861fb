"""Flashback (702.34), given by effects with the mana cost as its cost (702.1b)."""

from __future__ import annotations

import pytest

from kb.engine import CannotPayError, Game, IllegalActionError, Player, Step


def _game(**zones):
    ana = Player("Ana", library=5, **zones)
    bruno = Player("Bruno", battlefield=["Hill Giant"], library=5)
    game = Game(players=[ana, bruno], pay_mana=True)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


@pytest.mark.rules("702.34", "702.1b")
def test_a_printed_flashback_cost_and_exile_as_it_leaves_the_stack():
    game, ana, bruno = _game(graveyard=["Past in Flames"])
    with pytest.raises(CannotPayError):
        game.cast(ana, "Past in Flames", flashback=True)
    game.add_mana(ana, "{4}{R}")
    game.cast(ana, "Past in Flames", flashback=True)
    game.resolve_stack()
    assert [c.name for c in game.exile] == ["Past in Flames"]


@pytest.mark.rules("702.34", "702.1b")
def test_no_flashback_without_an_effect_and_it_ends_with_the_turn():
    game, ana, bruno = _game(graveyard=["Fire // Ice"], hand=["Past in Flames"])
    with pytest.raises(IllegalActionError, match="no flashback"):
        game.cast(ana, "Fire // Ice", half="Ice", flashback=True, targets=["Hill Giant"])
    game.add_mana(ana, "{3}{R}")
    game.cast(ana, "Past in Flames")
    game.resolve_stack()
    assert game.flashback_cost(ana.graveyard[0]) == "{2}{U}{R}"
    game.advance_to(Step.UPKEEP, turn=4)
    assert game.flashback_cost(ana.graveyard[0]) is None


@pytest.mark.rules("702.34", "702.1b")
def test_other_graveyards_only_with_shamans_trance_and_only_this_turn():
    ana = Player("Ana", hand=["Shaman's Trance"], library=5)
    bruno = Player("Bruno", graveyard=["Firebolt"], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    from kb.engine import CardNotFoundError

    with pytest.raises(CardNotFoundError):
        game.cast(ana, "Firebolt", flashback=True, targets=[bruno])
    game.cast(ana, "Shaman's Trance")
    game.resolve_stack()
    game.cast(ana, "Firebolt", flashback=True, targets=[bruno])
    game.resolve_stack()
    assert bruno.life == 18 and [c.name for c in game.exile] == ["Firebolt"]
