"""700.2e and 801.5b: a modal spell whose mode an opponent chooses."""

from __future__ import annotations

import pytest

from kb.engine import Game, IllegalActionError, Player, ScriptedDecisions, Step
from kb.engine.layers import modify
from kb.engine.modal import ModalSpellDefinition, Mode


class OpponentsTribute(ModalSpellDefinition):
    name, mana_cost, types, mode_chooser = "Test Opponents Tribute", "{2}{G}", ("Sorcery",), "opponent"
    oracle = "An opponent chooses one —\n• You draw two cards.\n• Each creature you control gets +2/+2 until end of turn."
    modes = (
        Mode("You draw two cards.", lambda game, spell, targets: game.draw(spell.controller, 2)),
        Mode("Each creature you control gets +2/+2 until end of turn.", lambda game, spell, targets: game.add_effect(modify(2, 2, affected=spell.controller.creatures))),
    )


DRAW, PUMP = OpponentsTribute.modes[0].text, OpponentsTribute.modes[1].text


def _game(script, ranges=None, seats=("Rob", "Alex", "Dani", "Carissa")):
    players = {name: Player(name, library=5) for name in seats}
    players["Alex"] = Player("Alex", hand=["Test Opponents Tribute"], battlefield=["Grizzly Bears"], library=5)
    game = Game(players=[players[n] for n in seats], range_of_influence=ranges, starting_player=players["Alex"], decisions=ScriptedDecisions(**script))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, players


@pytest.mark.rules("700.2e")
def test_the_chosen_opponent_chooses_the_mode_and_the_caster_does_not():
    game, players = _game({"Alex": ["Bob"], "Bob": [DRAW]}, seats=("Alex", "Bob"))
    game.cast(players["Alex"], "Test Opponents Tribute")
    modes = [d for d in game.decision_log if d.kind == "modes"]
    assert [d.player.name for d in modes] == ["Bob"] and modes[0].rule == "700.2e"
    game.resolve_stack()
    assert len(players["Alex"].hand) == 2


@pytest.mark.rules("700.2e", "801.5b")
def test_the_caster_cannot_name_the_modes_himself():
    game, players = _game({}, seats=("Alex", "Bob"))
    with pytest.raises(IllegalActionError, match="700.2e"):
        game.cast(players["Alex"], "Test Opponents Tribute", modes=[0])
    assert [c.name for c in players["Alex"].hand] == ["Test Opponents Tribute"]


@pytest.mark.rules("801.5a")
def test_an_opponent_out_of_the_casters_range_cannot_be_chosen():
    # Everyone has range 1: Carissa, two seats away from Alex, is out of his range (801.5a).
    game, players = _game({"Alex": ["Carissa"]}, ranges=1)
    with pytest.raises(Exception, match="Carissa"):
        game.cast(players["Alex"], "Test Opponents Tribute")


@pytest.mark.rules("801.5b")
def test_801_5b_the_options_are_open_to_an_opponent_whose_range_misses_the_caster():
    ranges = {"Alex": 2, "Rob": 1, "Dani": 1, "Carissa": 1}
    game, players = _game({"Alex": ["Carissa"], "Carissa": [PUMP]}, ranges=ranges)
    assert players["Alex"] not in game.in_range(players["Carissa"])
    game.cast(players["Alex"], "Test Opponents Tribute")
    modes = [d for d in game.decision_log if d.kind == "modes"][0]
    assert modes.player.name == "Carissa" and modes.rule == "801.5b" and modes.options == (DRAW, PUMP)
    game.resolve_stack()
    bears = players["Alex"].battlefield[0]
    assert (bears.power, bears.toughness) == (4, 4)


@pytest.mark.rules("700.2e", "801.5b")
def test_with_no_opponent_in_range_the_nearest_to_the_left_chooses():
    ranges = {"Alex": 0, "Rob": 1, "Dani": 1, "Carissa": 1}
    game, players = _game({"Dani": [DRAW]}, ranges=ranges)
    game.cast(players["Alex"], "Test Opponents Tribute")
    assert [e["player"].name for e in game.events if e.kind == "nearest_opponent_chooses"] == ["Dani"]
    assert [d.player.name for d in game.decision_log if d.kind == "modes"] == ["Dani"]
