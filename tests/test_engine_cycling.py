"""Cycling (702.29): discard as a cost, draw on resolution, triggers on cycling and discarding."""

from __future__ import annotations

import pytest

from kb.engine import Card, CardDefinition, Game, Player, Step
from kb.engine.define import Trigger, gain_life, whenever
from kb.engine.errors import CannotPayError, IllegalActionError, NotModelledError
from kb.examples.narration import narrate


class SampleCycleWatcher(CardDefinition):
    name = "Sample Cycle Watcher"
    mana_cost, types = "{W}", ("Enchantment",)
    oracle = "Whenever a player cycles or discards a card, you gain 1 life."
    triggered = (Trigger(oracle, whenever("discard"), gain_life(1)),)


def setup(hand, battlefield=(), pay_mana=False):
    ana = Player("Ana", hand=list(hand), battlefield=list(battlefield), library=5)
    game = Game(players=[ana, Player("Bruno", library=5)], pay_mana=pay_mana)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    return game, ana


@pytest.mark.rules("702.29")
def test_cycling_discards_as_a_cost_and_draws_on_resolution():
    game, ana = setup(["Moaning Wall"])
    ability = game.cycle(ana, "Moaning Wall")
    assert ana.hand == [] and [c.name for c in ana.graveyard] == ["Moaning Wall"]
    assert list(game.stack) == [ability] and len(ana.library) == 5
    game.resolve_stack()
    assert len(ana.hand) == 1 and len(ana.library) == 4
    kinds = [e.kind for e in game.events]
    assert kinds.index("discard") < kinds.index("cycle")


@pytest.mark.rules("702.29d")
def test_702_29d_cycles_or_discards_triggers_once():
    game, ana = setup(["Moaning Wall"], ["Sample Cycle Watcher"])
    game.cycle(ana, "Moaning Wall")
    game.resolve_stack()
    assert ana.life == 21


@pytest.mark.rules("702.29")
def test_the_cost_is_paid_from_the_mana_pool():
    game, ana = setup(["Moaning Wall"], pay_mana=True)
    with pytest.raises(CannotPayError):
        game.cycle(ana, "Moaning Wall")
    assert [c.name for c in ana.hand] == ["Moaning Wall"]
    game.add_mana(ana, "{B}{B}")
    game.cycle(ana, "Moaning Wall")
    assert not ana.mana_pool and ana.hand == []


@pytest.mark.rules("702.29")
def test_only_a_card_with_cycling_in_hand_cycles():
    game, ana = setup(["Grizzly Bears"], ["Moaning Wall"])
    with pytest.raises(IllegalActionError):
        game.cycle(ana, "Grizzly Bears")
    with pytest.raises(Exception):
        game.cycle(ana, "Moaning Wall")  # on the battlefield, not in hand


@pytest.mark.rules("702.29")
def test_typecycling_is_not_modelled():
    game, ana = setup([Card.creature(2, 2, keywords=["Mountaincycling {2}"], name="Sample Cougar")])
    with pytest.raises(NotModelledError):
        game.cycle(ana, "Sample Cougar")


def test_cycling_narrated_in_spanish():
    game, ana = setup(["Moaning Wall"])
    game.cycle(ana, "Moaning Wall")
    assert "Ana hace ciclo con Moaning Wall." in [line.text for line in narrate(game.events, "es")]
