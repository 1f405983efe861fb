"""A static ability linked to a triggered ability (603.11): revealing the first card drawn."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, Step
from kb.engine.cards.linked_reveal import RevealFirstDraw


class _Seer(RevealFirstDraw):
    name, mana_cost, types = "Test Land Seer", "{2}{G}", ("Enchantment",)
    oracle = "Reveal the first card you draw each turn. Whenever you reveal a basic land card this way, draw a card."
    revealed_kind = staticmethod(lambda card: "Basic" in card.supertypes and "Land" in card.types)


def _draws(library, seers=1):
    ana = Player("Ana", battlefield=["Test Land Seer"] * seers, library=library)
    game = Game(players=[Player("Bruno", library=5), ana])
    game.start(at=Step.END, turn=3)
    game.advance_to(Step.PRECOMBAT_MAIN, turn=4)
    return [c.name for c in ana.hand], [e for e in game.events if e.kind == "reveal"]


@pytest.mark.rules("603.11")
def test_a_nonbasic_first_draw_is_revealed_and_triggers_nothing():
    hand, reveals = _draws(["Grizzly Bears", "Forest"])
    assert hand == ["Grizzly Bears"] and len(reveals) == 1


@pytest.mark.rules("603.11")
def test_each_permanent_reveals_and_triggers_for_itself():
    hand, reveals = _draws(["Forest", "Island", "Swamp"], seers=2)
    assert hand == ["Forest", "Island", "Swamp"] and len(reveals) == 2
