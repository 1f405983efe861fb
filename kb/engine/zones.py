"""Cards moving between zones: drawing, milling, discarding, sacrificing, destroying, exiling
(rules 400, 121, 701)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Sequence

from kb.engine.decisions import Event
from kb.engine.errors import CardNotFoundError, IllegalActionError
from kb.engine.objects import Zone
from kb.engine.part import GamePart
from kb.engine.protocols import Game
from kb.engine.stack import Spell, source_left_since

if TYPE_CHECKING:
    from kb.engine.objects import Card
    from kb.engine.players import Player


class Zones(GamePart):
    """Cards moving between zones: drawing, milling, discarding, sacrificing, destroying, exiling (rules 400, 121, 701)."""

    def __init__(self, game: Game):
        super().__init__(game)
        self._batch: dict[str, Any] | None = None
        # The permanents whose last known information the event moving them has already taken.
        self._remembered: frozenset[int] = frozenset()
        self._moving_together: list[Card] = []  # the permanents of one event (603.10a)
        # Cards exiled "until" a permanent leaves the battlefield (610.3): (card, its
        # incarnation in exile, the permanent, its incarnation).
        self.exiled_until: list[tuple[Card, int, Card, int]] = []
        self._returning = False

    # ----- cards moving

    def _zone_list(self, card: Card) -> list[Card] | None:
        owner = card.owner
        if card.zone is Zone.LIBRARY:
            return owner.library
        if card.zone is Zone.HAND:
            return owner.hand
        if card.zone is Zone.GRAVEYARD:
            return owner.graveyard
        if card.zone is Zone.BATTLEFIELD:
            return self.game.battlefield
        if card.zone is Zone.EXILE:
            return self.game.exile
        return None

    def _move(self, card: Card, zone: Zone, *, top: bool = True) -> None:
        if zone is Zone.GRAVEYARD:
            destroyed = self._batch is not None and id(card) in self._batch.get("destroyed", ())
            cant_regenerate = self._batch is not None and self._batch.get("cant_regenerate", False)
            event = self.game.replace("zone_change", {"card": card, "from": card.zone, "to": zone, "destroyed": destroyed, "cant_regenerate": cant_regenerate})
            if event is None:
                return  # replaced by something else, which moved the card itself
            zone = event["to"]
        if zone is Zone.LIBRARY and top and self._batch is not None:
            self._batch["pinned"].append(card)  # 701.24g: a position a shuffle keeps
        if card.zone is Zone.BATTLEFIELD and id(card) not in self._remembered:
            card._remember()  # last known information, while it is still a permanent (608.2h)
        partner = card.melded_with if card.zone is Zone.BATTLEFIELD else None
        if partner is not None:
            self.game.melding._check_meld_partner_may_move(partner)
        leaving = card.controller if card.zone is Zone.BATTLEFIELD and zone is not Zone.BATTLEFIELD else None
        source = self._zone_list(card)
        if source is not None and card in source:
            source.remove(card)
        if card.zone is Zone.STACK:
            for obj in list(self.game.stack):
                if isinstance(obj, Spell) and obj.card is card:
                    self.game.stack.remove(obj)
        if card.zone is Zone.BATTLEFIELD:
            card._leave_battlefield_state()
        card.incarnation += 1
        card.zone = zone
        target = self._zone_list(card)
        if zone is Zone.LIBRARY and top:
            target.insert(0, card)
        elif target is not None:
            target.append(card)
        if partner is not None:
            self.game.melding._move_meld_partner(card, partner, zone, top)  # 712.21
        self.game.stickers._moved(card, zone)
        if leaving is not None:
            self._announce_departure(card, leaving, zone)

    def _announce_departure(self, card: Card, controller: Player, zone: Zone) -> None:
        """Rule 603.6c: a permanent left the battlefield, to whatever zone and by whatever
        means; told at once, for the abilities that trigger on any departure, and not as a full
        event: nothing else happens between the moves of one event. Those that leave together
        look back at one another (603.10a)."""
        together = [c for c in self._moving_together if id(c) in self._remembered] or [card]
        event = Event("leaves_battlefield", "603.6c", card=card, controller=controller, to=zone, left=together)
        self.game.events.append(event)
        for observer in self.game.observers:
            observer(event)
        self.game.triggers._check_triggers(event)

    def draw(self, player: Player, count: int = 1, *, rule: str = "121.1") -> list[Card]:
        """Rule 121: draw cards one at a time; drawing from an empty library is remembered for
        the next state-based action check (704.5b)."""
        drawn = []
        for _ in range(count):
            if self.game.replace("draw", {"player": player}) is None:
                continue  # the draw was replaced (614.6)
            if not player.library:
                player.drew_from_empty_library = True
                self.game.emit("draw_empty", "121.4", player=player)
                continue
            card = player.library[0]
            self.game._move(card, Zone.HAND)
            drawn.append(card)
        if drawn:
            self.game.emit("draw", rule, player=player, count=len(drawn))
        return drawn

    def mill(self, player: Player, count: int) -> list[Card]:
        """Rule 701.17: put the top `count` cards of the library into the graveyard; with fewer
        cards there, as many as possible (609.3)."""
        milled = player.library[:count]
        for card in milled:
            self.game._move(card, Zone.GRAVEYARD)
        self.game.emit("mill", "701.17", player=player, cards=list(milled), count=count)
        return milled

    def discard(self, player: Player, cards: Sequence[Card], rule: str = "701.9") -> None:
        for card in cards:
            if card not in player.hand:
                raise CardNotFoundError(f"{card.name} is not in {player.name}'s hand")
        for card in cards:
            self.game._move(card, Zone.GRAVEYARD)
        if cards:
            self.game.emit("discard", rule, player=player, cards=list(cards))

    def sacrifice(self, cards: Sequence[Card], rule: str = "701.21") -> None:
        """Sacrifice permanents at the same time; the source of the resolving ability that left
        the battlefield and came back is a new object it doesn't sacrifice (400.7)."""
        cards = [c for c in cards if c.zone is Zone.BATTLEFIELD and not source_left_since(self.game.priority_and_stack._resolving, c)]
        if not cards:
            return
        self.game.emit("sacrifice", rule, cards=list(cards))
        self._to_graveyards(cards, rule)

    def destroy(self, cards: Sequence[Card], rule: str = "701.8", *, can_regenerate: bool = True) -> None:
        """Destroy permanents at the same time: they go to their owners' graveyards; an
        indestructible one can't be destroyed (702.12b). With ``can_regenerate=False`` ("They
        can't be regenerated") no regeneration shield replaces it (701.19c)."""
        cards = [c for c in cards if c.zone is Zone.BATTLEFIELD and "Indestructible" not in c.keywords and not source_left_since(self.game.priority_and_stack._resolving, c)]
        if cards:
            self.game.emit("destroy", rule, cards=list(cards))
            self._to_graveyards(cards, rule, destroyed={id(c) for c in cards}, cant_regenerate=not can_regenerate)

    def _to_graveyards(self, cards: Sequence[Card], rule: str, *, destroyed: set[int] = frozenset(), cant_regenerate: bool = False) -> None:
        """Permanents put into graveyards from the battlefield in one event; each is announced
        afterwards, with its last controller, for abilities that trigger on it (603.2c, 603.10).
        A replacement effect may send some elsewhere; shuffles these cause happen once all have
        moved, keeping the positions other replacements gave (701.24g)."""
        controllers = [(c, card.controller) for card in cards for c in self.game.cards_of(card)]
        self._remember_all(cards)
        self._batch = {"shuffle": [], "pinned": [], "destroyed": set(destroyed), "cant_regenerate": cant_regenerate}
        try:
            for card in cards:
                self.game._move(card, Zone.GRAVEYARD)
        finally:
            batch, self._batch = self._batch, None
            self._remembered = frozenset()
        for owner in dict.fromkeys(batch["shuffle"]):
            pinned = [c for c in owner.library if any(c is p for p in batch["pinned"])]
            rest = [c for c in owner.library if not any(c is p for p in pinned)]
            self.game.random.shuffle(rest)
            owner.library[:] = pinned + rest
        gone = [c for c in cards if c.zone is Zone.GRAVEYARD]
        # Whether each was a creature is as it last existed on the battlefield (603.10a).
        creatures = [c for c in gone if "Creature" in (c.last_known["types"] if "types" in c.last_known else c.types)]
        # One event, told in parts: what it made leave exile returns after all of it (610.3).
        holding, self._returning = self._returning, True
        try:
            if creatures:
                self.game.emit("dies", rule, cards=creatures, left=list(cards))
            for card, controller in controllers:
                if card.zone is Zone.GRAVEYARD:
                    self.game.emit("put_into_graveyard", rule, card=card, controller=controller, left=list(cards))
        finally:
            self._returning = holding
        if self.exiled_until:
            self._return_exiled_until()

    def return_to_hand(self, cards: Sequence[Card], rule: str = "400.3") -> list[Card]:
        """Return permanents (or cards in graveyards or exile) to their owners' hands at the same
        time: whoever controls a permanent, it goes to its owner's hand (400.3). A replacement
        effect may send one elsewhere (614.1a). Each is announced afterwards with its last
        controller and where it came from; abilities that trigger on a permanent leaving look
        back at it as it last existed (603.10a). A token goes there too, then ceases to exist as
        a state-based action (111.7, 704.5d). Returns the cards that reached a hand."""
        cards = list(dict.fromkeys(cards))
        for card in cards:
            if card.zone not in (Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE):
                where = card.zone.value if card.zone is not None else "nowhere"
                raise IllegalActionError(f"{card.name} is in {where}: only permanents and cards in graveyards or exile are returned to a hand here")
        moving = [(card, card.zone, card.controller) for card in cards]
        announced = [(c, origin, controller) for card, origin, controller in moving for c in self.game.cards_of(card)]
        self._remember_all(cards)
        try:
            for card, origin, _ in moving:
                event = self.game.replace("zone_change", {"card": card, "from": origin, "to": Zone.HAND, "destroyed": False, "cant_regenerate": False})
                if event is not None:
                    self.game._move(card, event["to"])
        finally:
            self._remembered = frozenset()
        left = [card for card, origin, _ in moving if origin is Zone.BATTLEFIELD and card.zone is not Zone.BATTLEFIELD]
        returned = [card for card, _, _ in announced if card.zone is Zone.HAND]
        holding, self._returning = self._returning, True
        try:
            for card, origin, controller in announced:
                if card.zone is Zone.HAND:
                    self.game.emit("returned_to_hand", rule, card=card, controller=controller, origin=origin, left=left)
        finally:
            self._returning = holding
        if self.exiled_until:
            self._return_exiled_until()
        return returned

    def _remember_all(self, cards: Sequence[Card]) -> None:
        """Last known information of every permanent one event moves, taken before any of them
        moves (608.2h, 603.10a): a card that counts a graveyard doesn't count those that die
        with it."""
        for card in cards:
            if card.zone is Zone.BATTLEFIELD:
                card._remember()
        self._remembered = frozenset(id(card) for card in cards)
        self._moving_together = list(cards)

    def exile_cards(self, cards: Sequence[Card], rule: str = "406.3") -> None:
        cards_moving = self.game.with_meld_partners(cards)
        self._remember_all(cards)
        try:
            for card in cards:
                self.game._move(card, Zone.EXILE)
        finally:
            self._remembered = frozenset()
        if cards:
            self.game.emit("exile", rule, cards=cards_moving)

    def exile_until_leaves(self, card: Card, source: Card, source_incarnation: int | None = None) -> bool:
        """Exile `card` "until `source` leaves the battlefield" (rule 610.3): when it does, a
        second one-shot effect returns the card to the battlefield under its owner's control
        (610.3c), at the same time as any other card returned by the same event (610.3d). If
        `source` (as `source_incarnation`, the object that created the effect) has already left,
        the card doesn't move (610.3a–b). Returns whether it was exiled."""
        incarnation = source.incarnation if source_incarnation is None else source_incarnation
        if source.zone is not Zone.BATTLEFIELD or source.incarnation != incarnation:
            self.game.emit("doesnt_move", "610.3b", card=card, source=source)
            return False
        if card.zone is not Zone.BATTLEFIELD:
            return False
        self.exile_cards([card], rule="610.3")
        for exiled in self.game.new_objects(card, card.incarnation):  # both cards of a melded one (712.21c)
            self.exiled_until.append((exiled, exiled.incarnation, source, incarnation))
        return True

    def _return_exiled_until(self) -> None:
        """Rules 610.3 and 610.3d: cards exiled until a permanent leaves the battlefield return
        right after the event in which it left, together."""
        if self._returning:
            return
        left = [entry for entry in self.exiled_until if entry[2].zone is not Zone.BATTLEFIELD or entry[2].incarnation != entry[3]]
        if not left:
            return
        self.exiled_until = [entry for entry in self.exiled_until if entry not in left]
        returning = [card for card, incarnation, _, _ in left if card.zone is Zone.EXILE and card.incarnation == incarnation]
        if not returning:
            return
        self._returning = True
        try:
            self.game.emit("return_from_exile", "610.3d" if len(returning) > 1 else "610.3", cards=list(returning))
            for card in returning:
                self.game._put_onto_battlefield(card, card.owner)  # 610.3c: under its owner's control
        finally:
            self._returning = False

    def shuffle_cards_into_library(self, player: Player, cards: Sequence[Card], *, zone: Zone = Zone.GRAVEYARD) -> None:
        """Shuffle specific cards into `player`'s library (701.24a): those still in `zone` go
        there, and the library is shuffled even if none of them are, or there are none
        (701.24c, 701.24d)."""
        moving = [c for c in cards if c.zone is zone and c.owner is player]
        for card in moving:
            self.game._move(card, Zone.LIBRARY, top=False)
        self.game.random.shuffle(player.library)
        self.game.emit("shuffle", "701.24c" if len(moving) < len(cards) or not cards else "701.24a", player=player, cards=moving)

    def shuffle_into_library(self, card: Card) -> None:
        owner = card.owner
        if self._batch is not None:
            self.game._move(card, Zone.LIBRARY, top=False)
            self._batch["shuffle"].append(owner)  # shuffled once the simultaneous moves end
        else:
            self.game._move(card, Zone.LIBRARY)
            self.game.random.shuffle(owner.library)
        self.game.emit("shuffle_in", "701.24", player=owner, card=card)

    def devotion(self, player: Player, *colors: str) -> int:
        """Rule 700.5: the mana symbols of `colors` among the costs of permanents `player` controls,
        plus what effects add to it (700.5a: a permanent's ``devotion_bonus``)."""
        symbols = sum(card.mana_cost.devotion(*colors) for card in player.battlefield)
        return symbols + sum(getattr(card.definition, "devotion_bonus", 0) for card in player.battlefield)
