"""Meld cards and melded permanents (701.42, 712.4, 712.21): two cards of a meld pair put onto
the battlefield with their back faces up and combined, one permanent represented by two cards.

The melded permanent is the `Card` of the meld card whose ability melds the pair, with its back
face up (``transformed``), and ``melded_with`` the other card, which is part of it and no
permanent of its own. When the permanent leaves the battlefield, one permanent leaves and both
cards go to the zone it goes to (712.21), after the same replacement effects (712.21d); an
effect that finds the new object finds both cards (712.21c, `Game.new_objects`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from kb.engine.decisions import Decision
from kb.engine.errors import NotModelledError
from kb.engine.objects import Card, DoubleFacedCardDefinition, Zone
from kb.engine.part import GamePart

if TYPE_CHECKING:
    from kb.engine.players import Player


class MeldCardDefinition(DoubleFacedCardDefinition):
    """A meld card (712.4): its front face, and as ``back`` the combined back face of its meld
    pair, whose characteristics only the melded permanent has (712.4b, 712.8g). ``melds_with``
    names the other card of the pair. Meld cards can't transform (712.4c)."""

    melds_with: ClassVar[str] = ""
    transforms = False


def is_meld_pair(first: Card, second: Card) -> bool:
    """Rule 701.42b: only two cards of the same meld pair can be melded; a token, a card that
    isn't a meld card, or two meld cards of different pairs can't."""
    a, b = first.printed_definition, second.printed_definition
    if first is second or first.is_token or second.is_token:
        return False
    if not (isinstance(a, MeldCardDefinition) and isinstance(b, MeldCardDefinition)):
        return False
    return a.melds_with == b.name and b.melds_with == a.name


class Meld(GamePart):
    """Melding two cards (701.42) and a melded permanent's two cards moving together (712.21)."""

    def meld(self, first: Card, second: Card, controller: Player) -> Card | None:
        """Rule 701.42a: put the two cards of a meld pair onto the battlefield with their back
        faces up and combined, under `controller`'s control; the permanent is represented by
        `first`, whose ability melds them, and returned. Objects that can't be melded stay in
        their current zone (701.42c): None."""
        if not is_meld_pair(first, second) or first.zone is Zone.BATTLEFIELD or second.zone is Zone.BATTLEFIELD:
            self.game.emit("cant_meld", "701.42c", cards=[first, second])
            return None
        if first.zone is Zone.STACK or second.zone is Zone.STACK:
            raise NotModelledError("melding a card that is on the stack is not modelled", rules="701.42a")
        source = self.game.zones._zone_list(second)
        if source is not None and second in source:
            source.remove(second)
        second.zone = Zone.BATTLEFIELD
        second.incarnation += 1
        second.controller = controller
        first.transformed = True  # 712.14c: the pair enters with its back faces up
        first.melded_with = second
        self.game.emit("meld", "701.42a", cards=[first, second], name=first.printed_definition.face(True).name)
        self.game._put_onto_battlefield(first, controller)
        return first

    def cards_of(self, permanent: Card) -> list[Card]:
        """The cards that represent `permanent`: two for a melded permanent (712.4a), else one."""
        partner = permanent.melded_with if permanent.zone is Zone.BATTLEFIELD else None
        return [permanent] if partner is None else [permanent, partner]

    def new_objects(self, card: Card, incarnation: int) -> list[Card]:
        """The new objects an effect finds where `card` went (400.7) as the object it was when
        it moved (`incarnation`, as it became then): a melded permanent that left is found as
        both of its cards, each still in the zone it was put into (712.21c)."""
        if card.incarnation != incarnation:
            return []
        left = self._melds_left().get(id(card))
        if left is None or left[2] != incarnation:
            return [card]
        partner, partner_incarnation, _ = left
        still_there = partner.incarnation == partner_incarnation and partner.zone is card.zone
        return [card, partner] if still_there else [card]

    def _melds_left(self) -> dict[int, tuple[Card, int, int]]:
        """For each card that represented a melded permanent as it left the battlefield: the
        other card, and the incarnations both became (400.7)."""
        return self.game.__dict__.setdefault("_meld_departures", {})

    def _check_meld_partner_may_move(self, partner: Card) -> None:
        """Rule 712.21d: a melded permanent that is a commander may be exempt from both cards
        moving together (903.9b–c); that is not modelled."""
        is_commander = getattr(self.game, "is_commander", None)
        if is_commander is not None and is_commander(partner):
            raise NotModelledError("a melded permanent represented by a commander leaving the battlefield (903.9b–c) is not modelled")

    def _move_meld_partner(self, permanent: Card, partner: Card, zone: Zone, top: bool) -> None:
        """Rule 712.21: the melded permanent went to `zone`; its other card goes there too and is
        a new object as well (400.7). In a library the owner orders the two cards (712.21a); in a
        graveyard, where the engine's cards never read the order, the other card comes after."""
        if zone is Zone.BATTLEFIELD:
            raise NotModelledError("a melded permanent moving onto the battlefield again is not modelled", rules="712.21")
        partner._leave_battlefield_state()
        partner.last_known = {}  # one permanent left: the card alone never was one (712.21)
        partner.incarnation += 1
        partner.zone = zone
        target = self.game.zones._zone_list(partner)
        if target is not None:
            if zone is Zone.LIBRARY and top:
                target.insert(target.index(permanent) + 1 if permanent in target else 0, partner)
            else:
                target.append(partner)
            if zone is Zone.LIBRARY:
                self._arrange_meld_cards(permanent, partner, target)
        self._melds_left()[id(permanent)] = (partner, partner.incarnation, permanent.incarnation)

    def _arrange_meld_cards(self, permanent: Card, partner: Card, library: list[Card]) -> None:
        """Rule 712.21a: put into its owner's library, the owner arranges the two cards in any
        order, without revealing it; the first answered is the upper one."""
        owner = permanent.owner
        first, second = (permanent, partner) if library.index(permanent) < library.index(partner) else (partner, permanent)
        order = self.game.decide(Decision(owner, "order_melded_cards", (first, second), order=True, rule="712.21a", hidden=True))
        at = library.index(first)
        library[at:at + 2] = list(order)

    def with_meld_partners(self, cards: Sequence[Card]) -> list[Card]:
        """`cards`, each melded permanent among them followed by its other card (712.21e: the
        number of cards that moved)."""
        return [c for card in cards for c in self.cards_of(card)]

    def choose_last_exiled(self, player: Player, cards: Sequence[Card], source: Card) -> list[Card]:
        """Rule 712.21b: `player`, who exiled the two cards of a melded permanent, determines
        their relative timestamp order: the answer is the card exiled last, which comes last."""
        if len(cards) < 2:
            return list(cards)
        last = self.game.decide(Decision(player, "meld_last_exiled", tuple(cards), rule="712.21b", context={"source": source}))
        return [c for c in cards if c is not last] + [last]

