"""Whether a player may cast a spell (601.3, 601.5): the ways a card can be proposed as a spell
(normally, bestowed, as an Adventure, face down), the characteristics each way gives it (601.3e),
the effects that allow casting from a zone other than the hand (a permanent's static ability, or
an effect that lets a player cast one card in exile, as a resolved Adventure does, 715.3d), those
that prohibit casting a
spell with certain qualities, and those that let spells with certain qualities be cast as though
they had flash.

A player may begin to cast a spell if some choices made during its proposal could make it
allowed (601.3a–b); once the proposal is complete, the spell as proposed is checked again, and if
it isn't allowed the casting is illegal and the game goes back to before it began (601.5).

The hooks are on the definitions of the permanents whose static abilities say so:
``allows_casting_from(game, permanent, player, proposal, zone)`` ("You may cast creature spells
from the top of your library"), ``forbids_casting(game, permanent, player, proposal)`` ("Your
opponents can't cast spells with even mana values") and ``grants_flash_to(game, permanent,
player, proposal)`` ("You may cast Aura spells as though they had flash"). A one-shot effect that
lets a player cast a card in exile says so with `Game.allow_cast_from_exile`; the
permission is for that player and that object only (400.7). Continuous effects that
would change the proposed spell's characteristics (the last sentence of 601.3e) are not considered:
with such an effect on the card, a proposal raises `NotModelledError`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kb.engine.errors import CardNotFoundError, IllegalActionError, NotModelledError, TimingError
from kb.engine.objects import Card, CardDefinition, Zone
from kb.engine.part import GamePart
from kb.engine.proposals import ADVENTURE, BESTOWED, FACE_DOWN, Proposal

if TYPE_CHECKING:
    from kb.engine.players import Player


# How far the value of X is tried when asking whether some choice of it could make a spell
# allowed (601.3a): a quality of a spell depends on X through its mana value only, and every
# prohibition the engine knows is decided by a value this small.
_X_TRIED = range(0, 21)


class CastingPermissions(GamePart):
    """Rules 601.3 and 601.5: whether a player may begin to cast a spell, and may finish."""

    def allow_cast_from_exile(self, player: "Player", card: Card, *, as_adventure: bool = False) -> None:
        """An effect allows `player` to cast `card`, in exile, from there (601.3), for as long
        as it stays there; with ``as_adventure``, only as its Adventure (715.3a)."""
        if card.zone is not Zone.EXILE:
            raise IllegalActionError(f"{card.name} is not in exile")
        if as_adventure and not any(p.way == ADVENTURE for p in self.game.proposals(player, card)):
            raise IllegalActionError(f"{card.name} has no Adventure: it can't be cast as one (715.3)")
        self._permit_cast_from_exile(player, card, ADVENTURE if as_adventure else "any")
        self.game.emit("may_cast_from_exile", "601.3", player=player, card=card)

    def _exile_permissions(self) -> list[tuple[Card, int, "Player", str]]:
        """Each (card, the object it is in exile, the player allowed, how: "any", "adventure" or
        "not adventure")."""
        return self.game.__dict__.setdefault("_cast_from_exile", [])

    def _permit_cast_from_exile(self, player: "Player", card: Card, how: str) -> None:
        self._exile_permissions().append((card, card.incarnation, player, how))

    def _may_cast_from_exile(self, player: "Player", card: Card, way: str | None = None) -> bool:
        """Whether an effect lets `player` cast `card` from exile, the way named or some way."""
        if card.zone is not Zone.EXILE:
            return False
        for allowed, incarnation, who, how in self._exile_permissions():
            if allowed is card and incarnation == card.incarnation and who is player:
                if how == "any" or way is None or (how == ADVENTURE) == (way == ADVENTURE):
                    return True
        return False

    def may_begin_to_cast(self, player: "Player", card: Card | str, way: str | None = None) -> bool:
        """Rules 601.3–601.3b: whether `player` may begin to cast `card` now (the way named,
        or any way): a rule or effect allows casting it from the zone it is in, no effect
        prohibits it, and it may be cast at this time, for some choices still to be made during
        its proposal (the value of X, bestowing it ...). Priority is not asked about."""
        card = self._card_for_casting(player, card)
        return any(self._may_begin(player, p) for p in self.game.proposals(player, card) if way is None or p.way == way)

    def _may_begin(self, player: "Player", proposal: Proposal, *, permitted: bool = False) -> bool:
        """Rule 601.3a: whether some value of X still to be chosen makes the proposal allowed
        (`permitted`: a rule, such as flashback's, already allows casting it from its zone)."""
        for tried in (_X_TRIED if proposal.has_x else (None,)):
            candidate = proposal.with_x(tried)
            try:
                self._check_proposal(player, candidate, permitted=permitted)
                self._check_proposal_timing(player, candidate)
            except (IllegalActionError, TimingError):
                continue
            return True
        return False

    # ----- the checks casting makes

    def _card_for_casting(self, player: "Player", card: Card | str) -> Card:
        """The card meant: one in `player`'s hand, or one they may cast from another zone."""
        if isinstance(card, Card):
            return card
        # A card named by another name it was given (its Spanish name, say) is the card of that name.
        names = {card, CardDefinition.other_names.get(card.casefold(), card)}
        for candidate in list(player.hand) + self._castable_elsewhere(player):
            if candidate.name in names or names & set(getattr(candidate.printed_definition, "names", ())):
                return candidate
        raise CardNotFoundError(f"no {card} in {player.name}'s hand")

    def _castable_elsewhere(self, player: "Player") -> list[Card]:
        """Cards outside the hand that an effect may let `player` cast: the top card of their
        library, and cards in exile an effect lets them cast (601.3, 715.3d)."""
        allowing = any(getattr(p.definition, "allows_casting_from", None) is not None for p in self.game.battlefield if p.controller is player)
        found = list(player.library[:1]) if allowing else []
        found.extend(c for c in self.game.exile if self._may_cast_from_exile(player, c))
        return found

    def _cast_origin(self, player: "Player", card: Card | str, way: str) -> tuple[list[Card], Card]:
        """The zone `card` is cast from and the card itself (601.2a): the hand, or another
        zone from which a rule or effect lets `player` cast it."""
        card = self._card_for_casting(player, card)
        if card in player.hand:
            return player.hand, card
        if card.zone is Zone.LIBRARY and card.owner is not None and card.owner.library[:1] == [card]:
            return card.owner.library, card
        if card.zone is Zone.EXILE:
            return self.game.exile, card
        raise CardNotFoundError(f"{card.name} is not in {player.name}'s hand, nor anywhere {player.name} may cast it from")

    def _check_proposal(self, player: "Player", proposal: Proposal, *, permitted: bool = False) -> None:
        """Rule 601.3: raise `IllegalActionError` unless a rule or effect allows `player` to
        cast the spell as proposed from the zone it is in (or `permitted` says one does) and no
        effect prohibits it."""
        card = proposal.card
        if any(e.affected is not None and any(layer in e.parts for layer in ("4", "5", "6")) and e.selects(self.game, card, card.printed()) for e in self.game.effects):
            # 601.3e: such effects would be considered with the proposed characteristics.
            raise NotModelledError("effects that would change a proposed spell's characteristics are not considered as it is proposed (601.3e)")
        zone = card.zone
        if permitted:
            allowed = True
        elif zone is Zone.HAND:
            allowed = card in player.hand
        else:
            # 715.3d: a resolved Adventure may be cast from exile, but not as an Adventure.
            allowed = zone is Zone.EXILE and self._may_cast_from_exile(player, card, proposal.way)
            allowed = allowed or any(
                getattr(p.definition, "allows_casting_from", _never)(self.game, p, player, proposal, zone)
                for p in self.game.battlefield
                if p.controller is player
            )
        if not allowed:
            where = {Zone.LIBRARY: "the top of a library", Zone.EXILE: "exile", Zone.GRAVEYARD: "a graveyard"}.get(zone, str(zone))
            raise IllegalActionError(f"no rule or effect allows {player.name} to cast {_described(proposal)} from {where} (601.3)")
        for permanent in self.game.battlefield:
            if getattr(permanent.definition, "forbids_casting", _never)(self.game, permanent, player, proposal):
                raise IllegalActionError(f"{permanent.name} prohibits {player.name} from casting {_described(proposal)} (601.3, 601.5)")

    def _check_proposal_timing(self, player: "Player", proposal: Proposal) -> None:
        """When the spell as proposed may be cast (117.1a, 307.1): at any time it has priority
        for an instant, a spell with flash or one an effect lets be cast as though it had flash
        (702.8a, 601.3b); otherwise as a sorcery."""
        if "Flash" in proposal.keywords or self._flash_granted(player, proposal):
            return
        proposal.definition.check_timing(self.game, player, proposal.card)

    def _flash_granted(self, player: "Player", proposal: Proposal) -> bool:
        for permanent in self.game.battlefield:
            if permanent.controller is not player:
                continue
            if getattr(permanent.definition, "grants_flash", False):
                return True  # "You may cast spells as though they had flash."
            if getattr(permanent.definition, "grants_flash_to", _never)(self.game, permanent, player, proposal):
                return True
        return False


def _never(*args: Any) -> bool:
    return False


def _described(proposal: Proposal) -> str:
    how = {BESTOWED: " bestowed", ADVENTURE: " as an Adventure", FACE_DOWN: " face down"}.get(proposal.way, "")
    value = f" with X = {proposal.x}" if proposal.x is not None else ""
    return f"{proposal.card.name}{how}{value}"
