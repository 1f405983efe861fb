"""Revealing as a cost, and hands played revealed (701.20).

An additional cost "reveal a <subtype> card from your hand or pay {N}" (118.8, 601.2b) is paid by
revealing such a card, or by adding {N} to the total cost (601.2f). A card that is already
revealed, because its player plays with their hand revealed (Telepathy), may be revealed again
to pay it (701.20c).

A permanent whose definition has ``reveals_hand_of(game, source, player)`` makes `player` play
with their hand revealed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from kb.engine.decisions import Decision
from kb.engine.errors import CannotPayError, IllegalActionError
from kb.engine.mana import ManaCost
from kb.engine.protocols import Game

if TYPE_CHECKING:
    from kb.engine.objects import Card
    from kb.engine.players import Player

_REVEAL_OR_PAY = re.compile(r"reveal an? (\w+) card from your hand or pay \{(\d+)\}")


def is_reveal_or_pay(cost: str | None) -> bool:
    return cost is not None and _REVEAL_OR_PAY.fullmatch(cost) is not None


def hand_is_revealed(game: "Game", player: "Player") -> bool:
    """Whether an effect has `player` play with their hand revealed."""
    for source in game.battlefield:
        reveals = getattr(source.definition, "reveals_hand_of", None)
        if reveals is not None and not game.abilities_removed(source) and reveals(game, source, player):
            return True
    return False


def reveal_or_pay(game: "Game", player: "Player", cost: str, card: "Card", given: Any) -> tuple["Card | None", int]:
    """Rule 601.2b: the player announces how they pay "reveal a <subtype> card from your hand or
    pay {N}": a card of that subtype in their hand other than the spell (`given`, or chosen),
    or "pay" for the mana. Returns the card to reveal (None) and the generic mana added."""
    match = _REVEAL_OR_PAY.fullmatch(cost)
    subtype, amount = match.group(1), int(match.group(2))
    cards = [c for c in player.hand if c is not card and subtype in c.subtypes]
    pay = f"pay {{{amount}}}"
    if given is None:
        chosen = game.decide(Decision(player, "reveal_or_pay", tuple(cards) + (pay,), rule="601.2b", context={"source": card}))
    elif given == pay:
        chosen = pay
    else:
        found = [c for c in cards if c is given or c.name == given]
        if not found:
            raise CannotPayError(f"{player.name} has no {subtype} card {getattr(given, 'name', given)!r} in hand to reveal for {card.name} (601.2h)")
        chosen = found[0]
    if chosen == pay:
        return None, amount
    return chosen, 0


def pay_by_revealing(game: "Game", player: "Player", revealed: "Card") -> None:
    """Reveal the card as the cost is paid (601.2h); it may already be revealed (701.20c)."""
    again = hand_is_revealed(game, player)
    game.emit("reveal", "701.20c" if again else "701.20a", cards=[revealed])


def with_more_generic(total: ManaCost, amount: int) -> ManaCost:
    """`total` with `amount` more generic mana (601.2f)."""
    if not amount:
        return total
    generic = sum(int(s.text) for s in total.symbols if s.text.isdigit())
    others = "".join(str(s) for s in total.symbols if not s.text.isdigit())
    return ManaCost("{%d}" % (generic + amount) + others)


def refuse_reveal_given(definition: Any, given: Any) -> None:
    if given is not None and not is_reveal_or_pay(definition.additional_cost):
        raise IllegalActionError(f"{definition.name} has no additional cost to reveal a card")
