"""A static ability that reveals the first card drawn each turn, linked to the triggered ability
that draws when it reveals a card of some kind "this way" (603.11, 607.2). """

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kb.engine.define import this_turn
from kb.engine.objects import Card, CardDefinition
from kb.engine.stack import TriggeredAbility


def first_draw_of_the_turn(game: Any, event: Any) -> Card | None:
    """The card drawn first this turn by the player of the draw `event`, if `event` is that
    player's first draw this turn: the draw event comes right after the cards are put into the
    hand, last."""
    player = event["player"]
    if this_turn(game, "draw", lambda e: e["player"] is player)[:1] != [event]:
        return None
    return player.hand[-event["count"]] if len(player.hand) >= event["count"] else None


class RevealFirstDraw(CardDefinition):
    """Base of permanents with "Reveal the first card you draw each turn. Whenever you reveal a
    <kind> card this way, draw a card.": the static ability reveals as the card is drawn, and
    only what it revealed ("this way") triggers the linked triggered ability (603.11, 607.2)."""

    revealed_kind: Callable[[Card], bool] = staticmethod(lambda card: False)

    def triggers(self, game: Any, card: Any, event: Any):
        you = card.controller
        if event.kind == "draw" and event["player"] is you:
            first = first_draw_of_the_turn(game, event)
            if first is not None:
                game.emit("reveal", "603.11", cards=[first], source=card)
        elif event.kind == "reveal" and event.get("source") is card:
            if any(type(self).revealed_kind(c) for c in event["cards"]):
                yield TriggeredAbility(card, you, self.oracle.split(". ", 1)[1], lambda game, ability: game.draw(ability.controller, 1))
