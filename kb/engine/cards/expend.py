"""Expend (700.14): "whenever you expend N" triggers when a player spends their Nth total mana
to cast spells during a turn."""

from __future__ import annotations

from typing import Any

from kb.engine.define import Trigger, card, draw, this_turn
from kb.engine.errors import NotModelledError
from kb.engine.layers import grant


def mana_spent_on_spells(game: Any, player: Any) -> int:
    """The mana `player` has spent to cast spells this turn (700.14)."""
    events = this_turn(game, "mana_spent", lambda e: e["player"] is player and e["use"].kind == "cast")
    return sum(len(e["mana"]) for e in events)


def whenever_you_expend(amount: int) -> Any:
    """"Whenever you expend N": as mana spent to cast a spell takes the turn's total from below N
    to N or more (700.14). It needs mana actually paid: a game where costs are taken as paid
    doesn't know what was spent."""

    def when(game: Any, card: Any, event: Any) -> bool:
        if event.kind == "cast" and event["player"] is card.controller and not game.pay_mana:
            raise NotModelledError("expend (700.14) needs mana paid from mana pools: create the game with pay_mana=True")
        if event.kind != "mana_spent" or event["player"] is not card.controller or event["use"].kind != "cast":
            return False
        total = mana_spent_on_spells(game, card.controller)
        return total - len(event["mana"]) < amount <= total

    return when


def _gains_indestructible(game: Any, ability: Any) -> None:
    game.add_effect(grant("Indestructible", affected=[ability.source]))


BarkKnuckleBoxer = card(
    "Bark-Knuckle Boxer",
    mana_cost="{1}{G}",
    subtypes=("Raccoon", "Warrior"),
    power=3,
    toughness=2,
    oracle="Whenever you expend 4, this creature gains indestructible until end of turn.",
    triggered=(Trigger("Whenever you expend 4, this creature gains indestructible until end of turn.", whenever_you_expend(4), _gains_indestructible),),
)
Divination = card("Divination", mana_cost="{2}{U}", types=("Sorcery",), oracle="Draw two cards.", spell_effect=draw(2))
