"""Cycling (702.29): "Cycling [cost]" means "[Cost], Discard this card: Draw a card.", an
activated ability that functions only while the card is in its owner's hand (702.29a). Cycling
a card is discarding it to pay that cost: the card is discarded (abilities that trigger on a
discard see it, once, 702.29d) and then cycled, which abilities "when you cycle this card"
trigger on from wherever the card is (702.29c). Typecycling (702.29e) is not modelled.

>>> from kb.engine import Game, Player, Step
>>> ana = Player('Ana', hand=['Moaning Wall'], library=5)
>>> game = Game(players=[ana, Player('Bruno', library=5)])
>>> game.start(at=Step.UPKEEP, turn=3)
>>> _ = game.cycle(ana, 'Moaning Wall')
>>> [c.name for c in ana.graveyard], len(ana.hand)
(['Moaning Wall'], 0)
>>> game.resolve_stack()
>>> len(ana.hand)
1
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kb.engine.errors import IllegalActionError, NotModelledError
from kb.engine.mana import ManaCost
from kb.engine.pool import ManaUse
from kb.engine.objects import Card
from kb.engine.part import GamePart
from kb.engine.stack import ActivatedAbility

if TYPE_CHECKING:
    from kb.engine.players import Player

_CYCLING = re.compile(r"^(?P<type>\w[\w ]*?)?cycling (?P<cost>(\{[^}]+\})+)$", re.IGNORECASE)


def cycling_cost(card: Card) -> ManaCost | None:
    """The cost of the card's cycling ability, or None if it has none; typecycling raises
    `NotModelledError`."""
    for keyword in card.keywords:
        found = _CYCLING.match(keyword)
        if found:
            if found.group("type"):
                raise NotModelledError(f"{keyword} (typecycling, 702.29e) is not modelled")
            return ManaCost(found.group("cost"))
    return None


def _draw_a_card(game: Any, ability: ActivatedAbility) -> None:
    game.draw(ability.controller, 1)


class Cycling(GamePart):
    """Cycling cards from a hand (702.29)."""

    def cycle(self, player: "Player", card: Card | str, *, mana_abilities: Sequence[Any] = ()) -> ActivatedAbility:
        """Activate the cycling ability of a card in `player`'s hand: pay its mana cost (as any
        cost, 602.2b), discard the card as the rest of the cost, and put "Draw a card" on the
        stack. Any time the player has priority: it is an activated ability, not a spell."""
        self.game.priority_and_stack._check_priority(player)
        card = self.game.casting._find(player.hand, card, f"{player.name}'s hand")
        cost = cycling_cost(card)
        if cost is None:
            raise IllegalActionError(f"{card.name} has no cycling ability (702.29a)")
        if self.game.forbidden(player, "cycle"):
            raise IllegalActionError(f"{player.name} can't cycle cards")
        self.game.mana._activate_mana_abilities(player, mana_abilities)
        self.game.emit("activate", "602.2", player=player, card=card)
        self.game.mana._pay_mana(player, cost, None, ManaUse("activate", card), f"cycling {card.name}")
        self.game.discard(player, [card], rule="702.29a")
        self.game.emit("cycle", "702.29c", player=player, card=card)
        ability = ActivatedAbility(card, player, f"Cycling {cost.text}: draw a card.", _draw_a_card)
        self.game.stack.push(ability)
        self.game.priority_and_stack._passes = 0
        self.game.priority_and_stack._give_priority(self.game.priority_and_stack._priority_unit_for(player))
        return ability
