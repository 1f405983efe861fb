"""First strike and double strike gained or lost between the two combat damage steps
(510.4, 702.4b-d, 702.7b-c), written from the rules' own sentences."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step
from kb.engine.layers import grant, remove


def _combat(attackers: list[Card], blockers: list[Card] = (), blocks: list[tuple[Card, Card]] | None = None):
    ana = Player("Ana", battlefield=list(attackers), library=5)
    bruno = Player("Bruno", battlefield=list(blockers), library=5)
    script = {"Ana": [list(attackers)]}
    if blocks is not None:
        script["Bruno"] = [blocks]
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(**script))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(Step.COMBAT_DAMAGE)
    return game, ana, bruno


@pytest.mark.rules("510.4", "702.4d", "702.7b")
def test_a_first_striker_given_double_strike_after_first_strike_damage_deals_damage_again():
    striker = Card.creature(2, 2, name="Striker", keywords=["First strike"])
    game, ana, bruno = _combat([striker])
    assert bruno.life == 18  # first combat damage step
    game.add_effect(grant("Double strike", affected=[striker]))
    game.pass_all()
    assert bruno.life == 16


@pytest.mark.rules("510.4", "702.4c")
def test_removing_double_strike_during_the_first_step_stops_the_second_assignment():
    striker = Card.creature(2, 2, name="Striker", keywords=["Double strike"])
    game, ana, bruno = _combat([striker])
    assert bruno.life == 18
    game.add_effect(remove("Double strike", affected=[striker]))
    game.pass_all()
    assert bruno.life == 18


@pytest.mark.rules("510.4", "702.7c")
def test_first_strike_gained_after_the_first_step_doesnt_stop_regular_damage():
    striker = Card.creature(1, 1, name="Striker", keywords=["First strike"])
    bear = Card.creature(3, 3, name="Bear")
    game, ana, bruno = _combat([striker, bear])
    assert bruno.life == 19  # only the first striker
    game.add_effect(grant("First strike", affected=[bear]))
    game.pass_all()
    assert bruno.life == 16  # the Bear had neither as the first step began


@pytest.mark.rules("510.4", "702.7c")
def test_first_strike_removed_after_it_struck_doesnt_let_it_strike_again():
    striker = Card.creature(2, 2, name="Striker", keywords=["First strike"])
    game, ana, bruno = _combat([striker])
    assert bruno.life == 18
    game.add_effect(remove("First strike", affected=[striker]))
    game.pass_all()
    assert bruno.life == 18


@pytest.mark.rules("510.4", "702.4b")
def test_double_strike_deals_damage_in_both_steps_and_others_only_in_the_second():
    striker = Card.creature(2, 2, name="Striker", keywords=["Double strike"])
    bear = Card.creature(3, 3, name="Bear")
    game, ana, bruno = _combat([striker, bear])
    assert bruno.life == 18
    game.pass_all()
    assert bruno.life == 13


@pytest.mark.rules("510.4", "702.7b")
def test_a_blocker_killed_by_first_strike_deals_no_damage():
    striker = Card.creature(3, 3, name="Striker", keywords=["First strike"])
    wall = Card.creature(2, 2, name="Wall")
    game, ana, bruno = _combat([striker], [wall], blocks=[(wall, striker)])
    game.pass_all()
    assert striker.damage == 0 and wall.zone.value == "graveyard"


@pytest.mark.rules("510.4", "702.4d")
def test_a_blocking_first_striker_given_double_strike_deals_damage_again():
    attacker = Card.creature(1, 6, name="Big")
    blocker = Card.creature(2, 5, name="Guard", keywords=["First strike"])
    game, ana, bruno = _combat([attacker], [blocker], blocks=[(blocker, attacker)])
    assert attacker.damage == 2
    game.add_effect(grant("Double strike", affected=[blocker]))
    game.pass_all()
    assert attacker.damage == 4 and blocker.damage == 1
