"""120.4: a damage event is modified by prevention, processed into its results (life lost and
life gained together), then modified by effects on those results (Worship), then happens."""

from __future__ import annotations

import pytest

from kb.engine import Card, Game, NotModelledError, Player, ScriptedDecisions, Step


def _combat(bruno_battlefield, *, life=2, awe_strike_on=None, attackers=2, lifelink=False):
    creatures = [Card.creature(5, 5, keywords=["Lifelink"] if lifelink else []) for _ in range(attackers)]
    ana = Player("Ana", battlefield=list(creatures), library=5)
    bruno = Player("Bruno", battlefield=list(bruno_battlefield), hand=["Awe Strike"], life=life, library=5)
    script = {"Ana": [list(creatures)], "Bruno": [{}] + ([creatures[awe_strike_on]] if awe_strike_on is not None else [])}
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(**script))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(Step.DECLARE_BLOCKERS)
    if awe_strike_on is not None:
        game.pass_priority(ana)
        game.cast(bruno, "Awe Strike", targets=[creatures[awe_strike_on]])
        game.resolve_stack()
    game.advance_to(Step.END_OF_COMBAT)
    return game, ana, bruno


def _bear():
    return Card.creature(1, 1)


@pytest.mark.rules("120.4")
def test_worship_reduces_the_life_total_to_one_and_the_damage_is_still_dealt():
    game, ana, bruno = _combat(["Worship", _bear()])
    assert bruno.life == 1 and not game.over
    assert sum(e["amount"] for e in game.events if e.kind == "damage") == 10
    assert [e["text"] for e in game.events if e.kind == "replaced"] == [game.player("Bruno").battlefield[0].definition.oracle]


@pytest.mark.rules("120.4")
def test_worship_without_a_creature_does_nothing():
    game, ana, bruno = _combat(["Worship"])
    assert bruno.life == -8 and game.over


@pytest.mark.rules("120.4d")
def test_120_4d_life_gained_in_the_same_event_counts_so_worship_does_not_apply():
    game, ana, bruno = _combat(["Worship", _bear()], awe_strike_on=0)
    assert bruno.life == 2
    assert not any(e.kind == "replaced" and e["source"].name == "Worship" for e in game.events)
    assert [(e.kind, e["amount"]) for e in game.events if e.kind in ("damage_prevented", "life_gain")] == [("damage_prevented", 5), ("life_gain", 5)]


@pytest.mark.rules("120.4")
def test_awe_strike_without_worship_prevents_only_the_targets_damage_and_gains_that_life():
    game, ana, bruno = _combat([], life=20, awe_strike_on=1)
    assert bruno.life == 20 - 5 + 5


@pytest.mark.rules("120.4")
def test_awe_strike_covers_only_the_next_time():
    game, ana, bruno = _combat([], life=20, awe_strike_on=0, attackers=1)
    assert bruno.life == 25  # all 5 prevented, and 5 life gained
    creature = ana.battlefield[0]
    game.deal_damage(creature, bruno, 3)  # a later damage event: not prevented
    assert bruno.life == 22 and game.replacements == []


@pytest.mark.rules("616.1")
def test_worship_and_a_life_gain_replacement_together_are_not_modelled():
    # Loses 10, gains 5: whether Boon Reflection doubles the 5 before Worship looks (2 life left)
    # or after (6) is the player's order (616.1), not modelled.
    with pytest.raises(NotModelledError):
        _combat(["Worship", "Boon Reflection", _bear()], awe_strike_on=0, attackers=3)
