"""Cards with abilities that trigger on a permanent leaving the battlefield by any means: dying,
exile, a return to a hand or a library (603.6c), seen as it last existed (603.10a)."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.define import Trigger, card, whenever


def _another_creature(game: Any, source: Any, left: Any) -> bool:
    """"Another creature": a creature as it last existed on the battlefield (603.10a)."""
    types = left.last_known.get("types", left.types)
    return left is not source and "Creature" in types


def _may_mill_two(game: Any, ability: Any) -> None:
    """"You may have target player mill two cards" (603.5: the choice is made as it resolves)."""
    if game.decide(Decision(ability.controller, "may_mill", (False, True), rule="603.5", context={"source": ability.source})):
        for player in ability.targets:
            game.mill(player, 2)


ExtractorDemon = card(
    "Extractor Demon",
    mana_cost="{4}{B}{B}",
    type_line="Creature — Demon",
    power=5,
    toughness=5,
    keywords=("Flying",),
    in_part=True,
    oracle="Flying\nWhenever another creature leaves the battlefield, you may have target player mill two cards.",
    triggered=(
        Trigger(
            "Whenever another creature leaves the battlefield, you may have target player mill two cards.",
            whenever("leaves_battlefield", card=_another_creature),
            _may_mill_two,
            target="player",
        ),
    ),
)
