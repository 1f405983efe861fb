"""An ability that refers to the object it was printed on by name, had by another object (201.5b),
and "Sacrifice another creature" as a cost (602.2b)."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, Step
from kb.engine.errors import CannotPayError


def _game(*battlefield):
    ana = Player("Ana", battlefield=list(battlefield), library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


@pytest.mark.rules("201.5b", "602.2b")
def test_an_ability_on_its_own_object_reads_as_printed():
    game, ana = _game("The Ever-Changing 'Dane", "Olivia Voldaren")
    dane, olivia = ana.battlefield
    assert game.ability_text(dane).startswith("{1}, Sacrifice another creature: The Ever-Changing 'Dane becomes")
    assert game.ability_text(olivia, 1) == "{3}{B}{B}: Gain control of target Vampire for as long as you control Olivia Voldaren."


@pytest.mark.rules("201.5b", "602.2b")
def test_the_kept_ability_names_the_copy():
    game, ana = _game("The Ever-Changing 'Dane", "Olivia Voldaren")
    dane = ana.battlefield[0]
    game.activate(ana, dane, sacrifice="Olivia Voldaren")
    game.resolve_stack()
    assert dane.name == "Olivia Voldaren" and len(game.activated_abilities(dane)) == 3
    # Olivia's own abilities name Olivia Voldaren, which the copy is called too; the kept one is renamed.
    assert game.ability_text(dane, 0).endswith("Put a +1/+1 counter on Olivia Voldaren.")
    assert game.ability_text(dane, 2).startswith("{1}, Sacrifice another creature: Olivia Voldaren becomes a copy")


@pytest.mark.rules("201.5b", "602.2b")
def test_sacrifice_another_creature_cant_sacrifice_the_source():
    game, ana = _game("The Ever-Changing 'Dane")
    dane = ana.battlefield[0]
    with pytest.raises(CannotPayError):
        game.activate(ana, dane)
    with pytest.raises(Exception):
        game.activate(ana, dane, sacrifice=dane)
    assert dane.zone.name == "BATTLEFIELD"


@pytest.mark.rules("201.5b", "602.2b")
def test_the_dane_gone_before_resolution_becomes_nothing():
    game, ana = _game("The Ever-Changing 'Dane", "Runeclaw Bear")
    dane = ana.battlefield[0]
    game.activate(ana, dane, sacrifice="Runeclaw Bear")
    game.return_to_hand([dane])
    game.resolve_stack()
    assert dane.zone.name == "HAND" and dane.name == "The Ever-Changing 'Dane"
    assert not [e for e in game.events if e.kind == "becomes_copy"]
