"""A static ability linked to a triggered ability (603.11, 607.2): "Reveal the first card you
draw each turn. Whenever you reveal a <kind> card this way, draw a card." """

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kb.engine.define import this_turn
from kb.engine.objects import Card, CardDefinition
from kb.engine.stack import TriggeredAbility


def first_card_drawn_this_turn(game: Any, player: Any) -> Card | None:
    for event in this_turn(game, "draw", lambda e: e["player"] is player):
        cards = event.get("cards") or []
        if cards:
            return cards[0]
    return None


class RevealFirstDraw(CardDefinition):
    """Base of permanents with "Reveal the first card you draw each turn. Whenever you reveal a
    <kind> card this way, draw a card.": the static ability reveals as the card is drawn, and
    only what it revealed ("this way") triggers the linked triggered ability (603.11, 607.2)."""

    revealed_kind: Callable[[Card], bool] = staticmethod(lambda card: False)

    def triggers(self, game: Any, card: Any, event: Any):
        you = card.controller
        if event.kind == "draw" and event["player"] is you:
            first = first_card_drawn_this_turn(game, you)
            if first is not None and any(first is c for c in event.get("cards") or []):
                game.emit("reveal", "603.11", cards=[first], source=card)
        elif event.kind == "reveal" and event.get("source") is card:
            if any(type(self).revealed_kind(c) for c in event["cards"]):
                yield TriggeredAbility(card, you, self.oracle.split(". ", 1)[1], lambda game, ability: game.draw(ability.controller, 1))
