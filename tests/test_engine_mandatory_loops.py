"""731.4, 731.5 and 104.4b: a loop of mandatory actions is a draw; no player is made to take an
action that would end it."""

from __future__ import annotations

import pytest

from kb.engine import Game, NotModelledError, Player, ScriptedDecisions, Step
from kb.engine.decisions import Decision
from kb.engine.define import Trigger, card, whenever

_this = lambda game, artifact, cards: any(c is artifact for c in cards)  # noqa: E731

card("Test Restless Engine", mana_cost="{3}", type_line="Artifact",
     oracle="Whenever this artifact becomes tapped, untap it.\nWhenever this artifact becomes untapped, tap it.",
     triggered=[Trigger("Whenever this artifact becomes tapped, untap it.", whenever("tap", cards=_this), lambda game, ability: game.untap([ability.source])),
                Trigger("Whenever this artifact becomes untapped, tap it.", whenever("untap", cards=_this), lambda game, ability: game.tap([ability.source]))])


def _may_untap(game, ability):
    if game.decide(Decision(ability.controller, "may_untap", (False, True), rule="603.5", context={"source": ability.source})):
        game.untap([ability.source])


card("Test Optional Engine", mana_cost="{3}", type_line="Artifact",
     oracle="Whenever this artifact becomes tapped, you may untap it.\nWhenever this artifact becomes untapped, tap it.",
     triggered=[Trigger("Whenever this artifact becomes tapped, you may untap it.", whenever("tap", cards=_this), _may_untap),
                Trigger("Whenever this artifact becomes untapped, tap it.", whenever("untap", cards=_this), lambda game, ability: game.tap([ability.source]))])


def _start(engine="Test Restless Engine", script=None, **options):
    ana = Player("Ana", battlefield=[engine], library=5)
    bruno = Player("Bruno", battlefield=["Seal of Cleansing"], library=5)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(**(script or {})), **options)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.tap(ana.battlefield)
    game.put_triggered_abilities_on_stack()
    return game, ana, bruno


@pytest.mark.rules("104.4b")
def test_a_mandatory_loop_is_a_draw_and_nobody_is_made_to_sacrifice():
    game, ana, bruno = _start()
    game.resolve_stack()
    assert game.over and game.winners == [] and game.draw_game
    assert [e.rule for e in game.events if e.kind == "game_drawn"] == ["104.4b"]
    assert [c.name for c in bruno.battlefield] == ["Seal of Cleansing"]
    assert not any(d.kind == "sacrifice" for d in game.decision_log)


def test_a_player_may_still_choose_to_end_it():
    game, ana, bruno = _start()
    game.pass_priority(ana)
    game.activate(bruno, "Seal of Cleansing", targets=[ana.battlefield[0]])
    game.resolve_stack()
    assert not game.over and ana.battlefield == []


@pytest.mark.rules("104.4b")
def test_a_loop_with_an_optional_choice_is_not_a_draw():
    # Ana says yes to "you may untap it" each time for a while, then no: the loop ends.
    game, ana, bruno = _start("Test Optional Engine", {"Ana": [True] * 5 + [False]})
    game.resolve_stack()
    assert not game.over and ana.battlefield[0].tapped


def test_with_limited_range_of_influence_it_is_not_modelled():
    game, ana, bruno = _start(range_of_influence=1)
    with pytest.raises(NotModelledError, match="104.4f"):
        game.resolve_stack()


def test_ordering_triggers_each_time_is_still_a_mandatory_loop():
    # Two engines of Ana's: their triggers, together on the stack, are ordered each time.
    ana = Player("Ana", battlefield=["Test Restless Engine", "Test Restless Engine"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.tap(ana.battlefield)
    game.put_triggered_abilities_on_stack()
    game.resolve_stack()
    assert game.over and game.draw_game
