"""State-triggered abilities, each test built from the wording of rule 603.8."""

import pytest

from kb.engine import Game, Player, Step
from kb.engine.define import StateTrigger, card, draw, gain_life
from kb.engine.layers import lose_all_abilities

EMPTY_HAND = "Whenever you have no cards in hand, draw a card."
card("Test Empty-Hand Engine", types=["Artifact"], oracle=EMPTY_HAND,
     state_triggered=[StateTrigger(EMPTY_HAND, lambda game, permanent: not permanent.controller.hand, draw(1))])
LOW_LIFE = "Whenever you have 10 or less life, you gain 5 life."
card("Test Low-Life Ward", types=["Enchantment"], oracle=LOW_LIFE,
     state_triggered=[StateTrigger(LOW_LIFE, lambda game, permanent: permanent.controller.life <= 10, gain_life(5))])


def game_with(battlefield, hand=(), library=10, life=None):
    ana = Player("Ana", battlefield=list(battlefield), hand=list(hand), library=library, life=life)
    bruno = Player("Bruno", library=5, hand=["Lightning Bolt", "Lightning Bolt"])
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana, bruno


def state_triggers(game):
    return [e for e in game.events if e.kind == "triggers" and e.rule == "603.8"]


# 603.8 "These abilities trigger as soon as the game state matches the condition. They'll go onto
# the stack at the next available opportunity."


@pytest.mark.rules("603.8")
def test_it_triggers_when_the_state_becomes_true_and_goes_on_the_stack_later():
    game, ana, _ = game_with(["Test Empty-Hand Engine"], hand=["Lightning Bolt"])
    game.cast(ana, "Lightning Bolt", targets=[game.player("Bruno")])
    assert len(state_triggers(game)) == 1
    assert game.stack.top.source.name == "Test Empty-Hand Engine"


@pytest.mark.rules("603.8")
def test_already_true_at_the_start_it_triggers_at_the_first_event():
    game, ana, _ = game_with(["Test Empty-Hand Engine"])
    game.resolve_stack()
    assert len(ana.hand) == 1 and len(state_triggers(game)) == 1


# "A state-triggered ability doesn't trigger again until the ability has resolved, has been
# countered, or has otherwise left the stack. Then, if the object with the ability is still in the
# same zone and the game state still matches its trigger condition, the ability will trigger again."


@pytest.mark.rules("603.8")
def test_it_does_not_trigger_again_while_on_the_stack_and_again_after_if_still_true():
    game, ana, bruno = game_with(["Test Low-Life Ward"], life=11)
    game.pass_priority(ana)
    game.cast(bruno, "Lightning Bolt", targets=[ana])
    game.pass_all()  # the Bolt resolves: 8 life, the ward triggers
    assert ana.life == 8 and len(state_triggers(game)) == 1
    game.pass_priority(ana)
    game.cast(bruno, "Lightning Bolt", targets=[ana])
    assert len(state_triggers(game)) == 1  # still on the stack: no second trigger
    game.resolve_stack()
    # The Bolt resolves first (5 life), then the ward's ability (10 life): still 10 or less, so
    # it triggers again once it has left the stack, and resolves (15 life).
    assert len(state_triggers(game)) == 2 and ana.life == 15


@pytest.mark.rules("603.8")
def test_it_does_not_trigger_when_the_state_stays_false():
    game, ana, bruno = game_with(["Test Low-Life Ward"])
    game.pass_priority(ana)
    game.cast(bruno, "Lightning Bolt", targets=[ana])
    game.resolve_stack()
    assert ana.life == 17 and not state_triggers(game)


@pytest.mark.rules("603.8")
def test_an_object_that_lost_its_abilities_does_not_trigger():
    game, ana, _ = game_with(["Test Empty-Hand Engine"], hand=["Lightning Bolt"])
    game.add_effect(lose_all_abilities(affected=[ana.battlefield[0]]))
    game.cast(ana, "Lightning Bolt", targets=[game.player("Bruno")])
    game.resolve_stack()
    assert not state_triggers(game) and not ana.hand


@pytest.mark.rules("603.8")
def test_during_a_resolution_a_momentary_state_triggers():
    game, ana, _ = game_with(["Test Empty-Hand Engine"], hand=["Tolarian Winds", "Grizzly Bears"])
    game.cast(ana, "Tolarian Winds")
    game.pass_all()
    kinds = [e.kind for e in game.events if e.kind in ("discard", "triggers", "draw")]
    assert kinds == ["discard", "triggers", "draw"]
    game.resolve_stack()
    assert len(ana.hand) == 2
