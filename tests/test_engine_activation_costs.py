"""Sacrifice and energy as costs of activated abilities (602.1a, 602.2b, 107.14, 701.21)."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step
from kb.engine.errors import CannotPayError
from kb.examples.narration import narrate
from engine_scenario import two_player_game


def setup(*battlefield, bruno=(), decisions=None):
    return two_player_game({"battlefield": battlefield}, {"battlefield": bruno}, decisions=decisions)


@pytest.mark.rules("700.4", "608.2h", "602.2b")
def test_sacrificing_the_source_is_paid_before_the_ability_resolves():
    game, ana, bruno = setup("Mogg Fanatic")
    fanatic = ana.battlefield[0]
    game.activate(ana, fanatic, targets=[bruno])
    assert fanatic in ana.graveyard and [e.rule for e in game.events if e.kind == "sacrifice"] == ["602.2b"]
    assert any(e.kind == "dies" for e in game.events)  # a sacrificed creature dies (700.4)
    game.resolve_stack()
    assert bruno.life == 19
    damage = [e for e in game.events if e.kind == "damage"][0]
    assert damage["source"] is fanatic  # its last known information (608.2h)


@pytest.mark.rules("302.6")
def test_a_summoning_sick_creature_can_pay_a_sacrifice_cost():
    game, ana, _ = setup()
    gnomes = Card("Bottle Gnomes")
    game.put_onto_battlefield(gnomes, ana)
    gnomes.owner = ana
    game.activate(ana, gnomes)
    game.resolve_stack()
    assert ana.life == 23


def test_sacrifice_a_creature_chosen_or_named():
    game, ana, bruno = setup("Goblin Bombardment", "Grizzly Bears", "Llanowar Elves", decisions=ScriptedDecisions(Ana=["Llanowar Elves"]))
    game.activate(ana, "Goblin Bombardment", targets=[bruno])
    assert [c.name for c in ana.graveyard] == ["Llanowar Elves"]
    game.activate(ana, "Goblin Bombardment", targets=[bruno], sacrifice="Grizzly Bears")
    game.resolve_stack()
    assert bruno.life == 18 and ana.battlefield[0].name == "Goblin Bombardment"


@pytest.mark.rules("602.2b")
def test_602_2b_a_sacrifice_that_cant_be_paid_stops_the_activation():
    game, ana, bruno = setup("Goblin Bombardment")
    with pytest.raises(CannotPayError):
        game.activate(ana, "Goblin Bombardment", targets=[bruno])
    assert not game.stack and ana.battlefield[0].zone.value == "battlefield"


@pytest.mark.rules("107.14")
def test_107_14_energy_is_paid_by_removing_energy_counters():
    game, ana, _ = setup("Longtusk Cub")
    cub = ana.battlefield[0]
    with pytest.raises(CannotPayError):
        game.activate(ana, cub)
    game.add_counters(ana, "energy", 3)
    game.activate(ana, cub)
    assert ana.counters == {"energy": 1}
    game.resolve_stack()
    assert cub.power == 3
    with pytest.raises(CannotPayError):
        game.activate(ana, cub)


@pytest.mark.rules("107.14")
def test_longtusk_cub_gets_energy_from_combat_damage_to_a_player():
    cub = Card("Longtusk Cub")
    a = Player("Ana", battlefield=[cub], library=5)
    b = Player("Bruno", library=5)
    game = Game(players=[a, b], decisions=ScriptedDecisions(Ana=[[cub]]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(Step.END_OF_COMBAT)
    game.resolve_stack()
    assert a.counters.get("energy") == 2 and b.life == 18


def test_energy_narrated_in_spanish():
    game, ana, _ = setup("Longtusk Cub")
    game.add_counters(ana, "energy", 2)
    game.activate(ana, "Longtusk Cub")
    spanish = [line.text for line in narrate(game.events, "es")]
    assert "Ana obtiene 2 contadores de energía." in spanish and "Ana paga 2 contadores de energía." in spanish
