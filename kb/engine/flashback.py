"""Flashback (702.34): casting a card from a graveyard for its flashback cost, printed or given by
an effect that sets the cost to the card's mana cost (702.1b), and exiling it whenever it would
leave the stack."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.engine.mana import ManaCost
from kb.engine.objects import Card, Zone
from kb.engine.part import GamePart

_FLASHBACK = re.compile(r"Flashback (\{.*\})$")


@dataclass(eq=False)
class FlashbackGrant:
    """"<Card> gains flashback until end of turn. The flashback cost is equal to its mana cost."
    (the card in its graveyard, as the object it is there)."""

    card: Card
    incarnation: int
    turn: int


class Flashback(GamePart):
    """Flashback granted by effects, and flashback costs (702.34, 702.1b)."""

    def grant_flashback(self, cards: list[Card]) -> None:
        """Each of `cards` gains flashback until end of turn, its cost equal to its mana cost."""
        grants = self.game.__dict__.setdefault("_flashback_grants", [])
        for card in cards:
            grants.append(FlashbackGrant(card, card.incarnation, self.game.turn))
        if cards:
            self.game.emit("gains_flashback", "702.34a", cards=list(cards))

    def flashback_cost(self, card: Card, half: str | None = None) -> str | None:
        """The flashback cost of `card` in a graveyard, cast as `half` for a split card: a printed
        one, or one an effect gave it, equal to the mana cost of what is cast (702.1b: the half's,
        or both halves' together when no half is named); None without flashback."""
        if card.zone is not Zone.GRAVEYARD:
            return None
        definition = card.printed_definition
        for keyword in definition.keywords:
            found = _FLASHBACK.match(keyword)
            if found:
                return found.group(1)
        grants = self.game.__dict__.get("_flashback_grants", [])
        if any(g.card is card and g.incarnation == card.incarnation and g.turn == self.game.turn for g in grants):
            if half is not None:
                return definition.half(half).mana_cost
            return _combined(card) if card.mana_cost.halves else card.mana_cost.text
        return None


def _combined(card: Card) -> str:
    """Both halves' mana costs together, as one cost (709.4b): {1}{R} and {1}{U} are {2}{U}{R}."""
    generic, colored = 0, []
    for half in card.mana_cost.halves:
        for symbol in half.symbols:
            if symbol.text.isdigit():
                generic += int(symbol.text)
            else:
                colored.append(symbol.text)
    order = "WUBRG"
    colored.sort(key=lambda s: order.index(s) if s in order else len(order))
    text = ("{%d}" % generic if generic else "") + "".join("{%s}" % s for s in colored)
    return ManaCost(text).text
